"""Solve a position: won (with a line the engine has replayed), lost (proven), or unknown.

>>> from crescent_widget import Game
>>> result = solve(Game.from_number(3), nodes=300_000)
>>> result.status, result.line[0]
('won', Move.parse('...'))
>>> check_win(Game.from_number(3), result.line)
True
"""

from __future__ import annotations

import math
import time
import warnings
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Literal

from ..engine.moves import Move
from ..errors import CrescentError
from .backends import SearchEngine, search_class
from .checks import InvalidBudgetError, check_game, check_seed, refuse_type
from .replay import ReplayError, check_win, engine_line
from .state import InternalMove, State, from_game, is_won
from .suits import SuitBound
from .watch import current as current_watch
from .watch import finish_steps, in_browser

if TYPE_CHECKING:
    from ..engine.game import Game

# What a search found; not the engine's Status (playing, won or blocked), which is a game's.
Outcome = Literal["won", "lost", "unknown"]
Proof = Literal["", "search", "suit"]


# In the browser the search holds the kernel's only thread for its whole budget, so there a
# solve without a budget stops after a second.
DEFAULT_SECONDS: Final = 1.0 if in_browser() else 5.0
# The measurements behind these numbers are in docs/solver.md ("Tuning").
# Dives of DIVE_UNIT expansions, then DIVE_UNIT times Luby's sequence up to DIVE_LONGEST
# units (no single length wins every deal); the first DIVE_FIRST stay short for small budgets.
DIVE_UNIT: Final = 500
DIVE_LONGEST: Final = 16
DIVE_FIRST: Final = 40
PROOF_COST: Final = 2  # a proof state costs about this many dive states of work
FIRST_PROOF_STATES: Final = 500  # tiny positions are settled outright before any dive
# The complete search's share of the work, by cards left: proofs pay off on small positions only.
PROOF_SHARES: Final = ((18, 0.75), (24, 0.6), (40, 0.45), (56, 0.3), (72, 0.15))
LAST_PROOF_SHARE: Final = 0.05
SLICE: Final = 2000  # the proof and the bound work in slices this big between looks at the clock
# A search run in slices (the browser, no threads) proves in pieces this big, yielding between
# them: 50 proof states take about 50 ms in pure Python, where a slice would hold the board.
PROOF_PIECE: Final = 50
BOUND_AFTER: Final = 30_000  # the one-suit bound waits this long: most positions are won before
BOUND_SHARE: Final = 0.3  # then it gets relaxed positions worth this share of the search's
BOUND_MOST: Final = 2_000_000  # relaxed positions per solve at most (they stay in memory)


def check_seconds(seconds: object) -> float:
    """A time budget: a finite number >= 0 (an int or a float, not a bool), as a float.

    >>> check_seconds(2), check_seconds(0.5)
    (2.0, 0.5)
    >>> check_seconds(float("nan"))
    Traceback (most recent call last):
    ...
    crescent_widget.solver.checks.InvalidBudgetError: seconds must be a finite number >= 0, got nan
    >>> check_seconds(2**2000)
    Traceback (most recent call last):
    ...
    crescent_widget.solver.checks.InvalidBudgetError: seconds must be a finite number >= 0, got a huge int
    >>> check_seconds("1")
    Traceback (most recent call last):
    ...
    crescent_widget.errors.ArgumentTypeError: seconds must be an int or a float, not str
    """
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
        refuse_type("invalid_budget", "seconds", "an int or a float", seconds)
    try:
        number = float(seconds)
    except OverflowError:  # an int beyond every float: longer than any clock can count
        raise InvalidBudgetError("seconds must be a finite number >= 0, got a huge int") from None
    if not (math.isfinite(number) and number >= 0):
        raise InvalidBudgetError(f"seconds must be a finite number >= 0, got {seconds!r}")
    return number


def check_budget(seconds: object = None, nodes: object = None) -> None:
    """Refuse a budget the search could never honour; None stands for "not given".

    ``seconds`` as :func:`check_seconds` takes it; ``nodes`` any int >= 0, however big.

    Raises:
        InvalidBudgetError: NaN, infinite or negative.
        ArgumentTypeError: not a number (``nodes``: not an int), or a bool.
    """
    if seconds is not None:
        check_seconds(seconds)
    if nodes is not None:
        if type(nodes) is not int:
            refuse_type("invalid_budget", "nodes", "an int", nodes)
        if nodes < 0:
            raise InvalidBudgetError(f"nodes must be an int >= 0, got {nodes!r}")


