"""Validation of positions given from outside (layouts, the positions in saves), and the
position text.

Everything that enters the engine from a user, a file or a front end passes through
here first, so a bad position is refused with a clear message and never loaded.

The **position text** (``Game.position()``) is a position as one line, like chess's FEN:
four fields separated by spaces,

- the 16 piles, pile 1 first, separated by ``/``: each pile's cards bottom to top in their
  ASCII text (``10H``, ``QS``), face-up cards in capitals and, in the face-down deal, the
  face-down cards beneath them in small letters (``2h9cJD``); an emptied pile is empty;
- the top cards of the 8 foundations F1–F8, separated by ``/`` (a foundation runs from its
  base to its top, so the top says it all);
- the reshuffles left (``3``);
- the variant letter (``N``, ``F`` or ``H``).

>>> text = "/".join(["2H9CJDJD", "", *["4S"] * 14]) + " 3S/AH/AC/AD/KS/KH/KC/KD 2 N"
>>> piles, foundations, left, variant, face_down = parse_position(text)
>>> piles[0], [len(f) for f in foundations], left, variant
([14, 34, 49, 49], [3, 1, 1, 1, 1, 1, 1, 1], 2, 'N')
>>> format_position(piles, face_down, foundations, left, variant) == text
True
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Final

from ..errors import InvalidCardError, InvalidPositionError, quoted
from .cards import ACE, ASCII_TEXT, KING, card_index, parse_card_index
from .codes import VARIANT_RESHUFFLES, base_cards
from .moves import FOUNDATIONS, PILES
from .rules import MAX_PILE

CARD_COUNT: Final = 104
DOWN_TEXT: Final = tuple(text.lower() for text in ASCII_TEXT)
_INDEX_BY_TEXT: Final = {text: index for texts in (ASCII_TEXT, DOWN_TEXT) for index, text in enumerate(texts)}
_CARD: Final = re.compile(r"(?:10|[2-9AJQKajqk])[SHCDshcd]")
# A pile: its face-down cards (small letters), then its face-up ones (capitals).
_PILE: Final = re.compile(r"((?:(?:10|[2-9ajqk])[shcd])*)((?:(?:10|[2-9AJQK])[SHCD])*)")
_POSITION_HELP: Final = (
    "expected 16 piles separated by /, the 8 foundation tops separated by /, the reshuffles left "
    "and the variant, e.g. '2H9CJD/.../4S AS/AH/AC/AD/KS/KH/KC/KD 3 N'"
)


def check_nesting(value: object, max_depth: int, what: str) -> None:
    """Refuse lists, tuples or dicts nested more than ``max_depth`` deep, without recursing.

    A layout is a list of lists of card texts, a save one level or two more. The later
    steps (JSON encoding for the checksum, comparisons, ``repr`` in messages) recurse,
    so a list nested a thousand deep would reach them as a ``RecursionError``; the shape
    is checked first, here, with an explicit stack.

    >>> check_nesting([["AS"], []], 2, "piles")
    >>> check_nesting([[["AS"]]], 2, "piles")
    Traceback (most recent call last):
    ...
    crescent_widget.errors.InvalidPositionError: piles: nested more than 2 levels deep ...
    """
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, list | tuple | dict):
            if depth >= max_depth:
                raise InvalidPositionError(
                    f"{what}: nested more than {max_depth} levels deep (a layout or save holds lists of card texts)"
                )
            children = [*item.keys(), *item.values()] if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)


def parse_cards(cards: object, where: str) -> list[int]:
    """Read a list of card texts (bottom first) into card ints, naming ``where`` on error."""
    if isinstance(cards, str) or not isinstance(cards, Sequence):
        raise InvalidPositionError(f"{where} must be a list of card texts, got {type(cards).__name__}")
    result = []
    for i, text in enumerate(cards):
        try:
            result.append(parse_card_index(text))
        except InvalidCardError as err:
            raise InvalidPositionError(f"{where}, card {i + 1}: {err}") from None
    return result


def parse_layout(piles: object, foundations: object) -> tuple[list[list[int]], list[list[int]]]:
    """Read the card texts of a layout (16 piles, 8 foundations) into card ints."""
    check_nesting(piles, 2, "piles")
    check_nesting(foundations, 2, "foundations")
    return (
        [parse_cards(p, f"pile {i + 1}") for i, p in enumerate(_as_list(piles, "piles"))],
        [parse_cards(f, f"foundation F{i + 1}") for i, f in enumerate(_as_list(foundations, "foundations"))],
    )


def _as_list(value: object, what: str) -> list[object]:
    if isinstance(value, str) or not isinstance(value, list | tuple):
        raise InvalidPositionError(f"{what} must be a list, got {type(value).__name__}")
    return list(value)


def check_position(piles: list[list[int]], foundations: list[list[int]]) -> None:
    """Refuse a position unless it could occur in a game.

    Checks: 16 piles and 8 foundations; each of the 52 cards exactly twice; piles of
    at most 13 cards; each foundation starts at its base and runs in sequence.

    Raises:
        InvalidPositionError: with the first problem found.
    """
    if len(piles) != PILES:
        raise InvalidPositionError(f"a position needs {PILES} piles, got {len(piles)}")
    if len(foundations) != FOUNDATIONS:
        raise InvalidPositionError(f"a position needs {FOUNDATIONS} foundations (F1-F8), got {len(foundations)}")
    for number, pile in enumerate(piles, start=1):
        if len(pile) > MAX_PILE:
            raise InvalidPositionError(f"pile {number} holds {len(pile)} cards; a pile holds at most {MAX_PILE}")
    for index, (base, cards) in enumerate(zip(base_cards(), foundations, strict=True)):
        name = f"F{index + 1}"
        step = 1 if index < 4 else -1
        if len(cards) > 13:
            raise InvalidPositionError(f"foundation {name} holds {len(cards)} cards; a foundation holds at most 13")
        if not cards or cards[0] != base:
            raise InvalidPositionError(f"foundation {name} must start with its base {ASCII_TEXT[base]}")
        for position, card in enumerate(cards):
            if card != base + step * position:
                raise InvalidPositionError(
                    f"foundation {name} is out of sequence at card {position + 1} ({ASCII_TEXT[card]})"
                )
    counts = Counter(card for group in (*piles, *foundations) for card in group)
    for card in range(52):
        if counts[card] != 2:
            raise InvalidPositionError(
                f"every card must appear exactly twice; {ASCII_TEXT[card]} appears {counts[card]} times"
            )


def check_card_ints(groups: object, count: int, what: str) -> list[list[int]]:
    """Copies of ``count`` lists of card ints (0–51), as an engine state holds them.

    >>> check_card_ints([[0, 51], []], 2, "piles")
    [[0, 51], []]
    >>> check_card_ints([[52]], 1, "piles")
    Traceback (most recent call last):
    ...
    crescent_widget.errors.InvalidPositionError: piles 1, card 1: not a card int (0-51): 52
    """
    # Only built-in lists and tuples (whose length and items are what they seem): what is
    # checked is what is kept.
    if not isinstance(groups, list | tuple) or type(groups) not in (list, tuple) or len(groups) != count:
        raise InvalidPositionError(f"{what} must be a list of {count} lists of card ints")
    result: list[list[int]] = []
    for number, group in enumerate(groups, start=1):
        if not isinstance(group, list | tuple) or type(group) not in (list, tuple) or len(group) > CARD_COUNT:
            raise InvalidPositionError(f"{what} {number} must be a list of card ints")
        for position, card in enumerate(group, start=1):
            if type(card) is not int or not 0 <= card < len(ASCII_TEXT):
                raise InvalidPositionError(f"{what} {number}, card {position}: not a card int (0-51): {quoted(card)}")
        result.append(list(group))
    return result


def check_reshuffles(reshuffles_left: object, allowance: int) -> int:
    """Return the reshuffle count if it is an int in ``0 … allowance``."""
    if type(reshuffles_left) is not int:  # a bool or an int subclass is no count: the engine keeps plain ints
        raise InvalidPositionError(f"reshuffles_left must be an int, got {quoted(reshuffles_left)}")
    if not 0 <= reshuffles_left <= allowance:
        raise InvalidPositionError(f"reshuffles_left must be between 0 and {allowance}, got {reshuffles_left}")
    return reshuffles_left


def check_face_down(face_down: object, piles: list[list[int]], allowed: bool) -> list[int]:
    """Return per-pile face-down counts: each below its pile's size, so the top shows."""
    if face_down is None:
        return [0] * PILES
    if not isinstance(face_down, list | tuple) or type(face_down) not in (list, tuple) or len(face_down) != PILES:
        raise InvalidPositionError(f"face_down must be a list of {PILES} counts")
    counts = list(face_down)
    for number, (count, pile) in enumerate(zip(counts, piles, strict=True), start=1):
        if type(count) is not int or not 0 <= count < max(len(pile), 1):
            raise InvalidPositionError(
                f"pile {number}: face_down must be an int from 0 to one less than its {len(pile)} cards"
            )
    if not allowed and any(counts):
        raise InvalidPositionError("face-down cards exist only in the face-down deal (variant H)")
    return counts


