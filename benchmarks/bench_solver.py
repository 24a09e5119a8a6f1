"""Benchmark the solver: win rate, time to win, nodes/s, and hint latency. Prints numbers.

Usage::

    nice .venv/bin/python benchmarks/bench_solver.py --deals 1-500 --seconds 2 --jobs 2

Hint latency is measured on positions from real games: positions along the winning
lines the solver found (every 15th move) and, from each, one random legal move off the
line, as a player who strays would reach.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import statistics
import sys
import time
from collections import Counter
from typing import Any

from crescent_widget import Game
from crescent_widget.solver import hint
from crescent_widget.solver.survey.cli import parse_range, solve_one
from crescent_widget.solver.survey.summary import percentile, summarise


def solve_range(numbers: list[int], seconds: float, jobs: int) -> list[dict[str, Any]]:
    """Solve every deal in parallel, with a progress line on stderr."""
    records: list[dict[str, Any]] = []
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        for record in pool.imap_unordered(solve_one, [(n, seconds, None) for n in numbers]):
            records.append(record)
            sys.stderr.write(f"\r{len(records)}/{len(numbers)}")
            sys.stderr.flush()
    sys.stderr.write("\n")
    return sorted(records, key=lambda r: r["deal"])


def hint_positions(records: list[dict[str, Any]], count: int, rng: random.Random) -> list[Game]:
    """Positions from won games: on the winning line, and one random move off it."""
    positions: list[Game] = []
    for record in records:
        if record["status"] != "won":
            continue
        game = Game.from_number(record["deal"])
        for index, move in enumerate(record["line"]):
            if index % 15 == 0 and game.status == "playing":
                positions.append(game.copy())
                stray = game.copy()
                options = stray.legal_moves()
                if options:
                    stray.move(rng.choice(options))
                    positions.append(stray)
            game.move(move)
        if len(positions) >= count:
            break
    return positions[:count]


def main() -> None:
    """Run the benchmark and print the numbers."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", default="1-500")
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--hints", type=int, default=100, help="positions for the hint latency")
    parser.add_argument("--json", help="write per-deal results here")
    args = parser.parse_args()
    numbers = parse_range(args.deals)
    started = time.perf_counter()
    records = solve_range(numbers, args.seconds, args.jobs)
    print(f"== solve {args.deals} at {args.seconds}s/deal, {args.jobs} jobs")
    print(summarise(records, time.perf_counter() - started))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(records, handle)
    won_times = [r["seconds"] for r in records if r["status"] == "won"]
    print(
        f"time to win: mean {statistics.fmean(won_times) if won_times else 0:.3f}s, "
        f"p90 {percentile(won_times, 0.9):.3f}s, max {max(won_times, default=0):.3f}s"
    )
    positions = hint_positions(records, args.hints, random.Random(1))
    latencies: list[float] = []
    kinds: Counter[str] = Counter()
    for game in positions:
        began = time.perf_counter()
        kinds[hint(game).kind] += 1
        latencies.append(time.perf_counter() - began)
    print(f"== hint on {len(positions)} positions from real games")
    print(
        f"latency median {percentile(latencies, 0.5) * 1000:.0f} ms, p95 {percentile(latencies, 0.95) * 1000:.0f} ms, "
        f"max {max(latencies, default=0) * 1000:.0f} ms; kinds {dict(kinds)}"
    )


if __name__ == "__main__":
    main()
