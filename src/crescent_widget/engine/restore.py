"""Checking a game's state before :meth:`Game.__setstate__ <crescent_widget.engine.game.Game>` loads it.

A pickle, ``copy.deepcopy`` or any code calling ``__setstate__`` hands the engine a state
built outside it. It is trusted no more than a save: the position must be a legal one
(:func:`~crescent_widget.engine.positions.check_position`), and it must follow from the
game's start (its deal, or its start layout) by the actions it lists, replayed through
the rules. ``Game.copy`` copies a state the game itself holds and skips this.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from ..errors import CrescentError, InvalidOptionError, InvalidPositionError, quoted
from .cards import ASCII_TEXT
from .codes import VARIANT_RESHUFFLES
from .moves import FOUNDATIONS, PILES, RESHUFFLE, RESHUFFLE_INDEX, Move, Place
from .positions import check_card_ints, check_position, check_reshuffles
from .records import MOST_ELAPSED, dealt

if TYPE_CHECKING:
    from .game import Game

STATE_FIELDS: Final = 13
STATE_DEPTH: Final = 4  # a start layout, its piles, a pile, a card
PLACE_INDICES: Final = PILES + FOUNDATIONS


def check_clock(clock: object) -> Callable[[], float]:
    """The clock a game reads: ``time.monotonic`` for ``None``, else a function returning seconds.

    It is called once here, so that a clock that is no clock is refused when the game is
    made, not after a move was already played.

    >>> check_clock("abc")
    Traceback (most recent call last):
    ...
    crescent_widget.errors.InvalidOptionError: clock must be a function returning seconds, got 'abc'
    """
    if clock is None:
        return time.monotonic
    if not callable(clock):
        raise InvalidOptionError(f"clock must be a function returning seconds, got {quoted(clock)}")
    now = clock()
    if isinstance(now, bool) or not isinstance(now, int | float) or not math.isfinite(now):
        raise InvalidOptionError(f"clock must return a finite number of seconds, got {quoted(now)}")
    return clock


def checked_state(game_class: type[Game], state: object) -> tuple[Any, ...]:
    """The state to load, after checking it as described in the module docs.

    Normalise, then check, then keep what the engine built: numbers that hold whole values
    (``13.0``, a :class:`~.moves.Place`) become plain ints and a :class:`~.moves.Move` a plain
    tuple (:func:`plain_numbers`), the checks then take only exact built-in types, and the
    state returned is the game replayed from its start. What only the given state says (how
    deep its undo history goes, its times) comes back rebuilt too: the history is the tail
    of the replayed one, the times are floats. So a state whose values merely compare equal
    to the real ones loads the same game as the real state, holding the engine's own values.

    Raises:
        InvalidPositionError: the state is malformed, its position is not legal, or it
            does not follow from its start and actions.
        InvalidOptionError: its clock is no clock.
    """
    if type(state) is not tuple or len(state) != STATE_FIELDS:
        raise InvalidPositionError(f"a game's state must be the {STATE_FIELDS}-item tuple Game.__getstate__ gives")
    piles, foundations, variant, code, clock, left, history, face_down, log, start, moves, started, last = (
        plain_numbers(value) for value in state
    )
    pile_ints = check_card_ints(piles, PILES, "pile")
    found_ints = check_card_ints(foundations, FOUNDATIONS, "foundation")
    check_position(pile_ints, found_ints)
    if type(variant) is not str or variant not in VARIANT_RESHUFFLES:
        raise InvalidPositionError(f"unknown variant {quoted(variant)}; implemented: {', '.join(VARIANT_RESHUFFLES)}")
    check_reshuffles(left, VARIANT_RESHUFFLES[variant])
    game = _start(game_class, variant, code, start, clock)
    _replay_log(game, log)
    replayed = game.__getstate__()
    checks = (
        ("position", [pile_ints, found_ints], [replayed[0], replayed[1]]),
        ("reshuffles_left", left, replayed[5]),
        ("face_down", face_down, replayed[7]),
        ("move count", moves, replayed[10]),
    )
    for what, given, expected in checks:
        if not same_value(given, expected):
            raise InvalidPositionError(f"the state's {what} does not follow from the game's start and actions")
    undoable = replayed[6]
    if not isinstance(history, tuple | list) or type(history) not in (tuple, list) or len(history) > len(undoable):
        raise InvalidPositionError("the state's undo history is longer than its moves since the last reshuffle")
    kept = undoable[len(undoable) - len(history) :]
    if not same_value(history, kept):
        raise InvalidPositionError("the state's undo history is not the tail of its actions")
    started_at = None if started is None else _seconds(started, "started")
    if last is None:
        raise InvalidPositionError("the state's last action time must be a number of seconds, got None")
    last_at = _seconds(last, "last action")
    if started_at is not None:
        # A clock a save could not hold (see from_save) would make the loaded game unsavable.
        longest = max(last_at, replayed[4]()) - started_at
        if not longest < MOST_ELAPSED:
            raise InvalidPositionError(f"the state's clock shows {longest:.0f} seconds of play, more than a save holds")
    return (*replayed[:6], kept, *replayed[7:11], started_at, last_at)


def plain_numbers(value: object, depth: int = STATE_DEPTH) -> object:
    """``value`` with each whole number as a plain int and each Move as a plain tuple, inside
    built-in lists and tuples (``depth`` levels at most); anything else as it was, for the
    checks to judge. Only the exact built-in types and the engine's own are looked into, so
    no method of a foreign object runs.

    >>> plain_numbers([(13.0, Place.parse("F1")), 2.5, True, Move.parse("1-3")])
    [(13, 17), 2.5, True, (1, 3)]
    """
    kind = type(value)
    if kind is float:
        number: float = value  # type: ignore[assignment]
        return int(number) if number.is_integer() else number
    if kind is Place:
        return int.__int__(value)  # type: ignore[arg-type]
    if kind in (list, tuple, Move) and depth > 0:
        items = [plain_numbers(item, depth - 1) for item in value]  # type: ignore[attr-defined]
        return items if kind is list else tuple(items)
    return value


def same_value(given: object, expected: object) -> bool:
    """Whether ``given`` (made plain by :func:`plain_numbers`) holds the values of ``expected``,
    a value the engine built: ints equal to its ints, tuples or lists of them in its tuples and
    lists. Only built-in ints, tuples and lists are compared, so no foreign method runs.

    >>> same_value([(13, 14), []], [(13, 14), []]), same_value([True], [1]), same_value("13", 13)
    (True, False, False)
    """
    if isinstance(expected, tuple | list):
        return (
            isinstance(given, tuple | list)
            and type(given) in (tuple, list)
            and len(given) == len(expected)
            and all(same_value(item, want) for item, want in zip(given, expected, strict=True))
        )
    return type(given) is int and given == expected


def _seconds(value: object, name: str) -> float:
    """A time of the state as the float the engine keeps: a finite number (no bool)."""
    if isinstance(value, int | float) and type(value) in (int, float):
        try:
            seconds = float(value)
        except OverflowError:  # an int past every float
            seconds = math.inf
        if math.isfinite(seconds):
            return seconds
    raise InvalidPositionError(f"the state's {name} time must be a number of seconds, got {quoted(value)}")


def _start(game_class: type[Game], variant: str, code: object, start: object, clock: object) -> Game:
    """The game the state started from: the deal of its code, or its start layout."""
    clock = check_clock(clock)
    if code is not None:
        if start is not None:
            raise InvalidPositionError("a game dealt from a code has no start layout")
        if type(code) is not str:
            raise InvalidPositionError(f"a game code must be text or None, got {quoted(code)}")
        return dealt(game_class, code, variant, clock)
    if not isinstance(start, tuple) or type(start) is not tuple or len(start) != 4:
        raise InvalidPositionError("a game without a code needs its start layout")
    piles, foundations, left, face_down = start
    return game_class.from_layout(
        [[ASCII_TEXT[c] for c in pile] for pile in check_card_ints(piles, PILES, "start pile")],
        [[ASCII_TEXT[c] for c in found] for found in check_card_ints(foundations, FOUNDATIONS, "start foundation")],
        left,
        variant=variant,
        face_down=face_down,
        clock=clock,
    )


def _replay_log(game: Game, log: object) -> None:
    """Play the state's actions (pairs of engine indices) on its start, each checked by the rules."""
    if not isinstance(log, list | tuple) or type(log) not in (list, tuple):
        raise InvalidPositionError("the state's actions must be a list of index pairs")
    for number, entry in enumerate(log, start=1):
        try:
            if not isinstance(entry, tuple) or type(entry) is not tuple or len(entry) != 2:
                raise InvalidPositionError("not a pair of indices")
            src, dst = entry
            if type(src) is int and type(dst) is int and src == dst == RESHUFFLE_INDEX:  # no other type's __eq__
                game.move(RESHUFFLE)
            elif type(src) is int and type(dst) is int and 0 <= src < PLACE_INDICES and 0 <= dst < PLACE_INDICES:
                game.move(Move.from_indices(src, dst))
            else:
                raise InvalidPositionError(f"no such place index in {quoted(src)}, {quoted(dst)}")
        except CrescentError as err:
            raise InvalidPositionError(f"the state's action {number} does not replay: {err}") from None
