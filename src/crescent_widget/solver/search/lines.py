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

from ...checks import refuse_type
from ...engine.moves import Move
from .checks import check_game
from .state import ANY_FOUNDATION, RESHUFFLE_SRC, InternalMove

if TYPE_CHECKING:
    from ...engine.game import Game


class ReplayError(RuntimeError):
    """The solver produced a line the engine refuses: a solver bug, never shown as a win."""


def _move(src: str, dst: str) -> Move:
    """An engine move from two SPEC.md place names (``"13"``, ``"F1"``)."""
    return Move.parse(f"{src}-{dst}")


def engine_moves(game: Game, move: InternalMove) -> list[Move]:
    """The engine moves that carry out one internal move from ``game``'s position.

    A card going to a joined suit may first need foundation-to-foundation moves that slide
    the boundary between the suit's two foundations.
    """
    src, dst = move
    if src == RESHUFFLE_SRC:
        return [Move.parse("R")]
    if dst != ANY_FOUNDATION:
        return [_move(str(src + 1), str(dst + 1))]
    pile = str(src + 1)
    card = game.pile(pile)[-1].index
    suit, rank = divmod(card, 13)
    ascending, descending = f"F{suit + 1}", f"F{suit + 5}"
    asc_top = game.foundation(ascending)[-1].index % 13
    desc_top = game.foundation(descending)[-1].index % 13
    if rank == asc_top + 1:
        return [_move(pile, ascending)]
    if rank == desc_top - 1:
        return [_move(pile, descending)]
    if desc_top != asc_top + 1:
        raise ReplayError(f"no foundation takes card {card} from pile {pile}")
    if rank > asc_top:  # slide the boundary up: descending tops go onto the ascending pile
        return [_move(descending, ascending)] * (rank - 1 - asc_top) + [_move(pile, ascending)]
    return [_move(ascending, descending)] * (asc_top - rank) + [_move(pile, descending)]


def engine_line(game: Game, line: Iterable[InternalMove]) -> list[Move]:
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

    Raises:
        ArgumentTypeError: ``game`` is not a Game, or ``moves`` is not an iterable of moves
            (a single string is refused: its characters are no moves).
        InvalidMoveError: a move is malformed.
    """
    check_game(game)
    if isinstance(moves, (str, bytes)) or not isinstance(moves, Iterable):
        refuse_type("invalid_option", "moves", "an iterable of moves", moves)
    scratch = game.copy()
    for move in moves:
        if scratch.check(move) is not None:
            return False
        scratch.move(move)
    return scratch.status == "won"