def format_position(
    piles: list[list[int]], face_down: list[int], foundations: list[list[int]], reshuffles_left: int, variant: str
) -> str:
    """The position text of a position held as card ints (see the module docs)."""
    pile_texts = (
        "".join([*(DOWN_TEXT[c] for c in pile[:down]), *(ASCII_TEXT[c] for c in pile[down:])])
        for pile, down in zip(piles, face_down, strict=True)
    )
    tops = "/".join(ASCII_TEXT[f[-1]] for f in foundations)
    return f"{'/'.join(pile_texts)} {tops} {reshuffles_left} {variant}"


def parse_position(text: object) -> tuple[list[list[int]], list[list[int]], int, str, list[int]]:
    """Read a position text into piles, foundations, reshuffles left, variant and face-down counts.

    Only the text's own form is checked here; the position's rules (each card twice,
    piles of at most 13 …) are checked by :func:`check_position` as for any layout.

    Raises:
        InvalidPositionError: the text is not a position text.
    """
    if not isinstance(text, str):
        raise InvalidPositionError(f"a position must be text, got {type(text).__name__}")
    fields = text.split()
    if len(fields) != 4:
        raise InvalidPositionError(f"not a position: {quoted(text)} ({_POSITION_HELP})")
    pile_field, foundation_field, left_field, variant = fields
    if variant not in VARIANT_RESHUFFLES:
        raise InvalidPositionError(f"unknown variant {quoted(variant)}; implemented: {', '.join(VARIANT_RESHUFFLES)}")
    if not (left_field.isascii() and left_field.isdecimal() and len(left_field) == 1):
        raise InvalidPositionError(f"reshuffles left must be one digit, got {quoted(left_field)}")
    piles, face_down = _parse_piles(pile_field)
    return piles, _parse_foundations(foundation_field), int(left_field), variant, face_down


