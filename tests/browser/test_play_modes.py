"""Hints, teaching mode, narrated replay, keyboard play and sight options in a real JupyterLab.

Runs after test_board.py and before test_views.py (file order), on the same page.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from lab import python_state, run_python
from playwright.sync_api import expect
from test_board import ARTIFACTS, DEAL, reset, settle, slot, top_card, view

from crescent_widget.words.i18n import LABELS, message

pytestmark = pytest.mark.browser

# Kernel code: every card home but 2♠ (pile 1) and A♠ (pile 2), no reshuffle left.
# 1-F then 2-F wins; 2-1 (A♠ onto 2♠) loses a winnable game.
ONE_WRONG_MOVE = """
_ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
_f = [[r + s for r in _ranks] for s in "SHCD"] + [[r + s for r in reversed(_ranks)] for s in "SHCD"]
_f[4] = _f[4][:-2]
w.load(Game.from_layout([["2S"], ["AS"]] + [[] for _ in range(14)], _f, reshuffles_left=0))
w.teach = True
"""
PLACES = [str(n) for n in range(1, 17)] + [f"F{n}" for n in range(1, 9)]
DOM_TOPS_JS = """
(root) => [...root.querySelectorAll("[data-pile], [data-foundation]")].map((el) => {
  const cards = el.querySelectorAll("[data-card]");
  return [el.dataset.pile ?? el.dataset.foundation, cards.length ? cards[cards.length - 1].dataset.card : ""];
})
"""
ENGINE_TOPS = (
    "import json as _j\n"
    "print(_j.dumps({p: (w.game.top(p).ascii if w.game.top(p) else '') for p in " + repr(PLACES) + "}))"
)


def live(page: Any) -> Any:
    return view(page).locator("[data-live]")


def lit(place: str, css_class: str) -> re.Pattern[str]:
    return re.compile(rf"\b{css_class}\b")


def assert_board_is_the_engine(page: Any) -> None:
    """Every top card on screen equals the engine's (the kernel's ``w.game``), once in sync."""
    settle(page)
    engine = json.loads(run_python(page, ENGINE_TOPS).strip().splitlines()[-1])
    shown = dict(view(page).evaluate(DOM_TOPS_JS))
    assert shown == engine


def cleanup(page: Any) -> None:
    run_python(page, "w.teach = False\nw.large = False\nw.four_colour = False\nif w.replay_state: w.replay_stop()")


# --------------------------------------------------------------------------- hints


def test_hint_button_lights_the_move_and_explains_it(page: Any) -> None:
    reset(page)
    view(page).locator('[data-action="hint"]').click()
    note = view(page).locator(".cw-note")
    expect(note).to_have_text(re.compile(r"^(Ten ruch należy do wygrywającej linii|Nie znaleziono)"))
    state = python_state(page)
    hint = json.loads(run_python(page, "import json as _j; print(_j.dumps(w.hint_move))").strip())
    src, dst = hint.split("-")
    expect(slot(page, src)).to_have_class(lit(src, "cw-hint"))
    expect(slot(page, dst)).to_have_class(lit(dst, "cw-hint"))
    expect(view(page).locator(".cw-slot.cw-hint")).to_have_count(2)
    expect(slot(page, src)).to_have_attribute("aria-label", re.compile(r", podpowiedź$"))
    assert dst in state["targets"][src]
    view(page).locator('[data-action="winnable"]').click()
    expect(view(page).locator(".cw-winnability")).to_have_text("Tę grę nadal można wygrać (udowodnione).")
    # Playing the hinted move clears the hint and the answer.
    run_python(page, f"w.move({src!r}, {dst!r})")
    expect(view(page).locator(".cw-slot.cw-hint")).to_have_count(0)
    expect(view(page).locator(".cw-winnability")).to_have_text("")
    expect(note).to_be_hidden()


# ---------------------------------------------------------------- teaching mode


def test_teach_mode_warns_before_a_losing_move(page: Any) -> None:
    reset(page, ONE_WRONG_MOVE)
    warning = view(page).locator(".cw-warning")
    expect(warning).to_be_hidden()
    slot(page, "2").click()  # A♠ has one destination: onto 2♠, which loses the game
    expect(warning).to_be_visible()
    said = "Uwaga: po tym ruchu gry nie da się już wygrać. A♠ leży na 2♠, która musi trafić na fundament przed nią, "
    said += "a A♠ nie ma dokąd zejść."  # and why: the dead end the move makes
    expect(warning).to_contain_text(said)
    expect(slot(page, "2")).to_have_class(lit("2", "cw-pending"))
    expect(top_card(page, "2")).to_have_attribute("data-card", "AS")
    expect(live(page)).to_have_text(said)
    warning.locator('[data-action="cancel"]').click()  # take it back
    expect(warning).to_be_hidden()
    state = settle(page)
    assert state["move_count"] == 0 and state["piles"][1] == ["AS", 1]

    slot(page, "2").click()
    expect(warning).to_be_visible()
    warning.locator('[data-action="confirm"]').click()  # go ahead
    expect(warning).to_be_hidden()
    expect(top_card(page, "1")).to_have_attribute("data-card", "AS")
    expect(view(page).locator(".cw-banner")).to_contain_text("Partia zablokowana")
    expect(view(page).locator(".cw-note")).to_contain_text("A♠ na 2♠")  # the rule the move used
    state = settle(page)
    assert state["move_count"] == 1 and state["status"] == "blocked"
    cleanup(page)


def test_teach_mode_lights_destinations_while_dragging(page: Any) -> None:
    reset(page, "w.new_game('CR1-N-AAAAAAB'); w.teach = True")
    source = top_card(page, "13")
    box = source.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + 40, box["y"] + 40, steps=4)
    for place in ("14", "15"):
        expect(slot(page, place)).to_have_class(lit(place, "cw-drop-target"))
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, steps=4)
    page.mouse.up()  # dropped where it started: nothing happens
    expect(view(page).locator(".cw-drop-target")).to_have_count(0)
    cleanup(page)


# ------------------------------------------------------------------------ replay

REPLAY_LINE = ["13-14", "5-F2", "R", "15-F1", "R"]


def test_replay_steps_forward_and_back_across_reshuffles(page: Any) -> None:
    reset(page)
    line = json.loads(
        run_python(
            page,
            "import json as _j\n_g = Game('CR1-N-AAAAAAB')\n_line = [str(_g.move(m)) for m in ['13-14', '5-F', 'R']]\n"
            "_line.append(str(_g.legal_moves()[0])); _line.append(str(_g.move('R')))\n"
            "w.replay(_line, delay=0.2)\nprint(_j.dumps(_line))",
        )
        .strip()
        .splitlines()[-1]
    )
    bar = view(page).locator(".cw-replay")
    expect(bar).to_be_visible()
    step = bar.locator(".cw-replay-step")
    # The Moves counter's numbering: a reshuffle is a step of the replay, but no move.
    moves = [sum(action != "R" for action in line[:n]) for n in range(len(line) + 1)]
    expect(step).to_have_text(f"Ruchy: 0 z {moves[-1]}")
    expect(view(page).locator('[data-action="replay-prev"]')).to_be_disabled()
    expect(view(page).locator('[data-action="reshuffle"]')).to_be_disabled()
    note = bar.locator(".cw-replay-note")  # the narration, with the controls
    for n in range(1, len(line) + 1):
        view(page).locator('[data-action="replay-next"]').click()
        expect(step).to_have_text(f"Ruchy: {moves[n]} z {moves[-1]}")
        expect(view(page).locator(".cw-moves")).to_have_text(f"Ruchy: {moves[n]}")  # the toolbar's, the same
        assert_board_is_the_engine(page)
    expect(note).to_have_text(re.compile(r"^Przetasowanie 2: "))
    expect(view(page).locator('[data-action="replay-next"]')).to_be_disabled()
    for n in range(len(line) - 1, -1, -1):
        view(page).locator('[data-action="replay-prev"]').click()
        expect(step).to_have_text(f"Ruchy: {moves[n]} z {moves[-1]}")
        assert_board_is_the_engine(page)
    expect(note).to_have_text(f"Początek odtwarzania (do ruchu {moves[-1]})")
    # Tapping the board during a replay does nothing.
    slot(page, "5").click()
    assert settle(page)["move_count"] == 0

    # Play to the end: the front end's timer steps every 0.2 s; Python stops at the end.
    play = view(page).locator('[data-action="replay-play"]')
    play.click()
    expect(play).to_have_text("Pauza")
    expect(step).to_have_text(f"Ruchy: {moves[-1]} z {moves[-1]}", timeout=10_000)
    expect(play).to_have_text("Odtwarzaj")
    assert_board_is_the_engine(page)
    state = json.loads(run_python(page, "import json as _j; print(_j.dumps(w.replay_state))").strip())
    assert state == {
        "step": len(line), "total": len(line), "playing": False, "delay": 0.2, "moves": moves[-1],
        "total_moves": moves[-1], "better": "", "practice": False,
    }  # fmt: skip

    view(page).locator('[data-action="replay-stop"]').click()
    expect(bar).to_be_hidden()
    state = settle(page)
    assert state["code"] == DEAL and state["move_count"] == 0 and state["reshuffles_left"] == 3
    assert_board_is_the_engine(page)


def test_review_button_opens_the_turning_point_and_try_it_plays_the_better_move(page: Any) -> None:
    reset(page)
    run_python(page, ONE_WRONG_MOVE + "w.teach = False\nw.move('2-1')")
    banner_review = view(page).locator('[data-banner-action="review"]')
    expect(banner_review).to_have_text("Analiza")  # offered when the game ends
    banner_review.click()
    bar = view(page).locator(".cw-replay")
    expect(bar).to_be_visible()
    expect(view(page).locator(".cw-replay-step")).to_have_text("Ruchy: 0 z 1")
    note = bar.locator(".cw-replay-note")
    expect(note).to_contain_text("A♠ leży na 2♠")
    try_it = view(page).locator('[data-action="review-try"]')
    expect(try_it).to_have_text("Wypróbuj")
    try_it.click()
    expect(bar).to_be_hidden()
    state = settle(page)
    assert state["move_count"] == 1 and state["status"] == "playing"
    assert_board_is_the_engine(page)
    cleanup(page)


def test_practice_by_taps_three_wrong_tries_then_the_lit_better_move_wins(page: Any) -> None:
    reset(page)
    run_python(page, ONE_WRONG_MOVE + "w.teach = False\nw.move('2-1')")  # A♠ onto 2♠: the win is gone
    view(page).locator('[data-banner-action="review"]').click()
    practise = view(page).locator('[data-action="practice"]')
    expect(practise).to_have_text(LABELS["practice"]["pl"])  # offered in the review's bar
    ARTIFACTS.mkdir(exist_ok=True)
    view(page).screenshot(path=str(ARTIFACTS / "review.png"))
    practise.click()
    expect(view(page).locator(".cw-replay")).to_be_hidden()
    bar = view(page).locator(".cw-practice")
    tries = bar.locator(".cw-practice-tries")
    expect(tries).to_have_text("Próba 1 z 3")
    note = view(page).locator(".cw-note")
    expect(note).to_contain_text("Ćwiczenie: znajdź ruch, który zachowuje wygraną")
    expect(top_card(page, "2")).to_have_attribute("data-card", "AS")
    for number in (1, 2, 3):
        page.wait_for_timeout(400)  # a tap of its own (two on one pile within 350 ms are one double tap)
        slot(page, "2").click()  # A♠ has one place: onto 2♠, the mistake again
        expect(note).to_contain_text("zaprzepaszcza wygraną: to ruch, który analiza wskazała jako błąd")
        if number < 3:
            expect(tries).to_have_text(f"Próba {number + 1} z 3")
        expect(top_card(page, "2")).to_have_attribute("data-card", "AS")  # taken back: never played
    expect(note).to_contain_text("Lepszy ruch: ")
    ARTIFACTS.mkdir(exist_ok=True)
    view(page).screenshot(path=str(ARTIFACTS / "practice.png"))  # the lit better move, the bar under the board
    state = settle(page)
    assert state["move_count"] == 0 and state["practice_state"]["tries"] == 3
    better = state["hint_move"]
    assert better and better == state["practice_state"]["better"]
    while state["status"] == "playing":  # the lit move, then Hint's line: tap by tap to the win
        src, dst = state["hint_move"].split("-")
        expect(slot(page, src)).to_have_class(lit(src, "cw-hint-src"))
        page.wait_for_timeout(400)  # a tap of its own, not the second half of the last one's double tap
        slot(page, src).click()
        if python_state(page)["selected"] == src:  # two places take it: tap where the hint goes
            slot(page, dst).click()
        expect(view(page).locator(".cw-moves")).to_have_text(f"Ruchy: {state['move_count'] + 1}")
        if state["move_count"] == 0:  # the practice's answer: it keeps the win
            expect(note).to_contain_text("Dobrze: ")
            expect(tries).to_have_text("")
        state = settle(page)
    assert state["status"] == "won"
    expect(view(page).locator(".cw-banner")).to_be_visible()
    cleanup(page)


# Whether the narration (the review's explanation) and the whole replay bar are both inside the
# part of the window the notebook shows (JupyterLab's own bars cover the window's top).
BOTH_IN_SIGHT_JS = """
(root) => {
  const scroller = root.closest(".jp-WindowedPanel-outer") ?? document.documentElement;
  const area = scroller.getBoundingClientRect();
  const top = Math.max(0, area.top), bottom = Math.min(window.innerHeight, area.bottom);
  const inside = (el) => {
    const box = el.getBoundingClientRect();
    return box.height > 0 && box.top >= top - 1 && box.bottom <= bottom + 1;
  };
  return inside(root.querySelector(".cw-replay-note")) && inside(root.querySelector(".cw-replay"));
}
"""


@contextmanager
def laptop_window(page: Any) -> Iterator[None]:
    """The window at 1280x900, a laptop's; afterwards the notebook cleaned and the window as it was."""
    window = page.viewport_size
    assert window is not None
    page.set_viewport_size({"width": 1280, "height": 900})
    try:
        yield
    finally:
        cleanup(page)
        page.set_viewport_size(window)


