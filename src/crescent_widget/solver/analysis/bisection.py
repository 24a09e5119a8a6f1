"""The positions of one game's record and what the solver has said about them, for the review.

:class:`Bisection` keeps, by position number (0 for the deal, *i* after action *i*), each
verdict and winning line found, the last position proven winnable and the first proven
lost, each open position's search (a longer probe goes on from a shorter one), and the
evidence for a mistake that is not proven. It settles positions from what is known
already, at no search's cost: a winning line settles every later position of the record
it passes through; the last winning line, with the record's moves since taken out,
settles the farthest open position it still wins from (:meth:`Bisection.repair`); a few
actions that lead back to a position known to be winnable settle a slip
(:meth:`Bisection.reconnect`). The review's strategy, which positions to search and for
how long, is :mod:`.review`'s.
"""

from __future__ import annotations

import math
import time
from collections.abc import Generator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from ...engine.moves import Move
from ...words.i18n import NO_WORDS, Words
from ..api import Outcome, SolveResult, Solving
from .meter import Meter
from .why import why_lost

if TYPE_CHECKING:
    from ...engine.game import Game

# reconnect(): how many actions deep, how many positions at most (a few hundredths of a
# second), and at most this share of the time left.
RECONNECT_DEPTH: Final = 4
RECONNECT_MOST: Final = 3000
RECONNECT_SHARE: Final = 0.05


