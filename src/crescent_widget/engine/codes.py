"""Game codes (``CR1-N-AAAAAAB``) and the deal each one stands for.

The deal is computed the same way in any language (docs/rules/en.md, Notation): deck order, bases
removed, SplitMix64-driven Fisher–Yates, six cards to each pile. A code therefore
means the same deal forever.

>>> parse_code("cr1-n-aaaaab")
Traceback (most recent call last):
...
crescent_widget.errors.InvalidCodeError: invalid game code 'cr1-n-aaaaab': expected CR1-V-LLLLLLL, ...
>>> parse_code(" cr1-h-aaaaaab ")
DealCode(number=1, variant='H')
>>> format_code(*parse_code("CR1-H-AAAAAAB"))
'CR1-H-AAAAAAB'

Both take and give the deal number first, then the variant, as ``Game.from_number(number,
variant)`` does.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Final, NamedTuple

from ..errors import InvalidCodeError, InvalidOptionError, quoted
from .cards import ACE, KING, card_index
from .moves import PILES

CODE_VERSION: Final = "CR1"
CODE_LETTERS: Final = 7
DEAL_COUNT: Final = 26**CODE_LETTERS
# Variant letter -> reshuffles allowed, and whether the deal starts face down.
# N: the standard game; F: Crescent Four (a fourth reshuffle); H: the face-down deal.
VARIANT_RESHUFFLES: Final = {"N": 3, "F": 4, "H": 3}
FACE_DOWN_DEAL: Final = {"N": False, "F": False, "H": True}
PILE_SIZE: Final = 6

_MASK64: Final = (1 << 64) - 1
_CODE_RE: Final = re.compile(r"CR1-([A-Z])-([A-Z]{7})")
_FORMAT_HELP: Final = (
    "expected CR1-V-LLLLLLL, where V is the variant (N: the standard game, F: Crescent Four, "
    "H: the face-down deal) and "
    "LLLLLLL is the deal number as 7 letters A–Z, e.g. CR1-N-AAAAAAB"
)


def splitmix64(seed: int) -> Iterator[int]:
    """The SplitMix64 generator that shuffles a deal (docs/rules/en.md, Notation), seeded with its number.

    >>> gen = splitmix64(0)
    >>> hex(next(gen))
    '0xe220a8397b1dcdaf'
    """
    state = seed & _MASK64
    while True:
        state = (state + 0x9E3779B97F4A7C15) & _MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        yield z ^ (z >> 31)


class DealCode(NamedTuple):
    """A game code's parts, in :func:`format_code`'s order: ``format_code(*parse_code(code))``."""

    number: int
    variant: str


def parse_code(code: str) -> DealCode:
    """Split a game code into its deal number and variant letter (``format_code``'s arguments).

    Raises:
        InvalidCodeError: the code is malformed or names an unknown variant.
    """
    if not isinstance(code, str):
        raise InvalidCodeError(f"a game code must be a string, got {type(code).__name__}: {_FORMAT_HELP}")
    # ASCII only: str.upper() folds 'ſ' to 'S' and 'ﬀ' to 'FF', which would let them through.
    text = code.strip()
    match = _CODE_RE.fullmatch(text.upper()) if text.isascii() else None
    if match is None:
        raise InvalidCodeError(f"invalid game code {quoted(code)}: {_FORMAT_HELP}")
    variant, letters = match.groups()
    if variant not in VARIANT_RESHUFFLES:
        raise InvalidCodeError(f"invalid game code {quoted(code)}: unknown variant {variant}; {_FORMAT_HELP}")
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - ord("A")
    return DealCode(number, variant)


def check_variant(value: object, what: str = "variant") -> str:
    """``value`` if it names a variant (``"N"``, ``"F"``, ``"H"``): every argument naming a
    variant is checked here, so a bad one gets one error everywhere.

    Raises:
        InvalidOptionError: anything else (``reason`` ``invalid_option``).

    >>> check_variant("F")
    'F'
    >>> check_variant("X")
    Traceback (most recent call last):
    ...
    crescent_widget.errors.InvalidOptionError: variant must be one of N, F, H, got 'X'
    """
    if not isinstance(value, str) or value not in VARIANT_RESHUFFLES:
        raise InvalidOptionError(f"{what} must be one of {', '.join(VARIANT_RESHUFFLES)}, got {quoted(value)}")
    return value


def format_code(number: int, variant: str = "N") -> str:
    """The game code of a deal number (0 … 26**7 - 1).

    Raises:
        InvalidCodeError: the number is out of range.
        InvalidOptionError: the variant is unknown.

    >>> format_code(26**7 - 1)
    'CR1-N-ZZZZZZZ'
    """
    check_deal_number(number)
    check_variant(variant)
    letters = []
    for _ in range(CODE_LETTERS):
        number, digit = divmod(number, 26)
        letters.append(chr(ord("A") + digit))
    return f"{CODE_VERSION}-{variant}-{''.join(reversed(letters))}"


def check_deal_number(number: int) -> int:
    """Return ``number`` if it is a valid deal number, else raise :class:`InvalidCodeError`."""
    if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < DEAL_COUNT:
        raise InvalidCodeError(f"a deal number must be an int from 0 to {DEAL_COUNT - 1}, got {quoted(number)}")
    return number


def random_deal_number() -> int:
    """A deal number drawn uniformly from all 26**7 deals."""
    return random.SystemRandom().randrange(DEAL_COUNT)


def base_cards() -> list[int]:
    """The 8 foundation bases as card ints, in foundation order F1–F8 (Aces ♠♥♣♦, then Kings)."""
    return [card_index(suit, ACE) for suit in range(4)] + [card_index(suit, KING) for suit in range(4)]


def deal(number: int) -> list[list[int]]:
    """The 16 piles (bottom to top, as card ints) of a deal number.

    >>> from crescent_widget.engine.cards import EN_TEXT
    >>> " ".join(EN_TEXT[c] for c in deal(1)[0])
    '8♣ 6♥ 10♥ 6♣ 9♥ J♣'
    """
    check_deal_number(number)
    deck = [card_index(suit, rank) for _copy in range(2) for suit in range(4) for rank in range(1, 14)]
    for base in base_cards():
        deck.remove(base)  # removes the first copy: the bases come from copy 1
    rng = splitmix64(number)
    for i in range(len(deck) - 1, 0, -1):
        j = next(rng) % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return [deck[PILE_SIZE * k : PILE_SIZE * (k + 1)] for k in range(PILES)]
