"""Reading a position: piles, foundations and top cards as :class:`Card` values.

:class:`PositionView` is the read-only half of :class:`~crescent_widget.engine.game.Game`; it
turns the engine's card ints into cards and never shows a face-down card.
"""

from __future__ import annotations

from ..errors import InvalidMoveError
from .cards import Card
from .moves import PlaceLike, parse_place


class PositionView:
    """Read access to a position held as lists of card ints (mixed into ``Game``)."""

    __slots__ = ()
    _piles: list[list[int]]
    _foundations: list[list[int]]
    _places: list[list[int]]
    _face_down: list[int]

    def pile(self, number: PlaceLike) -> tuple[Card, ...]:
        """The face-up cards of pile 1–16, bottom to top.

        In the standard game every card is face up. In the face-down deal (variant
        ``H``) the :meth:`face_down` cards beneath them are not shown; :meth:`pile_size`
        counts them too.

        Raises:
            InvalidMoveError: no such pile.
        """
        index = self._pile_index(number)
        return tuple(Card.from_index(c) for c in self._piles[index][self._face_down[index] :])

    def pile_size(self, number: PlaceLike) -> int:
        """How many cards pile 1–16 holds, face-down ones included."""
        return len(self._piles[self._pile_index(number)])

    def face_down(self, number: PlaceLike) -> int:
        """How many face-down cards lie at the bottom of pile 1–16 (0 unless variant ``H``)."""
        return self._face_down[self._pile_index(number)]

    def _pile_index(self, number: PlaceLike) -> int:
        place = parse_place(number)
        if not place.is_pile:
            raise InvalidMoveError(f"{number!r} is a foundation, not a pile; use foundation()")
        return place.index

    def top(self, place: PlaceLike) -> Card | None:
        """The top card of a pile or foundation, ``None`` for an empty pile."""
        cards = self._places[parse_place(place).index]
        return Card.from_index(cards[-1]) if cards else None

    def top_index(self, place: PlaceLike) -> int:
        """The top card of a pile or foundation as the engine's int (:attr:`Card.index`, 0–51); -1 for an empty pile.

        :meth:`top` without building a Card, for code that follows a game move by move
        (:class:`~crescent_widget.engine.legal.LegalActions`, the Gymnasium environment).

        >>> from crescent_widget import Game
        >>> g = Game("CR1-N-AAAAAAB")
        >>> g.top_index(13) == g.top(13).index == 0, g.top_index("F5")
        (True, 12)
        """
        cards = self._places[parse_place(place).index]
        return cards[-1] if cards else -1

    def foundation(self, name: PlaceLike) -> tuple[Card, ...]:
        """The cards of foundation ``"F1"``–``"F8"``, base first."""
        place = parse_place(name)
        if not place.is_foundation:
            raise InvalidMoveError(f"{name!r} is a pile, not a foundation; use pile()")
        return tuple(Card.from_index(c) for c in self._places[place.index])

    @property
    def piles(self) -> tuple[tuple[Card, ...], ...]:
        """The face-up cards of all 16 piles, bottom to top (see :meth:`pile`)."""
        return tuple(
            tuple(Card.from_index(c) for c in p[down:]) for p, down in zip(self._piles, self._face_down, strict=True)
        )

    @property
    def foundations(self) -> tuple[tuple[Card, ...], ...]:
        """All 8 foundations F1–F8, base first."""
        return tuple(tuple(Card.from_index(c) for c in f) for f in self._foundations)
