"""The Gymnasium environment: Gymnasium's own checker, whole games, and every step against Game.

Needs the ``[gym]`` extra: a missing Gymnasium or numpy is a failure, not a skip.
"""

from __future__ import annotations

import random
import subprocess
import sys
import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from hypothesis import given, settings
from hypothesis import strategies as st

from crescent_widget import Game, InvalidCodeError, InvalidMoveError, Move
from crescent_widget.bots import HintPolicy
from crescent_widget.engine.legal import ACTION_COUNT, RESHUFFLE_ACTION, action_move, action_number
from crescent_widget.errors import InvalidOptionError
from crescent_widget.gym import ENV_ID, FACE_DOWN, MAX_EPISODE_STEPS, CrescentEnv, NotResetError


def scratch_observation(game: Game) -> tuple[np.ndarray, np.ndarray]:
    """The observation built from nothing but what a player sees of ``game``."""
    piles = np.zeros((16, 13), np.uint8)
    for number in range(1, 17):
        down = game.face_down(number)
        piles[number - 1, :down] = FACE_DOWN
        for height, card in enumerate(game.pile(number), start=down):
            piles[number - 1, height] = card.index + 1
    foundations = np.array([f[-1].index + 1 for f in game.foundations], np.uint8)
    return piles, foundations


def scratch_mask(game: Game) -> np.ndarray:
    mask = np.zeros(ACTION_COUNT, np.int8)
    for move in game.legal_moves():
        mask[action_number(move)] = 1
    mask[RESHUFFLE_ACTION] = game.check("R") is None
    return mask


def assert_matches(obs: dict[str, Any], info: dict[str, Any], game: Game) -> None:
    piles, foundations = scratch_observation(game)
    np.testing.assert_array_equal(obs["piles"], piles)
    np.testing.assert_array_equal(obs["foundations"], foundations)
    assert obs["reshuffles_left"] == game.reshuffles_left
    np.testing.assert_array_equal(info["action_mask"], scratch_mask(game))


def on_foundations(game: Game) -> int:
    return sum(len(f) for f in game.foundations)


@pytest.mark.parametrize("variant", ["N", "F", "H"])
@pytest.mark.parametrize("render_mode", [None, "ansi", "svg", "rgb_array"])
@pytest.mark.parametrize("masked", [False, True])
def test_gymnasiums_checker_passes_without_a_warning(variant: str, render_mode: str | None, masked: bool) -> None:
    env = gymnasium.make(ENV_ID, variant=variant, render_mode=render_mode, action_mask_in_obs=masked)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # any checker warning fails
        check_env(env.unwrapped)


