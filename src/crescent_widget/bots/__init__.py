"""Bots: policies (``policy(game) -> action``) and a runner that plays them over many deals.

>>> from crescent_widget.bots import greedy, play_many
>>> results = play_many(range(1, 11), greedy)
>>> len(results), results.counts()
(10, {'won': 0, 'blocked': 0, 'resigned': 10, 'max_actions': 0})

``play_many(deals, policy, jobs=2)`` uses worker processes, ``cluster="local"`` or a
scheduler address the same Dask cluster as the survey (``crescent_widget.solver --cluster``).
"""

from __future__ import annotations

from .batch import MAX_ACTIONS, Played, PlayedGames, PolicyError, game_seed, play, play_many
from .policies import Action, HintPolicy, Policy, RandomPolicy, greedy

__all__ = [
    "MAX_ACTIONS",
    "Action",
    "HintPolicy",
    "Played",
    "PlayedGames",
    "Policy",
    "PolicyError",
    "RandomPolicy",
    "game_seed",
    "greedy",
    "play",
    "play_many",
]
