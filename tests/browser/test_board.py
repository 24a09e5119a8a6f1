"""The widget in a real JupyterLab (Chromium): taps, drags, buttons, banners, with DOM and kernel checked.

Deal CR1-N-AAAAAAB at the start: pile 13 top A♠, pile 14 top K♠; legal moves 1-3, 3-F7,
3-1, 3-7, 5-F2, 6-8, 7-3, 8-6, 8-11, 11-8, 13-15, 13-14, 14-13, 15-F1, 15-13.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from lab import python_state, run_python
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

DEAL = "CR1-N-AAAAAAB"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

# Kernel code: play deal 1 greedily with a fixed seed until it is blocked, keeping undo history.
BLOCKED_GAME = """
import random as _r
_rng = _r.Random(0)
_g = Game("CR1-N-AAAAAAB")
for _ in range(3000):
    if _g.status != "playing":
        break
    _moves = _g.legal_moves()
    _home = [m for m in _moves if m.src.is_pile and m.dst.is_foundation]
    if _home:
        _g.move(_home[0])
    elif _moves and _rng.random() < 0.97:
        _g.move(_rng.choice(_moves))
    elif _g.reshuffles_left:
        _g.reshuffle()
    elif _moves:
        _g.move(_rng.choice(_moves))
assert _g.status == "blocked" and _g.can_undo(), _g
w.load(_g)
"""
# Kernel code: every card home but A♠ and 2♠ on pile 1 (2♠ on top).
WON_BUT_ONE = """
_ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
_f = [[r + s for r in _ranks] for s in "SHCD"] + [[r + s for r in reversed(_ranks)] for s in "SHCD"]
_f[4] = _f[4][:-2]
w.load(Game.from_layout([["AS", "2S"]] + [[] for _ in range(15)], _f))
"""


def view(page: Any, index: int = 0) -> Any:
    return page.locator(".crescent-widget").nth(index)


def slot(page: Any, place: str, index: int = 0) -> Any:
    attr = "data-foundation" if place.startswith("F") else "data-pile"
    return view(page, index).locator(f'[{attr}="{place}"]')


def top_card(page: Any, place: str, index: int = 0) -> Any:
    return slot(page, place, index).locator("[data-card]").last


def settle(page: Any) -> dict[str, Any]:
    """Python's state, once the first view shows its revision."""
    state = python_state(page)
    expect(view(page)).to_have_attribute("data-rev", str(state["rev"]))
    return state


def reset(page: Any, setup: str = f"w.new_game({DEAL!r})") -> dict[str, Any]:
    run_python(page, f"w.lang = 'pl'; w.interactive_rules = True\n{setup}")
    view(page).scroll_into_view_if_needed()
    return settle(page)


def center(locator: Any) -> tuple[float, float]:
    box = locator.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def drag(page: Any, source: Any, x: float, y: float, check_midway: Any = None) -> None:
    """Press on a card, move in steps to (x, y), optionally check the page midway, release."""
    sx, sy = center(source)
    page.mouse.move(sx, sy)
    page.mouse.down()
    page.mouse.move(sx + 12, sy + 12, steps=3)
    page.mouse.move(x, y, steps=8)
    if check_midway is not None:
        check_midway()
    page.mouse.up()


# ---------------------------------------------------------------------------- taps


def test_tap_a_pile_with_one_destination(page: Any) -> None:
    reset(page)
    expect(view(page).locator(".cw-clock")).to_have_text("Czas 00:00")
    slot(page, "5").click()
    expect(top_card(page, "5")).to_have_attribute("data-card", "KD")
    expect(top_card(page, "F2")).to_have_attribute("data-card", "2H")
    expect(slot(page, "5").locator(".cw-caption")).to_have_text("5 ×5")
    expect(view(page).locator(".cw-moves")).to_have_text("Ruchy: 1")
    state = settle(page)
    assert state["piles"][4] == ["KD", 5] and state["foundations"][1] == ["2H", 2]
    assert state["move_count"] == 1 and state["can_undo"]
    expect(view(page).locator('[data-action="undo"]')).to_be_enabled()
    # The clock started with the first move and ticks in the browser.
    expect(view(page).locator(".cw-clock")).to_have_text(re.compile(r"Czas 00:0[1-9]"), timeout=3000)


