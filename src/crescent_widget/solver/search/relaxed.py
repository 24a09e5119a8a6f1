"""The one-suit relaxed game, and its depth-first search (the one-suit bound's work).

A relaxed position keeps one suit's cards and relaxes the rules in the player's favour
(:mod:`.suits` says why that proves losses): the other suits' cards are gone, a pile has
no size limit, and a reshuffle turns any set of piles of two or more. Its piles are
interchangeable (no limit, and an emptied pile takes no card), so a position is its
sorted piles. :class:`RelaxedSearch` decides it depth first; the compiled core has the
same search (``crescent_accel.RelaxedSearch``), position for position, and
:func:`~.backends.relaxed_search_class` chooses between the two as for the main search.
"""

from __future__ import annotations

from typing import Final

from ...checks import refuse_type
from ...engine.rules import SUIT
from ...errors import InvalidPositionError
from .checks import check_ints, check_limit, check_reshuffles, check_tops, held
from .state import RANK, State, suit_result

# A relaxed position: (one suit's piles, sorted, without the empty ones; ascending top;
# descending top; reshuffles left). Ranks are stored as bytes (0 = Ace ... 12 = King).
# Until the first reshuffle each pile starts with a flag byte, FOREIGN or OWN: whether the
# real pile's bottom card is of another suit or of this one.
Relaxed = tuple[tuple[bytes, ...], int, int, int]
FOREIGN: Final = 13
OWN: Final = 14

# A translate table from card to rank; by suit, the other suits' cards (deleted) and the
# flag of a pile by its bottom card.
_RANK_OF: Final = bytes(RANK[card] if card < 52 else 0 for card in range(256))
_OTHER_SUITS: Final = tuple(bytes(card for card in range(52) if SUIT[card] != suit) for suit in range(4))
_FLAGS: Final = tuple(
    tuple(bytes((OWN if SUIT[card] == suit else FOREIGN,)) for card in range(52)) for suit in range(4)
)

# Piles accept the next rank up or down, wrapping K-A (the engine's rule): by rank.
_TARGET_RANKS: Final = tuple(((rank + 1) % 13, (rank - 1) % 13) for rank in range(13))


def relaxed(state: State, suit: int) -> Relaxed:
    """The relaxed position of ``suit`` in ``state`` (flagged while reshuffles are left).

    >>> from crescent_widget import Game
    >>> from crescent_widget.solver.search.state import from_game
    >>> piles, asc, desc, left = relaxed(from_game(Game.from_number(1)), 0)
    >>> sum(len(pile) - 1 for pile in piles), asc, desc, left
    (24, 0, 12, 3)
    >>> sorted({pile[0] for pile in piles}) == [FOREIGN, OWN]  # some bottoms are spades
    True
    """
    piles, fnd, left = state
    others, flags = _OTHER_SUITS[suit], _FLAGS[suit]
    found: list[bytes] = []
    for pile in piles:
        ranks = pile.translate(_RANK_OF, others)
        if ranks:
            found.append(flags[pile[0]] + ranks if left else ranks)
    return _flags_settled((tuple(sorted(found)), fnd[suit], fnd[suit + 4], left))


def _flags_settled(position: Relaxed) -> Relaxed:
    """``position``, or the same without flags and one reshuffle fewer if no pile is OWN.

    With no pile's bottom card of the suit, the first reshuffle turns none of the suit's
    cards: it can be spent at once, to the same effect (and two searches of one space
    become one). Sorted, an OWN pile would come last.
    """
    piles, asc, desc, left = position
    if piles and piles[-1][0] == FOREIGN:
        return tuple(pile[1:] for pile in piles), asc, desc, left - 1
    return position


def check_relaxed(start: object) -> None:
    """Refuse anything but a relaxed position of a Crescent position (see :func:`relaxed`).

    Its types first, then its values, as :func:`~.checks.check_state` does: at most 16
    piles, each holding a card; ranks 0-12; a flag (FOREIGN or OWN) first on every pile or
    on none, and only while a reshuffle is left; canonical tops; 0 to 4 reshuffles left;
    no rank more than twice, counting the foundations' cards; the piles sorted, as
    :func:`relaxed` gives them (a position is its sorted piles).

    >>> check_relaxed(((bytes([OWN, 3, 3, 3]),), 0, 12, 1))
    Traceback (most recent call last):
    ...
    crescent_widget.errors.InvalidPositionError: rank 3 is held 3 times (the foundations hold 0)
    """
    if type(start) is not tuple or len(start) != 4:
        refuse_type("invalid_position", "a relaxed position", "a tuple (piles, ascending, descending, left)", start)
    piles, asc, desc, left = start
    if type(piles) is not tuple:
        refuse_type("invalid_position", "a relaxed position's piles", "a tuple of bytes", piles)
    for pile in piles:
        if type(pile) is not bytes:
            refuse_type("invalid_position", "a relaxed pile", "bytes", pile)
    check_ints((asc, desc, left), "a relaxed position's tops and reshuffles_left")
    if len(piles) > 16:
        raise InvalidPositionError(f"a relaxed position has {len(piles)} piles: at most 16")
    counts = [0] * 13
    flags = 0
    for number, pile in enumerate(piles):
        flag = int(bool(pile) and pile[0] in (FOREIGN, OWN))
        flags += flag
        if len(pile) <= flag:
            raise InvalidPositionError(f"relaxed pile {number} holds no card")
        for rank in pile[flag:]:
            if rank > 12:
                raise InvalidPositionError(f"rank {rank} in relaxed pile {number} is not a rank index 0-12")
            counts[rank] += 1
    if flags not in (0, len(piles)):
        raise InvalidPositionError("either every relaxed pile starts with a flag (13 or 14) or none does")
    if list(piles) != sorted(piles):  # its successors are built on that order
        raise InvalidPositionError("a relaxed position's piles are sorted")
    check_tops(asc, desc, "the suit")
    check_reshuffles(left)
    if flags and not left:
        raise InvalidPositionError("flags mark the piles the first reshuffle turns: no reshuffle is left")
    copies = held(asc, desc)
    for rank in range(13):
        if counts[rank] + copies[rank] > 2:
            raise InvalidPositionError(
                f"rank {rank} is held {counts[rank] + copies[rank]} times (the foundations hold {copies[rank]})"
            )