def open_review_of_one_wrong_move(page: Any, scrolled: str) -> None:
    """A fresh board lost by one wrong move, the page scrolled to the board's ``scrolled`` end, and Review pressed."""
    reset(page)
    run_python(page, ONE_WRONG_MOVE + "w.teach = False\nw.move('2-1')")
    view(page).evaluate("(el, block) => el.scrollIntoView({block})", scrolled)
    view(page).locator('[data-banner-action="review"]').click()


@pytest.mark.parametrize("scrolled", ["start", "end"])
def test_a_review_shows_its_explanation_and_its_controls_together_at_1280x900(page: Any, scrolled: str) -> None:
    with laptop_window(page):
        open_review_of_one_wrong_move(page, scrolled)
        expect(view(page).locator(".cw-replay-note")).to_contain_text("A♠ leży na 2♠")
        expect(view(page).locator('[data-action="review-try"]')).to_be_visible()
        expect(view(page).locator(".cw-note")).to_be_hidden()  # said once, beside the controls
        try:
            page.wait_for_function(BOTH_IN_SIGHT_JS, arg=view(page).element_handle(), timeout=3_000)
        except Exception:
            boxes = [view(page).locator(sel).bounding_box() for sel in (".cw-replay-note", ".cw-replay")]
            raise AssertionError(f"the explanation and the replay's controls are not both in sight: {boxes}") from None


