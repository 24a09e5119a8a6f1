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

from collections.abc import Container
from typing import Final

from .state import (
    BYTE,
    JOINED,
    NEIGHBOURS,
    RESHUFFLE_MOVE,
    TO_FOUNDATION,
    Foundations,
    InternalMove,
    State,
    foundation_result,
    pile_room,
    reshuffled,
)

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
    for pile in piles:  # inlined _pile_penalty: this loop is the hottest code of a dive
        if pile:
            size = len(pile)
            cards += size
            found = pile.translate(table).rfind(1)
            if found >= 0:
                depth += size - 1 - found
    return RESHUFFLE_WEIGHT * left - CARD_WEIGHT * cards - DEPTH_WEIGHT * depth


def _pile_penalty(pile: bytes, table: bytes) -> int:
    """How many cards lie above the pile's shallowest needed card (0 when it has none)."""
    found = pile.translate(table).rfind(1)
    # A pile without a needed card costs nothing: measured better than counting it buried.
    return len(pile) - 1 - found if found >= 0 else 0


def scored_children(state: State, seen: Container[State]) -> list[tuple[InternalMove, State, int]]:
    """The children of :func:`~.state.children` not in ``seen``, each with its :func:`score`.

    Scores are computed incrementally: a pile-to-pile move changes two piles and no
    foundation, so only those two piles are scored again. That is most children.
    """
    piles, fnd, left = state
    table = need_table(fnd)
    penalties = [_pile_penalty(p, table) for p in piles]
    base = RESHUFFLE_WEIGHT * left - CARD_WEIGHT * sum(map(len, piles)) - DEPTH_WEIGHT * sum(penalties)
    room = pile_room(piles)
    result: list[tuple[InternalMove, State, int]] = []
    for index, pile in enumerate(piles):
        if not pile:
            continue
        card = pile[-1]
        rest = pile[:-1]
        new_fnd = foundation_result(fnd, card)
        if new_fnd is not None:
            new_piles = list(piles)
            new_piles[index] = rest
            child = (tuple(new_piles), new_fnd, left)
            if child not in seen:
                result.append(((index, TO_FOUNDATION), child, score(child)))
        targets = room.get(NEIGHBOURS[card][0], []) + room.get(NEIGHBOURS[card][1], [])
        if not targets:
            continue
        rest_change = _pile_penalty(rest, table) - penalties[index]
        card_needed = table[card]
        for target in targets:
            target_pile = piles[target]
            new_piles = list(piles)
            new_piles[index] = rest
            new_piles[target] = target_pile + BYTE[card]
            child = (tuple(new_piles), fnd, left)
            if child in seen:
                continue
            old = penalties[target]
            # The card lands on top: a needed card costs 0; otherwise a needed card
            # below (penalty > 0, or a needed top) sinks one deeper.
            if card_needed:
                new = 0
            elif old or table[target_pile[-1]]:
                new = old + 1
            else:
                new = 0
            result.append(((index, target), child, base - DEPTH_WEIGHT * (rest_change + new - old)))
    if left > 0 and any(len(p) >= 2 for p in piles):
        child = (reshuffled(piles), fnd, left - 1)
        if child not in seen:
            result.append((RESHUFFLE_MOVE, child, score(child)))
    return result
