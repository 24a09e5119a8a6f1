"""The board answers every tap, says so where the eyes are, and lights places unmistakably.

Real JupyterLab in Chromium, deal CR1-N-AAAAAAB. Taps as gestures are in ``test_gestures.py``.
"""

from __future__ import annotations

import io
import json
import re
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from lab import open_notebook, run_python
from PIL import Image, ImageChops
from playwright.sync_api import expect
from test_board import ARTIFACTS, reset, settle, slot, top_card, view

pytestmark = pytest.mark.browser

READ_JS = "import json as _j; print(_j.dumps({k: getattr(w, k) for k in KEYS}))"


def traits(page: Any, *keys: str) -> dict[str, Any]:
    out = run_python(page, READ_JS.replace("KEYS", repr(keys)))
    found: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return found


# ------------------------------------------------------------------ the message line


@pytest.fixture
def window_1280x900(page: Any) -> Iterator[Any]:
    page.set_viewport_size({"width": 1280, "height": 900})
    yield page
    page.set_viewport_size({"width": 1280, "height": 1000})


def scroll_notebook_to_top(page: Any) -> None:
    page.evaluate("() => document.querySelectorAll('.jp-WindowedPanel-outer').forEach((el) => { el.scrollTop = 0; })")
    page.wait_for_timeout(100)


def in_viewport(page: Any, locator: Any) -> bool:
    box = locator.bounding_box()
    size = page.viewport_size
    return bool(box) and box["y"] >= 0 and box["y"] + box["height"] <= size["height"] and box["x"] >= 0


def test_one_message_line_over_the_board_in_view(window_1280x900: Any) -> None:
    page = window_1280x900
    reset(page)
    scroll_notebook_to_top(page)
    line = view(page).locator("[data-line]")
    slot(page, "13").click()
    slot(page, "1").click()  # refused: not the same suit
    status = view(page).locator('[role="status"]')
    expect(status).to_have_text("Musi być tego samego koloru")
    assert in_viewport(page, line), line.bounding_box()
    assert line.bounding_box()["y"] < view(page).locator(".cw-board").bounding_box()["y"]
    # Hint replaces the refusal; "Still winnable?" replaces the hint's text.
    view(page).locator('[data-action="hint"]').click()
    expect(status).to_have_text("")
    expect(view(page).locator(".cw-note")).not_to_have_text("")
    view(page).locator('[data-action="winnable"]').click()
    expect(view(page).locator(".cw-winnability")).not_to_have_text("")
    expect(view(page).locator(".cw-note")).to_be_hidden()
    assert traits(page, "message")["message"] == ""
    # New game's "press again" shows on the same line, in view.
    slot(page, "6").click()
    expect(view(page).locator(".cw-moves")).to_have_text("Ruchy: 1")
    view(page).locator('[data-action="new-game"]').click()
    expect(view(page).locator(".cw-note")).to_contain_text("Nowa gra")
    assert in_viewport(page, view(page).locator(".cw-note"))


def test_help_opens_in_view_and_closes_with_escape(window_1280x900: Any) -> None:
    page = window_1280x900
    reset(page)
    scroll_notebook_to_top(page)
    help_button = view(page).locator('[data-action="help"]')
    help_button.click()
    panel = view(page).locator(".cw-help")
    expect(panel).to_be_visible()
    expect(help_button).to_have_attribute("aria-expanded", "true")
    assert in_viewport(page, panel.locator(".cw-help-title").first), panel.bounding_box()
    assert in_viewport(page, panel.locator("li").first)
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    expect(help_button).to_have_attribute("aria-expanded", "false")


# ----------------------------------------------------------------------- highlights

HIGHLIGHTS = {
    "selected": "cw-selected",
    "target": "cw-target",
    "hint source": "cw-hint cw-hint-src",
    "hint destination": "cw-hint cw-hint-dst",
    "teaching source": "cw-preview-src",
}


def shot(page: Any, place: str) -> Image.Image:
    box = slot(page, place).bounding_box()
    pad = 14
    clip = {
        "x": box["x"] - pad,
        "y": box["y"] - pad,
        "width": box["width"] + 2 * pad,
        "height": box["height"] + 2 * pad,
    }
    return Image.open(io.BytesIO(page.screenshot(clip=clip, animations="disabled"))).convert("RGB")


def footprint(image: Image.Image, plain: Image.Image) -> set[tuple[int, int]]:
    """The pixels a highlight changes: its shape, whatever its colour."""
    diff = ImageChops.difference(image, plain).convert("L")
    width, height = diff.size
    data = diff.load()
    return {(x, y) for x in range(width) for y in range(height) if data[x, y] > 40}


