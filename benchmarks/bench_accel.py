"""The compiled search core against the pure-Python search: speed, and the same answers.

Usage::

    nice .venv/bin/python benchmarks/bench_accel.py                 # about 2 minutes
    nice .venv/bin/python benchmarks/bench_accel.py --million       # + a million-position differential run

Prints, for each backend:

- positions/s of the dives and of the proof (CPU time, the same node budget on each
  deal; both searches take the same path, so they do the same work; the best of
  ``--repeat`` alternating runs), and the speedup;
- ``solve()`` on deals 1-100 with a time cap: how many are won, and the time to a win
  (median, 90th percentile, most, total);
- the differential check of move generation: positions compared and mismatches
  (``crescent_accel.expand`` against ``expand``, as in ``tests/solver/test_accel.py``).

Without ``crescent_accel`` installed (``pip install ./accel``) it prints the pure-Python
figures only.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from crescent_widget import Game
from crescent_widget.solver import backend, solve
from crescent_widget.solver.search.backends import SearchFactory
from crescent_widget.solver.search.dive_and_proof import Search
from crescent_widget.solver.search.state import from_game
from crescent_widget.solver.survey.cli import parse_range
from crescent_widget.solver.survey.summary import percentile
from random_states import compare_expand

DIVE = 500  # expansions per dive, as solve() uses


def rates(factory: SearchFactory, deals: list[int], nodes: int) -> tuple[float, float, int, int]:
    """Positions/s of the dives and of the proof over ``deals``, ``nodes`` positions each."""
    dive_nodes = proof_nodes = 0
    dive_time = proof_time = 0.0
    for number in deals:
        root = from_game(Game.from_number(number))
        search = factory(root, seed=1)
        started = time.process_time()
        while search.nodes < nodes and not search.proof_done:  # on after a win: dives are independent
            search.dive(DIVE)
        dive_time += time.process_time() - started
        dive_nodes += search.nodes
        search = factory(root, seed=1)
        started = time.process_time()
        while search.proof_nodes < nodes and search.prove(2000) is None and not search.proof_done:
            pass
        proof_time += time.process_time() - started
        proof_nodes += search.proof_nodes
    return dive_nodes / dive_time, proof_nodes / proof_time, dive_nodes, proof_nodes


def solve_times(deals: list[int], seconds: float, choice: str) -> list[float | None]:
    """Seconds to a win on each deal (None: not won within ``seconds``)."""
    os.environ["CRESCENT_SOLVER"] = choice
    times: list[float | None] = []
    for number in deals:
        result = solve(Game.from_number(number), seconds=seconds)
        times.append(result.seconds if result.status == "won" else None)
    del os.environ["CRESCENT_SOLVER"]
    return times


def describe(times: list[float | None], seconds: float) -> str:
    won = sorted(t for t in times if t is not None)
    if not won:
        return f"won 0/{len(times)} within {seconds:g} s"
    p90 = percentile(won, 0.9)
    return (
        f"won {len(won)}/{len(times)} within {seconds:g} s; time to a win: median {statistics.median(won):.3f} s, "
        f"p90 {p90:.3f} s, most {won[-1]:.2f} s, total {sum(won):.1f} s"
    )


def differential(positions: int, jobs: int) -> dict[str, Any]:
    """``compare_expand`` over ``positions`` positions in ``jobs`` processes."""
    shares = [positions // jobs + (positions % jobs if n == 0 else 0) for n in range(jobs)]
    with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
        results = list(pool.map(compare_expand, [1000 + n for n in range(jobs)], shares, [30] * jobs))
    total: dict[str, int] = {}
    for result in results:
        for key, value in result["counts"].items():
            total[key] = total.get(key, 0) + value
    return {"counts": total, "mismatches": [m for r in results for m in r["mismatches"]]}


def timed(label: str, work: Callable[[], Any]) -> Any:
    started = time.perf_counter()
    result = work()
    print(f"   ({label}: {time.perf_counter() - started:.0f} s)", flush=True)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", default="1-5", help="deals for the positions/s figures (default 1-5)")
    parser.add_argument("--nodes", type=int, default=100_000, help="positions per deal and search (default 100000)")
    parser.add_argument("--repeat", type=int, default=2, help="rate measurements, the best counts (default 2)")
    parser.add_argument("--solve-deals", default="1-100", help="deals for the time to a win (default 1-100)")
    parser.add_argument("--seconds", type=float, default=2.0, help="time cap per deal for solve() (default 2)")
    parser.add_argument("--positions", type=int, default=100_000, help="differential positions (default 100000)")
    parser.add_argument("--million", action="store_true", help="the differential check on 1,000,000 positions")
    parser.add_argument("--jobs", type=int, default=2, help="processes for the differential check (default 2)")
    args = parser.parse_args()
    positions = 1_000_000 if args.million else args.positions
    try:
        import crescent_accel
    except ImportError as error:
        crescent_accel = None
        print(f"crescent_accel is not installed ({error}): pure-Python figures only")
    print(f"backend(): {backend()}; CPU time per process; deals {args.deals} for the rates")

    deals = parse_range(args.deals)
    factories: dict[str, SearchFactory] = {"python": Search}
    if crescent_accel is not None:
        factories["accel"] = crescent_accel.Search
    found: dict[str, tuple[float, float, int, int]] = {}
    for factory in factories.values():  # warm both up first: caches, lazy imports
        rates(factory, deals[:1], 20_000)
    for _ in range(args.repeat):  # alternating, the best of each: the machine may be busy
        for name, factory in factories.items():
            measured = timed(f"{name} rates", lambda factory=factory: rates(factory, deals, args.nodes))
            best = found.get(name, measured)
            found[name] = (max(best[0], measured[0]), max(best[1], measured[1]), *measured[2:])
    for name, (dive_rate, proof_rate, dive_nodes, proof_nodes) in found.items():
        print(
            f"{name:>6}: dives {dive_rate:>10,.0f} positions/s ({dive_nodes:,} positions), "
            f"proof {proof_rate:>10,.0f} positions/s ({proof_nodes:,} positions)",
            flush=True,
        )
    if "accel" in found:
        python, accel = found["python"], found["accel"]
        if python[2:] != accel[2:]:
            print(f"WARNING: the two searches did different work: {python[2:]} against {accel[2:]}")
        print(f"speedup: dives {accel[0] / python[0]:.1f}x, proof {accel[1] / python[1]:.1f}x", flush=True)

    solve_deals = parse_range(args.solve_deals)
    print(f"solve() on deals {args.solve_deals}, at most {args.seconds:g} s each:")
    for name in factories:
        times = timed(f"{name} solve", lambda name=name: solve_times(solve_deals, args.seconds, name))
        print(f"{name:>6}: {describe(times, args.seconds)}", flush=True)

    if crescent_accel is not None:
        print(f"differential check of move generation on {positions:,} positions ({args.jobs} processes):")
        result = timed("differential", lambda: differential(positions, args.jobs))
        counts = result["counts"]
        print(
            f"  positions compared: {counts['positions']:,} ({counts['playout_positions']:,} from engine playouts), "
            f"expand calls {counts['calls']:,}, successors {counts['children']:,}; "
            f"safe move fired {counts['safe']:,}, dead end {counts['dead']:,}; "
            f"mismatches: {len(result['mismatches'])}"
        )
        for mismatch in result["mismatches"]:
            print("  MISMATCH", mismatch)


if __name__ == "__main__":
    main()
