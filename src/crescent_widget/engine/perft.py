"""Perft: how many sequences of legal actions of a given length start from a position.

Chess engines and python-chess pin their move generators with such counts: a rule that
changes changes the count. Here an action is whatever :meth:`Game.legal_actions
<crescent_widget.engine.game.Game.legal_actions>` offers (every legal move, and the reshuffle
while one is left), so ``perft(1) == len(game.legal_actions())``.

The count is a plain recursion over the rules' own functions (:mod:`.rules`), made quick in
two ways that change no answer:

- *bulk counting*: one action from the end, the legal actions are counted, not played;
- *transpositions*: two orders of the same moves (13-14 then 5-F2, or 5-F2 then 13-14)
  reach the same position, whose count is kept and used again.

Positions are tuples of 24 tuples of card ints (:mod:`.rules`' places), so a played action
builds two new tuples and shares the other 22.

>>> from crescent_widget import Game
>>> [Game.from_number(1).perft(depth) for depth in range(4)]
[1, 16, 220, 2649]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .moves import PILES
from .rules import legal_pairs

Position = tuple[tuple[int, ...], ...]
# Counts are kept for positions this many actions or more from the end; nearer the end a
# position is cheaper to count again than to look up (measured: benchmarks/bench_engine.py --perft).
MEMO_FROM: Final = 3


def perft(places: Sequence[Sequence[int]], reshuffles_left: int, depth: int) -> int:
    """The number of action sequences of length ``depth`` from a position (``depth`` >= 0).

    ``places`` are the 24 places of :mod:`.rules` (piles 0–15 bottom to top, then F1–F8),
    face-down cards included: they are real cards that a move turns up.
    """
    position: Position = tuple(tuple(cards) for cards in places)
    return _count(position, reshuffles_left, depth, {})


def _count(position: Position, left: int, depth: int, memo: dict[tuple[Position, int, int], int]) -> int:
    if depth == 0:
        return 1
    # A reshuffle is legal while one is left and the game is not won (some pile holds a card).
    reshuffle = left > 0 and any(position[:PILES])
    pairs = list(legal_pairs(position))
    if depth == 1:
        return len(pairs) + reshuffle
    key = (position, left, depth)
    if depth >= MEMO_FROM:
        known = memo.get(key)
        if known is not None:
            return known
    total = 0
    for src, dst in pairs:
        after = list(position)
        source = after[src]
        after[dst] = (*after[dst], source[-1])
        after[src] = source[:-1]
        total += _count(tuple(after), left, depth - 1, memo)
    if reshuffle:
        turned = tuple(pile[1:] + pile[:1] if len(pile) >= 2 else pile for pile in position[:PILES])
        total += _count(turned + position[PILES:], left - 1, depth - 1, memo)
    if depth >= MEMO_FROM:
        memo[key] = total
    return total
