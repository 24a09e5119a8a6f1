"""The moves of a won game that were each the only one keeping the win (as far as small searches prove).

The review of a won game names the longest stretches of them; the replay of a game marks them.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Final

from ..engine.moves import RESHUFFLE, Move
from .api import hides_cards, solve

if TYPE_CHECKING:
    from ..engine.game import Game

# "The only move that kept a win" needs every other move proven lost: each gets this many
# positions of search (a few milliseconds), and a position with more moves is not asked.
ONLY_MOVE_NODES: Final = 1_500
ONLY_MOVE_MOST_MOVES: Final = 12


def only_winning_move(before: Game, move: Move, *, nodes: int = ONLY_MOVE_NODES, keeps_win: bool | None = None) -> bool:
    """Whether ``move`` keeps a win from ``before`` and every other move is proven to lose.

    Each other move gets ``nodes`` positions of search; a position with more than
    :data:`ONLY_MOVE_MOST_MOVES` other moves, or none, is not asked (False).
    ``keeps_win``: whether the position after ``move`` is known to be winnable (else solved).
    """
    if hides_cards(before):
        return False
    others = [other for other in before.legal_moves() if other != move]
    if before.can_move(RESHUFFLE) and move != RESHUFFLE:
        others.append(RESHUFFLE)
    if not others or len(others) > ONLY_MOVE_MOST_MOVES:
        return False  # a forced move needs no reason; a wide position costs too much to settle
    for other in others:
        position = before.copy()
        position.move(other)
        if solve(position, nodes=nodes).status != "lost":
            return False
    if keeps_win is not None:
        return keeps_win
    after = before.copy()
    after.move(move)
    return solve(after, nodes=nodes).status == "won"


def only_move_stretches(start: Game, actions: tuple[Move, ...], seconds: float) -> tuple[tuple[int, int], ...]:
    """The longest runs of actions that were each the only winning move, longest first (at most 3)."""
    deadline = time.perf_counter() + seconds
    only: list[int] = []
    game = start.copy()
    for number, move in enumerate(actions, start=1):
        if time.perf_counter() >= deadline:
            break
        if only_winning_move(game, move, keeps_win=True):
            only.append(number)
        game.move(move)
    runs: list[tuple[int, int]] = []
    for number in only:
        if runs and runs[-1][1] == number - 1:
            runs[-1] = (runs[-1][0], number)
        else:
            runs.append((number, number))
    runs.sort(key=lambda run_: (run_[0] - run_[1], run_[0]))
    return tuple(runs[:3])


__all__ = ["only_move_stretches", "only_winning_move"]
