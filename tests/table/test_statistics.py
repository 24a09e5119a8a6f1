"""The statistics a table keeps: one deal is one game, counted once, whatever happens to it.

The rule is :class:`crescent_widget.stats.StatsKeeper`'s: a game counts as a win at its first
winning move played at the table, or as a loss when the table leaves it for another deal
after a move; loads, replays, reviews, branches and restarts of the same deal are the same
game. Each case below is one a player met.
"""

from __future__ import annotations

import logging
import random
import shutil
from pathlib import Path

import pytest

from crescent_widget import CrescentWidget, Game, Move
from crescent_widget.solver import solve
from crescent_widget.stats import Stats, StatsBook, VariantStats, summarize
from crescent_widget.table import Table
from widget_support import DEAL

# The review's budget: positions, so that it finds the better move on any machine and search.
REVIEW_NODES = 50_000


@pytest.fixture(scope="module")
def line() -> tuple[Move, ...]:
    """A winning line of DEAL, found with a budget of positions (the same on every machine)."""
    found = solve(Game(DEAL), nodes=2_000_000)
    assert found.status == "won"
    return tuple(found.line)


@pytest.fixture
def book(tmp_path: Path) -> StatsBook:
    return StatsBook(tmp_path / "stats.sqlite3")


def play(table: Table, moves: tuple[Move, ...]) -> None:
    for move in moves:
        table.move(move, by_player=False)


def won_game(line: tuple[Move, ...]) -> Game:
    game = Game(DEAL)
    for move in line:
        game.move(move)
    assert game.status == "won"
    return game


def lost_game(line: tuple[Move, ...]) -> Game:
    """DEAL played along its winning line, then off it near the end until no move is left:
    a game the review shows a better move for (quickly: few cards are left)."""
    game = Game(DEAL)
    for move in line[:151]:
        game.move(move)
    game.move("4-2")
    rng = random.Random(1)
    while game.legal_moves():
        game.move(rng.choice(game.legal_moves()))
    assert game.status == "blocked"
    return game


def counted(table: Table) -> tuple[int, int]:
    stats = table.stats["N"]
    return stats.games, stats.wins


def test_a_won_save_loaded_three_times_is_no_win(book: StatsBook, line: tuple[Move, ...]) -> None:
    table = Table(stats=book)
    saved = won_game(line)
    for _ in range(3):
        table.load(saved.copy())
    assert table.stats["N"] == VariantStats(), "no game played here: no win, no best time 0.0"
    table.new_game(by_player=False)
    assert table.stats["N"] == VariantStats(), "nor a loss when it is left"


def test_a_won_save_loaded_on_a_widget_three_times_is_no_win(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, line: tuple[Move, ...]
) -> None:
    monkeypatch.setenv("CRESCENT_STATS_PATH", str(tmp_path / "s.sqlite3"))
    w = CrescentWidget()
    for _ in range(3):
        w.load(won_game(line))
    assert w.stats["N"].wins == 0 and w.stats["N"].best_seconds is None


def test_a_win_replayed_and_branched_and_won_again_counts_once(book: StatsBook, line: tuple[Move, ...]) -> None:
    table = Table(DEAL, stats=book)
    play(table, line)
    assert counted(table) == (1, 1)
    table.replay(table.game.record())
    table.replay_step(len(line))  # to the winning move's position
    table.replay_step(-1)
    table.replay_stop(keep=True)
    table.move(line[-1], by_player=False)  # the last move again: won again
    assert table.game.status == "won" and counted(table) == (1, 1)
    table.new_game(by_player=False)
    assert counted(table) == (1, 1), "a won game is not counted again when it is left"


def test_review_try_it_play_from_here_restart_and_a_win_is_one_game_won(
    book: StatsBook, line: tuple[Move, ...]
) -> None:
    table = Table(stats=book)
    table.load(lost_game(line))  # the first-time player's lost game, played here
    table.restart(by_player=False)
    table.load(lost_game(line))
    found = table.review(nodes=REVIEW_NODES)
    assert found.better is not None
    table.review_try()  # Review → Try it
    assert counted(table) == (0, 0), "a branch of the same deal is the same game: not a loss yet"
    table.review(nodes=REVIEW_NODES)
    table.replay_stop(keep=True)  # Review → Play from here
    assert counted(table) == (0, 0)
    table.restart(by_player=False)  # Restart after the loss
    assert counted(table) == (0, 0)
    play(table, line)
    assert counted(table) == (1, 1), "one deal, one game: won"


