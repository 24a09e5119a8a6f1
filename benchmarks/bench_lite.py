"""Measure the static JupyterLite site in Chromium, offline, and print the numbers.

    .venv/bin/python benchmarks/bench_lite.py [--runs 3] [--site DIR]

Builds the site (as ``scripts/site`` does) unless ``--site`` names one already built, serves
it on loopback and opens ``play.ipynb`` in a fresh browser profile each run (nothing cached,
as a student's first visit), runs every cell, and prints:

* seconds from opening the notebook to the first board (Pyodide's start included);
* seconds until every cell of ``play.ipynb`` has run;
* the solver's speed in the browser against this Python (nodes per second, same search);
* latency from pointer-up to the updated board for taps made while "Still winnable?"
  searches in slices (Pyodide has no threads), goal <= 100 ms.

Not a test: it reports, it does not assert.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from bench_widget import PROBE_JS, percentile, tap_and_time  # noqa: E402
from lite import (  # noqa: E402
    build_site,
    guard_context,
    offline_chromium,
    open_notebook,
    run_all_cells,
    run_cell,
    serve_site,
    wait_kernel_idle,
)

# A position no short search settles (deal 11, 30 seeded random moves): "Still winnable?"
# searches its whole second there, in slices.
SLICED_SEARCH = """
import random
from crescent_widget import Game
_g, _rng = Game.from_number(11), random.Random(11)
while _g.move_count < 30 and _g.status == "playing":
    _moves = _g.legal_moves()
    if _moves:
        _g.move(_rng.choice(_moves))
    elif _g.reshuffles_left:
        _g.reshuffle()
    else:
        break
w.load(_g)
print([place for place, found in w.targets.items() if len(found) > 1 and not place.startswith("F")][0])
"""
SOLVER_PROBE = """from crescent_widget import Game
from crescent_widget.solver import solve
r = solve(Game.from_number(3), nodes={nodes})
print(r.nodes / r.seconds)"""


def one_visit(chromium: Any, url: str, refused: list[str]) -> tuple[float, float, Any, Any]:
    context = chromium.new_context(viewport={"width": 1280, "height": 1000})
    context.set_default_timeout(15_000)
    guard_context(context, url, refused)
    page = context.new_page()
    started = time.perf_counter()
    open_notebook(page, url, "play.ipynb")
    run_all_cells(page)
    page.locator(".crescent-widget").first.wait_for(timeout=180_000)
    first_board = time.perf_counter() - started
    wait_kernel_idle(page)
    return first_board, time.perf_counter() - started, context, page


def taps_during_a_sliced_search(page: Any, taps: int) -> list[float]:
    """Select and deselect a pile while "Still winnable?" searches, again and again; the latencies in ms.

    A tap counts only if the search still ran when its answer came.
    """
    pile = run_cell(page, SLICED_SEARCH).strip().splitlines()[-1]
    board = page.locator(".crescent-widget").first
    board.scroll_into_view_if_needed()
    page.evaluate(PROBE_JS)
    line = board.locator(".cw-search")
    found: list[float] = []
    for _ in range(taps):
        board.locator('[data-action="winnable"]').click()
        line.wait_for(state="visible")
        while len(found) < taps:
            latency = tap_and_time(page, board.locator(f'[data-pile="{pile}"]'))
            if line.is_hidden():
                break
            found.append(latency)
        line.wait_for(state="hidden", timeout=60_000)
        if len(found) >= taps:
            break
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="fresh visits to time (default 3)")
    parser.add_argument("--site", type=Path, help="a site already built (default: build one)")
    parser.add_argument("--nodes", type=int, default=100_000, help="solver probe size (default 100000)")
    parser.add_argument("--search-taps", type=int, default=20, help="taps during a sliced search (default 20)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as scratch:
        site = args.site
        if site is None:
            started = time.perf_counter()
            site = Path(scratch) / "site"
            build_site(site, Path(scratch) / "work")
            print(f"site built in {time.perf_counter() - started:.0f} s")
        refused: list[str] = []
        with serve_site(site) as url, sync_playwright() as playwright, offline_chromium(playwright) as (chromium, door):
            boards: list[float] = []
            whole: list[float] = []
            for run in range(args.runs):
                first_board, all_cells, context, page = one_visit(chromium, url, refused)
                boards.append(first_board)
                whole.append(all_cells)
                print(f"visit {run + 1}: first board {first_board:.1f} s, all cells {all_cells:.1f} s")
                if run + 1 < args.runs:
                    context.close()
            browser_rate = float(run_cell(page, SOLVER_PROBE.format(nodes=args.nodes)))
            sliced = taps_during_a_sliced_search(page, args.search_taps) if args.search_taps else []
            context.close()
            outside = [*refused, *door.outside_requests()]

    from crescent_widget import Game
    from crescent_widget.solver import solve

    result = solve(Game.from_number(3), nodes=args.nodes)
    native_rate = result.nodes / result.seconds
    median, worst = statistics.median(boards), max(boards)
    print(f"first board: median {median:.1f} s, worst {worst:.1f} s over {args.runs} fresh visits")
    print(f"all cells of play.ipynb: median {statistics.median(whole):.1f} s")
    print(
        f"solver, deal 3, {args.nodes} nodes: browser {browser_rate:,.0f} nodes/s, "
        f"Python {sys.version.split()[0]} {native_rate:,.0f} nodes/s ({native_rate / browser_rate:.1f}x)"
    )
    if sliced:
        print(
            f"taps during a sliced search, {len(sliced)} taps: median {statistics.median(sliced):.0f} ms, "
            f"p95 {percentile(sliced, 0.95):.0f} ms, max {max(sliced):.0f} ms (goal <= 100 ms)"
        )
    print(f"requests that tried to leave the machine: {len(outside)} {outside or ''}")


if __name__ == "__main__":
    main()
