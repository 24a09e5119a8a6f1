"""The solver's one move generator, with its sound prunings.

:func:`expand` lists a state's successors, each with its :func:`~.heuristic.score`,
computed incrementally. Both searches use it; with ``prune=False`` it yields every legal
move (``tests/solver/test_solver_soundness.py`` checks that against the engine's rules, and checks
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

**Dead ends.** Some positions are lost whatever is played:

- in a suit whose foundations overlap (each rank left has one copy and one place to go,
  so its cards go up in a fixed order), a card covers a card that must go up before it,
  and every card it fits on lies beneath it as well: it can leave only by going up, and
  it cannot go up before what it covers. This holds at any height and with reshuffles
  left, for the cards at height ``k`` and above when ``k`` reshuffles are left: only the
  bottom ``k`` cards of a pile can still be turned up on top (cards leave and arrive only
  at the top, so no other card ever sinks to the bottom before the last reshuffle);
- with no reshuffle left, the last card of such a chain lies above another card of its
  chain in one pile: the chain's cards go up in order, so the last card must leave that
  pile first, and the only card it fits on is its chain predecessor, which it would then
  cover for good.

The first rule is all of a wider one. The order of going up is fixed in places: within an
overlapped suit, and for a card that can leave its pile only by going up, before every
card beneath it. A cycle in that order is a dead end. Every cycle passes through a card of
an overlapped suit that can only go up (nothing else leads back), and such a card either
goes up next in its suit or covers its own predecessor, which is one of the cards it fits
on: the first rule.

>>> from crescent_widget import Game
>>> from crescent_widget.solver.search.state import from_game
>>> [move for move, child, value in expand(from_game(Game.from_number(1)), ())][:3]
[(0, 2), (2, 16), (2, 0)]
"""

from __future__ import annotations

from collections.abc import Container, Iterable
from typing import NamedTuple

from ...engine.rules import MAX_PILE
from .heuristic import CARD_WEIGHT, DEPTH_WEIGHT, EMPTY_WEIGHT, RESHUFFLE_WEIGHT, need_table, pile_penalty, score
from .state import (
    ANY_FOUNDATION,
    BYTE,
    JOINED,
    NEIGHBOURS,
    RESHUFFLE_MOVE,
    Foundations,
    InternalMove,
    Piles,
    State,
    foundation_result,
    lifts,
    reshuffled,
)
from .stubborn import stubborn_moves

Child = tuple[InternalMove, State, int]
# One finished chain of a suit: (its last card, a translate table flagging its other cards).
Chain = tuple[int, bytes]


class Endgame(NamedTuple):
    """What the foundations tell about the cards left (the chains matter once no reshuffle remains)."""

    safe: bytes  # flags, by card: the next card of a finished chain (a safe move)
    chains: tuple[Chain, ...]
    # By card of an overlapped suit that is not next to go up: the cards left that it fits
    # on, the one before it in its order first (the other is -1 once gone).
    fits: dict[int, tuple[int, int]]
    held: bytes  # a translate table: 1 for the cards of ``fits``


_endgames: dict[Foundations, Endgame | None] = {}
# The tables of each suit's foundations, and their unions by the overlapped suits' tops
# (many foundation states share one: the other suits' tops do not count).
_suit_endgames: dict[tuple[int, int, int], Endgame | None] = {}
_unions: dict[tuple[tuple[int, int, int], ...], Endgame] = {}


def endgame(fnd: Foundations) -> Endgame | None:
    """The chains and overlapped suits of foundations ``fnd``; None when there are none.

    A suit is *overlapped* when its descending top is at or below its ascending top:
    every rank it has left has one copy, bound for one foundation in a fixed order (ranks
    above the ascending top go up, ranks below the descending top go down). A *chain* is
    an overlapped suit with one foundation complete (see the module text).
    """
    if fnd in _endgames:
        return _endgames[fnd]
    keys: list[tuple[int, int, int]] = []
    parts: list[Endgame] = []
    for suit in range(4):
        key = (suit, fnd[suit], fnd[suit + 4])
        part = suit_endgame(*key)
        if part is not None:
            keys.append(key)
            parts.append(part)
    found = parts[0] if len(parts) == 1 else None
    if len(parts) > 1:
        found = _unions.get(tuple(keys))
        if found is None:
            found = Endgame(
                _union([part.safe for part in parts]),
                tuple(chain for part in parts for chain in part.chains),
                {card: fits for part in parts for card, fits in part.fits.items()},
                _union([part.held for part in parts]),
            )
            if len(_unions) > 10_000:  # this only bounds memory (a union is a few kB)
                _unions.clear()
            _unions[tuple(keys)] = found
    if len(_endgames) > 100_000:  # this only bounds memory
        _endgames.clear()
    _endgames[fnd] = found
    return found


def _union(tables: list[bytes]) -> bytes:
    """The bytewise OR of 0/1 flag tables of one length."""
    merged = 0
    for table in tables:
        merged |= int.from_bytes(table, "big")
    return merged.to_bytes(len(tables[0]), "big")


