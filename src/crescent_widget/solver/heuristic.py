"""How promising a position looks: the score the best-first search sorts by.

Three terms, tuned on deals 1–80 (see ``benchmarks/bench_solver.py``):

- cards still in piles (fewer is better): progress is what wins;
- for each pile, how deep its shallowest *needed* card lies (a card a foundation takes
  next): cards above it must move before progress continues there;
- reshuffles left, weighted like five cards: spending them early was the main way an
  older greedy solver lost games it could have won.

>>> from crescent_widget import Game
>>> from crescent_widget.solver.state import from_game
>>> score(from_game(Game.from_number(1)))
-850
"""

from __future__ import annotations

from typing import Final

from .state import JOINED, Foundations, State

CARD_WEIGHT: Final = 10
DEPTH_WEIGHT: Final = 2
RESHUFFLE_WEIGHT: Final = 50

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
    for pile in piles:  # inlined pile_penalty: this loop is the hottest code of a dive
        if pile:
            size = len(pile)
            cards += size
            found = pile.translate(table).rfind(1)
            if found >= 0:
                depth += size - 1 - found
    return RESHUFFLE_WEIGHT * left - CARD_WEIGHT * cards - DEPTH_WEIGHT * depth


def pile_penalty(pile: bytes, table: bytes) -> int:
    """How many cards lie above the pile's shallowest needed card (0 when it has none)."""
    found = pile.translate(table).rfind(1)
    # A pile without a needed card costs nothing: measured better than counting it buried.
    return len(pile) - 1 - found if found >= 0 else 0
