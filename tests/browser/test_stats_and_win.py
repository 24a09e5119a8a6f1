"""Statistics on the board and a win worth having, in a real JupyterLab (Chromium).

The statistics panel opens from its toolbar button (%) and with S, and draws the table Python
sends (``stats_panel``, the one the terminal's ``stats`` prints). A win made on the board is a
moment: the foundations' cards cascade (``data-motion="win"``), or under reduced motion a still
picture of them fanned out; the banner and the screen reader's live region say the wins and
the streak (Python's figures, this win counted); a touch ends the cascade, the banner's × puts
it away, and on a phone (390 × 844) the banner shows in the window with its buttons free.

The win is deal CR1-N-AAAAAAB played along a solver's winning line to its last move, 4-F1
(pile 4 holds K♠ and has no other place to go): a dealt game, so it counts in the statistics.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from lab import collect_page_errors, open_notebook, run_python
from phone import phone_context, put_notebook
from playwright.sync_api import expect
from test_board import center, reset, settle, slot, view

pytestmark = pytest.mark.browser

# Kernel code: the deal one move from its win (a solver's line, found within a budget of positions).
ONE_FROM_WIN = """
from crescent_widget.solver import solve as _solve
_g = Game("CR1-N-AAAAAAB")
_line = _solve(_g.copy(), nodes=2_000_000).line
for _m in _line[:-1]:
    _g.move(_m)
