"""Crescent in OpenSpiel: random games and OpenSpiel's own MCTS bot, every state checked against Game."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

import crescent_widget.spiel
from crescent_widget import Game, InvalidCodeError
from crescent_widget.engine.legal import action_number
from crescent_widget.errors import InvalidOptionError


def check_state(state: pyspiel.State, game: Game) -> None:
    """The OpenSpiel state says what the Game played alongside says."""
    assert state.game().position() == game.position()
    ended = game.status != "playing" or len(game.actions) >= state.get_game().max_game_length()
    assert state.is_terminal() == ended
    if ended:
        assert state.returns() == [1.0 if game.status == "won" else 0.0]
        assert state.current_player() == pyspiel.PlayerId.TERMINAL
        return
    assert state.current_player() == 0
    assert state.legal_actions() == sorted(action_number(a) for a in game.legal_actions())
    assert state.observation_string(0) == crescent_widget.spiel.observed(game, with_actions=False)
    assert state.information_state_string(0).endswith(" ".join(str(a) for a in game.actions))


def test_the_game_is_registered_with_its_type() -> None:
    assert "python_crescent" in pyspiel.registered_names()
    game = pyspiel.load_game("python_crescent")
    kind = game.get_type()
    assert game.num_players() == 1 and game.num_distinct_actions() == 577
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert game.max_utility() == 1.0 and game.min_utility() == 0.0 and game.max_game_length() == 1000


@pytest.mark.parametrize("variant", ["N", "F", "H"])
def test_random_games_agree_with_the_engine_at_every_state(variant: str) -> None:
    rng = random.Random(variant)
    for deal in (1, 7, 3688):
        game = pyspiel.load_game("python_crescent", {"deal": deal, "variant": variant, "max_game_length": 150})
        state = game.new_initial_state()
        alongside = Game.from_number(deal, variant)
        check_state(state, alongside)
        while not state.is_terminal():
            action = rng.choice(state.legal_actions())
            alongside.move(state.action_to_string(0, action))
            state.apply_action(action)
            check_state(state, alongside)
            clone = state.clone()  # a copy that plays on alone
            if not clone.is_terminal():
                clone.apply_action(clone.legal_actions()[0])
                assert state.game().position() == alongside.position()


def test_the_face_down_deal_shows_only_what_the_player_sees() -> None:
    state = pyspiel.load_game("python_crescent", {"deal": 1, "variant": "H"}).new_initial_state()
    seen = state.observation_string(0)
    dealt = Game.from_number(1)  # the same cards, all face up
    piles = seen.split(" | ")[1].split()
    assert piles == ["??/" * 5 + dealt.top(n).ascii for n in range(1, 17)], "each pile: 5 hidden, its top"
    assert "CR1" not in seen, "not even the code, from which the deal could be computed"


def test_openspiels_mcts_bot_plays_it_and_every_state_is_a_game_state() -> None:
    game = pyspiel.load_game("python_crescent", {"deal": 1, "max_game_length": 40})
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=8, evaluator=evaluator, random_state=np.random.RandomState(2))
    state = game.new_initial_state()
    alongside = Game.from_number(1)
    while not state.is_terminal():
        action = bot.step(state)
        assert action in state.legal_actions()
        alongside.move(state.action_to_string(0, action))
        state.apply_action(action)
        check_state(state, alongside)
    assert len(alongside.actions) == 40 or alongside.status != "playing"


def test_bad_parameters_are_refused_with_the_packages_errors() -> None:
    with pytest.raises(InvalidOptionError):
        crescent_widget.spiel.CrescentGame({"variant": "X"})
    with pytest.raises(InvalidOptionError):
        crescent_widget.spiel.CrescentGame({"max_game_length": 0})
    with pytest.raises(InvalidCodeError):
        crescent_widget.spiel.CrescentGame({"deal": -1})
    with pytest.raises(InvalidOptionError):
        crescent_widget.spiel.CrescentGame({"seed": 1})
