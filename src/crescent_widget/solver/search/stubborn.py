"""Partial-order reduction for the proof: a strong stubborn set of moves, once no reshuffle is left.

Many moves of a position do not touch each other: a card moved between two piles and a
card sent up from a third pile can be played in either order, to the same position. A
complete search that tries every order visits every mix of them. A *strong stubborn set*
(Wehrle and Helmert, ICAPS 2014) is a set of moves ``T`` such that every winning line can
be reordered to start with a move of ``T`` that can be played now; the proof then plays
only those. By induction on the length of the shortest winning line, a position is won
in the reduced search exactly when it is won in the full one. ``T`` has three properties,
for ground moves named by their cards ("move the top card ``v`` of pile ``w`` onto the
top card ``m`` of pile ``y``", "send ``v`` up from pile ``x``"):

1. *a landmark*: every winning line holds a move of ``T``. Here: the foundation moves of
   the cards that one suit's foundations take next (a suit with cards left must go up,
   and its first card up is one of those);
2. for every move of ``T`` that can be played, every move that does not commute with it
   is in ``T`` (the moves that touch one of its piles, and for a foundation move the
   other first moves of its suit);
3. for every move of ``T`` that cannot be played yet, ``T`` holds every move that could
   make one of its missing conditions true (a *necessary enabling set*): a card ``m``
   becomes the top of pile ``y`` only by taking off the top of ``y`` (``m`` lies in
   ``y``) or by moving ``m`` onto ``y`` (it does not); a foundation takes a card it does
   not take now only after one of its suit's first moves.

Then take a winning line and its first move ``a`` in ``T``: the moves before ``a`` are
not in ``T``, so none of them made ``a`` playable (3) and none fails to commute with it
(2); so ``a`` can be played now and moved to the front. A reshuffle rotates every pile
and commutes with almost nothing, so with reshuffles left ``T`` would be every move: the
reduction is used only once none is left. Emptied piles stay empty, so a move onto one
never becomes playable and needs nothing.

:func:`stubborn_moves` builds ``T`` from each suit's landmark in turn and keeps the one
with the fewest playable moves (the first on a tie); when that has none, the position is
lost. ``T`` is described by four kinds of *item*, each standing for a set of ground moves
whose conditions it checks: every move of a card value (``family``), the moves that take
off a pile's top card (``top``), every move that touches a pile (``pile``) and a suit's
first foundation moves (``suit``). ``tests/solver/test_solver_stubborn.py`` compares the reduced
complete search with the full one on thousands of random positions.

>>> piles = (bytes([11]), bytes([12, 39])) + (b"",) * 14  # Q♠ alone; A♦ on the K♠
>>> fnd = (10, 12, 12, 12, 0, 0, 0, 1)  # ♠ up to the J♠, ♥ and ♣ done, ♦ down to the 2♦
>>> sorted(stubborn_moves((piles, fnd, 0)))  # the A♦ goes up first; the Q♠ can wait
[(1, 16)]
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Final

from ...engine.rules import MAX_PILE, SUIT
from .state import ANY_FOUNDATION, NEIGHBOURS, InternalMove, State, lifts

# Item codes: a card value's moves (0-51), a pile's top (64 + pile), a pile (96 + pile),
# a suit's first foundation moves (128 + suit).
_TOP: Final = 64
_PILE: Final = 96
_SUIT: Final = 128
_ITEMS: Final = 132


# Where a card value lies, per copy: (pile, kind): buried, on top of a pile with room, or on
# top of a full pile.
_BURIED: Final = 0
_OPEN: Final = 1
_FULL: Final = 2
Places = list[list[tuple[int, int]]]


def stubborn_moves(state: State) -> frozenset[InternalMove] | None:
    """The playable moves of the smallest stubborn set built; None while reshuffles are left.

    An empty set means no move can start a win: the position is lost.
    """
    piles, fnd, left = state
    if left:
        return None
    where: Places = [[] for _ in range(52)]
    suits = [False] * 4
    for index, pile in enumerate(piles):
        if pile:
            for card in pile[:-1]:
                where[card].append((index, _BURIED))
                suits[SUIT[card]] = True
            where[pile[-1]].append((index, _OPEN if len(pile) < MAX_PILE else _FULL))
            suits[SUIT[pile[-1]]] = True
    fits = lifts(fnd).keys()
    best: frozenset[InternalMove] | None = None
    for suit in range(4):
        if suits[suit]:
            found = _Closure(piles, fits, where).grow(_SUIT + suit)
            if best is None or len(found) < len(best):
                best = found
                if not best:
                    break
    return best if best is not None else frozenset()


class _Closure:
    """The stubborn set that grows from one landmark: items taken until none is new.

    What the set reaches does not depend on the order the items are taken in (each adds
    the same items whenever it is taken), which is what lets the compiled core match it.
    Each item is queued once.
    """

    def __init__(self, piles: tuple[bytes, ...], fits: Collection[int], where: Places) -> None:
        self.piles = piles
        self.fits = fits
        self.where = where
        self.queued = bytearray(_ITEMS)
        self.todo: list[int] = []
        self.playable: set[InternalMove] = set()

    def add(self, item: int) -> None:
        if not self.queued[item]:
            self.queued[item] = 1
            self.todo.append(item)

    def grow(self, start: int) -> frozenset[InternalMove]:
        """The playable moves of the set grown from item ``start``."""
        self.add(start)
        todo = self.todo
        while todo:
            item = todo.pop()
            if item < _TOP:
                self.card_moves(item)
            elif item < _PILE:
                self.top_moves(item - _TOP)
            elif item < _SUIT:
                self.pile_moves(item - _PILE)
            else:
                self.first_moves(item - _SUIT)
        return frozenset(self.playable)

    def card_moves(self, card: int) -> None:
        """Every move of a card value: from where it lies on top; else its pile's top must go."""
        for pile, kind in self.where[card]:
            if kind == _BURIED:
                self.add(_TOP + pile)
            else:
                self.moves_from(pile, card)

    def top_moves(self, pile: int) -> None:
        """The moves that take off the top card of ``pile``: up, or onto another pile."""
        card = self.piles[pile][-1]
        if card in self.fits:
            self.playable.add((pile, ANY_FOUNDATION))
            self.add(_PILE + pile)
        self.add(_SUIT + SUIT[card])  # its foundation takes it only after its suit moves
        self.moves_from(pile, card)

    def pile_moves(self, pile: int) -> None:
        """Every move that touches ``pile``: its top's, and the moves onto it.

        A move of another card from it, or onto another top card of it, waits on a move
        that changes the pile: those are the moves of this item.
        """
        self.add(_TOP + pile)
        room = len(self.piles[pile]) < MAX_PILE
        for card in NEIGHBOURS[self.piles[pile][-1]]:
            places = self.where[card]
            if places:
                self.add(card)  # onto this pile from a pile that lacks it
            for source, kind in places:
                if source == pile:
                    continue
                if kind == _BURIED:
                    self.add(_TOP + source)
                elif room:
                    self.playable.add((source, pile))
                    self.add(_PILE + source)

    def first_moves(self, suit: int) -> None:
        """The foundation moves of the cards ``suit``'s foundations take now: the landmark."""
        for card in self.fits:
            if SUIT[card] != suit:
                continue
            self.add(card)  # it may come up from a pile that lacks it now
            for pile, kind in self.where[card]:
                if kind == _BURIED:
                    self.add(_TOP + pile)
                else:
                    self.playable.add((pile, ANY_FOUNDATION))
                    self.add(_PILE + pile)

    def moves_from(self, source: int, card: int) -> None:
        """The moves of ``card``, the top of pile ``source``, onto other piles."""
        for target_card in NEIGHBOURS[card]:
            places = self.where[target_card]
            if places:  # else both copies are up: never a target again
                self.add(target_card)  # it must come onto a pile that lacks it
            for target, kind in places:
                if target == source:
                    continue
                if kind == _OPEN:
                    self.playable.add((source, target))
                    self.add(_PILE + source)
                    self.add(_PILE + target)
                else:  # buried, or on top of a full pile: that pile's top must come off
                    self.add(_TOP + target)
