"""The solver's one move generator, with its two sound prunings.

:func:`expand` lists a state's successors, each with its :func:`~.heuristic.score`,
computed incrementally. Both searches use it; with ``prune=False`` it yields every legal
move (``tests/test_solver_soundness.py`` checks that against the engine's rules, and checks
the pruned searches against unpruned ones).

**Safe moves (dominance).** Once no reshuffle is left, a suit with one foundation complete
has one *chain* left: its remaining cards, one copy each, go onto the other foundation in
a fixed order. The chain's next card is then moved up at once, and no other move is
tried. Why that loses no win: a pile card's only use is as a place to build on, and the
only remaining card that fits on a chain card is the chain's next card, which in the
position with the card already up can go straight onto the foundation instead. Any winning
line from the position before the move therefore maps, move by move, onto a winning line
from the position after it (cards that the line stacks onto the chain go up at once; all
other moves are the same, because the piles differ only by chain cards lying on top of
their piles). With a reshuffle left this fails: a reshuffle rotates piles, and removing a
card changes the rotation. The wrap (K onto A) is why the other foundation must be
complete: otherwise its Ace could still lie on this chain's King.

**Dead ends.** With no reshuffle left, if the last card of such a chain lies above
another card of its chain in one pile, the game is lost: the chain's cards must go up in
order, so the last card must leave that pile first, and the only card it fits on is its
chain predecessor, which it would then cover for good.

>>> from crescent_widget import Game
>>> from crescent_widget.solver.state import from_game
>>> [move for move, child, value in expand(from_game(Game.from_number(1)), ())][:3]
[(0, 2), (2, 16), (2, 0)]
"""

from __future__ import annotations

from collections.abc import Container
from typing import Final

from ..rules import MAX_PILE
from .heuristic import CARD_WEIGHT, DEPTH_WEIGHT, RESHUFFLE_WEIGHT, need_table, pile_penalty, score
from .state import (
    BYTE,
    JOINED,
    NEIGHBOURS,
    RESHUFFLE_MOVE,
    TO_FOUNDATION,
    Foundations,
    InternalMove,
    Piles,
    State,
    foundation_result,
    lifts,
    reshuffled,
)

Child = tuple[InternalMove, State, int]
# One finished chain of a suit: (its last card, a translate table flagging its other cards).
Chain = tuple[int, bytes]

_chains: dict[Foundations, tuple[bytes, tuple[Chain, ...]]] = {}
NO_CHAINS: Final = (b"", ())


def chains(fnd: Foundations) -> tuple[bytes, tuple[Chain, ...]]:
    """For foundations ``fnd``: a table flagging each chain's next card, and the chains.

    Only suits with one foundation complete have a chain (see the module text).
    ``NO_CHAINS`` when there is none, the common case.
    """
    found = _chains.get(fnd)
    if found is not None:
        return found
    safe = bytearray(52)
    found_chains: list[Chain] = []
    for suit in range(4):
        asc, desc = fnd[suit], fnd[suit + 4]
        if asc == JOINED:
            continue
        base = suit * 13
        if desc == 0 and asc < 12:  # descending complete: ranks asc+1 .. K go up in order
            safe[base + asc + 1] = 1
            others = range(asc + 1, 12)
            last = base + 12
        elif asc == 12 and desc > 0:  # ascending complete: ranks desc-1 .. A go down in order
            safe[base + desc - 1] = 1
            others = range(1, desc)
            last = base
        else:
            continue
        flags = bytearray(256)
        for rank in others:
            flags[base + rank] = 1
        found_chains.append((last, bytes(flags)))
    found = (bytes(safe), tuple(found_chains)) if found_chains else NO_CHAINS
    if len(_chains) > 100_000:  # foundation states are few; this only bounds memory
        _chains.clear()
    _chains[fnd] = found
    return found


def dead_end(piles: Piles, fnd: Foundations, left: int) -> bool:
    """Whether a chain's last card covers another card of its chain (no reshuffle left)."""
    if left:
        return False
    for last, flags in chains(fnd)[1]:
        for pile in piles:
            at = pile.find(last)
            if at > 0 and pile[:at].translate(flags).find(1) >= 0:
                return True
    return False


def expand(state: State, seen: Container[State], *, prune: bool = True) -> list[Child]:
    """The successors of ``state`` not in ``seen``: (move, child, score of child).

    Moves onto a foundation come first for each pile; the reshuffle comes last (when it
    changes anything). With ``prune``, a safe move is the only successor, and a dead end
    has none.
    """
    piles, fnd, left = state
    if prune and not left:
        safe, found_chains = chains(fnd)
        if found_chains:
            if dead_end(piles, fnd, left):
                return []
            for index, pile in enumerate(piles):
                if pile and safe[pile[-1]]:
                    new_piles = list(piles)
                    new_piles[index] = pile[:-1]
                    new_fnd = foundation_result(fnd, pile[-1])
                    assert new_fnd is not None  # a chain's next card always fits
                    child = (tuple(new_piles), new_fnd, left)
                    return [] if child in seen else [((index, TO_FOUNDATION), child, score(child))]
    return _every_move(state, seen)


def _every_move(state: State, seen: Container[State]) -> list[Child]:
    """Every legal successor not in ``seen``, scored incrementally.

    A pile-to-pile move changes two piles and no foundation, so only those two piles are
    scored again. That is most children.
    """
    piles, fnd, left = state
    table = need_table(fnd)
    penalties = [pile_penalty(p, table) for p in piles]
    base = RESHUFFLE_WEIGHT * left - CARD_WEIGHT * sum(map(len, piles)) - DEPTH_WEIGHT * sum(penalties)
    room: dict[int, list[int]] = {}  # top card -> piles with that top and room for one more
    for index, pile in enumerate(piles):
        if pile and len(pile) < MAX_PILE:
            top = pile[-1]
            if top in room:
                room[top].append(index)
            else:
                room[top] = [index]
    result: list[Child] = []
    lift = lifts(fnd)
    for index, pile in enumerate(piles):
        if not pile:
            continue
        card = pile[-1]
        rest = pile[:-1]
        new_fnd = lift[card]
        if new_fnd is not None:
            new_piles = list(piles)
            new_piles[index] = rest
            child = (tuple(new_piles), new_fnd, left)
            if child not in seen:
                result.append(((index, TO_FOUNDATION), child, score(child)))
        up, down = NEIGHBOURS[card]
        targets = room.get(up, []) + room.get(down, [])
        if not targets:
            continue
        rest_change = pile_penalty(rest, table) - penalties[index]
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
