"""Lessons that teach, actions that ask first, and replays that hand over, in a real JupyterLab."""

from __future__ import annotations

import re
from typing import Any

import pytest
from lab import run_python
from playwright.sync_api import expect
from test_board import reset, settle, slot, top_card, view

from crescent_widget.lessons import LESSONS
from crescent_widget.words.i18n import label

pytestmark = pytest.mark.browser

# Words split across two lines of a text (each word's glyphs on more than one line).
BROKEN_WORDS_JS = """
(el) => {
  const broken = [];
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const match of node.data.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (lines.size > 1) broken.push(match[0]);
    }
  }
  return broken;
}
"""
VERDICT_MARK_JS = "(el) => [getComputedStyle(el, '::before').content, getComputedStyle(el).color]"


def wrong_single_source(index: int) -> str:
    """The source of a legal move of lesson ``index`` that is not its answer, and its only move."""
    lesson = LESSONS[index]
    game = lesson.fresh_position()
    moves = game.legal_moves()
    for move in moves:
        ends = [m for m in moves if m.src == move.src]
        if str(move) not in lesson.answers and len(ends) == 1:
            return move.src.name
    raise AssertionError("the lesson has no such move")


def test_a_lesson_takes_a_wrong_move_back_marks_verdicts_and_shows_only_its_buttons(page: Any) -> None:
    reset(page)
    run_python(page, "from crescent_widget.lessons import LESSONS\nw.start_lesson(LESSONS[1])")
    try:
        settle(page)
        board = view(page)
        # Lesson 2's position could be finished, but Finish is not its task.
        expect(board.locator('[data-action="finish"]')).to_be_hidden()
        for action in ("hint", "new-game", "reshuffle", "winnable", "restart", "settings"):
            expect(board.locator(f'[data-action="{action}"]')).to_be_hidden()
        expect(board.locator('[data-action="help"]')).to_be_enabled()
        src = wrong_single_source(1)
        before = top_card(page, src).get_attribute("data-card")
        slot(page, src).click()
        note = board.locator(".cw-note")
        expect(note).to_have_attribute("data-tone", "wrong")
        expect(note).to_contain_text(LESSONS[1].idea.text("pl"))
        expect(top_card(page, src)).to_have_attribute("data-card", before or "")  # taken back at once
        wrong_mark, wrong_colour = note.evaluate(VERDICT_MARK_JS)
        expect(board.locator("[data-live]")).to_contain_text("Ten ruch jest dozwolony")
        assert note.evaluate(BROKEN_WORDS_JS) == []
        rev = settle(page)["rev"]
        slot(page, "1").click()
        expect(view(page)).not_to_have_attribute("data-rev", str(rev))  # the tap has been answered
        if run_python(page, "print(w.selected)").strip() == "1":
            expect(note).to_be_hidden()  # a new attempt: the last verdict no longer stands
            slot(page, "4").click()
        expect(note).to_have_attribute("data-tone", "right")
        right_mark, right_colour = note.evaluate(VERDICT_MARK_JS)
        assert "✗" in wrong_mark and "✓" in right_mark and wrong_colour != right_colour
    finally:
        run_python(page, "w.end_lesson()")
    for action in ("new-game", "hint", "restart", "settings"):  # no lesson: every button again
        expect(view(page).locator(f'[data-action="{action}"]')).to_be_enabled()
    expect(view(page).locator(".cw-lesson")).to_be_hidden()


def board_offset(page: Any) -> float:
    """How far the board is below the top of its widget (the notebook may scroll meanwhile)."""
    offset: float = view(page).evaluate(
        "(el) => el.querySelector('.cw-board').getBoundingClientRect().top - el.getBoundingClientRect().top"
    )
    return offset


