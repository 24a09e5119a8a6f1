"""How promising a position looks: the score the best-first search sorts by.

Four terms, the first three tuned on deals 1–80 (see ``benchmarks/bench_solver.py``):

- cards still in piles (fewer is better): progress is what wins;
- for each pile, how deep its shallowest *needed* card lies (a card a foundation takes
  next): cards above it must move before progress continues there;
- reshuffles left, weighted like five cards: spending them early was the main way an
  older greedy solver lost games it could have won;
- empty piles, each weighted like half a card: an emptied pile stays empty, so it is one
  place fewer to build on for the rest of the game. Emptying one by sending its last card
  up still gains (a card is worth more), but emptying one by a move between piles now
  costs, where before it looked free. Measured on players' positions (the noisy player
  of ``benchmarks/bench_solver_positions.py``) at 600,000 positions each, won: deals
  2001-2060 205 -> 209, 3001-3060 194 -> 198, 4001-4060 199 -> 200; a weight of 3 won
  195 and 203 on the last two, 8 won 209, 198 and 197, and 20 or more (more than a card)
  lost most of them.

>>> from crescent_widget import Game
>>> from crescent_widget.solver.search.state import from_game
>>> score(from_game(Game.from_number(1)))
-850
"""

from __future__ import annotations

from typing import Final

from .state import JOINED, Foundations, State

CARD_WEIGHT: Final = 10
DEPTH_WEIGHT: Final = 2
RESHUFFLE_WEIGHT: Final = 50
EMPTY_WEIGHT: Final = 5

_need_tables: dict[Foundations, bytes] = {}


def need_table(fnd: Foundations) -> bytes:
    """A 256-byte ``bytes.translate`` table: 1 for each card a foundation takes next, else 0.

    Cached per foundation state, which changes far less often than the piles.
    """
    table = _need_tables.get(fnd)
    if table is None:
        flags = bytearray(256)
        for suit in range(4):
            asc, desc = fnd[suit], fnd[suit + 4]
            if asc == JOINED:
                flags[suit * 13 : suit * 13 + 13] = b"\x01" * 13
                continue
            if asc < 12:
                flags[suit * 13 + asc + 1] = 1
            if desc > 0:
                flags[suit * 13 + desc - 1] = 1
        table = bytes(flags)
        if len(_need_tables) > 100_000:  # foundation states are few; this only bounds memory
            _need_tables.clear()
        _need_tables[fnd] = table
    return table


def score(state: State) -> int:
    """Higher is better; only differences between scores matter."""
    piles, fnd, left = state
    table = need_table(fnd)
    cards = 0
    depth = 0
    empty = 0
    for pile in piles:  # inlined pile_penalty: this loop is the hottest code of a dive
        if pile:
            size = len(pile)
            cards += size
            found = pile.translate(table).rfind(1)
            if found >= 0:
                depth += size - 1 - found
        else:
            empty += 1
    return RESHUFFLE_WEIGHT * left - CARD_WEIGHT * cards - DEPTH_WEIGHT * depth - EMPTY_WEIGHT * empty


def pile_penalty(pile: bytes, table: bytes) -> int:
    """How many cards lie above the pile's shallowest needed card (0 when it has none)."""
    found = pile.translate(table).rfind(1)
    # A pile without a needed card costs nothing: measured better than counting it buried.
    return len(pile) - 1 - found if found >= 0 else 0
