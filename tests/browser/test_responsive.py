"""The board in narrow containers: a split pane, marimo's column, a phone.

The widget's container is narrowed (not the window: the board must follow its own
width), then every place is measured in real Chromium inside JupyterLab, and a tap and a
drag are played at that width.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from lab import run_python
from playwright.sync_api import expect
from test_board import ARTIFACTS, center, drag, reset, settle, slot, top_card, view

pytestmark = pytest.mark.browser

WIDTHS = (360, 480, 640, 1000)
MIN_CARD_PX = 36
MIN_CAPTION_PX = 10
MIN_BUTTON_PX = 24
# Every slot, card, caption and button of the first view, measured at once.
MEASURE_JS = """
(el) => {
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const slots = [...el.querySelectorAll(".cw-board .cw-slot")].map((s) => ({
    place: s.dataset.pile ?? s.dataset.foundation,
    box: box(s),
    card: s.querySelector(".cw-card") ? box(s.querySelector(".cw-card")) : null,
    captionFits: s.querySelector(".cw-caption").scrollWidth <= s.querySelector(".cw-caption").clientWidth,
    captionPx: parseFloat(getComputedStyle(s.querySelector(".cw-caption")).fontSize),
    visible: s.checkVisibility(),
  }));
  return {
    root: box(el), scroll: el.scrollWidth, client: el.clientWidth, slots,
    buttons: [...el.querySelectorAll(".cw-toolbar button")].filter((b) => b.checkVisibility()).map(box),
    compact: getComputedStyle(el.querySelector(".cw-board")).gridTemplateColumns.split(" ").length === 8,
  };
}
"""


@pytest.fixture
def narrow(page: Any) -> Iterator[Any]:
    """A function that sets the width of the first view's container; restored afterwards."""
    host = view(page).locator("xpath=..")

    def set_width(width: int) -> None:
        # The window must hold the container next to JupyterLab's side bar: the board
        # grows with its container, and a container wider than the window would overflow.
        page.set_viewport_size({"width": max(1280, width + 500), "height": 1000})
        host.evaluate("(el, w) => { el.style.width = w + 'px'; }", width)
        view(page).scroll_into_view_if_needed()

    yield set_width
    host.evaluate("(el) => { el.style.width = ''; }")
    page.set_viewport_size({"width": 1280, "height": 1000})


def overlap(a: list[float], b: list[float]) -> float:
    width = min(a[2], b[2]) - max(a[0], b[0])
    height = min(a[3], b[3]) - max(a[1], b[1])
    return max(0.0, width) * max(0.0, height)


@pytest.mark.parametrize("width", WIDTHS)
def test_every_place_fits_and_stays_playable(page: Any, narrow: Any, width: int) -> None:
    reset(page)
    narrow(width)
    m = view(page).evaluate(MEASURE_JS)
    left, top, right, bottom = m["root"]
    assert right - left <= width + 0.5
    assert m["scroll"] <= m["client"] + 1, "the widget scrolls sideways"
    assert m["compact"] == (width < 500), "the compact horseshoe is for narrow boards only"
    places = sorted(s["place"] for s in m["slots"])
    assert places == sorted([str(n) for n in range(1, 17)] + [f"F{n}" for n in range(1, 9)])
    for s in m["slots"]:
        x0, y0, x1, y1 = s["box"]
        assert s["visible"], s
        assert left - 0.5 <= x0 and x1 <= right + 0.5 and top - 0.5 <= y0 and y1 <= bottom + 0.5, (width, s)
        assert s["card"] is not None, s
        card_width, card_height = s["card"][2] - s["card"][0], s["card"][3] - s["card"][1]
        assert card_width >= MIN_CARD_PX and card_height >= MIN_CARD_PX * 1.3, (width, s)
        assert s["captionFits"] and s["captionPx"] >= MIN_CAPTION_PX, (width, s)
    for i, a in enumerate(m["slots"]):
        for b in m["slots"][i + 1 :]:
            assert overlap(a["box"], b["box"]) == 0, (width, a["place"], b["place"])
    for button in m["buttons"]:
        assert button[3] - button[1] >= MIN_BUTTON_PX and button[2] <= right + 0.5, (width, button)

    # A tap and a drag at this width.
    slot(page, "5").click()
    expect(top_card(page, "F2")).to_have_attribute("data-card", "2H")
    drag(page, top_card(page, "13"), *center(slot(page, "14")))
    expect(top_card(page, "14")).to_have_attribute("data-card", "AS")
    state = settle(page)
    assert state["foundations"][1] == ["2H", 2] and state["piles"][13] == ["AS", 7] and state["move_count"] == 2


