"""A proof of loss from one suit alone: the game relaxed to a single suit.

Take one suit, and relax the rules in three ways:

- the cards of the other suits vanish whenever the player likes (as in a real game, a
  card can leave a pile only once nothing lies on it, so a pile's bottom card of another
  suit stays until the suit's cards above it are gone);
- a pile has no 13-card limit;
- the first reshuffle turns the suit's cards of exactly the piles whose bottom card is
  of the suit; each later one turns any set of piles the player picks.

Whatever a real game does, the relaxed game can copy on the suit's cards. The suit's card
moves are the same moves. The other suits' cards go away instead of moving: a card that
moves in a real game only covers more. A reshuffle rotates a pile's cards of the suit
when the pile's bottom card is of the suit, and otherwise leaves them in order: a card
of another suit went on top, and that card vanishes. Until the first reshuffle every
pile's bottom card is the one the position has (cards leave and arrive only on top, and
an emptied pile stays empty), so the relaxed game knows which piles that reshuffle turns;
after it, a bottom card is whatever lay second, perhaps of another suit, so the relaxed
game lets the player choose. Sizes only shrink, so the limit never bites. So if no relaxed
line puts all the suit's cards on its two foundations, no real line wins: the position is
**lost**.

The relaxed game is small: 24 cards at most, in piles that are interchangeable (no limit,
and an emptied pile takes no card in either game), so a position is its sorted piles
(:mod:`.relaxed`). :class:`SuitBound` searches it depth first, foundation moves first,
for each suit in turn, in C when the compiled core runs (the same search, faster).
It works in slices, so the solver can interleave it with its other work. A suit settled
either way is remembered, so advice on the next position, which differs in one suit at
most, settles the other three at once. ``tests/solver/test_solver_suits.py`` checks every
"lost" against the unpruned complete search on thousands of small random positions.

>>> from crescent_widget import Game
>>> from crescent_widget.solver.search.state import from_game
>>> bound = SuitBound(from_game(Game.from_number(1)))
>>> bound.work(100_000)
>>> bound.done, bound.lost_suit
(True, None)
"""

from __future__ import annotations

from typing import Final

from .backends import RelaxedEngine, relaxed_search_class
from .relaxed import Relaxed, relaxed
from .state import State

_SETTLED_LIMIT: Final = 200_000  # bounds the memory of settled suits

# Suits settled before, by relaxed position: True when lost, False when a relaxed win exists.
_settled: dict[Relaxed, bool] = {}


class SuitBound:
    """Searches the relaxed game of each suit, in slices; see the module text.

    The suits take turns, a slice each, so that one suit with a big relaxed game does not
    hold up a small one that is lost. ``lost_suit`` is the suit (0-3, ♠♥♣♦) whose relaxed
    game has no win, once found; ``done`` is true once that is found or every suit has a
    relaxed win.
    """

    SLICE: Final = 1000

    def __init__(self, state: State) -> None:
        engine = relaxed_search_class()
        self.nodes = 0
        self.lost_suit: int | None = None
        self._turn = 0  # the next open suit's turn, counted from the first
        self._open: list[tuple[int, Relaxed, RelaxedEngine]] = []
        for suit in range(4):
            start = relaxed(state, suit)
            known = False if not start[0] else _settled.get(start)
            if known:
                self.lost_suit = suit
            elif known is None:
                self._open.append((suit, start, engine(start)))

    @property
    def done(self) -> bool:
        return self.lost_suit is not None or not self._open

    def work(self, budget: int) -> None:
        """Search up to ``budget`` more relaxed positions (fewer when done first).

        The turns carry over from call to call, so that budgets smaller than a slice
        still reach every suit.
        """
        stop = self.nodes + budget
        while not self.done and self.nodes < stop:
            entry = self._open[self._turn % len(self._open)]
            suit, start, search = entry
            before = search.nodes
            verdict = search.run(min(self.SLICE, stop - self.nodes))
            self.nodes += search.nodes - before
            if verdict is None:
                self._turn += 1
                continue
            if len(_settled) >= _SETTLED_LIMIT:
                _settled.clear()
            _settled[start] = verdict
            self._open.remove(entry)
            if verdict:
                self.lost_suit = suit
