"""0/1 features for learners: a card is a category, not a number.

The environment codes cards as the numbers 1–52, which a network reads as ordered amounts
(as if K♦ were 52 times A♠). :class:`OneHot` turns each observation into one flat
``MultiBinary`` vector, every value a 0/1 feature:

- each of the 16×13 pile slots, one-hot over 54 values (0 no card, 1–52 the card, 53 face
  down): 11,232 features;
- each foundation's top card, one-hot over its 13 ranks (a foundation's suit is fixed): 104;
- the reshuffles left, one-hot over 0–4: 5.

11,341 in all (:data:`FEATURES`). With ``action_mask_in_obs=True`` the ``"observation"``
part is encoded and ``"action_mask"`` passes through.

>>> import gymnasium
>>> import crescent_widget.gym
>>> env = OneHot(gymnasium.make("crescent_widget/Crescent-v0"))
>>> obs, info = env.reset(options={"deal": 1})
>>> obs.shape, obs.dtype.name, int(obs.sum())  # 208 pile slots, 8 foundations, 1 reshuffle count
((11341,), 'int8', 217)
"""

from __future__ import annotations

from typing import Any, Final

import gymnasium
import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from ..engine.moves import FOUNDATIONS, PILES
from ..engine.rules import MAX_PILE
from ..errors import InvalidOptionError
from .env import FACE_DOWN

SLOTS: Final = PILES * MAX_PILE
SLOT_VALUES: Final = FACE_DOWN + 1  # 0 (no card), 1-52, 53 (face down)
RANKS: Final = 13
RESHUFFLE_VALUES: Final = 5
PILE_FEATURES: Final = SLOTS * SLOT_VALUES
FOUNDATION_FEATURES: Final = FOUNDATIONS * RANKS
FEATURES: Final = PILE_FEATURES + FOUNDATION_FEATURES + RESHUFFLE_VALUES
# Where each slot's and each foundation's one-hot block starts.
_SLOT_STARTS: Final = np.arange(SLOTS, dtype=np.intp) * SLOT_VALUES
_FOUNDATION_STARTS: Final = PILE_FEATURES + np.arange(FOUNDATIONS, dtype=np.intp) * RANKS
_RESHUFFLE_START: Final = PILE_FEATURES + FOUNDATION_FEATURES


def one_hot(position: dict[str, Any]) -> NDArray[np.int8]:
    """The 0/1 features of one observation of the environment (its ``piles``, ``foundations``
    and ``reshuffles_left``), as :class:`OneHot` gives them."""
    features = np.zeros(FEATURES, np.int8)
    features[_SLOT_STARTS + position["piles"].ravel()] = 1
    features[_FOUNDATION_STARTS + (position["foundations"].astype(np.intp) - 1) % RANKS] = 1
    features[_RESHUFFLE_START + int(position["reshuffles_left"])] = 1
    return features


class OneHot(gymnasium.ObservationWrapper[Any, np.int64, Any]):
    """An observation wrapper: the Crescent environment's observations as 0/1 features.

    Wraps :class:`~crescent_widget.gym.CrescentEnv` or anything that wraps it (``gymnasium.make``'s
    time limit and checkers). See the module text for the features' layout.

    Raises:
        InvalidOptionError: ``env`` does not give Crescent's observations.
    """

    def __init__(self, env: gymnasium.Env[Any, np.int64]) -> None:
        super().__init__(env)
        inner = env.observation_space
        parts = inner.spaces if isinstance(inner, spaces.Dict) else {}
        self._masked = set(parts) == {"observation", "action_mask"}
        position = parts["observation"] if self._masked else inner
        if not isinstance(position, spaces.Dict) or set(position.spaces) != {"piles", "foundations", "reshuffles_left"}:
            raise InvalidOptionError(f"OneHot wraps the Crescent environment, not one observing {inner}")
        flat = spaces.MultiBinary(FEATURES)
        self.observation_space = (
            spaces.Dict({"observation": flat, "action_mask": parts["action_mask"]}) if self._masked else flat
        )

    def observation(self, observation: Any) -> Any:
        """The features of one observation (the mask, when there is one, as it was)."""
        if self._masked:
            return {"observation": one_hot(observation["observation"]), "action_mask": observation["action_mask"]}
        return one_hot(observation)
