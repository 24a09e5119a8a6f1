"""The player's actions at a table: :class:`Actions` plays, taps, undoes, redoes, reshuffles, deals.

Each action changes the position on the table's :class:`~.state.TableState`, says what
happened (the announcement, the teaching mode's explanation) and then tells whoever
listens (``on_action``, ``on_move``). :class:`~crescent_widget.table.Table` documents each
one (``Table.tap``, ``Table.move``, …) and hands it to the one Actions it owns; a player's
move may first wait for the teaching mode's :class:`~.guard.Guard`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from typing import Any, Literal, NoReturn, Protocol

from ..checks import check_flag
from ..engine.endgame import finishing_run
from ..engine.game import Game, MoveArg
from ..engine.moves import ANY_FOUNDATION, RESHUFFLE, Move, Place, PlaceLike, parse_place
from ..errors import ArgumentTypeError, CrescentError, IllegalMoveError, InvalidOptionError
from ..stats import StatsKeeper, won_record
from ..words.announcements import (
    announce_action,
    announce_selected,
    announce_undo,
    explain_action,
    game_end,
    join,
    place_text,
    way_on,
)
from ..words.i18n import NO_WORDS, Words, label
from .guard import Guard
from .practice import Practice
from .replay_control import ReplayControl
from .state import TableState

ActionKind = Literal["move", "reshuffle", "undo", "new_game"]
ActionCallback = Callable[[str, Move | None], object]
MoveCallback = Callable[[Move], object]
Judge = Callable[[str, Move | None, Game], None]


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
        stats: the table's statistics: told of every game put on the table and every move played.
        judge: a lesson's judge of each action, before it is shown (``Lessons.judge``).
        practice: the practice on the table, if any, which judges a player's move first.
        show: publish the table's view.
        refuse: show a refusal and raise it.
        later: run a call to outside code (the callbacks) once the table's lock is let go.
    """

    def __init__(
        self,
        state: TableState,
        *,
        replays: ReplayControl,
        guard: Guard,
        stats: StatsKeeper,
        judge: Judge,
        practice: Practice,
        show: Callable[[], None],
        refuse: Refuse,
        later: Callable[[Callable[[], object]], None],
    ) -> None:
        self._state = state
        self._replays = replays
        self._guard = guard
        self._stats = stats
        self._judge = judge
        self._practice = practice
        self._show = show
        self._refuse = refuse
        self._later = later
        self._previous: Game | None = None
        self._armed: tuple[str, int] = ("", -1)  # an action that asked for a second press, and when
        self._question: Words = NO_WORDS  # what that press asked (the note, while it is the note)
        self._auto_playing = False
        self._said = NO_WORDS  # the note of the last action the player (not auto-play) made
        # The moves the board made by itself (a tap's only place, the lit card, auto-play) since
        # the player last chose one, and the game and revision they left: a tap never sends
        # one of those cards back where it came from.
        self._landed: tuple[Move, ...] = ()
        self._landed_at: tuple[Game | None, int] = (None, -1)  # compared by identity: Game's == is by position
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

    @contextmanager
    def attempt(self, by_player: bool) -> Iterator[None]:
        """While a player's attempt at a move (a tap, a double tap, a drop) runs, a refusal of it
        is the player's (a lesson answers it: ``Lessons.refused``)."""
        state = self._state
        outer = state.attempting
        state.attempting = outer or check_flag(by_player, "by_player")
        try:
            yield
        finally:
            state.attempting = outer

    def move(
        self, src: MoveArg, dst: PlaceLike | None = None, *, by_player: bool = True, automatic: bool = False
    ) -> Move | None:
        """``Table.move``; ``automatic``: the board chose the destination (a tap), not the player."""
        with self.attempt(by_player):
            self._begin()
            concrete = self.resolve(src, dst)
            if by_player:
                tried, played = self._practice.attempt(concrete)
                if tried:
                    return played
            if by_player and self._state.teach and self._guard.holds(concrete):
                return None
            return self.play(concrete, automatic=automatic)

    def tap(self, place: PlaceLike, *, by_player: bool = True) -> Move | None:
        """``Table.tap``."""
        with self.attempt(by_player):
            return self._tap(place, by_player)

    def _tap(self, place: PlaceLike, by_player: bool) -> Move | None:
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
        hint = self._state.hint
        if hint is not None and hint.move is not None and hint.move.src == tapped:
            # The lit card: its hinted move, wherever else it fits, back where it came from too
            # (a winning line may move a card back): the hint asked for it, not the board.
            return self.move(hint.move, by_player=by_player, automatic=True)
        destinations = self._destinations(tapped)
        if len(destinations) == 1:
            return self._tap_plays(Move(tapped, destinations[0]), by_player)
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
        with self.attempt(by_player):
            return self._double_tap(place, by_player)

    def _double_tap(self, place: PlaceLike, by_player: bool) -> Move | None:
        self._begin()
        self._replays.refuse_if_active()
        tapped = self._place(place)
        game = self._state.game
        if game.can_move(Move(tapped, ANY_FOUNDATION)):
            self._state.selected = None
            return self._tap_plays(game.resolve(tapped, ANY_FOUNDATION), by_player)
        if self._state.selected == tapped:  # the first tap selected it: the second keeps it so
            self._state.notice = None
            self._state.announce(announce_selected(game, tapped, self._destinations(tapped)))
            self._show()
            return None
        return self.tap(place, by_player=by_player)

    def _tap_plays(self, move: Move, by_player: bool) -> Move | None:
        """Play the move a tap chose by itself, unless it sends back a card the board has just moved."""
        game = self._state.game
        landed = self._landed if self._landed_at[0] is game and self._landed_at[1] == game.revision else ()
        if not any(m.src == move.dst and m.dst == move.src for m in landed):
            return self.move(move, by_player=by_player, automatic=True)
        # A tap meant for where the card went (lesson 1 taught "the pile, then where it goes")
        # must not undo what the board just did: the card stays, and the line says how to move it.
        card, place = game.top(move.src), move.src
        self._state.pending = None
        self._state.notice = None
        self._state.note = Words.of(
            lambda lang: label("tap_kept", lang, card=card.text(lang) if card else "", place=place_text(place, lang))
        )
        self._state.keep_line("note")
        self._state.announce(self._state.note)
        self._show()
        return None

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
        self.put(game.root())  # the same game again: statistics count it once
        code = self._state.game.code
        words = Words.of(lambda lang: label("announce_restart", lang, code=code or label("custom_position", lang)))
        self._done("new_game", None, before, words)
        return True

    def _asks_first(self, action: str) -> bool:
        """Whether this press of ``action`` only asks for a second one (that one returns ``False``).

        The second press must come before anything else changes the table; the note says
        what the action will cost.
        """
        if self._armed == (action, self._state.rev):
            self._armed = ("", -1)
            return False
        self._state.selected = self._state.pending = None
        self._state.note = self._question = Words.of(lambda lang: label(f"confirm_{action}", lang))
        self._state.keep_line("note")  # the question, not an earlier refusal or answer, is the line
        self._state.announce(self._state.note)
        self._show()
        self._armed = (action, self._state.rev)
        return True

    def _begin(self, action: str = "") -> None:
        """An action starts (``action``, when it may ask for a second press itself).

        A press that asked for a second one and gets this action instead is not done: the line
        says so with this action (the tap still does what it does), so that nobody thinks the
        reshuffle happened. What an earlier action said of such a press goes now.
        """
        state = self._state
        if state.cancelled_at != state.rev:  # not said by this action (nested calls start it again)
            state.cancelled = NO_WORDS
        armed = self._armed[0]
        if not armed or armed == action:
            return  # nothing asked, or the second press itself (_asks_first takes it)
        self._armed = ("", -1)
        if state.note is not self._question:
            return  # the line moved on from the question (a hint, an answer): nothing to correct
        state.note = NO_WORDS  # the question is no longer asked
        state.cancelled = Words.of(lambda lang: label(f"cancelled_{armed}", lang))
        state.cancelled_at = state.rev
        state.announce(state.cancelled)

    def undo(self) -> Move:
        """``Table.undo``."""
        self._begin()
        self._replays.refuse_if_active()
        state = self._state
        state.selected = state.pending = None
        before, undone = state.game.copy(), state.redoable()
        try:
            move = state.game.undo()
        except CrescentError as err:
            self._refuse(err)
        state.redo, state.redo_from = (*undone, move), (state.game, state.game.revision)
        self._done("undo", move, before, announce_undo(state.game, move))
        return move

    def redo(self) -> Move:
        """``Table.redo``: the last move undone, played again as any move is (auto-play may follow)."""
        self._begin()
        self._replays.refuse_if_active()
        undone = self._state.redoable()
        if not undone:
            self._refuse(IllegalMoveError("nothing_to_redo"))
        self._state.selected = self._state.pending = None
        return self.play(undone[-1])

    def new_game(self, code: str | None = None, *, by_player: bool = True) -> bool:
        """``Table.new_game``."""
        check_flag(by_player, "by_player")
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
        self.put(new, new_deal=True)
        words = Words.of(lambda lang: label("announce_new_game", lang, code=new.code or ""))
        self._done("new_game", None, before, words)
        return True

    def load(self, game: Game) -> None:
        """``Table.load``."""
        if not isinstance(game, Game):
            raise ArgumentTypeError("invalid_option", f"load() needs a Game, got {type(game).__name__}")
        self.put(game)
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

    def play(self, move: Move, *, automatic: bool = False) -> Move:
        """Play ``move`` (already resolved) as an action: announced, its callbacks run, auto-play after it.

        ``automatic``: the board chose it (a tap's only place, auto-play), not the player.
        """
        state = self._state
        game = state.game
        before, undone, revision = game.copy(), state.redoable(), game.revision
        state.pending = None
        try:
            played = game.move(move)
        except CrescentError as err:
            self._refuse(err)
        # Redo: the move next in line keeps the rest of it (redone, auto-played or played by
        # hand); any other move is a new one, and Redo has nothing left to play.
        kept = undone[:-1] if undone and undone[-1] == played else ()
        state.redo, state.redo_from = kept, (game, game.revision)
        landed = self._landed if self._landed_at[0] is game and self._landed_at[1] == revision else ()
        self._landed = (*landed, played) if automatic else ()
        self._landed_at = (game, game.revision)
        kind: ActionKind = "reshuffle" if played.is_reshuffle else "move"
        self._done(kind, played, before, announce_action(before, played))
        if state.auto_play:  # after a reshuffle too: the last one is when safe moves appear
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
                self.play(moves[0], automatic=True)
        finally:
            self._auto_playing = False

    def _destinations(self, source: Place) -> list[Place]:
        found: list[Place] = []
        for move in self._state.game.legal_moves():
            if move.src == source and move.dst not in found:
                found.append(move.dst)
        return found

    def put(self, game: Game, *, new_deal: bool = False) -> None:
        """Put ``game`` on the table as its own (ending a replay), and tell the statistics: a
        ``new_deal`` is a new game, anything else the same game when it is the same deal."""
        self._stats.arrive(game, new_deal=new_deal)
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
        if kind == "reshuffle" and not explained:  # the cards change places all at once: say what happened
            left = game.reshuffles_left
            explained = Words.of(lambda lang: label("reshuffled", lang, n=left))
        if self._auto_playing and not taught:
            explained = self._said  # auto-play's moves leave the line to what the player's action said
        else:
            self._said = explained
        stuck = way_on(game)
        self._state.note = join(explained, stuck) if stuck else explained
        if kind in ("move", "reshuffle"):
            self._stats.played(game)  # first: a win is counted before its words say the figures
        said = join(words, self._game_end(kind, game))
        self._state.announce(join(said, stuck) if stuck else said)
        self._judge(kind, move, before)  # a lesson's verdict is shown with the action
        self._show()
        # The callbacks are outside code: they run once the table's lock is let go (see .serial).
        for action_callback in self._action_callbacks:
            self._later(partial(action_callback, kind, move))
        if kind in ("move", "reshuffle"):
            assert move is not None
            for move_callback in self._move_callbacks:
                self._later(partial(move_callback, move))

    def _game_end(self, kind: ActionKind, game: Game) -> Words:
        """What to say when an action ends the game: a win comes with the player's wins and
        streak in its variant, when statistics are kept (and no lesson holds the table)."""
        if kind == "undo":
            return NO_WORDS
        ended = game_end(game.status)
        record = self._stats.win_record(game.variant) if game.status == "won" else None
        if record is None:
            return ended
        return join(ended, Words.of(partial(won_record, record)))


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