def test_a_lesson_and_its_task_fit_a_1280x900_window_and_the_board_holds_still(page: Any) -> None:
    """The panel, the toolbar and the task's pile fit in the notebook's height; the message
    line takes no room until the first verdict (the panel needs the height more), then keeps it,
    in whole lines, while the learner tries again."""
    page.set_viewport_size({"width": 1280, "height": 900})
    reset(page)
    run_python(page, "from crescent_widget.lessons import LESSONS\nw.start_lesson(LESSONS[1])")
    try:
        settle(page)
        board = view(page)
        pane = page.locator(".jp-WindowedPanel-outer").first.bounding_box()
        panel, pile = board.locator(".cw-lesson").bounding_box(), slot(page, "1").bounding_box()
        assert pane and panel and pile
        assert pile["y"] + pile["height"] - panel["y"] <= pane["height"], (panel, pile, pane)
        assert board.locator(".cw-messages").bounding_box()["height"] == 0  # nothing said yet
        slot(page, wrong_single_source(1)).click()
        expect(board.locator(".cw-note")).to_have_attribute("data-tone", "wrong")
        top = board_offset(page)
        slot(page, "1").click()  # selects: the verdict goes, its room stays
        expect(board.locator(".cw-note")).to_be_hidden()
        assert board_offset(page) == top
        slot(page, "4").click()
        expect(board.locator(".cw-note")).to_have_attribute("data-tone", "right")
        assert board_offset(page) == top
    finally:
        run_python(page, "w.end_lesson()")
        page.set_viewport_size({"width": 1280, "height": 1000})


STORAGE_KEY = "crescent-test-lessons"


def wait_for_python(page: Any, code: str, expected: str, tries: int = 20) -> bool:
    """Whether ``code`` prints ``expected`` on the kernel within a few seconds."""
    for _ in range(tries):
        if run_python(page, code).strip() == expected:
            return True
        page.wait_for_timeout(250)
    return False


def test_a_lesson_is_done_by_taps_and_a_wrong_answer_is_tried_again(page: Any) -> None:
    """Lesson 3 as a pupil meets it: the rule and task above the board, a wrong tap judged
    wrong and taken back, Try again, the right tap judged right and kept in the browser's
    storage, then Next lesson on the same board."""
    reset(page)
    page.evaluate("(key) => localStorage.setItem(key, JSON.stringify(['layout']))", STORAGE_KEY)
    run_python(page, f"w.lang = 'en'\nw.lessons_done = []\nw.lesson_storage = {STORAGE_KEY!r}\nw.start_lesson(3)")
    lesson = LESSONS[2]
    try:
        settle(page)
        board = view(page)
        panel = board.locator(".cw-lesson")
        expect(panel.locator(".cw-lesson-title")).to_have_text(lesson.title.text("en"))
        expect(panel.locator(".cw-lesson-rule")).to_have_text(lesson.rule.text("en"))
        expect(panel.locator(".cw-lesson-task")).to_have_text(lesson.task.text("en"))
        assert panel.evaluate(BROKEN_WORDS_JS) == []
        panel_box, board_box = panel.bounding_box(), board.locator(".cw-board").bounding_box()
        assert panel_box and board_box and panel_box["y"] + panel_box["height"] <= board_box["y"]
        for action in ("new-game", "finish", "hint", "restart"):
            expect(board.locator(f'[data-action="{action}"]')).to_be_hidden()
        expect(board.locator(".cw-clock")).to_be_hidden()  # a lesson is not timed
        # The browser's storage had lesson 1 done: Python hears of it.
        assert wait_for_python(page, "print(w.lessons_done)", "['layout']")

        src = wrong_single_source(2)
        slot(page, src).click()
        note = board.locator(".cw-note")
        expect(note).to_have_attribute("data-tone", "wrong")
        expect(note).to_contain_text(lesson.idea.text("en"))
        panel.locator('[data-lesson-action="retry"]').click()
        expect(note).to_have_text("")  # the panel says the task: the note line does not repeat it
        expect(note).to_have_attribute("data-tone", "")

        slot(page, "10").click()  # A♠ has one place to go: the tap plays it
        expect(top_card(page, "14")).to_have_attribute("data-card", "AS")
        expect(note).to_have_attribute("data-tone", "right")
        expect(panel).to_have_attribute("data-done", "true")
        expect(panel.locator(".cw-lesson-progress")).to_contain_text("done")
        page.wait_for_function(
            "(key) => localStorage.getItem(key) === JSON.stringify(['layout', 'wrap'])", arg=STORAGE_KEY
        )
        slot(page, "3").click()  # the task is done: K♥ plays, free play, nothing taken back
        expect(top_card(page, "F2")).to_have_attribute("data-card", "KH")
        expect(note).to_have_attribute("data-tone", "")
        expect(note).to_have_text(label("lesson_free_play", "en"))
        expect(panel.locator(".cw-lesson-progress")).to_contain_text("done ✓")

        panel.locator('[data-lesson-action="next"]').click()
        expect(panel.locator(".cw-lesson-title")).to_have_text(LESSONS[3].title.text("en"))
        expect(panel.locator(".cw-lesson-task")).to_have_text(LESSONS[3].task.text("en"))
        expect(note).to_have_text("")
    finally:
        run_python(page, "w.end_lesson()\nw.lesson_storage = ''\nw.lang = 'pl'")
        page.evaluate("(key) => localStorage.removeItem(key)", STORAGE_KEY)


