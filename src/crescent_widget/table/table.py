"""The game at a table: one :class:`Game` plus everything a player's session adds to it.

A :class:`Table` holds the selection, a move held back for confirmation, a hint, a
"still winnable?" answer, a replay, the teaching mode, the language, and the last
message, note and announcement. The player's intents are its methods (:meth:`Table.tap`,
:meth:`Table.move`, :meth:`Table.undo`, …); :meth:`Table.view` gives an immutable
:class:`TableView` of what to show. Every face of the game draws that view: the Jupyter
widget turns it into traits, the terminal player prints it. No widget library is needed.

Table is the one object a face talks to, and it owns the parts that do the work, each with
one job: :class:`~.actions.Actions` (play, tap, undo, reshuffle, deal; the action
callbacks), :class:`~.guard.Guard` (the teaching mode's held move),
:class:`~.advice.Advice` (hints, "Still winnable?", the board's searches in the background),
:class:`~.replay_control.ReplayControl` (replays and reviews), :func:`~.view.table_view`.
Every part works on the one :class:`~.state.TableState` the table owns, so no state is
declared twice. Table itself is the options and one-line hand-overs under the public
API's docstrings: that documentation is most of its length, and it stays here because
this is the class the API pages (and ``help(Table)``) show.

>>> t = Table("CR1-N-AAAAAAB", lang="en")
>>> t.tap(5)                            # exactly one destination: the card goes there
Move.parse('5-F2')
>>> t.tap(3), t.view().selected         # several destinations: the pile is selected
(None, '3')
>>> t.tap("F7"), t.view().announcement
(Move.parse('3-F7'), 'Move 2: Q♣ from pile 3 onto K♣ on foundation F7')
>>> t.undo(), t.view().can_undo
(Move.parse('3-F7'), True)
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, NoReturn

from ..deprecation import renamed
from ..engine.game import Game, MoveArg
from ..engine.moves import Move, Place, PlaceLike
from ..errors import ArgumentTypeError, CrescentError, InvalidOptionError
from ..words.announcements import refusal
from ..words.i18n import Lang, Words, check_lang
from .actions import ActionCallback, Actions, MoveCallback, deal
from .advice import Advice
from .guard import TEACH_CHECK_SECONDS, Guard
from .replay import ReplayInput
from .replay_control import ReplayControl
from .review import REVIEW_SECONDS
from .serial import serialized
from .state import TableState, check_flag, check_timeout, check_variant
from .view import TableView, table_view

if TYPE_CHECKING:
    from ..solver import Hint, MoveCheck, Winnability
    from ..solver.review import Review

__all__ = [
    "TEACH_CHECK_SECONDS",
    "ActionCallback",
    "MoveCallback",
    "Table",
    "TableView",
    "check_flag",
    "check_variant",
]

NOTE_TONES: Final = ("", "right", "wrong")


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
        auto_play: after each move, play the foundation moves the solver's safe-move
            rule proves harmless (:func:`~crescent_widget.solver.safe.safe_moves`).

    Moves come from a player (``by_player=True``, the default: board gestures, the
    terminal) or from notebook code (``by_player=False``): only a player's move is held
    back by the teaching mode, and only a player's New game asks for a second press.
    A refused intent raises the engine's error, changes nothing but the message, and is
    still shown.

    ``on_view`` (if set) receives the new :class:`TableView` after every change, before
    the action callbacks run.

    A Table is safe to share between threads (a widget's messages and a bot's thread):
    every public method and property holds one lock while it runs, so actions and views
    never interleave. Callbacks run holding it, on the acting thread, and may call the
    table again. The :class:`Game` behind :attr:`game` is not locked: change it only
    through the table, or while no other thread acts.

    With :attr:`background` on (the widget's board), the board's searches run off the
    calling thread (:mod:`.background`): their results, and a move the teaching check
    let through, are applied on the searching thread, holding the lock, and only while
    the position they were asked about still stands.
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
    ) -> None:
        self._lock = threading.RLock()
        checked_lang = check_lang(lang)
        checked_auto_play = check_flag("auto_play", auto_play)
        checked_rules = check_flag("interactive_rules", interactive_rules)
        checked_teach = check_flag("teach", teach)
        checked_winnable = check_flag("winnable", winnable)
        game = deal(code, variant, winnable)
        self._state = state = TableState(
            game, checked_lang, checked_rules, checked_teach, checked_auto_play, checked_winnable, game.variant
        )
        state.plan.visit(game)
        self.on_view: Callable[[TableView], object] | None = None
        self.on_search: Callable[[str], object] | None = None
        # The parts, each with one job over the one state (see .state).
        self._replays = ReplayControl(state, show=self._show, refuse=self._refuse, play=self._play)
        self._advice = Advice(
            state,
            lock=self._lock,
            replays=self._replays,
            show=self._show,
            refuse=self._refuse,
            report=self._report_search,
        )
        self._guard = Guard(
            state, advice=self._advice, check=self.move_check, play=self._play, show=self._show, refuse=self._refuse
        )
        self._actions = Actions(state, replays=self._replays, guard=self._guard, show=self._show, refuse=self._refuse)

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
    def version(self) -> int:
        """+1 with every change of what the table shows."""
        return self._state.version

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
        self._state.interactive_rules = check_flag("interactive_rules", value)
        self._show()

    @property
    def teach(self) -> bool:
        """Teaching mode (see the class docs)."""
        return self._state.teach

    @teach.setter
    def teach(self, value: bool) -> None:
        self._state.teach = check_flag("teach", value)
        if not value:
            self._state.pending = None  # a move held by the teaching mode is not held without it
        self._show()

    @property
    def winnable(self) -> bool:
        """Whether random deals are proven winnable."""
        return self._state.winnable

    @winnable.setter
    def winnable(self, value: bool) -> None:
        self._state.winnable = check_flag("winnable", value)

    @property
    def auto_play(self) -> bool:
        """Whether moves to the foundations that can never hurt are played for the player."""
        return self._state.auto_play

    @auto_play.setter
    def auto_play(self, value: bool) -> None:
        self._state.auto_play = check_flag("auto_play", value)
        if self._state.auto_play and not self._replays.active:
            self._actions.play_safe_moves()

    @property
    def variant(self) -> str:
        """The variant of the next random deal (a loaded game sets it to its own)."""
        return self._state.variant

    @variant.setter
    def variant(self, value: str) -> None:
        self._state.variant = check_variant(value)

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

        A player's move that loses a won game waits in teaching mode (returns ``None``).

        Raises:
            InvalidMoveError: the move is malformed; nothing changes.
            IllegalMoveError: the rules forbid it; nothing changes but the message.
        """
        return self._actions.move(src, dst, by_player=by_player)

    def tap(self, place: PlaceLike, *, by_player: bool = True) -> Move | None:
        """Tap a pile or foundation; returns the move made, if any.

        With nothing selected: if exactly one place accepts the top card it goes there;
        with several, the place becomes selected. With a place selected: tapping it again
        deselects it; tapping another place moves the selected card there.

        Raises:
            InvalidMoveError: no such place.
            IllegalMoveError: the tap asks for a move the rules forbid (the selection is
                dropped), the card has no legal move (``no_destination``), or the pile is
                empty (``empty_source``).
        """
        return self._actions.tap(place, by_player=by_player)

    def double_tap(self, place: PlaceLike, *, by_player: bool = True) -> Move | None:
        """Send the card to a foundation that accepts it (``F``); otherwise act as :meth:`tap`."""
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

        A search takes at most ``seconds`` (the widget's hint budget by default) and, if
        given, ``nodes`` positions (a budget that does not depend on the machine's load).

        Once a hint has found a winning line, the next hints follow it while the player
        does (no search); a new search starts only off the line, and never proposes a move
        back to a position of the player's recent path (see :mod:`.plan`).

        Raises:
            IllegalMoveError: ``replay_active``.
        """
        return self._advice.hint(seconds, nodes)

    def still_winnable(self, seconds: float = 1.0) -> Winnability:
        """The board's "Still winnable?": ``"winnable"`` and ``"lost"`` are proofs, else ``"unknown"``.

        The call blocks for up to ``seconds`` (it returns at the first proof); 1 s settles
        about 9 positions in 10 of a game in progress with the compiled core, fewer in pure
        Python. The board's button searches in the background, for longer
        (:meth:`start_winnable`).

        While the face-down deal hides cards the answer is ``"unknown"`` at once, and the
        board says why (``winnability`` is ``"hidden"``): the solver may not look at them.
        """
        return self._advice.still_winnable(seconds)

    def move_check(self, src: MoveArg, dst: PlaceLike | None = None, seconds: float = TEACH_CHECK_SECONDS) -> MoveCheck:
        """Would this move throw away a win? Plays nothing (:func:`~crescent_widget.solver.move_check`).

        Raises:
            InvalidMoveError, IllegalMoveError: the move is malformed or illegal here.
        """
        from ..solver import move_check

        return move_check(self._state.game, self._actions.resolve(src, dst, query=True), seconds=seconds)

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

    def review(self, seconds: float = REVIEW_SECONDS) -> Review:
        """Review the game so far (:func:`~crescent_widget.solver.review.review`) and replay it there.

        The replay opens where the win was thrown away (the position before the turning
        point, or the last winnable one) with the explanation as its narration and the
        better move lit; :meth:`review_try` plays that move on as a new branch. A won
        game opens at its longest stretch of only moves. The winning lines the table already
        holds for positions of the record ("Still winnable?"'s, the hints') settle those
        positions won with no search, so the review never contradicts them.

        Raises:
            IllegalMoveError: ``replay_active``.
            HiddenCardsError: a face-down game still being played (the board says why).
            InvalidBudgetError: ``seconds`` is not a finite number >= 0.
        """
        return self._replays.review(seconds)

    def review_try(self) -> Move:
        """Take the reviewed position over as a real game and play the review's better move there.

        The game's record stays honest: the deal and the actions up to that position,
        then the better move (see :meth:`replay_stop` with ``keep``).

        Raises:
            IllegalMoveError: ``no_replay``, or ``nothing_to_try`` (no better move was found).
        """
        return self._replays.try_better()

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

    def wait_search(self, timeout: float | None = None) -> bool:
        """Wait until no background search runs (its result shown); whether none runs.

        Where searches run in slices (the browser) they go on between the kernel's
        messages, so this does not wait there: it only tells.

        Raises:
            ArgumentTypeError: ``timeout`` is neither ``None`` nor a number.
            InvalidOptionError: ``timeout`` is negative or NaN.
        """
        return self._advice.wait(check_timeout(timeout))

    # The former names, kept for one release.
    take_back = renamed(cancel, "take_back", "Table")
    step = renamed(replay_step, "step", "Table")
    play = renamed(replay_play, "play", "Table")
    stop_replay = renamed(replay_stop, "stop_replay", "Table")
    check_move = renamed(move_check, "check_move", "Table")
    check_winnable = renamed(still_winnable, "check_winnable", "Table")

    # ---------------------------------------------------------------------------- view

    def view(self) -> TableView:
        """What to show now, in :attr:`lang`."""
        return table_view(self._state, self._replays.state(), self._advice.text(self._state.lang))

    # ------------------------------------------------------------------------ internals

    def _show(self) -> None:
        self._advice.check()  # a search about a position that no longer stands ends here
        self._state.version += 1
        if self.on_view is not None:
            self.on_view(self.view())

    def _report_search(self, text: str) -> None:
        if self.on_search is not None:
            self.on_search(text)

    def _refuse(self, err: CrescentError, attempt: Move | Place | None = None) -> NoReturn:
        """Show a refusal and raise it; ``attempt`` is the move or the tapped place it refuses."""
        self._state.notice = err
        self._state.attempt = attempt
        self._state.keep_line("message")
        if self._state.interactive_rules:
            self._state.announce(Words.of(lambda lang: refusal(err, lang)))
        self._show()
        raise err

    def _play(self, move: Move) -> Move:
        return self._actions.play(move)
