"""A real JupyterLab server and a Chromium page on a notebook, for the browser tests and benchmark.

Used by ``tests/browser/conftest.py`` and ``benchmarks/bench_widget.py``. Nothing here
skips: a missing Chromium or JupyterLab is an error, so a broken setup fails loudly.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from playwright.sync_api import Error as PlaywrightError

CHROMIUM = os.environ.get("CRESCENT_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
SERVER_START_TIMEOUT_S = 60.0
# JupyterLab settings that keep pop-ups (news, update checks) off the widget.
USER_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false", "checkForUpdates": False},
}


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def write_notebook(path: Path, cells: list[str]) -> None:
    """A minimal nbformat 4 notebook with these code cells."""
    notebook = {
        "cells": [
            {"cell_type": "code", "execution_count": None, "id": f"cell{i}", "metadata": {}, "outputs": [], "source": s}
            for i, s in enumerate(cells)
        ],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(notebook, indent=1), encoding="utf-8")


# Console errors of other projects' extensions, recognised by where they come from: the
# site's build tools install JupyterLite's kernel extension into this environment, and in a
# Jupyter server's page (not a JupyterLite one) it logs "Shared module @jupyterlite/services
# doesn't exist" even when disabled.
FOREIGN_CONSOLE_ERRORS = ("/extensions/@jupyterlite/",)
# The Jupyter front ends the tests drive: command, configuration class, notebook route.
APPS = {
    "lab": ("jupyterlab", "LabApp", "lab/tree"),
    "notebook": ("notebook", "JupyterNotebookApp", "notebooks"),
}


@contextmanager
def jupyter_lab(root: Path, app: str = "lab", static: Path | None = None) -> Iterator[str]:
    """Run JupyterLab (or Notebook 7: ``app="notebook"``) on a free loopback port serving
    ``root`` (and the files of ``static``, if given, under ``/static/``); yield its base URL.

    The server (and its kernels, in the same process group) is killed on exit, pass or fail.
    """
    package, config, _ = APPS[app]
    if importlib.util.find_spec(package) is None:
        raise RuntimeError(f"{package} is not installed: pip install -e '.[browser]'")
    port = free_port()
    home = root / ".jupyter-home"
    settings = home / "lab-user-settings"
    for name, values in USER_SETTINGS.items():
        target = settings / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(values), encoding="utf-8")
    env = {
        **os.environ,
        "JUPYTER_PLATFORM_DIRS": "1",
        "JUPYTER_CONFIG_DIR": str(home / "config"),
        "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
        "PYTHONUNBUFFERED": "1",
    }
    command = [
        sys.executable, "-m", "jupyter", app, "--no-browser", "--ip=127.0.0.1", f"--port={port}",
        "--ServerApp.port_retries=0", "--IdentityProvider.token=", "--ServerApp.password=",
        "--ServerApp.disable_check_xsrf=True", f"--ServerApp.root_dir={root}",
        f"--{config}.expose_app_in_browser=True", f"--{config}.user_settings_dir={settings}",
        f"--{config}.workspaces_dir={home / 'workspaces'}", "--allow-root",
    ]  # fmt: skip
    if static is not None:
        command.append(f"--ServerApp.extra_static_paths={json.dumps([str(static)])}")
    url = f"http://127.0.0.1:{port}"
    with server_process(command, root, env, name=f"jupyter-{app}", ready=f"{url}/api/status"):
        yield url


@contextmanager
def server_process(command: list[str], root: Path, env: dict[str, str], *, name: str, ready: str) -> Iterator[None]:
    """Run a server ``command`` in its own process group, logging to ``root/NAME.log``, until
    the ``ready`` URL answers 200. The group (server and kernels) is killed on exit."""
    log_path = root / f"{name}.log"
    log = log_path.open("wb")
    process = subprocess.Popen(command, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        _wait_until_up(ready, process, log_path)
        yield
    finally:
        try:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=10)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            with suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
        log.close()


def _wait_until_up(url: str, process: subprocess.Popen[bytes], log_path: Path) -> None:
    deadline = time.monotonic() + SERVER_START_TIMEOUT_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{log_path.stem} exited early:\n{log_path.read_text(errors='replace')[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.25)
    raise RuntimeError(f"{log_path.stem} did not answer within {SERVER_START_TIMEOUT_S} s")


def collect_page_errors(page: Any, known: Callable[[Any], bool] = lambda error: False) -> list[str]:
    """A list that fills with the page's uncaught errors (except ``known`` ones) and console errors
    (except other projects' extensions', ``FOREIGN_CONSOLE_ERRORS``)."""
    errors: list[str] = []
    page.on("pageerror", lambda error: None if known(error) else errors.append(f"pageerror: {error}"))

    def on_console(message: Any) -> None:
        if message.type == "error" and not any(origin in message.text for origin in FOREIGN_CONSOLE_ERRORS):
            errors.append(f"console: {message.text}")

    page.on("console", on_console)
    return errors


def launch_chromium(playwright: Any, extra_args: tuple[str, ...] = ()) -> Any:
    """Debian's Chromium, headless; an error (not a skip) when it is missing."""
    if not Path(CHROMIUM).exists() and shutil.which(CHROMIUM) is None:
        raise RuntimeError(f"Chromium not found at {CHROMIUM}: apt-get install chromium (or set CRESCENT_CHROMIUM)")
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=[*CHROMIUM_ARGS, *extra_args])


