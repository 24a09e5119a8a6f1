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

**Dead ends.** With no reshuffle left, pile order only changes by taking cards off the
top, so some positions are lost whatever is played:

- the last card of such a chain lies above another card of its chain in one pile: the
  chain's cards go up in order, so the last card must leave that pile first, and the
  only card it fits on is its chain predecessor, which it would then cover for good;
- in a suit whose foundations overlap (each rank left has one copy and one place to go),
  a pile's top card covers a card that must go up before it, and every card it fits on
  lies beneath it as well: it can never leave, and what it covers never goes up.

>>> from crescent_widget import Game
>>> from crescent_widget.solver.state import from_game
>>> [move for move, child, value in expand(from_game(Game.from_number(1)), ())][:3]
[(0, 2), (2, 16), (2, 0)]
"""

from __future__ import annotations

from collections.abc import Container
from typing import NamedTuple

from ..engine.rules import MAX_PILE
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
# A card of an overlapped suit as a pile top: (cards that must go up before it, the
# remaining cards it fits on), one copy of each left.
Stuck = tuple[bytes, bytes]


class Endgame(NamedTuple):
    """What the foundations tell about the cards left, once no reshuffle remains."""

    safe: bytes  # flags, by card: the next card of a finished chain (a safe move)
    chains: tuple[Chain, ...]
    stuck: dict[int, Stuck]


_endgames: dict[Foundations, Endgame | None] = {}


def endgame(fnd: Foundations) -> Endgame | None:
    """The chains and overlapped suits of foundations ``fnd``; None when there are none.

    A suit is *overlapped* when its descending top is at or below its ascending top:
    every rank it has left has one copy, bound for one foundation in a fixed order (ranks
    above the ascending top go up, ranks below the descending top go down). A *chain* is
    an overlapped suit with one foundation complete (see the module text).
    """
    if fnd in _endgames:
        return _endgames[fnd]
    safe = bytearray(52)
    found_chains: list[Chain] = []
    stuck: dict[int, Stuck] = {}
    for suit in range(4):
        asc, desc = fnd[suit], fnd[suit + 4]
        if asc == JOINED or desc > asc:
            continue
        base = suit * 13
        for rank in range(asc + 1, 13):  # going up: needs asc+1 .. rank-1 first
            fits = [rank - 1] if rank - 1 > asc else []
            fits += [rank + 1] if rank < 12 else [0] if desc > 0 else []
            stuck[base + rank] = (bytes(base + r for r in range(asc + 1, rank)), bytes(base + r for r in fits))
        for rank in range(desc):  # going down: needs desc-1 .. rank+1 first
            fits = [rank + 1] if rank + 1 < desc else []
            fits += [rank - 1] if rank > 0 else [12] if asc < 12 else []
            stuck[base + rank] = (bytes(base + r for r in range(rank + 1, desc)), bytes(base + r for r in fits))
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
    found = Endgame(bytes(safe), tuple(found_chains), stuck) if stuck else None
    if len(_endgames) > 100_000:  # foundation states are few; this only bounds memory
        _endgames.clear()
    _endgames[fnd] = found
    return found


def dead_end(piles: Piles, fnd: Foundations, left: int) -> bool:
    """Whether no ordering of moves can win (see the module text); only with no reshuffle left.

    Two tests: a chain's last card covers another card of its chain; or the top card of a
    pile, in an overlapped suit, covers a card that must go up before it and every card
    it fits on lies beneath it too (so it can never leave).
    """
    if left:
        return False
    table = endgame(fnd)
    if table is None:
        return False
    for last, flags in table.chains:
        for pile in piles:
            at = pile.find(last)
            if at > 0 and pile[:at].translate(flags).find(1) >= 0:
                return True
    stuck = table.stuck
    for pile in piles:
        if len(pile) >= 2 and pile[-1] in stuck:
            before, fits = stuck[pile[-1]]
            rest = pile[:-1]
            if any(card in rest for card in before) and all(card in rest for card in fits):
                return True
    return False


def expand(state: State, seen: Container[State], *, prune: bool = True, reshuffle: bool = True) -> list[Child]:
    """The successors of ``state`` not in ``seen``: (move, child, score of child).

    Moves onto a foundation come first for each pile; the reshuffle comes last (when it
    changes anything). With ``prune``, a safe move is the only successor, and a dead end
    has none (both only with no reshuffle left). ``reshuffle=False`` leaves the reshuffle
    out, for a caller that builds it only when it needs it (the dives).
    """
    piles, fnd, left = state
    if prune and not left:
        table = endgame(fnd)
        if table is not None:
            if dead_end(piles, fnd, left):
                return []
            safe = table.safe
            for index, pile in enumerate(piles):
                if pile and safe[pile[-1]]:
                    new_piles = list(piles)
                    new_piles[index] = pile[:-1]
                    new_fnd = foundation_result(fnd, pile[-1])
                    assert new_fnd is not None  # a chain's next card always fits
                    child = (tuple(new_piles), new_fnd, left)
                    return [] if child in seen else [((index, TO_FOUNDATION), child, score(child))]
    return _every_move(state, seen, reshuffle)


def _every_move(state: State, seen: Container[State], reshuffle: bool = True) -> list[Child]:
    """Every legal successor not in ``seen``, scored incrementally.

    A pile-to-pile move changes two piles and no foundation, so only those two piles are
    scored again. That is most children.
    """
    piles, fnd, left = state
    table = need_table(fnd)
    # pile_penalty inlined: this is the hottest line of a dive.
    penalties = [len(p) - 1 - at if (at := p.translate(table).rfind(1)) >= 0 else 0 for p in piles]
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
        new_fnd = lift.get(card)
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
    if reshuffle and left > 0 and any(len(p) >= 2 for p in piles):
        child = (reshuffled(piles), fnd, left - 1)
        if child not in seen:
            result.append((RESHUFFLE_MOVE, child, score(child)))
    return result
