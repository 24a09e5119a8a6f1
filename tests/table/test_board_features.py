"""The board's own features: one message line, statistics, auto-play, settings, the clock.

The browser side of the same features is in ``tests/browser/test_board_feedback.py``.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crescent_widget import CrescentWidget, Game, IllegalMoveError
from crescent_widget.errors import ArgumentTypeError, CrescentError, InvalidOptionError
from crescent_widget.solver.safe import safe_moves
from crescent_widget.stats import (
    Stats,
    StatsBook,
    VariantStats,
    open_book,
    stats_enabled,
    stats_path,
    summarize,
    user_data_dir,
)
from crescent_widget.table import Table
from widget_support import DEAL, one_wrong_move, send

# ------------------------------------------------------------------- one message line


def test_hint_and_winnable_replace_a_refusal() -> None:
    t = Table(DEAL, lang="en")
    with pytest.raises(IllegalMoveError):
        t.move(14, 1)
    assert t.view().message == "Must be the same suit"
    t.hint(0.5)
    view = t.view()
    assert view.message == "" and view.note and view.hint_move
    t.still_winnable(0.5)
    view = t.view()
    assert (view.message, view.note) == ("", "") and view.winnability and view.hint_move
    with pytest.raises(IllegalMoveError):
        t.move(14, 1)
    assert (t.view().winnability, t.view().message) == ("", "Must be the same suit")


def test_the_teaching_warning_replaces_the_note_before_it() -> None:
    t = Table.from_game(one_wrong_move(), teach=True, lang="en")
    t.hint(0.5)
    assert t.view().note
    assert t.move(2, 1) is None  # held: it loses the game
    view = t.view()
    assert view.warning and view.note == "" and view.message == ""


def test_new_games_second_press_request_replaces_a_refusal() -> None:
    t = Table(DEAL, lang="en")
    t.move(5, "F")
    with pytest.raises(IllegalMoveError):
        t.move(14, 1)
    assert t.new_game() is False
    view = t.view()
    assert view.message == "" and view.note == "A game is in progress: press New game again to abandon it."


@given(st.integers(1, 10_000), st.lists(st.sampled_from([*range(1, 17), *(f"F{n}" for n in range(1, 9))]), max_size=30))
def test_every_tap_gets_an_answer(number: int, taps: list[int | str]) -> None:
    """Played, selected, deselected or refused with its reason: each tap is announced, none is silent."""
    t = Table(Game.from_number(number).code, lang="en")
    for place in taps:
        before = t.view()
        try:
            t.tap(place)
        except CrescentError:
            assert t.view().message, place  # refused: the reason is on the line
        after = t.view()
        assert after.announce_id == before.announce_id + 1 or after.move_count > before.move_count, place


# -------------------------------------------------------------------------- auto-play


def test_safe_moves_follow_the_solvers_rule() -> None:
    game = one_wrong_move()  # spades up complete, 3♠ on the way down: 2♠ and then A♠ are safe
    assert [str(m) for m in safe_moves(game)] == ["1-F5"]
    game.move("1-F5")
    assert [str(m) for m in safe_moves(game)] == ["2-F5"]
    with_reshuffle = Game.from_layout(
        [[c.ascii for c in p] for p in one_wrong_move().piles],
        [[c.ascii for c in f] for f in one_wrong_move().foundations],
        reshuffles_left=1,
    )
    assert safe_moves(with_reshuffle) == []  # a reshuffle left: the rule proves nothing


def test_auto_play_is_off_by_default_and_plays_safe_moves_when_on() -> None:
    off = CrescentWidget.from_game(one_wrong_move())
    off.move(1, "F")
    assert (off.move_count, off.status) == (1, "playing")
    on = CrescentWidget.from_game(one_wrong_move(), auto_play=True)
    on.move(1, "F")  # the player's move; A♠ then goes home by itself
    assert (on.move_count, on.status) == (2, "won")
    switched = CrescentWidget.from_game(one_wrong_move())
    switched.auto_play = True  # turning it on plays what is safe at once
    assert (switched.move_count, switched.status) == (2, "won")


def test_auto_play_never_plays_a_move_that_is_not_safe() -> None:
    w = CrescentWidget(DEAL, auto_play=True)
    w.move(5, "F")
    assert w.move_count == 1  # three reshuffles left: nothing is provably safe


# ------------------------------------------------------------------------- statistics


def test_user_data_dir_per_platform() -> None:
    assert user_data_dir({"HOME": "/h", "XDG_DATA_HOME": "relative"}, "linux") == Path("/h/.local/share")
    assert user_data_dir({"HOME": "/h", "APPDATA": "C:/Users/a/AppData/Roaming"}, "win32") == Path(
        "C:/Users/a/AppData/Roaming"
    )
    assert stats_path({"HOME": "/h", "XDG_DATA_HOME": "/x"}, "linux") == "/x/crescent-widget/stats.sqlite3"
    assert stats_path({"HOME": "/h", "CRESCENT_STATS_PATH": "/t/s.db"}, "linux") == "/t/s.db"
    assert stats_path({"HOME": "/h"}, "emscripten") in (":memory:", "/drive/.crescent-widget-stats.sqlite3")
    assert stats_enabled({}) and stats_enabled({"CRESCENT_STATS": "1"})
    assert not any(stats_enabled({"CRESCENT_STATS": word}) for word in ("0", "off", "False", " no "))


def test_statistics_outlive_the_widget(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "deep" / "stats.sqlite3"
    monkeypatch.setenv("CRESCENT_STATS_PATH", str(path))
    w = CrescentWidget.from_game(one_wrong_move())
    w.new_game(DEAL)
    w.move(5, "F")
    w.new_game()  # left after a move: a lost game
    w.new_game(DEAL)
    w.new_game()  # left before any move: no game
    assert w.stats["N"] == VariantStats(games=1)
    again = CrescentWidget(lang="en")  # a new session reads the same file
    assert again.stats["N"].games == 1 and path.exists()
    assert "Games" in str(again.stats)


def test_a_built_position_does_not_count(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CRESCENT_STATS_PATH", str(tmp_path / "s.sqlite3"))
    w = CrescentWidget(DEAL)
    w.load(Game.from_layout(*_layout(one_wrong_move()), reshuffles_left=0))  # no deal code
    w.move(1, "F")
    w.move(2, "F")
    w.new_game(DEAL)
    assert w.status == "playing" and w.stats.by_variant == {}


def test_a_game_left_for_a_lesson_counts_then_with_its_own_time_and_the_lesson_never(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "s.sqlite3"
    monkeypatch.setenv("CRESCENT_STATS_PATH", str(path))
    now = [100.0]
    w = CrescentWidget.from_game(Game(DEAL, clock=lambda: now[0]), lang="en")
    w.move(13, 14)
    now[0] += 30.0
    w.start_lesson(2)
    assert w.stats["N"] == VariantStats(games=1), "left after a move, as New game would leave it: a lost game"
    assert not w.clock_running, "the lesson's position has not started"
    now[0] += 600.0  # time spent in the lesson is not the abandoned game's
    w.move(1, 4)  # the lesson's answer
    assert w.lesson_panel["solved"]
    w.end_lesson()
    w.new_game(DEAL)
    assert w.stats["N"] == VariantStats(games=1), "a lesson's board is no game played"
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT moves, seconds FROM games").fetchall() == [(1, 30.0)]


def test_the_first_lesson_is_a_deal_yet_no_game_played(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CRESCENT_STATS_PATH", str(tmp_path / "s.sqlite3"))
    w = CrescentWidget(lang="en")
    w.start_lesson(1)
    assert w.game.code, "the first lesson shows a real deal"
    w.move(15, "F1")  # its answer
    w.move(next(m for m in w.legal_moves()))  # free play on the lesson's deal
    w.next_lesson()
    w.start_lesson(1)
    w.end_lesson()
    w.move(next(m for m in w.legal_moves()))
    w.new_game()
    w.new_game()  # the question asked, the deal left
    assert w.stats.by_variant == {}, "nothing played in or after a lesson on its position counts"
    w.move(next(m for m in w.legal_moves()))
    w.new_game()
    w.new_game()
    assert w.stats["N"] == VariantStats(games=1), "a deal after the lesson counts again"


def _layout(game: Game) -> tuple[list[list[str]], list[list[str]]]:
    return [[c.ascii for c in p] for p in game.piles], [[c.ascii for c in f] for f in game.foundations]


def test_a_won_deal_is_recorded_with_its_moves_and_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CRESCENT_STATS_PATH", str(tmp_path / "s.sqlite3"))
    from crescent_widget.solver import solve

    w = CrescentWidget(DEAL)
    line = solve(Game(DEAL), nodes=1_000_000).line
    for move in line:
        w.move(move) if str(move) != "R" else w.reshuffle()
    assert w.status == "won"
    w.undo()
    w.move(line[-1])  # won again after an undo: still one win
    s = w.stats["N"]
    assert (s.games, s.wins, s.streak, s.fewest_moves) == (1, 1, 1, w.move_count)
    w.new_game()
    assert w.stats["N"].games == 1  # a won game is not counted again when left


def test_statistics_can_be_switched_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "s.sqlite3"
    monkeypatch.setenv("CRESCENT_STATS_PATH", str(path))
    w = CrescentWidget(DEAL, stats=False)
    w.move(5, "F")
    w.new_game()
    assert not path.exists() and not w.stats.enabled
    assert str(w.stats) == "Statystyki są wyłączone."
    monkeypatch.setenv("CRESCENT_STATS", "0")
    assert open_book() is None
    with pytest.raises(ArgumentTypeError):
        CrescentWidget(stats=1)  # type: ignore[arg-type]


def test_an_unusable_statistics_file_is_a_clear_error(tmp_path: Path) -> None:
    not_sqlite = tmp_path / "s.sqlite3"
    not_sqlite.write_text("not a database " * 100)
    with pytest.raises(InvalidOptionError, match="cannot be used"):
        StatsBook(not_sqlite)
    with pytest.raises(InvalidOptionError):
        StatsBook(tmp_path)  # a directory


def test_an_unusable_statistics_file_does_not_stop_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("CRESCENT_STATS_PATH", str(tmp_path))  # a directory, not a file
    w = CrescentWidget(DEAL)
    w.move(5, "F")
    assert not w.stats.enabled and "statistics are off" in caplog.text


@given(st.lists(st.tuples(st.sampled_from("NFH"), st.booleans(), st.integers(1, 500), st.floats(1, 9999))))
def test_summary_matches_a_plain_count(rows: list[tuple[str, bool, int, float]]) -> None:
    found = summarize([(v, int(won), moves, secs) for v, won, moves, secs in rows])
    for variant in set(v for v, *_ in rows):
        mine = [(won, moves, secs) for v, won, moves, secs in rows if v == variant]
        wins = [(moves, secs) for won, moves, secs in mine if won]
        streaks, run = [0], 0
        for won, _, _ in mine:
            run = run + 1 if won else 0
            streaks.append(run)
        expected = VariantStats(
            len(mine), len(wins), run, max(streaks),
            min((s for _, s in wins), default=None), min((m for m, _ in wins), default=None),
        )  # fmt: skip
        assert found[variant] == expected


def test_in_memory_statistics_need_no_sqlite(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pyodide's kernel may lack sqlite3: the in-memory book (used there) never imports it."""
    import sys

    monkeypatch.setitem(sys.modules, "sqlite3", None)  # import sqlite3 now fails
    monkeypatch.setenv("CRESCENT_STATS_PATH", ":memory:")
    w = CrescentWidget(DEAL)
    w.move(5, "F")
    w.new_game()
    assert w.stats["N"].games == 1