def test_tap_select_then_tap_a_destination(page: Any) -> None:
    reset(page)
    slot(page, "13").click()
    expect(slot(page, "13")).to_have_class(re.compile(r"\bcw-selected\b"))
    expect(slot(page, "14")).to_have_class(re.compile(r"\bcw-target\b"))
    expect(slot(page, "15")).to_have_class(re.compile(r"\bcw-target\b"))
    expect(slot(page, "1")).not_to_have_class(re.compile(r"\bcw-target\b"))
    assert settle(page)["selected"] == "13"
    slot(page, "14").click()
    expect(top_card(page, "14")).to_have_attribute("data-card", "AS")
    expect(top_card(page, "13")).to_have_attribute("data-card", "9D")
    expect(slot(page, "13")).not_to_have_class(re.compile(r"\bcw-selected\b"))
    state = settle(page)
    assert state["piles"][12] == ["9D", 5] and state["piles"][13] == ["AS", 7] and state["selected"] == ""


def test_tap_an_illegal_destination_deselects_with_the_reason(page: Any) -> None:
    reset(page)
    slot(page, "13").click()
    expect(slot(page, "13")).to_have_class(re.compile(r"\bcw-selected\b"))
    slot(page, "1").click()
    expect(view(page).locator('[role="status"]')).to_have_text("Musi być tego samego koloru")
    expect(slot(page, "13")).not_to_have_class(re.compile(r"\bcw-selected\b"))
    state = settle(page)
    assert state["selected"] == "" and state["move_count"] == 0


def test_double_tap_sends_a_card_to_its_foundation(page: Any) -> None:
    reset(page)
    slot(page, "15").dblclick()
    expect(top_card(page, "F1")).to_have_attribute("data-card", "2S")
    expect(top_card(page, "15")).to_have_attribute("data-card", "JH")
    state = settle(page)
    assert state["foundations"][0] == ["2S", 2] and state["move_count"] == 1 and state["selected"] == ""


# --------------------------------------------------------------------------- drags


def test_drag_a_card_onto_another_pile(page: Any) -> None:
    reset(page)

    def lit() -> None:
        expect(slot(page, "14")).to_have_class(re.compile(r"\bcw-drop-target\b"))
        expect(slot(page, "15")).to_have_class(re.compile(r"\bcw-drop-target\b"))
        expect(view(page).locator(".cw-ghost")).to_have_count(1)

    drag(page, top_card(page, "13"), *center(slot(page, "14")), check_midway=lit)
    expect(top_card(page, "14")).to_have_attribute("data-card", "AS")
    expect(view(page).locator(".cw-ghost")).to_have_count(0)
    expect(view(page).locator(".cw-drop-target")).to_have_count(0)
    state = settle(page)
    assert state["piles"][13] == ["AS", 7] and state["move_count"] == 1


def test_drag_a_card_onto_the_foundation_area(page: Any) -> None:
    reset(page)
    area = view(page).locator("[data-foundation-area]")
    box = area.bounding_box()
    assert box is not None

    def lit() -> None:
        expect(area).to_have_class(re.compile(r"\bcw-drop-target\b"))

    # Drop on the area's empty left edge, not on any foundation card.
    drag(page, top_card(page, "3"), box["x"] + 10, box["y"] + box["height"] / 2, check_midway=lit)
    expect(top_card(page, "F7")).to_have_attribute("data-card", "QC")
    state = settle(page)
    assert state["foundations"][6] == ["QC", 2] and state["piles"][2] == ["5S", 5]


def test_illegal_drop_snaps_back_with_the_polish_reason(page: Any) -> None:
    reset(page)
    drag(page, top_card(page, "14"), *center(slot(page, "1")))
    expect(view(page).locator('[role="status"]')).to_have_text("Musi być tego samego koloru")
    expect(view(page).locator(".cw-ghost")).to_have_count(0)
    expect(top_card(page, "14")).to_have_attribute("data-card", "KS")
    expect(top_card(page, "14")).not_to_have_class(re.compile(r"\bcw-dragging\b"))
    state = settle(page)
    assert state["message"] == "Musi być tego samego koloru" and state["piles"][13] == ["KS", 6]


