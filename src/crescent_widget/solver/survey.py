"""A winnability survey over many deals: local processes or a Dask cluster, resumable.

:func:`solve_deal` solves one deal and returns its JSON-ready record; :func:`run_survey`
sends deals to an executor and yields records as they finish. :class:`ResultsFile` is the
``--out`` file: one JSON line per deal, appended and flushed as each deal finishes, so a
stopped survey loses at most the deals in flight. Reopening it skips the deals it holds
and cuts off a last line that a killed run left half written, so no deal is written twice.

Dask (``pip install crescent-widget[survey]``) is imported only for ``--cluster``: the
scheduler retries a deal whose worker died (its ``allowed-failures`` setting).

>>> record = solve_deal(1, None, 300_000)
>>> record["deal"], record["status"], record["code"]
(1, 'won', 'CR1-N-AAAAAAB')
"""

from __future__ import annotations

import importlib
import json
import math
import multiprocessing
import os
from collections.abc import Iterable, Iterator
from itertools import islice
from pathlib import Path
from typing import Any, TextIO

from ..engine.codes import format_code
from ..errors import CrescentError
from .api import in_browser

Record = dict[str, Any]


class NoProcessesError(CrescentError):
    """Worker processes asked for where none can start, in the browser (``reason`` ``no_processes``)."""

    def __init__(self) -> None:
        detail = "--jobs above 1 and --cluster need worker processes, which the browser (Pyodide) cannot start"
        super().__init__("no_processes", detail + ": solve with one job")


def check_processes(jobs: int, cluster: str | None) -> None:
    """Refuse a survey on worker processes in the browser (raises :class:`NoProcessesError`)."""
    if (jobs > 1 or cluster is not None) and in_browser():
        raise NoProcessesError


def solve_deal(
    number: int,
    seconds: float | None,
    nodes: int | None,
    retry_seconds: float | None = None,
    retry_nodes: int | None = None,
) -> Record:
    """Solve deal ``number`` (in a worker); with a retry budget, once more if unknown.

    The record holds the deal, its code, the verdict, the time and nodes of the last
    attempt, the budget that gave it, a won deal's whole line (SPEC.md notation), and for
    a lost deal how the loss was proven (``proof``: ``"search"`` or ``"suit"``).
    """
    from ..engine.game import Game
    from .api import solve

    game = Game.from_number(number)
    result = solve(game, seconds=seconds, nodes=nodes)
    budget: float | int | None = seconds if nodes is None else nodes
    spent = result.seconds
    if result.status == "unknown" and (retry_seconds or retry_nodes):
        result = solve(game, seconds=retry_seconds, nodes=retry_nodes, seed=1)
        budget = retry_seconds if retry_nodes is None else retry_nodes
        spent += result.seconds
    return {
        "deal": number,
        "code": format_code(number),
        "status": result.status,
        "seconds": round(spent, 4),
        "budget": budget,  # of the attempt that gave the verdict: seconds, or nodes with --nodes
        "retried": budget != (seconds if nodes is None else nodes),
        "nodes": result.nodes,
        "states_stored": result.states_stored,
        "moves": result.line,
        **({"proof": result.proof} if result.proof else {}),  # how a loss was proven
    }


Task = tuple[int, float | None, int | None, float | None, int | None]


def _solve_task(task: Task) -> Record:
    return solve_deal(*task)


class ResultsFile:
    """The ``--out`` JSON-lines file: the deals it holds, and appending one line per deal."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.records: dict[int, Record] = {}
        if self.path.exists():
            self._load()
        self._handle: TextIO = self.path.open("a", encoding="utf-8")

    def _load(self) -> None:
        data = self.path.read_bytes()
        end = data.rfind(b"\n") + 1
        if end < len(data):  # a run killed mid-write left half a line: drop it
            with self.path.open("r+b") as handle:
                handle.truncate(end)
        for line in data[:end].decode("utf-8").splitlines():
            if line.strip():
                record = json.loads(line)
                self.records[int(record["deal"])] = record

    def add(self, record: Record) -> None:
        """Append one deal's line and push it to the disk."""
        self._handle.write(json.dumps(record, separators=(",", ":")) + "\n")
        self._handle.flush()
        os.fsync(self._handle.fileno())
        self.records[int(record["deal"])] = record

    def close(self) -> None:
        """Close the file."""
        self._handle.close()