def test_registration_happens_on_import_and_make_can_import_the_module() -> None:
    code = (
        "import gymnasium, sys\n"
        "import crescent_widget\n"
        "env = gymnasium.make('crescent_widget.gym:crescent_widget/Crescent-v0')\n"
        "print(env.spec.id, env.spec.max_episode_steps)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == [ENV_ID, str(MAX_EPISODE_STEPS)]


def test_importing_the_package_does_not_import_gymnasium_or_numpy() -> None:
    code = (
        "import sys, crescent_widget, crescent_widget.bots; print('gymnasium' in sys.modules, 'numpy' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]


def test_a_seed_always_deals_the_same_game_and_options_name_one() -> None:
    env = CrescentEnv()
    first = env.reset(seed=7)[1]["deal"]
    later = env.reset()[1]["deal"]
    assert env.reset(seed=7)[1]["deal"] == first and env.reset()[1]["deal"] == later
    assert len({env.reset(seed=s)[1]["deal"] for s in range(20)}) == 20
    obs, info = env.reset(options={"deal": np.int64(1), "variant": "F"})
    assert info["code"] == "CR1-F-AAAAAAB" and obs["reshuffles_left"] == 4
    assert_matches(obs, info, Game("CR1-F-AAAAAAB"))


def test_the_face_down_deal_shows_only_what_a_player_sees() -> None:
    env = CrescentEnv(variant="H")
    obs, info = env.reset(options={"deal": 5})
    game = Game("CR1-H-AAAAAAF")
    assert (obs["piles"] == FACE_DOWN).sum() == sum(game.face_down(n) for n in range(1, 17)) == 80
    assert_matches(obs, info, game)


@settings(max_examples=300)
@given(
    deal=st.integers(0, 26**7 - 1),
    variant=st.sampled_from("NFH"),
    seed=st.integers(0, 2**32),
    steps=st.integers(1, 300),
)
def test_every_step_matches_the_game_played_alongside(deal: int, variant: str, seed: int, steps: int) -> None:
    env = CrescentEnv(foundation_reward=2.0, win_reward=5.0, illegal_reward=-0.5)
    obs, info = env.reset(options={"deal": deal, "variant": variant})
    game = Game.from_number(deal, variant)
    assert_matches(obs, info, game)
    rng = random.Random(seed)
    for legal_pick, number in ((rng.random() < 0.9, rng.randrange(10**6)) for _ in range(steps)):
        legal = np.flatnonzero(info["action_mask"])
        action = int(legal[number % len(legal)]) if legal_pick and len(legal) else number % ACTION_COUNT
        before = on_foundations(game)
        reason = game.check(action_move(action))
        obs, reward, terminated, truncated, info = env.step(action)
        if reason is None:
            game.move(action_move(action))
            won = game.status == "won"
            assert reward == 2.0 * (on_foundations(game) - before) + (5.0 if won else 0.0)
            assert "illegal" not in info
        else:
            assert (reward, info["illegal"]) == (-0.5, reason)
        assert_matches(obs, info, game)
        assert (terminated, truncated) == (game.status != "playing", False)
        if terminated:
            break


def test_a_whole_game_won_through_the_environment() -> None:
    env = gymnasium.make(ENV_ID, render_mode="ansi")
    obs, info = env.reset(options={"deal": 3})
    policy, total, terminated = HintPolicy(nodes=300_000), 0.0, False
    while not terminated:
        game = env.unwrapped.game  # type: ignore[attr-defined]
        action = action_number(game.resolve(policy(game)))
        assert info["action_mask"][action] == 1
        obs, reward, terminated, truncated, info = env.step(action)
        total += float(reward)
        assert not truncated
    assert env.unwrapped.game.status == "won"  # type: ignore[attr-defined]
    assert total == 96 * 1.0 + 10.0 and not info["action_mask"].any()
    assert env.render() == env.unwrapped.game.diagram()  # type: ignore[attr-defined]
    assert (obs["piles"] == 0).all()


def test_random_play_ends_by_the_step_limit_at_most() -> None:
    env = gymnasium.make(ENV_ID)
    _, info = env.reset(seed=1)
    env.action_space.seed(1)
    for step in range(1, MAX_EPISODE_STEPS + 1):  # noqa: B007  (read after the loop)
        _, reward, terminated, truncated, info = env.step(int(env.action_space.sample(mask=info["action_mask"])))
        assert reward in (0.0, 1.0, 11.0)
        if terminated or truncated:
            break
    assert terminated or (truncated and step == MAX_EPISODE_STEPS)


def test_an_illegal_action_changes_nothing() -> None:
    env = CrescentEnv()
    obs, info = env.reset(options={"deal": 1})
    before = env.game.to_dict()
    refused = next(Move(a, b) for a in range(1, 17) for b in range(1, 17) if env.game.check(a, b) == "same_suit")
    again, reward, terminated, truncated, after = env.step(action_number(refused))
    assert (reward, terminated, truncated, after["illegal"]) == (-1.0, False, False, "same_suit")
    assert env.game.to_dict()["actions"] == before["actions"]
    for key in obs:
        np.testing.assert_array_equal(obs[key], again[key])
    np.testing.assert_array_equal(info["action_mask"], after["action_mask"])


def test_observations_are_copies_an_agent_may_keep() -> None:
    env = CrescentEnv()
    obs, info = env.reset(options={"deal": 1})
    kept = obs["piles"].copy()
    env.step(int(np.flatnonzero(info["action_mask"])[0]))
    np.testing.assert_array_equal(obs["piles"], kept)


def test_rendering_uses_the_packages_drawings() -> None:
    assert CrescentEnv().render() is None
    for mode, lang in (("ansi", "pl"), ("svg", "en")):
        env = CrescentEnv(render_mode=mode, lang=lang)
        with pytest.raises(NotResetError):
            env.render()
        env.reset(options={"deal": 1})
        drawing = env.render()
        assert drawing == (Game.from_number(1).diagram("pl") if mode == "ansi" else Game.from_number(1).svg("en"))


def test_bad_arguments_are_refused_with_the_packages_errors() -> None:
    with pytest.raises(InvalidOptionError):
        CrescentEnv(render_mode="human")
    with pytest.raises(InvalidOptionError):
        CrescentEnv(win_reward=float("nan"))
    with pytest.raises(InvalidOptionError):
        CrescentEnv(variant="X")
    env = CrescentEnv()
    with pytest.raises(NotResetError):
        env.step(0)
    with pytest.raises(InvalidOptionError):
        env.reset(options={"seed": 3})
    with pytest.raises(InvalidCodeError):
        env.reset(options={"deal": -1})
    with pytest.raises(InvalidOptionError):
        env.reset(options={"variant": "Q"})
    env.reset(options={"deal": 1})
    for action in (-1, ACTION_COUNT, "13-14", 2.0, True):
        with pytest.raises(InvalidMoveError):
            env.step(action)  # type: ignore[arg-type]
    assert env.game.move_count == 0
    assert isinstance(NotResetError(), ValueError)


def test_the_mask_is_what_maskable_agents_ask_for() -> None:
    env = CrescentEnv()
    _, info = env.reset(options={"deal": 1})
    np.testing.assert_array_equal(env.action_masks(), info["action_mask"].astype(bool))
    assert env.action_space.contains(int(env.action_space.sample(mask=info["action_mask"])))


def test_a_sampled_numpy_action_names_its_move() -> None:
    # action_space.sample() gives numpy integers; the converters take them as env.step does.
    env = CrescentEnv()
    _, info = env.reset(options={"deal": 1})
    action = env.action_space.sample(mask=info["action_mask"])
    assert isinstance(action, np.integer)
    assert action_move(action) == action_move(int(action))
    assert env.game.check(action_move(action)) is None
