"""Measure what a table and a widget add to each action, and print the figures.

    .venv/bin/python benchmarks/bench_table.py [--pairs 400] [--rounds 9]

Plays a move and takes it back ``--pairs`` times on deal CR1-N-AAAAAAB, on a plain
``Table``, on a table that publishes its view (``on_view``: what a face does), and on a
``CrescentWidget`` (its view copied into traits, no front end attached), and prints the CPU
time per action, the best of ``--rounds`` rounds (CPU time, so that other programs on the
machine count less). The engine's own move + undo is ``bench_engine.py``'s.

Not a test: it reports, it does not assert.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable

os.environ.setdefault("CRESCENT_STATS", "0")  # a benchmark is no game of the player's

from crescent_widget import CrescentWidget
from crescent_widget.table import Table

DEAL = "CR1-N-AAAAAAB"


def per_action(make: Callable[[], Table | CrescentWidget], pairs: int, rounds: int) -> float:
    """Microseconds of CPU time per action (a move or an undo), the best round of ``rounds``."""
    best = float("inf")
    for _ in range(rounds):
        face = make()
        started = time.process_time()
        for _ in range(pairs):
            face.move(13, 14)
            face.undo()
        best = min(best, (time.process_time() - started) / (2 * pairs))
    return best * 1e6


def publishing_table() -> Table:
    table = Table(DEAL, lang="en")
    table.on_view = lambda view: None
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pairs", type=int, default=400, help="moves and undos per round")
    parser.add_argument("--rounds", type=int, default=9)
    args = parser.parse_args()
    faces: dict[str, Callable[[], Table | CrescentWidget]] = {
        "table": lambda: Table(DEAL, lang="en"),
        "table publishing its view": publishing_table,
        "widget": lambda: CrescentWidget(DEAL, lang="en", stats=False),
    }
    for name, make in faces.items():
        print(f"{name:<28} {per_action(make, args.pairs, args.rounds):7.1f} µs per action (CPU)")


if __name__ == "__main__":
    main()
