"""Motion: a moved card slides from its source to its destination, a reshuffle
raises each pile's bottom card, nothing moves under prefers-reduced-motion, and the DOM
takes the new state at once whatever moves.

motion.js writes the motion it plays on the root (``data-motion="5-F2"``, ``"reshuffle"``)
and clears it when it ends; a MutationObserver records every value it takes, and the
moving card's Web Animations are read while they run.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterator
from typing import Any

import pytest
from lab import run_python
from playwright.sync_api import expect
from test_board import DEAL, center, drag, settle, slot, top_card, view
from test_board import reset as reset_board

pytestmark = pytest.mark.browser

# Record every data-motion value of the first view, and what the moving card does when
# the state arrives (its running animations and their length).
RECORD_JS = """
(el) => {
  window.__motions = [];
  window.__flights = [];
  window.__rising = [];
  const observer = new MutationObserver(() => {
    const value = el.dataset.motion || "";
    window.__motions.push(value);
    if (value === "reshuffle") {
      window.__rising = [...el.querySelectorAll(".cw-slot.cw-flying")].map((s) => s.dataset.pile);
    } else if (value) {
      for (const card of el.querySelectorAll(".cw-slot.cw-flying .cw-card:not(.cw-stand-in)")) {
        for (const a of card.getAnimations()) {
          window.__flights.push({ card: card.dataset.card, state: a.playState, ms: a.effect.getTiming().duration });
        }
      }
    }
  });
  observer.observe(el, { attributes: true, attributeFilter: ["data-motion"] });
  window.__stopRecording = () => observer.disconnect();
}
"""
# Time from pointer-up to the destination showing the card (the final DOM), once.
LATENCY_JS = """
(el, [place, card]) => {
  window.__latency = null;
  const target = el.querySelector(`[data-foundation="${place}"], [data-pile="${place}"]`);
  let up = 0;
  window.addEventListener("pointerup", () => { up = performance.now(); }, { capture: true, once: true });
  const observer = new MutationObserver(() => {
    if (up && target.querySelector(".cw-card:not(.cw-stand-in)")?.dataset.card === card) {
      window.__latency = performance.now() - up;
      observer.disconnect();
    }
  });
  observer.observe(target, { subtree: true, childList: true, attributes: true, characterData: true });
}
"""

# Which animations still run in the widget, named with their element (the empty list when done).
RUNNING_ANIMATIONS = (
    "(el) => el.getAnimations({ subtree: true })"
    ".map((a) => `${a.animationName ?? a.id} on ${a.effect?.target?.className}`)"
)


@pytest.fixture
def recorded(page: Any) -> Iterator[Any]:
    """A function returning (motions, flights) recorded on the first view since the last reset().

    A new game of the same deal one move away from the last test's position animates like
    an undo; so the record starts over whenever the test resets the board.
    """
    view(page).evaluate(RECORD_JS)

    def read() -> tuple[list[str], list[dict[str, Any]]]:
        return page.evaluate("() => [window.__motions, window.__flights]")

    yield read
    page.evaluate("() => window.__stopRecording()")


def reset(page: Any, setup: str = f"w.new_game({DEAL!r})") -> dict[str, Any]:
    """test_board's reset, then the motion it caused is over and forgotten."""
    state = reset_board(page, setup)
    wait_still(page)
    page.evaluate("() => { window.__motions = []; window.__flights = []; window.__rising = []; }")
    return state


@pytest.fixture
def reduced_motion(page: Any) -> Iterator[None]:
    page.emulate_media(reduced_motion="reduce")
    yield
    page.emulate_media(reduced_motion="no-preference")


def wait_still(page: Any) -> None:
    expect(view(page)).to_have_attribute("data-motion", "")


def test_a_tapped_card_slides_to_its_foundation_and_back_on_undo(page: Any, recorded: Any) -> None:
    reset(page)
    slot(page, "5").click()
    expect(top_card(page, "F2")).to_have_attribute("data-card", "2H")
    wait_still(page)
    view(page).locator('[data-action="undo"]').click()
    expect(top_card(page, "5")).to_have_attribute("data-card", "2H")
    wait_still(page)
    motions, flights = recorded()
    assert [m for m in motions if m] == ["5-F2", "F2-5"]
    assert [f["card"] for f in flights] == ["2H", "2H"]
    assert all(f["state"] == "running" and 150 <= f["ms"] <= 200 for f in flights), flights
    # Over: no animation, no stand-in left behind.
    running = view(page).evaluate(RUNNING_ANIMATIONS)
    assert running == [], running
    assert view(page).locator(".cw-stand-in").count() == 0


def test_drag_double_tap_and_code_moves_all_slide(page: Any, recorded: Any) -> None:
    reset(page)
    drag(page, top_card(page, "13"), *center(slot(page, "14")))
    expect(top_card(page, "14")).to_have_attribute("data-card", "AS")
    wait_still(page)
    slot(page, "3").dblclick()
    expect(top_card(page, "F7")).to_have_attribute("data-card", "QC")
    wait_still(page)
    run_python(page, "w.move('15-F1')")
    expect(top_card(page, "F1")).to_have_attribute("data-card", "2S")
    wait_still(page)
    motions, flights = recorded()
    assert [m for m in motions if m] == ["13-14", "3-F7", "15-F1"]
    assert [f["card"] for f in flights] == ["AS", "QC", "2S"]