def overlap(a: set[tuple[int, int]], b: set[tuple[int, int]]) -> float:
    return len(a & b) / max(1, len(a | b))


def test_highlights_differ_in_shape_not_only_colour(page: Any) -> None:
    """Each highlight's footprint (the pixels it changes, colour ignored) differs from every other's.

    Two highlights drawn as the same ring in two colours have the same footprint, and
    fail. A place that is both hint destination and target shows both footprints.
    """
    reset(page)
    place = "14"
    el = slot(page, place)
    set_classes = "(el, names) => { el.className = 'cw-slot ' + names; }"
    page.mouse.move(0, 0)
    page.evaluate("() => document.activeElement?.blur()")  # no focus ring left by an earlier test
    plain = shot(page, place)
    prints: dict[str, set[tuple[int, int]]] = {}
    ARTIFACTS.mkdir(exist_ok=True)
    for name, classes in HIGHLIGHTS.items():
        el.evaluate(set_classes, classes)
        image = shot(page, place)
        image.save(ARTIFACTS / f"highlight-{name.replace(' ', '-')}.png")
        prints[name] = footprint(image, plain)
    el.evaluate(set_classes, "cw-hint cw-hint-dst cw-target")
    both = footprint(shot(page, place), plain)
    el.evaluate(set_classes, "cw-preview")  # the teaching mode's targets are targets: the same shape
    teaching_target = footprint(shot(page, place), plain)
    el.evaluate(set_classes, "")
    # Keyboard focus: the real thing (the ring shows for keys only).
    view(page).evaluate("(el) => el.classList.remove('cw-pointer')")
    slot(page, "13").focus()
    page.keyboard.press("ArrowDown")
    expect(el).to_be_focused()
    prints["keyboard focus"] = footprint(shot(page, place), plain)
    el.evaluate("(el) => el.blur()")
    run_python(page, "w.refresh()")  # an update puts back the classes Python's state asks for
    settle(page)

    names = list(prints)
    for name in names:
        assert len(prints[name]) > 60, f"{name} changes almost nothing"
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            assert overlap(prints[a], prints[b]) < 0.75, (a, b, overlap(prints[a], prints[b]))
    assert overlap(teaching_target, prints["target"]) > 0.9
    # Hint and target together: both shapes are there.
    for name in ("hint destination", "target"):
        assert len(prints[name] & both) / len(prints[name]) > 0.8, name


def test_hint_lights_its_source_and_destination_apart(page: Any) -> None:
    reset(page)
    view(page).locator('[data-action="hint"]').click()
    hint = view(page).locator(".cw-hint-src")
    expect(hint).to_have_count(1)
    move = traits(page, "hint_move")["hint_move"]
    src, dst = move.split("-")
    expect(slot(page, src)).to_have_class(re.compile(r"\bcw-hint-src\b"))
    expect(slot(page, dst)).to_have_class(re.compile(r"\bcw-hint-dst\b"))
    expect(slot(page, src)).not_to_have_class(re.compile(r"\bcw-hint-dst\b"))


# --------------------------------------------------------------------------- layout

CAPTIONS_JS = """
(el) => [...el.querySelectorAll('.cw-caption')].filter((c) => c.scrollWidth > c.clientWidth + 0.5)
  .map((c) => c.textContent)
"""
# Every foundation and some piles with two-digit counts: the widest captions there are.
WIDE_CAPTIONS = """
_r = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
_f = [[r + s for r in _r] for s in "SHCD"] + [["K" + s] for s in "SHCD"]
_p = [[r + "SHCD"[n - 10] for r in _r[:12]] if 10 <= n <= 13 else [] for n in range(1, 17)]
w.load(Game.from_layout(_p, _f, 0))
"""


@pytest.fixture
def narrow(page: Any) -> Iterator[Any]:
    """A function that sets the width of the first view's container; restored afterwards."""
    host = view(page).locator("xpath=..")

    def set_width(width: int) -> None:
        host.evaluate("(el, w) => { el.style.width = w + 'px'; }", width)

    yield set_width
    host.evaluate("(el) => { el.style.width = ''; }")


@pytest.mark.parametrize("large", [False, True])
@pytest.mark.parametrize("width", [480, 500, 560, 640, 700, 860])
def test_no_caption_is_cut_in_any_container(page: Any, narrow: Any, width: int, large: bool) -> None:
    reset(page, WIDE_CAPTIONS + f"w.large = {large}")
    narrow(width)
    page.wait_for_timeout(100)
    try:
        assert view(page).evaluate(CAPTIONS_JS) == [], width
    finally:
        run_python(page, "w.large = False")