def test_a_whole_file_book_keeps_the_same_games(tmp_path: Path) -> None:
    """JupyterLite's way (read and write the database whole) gives the same file and answers."""
    whole = StatsBook(tmp_path / "whole.sqlite3", whole_file=True)
    plain = StatsBook(tmp_path / "plain.sqlite3")
    for book in (whole, plain):
        book.add("N", won=True, moves=100, seconds=200.0)
        book.add("F", won=False, moves=10, seconds=20.0)
    assert whole.summary() == plain.summary() == StatsBook(tmp_path / "whole.sqlite3").summary()
    assert StatsBook(tmp_path / "plain.sqlite3", whole_file=True).summary() == plain.summary()


def test_the_file_is_plain_sqlite(tmp_path: Path) -> None:
    book = StatsBook(tmp_path / "s.sqlite3")
    book.add("H", won=False, moves=3, seconds=2.5)
    with sqlite3.connect(tmp_path / "s.sqlite3") as db:
        assert db.execute("SELECT variant, won, moves, seconds FROM games").fetchall() == [("H", 0, 3, 2.5)]
    book.clear()
    assert book.summary() == {}


# ---------------------------------------------------------------------------- settings


def setting(w: CrescentWidget, name: object, value: object) -> None:
    send(w, {"type": "setting", "name": name, "value": value})