# Which of the given parts of the board are not wholly inside the part of the window the
# notebook shows (JupyterLab's own bars cover the window's top and bottom).
OUT_OF_SIGHT_JS = """
([root, selectors]) => {
  const scroller = root.closest(".jp-WindowedPanel-outer") ?? document.documentElement;
  const area = scroller.getBoundingClientRect();
  const top = Math.max(0, area.top), bottom = Math.min(window.innerHeight, area.bottom);
  return selectors.filter((selector) => {
    const box = root.querySelector(selector).getBoundingClientRect();
    return !(box.height > 0 && box.top >= top - 1 && box.bottom <= bottom + 1);
  });
}
"""


def wait_in_sight(page: Any, selectors: list[str], when: str) -> None:
    """Wait until every part named is in sight (a replay scrolls at the next frame); say which is not."""
    handle = view(page).element_handle()
    try:
        all_in_sight = f"(args) => ({OUT_OF_SIGHT_JS})(args).length === 0"
        page.wait_for_function(all_in_sight, arg=[handle, selectors], timeout=3_000)
    except Exception:
        missing = page.evaluate(OUT_OF_SIGHT_JS, [handle, selectors])
        boxes = {selector: view(page).locator(selector).bounding_box() for selector in missing}
        raise AssertionError(f"{when}: out of sight: {boxes}") from None