def successors(position: Relaxed) -> list[Relaxed]:
    """The relaxed positions one step on, foundation moves last (the search pops them first).

    >>> successors(((b"\\x01",), 0, 12, 0))
    [((), 1, 12, 0)]
    >>> successors(((bytes([FOREIGN, 4, 5]), bytes([OWN, 7, 8])), 0, 12, 1))[0]  # the reshuffle
    ((b'\\x04\\x05', b'\\x08\\x07'), 0, 12, 0)
    """
    piles, asc, desc, left = position
    flagged = bool(piles) and piles[0][0] >= FOREIGN
    found: list[Relaxed] = []
    if left and flagged:  # the first reshuffle: it turns exactly the piles with a bottom card of the suit
        turned = [pile[2:] + pile[1:2] if pile[0] == OWN else pile[1:] for pile in piles]
        found.append((tuple(sorted(turned)), asc, desc, left - 1))
    elif left:
        turnable = [index for index, pile in enumerate(piles) if len(pile) >= 2]
        # Rotating no pile only spends a reshuffle, which the relaxed game never needs.
        for chosen in range(1, 1 << len(turnable)):
            turned = list(piles)
            for bit, index in enumerate(turnable):
                if chosen >> bit & 1:
                    pile = turned[index]
                    turned[index] = pile[1:] + pile[:1]
            found.append((tuple(sorted(turned)), asc, desc, left - 1))
    by_top: dict[int, list[int]] = {}
    for index, pile in enumerate(piles):
        by_top.setdefault(pile[-1], []).append(index)
    lifted: list[Relaxed] = []
    for index, pile in enumerate(piles):
        rank = pile[-1]
        rest = pile[:-1] if len(pile) > 1 + flagged else b""  # a flag alone is an empty pile
        tops = suit_result(asc, desc, rank)
        if tops is not None:
            lifted.append((_without(piles, index, rest), tops[0], tops[1], left))
        for target_rank in _TARGET_RANKS[rank]:
            for target in by_top.get(target_rank, ()):
                if target != index:
                    moved = list(piles)
                    moved[index] = rest
                    moved[target] = piles[target] + pile[-1:]
                    found.append((tuple(sorted(p for p in moved if p)), asc, desc, left))
    if flagged:  # a move may take away the last pile with a bottom card of the suit
        return [_flags_settled(child) for child in found + lifted]
    return found + lifted


def _without(piles: tuple[bytes, ...], index: int, rest: bytes) -> tuple[bytes, ...]:
    if rest:
        return tuple(sorted((*piles[:index], rest, *piles[index + 1 :])))
    return piles[:index] + piles[index + 1 :]


class RelaxedSearch:
    """The depth-first search of one suit's relaxed game, resumable: foundation moves first.

    ``run`` goes on for a budget of positions; once it has a verdict, it keeps it.
    """

    def __init__(self, start: Relaxed) -> None:
        check_relaxed(start)
        self.nodes = 0
        self._verdict: bool | None = None if start[0] else False  # no card left: finished
        self._seen = {start}
        self._stack = [start]

    def run(self, budget: int) -> bool | None:
        """Go on for up to ``budget`` positions: True if the suit has no relaxed win, False if
        it has one, None if the budget ran out first."""
        check_limit(budget, "budget")
        if self._verdict is not None:
            return self._verdict
        seen, stack = self._seen, self._stack
        stop = self.nodes + budget
        while stack:
            if self.nodes >= stop:
                return None
            position = stack.pop()
            self.nodes += 1
            for child in successors(position):
                if not child[0]:
                    self._verdict = False
                    return False
                if child not in seen:
                    seen.add(child)
                    stack.append(child)
        self._verdict = True
        return True
