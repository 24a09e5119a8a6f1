"""The Gymnasium environment's speed: steps per second in one process (goal: 50,000), and frames per second.

Run: ``python benchmarks/bench_gym.py [--steps N] [--frames N]``. Random legal actions (drawn from
``info["action_mask"]``); the time counted is the time inside ``step`` and ``reset``, so
the figure is the environment's, not the random policy's. On a shared machine the wall
rate follows the load; the rate per CPU second (``time.process_time``) less so. The environment never calls
the solver, so the compiled core makes no difference. Also measured: the same with the
mask in the observation, with :class:`~crescent_widget.gym.OneHot`'s 0/1 features, and
``render_mode="rgb_array"``'s frames (each step then draws one). Prints numbers; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

import gymnasium
import numpy as np

from crescent_widget.gym import ENV_ID, CrescentEnv, OneHot

GOAL = 50_000


def run(env: Any, steps: int, seed: int, clock: Any) -> tuple[float, int]:
    """Steps per second inside the environment by ``clock``, and the episodes played."""
    rng = np.random.default_rng(seed)
    start = clock()
    _, info = env.reset(seed=seed)
    spent = clock() - start
    episodes = 1
    for _ in range(steps):
        legal = np.flatnonzero(info["action_mask"])
        action = int(legal[rng.integers(len(legal))]) if len(legal) else 0
        start = clock()
        _, _, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            _, info = env.reset()
            episodes += 1
        spent += clock() - start
    return steps / spent, episodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--steps", type=int, default=200_000)
    parser.add_argument("--frames", type=int, default=200, help="rgb_array frames to draw")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; {args.steps:,} steps each")
    for label, make in (
        ("CrescentEnv, variant N", CrescentEnv),
        ("CrescentEnv, variant H (face-down)", lambda: CrescentEnv(variant="H")),
        ("gymnasium.make (TimeLimit, checkers)", lambda: gymnasium.make(ENV_ID)),
        ("CrescentEnv, action_mask_in_obs=True", lambda: CrescentEnv(action_mask_in_obs=True)),
        ("OneHot(CrescentEnv) (0/1 features)", lambda: OneHot(CrescentEnv())),
    ):
        wall, episodes = run(make(), args.steps, 1, time.perf_counter)
        cpu, _ = run(make(), args.steps, 1, time.process_time)
        print(
            f"{label:38s} {wall:8,.0f} steps/s wall ({'meets' if wall >= GOAL else 'misses'} {GOAL:,}), "
            f"{cpu:8,.0f} per CPU second ({'meets' if cpu >= GOAL else 'misses'}), {episodes:,} episodes"
        )
    frames = CrescentEnv(render_mode="rgb_array", lang="en")
    frames.reset(seed=1)
    frames.render()  # the first draw loads the fonts
    rates = []
    for clock in (time.perf_counter, time.process_time):
        start = clock()
        for _ in range(args.frames):
            frames.render()
        rates.append(args.frames / (clock() - start))
    print(f"{'rgb_array frames (render)':38s} {rates[0]:8,.1f} frames/s wall, {rates[1]:8,.1f} per CPU second")


if __name__ == "__main__":
    main()
