"""The static JupyterLite site (``scripts/site``), used as a student uses it: offline, in Chromium.

The site is built once for the session (conftest's ``lite_site``, or ``CRESCENT_SITE=DIR``, a
site already built, while iterating), served by ``python -m http.server`` on loopback, and
opened in Debian's Chromium that can reach nothing else: every other request, from the page,
its workers or its service worker, is refused and recorded, and any one fails the test.

Deal CR1-N-AAAAAAB: pile 5 shows 2♥, which has one place to go, foundation F2.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from lab import UNSETTLED_POSITION
from lite import (
    CELL_TIMEOUT_MS,
    KERNEL_TIMEOUT_MS,
    Doorman,
    evidence,
    guard_context,
    offline_chromium,
    open_notebook,
    run_all_cells,
    run_cell,
    run_code_cell,
    serve_site,
    wait_kernel_idle,
)
from phone import PHONE_HEIGHT, PHONE_WIDTHS, check_phone_board, phone_context
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

DEAL = "CR1-N-AAAAAAB"
ERRORS = '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'
WIDE = (1280, 1000)


@pytest.fixture(scope="module")
def site_url(lite_site: Path) -> Iterator[str]:
    with serve_site(lite_site) as url:
        yield url


@pytest.fixture(scope="module")
def offline(playwright: Any, site_url: str) -> Iterator[tuple[Any, Doorman]]:
    with offline_chromium(playwright) as (chromium, doorman):
        yield chromium, doorman


@pytest.fixture(scope="module")
def context(offline: tuple[Any, Doorman], site_url: str) -> Iterator[tuple[Any, list[str]]]:
    """One browser profile for the module (the service worker is registered once)."""
    chromium, _ = offline
    context = chromium.new_context(viewport={"width": 1280, "height": 1000})
    context.set_default_timeout(15_000)
    refused: list[str] = []
    guard_context(context, site_url, refused)
    yield context, refused
    context.close()


@pytest.fixture(autouse=True)
def nothing_leaves_the_machine(offline: tuple[Any, Doorman], context: tuple[Any, list[str]]) -> Iterator[None]:
    yield
    assert context[1] == [], f"the site asked for something not on the site: {context[1]}"
    outside = offline[1].outside_requests()
    assert outside == [], f"the browser tried to reach outside: {outside}"


@pytest.fixture(scope="module")
def play(context: tuple[Any, list[str]], site_url: str) -> Iterator[tuple[Any, float]]:
    """play.ipynb, every cell run; with the seconds from opening it to the first board."""
    page = context[0].new_page()
    started = time.perf_counter()
    with evidence(page, "lite-play"):
        open_notebook(page, site_url, "play.ipynb")
        run_all_cells(page)
        page.locator(".crescent-widget").first.wait_for(timeout=KERNEL_TIMEOUT_MS)
        first_board = time.perf_counter() - started
        wait_kernel_idle(page)
    yield page, first_board
    page.close()


def board(page: Any, index: int = 0) -> Any:
    return page.locator(".crescent-widget").nth(index)


def top_card(page: Any, place: str, index: int = 0) -> Any:
    attr = "data-foundation" if place.startswith("F") else "data-pile"
    return board(page, index).locator(f'[{attr}="{place}"] [data-card]').last


def test_the_guards_refuse_and_record_requests_to_the_outside(
    offline: tuple[Any, Doorman], context: tuple[Any, list[str]], site_url: str
) -> None:
    """The guards themselves: the site's routing catches a worker's request, the doorman the rest."""
    fetch_from_worker = """() => new Promise((done) => {
      const code = `fetch('http://example.invalid/worker')
        .then(() => postMessage('got'), () => postMessage('refused'))`;
      const worker = new Worker(URL.createObjectURL(new Blob([code])));
      worker.onmessage = (event) => done(event.data);
    })"""
    page = context[0].new_page()
    try:
        page.goto(f"{site_url}/jupyter-lite.json")
        assert page.evaluate(fetch_from_worker) == "refused"
    finally:
        page.close()
    assert context[1] == ["http://example.invalid/worker"]
    context[1].clear()

    unguarded = offline[0].new_context()  # no routing: only the proxy stands between it and the world
    try:
        page = unguarded.new_page()
        page.goto(f"{site_url}/jupyter-lite.json")
        assert page.evaluate(fetch_from_worker) == "refused"
    finally:
        unguarded.close()
    assert offline[1].outside_requests() == ["GET http://example.invalid/worker HTTP/1.1"]
    offline[1].refused.clear()


def test_play_runs_in_the_browser_and_a_tap_moves_a_card(play: tuple[Any, float]) -> None:
    page, first_board = play
    print(f"first board {first_board:.1f} s after opening play.ipynb")
    assert page.locator(ERRORS).count() == 0, page.locator(ERRORS).all_inner_texts()
    assert page.locator(".crescent-widget").count() >= 4  # the game, the demo, teaching, sight options
    assert "emscripten" in run_cell(page, "import sys; print(sys.platform)")

    run_cell(page, f"w.new_game({DEAL!r}); w.lang = 'en'")
    expect(top_card(page, "5")).to_have_attribute("data-card", "2H")
    top_card(page, "5").click()
    expect(top_card(page, "F2")).to_have_attribute("data-card", "2H")
    expect(top_card(page, "5")).not_to_have_attribute("data-card", "2H")
    assert run_cell(page, "print(w.move_count, w.game.history[-1])").split() == ["1", "5-F2"]


def test_a_drag_and_the_undo_button_work(play: tuple[Any, float]) -> None:
    page, _ = play
    run_cell(page, f"w.new_game({DEAL!r}); w.lang = 'en'")
    expect(top_card(page, "13")).to_have_attribute("data-card", "AS")
    # English drawn before measuring: the toolbar's new labels may move the board.
    expect(board(page).get_by_role("button", name=re.compile("^Undo"))).to_be_visible()
    board(page).scroll_into_view_if_needed()
    source = top_card(page, "13").bounding_box()
    target = top_card(page, "14").bounding_box()
    assert source is not None and target is not None
    sx, sy = source["x"] + source["width"] / 2, source["y"] + source["height"] / 2
    page.mouse.move(sx, sy)
    page.mouse.down()
    page.mouse.move(sx + 12, sy + 12, steps=3)
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2, steps=8)
    page.mouse.up()
    expect(top_card(page, "14")).to_have_attribute("data-card", "AS")
    board(page).get_by_role("button", name=re.compile("^Undo")).click()
    expect(top_card(page, "13")).to_have_attribute("data-card", "AS")
    assert run_cell(page, "print(w.move_count)").strip() == "0"


def test_cells_script_the_engine_and_the_solver_keeps_to_a_browser_budget(play: tuple[Any, float]) -> None:
    page, _ = play
    out = run_cell(page, f"from crescent_widget import Game\ng = Game({DEAL!r})\nprint(g.move(5, 'F2'), g.move_count)")
    assert out.split() == ["5-F2", "1"]
    # No budget given: in the browser the solver stops after a second, not five.
    out = run_cell(page, "from crescent_widget.solver import solve\nr = solve(Game.from_number(7))\nprint(r.seconds)")
    assert float(out) < 2.0
    out = run_cell(
        page,
        "from crescent_widget.solver.survey.cli import main\ntry:\n    main(['1-2', '--jobs', '2'])\n"
        "except SystemExit as stop:\n    print('exit', stop.code)",
        stderr_ok=True,
    )
    assert "need worker processes, which the browser (Pyodide) cannot start" in out and "exit 2" in out
    assert "deals 2:" in run_cell(page, "main(['1-2', '--seconds', '0.2'])", stderr_ok=True)


@pytest.fixture(scope="module")
def second_machine(offline: tuple[Any, Doorman], context: tuple[Any, list[str]], site_url: str) -> Iterator[Any]:
    """A browser of its own, as a student opening the link on another machine: a touch screen
    (phone.py), for now as wide as a desktop's; learn.ipynb open, its kernel started."""
    fresh = phone_context(offline[0], WIDE[0])
    guard_context(fresh, site_url, context[1])
    page = fresh.new_page()
    page.set_viewport_size({"width": WIDE[0], "height": WIDE[1]})
    try:
        with evidence(page, "lite-learn"):
            open_notebook(page, site_url, "learn.ipynb")
            # A cell run while Pyodide is still starting can be dropped: wait for the kernel.
            wait_kernel_idle(page)
        yield page
    finally:
        fresh.close()


