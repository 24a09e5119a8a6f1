"""Places (piles 1–16, foundations F1–F8) and the immutable :class:`Move` value.

One numbering for places across every public API: a :class:`Place` is the int it means,
as python-chess's squares are ints named ``e4``. Piles 1–16 are 1–16, the foundations
F1–F8 (Aces ♠ ♥ ♣ ♦, then Kings ♠ ♥ ♣ ♦) are 17–24; :data:`ANY_FOUNDATION` (25) is the
``F`` shorthand, "the foundation of this card's suit that accepts it", and
:data:`RESHUFFLE_PLACE` (0) is the reshuffle's place. A Place reads and prints as its
name. Everything that gives a place gives a Place (``Move.src``, ``Move.dst``,
:func:`parse_place`); everything that takes one takes a Place, a plain pile number 1–16 or
a name (``"13"``, ``"F1"``). A plain int is a pile number only: foundations are named
``"F1"``–``"F8"`` or passed as Places, so a stray 17 is refused rather than guessed.

The engine keeps its places in one list; :attr:`Place.index` (0–23: piles, then F1–F8) is
a place's position in it, and the only way engine code turns a Place into a list index.

>>> m = Move.parse("13-f1")
>>> m.src, m.dst, str(m)
(Place.parse('13'), Place.parse('F1'), '13-F1')
>>> m.src == 13, m.dst == 17, m.dst.index, m.dst.is_foundation
(True, True, 16, True)
>>> from crescent_widget import Game
>>> Game("CR1-N-AAAAAAB").top(m.src)       # a Place goes straight back into the API
Card.parse('AS')
>>> str(Move.parse("R")), Move.parse("13-F").dst == ANY_FOUNDATION
('R', True)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final, NamedTuple

from ..errors import InvalidMoveError, quoted

PILES: Final = 16
FOUNDATIONS: Final = 8
# Engine list indices (Place.index) for the engine's own arithmetic; never public numbers.
FIRST_FOUNDATION_INDEX: Final = PILES
ANY_FOUNDATION_INDEX: Final = PILES + FOUNDATIONS
RESHUFFLE_INDEX: Final = -1


class Place(int):
    """A pile or foundation: the int it means (piles 1–16, F1–F8 17–24), written as its name.

    Places are made once; get them from :func:`parse_place`, from a Move, or as constants
    such as :data:`ANY_FOUNDATION`. ``.index`` is the engine's list index (see the module docs).

    >>> Place.parse("13") == 13, Place.parse("F1") == 17, Place.parse("F1").index
    (True, True, 16)
    >>> Place(17) is Place.parse("F1")
    True
    """

    __slots__ = ()

    def __new__(cls, value: int) -> Place:
        """The place numbered ``value`` (0 ``R``, piles 1–16, F1–F8 17–24, 25 ``F``): the one made for it.

        Raises:
            InvalidMoveError: no place has that number.
        """
        found = _PLACES.get(value) if type(value) is int else None
        if found is None:
            raise InvalidMoveError(f"no place is numbered {quoted(value)} (piles are 1-16, foundations F1-F8 17-24)")
        return found

    @classmethod
    def parse(cls, text: PlaceLike) -> Place:
        """The place a pile number or name stands for (``"F"`` too: any foundation)."""
        return parse_place(text, allow_any_foundation=True)

    @classmethod
    def from_index(cls, index: int) -> Place:
        """The place at an engine index (0–23; 24 is ``F``, -1 the reshuffle's place).

        Raises:
            InvalidMoveError: no place has that index.

        >>> Place.from_index(12), Place.from_index(16)
        (Place.parse('13'), Place.parse('F1'))
        """
        found = _PLACES.get(index + 1) if type(index) is int else None
        if found is None:
            raise InvalidMoveError(f"no place has index {quoted(index)}")
        return found

    @property
    def index(self) -> int:
        """The engine's list index: piles 0–15, F1–F8 16–23 (24 for ``F``, -1 for ``R``)."""
        return self - 1  # int arithmetic: a plain int

    @property
    def name(self) -> str:
        """``"13"``, ``"F1"``; ``"F"`` for any foundation, ``"R"`` for the reshuffle's place."""
        return _NAMES[self]

    @property
    def number(self) -> int | None:
        """A pile's number 1–16; ``None`` for a foundation."""
        return int(self) if self.is_pile else None

    @property
    def is_pile(self) -> bool:
        return 1 <= self <= PILES

    @property
    def is_foundation(self) -> bool:
        """F1–F8, or the ``F`` shorthand."""
        return PILES < self <= PILES + FOUNDATIONS + 1

    def __bool__(self) -> bool:
        return True  # the reshuffle's place is 0, and still a place

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Place.parse({self.name!r})"


_NAMES: Final = ("R", *(str(n) for n in range(1, PILES + 1)), *(f"F{n}" for n in range(1, FOUNDATIONS + 1)), "F")
# Every place, made once, by value: Move, parse_place and Place.from_index hand these out.
_PLACES: Final[dict[int, Place]] = {value: int.__new__(Place, value) for value in range(len(_NAMES))}

FIRST_FOUNDATION: Final = _PLACES[PILES + 1]
"""F1 (17): ``place >= FIRST_FOUNDATION`` for a Place is ``place.is_foundation``."""
ANY_FOUNDATION: Final = _PLACES[PILES + FOUNDATIONS + 1]
"""``F`` (25): the foundation of the card's suit that accepts it (destinations only)."""
RESHUFFLE_PLACE: Final = _PLACES[0]
"""``R`` (0): both places of the reshuffle move."""

PlaceLike = Place | int | str


def parse_place(place: PlaceLike, *, allow_any_foundation: bool = False) -> Place:
    """Read a place: a pile number 1–16 (int or text), ``"F1"``–``"F8"``, or a Place.

    With ``allow_any_foundation`` the bare ``"F"`` is accepted (destinations only).

    A :class:`Place` is returned as it is (it already names one place). A plain int is a
    pile number: foundations are named, so 17 is refused.

    Raises:
        InvalidMoveError: the place does not exist.

    >>> parse_place(10), parse_place("f8"), parse_place("F", allow_any_foundation=True)
    (Place.parse('10'), Place.parse('F8'), Place.parse('F'))
    >>> parse_place(17)
    Traceback (most recent call last):
    ...
    crescent_widget.errors.InvalidMoveError: no such place: 17 (piles are 1-16, foundations F1-F8)
    """
    if type(place) is Place:
        if RESHUFFLE_PLACE < place < ANY_FOUNDATION or (place == ANY_FOUNDATION and allow_any_foundation):
            return place
    elif isinstance(place, bool):
        raise InvalidMoveError(f"no such place: {place} (piles are 1-16, foundations F1-F8)")
    elif isinstance(place, int):
        if 1 <= place <= PILES:
            return _PLACES[place]
    elif isinstance(place, str):
        text = place.strip().upper()
        # At most two digits: int() of thousands of digits raises a bare ValueError (Python's limit).
        if len(text) <= 2 and text.isdecimal() and text.isascii() and 1 <= int(text) <= PILES and text[0] != "0":
            return _PLACES[int(text)]
        if text == "F" and allow_any_foundation:
            return ANY_FOUNDATION
        if len(text) == 2 and text[0] == "F" and text[1] in "12345678":
            return _PLACES[PILES + int(text[1])]
    else:
        raise InvalidMoveError(f"a place must be a pile number or a foundation name, got {type(place).__name__}")
    return _no_such_place(place)


def _no_such_place(place: PlaceLike) -> Place:
    # A Place is quoted as its int: one forged with int.__new__ has no name to print.
    shown = quoted(int(place)) if isinstance(place, int) else quoted(place)
    raise InvalidMoveError(f"no such place: {shown} (piles are 1-16, foundations F1-F8)")


class _MoveFields(NamedTuple):
    src: Place
    dst: Place


class Move(_MoveFields):
    """One move from ``src`` to ``dst`` (two :class:`Place` values), or the reshuffle ``R``.

    Build moves with :meth:`parse`, ``Move(src, dst)``, or take them from
    ``Game.legal_moves()``; ``str(move)`` gives the notation of the rules page
    (``13-F1``, ``R``). ``Move(13, 14)`` takes what :func:`parse_place` takes (a Place, a
    pile number 1–16, a name such as ``"F1"``; the destination may be ``"F"``) and refuses
    anything else, so every Move names real places; ``Move(RESHUFFLE_PLACE,
    RESHUFFLE_PLACE)`` is :data:`RESHUFFLE`. The engine builds its moves from list indices
    with :meth:`from_indices`.

    >>> Move(13, 14) == Move.parse("13-14"), Move(13, Place.parse("F1")), Move("13", "F")
    (True, Move.parse('13-F1'), Move.parse('13-F'))
    >>> Move(13, 17)
    Traceback (most recent call last):
    ...
    crescent_widget.errors.InvalidMoveError: no such place: 17 (piles are 1-16, foundations F1-F8)
    """

    __slots__ = ()

    def __new__(cls, src: PlaceLike, dst: PlaceLike) -> Move:
        if src is RESHUFFLE_PLACE or dst is RESHUFFLE_PLACE:  # Places are made once: `is` is exact
            if src is dst and cls is Move:
                return RESHUFFLE
            raise InvalidMoveError(
                f"no such move: ({_quoted_place(src)}, {_quoted_place(dst)}) (R, the reshuffle, is a move of its own)"
            )
        return tuple.__new__(cls, (parse_place(src), parse_place(dst, allow_any_foundation=True)))

    @classmethod
    def _make(cls, iterable: Iterable[Any]) -> Move:  # type: ignore[override]
        # namedtuple's _make (and _replace, which calls it) would skip the checks of __new__.
        src, dst = iterable
        return cls(src, dst)

    @classmethod
    def from_indices(cls, src: int, dst: int) -> Move:
        """The move between two engine indices (:attr:`Place.index`; -1, -1 is the reshuffle).

        Raises:
            InvalidMoveError: no place has one of the indices.

        >>> Move.from_indices(12, 16)
        Move.parse('13-F1')
        """
        found_src, found_dst = _PLACES.get(src + 1), _PLACES.get(dst + 1)  # hot: every legal move
        if found_src is None or found_dst is None:
            raise InvalidMoveError(f"no place has index {quoted(src if found_src is None else dst)}")
        return tuple.__new__(cls, (found_src, found_dst))

    @classmethod
    def from_places(cls, src: PlaceLike, dst: PlaceLike) -> Move:
        """A move between two written places; ``dst`` may be the shorthand ``"F"``.

        Raises:
            InvalidMoveError: a place does not exist.

        >>> Move.from_places(13, "F")
        Move.parse('13-F')
        """
        return cls(src, dst)

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
        src, dst = self
        return "R" if src == RESHUFFLE_PLACE else f"{src.name}-{dst.name}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"


def _quoted_place(value: object) -> str:
    return quoted(int(value)) if isinstance(value, int) else quoted(value)


RESHUFFLE: Final = tuple.__new__(Move, (RESHUFFLE_PLACE, RESHUFFLE_PLACE))
"""The reshuffle, as a move: ``Move.parse("R")``, ``str(RESHUFFLE) == "R"``."""