def luby(index: int) -> int:
    """Term ``index`` (from 1) of Luby's sequence: 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ...

    >>> [luby(index) for index in range(1, 16)]
    [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
    """
    while True:
        size = 1
        while size * 2 - 1 < index:
            size *= 2
        if index == size * 2 - 1:
            return size
        index -= size - 1  # the sequence so far repeats itself before each new peak


def dive_length(dives: int) -> int:
    """The expansions of the dive that follows ``dives`` earlier ones (see DIVE_UNIT).

    >>> [dive_length(dives) for dives in (0, 39, 40, 41, 42, 43, 44, 45, 46)]
    [500, 500, 500, 500, 1000, 500, 500, 1000, 2000]
    """
    if dives < DIVE_FIRST:
        return DIVE_UNIT
    return DIVE_UNIT * min(luby(dives - DIVE_FIRST + 1), DIVE_LONGEST)


def proof_share(state: State) -> float:
    """The share of the work the complete search gets on this position (see PROOF_SHARES)."""
    cards = sum(map(len, state[0]))
    for most, share in PROOF_SHARES:
        if cards <= most:
            return share
    return LAST_PROOF_SHARE


__all__ = ["InvalidBudgetError", "SolveResult", "Solving", "check_budget", "check_seconds", "check_win", "solve"]


@dataclass(frozen=True)
class SolveResult:
    """What :func:`solve` found.

    Attributes:
        status: ``"won"`` (``line`` wins from the position, replayed through the engine),
            ``"lost"`` (proven: no win exists; ``proof`` says how) or ``"unknown"`` (the
            budget ran out first).
        line: the winning line as engine moves (``str(m)`` gives ``"13-F1"``, ``"R"``);
            empty unless won. A hint's and a review's ``line`` are the same kind of
            value; a survey record's ``"line"`` holds the same moves as text.
        nodes: positions generated by the search, the one-suit bound's included.
        seconds: wall time spent, replay included.
        states_stored: the most positions held in memory at once.
        proof_nodes: the positions of ``nodes`` that the complete search generated.
        proof: for a loss, ``"search"`` (every reachable position was searched) or
            ``"suit"`` (one suit alone cannot be finished even with the rules relaxed,
            see :mod:`~.suits`); ``""`` otherwise.
    """

    status: Outcome
    line: tuple[Move, ...]
    nodes: int
    seconds: float
    states_stored: int
    proof_nodes: int = 0
    proof: Proof = ""

    @property
    def moves(self) -> tuple[Move, ...]:
        """Deprecated: the former name of :attr:`line`, kept for one release."""
        warnings.warn(
            "SolveResult.moves is deprecated: use SolveResult.line (the next release drops the name)",
            DeprecationWarning,
            stacklevel=2,
        )
        return self.line


def solve(game: Game, *, seconds: float | None = None, nodes: int | None = None, seed: int = 0) -> SolveResult:
    """Search for a win from the position of ``game`` (which is not changed).

    Args:
        game: any position, fresh deal or mid-game; reshuffles left count as moves.
        seconds: wall-time budget. With neither budget given, 5 seconds (1 second in the
            browser, on Pyodide, where the search blocks the kernel's only thread).
        nodes: budget in generated positions (deterministic for a given ``seed``).
        seed: seeds the random noise of the restarts.

    Raises:
        ArgumentTypeError: ``game`` is not a Game, a budget not a number, ``seed`` not an int.
        InvalidBudgetError: ``seconds`` or ``nodes`` is negative, NaN or infinite.
        InvalidPositionError: ``game`` does not hold a Crescent position (the search
            refuses it rather than answer about it).
        CrescentError: ``hidden_cards``: face-down cards remain (variant ``H``): a search would read them.
            Solve the same deal number in the standard game for the full-knowledge answer.
        ReplayError: the search produced a line the engine refuses (a solver bug).
        SolverBackendError: ``CRESCENT_SOLVER`` asks for a search that cannot run
            (see :func:`~.backends.backend`).
    """
    check_game(game)
    check_budget(seconds, nodes)
    check_seed(seed)
    if hides_cards(game):
        raise CrescentError(
            "hidden_cards",
            "this face-down deal still hides cards, and a search would read them; "
            "solve the same deal as the standard game (CR1-N-…) for the full-knowledge answer",
        )
    return run(game, seconds=seconds, nodes=nodes, seed=seed)[0]


