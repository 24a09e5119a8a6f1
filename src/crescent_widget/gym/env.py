"""Crescent as a Gymnasium environment: numpy observations, one numbered action space, masks.

See :class:`CrescentEnv` for the observation, the actions, the rewards and how an
illegal action is answered.
"""

from __future__ import annotations

import math
from typing import Any, Final, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from ..checks import check_flag
from ..engine.codes import (
    DEAL_COUNT,
    FACE_DOWN_DEAL,
    VARIANT_RESHUFFLES,
    check_deal_number,
    check_variant,
    parse_code,
)
from ..engine.game import Game
from ..engine.legal import ACTION_COUNT, ACTION_MOVES, RESHUFFLE_ACTION, LegalActions
from ..engine.moves import FIRST_FOUNDATION_INDEX, FOUNDATIONS, PILES
from ..engine.rules import MAX_PILE
from ..errors import CrescentError, InvalidMoveError, InvalidOptionError, quoted
from ..words.i18n import DEFAULT_LANG, check_lang
from .frames import rasterise

NO_CARD: Final = 0
FACE_DOWN: Final = 53  # a card the player cannot see (variant H); cards are 1-52
CARDS_TO_WIN: Final = 96  # the 104 cards less the 8 bases the foundations start with
OPTIONS: Final = frozenset({"deal", "code", "variant"})
RENDER_MODES: Final = ("ansi", "svg", "rgb_array")
Observation = dict[str, Any]


class NotResetError(CrescentError):
    """``step`` or ``render`` before the first ``reset`` (``reason`` ``not_reset``)."""

    def __init__(self) -> None:
        super().__init__("not_reset", "call reset() before step() or render(): no game is dealt yet")


