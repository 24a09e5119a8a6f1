"""The site as a class meets it beyond one page: links to a deal or a position, storage that a
school's browser blocks, two tabs at once, clearing progress, the teachers' page (QR codes,
Copy on plain http, the lessons done, a pupil's code), the printable guide and rules, and the
message an old browser gets. Offline, as in ``test_lite_apps.py`` (conftest's fixtures)."""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path
from typing import Any

import pytest
import segno
from app_page import IPAD, STORE, device_options, device_page, open_app, place, top_card, wait_ready
from lab import CHROMIUM, CHROMIUM_ARGS
from lite import Doorman, evidence, guard_context
from playwright.sync_api import expect

from crescent_widget import Game
from crescent_widget.lessons import LESSONS

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("no_way_out")]

# A browser where the page has no localStorage and no IndexedDB (a sandboxed or locked-down one).
NO_STORAGE_JS = """
Object.defineProperty(window, "localStorage", { get() { throw new DOMException("blocked", "SecurityError"); } });
Object.defineProperty(window, "indexedDB", { get() { throw new DOMException("blocked", "SecurityError"); } });
"""
# Plain http at a laptop's network address: no clipboard API, not a secure context. Copying goes
# through the browser's copy command, whose text is recorded here.
PLAIN_HTTP_JS = """
Object.defineProperty(window, "isSecureContext", { value: false });
Object.defineProperty(navigator, "clipboard", { value: undefined });
window.copiedTexts = [];
document.addEventListener("copy", () => window.copiedTexts.push(String(document.getSelection()) ||
  (document.activeElement && document.activeElement.value) || ""));
"""


def solve_lesson_1(board: Any) -> None:
    place(board, "15").tap()
    place(board, "F1").tap()
    expect(board.locator(".cw-note")).to_have_attribute("data-tone", "right")


def solve_lesson_2(board: Any) -> None:
    place(board, "1").tap()
    place(board, "4").tap()
    expect(board.locator(".cw-note")).to_have_attribute("data-tone", "right")


def test_a_link_deals_its_game_and_links_to_the_deal(
    playwright: Any, offline: tuple[Any, Doorman], site_url: str, refused: list[str]
) -> None:
    page = device_page(playwright, offline, IPAD, site_url, refused)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    try:
        with evidence(page, "lite-class-code"):
            board = open_app(page, site_url, "app/play.html?code=CR1-N-AAAAAAB&lang=en")
            expect(board.locator(".cw-code-value")).to_have_text("CR1-N-AAAAAAB")
            expect(top_card(board, "13")).to_have_attribute("data-card", "AS")
            expect(page.locator("#cr-notice")).to_be_hidden()
            page.locator(".cr-deal-link").tap()
            expect(page.locator(".cr-deal-link")).to_have_text("Copied.")
            copied = page.evaluate("navigator.clipboard.readText()")
            assert copied == f"{site_url}/app/play.html?code=CR1-N-AAAAAAB&lang=en"
            # The language link keeps the deal.
            page.locator("#cr-lang").tap()
            board = wait_ready(page)
            assert "code=CR1-N-AAAAAAB" in page.url and "lang=pl" in page.url
            expect(board.locator(".cw-code-value")).to_have_text("CR1-N-AAAAAAB")

            board = open_app(page, site_url, "app/play.html?code=CR9-X-NONSENSE&lang=en")
            expect(page.locator("#cr-notice")).to_have_text(re.compile("not a valid one: here is a random game"))
            expect(board.locator(".cw-code-value")).to_have_text(re.compile(r"^CR1-N-[A-Z]{7}$"))
    finally:
        page.context.close()


