"""The game at a table: one :class:`Game` plus everything a player's session adds to it.

A :class:`Table` holds the selection, a move held back for confirmation, a hint, a
"still winnable?" answer, a replay, the teaching mode, a lesson, the player's statistics,
the settings, the language, and the last message, note and announcement. The player's
intents are its methods (:meth:`Table.tap`, :meth:`Table.move`, :meth:`Table.undo`, …);
:meth:`Table.view` gives an immutable :class:`TableView` of what to show. Every face of the
game draws that view: the Jupyter widget turns it into traits, the terminal player prints
it, a browser-only page drives it through :mod:`.protocol`. No widget library is needed.

Table is the one object a face talks to, and it owns the parts that do the work, each with
one job: :class:`~.actions.Actions` (play, tap, undo, reshuffle, deal; the action
callbacks), :class:`~.guard.Guard` (the teaching mode's held move),
:class:`~.advice.Advice` (hints, "Still winnable?", the board's searches in the background),
:class:`~.replay_control.ReplayControl` (replays and reviews), :class:`~.lessons.Lessons`
(a lesson and its judge), :class:`~crescent_widget.stats.StatsKeeper` (which games count),
:func:`~.view.table_view`. Every part works on the one :class:`~.state.TableState` the table
owns, so no state is declared twice. Table itself is the options and one-line hand-overs
under the public API's docstrings: that documentation is most of its length, and it stays
here because this is the class the API pages (and ``help(Table)``) show.

>>> t = Table("CR1-N-AAAAAAB", lang="en")
>>> t.tap(5)                            # exactly one destination: the card goes there
Move.parse('5-F2')
>>> t.tap(3), t.view().selected         # several destinations: the pile is selected
(None, '3')
>>> t.tap("F7"), t.view().announcement
(Move.parse('3-F7'), 'Move 2: Q♣ from pile 3 onto K♣ on foundation F7')
>>> t.undo(), t.view().can_undo
(Move.parse('3-F7'), True)
>>> t.redo(), t.view().can_redo
(Move.parse('3-F7'), False)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, NamedTuple, NoReturn, TypedDict

from ..checks import check_flag, check_timeout
from ..engine.codes import check_variant
from ..engine.game import Game, MoveArg
from ..engine.moves import Move, Place, PlaceLike
from ..errors import ArgumentTypeError, CrescentError, InvalidOptionError, quoted
from ..stats import Stats, StatsBook, StatsKeeper, open_book
from ..words.announcements import refusal
from ..words.i18n import Lang, Words, check_lang
from .actions import ActionCallback, Actions, MoveCallback, deal
from .advice import Advice
from .guard import TEACH_CHECK_SECONDS, Guard
from .lessons import LessonArg, Lessons
from .practice import PRACTICE_SECONDS, Practice, PracticeState
from .replay import ReplayInput
from .replay_control import ReplayControl
from .review import REVIEW_SECONDS
from .serial import Serial, serialized, unlocked
from .state import TableState
from .view import TableView, table_view

if TYPE_CHECKING:
    from ..lessons.lesson import Lesson
    from ..solver import Hint, MoveCheck, Winnability
    from ..solver.analysis.review import Review

__all__ = [
    "PRACTICE_SECONDS",
    "REVIEW_SECONDS",
    "SETTINGS",
    "TEACH_CHECK_SECONDS",
    "ActionCallback",
    "Clock",
    "LessonArg",
    "MoveCallback",
    "PracticeState",
    "ReplayInput",
    "Table",
    "TableOptions",
    "TableView",
]

NOTE_TONES: Final = ("", "right", "wrong")
# The options a face may change (Table.change_setting): the board's settings panel, and what a
# front end keeps of its own (the lessons done, in a browser's storage).
SETTINGS: Final = (
    "lang", "interactive_rules", "teach", "auto_play", "variant", "show_labels", "four_colour", "large", "lessons_done",
)  # fmt: skip
# How long Table.close waits for a cancelled search's thread by default.
CLOSE_SECONDS: Final = 1.0


class TableOptions(TypedDict, total=False):
    """The options of a :class:`Table` that a face passes on as it got them (the widget's)."""

    lang: str
    interactive_rules: bool
    teach: bool
    winnable: bool
    variant: str | None
    auto_play: bool
    show_labels: bool
    four_colour: bool
    large: bool


class Clock(NamedTuple):
    """The game's clock as a face shows it: seconds played, and whether it is ticking."""

    elapsed: float
    running: bool


@serialized
class Table:
    """One game of Crescent with a player's session around it; see the module docs.

    Args:
        code: a game code; ``None`` deals a random game of ``variant``.
        lang: ``"pl"`` (default) or ``"en"`` for every text.
        interactive_rules: say why a move is refused (in the view's ``message``); refusals
            raise either way.
        teach: teaching mode: each action is explained in the note, and a player's move
            that turns a winnable game into a lost one waits for :meth:`confirm` or
            :meth:`cancel`.
        winnable: random deals are deals the solver proved winnable.
        variant: the variant of random deals (``"N"``, ``"F"``, ``"H"``).
        auto_play: after each move and reshuffle (redo included), play the foundation moves
            the solver's safe-move rule proves harmless
            (:func:`~crescent_widget.solver.safe.safe_moves`); an undo plays none.
        show_labels, four_colour, large: how a face draws the board (the pile numbers and
            counts; ♠ black, ♥ red, ♣ green, ♦ blue; bigger cards), kept here with the
            other settings so that every face shows the same; the terminal ignores them.
        stats: keep the player's statistics (:attr:`stats`): ``True`` in the user's file
            (:func:`~crescent_widget.stats.open_book`; ``CRESCENT_STATS=0`` turns it off),
            a :class:`~crescent_widget.stats.StatsBook` of one's own, or ``False`` (the default:
            a table in a script keeps none). Which games count is :class:`~crescent_widget.stats.StatsKeeper`'s rule.
        lesson: start a lesson at once (:meth:`start_lesson`).
        background: run the board's searches off the calling thread (:attr:`background`).

    Moves come from a player (``by_player=True``, the default: board gestures, the
    terminal) or from notebook code (``by_player=False``): only a player's move is held
    back by the teaching mode, and only a player's New game asks for a second press.
    A refused intent raises the engine's error, changes nothing but the message, and is
    still shown.

    ``on_view`` (if set) receives the new :class:`TableView` after every change, before
    the action callbacks of that change run; ``on_search`` (if set) receives what a
    background search is doing, in :attr:`lang`, as it goes (no new view for that).

    A Table is safe to share between threads (a widget's messages, a search thread, a
    bot's thread): every public method and property holds one lock while it runs, so
    actions and views never interleave. No outside code runs while that lock is held:
    ``on_view`` and the callbacks run once the outermost call has let it go, in the order the
    table made them, one at a time (:mod:`.serial`), so they may call the table again and may
    read a widget's traits. They run on the thread that acted or, if another thread is running
    such calls at that moment, on that thread, and the acting thread waits until they have run:
    a method returns with its view published. ``on_search`` runs on the searching thread as the
    search goes, holding no lock either. The
    :class:`Game` behind :attr:`game` is not locked: change it only through the table, or
    while no other thread acts.

    With :attr:`background` on (the widget's board), the board's searches run off the
    calling thread (:mod:`.background`): their results, and a move the teaching check
    let through, are applied on the searching thread, holding the lock, and only while
    the position they were asked about still stands. :meth:`close` cancels them and
    waits for their thread.
    """

    def __init__(
        self,
        code: str | None = None,
        *,
        lang: str = "pl",
        interactive_rules: bool = True,
        teach: bool = False,
        winnable: bool = False,
        variant: str | None = None,
        auto_play: bool = False,
        show_labels: bool = True,
        four_colour: bool = False,
        large: bool = False,
        stats: bool | StatsBook = False,
        lesson: LessonArg | None = None,
        background: bool = False,
    ) -> None:
        self._serial = Serial()
        checked_lang = check_lang(lang)
        checked_auto_play = check_flag(auto_play, "auto_play")
        checked_rules = check_flag(interactive_rules, "interactive_rules")
        checked_teach = check_flag(teach, "teach")
        checked_winnable = check_flag(winnable, "winnable")
        checked_background = check_flag(background, "background")
        looks = (
            check_flag(show_labels, "show_labels"),
            check_flag(four_colour, "four_colour"),
            check_flag(large, "large"),
        )
        book = stats if isinstance(stats, StatsBook) else open_book(check_flag(stats, "stats"))
        if lesson is not None:
            from ..lessons.catalogue import LESSONS
            from .lessons import find_lesson

            find_lesson(lesson, LESSONS)  # a bad lesson is refused before anything is dealt
        game = deal(code, variant, winnable)
        self._state = state = TableState(
            game, checked_lang, checked_rules, checked_teach, checked_auto_play, checked_winnable, game.variant, *looks
        )
        state.plan.visit(game)
        self.on_view: Callable[[TableView], object] | None = None
        self.on_search: Callable[[str], object] | None = None
        # The parts, each with one job over the one state (see .state).
        self._stats = StatsKeeper(book)
        self._stats.arrive(game, new_deal=True)
        self._replays = ReplayControl(
            state, show=self._show, refuse=self._refuse, play=self._play, arrive=self._stats.arrive
        )
        self._advice = Advice(
            state,
            serial=self._serial,
            replays=self._replays,
            show=self._show,
            refuse=self._refuse,
            report=self._report_search,
        )
        self._advice.background = checked_background
        self._guard = Guard(
            state, advice=self._advice, check=self.move_check, play=self._play, show=self._show, refuse=self._refuse
        )
        self._practice = Practice(
            state, advice=self._advice, load=self.load, play=self._play, show=self._show, refuse=self._refuse
        )
        self._lessons = Lessons(state, put=self._put, stats=self._stats, show=self._show)
        self._actions = Actions(
            state,
            replays=self._replays,
            guard=self._guard,
            stats=self._stats,
            practice=self._practice,
            judge=self._lessons.judge,
            show=self._show,
            refuse=self._refuse,
            later=self._serial.later,
        )
        if lesson is not None:
            self._lessons.start(lesson)

    @classmethod
    def from_game(cls, game: Game, **options: Any) -> Table:
        """A table showing an existing engine game, e.g. one from ``Game.from_layout``."""
        table = cls(**options)
        table.load(game)
        return table

    # ------------------------------------------------------------------ reading and options

    @property
    def game(self) -> Game:
        """The engine game (in a replay: the replayed position). After changing it, call :meth:`refresh`."""
        return self._state.game

    @property
    def previous_game(self) -> Game | None:
        """A copy of the game from just before the last action (``None`` before any)."""
        return self._actions.previous

    @property
    def rev(self) -> int:
        """+1 with every change of what the table shows; its views carry it, and a front end's
        intents quote the one they were made on (:mod:`.protocol` drops a stale one).

        A widget's ``rev`` trait mirrors it. ``Game.revision`` is another counter: the engine's
        own, +1 with every change of the game's state only, not of the rest a table shows.
        """
        return self._state.rev

    @property
    def lang(self) -> Lang:
        """The language of every text; setting it re-translates what is shown."""
        return self._state.lang

    @lang.setter
    def lang(self, value: str) -> None:
        self._state.lang = check_lang(value)
        self._show()

    @property
    def interactive_rules(self) -> bool:
        """Whether a refusal is explained (its message shown and announced)."""
        return self._state.interactive_rules

    @interactive_rules.setter
    def interactive_rules(self, value: bool) -> None:
        self._state.interactive_rules = check_flag(value, "interactive_rules")
        self._show()

    @property
    def teach(self) -> bool:
        """Teaching mode (see the class docs)."""
        return self._state.teach

    @teach.setter
    def teach(self, value: bool) -> None:
        self._state.teach = check_flag(value, "teach")
        if not value:
            self._state.pending = None  # a move held by the teaching mode is not held without it
        self._show()

    @property
    def winnable(self) -> bool:
        """Whether random deals are proven winnable."""
        return self._state.winnable

    @winnable.setter
    def winnable(self, value: bool) -> None:
        self._state.winnable = check_flag(value, "winnable")
        self._show()

    @property
    def auto_play(self) -> bool:
        """Whether moves to the foundations that can never hurt are played for the player."""
        return self._state.auto_play

    @auto_play.setter
    def auto_play(self, value: bool) -> None:
        self._state.auto_play = check_flag(value, "auto_play")
        self._show()
        if self._state.auto_play and not self._replays.active:
            self._actions.play_safe_moves()

    @property
    def variant(self) -> str:
        """The variant of the next random deal (a loaded game sets it to its own)."""
        return self._state.variant

    @variant.setter
    def variant(self, value: str) -> None:
        self._state.variant = check_variant(value)
        self._show()

    @property
    def show_labels(self) -> bool:
        """Whether a face shows each pile's number and card count."""
        return self._state.show_labels

    @show_labels.setter
    def show_labels(self, value: bool) -> None:
        self._state.show_labels = check_flag(value, "show_labels")
        self._show()

    @property
    def four_colour(self) -> bool:
        """Whether a face draws the suits in four colours (♠ black, ♥ red, ♣ green, ♦ blue)."""
        return self._state.four_colour

    @four_colour.setter
    def four_colour(self, value: bool) -> None:
        self._state.four_colour = check_flag(value, "four_colour")
        self._show()

    @property
    def large(self) -> bool:
        """Whether a face draws bigger cards."""
        return self._state.large

    @large.setter
    def large(self, value: bool) -> None:
        self._state.large = check_flag(value, "large")
        self._show()

    def change_setting(self, name: str, value: object) -> None:
        """Change one of the options a face may change (:data:`SETTINGS`: the board's settings
        panel, the lessons a browser kept), checked as the option of the same name is.

        Raises:
            InvalidOptionError: no such setting, or a bad value.
            ArgumentTypeError: a value of the wrong type.
        """
        if name not in SETTINGS:
            raise InvalidOptionError(f"{quoted(name)} is not a board setting")
        setattr(self, name, value)

    def clock(self) -> Clock:
        """The game's own clock, for a face that (re)appears and would count on from a stale view."""
        game = self._state.game
        return Clock(game.elapsed, game.started and game.status == "playing" and not self._replays.active)

    @property
    def selected(self) -> Place | None:
        """The selected place (it prints as ``3``, ``F1``) or ``None``."""
        return self._state.selected

    @property
    def pending(self) -> Move | None:
        """The player's move the teaching mode holds back, or ``None``."""
        return None if self._state.pending is None else self._state.pending[0]

    @property
    def refused_attempt(self) -> Move | Place | None:
        """What the refusal shown now refused, when it was a move or a tap: the move (its
        destination as asked, ``F`` too), or the tapped place whose card has nowhere to go
        (``no_destination``) or that holds none (``empty_source``); else ``None``.

        With the position, it lets words name the cards (a lesson's verdict:
        :func:`~crescent_widget.words.narration.why_refused`).
        """
        return None if self._state.notice is None else self._state.attempt

    @property
    def replaying(self) -> bool:
        """Whether a replay is on the table."""
        return self._replays.active

    def legal_moves(self) -> list[Move]:
        """Every legal move now, as the engine lists them (reshuffle not included)."""
        return self._state.game.legal_moves()

    # -------------------------------------------------------------------------- lessons

    @property
    def lesson(self) -> Lesson | None:
        """The lesson on the table, or ``None``."""
        return self._lessons.lesson

    def start_lesson(self, lesson: LessonArg = 1) -> Lesson:
        """Make this table a lesson's: a number 1–9 of the course, or any :class:`~crescent_widget.lessons.Lesson`.

        The table deals the lesson's position, and its view holds the rule and the task
        (``lesson_panel``) with Try again and (in the course) Next lesson. It offers only the
        buttons of the task (:meth:`offers`: never New game or Finish; Undo or Reshuffle where
        that is the task) and judges every action: a right one is praised with the rule it used
        and its key added to :attr:`lessons_done`; a legal one that does not do the task is
        taken back at once, with what it did and the idea of the right move; a player's attempt
        the rules refuse gets the reason, said of its cards, and the idea. Once the task is
        done, moves are free play (they stand, unjudged) until :meth:`retry_lesson` or
        :meth:`next_lesson`. A lesson never counts in :attr:`stats`, nor does its position
        after :meth:`end_lesson`, until another deal. A lesson needs no widget library.

        Raises:
            InvalidOptionError: a number outside the course.
            ArgumentTypeError: neither a number nor a Lesson.

        >>> t = Table(lesson=2, lang="en")
        >>> t.view().lesson_panel["task"], t.view().lesson_buttons
        ('Task: put 8♥ (pile 1) where it fits.', ('help',))
        >>> t.move(1, 2)
        Traceback (most recent call last):
        ...
        crescent_widget.errors.IllegalMoveError: Must be the same suit
        >>> print(t.view().note)  # doctest: +NORMALIZE_WHITESPACE
        Not yet: 8♥ is not the same suit as 9♠ on pile 2.
        Hint: Look for a heart one rank above or below 8♥ on top of a pile.
        >>> t.move(1, 4); t.view().note_tone, t.lessons_done
        Move.parse('1-4')
        ('right', ('build',))
        >>> t.next_lesson().key, t.view().lesson_panel["number"]
        ('wrap', 3)
        """
        return self._lessons.start(lesson)

    def retry_lesson(self) -> None:
        """Start the lesson again from its position (Try again); nothing without a lesson."""
        self._lessons.retry()

    def next_lesson(self) -> Lesson | None:
        """Go on to the next lesson of the course (Next lesson); ``None`` after the last one or without one."""
        return self._lessons.next()

    def end_lesson(self) -> None:
        """Leave the lesson: a plain table again, on the position it shows, with every button."""
        self._lessons.end()

    def offers(self, button: str) -> bool:
        """Whether the board's button (its ``data-action`` name: ``"undo"``, ``"new-game"``) is
        offered: every one, unless a lesson holds the table and its task does not need it."""
        return self._lessons.offers(button)

    @property
    def lessons_done(self) -> tuple[str, ...]:
        """The keys of the lessons solved on this table; a face may set it (a browser keeps it).

        Raises:
            InvalidOptionError: not a list of at most 100 short lesson keys.
        """
        return self._lessons.done

    @lessons_done.setter
    def lessons_done(self, value: object) -> None:
        self._lessons.done = value

    # ------------------------------------------------------------------------ statistics

    @property
    def stats(self) -> Stats:
        """The player's statistics per variant (see :class:`~crescent_widget.stats.StatsKeeper`
        for which games count): ``stats["N"].wins``, ``str(stats)`` a table in :attr:`lang`."""
        return self._stats.summary(self._state.lang)

    # ------------------------------------------------------------------------- callbacks

    def on_action(self, callback: ActionCallback, remove: bool = False) -> None:
        """Register ``callback(kind, move)`` after every action; ``remove=True`` unregisters it.

        ``kind`` is ``"move"``, ``"reshuffle"``, ``"undo"`` (``move`` is the move taken back)
        or ``"new_game"`` (``move`` is ``None``). A failing callback is logged.

        Raises:
            InvalidOptionError: ``callback`` is not callable, or was never registered.
        """
        self._actions.on_action(callback, remove)

    def on_move(self, callback: MoveCallback, remove: bool = False) -> None:
        """Register ``callback(move)`` after every move and reshuffle; ``remove=True`` unregisters it.

        Raises:
            InvalidOptionError: ``callback`` is not callable, or was never registered.
        """
        self._actions.on_move(callback, remove)

    # ------------------------------------------------------------------------- intents

    def move(self, src: MoveArg, dst: PlaceLike | None = None, *, by_player: bool = True) -> Move | None:
        """Play a move (``move(10, 14)``, ``move("13-F")``); returns the move played.

        A player's move that loses a won game waits in teaching mode (returns ``None``); in
        a practice (:meth:`practice`) it is a try, played only if it keeps the win.

        Raises:
            InvalidMoveError: the move is malformed; nothing changes.
            IllegalMoveError: the rules forbid it; nothing changes but the message.
        """
        return self._actions.move(src, dst, by_player=by_player)

    def tap(self, place: PlaceLike, *, by_player: bool = True) -> Move | None:
        """Tap a pile or foundation; returns the move made, if any.

        With nothing selected: the card the hint lights plays the hinted move; otherwise if
        exactly one place accepts the top card it goes there; with several, the place
        becomes selected. With a place selected: tapping it again deselects it; tapping
        another place moves the selected card there. A card the board has just moved by
        itself (a tap like these, auto-play) is not sent back where it came from by a tap:
        the note says so.

        Raises:
            InvalidMoveError: no such place.
            IllegalMoveError: the tap asks for a move the rules forbid (the selection is
                dropped), the card has no legal move (``no_destination``), or the pile is
                empty (``empty_source``).
        """
        return self._actions.tap(place, by_player=by_player)

    def double_tap(self, place: PlaceLike, *, by_player: bool = True) -> Move | None:
        """Send the card to a foundation that accepts it (``F``); otherwise act as :meth:`tap`,
        except that a selected card stays selected (a double tap is one gesture)."""
        return self._actions.double_tap(place, by_player=by_player)

    def finish(self) -> tuple[Move, ...]:
        """Play the rest of the game when it is a plain run of foundation moves; returns the moves.

        Each is an ordinary move (callbacks, announcements, undo). A board plays them one
        at a time with :meth:`finish_step`, so that each card is seen going home.

        Raises:
            IllegalMoveError: ``nothing_to_finish`` (see :func:`~crescent_widget.engine.endgame.finishing_run`),
                or ``replay_active``.
        """
        return self._actions.finish()

    def finish_step(self) -> Move:
        """Play the first move of the finishing run (see :meth:`finish`) and return it."""
        return self._actions.finish_step()

    def deselect(self) -> None:
        """Clear the selection (Escape on the board); nothing else changes."""
        self._actions.deselect()

    def reshuffle(self, *, by_player: bool = True) -> bool:
        """Reshuffle (bottom card of every pile of 2+ cards to its top); not a move.

        A reshuffle ends Undo for every move before it, so while moves could still be
        undone a player's press only says so and asks for a second press, which must come
        before anything else changes; returns whether the reshuffle was played (a teaching
        mode may still hold it back). When the hint on the board says to reshuffle, one
        press does it: the press follows advice, it is no accident.

        Raises:
            IllegalMoveError: ``no_reshuffles`` or ``game_over``.
        """
        return self._actions.reshuffle(by_player=by_player)

    def restart(self, *, by_player: bool = True) -> bool:
        """Deal this game again from its start (its code, or its layout); a player's press asks first.

        Like New game, a player's press while the game is in progress only asks for a
        second press; returns whether the deal was restarted.

        Raises:
            IllegalMoveError: ``replay_active``.
        """
        return self._actions.restart(by_player=by_player)

    def undo(self) -> Move:
        """Take back the last move and return it.

        Raises:
            IllegalMoveError: ``nothing_to_undo``, or ``undo_after_reshuffle``: moves
                before a reshuffle cannot be taken back.
        """
        return self._actions.undo()

    def redo(self) -> Move:
        """Play again the last move :meth:`undo` took back, and return it; as deep as the undos.

        A move other than the next one to redo (a new move, a reshuffle, a new game) leaves
        nothing to redo.

        Raises:
            IllegalMoveError: ``nothing_to_redo``.
        """
        return self._actions.redo()

    def new_game(self, code: str | None = None, *, by_player: bool = True) -> bool:
        """Deal a new game: the one of ``code``, or a random one of :attr:`variant`; ends a replay.

        A player's press while a game is in progress only asks for a second press, which
        must come before anything else changes; returns whether a new game was dealt.

        Raises:
            InvalidCodeError: the code is malformed; the current game goes on.
        """
        return self._actions.new_game(code, by_player=by_player)

    def load(self, game: Game) -> None:
        """Show another engine game (a saved one, a position from ``Game.from_layout``); ends a replay."""
        self._actions.load(game)

    def refresh(self) -> None:
        """Show the engine's state again (needed only after using :attr:`game` directly).

        The selection, a pending move, a hint and a winnability answer are dropped (they
        were about the old position); the message and the note stay.
        """
        notice = self._state.notice
        self._state.reset_interaction()
        self._state.notice = notice
        self._show()

    def show_note(self, text: str, tone: str = "") -> None:
        """Show one line of information (``""`` clears it); the next action clears it.

        ``tone`` ``"right"`` or ``"wrong"`` marks a verdict (a lesson's): the board shows it
        in its own colour and symbol, and it is announced to screen readers. A verdict also
        goes when the player selects a card, the start of another attempt.
        """
        if not isinstance(text, str):
            raise ArgumentTypeError("invalid_option", f"show_note() needs text, got {type(text).__name__}")
        if tone not in NOTE_TONES:
            raise InvalidOptionError(f"tone must be one of {NOTE_TONES}, got {tone!r}")
        self._state.note = Words.same(text)
        self._state.toned = (self._state.note, tone)
        self._state.keep_line("note")
        if tone:
            self._state.announce(self._state.note)
        self._show()

    # -------------------------------------------------------------------------- advice

    def hint(self, seconds: float | None = None, *, nodes: int | None = None) -> Hint:
        """Ask the solver for a move: it is lit and the note explains it until the position changes.

        A search takes at most ``seconds``, ``nodes`` positions (a budget that does not
        depend on the machine's load) or both; with neither, the board's hint budget
        (:data:`~crescent_widget.solver.advice.HINT_SECONDS`). ``None`` means "not given"
        in every budget of the table, as in the solver's
        (:func:`~crescent_widget.solver.search.checks.check_budget`).

        Once a hint has found a winning line, the next hints follow it while the player
        does (no search); a new search starts only off the line, and never proposes a move
        back to a position of the player's recent path (see :mod:`.plan`).

        Raises:
            IllegalMoveError: ``replay_active``.
            InvalidBudgetError: a budget is negative, NaN or infinite (ArgumentTypeError: not a number).
        """
        from ..solver.advice import HINT_SECONDS
        from ..solver.search.checks import check_budget  # the solver loads on first use

        return self._advice.hint(*check_budget(seconds, nodes, default=HINT_SECONDS))

    def still_winnable(self, seconds: float | None = None, *, nodes: int | None = None) -> Winnability:
        """The board's "Still winnable?": ``"winnable"`` and ``"lost"`` are proofs, else ``"unknown"``.

        The call blocks for up to ``seconds`` (1 s when no budget is given; ``nodes``
        positions instead, or as well) and returns at the first proof; 1 s settles
        about 9 positions in 10 of a game in progress with the compiled core, fewer in pure
        Python. The board's button searches in the background, for longer
        (:meth:`start_winnable`).

        While the face-down deal hides cards the answer is ``"unknown"`` at once, and the
        board says why (``winnability`` is ``"hidden"``): the solver may not look at them.

        Raises:
            InvalidBudgetError, ArgumentTypeError: a budget that is no budget.
        """
        from ..solver.advice import WINNABILITY_SECONDS
        from ..solver.search.checks import check_budget

        return self._advice.still_winnable(*check_budget(seconds, nodes, default=WINNABILITY_SECONDS))

    def move_check(
        self, src: MoveArg, dst: PlaceLike | None = None, seconds: float | None = None, *, nodes: int | None = None
    ) -> MoveCheck:
        """Would this move throw away a win? Plays nothing (:func:`~crescent_widget.solver.move_check`).

        With no budget given, :data:`TEACH_CHECK_SECONDS` (the teaching mode's own).

        Raises:
            InvalidMoveError, IllegalMoveError: the move is malformed or illegal here.
            InvalidBudgetError, ArgumentTypeError: a budget that is no budget.
        """
        from ..solver import move_check
        from ..solver.search.checks import check_budget

        seconds, nodes = check_budget(seconds, nodes, default=TEACH_CHECK_SECONDS)
        return move_check(self._state.game, self._actions.resolve(src, dst, query=True), seconds=seconds, nodes=nodes)

    def confirm(self) -> Move:
        """Play the move the teaching mode held back ("go ahead").

        Raises:
            IllegalMoveError: ``nothing_pending``.
        """
        return self._guard.confirm()

    def cancel(self) -> None:
        """Drop the move the teaching mode held back ("take it back"); nothing is played.

        Raises:
            IllegalMoveError: ``nothing_pending``.
        """
        self._guard.cancel()

    # -------------------------------------------------------------------------- replay

    def replay(self, moves: ReplayInput, delay: float = 1.0) -> None:
        """Replay moves, narrated: a list of moves from the current position, or a record.

        Playing is refused until the replay ends (:meth:`replay_stop`).

        Raises:
            RecordError: a move is malformed or illegal; nothing changes.
        """
        self._replays.replay(moves, delay)

    def replay_step(self, count: int = 1) -> int:
        """Step the replay forward (``+1``), back (``-1``) or by any count; returns the step now.

        Raises:
            IllegalMoveError: ``no_replay``.
        """
        return self._replays.step(count)

    def replay_play(self, playing: bool | None = True) -> bool:
        """Start (``True``), pause (``False``) or toggle (``None``) the replay; returns whether it plays.

        A face steps the replay every ``delay`` seconds while it plays. Playing from the end
        starts again from the beginning.
        """
        return self._replays.play(playing)

    def replay_stop(self, keep: bool = False) -> None:
        """Leave the replay: back to the game as it was, or with ``keep=True`` play on from here.

        Playing on takes over the replayed position as a real game: its record is the
        replayed game's (its deal and every action up to this step). The note says which
        game the board now shows.
        """
        self._replays.stop(keep)

    def review(self, seconds: float | None = None, *, nodes: int | None = None) -> Review:
        """Review the game so far (:func:`~crescent_widget.solver.analysis.review.review`) and replay it there.

        With no budget given, :data:`REVIEW_SECONDS` (``nodes``: positions instead, or as well).

        The replay opens where the win was thrown away (the position before the turning
        point, or the last winnable one) with the explanation as its narration and the
        better move lit; :meth:`review_try` plays that move on as a new branch. A won
        game opens at its longest stretch of only moves. The winning lines the table already
        holds for positions of the record ("Still winnable?"'s, the hints') settle those
        positions won with no search, so the review never contradicts them.

        Raises:
            IllegalMoveError: ``replay_active``.
            HiddenCardsError: a face-down game still being played (the board says why).
            InvalidBudgetError: ``seconds`` is not a finite number >= 0, or ``nodes`` an int >= 0.
        """
        from ..solver.search.checks import check_budget

        return self._replays.review(*check_budget(seconds, nodes, default=REVIEW_SECONDS))

    def review_try(self) -> Move:
        """Take the reviewed position over as a real game and play the review's better move there.

        The game's record stays honest: the deal and the actions up to that position,
        then the better move (see :meth:`replay_stop` with ``keep``).

        Raises:
            IllegalMoveError: ``no_replay``, or ``nothing_to_try`` (no better move was found).
        """
        return self._replays.try_better()

    def practice(
        self, position: Game | str | None = None, *, seconds: float | None = None, nodes: int | None = None
    ) -> PracticeState:
        """Practise keeping a win: ``None`` sets up the position just before the mistake of the
        last review (:meth:`review`), a :class:`Game` or a position text (:meth:`Game.position`,
        as a ``?position=…&task=keep`` link hands it on) any position not proven lost (the
        solver looks for its win within the budget first; where it finds none, the tries look
        for it, and a try is said to throw the win away only once the win is found).

        The board then asks for a move that keeps the win. Each of the player's tries is
        judged by the solver within ``seconds`` and ``nodes`` positions (either or both; with
        neither, :data:`~crescent_widget.table.practice.PRACTICE_SECONDS`): a move
        that keeps the win is played and the practice is done; one that throws the win away,
        or that the solver cannot judge in time, is taken back with the reason. After
        three such tries the better move is lit (Hint follows its line), and playing it keeps
        the win. The review's practice plays on the game's own record, its clock going on.
        A try is a player's move (:meth:`move`, :meth:`tap` with ``by_player=True``); with
        :attr:`background` on, it is judged beside the caller (:meth:`wait_search` waits).

        Raises:
            IllegalMoveError: ``nothing_to_practise`` (no review named a mistake),
                ``practice_no_win`` (the solver proved the given position lost), or
                ``practice_hidden`` (cards of the position are face down).
            InvalidPositionError: the position text is not a position.
            ArgumentTypeError: ``position`` is neither a Game, a text nor None.
            InvalidBudgetError: a negative, NaN or infinite budget.
        """
        return self._practice.start(position, seconds, nodes)

    # --------------------------------------------------------------- background searches

    @property
    def background(self) -> bool:
        """Whether the board's searches (:meth:`start_hint`, :meth:`start_winnable`,
        :meth:`start_review`, the teaching check) run off the calling thread (see
        :mod:`.background`); off by default, on in the widget."""
        return self._advice.background

    @background.setter
    def background(self, value: bool) -> None:
        self._advice.background = value

    @property
    def searching(self) -> str:
        """The search running in the background (``"hint"``, ``"winnable"``, ``"check"``, ``"review"``) or ``""``."""
        return self._advice.searching

    def start_hint(self) -> None:
        """The board's Hint: :meth:`hint`, its search in the background; following a line needs none."""
        self._advice.start_hint()

    def start_winnable(self) -> None:
        """The board's "Still winnable?": :meth:`still_winnable`, in the background, with up to
        :data:`~crescent_widget.solver.advice.WINNABLE_SECONDS` (it ends at the first proof)."""
        self._advice.start_winnable()

    def start_review(self) -> None:
        """The board's Review: :meth:`review`, in the background; the replay opens when it ends."""
        self._advice.start_review()

    def cancel_search(self) -> bool:
        """Stop the background search (the board's Stop, or Escape); whether one was running."""
        return self._advice.cancel()

    @unlocked
    def close(self, timeout: float = CLOSE_SECONDS) -> bool:
        """End the table's session: cancel the background search and wait up to ``timeout``
        seconds (``None``: as long as it takes) for its thread to end; keep no more statistics.
        Whether the thread has ended.

        The table still answers afterwards, its searches on the calling thread.

        Raises:
            ArgumentTypeError, InvalidOptionError: ``timeout`` is not ``None`` or seconds from 0 up.
        """
        limit = check_timeout(timeout)
        with self._serial.held():
            self._advice.close()
            self._stats.close()
        return self._advice.join(limit)

    def wait_search(self, timeout: float | None = None) -> bool:
        """Wait until no background search runs (its result shown); whether none runs.

        Where searches run in slices (the browser) they go on between the kernel's
        messages, so this does not wait there: it only tells.

        Raises:
            ArgumentTypeError: ``timeout`` is neither ``None`` nor a number.
            InvalidOptionError: ``timeout`` is negative or NaN.
        """
        return self._advice.wait(check_timeout(timeout))

    # ---------------------------------------------------------------------------- view

    def view(self) -> TableView:
        """What to show now, in :attr:`lang`."""
        lang, game, replay = self._state.lang, self._state.game, self._replays.state()
        won = self._stats.win_record(game.variant) if game.status == "won" and replay is None else None
        panel = self._stats.known(lang).panel(lang, won)
        return table_view(self._state, replay, self._advice.text(lang), panel, self._practice.state())

    # ------------------------------------------------------------------------ internals

    def _show(self) -> None:
        self._advice.check()  # a search about a position that no longer stands ends here
        self._state.rev += 1
        on_view = self.on_view
        if on_view is not None:
            view = self.view()
            self._serial.later(lambda: on_view(view))  # outside code: once the lock is let go

    def _report_search(self, text: str) -> None:
        """A search's progress: said on the searching thread, which holds no lock here (not
        queued: a slow observer of the progress holds the search, never the board), unless the
        search has ended meanwhile."""
        on_search = self.on_search
        if on_search is not None and self._advice.searching:
            on_search(text)

    def _refuse(self, err: CrescentError, attempt: Move | Place | None = None) -> NoReturn:
        """Show a refusal and raise it; ``attempt`` is the move or the tapped place it refuses."""
        self._state.notice = err
        self._state.attempt = attempt
        self._state.keep_line("message")
        if self._state.interactive_rules:
            self._state.announce(Words.of(lambda lang: refusal(err, lang)))
        if self._state.attempting:
            self._lessons.refused(err, attempt)  # a lesson answers a player's attempt with its idea
        self._show()
        raise err

    def _play(self, move: Move) -> Move:
        return self._actions.play(move)

    def _put(self, game: Game) -> None:
        self._actions.put(game)
