"""Cards: suits, ranks and the immutable :class:`Card` value.

Inside the engine a card is a small int, ``suit * 13 + rank - 1`` (0–51), so the
hot path moves plain ints; :class:`Card` is the readable face of that int.

>>> Card.parse("10H")
Card.parse('10H')
>>> str(Card.parse("th")), Card.parse("W♦").text("pl"), Card.parse("D♠").ascii
('10♥', 'W♦', 'QS')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import IntEnum
from typing import TYPE_CHECKING, Final

from ..errors import InvalidCardError, quoted
from ..lang import DEFAULT_LANG, check_lang


class Suit(IntEnum):
    """The four suits, in the order the specification uses everywhere (♠ ♥ ♣ ♦)."""

    SPADES = 0
    HEARTS = 1
    CLUBS = 2
    DIAMONDS = 3

    @property
    def symbol(self) -> str:
        """The Unicode suit symbol, e.g. ``♥``."""
        return SUIT_SYMBOLS[self]

    @property
    def letter(self) -> str:
        """The ASCII suit letter, e.g. ``H``."""
        return SUIT_LETTERS[self]

    @property
    def is_red(self) -> bool:
        """Whether the suit is printed in red (hearts and diamonds)."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)


SUIT_LETTERS: Final = "SHCD"
SUIT_SYMBOLS: Final = "♠♥♣♦"
ACE: Final = 1
KING: Final = 13
RANK_ASCII: Final = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
# Polish court ranks: walet (Jack), dama (Queen), król (King), as (Ace).
RANK_PL: Final = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "W", "D", "K")

_SUIT_BY_TEXT: Final = {
    **{letter: Suit(i) for i, letter in enumerate(SUIT_LETTERS)},
    **{symbol: Suit(i) for i, symbol in enumerate(SUIT_SYMBOLS)},
    # The outlined symbols that some fonts and keyboards produce.
    "♤": Suit.SPADES,
    "♡": Suit.HEARTS,
    "♧": Suit.CLUBS,
    "♢": Suit.DIAMONDS,
}
_ASCII_UPPER: Final = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
_RANK_BY_TEXT: Final = {
    **{text: rank for rank, text in enumerate(RANK_ASCII) if text},
    "T": 10,
    "W": 11,
    "D": 12,
}


def card_index(suit: int, rank: int) -> int:
    """The engine's int for a card: ``suit * 13 + rank - 1``.

    >>> card_index(Suit.HEARTS, 10)
    22
    """
    return suit * 13 + rank - 1


