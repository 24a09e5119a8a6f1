"""The table's searches off the calling thread: progress, cancel on the next action, stale results dropped.

The searches are held at a known point by their own progress report (it runs on the
searching thread), so that each test acts while a search is certainly running: no sleep
races the search.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import os
import re
import sys
import threading
from collections.abc import Callable, Coroutine, Iterator
from typing import Any, TypeVar

import pytest

from crescent_widget import ArgumentTypeError, CrescentWidget, Game
from crescent_widget.errors import InvalidOptionError
from crescent_widget.solver import SolveResult, solve
from crescent_widget.solver.api import run_steps
from crescent_widget.solver.search.watch import Watch, watching
from crescent_widget.table import Table
from crescent_widget.table.background import NICEST, SEARCH_NICENESS
from widget_support import intent

# A deal whose fresh position no search settles in its first dive: the searches run a while.
HARD = Game.from_number(703).code
T = TypeVar("T")


def run_loop(work: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` on a thread of its own, as a kernel's loop is: pytest's thread may hold
    a running loop already (the browser tests' Playwright), where ``asyncio.run`` refuses."""
    answer: list[T] = []
    failure: list[BaseException] = []

    def run() -> None:
        try:
            answer.append(asyncio.run(work))
        except BaseException as error:  # handed to the test's thread below
            failure.append(error)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(300)
    if failure:
        raise failure[0]
    assert answer, "the loop did not finish"
    return answer[0]


def selectable(table: Table) -> str:
    """A pile whose top card has several destinations: tapping it selects, and moves nothing."""
    for move in table.legal_moves():
        if sum(other.src == move.src for other in table.legal_moves()) > 1:
            return str(move.src)
    raise AssertionError("no pile with a choice of destinations")


class Gate:
    """Holds a table's background search at its first progress report until :meth:`open`."""

    def __init__(self, table: Table) -> None:
        self.reached = threading.Event()
        self._open = threading.Event()
        self.texts: list[str] = []
        table.on_search = self._report

    def _report(self, text: str) -> None:
        self.texts.append(text)
        self.reached.set()
        assert self._open.wait(60), "the test never let the search go on"

    def open(self) -> None:
        self._open.set()


@pytest.fixture
def table() -> Iterator[Table]:
    table = Table(HARD, lang="en")
    table.background = True
    yield table
    table.cancel_search()


def test_a_move_cancels_the_search_and_its_result_is_dropped(table: Table) -> None:
    gate = Gate(table)
    table.start_winnable()
    assert gate.reached.wait(60)
    assert table.searching == "winnable"
    assert table.view().search.startswith("Checking whether it can still be won")
    assert re.fullmatch(r".*… [\d\u202f]+ positions? searched", gate.texts[0])  # the count says what it counts
    table.move(table.legal_moves()[0])
    assert table.searching == "" and table.view().search == ""  # cancelled by the move itself
    gate.open()
    assert table.wait_search(60)
    assert table.view().winnability == ""  # nothing about the old position was shown


def test_a_result_about_a_changed_position_is_dropped(table: Table) -> None:
    gate = Gate(table)
    table.start_winnable()
    assert gate.reached.wait(60)
    table.game.move(table.game.legal_moves()[0])  # behind the table's back: no action cancelled it
    gate.open()
    assert table.wait_search(60)
    assert table.searching == "" and table.view().winnability == ""


def test_a_search_whose_position_stands_is_shown(table: Table) -> None:
    gate = Gate(table)
    table.start_winnable()
    assert gate.reached.wait(60)
    table.tap(selectable(table))  # selecting changes no position: the search goes on
    gate.open()
    assert table.wait_search(60)
    assert table.view().winnability in ("winnable", "lost", "unknown")
    assert table.view().search == ""


def test_cancel_stops_the_search_and_says_so(table: Table) -> None:
    gate = Gate(table)
    table.start_hint()
    assert gate.reached.wait(60)
    assert table.cancel_search()
    assert table.view().announcement == table.view().note == "Search stopped."  # on the line too
    gate.open()
    assert table.wait_search(60)
    assert table.view().hint_move == ""
    assert not table.cancel_search()  # nothing left to cancel