def test_the_settings_panel_changes_options() -> None:
    w = CrescentWidget(DEAL)
    for name, value in (("lang", "en"), ("teach", True), ("four_colour", True), ("large", True), ("auto_play", True)):
        setting(w, name, value)
        assert getattr(w, name) == value
    setting(w, "variant", "H")
    assert w.variant == w.table.variant == "H"
    assert w.table.teach and w.table.auto_play and w.table.lang == "en"
    w.new_game()
    assert w.code.startswith("CR1-H-")


@pytest.mark.parametrize(
    ("name", "value"),
    [("lang", "xx"), ("teach", "yes"), ("large", 1), ("variant", "Z"), ("variant", None), ("code", "CR1-N-AAAAAAC"),
     ("move_count", 9), (None, True), (["lang"], "en")],
)  # fmt: skip
def test_a_bad_setting_changes_nothing(name: Any, value: Any, caplog: pytest.LogCaptureFixture) -> None:
    w = CrescentWidget(DEAL)
    before = {k: getattr(w, k) for k in ("lang", "teach", "large", "variant", "code", "move_count", "rev")}
    setting(w, name, value)
    assert {k: getattr(w, k) for k in before} == before
    assert "ignored a setting" in caplog.text


# ------------------------------------------------------------------------------- clock