def test_a_link_opens_a_position(
    playwright: Any, offline: tuple[Any, Doorman], site_url: str, refused: list[str]
) -> None:
    game = Game("CR1-N-AAAAAAB")
    game.move("13-14")
    game.move("5-F")
    page = device_page(playwright, offline, IPAD, site_url, refused)
    try:
        with evidence(page, "lite-class-position"):
            query = f"position={game.position().replace(' ', '+').replace('/', '%2F')}&lang=en"
            board = open_app(page, site_url, f"app/play.html?{query}")
            expect(top_card(board, "14")).to_have_attribute("data-card", "AS")
            expect(top_card(board, "F2")).to_have_attribute("data-card", "2H")
            expect(board.locator('[data-pile="14"]')).to_contain_text("×7")
            expect(page.locator(".cr-deal-link")).to_be_hidden()  # a position has no game code to link to
            place(board, "3").tap()  # the position plays on
            expect(place(board, "3")).to_have_class(re.compile(r"\bcw-selected\b"))

            # With a task: find the move that keeps the win, judged by the solver. A♠ onto 2♠
            # blocks the game (nothing left to play): taken back; 2♠ home keeps the win.
            spades = "2S/AS////////////// KS/KH/KC/KD/3S/AH/AC/AD 0 N"
            query = f"position={spades.replace(' ', '+').replace('/', '%2F')}&task=keep&lang=en"
            board = open_app(page, site_url, f"app/play.html?{query}")
            expect(page.locator(".cr-lesson .cw-lesson-task")).to_have_text("Task: find the move that keeps the win.")
            note = board.locator(".cw-note")
            place(board, "2").tap()  # A♠ has one place: onto 2♠
            expect(note).to_have_attribute("data-tone", "wrong")
            expect(note).to_contain_text("throws the win away")
            expect(top_card(board, "2")).to_have_attribute("data-card", "AS")  # taken back
            place(board, "1").tap()  # 2♠ fits F5 and pile 2: selected
            place(board, "F5").tap()
            expect(note).to_have_attribute("data-tone", "right")
            expect(top_card(board, "F5")).to_have_attribute("data-card", "2S")
    finally:
        page.context.close()


def cookies_blocked_context(playwright: Any, doorman: Doorman, profile: Path) -> Any:
    """Chromium with cookies and site data blocked (the setting a school's browser may have)."""
    preferences = {"profile": {"default_content_setting_values": {"cookies": 2}}}
    (profile / "Default").mkdir(parents=True)
    (profile / "Default" / "Preferences").write_text(json.dumps(preferences), encoding="utf-8")
    return playwright.chromium.launch_persistent_context(
        str(profile),
        executable_path=CHROMIUM,
        headless=True,
        args=[*CHROMIUM_ARGS, f"--proxy-server=http://{doorman.address}"],
        **device_options(playwright, IPAD),
    )


@pytest.mark.parametrize("blocked", ["cookies", "no-storage-api"])
def test_a_lesson_starts_where_the_browser_keeps_nothing_and_says_so(
    playwright: Any, offline: tuple[Any, Doorman], site_url: str, refused: list[str], blocked: str
) -> None:
    with tempfile.TemporaryDirectory() as profile:
        if blocked == "cookies":
            context = cookies_blocked_context(playwright, offline[1], Path(profile))
            context.set_default_timeout(15_000)
            guard_context(context, site_url, refused)
            page = context.pages[0] if context.pages else context.new_page()
        else:
            page = device_page(playwright, offline, IPAD, site_url, refused)
            page.context.add_init_script(NO_STORAGE_JS)
        try:
            with evidence(page, f"lite-class-storage-{blocked}"):
                board = open_app(page, site_url, "app/lesson-1.html?lang=en")
                expect(page.locator("#cr-notice")).to_contain_text("will not be kept once the page closes")
                solve_lesson_1(board)
                page.locator("#cr-mine").tap()
                expect(page.locator("#cr-summary")).to_have_text("Lessons done: 1 (1 of 9).")  # kept in memory
                board = open_app(page, site_url, "app/lesson-1.html?lang=en")
                expect(page.locator("#cr-lessons .cr-dot").first).not_to_have_class(re.compile(r"\bcr-done\b"))
        finally:
            page.context.close()


