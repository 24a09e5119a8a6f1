"""Bots: policies (``policy(game) -> action``) and a runner that plays them over many deals.

>>> from crescent_widget.bots import greedy, play_many
>>> results = play_many(range(1, 11), greedy)
>>> len(results), {p.status for p in results} <= {"won", "blocked", "stopped"}
(10, True)

``play_many(deals, policy, jobs=2)`` uses worker processes, ``cluster="local"`` or a
scheduler address the same Dask cluster as the survey (``crescent_widget.solver --cluster``).
"""

from __future__ import annotations

from .batch import MAX_ACTIONS, Played, PolicyError, play, play_many
from .policies import Action, HintPolicy, Policy, RandomPolicy, greedy

__all__ = [
    "MAX_ACTIONS",
    "Action",
    "HintPolicy",
    "Played",
    "Policy",
    "PolicyError",
    "RandomPolicy",
    "greedy",
    "play",
    "play_many",
]