@pytest.mark.parametrize("scrolled", ["start", "end"])
def test_a_review_keeps_the_boards_size_and_try_it_brings_the_toolbar_and_the_note_back_at_1280x900(
    page: Any, scrolled: str
) -> None:
    with laptop_window(page):
        width = view(page).locator(".cw-board").bounding_box()["width"]
        open_review_of_one_wrong_move(page, scrolled)
        expect(view(page).locator('[data-action="review-try"]')).to_be_visible()
        # The board keeps its size (the review is read beside the board just played on); the
        # narration and the controls come into sight.
        assert view(page).locator(".cw-board").bounding_box()["width"] == width
        wait_in_sight(page, [".cw-replay-note", ".cw-replay"], "in the review")
        top = ['[data-action="hint"]', ".cw-toolbar"]
        view(page).locator('[data-action="review-try"]').click()
        expect(view(page).locator(".cw-replay")).to_be_hidden()
        expect(view(page).locator(".cw-note")).to_contain_text("2♠")  # what the better move did
        wait_in_sight(page, [*top, ".cw-note"], "after Try it")


def test_a_fresh_deal_has_one_lines_room_over_the_board_and_a_message_moves_nothing(page: Any) -> None:
    with laptop_window(page):
        reset(page, "w.new_game()")  # a deal of its own: the line's room is kept per deal
        line, board, toolbar = (view(page).locator(sel) for sel in (".cw-messages", ".cw-board", ".cw-toolbar"))
        per_line = line.evaluate("(el) => parseFloat(getComputedStyle(el).lineHeight)")
        room = line.bounding_box()["height"]
        assert per_line <= room < 1.5 * per_line + 6, "nothing said yet: one line's room, no wider band"
        gap = board.bounding_box()["y"] - (toolbar.bounding_box()["y"] + toolbar.bounding_box()["height"])
        assert gap <= 15 + room, f"{gap} px between the toolbar and the board: no band but the line"
        board_top = board.bounding_box()["y"]
        run_python(page, "try:\n    w.move('F1-1')\nexcept Exception:\n    pass")  # a base card never moves
        expect(view(page).locator(".cw-status")).to_have_text(message("base_locked", "pl"))
        assert line.bounding_box()["height"] == room and board.bounding_box()["y"] == board_top, "no jump"
        run_python(page, "w.deselect()")  # the refusal goes
        expect(view(page).locator(".cw-status")).to_have_text("")
        assert line.bounding_box()["height"] == room and board.bounding_box()["y"] == board_top, "the cards stay put"