@pytest.mark.parametrize(("width", "height"), [(700, 900), (1024, 900), (1280, 900), (1600, 1000), (2560, 1440)])
def test_the_board_grows_with_the_window_and_cuts_no_caption(page: Any, width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    try:
        reset(page, WIDE_CAPTIONS)
        page.wait_for_timeout(200)
        assert view(page).evaluate(CAPTIONS_JS) == [], width
        board = view(page).locator(".cw-board").bounding_box()
        if width >= 1600:
            assert board["width"] >= 960, board  # it used to stop at 860 px
        if width >= 1280:
            root = view(page).bounding_box()
            assert root["height"] <= height - 120, root  # ...and the whole of it fits the window
    finally:
        page.set_viewport_size({"width": 1280, "height": 1000})


# ---------------------------------------------------------------------------- clock

CLOCK_CELL = (
    "from crescent_widget import CrescentWidget\n"
    "if 'cw' not in globals():\n"
    "    cw = CrescentWidget('CR1-N-AAAAAAB')\n"
    "    cw.move(5, 'F')\n"
    "cw"
)


def put_notebook(url: str, name: str, source: str) -> None:
    body = {
        "type": "notebook",
        "content": {
            "cells": [{"cell_type": "code", "source": source, "metadata": {}, "outputs": [], "execution_count": None}],
            "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
            "nbformat": 4,
            "nbformat_minor": 5,
        },
    }
    request = urllib.request.Request(
        f"{url}/api/contents/{name}", data=json.dumps(body).encode(), method="PUT",
        headers={"Content-Type": "application/json"},
    )  # fmt: skip
    urllib.request.urlopen(request, timeout=10).close()


def clock_seconds(page: Any) -> int:
    text = page.locator(".crescent-widget .cw-clock").first.text_content() or ""
    match = re.search(r"(\d\d):(\d\d)", text)
    assert match, text
    return int(match[1]) * 60 + int(match[2])


def test_the_clock_is_right_after_a_page_reload(browser: Any, lab_url: str) -> None:
    put_notebook(lab_url, "clock.ipynb", CLOCK_CELL)
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    try:
        page = context.new_page()
        page.set_default_timeout(15_000)
        open_notebook(page, lab_url, "clock.ipynb", widgets=1)
        started = time.monotonic()
        time.sleep(4)
        page.reload()
        open_notebook(page, lab_url, "clock.ipynb", widgets=1)  # the same kernel: the same game
        page.wait_for_timeout(700)
        played = time.monotonic() - started
        shown = clock_seconds(page)
        assert played - 2 <= shown <= played + 2, (shown, played)
    finally:
        context.close()


# ------------------------------------------------------------- settings and banner


def test_settings_panel_changes_the_board(page: Any) -> None:
    reset(page)
    try:
        view(page).locator('[data-action="settings"]').click()
        panel = view(page).locator(".cw-settings")
        expect(panel).to_be_visible()
        panel.locator('select[data-setting="lang"]').select_option("en")
        expect(view(page).locator('[data-action="undo"]')).to_have_text("Undo")
        panel.locator('input[data-setting="four_colour"]').check()
        expect(view(page)).to_have_class(re.compile(r"\bcw-four-colour\b"))
        for name in ("large", "teach", "auto_play"):
            panel.locator(f'input[data-setting="{name}"]').check()
        panel.locator('select[data-setting="variant"]').select_option("F")
        wanted = {"lang": "en", "four_colour": True, "large": True, "teach": True, "auto_play": True, "variant": "F"}
        deadline = time.monotonic() + 5  # the last intent may still be on its way to the kernel
        while (got := traits(page, *wanted)) != wanted and time.monotonic() < deadline:
            page.wait_for_timeout(100)
        assert got == wanted
        expect(panel.locator('input[data-setting="auto_play"]')).to_be_checked()
        page.keyboard.press("Escape")
        expect(panel).to_be_hidden()
    finally:
        run_python(page, "w.four_colour = w.large = w.teach = w.auto_play = False; w.variant = 'N'; w.lang = 'pl'")
    expect(view(page)).not_to_have_class(re.compile(r"\bcw-large\b"))


def test_the_win_banner_gives_moves_and_time(page: Any) -> None:
    from test_board import WON_BUT_ONE

    reset(page, WON_BUT_ONE)
    slot(page, "1").click()
    expect(top_card(page, "F5")).to_have_attribute("data-card", "2S")
    page.wait_for_timeout(400)  # a tap of its own, not the second half of a double tap
    slot(page, "1").click()
    facts = view(page).locator(".cw-banner-facts")
    expect(facts).to_have_text(re.compile(r"^Ruchy: 2 · Czas \d\d:\d\d$"))
