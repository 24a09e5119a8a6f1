"""The board in marimo (``mo.ui.anywidget``), in real Chromium: it renders, a tap and a drag
play, and Python sees the moves. One ``marimo run`` server for the module.

marimo runs the notebook's cells in its own kernel, which the page cannot reach the way a
Jupyter page can; so the notebook registers ``on_action`` and appends each action Python
saw, with the widget's state, to a JSON-lines file that the test reads.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from lab import collect_page_errors, free_port, server_process
from playwright.sync_api import expect
from test_board import center, drag, slot, top_card, view

pytestmark = pytest.mark.browser

NOTEBOOK = """
import marimo

app = marimo.App()


@app.cell
def _():
    import json
    import os
    from pathlib import Path

    import marimo as mo

    from crescent_widget import CrescentWidget

    w = CrescentWidget("CR1-N-AAAAAAB")
    log = Path(os.environ["CRESCENT_ACTIONS_LOG"])

    def record(kind, move):
        entry = {"kind": kind, "move": str(move), "move_count": w.move_count}
        entry.update(piles=w.piles, foundations=w.foundations)
        with log.open("a") as out:
            out.write(json.dumps(entry) + "\\n")

    w.on_action(record)
    board = mo.ui.anywidget(w)
    board
    return


if __name__ == "__main__":
    app.run()
"""


@pytest.fixture(scope="module")
def marimo_page(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, Path, list[str]]]:
    """``marimo run`` on a loopback port with the board notebook open; the page's errors are collected."""
    root = tmp_path_factory.mktemp("marimo")
    (root / "board.py").write_text(NOTEBOOK, encoding="utf-8")
    actions = root / "actions.jsonl"
    port = free_port()
    env = {
        **os.environ,
        "HOME": str(root),  # marimo's own config and caches stay in the test's folder
        "MARIMO_SKIP_UPDATE_CHECK": "1",
        "CRESCENT_ACTIONS_LOG": str(actions),
        "PYTHONUNBUFFERED": "1",
    }
    command = [
        sys.executable, "-m", "marimo", "run", str(root / "board.py"), "--host", "127.0.0.1",
        "--port", str(port), "--headless", "--no-token",
    ]  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    with server_process(command, root, env, name="marimo", ready=f"{url}/health"):
        context = browser.new_context(viewport={"width": 1100, "height": 1000})
        page = context.new_page()
        page.set_default_timeout(15_000)
        errors = collect_page_errors(page)
        page.goto(url)
        page.wait_for_selector(".crescent-widget [data-card]", timeout=60_000)
        yield page, actions, errors
        context.close()


def seen_by_python(actions: Path, count: int, timeout_s: float = 15.0) -> list[dict[str, Any]]:
    """The first ``count`` actions the notebook's ``on_action`` recorded, waiting for them."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        lines = actions.read_text(encoding="utf-8").splitlines() if actions.exists() else []
        if len(lines) >= count:
            return [json.loads(line) for line in lines]
        time.sleep(0.1)
    raise AssertionError(f"Python saw fewer than {count} actions: {actions.read_text() if actions.exists() else ''}")


def test_board_plays_in_marimo(marimo_page: tuple[Any, Path, list[str]]) -> None:
    page, actions, errors = marimo_page
    expect(view(page).locator("[data-card]")).to_have_count(24)
    box = view(page).bounding_box()
    assert box is not None and box["width"] > 500, "the board takes marimo's column width"
    slot(page, "5").click()
    expect(top_card(page, "F2")).to_have_attribute("data-card", "2H")
    drag(page, top_card(page, "13"), *center(slot(page, "14")))
    expect(top_card(page, "14")).to_have_attribute("data-card", "AS")
    first, second = seen_by_python(actions, 2)
    assert (first["kind"], first["move"], first["foundations"][1]) == ("move", "5-F2", ["2H", 2])
    assert (second["kind"], second["move"], second["move_count"]) == ("move", "13-14", 2)
    assert second["piles"][13] == ["AS", 7]
    expect(view(page).locator(".cw-moves")).to_have_text("Ruchy: 2")
    assert errors == []