def test_two_tabs_keep_each_other_s_lessons_and_clearing_asks_first(
    playwright: Any, offline: tuple[Any, Doorman], site_url: str, refused: list[str]
) -> None:
    laptop_with_touch = {"viewport": {"width": 1280, "height": 900}, "has_touch": True}
    first = device_page(playwright, offline, laptop_with_touch, site_url, refused)
    second = first.context.new_page()
    try:
        with evidence(first, "lite-class-two-tabs"):
            board_a = open_app(first, site_url, "app/lesson-1.html?lang=en")
            board_b = open_app(second, site_url, "app/lesson-2.html?lang=en")
            solve_lesson_1(board_a)
            solve_lesson_2(board_b)
            # Each tab hears the other's lesson (a storage event) and keeps it; neither overwrote the other.
            for page in (first, second):
                dots = page.locator("#cr-lessons .cr-dot")
                expect(dots.nth(0)).to_have_class(re.compile(r"\bcr-done\b"))
                expect(dots.nth(1)).to_have_class(re.compile(r"\bcr-done\b"))
            record = first.evaluate(f"JSON.parse(localStorage.getItem('{STORE}'))")
            assert sorted(record["done"]) == ["build", "layout"]

            # ↺ is under Progress, apart from the lessons, and asks first.
            first.locator("#cr-mine").click()
            expect(first.locator("#cr-summary")).to_have_text("Lessons done: 1, 2 (2 of 9).")
            expect(first.locator("#cr-hand-in")).to_have_text(re.compile(r"^CRL-[0-9A-Z]{2}-[0-9A-Z]$"))
            code = first.locator("#cr-hand-in").inner_text()
            first.locator("#cr-clear").click()
            expect(first.locator("#cr-clear-question")).to_have_text("Clear every lesson done in this browser?")
            first.locator("#cr-clear-no").click()
            expect(first.locator("#cr-clear-ask")).to_be_hidden()
            expect(first.locator("#cr-lessons .cr-dot").first).to_have_class(re.compile(r"\bcr-done\b"))
            first.locator("#cr-clear").click()
            first.locator("#cr-clear-yes").click()
            for page in (first, second):
                expect(page.locator("#cr-lessons .cr-dot.cr-done")).to_have_count(0)
            # The board of the other tab hears it too: its lesson shows as not done.
            expect(second.locator(".cr-lesson .cw-lesson")).to_have_attribute("data-done", "false")

            # The teachers' page reads the pupil's code back.
            teachers = first.context.new_page()
            teachers.goto(f"{site_url}/?lang=en")
            teachers.locator("#cr-code").fill(code)
            expect(teachers.locator("#cr-code-said")).to_have_text("Lessons done: 1, 2 (2 of 9).")
            teachers.locator("#cr-code").fill("CRL-00-1")  # its check letter is 0
            expect(teachers.locator("#cr-code-said")).to_contain_text("not a hand-in code")
    finally:
        first.context.close()


def test_the_teachers_page_lists_every_link_with_its_qr_code_and_this_browser_s_lessons(
    playwright: Any, offline: tuple[Any, Doorman], site_url: str, refused: list[str]
) -> None:
    page = device_page(playwright, offline, {"viewport": {"width": 1280, "height": 900}}, site_url, refused)
    try:
        with evidence(page, "lite-class-teachers"):
            page.goto(f"{site_url}/?lang=en")
            page.evaluate(
                f"localStorage.setItem('{STORE}', JSON.stringify({{done: {{layout: 5, wrap: 6}}, cleared: 0}}))"
            )
            page.reload()
            links = page.locator("#cr-links td a")
            expect(links).to_have_count(2 * 10)
            expected = [
                f"{site_url}/app/{name}?lang={lang}"
                for name in ["play.html", *(f"lesson-{n}.html" for n in range(1, 10))]
                for lang in ("en", "pl")
            ]
            assert links.evaluate_all("(all) => all.map((a) => a.href)") == expected
            # Each link has its QR code beside it, and the code encodes that very link.
            images = page.locator("#cr-links td img.cr-qr")
            expect(images).to_have_count(20)
            for index, url in enumerate(expected):
                image = images.nth(index)
                assert image.get_attribute("data-link") == url
                assert image.evaluate("(img) => img.complete && img.naturalWidth > 50")
                svg = page.request.get(image.evaluate("(img) => img.src")).text()
                wanted = segno.make(url, error="m")
                with tempfile.NamedTemporaryFile(suffix=".svg") as made:
                    wanted.save(made.name, kind="svg", scale=3, border=2, dark="#1d2a21")
                    assert Path(made.name).read_text() == svg, f"the QR code beside {url} is not its own"
            expect(page.locator("#cr-qr-note")).to_have_text("")  # served where it was built for
            expect(page.locator("#cr-done-here")).to_have_text("Lessons done in this browser: 1, 3 (2 of 9).")
            expect(page.locator("#cr-links tbody tr").nth(1).locator(".cr-done-here")).to_be_visible()
            text = page.locator("main").inner_text()
            assert "pages speak Polish" in text and "Safari 16.5+" in text
            assert re.search(r"fetches \d+ MB: Python \(Pyodide\) and the game", text)
            expect(page.locator('a[href="guide.html?lang=en"]')).to_be_visible()
            # Clearing asks first here too.
            page.locator("#cr-reset").click()
            expect(page.locator("#cr-reset-question")).to_be_visible()
            page.locator("#cr-reset-yes").click()
            expect(page.locator("#cr-done-here")).to_have_text("No lesson has been done in this browser yet.")

            page.goto(f"{site_url}/")  # the session's site is built with Polish as its language
            expect(page.locator("h1")).to_have_text("Półksiężyc (Crescent) · Dla nauczycieli")
            assert "strony mówią po polsku" in page.locator("main").inner_text()
    finally:
        page.context.close()