# ------------------------------------------------------------------------- buttons


def test_reshuffle_until_none_left(page: Any) -> None:
    reset(page)
    button = view(page).locator('[data-action="reshuffle"]')
    expect(button).to_have_text("Przetasuj (3)")
    for left in (2, 1):
        button.click()
        expect(button).to_have_text(f"Przetasuj ({left})")
        assert settle(page)["reshuffles_left"] == left
    button.click()
    expect(button).to_have_text("Brak przetasowań")
    expect(button).to_be_disabled()
    expect(top_card(page, "1")).to_have_attribute("data-card", "10H")
    state = settle(page)
    assert state["reshuffles_left"] == 0 and state["reshuffle_label"] == "Brak przetasowań"
    assert state["move_count"] == 0


def test_undo(page: Any) -> None:
    reset(page)
    undo = view(page).locator('[data-action="undo"]')
    expect(undo).to_be_disabled()
    slot(page, "5").click()
    expect(undo).to_be_enabled()
    undo.click()
    expect(top_card(page, "5")).to_have_attribute("data-card", "2H")
    expect(top_card(page, "F2")).to_have_attribute("data-card", "AH")
    expect(undo).to_be_disabled()
    expect(view(page).locator(".cw-moves")).to_have_text("Ruchy: 0")
    state = settle(page)
    assert state["move_count"] == 0 and not state["can_undo"]


def test_new_game_button_deals_another_game(page: Any) -> None:
    reset(page)
    view(page).locator('[data-action="new-game"]').click()
    expect(view(page).locator(".cw-code-value")).not_to_have_text(DEAL)
    state = settle(page)
    assert state["code"] != DEAL and state["move_count"] == 0
    expect(view(page).locator(".cw-code-value")).to_have_text(state["code"])


def test_cells_drive_the_board(page: Any) -> None:
    reset(page)
    run_python(page, "w.move(13, 14)")
    expect(top_card(page, "14")).to_have_attribute("data-card", "AS")
    expect(slot(page, "14").locator(".cw-caption")).to_have_text("14 ×7")
    run_python(page, "try:\n    w.move(14, 1)\nexcept ValueError:\n    pass")
    expect(view(page).locator('[role="status"]')).to_have_text("Musi być tego samego koloru")
    run_python(page, "w.undo()")
    expect(top_card(page, "13")).to_have_attribute("data-card", "AS")
    expect(view(page).locator('[role="status"]')).to_have_text("")


# ---------------------------------------------------------------- end of the game


def test_blocked_banner_offers_undo_and_new_game(page: Any) -> None:
    state = reset(page, BLOCKED_GAME)
    assert state["status"] == "blocked"
    banner = view(page).locator(".cw-banner")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("Partia zablokowana")
    expect(banner.locator('[data-banner-action="new-game"]')).to_be_visible()
    banner.locator('[data-banner-action="undo"]').click()
    expect(banner).to_be_hidden()
    state = settle(page)
    assert state["status"] == "playing"


def test_win_banner_and_the_clock_stops(page: Any) -> None:
    reset(page, WON_BUT_ONE)
    expect(view(page).locator(".cw-code-value")).to_have_text("własny układ")
    slot(page, "1").dblclick()
    expect(top_card(page, "1")).to_have_attribute("data-card", "AS")
    slot(page, "1").dblclick()
    banner = view(page).locator(".cw-banner")
    expect(banner).to_contain_text("Wygrana!")
    expect(slot(page, "1")).to_have_class(re.compile(r"\bcw-empty\b"))
    expect(slot(page, "1").locator("[data-card]")).to_have_count(0)
    expect(banner.locator('[data-banner-action="undo"]')).to_be_hidden()
    clock = view(page).locator(".cw-clock").inner_text()
    time.sleep(1.2)
    assert view(page).locator(".cw-clock").inner_text() == clock
    assert settle(page)["status"] == "won"


