"""A proof of loss from one suit alone: the game relaxed to a single suit.

Take one suit, and relax the rules in three ways:

- the cards of the other suits vanish whenever the player likes;
- a pile has no 13-card limit;
- each reshuffle rotates any set of piles the player picks, not every pile of two or more cards.

Whatever a real game does, the relaxed game can copy on the suit's cards. The suit's card
moves are the same moves. The other suits' cards go away instead of moving: a card that
moves in a real game only covers more. A reshuffle rotates a pile's cards of the suit
when the pile's bottom card is of the suit, and otherwise leaves them in order: a card
of another suit went on top, and that card vanishes. Sizes only shrink, so the limit
never bites. So if no relaxed line puts all the suit's cards on its two foundations,
no real line wins: the position is **lost**.

The relaxed game is small: 24 cards at most, in piles that are interchangeable (no limit,
and an emptied pile takes no card in either game), so a position is its sorted piles.
:class:`SuitBound` searches it depth first, foundation moves first, for each suit in turn.
It works in slices, so the solver can interleave it with its other work. A suit settled
either way is remembered, so advice on the next position, which differs in one suit at
most, settles the other three at once. ``tests/test_solver_suits.py`` checks every
"lost" against the unpruned complete search on thousands of small random positions.

>>> from crescent_widget import Game
>>> from crescent_widget.solver.state import from_game
>>> bound = SuitBound(from_game(Game.from_number(1)))
>>> bound.work(100_000)
>>> bound.done, bound.lost_suit
(True, None)
"""

from __future__ import annotations

from typing import Final

from ..engine.rules import SUIT
from .state import RANK, State, suit_result

# A relaxed position: (one suit's piles, sorted, without the empty ones; ascending top;
# descending top; reshuffles left). Ranks are stored as bytes (0 = Ace ... 12 = King).
Relaxed = tuple[tuple[bytes, ...], int, int, int]

# Piles accept the next rank up or down, wrapping K-A (the engine's rule): by rank.
_TARGET_RANKS: Final = tuple(((rank + 1) % 13, (rank - 1) % 13) for rank in range(13))
_SETTLED_LIMIT: Final = 200_000  # bounds the memory of settled suits

# Suits settled before, by relaxed position: True when lost, False when a relaxed win exists.
_settled: dict[Relaxed, bool] = {}


def relaxed(state: State, suit: int) -> Relaxed:
    """The relaxed position of ``suit`` in ``state``.

    >>> from crescent_widget import Game
    >>> from crescent_widget.solver.state import from_game
    >>> piles, asc, desc, left = relaxed(from_game(Game.from_number(1)), 0)
    >>> sum(map(len, piles)), asc, desc, left
    (24, 0, 12, 3)
    """
    piles, fnd, left = state
    ranks = (bytes(RANK[card] for card in pile if SUIT[card] == suit) for pile in piles)
    return tuple(sorted(pile for pile in ranks if pile)), fnd[suit], fnd[suit + 4], left


def successors(position: Relaxed) -> list[Relaxed]:
    """The relaxed positions one step on, foundation moves last (the search pops them first).

    >>> successors(((b"\\x01",), 0, 12, 0))
    [((), 1, 12, 0)]
    """
    piles, asc, desc, left = position
    found: list[Relaxed] = []
    if left:
        turnable = [index for index, pile in enumerate(piles) if len(pile) >= 2]
        # Rotating no pile only spends a reshuffle, which the relaxed game never needs.
        for chosen in range(1, 1 << len(turnable)):
            turned = list(piles)
            for bit, index in enumerate(turnable):
                if chosen >> bit & 1:
                    pile = turned[index]
                    turned[index] = pile[1:] + pile[:1]
            found.append((tuple(sorted(turned)), asc, desc, left - 1))
    by_top: dict[int, list[int]] = {}
    for index, pile in enumerate(piles):
        by_top.setdefault(pile[-1], []).append(index)
    lifted: list[Relaxed] = []
    for index, pile in enumerate(piles):
        rank = pile[-1]
        rest = pile[:-1]
        tops = suit_result(asc, desc, rank)
        if tops is not None:
            lifted.append((_without(piles, index, rest), tops[0], tops[1], left))
        for target_rank in _TARGET_RANKS[rank]:
            for target in by_top.get(target_rank, ()):
                if target != index:
                    moved = list(piles)
                    moved[index] = rest
                    moved[target] = piles[target] + pile[-1:]
                    found.append((tuple(sorted(p for p in moved if p)), asc, desc, left))
    return found + lifted


def _without(piles: tuple[bytes, ...], index: int, rest: bytes) -> tuple[bytes, ...]:
    if rest:
        return tuple(sorted((*piles[:index], rest, *piles[index + 1 :])))
    return piles[:index] + piles[index + 1 :]


class SuitBound:
    """Searches the relaxed game of each suit, in slices; see the module text.

    The suits take turns, a slice each, so that one suit with a big relaxed game does not
    hold up a small one that is lost. ``lost_suit`` is the suit (0-3, ♠♥♣♦) whose relaxed
    game has no win, once found; ``done`` is true once that is found or every suit has a
    relaxed win.
    """

    SLICE: Final = 1000

    def __init__(self, state: State) -> None:
        self.nodes = 0
        self.lost_suit: int | None = None
        self._open: list[_SuitSearch] = []
        for suit in range(4):
            start = relaxed(state, suit)
            known = False if not start[0] else _settled.get(start)
            if known:
                self.lost_suit = suit
            elif known is None:
                self._open.append(_SuitSearch(suit, start))

    @property
    def done(self) -> bool:
        return self.lost_suit is not None or not self._open

    def work(self, budget: int) -> None:
        """Search up to ``budget`` more relaxed positions (fewer when done first)."""
        stop = self.nodes + budget
        turn = 0
        while not self.done and self.nodes < stop:
            search = self._open[turn % len(self._open)]
            before = search.nodes
            verdict = search.run(min(self.SLICE, stop - self.nodes))
            self.nodes += search.nodes - before
            if verdict is None:
                turn += 1
                continue
            if len(_settled) >= _SETTLED_LIMIT:
                _settled.clear()
            _settled[search.start] = verdict
            self._open.remove(search)
            if verdict:
                self.lost_suit = search.suit


class _SuitSearch:
    """The depth-first search of one suit's relaxed game, resumable."""

    def __init__(self, suit: int, start: Relaxed) -> None:
        self.suit = suit
        self.start = start
        self.nodes = 0
        self._seen = {start}
        self._stack = [start]

    def run(self, budget: int) -> bool | None:
        """Go on for up to ``budget`` positions: True if the suit has no relaxed win, False if
        it has one, None if the budget ran out first."""
        seen, stack = self._seen, self._stack
        stop = self.nodes + budget
        while stack:
            if self.nodes >= stop:
                return None
            position = stack.pop()
            self.nodes += 1
            for child in successors(position):
                if not child[0]:
                    return False
                if child not in seen:
                    seen.add(child)
                    stack.append(child)
        return True
