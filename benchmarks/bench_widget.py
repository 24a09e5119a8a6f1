"""Measure the widget in a real JupyterLab (Chromium) and print the numbers.

    .venv/bin/python benchmarks/bench_widget.py [--moves 50]
    .venv/bin/python benchmarks/bench_widget.py --size   # the bundle's size only (no browser)

Prints:
* latency from pointer-up on a legal tap to the updated DOM (median, p90, p95, and how many
  took over 100 ms), goal: median <= 50 ms and p90 <= 100 ms over 200 taps (``--moves 200``);
* bytes the kernel sends to the browser per move (whole websocket frames, and the widget's
  comm update alone), goal < 2 KB;
* size of the built front end (JS + CSS as shipped: esbuild, minified), goal < 40 KB, and
  gzipped (for the record: the kernel sends the text to each view as it is);
* latency from pointer-up to the updated DOM for taps made while a background search runs
  (median, p95, max), goal <= 100 ms: selecting taps during a game review (the search goes
  on), and moving taps during "Still winnable?" (the move cancels it). ``--sync`` runs the
  searches in the kernel's thread instead, as before they moved off it: the taps wait.

Not a test: it reports, it does not assert.
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from lab import UNSETTLED_POSITION, jupyter_lab, launch_chromium, open_notebook, run_python, write_notebook  # noqa: E402

# In the page: time pointer-up, and the moment the widget's DOM has taken the next
# revision (a MutationObserver fires after the whole update handler has run).
PROBE_JS = """
() => {
  const root = document.querySelector(".crescent-widget");
  window.__bench = { up: 0, done: 0 };
  window.addEventListener("pointerup", () => { window.__bench.up = performance.now(); }, true);
  new MutationObserver(() => { window.__bench.done = performance.now(); })
    .observe(root, { attributes: true, attributeFilter: ["data-rev"] });
}
"""


BENCH_CELL = "from crescent_widget import CrescentWidget\nw = CrescentWidget('CR1-N-AAAAAAB')\nw"


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def record_kernel_frames(page: Any) -> list[bytes]:
    """Collect every websocket frame the kernel sends to the page (attach before opening)."""
    frames: list[bytes] = []

    def on_socket(socket: Any) -> None:
        if "/api/kernels/" in socket.url:
            socket.on("framereceived", lambda data: frames.append(data if isinstance(data, bytes) else data.encode()))

    page.on("websocket", on_socket)
    return frames


def measure(page: Any, frames: list[bytes], moves: int) -> tuple[list[float], list[int], list[int]]:
    page.evaluate(PROBE_JS)
    root = page.locator(".crescent-widget").first
    pile, undo = root.locator('[data-pile="5"]'), root.locator('[data-action="undo"]')
    latencies: list[float] = []
    frame_bytes: list[int] = []
    update_bytes: list[int] = []
    for _ in range(moves):
        rev = int(root.get_attribute("data-rev") or 0)
        frames.clear()
        pile.click()  # 2♥ has exactly one destination (F2): the tap moves it
        page.wait_for_function(f"() => document.querySelector('.crescent-widget').dataset.rev > {rev}")
        page.wait_for_timeout(150)  # let the kernel's trailing status messages arrive
        bench = page.evaluate("() => window.__bench")
        latencies.append(bench["done"] - bench["up"])
        frame_bytes.append(sum(len(f) for f in frames))
        update_bytes.append(sum(len(f) for f in frames if b'"method":"update"' in f or b'"method": "update"' in f))
        rev = int(root.get_attribute("data-rev") or 0)
        undo.click()
        page.wait_for_function(f"() => document.querySelector('.crescent-widget').dataset.rev > {rev}")
    return latencies, frame_bytes, update_bytes


SEARCHING_JS = "() => !document.querySelector('.crescent-widget .cw-search').hidden"
IDLE_JS = "() => document.querySelector('.crescent-widget .cw-search').hidden"


def tap_and_time(page: Any, place: Any) -> float:
    """Tap ``place`` and wait for the next revision in the DOM; pointer-up to DOM, in ms."""
    root = page.locator(".crescent-widget").first
    rev = int(root.get_attribute("data-rev") or 0)
    place.click()
    page.wait_for_function(f"() => document.querySelector('.crescent-widget').dataset.rev > {rev}", timeout=60_000)
    bench = page.evaluate("() => window.__bench")
    return float(bench["done"] - bench["up"])


def places(page: Any, choices: int) -> list[str]:
    """Piles whose top card has exactly ``choices`` destinations (2 stands for "several")."""
    out = run_python(page, "import json; print(json.dumps(w.targets))").strip().splitlines()[-1]
    targets: dict[str, list[str]] = json.loads(out)
    fits = (lambda n: n == 1) if choices == 1 else (lambda n: n >= 2)
    return [place for place, found in targets.items() if fits(len(found)) and not place.startswith("F")]


def taps_while_searching(page: Any, button: str, pile: Any, taps: int, sync: bool) -> list[float]:
    """Press ``button``, then tap ``pile`` (select, deselect, ...) while its search runs; the latencies.

    A tap counts only if the search was still running when its answer came. With ``sync``
    the kernel answers the one tap only after the search: that wait is the figure.
    """
    root = page.locator(".crescent-widget").first
    root.locator(f'[data-action="{button}"]').click()
    if not sync:
        page.wait_for_function(SEARCHING_JS, timeout=60_000)
    found: list[float] = []
    while len(found) < taps:
        latency = tap_and_time(page, pile)
        if not sync and not page.evaluate(SEARCHING_JS):
            break
        found.append(latency)
        if sync:
            break
    page.wait_for_function(IDLE_JS, timeout=60_000)
    run_python(page, "w.replay_stop() if w.replay_state else None; w.deselect()")
    return found


def measure_during_search(page: Any, taps: int, sync: bool) -> tuple[list[float], list[float], list[float]]:
    """Taps while a background search runs: selecting ones during "Still winnable?" and during a
    review (the search goes on), moving ones during "Still winnable?" (the move cancels it)."""
    run_python(page, f"{UNSETTLED_POSITION}\nw.table.background = {not sync}\n")
    page.evaluate(PROBE_JS)
    root = page.locator(".crescent-widget").first
    pile = root.locator(f'[data-pile="{places(page, 2)[0]}"]')
    selecting: list[float] = []
    for _ in range(taps if not sync else 1):
        if len(selecting) >= taps:
            break
        selecting += taps_while_searching(page, "winnable", pile, taps - len(selecting), sync)
    reviewing = taps_while_searching(page, "review", pile, taps, sync)
    moving: list[float] = []
    for _ in range(taps if not sync else 1):
        root.locator('[data-action="winnable"]').click()
        if not sync:
            page.wait_for_function(SEARCHING_JS, timeout=60_000)
        moving.append(tap_and_time(page, root.locator(f'[data-pile="{places(page, 1)[0]}"]')))
        page.wait_for_function(IDLE_JS, timeout=60_000)
        run_python(page, "w.undo()")
    return selecting, reviewing, moving


def summary(name: str, values: list[float]) -> str:
    if not values:
        return f"{name}: none measured"
    return (
        f"{name} over {len(values)} taps: median {statistics.median(values):.1f} ms, "
        f"p95 {percentile(values, 0.95):.1f} ms, max {max(values):.1f} ms"
    )


def bundle_size() -> str:
    """The built front end's size as shipped (run ``npm run build`` first), and gzipped."""
    static = ROOT / "src" / "crescent_widget" / "static"
    js, css = ((static / name).read_bytes() for name in ("widget.js", "widget.css"))
    packed = len(gzip.compress(js, 9)) + len(gzip.compress(css, 9))
    return (
        f"built front end: widget.js {len(js)} B + widget.css {len(css)} B = {len(js) + len(css)} B minified"
        f"  (goal < 40 KB); {packed} B gzipped"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--search-taps", type=int, default=20, help="taps during background searches (0: none)")
    parser.add_argument("--sync", action="store_true", help="searches in the kernel's thread (the old way)")
    parser.add_argument("--size", action="store_true", help="print the built front end's size only (no browser)")
    args = parser.parse_args()
    if args.size:
        print(bundle_size())
        return

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        write_notebook(
            root / "bench.ipynb", ["from crescent_widget import CrescentWidget\nw = CrescentWidget('CR1-N-AAAAAAB')\nw"]
        )
        with jupyter_lab(root) as url, sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            try:
                page = browser.new_page(viewport={"width": 1280, "height": 1000})
                frames = record_kernel_frames(page)
                open_notebook(page, url, "bench.ipynb", widgets=1)
                run_python(page, "w.new_game('CR1-N-AAAAAAB')")
                latencies, frame_bytes, update_bytes = measure(page, frames, args.moves)
                selecting, reviewing, moving = (
                    measure_during_search(page, args.search_taps, args.sync) if args.search_taps else ([], [], [])
                )
            finally:
                browser.close()

    slow = sum(1 for latency in latencies if latency > 100)
    print(
        f"tap -> DOM latency over {len(latencies)} moves: median {statistics.median(latencies):.1f} ms, "
        f"p90 {percentile(latencies, 0.90):.1f} ms, p95 {percentile(latencies, 0.95):.1f} ms, "
        f"max {max(latencies):.1f} ms, {slow} over 100 ms  (goal: median <= 50 ms, p90 <= 100 ms)"
    )
    print(
        f"kernel -> browser bytes per move: websocket frames median {statistics.median(frame_bytes):.0f} B "
        f"(max {max(frame_bytes)}), of which the widget update message {statistics.median(update_bytes):.0f} B "
        "(goal < 2 KB)"
    )
    print(bundle_size())
    if args.search_taps:
        how = "searches in the kernel's thread (--sync)" if args.sync else "background searches"
        print(f"taps during a search, {how} (goal <= 100 ms):")
        print("  " + summary('selecting taps during "Still winnable?"', selecting))
        print("  " + summary("selecting taps during a game review", reviewing))
        print("  " + summary('moving taps during "Still winnable?" (each cancels it)', moving))


if __name__ == "__main__":
    main()