def test_reshuffle_raises_bottom_cards_and_replay_steps_slide(page: Any, recorded: Any) -> None:
    reset(page)
    before = settle(page)["piles"]
    view(page).locator('[data-action="reshuffle"]').click()
    after = settle(page)["piles"]
    changed = [str(i + 1) for i in range(16) if before[i][0] != after[i][0]]
    assert changed, "a reshuffle of this deal changes tops"
    wait_still(page)
    # Each pile whose top changed had its new top card rise, once the state was final.
    assert sorted(page.evaluate("() => window.__rising"), key=int) == changed
    run_python(page, "_g = Game('CR1-N-AAAAAAB'); _g.move('5-F2'); _g.move('13-14'); w.replay(_g.record())")
    expect(view(page).locator(".cw-replay")).to_be_visible()
    view(page).locator('[data-action="replay-next"]').click()
    expect(top_card(page, "F2")).to_have_attribute("data-card", "2H")
    wait_still(page)
    view(page).locator('[data-action="replay-next"]').click()
    expect(top_card(page, "14")).to_have_attribute("data-card", "AS")
    wait_still(page)
    run_python(page, "w.replay_stop()")
    motions, _ = recorded()
    assert [m for m in motions if m] == ["reshuffle", "5-F2", "13-14"]


def test_nothing_moves_under_reduced_motion(page: Any, recorded: Any, reduced_motion: None) -> None:
    reset(page)
    slot(page, "5").click()
    expect(top_card(page, "F2")).to_have_attribute("data-card", "2H")
    drag(page, top_card(page, "13"), *center(slot(page, "14")))
    expect(top_card(page, "14")).to_have_attribute("data-card", "AS")
    view(page).locator('[data-action="reshuffle"]').click()  # moves could be undone: it asks first
    settle(page)
    view(page).locator('[data-action="reshuffle"]').click()
    expect(view(page).locator('[data-action="reshuffle"]')).to_have_text("Przetasuj (2)")
    settle(page)
    motions, flights = recorded()
    assert [m for m in motions if m] == [] and flights == []
    running = view(page).evaluate(RUNNING_ANIMATIONS)
    assert running == [], running
    assert view(page).locator(".cw-ghost").count() == 0


def test_a_tap_during_a_motion_acts_on_the_new_position_at_once(page: Any) -> None:
    reset(page)
    # Freeze the flight of 13-14 as soon as it starts, so the next tap surely lands mid-motion.
    view(page).evaluate(
        """(el) => {
          const observer = new MutationObserver(() => {
            if (el.dataset.motion !== "13-14") return;
            for (const a of el.getAnimations({ subtree: true })) a.pause();
            observer.disconnect();
          });
          observer.observe(el, { attributes: true, attributeFilter: ["data-motion"] });
        }"""
    )
    run_python(page, "w.move('13-14')")
    expect(top_card(page, "14")).to_have_attribute("data-card", "AS")
    expect(view(page)).to_have_attribute("data-motion", "13-14")
    # Pile 14 now holds A♠ (its one move: onto 2♠ on pile 15); before, K♠ (two moves).
    slot(page, "14").click()
    expect(top_card(page, "15")).to_have_attribute("data-card", "AS")
    state = settle(page)
    assert state["move_count"] == 2 and state["piles"][13] == ["KS", 6] and state["piles"][14][0] == "AS"
    wait_still(page)


def test_tap_latency_to_the_final_dom_stays_under_50_ms(page: Any) -> None:
    reset(page)
    latencies = []
    for _ in range(12):  # the first one warms up; the median of the other eleven counts
        view(page).evaluate(LATENCY_JS, ["F2", "2H"])
        slot(page, "5").click()
        page.wait_for_function("() => window.__latency !== null")
        latencies.append(page.evaluate("() => window.__latency"))
        view(page).locator('[data-action="undo"]').click()
        expect(top_card(page, "5")).to_have_attribute("data-card", "2H")
        # Tap from a still board, as the benchmark does: a tap during a flight is the test above.
        wait_still(page)
    assert statistics.median(latencies[1:]) < 50, latencies


# Every card home but 10♥ J♥ Q♥ K♥ of F2: pile 1 holds J♥ under 10♥, pile 2 K♥ under Q♥.
HEARTS_TO_GO = """
_ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
_f = [[r + s for r in _ranks] for s in "SHCD"] + [[r + s for r in reversed(_ranks)] for s in "SHCD"]
_f[1] = _f[1][:9]
w.load(Game.from_layout([["JH", "10H"], ["KH", "QH"]] + [[] for _ in range(14)], _f))
"""


def test_finish_is_offered_only_when_true_and_plays_out_animated_to_the_win(page: Any, recorded: Any) -> None:
    reset(page)
    finish = view(page).locator('[data-action="finish"]')
    expect(finish).to_be_hidden()
    reset(page, HEARTS_TO_GO)
    expect(finish).to_be_visible()
    expect(finish).to_have_text("Dokończ")
    finish.click()
    expect(view(page).locator(".cw-banner")).to_be_visible()
    expect(top_card(page, "F2")).to_have_attribute("data-card", "KH")
    state = settle(page)
    assert state["status"] == "won" and state["move_count"] == 4
    expect(finish).to_be_hidden()
    # The cascade starts a little after the last card lands, so the board may be still for a
    # moment in between: wait for the cascade itself, then for its end.
    page.wait_for_function("() => window.__motions.includes('win')")
    wait_still(page)
    motions, flights = recorded()
    # The last card lands, then the win's cascade (copies: no flight of a card of the board).
    assert [m for m in motions if m] == ["1-F2", "1-F2", "2-F2", "2-F2", "win"]
    assert [f["card"] for f in flights] == ["10H", "JH", "QH", "KH"]


def test_finish_by_key(page: Any) -> None:
    reset(page, HEARTS_TO_GO)
    slot(page, "1").focus()
    page.keyboard.press("d")
    expect(view(page).locator(".cw-banner")).to_be_visible()
    assert settle(page)["status"] == "won"
