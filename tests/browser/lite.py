"""The static JupyterLite site, served on loopback and driven in Chromium with no way out.

Used by ``tests/browser/test_lite_site.py`` and ``benchmarks/bench_lite.py``:

* :func:`build_site` runs ``lite/build_site.py`` (what ``scripts/site`` runs);
* :func:`serve_site` serves it with ``python -m http.server`` on 127.0.0.1, as the README says;
* :func:`offline_chromium` launches Debian's Chromium with every request that is not to
  loopback sent to a :class:`Doorman`, a proxy on loopback that refuses it and writes it
  down. Requests from workers and the service worker go there too, so the list is complete;
* :func:`run_all_cells`, :func:`run_code_cell`, :func:`run_cell`: what a student does, by menu,
  keyboard and mouse.

Nothing here skips: a missing Chromium, npm or registry is an error.
"""

from __future__ import annotations

import os
import signal
import socketserver
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from lab import free_port, launch_chromium
from playwright.sync_api import TimeoutError as PlaywrightTimeout

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
# Pyodide's first start is slow (a 10 MB WebAssembly runtime, then IPython): generous limits.
KERNEL_TIMEOUT_MS = 180_000
CELL_TIMEOUT_MS = 60_000
# A code cell's prompt: [*] once it is queued or running, [N] once it has run.
_STARTED_JS = r"(p) => /\[(\*|\d+)\]/.test(p.textContent)"
_RAN_JS = r"(p) => /\[\d+\]/.test(p.textContent)"


def build_site(output: Path, work: Path, url: str = "") -> None:
    """Build the site as ``scripts/site`` does, into ``output`` (for the address ``url``: its QR codes)."""
    command = [sys.executable, str(ROOT / "lite" / "build_site.py"), "--output", str(output), "--work", str(work)]
    if url:
        command += ["--url", url]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise RuntimeError(f"building the site failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}")


@contextmanager
def serve_site(site: Path, port: int = 0) -> Iterator[str]:
    """``python -m http.server`` on loopback serving ``site`` (on ``port``, else a free one); yields its URL."""
    if not (site / "index.html").is_file():
        raise RuntimeError(f"no site in {site}: run scripts/site")
    port = port or free_port()
    command = [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory", str(site), str(port)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"{url}/jupyter-lite.json", timeout=2) as response:
                    if response.status == 200:
                        break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("the site's HTTP server did not start") from None
                time.sleep(0.2)
        yield url
    finally:
        with suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=10)


# Chromium's own background services (component updates, sign-in, autofill, optimisation
# hints, clock checks) call Google's servers even on about:blank, whatever the flags. The
# doorman refuses them too, but they are not the site's doing: its report leaves them out.
# A page, worker or service worker of the site asking Google for anything is still caught,
# by :func:`guard_context`, which sees every request of the site before it reaches the proxy.
CHROMIUM_OWN_DOMAINS = ("google.com", "googleapis.com")


class Doorman:
    """A proxy on loopback that lets nothing through: it refuses each request and records it.

    Chromium sends it every request not to loopback (``--proxy-server``), so :attr:`refused`
    lists every attempt of the browser to leave the machine, from any page, worker or
    service worker: :meth:`outside_requests` leaves out Chromium's own background services.
    """

    def __init__(self) -> None:
        self.refused: list[str] = []
        record = self.refused.append  # one call: safe from the handler threads

        class Handler(socketserver.StreamRequestHandler):
            def handle(self) -> None:
                first = self.rfile.readline(4096).decode("latin-1").strip()
                record(first or "(empty request)")
                self.wfile.write(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")

        self._server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self.address = f"127.0.0.1:{self._server.server_address[1]}"
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def outside_requests(self) -> list[str]:
        """The refused requests (first lines) that were not Chromium's own background services."""
        return [line for line in self.refused if not _host(line).endswith(CHROMIUM_OWN_DOMAINS)]

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()


def _host(request_line: str) -> str:
    """``example.org`` from ``CONNECT example.org:443 HTTP/1.1`` or ``GET http://example.org/x HTTP/1.1``."""
    target = request_line.split(" ")[1] if " " in request_line else ""
    return target.split("://", 1)[-1].split("/", 1)[0].rsplit(":", 1)[0]


@contextmanager
def offline_chromium(playwright: Any) -> Iterator[tuple[Any, Doorman]]:
    """Chromium that can reach loopback only; yields it and the :class:`Doorman` keeping the door."""
    doorman = Doorman()
    # Loopback is never proxied (Chromium's implicit bypass rules): the site's server is reached
    # directly, everything else meets the doorman.
    chromium = launch_chromium(playwright, (f"--proxy-server=http://{doorman.address}",))
    try:
        yield chromium, doorman
    finally:
        chromium.close()
        doorman.close()


def guard_context(context: Any, site_url: str, refused: list[str]) -> None:
    """Refuse, and record, any request of the page's context that is not to the site."""

    def route(request_route: Any) -> None:
        url = request_route.request.url
        if url.startswith((f"{site_url}/", "data:", "blob:")):
            request_route.continue_()
        else:
            refused.append(url)
            request_route.abort()

    context.route("**/*", route)


@contextmanager
def evidence(page: Any, name: str) -> Iterator[None]:
    """On failure, keep a screenshot of the page in ``test-artifacts/NAME.png``."""
    try:
        yield
    except Exception:
        ARTIFACTS.mkdir(exist_ok=True)
        with suppress(Exception):  # the page may be gone: the original error matters more
            page.screenshot(path=str(ARTIFACTS / f"{name}.png"))
        raise


def open_notebook(page: Any, site_url: str, name: str) -> None:
    """Open a notebook of the site in JupyterLab (JupyterLite)."""
    page.goto(f"{site_url}/lab/index.html?path={name}", wait_until="domcontentloaded")
    page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=KERNEL_TIMEOUT_MS)


