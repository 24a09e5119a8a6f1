"""`scripts/play` on a machine without a desktop: one line, whose URL opens play/play.ipynb.

The test runs the script as a user would (no DISPLAY, no Wayland), reads its output (one line:
the URL and where JupyterLab's log went; no stack trace, no warning, no server log), and opens
exactly that URL in Chromium: JupyterLab must show the notebook, a copy of examples/play.ipynb
in the untracked play/ folder, and the token in the URL must be what lets the browser in.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
from contextlib import suppress
from pathlib import Path
from typing import Any

from lab import free_port

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT_S = 120.0


def _printed_url(process: subprocess.Popen[str], port: int) -> tuple[str, list[str]]:
    """The first loopback URL the script prints, and every line read until then."""
    assert process.stdout is not None
    pattern = re.compile(rf"http://127\.0\.0\.1:{port}/\S+")
    lines: list[str] = []
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            raise AssertionError("scripts/play ended without printing a URL:\n" + "".join(lines[-40:]))
        lines.append(line)
        found = pattern.search(line)
        if found:
            return found.group(0), lines
    raise AssertionError("no URL within the time limit:\n" + "".join(lines[-40:]))


def _status_without_token(url: str) -> int:
    """The HTTP status of ``url`` asked without a token, once the server listens.

    JupyterLab may print its URL a moment before it accepts connections.
    """
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(url, timeout=10) as response:
                return int(response.status)
        except urllib.error.HTTPError as error:
            return error.code
        except urllib.error.URLError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.25)


def test_the_printed_url_opens_the_notebook(browser: Any, tmp_path: Path) -> None:
    port = free_port()
    home = tmp_path / "jupyter"
    env = {key: value for key, value in os.environ.items() if key not in ("DISPLAY", "WAYLAND_DISPLAY", "BROWSER")}
    env |= {
        "JUPYTER_CONFIG_DIR": str(home / "config"),
        "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
        "JUPYTER_PLATFORM_DIRS": "1",
        "PYTHONUNBUFFERED": "1",
    }
    command = [
        str(ROOT / "scripts" / "play"), "--ip=127.0.0.1", f"--port={port}", "--ServerApp.port_retries=0",
        "--LabApp.expose_app_in_browser=True", f"--LabApp.workspaces_dir={home / 'workspaces'}",
        f"--LabApp.user_settings_dir={home / 'settings'}",
    ]  # fmt: skip
    process = subprocess.Popen(
        command, cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        start_new_session=True,
    )  # fmt: skip
    try:
        url, lines = _printed_url(process, port)
        said = [line for line in lines if not line.startswith("== ")]  # a first run's set-up steps
        assert len(said) == 1, "".join(lines)
        assert said[0].startswith("No desktop here: open http") and "JupyterLab's log: play/jupyterlab.log" in said[0]
        parts = urllib.parse.urlsplit(url)
        assert parts.path == "/lab/tree/play/play.ipynb", url
        # The notebook played is a copy that git ignores: playing leaves a clone's status clean.
        ignored = subprocess.run(["git", "check-ignore", "-q", "play/play.ipynb"], cwd=ROOT, check=False)
        assert (ROOT / "play" / "play.ipynb").is_file() and ignored.returncode == 0
        token = urllib.parse.parse_qs(parts.query)["token"][0]
        assert len(token) >= 32

        # The token is what lets a browser in: without it the notebook is refused.
        contents = f"http://127.0.0.1:{port}/api/contents/play/play.ipynb?content=0"
        assert _status_without_token(contents) == 403
        with urllib.request.urlopen(f"{contents}&token={token}", timeout=10) as response:
            assert json.loads(response.read())["type"] == "notebook"

        context = browser.new_context(viewport={"width": 1280, "height": 900})
        try:
            page = context.new_page()
            page.goto(url, wait_until="domcontentloaded")
            page.wait_for_function(
                "() => window.jupyterapp?.shell.currentWidget?.context?.path === 'play/play.ipynb'",
                timeout=60_000,
            )
            # Its cells are on screen: the notebook's title, from its first cell.
            page.wait_for_function(
                "() => document.querySelector('.jp-Notebook')?.textContent.includes('Crescent patience')",
                timeout=30_000,
            )
            # JupyterLab's "fetch Jupyter news?" question, which would sit over the board's
            # corner, is answered by the environment's default.
            news = page.evaluate(
                "async () => (await window.jupyterapp.serviceManager.settings"
                ".fetch('@jupyterlab/apputils-extension:notification')).schema.properties.fetchNews.default"
            )
            assert news == "false"
        finally:
            context.close()
    finally:
        with suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            with suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
