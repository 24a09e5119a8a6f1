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
from .moves import FOUNDATIONS, PILES, RESHUFFLE, RESHUFFLE_INDEX, Move
from .positions import check_card_ints, check_position, check_reshuffles
from .records import dealt

if TYPE_CHECKING:
    from .game import Game

STATE_FIELDS: Final = 13
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

    Returns the state of the game replayed from its start, with the given undo history
    (which must be a tail of the replayed one) and times.

    Raises:
        InvalidPositionError: the state is malformed, its position is not legal, or it
            does not follow from its start and actions.
        InvalidOptionError: its clock is no clock.
    """
    if not isinstance(state, tuple) or len(state) != STATE_FIELDS:
        raise InvalidPositionError(f"a game's state must be the {STATE_FIELDS}-item tuple Game.__getstate__ gives")
    piles, foundations, variant, code, clock, left, history, face_down, log, start, moves, started, last = state
    pile_ints = check_card_ints(piles, PILES, "pile")
    found_ints = check_card_ints(foundations, FOUNDATIONS, "foundation")
    check_position(pile_ints, found_ints)
    if not isinstance(variant, str) or variant not in VARIANT_RESHUFFLES:
        raise InvalidPositionError(f"unknown variant {quoted(variant)}; implemented: {', '.join(VARIANT_RESHUFFLES)}")
    check_reshuffles(left, VARIANT_RESHUFFLES[variant])
    game = _start(game_class, variant, code, start, clock)
    _replay_log(game, log)
    replayed = game.__getstate__()
    checks = (
        ("position", [pile_ints, found_ints], [replayed[0], replayed[1]]),
        ("reshuffles_left", left, replayed[5]),
        ("face_down", list(face_down) if isinstance(face_down, list | tuple) else face_down, replayed[7]),
        ("move count", moves, replayed[10]),
    )
    for what, given, expected in checks:
        if type(given) is not type(expected) or given != expected:
            raise InvalidPositionError(f"the state's {what} does not follow from the game's start and actions")
    if not isinstance(history, tuple | list) or len(history) > len(replayed[6]):
        raise InvalidPositionError("the state's undo history is longer than its moves since the last reshuffle")
    if history and tuple(history) != replayed[6][-len(history) :]:
        raise InvalidPositionError("the state's undo history is not the tail of its actions")
    for name, value in (("started", started), ("last action", last)):
        if value is not None and (
            isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value)
        ):
            raise InvalidPositionError(f"the state's {name} time must be a number of seconds, got {quoted(value)}")
    if last is None:
        raise InvalidPositionError("the state's last action time must be a number of seconds, got None")
    return (*replayed[:6], tuple(history), *replayed[7:11], started, last)


def _start(game_class: type[Game], variant: str, code: object, start: object, clock: object) -> Game:
    """The game the state started from: the deal of its code, or its start layout."""
    clock = check_clock(clock)
    if code is not None:
        if start is not None:
            raise InvalidPositionError("a game dealt from a code has no start layout")
        if not isinstance(code, str):
            raise InvalidPositionError(f"a game code must be text or None, got {quoted(code)}")
        return dealt(game_class, code, variant, clock)
    if not isinstance(start, tuple) or len(start) != 4:
        raise InvalidPositionError("a game without a code needs its start layout")
    piles, foundations, left, face_down = start
    return game_class.from_layout(
        [[ASCII_TEXT[c] for c in pile] for pile in check_card_ints(piles, PILES, "start pile")],
        [[ASCII_TEXT[c] for c in found] for found in check_card_ints(foundations, FOUNDATIONS, "start foundation")],
        left,
        variant=variant,
        face_down=list(face_down) if isinstance(face_down, list | tuple) else face_down,
        clock=clock,
    )


def _replay_log(game: Game, log: object) -> None:
    """Play the state's actions (pairs of engine indices) on its start, each checked by the rules."""
    if not isinstance(log, list | tuple):
        raise InvalidPositionError("the state's actions must be a list of index pairs")
    for number, entry in enumerate(log, start=1):
        try:
            if not isinstance(entry, tuple) or len(entry) != 2:
                raise InvalidPositionError("not a pair of indices")
            src, dst = entry
            if type(src) is int and src == dst == RESHUFFLE_INDEX:
                game.move(RESHUFFLE)
            elif type(src) is int and type(dst) is int and 0 <= src < PLACE_INDICES and 0 <= dst < PLACE_INDICES:
                game.move(Move.from_indices(src, dst))
            else:
                raise InvalidPositionError(f"no such place index in {quoted(src)}, {quoted(dst)}")
        except CrescentError as err:
            raise InvalidPositionError(f"the state's action {number} does not replay: {err}") from None
