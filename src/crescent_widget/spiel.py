"""Crescent as an OpenSpiel game, so that OpenSpiel's MCTS and other algorithms play it.

``pip install "crescent-widget[spiel]"`` (OpenSpiel's ``open-spiel`` wheel). Importing this
module registers ``python_crescent`` with pyspiel::

    import pyspiel
    import crescent_widget.spiel  # registers python_crescent

    game = pyspiel.load_game("python_crescent", {"deal": 7, "variant": "N"})
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])

- **One player**, whose every action is one of the environment's 577 numbered actions
  (:func:`~crescent_widget.engine.legal.action_number`: ``24 * src + dst``, 576 the
  reshuffle), the legal ones in ascending order.
- **Terminal reward**: 1 for a win, 0 for a blocked game or one cut off at
  ``max_game_length`` actions (default 1,000: a card can be shuttled back and forth for ever).
- **Parameters**: ``deal`` (the deal number, default 1), ``variant`` (``"N"``, ``"F"`` or
  ``"H"``) and ``max_game_length``.
- **The face-down deal** (``"H"``) is modelled as **imperfect information**, not as chance:
  the deal is fixed by its number, as a shuffled deck is, and the state holds every card
  (as :class:`~crescent_widget.Game` does), while ``observation_string`` and
  ``information_state_string`` show only what the player sees (face-down cards as ``??``;
  the information state adds the actions played). There are no chance nodes. Algorithms
  that search the state itself, as OpenSpiel's MCTS does, see the hidden cards; the
  standard and Crescent Four deals hide nothing.

>>> import pyspiel
>>> game = pyspiel.load_game("python_crescent", {"deal": 1})
>>> state = game.new_initial_state()
>>> len(state.legal_actions()), state.action_to_string(0, state.legal_actions()[0])
(16, '1-3')
>>> state.apply_action(state.legal_actions()[0]); state.game().record().splitlines()[1]
'1-3'
"""

from __future__ import annotations

from typing import Any, Final

import pyspiel

from .engine.codes import DEAL_COUNT, check_deal_number, check_variant
from .engine.game import Game
from .engine.legal import ACTION_COUNT, RESHUFFLE_ACTION, action_move, action_number
from .errors import InvalidOptionError, quoted

SHORT_NAME: Final = "python_crescent"
MAX_GAME_LENGTH: Final = 1000
PARAMETERS: Final = {"deal": 1, "variant": "N", "max_game_length": MAX_GAME_LENGTH}

GAME_TYPE: Final = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Crescent patience (crescent-widget)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=1,
    min_num_players=1,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=False,
    parameter_specification=PARAMETERS,
)


def _parameters(params: dict[str, Any] | None) -> tuple[int, str, int]:
    given = {**PARAMETERS, **(params or {})}
    unknown = sorted(set(given) - set(PARAMETERS))
    if unknown:
        raise InvalidOptionError(f"python_crescent takes deal, variant and max_game_length, got {unknown}")
    deal = check_deal_number(given["deal"])
    variant = check_variant(given["variant"])
    length = given["max_game_length"]
    if isinstance(length, bool) or not isinstance(length, int) or length < 1:
        raise InvalidOptionError(f"max_game_length must be an int from 1 up, got {quoted(length)}")
    return deal, variant, length


class CrescentGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type hints
    """The OpenSpiel game of one Crescent deal (see the module text).

    Raises:
        InvalidOptionError: an unknown parameter, a bad variant or game length.
        InvalidCodeError: a deal number out of range (0 to 26**7 - 1).
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.deal, self.variant, self.length = _parameters(params)
        info = pyspiel.GameInfo(
            num_distinct_actions=ACTION_COUNT,
            max_chance_outcomes=0,
            num_players=1,
            min_utility=0.0,
            max_utility=1.0,
            max_game_length=self.length,
        )
        super().__init__(GAME_TYPE, info, {"deal": self.deal, "variant": self.variant, "max_game_length": self.length})

    def new_initial_state(self) -> CrescentState:
        """The deal, before its first action."""
        return CrescentState(self, Game.from_number(self.deal, self.variant))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> CrescentObserver:
        """What the player observes: the position as a player sees it; with perfect recall, the actions too."""
        if params:
            raise InvalidOptionError(f"python_crescent's observer takes no parameters, got {quoted(params)}")
        return CrescentObserver(perfect_recall=bool(iig_obs_type is not None and iig_obs_type.perfect_recall))


class CrescentState(pyspiel.State):  # type: ignore[misc]  # pyspiel ships no type hints
    """A Crescent game in progress; :meth:`game` gives it as a :class:`~crescent_widget.Game`."""

    def __init__(self, game: CrescentGame, position: Game) -> None:
        super().__init__(game)
        self._position = position
        self._length = game.length

    def game(self) -> Game:
        """A copy of the game this state holds (its record, status, drawings)."""
        return self._position.copy()

    def current_player(self) -> int:
        """Player 0, or ``pyspiel.PlayerId.TERMINAL`` once the game ended or reached its length."""
        return int(pyspiel.PlayerId.TERMINAL) if self.is_terminal() else 0

    def is_terminal(self) -> bool:
        """Won, blocked, or ``max_game_length`` actions played."""
        return self._position.status != "playing" or len(self._position.actions) >= self._length

    def returns(self) -> list[float]:
        """``[1.0]`` for a win, else ``[0.0]`` (every reward comes at the end)."""
        return [1.0 if self._position.status == "won" else 0.0]

    def _legal_actions(self, player: int) -> list[int]:
        del player  # one player
        return sorted(action_number(action) for action in self._position.legal_actions())

    def _apply_action(self, action: int) -> None:
        self._position.move(action_move(action))  # legal: OpenSpiel checks against _legal_actions

    def _action_to_string(self, player: int, action: int) -> str:
        del player
        return "R" if action == RESHUFFLE_ACTION else str(action_move(action))

    def __str__(self) -> str:
        """The position as a player sees it (the text diagram)."""
        return self._position.diagram("en")

    def __deepcopy__(self, memo: dict[int, Any]) -> CrescentState:
        # OpenSpiel clones a Python state by deep copy; the game's own copy is exact and quick.
        clone = CrescentState(self.get_game(), self._position.copy())
        memo[id(self)] = clone
        return clone


class CrescentObserver:
    """OpenSpiel's Python observer for ``python_crescent``: strings only (no tensors)."""

    def __init__(self, *, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = None
        self.dict: dict[str, Any] = {}

    def set_from(self, state: CrescentState, player: int) -> None:
        """Nothing to fill: this observer gives strings."""
        del state, player

    def string_from(self, state: CrescentState, player: int) -> str:
        """What the player sees: each pile (face-down cards as ``??``), the foundations' tops, the
        reshuffles left; with perfect recall, the actions played before it."""
        del player
        return observed(state.game(), with_actions=self.perfect_recall)


def observed(game: Game, *, with_actions: bool) -> str:
    """A position as its player sees it, one line; with ``with_actions``, after the actions played."""
    piles = " ".join(
        "/".join(["??"] * game.face_down(n) + [card.ascii for card in game.pile(n)]) or "-" for n in range(1, 17)
    )
    foundations = " ".join(f[-1].ascii for f in game.foundations)
    text = f"{game.variant} | {piles} | {foundations} | {game.reshuffles_left}"
    if with_actions:
        text += " | " + " ".join(str(action) for action in game.actions)
    return text


assert DEAL_COUNT > 0  # deals are 0 to 26**7 - 1 (the parameter's range)
if SHORT_NAME not in pyspiel.registered_names():  # a reload must not register it twice
    pyspiel.register_game(GAME_TYPE, CrescentGame)
