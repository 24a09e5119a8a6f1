"""The foundation moves that can never hurt: the search's safe-move rule, for a player.

Once no reshuffle is left, a suit with one foundation complete has its remaining cards
bound for the other foundation in a fixed order, and the next of them can go up at once
without losing any win (the proof is in :mod:`.search.expand`). :func:`safe_moves` lists those
moves for an engine game, so a board can play them for the player (auto-play).

>>> from crescent_widget import Game
>>> safe_moves(Game("CR1-N-AAAAAAB"))   # three reshuffles left: nothing is provably safe
[]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.moves import ANY_FOUNDATION, PILES, Move, Place
from .search.expand import endgame
from .search.state import canonical_foundations

if TYPE_CHECKING:
    from ..engine.game import Game


def safe_moves(game: Game) -> list[Move]:
    """The pile-to-foundation moves the safe-move rule proves harmless now, as concrete moves.

    Each is safe in the position as it stands; after playing one, ask again (the next
    card of its chain becomes safe in turn).
    """
    if game.status != "playing" or game.reshuffles_left:
        return []
    # The rule reads the foundations and the top cards only, so it holds with cards face down
    # too (a whole position is for the searches: search.state.from_game).
    table = endgame(canonical_foundations([foundation[-1].index % 13 for foundation in game.foundations]))
    if table is None:
        return []
    tops = game.tops
    return [
        game.resolve(Move(Place(index + 1), ANY_FOUNDATION))
        for index in range(PILES)
        if (top := tops[index]) is not None and table.safe[top.index]
    ]
