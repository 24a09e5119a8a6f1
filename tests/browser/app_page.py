"""The site's app pages as the tests use them (``test_lite_apps.py``, ``test_lite_class.py``):
a device's browser context, a page opened until its board is drawn, the board's places, and a
lesson's answer by taps. The fixtures that serve the site and keep the browser offline are
conftest's (``site_url``, ``offline``, ``refused``, ``no_way_out``).
"""

from __future__ import annotations

from typing import Any

from lite import KERNEL_TIMEOUT_MS, Doorman, guard_context
from playwright.sync_api import expect

from crescent_widget.engine.moves import Move
from crescent_widget.lessons.lesson import Lesson

IPAD = "iPad (gen 7)"
PHONE = "Pixel 7"
STORE = "crescent-widget/lessons-done"


def device_options(playwright: Any, device: str | dict[str, Any]) -> dict[str, Any]:
    """A Playwright device's window, touch screen and user agent; or the options given as they are."""
    if isinstance(device, dict):
        return device
    return {k: v for k, v in playwright.devices[device].items() if k != "default_browser_type"}


def device_page(
    playwright: Any, offline: tuple[Any, Doorman], device: str | dict[str, Any], site_url: str, refused: list[str]
) -> Any:
    """A page in a fresh browser profile of ``device``: its window, its touch screen."""
    context = offline[0].new_context(**device_options(playwright, device))
    context.set_default_timeout(15_000)
    guard_context(context, site_url, refused)
    return context.new_page()


def wait_ready(page: Any) -> Any:
    """The board of the app page is drawn, with no tap; returns it."""
    page.wait_for_function(
        "['ready', 'failed'].includes(document.body.dataset.state)", timeout=KERNEL_TIMEOUT_MS, polling=100
    )
    assert page.evaluate("document.body.dataset.state") == "ready", page.locator("#cr-status").inner_text()
    board = page.locator(".cr-board .crescent-widget")
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
    """No editor, console or text field on the page: nothing where code could be typed."""
    found = page.evaluate(
        """() => [...document.querySelectorAll('textarea, input, [contenteditable], .cm-editor, [class*="jp-"]')]
            .filter((e) => e.checkVisibility()).map((e) => e.outerHTML.slice(0, 80))"""
    )
    assert found == [], found


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