def test_a_view_asking_for_the_clock_gets_the_games_own(monkeypatch: pytest.MonkeyPatch) -> None:
    w = CrescentWidget(DEAL)
    w.move(5, "F")
    sent: list[Any] = []
    monkeypatch.setattr(w, "send", lambda content, buffers=None: sent.append(content))
    send(w, {"type": "clock"})
    assert len(sent) == 1 and sent[0]["type"] == "clock" and sent[0]["running"] is True
    assert 0 <= sent[0]["elapsed"] <= w.game.elapsed


# What a hand-edited or damaged statistics file may hold in a row's columns (SQLite keeps any kind).
ANY_SQLITE = st.one_of(
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.floats(allow_nan=False),  # SQLite stores NaN as NULL, which the schema refuses
    st.text(max_size=6),
    st.binary(max_size=3),
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(won=ANY_SQLITE, moves=ANY_SQLITE, seconds=ANY_SQLITE)
def test_a_row_that_is_no_game_is_left_out_of_the_statistics(
    tmp_path: Path, won: object, moves: object, seconds: object
) -> None:
    path = tmp_path / "edited.sqlite3"
    path.unlink(missing_ok=True)
    book = StatsBook(path)
    book.add("N", won=True, moves=120, seconds=300.0)
    with sqlite3.connect(path) as db:
        db.execute("INSERT INTO games (variant, won, moves, seconds) VALUES ('N', ?, ?, ?)", (won, moves, seconds))
    stats = book.summary()["N"]  # no exception, whatever the row holds
    assert stats.games in (1, 2) and 1 <= stats.wins <= stats.games
    assert stats.best_seconds is not None and 0 <= stats.best_seconds <= 300.0
    assert stats.fewest_moves is not None and 0 <= stats.fewest_moves <= 120
    Stats({"N": stats}).text("en")  # and it shows


def test_a_row_of_text_where_numbers_belong_is_left_out() -> None:
    assert summarize([("N", 1, "x", "y"), ("N", 1, 90, 75.0), ("N", 1, 80, float("inf"))]) == {
        "N": VariantStats(games=1, wins=1, streak=1, best_streak=1, best_seconds=75.0, fewest_moves=90)
    }
