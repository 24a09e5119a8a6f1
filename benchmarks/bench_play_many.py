"""Batch play: ``play_many`` with the greedy policy over 1,000 deals on 2 cores (goal: within 2 s).

Run: ``python benchmarks/bench_play_many.py [--deals N] [--jobs J]``. Wall time from the
call to the last record, worker start-up included; one process for comparison. Prints
numbers; asserts nothing.
"""

from __future__ import annotations

import argparse
import time

from crescent_widget.bots import greedy, play_many

GOAL_SECONDS = 2.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    deals = range(1, args.deals + 1)
    for jobs in (1, args.jobs):
        start = time.perf_counter()
        results = play_many(deals, greedy, jobs=jobs)
        wall = time.perf_counter() - start
        left = sum(p.cards_left for p in results) / len(results)
        verdict = "" if jobs == 1 else f" ({'meets' if wall <= GOAL_SECONDS else 'MISSES'} {GOAL_SECONDS:.0f} s)"
        print(f"greedy, {len(results):,} deals, jobs={jobs}: {wall:.2f} s, {left:.1f} cards left on average{verdict}")


if __name__ == "__main__":
    main()