def test_copy_works_on_plain_http(
    playwright: Any, offline: tuple[Any, Doorman], site_url: str, refused: list[str]
) -> None:
    page = device_page(playwright, offline, {"viewport": {"width": 1280, "height": 900}}, site_url, refused)
    page.context.add_init_script(PLAIN_HTTP_JS)
    try:
        with evidence(page, "lite-class-copy"):
            page.goto(f"{site_url}/?lang=en")
            assert page.evaluate("window.isSecureContext") is False
            page.locator("#cr-links td .cr-copy").first.click()
            expect(page.locator("#cr-said")).to_have_text("Copied.")
            assert page.evaluate("window.copiedTexts") == [f"{site_url}/app/play.html?lang=en"]
            page.locator("#cr-copy-all").click()
            copied = page.evaluate("window.copiedTexts")
            assert len(copied) == 2 and copied[1].count(site_url) == 20
    finally:
        page.context.close()


def test_the_guide_and_the_rules_print_in_both_languages(
    playwright: Any, offline: tuple[Any, Doorman], site_url: str, refused: list[str]
) -> None:
    page = device_page(playwright, offline, {"viewport": {"width": 1000, "height": 900}}, site_url, refused)
    try:
        page.goto(f"{site_url}/guide.html?lang=en")
        shown = page.locator('main > [lang="en"]')
        expect(shown).to_be_visible()
        expect(page.locator('main > [lang="pl"]')).to_be_hidden()
        for lesson in LESSONS:
            expect(shown.locator("h2", has_text=lesson.title.text("en"))).to_be_visible()
        expect(shown.locator("dt", has_text="Watch for")).to_have_count(len(LESSONS))
        page.emulate_media(media="print")
        assert page.pdf(format="A4")[:4] == b"%PDF"
        page.goto(f"{site_url}/rules.html?lang=pl")
        expect(page.locator('main > [lang="pl"] h1')).to_have_text("Zasady Crescent")
        page.goto(f"{site_url}/rules.html?lang=en")
        expect(page.locator('main > [lang="en"] h2').first).to_have_text("Setting up")
        assert page.request.get(f"{site_url}/favicon.ico").status == 200
    finally:
        page.context.close()


def test_an_old_browser_is_told_which_browsers_work(
    playwright: Any, offline: tuple[Any, Doorman], site_url: str, refused: list[str]
) -> None:
    """A browser without CSS nesting (Chrome before 112) gets the browser minimum, not a blank page."""
    page = device_page(playwright, offline, IPAD, site_url, refused)
    page.context.add_init_script("CSS.supports = () => false;")
    try:
        page.goto(f"{site_url}/app/lesson-1.html?lang=en")
        expect(page.locator("#cr-old")).to_be_visible()
        expect(page.locator("#cr-old")).to_contain_text("Chrome or Edge 112+, Firefox 117+")
        expect(page.locator("#cr-status")).to_be_hidden()
    finally:
        page.context.close()
