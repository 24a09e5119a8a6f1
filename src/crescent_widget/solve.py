"""Command line: a winnability survey over a range of deals, and a check of its results.

Usage::

    python -m crescent_widget.solve 1-1000 --seconds 2 --jobs 2 --out results.jsonl
    python -m crescent_widget.solve 1-100000 --seconds 2 --cluster tcp://HOST:8786 --out results.jsonl
    python -m crescent_widget.solve 1-10000 --cluster local --jobs 2 --retry-seconds 20 --out results.jsonl
    python -m crescent_widget.solve --verify results.jsonl

Deals run in local processes (``--jobs``), on a Dask ``LocalCluster`` (``--cluster
local``) or on a running Dask scheduler (``--cluster ADDRESS``). ``--out`` gets one JSON
line per deal as it finishes; rerunning the same command skips the deals already there.
A progress bar with the rate and the time left goes to stderr; the summary (counts, win
rate with a 95% Wilson interval, time percentiles) to stdout. ``--verify`` replays every
won line of a results file through the engine.

>>> parse_range("1-3,7")
[1, 2, 3, 7]
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from typing import Any

from .solver.progress import Progress
from .solver.survey import (
    NoProcessesError,
    Record,
    ResultsFile,
    check_processes,
    percentile,
    run_survey,
    summarise,
    wilson_interval,
)

__all__ = ["main", "parse_range", "percentile", "solve_one", "summarise", "wilson_interval"]

MAX_DEALS = 10_000_000


def parse_range(text: str) -> list[int]:
    """Deal numbers from ``"1-1000"``, ``"5"`` or a comma list of both.

    Raises:
        ValueError: not a range of positive deal numbers.
    """
    numbers: list[int] = []
    for part in text.split(","):
        low, sep, high = part.strip().partition("-")
        if not (low.isdigit() and (not sep or high.isdigit())) or len(low) > 9 or len(high) > 9:
            raise ValueError(f"not a deal range: {part.strip()[:40]!r} (use 1-1000, 7 or 1-5,9)")
        first, last = int(low), int(high) if sep else int(low)
        if first < 1 or last < first or len(numbers) + last - first + 1 > MAX_DEALS:
            raise ValueError(f"not a deal range: {part.strip()[:40]!r} (deals count from 1, low to high)")
        numbers.extend(range(first, last + 1))
    return numbers


def solve_one(task: tuple[int, float | None, int | None]) -> dict[str, Any]:
    """Solve one deal (runs in a worker process) and return its JSON-ready record."""
    from .solver.survey import solve_deal

    return solve_deal(*task)


def _budget(text: str) -> float:
    value = float(text)
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"must be a finite number of seconds >= 0, got {text!r}")
    return value


def _count(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be >= 0, got {text!r}")
    return value


def verify(path: str) -> int:
    """Replay every won line of a results file through the engine; 0 if all hold."""
    from .engine.codes import format_code
    from .engine.game import Game
    from .solver import check_win

    bad = 0
    counts = {"won": 0, "lost": 0, "unknown": 0}
    seen: set[int] = set()
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            record = json.loads(line)
            deal = int(record["deal"])
            problem = None
            if deal in seen:
                problem = "deal written twice"
            elif record["code"] != format_code(deal):
                problem = f"code {record['code']} is not deal {deal}"
            elif record["status"] == "won" and not check_win(Game(record["code"]), record["moves"]):
                problem = "the line does not win"
            seen.add(deal)
            counts[record["status"]] += 1
            if problem:
                bad += 1
                print(f"line {number}: deal {deal}: {problem}")
    print(f"{sum(counts.values())} deals ({counts}); won lines replayed by the engine; {bad} problems")
    return 1 if bad else 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m crescent_widget.solve", description=(__doc__ or "").split("\n")[0])
    parser.add_argument("deals", nargs="?", help="deal numbers: 1-1000, 7, or a comma list")
    parser.add_argument("--seconds", type=_budget, default=2.0, help="budget per deal (default 2)")
    parser.add_argument("--nodes", type=_count, default=None, help="node budget per deal instead of time")
    parser.add_argument("--retry-seconds", type=_budget, default=None, help="solve unknowns again with this budget")
    parser.add_argument("--retry-nodes", type=_count, default=None, help="... or with this node budget")
    parser.add_argument("--jobs", type=_count, default=1, help="worker processes (default 1)")
    parser.add_argument("--cluster", metavar="ADDRESS", help="Dask scheduler address, or 'local' for a LocalCluster")
    parser.add_argument(
        "--out", metavar="FILE", help="append one JSON line per deal; a rerun skips deals already there"
    )
    parser.add_argument("--json", metavar="FILE", help="write all per-deal results as one JSON document")
    parser.add_argument("--winnable-out", metavar="FILE", help="write the won deal numbers, one a line")
    parser.add_argument("--verify", metavar="FILE", help="check a results file with the engine, then exit")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.verify:
        return verify(args.verify)
    if args.deals is None:
        parser.error("give a deal range such as 1-1000 (or --verify FILE)")
    try:
        check_processes(args.jobs, args.cluster)
    except NoProcessesError as error:
        parser.error(str(error))
    try:
        numbers = parse_range(args.deals)
    except ValueError as error:
        parser.error(str(error))
    seconds = None if args.nodes is not None else args.seconds
    out = ResultsFile(args.out) if args.out else None
    done = {n: out.records[n] for n in numbers if n in out.records} if out else {}
    todo = [n for n in numbers if n not in done]
    if done:
        sys.stderr.write(f"{len(done)} of {len(numbers)} deals already in {args.out}; solving {len(todo)}\n")
    records = list(done.values())
    progress = Progress(len(todo), sys.stderr)
    started = time.perf_counter()
    stopped = False
    try:
        survey = run_survey(
            todo,
            seconds=seconds,
            nodes=args.nodes,
            retry_seconds=args.retry_seconds,
            retry_nodes=args.retry_nodes,
            jobs=args.jobs,
            cluster=args.cluster,
        )
        for record in survey:
            if out:
                out.add(record)
            records.append(record)
            progress.update(record)
    except KeyboardInterrupt:
        stopped = True
    finally:
        if out:
            out.close()
    progress.close()
    records.sort(key=lambda r: r["deal"])
    print(summarise(records, time.perf_counter() - started))
    if stopped:
        print(f"stopped: {len(records)} of {len(numbers)} deals done; run the same command again to resume")
        return 130
    _write_outputs(args, seconds, records)
    return 0


def _write_outputs(args: argparse.Namespace, seconds: float | None, records: list[Record]) -> None:
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump({"seconds": seconds, "nodes": args.nodes, "results": records}, handle, indent=1)
    if args.winnable_out:
        with open(args.winnable_out, "w", encoding="ascii") as handle:
            handle.write("# Deal numbers won by crescent_widget.solver; each line replayed by the engine.\n")
            handle.writelines(f"{r['deal']}\n" for r in records if r["status"] == "won")


if __name__ == "__main__":
    raise SystemExit(main())
