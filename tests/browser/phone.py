"""The board in a phone's window, for the phone tests of each host (JupyterLab, Notebook 7,
JupyterLite): a touch-screen browser context of 320 or 360 × 640 px, and what must hold there.

Every tap target of the board (its 24 places and the visible buttons) is at least 24 px wide
and high (WCAG 2.2's minimum target size), no two places or cards overlap, nothing of the
widget sticks out of it or out of the window, and the horseshoe keeps its shape: piles 1–4 up
the left, 5–12 along the top, 13–16 down the right, the foundations in the middle.
"""

from __future__ import annotations

import json
import re
import tempfile
import urllib.request
from pathlib import Path
from typing import Any

from lab import write_notebook
from playwright.sync_api import expect
from test_board import settle, slot, top_card

PHONE_WIDTHS = (320, 360)
PHONE_HEIGHT = 640
MIN_TARGET_PX = 24
CELLS = ["from crescent_widget import CrescentWidget\nw = CrescentWidget('CR1-N-AAAAAAB')\nw"]

# Every place, card, button and visible element of the first board, measured at once.
MEASURE_JS = """
(el) => {
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const shown = (e) => e.checkVisibility() && e.getBoundingClientRect().width > 0;
  const places = [...el.querySelectorAll(".cw-board .cw-slot")].map((s) => ({
    place: s.dataset.pile ?? s.dataset.foundation,
    box: box(s),
    card: s.querySelector(".cw-card") ? box(s.querySelector(".cw-card")) : null,
    visible: shown(s),
  }));
  const sticksOut = [...el.querySelectorAll("*")]
    .filter((e) => shown(e) && !e.closest(".cw-sr-only"))
    .filter((e) => { const [l, , r] = box(e); const [L, , R] = box(el); return l < L - 0.5 || r > R + 0.5; })
    .map((e) => e.className + " " + (e.textContent || "").slice(0, 30));
  return {
    root: box(el), scroll: el.scrollWidth, client: el.clientWidth, places, sticksOut,
    window: [document.documentElement.scrollWidth, window.innerWidth],
    buttons: [...el.querySelectorAll("button")].filter(shown).map((b) => ({ box: box(b), text: b.textContent })),
    narrowNote: shown(el.querySelector(".cw-too-narrow")),
  };
}
"""


def phone_context(browser: Any, width: int, **options: Any) -> Any:
    """A touch-screen browser context of a phone's window."""
    context = browser.new_context(viewport={"width": width, "height": PHONE_HEIGHT}, has_touch=True, **options)
    context.set_default_timeout(15_000)
    return context


def put_notebook(server_url: str, name: str, cells: list[str] = CELLS) -> None:
    """Save a notebook on a running Jupyter server (its contents API), beside the others there."""
    with tempfile.TemporaryDirectory() as work:
        path = Path(work) / name
        write_notebook(path, cells)
        body = json.dumps({"type": "notebook", "format": "json", "content": json.loads(path.read_text())})
    request = urllib.request.Request(
        f"{server_url}/api/contents/{name}",
        data=body.encode(),
        method="PUT",
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status in (200, 201), response.status


def _overlap(a: list[float], b: list[float]) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def check_phone_board(view: Any, width: int) -> dict[str, Any]:
    """Assert the module docstring's rules on the board ``view`` in a window ``width`` px wide;
    returns the measurements."""
    m: dict[str, Any] = view.evaluate(MEASURE_JS)
    left, _, right, _ = m["root"]
    assert m["window"][0] <= m["window"][1], f"the page scrolls sideways at {width} px: {m['window']}"
    assert right <= width + 0.5 and left >= -0.5, (width, m["root"])
    assert m["scroll"] <= m["client"] + 1, "the widget scrolls sideways"
    assert m["sticksOut"] == [], f"out of the widget's box at {width} px: {m['sticksOut']}"
    assert not m["narrowNote"], "the board fits: no 'too narrow' line"
    places = {p["place"]: p for p in m["places"]}
    assert sorted(places) == sorted([str(n) for n in range(1, 17)] + [f"F{n}" for n in range(1, 9)])
    for p in m["places"]:
        x0, y0, x1, y1 = p["box"]
        assert p["visible"] and p["card"] is not None, p
        assert x1 - x0 >= MIN_TARGET_PX and y1 - y0 >= MIN_TARGET_PX, (width, p)
        assert p["card"][2] - p["card"][0] >= MIN_TARGET_PX, (width, p)
    for i, a in enumerate(m["places"]):
        for b in m["places"][i + 1 :]:
            assert _overlap(a["box"], b["box"]) == 0, (width, a["place"], b["place"])
            assert _overlap(a["card"], b["card"]) == 0, (width, "cards", a["place"], b["place"])
    for button in m["buttons"]:
        x0, y0, x1, y1 = button["box"]
        assert x1 - x0 >= MIN_TARGET_PX and y1 - y0 >= MIN_TARGET_PX, (width, button)
    # The horseshoe: 1–4 up the left side, 5–12 along the top, 13–16 down the right side.
    x = {name: p["box"][0] for name, p in places.items()}
    y = {name: p["box"][1] for name, p in places.items()}
    top = [str(n) for n in range(5, 13)]
    assert all(abs(y[n] - y["5"]) < 1 for n in top) and [x[n] for n in top] == sorted(x[n] for n in top)
    assert all(abs(x[str(n)] - x["1"]) < 1 for n in range(1, 5)) and y["4"] < y["3"] < y["2"] < y["1"]
    assert all(abs(x[str(n)] - x["13"]) < 1 for n in range(13, 17)) and y["13"] < y["14"] < y["15"] < y["16"]
    assert y["5"] < y["4"] and y["12"] < y["13"] and x["1"] < x["5"] + 1 and x["13"] > x["12"] - 1
    # The foundations in the middle: right of the left side, left of the right side, under the top.
    for n in range(1, 9):
        f = places[f"F{n}"]["box"]
        assert places["1"]["box"][2] <= f[0] and f[2] <= places["13"]["box"][0] and f[1] > places["5"]["box"][3]
    return m


def tap_the_deal_s_first_moves(page: Any) -> None:
    """On the test deal, by touch: a tap that plays, a tap that selects, a tap that moves there."""
    slot(page, "5").tap()
    expect(top_card(page, "F2")).to_have_attribute("data-card", "2H")
    slot(page, "13").tap()
    expect(slot(page, "13")).to_have_class(re.compile(r"\bcw-selected\b"))
    slot(page, "14").tap()
    expect(top_card(page, "14")).to_have_attribute("data-card", "AS")
    state = settle(page)
    assert state["foundations"][1] == ["2H", 2] and state["piles"][13] == ["AS", 7] and state["move_count"] == 2
