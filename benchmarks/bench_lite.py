"""Measure the static site in Chromium, offline, through a slow line, and print the numbers.

    .venv/bin/python benchmarks/bench_lite.py [--runs 3] [--mbit 10] [--site DIR] [--server NAME ...] [--notebook]

Builds the site (as ``scripts/site`` does) unless ``--site`` names one already built, and
serves it on loopback as a static host does (``site_server.py``): it compresses with gzip
what static hosts compress (text, scripts, JSON, SVG; never archives, wheels or
WebAssembly) and counts the bytes it sends, per file. A proxy in front of it passes them at
``--mbit`` megabits a second (default 10, a school's line; ``0``: no limit), shared by all the
browser's connections: Chromium's own network emulation does not slow a worker's downloads.
It serves in each of these ways that ``--server`` names (default: the two GitHub Pages ones):

* ``github-pages``: the headers GitHub Pages, the host the docs publish on, sends:
  ``Cache-Control: max-age=600``, an ETag and Last-Modified. A repeat visit within those
  10 minutes uses the browser's cache without asking;
* ``github-pages-expired``: the same with ``max-age=0``: a repeat visit after the 10 minutes
  (the next lesson, the next day) revalidates every file it uses (304, no body);
* ``http.server``: as ``python -m http.server`` does, Last-Modified only, no cache time: the
  browser guesses one from the files' age (a tenth of it), so whether a repeat visit
  revalidates depends on how long ago the site was built.

Each run, in a fresh browser profile of an iPad (Playwright's device emulation, touch
screen), it opens lesson 1's app page twice: a first visit (nothing cached) and a repeat
visit (the browser's cache as the first left it), and prints for each:

* seconds from opening the page until a tap on its board is answered (the tap is made as soon
  as the board shows), against the goals (15 s first, 4 s repeat), and until the board shows;
* what the server sent: bytes (as sent, gzip where a host compresses) and files, and how many
  files the browser only revalidated (304); for the first run's first visit, what each file cost;
* seconds from the answer's tap to the lesson's verdict.

With ``--notebook`` it also opens ``play.ipynb`` in JupyterLab, runs every cell, and prints
the first board, all cells, the solver's speed in the browser against this Python, and the
latency from pointer-up to the updated board for taps made while "Still winnable?" searches
in slices (Pyodide has no threads), goal <= 100 ms (the notebook is not throttled).
Requests that try to leave the machine are counted (0 expected). Timings on a shared machine
are noisy. Not a test: it reports, it does not assert.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from bench_widget import PROBE_JS, percentile, tap_and_time  # noqa: E402
from lab import CHROMIUM, CHROMIUM_ARGS, UNSETTLED_POSITION  # noqa: E402
from lite import (  # noqa: E402
    KERNEL_TIMEOUT_MS,
    Doorman,
    build_site,
    guard_context,
    offline_chromium,
    open_notebook,
    run_all_cells,
    run_cell,
    wait_kernel_idle,
)
from site_server import Tally, site_server, throttled  # noqa: E402

# A tap answered within 15 s of opening the page at 10 Mbit/s, fresh; within 4 s on a repeat visit.
FIRST_GOAL_S, REPEAT_GOAL_S = 15.0, 4.0
# How each ``--server`` answers: the cache time it sends, if any (GitHub Pages: 10 minutes).
SERVERS: dict[str, int | None] = {"github-pages": 600, "github-pages-expired": 0, "http.server": None}
APP_PAGE = "app/lesson-1.html?lang=en"
IPAD = "iPad (gen 7)"


def watch_context(context: Any, site_url: str, refused: list[str]) -> None:
    """Record any request of the context not to the site. Only watched, not routed: Playwright's
    routing turns the browser's cache off, and a repeat visit is timed with the cache. The
    doorman (``offline_chromium``) still refuses every such request."""

    def seen(request: Any) -> None:
        if not request.url.startswith((f"{site_url}/", "data:", "blob:")):
            refused.append(request.url)

    context.on("request", seen)


def board_of(page: Any) -> Any:
    """An app page's board: in the page, or (the site's earlier pages) in JupyterLite's REPL in
    the page's frame."""
    if page.locator("#cr-frame").count():
        return page.frame_locator("#cr-frame").locator(".crescent-widget")
    return page.locator(".cr-board .crescent-widget")