@dataclass
class Bisection:
    """The positions of one record and what the solver has said about them so far (see the module docs).

    Args:
        start: the record's start (the deal, or a layout).
        actions: the record's actions.
        deadline: the time on ``meter``'s clock the searches must end by.
        words: the seconds (of that clock) after the deadline that the words may take.
        meter: the clock every search's seconds are read on (wall time, or work done).
    """

    start: Game
    actions: tuple[Move, ...]
    deadline: float
    words: float = math.inf  # the seconds after the deadline that the words may take
    reserve: float = 0.0  # the seconds before the deadline kept for the named move (left() leaves them out)
    verdicts: dict[int, Outcome] = field(default_factory=dict)
    results: dict[int, SolveResult] = field(default_factory=dict)
    lines: dict[int, tuple[Move, ...]] = field(default_factory=dict)
    winnable: int | None = None
    lost: int | None = None
    # Record positions by position key (a position met twice keeps its last number).
    numbers: dict[tuple[object, ...], int] = field(default_factory=dict)
    repaired: set[tuple[int, tuple[Move, ...]]] = field(default_factory=set)  # lines repair() has tried
    reconnect_tried: set[int] = field(default_factory=set)  # positions reconnect() has tried
    # Positions off the record that a winning line passes through: the rest of the line, and
    # the seconds of the search that found it (None: known beforehand).
    winning_keys: dict[tuple[object, ...], tuple[tuple[Move, ...], float | None]] = field(default_factory=dict)
    bound_tried: set[int] = field(default_factory=set)  # positions the bound could not prove lost
    searched_back: dict[int, float] = field(default_factory=dict)  # the proof walk's budget, by position
    reasons: dict[int, Words] = field(default_factory=dict)  # why(), by first lost position
    # The searches of open positions: probing one again goes on where its last probe stopped.
    searches: dict[int, Solving] = field(default_factory=dict)
    # The evidence for a mistake that is not proven: by position, the seconds of the search
    # that found its win (None for a line known beforehand), and the seconds searched in vain.
    # (A position's own search resumes, and its result counts all its time: resumed holds
    # the latest; fresh adds up the fresh searches' times.)
    found_in: dict[int, float | None] = field(default_factory=dict)
    resumed: dict[int, float] = field(default_factory=dict)
    fresh: dict[int, float] = field(default_factory=dict)
    meter: Meter = field(default_factory=lambda: Meter(None, None))

    def __post_init__(self) -> None:
        game = self.start.copy()
        self.numbers[game.position_key] = 0
        for number, move in enumerate(self.actions, start=1):
            game.move(move)
            self.numbers[game.position_key] = number

    def position(self, index: int) -> Game:
        game = self.start.copy()
        for move in self.actions[:index]:
            game.move(move)
        return game

    def probe_steps(self, index: int, seconds: float, proof: float | None = None) -> Generator[None, None, Outcome]:
        """Search position ``index`` for ``seconds`` more, going on from its last search, in the
        solver's steps (:func:`~..api.run_steps`); its verdict settles what it can. ``proof``:
        the complete search's share of the work, when a loss is expected (else the solver's)."""
        solving = self.searches.get(index)
        if solving is None:
            solving = self.searches[index] = Solving(self.position(index))
        if proof is not None:
            solving.share = max(solving.share, proof)
        result = yield from self.meter.steps(solving, max(min(seconds, self.left()), 0.01))
        status = result.status
        if status == "unknown" and self.verdicts.get(index) != "unknown":
            self.verdicts[index] = status
        elif status != "unknown":
            self.verdicts[index] = status
            self.results[index] = result
        if status == "won":
            self.settle_won(index, result.line, result.seconds)
        elif status == "lost":
            self.settle_lost(index)
        else:
            self.resumed[index] = result.seconds
        self._forget_settled()
        return status

    def fresh_steps(self, index: int, seconds: float, seed: int) -> Generator[None, None, Outcome]:
        """A search of ``index`` of its own, seeded with ``seed``, for ``seconds``: a win or a
        proven loss settles the position as :meth:`probe_steps` does; the search is dropped."""
        solving = Solving(self.position(index), seed=seed)
        result = yield from self.meter.steps(solving, max(min(seconds, self.left()), 0.01))
        if result.status == "won":
            self.verdicts[index] = "won"
            self.results[index] = result
            self.settle_won(index, result.line, result.seconds)
        elif result.status == "lost":
            self.results[index] = result
            self.settle_lost(index)
        else:
            self.verdicts.setdefault(index, "unknown")
            self.fresh[index] = self.fresh.get(index, 0.0) + result.seconds
        self._forget_settled()
        return result.status

    def _forget_settled(self) -> None:
        """Drop the searches of positions outside the bracket (their tables hold much memory)."""
        low = -1 if self.winnable is None else self.winnable
        high = len(self.actions) + 1 if self.lost is None else self.lost
        for index in [index for index in self.searches if not low < index < high]:
            del self.searches[index]

    def settle_lost(self, index: int) -> None:
        self.verdicts[index] = "lost"
        if self.lost is None or index < self.lost:
            self.lost = index

    def settle_won(self, index: int, line: tuple[Move, ...], seconds: float | None) -> None:
        """``index`` is winnable with ``line``, which a search of ``seconds`` found (None: a line
        known beforehand); so is each later record position the line passes through, in
        whatever order of moves it gets there (the same position key)."""
        self._mark_won(index, line, seconds)
        game = self.position(index)
        for played, move in enumerate(line, start=1):
            game.move(move)
            key = game.position_key
            number = self.numbers.get(key)
            if number is None:
                self.winning_keys.setdefault(key, (line[played:], seconds))
            elif number > index and self.verdicts.get(number) != "won":
                self._mark_won(number, line[played:], seconds)

    def use_line(self, index: int, line: tuple[Move, ...], seconds: float | None = None) -> bool:
        """Settle ``index`` won with ``line`` (found by a search of ``seconds``; None: known
        beforehand) if it is a record position and the line, replayed through the engine from
        it, wins there; whether it did."""
        if not 0 <= index <= len(self.actions) or self.verdicts.get(index) == "won":
            return False
        game = self.position(index)
        for move in line:
            if game.check(move) is not None:
                return False
            game.move(move)
        if game.status != "won":
            return False
        self.settle_won(index, line, seconds)
        return True

    def _mark_won(self, index: int, line: tuple[Move, ...], seconds: float | None) -> None:
        self.verdicts[index] = "won"
        self.lines[index] = line
        self.found_in[index] = seconds
        if self.winnable is None or index > self.winnable:
            self.winnable = index

    def repair(self) -> bool:
        """Whether the last winnable position's line, with the record's moves since then taken
        out, wins from a later open position (then the farthest such is settled won).

        Moves of the line that the position no longer allows are left out too; whatever
        is left is replayed through the engine, so only a true win counts.
        """
        index = self.winnable
        if index is None or index >= len(self.actions):
            return False
        line = self.lines.get(index, ())
        if (index, line) in self.repaired:
            return False
        self.repaired.add((index, line))
        open_positions = self.open_positions()
        if not open_positions:
            return False
        # One walk up the record (a replay from the deal per position would cost the square
        # of a long record's length); the farthest position the repaired line wins from counts.
        farthest: tuple[int, tuple[Move, ...]] | None = None
        game = self.position(index)
        for later in range(index + 1, open_positions[-1] + 1):  # the open positions follow the last winnable one
            game.move(self.actions[later - 1])
            kept = self._line_without(game.copy(), line, self.actions[index:later])
            if kept is not None:
                farthest = (later, kept)
        if farthest is None:
            return False
        self.settle_won(*farthest, self.found_in.get(index))  # the search that found the line it mends
        return True

    def reconnect(self, index: int) -> bool:
        """Whether a few actions from record position ``index`` reach a position known to be
        winnable: a record position up to the last winnable one, or one a winning line passes
        through (then ``index`` is settled won with the way there and that line, replayed).

        A player's slip is often undone by a move or two (a card moved back, a detour), which
        a search from the position after it need not try first; this looks for that alone, at
        most :data:`RECONNECT_DEPTH` actions deep, once per position.
        """
        if index in self.reconnect_tried or self.winnable is None or not 0 < index <= len(self.actions):
            return False
        self.reconnect_tried.add(index)
        start = self.position(index)
        layer: list[tuple[Game, tuple[Move, ...]]] = [(start, ())]
        seen = {start.position_key}
        deadline = self.meter.wall_deadline(self.meter.now() + self.left() * RECONNECT_SHARE)
        for _ in range(RECONNECT_DEPTH):
            deeper: list[tuple[Game, tuple[Move, ...]]] = []
            for game, path in layer:
                if len(seen) >= RECONNECT_MOST or time.perf_counter() > deadline:
                    return False
                for action in game.legal_actions():
                    after = game.copy()
                    after.move(action)
                    key = after.position_key
                    if key in seen:
                        continue
                    seen.add(key)
                    known = self._known_win(key)
                    if known is not None and self.use_line(index, (*path, action, *known[0]), known[1]):
                        return True
                    deeper.append((after, (*path, action)))
            layer = deeper
        return False

    def _known_win(self, key: tuple[object, ...]) -> tuple[tuple[Move, ...], float | None] | None:
        """A winning line from the position with ``key`` and the seconds it took to find, if known."""
        winnable = self.winnable
        number = self.numbers.get(key)
        if winnable is not None and number is not None and number <= winnable:
            if self.verdicts.get(number) == "won":
                return self.lines[number], self.found_in.get(number)
            return (*self.actions[number:winnable], *self.lines[winnable]), self.found_in.get(winnable)
        return self.winning_keys.get(key)

    @staticmethod
    def _line_without(game: Game, line: tuple[Move, ...], played: tuple[Move, ...]) -> tuple[Move, ...] | None:
        """``line`` played on ``game`` (changed) without the moves of ``played`` (each once) and
        those it does not allow; the moves kept if they win, else None."""
        skip = list(played)
        kept: list[Move] = []
        for move in line:
            if move in skip:
                skip.remove(move)
                continue
            if game.check(move) is None:
                kept.append(game.move(move))
        return tuple(kept) if game.status == "won" else None

    def frontier(self) -> int | None:
        """The first position after the last winnable one that is proven lost or came back
        unknown (most likely lost), or None when none is."""
        low = -1 if self.winnable is None else self.winnable
        high = len(self.actions) if self.lost is None else self.lost
        for index in range(low + 1, high + 1):
            if self.verdicts.get(index) in ("lost", "unknown"):
                return index
        return None

    def open_positions(self) -> list[int]:
        """The positions between the last winnable and the first lost not yet settled either way."""
        low = -1 if self.winnable is None else self.winnable
        high = len(self.actions) + 1 if self.lost is None else self.lost
        return list(range(low + 1, high))

    def left(self) -> float:
        return self.deadline - self.reserve - self.meter.now()

    def searched(self, index: int) -> float:
        """Seconds of search from ``index`` that found no win (its own search and the fresh ones)."""
        return self.resumed.get(index, 0.0) + self.fresh.get(index, 0.0)

    def why(self) -> Words:
        """Why the first lost position is lost (empty when none is); worked out once per
        first lost position (it takes small searches of its own)."""
        if self.lost is None:
            return NO_WORDS
        known = self.reasons.get(self.lost)
        if known is None:
            lost = self.position(self.lost)
            deadline = self.meter.wall_deadline(self.deadline + self.words)
            most = self.meter.positions(self.words)  # the words' share, when the budget is positions
            known = self.reasons[self.lost] = why_lost(lost, deadline=deadline, most=most)
        return known