# ---------------------------------------------------------------------- keyboard


def focused_place(page: Any) -> str | None:
    result: str | None = page.evaluate(
        "() => { const el = document.activeElement; return el?.dataset?.pile ?? el?.dataset?.foundation ?? null; }"
    )
    return result


def test_a_short_game_with_the_keyboard_alone(page: Any) -> None:
    reset(page)
    keyboard = page.keyboard
    slot(page, "1").focus()
    assert focused_place(page) == "1"
    for _ in range(4):
        keyboard.press("ArrowUp")  # up the left side, then onto the top row
    assert focused_place(page) == "5"
    ring = slot(page, "5").evaluate("(el) => getComputedStyle(el).outlineStyle")
    assert ring == "solid", "the focus ring shows"
    keyboard.press("Enter")  # 2♥ has one destination: F2
    expect(top_card(page, "F2")).to_have_attribute("data-card", "2H")
    expect(live(page)).to_have_text("Ruch 1: 2♥ ze stosu 5 na A♥ na fundamencie F2")
    keyboard.press("u")
    expect(top_card(page, "5")).to_have_attribute("data-card", "2H")
    expect(live(page)).to_have_text("Cofnięto ruch 1: 2♥ wraca na stos 5.")

    for _ in range(8):
        keyboard.press("ArrowRight")  # along the top row, then down the right side
    assert focused_place(page) == "13"
    keyboard.press(" ")  # A♠ fits on piles 14 and 15: selected
    expect(slot(page, "13")).to_have_class(lit("13", "cw-selected"))
    expect(live(page)).to_have_text("Wybrano A♠ (stos 13). Można położyć na: stos 15, stos 14.")
    keyboard.press("Escape")
    expect(slot(page, "13")).not_to_have_class(lit("13", "cw-selected"))
    expect(live(page)).to_have_text("Anulowano wybór.")

    keyboard.press("ArrowDown")
    keyboard.press("ArrowLeft")  # into the middle: the foundations
    assert focused_place(page) == "F4"
    keyboard.press("ArrowRight")
    keyboard.press("ArrowDown")
    assert focused_place(page) == "15"
    keyboard.press("f")  # 2♠ to its foundation
    expect(top_card(page, "F1")).to_have_attribute("data-card", "2S")
    expect(live(page)).to_have_text("Ruch 1: 2♠ ze stosu 15 na A♠ na fundamencie F1")
    keyboard.press("ArrowUp")
    keyboard.press("ArrowUp")
    keyboard.press("ArrowUp")
    assert focused_place(page) == "12"
    keyboard.press("Enter")  # 7♥ has no legal move: refused aloud
    expect(live(page)).to_have_text("Ta karta nie ma teraz dozwolonego ruchu")
    expect(view(page).locator('[role="status"]')).to_have_text("Ta karta nie ma teraz dozwolonego ruchu")
    keyboard.press("r")  # a move could still be undone: the first press says what a reshuffle costs
    expect(live(page)).to_have_text(re.compile(r"^Po przetasowaniu nie da się cofnąć"))
    settle(page)
    keyboard.press("r")
    expect(live(page)).to_have_text(re.compile(r"^Przetasowanie 1: spodnia karta"))
    expect(view(page).locator('[data-action="reshuffle"]')).to_have_text("Przetasuj (2)")
    keyboard.press("?")
    help_panel = view(page).locator(".cw-help")
    expect(help_panel).to_be_visible()
    lines = LABELS["help_keys"]["pl"].splitlines()
    expect(help_panel.locator("li")).to_have_count(len(lines) - 1)  # rules, then keys under their heading
    expect(help_panel.locator(".cw-help-title").nth(1)).to_have_text("Klawisze")
    expect(view(page).locator('[data-action="help"]')).to_have_attribute("aria-expanded", "true")
    keyboard.press("Escape")
    expect(help_panel).to_be_hidden()
    state = settle(page)
    assert state["reshuffles_left"] == 2 and state["foundations"][0] == ["2S", 2]
    assert focused_place(page) is not None, "focus stayed on the board"


