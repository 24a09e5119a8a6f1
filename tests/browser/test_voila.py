"""Notebooks published with Voilà (``voila NOTEBOOK``), in real Chromium: the board and the text
show, no code does, and the board plays against the page's own kernel.

Voilà gives the page no way to run code, so these tests read the board only: a move shows in
the move counter, a new game in the game's code, an answer in the note and the verdict line.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest
from lab import free_port, server_process
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
# play.ipynb runs every cell before the page shows, a 3-second solve among them.
CELLS_TIMEOUT_MS = 90_000
# Not ours, recognised by where they come from: Voilà's page links Font Awesome from a CDN,
# which a machine offline cannot reach; and Voilà 0.5, built on JupyterLab 4.2, loads every lab
# extension of the environment, so those built for the newer JupyterLab beside it (JupyterLite's
# kernel, Notebook 7's, jupytext's) fail to start, with their own files first in the stack.
FOREIGN_URLS = ("https://cdn.jsdelivr.net/npm/@fortawesome/",)
LAB_EXTENSION = re.compile(r"/voila/labextensions/((?:@[^/]+/)?[^/]+)/")
OURS = ("anywidget", "@jupyter-widgets/jupyterlab-manager")


def foreign(message: Any) -> bool:
    """A console message of another project's lab extension, or of the offline CDN link."""
    if message.location.get("url", "").startswith(FOREIGN_URLS):
        return True
    first = LAB_EXTENSION.search(message.text)
    return first is not None and first.group(1) not in OURS


@contextmanager
def voila(notebook: Path, home: Path) -> Iterator[str]:
    """``voila NOTEBOOK`` on a free loopback port, as its README says to publish one; yields its URL."""
    port = free_port()
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(home / "config"), "JUPYTER_RUNTIME_DIR": str(home / "runtime")}
    command = [sys.executable, "-m", "voila", str(notebook), "--no-browser", f"--port={port}",
               "--Voila.ip=127.0.0.1", "--Voila.port_retries=0"]  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    with server_process(command, home, env, name=f"voila-{notebook.stem}", ready=f"{url}/voila/static/voila.js"):
        yield url


def open_page(browser: Any, url: str) -> tuple[Any, list[str]]:
    """A page on ``url``, its errors collected (except FOREIGN ones); it is still loading."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(f"pageerror: {error}"))

    def on_console(message: Any) -> None:
        if message.type == "error" and not foreign(message):
            errors.append(f"console: {message.text}")

    page.on("console", on_console)
    page.goto(url, wait_until="domcontentloaded")
    return page, errors


def wait_for_boards(page: Any, boards: int) -> None:
    page.wait_for_function(
        f"() => document.querySelectorAll('.crescent-widget [data-card]').length >= {24 * boards}",
        timeout=CELLS_TIMEOUT_MS,
        polling=250,
    )


@pytest.fixture(scope="module")
def voila_pages(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, tuple[Any, list[str]]]]:
    """``voila examples/play.ipynb`` (four boards) and ``voila examples/publish.ipynb`` (the page a
    teacher publishes), each page opened; both load (run their cells) at once."""
    with ExitStack() as servers:
        urls = {name: servers.enter_context(voila(EXAMPLES / f"{name}.ipynb", tmp_path_factory.mktemp(f"voila-{name}")))
                for name in ("play", "publish")}  # fmt: skip
        pages = {name: open_page(browser, url) for name, url in urls.items()}
        wait_for_boards(pages["play"][0], 4)
        wait_for_boards(pages["publish"][0], 1)
        yield pages
        for page, _ in pages.values():
            page.context.close()


@pytest.fixture
def play_page(voila_pages: dict[str, tuple[Any, list[str]]]) -> tuple[Any, list[str]]:
    return voila_pages["play"]


@pytest.fixture
def publish_page(voila_pages: dict[str, tuple[Any, list[str]]]) -> tuple[Any, list[str]]:
    return voila_pages["publish"]


def no_code_shows(page: Any) -> None:
    # Markdown renders in an input area too: only a code cell's input, editor or prompt is code.
    for code in (".jp-CodeCell .jp-InputArea", ".jp-InputArea-editor", ".cm-editor", ".jp-InputPrompt"):
        expect(page.locator(code)).to_have_count(0)
    assert "import CrescentWidget" not in page.locator("body").inner_text()


def moves(board: Any) -> int:
    return int(re.findall(r"\d+", board.locator(".cw-moves").inner_text())[0])


def play_a_tap(board: Any) -> None:
    """Tap a pile whose card can move; if it has several places to go, tap one of them."""
    before, rev = moves(board), board.get_attribute("data-rev") or ""
    board.locator(".cw-board .cw-movable").first.click()
    expect(board).not_to_have_attribute("data-rev", rev)  # the kernel answered: moved or selected
    if board.locator(".cw-selected").count():
        board.locator(".cw-target").first.click()
    expect(board.locator(".cw-moves")).to_have_text(re.compile(rf"\b{before + 1}$"))
    expect(board.locator('[data-action="undo"]')).to_be_enabled()


def deal_a_new_game(board: Any) -> None:
    """New game, pressed twice: a game in progress asks for the second press first."""
    code = board.locator(".cw-code-value").inner_text()
    board.locator('[data-action="new-game"]').click()
    expect(board.locator(".cw-note")).to_have_text(re.compile(r"Nowa gra|New game"))  # press again
    expect(board.locator(".cw-code-value")).to_have_text(code)
    board.locator('[data-action="new-game"]').click()
    expect(board.locator(".cw-code-value")).not_to_have_text(code)
    expect(board.locator(".cw-moves")).to_have_text(re.compile(r"\b0$"))


def answers_hint_and_winnable(board: Any) -> None:
    board.locator('[data-action="hint"]').click()
    expect(board.locator(".cw-note")).not_to_be_empty()
    expect(board.locator(".cw-hint").first).to_be_visible()
    board.locator('[data-action="winnable"]').click()
    expect(board.locator(".cw-winnability")).to_have_attribute("data-verdict", re.compile(r"^(winnable|lost|unknown)$"))
    expect(board.locator(".cw-winnability")).not_to_be_empty()


def test_play_notebook_shows_boards_and_text_without_code(play_page: tuple[Any, list[str]]) -> None:
    page, errors = play_page
    no_code_shows(page)
    expect(page.locator("h1", has_text="Crescent patience")).to_be_visible()
    expect(page.locator(".crescent-widget")).to_have_count(4)
    assert errors == [], errors


def test_play_notebook_board_taps_deals_and_answers(play_page: tuple[Any, list[str]]) -> None:
    page, errors = play_page
    board = page.locator(".crescent-widget").first
    board.scroll_into_view_if_needed()
    play_a_tap(board)
    deal_a_new_game(board)
    answers_hint_and_winnable(board)
    assert errors == [], errors


def test_published_page_is_text_and_a_board(publish_page: tuple[Any, list[str]]) -> None:
    page, errors = publish_page
    no_code_shows(page)
    expect(page.locator("h1", has_text="Crescent patience")).to_be_visible()
    board = page.locator(".crescent-widget")
    expect(board).to_have_count(1)
    expect(board.locator('[data-action="winnable"]')).to_have_text("Still winnable?")
    play_a_tap(board)
    answers_hint_and_winnable(board)
    deal_a_new_game(board)
    expect(board.locator(".cw-moves")).to_have_text("Moves: 0")
    assert errors == [], errors
