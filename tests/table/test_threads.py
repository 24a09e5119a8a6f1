"""Several threads driving one Table: its lock keeps the game and the session consistent."""

from __future__ import annotations

import pickle
import random
import sys
import threading
import time
from collections.abc import Callable

from crescent_widget import CrescentError, CrescentWidget, Game
from crescent_widget.engine.positions import check_position
from crescent_widget.table import Table, TableView
from widget_support import one_wrong_move


def _drive(table: Table, seed: int, until: float, failures: list[BaseException]) -> None:
    rng = random.Random(seed)
    while time.monotonic() < until:
        try:
            kind = rng.randrange(5)
            if kind == 0:
                moves = table.legal_moves()
                if moves:
                    table.move(rng.choice(moves))
            elif kind == 1:
                table.tap(rng.randrange(1, 17))
            elif kind == 2:
                table.undo()
            elif kind == 3:
                view = table.view()
                assert sum(size for _, size in view.piles) + sum(size for _, size in view.foundations) == 104
            else:
                table.reshuffle() if rng.random() < 0.05 else table.double_tap(rng.randrange(1, 17))
        except CrescentError:
            pass  # a refused action: the table said why
        except BaseException as err:  # anything else is the corruption this test looks for
            failures.append(err)
            return


def test_threads_sharing_a_table_leave_it_consistent() -> None:
    table = Table("CR1-N-AAAAAAB", lang="en")
    failures: list[BaseException] = []
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as the interpreter can: races show at once
    try:
        until = time.monotonic() + 1.0
        threads = [threading.Thread(target=_drive, args=(table, seed, until, failures)) for seed in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert failures == []
    game = table.game
    piles = [[card.index for card in pile] for pile in game.piles]
    foundations = [[card.index for card in found] for found in game.foundations]
    check_position(piles, foundations)  # no card lost or doubled, every foundation on its base
    restored = pickle.loads(pickle.dumps(game))
    assert restored.piles == game.piles and restored.move_count == game.move_count
    assert table.view().move_count == game.move_count
    assert Game.from_record(game.record()).piles == game.piles


# ------------------------------------------- a search thread, observers and the widget

HARD = Game.from_number(3688).code  # "Still winnable?" searches its 10 s here


def _wait_for(condition: Callable[[], object], seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def _search_threads() -> list[threading.Thread]:
    return [thread for thread in threading.enumerate() if thread.name.startswith("crescent-") and thread.is_alive()]


def test_an_observer_reading_the_board_on_the_search_thread_blocks_no_action() -> None:
    """An observer of the search's progress runs on the search thread and reads the widget (the
    table's lock); the kernel's thread acts meanwhile. Before, each held one lock and waited
    for the other's: ``show_note`` never returned."""
    w = CrescentWidget(HARD)
    inside = threading.Event()

    def slow_observer(_change: object) -> None:
        inside.set()
        time.sleep(0.5)
        assert w.game.code == HARD

    w.observe(slow_observer, names=["search"])
    w._handle_custom_msg({"type": "winnable", "rev": w.rev}, [])
    assert inside.wait(60), "the search reported no progress"
    done = threading.Event()
    threading.Thread(target=lambda: (w.show_note("x"), done.set()), daemon=True).start()
    assert done.wait(10), "show_note never returned: a deadlock"
    assert w.note == "x"
    w.close()


def test_observers_read_the_widget_and_the_table_while_searches_run() -> None:
    """For 2 s: searches run, an observer of every trait reads the widget and its table, a
    player's thread taps and asks for searches, another reads views; nothing deadlocks, and
    the traits mirror the table at the end."""
    w = CrescentWidget(HARD, lang="en")
    failures: list[BaseException] = []
    reads = [0]

    def observer(_change: object) -> None:
        try:
            # The player's thread may move between two reads: the view's count lies between
            # the game's before it and after it (taps only ever add moves here).
            before = w.table.game.move_count
            view = w.table.view()
            after = w.table.game.move_count
            assert before <= view.move_count <= after or w.table.replaying
            reads[0] += 1
        except BaseException as err:  # handed to the test below
            failures.append(err)

    w.observe(observer)
    until = time.monotonic() + 2.0

    def player() -> None:
        rng = random.Random(7)
        while time.monotonic() < until:
            kind = rng.choice(["winnable", "hint", "tap", "deselect", "cancel_search"])
            fields = {"pile": rng.randrange(1, 17)} if kind == "tap" else {}
            w._handle_custom_msg({"type": kind, "rev": w.rev, **fields}, [])
            w.show_note(str(rng.random()))

    def reader() -> None:
        while time.monotonic() < until:
            try:
                w.table.view()
                _ = (w.piles, w.search, w.rev)
            except BaseException as err:
                failures.append(err)

    threads = [threading.Thread(target=target, daemon=True) for target in (player, reader)]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
        assert not any(thread.is_alive() for thread in threads), "a deadlock: a thread never ended"
        assert failures == [] and reads[0] > 0
    finally:
        w.close()  # its search ends here even when the test fails, not in the next test
    view = w.table.view()
    assert (w.rev, w.move_count, w.note) == (view.rev, view.move_count, view.note)


def test_closing_a_widget_ends_its_search_within_a_second() -> None:
    w = CrescentWidget(HARD)
    w._handle_custom_msg({"type": "winnable", "rev": w.rev}, [])
    _wait_for(lambda: w.search)
    started = time.monotonic()
    w.close()
    assert time.monotonic() - started < 1.0 and _search_threads() == []


def test_closing_a_table_ends_its_search_within_a_second() -> None:
    table = Table(HARD, background=True, stats=False)
    table.start_winnable()
    _wait_for(lambda: table.searching)
    started = time.monotonic()
    assert table.close() is True
    assert time.monotonic() - started < 1.0 and _search_threads() == []
    assert table.still_winnable(0.01) in ("winnable", "lost", "unknown"), "it still answers, on this thread"
    assert _search_threads() == []


def test_a_callback_runs_with_no_lock_held_and_may_act_on_the_table() -> None:
    table = Table("CR1-N-AAAAAAB", lang="en")
    seen: list[str] = []

    def other_thread_reads() -> None:
        done = threading.Event()
        threading.Thread(target=lambda: (seen.append(str(table.view().move_count)), done.set())).start()
        assert done.wait(5), "the table's lock was held while the callback ran"

    table.on_move(lambda move: other_thread_reads())
    table.move("13-14")
    assert seen == ["1"]


def test_wait_search_returns_once_the_results_view_is_published() -> None:
    """The teaching check plays the move on the search's thread, which publishes its view; a
    slow ``on_view`` there must not let ``wait_search`` return before the view is out."""
    table = Table.from_game(one_wrong_move(), teach=True, background=True)
    seen: list[int] = []

    def slow_view(view: TableView) -> None:
        if view.move_count:  # the search's thread publishes this one: it takes its time
            time.sleep(0.3)
        seen.append(view.move_count)

    table.on_view = slow_view
    assert table.move("1-F") is None  # waits for its check, off this thread
    assert table.wait_search(60)
    assert seen and seen[-1] == 1, "the move the check let through is shown when the wait returns"