# Slotted by hand: ``slots=True`` on a frozen dataclass answers an assignment to an unknown
# attribute with a TypeError on Python 3.10 and 3.11, where this one refuses every assignment alike.
@dataclass(frozen=True, order=True, repr=False)
class Card:
    """One playing card: an immutable value with a suit and a rank (1 = Ace … 13 = King).

    Two cards are equal when suit and rank are equal; the two copies of a card in
    the double deck are the same value. Cards order by suit (♠ ♥ ♣ ♦), then rank, as
    their :attr:`index` does.

    >>> c = Card(Suit.SPADES, 1)
    >>> c, str(c), c.ascii, c.text("pl")
    (Card.parse('AS'), 'A♠', 'AS', 'A♠')
    >>> Card.parse("qs") == Card(Suit.SPADES, 12), Card.parse("KS") < Card.parse("AH")
    (True, True)
    """

    __slots__ = ("_index", "rank", "suit")
    suit: Suit
    """The card's suit."""
    rank: int
    """The card's rank, 1 (Ace) to 13 (King)."""
    if TYPE_CHECKING:  # a slot set in __post_init__, not a field: only the type checker reads this
        _index: int = field(init=False, compare=False)

    def __post_init__(self) -> None:
        suit, rank = self.suit, self.rank
        if isinstance(suit, bool) or not isinstance(suit, int) or not 0 <= suit <= 3:
            raise InvalidCardError(f"suit must be 0–3 (♠ ♥ ♣ ♦), got {quoted(suit)}")
        if isinstance(rank, bool) or not isinstance(rank, int) or not ACE <= rank <= KING:
            raise InvalidCardError(f"rank must be 1 (Ace) to 13 (King), got {quoted(rank)}")
        # A frozen dataclass sets its own fields through object.__setattr__, as here.
        object.__setattr__(self, "suit", Suit(suit))
        object.__setattr__(self, "rank", int(rank))
        object.__setattr__(self, "_index", card_index(suit, rank))

    def __reduce__(self) -> tuple[Callable[[int], Card], tuple[int]]:
        # A pickled card comes back as the one made for its index (checked on the way).
        return Card.from_index, (self._index,)

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card for an engine int (0–51).

        Raises:
            InvalidCardError: ``index`` is not an int from 0 to 51.

        >>> Card.from_index(22)
        Card.parse('10H')
        """
        # Checked, not left to the tuple: a negative index would wrap round to K♦.
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(_CARDS):
            raise InvalidCardError(f"a card index must be an int from 0 to 51, got {quoted(index)}")
        return _CARDS[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse any written form of a card, case-insensitively.

        Accepts ASCII (``10H``, ``QS``, ``TH``), symbols (``10♥``) and the Polish
        court letters (``W♦`` Jack, ``D♠`` Queen).

        Raises:
            InvalidCardError: the text is not a card.

        >>> [str(Card.parse(t)) for t in ("10h", "TD", "w♦", "D♠", "ks", "A♣")]
        ['10♥', '10♦', 'J♦', 'Q♠', 'K♠', 'A♣']
        """
        if not isinstance(text, str):
            raise InvalidCardError(f"a card must be a string such as '10H', got {type(text).__name__}")
        cleaned = text.strip().translate(_ASCII_UPPER)  # not upper(): it folds 'ſ' to 'S'

        suit = _SUIT_BY_TEXT.get(cleaned[-1:])
        rank = _RANK_BY_TEXT.get(cleaned[:-1])
        if suit is None or rank is None:
            raise InvalidCardError(
                f"not a card: {quoted(text)} (expected a rank A 2-10 J Q K, or T W D, then a suit "
                "S H C D or ♠ ♥ ♣ ♦, e.g. '10H' or 'Q♠')"
            )
        return _CARDS[card_index(suit, rank)]

    @property
    def index(self) -> int:
        """The engine's int for this card (0–51)."""
        return self._index

    @property
    def ascii(self) -> str:
        """The canonical ASCII form, e.g. ``10H``."""
        return ASCII_TEXT[self._index]

    def text(self, lang: str = DEFAULT_LANG) -> str:
        """The display form in a language: ``Q♠`` in English, ``D♠`` in Polish (another language is refused)."""
        return card_text(self._index, check_lang(lang))

    def __str__(self) -> str:
        return EN_TEXT[self._index]

    def __repr__(self) -> str:
        return f"Card.parse({self.ascii!r})"


ASCII_TEXT: Final = tuple(RANK_ASCII[i % 13 + 1] + SUIT_LETTERS[i // 13] for i in range(52))
EN_TEXT: Final = tuple(RANK_ASCII[i % 13 + 1] + SUIT_SYMBOLS[i // 13] for i in range(52))
PL_TEXT: Final = tuple(RANK_PL[i % 13 + 1] + SUIT_SYMBOLS[i // 13] for i in range(52))
_CARDS: Final = tuple(Card(Suit(i // 13), i % 13 + 1) for i in range(52))


def card_text(index: int, lang: str = DEFAULT_LANG) -> str:
    """The display form of a card int: ``Q♠`` in English, ``D♠`` in Polish.

    >>> card_text(11, "en"), card_text(11, "pl")
    ('Q♠', 'D♠')
    """
    return (PL_TEXT if lang == "pl" else EN_TEXT)[index]


def parse_card_index(text: str) -> int:
    """Parse a card's text straight to the engine's int.

    >>> parse_card_index("10H")
    22
    """
    return Card.parse(text).index