def test_the_first_lesson_of_learn_is_played_on_its_board(second_machine: Any) -> None:
    page = second_machine
    with evidence(page, "lite-learn"):
        cells = page.locator(".jp-Notebook .jp-Cell")
        for index in (1, 3):  # the lesson list, lesson 1's board; the Markdown cells show rendered
            run_code_cell(page, cells.nth(index), KERNEL_TIMEOUT_MS)
        board(page).wait_for(timeout=KERNEL_TIMEOUT_MS)
        wait_kernel_idle(page)
        assert page.locator(ERRORS).count() == 0, page.locator(ERRORS).all_inner_texts()
        assert page.locator(".crescent-widget").count() == 1
        top_card(page, "15").click()  # 2♠ fits on F1 and on pile 13: the pile is selected
        board(page).locator('[data-foundation="F1"]').click()
        expect(top_card(page, "F1")).to_have_attribute("data-card", "2S")
        expect(board(page).locator(".cw-note")).to_contain_text("Right!")  # the notebook speaks English (LANG = "en")
        out = run_cell(page, f"from crescent_widget import Game\nprint(Game({DEAL!r}).move('5-F2'))")
        assert out.strip() == "5-F2"


def test_a_phone_plays_by_touch(second_machine: Any) -> None:
    """In a phone's window, 320 and 360 px wide, the side panel closed: every target fits a
    finger (phone.py) and taps play. Cells are typed while the window is wide."""
    page = second_machine
    with evidence(page, "lite-phone"):
        run_cell(page, f"from crescent_widget import CrescentWidget\nw = CrescentWidget({DEAL!r})\nw")
        phone = page.locator(".crescent-widget").last
        page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current").click()  # close the file browser
        for width in PHONE_WIDTHS:
            run_cell(page, f"w.new_game({DEAL!r})")
            page.set_viewport_size({"width": width, "height": PHONE_HEIGHT})
            page.wait_for_function(
                "(w) => [...document.querySelectorAll('.crescent-widget')].pop().getBoundingClientRect().right <= w",
                arg=width,
            )
            phone.scroll_into_view_if_needed()
            check_phone_board(phone, width)
            phone.locator('[data-pile="5"]').tap()
            expect(phone.locator('[data-foundation="F2"] [data-card]').last).to_have_attribute("data-card", "2H")
            phone.locator('[data-pile="13"]').tap()
            phone.locator('[data-pile="14"]').tap()
            expect(phone.locator('[data-pile="14"] [data-card]').last).to_have_attribute("data-card", "AS")
            assert run_cell(page, "print(w.move_count, *w.game.history)").split() == ["2", "5-F2", "13-14"]
            page.set_viewport_size({"width": WIDE[0], "height": WIDE[1]})