def test_undo_after_a_win_takes_the_banner_away_and_the_clock_runs_again(page: Any) -> None:
    reset(page, WON_BUT_ONE)
    # One tap a card (each has one place to go), apart: two taps within 350 ms are one gesture.
    slot(page, "1").click()
    expect(top_card(page, "1")).to_have_attribute("data-card", "AS")
    page.wait_for_timeout(400)
    slot(page, "1").click()
    banner = view(page).locator(".cw-banner")
    expect(banner).to_contain_text("Wygrana!")
    assert settle(page)["message"] == "", "no stray tap after the win"
    undo = view(page).locator('[data-action="undo"]')
    expect(undo).to_be_enabled()  # taking back the winning move is the player's right
    undo.click()
    expect(banner).to_be_hidden()
    expect(top_card(page, "1")).to_have_attribute("data-card", "AS")
    state = settle(page)
    assert (state["status"], state["move_count"], state["can_undo"]) == ("playing", 1, True)
    clock = view(page).locator(".cw-clock").inner_text()
    time.sleep(1.2)
    assert view(page).locator(".cw-clock").inner_text() != clock, "a game in progress again: its clock runs"


# ------------------------------------------------------------ language and layout


def test_english_and_polish_texts(page: Any) -> None:
    reset(page)
    expect(top_card(page, "1")).to_have_attribute("aria-label", "W♣")
    expect(slot(page, "3")).to_have_attribute("aria-label", "Stos 3: D♣, 6 kart")
    expect(slot(page, "F1")).to_have_attribute("aria-label", "Fundament F1: A♠, 1 karta")
    run_python(page, "w.lang = 'en'")
    expect(view(page).locator('[data-action="reshuffle"]')).to_have_text("Reshuffle (3)")
    expect(view(page).locator('[data-action="undo"]')).to_have_text("Undo")
    expect(view(page).locator('[data-action="new-game"]')).to_have_text("New game")
    expect(top_card(page, "1")).to_have_attribute("aria-label", "J♣")
    expect(slot(page, "F1")).to_have_attribute("aria-label", "Foundation F1: A♠, 1 card")
    expect(slot(page, "3")).to_have_attribute("aria-label", "Pile 3: Q♣, 6 cards")
    expect(view(page).locator(".cw-moves")).to_have_text("Moves: 0")
    run_python(page, "w.lang = 'pl'")
    expect(view(page).locator('[data-action="undo"]')).to_have_text("Cofnij")


def test_fits_600_px_without_horizontal_scrolling(page: Any) -> None:
    reset(page)
    root = view(page)
    fits = root.evaluate(
        """(el) => {
          const host = el.parentElement;
          const old = host.style.width;
          host.style.width = "600px";
          const box = el.getBoundingClientRect();
          const slots = [...el.querySelectorAll(".cw-slot")].map((s) => s.getBoundingClientRect());
          const result = {
            width: box.width, scroll: el.scrollWidth, client: el.clientWidth,
            inside: slots.every((s) => s.left >= box.left - 1 && s.right <= box.right + 1),
          };
          host.style.width = old;
          return result;
        }"""
    )
    assert fits["width"] <= 600 and fits["scroll"] <= fits["client"] + 1 and fits["inside"], fits


# The boxes of the toolbar's parts and of the lines around the board, for layout checks.
LAYOUT_JS = """
(el) => {
  // Relative to the widget, so that scrolling the page (a replay brings its controls into
  // sight) is no move of the layout.
  const root = el.getBoundingClientRect();
  const box = (sel) => {
    const found = el.querySelector(sel);
    if (!found || !found.getClientRects().length) return null;
    const r = found.getBoundingClientRect();
    return {
      top: Math.round(r.top - root.top), bottom: Math.round(r.bottom - root.top),
      left: r.left - root.left, right: r.right - root.left,
    };
  };
  return {
    height: Math.round(el.getBoundingClientRect().height), board: box(".cw-board"), moves: box(".cw-moves"),
    clock: box(".cw-clock"), code: box(".cw-code"), banner: box(".cw-banner"), warning: box(".cw-warning"),
  };
}
"""


def layout(page: Any) -> dict[str, Any]:
    result: dict[str, Any] = view(page).evaluate(LAYOUT_JS)
    return result


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_toolbar_rows_hold_together_at_860_px(page: Any, lang: str) -> None:
    reset(page, f"w.new_game({DEAL!r}); w.lang = {lang!r}")
    parts = layout(page)
    # The clock stays on the line of the move counter and the game code (no stray clock line).
    middles = [(parts[k]["top"] + parts[k]["bottom"]) / 2 for k in ("clock", "moves", "code")]
    assert max(middles) - min(middles) <= 3, parts
    assert parts["clock"]["bottom"] <= parts["board"]["top"], parts
    run_python(page, "w.lang = 'pl'")