def hides_cards(game: Game) -> bool:
    """Whether face-down cards remain (face-down deal): then no search may look at the position.

    The search reads every card, so with any hidden the advice plays fair: hints weigh
    only what the player sees, and winnability and move checks say "unknown".
    """
    return any(game.face_down(number) for number in range(1, 17))


def run(
    game: Game, *, seconds: float | None = None, nodes: int | None = None, seed: int = 0, prune: bool = True
) -> tuple[SolveResult, SearchEngine]:
    """:func:`solve`, also returning the search (for its best heuristic line).

    It runs :func:`run_steps` to its end; a search watched by a
    :class:`~.watch.Watch` reports its progress there and stops when it is cancelled.
    """
    return finish_steps(run_steps(game, seconds=seconds, nodes=nodes, seed=seed, prune=prune))


def run_steps(
    game: Game, *, seconds: float | None = None, nodes: int | None = None, seed: int = 0, prune: bool = True
) -> Generator[None, None, tuple[SolveResult, SearchEngine]]:
    """:func:`run` in steps: it yields between its dives and between slices of the proof and the bound.

    A caller without threads (the browser) runs the steps one at a time between other
    work (see :mod:`crescent_widget.table.background`).

    The search is the one :func:`~.backends.backend` names: the compiled core when it is
    installed, else the pure-Python :class:`~.search.Search` (the same results for a
    node budget and seed). Once :data:`BOUND_AFTER` positions brought no answer, the
    one-suit bound (:class:`~.suits.SuitBound`) takes its turns beside the search.
    ``prune=False`` switches off the safe moves, the dead ends and the bound (only to
    test them).
    """
    check_game(game)
    check_budget(seconds, nodes)
    check_seed(seed)
    if seconds is None and nodes is None:
        seconds = DEFAULT_SECONDS
    solving = Solving(game, seed=seed, prune=prune)
    result = yield from solving.steps(seconds=seconds, nodes=nodes)
    return result, solving.search


