"""The two searches behind :func:`~crescent_widget.solver.solve`, and the table they share.

- :meth:`Search.dive` is a greedy best-first search over at most a few hundred expansions,
  restarted with random noise on the scores so that each dive explores a different line.
  The noise grows with each restart, up to a cap: the first dives trust the score (they
  win most fresh deals), later ones stray further from it (a player's position after a
  few slips often needs a line the score ranks low).
  It finds most wins quickly, but it proves nothing: it stops early and forgets.
- :meth:`Search.prove` is a complete depth-first search over every successor that
  :func:`~.expand.expand` yields (the reshuffle included), best-scoring first; once no
  reshuffle is left, over the moves of a stubborn set (:mod:`.stubborn`), which reach a
  win whenever every move does. When it runs out of states without reaching a win, no
  win exists: that is the only path that may answer "lost". The visited table is sound
  because a state's key holds everything that decides its future (the reshuffles left
  included), and joined suits are folded only between positions that the
  foundation-to-foundation moves connect both ways.

The proof also asks the one-suit bound (:mod:`.suits`) about each state it reaches: the
suit of the card just moved (every suit after a reshuffle) is played alone under the
relaxed rules, for at most :data:`SUIT_CHECK_NODES` relaxed positions (and only while the
check has searched fewer relaxed positions than the proof has states), and a state whose
suit has no relaxed win gets no successors (it is lost). A move changes the relaxed game
of its own card's suit only, so one check per state covers every suit a move reached;
verdicts are kept per relaxed position for the whole search, and the relaxed positions
count as the proof's work.

The proof finds strongly connected groups of states as it goes (Tarjan's algorithm: moves
between piles can be undone, so the state graph has cycles). When a group is finished
without a win, every state it can reach has been searched, so none of its states can be
won: they are marked *dead* in the shared table, and the dives skip them from then on.

>>> from crescent_widget import Game
>>> from crescent_widget.solver.search.state import from_game
>>> search = Search(from_game(Game.from_number(3)), seed=1)
>>> line = None
>>> while line is None:
...     line = search.dive(1000)
>>> len(line) > 100
True
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable
from operator import itemgetter
from typing import Final

from ...checks import check_flag
from ...engine.rules import SUIT
from .checks import SearchBusyError, check_limit, check_seed, check_state, check_stop
from .expand import Child, expand
from .heuristic import RESHUFFLE_WEIGHT, score
from .relaxed import Relaxed, RelaxedSearch, relaxed
from .state import ANY_FOUNDATION, RESHUFFLE_MOVE, InternalMove, State, is_won, reshuffled

# The version of the search's behaviour: bump it whenever a change to this module or to
# what it calls (expand, the score, the state) can change a search's results (its line,
# node counts or verdict for a given seed and budget). The compiled core
# (``crescent_accel``) mirrors this search and carries the number it mirrors; the
# solver uses it only when the two numbers match (:mod:`.backends`).
ALGORITHM: Final = 9
# The noise of dive k (k >= 1) is min(DIVE_NOISE_MAX, DIVE_NOISE + k), the first dive has
# none: later dives stray further from the score (docs/solver.md, "Tuning").
DIVE_NOISE: Final = 5.0
DIVE_NOISE_MAX: Final = 30.0
DEAD: Final = -1  # the table's mark for a state proven to have no win
# The proof's one-suit check: relaxed positions per new relaxed game (most relaxed wins
# take under 50; a game still open then is not searched again). The check waits while its
# relaxed positions outnumber the states the proof has reached, so it never takes more
# than half of the proof's work.
SUIT_CHECK_NODES: Final = 300
ALL_SUITS: Final = (0, 1, 2, 3)
_BY_SCORE = itemgetter(2)


class _Frame:
    """One state on the proof's stack: its successors, the next to try, Tarjan's numbers."""

    __slots__ = ("children", "index", "low", "next", "state")

    def __init__(self, state: State, children: list[Child], index: int) -> None:
        self.state = state
        self.children = children
        self.next = 0
        self.index = index
        self.low = index


class Search:
    """Search state that survives between calls, so a caller can share out a time budget.

    Args:
        root: the position to solve.
        seed: seeds the dives' noise.
        prune: use the safe moves and dead ends of :mod:`.expand` (off only to test them).

    Raises:
        ArgumentTypeError, InvalidPositionError: ``root`` is not a valid state, ``seed``
            not an int or ``prune`` not a bool (:mod:`.checks`).

    Attributes:
        nodes: successor states generated by both searches.
        stored: the largest number of states held at once.
        proof_done: the complete search has finished (``lost`` if it found no win).
        dead_marks: states the proof has shown to have no win (the dives skip them).
        suit_cuts: states the proof's one-suit check found lost (their successors unsearched).
        suit_nodes: the relaxed positions that check searched (counted in ``nodes`` and
            ``proof_nodes`` too).
        best_line: the line to the best-scoring position seen by the dives.
    """

    def __init__(self, root: State, *, seed: int = 0, prune: bool = True) -> None:
        check_state(root)
        check_seed(seed)
        check_flag(prune, "prune")
        self.root = root
        self.prune = prune
        self.nodes = 0
        self.stored = 0
        self.dives = 0
        self.proof_nodes = 0
        self.proof_done = False
        self.dead_marks = 0
        self.suit_cuts = 0
        self.suit_nodes = 0
        self.best_line: list[InternalMove] = []
        self._best_score = score(root)
        self._rng = random.Random(seed)
        # The shared table: proof order number of each state the proof has reached, or DEAD.
        self._table: dict[State, int] = {root: 0}
        self._stack: list[_Frame] = [self._frame(root, 0)]
        self._group: list[State] = [root]  # Tarjan's stack: states of unfinished groups
        self._proof_line: list[InternalMove] = []
        self._running = False
        # The one-suit check's verdicts: True lost, False a relaxed win, None not settled.
        self._suit_verdicts: dict[Relaxed, bool | None] = {}
        self._suit_work = 0  # relaxed positions the check has searched, not yet counted

    def _frame(self, state: State, index: int, suits: tuple[int, ...] = ()) -> _Frame:
        if suits and self.prune and self._suit_lost(state, suits):
            self.suit_cuts += 1
            return _Frame(state, [], index)
        children = expand(state, (), prune=self.prune, stubborn=True)
        children.sort(key=_BY_SCORE, reverse=True)
        return _Frame(state, children, index)

    def _suit_lost(self, state: State, suits: tuple[int, ...]) -> bool:
        """Whether one of ``suits`` has no relaxed win in ``state`` (see the module text)."""
        verdicts = self._suit_verdicts
        for suit in suits:
            start = relaxed(state, suit)
            if not start[0]:
                continue  # the suit is home
            if start in verdicts:
                verdict = verdicts[start]
            elif self.suit_nodes + self._suit_work >= len(self._table):
                continue  # the check has had its half of the proof's work
            else:
                bound = RelaxedSearch(start)
                verdict = verdicts[start] = bound.run(SUIT_CHECK_NODES)
                self._suit_work += bound.nodes
            if verdict:
                return True
        return False

    def dive(self, limit: int, stop: Callable[[], bool] | None = None) -> list[InternalMove] | None:
        """Best-first from the root for ``limit`` expansions; the winning line or None.

        ``stop`` is polled every 64 expansions to end the dive early (a deadline). A dive
        that runs out of states has visited every reachable one: it sets :attr:`proof_done`.

        Raises:
            ArgumentTypeError: ``limit`` is not an int, or ``stop`` not callable.
            SearchBusyError: called from ``stop`` while this search runs.
        """
        check_limit(limit)
        check_stop(stop)
        self._enter()
        try:
            return self._dive(limit, stop)
        finally:
            self._running = False

    def _enter(self) -> None:
        if self._running:
            raise SearchBusyError
        self._running = True

    def _dive(self, limit: int, stop: Callable[[], bool] | None) -> list[InternalMove] | None:
        if is_won(self.root):
            return []
        noise = min(DIVE_NOISE_MAX, DIVE_NOISE + self.dives) if self.dives else 0.0
        self.dives += 1
        rand = self._rng.random
        root = self.root
        table = self._table
        prune = self.prune
        parents: dict[State, tuple[State, InternalMove] | None] = {root: None}
        # Heap entries: (priority, order, score, state, lazy). A lazy entry stands for the
        # reshuffle of its state, built only when popped: most are never popped, and
        # building one costs as much as several other successors. Its score is estimated
        # as the state's own less a reshuffle's worth.
        heap: list[tuple[float, int, int, State, bool]] = [(0.0, 0, score(root), root, False)]
        pushed = 0
        best_score, best_state = self._best_score, root
        expanded = 0
        while heap and expanded < limit:
            if not expanded & 63 and expanded and stop is not None and stop():
                break
            _, _, state_score, popped, lazy = heapq.heappop(heap)
            state = self._reshuffle_of(popped, parents) if lazy else popped
            if state is None:
                continue
            expanded += 1
            for move, child, value in expand(state, parents, prune=prune, reshuffle=False):
                step = (state, move)
                if parents.setdefault(child, step) is not step:
                    continue  # two moves of one expansion reached one child
                if move[1] == ANY_FOUNDATION and not any(child[0]):  # only a foundation move can win
                    self._count(len(parents), len(parents) - 1)
                    return _line_to(parents, child)
                if self.dead_marks and table.get(child, 0) == DEAD:
                    continue
                if value > best_score:
                    best_score, best_state = value, child
                pushed += 1
                heapq.heappush(heap, (-(value + rand() * noise), pushed, value, child, False))
            if state[2] and any(len(p) >= 2 for p in state[0]):
                value = state_score - RESHUFFLE_WEIGHT
                pushed += 1
                heapq.heappush(heap, (-(value + rand() * noise), pushed, value, state, True))
        self._count(len(parents), len(parents) - 1)
        if not heap:
            self.proof_done = True  # every reachable state was expanded or is dead, and none is won
        if best_state is not root:
            self._best_score, self.best_line = best_score, _line_to(parents, best_state)
        return None

    def _reshuffle_of(self, parent: State, parents: dict[State, tuple[State, InternalMove] | None]) -> State | None:
        """Build a lazy heap entry's reshuffle; None if the dive has it already or it is dead."""
        state = (reshuffled(parent[0]), parent[1], parent[2] - 1)
        step = (parent, RESHUFFLE_MOVE)
        if parents.setdefault(state, step) is not step:
            return None
        if self.dead_marks and self._table.get(state, 0) == DEAD:
            return None
        return state

    def prove(self, limit: int) -> list[InternalMove] | None:
        """Advance the complete search by about ``limit`` states; a winning line or None.

        Sets :attr:`proof_done` when every reachable state has been visited.

        Raises:
            ArgumentTypeError: ``limit`` is not an int.
            SearchBusyError: called from a dive's ``stop`` while this search runs.
        """
        check_limit(limit)
        self._enter()
        try:
            return self._prove(limit)
        finally:
            self._running = False

    def _prove(self, limit: int) -> list[InternalMove] | None:
        table, stack, group, line = self._table, self._stack, self._group, self._proof_line
        generated = 0
        while stack and generated < limit:
            frame = stack[-1]
            children = frame.children
            pushed = False
            while frame.next < len(children):
                move, child, _ = children[frame.next]
                frame.next += 1
                number = table.get(child)
                if number is None:
                    generated += 1
                    line.append(move)
                    if not any(child[0]):
                        self._count(len(table), generated)
                        return list(line)
                    number = len(table)
                    table[child] = number
                    group.append(child)
                    suits = ALL_SUITS if move == RESHUFFLE_MOVE else (SUIT[frame.state[0][move[0]][-1]],)
                    stack.append(self._frame(child, number, suits))
                    generated += self._suit_work
                    self.suit_nodes += self._suit_work
                    self._suit_work = 0
                    pushed = True
                    break
                if number != DEAD and number < frame.low:
                    frame.low = number  # a state of an unfinished group: same group or an ancestor's
            if pushed:
                continue
            stack.pop()
            if line:
                line.pop()
            if frame.low == frame.index:  # a finished group without a win: all dead
                while True:
                    member = group.pop()
                    table[member] = DEAD
                    self.dead_marks += 1
                    if member is frame.state:
                        break
            elif stack and frame.low < stack[-1].low:
                stack[-1].low = frame.low
        self._count(len(table), generated)
        self.proof_nodes += generated
        if not stack:
            self.proof_done = True
        return None

    def _count(self, stored: int, generated: int) -> None:
        self.nodes += generated
        self.stored = max(self.stored, stored)


def _line_to(parents: dict[State, tuple[State, InternalMove] | None], state: State) -> list[InternalMove]:
    """The moves from the dive's start to ``state``."""
    line: list[InternalMove] = []
    step = parents[state]
    while step is not None:
        state, move = step
        line.append(move)
        step = parents[state]
    line.reverse()
    return line
