"""Measure the widget in a real JupyterLab (Chromium) and print the numbers.

    .venv/bin/python benchmarks/bench_widget.py [--moves 50]

Prints:
* latency from pointer-up on a legal tap to the updated DOM (median, p95), goal < 50 ms median;
* bytes the kernel sends to the browser per move (whole websocket frames, and the widget's
  comm update alone), goal < 2 KB;
* size of the built front end (JS + CSS as shipped: esbuild, minified), goal < 40 KB.

Not a test: it reports, it does not assert.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from lab import jupyter_lab, launch_chromium, open_notebook, run_python, write_notebook  # noqa: E402

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=50)
    args = parser.parse_args()
    static = ROOT / "src" / "crescent_widget" / "static"
    js, css = (static / "widget.js").stat().st_size, (static / "widget.css").stat().st_size

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
            finally:
                browser.close()

    print(
        f"tap -> DOM latency over {len(latencies)} moves: median {statistics.median(latencies):.1f} ms, "
        f"p95 {percentile(latencies, 0.95):.1f} ms, max {max(latencies):.1f} ms  (goal: median < 50 ms)"
    )
    print(
        f"kernel -> browser bytes per move: websocket frames median {statistics.median(frame_bytes):.0f} B "
        f"(max {max(frame_bytes)}), of which the widget update message {statistics.median(update_bytes):.0f} B "
        "(goal < 2 KB)"
    )
    print(f"built front end: widget.js {js} B + widget.css {css} B = {js + css} B minified  (goal < 40 KB)")


if __name__ == "__main__":
    main()