def test_narrow_board_keeps_the_horseshoe_order(page: Any, narrow: Any) -> None:
    """At 360 px the sides sit under the ends of the top row: 1–4 on the left, 13–16 on the right."""
    reset(page)
    narrow(360)
    boxes = {p: slot(page, p).bounding_box() for p in ("1", "4", "5", "12", "13", "16", "F1", "F4")}
    assert abs(boxes["4"]["x"] - boxes["5"]["x"]) < 1 and abs(boxes["13"]["x"] - boxes["12"]["x"]) < 1
    assert boxes["5"]["y"] < boxes["4"]["y"] < boxes["1"]["y"]
    assert boxes["12"]["y"] < boxes["13"]["y"] < boxes["16"]["y"]
    assert boxes["4"]["x"] < boxes["F1"]["x"] < boxes["F4"]["x"] < boxes["13"]["x"]
    expect(view(page).locator(".cw-board")).to_have_css("grid-template-columns", re.compile(r"^(\S+ ){7}\S+$"))


@pytest.mark.parametrize("width", [360, 480])
def test_screenshot_of_the_narrow_board(page: Any, narrow: Any, width: int) -> None:
    reset(page)
    narrow(width)
    slot(page, "5").click()
    expect(top_card(page, "F2")).to_have_attribute("data-card", "2H")
    slot(page, "13").click()
    expect(slot(page, "13")).to_have_class(re.compile(r"\bcw-selected\b"))
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"board-{width}.png"
    page.wait_for_timeout(300)  # let the move's motion end
    view(page).screenshot(path=str(path))
    assert path.stat().st_size > 10_000


@pytest.mark.parametrize(
    ("lang", "text", "what_to_do"),
    [
        ("pl", "Za wąsko na planszę", "zamknij panel boczny (np. listę plików) albo poszerz okno."),
        ("en", "Too narrow for the board", "close the side panel (the file browser, say) or widen the window."),
    ],
)
def test_a_pane_too_narrow_for_24_px_targets_says_what_to_do(
    page: Any, narrow: Any, lang: str, text: str, what_to_do: str
) -> None:
    """Below 203 px, eight 24 px cards and their gaps cannot fit: a note instead of the board,
    wrapped whole (no ellipsis) and first, saying what to do; no buttons for a board not there."""
    reset(page, f"w.new_game('CR1-N-AAAAAAB'); w.lang = {lang!r}")
    narrow(120)  # a 480 px window with JupyterLab's file browser open leaves the widget about this
    note = view(page).locator(".cw-too-narrow")
    expect(note).to_be_visible()
    expect(note).to_have_text(re.compile(rf"^{text}.*{re.escape(what_to_do)}$"))
    expect(view(page).locator(".cw-board")).to_be_hidden()
    expect(view(page).locator(".cw-toolbar")).to_be_hidden()
    fits = note.evaluate(
        """(el) => {
          const box = el.getBoundingClientRect();
          const top = box.top - el.parentElement.getBoundingClientRect().top;
          return [el.scrollWidth <= el.clientWidth, top, box.height / parseFloat(getComputedStyle(el).lineHeight)];
        }"""
    )
    assert fits[0], "the note wraps: nothing of it is cut"
    assert fits[1] < 10, "the note comes first"
    assert fits[2] > 2, "several lines"
    # A pane a few pixels wide (a phone with the file browser open): a word a line at most,
    # never a letter or two a line.
    narrow(22)
    lines, words = note.evaluate(
        "(el) => [el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight),"
        " el.textContent.split(/\\s+/).length]"
    )
    assert lines <= words + 0.5, f"{lines:.0f} lines for {words} words: words are broken"
    narrow(204)  # room again: the board, its cards 24 px wide, and no note
    expect(note).to_be_hidden()
    expect(view(page).locator(".cw-board")).to_be_visible()
    card = top_card(page, "5").bounding_box()
    assert card is not None and card["width"] >= 24 and card["height"] >= 24
    run_python(page, "w.lang = 'pl'")