STATS_CELL = "from crescent_widget import CrescentWidget\nprint('games', CrescentWidget(stats=True).stats['N'].games)"


def test_statistics_outlive_the_page_in_the_browsers_storage(context: tuple[Any, list[str]], site_url: str) -> None:
    """A game left after a move counts; after a reload (a new kernel) the count is still there."""
    page = context[0].new_page()
    try:
        with evidence(page, "lite-stats"):
            open_notebook(page, site_url, "play.ipynb")
            wait_kernel_idle(page)
            before = int(run_cell(page, STATS_CELL).split()[-1])
            out = run_cell(
                page, "_w = CrescentWidget('CR1-N-AAAAAAB')\n_w.move(5, 'F')\n_w.new_game()\nprint(_w.stats)"
            )
            assert "Półksiężyc" in out
            page.reload()
            open_notebook(page, site_url, "play.ipynb")
            wait_kernel_idle(page)
            assert int(run_cell(page, STATS_CELL).split()[-1]) == before + 1
    finally:
        page.close()


# Kernel code: the unsettled position, and "Still winnable?" given 600 s, so that its search runs until stopped.
# The board passes its own budget (seconds=...), so the stand-in overrules it rather than
# defaulting it; it notes each call, so the test knows the board's search was this one.
LONG_SEARCH = (
    UNSETTLED_POSITION
    + """
import crescent_widget.solver.advice as _advice
w.lang = "en"
_steps = _advice.winnability_line_steps
_asked = []


def _long_steps(game, *, seconds=1.0):
    _asked.append(seconds)
    return _steps(game, seconds=600.0)


_advice.winnability_line_steps = _long_steps
"""
)


def test_a_search_runs_in_slices_and_the_board_answers_between_them(play: tuple[Any, float]) -> None:
    """Pyodide has no threads: the search runs in slices from the event loop, and taps come between them.

    Each answer may wait for the slice under way (how long is bench_lite.py's to say):
    the limits here are generous, and the search still runs after the taps.
    """
    page, _ = play
    pile = run_cell(page, LONG_SEARCH).strip().splitlines()[-1]
    try:
        line = board(page).locator(".cw-search")
        board(page).locator('[data-action="winnable"]').click()
        expect(line).to_be_visible(timeout=CELL_TIMEOUT_MS)  # the kernel answers after Pyodide's work under way
        expect(line.locator(".cw-search-text")).to_have_text(re.compile(r"won… [1-9]"), timeout=CELL_TIMEOUT_MS)
        place = board(page).locator(f'[data-pile="{pile}"]')
        place.click()
        expect(place).to_have_class(re.compile(r"\bcw-selected\b"), timeout=CELL_TIMEOUT_MS)
        answered_while_searching = line.is_visible()
        page.wait_for_timeout(400)  # past the double tap's 350 ms: this tap deselects, it does not send the card home
        place.click()
        expect(place).not_to_have_class(re.compile(r"\bcw-selected\b"), timeout=CELL_TIMEOUT_MS)
        assert answered_while_searching, "the tap was answered only once the search had ended"
        line.locator('[data-action="cancel-search"]').click()
        expect(line).to_be_hidden(timeout=CELL_TIMEOUT_MS)
    finally:
        run_cell(page, "_advice.winnability_line_steps = _steps")
    assert run_cell(page, "print(repr(w.winnability), repr(w.search))").strip() == "'' ''", "stopped, not ended"
    assert run_cell(page, "print(len(_asked))").strip() == "1", "the board's one search ran with the 600 s"
