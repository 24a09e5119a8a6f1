"""Validation of positions given from outside: layouts, and the positions in saves.

Everything that enters the engine from a user, a file or a front end passes through
here first, so a bad position is refused with a clear message and never loaded.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

from ..errors import InvalidCardError, InvalidPositionError, quoted
from .cards import ASCII_TEXT, parse_card_index
from .codes import base_cards
from .moves import FOUNDATIONS, PILES
from .rules import MAX_PILE

CARD_COUNT: Final = 104


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
    if not isinstance(groups, list | tuple) or len(groups) != count:
        raise InvalidPositionError(f"{what} must be a list of {count} lists of card ints")
    result = []
    for number, group in enumerate(groups, start=1):
        if not isinstance(group, list | tuple) or len(group) > CARD_COUNT:
            raise InvalidPositionError(f"{what} {number} must be a list of card ints")
        for position, card in enumerate(group, start=1):
            if type(card) is not int or not 0 <= card < len(ASCII_TEXT):
                raise InvalidPositionError(f"{what} {number}, card {position}: not a card int (0-51): {quoted(card)}")
        result.append(list(group))
    return result


def check_reshuffles(reshuffles_left: object, allowance: int) -> int:
    """Return the reshuffle count if it is an int in ``0 … allowance``."""
    if isinstance(reshuffles_left, bool) or not isinstance(reshuffles_left, int):
        raise InvalidPositionError(f"reshuffles_left must be an int, got {quoted(reshuffles_left)}")
    if not 0 <= reshuffles_left <= allowance:
        raise InvalidPositionError(f"reshuffles_left must be between 0 and {allowance}, got {reshuffles_left}")
    return reshuffles_left


def check_face_down(face_down: object, piles: list[list[int]], allowed: bool) -> list[int]:
    """Return per-pile face-down counts: each below its pile's size, so the top shows."""
    if face_down is None:
        return [0] * PILES
    if not isinstance(face_down, list | tuple) or len(face_down) != PILES:
        raise InvalidPositionError(f"face_down must be a list of {PILES} counts")
    if not allowed and any(face_down):
        raise InvalidPositionError("face-down cards exist only in the face-down deal (variant H)")
    for number, (count, pile) in enumerate(zip(face_down, piles, strict=True), start=1):
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count < max(len(pile), 1):
            raise InvalidPositionError(
                f"pile {number}: face_down must be an int from 0 to one less than its {len(pile)} cards"
            )
    return list(face_down)