assert str(_line[-1]) == "4-F1" and _g.legal_moves() == [_line[-1]], _line[-1]
w.load(_g)
"""
RUNNING_ANIMATIONS = "(el) => el.getAnimations({ subtree: true }).length"
# An element's box and the part of the window its scrolling pane shows (JupyterLab's notebook
# panel, under its toolbar and over its status bar).
IN_ITS_PANE = """
(el) => {
  let pane = el.parentElement;
  while (pane && !(pane.scrollHeight > pane.clientHeight + 1 && /auto|scroll/.test(getComputedStyle(pane).overflowY))) {
    pane = pane.parentElement;
  }
  const box = el.getBoundingClientRect();
  const shown = pane ? pane.getBoundingClientRect() : { top: 0, bottom: window.innerHeight };
  return {
    top: box.top, bottom: box.bottom,
    paneTop: Math.max(shown.top, 0), paneBottom: Math.min(shown.bottom, window.innerHeight),
  };
}
"""


def figures(page: Any, widget: str = "w") -> dict[str, Any]:
    """The statistics as the kernel sees them: the panel's trait and the N variant's wins and streak."""
    read = f"[{widget}.stats_panel, {widget}.stats['N'].wins, {widget}.stats['N'].streak]"
    code = f"import json as _j; print(_j.dumps({read}))"
    panel, wins, streak = json.loads(run_python(page, code).strip().splitlines()[-1])
    return {"panel": panel, "wins": wins, "streak": streak}


def drawn_rows(page: Any, face: str = "wide") -> list[list[str]]:
    """The statistics table as drawn: ``"wide"`` (variants as rows) or ``"turned"`` (as columns)."""
    return (
        view(page)
        .locator(f".cw-stats-{face}")
        .evaluate("(t) => [...t.rows].map((r) => [...r.cells].map((c) => c.textContent))")
    )


def test_the_statistics_panel_opens_from_its_button_and_by_key(page: Any) -> None:
    reset(page)
    board = view(page)
    opener = board.locator('[data-action="stats"]')
    panel = board.locator(".cw-stats")
    expect(opener).to_have_attribute("aria-label", "Statystyki")
    expect(panel).to_be_hidden()
    opener.click()
    expect(panel).to_be_visible()
    expect(opener).to_have_attribute("aria-expanded", "true")
    expect(panel.locator(".cw-help-title")).to_have_text("Statystyki")
    assert drawn_rows(page) == figures(page)["panel"]["rows"], "the table is Python's, cell for cell"
    assert drawn_rows(page)[0][3] == "% wygranych"
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    expect(opener).to_be_focused()
    # S opens and closes it from the board; the texts follow the language.
    run_python(page, "w.lang = 'en'")
    slot(page, "1").focus()
    page.keyboard.press("s")
    expect(panel).to_be_visible()
    expect(panel.locator(".cw-stats-wide thead th").nth(3)).to_have_text("Win %")
    assert [row[0] for row in drawn_rows(page)[1:]] == ["Crescent", "Crescent Four", "Face-down deal"]
    for row in drawn_rows(page)[1:]:
        games, rate = int(row[1]), row[3]
        assert (rate == "—") == (games == 0), f"a win rate only after a game: {row}"
    page.keyboard.press("s")
    expect(panel).to_be_hidden()
    run_python(page, "w.lang = 'pl'")


def test_a_win_cascades_and_its_banner_and_live_region_say_the_streak(page: Any) -> None:
    reset(page, ONE_FROM_WIN)
    board = view(page)
    slot(page, "4").click()
    expect(board).to_have_attribute("data-motion", "win")
    assert board.locator(".cw-cascading .cw-stand-in").count() > 0, "copies of the foundations' cards fall"
    kernel = figures(page)
    assert kernel["streak"] >= 1 and kernel["wins"] >= 1
    record = f"Wygrane: {kernel['wins']}, seria: {kernel['streak']}"
    assert kernel["panel"]["record"] == record, "the banner's words are Python's"
    banner = board.locator(".cw-banner")
    expect(banner).to_contain_text("Wygrana!")
    expect(banner.locator(".cw-banner-record")).to_have_text(record)
    expect(board.locator("[data-live]")).to_contain_text(record)
    expect(board.locator("[data-live]")).to_contain_text("Wygrana!")
    # A touch ends the moment: the cascade stops and its copies go; the banner stays.
    board.locator(".cw-board").click(position={"x": 5, "y": 5})
    expect(board).to_have_attribute("data-motion", "")
    expect(board.locator(".cw-stand-in")).to_have_count(0)
    expect(banner).to_be_visible()
    # The banner's × puts it away; New game and Review stay on the toolbar.
    close = banner.locator('[data-dismiss="banner"]')
    expect(close).to_have_attribute("aria-label", "Zamknij")
    close.click()
    expect(banner).to_be_hidden()
    expect(board.locator('.cw-actions [data-action="new-game"]')).to_be_enabled()
    expect(board.locator('.cw-actions [data-action="review"]')).to_be_enabled()
    # The panel shows the win counted.
    board.locator('[data-action="stats"]').click()
    assert drawn_rows(page)[1][2] == str(kernel["wins"]) and drawn_rows(page)[1][4] == str(kernel["streak"])
    page.keyboard.press("Escape")
    assert settle(page)["status"] == "won"


@pytest.fixture
def reduced_motion(page: Any) -> Iterator[None]:
    page.emulate_media(reduced_motion="reduce")
    yield
    page.emulate_media(reduced_motion="no-preference")


def test_under_reduced_motion_a_win_is_a_still_picture(page: Any, reduced_motion: None) -> None:
    reset(page, ONE_FROM_WIN)
    board = view(page)
    slot(page, "4").click()
    expect(board.locator(".cw-banner")).to_contain_text("Wygrana!")
    expect(board.locator(".cw-board.cw-won-still")).to_have_count(1)
    expect(board.locator(".cw-win-still")).to_have_count(16)  # each foundation's card fanned out twice
    page.wait_for_timeout(400)  # as long as a cascade would have been under way
    assert board.evaluate(RUNNING_ANIMATIONS) == 0, "nothing moves"
    assert board.get_attribute("data-motion") == ""
    kernel = figures(page)
    expect(board.locator(".cw-banner-record")).to_have_text(f"Wygrane: {kernel['wins']}, seria: {kernel['streak']}")
    board.locator(".cw-board").click(position={"x": 5, "y": 5})
    expect(board.locator(".cw-win-still")).to_have_count(0)


def test_on_a_phone_the_win_banner_shows_in_the_window_with_its_buttons_free(browser: Any, lab_url: str) -> None:
    put_notebook(
        lab_url, "phone-win.ipynb", ["from crescent_widget import CrescentWidget, Game\nw = CrescentWidget()\nw"]
    )
    context = phone_context(browser, 390)
    page = context.new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    errors = collect_page_errors(page)
    try:
        open_notebook(page, lab_url, "phone-win.ipynb", widgets=1)
        page.evaluate("() => { window.jupyterapp.shell.collapseLeft(); window.jupyterapp.shell.collapseRight(); }")
        reset(page, ONE_FROM_WIN)
        slot(page, "4").tap()
        banner = view(page).locator(".cw-banner")
        expect(banner).to_contain_text("Wygrana!")
        page.wait_for_timeout(300)  # the page settles where the banner brought it
        seen = banner.evaluate(IN_ITS_PANE)
        assert seen["top"] >= seen["paneTop"] - 0.5 and seen["bottom"] <= seen["paneBottom"] + 0.5, seen
        for action in ("new-game", "review"):
            button = banner.locator(f'[data-banner-action="{action}"]')
            expect(button).to_be_visible()
            x, y = center(button)
            hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y)?.dataset.bannerAction ?? ''", [x, y])
            assert hit == action, f"{action} is covered at ({x}, {y}) by {hit!r}"
        # The statistics on a phone: the variants are the columns, and every figure shows
        # without scrolling sideways (eight columns cut off Streak and the rest).
        banner.locator('[data-dismiss="banner"]').tap()
        view(page).locator('[data-action="stats"]').tap()
        panel = view(page).locator(".cw-stats")
        expect(panel.locator(".cw-stats-turned")).to_be_visible()
        expect(panel.locator(".cw-stats-wide")).to_be_hidden()
        wide, turned = drawn_rows(page), drawn_rows(page, "turned")
        assert turned == [list(column) for column in zip(*wide, strict=True)], "the same table, turned"
        assert len(turned[0]) == 4 and len(turned) == len(wide[0]), "a column of names, then one per variant"
        widths = panel.evaluate("(p) => [p.scrollWidth, p.clientWidth]")
        assert widths[0] <= widths[1] + 1, f"the panel scrolls sideways on a phone: {widths}"
        assert errors == []
    finally:
        context.close()