def test_messages_do_not_move_the_layout(page: Any) -> None:
    """The line keeps one line's room from the deal's start: its first message, and a note, move nothing."""
    reset(page, "w.new_game()")  # a deal of its own: nothing said yet
    fresh = layout(page)
    run_python(page, "try:\n    w.move('F1-1')\nexcept Exception:\n    pass")  # the deal's first message
    expect(view(page).locator(".cw-status")).to_have_text("Podstawa fundamentu jest zablokowana")
    before = layout(page)
    assert before == fresh, "the first message moves nothing"
    run_python(page, "w.show_note('Notatka')")
    expect(view(page).locator(".cw-note")).to_be_visible()
    assert layout(page) == before
    run_python(page, "w.show_note('')")  # the line empties: its room stays
    expect(view(page).locator(".cw-note")).to_be_hidden()
    assert layout(page) == before
    run_python(page, "w.replay([str(w.legal_moves()[0])])")  # the replay bar comes, the clock goes
    expect(view(page).locator(".cw-replay")).to_be_visible()
    during = layout(page)["board"]
    # The bar's room comes from the board (smaller while a window is too short for both), not from below it.
    assert during["top"] <= before["board"]["top"] and during["bottom"] <= before["board"]["bottom"], during
    run_python(page, "w.replay_stop()")


def test_end_banner_sits_on_the_felt_without_covering_cards(page: Any) -> None:
    state = reset(page, BLOCKED_GAME)
    assert state["status"] == "blocked"
    parts = layout(page)
    banner, board = parts["banner"], parts["board"]
    assert board["top"] <= banner["top"] and banner["bottom"] <= board["bottom"], parts
    covered = view(page).evaluate(
        """(el) => {
          const b = el.querySelector(".cw-banner").getBoundingClientRect();
          return [...el.querySelectorAll(".cw-card")].filter((c) => {
            const r = c.getBoundingClientRect();
            return r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom;
          }).length;
        }"""
    )
    assert covered == 0


def test_focus_ring_for_keys_not_for_clicks(page: Any) -> None:
    reset(page)
    ring = "(el) => getComputedStyle(el).outlineStyle"
    slot(page, "13").click()  # selects (two destinations); focus follows the pointer
    expect(slot(page, "13")).to_be_focused()
    assert slot(page, "13").evaluate(ring) == "none"
    page.keyboard.press("ArrowDown")  # the keys bring the ring back
    expect(slot(page, "14")).to_be_focused()
    assert slot(page, "14").evaluate(ring) == "solid"
    page.keyboard.press("Escape")
    settle(page)


RESTORE_LIGHT_THEME = (
    "() => { document.body.dataset.jpThemeLight = 'true'; document.body.classList.remove('vscode-dark'); }"
)


def test_dark_themes_restyle_the_board(page: Any) -> None:
    reset(page)
    board = view(page).locator(".cw-board")
    felt = "(el) => getComputedStyle(el).backgroundColor"
    light = board.evaluate(felt)
    for attribute in ("document.body.dataset.jpThemeLight = 'false'", "document.body.classList.add('vscode-dark')"):
        page.evaluate(f"() => {{ {attribute}; }}")
        assert board.evaluate(felt) != light
        if "jpThemeLight" in attribute:
            ARTIFACTS.mkdir(exist_ok=True)
            slot(page, "13").click()  # show a selection with its targets
            view(page).screenshot(path=str(ARTIFACTS / "board-dark.png"))
            slot(page, "13").click()
        page.evaluate(RESTORE_LIGHT_THEME)
        assert board.evaluate(felt) == light


def test_screenshot_of_the_board(page: Any) -> None:
    reset(page)
    ARTIFACTS.mkdir(exist_ok=True)
    view(page).screenshot(path=str(ARTIFACTS / "board.png"))
    assert (ARTIFACTS / "board.png").stat().st_size > 10_000