def run_all_cells(page: Any) -> None:
    """Select the first cell, then Run > Run All Cells from the menu bar, until cells are queued.

    Right after the page opens the notebook may not be the current panel yet, and the menu
    item then does nothing: a student would click again, and so does this.
    """
    queued = r"""() => [...document.querySelectorAll('.jp-Notebook .jp-InputArea-prompt')]
        .some((p) => /\[(\*|\d+)\]/.test(p.textContent))"""
    for _ in range(5):
        page.locator(".jp-Notebook .jp-Cell").first.click()
        page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
        page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
        try:
            page.wait_for_function(queued, timeout=5_000, polling=100)
            return
        except PlaywrightTimeout:
            page.keyboard.press("Escape")  # close the menu if it is still open
    raise AssertionError("Run All Cells queued nothing")


def wait_kernel_idle(page: Any, timeout_ms: int = KERNEL_TIMEOUT_MS) -> None:
    """Every cell has run: no prompt shows ``[*]`` and the kernel says it is idle."""
    page.wait_for_function(
        """() => {
          const prompts = [...document.querySelectorAll('.jp-Notebook .jp-InputArea-prompt')];
          const busy = prompts.some((p) => p.textContent.includes('*'));
          const status = document.querySelector('.jp-Notebook-ExecutionIndicator');
          return !busy && status !== null && status.getAttribute('data-status') === 'idle';
        }""",
        timeout=timeout_ms,
        polling=250,
    )


def accept_kernel_dialog(page: Any) -> None:
    """Take the offered kernel if JupyterLab shows its "Select Kernel" dialog; else do nothing."""
    dialog = page.locator(".jp-Dialog", has_text="Select Kernel")
    if dialog.count():
        with suppress(PlaywrightTimeout):  # it may close by itself meanwhile
            dialog.locator(".jp-Dialog-button.jp-mod-accept").first.click(timeout=2_000)


def run_code_cell(page: Any, cell: Any, timeout_ms: int = CELL_TIMEOUT_MS) -> None:
    """Shift+Enter on ``cell``, a code cell that has not run yet; return once it has run.

    Under load the page can lose a key press while it redraws (seen in CI: the fourth of four
    quick Shift+Enters did nothing). A student whose cell shows no ``[*]`` presses again, and
    so does this. A press that did start the cell is never repeated. JupyterLab may also ask
    which kernel to use (seen under load); the student takes the one it offers.
    """
    prompt = cell.locator(".jp-InputArea-prompt")
    for _ in range(5):
        accept_kernel_dialog(page)
        prompt.click()  # command mode, with this cell active
        page.keyboard.press("Shift+Enter")
        try:
            page.wait_for_function(_STARTED_JS, arg=prompt.element_handle(), timeout=5_000, polling=100)
            break
        except PlaywrightTimeout:
            continue
    else:
        raise AssertionError(f"five Shift+Enters did not start the cell: {cell.inner_text()[:200]!r}")
    page.wait_for_function(_RAN_JS, arg=prompt.element_handle(), timeout=timeout_ms, polling=100)


def run_cell(page: Any, code: str, stderr_ok: bool = False) -> str:
    """Add a cell at the end of the notebook, type ``code``, Shift+Enter; return its output text.

    Raises AssertionError when the cell ends in a Python error, or writes to stderr unless
    ``stderr_ok``.
    """
    cells = page.locator(".jp-Notebook .jp-Cell")
    count = cells.count()
    cells.nth(count - 1).locator(".jp-InputArea-prompt").click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")  # command mode: insert a cell below
    new_cell = cells.nth(count)
    new_cell.wait_for()
    new_cell.locator(".jp-InputArea-editor").click()
    page.keyboard.insert_text(code)
    run_code_cell(page, new_cell)
    outputs = new_cell.locator(".jp-OutputArea-output")
    text = "\n".join(outputs.all_inner_texts())
    wrote_stderr = new_cell.locator('[data-mime-type="application/vnd.jupyter.stderr"]').count() > 0
    if (wrote_stderr and not stderr_ok) or "Traceback" in text or "Cell In[" in text:
        raise AssertionError(f"the cell failed:\n{code}\n--- output ---\n{text}")
    return text