def test_a_game_left_unwon_after_a_restart_is_one_loss(book: StatsBook) -> None:
    table = Table(DEAL, stats=book)
    table.move("13-14", by_player=False)
    table.restart(by_player=False)
    table.move("5-F", by_player=False)
    table.restart(by_player=False)
    table.new_game(by_player=False)
    assert counted(table) == (1, 0)


def test_a_saved_game_in_progress_loaded_and_left_untouched_is_no_game(book: StatsBook) -> None:
    saved = Game(DEAL)
    saved.move("13-14")
    table = Table(stats=book)
    table.load(saved)
    table.new_game(by_player=False)
    assert counted(table) == (0, 0), "nothing was played here"
    table.load(saved.copy())
    table.move("5-F", by_player=False)
    table.new_game(by_player=False)
    assert counted(table) == (1, 0)


def test_a_plain_table_keeps_no_statistics_and_a_closed_one_none_more(book: StatsBook) -> None:
    assert not Table(DEAL).stats.enabled, "a table in a script keeps none unless asked"
    table = Table(DEAL, stats=book)
    table.move("13-14", by_player=False)
    table.close()
    table.new_game(by_player=False)
    assert book.summary() == {} and not table.stats.enabled


# ------------------------------------------------------------------- bad storage


def test_a_row_of_an_unknown_variant_is_left_out_and_the_table_shows(
    book: StatsBook, caplog: pytest.LogCaptureFixture
) -> None:
    book.add("X", won=True, moves=10, seconds=20.0)
    book.add("N", won=False, moves=5, seconds=9.0)
    assert summarize([("X", 1, 10, 20.0)]) == {}
    stats = Table(DEAL, stats=book).stats
    assert set(stats.by_variant) == {"N"} and "Crescent" in stats.text("en")
    assert "left out 1 rows" in caplog.text
    assert "X" in Stats({"X": VariantStats(games=1)}).text("en"), "a Stats made by hand still shows"