# Runs code on the current notebook's kernel; resolves to {out, err}.
_EXECUTE_JS = """
async (code) => {
  // The notebook's kernel, or the one a page without a JupyterLab shell gives (test_vscode.py).
  const kernel = window.crescentKernel ?? window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = kernel.requestExecute({ code, store_history: false });
  let out = "", err = "";
  future.onIOPub = (msg) => {
    const type = msg.header.msg_type;
    if (type === "stream") out += msg.content.text;
    else if (type === "error") err += msg.content.ename + ": " + msg.content.evalue;
  };
  await future.done;
  return { out, err };
}
"""

# What an evaluation says when the page it ran on went away or was rebuilt under it.
_SETTLING = ("Resulting promise was garbage collected", "Execution context was destroyed")
_STARTED_JS = "async () => { await window.jupyterapp.started; await window.jupyterapp.restored; return true; }"
_KERNEL_IDLE_JS = """
() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const session = panel && panel.sessionContext && panel.sessionContext.session;
  return Boolean(session && session.kernel && session.kernel.status === "idle");
}
"""


def wait_app_started(page: Any, timeout_ms: int) -> None:
    """Wait for the app's ``started`` and ``restored`` promises. A page still settling in (Notebook
    7 on a loaded machine) can drop the evaluation's promise ("Resulting promise was garbage
    collected"): the wait is made again on the page as it is then."""
    for attempt in range(3):
        page.wait_for_function("() => window.jupyterapp !== undefined", timeout=timeout_ms)
        try:
            page.evaluate(_STARTED_JS)
            return
        except PlaywrightError as error:
            if attempt == 2 or not any(text in str(error) for text in _SETTLING):
                raise
            page.wait_for_load_state("domcontentloaded")


def open_notebook(page: Any, url: str, name: str, widgets: int, *, timeout_ms: int = 60_000, app: str = "lab") -> None:
    """Open a notebook, wait for an idle kernel, run all cells, wait for ``widgets`` widget views."""
    route = APPS[app][2]
    page.goto(f"{url}/{route}/{name}{'?reset' if app == 'lab' else ''}", wait_until="domcontentloaded")
    wait_app_started(page, timeout_ms)
    page.wait_for_function(_KERNEL_IDLE_JS, timeout=timeout_ms, polling=250)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(
        f"() => document.querySelectorAll('.crescent-widget').length >= {widgets}", timeout=timeout_ms
    )
    # JupyterLab 4 may toast a notification in the corner: close any.
    for button in page.locator(".jp-Notification-Toast-Close, .Toastify__close-button").all():
        with suppress(Exception):  # a toast that vanished meanwhile is fine
            button.click(timeout=1000)


def run_python(page: Any, code: str) -> str:
    """Run code on the notebook's kernel and return its stdout; raise on a Python error."""
    result = page.evaluate(_EXECUTE_JS, code)
    if result["err"]:
        raise AssertionError(f"kernel error: {result['err']}\n--- code ---\n{code}")
    return str(result["out"])


# Kernel code for a board ``w``: load a position that no short search settles (deal 11 after 30
# seeded random moves): "Still winnable?" searches its whole second there, and a review bisects
# for its whole budget. It prints a pile whose top card has several destinations (a tap selects
# it and moves nothing). The notebook, lite-site and benchmark tests all search this position.
UNSETTLED_POSITION = """
import random as _random
from crescent_widget import Game as _Game
_g, _rng = _Game.from_number(11), _random.Random(11)
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


STATE_KEYS = (
    "code", "piles", "foundations", "reshuffles_left", "reshuffle_label", "move_count", "can_undo",
    "status", "message", "selected", "targets", "lang", "rev", "hint_move", "practice_state",
)  # fmt: skip


def python_state(page: Any, widget: str = "w") -> dict[str, Any]:
    """The widget's traits as the kernel sees them."""
    keys = ", ".join(repr(k) for k in STATE_KEYS)
    out = run_python(page, f"import json as _j; print(_j.dumps({{k: getattr({widget}, k) for k in ({keys})}}))")
    state: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return state
