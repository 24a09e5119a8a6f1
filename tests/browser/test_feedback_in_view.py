"""Feedback where the eye is, in a real JupyterLab (Chromium), deal CR1-N-AAAAAAB.

- While the board is taller than the notebook's pane, the toolbar and the message line stay at
  the pane's top edge: scrolled so the board's last row shows, a refused tap is read there.
- When the board fits but the line is out of sight, the answer shows beside the card.
- A refused tap shakes its card, except under reduced motion.
- The message line's room is counted in lines, and a resize starts it over.
- The help panel is not cut to the board's height; without captions the hint's badges name
  their places; the destination's badge leaves the next card's index in sight.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from typing import Any

import pytest
from lab import run_python
from PIL import Image, ImageChops
from playwright.sync_api import expect
from test_board import center, reset, slot, view

pytestmark = pytest.mark.browser

NO_MOVE = "16"  # K♠ on pile 16, on the board's last row, has no move at the start
REFUSAL = "Ta karta nie ma teraz dozwolonego ruchu"
# Every Element.animate() call, by the place it moved: the shake is the page's own animation.
RECORD_SHAKES_JS = """() => {
  window.__shaken = [];
  if (!window.__recording) {
    window.__recording = true;
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (...args) {
      const place = this.dataset?.pile ?? this.dataset?.foundation;
      if (place) window.__shaken.push(place);
      return animate.apply(this, args);
    };
  }
}"""
PANE_JS = """() => {
  const r = document.querySelector('.jp-WindowedPanel-outer').getBoundingClientRect();
  return [r.top, r.bottom];
}"""
# Scrolls the notebook so that the board's last row shows at the pane's foot.
SCROLL_TO_BOARD_FOOT_JS = """() => {
  const pane = document.querySelector('.jp-WindowedPanel-outer');
  const board = document.querySelector('.crescent-widget .cw-board').getBoundingClientRect();
  pane.scrollTop += board.bottom - pane.getBoundingClientRect().bottom + 4;
}"""


@pytest.fixture
def window(page: Any) -> Iterator[Any]:
    """Sets the window's height; the window and the widget's width are restored afterwards."""
    host = view(page).locator("xpath=..")

    def set_height(height: int) -> None:
        page.set_viewport_size({"width": 1280, "height": height})

    yield set_height
    host.evaluate("(el) => { el.style.width = ''; }")
    page.emulate_media(reduced_motion="no-preference")
    page.set_viewport_size({"width": 1280, "height": 1000})


def tap_at(page: Any, place: str) -> None:
    """A click where the place is on screen (Playwright's own click would scroll it into view first)."""
    x, y = center(slot(page, place))
    page.mouse.click(x, y)


def inside(box: dict[str, float], top: float, bottom: float) -> bool:
    return box["y"] >= top - 1 and box["y"] + box["height"] <= bottom + 1


def board_height(page: Any) -> float:
    box = view(page).locator(".cw-board").bounding_box()
    assert box is not None
    return float(box["height"])


def test_the_toolbar_and_the_line_stay_in_sight_while_the_board_is_taller_than_its_pane(page: Any, window: Any) -> None:
    window(700)
    reset(page)
    pane_top, pane_bottom = page.evaluate(PANE_JS)
    assert board_height(page) > pane_bottom - pane_top, "the board is taller than its pane"
    page.evaluate(SCROLL_TO_BOARD_FOOT_JS)
    page.evaluate(RECORD_SHAKES_JS)
    tap_at(page, NO_MOVE)
    status = view(page).locator('[role="status"]')
    expect(status).to_have_text(REFUSAL)
    page.wait_for_timeout(200)  # the head follows the scroll at the next frame
    for part in (status, view(page).locator('[data-action="undo"]'), view(page).locator('[data-action="hint"]')):
        box = part.bounding_box()
        assert box is not None and inside(box, pane_top, pane_bottom), (box, pane_top, pane_bottom)
    last_row = slot(page, "1").bounding_box()
    assert last_row is not None and inside(last_row, pane_top, pane_bottom), "the board's last row shows"
    assert page.evaluate("() => window.__shaken") == [NO_MOVE], "the refused card shakes"
    view(page).locator('[data-action="hint"]').click()  # the stuck toolbar works
    expect(view(page).locator(".cw-note")).not_to_have_text("")


def test_the_answer_shows_beside_the_card_while_the_line_is_out_of_sight(page: Any, window: Any) -> None:
    reset(page)
    height = 1000
    for _ in range(6):  # the board fits its pane, the toolbar does not (the board's size follows the window's)
        pane_top, pane_bottom = page.evaluate(PANE_JS)
        spare = pane_bottom - pane_top - board_height(page)
        if 4 <= spare <= 40:
            break
        height -= round(spare - 20)
        window(height)
        page.wait_for_timeout(200)
    assert 4 <= spare <= 40, spare
    page.evaluate(SCROLL_TO_BOARD_FOOT_JS)
    page.wait_for_timeout(200)
    pane_top, pane_bottom = page.evaluate(PANE_JS)
    line = view(page).locator("[data-line]").bounding_box()
    assert line is not None and not inside(line, pane_top, pane_bottom), "the message line is out of sight"
    tap_at(page, NO_MOVE)
    tip = view(page).locator(".cw-tip")
    expect(tip).to_have_text(REFUSAL)
    tip_box, card = tip.bounding_box(), slot(page, NO_MOVE).bounding_box()
    assert tip_box is not None and card is not None and inside(tip_box, pane_top, pane_bottom)
    assert tip_box["y"] + tip_box["height"] <= card["y"] + 1, "beside the card (above it, on the last row)"
    assert abs(tip_box["y"] + tip_box["height"] - card["y"]) < 20
    tap_at(page, "5")  # the next tap takes it away
    expect(tip).to_be_hidden()


def test_no_shake_under_reduced_motion(page: Any, window: Any) -> None:
    page.emulate_media(reduced_motion="reduce")
    reset(page)
    page.evaluate(RECORD_SHAKES_JS)
    slot(page, NO_MOVE).click()
    expect(view(page).locator('[role="status"]')).to_have_text(REFUSAL)
    page.wait_for_timeout(300)
    assert page.evaluate("() => window.__shaken") == []


def line_height(page: Any) -> tuple[float, float]:
    """The message line's height, and one line's (its line-height)."""
    found: list[float] = view(page).evaluate(
        """(el) => { const line = el.querySelector('[data-line]');
          return [line.getBoundingClientRect().height, parseFloat(getComputedStyle(line).lineHeight)]; }"""
    )
    return found[0], found[1]


def test_the_line_keeps_its_lines_and_a_resize_starts_it_over(page: Any, window: Any) -> None:
    reset(page)
    host = view(page).locator("xpath=..")
    one, per_line = line_height(page)
    assert one < 1.5 * per_line + 6, "one line's room from the start"
    host.evaluate("(el) => { el.style.width = '320px'; }")  # a phone's pane, the side bar open
    long_note = "A long note, the kind a lesson's verdict is, that needs several lines at a phone's width. " * 2
    run_python(page, f"w.show_note({long_note!r})")
    expect(view(page).locator(".cw-note")).to_be_visible()
    tall, _ = line_height(page)
    assert tall > 3 * per_line, tall
    run_python(page, "w.show_note('')")
    expect(view(page).locator(".cw-note")).to_be_hidden()
    assert line_height(page)[0] == tall, "the room stays while nothing else changes: the cards keep still"
    assert abs(tall / per_line - round(tall / per_line)) < 0.4, "whole lines"
    host.evaluate("(el) => { el.style.width = ''; }")  # the side bar closes
    page.wait_for_timeout(300)
    assert line_height(page)[0] == one, "after a resize, one line again: no empty band"


def test_the_help_panel_is_not_cut_to_the_boards_height(page: Any, window: Any) -> None:
    reset(page)
    view(page).locator("xpath=..").evaluate("(el) => { el.style.width = '300px'; }")
    view(page).locator('[data-action="help"]').click()
    panel = view(page).locator(".cw-help")
    expect(panel).to_be_visible()
    sizes = panel.evaluate("(el) => [el.scrollHeight, el.clientHeight]")
    assert sizes[0] <= sizes[1] + 1, "nothing of the help scrolls inside a box"
    panel_box, board_box = panel.bounding_box(), view(page).locator(".cw-board").bounding_box()
    assert panel_box is not None and board_box is not None
    assert panel_box["y"] + panel_box["height"] > board_box["y"] + board_box["height"], "longer than the board"
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()


def test_without_captions_the_hints_badges_name_their_places(page: Any, window: Any) -> None:
    reset(page)
    view(page).locator("xpath=..").evaluate("(el) => { el.style.width = '280px'; }")  # captions hidden
    expect(slot(page, "5").locator(".cw-caption")).to_be_hidden()
    view(page).locator('[data-action="hint"]').click()
    expect(slot(page, "5")).to_have_class(re.compile(r"\bcw-hint-src\b"))
    badge = slot(page, "5").evaluate("(el) => getComputedStyle(el, '::after').content")
    target = slot(page, "F2").evaluate("(el) => getComputedStyle(el, '::after').content")
    assert (badge, target) == ('"↑5"', '"↓F2"'), "the hint's words say pile 5 and F2"
    assert "5" in view(page).locator(".cw-note").inner_text()


def index_shot(page: Any, place: str) -> Image.Image:
    """The place's top-left index (the rank and suit), as on screen."""
    box = slot(page, place).bounding_box()
    assert box is not None
    clip = {"x": box["x"] + 3, "y": box["y"] + 2, "width": box["width"] * 0.45, "height": box["height"] * 0.3}
    return Image.open(io.BytesIO(page.screenshot(clip=clip, animations="disabled"))).convert("RGB")


def test_the_destinations_badge_leaves_the_next_cards_index_in_sight(page: Any, window: Any) -> None:
    reset(page)
    view(page).locator("xpath=..").evaluate("(el) => { el.style.width = '280px'; }")  # a phone: 1 px between cards
    page.mouse.move(0, 0)
    run_python(page, "w.hint()")  # 5-F2 in this deal: F2 is the hint's destination, A♣ on F3 beside it
    expect(slot(page, "F2")).to_have_class(re.compile(r"\bcw-hint-dst\b"))
    lit = index_shot(page, "F3")
    slot(page, "F2").evaluate("(el) => el.classList.remove('cw-hint', 'cw-hint-dst')")
    assert ImageChops.difference(index_shot(page, "F3"), lit).getbbox() is None, "F3's index shows whole"
