"""Crescent for reinforcement learning: a Gymnasium environment (``pip install crescent-widget[gym]``).

Importing this module registers ``crescent_widget/Crescent-v0`` with Gymnasium, so::

    import gymnasium
    import crescent_widget.gym  # registers the environment

    env = gymnasium.make("crescent_widget/Crescent-v0", variant="H", render_mode="ansi")
    obs, info = env.reset(seed=7)
    obs, reward, terminated, truncated, info = env.step(int(info["action_mask"].argmax()))

``gymnasium.make("crescent_widget.gym:crescent_widget/Crescent-v0")`` imports this module
itself. :class:`CrescentEnv` documents the observation, the actions, the rewards and how an
illegal action is answered; :class:`OneHot` turns its observations into 0/1 features. ``import
crescent_widget`` alone never imports Gymnasium.

>>> import gymnasium
>>> env = gymnasium.make("crescent_widget/Crescent-v0")
>>> obs, info = env.reset(options={"code": "CR1-N-AAAAAAB"})
>>> info["code"], obs["piles"].shape, int(info["action_mask"].sum())
('CR1-N-AAAAAAB', (16, 13), 16)
>>> action_move(int(info["action_mask"].argmax()))
Move.parse('1-3')
"""

from __future__ import annotations

from typing import Final

import gymnasium

from ..engine.legal import ACTION_COUNT, ACTION_MOVES, RESHUFFLE_ACTION, action_move, action_number
from .env import FACE_DOWN, NO_CARD, CrescentEnv, NotResetError
from .frames import MissingRasteriserError, rasterise
from .onehot import FEATURES, OneHot, one_hot

ENV_ID: Final = "crescent_widget/Crescent-v0"
MAX_EPISODE_STEPS: Final = 1000

__all__ = [
    "ACTION_COUNT",
    "ACTION_MOVES",
    "ENV_ID",
    "FACE_DOWN",
    "FEATURES",
    "MAX_EPISODE_STEPS",
    "NO_CARD",
    "RESHUFFLE_ACTION",
    "CrescentEnv",
    "MissingRasteriserError",
    "NotResetError",
    "OneHot",
    "action_move",
    "action_number",
    "one_hot",
    "rasterise",
]

if ENV_ID not in gymnasium.registry:  # a reload must not register it twice (Gymnasium warns)
    gymnasium.register(
        id=ENV_ID, entry_point="crescent_widget.gym.env:CrescentEnv", max_episode_steps=MAX_EPISODE_STEPS
    )
