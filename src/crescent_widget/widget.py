"""``CrescentWidget``: the Crescent game as a Jupyter widget (anywidget), a mirror of a :class:`Table`.

Every action is a :class:`~crescent_widget.table.Table` call, and the table owns the whole
session: the game, the lessons, the statistics, the settings, the searches. After each
change the table's view is copied into synced traits, which the browser only draws; every
message the browser sends (intents, settings, the clock, a lesson's buttons) goes to
:mod:`~crescent_widget.table.protocol` in one line. The class is long for its documented
traits and its Python twins of the table's actions, each one line of code.

>>> from crescent_widget import CrescentWidget
>>> w = CrescentWidget("CR1-N-AAAAAAB", lang="en")
>>> w.piles[12], w.piles[13]            # pile 13 and 14: [top card, card count]
(['AS', 6], ['KS', 6])
>>> w.move(13, 14)
Move.parse('13-14')
>>> w.piles[12], w.piles[13], w.move_count
(['9D', 5], ['AS', 7], 1)
>>> w.announcement
'Move 1: A♠ from pile 13 onto K♠ on pile 14'
>>> w.move(14, 1)
Traceback (most recent call last):
...
crescent_widget.errors.IllegalMoveError: Must be the same suit
>>> w.message
'Must be the same suit'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import anywidget
import traitlets

from .bundle import bundle_asset
from .checks import check_flag, check_text
from .engine.codes import VARIANT_RESHUFFLES
from .engine.game import Game, MoveArg
from .engine.moves import Move, PlaceLike
from .table.protocol import comm_message, handle, update, view_traits
from .table.table import SETTINGS, Table, TableOptions

if TYPE_CHECKING:
    from .lessons import Lesson
    from .solver import Hint, MoveCheck, Review, Winnability
    from .stats import Stats
    from .table.table import ActionCallback, LessonArg, MoveCallback, PracticeState, ReplayInput, TableView


class CrescentWidget(anywidget.AnyWidget):
    """Play Crescent in a notebook; the traits mirror the table after every change.

    Args:
        code, lang, interactive_rules, teach, winnable, variant, auto_play, show_labels, four_colour, large: as
            for :class:`~crescent_widget.table.Table` (a game code or
            ``None`` for a random deal; ``"pl"`` by default or ``"en"``; show refusals; teaching
            mode; proven winnable random deals; the variant of random deals; play the foundation
            moves that can never hurt; pile numbers and counts; four suit colours; bigger cards).
            The board's settings panel changes several of them.
        stats: keep the player's statistics (:attr:`stats`) across sessions;
            ``CRESCENT_STATS=0`` in the environment turns them off for every widget.
        lesson: show a lesson on this board: a number 1–9 of the course
            (:data:`~crescent_widget.lessons.LESSONS`) or a :class:`~crescent_widget.lessons.Lesson`;
            see :meth:`start_lesson`. A board made with a lesson keeps no statistics.
        lesson_storage: a key of the browser's ``localStorage`` under which the board keeps
            :attr:`lessons_done` across visits (``""``, the default, keeps nothing there).

    Raises:
        InvalidCodeError: the code is malformed, or names another variant than ``variant``.
        InvalidOptionError: an unknown ``lang`` or variant, or no such lesson.
        ArgumentTypeError: an option that is not a bool, a ``lesson`` that is neither a number
            nor a Lesson, or a ``lesson_storage`` that is not a str.

    The player's actions have Python twins (:meth:`move`, :meth:`tap`, :meth:`undo`, …), each
    a call on :attr:`table` (a :class:`~crescent_widget.table.Table`, documented there) made
    as notebook code: the teaching mode does not hold it, New game does not ask twice. A
    refused action raises the engine's error, changes nothing, and shows the reason in
    :attr:`message`. ``w.on_action(callback)`` hears ``callback(kind, move)`` after every
    action (board or code; :attr:`previous_game` is the game before it), ``w.on_move(callback)``
    every move and reshuffle; traitlets' ``observe`` sees every update (:attr:`rev` +1 each).
    Observers and callbacks run with no lock held (see the Table's threads), so they may read
    the widget and act on it. ``close()`` ends the board's searches too (their thread within 1 s).
    The keys are listed on the documentation's Players page (``docs/start/player.md``) and under
    the board's ``?``.

    >>> seen = []
    >>> w = CrescentWidget("CR1-N-AAAAAAB")
    >>> w.on_move(lambda move: seen.append(str(move)))
    >>> w.tap(5)                        # exactly one destination: the card goes there
    Move.parse('5-F2')
    >>> w.tap(3), w.selected            # several destinations: the pile is selected
    (None, '3')
    >>> w.tap("F7"), seen               # tap a foundation to move the selected card there
    (Move.parse('3-F7'), ['5-F2', '3-F7'])
    """

    _esm = bundle_asset("widget.js")  # text, not a Path: see bundle.py
    _css = bundle_asset("widget.css")

    code = traitlets.Unicode("").tag(sync=True)
    """The game code; empty for a position made with ``Game.from_layout``."""
    variant = traitlets.Enum(tuple(VARIANT_RESHUFFLES), "N").tag(sync=True)
    """The variant of random deals (``"N"``, ``"F"``, ``"H"``); a game put on the board sets its own."""
    piles: traitlets.List[list[Any]] = traitlets.List().tag(sync=True)
    """16 × ``[top card or "", card count]``."""
    face_down: traitlets.List[int] = traitlets.List().tag(sync=True)
    """16 × the face-down cards under each pile's top card."""
    foundations: traitlets.List[list[Any]] = traitlets.List().tag(sync=True)
    """8 × ``[top card, card count]``."""
    reshuffles_left = traitlets.Int(0).tag(sync=True)
    """Reshuffles the game has left."""
    reshuffle_label = traitlets.Unicode("").tag(sync=True)
    """The Reshuffle button's text, in :attr:`lang`."""
    move_count = traitlets.Int(0).tag(sync=True)
    """Moves played (a reshuffle is no move)."""
    can_undo = traitlets.Bool(False).tag(sync=True)
    """Whether Undo would take a move back."""
    can_redo = traitlets.Bool(False).tag(sync=True)
    """Whether a move undone can be played again (Redo)."""
    can_finish = traitlets.Bool(False).tag(sync=True)
    """Only foundation moves are left: the board offers Finish."""
    undo_reason = traitlets.Unicode("").tag(sync=True)
    """Why Undo is unavailable, in :attr:`lang`, or ``""``."""
    status = traitlets.Unicode("playing").tag(sync=True)
    """``"playing"``, ``"won"`` or ``"blocked"``."""
    message = traitlets.Unicode("").tag(sync=True)
    """Why the last action was refused, in :attr:`lang` (``""`` when none was, or rules are silent)."""
    note = traitlets.Unicode("").tag(sync=True)
    """A line of information: a hint, an explanation, narration, a lesson's verdict."""
    note_tone = traitlets.Unicode("").tag(sync=True)
    """``"right"`` or ``"wrong"`` when the note is a verdict, else ``""``."""
    lesson_buttons: traitlets.List[str] = traitlets.List().tag(sync=True)
    """In a lesson, the only toolbar buttons offered (their ``data-action`` names); ``[]`` offers all."""
    lesson_panel = traitlets.Dict().tag(sync=True)
    """In a lesson, ``{number, count, key, title, rule, task, solved, done, has_next}`` in :attr:`lang`; else ``{}``."""
    lessons_done: traitlets.List[str] = traitlets.List(traitlets.Unicode()).tag(sync=True)
    """Keys of the lessons solved on this board (or kept by the browser: :attr:`lesson_storage`)."""
    lesson_storage = traitlets.Unicode("").tag(sync=True)
    """The browser's ``localStorage`` key that keeps :attr:`lessons_done` across visits; ``""`` keeps nothing."""
    announcement = traitlets.Unicode("").tag(sync=True)
    """The last announcement, for screen readers."""
    announce_id = traitlets.Int(0).tag(sync=True)
    """+1 with every new announcement (a repeated text is read again)."""
    selected = traitlets.Unicode("").tag(sync=True)
    """The selected place (``"3"``, ``"F1"``) or ``""``."""
    targets = traitlets.Dict().tag(sync=True)
    """Place → its legal destinations, for every card that can move."""
    hint_move = traitlets.Unicode("").tag(sync=True)
    """The suggested move (``"13-14"``, ``"R"``) or ``""``."""
    winnability = traitlets.Unicode("").tag(sync=True)
    """``"winnable"``, ``"lost"``, ``"unknown"``, ``"hidden"`` (cards face down) or ``""`` (not asked)."""
    pending_move = traitlets.Unicode("").tag(sync=True)
    """A board move the teaching mode holds for confirmation, or ``""``."""
    warning = traitlets.Unicode("").tag(sync=True)
    """Why the pending move is held, in :attr:`lang`."""
    replay_state = traitlets.Dict().tag(sync=True)
    """``{}``, or ``{step, total, playing, delay, moves, total_moves, better, practice}`` in a replay or a
    review (``moves``, ``total_moves``: the Moves counter's numbering; ``practice``: Practice is offered)."""
    practice_state = traitlets.Dict().tag(sync=True)
    """``{}``, or ``{position, query, tries, most, better, done}`` while a practice is on the board."""
    elapsed = traitlets.Float(0.0).tag(sync=True)
    """Seconds played when this state was published (the board counts on between updates)."""
    clock_running = traitlets.Bool(False).tag(sync=True)
    """Whether the board should keep the clock ticking."""
    lang = traitlets.Enum(("pl", "en"), "pl").tag(sync=True)
    """The language of every text: ``"pl"`` or ``"en"``."""
    labels = traitlets.Dict().tag(sync=True)
    """Every interface text in :attr:`lang`, from ``crescent_widget.words.i18n``."""
    interactive_rules = traitlets.Bool(True).tag(sync=True)
    """Whether a refusal is explained in :attr:`message`."""
    show_labels = traitlets.Bool(True).tag(sync=True)
    """Whether the board shows each pile's number and card count."""
    teach = traitlets.Bool(False).tag(sync=True)
    """Teaching mode: each action explained; a move that throws a win away waits for confirmation."""
    winnable = traitlets.Bool(False)
    """Whether random deals are proven winnable (not synced: the board has no use for it)."""
    four_colour = traitlets.Bool(False).tag(sync=True)
    """♠ black, ♥ red, ♣ green, ♦ blue."""
    large = traitlets.Bool(False).tag(sync=True)
    """Bigger card faces (the board still fits 600 px without scrolling)."""
    auto_play = traitlets.Bool(False).tag(sync=True)
    """Play the foundation moves that can never hurt (see ``Table``)."""
    rev = traitlets.Int(0).tag(sync=True)
    """The table's ``rev``: +1 with every update; the board's intents quote it (a stale one is dropped)."""
    stats_panel = traitlets.Dict().tag(sync=True)
    """The statistics panel: ``{enabled, rows, said, record}`` (:meth:`Stats.panel
    <crescent_widget.stats.Stats.panel>`: the table every face shows, and what the win banner
    says of the player's wins and streak), in :attr:`lang`."""
    search = traitlets.Unicode("").tag(sync=True)
    """What a background search is doing, in :attr:`lang`, or ``""`` (its progress does not change :attr:`rev`)."""

    def __init__(
        self,
        code: str | None = None,
        *,
        lang: str = "pl",
        interactive_rules: bool = True,
        show_labels: bool = True,
        teach: bool = False,
        winnable: bool = False,
        variant: str | None = None,
        four_colour: bool = False,
        large: bool = False,
        auto_play: bool = False,
        stats: bool = True,
        lesson: LessonArg | None = None,
        lesson_storage: str = "",
    ) -> None:
        options = TableOptions(
            lang=lang, interactive_rules=interactive_rules, teach=teach, winnable=winnable, variant=variant
        )
        options.update(TableOptions(show_labels=show_labels, four_colour=four_colour, large=large, auto_play=auto_play))
        keep = check_flag(stats, "stats") and lesson is None  # a lesson's moves are no game of the player's
        # The board's searches run in the background, off the kernel's thread: taps are answered meanwhile.
        self._table = table = Table(code, **options, stats=keep, lesson=lesson, background=True)
        # lesson_storage is checked, as the rest, before any comm opens.
        super().__init__(lesson_storage=check_text(lesson_storage, "lesson_storage"), **view_traits(table.view()))
        self._shown: dict[str, Any] = {}  # what _publish copies in now (see _on_option)
        table.on_view, table.on_search = self._publish, lambda text: setattr(self, "search", text)
        self.on_msg(lambda _widget, content, _buffers: handle(table, content, self.send))
        self.observe(self._on_option, names=[*SETTINGS, "winnable"])  # options set from code go to the table
        # close() (ipywidgets') lets the comm go: the table's search is cancelled and its thread joined within 1 s.
        self.observe(lambda change: change["new"] is None and table.close(), names=["comm"])

    @classmethod
    def from_game(cls, game: Game, **options: Any) -> CrescentWidget:
        """A widget showing an existing engine game, e.g. one from ``Game.from_layout``.

        >>> w = CrescentWidget.from_game(Game("CR1-N-AAAAAAB"), lang="en", teach=True)
        >>> w.code, w.lang, w.teach
        ('CR1-N-AAAAAAB', 'en', True)
        """
        (widget := cls(**options)).load(game)
        return widget

    # --------------------------------------------------------------- the table underneath

    @property
    def table(self) -> Table:
        """The :class:`~crescent_widget.table.Table` this widget shows: it owns the session."""
        return self._table

    @property
    def game(self) -> Game:
        """The engine game (in replay mode: the replayed position). After changing it, call :meth:`refresh`."""
        return self._table.game

    @property
    def previous_game(self) -> Game | None:
        """A copy of the game from just before the last action (``None`` before any)."""
        return self._table.previous_game

    @property
    def stats(self) -> Stats:
        """The player's statistics per variant, kept across sessions (:attr:`Table.stats`)."""
        return self._table.stats

    @property
    def lesson(self) -> Lesson | None:
        """The lesson this board shows, or ``None``."""
        return self._table.lesson

    def load(self, game: Game) -> None:
        """Show another engine game (a saved one, a position from ``Game.from_layout``); ends a replay."""
        self._table.load(game)

    def refresh(self) -> None:
        """Publish the engine's state again (needed only after using :attr:`game` directly)."""
        self._table.refresh()

    def legal_moves(self) -> list[Move]:
        """Every legal move now, as the engine lists them (reshuffle not included)."""
        return self._table.legal_moves()

    def on_move(self, callback: MoveCallback, remove: bool = False) -> None:
        """Register ``callback(move)`` after every move and reshuffle; ``remove=True`` unregisters it."""
        self._table.on_move(callback, remove)

    def on_action(self, callback: ActionCallback, remove: bool = False) -> None:
        """Register ``callback(kind, move)`` to run after every action; see the class docs."""
        self._table.on_action(callback, remove)

    # ------------------------------------------------------- actions from notebook code

    def move(self, src: MoveArg, dst: PlaceLike | None = None) -> Move:
        """Play a move, as :meth:`Table.move` does (``move(10, 14)``, ``move("13-F")``), as code:
        never held by the teaching mode, so it returns the move played."""
        return self._table.move(src, dst, by_player=False)  # type: ignore[return-value]  # code moves are never held

    def tap(self, place: PlaceLike) -> Move | None:
        """Tap a pile or foundation, as a player does; returns the move made, if any (:meth:`Table.tap`)."""
        return self._table.tap(place, by_player=False)

    def double_tap(self, place: PlaceLike) -> Move | None:
        """Send the card to a foundation that accepts it (``F``); otherwise act as :meth:`tap`."""
        return self._table.double_tap(place, by_player=False)

    def deselect(self) -> None:
        """Clear the selection (Escape on the board); nothing else changes."""
        self._table.deselect()

    def reshuffle(self) -> None:
        """Reshuffle (bottom card of every pile of 2+ cards to its top); not a move."""
        self._table.reshuffle(by_player=False)

    def restart(self) -> None:
        """Deal this game again from its start (the board's Restart asks first; code does not)."""
        self._table.restart(by_player=False)

    def undo(self) -> Move:
        """Take back the last move and return it (refused after a reshuffle: :meth:`Table.undo`)."""
        return self._table.undo()

    def redo(self) -> Move:
        """Play again the last move undone and return it (see :meth:`Table.redo`)."""
        return self._table.redo()

    def finish(self) -> tuple[Move, ...]:
        """Play the rest when only foundation moves are left (:attr:`can_finish`; :meth:`Table.finish`)."""
        return self._table.finish()

    def new_game(self, code: str | None = None) -> None:
        """Deal a new game: the one of ``code``, or a random one of :attr:`variant`; ends a replay."""
        self._table.new_game(code, by_player=False)

    def show_note(self, text: str, tone: str = "") -> None:
        """Show one line of information on the board (``""`` clears it; :meth:`Table.show_note`)."""
        self._table.show_note(text, tone)

    def hint(self, seconds: float | None = None, *, nodes: int | None = None) -> Hint:
        """Ask the solver for a move: the board lights it and the note explains it (:meth:`Table.hint`)."""
        return self._table.hint(seconds, nodes=nodes)

    def still_winnable(self, seconds: float | None = None, *, nodes: int | None = None) -> Winnability:
        """The board's "Still winnable?", blocking for up to ``seconds`` (:meth:`Table.still_winnable`)."""
        return self._table.still_winnable(seconds, nodes=nodes)

    def move_check(
        self, src: MoveArg, dst: PlaceLike | None = None, seconds: float | None = None, *, nodes: int | None = None
    ) -> MoveCheck:
        """Would this move throw away a win? Asks the solver; plays nothing (:meth:`Table.move_check`)."""
        return self._table.move_check(src, dst, seconds, nodes=nodes)

    def confirm(self) -> Move:
        """Play the move the teaching mode held back with a warning ("go ahead")."""
        return self._table.confirm()

    def cancel(self) -> None:
        """Drop the move the teaching mode held back ("take it back"); nothing is played."""
        self._table.cancel()

    def replay(self, moves: ReplayInput, delay: float = 1.0) -> None:
        """Replay moves on the board, narrated: a list from here, or a record from its deal (:meth:`Table.replay`)."""
        self._table.replay(moves, delay)

    def replay_step(self, count: int = 1) -> int:
        """Step the replay forward (``+1``), back (``-1``) or by any count; returns the step now."""
        return self._table.replay_step(count)

    def replay_play(self, playing: bool | None = True) -> bool:
        """Start (``True``), pause (``False``) or toggle (``None``) playing; returns whether it plays."""
        return self._table.replay_play(playing)

    def replay_stop(self, keep: bool = False) -> None:
        """Leave replay mode: back to the game as it was (or, with ``keep=True``, play on from here)."""
        self._table.replay_stop(keep)

    def review(self, seconds: float | None = None, *, nodes: int | None = None) -> Review:
        """Review the game: the replay opens where the win was lost, with why and the better move lit.

        See :meth:`Table.review`.
        """
        return self._table.review(seconds, nodes=nodes)

    def review_try(self) -> Move:
        """Play the review's better move as a new branch of the game (the board's "Try it")."""
        return self._table.review_try()

    def practice(self, position: Game | str | None = None, seconds: float | None = None) -> PracticeState:
        """Practise keeping the win just before the last review's mistake, or from ``position``
        (:meth:`Table.practice`, which also takes a budget in positions; the board's Practice),
        each try judged within ``seconds``. The board's taps are the tries; from code,
        ``w.table.move(...)`` makes one (``w.move`` is code's own move and is never judged)."""
        return self._table.practice(position, seconds=seconds)

    def start_lesson(self, lesson: LessonArg = 1) -> Lesson:
        """Make this board a lesson's (:meth:`Table.start_lesson`): its rule and task above the board,
        only its task's buttons, Try again and Next lesson, a verdict on every action."""
        return self._table.start_lesson(lesson)

    def retry_lesson(self) -> None:
        """Start the lesson again from its position (the board's Try again); nothing without a lesson."""
        self._table.retry_lesson()

    def next_lesson(self) -> Lesson | None:
        """Go on to the next lesson of the course (Next lesson); ``None`` after the last one or without one."""
        return self._table.next_lesson()

    def end_lesson(self) -> None:
        """Leave the lesson: a plain board again, on the position it shows, with every button."""
        self._table.end_lesson()

    # --------------------------------------------------------------- traits and comms

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The live widget for front ends with a kernel, and the board as SVG beside it.

        Jupyter front ends with the widget manager (JupyterLab, Notebook 7, VS Code) prefer
        the widget view; where no kernel runs (GitHub, nbviewer, ``jupyter nbconvert`` of a
        notebook saved without widget state) the SVG picture of the position shows instead.
        The picture is the position when the widget was displayed.
        """
        if (bundle := super()._repr_mimebundle_(**kwargs)) is None:
            return None
        return {**bundle[0], "image/svg+xml": self._table.game.svg(lang=self.lang)}, bundle[1]

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Take a state update from the front end as settings of the table (:func:`~.table.protocol.update`);
        never raises. The true value of a refused trait is sent back, so that the front end agrees again."""
        refused = [name for name in update(self._table, sync_data) if isinstance(name, str) and name in self.keys]
        self.send_state(sorted(refused))  # nothing is sent for none

    def _handle_msg(self, msg: dict[str, Any]) -> None:
        """Take one comm message from the front end, rebuilt with only what the board sends
        (:func:`~.table.protocol.comm_message`); one the board would not send is logged and dropped."""
        if (clean := comm_message(msg)) is not None:
            super()._handle_msg(clean)

    def _on_option(self, change: dict[str, Any]) -> None:
        """An option set from code goes to the table (a value :meth:`_publish` copies in does not)."""
        if self._shown.get(change["name"], self) != change["new"]:  # (self: no value shown)
            setattr(self._table, change["name"], change["new"])

    def _publish(self, view: TableView) -> None:
        """Copy the table's view into the traits in one update (equal values are not resent)."""
        self._shown = traits = view_traits(view)
        try:
            with self.hold_sync():
                for name, value in traits.items():
                    if getattr(self, name) != value:  # most traits are as they were: skip traitlets' checks
                        setattr(self, name, value)
        finally:
            self._shown = {}
