"""The site's app pages (``app/play.html``, ``app/lesson-N.html``) and its teachers' page, used as
a class uses them: an iPad and a phone (Playwright's device emulation), touch only, offline.

The site is the session's (conftest's ``lite_site``, built with Polish as the default language);
every request that is not to the site fails the test, as in ``test_lite_site.py``.

Lesson 1's task: 2♠ from pile 15 onto foundation F1. 2♠ also fits on pile 13 (A♠), so a tap on
pile 15 selects it, and a tap on pile 13 is a legal move that the lesson judges wrong.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from lite import KERNEL_TIMEOUT_MS, Doorman, evidence, guard_context, offline_chromium, serve_site
from phone import MIN_TARGET_PX, PHONE_HEIGHT, check_phone_board
from playwright.sync_api import expect

from crescent_widget.engine.moves import Move
from crescent_widget.lessons import LESSONS
from crescent_widget.lessons.lesson import Lesson

pytestmark = pytest.mark.browser

IPAD = "iPad (gen 7)"
PHONE = "Pixel 7"
STORE = "crescent-widget/lessons-done"
# The page's own bar, measured: every link and button, and whether the page scrolls sideways.
BAR_JS = """() => ({
  targets: [...document.querySelectorAll('.cr-bar a, .cr-bar button')]
    .filter((e) => e.checkVisibility())
    .map((e) => { const r = e.getBoundingClientRect(); return [e.textContent, r.left, r.top, r.right, r.bottom]; }),
  scroll: [document.documentElement.scrollWidth, window.innerWidth],
  frame: document.getElementById('cr-frame').getBoundingClientRect().width,
})"""


@pytest.fixture(scope="module")
def site_url(lite_site: Path) -> Iterator[str]:
    with serve_site(lite_site) as url:
        yield url


@pytest.fixture(scope="module")
def offline(playwright: Any) -> Iterator[tuple[Any, Doorman]]:
    with offline_chromium(playwright) as (chromium, doorman):
        yield chromium, doorman


@pytest.fixture(scope="module")
def refused() -> list[str]:
    return []


@pytest.fixture(autouse=True)
def nothing_leaves_the_machine(offline: tuple[Any, Doorman], refused: list[str]) -> Iterator[None]:
    yield
    assert refused == [], f"the site asked for something not on the site: {refused}"
    outside = offline[1].outside_requests()
    assert outside == [], f"the browser tried to reach outside: {outside}"


def device_page(playwright: Any, offline: tuple[Any, Doorman], name: str, site_url: str, refused: list[str]) -> Any:
    """A page in a fresh browser profile of the device ``name``: its window, its touch screen."""
    options = {k: v for k, v in playwright.devices[name].items() if k != "default_browser_type"}
    context = offline[0].new_context(**options)
    context.set_default_timeout(15_000)
    guard_context(context, site_url, refused)
    return context.new_page()


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


def wait_ready(page: Any) -> Any:
    """The board of the app page is drawn, with no tap; returns it (in the page's frame)."""
    page.wait_for_function(
        "['ready', 'failed'].includes(document.body.dataset.state)", timeout=KERNEL_TIMEOUT_MS, polling=100
    )
    assert page.evaluate("document.body.dataset.state") == "ready", page.locator("#cr-status").inner_text()
    board = page.frame_locator("#cr-frame").locator(".crescent-widget")
    expect(board.locator(".cw-board")).to_be_visible()
    return board


def open_app(page: Any, site_url: str, path: str) -> Any:
    page.goto(f"{site_url}/{path}")
    return wait_ready(page)


def top_card(board: Any, place: str) -> Any:
    attr = "data-foundation" if place.startswith("F") else "data-pile"
    return board.locator(f'[{attr}="{place}"] [data-card]').last


def place(board: Any, name: str) -> Any:
    return board.locator(f'[data-foundation="{name}"]' if name.startswith("F") else f'[data-pile="{name}"]')


def check_no_code_in_reach(page: Any) -> None:
    """No editor shows, none can take the focus, and the console's input is inert."""
    frame = page.frame_locator("#cr-frame")
    expect(frame.locator(".cm-editor:visible")).to_have_count(0)
    expect(frame.locator(".jp-CodeConsole-input")).to_be_hidden()
    inert = frame.locator(".jp-CodeConsole-input").evaluate_all("(inputs) => inputs.map((i) => i.inert)")
    assert inert and all(inert), inert
    expect(frame.locator(".jp-Toolbar:visible")).to_have_count(0)


def check_bar(page: Any, width: int) -> None:
    """The page's bar: every target fits a finger and the window; nothing scrolls sideways."""
    bar = page.evaluate(BAR_JS)
    assert bar["scroll"][0] <= bar["scroll"][1], f"the page scrolls sideways at {width} px: {bar['scroll']}"
    assert bar["frame"] >= width - 1, f"the board's frame is not as wide as the window: {bar['frame']} < {width}"
    for text, left, top, right, bottom in bar["targets"]:
        assert right - left >= MIN_TARGET_PX and bottom - top >= MIN_TARGET_PX, (width, text)
        assert left >= 0 and right <= width + 0.5, (width, text, left, right)


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
        board = page.frame_locator("#cr-frame").locator(".crescent-widget")
        page.wait_for_function("(w) => document.getElementById('cr-frame').clientWidth === w", arg=width)
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
        # The lesson's rule and task as text on the board; only its task's buttons.
        expect(board.locator(".cw-lesson-task")).to_have_text("Task: put 2♠ from pile 15 on the A♠ foundation.")
        expect(board.locator(".cw-lesson-rule")).to_contain_text("16 piles form a horseshoe")
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
        first = page.locator("#cr-lessons .cr-dot").first
        expect(first).to_have_class(re.compile(r"\bcr-done\b"))
        expect(page.locator("#cr-next")).to_have_class(re.compile(r"\bcr-go\b"))
        assert page.evaluate(f"JSON.parse(localStorage.getItem('{STORE}'))") == ["layout"]

        # Next lesson switches the board in place (Python keeps running), and the page follows.
        page.evaluate("window.samePage = true")
        page.locator("#cr-next").tap()
        expect(page.locator("#cr-title")).to_have_text("2. Building on piles")
        expect(board.locator(".cw-lesson-task")).to_contain_text("8♥")
        assert page.url.endswith("/app/lesson-2.html?lang=en") and page.evaluate("window.samePage") is True
        expect(page.locator("#cr-lessons .cr-dot").nth(1)).to_have_attribute("aria-current", "page")


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
        first = page.locator("#cr-lessons .cr-dot").first
        expect(first).to_have_class(re.compile(r"\bcr-done\b"))
        with page.expect_navigation():  # the board keeps its own list: a fresh start reads the cleared one
            page.locator("#cr-lessons .cr-reset").tap()
        wait_ready(page)
        expect(first).not_to_have_class(re.compile(r"\bcr-done\b"))
        assert page.evaluate(f"JSON.parse(localStorage.getItem('{STORE}'))") == []


def test_play_starts_by_itself_on_an_ipad_in_the_language_of_the_link(ipad: Any, site_url: str) -> None:
    page = ipad
    with evidence(page, "lite-app-play"):
        board = open_app(page, site_url, "app/play.html?lang=en")
        expect(page.locator("#cr-title")).to_have_text("Crescent")
        for name in ("Undo", "New game", "Reshuffle"):
            expect(board.get_by_role("button", name=re.compile(f"^{name}"))).to_be_visible()
        check_no_code_in_reach(page)
        check_bar(page, page.viewport_size["width"])
        # The REPL app registers no service worker that would stand between later visits and
        # the site's files.
        assert page.evaluate("navigator.serviceWorker.getRegistrations().then((found) => found.length)") == 0
        box = board.bounding_box()
        assert box is not None and box["width"] >= 0.95 * page.viewport_size["width"], box

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


def test_the_teachers_page_lists_every_link_in_both_languages(ipad: Any, site_url: str) -> None:
    page = ipad
    page.goto(f"{site_url}/?lang=en")
    links = page.locator("#cr-links td a")
    expect(links).to_have_count(2 * 10)
    hrefs = links.evaluate_all("(all) => all.map((a) => [a.href, a.textContent])")
    expected = [
        f"{site_url}/app/{name}?lang={lang}"
        for name in ["play.html", *(f"lesson-{n}.html" for n in range(1, 10))]
        for lang in ("en", "pl")
    ]
    assert [href for href, _ in hrefs] == expected
    assert all(href == text for href, text in hrefs)  # the link is its own text, ready to copy
    pasted = page.locator("#cr-all").input_value().splitlines()
    assert sum(site_url in line for line in pasted) == 20
    assert page.locator('a[href="lab/index.html?path=learn.ipynb"]').count() == 1
    expect(page.locator("#size")).to_be_visible()
    assert re.search(r"The whole site is \d+ MB", page.locator("main").inner_text())


def test_the_teachers_page_speaks_the_build_s_language_or_the_link_s(ipad: Any, site_url: str) -> None:
    page = ipad
    page.goto(f"{site_url}/")  # the session's site is built with Polish as its language
    expect(page.locator("h1")).to_have_text("Półksiężyc (Crescent) · Dla nauczycieli")
    assert page.evaluate("document.documentElement.lang") == "pl"
    text = page.locator("main").inner_text()
    assert re.search(r"Cała strona ma \d+ MB", text) and "The whole site" not in text
    expect(page.locator("#cr-links tbody th").first).to_have_text("Zagraj partię")
    expect(page.locator("#cr-links td a")).to_have_count(2 * 10)  # both languages' links, as in English
    assert page.locator('a[href="lab/index.html?path=learn.ipynb"]').count() == 1
    page.locator("#cr-lang").click()
    expect(page.locator("h1")).to_have_text("Crescent (Półksiężyc) · For teachers")
    assert page.url.endswith("/?lang=en")


def tap_answer(board: Any, lesson: Lesson) -> None:
    """Do the lesson's task by taps: a button, or a card's tap and, when it has a choice, its place's."""
    answer = sorted(lesson.answers)[0]
    if answer in ("R", "U"):
        board.locator(f'[data-action="{"reshuffle" if answer == "R" else "undo"}"]').tap()
        return
    move = Move.parse(answer)
    place(board, move.src.name).tap()
    if sum(other.src == move.src for other in lesson.fresh_position().legal_moves()) > 1:
        place(board, move.dst.name).tap()  # the first tap only selected the card


@pytest.mark.parametrize("number", range(1, len(LESSONS) + 1))
def test_every_lesson_page_starts_by_itself_shows_its_task_and_judges_it_done(
    ipad: Any, site_url: str, number: int
) -> None:
    lesson = LESSONS[number - 1]
    page = ipad
    with evidence(page, f"lite-app-lesson-{number}"):
        board = open_app(page, site_url, f"app/lesson-{number}.html?lang=en")
        expect(page.locator("#cr-title")).to_have_text(lesson.title.text("en"))
        expect(board.locator(".cw-lesson-task")).to_have_text(lesson.task.text("en"))
        check_no_code_in_reach(page)
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
