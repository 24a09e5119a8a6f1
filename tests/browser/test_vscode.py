"""The board under VS Code's own ipywidgets renderer (``@vscode/jupyter-ipywidgets8``), in Chromium.

``vscode_host.py`` says what the page reproduces of VS Code's notebook webview and what not.
Its kernel runs on the session's JupyterLab server, which also serves the page (under
``/static/``), so this module starts no server of its own.

Deal CR1-N-AAAAAAB: pile 5 shows 2♥ (one place to go, F2), pile 13 A♠ (onto 14 or 15),
pile 15 2♠ (onto A♠ on F1).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from lab import collect_page_errors
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect
from test_board import center, drag, reset, settle, slot, top_card, view
from vscode_host import build_page

pytestmark = pytest.mark.browser

CELL = "from crescent_widget import CrescentWidget\nw = CrescentWidget('CR1-N-AAAAAAB')\nw"
DATA_DIRS_CODE = "import jupyter_core.paths as _p, json as _j; print(_j.dumps(_p.jupyter_path()))"


@pytest.fixture(scope="module")
def vscode_page(browser: Any, lab_url: str, lab_static: Path) -> Iterator[tuple[Any, list[str]]]:
    """VS Code's widget manager on a page of its own, with the board's cell run; its errors collected."""
    # The kernel's Jupyter data directories, as VS Code asks the kernel's interpreter for them.
    data_dirs = json.loads(subprocess.run([sys.executable, "-c", DATA_DIRS_CODE], capture_output=True, text=True,
                                          check=True).stdout)  # fmt: skip
    page_url = f"{lab_url}/static/vscode-webview"
    build_page(lab_static / "vscode-webview", page_url, lab_url, data_dirs)
    context = browser.new_context(viewport={"width": 1000, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(15_000)
    errors = collect_page_errors(page)
    page.goto(f"{page_url}/index.html", wait_until="domcontentloaded")
    try:
        page.wait_for_function("() => document.body.dataset.ready === 'true'", timeout=30_000)
    except PlaywrightTimeout:
        raise AssertionError(f"the page did not start: {errors}") from None
    result = page.evaluate("(code) => window.vscodeHost.runCell(code)", CELL)
    assert result["err"] == "" and result["widgets"] == 1, result
    page.locator(".crescent-widget").wait_for()
    yield page, errors
    context.close()


def test_the_board_renders_through_vscodes_widget_manager(vscode_page: tuple[Any, list[str]]) -> None:
    page, errors = vscode_page
    board = view(page)
    expect(board.locator("[data-card]")).to_have_count(24)
    expect(slot(page, "16")).to_be_visible()
    # The board sits where VS Code puts a widget output, and its module came the way VS Code
    # finds it: requirejs, from the nbextensions folder the page copied.
    expect(page.locator(".cell-output-ipywidget-background .crescent-widget")).to_have_count(1)
    loaded = page.evaluate(
        """() => ({
          path: window.requirejs.s.contexts._.config.paths.anywidget,
          defined: window.requirejs.defined("anywidget"),
          log: window.vscodeHost.log,
          loadErrors: window.vscodeHost.loadErrors,
        })"""
    )
    assert loaded["path"].endswith("/jupyter/nbextensions/anywidget/index") and loaded["defined"], loaded
    assert any(line.startswith("loaded anywidget@") for line in loaded["log"]), loaded["log"]
    assert loaded["loadErrors"] == []
    # Its stylesheet applies: the felt is green, the board a grid.
    expect(board.locator(".cw-board")).to_have_css("display", "grid")
    assert errors == []


def test_tap_double_tap_and_drag_play(vscode_page: tuple[Any, list[str]]) -> None:
    page, errors = vscode_page
    reset(page)
    slot(page, "5").click()
    expect(top_card(page, "F2")).to_have_attribute("data-card", "2H")
    drag(page, top_card(page, "13"), *center(slot(page, "14")))
    expect(top_card(page, "14")).to_have_attribute("data-card", "AS")
    slot(page, "15").dblclick()  # 2♠ home onto A♠ on F1
    expect(top_card(page, "F1")).to_have_attribute("data-card", "2S")
    state = settle(page)
    assert state["move_count"] == 3
    assert state["foundations"][1] == ["2H", 2] and state["foundations"][0] == ["2S", 2]
    assert state["piles"][13] == ["AS", 7] and state["piles"][4] == ["KD", 5]
    assert errors == []


def test_the_keyboard_plays(vscode_page: tuple[Any, list[str]]) -> None:
    page, errors = vscode_page
    reset(page)
    slot(page, "1").focus()
    for _ in range(4):
        page.keyboard.press("ArrowUp")  # up the left side, onto the top row: pile 5
    page.keyboard.press("Enter")
    expect(top_card(page, "F2")).to_have_attribute("data-card", "2H")
    page.keyboard.press("u")
    expect(top_card(page, "5")).to_have_attribute("data-card", "2H")
    for _ in range(8):
        page.keyboard.press("ArrowRight")  # along the top row, down the right side: pile 13
    page.keyboard.press(" ")
    expect(slot(page, "13")).to_have_class(re.compile(r"\bcw-selected\b"))
    assert settle(page)["selected"] == "13"
    page.keyboard.press("Escape")
    expect(slot(page, "13")).not_to_have_class(re.compile(r"\bcw-selected\b"))
    state = settle(page)
    assert state["selected"] == "" and state["move_count"] == 0 and state["foundations"][1] == ["AH", 1]
    assert errors == []


def test_the_kernel_drives_the_board(vscode_page: tuple[Any, list[str]]) -> None:
    """A change made in Python shows on the board, and the board's buttons reach Python."""
    page, errors = vscode_page
    reset(page, "w.new_game('CR1-N-AAAAAAB'); w.lang = 'en'")
    expect(view(page).locator('[data-action="undo"]')).to_have_text("Undo")
    view(page).locator('[data-action="new-game"]').click()
    state = settle(page)
    assert state["code"] != "CR1-N-AAAAAAB" and state["move_count"] == 0
    expect(view(page).locator(".cw-code-value")).to_have_text(state["code"])
    assert errors == []
