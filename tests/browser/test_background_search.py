"""Taps during a background search: the board answers them, and a move ends the search.

Real JupyterLab in Chromium, deal CR1-N-AAAAAAB (pile 13 selects, 14 takes its card; pile
5 plays 5-F2). The kernel holds the search at its first progress report until the test
lets it go, so the taps certainly come while it runs (no race with the search's end).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from lab import run_python
from playwright.sync_api import expect
from test_board import reset, settle, slot, top_card, view

pytestmark = pytest.mark.browser

HOLD = """
import threading as _threading
_gate = _threading.Event()
_show = w.table.on_search
def _held(text, _show=_show):
    _show(text)
    _gate.wait(60)
w.table.on_search = _held
"""
RELEASE = "_gate.set(); w.table.on_search = _show; w.table.wait_search(60); w.table.cancel_search()"


@pytest.fixture
def held(page: Any) -> Iterator[Any]:
    reset(page, "w.new_game('CR1-N-AAAAAAB'); w.lang = 'en'")
    run_python(page, HOLD)
    yield page
    run_python(page, RELEASE)


def test_taps_are_answered_while_a_search_runs_and_a_move_ends_it(held: Any) -> None:
    page = held
    line = view(page).locator(".cw-search")
    view(page).locator('[data-action="winnable"]').click()
    expect(line).to_be_visible()
    expect(line.locator(".cw-search-text")).to_have_text(re.compile(r"^Checking whether it can still be won… \d"))
    expect(line.locator('[data-action="cancel-search"]')).to_have_text("Stop")
    slot(page, "13").click()  # a selection: the position stands, the search goes on
    expect(slot(page, "13")).to_have_class(re.compile(r"\bcw-selected\b"))
    expect(line).to_be_visible()
    page.wait_for_timeout(400)  # a tap of its own (two within 350 ms are one double tap)
    slot(page, "13").click()
    expect(slot(page, "13")).not_to_have_class(re.compile(r"\bcw-selected\b"))
    slot(page, "5").click()  # a move: the search about the old position ends with it
    expect(top_card(page, "F2")).to_have_attribute("data-card", "2H")
    expect(line).to_be_hidden()
    state = settle(page)
    assert state["move_count"] == 1
    assert run_python(page, "print(repr(w.winnability), repr(w.search))").strip() == "'' ''"


def test_escape_and_stop_end_a_search(held: Any) -> None:
    page = held
    line = view(page).locator(".cw-search")
    view(page).locator('[data-action="hint"]').click()
    expect(line).to_be_visible()
    view(page).focus()
    page.keyboard.press("Escape")
    expect(line).to_be_hidden()
    expect(view(page).locator("[data-live]")).to_have_text("Search stopped.")
    view(page).locator('[data-action="winnable"]').click()
    expect(line).to_be_visible()
    line.locator('[data-action="cancel-search"]').click()
    expect(line).to_be_hidden()
    assert run_python(page, "print(repr(w.winnability), repr(w.hint_move))").strip() == "'' ''"