@pytest.mark.parametrize(
    ("timeout", "error"),
    [("1", ArgumentTypeError), (True, ArgumentTypeError), ([1], ArgumentTypeError), (-1, InvalidOptionError),
     (float("nan"), InvalidOptionError), (-float("inf"), InvalidOptionError)],
)  # fmt: skip
def test_a_wait_for_no_span_of_time_is_refused(table: Table, timeout: object, error: type[Exception]) -> None:
    gate = Gate(table)
    table.start_winnable()
    assert gate.reached.wait(60)
    try:
        with pytest.raises(error):
            table.wait_search(timeout)  # type: ignore[arg-type]
        assert table.searching == "winnable"  # the search goes on
    finally:
        gate.open()


@pytest.mark.parametrize("timeout", [float("inf"), 1e300, 10**400, threading.TIMEOUT_MAX])
def test_a_wait_longer_than_a_clock_keeps_waits_until_the_search_ends(table: Table, timeout: float) -> None:
    gate = Gate(table)
    table.start_winnable()  # one second's search
    assert gate.reached.wait(60)
    gate.open()
    assert table.wait_search(timeout) and table.searching == ""


def test_the_review_shows_a_steady_share_of_its_time_done(table: Table) -> None:
    while table.game.move_count < 6 and table.legal_moves():
        table.move(table.legal_moves()[-1])
    texts: list[str] = []
    table.on_search = texts.append
    table.start_review()
    assert table.wait_search(120)
    assert table.replaying  # the review opened its replay
    shares = [re.fullmatch(r"Reviewing the game… (\d+)%", text) for text in texts]
    assert texts and all(shares), texts  # no position numbers, no positions searched: a share done
    done = [int(share[1]) for share in shares if share]
    assert done == sorted(done) and done[-1] <= 100  # it never goes back


def test_the_teaching_check_runs_in_the_background_and_then_plays(table: Table) -> None:
    table.teach = True
    move = table.legal_moves()[0]
    assert table.move(move.src, move.dst) is None  # waits for its check
    assert table.wait_search(60)
    assert table.game.move_count == 1 or table.pending == move


def test_a_new_search_replaces_the_running_one(table: Table) -> None:
    gate = Gate(table)
    table.start_winnable()
    assert gate.reached.wait(60)
    table.on_search = None
    table.start_hint()  # the first search is cancelled; only the hint's result is shown
    gate.open()
    assert table.wait_search(60)
    view = table.view()
    assert view.winnability == "" and view.note != ""


def test_widget_searches_raise_nothing_into_the_kernel(caplog: pytest.LogCaptureFixture) -> None:
    w = CrescentWidget(HARD, lang="en")
    caplog.set_level(logging.WARNING)
    for kind in ("winnable", "hint", "cancel_search", "review", "replay_stop", "cancel_search"):
        intent(w, kind)  # waits for the search (widget_support)
    assert w.search == "" and w.winnability in ("", "winnable", "lost", "unknown")
    assert [r for r in caplog.records if r.levelno >= logging.WARNING] == []