def test_reshuffle_asks_first_and_the_board_says_why_undo_is_greyed(page: Any) -> None:
    reset(page)
    board = view(page)
    slot(page, "5").click()  # 2♥ home
    expect(top_card(page, "F2")).to_have_attribute("data-card", "2H")
    board.locator('[data-action="reshuffle"]').click()
    expect(board.locator(".cw-note")).to_contain_text("Po przetasowaniu nie da się cofnąć")
    assert settle(page)["reshuffles_left"] == 3
    board.locator('[data-action="reshuffle"]').click()
    expect(board.locator('[data-action="reshuffle"]')).to_have_text("Przetasuj (2)")
    expect(board.locator('[data-action="undo"]')).to_be_disabled()
    expect(board.locator(".cw-undo-why")).to_be_visible()
    expect(board.locator(".cw-undo-why")).to_have_text("Ruchów sprzed przetasowania nie można cofnąć")


def test_a_tap_after_one_reshuffle_press_shows_the_reshuffle_was_not_done(page: Any) -> None:
    reset(page)
    board = view(page)
    slot(page, "5").click()  # 2♥ home: Reshuffle now asks first
    expect(top_card(page, "F2")).to_have_attribute("data-card", "2H")
    board.locator('[data-action="reshuffle"]').click()
    expect(board.locator(".cw-note")).to_contain_text("Po przetasowaniu nie da się cofnąć")
    slot(page, "3").click()  # Q♣ has several places to go: selected, as a tap does
    expect(slot(page, "3")).to_have_class(re.compile(r"\bcw-selected\b"))
    expect(board.locator(".cw-note")).to_have_text(label("cancelled_reshuffle", "pl"))
    expect(board.locator('[data-action="reshuffle"]')).to_have_text("Przetasuj (3)")


def test_restart_and_play_from_here(page: Any) -> None:
    reset(page)
    board = view(page)
    slot(page, "5").click()
    expect(top_card(page, "F2")).to_have_attribute("data-card", "2H")  # played: Restart now asks first
    board.locator('[data-action="restart"]').click()
    expect(board.locator(".cw-note")).to_contain_text("Od nowa")
    board.locator('[data-action="restart"]').click()
    expect(top_card(page, "5")).to_have_attribute("data-card", "2H")
    assert settle(page)["move_count"] == 0
    run_python(page, "w.replay('CR1-N-AAAAAAB 13-14 5-F2')\nw.replay_step(1)")
    board.locator('[data-action="replay-keep"]').click()
    expect(board.locator(".cw-replay")).to_be_hidden()
    expect(board.locator(".cw-note")).to_have_text(re.compile(r"^Grasz dalej od kroku 1 odtwarzania"))
    expect(top_card(page, "14")).to_have_attribute("data-card", "AS")
    assert settle(page)["move_count"] == 1
