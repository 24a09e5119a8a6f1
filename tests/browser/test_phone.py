"""The board in a phone's window in JupyterLab, with touch: 320 and 360 × 640 px, the sidebars
closed as a phone's user closes them (at 320 px the notebook pane is then 244 px and the board
204 px). What must hold there: ``phone.py``. Notebook 7's and JupyterLite's phone tests live
with their hosts' other tests (test_notebook7.py, test_lite_site.py), which start their servers.

Deal CR1-N-AAAAAAB: pile 5 shows 2♥ (one place to go, F2), pile 13 A♠ (onto 14 or 15).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from lab import collect_page_errors, open_notebook
from phone import (
    MEASURE_JS,
    MIN_TARGET_PX,
    PHONE_HEIGHT,
    PHONE_WIDTHS,
    check_phone_board,
    phone_context,
    put_notebook,
    tap_the_deal_s_first_moves,
)
from playwright.sync_api import expect
from test_board import reset, view
from test_lessons_and_confirmations import BROKEN_WORDS_JS

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def phone_page(browser: Any, lab_url: str) -> Iterator[tuple[Any, list[str]]]:
    """A notebook of its own on the session's JupyterLab, in a touch-screen window, sidebars closed."""
    put_notebook(lab_url, "phone.ipynb")
    context = phone_context(browser, PHONE_WIDTHS[0])
    page = context.new_page()
    errors = collect_page_errors(page)
    open_notebook(page, lab_url, "phone.ipynb", widgets=1)
    page.evaluate("() => { window.jupyterapp.shell.collapseLeft(); window.jupyterapp.shell.collapseRight(); }")
    yield page, errors
    context.close()


@pytest.mark.parametrize("width", PHONE_WIDTHS)
def test_every_target_fits_a_finger_and_taps_play(phone_page: tuple[Any, list[str]], width: int) -> None:
    page, errors = phone_page
    page.set_viewport_size({"width": width, "height": PHONE_HEIGHT})
    reset(page)
    expected = {320: 204, 360: 244}[width]  # the notebook's output area, with the sidebars closed
    page.wait_for_function(
        f"() => Math.abs(document.querySelector('.crescent-widget').getBoundingClientRect().width - {expected}) < 8"
    )
    check_phone_board(view(page), width)
    tap_the_deal_s_first_moves(page)
    assert errors == []


@pytest.mark.parametrize("width", PHONE_WIDTHS)
def test_a_lesson_fits_a_phone_and_is_done_by_touch(phone_page: tuple[Any, list[str]], width: int) -> None:
    """Lesson 5 in Polish, its rule and task above the board: every target fits a finger, no
    word is split, and a tap does its task."""
    page, errors = phone_page
    page.set_viewport_size({"width": width, "height": PHONE_HEIGHT})
    reset(page, "w.start_lesson(5)")
    try:
        board = view(page)
        panel = board.locator(".cw-lesson")
        expect(panel).to_be_visible()
        # A lesson's position has empty piles, so the deal's full-board checks do not apply.
        m = board.evaluate(MEASURE_JS)
        assert m["window"][0] <= m["window"][1] and m["scroll"] <= m["client"] + 1, (width, m["window"])
        assert m["sticksOut"] == [], f"out of the widget's box at {width} px: {m['sticksOut']}"
        texts = {button["text"] for button in m["buttons"]}
        assert {"Spróbuj jeszcze raz", "Następna lekcja"} <= texts and "Nowa gra" not in texts, texts
        for button in m["buttons"]:
            x0, y0, x1, y1 = button["box"]
            assert x1 - x0 >= MIN_TARGET_PX and y1 - y0 >= MIN_TARGET_PX, (width, button)
        assert panel.evaluate(BROKEN_WORDS_JS) == []
        board.locator('[data-pile="1"]').tap()  # W♥ has one place to go: pile 3
        expect(board.locator(".cw-note")).to_have_attribute("data-tone", "right")
        expect(panel).to_have_attribute("data-done", "true")
    finally:
        reset(page, "w.end_lesson()\nw.new_game('CR1-N-AAAAAAB')")
    assert errors == []