def test_searches_run_in_slices_between_other_work(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where there are no threads (the browser) a search runs in slices from the event loop."""
    monkeypatch.setenv("CRESCENT_SEARCH", "slices")
    source = selectable(table)

    async def tap_while_searching() -> int:
        table.start_winnable()
        slices = 0
        while table.searching:
            if slices == 1:
                table.tap(source)  # the board answers between two slices
                assert table.view().selected == source and table.searching == "winnable"
            await asyncio.sleep(0)
            slices += 1
        return slices

    assert run_loop(tap_while_searching()) > 2
    assert table.view().winnability in ("winnable", "lost", "unknown")


def test_a_move_between_slices_cancels_the_search(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CRESCENT_SEARCH", "slices")

    async def move_while_searching() -> None:
        table.start_winnable()
        await asyncio.sleep(0)
        assert table.searching == "winnable"
        table.move(table.legal_moves()[0])
        assert table.searching == ""
        for _ in range(5):
            await asyncio.sleep(0)  # a slice already scheduled finds its search gone

    run_loop(move_while_searching())
    assert table.view().winnability == ""


def test_the_boards_question_searches_longer_than_the_blocking_call(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The board's search runs in the background and ends at its first proof: it gets the longer budget."""
    from crescent_widget.solver import advice

    asked: list[float | None] = []
    steps = advice.winnability_line_steps

    def spy(game: Game, *, seconds: float | None = None) -> Any:
        asked.append(seconds)
        return steps(game, seconds=0.05)  # the budget asked for is the point here, not the search

    monkeypatch.setattr(advice, "winnability_line_steps", spy)
    table.start_winnable()
    assert table.wait_search(60)
    blocking = advice.WINNABILITY_SECONDS  # Table.still_winnable's, when no budget is given
    assert inspect.signature(Table.still_winnable).parameters["seconds"].default is None
    assert asked == [advice.WINNABLE_SECONDS] and 5 * blocking <= advice.WINNABLE_SECONDS


def test_the_solver_api_is_unchanged_without_background() -> None:
    table = Table("CR1-N-AAAAAAB", lang="en")
    table.start_winnable()  # no background: answered in the call, as check_winnable
    assert table.view().winnability == "winnable" and table.searching == ""
    assert Game("CR1-N-AAAAAAB").position_key == table.game.position_key


def test_the_review_runs_in_slices_too(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CRESCENT_SEARCH", "slices")
    while table.game.move_count < 4 and table.legal_moves():
        table.move(table.legal_moves()[-1])

    async def review_in_slices() -> int:
        table.start_review()
        slices = 0
        while table.searching:
            await asyncio.sleep(0)
            slices += 1
        return slices

    assert run_loop(review_in_slices()) > 1
    assert table.replaying  # the review opened its replay


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="thread priorities are set on Linux only")
@pytest.mark.parametrize("nicer", [0, 5, NICEST])
def test_a_search_thread_gives_way_to_the_kernel(table: Table, nicer: int) -> None:
    """The search is SEARCH_NICENESS nicer than the thread that started it, up to the nicest:
    a kernel already run under `nice` (or at the cap) is no exception."""
    kernel = min(os.getpriority(os.PRIO_PROCESS, 0) + nicer, NICEST)
    niceness: list[int] = []
    table.on_search = lambda _text: niceness.append(os.getpriority(os.PRIO_PROCESS, threading.get_native_id()))

    def start_as_a_nicer_kernel() -> None:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), kernel)  # raising it needs no privilege
        table.start_winnable()  # the search's thread inherits this one's niceness

    starter = threading.Thread(target=start_as_a_nicer_kernel)
    starter.start()
    starter.join(60)
    assert table.wait_search(60)
    assert niceness and niceness[0] == min(kernel + SEARCH_NICENESS, NICEST)


def test_a_hint_and_a_teaching_check_run_in_slices_too(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CRESCENT_SEARCH", "slices")

    async def in_slices(start: Callable[[], object]) -> int:
        start()
        slices = 0
        while table.searching:
            await asyncio.sleep(0)
            slices += 1
        return slices

    assert run_loop(in_slices(table.start_hint)) > 1
    assert table.view().hint_move != ""
    table.teach = True
    move = table.legal_moves()[0]
    assert run_loop(in_slices(lambda: table.move(move.src, move.dst))) >= 1
    assert table.game.move_count == 1 or table.pending == move


def test_a_search_in_slices_yields_often_and_a_threads_search_answers_as_before() -> None:
    game = Game.from_number(703)

    def steps(pieces: bool) -> tuple[int, SolveResult]:
        watch = Watch()
        watch.pieces = pieces
        run = run_steps(game, nodes=20_000)
        count = 0
        with watching(watch):
            while True:
                try:
                    next(run)
                except StopIteration as done:
                    return count, done.value[0]
                count += 1

    whole, found = steps(False)
    pieces, _ = steps(True)
    assert pieces > whole > 0
    plain = solve(game, nodes=20_000)
    assert (found.status, found.nodes, found.proof_nodes, found.line) == (
        plain.status,
        plain.nodes,
        plain.proof_nodes,
        plain.line,
    )


def test_a_won_games_review_runs_in_the_background_and_opens_the_replay() -> None:
    table = Table("CR1-N-AAAAAAB", lang="en")
    result = solve(table.game, nodes=1_000_000)
    assert result.status == "won"
    for move in result.line:
        table.move(move)
    assert table.game.status == "won"
    table.background = True
    gate = Gate(table)
    table.start_review()
    assert gate.reached.wait(60)
    assert gate.texts[0] == "Reviewing the game… 0%"  # said as it starts
    gate.open()
    assert table.wait_search(120)
    view = table.view()
    assert view.search == "" and view.replay, view
    assert "never" in view.note or "never" in view.announcement, view


def test_a_new_search_clears_the_last_answer(table: Table) -> None:
    table.background = False
    table.still_winnable(nodes=2_000)
    assert table.view().winnability != ""
    table.background = True
    gate = Gate(table)
    table.start_winnable()
    assert gate.reached.wait(60)
    assert table.view().winnability == ""  # Stop now must not leave the old answer in sight
    table.cancel_search()
    gate.open()