def suit_endgame(suit: int, asc: int, desc: int) -> Endgame | None:
    """One suit's part of :func:`endgame` (cached: there are only a few hundred)."""
    key = (suit, asc, desc)
    if key in _suit_endgames:
        return _suit_endgames[key]
    found: Endgame | None = None
    if asc != JOINED and desc <= asc:
        base = suit * 13
        fits: dict[int, tuple[int, int]] = {}
        # A King's other neighbour is the Ace, gone once the descending foundation is
        # complete; an Ace's is the King, gone once the ascending one is.
        for rank in range(asc + 2, 13):  # going up, after rank - 1 (asc + 1 is next)
            other = base + rank + 1 if rank < 12 else base if desc > 0 else -1
            fits[base + rank] = (base + rank - 1, other)
        for rank in range(desc - 1):  # going down, after rank + 1 (desc - 1 is next)
            other = base + rank - 1 if rank > 0 else base + 12 if asc < 12 else -1
            fits[base + rank] = (base + rank + 1, other)
        held = bytearray(256)
        for card in fits:
            held[card] = 1
        safe = bytearray(52)
        chains: tuple[Chain, ...] = ()
        if desc == 0 and asc < 12:  # descending complete: ranks asc+1 .. K go up in order
            safe[base + asc + 1] = 1
            chains = ((base + 12, _flags(base + rank for rank in range(asc + 1, 12))),)
        elif asc == 12 and desc > 0:  # ascending complete: ranks desc-1 .. A go down in order
            safe[base + desc - 1] = 1
            chains = ((base, _flags(base + rank for rank in range(1, desc))),)
        found = Endgame(bytes(safe), chains, fits, bytes(held))
    _suit_endgames[key] = found
    return found


def _flags(cards: Iterable[int]) -> bytes:
    """A 256-byte translate table: 1 for ``cards``."""
    flags = bytearray(256)
    for card in cards:
        flags[card] = 1
    return bytes(flags)


def dead_end(piles: Piles, fnd: Foundations, left: int) -> bool:
    """Whether no ordering of moves can win (see the module text)."""
    return dead_end_cards(piles, fnd, left) is not None


def dead_end_cards(piles: Piles, fnd: Foundations, left: int) -> tuple[int, int] | None:
    """The two cards that make a dead end, ``(stuck, beneath)``, or None when there is none.

    Two tests: a card of an overlapped suit, at height ``left`` or above, covers a card
    that must go up before it, and every card it fits on lies beneath it too (between it
    and height ``left``), so it can never leave; or, with no reshuffle left, a chain's last
    card covers another card of its chain. ``stuck`` is the covering card, ``beneath`` the
    card it covers that must go up first.
    """
    table = endgame(fnd)
    if table is None:
        return None
    if not left:
        for last, flags in table.chains:
            for pile in piles:
                at = pile.find(last)
                if at > 0:
                    under = pile[:at].translate(flags).find(1)
                    if under >= 0:
                        return last, pile[under]
    fits, held = table.fits, table.held
    for pile in piles:
        marks = pile.translate(held)
        height = marks.find(1, left + 1)
        while height >= 0:
            before, other = fits[pile[height]]
            if pile.find(before, left, height) >= 0 and (other < 0 or pile.find(other, left, height) >= 0):
                return pile[height], before
            height = marks.find(1, height + 1)
    return None


def expand(
    state: State, seen: Container[State], *, prune: bool = True, reshuffle: bool = True, stubborn: bool = False
) -> list[Child]:
    """The successors of ``state`` not in ``seen``: (move, child, score of child).

    Moves onto a foundation come first for each pile; the reshuffle comes last (when it
    changes anything). With ``prune``, a dead end has none, and a safe move is the only
    successor (only with no reshuffle left). ``reshuffle=False`` leaves the reshuffle
    out, for a caller that builds it only when it needs it (the dives). ``stubborn`` (with
    ``prune``, for the proof) keeps, once no reshuffle is left, only the moves of a
    stubborn set (:mod:`.stubborn`): a complete search of those finds a win exactly
    when there is one.
    """
    piles, fnd, left = state
    table = endgame(fnd) if prune else None
    if table is not None:
        if dead_end(piles, fnd, left):
            return []
        if not left:
            safe = table.safe
            for index, pile in enumerate(piles):
                if pile and safe[pile[-1]]:
                    new_piles = list(piles)
                    new_piles[index] = pile[:-1]
                    new_fnd = foundation_result(fnd, pile[-1])
                    assert new_fnd is not None  # a chain's next card always fits
                    child = (tuple(new_piles), new_fnd, left)
                    return [] if child in seen else [((index, ANY_FOUNDATION), child, score(child))]
    children = _every_move(state, seen, reshuffle)
    if stubborn and prune and not left and len(children) > 1:  # one move leaves nothing to cut
        keep = stubborn_moves(state)
        assert keep is not None  # None only while reshuffles are left
        return [child for child in children if child[0] in keep]
    return children


def _every_move(state: State, seen: Container[State], reshuffle: bool = True) -> list[Child]:
    """Every legal successor not in ``seen``, scored incrementally.

    A pile-to-pile move changes two piles and no foundation, so only those two piles are
    scored again. That is most children.
    """
    piles, fnd, left = state
    table = need_table(fnd)
    # pile_penalty inlined: this is the hottest line of a dive.
    penalties = [len(p) - 1 - at if (at := p.translate(table).rfind(1)) >= 0 else 0 for p in piles]
    base = (
        RESHUFFLE_WEIGHT * left
        - CARD_WEIGHT * sum(map(len, piles))
        - DEPTH_WEIGHT * sum(penalties)
        - EMPTY_WEIGHT * piles.count(b"")
    )
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
                result.append(((index, ANY_FOUNDATION), child, score(child)))
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
            # A move that empties its pile costs that pile for good.
            result.append(
                ((index, target), child, base - DEPTH_WEIGHT * (rest_change + new - old) - (not rest) * EMPTY_WEIGHT)
            )
    if reshuffle and left > 0 and any(len(p) >= 2 for p in piles):
        child = (reshuffled(piles), fnd, left - 1)
        if child not in seen:
            result.append((RESHUFFLE_MOVE, child, score(child)))
    return result
