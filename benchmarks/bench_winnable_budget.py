"""Benchmark "Still winnable?" budgets: the share of definite answers on players' positions.

The positions are those of ``bench_solver_positions.py`` (a noisy greedy player's game
after 15, 30, 45 and 60 moves). Each is asked once with the longest budget; a search
ends as soon as its answer is definite, so the time it took tells the answer every
shorter budget would have given (the search does not depend on its deadline).

Usage::

    nice .venv/bin/python benchmarks/bench_winnable_budget.py --deals 1001-1030 --budgets 1,1.5,3,5,10

Prints, per budget, the share answered ``winnable`` or ``lost``, and how long the
definite answers took (median, 90th percentile).
"""

from __future__ import annotations

import argparse
import sys
import time

from bench_solver_positions import benchmark_set

from crescent_widget import Game
from crescent_widget.solver import solve
from crescent_widget.solver.survey.cli import parse_range
from crescent_widget.solver.survey.summary import percentile


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", default="1001-1030")
    parser.add_argument("--budgets", default="1,1.5,3,5,10", help="seconds, comma-separated; the last is the longest")
    args = parser.parse_args()
    budgets = sorted(float(b) for b in args.budgets.split(","))
    positions = benchmark_set(parse_range(args.deals))
    print(f"== {len(positions)} player positions from deals {args.deals}, up to {budgets[-1]}s each")
    answered: list[float] = []  # seconds to a definite answer
    started = time.perf_counter()
    for index, (_number, _depth, record) in enumerate(positions, 1):
        result = solve(Game.from_record(record), seconds=budgets[-1])
        if result.status != "unknown":
            answered.append(result.seconds)
        sys.stderr.write(f"\r{index}/{len(positions)}")
        sys.stderr.flush()
    sys.stderr.write("\n")
    total = max(1, len(positions))
    for budget in budgets:
        within = [s for s in answered if s <= budget]
        print(f"budget {budget:5.1f}s: definite {len(within) / total:.1%} ({len(within)} of {len(positions)})")
    if answered:
        print(
            f"definite answers took median {percentile(answered, 0.5):.2f}s, p90 {percentile(answered, 0.9):.2f}s; "
            f"wall {time.perf_counter() - started:.0f}s"
        )


if __name__ == "__main__":
    main()
