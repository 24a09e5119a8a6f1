"""The player's actions at a table: :class:`Actions` plays, taps, undoes, reshuffles, deals.

Each action changes the position on the table's :class:`~.state.TableState`, says what
happened (the announcement, the teaching mode's explanation) and then tells whoever
listens (``on_action``, ``on_move``). :class:`~crescent_widget.table.Table` documents each
one (``Table.tap``, ``Table.move``, …) and hands it to the one Actions it owns; a player's
move may first wait for the teaching mode's :class:`~.guard.Guard`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Literal, NoReturn, Protocol

from ..engine.endgame import finishing_run
from ..engine.game import Game, MoveArg
from ..engine.moves import ANY_FOUNDATION, RESHUFFLE, Move, Place, PlaceLike, parse_place
from ..errors import ArgumentTypeError, CrescentError, IllegalMoveError, InvalidOptionError
from ..words.announcements import (
    announce_action,
    announce_selected,
    announce_undo,
    explain_action,
    game_end,
    join,
    way_on,
)
from ..words.i18n import NO_WORDS, Words, label
from .guard import Guard
from .replay_control import ReplayControl
from .state import TableState, check_flag

logger = logging.getLogger(__name__)

ActionKind = Literal["move", "reshuffle", "undo", "new_game"]
ActionCallback = Callable[[str, Move | None], object]
MoveCallback = Callable[[Move], object]


class Refuse(Protocol):
    """Show a refusal and raise it; ``attempt`` is the move or the tapped place it refuses."""

    def __call__(self, err: CrescentError, attempt: Move | Place | None = None) -> NoReturn: ...


def deal(code: str | None = None, variant: str | None = None, winnable: bool = False) -> Game:
    """The game of ``code``; without one a random deal of ``variant``, proven winnable if asked.

    A deal the solver won in the standard game is winnable in Crescent Four (one more
    reshuffle) and in the face-down deal (the same moves; only what is shown differs).
    """
    if code is not None or not winnable:
        return Game(code, variant=variant)
    return Game.random(winnable=True, variant=variant or "N")


class Actions:
    """What a player (or notebook code) does at one table, and who hears of it (see the module docs).

    Args:
        state: the table's state.
        replays: the table's replay (playing is refused during one; a new game ends it).
        guard: the teaching mode's guard, asked before a player's move.
        show: publish the table's view.
        refuse: show a refusal and raise it.
    """

    def __init__(
        self,
        state: TableState,
        *,
        replays: ReplayControl,
        guard: Guard,
        show: Callable[[], None],
        refuse: Refuse,
    ) -> None:
        self._state = state
        self._replays = replays
        self._guard = guard
        self._show = show
        self._refuse = refuse
        self._previous: Game | None = None
        self._armed: tuple[str, int] = ("", -1)  # an action that asked for a second press, and when
        self._question: Words = NO_WORDS  # what that press asked (the note, while it is the note)
        self._auto_playing = False
        self._action_callbacks: list[ActionCallback] = []
        self._move_callbacks: list[MoveCallback] = []

    @property
    def previous(self) -> Game | None:
        """``Table.previous_game``."""
        return self._previous

    def on_action(self, callback: ActionCallback, remove: bool = False) -> None:
        """``Table.on_action``."""
        _register(self._action_callbacks, callback, remove)

    def on_move(self, callback: MoveCallback, remove: bool = False) -> None:
        """``Table.on_move``."""
        _register(self._move_callbacks, callback, remove)

    def move(self, src: MoveArg, dst: PlaceLike | None = None, *, by_player: bool = True) -> Move | None:
        """``Table.move``."""
        check_flag("by_player", by_player)
        self._begin()
        concrete = self.resolve(src, dst)
        if by_player and self._state.teach and self._guard.holds(concrete):
            return None
        return self.play(concrete)

    def tap(self, place: PlaceLike, *, by_player: bool = True) -> Move | None:
        """``Table.tap``."""
        check_flag("by_player", by_player)
        self._begin()
        self._replays.refuse_if_active()
        tapped = self._place(place)
        selected, self._state.selected = self._state.selected, None
        self._state.pending = None
        if selected is not None:
            if selected == tapped:
                self._state.notice = None
                self._state.announce(Words.of(lambda lang: label("announce_deselected", lang)))
                self._show()
                return None
            return self.move(Move(selected, tapped), by_player=by_player)
        destinations = self._destinations(tapped)
        if len(destinations) == 1:
            return self.move(Move(tapped, destinations[0]), by_player=by_player)
        if not destinations:
            empty = self._state.game.top(tapped) is None
            self._refuse(IllegalMoveError("empty_source" if empty else "no_destination"), tapped)
        self._state.selected = tapped
        self._state.notice = None
        self._state.drop_verdict()  # a plain note (a hint, notebook code's) still holds while choosing
        self._state.announce(announce_selected(self._state.game, tapped, destinations))
        self._show()
        return None

    def double_tap(self, place: PlaceLike, *, by_player: bool = True) -> Move | None:
        """``Table.double_tap``."""
        self._begin()
        self._replays.refuse_if_active()
        tapped = self._place(place)
        if self._state.game.can_move(Move(tapped, ANY_FOUNDATION)):
            return self.move(Move(tapped, ANY_FOUNDATION), by_player=by_player)
        return self.tap(place, by_player=by_player)

    def finish(self) -> tuple[Move, ...]:
        """``Table.finish``."""
        return tuple(self.play(move) for move in self._finishing_run())

    def finish_step(self) -> Move:
        """``Table.finish_step``."""
        return self.play(self._finishing_run()[0])

    def _finishing_run(self) -> tuple[Move, ...]:
        self._begin()
        self._replays.refuse_if_active()
        run = finishing_run(self._state.game)
        if not run:
            self._refuse(IllegalMoveError("nothing_to_finish"))
        return run

    def deselect(self) -> None:
        """``Table.deselect``."""
        self._begin()
        if self._state.selected is not None:
            self._state.selected = None
            self._state.announce(Words.of(lambda lang: label("announce_deselected", lang)))
        self._state.notice = None
        self._show()

    def reshuffle(self, *, by_player: bool = True) -> bool:
        """``Table.reshuffle``."""
        self._begin("reshuffle")
        self._replays.refuse_if_active()
        game, shown = self._state.game, self._state.hint
        # A reshuffle the hint on the board asks for is no slip of the finger: one press does it.
        hinted = shown is not None and shown.move is not None and shown.move.is_reshuffle
        asks = by_player and not hinted and game.can_undo() and game.can_move(RESHUFFLE)
        if asks and self._asks_first("reshuffle"):
            return False
        return self.move(RESHUFFLE, by_player=by_player) is not None

    def restart(self, *, by_player: bool = True) -> bool:
        """``Table.restart``."""
        self._begin("restart")
        self._replays.refuse_if_active()
        game = self._state.game
        if by_player and game.actions and game.status == "playing" and self._asks_first("restart"):
            return False
        before = game.copy()
        self._load(game.root())
        code = self._state.game.code
        words = Words.of(lambda lang: label("announce_restart", lang, code=code or label("custom_position", lang)))
        self._done("new_game", None, before, words)
        return True

    def _asks_first(self, action: str) -> bool:
        """Whether this press of ``action`` only asks for a second one (that one returns ``False``).

        The second press must come before anything else changes the table; the note says
        what the action will cost.
        """
        if self._armed == (action, self._state.version):
            self._armed = ("", -1)
            return False
        self._state.selected = self._state.pending = None
        self._state.note = self._question = Words.of(lambda lang: label(f"confirm_{action}", lang))
        self._state.keep_line("note")  # the question, not an earlier refusal or answer, is the line
        self._state.announce(self._state.note)
        self._show()
        self._armed = (action, self._state.version)
        return True

    def _begin(self, action: str = "") -> None:
        """An action starts (``action``, when it may ask for a second press itself).

        A press that asked for a second one and gets this action instead is not done: the line
        says so with this action (the tap still does what it does), so that nobody thinks the
        reshuffle happened. What an earlier action said of such a press goes now.
        """
        state = self._state
        if state.cancelled_at != state.version:  # not said by this action (nested calls start it again)
            state.cancelled = NO_WORDS
        armed = self._armed[0]
        if not armed or armed == action:
            return  # nothing asked, or the second press itself (_asks_first takes it)
        self._armed = ("", -1)
        if state.note is not self._question:
            return  # the line moved on from the question (a hint, an answer): nothing to correct
        state.note = NO_WORDS  # the question is no longer asked
        state.cancelled = Words.of(lambda lang: label(f"cancelled_{armed}", lang))
        state.cancelled_at = state.version
        state.announce(state.cancelled)

    def undo(self) -> Move:
        """``Table.undo``."""
        self._begin()
        self._replays.refuse_if_active()
        self._state.selected = self._state.pending = None
        before = self._state.game.copy()
        try:
            move = self._state.game.undo()
        except CrescentError as err:
            self._refuse(err)
        self._done("undo", move, before, announce_undo(self._state.game, move))
        return move

    def new_game(self, code: str | None = None, *, by_player: bool = True) -> bool:
        """``Table.new_game``."""
        check_flag("by_player", by_player)
        self._begin("new_game")
        game = self._state.game
        in_progress = bool(game.actions) and game.status == "playing" and code is None and not self._replays.active
        if by_player and in_progress and self._asks_first("new_game"):
            return False
        try:
            new = deal(code, None if code else self._state.variant, self._state.winnable)
        except CrescentError as err:
            self._refuse(err)
        before = self._state.game.copy()
        self._load(new)
        words = Words.of(lambda lang: label("announce_new_game", lang, code=new.code or ""))
        self._done("new_game", None, before, words)
        return True

    def load(self, game: Game) -> None:
        """``Table.load``."""
        if not isinstance(game, Game):
            raise ArgumentTypeError("invalid_option", f"load() needs a Game, got {type(game).__name__}")
        self._load(game)
        self._show()

    def _place(self, place: PlaceLike) -> Place:
        try:
            return parse_place(place)
        except CrescentError as err:
            self._refuse(err)

    def resolve(self, src: MoveArg, dst: PlaceLike | None, query: bool = False) -> Move:
        """The concrete move (``13-F`` -> ``13-F1``), or the refusal shown and raised.

        Unless it is only a ``query``, asking for a move drops the selection and a pending move.
        """
        self._replays.refuse_if_active()
        if not query:
            self._state.selected = self._state.pending = None
        try:
            return self._state.game.resolve(src, dst)
        except CrescentError as err:
            self._refuse(err, _attempted(src, dst))

    def play(self, move: Move) -> Move:
        """Play ``move`` (already resolved) as an action: announced, its callbacks run, auto-play after it."""
        before = self._state.game.copy()
        self._state.pending = None
        try:
            played = self._state.game.move(move)
        except CrescentError as err:
            self._refuse(err)
        kind: ActionKind = "reshuffle" if played.is_reshuffle else "move"
        self._done(kind, played, before, announce_action(before, played))
        if kind == "move" and self._state.auto_play:
            self.play_safe_moves()
        return played

    def play_safe_moves(self) -> None:
        """Auto-play: the foundation moves that can never hurt, one published move each."""
        from ..solver.safe import safe_moves  # the solver loads on first use

        if self._auto_playing:
            return
        self._auto_playing = True
        try:
            while moves := safe_moves(self._state.game):
                self.play(moves[0])
        finally:
            self._auto_playing = False

    def _destinations(self, source: Place) -> list[Place]:
        found: list[Place] = []
        for move in self._state.game.legal_moves():
            if move.src == source and move.dst not in found:
                found.append(move.dst)
        return found

    def _load(self, game: Game) -> None:
        self._replays.forget()
        self._state.game = game
        self._state.plan.reset()
        self._state.won_lines.clear()
        self._state.plan.visit(game)
        self._state.variant = game.variant
        self._state.reset_interaction()
        self._state.note = self._state.cancelled = NO_WORDS

    def _done(self, kind: ActionKind, move: Move | None, before: Game, words: Words) -> None:
        self._state.reset_interaction()
        self._state.plan.visit(self._state.game)
        self._previous = before
        game = self._state.game
        taught = self._state.teach and kind != "undo"
        explained = explain_action(before, move) if taught and move is not None else NO_WORDS
        stuck = way_on(game)
        self._state.note = join(explained, stuck) if stuck else explained
        said = join(words, game_end(game.status) if kind != "undo" else NO_WORDS)
        self._state.announce(join(said, stuck) if stuck else said)
        self._show()
        calls: list[tuple[Callable[..., object], tuple[object, ...]]]
        calls = [(c, (kind, move)) for c in self._action_callbacks]
        if kind in ("move", "reshuffle"):
            calls += [(c, (move,)) for c in self._move_callbacks]
        for callback, args in calls:
            try:
                callback(*args)
            except Exception:
                # The action stands either way; a notebook bug must not break the table.
                logger.exception("callback %r failed", callback)


def _attempted(src: MoveArg, dst: PlaceLike | None) -> Move | None:
    """The move ``src`` and ``dst`` ask for, as :meth:`Game.resolve <crescent_widget.engine.game.Game.resolve>`
    reads them, or ``None`` when they name none (a malformed one)."""
    try:
        if dst is not None:
            return None if isinstance(src, Move) else Move(src, dst)
        if isinstance(src, Move):
            return src
        return Move.parse(src) if isinstance(src, str) else None
    except CrescentError:
        return None


def _register(callbacks: list[Any], callback: object, remove: bool) -> None:
    if not callable(callback):
        raise InvalidOptionError(f"a callback must be callable, got {type(callback).__name__}")
    if not remove:
        callbacks.append(callback)
    elif callback in callbacks:
        callbacks.remove(callback)
    else:
        raise InvalidOptionError(f"{callback!r} was never registered, so it cannot be removed")
