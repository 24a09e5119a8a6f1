"""What a learner needs of the environment: deals by code, 0/1 features, the mask in the
observation, rgb_array frames and RecordVideo, vector environments."""

from __future__ import annotations

import random
import warnings
from pathlib import Path

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from gymnasium.wrappers import RecordVideo

from crescent_widget import Game, InvalidCodeError
from crescent_widget.errors import InvalidOptionError
from crescent_widget.gym import ENV_ID, FACE_DOWN, FEATURES, CrescentEnv, OneHot, action_number, one_hot, rasterise


def test_reset_takes_a_game_code_or_a_deal() -> None:
    env = CrescentEnv()
    _, info = env.reset(options={"code": "CR1-H-AAAAAAB"})
    assert (info["code"], info["deal"], env.game.variant) == ("CR1-H-AAAAAAB", 1, "H")
    _, info = env.reset(options={"code": " cr1-n-aaaaaac "})
    assert (info["code"], info["deal"]) == ("CR1-N-AAAAAAC", 2)
    _, info = env.reset(options={"deal": 3, "variant": "F"})
    assert info["code"] == "CR1-F-AAAAAAD"
    _, info = env.reset(options={"code": "CR1-F-AAAAAAD", "variant": "F"})
    assert info["code"] == "CR1-F-AAAAAAD"
    with pytest.raises(InvalidCodeError):
        env.reset(options={"code": "CR1-N-AAAAAB"})
    for bad in ({"code": "CR1-N-AAAAAAB", "deal": 1}, {"code": "CR1-N-AAAAAAB", "variant": "H"}, {"code": 7}):
        with pytest.raises(InvalidOptionError):
            env.reset(options=bad)
    assert env.game.code == "CR1-F-AAAAAAD", "a refused reset leaves the game dealt"


def _decode(features: np.ndarray) -> tuple[np.ndarray, np.ndarray, int]:
    """The observation back from its features, written independently of one_hot."""
    slots = features[: 16 * 13 * 54].reshape(16, 13, 54)
    assert (slots.sum(axis=2) == 1).all()
    foundations = features[16 * 13 * 54 : 16 * 13 * 54 + 8 * 13].reshape(8, 13)
    assert (foundations.sum(axis=1) == 1).all()
    reshuffles = features[-5:]
    assert reshuffles.sum() == 1
    return slots.argmax(axis=2), foundations.argmax(axis=1), int(reshuffles.argmax())


@pytest.mark.parametrize("variant", ["N", "H"])
def test_one_hot_features_are_0_1_and_tell_the_whole_observation(variant: str) -> None:
    env = OneHot(gymnasium.make(ENV_ID, variant=variant))
    plain = env.unwrapped
    assert env.observation_space == gymnasium.spaces.MultiBinary(FEATURES)
    rng = random.Random(5)
    features, info = env.reset(seed=5)
    for _ in range(120):
        assert features.dtype == np.int8 and set(np.unique(features)) <= {0, 1}
        assert env.observation_space.contains(features)
        piles, ranks, left = _decode(features)
        game = plain.game
        for number in range(1, 17):
            down = game.face_down(number)
            expected = [FACE_DOWN] * down + [c.index + 1 for c in game.pile(number)]
            assert list(piles[number - 1][: len(expected)]) == expected and not piles[number - 1][len(expected) :].any()
        assert list(ranks) == [f[-1].rank - 1 for f in game.foundations] and left == game.reshuffles_left
        legal = np.flatnonzero(info["action_mask"])
        if not len(legal):
            break
        features, _, terminated, truncated, info = env.step(int(rng.choice(list(legal))))
        if terminated or truncated:
            break


def test_the_mask_in_the_observation_as_pettingzoo_expects() -> None:
    env = gymnasium.make(ENV_ID, action_mask_in_obs=True)
    obs, info = env.reset(options={"deal": 1})
    assert set(obs) == {"observation", "action_mask"} and obs["action_mask"].dtype == np.int8
    np.testing.assert_array_equal(obs["action_mask"], info["action_mask"])
    assert obs["observation"]["piles"].shape == (16, 13)
    obs, *_ = env.step(action_number(Game.from_number(1).resolve("13-14")))
    np.testing.assert_array_equal(obs["action_mask"], env.unwrapped.action_masks().astype(np.int8))
    both = OneHot(env)
    obs, _ = both.reset(options={"deal": 1})
    assert obs["observation"].shape == (FEATURES,) and obs["action_mask"].sum() == 16
    with warnings.catch_warnings():
        # The checker advises checking the unwrapped env; the wrapper's own spaces are what is checked here.
        warnings.filterwarnings("ignore", message=".*different from the unwrapped version")
        check_env(OneHot(CrescentEnv(action_mask_in_obs=True)), skip_render_check=True)
    with pytest.raises(InvalidOptionError):
        OneHot(gymnasium.make("CartPole-v1"))  # type: ignore[arg-type]
    with pytest.raises(Exception, match="action_mask_in_obs"):
        CrescentEnv(action_mask_in_obs=1)  # type: ignore[arg-type]


def test_one_hot_of_a_plain_observation_matches_the_wrapper() -> None:
    env = CrescentEnv()
    obs, _ = env.reset(options={"deal": 9})
    np.testing.assert_array_equal(one_hot(obs), OneHot(CrescentEnv()).observation(obs))


def test_rgb_array_frames_are_the_svg_drawn() -> None:
    env = CrescentEnv(render_mode="rgb_array", lang="en")
    env.reset(options={"deal": 1})
    frame = env.render()
    assert isinstance(frame, np.ndarray) and frame.dtype == np.uint8 and frame.shape == (564, 676, 3)
    assert (frame[2, 2] == [0xEE, 0xF5, 0xEE]).all(), "the board's background"
    np.testing.assert_array_equal(frame, rasterise(Game.from_number(1).svg("en")))
    before = frame.copy()
    env.step(action_number(Game.from_number(1).resolve("13-14")))
    after = env.render()
    assert isinstance(after, np.ndarray) and (after != before).any(), "a move changes the picture"
    # The red of a heart is drawn where the SVG puts deal 1's top 2♥ (pile 5).
    red = (frame[:, :, 0] > 150) & (frame[:, :, 1] < 90) & (frame[:, :, 2] < 90)
    assert red[8:86, 79:135].sum() > 50


def test_record_video_writes_an_mp4_of_an_episode(tmp_path: Path) -> None:
    env = RecordVideo(
        gymnasium.make(ENV_ID, render_mode="rgb_array", max_episode_steps=12),
        video_folder=str(tmp_path / "videos"),
        episode_trigger=lambda episode: episode == 0,
        disable_logger=True,
    )
    _, info = env.reset(seed=3)
    done = False
    while not done:
        _, _, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        done = terminated or truncated
    env.close()
    videos = list((tmp_path / "videos").glob("*.mp4"))
    assert len(videos) == 1 and videos[0].stat().st_size > 1000


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_vector_environments_step_in_lockstep(mode: str) -> None:
    envs = gymnasium.make_vec(ENV_ID, num_envs=2, vectorization_mode=mode, vector_kwargs={})
    try:
        obs, info = envs.reset(seed=[1, 2])
        assert obs["piles"].shape == (2, 16, 13) and info["action_mask"].shape == (2, 577)
        actions = np.array([int(np.flatnonzero(mask)[0]) for mask in info["action_mask"]])
        obs, rewards, terminated, truncated, info = envs.step(actions)
        assert rewards.shape == (2,) and not terminated.any() and not truncated.any()
        assert obs["piles"].shape == (2, 16, 13) and info["action_mask"].shape == (2, 577)
    finally:
        envs.close()
