"""Benchmark hints as a player follows them: press Hint, play its move, again, from the deal.

For each deal a :class:`~crescent_widget.table.Table` is dealt and the player does nothing
but press Hint and play the move it lights, until the game ends or ``--most`` hints were
pressed. A deal counts as won in the line's length if the hints pressed were at most the
first winning line's length plus 5%. ``--budget`` is the seconds of a search (the widget's
hint budget by default); ``--slowdown 3`` divides it by 3, which is what a budget buys in
JupyterLite, where Python runs about 3 times slower (pair it with ``CRESCENT_SOLVER=python``:
the browser has only the pure-Python search). The widget's budget there is 0.45 s
(``advice.HINT_SECONDS`` under Pyodide), so ``--budget 0.45 --slowdown 3`` is the browser.
The seconds are wall time, so a loaded machine gives the search less work than the
budget buys a player; ``--nodes N`` bounds each search in positions as well, which does not
depend on the load (about 83,000 positions a CPU second in pure Python, 1.7 million with the
compiled core, on the machine these figures come from: 0.15 s is about 12,000 and 260,000;
the browser's 0.45 s is about 12,000 in pure Python at a third of the speed).
``--fresh`` asks the solver afresh for every hint with no plan and no memory of the path:
the comparison that shows what the plan is for (such hints often go round in a loop).

Usage::

    CRESCENT_SOLVER=accel nice .venv/bin/python benchmarks/bench_hints.py --deals 1-200
    CRESCENT_SOLVER=python nice .venv/bin/python benchmarks/bench_hints.py --deals 1-200 --budget 0.45 --slowdown 3
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time

from crescent_widget import Game
from crescent_widget.solver import backend, hint
from crescent_widget.solver.advice import HINT_SECONDS
from crescent_widget.solver.survey.cli import parse_range
from crescent_widget.table import Table

LINE_SLACK = 1.05


def follow(number: int, seconds: float, nodes: int | None, most: int, fresh: bool) -> tuple[str, int, int, float]:
    """Follow the hints on deal ``number``: (status, hints pressed, first line's length, slowest hint)."""
    table = Table(Game.from_number(number).code, lang="en")
    pressed = line = 0
    slowest = 0.0
    while table.game.status == "playing" and pressed < most:
        started = time.perf_counter()
        found = hint(table.game, seconds=seconds, nodes=nodes) if fresh else table.hint(seconds, nodes=nodes)
        slowest = max(slowest, time.perf_counter() - started)
        if found.move is None:
            break
        if not line and found.line:
            line = len(found.line)
        table.move(found.move, by_player=False)
        pressed += 1
    return table.game.status, pressed, line, slowest


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", default="1-200", help="deal numbers, e.g. 1-200 (default)")
    parser.add_argument("--budget", type=float, default=HINT_SECONDS, help="seconds of a hint's search")
    parser.add_argument("--slowdown", type=float, default=1.0, help="divide the budget by this (3: JupyterLite)")
    parser.add_argument("--nodes", type=int, help="bound each search in positions as well")
    parser.add_argument("--most", type=int, default=1000, help="give up after this many hints")
    parser.add_argument("--fresh", action="store_true", help="a fresh search for every hint (no plan)")
    args = parser.parse_args()
    numbers = parse_range(args.deals)
    seconds = args.budget / args.slowdown
    won = in_line = 0
    extra: list[float] = []
    slowest: list[float] = []
    lost: list[int] = []
    started = time.perf_counter()
    for number in numbers:
        status, pressed, line, slow = follow(number, seconds, args.nodes, args.most, args.fresh)
        slowest.append(slow)
        if status == "won":
            won += 1
            if line:
                extra.append(pressed / line - 1)
                in_line += pressed <= math.floor(line * LINE_SLACK)
        else:
            lost.append(number)
        sys.stderr.write(f"\rdeal {number}: {won} won")
    sys.stderr.write("\n")
    total = len(numbers)
    mode = "a fresh search per hint" if args.fresh else "hints with a plan"
    nodes = "" if args.nodes is None else f" and {args.nodes} positions"
    print(f"{mode}, backend {backend()}, {seconds:.3f} s{nodes} a search, deals {args.deals}")
    print(f"load average at the end: {os.getloadavg()[0]:.1f} ({os.cpu_count()} CPUs)")
    print(f"won by following hints: {won} of {total} ({100 * won / total:.1f}%)")
    print(f"won within the first winning line's length + 5%: {in_line} of {total} ({100 * in_line / total:.1f}%)")
    if extra:
        print(f"hints beyond the first line's length: median {100 * statistics.median(extra):.1f}%, "
              f"most {100 * max(extra):.1f}%")  # fmt: skip
    print(f"slowest hint of a deal: median {statistics.median(slowest):.3f} s, most {max(slowest):.3f} s")
    print(f"not won: {' '.join(map(str, lost)) or 'none'}")
    print(f"wall time {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