# The replay bar's visible parts: [kind, left, top, right, bottom, text fits its box].
REPLAY_BAR_JS = """
(bar) => [...bar.children].filter((e) => e.checkVisibility()).map((e) => {
  const r = e.getBoundingClientRect();
  const kind = e.dataset.action ?? e.className;
  return [kind, r.left, r.top, r.right, r.bottom, e.scrollWidth <= e.clientWidth + 1];
})
"""
# Twelve actions of one deal, for a counter with two-digit numbers ("Moves: 10 of 12").
REPLAY_SETUP = """
w.replay(['3-1', '13-14', '1-7', '7-1', '1-7', '11-8', '14-15', '14-15', '11-F7', '7-1', '5-F2', '1-7'])
w.replay_step(10)
"""
# A review of the same actions (Try it and Practice on the bar too): deal 1 played on from them
# until blocked, so that the review names a move.
REVIEW_SETUP = """
_g = Game('CR1-N-AAAAAAB')
for _m in ['3-1', '13-14', '1-7', '7-1', '1-7', '11-8', '14-15', '14-15', '11-F7', '7-1', '5-F2', '1-7']:
    _g.move(_m)
while _g.status == 'playing':
    _g.move(_g.legal_moves()[-1] if _g.legal_moves() else 'R')
w.load(_g)
_found = w.review(seconds=2)
assert _found.mistake is not None and w.replay_state['better'], _found
"""


@pytest.mark.parametrize("setup", ["replay", "review"])
@pytest.mark.parametrize("width", [860, 360])
@pytest.mark.parametrize("lang", ["pl", "en"])
def test_the_replay_bar_keeps_its_buttons_whole_and_together(
    page: Any, narrow: Any, lang: str, width: int, setup: str
) -> None:
    """The counter gives way (it shrinks, wraps or takes a row of its own), never a button:
    no label wraps, Exit replay never stands alone on a row, and at 860 px one row holds a
    replay's buttons (a review's, with Try it and Practice, take a row without the counter)."""
    steps = REPLAY_SETUP if setup == "replay" else REVIEW_SETUP
    reset(page, f"w.new_game('CR1-N-AAAAAAB'); w.lang = {lang!r}\n{steps}")
    try:
        narrow(width)
        bar = view(page).locator(".cw-replay")
        if setup == "replay":
            expect(bar.locator(".cw-replay-step")).to_contain_text("10")
        else:
            expect(bar.locator('[data-action="review-try"]')).to_be_visible()
            expect(bar.locator('[data-action="practice"]')).to_be_visible()
        parts = bar.evaluate(REPLAY_BAR_JS)
        edge = bar.evaluate("(el) => [el.getBoundingClientRect().right, el.scrollWidth <= el.clientWidth]")
        assert edge[1], "the bar scrolls sideways"
        buttons = [p for p in parts if not str(p[0]).startswith("cw-")]
        heights = {round(p[4] - p[2]) for p in buttons}
        assert len(heights) == 1, ("a button label wraps", parts)
        assert all(p[5] and p[3] <= edge[0] + 0.5 for p in parts), parts
        rows = {round((p[2] + p[4]) / 2) for p in buttons}
        stop = next(p for p in buttons if p[0] == "replay-stop")
        assert sum(round((p[2] + p[4]) / 2) == round((stop[2] + stop[4]) / 2) for p in buttons) > 1, parts
        if width == 860:
            assert len(rows) == 1, parts
            if lang == "pl":
                ARTIFACTS.mkdir(exist_ok=True)
                view(page).screenshot(path=str(ARTIFACTS / f"{setup}.png"))
    finally:
        run_python(page, "w.replay_stop()")