class Solving:
    """One position's search that a caller may give more time later: each call of
    :meth:`steps` goes on where the one before stopped (its dives, proof and bound).

    Its dives so far, its proof's table and stack and the one-suit bound's work are kept,
    so the time of a position probed again is not spent twice (only a dive cut short by the
    end of a call is lost). For a seed and node budgets both backends answer the same.

    Raises:
        as :func:`solve`, for the game and the seed.
    """

    def __init__(self, game: Game, *, seed: int = 0, prune: bool = True) -> None:
        check_game(game)
        check_seed(seed)
        self.game = game.copy()
        self.search = search_class()(from_game(game), seed=seed, prune=prune)
        # The complete search's share of the work (see PROOF_SHARES); a caller that expects a
        # loss may raise it, as dives cannot prove one.
        self.share = proof_share(self.search.root)
        self.bound = SuitBound(self.search.root) if prune else None
        self.result: SolveResult | None = None  # once won or lost, for good
        self._seconds = 0.0  # spent in earlier calls
        self._line: list[InternalMove] | None = None
        self._started = False

    def work(self) -> int:
        """Positions generated so far, the bound's included."""
        return self.search.nodes + (self.bound.nodes if self.bound is not None else 0)

    def _finish(self, status: Outcome, moves: tuple[Move, ...], proof: Proof, spent: float, before: int) -> SolveResult:
        search = self.search
        result = SolveResult(status, moves, self.work(), spent, search.stored, search.proof_nodes, proof)
        watch = current_watch()
        if watch is not None:
            watch.search_ended(result.nodes - before)
        if status != "unknown":
            self.result = result
        else:
            self._seconds = spent
        return result

    def steps(self, *, seconds: float | None = None, nodes: int | None = None) -> Generator[None, None, SolveResult]:
        """Search on for ``seconds`` more (or until :meth:`work` reaches ``nodes``); what is
        known then. A settled verdict is returned again at once."""
        check_budget(seconds, nodes)
        if self.result is not None:
            return self.result
        clock = time.perf_counter
        started = clock()
        deadline = started + seconds if seconds is not None else math.inf
        node_limit = nodes if nodes is not None else 1 << 62
        search, bound, share, work = self.search, self.bound, self.share, self.work
        watch = current_watch()
        before = work()  # a watch counts each call's own work once

        def out_of_budget() -> bool:
            if watch is not None:
                watch.poll(work() - before)  # raises SearchCancelled once the watch is cancelled
            return work() >= node_limit or clock() >= deadline

        def finish(status: Outcome, moves: tuple[Move, ...] = (), proof: Proof = "") -> SolveResult:
            return self._finish(status, moves, proof, self._seconds + clock() - started, before)

        def slices(owed: int, finished: Callable[[], bool]) -> Iterator[int]:
            """Work sizes adding up to ``owed``, small enough to keep the deadline, while it lasts."""
            while owed > 0 and not finished() and not out_of_budget():
                step = min(owed, SLICE, max(1, node_limit - work()))
                yield step
                owed -= step

        def bound_lost() -> Generator[None, None, bool]:
            """Give the bound its turn if it is owed one; whether it has proven the loss."""
            if bound is not None and search.nodes >= BOUND_AFTER:
                for step in slices(min(int(search.nodes * BOUND_SHARE), BOUND_MOST) - bound.nodes, lambda: bound.done):
                    bound.work(step)
                    yield
            return bound is not None and bound.lost_suit is not None

        piece = PROOF_PIECE if watch is not None and watch.pieces else None
        line = self._line
        if not self._started:
            self._started = True
            first = min(FIRST_PROOF_STATES, node_limit)
            line = [] if is_won(search.root) else (yield from prove_in_pieces(search, first, piece))
        while line is None and not search.proof_done and not out_of_budget():
            if (yield from bound_lost()):
                return finish("lost", proof="suit")
            line = search.dive(dive_length(search.dives), out_of_budget)
            yield
            # Top the proof up to its share of the work done so far.
            dive_work = search.nodes - search.proof_nodes
            owed = int(dive_work * share / (1 - share) / PROOF_COST) - search.proof_nodes
            for step in slices(owed if line is None else 0, lambda: search.proof_done):
                line = yield from prove_in_pieces(search, step, piece)
                if line is not None:
                    break
        self._line = line
        game = self.game
        if line is not None:
            moves = tuple(engine_line(game, line))
            if not check_win(game, moves):  # engine_line() checked each move; this checks the end
                raise ReplayError("the solver line is legal but does not win")
            return finish("won", moves)
        if search.proof_done:
            return finish("lost", proof="search")
        if (yield from bound_lost()):
            return finish("lost", proof="suit")
        return finish("unknown")


def prove_in_pieces(
    search: SearchEngine, states: int, most: int | None
) -> Generator[None, None, list[InternalMove] | None]:
    """``search.prove(states)``, in pieces of at most ``most`` states (None: one call), yielding
    between them; a winning line or None."""
    while True:
        piece = states if most is None else min(states, most)
        found = search.prove(piece)
        states -= piece
        if found is not None or states <= 0 or search.proof_done:
            return found
        yield


def dives_only(game: Game, *, seconds: float, seed: int = 7) -> SolveResult:
    """Only the dives, never the proof: a check that a proven loss is not contradicted.

    It answers ``won`` (a replayed line) or ``unknown``; a benchmark runs it on positions
    :func:`solve` called lost, where a win would expose an unsound proof.
    """
    check_game(game)
    check_seconds(seconds)
    check_seed(seed)
    started = time.perf_counter()
    deadline = started + seconds
    search = search_class()(from_game(game), seed=seed)
    line = None
    while line is None and time.perf_counter() < deadline:
        line = search.dive(dive_length(search.dives), lambda: time.perf_counter() >= deadline)
        if search.proof_done:
            break
    moves = tuple(engine_line(game, line)) if line is not None else ()
    if line is not None and not check_win(game, moves):
        raise ReplayError("the solver line is legal but does not win")
    status: Outcome = "won" if line is not None else "unknown"
    return SolveResult(status, moves, search.nodes, time.perf_counter() - started, search.stored)