def _parse_piles(field: str) -> tuple[list[list[int]], list[int]]:
    texts = field.split("/")
    if len(texts) != PILES:
        raise InvalidPositionError(f"a position needs {PILES} piles separated by /, got {len(texts)}")
    piles, face_down = [], []
    for number, pile_text in enumerate(texts, start=1):
        match = _PILE.fullmatch(pile_text)
        if match is None:
            raise InvalidPositionError(
                f"pile {number}: not cards bottom to top: {quoted(pile_text)} "
                "(face-down cards in small letters beneath the face-up ones, e.g. '2h9cJD')"
            )
        down, up = (_CARD.findall(group) for group in match.groups())
        if down and not up:
            raise InvalidPositionError(f"pile {number}: its top card must be face up (in capitals)")
        piles.append([_INDEX_BY_TEXT[card] for card in (*down, *up)])
        face_down.append(len(down))
    return piles, face_down


def _parse_foundations(field: str) -> list[list[int]]:
    tops = field.split("/")
    if len(tops) != FOUNDATIONS:
        raise InvalidPositionError(f"a position needs {FOUNDATIONS} foundation tops separated by /, got {len(tops)}")
    foundations = []
    for index, top in enumerate(tops):
        card = _INDEX_BY_TEXT.get(top) if top == top.upper() else None
        suit = index % 4
        if card is None or card // 13 != suit:
            base = ASCII_TEXT[base_cards()[index]]
            raise InvalidPositionError(
                f"foundation F{index + 1}: its top must be a card of its base {base}'s suit in capitals, "
                f"got {quoted(top)}"
            )
        rank = card % 13 + 1
        ranks = range(ACE, rank + 1) if index < 4 else range(KING, rank - 1, -1)
        foundations.append([card_index(suit, r) for r in ranks])
    return foundations
