"""The site's app pages (``app/play.html``, ``app/lesson-N.html``) and its teachers' page, used as
a class uses them: an iPad, phones and a school laptop's window (Playwright's device emulation),
touch where the device has it, offline.

The site is the session's (conftest's ``lite_site``, built with Polish as the default language);
every request that is not to the site fails the test, as in ``test_lite_site.py``.

Lesson 1's task: 2♠ from pile 15 onto foundation F1. 2♠ also fits on pile 13 (A♠), so a tap on
pile 15 selects it, and a tap on pile 13 is a legal move that the lesson judges wrong.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from app_page import (
    IPAD,
    PHONE,
    STORE,
    check_no_code_in_reach,
    device_page,
    open_app,
    place,
    tap_answer,
    top_card,
    wait_ready,
)
from lite import Doorman, evidence
from phone import MIN_TARGET_PX, PHONE_HEIGHT, check_phone_board
from playwright.sync_api import expect

from crescent_widget.lessons import LESSONS

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("no_way_out")]

# The page's own bar, measured: every link and button, and whether the page scrolls sideways.
BAR_JS = """() => ({
  targets: [...document.querySelectorAll('.cr-bar a, .cr-bar button')]
    .filter((e) => e.checkVisibility())
    .map((e) => { const r = e.getBoundingClientRect(); return [e.textContent, r.left, r.top, r.right, r.bottom]; }),
  scroll: [document.documentElement.scrollWidth, window.innerWidth],
})"""
# Where the first screen's parts are, in the window's coordinates.
SCREEN_JS = """() => {
  const box = (selector) => { const e = document.querySelector(selector); if (!e) return null;
    const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  return {
    height: window.innerHeight, width: window.innerWidth, scrolled: window.scrollY,
    title: box('#cr-title'), rule: box('.cr-lesson .cw-lesson-rule'), task: box('.cr-lesson .cw-lesson-task'),
    board: box('.cr-board .cw-board'), toolbar: box('.cr-board .cw-toolbar'),
  };
}"""
# The devices a class has: (Playwright's device, or a window's size) and whether the whole board
# must show on the first screen (else: the task, with the board starting right under it).
DEVICES = {
    "ipad": (IPAD, True),
    "iphone-se": ("iPhone SE", False),
    "iphone-13": ("iPhone 13", False),
    "phone-landscape": ("iPhone 13 landscape", False),
    "laptop-1366x625": ({"viewport": {"width": 1366, "height": 625}}, True),
}


@pytest.fixture(scope="module")
def ipad(playwright: Any, offline: tuple[Any, Doorman], site_url: str, refused: list[str]) -> Iterator[Any]:
    page = device_page(playwright, offline, IPAD, site_url, refused)
    yield page
    page.context.close()


@pytest.fixture(scope="module")
def phone(playwright: Any, offline: tuple[Any, Doorman], site_url: str, refused: list[str]) -> Iterator[Any]:
    page = device_page(playwright, offline, PHONE, site_url, refused)
    yield page
    page.context.close()


def check_bar(page: Any, width: int) -> None:
    """The page's bar: every target fits a finger and the window; nothing scrolls sideways."""
    bar = page.evaluate(BAR_JS)
    assert bar["scroll"][0] <= bar["scroll"][1], f"the page scrolls sideways at {width} px: {bar['scroll']}"
    for text, left, top, right, bottom in bar["targets"]:
        assert right - left >= MIN_TARGET_PX and bottom - top >= MIN_TARGET_PX, (width, text)
        assert left >= 0 and right <= width + 0.5, (width, text, left, right)


@pytest.mark.parametrize("device", list(DEVICES))
def test_the_first_screen_shows_the_task_and_the_board(
    playwright: Any, offline: tuple[Any, Doorman], site_url: str, refused: list[str], device: str
) -> None:
    """Once the board draws: the title, rule and task in view, and the whole board (tablet,
    laptop) or its top right under the task (phones); on a wide window the board is centred."""
    name, whole = DEVICES[device]
    page = device_page(playwright, offline, name, site_url, refused)
    try:
        with evidence(page, f"lite-app-first-screen-{device}"):
            open_app(page, site_url, "app/lesson-1.html?lang=en")
            page.wait_for_timeout(300)  # the board's size settles (one animation frame)
            screen = page.evaluate(SCREEN_JS)
            assert screen["scrolled"] == 0, screen
            assert screen["title"]["top"] >= 0 and screen["rule"]["top"] >= 0, screen
            assert screen["task"]["bottom"] <= screen["height"], f"the task is out of sight: {screen}"
            board = screen["board"]
            if whole:
                assert board["bottom"] <= screen["height"] + 0.5, f"the board is cut: {screen}"
                margins = (board["left"], screen["width"] - board["right"])
                assert abs(margins[0] - margins[1]) <= 2, f"the board is not centred: {margins}"
            else:
                assert board["top"] < screen["height"] - 40, f"the board starts out of sight: {screen}"
                assert screen["toolbar"]["top"] - screen["task"]["bottom"] < 40, screen
            check_bar(page, screen["width"])
            if device == "laptop-1366x625":  # the game too: its buttons and the whole board
                open_app(page, site_url, "app/play.html?lang=en")
                page.wait_for_timeout(300)
                screen = page.evaluate(SCREEN_JS)
                assert screen["toolbar"]["top"] >= 0 and screen["board"]["bottom"] <= screen["height"] + 0.5, screen
                expect(page.locator(".cr-board [data-action='undo']")).to_be_in_viewport()
    finally:
        page.context.close()


# Pixel 7's own window last: the next test goes on in it.
@pytest.mark.parametrize("size", [(640, 360), (360, PHONE_HEIGHT), (412, 839)], ids=["landscape", "360", "portrait"])
def test_the_lesson_page_fits_a_phone_in_portrait_and_landscape(
    phone: Any, site_url: str, size: tuple[int, int]
) -> None:
    page = phone
    width, height = size
    with evidence(page, f"lite-app-phone-{width}x{height}"):
        if "/app/lesson-1.html" not in page.url:  # a full deal: every place holds a card
            open_app(page, site_url, "app/lesson-1.html?lang=en")
        page.set_viewport_size({"width": width, "height": height})
        board = page.locator(".cr-board .crescent-widget")
        page.wait_for_function("(w) => window.innerWidth === w", arg=width)
        check_bar(page, width)
        check_phone_board(board, width)


def test_a_lesson_is_done_by_taps_on_a_phone_after_a_wrong_answer(phone: Any, site_url: str) -> None:
    page = phone
    with evidence(page, "lite-app-lesson"):
        if "/app/lesson-1.html" in page.url:  # as the phone tests left it: untouched
            board = wait_ready(page)
        else:
            board = open_app(page, site_url, "app/lesson-1.html?lang=en")
        expect(page.locator("#cr-title")).to_have_text("1. The layout and the goal")
        expect(page.locator("#cr-next")).to_have_text("Next lesson")
        expect(page.locator("#cr-again")).to_have_text("Try again")
        check_no_code_in_reach(page)
        # The lesson's rule and task above the board; only its task's buttons.
        task = page.locator(".cr-lesson .cw-lesson-task")
        expect(task).to_have_text("Task: put 2♠ from pile 15 on the A♠ foundation.")
        expect(page.locator(".cr-lesson .cw-lesson-rule")).to_contain_text("16 piles form a horseshoe")
        expect(board.get_by_role("button", name=re.compile("^New game"))).to_be_hidden()
        note = board.locator(".cw-note")

        place(board, "15").tap()  # selected: 2♠ has two places to go
        place(board, "13").tap()  # legal, but not the task
        expect(note).to_have_attribute("data-tone", "wrong")
        expect(top_card(board, "15")).to_have_attribute("data-card", "2S")  # taken back: try again
        assert page.evaluate("document.body.dataset.lessonDone") != "true"

        place(board, "15").tap()
        place(board, "F1").tap()
        expect(note).to_have_attribute("data-tone", "right")
        expect(note).to_contain_text("Right!")
        expect(top_card(board, "F1")).to_have_attribute("data-card", "2S")
        expect(page.locator("body")).to_have_attribute("data-lesson-done", "true")
        page.locator("#cr-mine").tap()  # the lessons row is under Progress on a phone
        first = page.locator("#cr-all-lessons .cr-dot").first
        expect(first).to_have_class(re.compile(r"\bcr-done\b"))
        expect(page.locator("#cr-summary")).to_have_text("Lessons done: 1 (1 of 9).")
        expect(page.locator("#cr-next")).to_have_class(re.compile(r"\bcr-go\b"))
        assert page.evaluate(f"Object.keys(JSON.parse(localStorage.getItem('{STORE}')).done)") == ["layout"]

        # Next lesson switches the board in place (Python keeps running), and the page follows.
        page.evaluate("window.samePage = true")
        page.locator("#cr-next").tap()
        expect(page.locator("#cr-title")).to_have_text("2. Building on piles")
        expect(task).to_contain_text("8♥")
        assert page.url.endswith("/app/lesson-2.html?lang=en") and page.evaluate("window.samePage") is True
        expect(page.locator("#cr-all-lessons .cr-dot").nth(1)).to_have_attribute("aria-current", "page")


def test_a_reload_starts_the_lesson_afresh_and_keeps_the_progress(phone: Any, site_url: str) -> None:
    page = phone
    with evidence(page, "lite-app-reload"):
        if "lesson-2.html" not in page.url:
            open_app(page, site_url, "app/lesson-2.html?lang=en")
        board = wait_ready(page)
        place(board, "3").tap()  # 10♥ fits on 9♥ and on its foundation: selected
        place(board, "F6").tap()  # legal, but not the task: judged wrong, taken back
        expect(board.locator(".cw-note")).to_have_attribute("data-tone", "wrong")
        page.reload()
        board = wait_ready(page)
        expect(page.locator("#cr-title")).to_have_text("2. Building on piles")
        expect(top_card(board, "1")).to_have_attribute("data-card", "8H")
        expect(board.locator(".cw-note")).not_to_have_attribute("data-tone", re.compile("right|wrong"))
        expect(page.locator("#cr-all-lessons .cr-dot").first).to_have_class(re.compile(r"\bcr-done\b"))


def test_play_starts_by_itself_on_an_ipad_in_the_language_of_the_link(ipad: Any, site_url: str) -> None:
    page = ipad
    with evidence(page, "lite-app-play"):
        board = open_app(page, site_url, "app/play.html?lang=en")
        expect(page.locator("#cr-title")).to_have_text("Crescent")
        for name in ("Undo", "New game", "Reshuffle"):
            expect(board.get_by_role("button", name=re.compile(f"^{name}"))).to_be_visible()
        check_no_code_in_reach(page)
        check_bar(page, page.viewport_size["width"])
        assert page.evaluate("navigator.serviceWorker.getRegistrations().then((found) => found.length)") == 0
        box = board.bounding_box()
        assert box is not None and box["width"] >= 0.95 * page.viewport_size["width"] - 20, box

        page.locator("#cr-lang").tap()  # Polski
        board = wait_ready(page)
        assert page.url.endswith("play.html?lang=pl")
        expect(page.locator("#cr-title")).to_have_text("Półksiężyc")
        expect(board.get_by_role("button", name=re.compile("^Cofnij"))).to_be_visible()


def test_a_link_without_a_language_gets_the_build_s_and_card_letters_follow_it(ipad: Any, site_url: str) -> None:
    """Lesson 5 puts J♥ on pile 1: in Polish its letter is W (Walet)."""
    page = ipad
    with evidence(page, "lite-app-default-lang"):
        board = open_app(page, site_url, "app/lesson-5.html")
        expect(page.locator("#cr-title")).to_have_text("5. Najwyżej 13 kart")
        expect(page.locator("#cr-next")).to_have_text("Następna lekcja")
        expect(top_card(board, "1")).to_have_attribute("data-card", "JH")
        expect(top_card(board, "1")).to_contain_text("W")
        expect(top_card(board, "1")).not_to_contain_text("J")


@pytest.mark.parametrize("number", range(1, len(LESSONS) + 1))
def test_every_lesson_page_starts_by_itself_shows_its_task_and_judges_it_done(
    ipad: Any, site_url: str, number: int
) -> None:
    lesson = LESSONS[number - 1]
    page = ipad
    with evidence(page, f"lite-app-lesson-{number}"):
        page.goto(f"{site_url}/app/lesson-{number}.html?lang=en")
        # The rule and task show before Python has started, and stay.
        expect(page.locator(".cr-lesson .cw-lesson-task")).to_have_text(lesson.task.text("en"))
        board = wait_ready(page)
        expect(page.locator("#cr-title")).to_have_text(lesson.title.text("en"))
        expect(page.locator(".cr-lesson .cw-lesson-task")).to_have_text(lesson.task.text("en"))
        wanted = {"reshuffle" if "R" in lesson.answers else "", "undo" if "U" in lesson.answers else ""}
        for action in ("reshuffle", "undo", "new-game", "restart", "finish", "review"):
            button = board.locator(f'[data-action="{action}"]')
            expect(button).to_be_visible() if action in wanted else expect(button).to_be_hidden()
        note = board.locator(".cw-note")
        tap_answer(board, lesson)
        if "R" in lesson.answers and lesson.fresh_position().can_undo():  # the board asks first
            expect(note).to_contain_text("no earlier move can be undone")
            tap_answer(board, lesson)
        expect(note).to_have_attribute("data-tone", "right")
        expect(page.locator("body")).to_have_attribute("data-lesson-done", "true")
        expect(board.locator(".cw-banner-facts")).not_to_contain_text("Time")  # a lesson has no clock