def run_survey(
    numbers: Iterable[int],
    *,
    seconds: float | None,
    nodes: int | None = None,
    retry_seconds: float | None = None,
    retry_nodes: int | None = None,
    jobs: int = 1,
    cluster: str | None = None,
) -> Iterator[Record]:
    """Solve every deal; yield each record as it finishes (in no fixed order).

    ``cluster`` is a scheduler address (``tcp://host:8786``), ``"local"`` for a
    ``LocalCluster`` of ``jobs`` one-thread worker processes, or None for a local
    process pool of ``jobs`` processes.
    """
    check_processes(jobs, cluster)
    tasks: list[Task] = [(n, seconds, nodes, retry_seconds, retry_nodes) for n in numbers]
    if not tasks:
        return
    if cluster is None and jobs <= 1:  # in this process: no pool to start (none can, in a browser)
        yield from map(_solve_task, tasks)
        return
    if cluster is None:
        with multiprocessing.get_context("spawn").Pool(max(1, jobs)) as pool:
            yield from pool.imap_unordered(_solve_task, tasks)
        return
    yield from _dask_survey(tasks, jobs, cluster)


def _dask_survey(tasks: list[Task], jobs: int, cluster: str) -> Iterator[Record]:
    """Send the deals to a Dask cluster, a few per worker thread at a time."""
    try:
        # Typed as Any: Dask ships no type hints.
        distributed: Any = importlib.import_module("distributed")
    except ImportError as error:  # pragma: no cover - depends on the install
        raise SystemExit("--cluster needs Dask: pip install 'crescent-widget[survey]'") from error
    local = (
        distributed.LocalCluster(n_workers=max(1, jobs), threads_per_worker=1, processes=True)
        if cluster == "local"
        else None
    )
    client = distributed.Client(local if local is not None else cluster)
    try:
        threads = max(1, sum(client.nthreads().values()))
        window = max(8, 4 * threads)  # enough to keep every thread busy, few to redo after a stop
        pending = iter(tasks)

        def submit(task: Task) -> Any:
            return client.submit(solve_deal, *task, key="deal-" + "-".join(map(str, task)), pure=False)

        running = distributed.as_completed([submit(task) for task in islice(pending, window)])
        for future in running:
            record: Record = future.result()
            future.release()
            yield record
            task = next(pending, None)
            if task is not None:
                running.add(submit(task))
    finally:
        client.close()
        if local is not None:
            local.close()


def wilson_interval(successes: int, total: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% for the default ``z``).

    >>> low, high = wilson_interval(80, 100)
    >>> round(low, 3), round(high, 3)
    (0.711, 0.867)
    """
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


def summarise(records: list[Record], wall: float) -> str:
    """The closing summary: counts, win rate with its Wilson interval, time percentiles."""
    counts = {s: sum(r["status"] == s for r in records) for s in ("won", "lost", "unknown")}
    total = len(records)
    low, high = wilson_interval(counts["won"], total)
    won_times = [r["seconds"] for r in records if r["status"] == "won"]
    all_times = [r["seconds"] for r in records]
    nodes = sum(r["nodes"] for r in records)
    busy = sum(all_times)
    lines = [
        f"deals {total}: won {counts['won']}, lost {counts['lost']}, unknown {counts['unknown']}",
        f"win rate {counts['won'] / max(1, total):.1%} (95% Wilson CI {low:.1%}-{high:.1%})",
        f"time to win: median {percentile(won_times, 0.5):.3f}s, p90 {percentile(won_times, 0.9):.3f}s, "
        f"p99 {percentile(won_times, 0.99):.3f}s, max {max(won_times, default=0):.3f}s",
        f"all deals: median {percentile(all_times, 0.5):.3f}s, p95 {percentile(all_times, 0.95):.3f}s",
        f"nodes {nodes}, {nodes / busy if busy else 0:,.0f} nodes/s per process, wall {wall:.1f}s",
    ]
    return "\n".join(lines)
