"""Touch and pen input reach the same pointer-event path as the mouse.

Chromium turns CDP touch events into ``pointerType: "touch"`` pointer events and CDP mouse
events with ``pointerType: "pen"`` into pen ones, so these are the browser's own events, not
handcrafted DOM events.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect
from test_board import center, reset, settle, slot, top_card

pytestmark = pytest.mark.browser
STEPS = 8


def _touch_drag(cdp: Any, start: tuple[float, float], end: tuple[float, float]) -> None:
    (sx, sy), (ex, ey) = start, end
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": sx, "y": sy}]})
    for step in range(1, STEPS + 1):
        x, y = sx + (ex - sx) * step / STEPS, sy + (ey - sy) * step / STEPS
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def _pen(cdp: Any, kind: str, x: float, y: float) -> None:
    event = {"type": kind, "x": x, "y": y, "button": "left", "buttons": 0 if kind == "mouseReleased" else 1}
    cdp.send("Input.dispatchMouseEvent", {**event, "pointerType": "pen", "clickCount": 1})


def test_a_touch_tap_plays_a_card_with_one_destination(page: Any) -> None:
    reset(page)
    cdp = page.context.new_cdp_session(page)
    x, y = center(slot(page, "5"))
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    expect(top_card(page, "F2")).to_have_attribute("data-card", "2H")
    state = settle(page)
    assert state["foundations"][1] == ["2H", 2] and state["move_count"] == 1
    cdp.detach()


def test_a_touch_drag_moves_a_card_onto_another_pile(page: Any) -> None:
    reset(page)
    cdp = page.context.new_cdp_session(page)
    _touch_drag(cdp, center(top_card(page, "13")), center(slot(page, "14")))
    expect(top_card(page, "14")).to_have_attribute("data-card", "AS")
    state = settle(page)
    assert state["piles"][13] == ["AS", 7] and state["move_count"] == 1
    cdp.detach()


def test_a_pen_drag_moves_a_card_onto_another_pile(page: Any) -> None:
    reset(page)
    cdp = page.context.new_cdp_session(page)
    (sx, sy), (ex, ey) = center(top_card(page, "13")), center(slot(page, "15"))
    _pen(cdp, "mouseMoved", sx, sy)
    _pen(cdp, "mousePressed", sx, sy)
    for step in range(1, STEPS + 1):
        _pen(cdp, "mouseMoved", sx + (ex - sx) * step / STEPS, sy + (ey - sy) * step / STEPS)
    _pen(cdp, "mouseReleased", ex, ey)
    expect(top_card(page, "15")).to_have_attribute("data-card", "AS")
    state = settle(page)
    assert state["piles"][14] == ["AS", 7] and state["move_count"] == 1
    cdp.detach()
