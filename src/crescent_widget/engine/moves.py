"""Places (piles 1–16, foundations F1–F8) and the immutable :class:`Move` value.

One numbering for places across every public API: a :class:`Place`. It is the engine's
int index of the place (0–15 are piles 1–16 along the horseshoe, 16–23 the foundations
F1–F8: Aces ♠ ♥ ♣ ♦, then Kings ♠ ♥ ♣ ♦), and it reads and prints as the place's name, as
python-chess's squares are ints named ``e4``. Everything that gives a place gives a Place
(``Move.src``, ``Move.dst``, :func:`parse_place`); everything that takes one takes a Place,
a pile number 1–16 or a name (``"13"``, ``"F1"``). :data:`ANY_FOUNDATION` is the ``F``
shorthand, "the foundation of this card's suit that accepts it".

>>> m = Move.parse("13-f1")
>>> m.src, m.dst, str(m)
(Place.parse('13'), Place.parse('F1'), '13-F1')
>>> str(m.src), m.src.number, m.dst.is_foundation
('13', 13, True)
>>> from crescent_widget import Game
>>> Game("CR1-N-AAAAAAB").top(m.src)       # a Place goes straight back into the API
Card.parse('AS')
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


class Place(int):
    """A pile or foundation: the engine's int index of it, written as its name (see the module docs).

    Places are made once (:func:`place`); get them from :func:`parse_place`, from a Move,
    or as constants such as :data:`ANY_FOUNDATION`.
    """

    __slots__ = ()

    @classmethod
    def parse(cls, text: PlaceLike) -> Place:
        """The place a pile number or name stands for (``"F"`` too: any foundation)."""
        return parse_place(text, allow_any_foundation=True)

    @property
    def name(self) -> str:
        """``"13"``, ``"F1"``; ``"F"`` for any foundation, ``"R"`` for the reshuffle's place."""
        return _NAMES[int(self) + 1]

    @property
    def number(self) -> int | None:
        """A pile's number 1–16; ``None`` for a foundation."""
        return int(self) + 1 if 0 <= self < PILES else None

    @property
    def is_pile(self) -> bool:
        return 0 <= self < PILES

    @property
    def is_foundation(self) -> bool:
        """F1–F8, or the ``F`` shorthand."""
        return FIRST_FOUNDATION <= self <= ANY_FOUNDATION

    def __bool__(self) -> bool:
        return True  # pile 1 is index 0, and still a place

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Place.parse({self.name!r})"


_NAMES: Final = ("R", *(str(n) for n in range(1, PILES + 1)), *(f"F{n}" for n in range(1, FOUNDATIONS + 1)), "F")
# Every place, made once, by index (-1 is the reshuffle's place): Move and parse_place hand these out.
_PLACES: Final[dict[int, Place]] = {index: int.__new__(Place, index) for index in range(-1, ANY_FOUNDATION + 1)}

PlaceLike = Place | int | str


def place(index: int) -> Place:
    """The place with an engine index (0–24; -1 is the reshuffle's place).

    Raises:
        InvalidMoveError: no place has that index.
    """
    found = _PLACES.get(index) if type(index) in (int, Place) else None
    if found is None:
        raise InvalidMoveError(f"no place has index {quoted(index)}")
    return found


def place_name(index: int) -> str:
    """The written name of a place index: ``"10"``, ``"F1"``, ``"F"``.

    >>> place_name(9), place_name(16), place_name(ANY_FOUNDATION)
    ('10', 'F1', 'F')
    """
    if not 0 <= index <= ANY_FOUNDATION:
        raise InvalidMoveError(f"no place has index {quoted(index)}")
    return place(index).name


def parse_place(place: PlaceLike, *, allow_any_foundation: bool = False) -> Place:
    """Read a place: a pile number 1–16 (int or text) or ``"F1"``–``"F8"``.

    With ``allow_any_foundation`` the bare ``"F"`` is accepted (destinations only).

    A :class:`Place` is returned as it is (it already names one place).

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
        if 0 <= place < ANY_FOUNDATION or (place == ANY_FOUNDATION and allow_any_foundation):
            return place
    elif isinstance(place, bool):
        raise InvalidMoveError(f"no such place: {place} (piles are 1-16, foundations F1-F8)")
    elif isinstance(place, int):
        if 1 <= place <= PILES:
            return _PLACES[place - 1]
    elif isinstance(place, str):
        text = place.strip().upper()
        # At most two digits: int() of thousands of digits raises a bare ValueError (Python's limit).
        if len(text) <= 2 and text.isdecimal() and text.isascii() and 1 <= int(text) <= PILES and text[0] != "0":
            return _PLACES[int(text) - 1]
        if text == "F" and allow_any_foundation:
            return _PLACES[ANY_FOUNDATION]
        if len(text) == 2 and text[0] == "F" and text[1] in "12345678":
            return _PLACES[FIRST_FOUNDATION + int(text[1]) - 1]
    else:
        raise InvalidMoveError(f"a place must be a pile number or a foundation name, got {type(place).__name__}")
    return _no_such_place(place)


def _no_such_place(place: PlaceLike) -> Place:
    raise InvalidMoveError(f"no such place: {quoted(place)} (piles are 1-16, foundations F1-F8)")


def _index_text(value: object) -> str:
    return quoted(int(value)) if isinstance(value, int) else quoted(value)


def _as_place(index: int) -> int:
    return _PLACES.get(index, index) if type(index) is int or type(index) is Place else index


class _MoveFields(NamedTuple):
    src: Place
    dst: Place


class Move(_MoveFields):
    """One move from ``src`` to ``dst`` (two :class:`Place` values), or the reshuffle ``R``.

    Build moves with :meth:`parse`, :meth:`from_places`, or take them from
    ``Game.legal_moves()``; ``str(move)`` gives the SPEC.md notation. ``Move(12, 13)``
    takes engine indices (the solver's); they become Places.
    """

    __slots__ = ()

    def __new__(cls, src: int, dst: int) -> Move:
        # An index no place has stays a plain int: Game refuses such a hand-built Move.
        return super().__new__(cls, _as_place(src), _as_place(dst))  # type: ignore[arg-type]

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
            return f"Move({_index_text(self.src)}, {_index_text(self.dst)})"


RESHUFFLE: Final = Move(RESHUFFLE_PLACE, RESHUFFLE_PLACE)
