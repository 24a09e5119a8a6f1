"""The moves of a won game that were each the only one keeping the win (as far as small searches prove).

The review of a won game names the longest stretches of them; the replay of a game marks them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ...checks import check_flag
from ...engine.moves import RESHUFFLE, Move
from ..api import hides_cards, solve
from ..search.checks import check_game, check_nodes
from .meter import Meter

if TYPE_CHECKING:
    from ...engine.game import Game

# "The only move that kept a win" needs every other move proven lost: each gets this many
# positions of search (a few milliseconds), and a position with more moves is not asked.
ONLY_MOVE_NODES: Final = 1_500
ONLY_MOVE_MOST_MOVES: Final = 12


def only_winning_move(
    before: Game,
    move: Move,
    *,
    nodes: int | None = ONLY_MOVE_NODES,
    keeps_win: bool | None = None,
    meter: Meter | None = None,
) -> bool:
    """Whether ``move`` keeps a win from ``before`` and every other move is proven to lose.

    Each other move gets ``nodes`` positions of search; a position with more than
    :data:`ONLY_MOVE_MOST_MOVES` other moves, or none, is not asked (False).
    ``keeps_win``: whether the position after ``move`` is known to be winnable (else solved).
    ``meter``: the budget these searches count against (:mod:`.meter`), if any. ``None`` for
    ``nodes`` is its default, as in every budget.

    Raises:
        ArgumentTypeError, InvalidBudgetError: not a Game, or a budget that is no budget.
        InvalidMoveError, IllegalMoveError: ``move`` is no move, or not legal in ``before``.
    """
    check_game(before)
    nodes = check_nodes(nodes, default=ONLY_MOVE_NODES)
    if keeps_win is not None:
        check_flag(keeps_win, "keeps_win")
    move = before.resolve(move)  # concrete; refused here when it is no move of this position
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
        if _solved(position, nodes, meter) != "lost":
            return False
    if keeps_win is not None:
        return keeps_win
    after = before.copy()
    after.move(move)
    return _solved(after, nodes, meter) == "won"


def _solved(game: Game, nodes: int, meter: Meter | None) -> str:
    result = solve(game, nodes=nodes)
    if meter is not None:
        meter.charge(result.nodes)
    return result.status


def only_move_stretches(
    start: Game, actions: tuple[Move, ...], seconds: float, meter: Meter | None = None
) -> tuple[tuple[int, int], ...]:
    """The longest runs of actions that were each the only winning move, longest first (at most 3);
    the search stops after ``seconds`` of ``meter``'s clock (the wall clock without one)."""
    meter = Meter(None, None) if meter is None else meter
    deadline = meter.now() + seconds
    only: list[int] = []
    game = start.copy()
    for number, move in enumerate(actions, start=1):
        if meter.now() >= deadline:
            break
        if only_winning_move(game, move, keeps_win=True, meter=meter):
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