def test_a_statistics_file_that_becomes_a_directory_never_stops_play(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "s.sqlite3"
    monkeypatch.setenv("CRESCENT_STATS_PATH", str(path))
    w = CrescentWidget(DEAL)
    w.move(13, 14)
    path.unlink()
    path.mkdir()
    other = Game("CR1-N-AAAAAAC")
    with caplog.at_level(logging.WARNING, logger="crescent_widget"):
        w.load(other)  # the game left counts as lost: the file cannot take it
        w.move(*str(w.legal_moves()[0]).split("-"))
        w.new_game()
        str(w.stats)
    assert w.code != DEAL and w.move_count == 0, "the game was loaded and played, then a new one dealt"
    assert caplog.text.count("statistics are off") == 1, "said once"
    assert not w.stats.enabled
    shutil.rmtree(path)


# ------------------------------------------------- the board's panel and the win's words


def test_the_panel_shows_every_variant_with_honest_blanks(book: StatsBook) -> None:
    book.add("N", won=False, moves=40, seconds=90.0)
    book.add("F", won=True, moves=130, seconds=301.5)
    book.add("F", won=True, moves=120, seconds=400.0)
    panel = Table(DEAL, lang="en", stats=book).view().stats_panel
    head, crescent, four, face_down = panel["rows"]
    assert head == ["Variant", "Games", "Wins", "Win %", "Streak", "Best streak", "Best time", "Fewest moves"]
    assert crescent == ["Crescent", "1", "0", "0%", "0", "0", "—", "—"], "a loss: no best time, no fewest moves"
    assert four == ["Crescent Four", "2", "2", "100%", "2", "2", "05:01", "120"], "the best of each, from wins"
    assert face_down == ["Face-down deal", "0", "0", "—", "0", "0", "—", "—"], "no game: no win rate"
    assert panel["said"] == "" and panel["enabled"] and panel["record"] == "", "no win on the table: no record"


def test_the_panel_says_when_nothing_was_played_or_nothing_is_kept(book: StatsBook) -> None:
    fresh = Table(DEAL, stats=book).view().stats_panel
    assert fresh["said"] == "Nie zagrano jeszcze żadnej partii." and fresh["enabled"]
    assert all(row[1:] == ["0", "0", "—", "0", "0", "—", "—"] for row in fresh["rows"][1:])
    off = Table(DEAL, lang="en").view().stats_panel
    assert off["said"] == "Statistics are off." and not off["enabled"]


def test_streaks_per_variant_break_at_a_loss_and_the_best_stays(book: StatsBook) -> None:
    for won in (True, True, True, False, True):
        book.add("N", won=won, moves=100, seconds=200.0)
    book.add("H", won=False, moves=3, seconds=5.0)  # another variant's loss breaks no N streak
    stats = Table(DEAL, stats=book).stats
    assert (stats["N"].streak, stats["N"].best_streak, stats["N"].wins, stats["N"].games) == (1, 3, 4, 5)
    assert stats["N"].cells()[2] == "80%" and stats["H"].cells()[2] == "0%"


def test_the_terminal_prints_the_table_the_board_draws(book: StatsBook) -> None:
    book.add("N", won=True, moves=150, seconds=61.0)
    table = Table(DEAL, lang="en", stats=book)
    printed = [line.split() for line in table.stats.text().splitlines()]
    drawn = [" ".join(row).split() for row in table.view().stats_panel["rows"]]
    assert printed == drawn, "one table, two faces"


def test_a_win_is_said_with_the_wins_and_the_streak_counting_it(book: StatsBook, line: tuple[Move, ...]) -> None:
    book.add("N", won=True, moves=150, seconds=61.0)
    table = Table(DEAL, lang="en", stats=book)
    play(table, line)
    view = table.view()
    assert view.announcement.endswith("You won! Every card is on a foundation. Wins: 2, streak: 2"), view.announcement
    assert view.stats_panel["record"] == "Wins: 2, streak: 2", "the banner's words, the announcement's"
    assert view.stats_panel["rows"][1][:5] == ["Crescent", "2", "2", "100%", "2"]
    table.lang = "pl"
    assert table.view().announcement.endswith("Wygrane: 2, seria: 2")
    table.undo()
    table.move(line[-1], by_player=False)  # won again after an undo: the same game, counted once
    assert table.view().announcement.endswith("Wygrane: 2, seria: 2"), "the same figures: no second win"


def test_a_win_that_does_not_count_says_no_figures(book: StatsBook, line: tuple[Move, ...]) -> None:
    plain = Table(DEAL, lang="en")
    play(plain, line)
    assert plain.view().announcement.endswith("You won! Every card is on a foundation."), "no statistics kept"
    book.add("N", won=False, moves=3, seconds=4.0)
    table = Table(lang="en", stats=book)
    table.load(Game.from_position(Game(DEAL).position()))  # a position with no deal: its win counts not
    play(table, line)
    view = table.view()
    assert view.announcement.endswith("on a foundation.") and view.stats_panel["record"] == "", (
        "figures without this win would say 'streak: 0' under 'You won!'"
    )


def test_the_view_reads_the_book_once_and_again_after_a_game_counts(
    book: StatsBook, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads = []
    summary = book.summary
    monkeypatch.setattr(book, "summary", lambda: reads.append(1) or summary())
    table = Table(DEAL, stats=book)
    for move in ("13-14", "5-F", "3-F"):
        table.move(move, by_player=False)
        table.view()
    assert len(reads) == 1, "a view per action costs no read of the file"
    book.add("N", won=True, moves=1, seconds=1.0)  # another kernel's game: seen at the next deal
    table.new_game(by_player=False)  # this game counts as lost
    assert table.view().stats_panel["rows"][1][1:3] == ["2", "1"]