def app_visit(context: Any, url: str, tally: Tally) -> dict[str, Any]:
    """Lesson 1's page until its board shows, a tap on it until the board answers, then the
    lesson's answer until the verdict."""
    tally.take()
    page = context.new_page()
    started = time.perf_counter()
    page.goto(f"{url}/{APP_PAGE}")
    page.wait_for_function("document.body.dataset.state === 'ready'", timeout=KERNEL_TIMEOUT_MS, polling=50)
    first_board = time.perf_counter() - started
    stages = page.evaluate("window.crescentStages")
    board = board_of(page)
    rev = board.get_attribute("data-rev")
    board.locator('[data-pile="15"]').tap()  # 2♠ has two places to go: the board selects it
    board.locator('[data-pile="15"].cw-selected').wait_for(timeout=30_000)
    answered = time.perf_counter() - started
    assert board.get_attribute("data-rev") != rev
    tapped = time.perf_counter()
    board.locator('[data-foundation="F1"]').tap()
    board.locator('.cw-note[data-tone="right"]').wait_for(timeout=30_000)
    verdict = time.perf_counter() - tapped
    page.close()
    sent, not_modified = tally.take()
    return {
        "board": first_board,
        "answer": answered,
        "verdict": verdict,
        "sent": sent,
        "304": not_modified,
        "stages": stages or {},
    }


def megabytes(sent: dict[str, int]) -> float:
    return sum(sent.values()) / 1e6


def print_costs(sent: dict[str, int], top: int) -> None:
    """What each file of a visit cost, the largest first (the rest summed up)."""
    ordered = sorted(sent.items(), key=lambda item: -item[1])
    for path, size in ordered[:top]:
        print(f"    {size / 1e6:6.2f} MB  {path}")
    rest = ordered[top:]
    if rest:
        print(f"    {sum(size for _, size in rest) / 1e6:6.2f} MB  {len(rest)} other files")


def app_pages(
    playwright: Any, url: str, tally: Tally, *, doorman: Doorman, refused: list[str], args: Any, server: str
) -> None:
    """Each run in a browser profile of its own on disk, as a pupil's browser keeps one: the
    repeat visit finds the first one's files in the disk cache (an in-memory profile's cache
    keeps no file as large as Pyodide's 10 MB runtime)."""
    options = {k: v for k, v in playwright.devices[IPAD].items() if k != "default_browser_type"}
    visits: dict[str, list[dict[str, Any]]] = {"first": [], "repeat": []}
    line = f"{args.mbit:g} Mbit/s" if args.mbit > 0 else "loopback, no throttle"
    for run in range(args.runs):
        with tempfile.TemporaryDirectory() as profile, throttled(url, args.mbit) as slow_url:
            context = playwright.chromium.launch_persistent_context(
                profile,
                executable_path=CHROMIUM,
                headless=True,
                args=[*CHROMIUM_ARGS, f"--proxy-server=http://{doorman.address}"],
                **options,
            )
            context.set_default_timeout(15_000)
            watch_context(context, slow_url, refused)
            for kind, seen_before in visits.items():
                seen = app_visit(context, slow_url, tally)
                seen_before.append(seen)
                print(
                    f"[{server}, {line}] run {run + 1}, {kind} visit: board {seen['board']:.1f} s, a tap answered at"
                    f" {seen['answer']:.1f} s, verdict {seen['verdict']:.2f} s after the answer's tap;"
                    f" sent {megabytes(seen['sent']):.1f} MB in {len(seen['sent'])} files,"
                    f" {seen['304']} revalidated (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)"
                )
                if seen["stages"]:
                    print(
                        "  the page's own clock: "
                        + ", ".join(f"{k} {v / 1000:.1f} s" for k, v in seen["stages"].items())
                    )
                if kind == "first" and run == 0:
                    print_costs(seen["sent"], args.files)
            context.close()
    for kind, goal in (("first", FIRST_GOAL_S), ("repeat", REPEAT_GOAL_S)):
        answers = [seen["answer"] for seen in visits[kind]]
        median = statistics.median(answers)
        met = "met" if median <= goal else "not met"
        print(
            f"[{server}, {line}] {APP_PAGE} on an {IPAD}, {kind} visit: a tap answered at median {median:.1f} s, "
            f"worst {max(answers):.1f} s over {args.runs} (goal {goal:.0f} s: {met});"
            f" board at median {statistics.median(seen['board'] for seen in visits[kind]):.1f} s;"
            f" sent {statistics.median(megabytes(seen['sent']) for seen in visits[kind]):.1f} MB"
        )