# ------------------------------------------------------------------ sight options


def test_large_four_colour_cards_fit_600_px(page: Any) -> None:
    reset(page, "w.new_game('CR1-N-AAAAAAB'); w.large = True; w.four_colour = True")
    root = view(page)
    expect(root).to_have_class(re.compile(r"\bcw-large\b"))
    colours = top_card(page, "1").evaluate("(el) => getComputedStyle(el).color")  # J♣: green
    diamonds = top_card(page, "F4").evaluate("(el) => getComputedStyle(el).color")  # A♦: blue
    spades = top_card(page, "F1").evaluate("(el) => getComputedStyle(el).color")
    assert len({colours, diamonds, spades}) == 3, (colours, diamonds, spades)
    fits = root.evaluate(
        """(el) => {
          const host = el.parentElement;
          const old = host.style.width;
          host.style.width = "600px";
          const box = el.getBoundingClientRect();
          const card = el.querySelector(".cw-card").getBoundingClientRect();
          const result = { width: box.width, scroll: el.scrollWidth, client: el.clientWidth, card: card.width };
          host.style.width = old;
          return result;
        }"""
    )
    assert fits["width"] <= 600 and fits["scroll"] <= fits["client"] + 1, fits
    cleanup(page)


def test_a_replay_opens_with_its_controls_in_sight(page: Any) -> None:
    """In a window shorter than the board, the replay's controls scroll into sight when it opens."""
    reset(page)
    window = page.viewport_size
    assert window is not None
    page.set_viewport_size({"width": window["width"], "height": 600})
    try:
        view(page).evaluate("el => el.scrollIntoView({block: 'start'})")
        assert view(page).evaluate("el => el.getBoundingClientRect().height") > 600
        run_python(page, "w.replay(['13-14'])")
        bar = view(page).locator(".cw-replay")
        expect(bar).to_be_visible()
        page.wait_for_function(
            "() => document.querySelector('.crescent-widget .cw-replay').getBoundingClientRect().bottom <= 601"
        )
    finally:
        run_python(page, "w.replay_stop()")
        page.set_viewport_size(window)