def _weight(name: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise InvalidOptionError(f"{name} must be a finite number, got {quoted(value)}")
    return float(value)


class CrescentEnv(gymnasium.Env[Observation, np.int64]):
    """One game of Crescent per episode.

    **Observation** (a ``Dict`` space; cards coded 1–52 as ``suit * 13 + rank``, suits ♠ ♥ ♣ ♦,
    so 1 is A♠ and 52 is K♦; 0 is no card, 53 a face-down card):

    - ``"piles"``: ``uint8`` array (16, 13): each pile bottom to top, padded with 0 to the
      13-card cap. In the face-down variant (``H``) the hidden cards show as 53.
    - ``"foundations"``: ``uint8`` array (8,): the top card of F1–F8 (a foundation runs
      without gaps from its base, so its top tells all its cards).
    - ``"reshuffles_left"``: an int 0–4.

    **Actions**: ``Discrete(577)``: ``24 * src + dst`` moves the top card of place ``src`` to
    ``dst`` (places 0–15 are piles 1–16, 16–23 are F1–F8), and 576 is the reshuffle
    (:func:`~crescent_widget.engine.legal.action_number` and ``action_move`` convert).
    ``info["action_mask"]`` (``int8``, 1 = legal) comes with every observation, as in
    Gymnasium's Taxi; :meth:`action_masks` gives it too (sb3-contrib's ``MaskablePPO``).

    **An illegal action** changes nothing: the same observation comes back with
    ``illegal_reward`` (default -1), ``terminated=False``, and ``info["illegal"]`` holding
    the rule's reason code (``"same_suit"``, ``"no_reshuffles"``, …), as Taxi answers an
    illegal pickup. A value outside the action space raises ``InvalidMoveError``.

    **Rewards**: ``foundation_reward`` per card sent to a foundation (a card between two
    foundations counts 0), plus ``win_reward`` on the move that wins. The episode
    terminates when the game is won or blocked; registered as ``crescent_widget/Crescent-v0``
    it is truncated after 1,000 steps (a pile-to-pile shuttle can go on forever).

    **The mask in the observation**: with ``action_mask_in_obs=True`` the observation is
    ``{"observation": <the dict above>, "action_mask": <577 int8>}``, the shape PettingZoo and
    many learning libraries expect; ``info["action_mask"]`` stays too.

    **Deals**: ``reset(seed=s)`` deals a deal number drawn from the seeded generator, so a
    seed always gives the same deal; ``options={"deal": n, "variant": "H"}`` or
    ``options={"code": "CR1-H-AAAAAAB"}`` names one. ``info`` of ``reset`` holds ``"deal"``
    and ``"code"``.

    **Rendering**: ``render_mode="ansi"`` gives the package's text diagram, ``"svg"`` its
    SVG drawing (display it with ``IPython.display.SVG``), ``"rgb_array"`` that drawing as an
    H×W×3 ``uint8`` picture (564×676), rasterised by resvg (``resvg-py``, in the ``gym``
    extra), so that Gymnasium's ``RecordVideo`` records episodes.

    Args:
        render_mode: ``None``, ``"ansi"``, ``"svg"`` or ``"rgb_array"``.
        variant: ``"N"`` (standard), ``"F"`` (Crescent Four) or ``"H"`` (face-down deal).
        foundation_reward, win_reward, illegal_reward: the reward weights.
        lang: the language of the drawings (``"en"`` or ``"pl"``).
        action_mask_in_obs: put the mask in the observation (see above).
    """

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 4}  # noqa: RUF012 (Gymnasium's)

    def __init__(
        self,
        render_mode: str | None = None,
        *,
        variant: str = "N",
        foundation_reward: float = 1.0,
        win_reward: float = 10.0,
        illegal_reward: float = -1.0,
        lang: str = DEFAULT_LANG,
        action_mask_in_obs: bool = False,
    ) -> None:
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise InvalidOptionError(
                f"render_mode must be None, 'ansi', 'svg' or 'rgb_array', got {quoted(render_mode)}"
            )
        self.render_mode = render_mode
        self.action_mask_in_obs = check_flag(action_mask_in_obs, "action_mask_in_obs")
        self.variant = check_variant(variant)
        self.foundation_reward = _weight("foundation_reward", foundation_reward)
        self.win_reward = _weight("win_reward", win_reward)
        self.illegal_reward = _weight("illegal_reward", illegal_reward)
        self.lang = check_lang(lang)
        self.action_space = spaces.Discrete(ACTION_COUNT)
        position = spaces.Dict(
            {
                "piles": spaces.Box(NO_CARD, FACE_DOWN, (PILES, MAX_PILE), np.uint8),
                "foundations": spaces.Box(1, 52, (FOUNDATIONS,), np.uint8),
                "reshuffles_left": spaces.Discrete(max(VARIANT_RESHUFFLES.values()) + 1),
            }
        )
        self.observation_space = (
            spaces.Dict({"observation": position, "action_mask": spaces.Box(0, 1, (ACTION_COUNT,), np.int8)})
            if self.action_mask_in_obs
            else position
        )
        self._game: Game | None = None
        self._legal: LegalActions | None = None
        self._mask: NDArray[np.int8] = np.zeros(ACTION_COUNT, np.int8)
        self._piles = np.zeros((PILES, MAX_PILE), np.uint8)
        self._foundations = np.zeros(FOUNDATIONS, np.uint8)
        self._status = "playing"

    # ------------------------------------------------------------------ Gymnasium

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a game: the ``code`` or ``deal`` option's, else one drawn from the (seeded) generator."""
        super().reset(seed=seed)
        game = self._game = self._deal(options)
        deal = parse_code(str(game.code)).number
        legal = self._legal = LegalActions(game)
        self._mask = np.frombuffer(legal.bits, np.int8)
        self._read_piles()
        for index in range(FOUNDATIONS):
            self._foundations[index] = legal.top(FIRST_FOUNDATION_INDEX + index) + 1
        self._status = game.status
        return self._observation(), {"action_mask": self._mask.copy(), "deal": deal, "code": game.code}

    def step(self, action: int | np.integer[Any]) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play action number ``action`` (see the class docs); an illegal one changes nothing."""
        game, legal = self._game, self._legal
        if game is None or legal is None:
            raise NotResetError
        if isinstance(action, np.integer):
            action = int(action)
        if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < ACTION_COUNT:
            raise InvalidMoveError(f"an action is an int from 0 to {ACTION_COUNT - 1}, got {quoted(action)}")
        if not legal.bits[action]:
            reason = game.check(ACTION_MOVES[action])
            info = {"action_mask": self._mask.copy(), "illegal": reason}
            return self._observation(), self.illegal_reward, self._status != "playing", False, info
        if action == RESHUFFLE_ACTION:
            played = game.move("R")
            legal.update(game, played)
            self._follow_reshuffle()
            reward = 0.0
        else:
            played = game.move(ACTION_MOVES[action])
            legal.update(game, played)
            reward = self._follow(played.src.index, played.dst.index)
        # A legal pile move means the game goes on; only without one is the engine asked.
        status = self._status = "playing" if legal.pile_moves else game.status
        if status == "won":
            reward += self.win_reward
        return self._observation(), reward, status != "playing", False, {"action_mask": self._mask.copy()}

    def render(self) -> str | NDArray[np.uint8] | None:
        """The position as the text diagram (``"ansi"``), an SVG drawing (``"svg"``) or that
        drawing as an H×W×3 ``uint8`` picture (``"rgb_array"``)."""
        if self.render_mode is None:
            return None
        if self._game is None:
            raise NotResetError
        if self.render_mode == "ansi":
            return self._game.diagram(self.lang)
        svg = self._game.svg(self.lang)
        return svg if self.render_mode == "svg" else rasterise(svg)

    # ------------------------------------------------------------------ extras

    def action_masks(self) -> NDArray[np.bool_]:
        """The legal actions now, as booleans (the method sb3-contrib's maskable algorithms call)."""
        return self._mask.astype(bool)

    @property
    def game(self) -> Game:
        """A copy of the game being played (its record, status, drawings); playing on it changes nothing here.

        Raises:
            NotResetError: no game is dealt yet.
        """
        if self._game is None:
            raise NotResetError
        return self._game.copy()

    # ------------------------------------------------------------------ internals

    def _deal(self, options: object) -> Game:
        """The game ``reset``'s options name (``code``; ``deal`` and ``variant``), or a drawn one."""
        options = {} if options is None else options
        if not isinstance(options, dict) or not set(options) <= OPTIONS:
            given = sorted(map(str, options)) if isinstance(options, dict) else quoted(options)
            raise InvalidOptionError(f"options may hold 'code', or 'deal' and 'variant', got {given}")
        if "code" in options:
            if "deal" in options:
                raise InvalidOptionError("options name a game by 'code' or by 'deal', not both")
            code = options["code"]
            if not isinstance(code, str):
                raise InvalidOptionError(f"the 'code' option is a game code such as CR1-N-AAAAAAB, got {quoted(code)}")
            number, variant = parse_code(code)
            if check_variant(options.get("variant", variant)) != variant:
                raise InvalidOptionError(f"game code {code.strip()} is variant {variant}, not {options['variant']}")
            return Game.from_number(number, variant)
        variant = check_variant(options.get("variant", self.variant))
        deal = options.get("deal")
        if deal is None:
            return Game.from_number(int(self.np_random.integers(DEAL_COUNT)), variant)
        return Game.from_number(check_deal_number(int(deal) if isinstance(deal, np.integer) else deal), variant)

    def _observation(self) -> Observation:
        # Copies: an agent may keep observations (a replay buffer) while the arrays change.
        left = self._game.reshuffles_left if self._game is not None else 0
        position = {"piles": self._piles.copy(), "foundations": self._foundations.copy(), "reshuffles_left": left}
        if self.action_mask_in_obs:
            return {"observation": position, "action_mask": self._mask.copy()}
        return position

    def _follow(self, src: int, dst: int) -> float:
        """Update the observation after a move; return its foundation reward."""
        legal = self._legal
        assert legal is not None
        card = legal.top(dst) + 1
        if dst < PILES:
            self._piles[dst, legal.size(dst) - 1] = card
        else:
            self._foundations[dst - FIRST_FOUNDATION_INDEX] = card
        if src < PILES:
            size = legal.size(src)
            self._piles[src, size] = NO_CARD
            if size:  # the card beneath, face up now even if it was face down
                self._piles[src, size - 1] = legal.top(src) + 1
            return self.foundation_reward if dst >= FIRST_FOUNDATION_INDEX else 0.0
        self._foundations[src - FIRST_FOUNDATION_INDEX] = legal.top(src) + 1
        return 0.0

    def _follow_reshuffle(self) -> None:
        """Update the observation after a reshuffle: each pile of two or more cards turned its bottom card up on top."""
        legal = self._legal
        assert legal is not None
        piles = self._piles
        for index in range(PILES):
            size = legal.size(index)
            if size >= 2:
                piles[index, : size - 1] = piles[index, 1:size]  # a face-down card stays hidden, one lower
                piles[index, size - 1] = legal.top(index) + 1

    def _read_piles(self) -> None:
        """Read every pile again (after a deal or a reshuffle)."""
        game = self._game
        assert game is not None
        hidden = FACE_DOWN_DEAL[game.variant]
        rows = []
        for number in range(1, PILES + 1):
            row = [FACE_DOWN] * game.face_down(number) if hidden else []
            row += [card.index + 1 for card in game.pile(number)]
            rows.append(row + [NO_CARD] * (MAX_PILE - len(row)))
        self._piles[:] = rows  # one numpy assignment instead of one per card