SEARCH_TAPS = 10


def taps_during_a_sliced_search(page: Any, taps: int) -> list[float]:
    """Select and deselect a pile while "Still winnable?" searches, again and again; the latencies in ms.

    A tap counts only if the search still ran when its answer came.
    """
    pile = run_cell(page, UNSETTLED_POSITION).strip().splitlines()[-1]  # "Still winnable?" searches its whole second
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


def notebook(chromium: Any, url: str, refused: list[str], runs: int, nodes: int) -> None:
    boards: list[float] = []
    whole: list[float] = []
    for run in range(runs):
        first_board, all_cells, context, page = one_visit(chromium, url, refused)
        boards.append(first_board)
        whole.append(all_cells)
        print(f"play.ipynb, visit {run + 1}: first board {first_board:.1f} s, all cells {all_cells:.1f} s")
        if run + 1 < runs:
            context.close()
    browser_rate = float(run_cell(page, SOLVER_PROBE.format(nodes=nodes)))
    sliced = taps_during_a_sliced_search(page, SEARCH_TAPS)
    context.close()

    from crescent_widget import Game
    from crescent_widget.solver import solve

    result = solve(Game.from_number(3), nodes=nodes)
    native_rate = result.nodes / result.seconds
    median, worst = statistics.median(boards), max(boards)
    print(f"play.ipynb, first board: median {median:.1f} s, worst {worst:.1f} s over {runs} fresh visits")
    print(f"all cells of play.ipynb: median {statistics.median(whole):.1f} s")
    print(
        f"solver, deal 3, {nodes} nodes: browser {browser_rate:,.0f} nodes/s, "
        f"Python {sys.version.split()[0]} {native_rate:,.0f} nodes/s ({native_rate / browser_rate:.1f}x)"
    )
    print(
        f"taps during a sliced search, {len(sliced)} taps: median {statistics.median(sliced):.0f} ms, "
        f"p95 {percentile(sliced, 0.95):.0f} ms, max {max(sliced):.0f} ms (goal <= 100 ms)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="browser profiles to time (default 3)")
    parser.add_argument("--site", type=Path, help="a site already built (default: build one)")
    parser.add_argument(
        "--server",
        choices=list(SERVERS),
        action="append",
        help="how the site is served, repeatable (default: github-pages and github-pages-expired)",
    )
    parser.add_argument("--mbit", type=float, default=10.0, help="the line's speed in Mbit/s (default 10; 0: no limit)")
    parser.add_argument("--files", type=int, default=12, help="files listed with their cost (default 12)")
    parser.add_argument("--notebook", action="store_true", help="also time play.ipynb in JupyterLab")
    parser.add_argument("--nodes", type=int, default=100_000, help="solver probe size (default 100000)")
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
        outside: list[str] = []
        servers = args.server or ["github-pages", "github-pages-expired"]
        with sync_playwright() as playwright, offline_chromium(playwright) as (chromium, door):
            for server in servers:
                with site_server(site, SERVERS[server]) as (url, tally):
                    app_pages(playwright, url, tally, doorman=door, refused=refused, args=args, server=server)
                    if args.notebook and server == servers[-1]:
                        notebook(chromium, url, refused, args.runs, args.nodes)
            outside = [*refused, *door.outside_requests()]
    print(f"requests that tried to leave the machine: {len(outside)} {outside or ''}")


if __name__ == "__main__":
    main()
