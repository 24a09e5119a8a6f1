"""A game review at the table: where its replay opens, and what "Try it" offers there.

>>> from crescent_widget import Game
>>> from crescent_widget.solver.analysis.review import review
>>> review_step(review(Game.from_number(3), seconds=5), end=0)
0
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Final

from ..solver.search.watch import in_browser

if TYPE_CHECKING:
    from ..engine.moves import Move
    from ..solver.analysis.review import Review
    from .replay import Replay, ReplayState
    from .state import TableState

# The board's Review button: the whole review blocks the kernel, so it gets a few seconds
# (the browser's Python is about 3 times slower, and has only one thread).
REVIEW_SECONDS: Final = 3.0 if in_browser() else 8.0


def known_lines(state: TableState) -> dict[int, tuple[Move, ...]]:
    """The winning lines the table already knows for positions of its game's record, by
    position number: "Still winnable?"'s, else the hint plan's (a hint's, or a tried better
    move's). The review replays each and settles those positions won with no search."""
    game = state.game
    position = game.root()
    known: dict[int, tuple[Move, ...]] = {}
    for number in range(len(game.actions) + 1):
        if number:
            position.move(game.actions[number - 1])
        key = position.position_key
        line = state.won_lines.get(key) or state.plan.line_from(key)
        if line:
            known[number] = line
    return known


def review_step(found: Review, end: int) -> int:
    """The replay step a review opens at: before the better move, else the last winnable
    position, else the first lost one; a won game at its longest stretch of only moves;
    else (a game still winnable, or unsettled) at ``end``, where the player left it."""
    if found.better is not None:
        return found.better.position
    if found.last_winnable is not None and found.first_lost is not None:
        return found.last_winnable
    if found.first_lost is not None:
        return found.first_lost
    if found.only_moves:
        return found.only_moves[0][0] - 1
    return end


def review_state(session: Replay, found: Review | None) -> ReplayState:
    """The replay's state, offering the review's better move while the replay stands before it,
    and a practice of its mistake at every step."""
    state = session.state()
    better = None if found is None else found.better
    if found is None or better is None:
        return state
    practice = found.mistake is not None
    return replace(state, better=str(better.move) if session.index == better.position else "", practice=practice)
