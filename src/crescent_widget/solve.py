"""Command line: solve a range of deals in parallel and summarise.

Usage::

    python -m crescent_widget.solve 1-1000 --seconds 2 --jobs 2 --json results.json

Prints a plain-text progress bar on stderr and, at the end, won / lost / unknown counts,
the win rate with a 95% Wilson interval, median and p95 solve times and nodes per second.

>>> parse_range("1-3,7")
[1, 2, 3, 7]
>>> low, high = wilson_interval(80, 100)
>>> round(low, 3), round(high, 3)
(0.711, 0.867)
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import sys
import time
from typing import Any, TextIO

from .codes import format_code


def parse_range(text: str) -> list[int]:
    """Deal numbers from ``"1-1000"``, ``"5"`` or a comma list of both."""
    numbers: list[int] = []
    for part in text.split(","):
        low, sep, high = part.strip().partition("-")
        numbers.extend(range(int(low), int(high) + 1) if sep else [int(low)])
    return numbers


def wilson_interval(successes: int, total: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% for the default ``z``)."""
    if total == 0:
        return 0.0, 1.0
    p = successes / total
    denominator = 1 + z * z / total
    centre = (p + z * z / (2 * total)) / denominator
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], fraction: float) -> float:
    """The nearest-rank percentile of ``values`` (0.0 for none)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(fraction * len(ordered)) - 1))]


def solve_one(task: tuple[int, float | None, int | None]) -> dict[str, Any]:
    """Solve one deal (runs in a worker process) and return its JSON-ready record."""
    from .game import Game
    from .solver import solve

    number, seconds, nodes = task
    result = solve(Game.from_number(number), seconds=seconds, nodes=nodes)
    return {
        "deal": number,
        "code": format_code(number),
        "status": result.status,
        "seconds": round(result.seconds, 4),
        "nodes": result.nodes,
        "states_stored": result.states_stored,
        "moves": result.line,
    }


def _progress(done: int, total: int, counts: dict[str, int], started: float, out: TextIO) -> None:
    width = 30
    filled = width * done // max(1, total)
    tally = " ".join(f"{k} {v}" for k, v in counts.items())
    elapsed = time.perf_counter() - started
    out.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {tally} {elapsed:.0f}s ")
    out.flush()


def summarise(records: list[dict[str, Any]], wall: float) -> str:
    """The closing summary printed on stdout."""
    counts = {s: sum(r["status"] == s for r in records) for s in ("won", "lost", "unknown")}
    total = len(records)
    low, high = wilson_interval(counts["won"], total)
    won_times = [r["seconds"] for r in records if r["status"] == "won"]
    nodes = sum(r["nodes"] for r in records)
    busy = sum(r["seconds"] for r in records)
    lines = [
        f"deals {total}: won {counts['won']}, lost {counts['lost']}, unknown {counts['unknown']}",
        f"win rate {counts['won'] / max(1, total):.1%} (95% Wilson CI {low:.1%}-{high:.1%})",
        f"time to win: median {percentile(won_times, 0.5):.3f}s, p95 {percentile(won_times, 0.95):.3f}s",
        f"all deals: median {percentile([r['seconds'] for r in records], 0.5):.3f}s",
        f"nodes {nodes}, {nodes / busy if busy else 0:,.0f} nodes/s per process, wall {wall:.1f}s",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m crescent_widget.solve", description=__doc__.split("\n")[0])
    parser.add_argument("deals", help="deal numbers: 1-1000, 7, or a comma list")
    parser.add_argument("--seconds", type=float, default=2.0, help="budget per deal (default 2)")
    parser.add_argument("--nodes", type=int, default=None, help="node budget per deal instead of time")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--json", metavar="FILE", help="write per-deal results as JSON")
    parser.add_argument("--winnable-out", metavar="FILE", help="write the won deal numbers, one a line")
    args = parser.parse_args(argv)
    numbers = parse_range(args.deals)
    seconds = None if args.nodes is not None else args.seconds
    tasks = [(n, seconds, args.nodes) for n in numbers]
    records: list[dict[str, Any]] = []
    counts = {"won": 0, "lost": 0, "unknown": 0}
    started = time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(max(1, args.jobs)) as pool:
        for record in pool.imap_unordered(solve_one, tasks):
            records.append(record)
            counts[record["status"]] += 1
            _progress(len(records), len(tasks), counts, started, sys.stderr)
    sys.stderr.write("\n")
    records.sort(key=lambda r: r["deal"])
    print(summarise(records, time.perf_counter() - started))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump({"seconds": seconds, "nodes": args.nodes, "results": records}, handle, indent=1)
    if args.winnable_out:
        with open(args.winnable_out, "w", encoding="ascii") as handle:
            handle.write("# Deal numbers won by crescent_widget.solver; each line replayed by the engine.\n")
            handle.writelines(f"{r['deal']}\n" for r in records if r["status"] == "won")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
