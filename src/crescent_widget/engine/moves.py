"""Places (piles 1–16, foundations F1–F8) and the immutable :class:`Move` value.

A place is an int index: 0–15 are piles 1–16 along the horseshoe, 16–23 are the
foundations F1–F8 (Aces ♠ ♥ ♣ ♦, then Kings ♠ ♥ ♣ ♦). :data:`ANY_FOUNDATION` stands for
the ``F`` shorthand, "the foundation of this card's suit that accepts it".

>>> Move.parse("10-14")
Move.parse('10-14')
>>> m = Move.parse("13-f1")
>>> m.src, m.dst, str(m)
(12, 16, '13-F1')
>>> str(Move.parse("R")), Move.parse("13-F").dst == ANY_FOUNDATION
('R', True)
"""

from __future__ import annotations

from typing import Final, NamedTuple

from ..errors import InvalidMoveError, quoted

PILES: Final = 16
FOUNDATIONS: Final = 8
FIRST_FOUNDATION: Final = PILES
ANY_FOUNDATION: Final = PILES + FOUNDATIONS
RESHUFFLE_PLACE: Final = -1

PlaceLike = int | str


def place_name(place: int) -> str:
    """The written name of a place index: ``"10"``, ``"F1"``, ``"F"``.

    >>> place_name(9), place_name(16), place_name(ANY_FOUNDATION)
    ('10', 'F1', 'F')
    """
    if 0 <= place < PILES:
        return str(place + 1)
    if FIRST_FOUNDATION <= place < ANY_FOUNDATION:
        return f"F{place - FIRST_FOUNDATION + 1}"
    if place == ANY_FOUNDATION:
        return "F"
    raise InvalidMoveError(f"no place has index {quoted(place)}")


def parse_place(place: PlaceLike, *, allow_any_foundation: bool = False) -> int:
    """Read a place: a pile number 1–16 (int or text) or ``"F1"``–``"F8"``.

    With ``allow_any_foundation`` the bare ``"F"`` is accepted (destinations only).

    Raises:
        InvalidMoveError: the place does not exist.

    >>> parse_place(10), parse_place("f8"), parse_place("F", allow_any_foundation=True)
    (9, 23, 24)
    >>> parse_place(17)
    Traceback (most recent call last):
    ...
    crescent_widget.errors.InvalidMoveError: no such place: 17 (piles are 1-16, foundations F1-F8)
    """
    if isinstance(place, bool):
        raise InvalidMoveError(f"no such place: {place} (piles are 1-16, foundations F1-F8)")
    if isinstance(place, int):
        if 1 <= place <= PILES:
            return place - 1
    elif isinstance(place, str):
        text = place.strip().upper()
        # At most two digits: int() of thousands of digits raises a bare ValueError (Python's limit).
        if len(text) <= 2 and text.isdecimal() and text.isascii() and 1 <= int(text) <= PILES and text[0] != "0":
            return int(text) - 1
        if text == "F" and allow_any_foundation:
            return ANY_FOUNDATION
        if len(text) == 2 and text[0] == "F" and text[1] in "12345678":
            return FIRST_FOUNDATION + int(text[1]) - 1
    else:
        raise InvalidMoveError(f"a place must be a pile number or a foundation name, got {type(place).__name__}")
    return _no_such_place(place)


def _no_such_place(place: PlaceLike) -> int:
    raise InvalidMoveError(f"no such place: {quoted(place)} (piles are 1-16, foundations F1-F8)")


class Move(NamedTuple):
    """One move from ``src`` to ``dst`` (place indices), or the reshuffle ``R``.

    Build moves with :meth:`parse`, :meth:`from_places`, or take them from
    ``Game.legal_moves()``; ``str(move)`` gives the SPEC.md notation.
    """

    src: int
    dst: int

    @classmethod
    def from_places(cls, src: PlaceLike, dst: PlaceLike) -> Move:
        """A move between two written places; ``dst`` may be the shorthand ``"F"``.

        Raises:
            InvalidMoveError: a place does not exist.

        >>> Move.from_places(13, "F")
        Move.parse('13-F')
        """
        return cls(parse_place(src), parse_place(dst, allow_any_foundation=True))

    @classmethod
    def parse(cls, text: str) -> Move:
        """Parse the notation ``SRC-DST`` (``10-14``, ``13-F``, ``F1-F5``) or ``R``.

        Raises:
            InvalidMoveError: the text is not a move.

        >>> Move.parse("X3-4")
        Traceback (most recent call last):
        ...
        crescent_widget.errors.InvalidMoveError: not a move: 'X3-4' (...)
        """
        if not isinstance(text, str):
            raise InvalidMoveError(f"a move must be text such as '10-14', got {type(text).__name__}")
        cleaned = text.strip().upper()
        if cleaned == "R":
            return RESHUFFLE
        src, sep, dst = cleaned.partition("-")
        if not sep:
            raise InvalidMoveError(f"not a move: {quoted(text)} (write SRC-DST such as '10-14', '13-F1', or R)")
        try:
            return cls.from_places(src, dst)
        except InvalidMoveError as err:
            raise InvalidMoveError(f"not a move: {quoted(text)} ({err})") from None

    @property
    def is_reshuffle(self) -> bool:
        """Whether this is the reshuffle ``R``."""
        return self.src == RESHUFFLE_PLACE

    def __str__(self) -> str:
        if self.src == RESHUFFLE_PLACE:
            return "R"
        return f"{place_name(self.src)}-{place_name(self.dst)}"

    def __repr__(self) -> str:
        try:
            return f"Move.parse({str(self)!r})"
        except InvalidMoveError:  # a hand-built Move naming no place still prints
            return f"Move({self.src!r}, {self.dst!r})"


RESHUFFLE: Final = Move(RESHUFFLE_PLACE, RESHUFFLE_PLACE)
