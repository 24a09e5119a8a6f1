"""Lessons that teach, actions that ask first, and replays that hand over, in a real JupyterLab."""

from __future__ import annotations

import re
from typing import Any

import pytest
from lab import run_python
from playwright.sync_api import expect
from test_board import reset, settle, slot, top_card, view

from crescent_widget.lessons import LESSONS

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
    game = lesson.new_game()
    moves = game.legal_moves()
    for move in moves:
        ends = [m for m in moves if m.src == move.src]
        if str(move) not in lesson.answers and len(ends) == 1:
            return move.src.name
    raise AssertionError("the lesson has no such move")


def test_a_lesson_takes_a_wrong_move_back_marks_verdicts_and_lights_only_its_buttons(page: Any) -> None:
    reset(page)
    run_python(page, "from crescent_widget.lessons import LESSONS\n_detach = LESSONS[1].attach(w)")
    try:
        settle(page)
        board = view(page)
        # Lesson 2's position could be finished, but Finish is not its task.
        expect(board.locator('[data-action="finish"]')).to_be_hidden()
        for action in ("hint", "new-game", "reshuffle", "winnable", "restart"):
            expect(board.locator(f'[data-action="{action}"]')).to_be_disabled()
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
            slot(page, "4").click()
        expect(note).to_have_attribute("data-tone", "right")
        right_mark, right_colour = note.evaluate(VERDICT_MARK_JS)
        assert "✗" in wrong_mark and "✓" in right_mark and wrong_colour != right_colour
    finally:
        run_python(page, "_detach()")
    expect(view(page).locator('[data-action="new-game"]')).to_be_enabled()  # no lesson: every button again


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
