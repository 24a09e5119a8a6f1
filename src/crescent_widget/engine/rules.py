"""The rules of Crescent as pure functions over places (lists of card ints).

``places`` is the 24 lists of a position indexed by engine index
(:attr:`~crescent_widget.engine.moves.Place.index`): piles 0–15 (bottom to top), then
foundations F1–F8 (base first); places here are those plain int indices, not Places.
:class:`~crescent_widget.engine.game.Game` calls these functions for every click and every
line of code; the solver, which packs its positions differently for speed, builds on the
same tables and replays every line it finds through the Game before reporting it.

>>> from crescent_widget.engine.cards import parse_card_index as c
>>> places = [[c("9H")], [c("8H")], [c("KS")]] + [[] for _ in range(13)]
>>> places += [[c(b)] for b in ("AS", "AH", "AC", "AD", "KS", "KH", "KC", "KD")]
>>> move_reason(places, 1, 0), move_reason(places, 1, 2), move_reason(places, 1, 3)
((None, 0), ('same_suit', 2), ('empty_pile', 3))
>>> sorted(legal_pairs(places))
[(0, 1), (1, 0)]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final

from .moves import ANY_FOUNDATION_INDEX, FIRST_FOUNDATION_INDEX, PILES

MAX_PILE: Final = 13

# Lookup tables over card ints (suit * 13 + rank - 1), built once.
SUIT: Final = tuple(c // 13 for c in range(52))
PILE_UP: Final = tuple((c // 13) * 13 + (c % 13 + 1) % 13 for c in range(52))  # rank + 1, K wraps to A
PILE_DOWN: Final = tuple((c // 13) * 13 + (c % 13 - 1) % 13 for c in range(52))  # rank - 1, A wraps to K
# The card an ascending / descending foundation with this top accepts next (-1: none, no wrap).
ASC_NEXT: Final = tuple(c + 1 if c % 13 < 12 else -1 for c in range(52))
DESC_NEXT: Final = tuple(c - 1 if c % 13 > 0 else -1 for c in range(52))
FOUNDATION_NEXT: Final = (ASC_NEXT,) * 4 + (DESC_NEXT,) * 4

Places = Sequence[list[int]]


def move_reason(places: Places, src: int, dst: int) -> tuple[str | None, int]:
    """The first rule a move breaks (``None`` if legal) and its concrete destination.

    Checks run in the order of the rules page (docs/rules/en.md, Legal moves): the source
    (``same_place``, ``empty_source``, ``base_locked``, ``no_return``), then the destination
    (``empty_pile``, ``pile_full``, ``same_suit``, ``adjacent_rank`` / ``foundation_order``). ``dst`` may be
    :data:`~crescent_widget.engine.moves.ANY_FOUNDATION_INDEX` (``F``); it resolves to the Ace foundation of
    the card's suit first, then the King foundation.
    """
    if src == dst:
        return "same_place", dst
    source = places[src]
    if src < PILES:
        if not source:
            return "empty_source", dst
    else:
        if len(source) == 1:
            return "base_locked", dst
        if dst < PILES:
            return "no_return", dst
    card = source[-1]
    if dst < PILES:
        target = places[dst]
        if not target:
            return "empty_pile", dst
        if len(target) >= MAX_PILE:
            return "pile_full", dst
        top = target[-1]
        if SUIT[top] != SUIT[card]:
            return "same_suit", dst
        if card != PILE_UP[top] and card != PILE_DOWN[top]:
            return "adjacent_rank", dst
        return None, dst
    suit = SUIT[card]
    if dst == ANY_FOUNDATION_INDEX:
        for candidate in (FIRST_FOUNDATION_INDEX + suit, FIRST_FOUNDATION_INDEX + 4 + suit):
            if candidate != src and FOUNDATION_NEXT[candidate - FIRST_FOUNDATION_INDEX][places[candidate][-1]] == card:
                return None, candidate
        return "foundation_order", dst
    if (dst - FIRST_FOUNDATION_INDEX) % 4 != suit:
        return "same_suit", dst
    if FOUNDATION_NEXT[dst - FIRST_FOUNDATION_INDEX][places[dst][-1]] != card:
        return "foundation_order", dst
    return None, dst


def legal_pairs(places: Sequence[Sequence[int]]) -> Iterator[tuple[int, int]]:
    """Every legal move as ``(src, dst)`` engine indices, lazily, destinations concrete.

    Order: each pile in turn (its foundation moves first, then pile targets), then
    foundation-to-foundation moves.
    """
    by_top: dict[int, list[int]] = {}
    for index in range(PILES):
        pile = places[index]
        if pile and len(pile) < MAX_PILE:
            by_top.setdefault(pile[-1], []).append(index)
    foundation_tops = [places[FIRST_FOUNDATION_INDEX + i][-1] for i in range(8)]
    for index in range(PILES):
        pile = places[index]
        if not pile:
            continue
        card = pile[-1]
        suit = SUIT[card]
        if ASC_NEXT[foundation_tops[suit]] == card:
            yield index, FIRST_FOUNDATION_INDEX + suit
        if DESC_NEXT[foundation_tops[4 + suit]] == card:
            yield index, FIRST_FOUNDATION_INDEX + 4 + suit
        for target in by_top.get(PILE_UP[card], ()):
            yield index, target
        for target in by_top.get(PILE_DOWN[card], ()):
            yield index, target
    for suit in range(4):
        ascending, descending = FIRST_FOUNDATION_INDEX + suit, FIRST_FOUNDATION_INDEX + 4 + suit
        if ASC_NEXT[foundation_tops[suit]] == foundation_tops[4 + suit]:
            if len(places[descending]) > 1:
                yield descending, ascending
            if len(places[ascending]) > 1:
                yield ascending, descending


def can_progress(places: Places) -> bool:
    """Whether a pile card can move now, or after some foundation-to-foundation moves.

    This, not "any legal move", is what keeps a game going (the rules page, docs/rules/en.md: End of the game).
    A foundation-to-foundation move is legal whenever a suit's two foundation tops are
    adjacent (say 6♥ on F2 and 7♥ on F6): either top may pass to the other foundation.
    Such shuttles never change the piles, so a position whose only legal moves are
    shuttles would stay "playing" forever, and a player could shuttle without end.
    A shuttle does change which tops show, and so which pile cards a foundation
    accepts: (6♥, 7♥) accepts 7♥ and 6♥; after 7♥ F6→F2, (7♥, 8♥) accepts 8♥ and 7♥.
    So the game goes on exactly when some sequence of shuttles exposes tops that
    accept a pile's top card. Two facts keep the search small: a pile-to-pile move
    does not depend on the foundations, and a suit's shuttles touch only its own two
    foundations. So each suit is explored on its own, over the at most 12
    arrangements its shuttles reach, with :func:`legal_pairs` judging every one.

    >>> from crescent_widget.engine.cards import parse_card_index as c
    >>> hearts = [c(f"{r}H") for r in ("A", 2, 3, 4, 5, 6)], [c(f"{r}H") for r in ("K", "Q", "J", 10, 9, 8, 7)]
    >>> places = [[c("2H")]] + [[] for _ in range(15)]
    >>> places += [[c("AS")], hearts[0], [c("AC")], [c("AD")], [c("KS")], hearts[1], [c("KC")], [c("KD")]]
    >>> sorted(legal_pairs(places)), can_progress(places)
    ([(17, 21), (21, 17)], True)
    >>> places[0] = [c("5S")]  # no foundation arrangement takes it
    >>> can_progress(places)
    False
    """
    shuttling = set()
    for src, _ in legal_pairs(places):
        if src < PILES:
            return True
        shuttling.add((src - FIRST_FOUNDATION_INDEX) % 4)
    for suit in shuttling:
        pair = (FIRST_FOUNDATION_INDEX + suit, FIRST_FOUNDATION_INDEX + 4 + suit)
        scratch = list(places)  # only the suit's two foundations are replaced below
        todo = [(tuple(places[pair[0]]), tuple(places[pair[1]]))]
        seen = set()
        while todo:
            state = todo.pop()
            if state in seen:
                continue
            seen.add(state)
            for place, cards in zip(pair, state, strict=True):
                scratch[place] = list(cards)
            for src, dst in legal_pairs(scratch):
                if src < PILES:
                    return True
                if src in pair:
                    after = [list(cards) for cards in state]
                    after[pair.index(dst)].append(after[pair.index(src)].pop())
                    todo.append((tuple(after[0]), tuple(after[1])))
    return False


def reshuffle_piles(piles: Sequence[list[int]]) -> None:
    """Move the bottom card of every pile of two or more cards to its top, in place.

    >>> piles = [[1, 2, 3], [4], []]
    >>> reshuffle_piles(piles); piles
    [[2, 3, 1], [4], []]
    """
    for pile in piles:
        if len(pile) >= 2:
            pile.append(pile.pop(0))
