"""Two views of one widget stay in sync, and a removed view leaves nothing running.

Runs after test_board.py (file order): it removes the second view for good.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from lab import python_state, run_python
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def _top(page: Any, view: int, pile: str) -> Any:
    return page.locator(".crescent-widget").nth(view).locator(f'[data-pile="{pile}"] [data-card]').last


def test_two_views_stay_in_sync(page: Any) -> None:
    run_python(page, "w.lang = 'pl'; w.new_game('CR1-N-AAAAAAB')")
    second = page.locator(".crescent-widget").nth(1)
    second.scroll_into_view_if_needed()
    second.locator('[data-pile="13"]').click()  # selection is shared state
    expect(page.locator(".crescent-widget").nth(0).locator('[data-pile="13"]')).to_have_class(re.compile("cw-selected"))
    second.locator('[data-pile="14"]').click()
    for view in (0, 1):
        expect(_top(page, view, "14")).to_have_attribute("data-card", "AS")
    assert python_state(page)["piles"][13] == ["AS", 7]


def test_removing_a_view_leaves_no_listeners_or_timers(page: Any) -> None:
    run_python(page, "w.new_game('CR1-N-AAAAAAB'); w.move(5, 'F')")  # the clock runs now
    second = page.locator(".crescent-widget").nth(1)
    root = second.element_handle()
    clock = root.query_selector(".cw-clock")
    assert clock is not None
    clock_text = clock.text_content()
    rev = root.get_attribute("data-rev")
    # Clear the second cell's output: JupyterLab disposes of that view.
    page.evaluate(
        """async () => {
          const panel = window.jupyterapp.shell.currentWidget;
          panel.content.activeCellIndex = 1;
          await window.jupyterapp.commands.execute("notebook:clear-cell-output");
        }"""
    )
    expect(page.locator(".crescent-widget")).to_have_count(1)
    assert root.evaluate("(el) => el.isConnected") is False
    run_python(page, "w.move(13, 14)")
    expect(_top(page, 0, "14")).to_have_attribute("data-card", "AS")
    time.sleep(1.2)  # more than two clock ticks
    # A leftover model listener would have redrawn the detached view; a leftover
    # interval would have moved its clock.
    assert root.get_attribute("data-rev") == rev
    assert clock.text_content() == clock_text
    assert root.evaluate("(el) => el.childElementCount") == 0, "the view's cleanup ran"
