"""Turn a line of internal solver moves into engine moves, checked by the real rules.

The solver searches its own compact state (:mod:`.state`); nothing it finds is reported
as won until this module has replayed the whole line through :class:`~crescent_widget.Game`
and the engine agrees that the game is won.

>>> from crescent_widget import Game
>>> g = Game.from_number(1)
>>> [str(m) for m in engine_moves(g, (12, 13))]
['13-14']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..moves import FIRST_FOUNDATION, RESHUFFLE, Move
from .state import RESHUFFLE_SRC, TO_FOUNDATION, InternalMove

if TYPE_CHECKING:
    from ..game import Game


class ReplayError(RuntimeError):
    """The solver produced a line the engine refuses: a solver bug, never shown as a win."""


def engine_moves(game: Game, move: InternalMove) -> list[Move]:
    """The engine moves that carry out one internal move from ``game``'s position.

    A card going to a joined suit may first need foundation-to-foundation moves that slide
    the boundary between the suit's two foundations.
    """
    src, dst = move
    if src == RESHUFFLE_SRC:
        return [RESHUFFLE]
    if dst != TO_FOUNDATION:
        return [Move(src, dst)]
    card = game._piles[src][-1]
    suit, rank = divmod(card, 13)
    ascending, descending = FIRST_FOUNDATION + suit, FIRST_FOUNDATION + 4 + suit
    asc_top = game._foundations[suit][-1] % 13
    desc_top = game._foundations[suit + 4][-1] % 13
    if rank == asc_top + 1:
        return [Move(src, ascending)]
    if rank == desc_top - 1:
        return [Move(src, descending)]
    if desc_top != asc_top + 1:
        raise ReplayError(f"no foundation takes card {card} from pile {src + 1}")
    if rank > asc_top:  # slide the boundary up: descending tops go onto the ascending pile
        return [Move(descending, ascending)] * (rank - 1 - asc_top) + [Move(src, ascending)]
    return [Move(ascending, descending)] * (asc_top - rank) + [Move(src, descending)]


def replay(game: Game, line: Iterable[InternalMove]) -> list[Move]:
    """Play an internal line on a copy of ``game``; return the engine moves.

    Raises:
        ReplayError: the engine refused a move (the line is not legal).
    """
    scratch = game.copy()
    played: list[Move] = []
    for move in line:
        for step in engine_moves(scratch, move):
            reason = scratch.check(step)
            if reason is not None:
                raise ReplayError(f"engine refused {step} ({reason}) after {len(played)} moves")
            scratch.move(step)
            played.append(step)
    return played


def check_win(game: Game, moves: Iterable[Move | str]) -> bool:
    """Whether ``moves`` are all legal from ``game`` and end in a won game (``game`` unchanged).

    >>> from crescent_widget import Game
    >>> check_win(Game.from_number(1), ["13-14"])
    False
    """
    scratch = game.copy()
    for move in moves:
        if scratch.check(move) is not None:
            return False
        scratch.move(move)
    return scratch.status == "won"
