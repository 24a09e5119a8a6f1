"""The board in Notebook 7 (the ``notebook`` package), in real Chromium: it renders, a tap
and a drag play, and the kernel sees the moves; in a phone's window (phone.py), with touch,
every target fits a finger. One server for the module.

Notebook 7.6 throws "Cannot read properties of undefined (reading 'schema')" on every page
load. It is not ours: it comes from the keyboard-shortcuts plugin bundled in
``notebook_core.js`` (its ``pluginChanged`` handler reads ``plugins[id].schema`` for a
plugin the settings registry does not hold), and it happens on the file browser page and
on an empty notebook too, with anywidget, the ipywidgets manager and every other
extension disabled. The test lets exactly that error through and fails on any other.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from lab import collect_page_errors, jupyter_lab, open_notebook, python_state, write_notebook
from phone import PHONE_HEIGHT, PHONE_WIDTHS, check_phone_board, phone_context, tap_the_deal_s_first_moves
from playwright.sync_api import expect
from test_board import center, drag, reset, slot, top_card, view

pytestmark = pytest.mark.browser

CELLS = ["from crescent_widget import CrescentWidget\nw = CrescentWidget('CR1-N-AAAAAAB')\nw"]


def _notebook_7_bug(error: Any) -> bool:
    """Notebook 7's own settings error (see the module's docstring), recognised by message and origin."""
    stack = str(error.stack or "")
    return "reading 'schema'" in str(error.message) and "/static/notebook/notebook_core." in stack.split("\n")[1]


@pytest.fixture(scope="module")
def notebook_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Notebook 7 on a loopback port, serving the board notebook and the phone one."""
    root = tmp_path_factory.mktemp("notebook7")
    write_notebook(root / "board.ipynb", CELLS)
    write_notebook(root / "phone.ipynb", CELLS)
    with jupyter_lab(root, app="notebook") as url:
        yield url


@pytest.fixture(scope="module")
def notebook_page(browser: Any, notebook_url: str) -> Iterator[tuple[Any, list[str]]]:
    """The board notebook open; the page's errors are collected."""
    context = browser.new_context(viewport={"width": 1100, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(15_000)
    errors = collect_page_errors(page, known=_notebook_7_bug)
    open_notebook(page, notebook_url, "board.ipynb", widgets=1, app="notebook")
    yield page, errors
    context.close()


@pytest.fixture(scope="module")
def phone_page(browser: Any, notebook_url: str) -> Iterator[tuple[Any, list[str]]]:
    """The phone notebook open in a touch-screen window (phone.py)."""
    context = phone_context(browser, PHONE_WIDTHS[0])
    page = context.new_page()
    errors = collect_page_errors(page, known=_notebook_7_bug)
    open_notebook(page, notebook_url, "phone.ipynb", widgets=1, app="notebook")
    yield page, errors
    context.close()


def test_board_plays_in_notebook_7(notebook_page: tuple[Any, list[str]]) -> None:
    page, errors = notebook_page
    view(page).scroll_into_view_if_needed()
    expect(slot(page, "16")).to_be_visible()
    expect(view(page).locator("[data-card]")).to_have_count(24)
    expect(page.locator(".jp-RenderedSVG")).to_have_count(0)  # the live view, not the SVG beside it
    slot(page, "5").click()
    expect(top_card(page, "F2")).to_have_attribute("data-card", "2H")
    drag(page, top_card(page, "13"), *center(slot(page, "14")))
    expect(top_card(page, "14")).to_have_attribute("data-card", "AS")
    state = python_state(page)
    assert state["move_count"] == 2 and state["foundations"][1] == ["2H", 2] and state["piles"][13] == ["AS", 7]
    assert errors == []


@pytest.mark.parametrize("width", PHONE_WIDTHS)
def test_every_target_fits_a_finger_and_taps_play_on_a_phone(phone_page: tuple[Any, list[str]], width: int) -> None:
    page, errors = phone_page
    page.set_viewport_size({"width": width, "height": PHONE_HEIGHT})
    reset(page)
    page.wait_for_function(f"() => document.querySelector('.crescent-widget').getBoundingClientRect().right <= {width}")
    check_phone_board(view(page), width)
    tap_the_deal_s_first_moves(page)
    assert errors == []
