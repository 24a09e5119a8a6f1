"""The solver's compact position: immutable, hashable, cheap to copy.

A :data:`State` is ``(piles, foundations, reshuffles_left)``:

- ``piles``: 16 ``bytes`` objects of card ints, bottom to top. ``bytes`` caches its hash,
  so hashing a state touches 16 cached values instead of 96 cards.
- ``foundations``: 8 ints, the top *rank index* (0 = Ace … 12 = King) of the ascending
  foundations ♠♥♣♦ and then of the descending ones. A suit whose two foundations together
  hold exactly one card of every rank (descending top = ascending top + 1) is *joined*:
  its boundary can be slid either way by foundation-to-foundation moves, so every such
  boundary is the same position for winnability. Joined suits are stored as
  ``(JOINED, JOINED)``; this is what makes the key canonical across those moves.
- ``reshuffles_left``: part of the state (and therefore of every table key), because a
  position with fewer reshuffles left is a different, weaker position.

Internal moves are ``(src, dst)`` with ``src`` a pile index and ``dst`` a pile index,
:data:`ANY_FOUNDATION` (to whichever foundation of its suit accepts it; the replay picks
the concrete foundation and slides a joined suit's boundary) or ``(RESHUFFLE_SRC, 0)``.

>>> from crescent_widget import Game
>>> s = from_game(Game.from_number(1))
>>> len(s[0]), s[1], s[2]
(16, (0, 0, 0, 0, 12, 12, 12, 12), 3)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ...engine.moves import PILES as PILE_COUNT
from ...engine.positions import CARD_COUNT
from ...engine.rules import PILE_DOWN, PILE_UP, SUIT
from ...errors import HiddenCardsError, InvalidPositionError

if TYPE_CHECKING:
    from ...engine.game import Game

Piles = tuple[bytes, ...]
Foundations = tuple[int, ...]
State = tuple[Piles, Foundations, int]
InternalMove = tuple[int, int]

JOINED: Final = 99
ANY_FOUNDATION: Final = 16
RESHUFFLE_SRC: Final = -1
RESHUFFLE_MOVE: Final = (RESHUFFLE_SRC, 0)

RANK: Final = tuple(c % 13 for c in range(52))
# Cards a pile top accepts (the engine's own tables): same suit, rank one up or down, K-A wrapping.
NEIGHBOURS: Final = tuple(zip(PILE_UP, PILE_DOWN, strict=True))
BYTE: Final = tuple(bytes((c,)) for c in range(52))


def from_game(game: Game) -> State:
    """The solver state of an engine position, which must be whole: each of its 104 cards face
    up, in a pile or on a foundation.

    Every search, bound and explanation builds its position here, so none answers about a
    position with cards missing, whatever the game's status. A face-down deal that has
    ended is looked at through :meth:`Game.revealed <crescent_widget.engine.game.Game.revealed>`.

    Raises:
        HiddenCardsError: face-down cards remain (variant ``H``): the piles the engine shows
            leave them out.
        InvalidPositionError: the cards shown do not add up to 104 for another reason.
    """
    piles = tuple(bytes(card.index for card in pile) for pile in game.piles)
    sizes = game.sizes
    shown = sum(map(len, piles)) + sum(sizes[PILE_COUNT:])
    if shown != CARD_COUNT:
        if sum(sizes) == CARD_COUNT:
            raise HiddenCardsError(
                f"{CARD_COUNT - shown} cards of this face-down deal are face down, and a search would "
                "answer about a position with cards missing; solve the same deal as the standard game "
                "(CR1-N-…) for the full-knowledge answer, or review the game once it is over"
            )
        raise InvalidPositionError(f"a position holds {CARD_COUNT} cards; this one shows {shown}")
    tops = [foundation[-1].index % 13 for foundation in game.foundations]
    return piles, canonical_foundations(tops), game.reshuffles_left


def canonical_foundations(tops: list[int]) -> Foundations:
    """Foundation tops with every joined suit folded to ``(JOINED, JOINED)``.

    >>> canonical_foundations([4, 0, 0, 0, 5, 12, 12, 12])
    (99, 0, 0, 0, 99, 12, 12, 12)
    """
    tops = list(tops)
    for suit in range(4):
        if tops[suit + 4] == tops[suit] + 1:
            tops[suit] = tops[suit + 4] = JOINED
    return tuple(tops)


def foundation_result(fnd: Foundations, card: int) -> Foundations | None:
    """The canonical foundations after ``card`` goes up, or None if no foundation takes it."""
    suit = SUIT[card]
    tops = suit_result(fnd[suit], fnd[suit + 4], RANK[card])
    if tops is None:
        return None
    new = list(fnd)
    new[suit], new[suit + 4] = tops
    return tuple(new)


def suit_result(asc: int, desc: int, rank: int) -> tuple[int, int] | None:
    """One suit's canonical (ascending, descending) tops after ``rank`` goes up, or None.

    >>> suit_result(4, 12, 5), suit_result(4, 6, 5), suit_result(4, 12, 7)
    ((5, 12), (99, 99), None)
    """
    if asc == JOINED:
        asc = desc = rank  # slide the boundary to rank - 1 or rank + 1, then play on it
    elif rank == asc + 1:
        asc = rank
    elif rank == desc - 1:
        desc = rank
    else:
        return None
    if desc == asc + 1:
        return JOINED, JOINED
    return asc, desc


_lifts: dict[Foundations, dict[int, Foundations]] = {}


def lifts(fnd: Foundations) -> dict[int, Foundations]:
    """:func:`foundation_result` for every card a foundation takes next, cached per state.

    At most two cards per suit (all 13 of a joined suit): the search looks its
    foundation moves up here instead of working each one out again.
    """
    found = _lifts.get(fnd)
    if found is None:
        found = {}
        for suit in range(4):
            asc, desc = fnd[suit], fnd[suit + 4]
            ranks = range(13) if asc == JOINED else (asc + 1, desc - 1)
            for rank in ranks:
                if 0 <= rank <= 12:
                    result = foundation_result(fnd, suit * 13 + rank)
                    if result is not None:
                        found[suit * 13 + rank] = result
        if len(_lifts) > 50_000:  # this only bounds memory
            _lifts.clear()
        _lifts[fnd] = found
    return found


def is_won(state: State) -> bool:
    """Every pile is empty, so all 104 cards are on the foundations."""
    return not any(state[0])


def reshuffled(piles: Piles) -> Piles:
    """Every pile of two or more cards moves its bottom card to the top."""
    return tuple(p[1:] + p[:1] if len(p) >= 2 else p for p in piles)
