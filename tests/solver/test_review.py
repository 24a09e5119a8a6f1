"""The game review: turning point, better line, explanations, and every surface that shows them."""

from __future__ import annotations

import math
import time
from collections.abc import Generator
from itertools import pairwise

import pytest

from crescent_widget import CrescentWidget, Game
from crescent_widget.engine.moves import Move
from crescent_widget.errors import ArgumentTypeError, CrescentError
from crescent_widget.solver import check_win, hint, move_check, solve
from crescent_widget.solver.analysis import bisection as bisection_module
from crescent_widget.solver.analysis import review as review_module
from crescent_widget.solver.analysis.bisection import Bisection
from crescent_widget.solver.analysis.meter import POSITIONS_PER_SECOND, Meter
from crescent_widget.solver.analysis.review import (
    HiddenCardsError,
    NotAGameError,
    Review,
    _bisect_steps,
    _prove_back_steps,
    review,
)
from crescent_widget.solver.analysis.review_words import action_name, moves_before
from crescent_widget.solver.analysis.why import dead_ends_ahead, names_cause, why_lost
from crescent_widget.solver.api import InvalidBudgetError, SolveResult, Solving
from crescent_widget.solver.search.watch import finish_steps
from crescent_widget.table import Table
from crescent_widget.table.terminal import play
from crescent_widget.words.narration import describe
from helpers import bound_blunder, play_on, solver_line, untimed_words
from widget_support import intent

DEAL = 3
# Budgets in positions, not seconds: the same verdicts on either backend, however loaded the machine.
REVIEW_NODES = 200_000
WON_REVIEW_NODES = 500_000  # half of it for the only moves of a won game: every action of deal 3's line
SEARCH_NODES = 300_000


def node_meter() -> Meter:
    """A review's clock that counts positions searched (a second of it is POSITIONS_PER_SECOND)."""
    return Meter(None, 60 * POSITIONS_PER_SECOND)


Steps = Generator[None, None, SolveResult]


@pytest.fixture(scope="module")
def won_line() -> tuple[str, ...]:
    """A line the solver proved to win deal 3 (a node budget: the same line every run)."""
    return solver_line(Game.from_number(DEAL).code or "")


@pytest.fixture(scope="module")
def blunder(won_line: tuple[str, ...]) -> tuple[int, str, int]:
    """The first point of the won line where another legal move is lost by the one-suit bound:
    (actions played before it, the losing move, the suit the bound names)."""
    return bound_blunder(Game.from_number(DEAL).code or "", won_line)


def played(moves: tuple[str, ...] | list[str]) -> Game:
    game = Game.from_number(DEAL)
    for move in moves:
        game.move(move)
    return game


def blundered(won_line: tuple[str, ...], blunder: tuple[int, str, int], extra: int = 4) -> Game:
    """The won line up to the blunder, the blunder, then up to ``extra`` more actions (:func:`play_on`)."""
    at, move, _ = blunder
    return play_on(played([*won_line[:at], move]), extra)


def assert_monotone(found: Review) -> None:
    """Every position proven winnable comes before every position proven lost."""
    won = [index for index, verdict in found.verdicts.items() if verdict == "won"]
    lost = [index for index, verdict in found.verdicts.items() if verdict == "lost"]
    if won and lost:
        assert max(won) < min(lost)
    assert found.last_winnable == (max(won) if won else None)
    assert found.first_lost == (min(lost) if lost else None)


def test_a_blunder_is_the_turning_point_with_its_suit_and_a_better_line(won_line, blunder) -> None:
    at, move, suit = blunder
    game = blundered(won_line, blunder)
    before = game.record()
    found = review(game, nodes=REVIEW_NODES)
    assert game.record() == before  # the review plays on copies
    assert found.positions == len(game.actions)
    assert (found.last_winnable, found.first_lost, found.turning_point) == (at, at + 1, at + 1)
    assert_monotone(found)
    symbol = "♠♥♣♦"[suit]
    for lang in ("pl", "en"):
        assert symbol in found.text(lang)
        assert move in found.text(lang)
    assert names_cause(found.explanation)
    assert (found.mistake, found.mistake_proven, found.evidence) == (at + 1, True, None)
    number = moves_before(game.actions, at + 1)  # as the board's Moves counter shows it
    assert f"At move {number} the win was thrown away: " in found.text("en")
    assert f"Przy ruchu {number} przepadła wygrana: " in found.text("pl")
    assert f"Instead of move {number} ({move}), better: " in found.text("en")
    assert f"Zamiast ruchu {number} ({move}) lepiej: " in found.text("pl")
    assert found.better is not None
    assert found.better.position == at
    assert str(found.better.move) != move
    assert check_win(played(won_line[:at]), found.better.line)


def test_a_won_game_was_never_lost(won_line) -> None:
    game = played(won_line)
    assert game.status == "won"
    found = review(game, nodes=WON_REVIEW_NODES)
    assert found.first_lost is None and found.turning_point is None and found.better is None
    assert found.mistake is None and not found.mistake_proven
    assert found.last_winnable == len(game.actions)
    assert set(found.verdicts.values()) == {"won"}
    assert found.text("en").startswith("The game was won: it was never lost.")
    for first, last in found.only_moves:
        assert 1 <= first <= last <= len(game.actions)
    first, last = found.only_moves[0]
    named = action_name(game.actions, first, "en")
    said = f"Only at {named} did just one move" if first == last else f"from {named} to "
    assert said in found.text("en")
    lengths = [last - first for first, last in found.only_moves]
    assert lengths == sorted(lengths, reverse=True)


def test_a_game_in_progress_that_can_still_be_won(won_line) -> None:
    found = review(played(won_line[:30]), nodes=REVIEW_NODES)
    assert (found.last_winnable, found.first_lost, found.turning_point, found.mistake) == (30, None, None, None)
    assert found.text("en") == "This game can still be won: it was never lost."
    assert found.text("pl") == "Tę grę nadal da się wygrać: ani razu nie była przegrana."


def test_a_mistake_not_proven_is_named_with_its_evidence_and_the_proven_loss_after_it(won_line, blunder) -> None:
    at, move, _ = blunder
    game = blundered(won_line, blunder)
    end = len(game.actions)
    assert end >= at + 3
    work = Bisection(Game.from_number(DEAL), game.actions, math.inf)
    work.settle_won(at, line_from(won_line, at), 0.25)
    work.settle_lost(end)  # lost at the end, not yet placed nearer
    work.fresh[at + 1] = 8.0  # searched in vain after the named move
    found = finish_review(work)
    assert (found.last_winnable, found.first_lost, found.turning_point) == (at, end, None)
    assert (found.mistake, found.mistake_proven) == (at + 1, False)
    assert found.evidence is not None and (found.evidence.found_in, found.evidence.searched) == (0.25, 8.0)
    assert found.better is not None and found.better.position == at
    en, pl = found.text("en"), found.text("pl")
    before = played(won_line[:at])
    number, last = moves_before(game.actions, at + 1), action_name(game.actions, end, "en")
    assert en.startswith(f"Probably your mistake: move {number}, {describe(before, game.actions[at], 'en')} ({move}). ")
    # A paragraph each: the named move with its evidence, the proven loss after it, the better move.
    named, proven, better = en.split("\n")
    assert named.endswith("Before it a win took 0.2 s to find; after it, 8.0 s of search found none.")
    assert proven.startswith(f"After {last} the game could no longer be won (proven). ")
    assert better.startswith(f"Instead of move {number} ({move}), better: ")
    assert pl.startswith(f"Prawdopodobnie twój błąd: ruch {number}, ")
    named, proven, better = pl.split("\n")
    assert named.endswith("Przed nim wygraną znaleziono w 0,2 s; po nim nie znaleziono żadnej w 8,0 s szukania.")
    assert better.startswith(f"Zamiast ruchu {number} ({move}) lepiej: ")
    for words in (en, pl):
        assert " action" not in words and "akcj" not in words and "position" not in words  # the player's words


def test_a_mistake_after_a_known_win_and_no_search_says_so(won_line, blunder) -> None:
    game = blundered(won_line, blunder)
    at = blunder[0]
    work = Bisection(Game.from_number(DEAL), game.actions, math.inf)
    assert work.use_line(at, line_from(won_line, at))  # a line the board knew: no search found it here
    found = finish_review(work)
    assert found.mistake == at + 1 and found.evidence is not None
    assert (found.evidence.found_in, found.evidence.searched, found.first_lost) == (None, 0.0, None)
    assert "Before it a win was already known; after it no time was left to search." in found.text("en")
    assert "Przed nim wygrana była już znana; po nim zabrakło już czasu na szukanie." in found.text("pl")
    assert not found.evidence.strong and found.text("en").startswith("Perhaps your mistake: ")


@pytest.mark.parametrize(
    ("found_in", "searched", "claim"),
    [
        (0.25, 0.75, "Probably"),
        (0.25, 0.7, "Perhaps"),
        (2.0, 5.9, "Perhaps"),
        (2.0, 6.0, "Probably"),
        (0.01, 0.4, "Perhaps"),
    ],
)
def test_probably_only_where_the_search_after_took_several_times_the_win_before(
    won_line, blunder, found_in: float, searched: float, claim: str
) -> None:
    """A short vain search after a slow win says little: the named move is then "perhaps" the
    mistake. "Probably" needs three times the win's effort, and half a second at least."""
    at = blunder[0]
    game = blundered(won_line, blunder)
    work = Bisection(Game.from_number(DEAL), game.actions, math.inf)
    work.settle_won(at, line_from(won_line, at), found_in)
    work.settle_lost(len(game.actions))
    work.fresh[at + 1] = searched
    found = finish_review(work)
    assert found.evidence is not None and found.evidence.strong == (claim == "Probably")
    assert found.text("en").startswith(f"{claim} your mistake: ")
    polish = {"Probably": "Prawdopodobnie twój błąd: ", "Perhaps": "Być może twój błąd: "}[claim]
    assert found.text("pl").startswith(polish)


def finish_review(work: Bisection) -> Review:
    """The review ``work`` stands for, with its words (no further search)."""
    return review_module._finish(work, time.perf_counter(), review_module._loss_words(work), ())


def line_from(moves: tuple[str, ...], at: int) -> tuple[Move, ...]:
    """The moves of ``moves`` from ``at`` on, as the engine's moves."""
    game = played(moves[:at])
    return tuple(game.move(move) for move in moves[at:])


def test_a_line_the_caller_knows_settles_the_review_with_no_search(won_line) -> None:
    game = played(won_line[:30])
    unsettled = review(game, nodes=0)  # no work for any search
    assert unsettled.text("en") == "Within its time the review could not settle whether or where the win was lost."
    found = review(game, nodes=0, known_lines={30: line_from(won_line, 30)})
    assert (found.last_winnable, found.first_lost) == (30, None)
    assert found.text("en") == "This game can still be won: it was never lost."
    earlier = review(game, nodes=0, known_lines={10: line_from(won_line, 10)})
    assert earlier.last_winnable == 30  # the line passes through every later position of the record


def test_a_known_line_that_does_not_win_there_is_not_used(won_line) -> None:
    game = played(won_line[:30])
    wrong = {30: line_from(won_line, 10), 31: line_from(won_line, 30), -1: line_from(won_line, 30)}
    found = review(game, nodes=0, known_lines=wrong)
    assert (found.last_winnable, found.first_lost) == (None, None)


@pytest.mark.parametrize("known", [[()], {"30": ()}, {True: ()}, {30: "12-9"}, {30: ["12-9"]}, {30: None}])
def test_known_lines_of_the_wrong_type_are_refused(won_line, known) -> None:
    with pytest.raises(ArgumentTypeError) as refused:
        review(played(won_line[:30]), nodes=0, known_lines=known)
    assert refused.value.reason == "invalid_option" and isinstance(refused.value, TypeError)


@pytest.mark.parametrize("ask", ["still_winnable", "hint"])
def test_the_table_reviews_with_the_winning_line_it_already_knows(won_line, ask) -> None:
    table = Table.from_game(played(won_line[:30]), lang="en")
    if ask == "still_winnable":
        assert table.still_winnable(nodes=SEARCH_NODES) == "winnable"
    else:
        assert table.hint(nodes=SEARCH_NODES).kind == "winning"
    found = table.review(nodes=0)  # no work for a search of its own
    assert (found.last_winnable, found.first_lost) == (30, None)
    assert found.text("en") == "This game can still be won: it was never lost."


def test_the_review_of_a_game_still_winnable_opens_where_the_player_is(won_line) -> None:
    table = Table.from_game(played(won_line[:30]), lang="en")
    table.review(nodes=REVIEW_NODES)
    replay = table.view().replay
    assert replay is not None and (replay.step, replay.total) == (30, 30)


def test_a_game_from_its_record_or_a_save_reviews_the_same(won_line, blunder) -> None:
    game = blundered(won_line, blunder, extra=2)
    expected = review(game, nodes=REVIEW_NODES)
    for copy in (Game.from_record(game.record()), Game.from_dict(game.to_dict())):
        found = review(copy, nodes=REVIEW_NODES)
        assert (found.turning_point, untimed_words(found)) == (expected.turning_point, untimed_words(expected))


def test_a_blocked_game_is_lost_at_its_end_without_a_search(won_line, blunder) -> None:
    game = blundered(won_line, blunder, extra=400)
    assert game.status == "blocked"
    found = review(game, nodes=REVIEW_NODES)
    assert found.verdicts[len(game.actions)] == "lost"
    assert found.turning_point == blunder[0] + 1


def swapped_pair(won_line: tuple[str, ...]) -> int:
    """The first place where the won line's next two moves can be played the other way round
    and reach the same position (and the first of them differs from the second)."""
    game = Game.from_number(DEAL)
    for at, (first, second) in enumerate(pairwise(won_line)):
        if first != second and game.can_move(second):
            other = game.copy()
            other.move(second)
            straight = game.copy()
            straight.move(first)
            straight.move(second)
            if other.can_move(first):
                other.move(first)
                if other.position_key == straight.position_key:
                    return at
        game.move(first)
    pytest.fail("no pair of moves that commute on the won line")


def test_a_win_settles_the_later_positions_it_reaches_in_another_order(won_line) -> None:
    # The record plays two moves of a won line the other way round: the line from the deal
    # does not follow the record there, but it reaches the position after both moves.
    at = swapped_pair(won_line)
    record = [*won_line[:at], won_line[at + 1], won_line[at], *won_line[at + 2 : at + 5]]
    work = Bisection(Game.from_number(DEAL), played(record).actions, math.inf)
    start = Game.from_number(DEAL)
    line = tuple(start.move(move) for move in won_line)
    work.settle_won(0, line, 1.0)
    assert at + 1 not in work.verdicts  # the line never passes through it
    assert work.verdicts[at + 2] == "won" and work.winnable == at + 5
    assert check_win(played(record[: at + 2]), work.lines[at + 2])


def test_a_repaired_line_proves_the_next_position_won(won_line) -> None:
    # The record makes a move the won line makes later: the line without that move wins.
    at = swapped_pair(won_line)
    record = [*won_line[:at], won_line[at + 1]]
    work = Bisection(Game.from_number(DEAL), played(record).actions, math.inf)
    before = played(won_line[:at])
    work.settle_won(at, tuple(before.move(move) for move in won_line[at:]), 1.0)
    assert at + 1 not in work.verdicts
    assert work.repair()
    assert work.verdicts[at + 1] == "won" and check_win(played(record), work.lines[at + 1])


def undone_slip(won_line: tuple[str, ...]) -> tuple[int, str]:
    """A place ``at`` on the won line and a move off it there that one move takes back (a card
    moved onto another pile and back): (at, the slip)."""
    game = Game.from_number(DEAL)
    for at, next_move in enumerate(won_line):
        for slip in game.legal_moves():
            if str(slip) == next_move:
                continue
            after = game.copy()
            after.move(slip)
            if any(_back(after, back, game) for back in after.legal_moves()):
                return at, str(slip)
        game.move(next_move)
    pytest.fail("no move on the won line that one move takes back")


def _back(after: Game, move: Move, before: Game) -> bool:
    again = after.copy()
    again.move(move)
    return again.position_key == before.position_key


def test_a_slip_that_one_move_undoes_is_settled_won_without_a_search(won_line) -> None:
    at, slip = undone_slip(won_line)
    record = [*won_line[:at], slip]
    work = Bisection(Game.from_number(DEAL), played(record).actions, math.inf)
    before = played(won_line[:at])
    work.settle_won(at, tuple(before.move(move) for move in won_line[at:]), 0.5)
    assert at + 1 not in work.verdicts
    assert work.reconnect(at + 1)
    assert work.winnable == at + 1 and check_win(played(record), work.lines[at + 1])
    assert work.found_in[at + 1] == 0.5  # the search that found the line it reaches
    assert not work.reconnect(at + 1)  # tried once


def moves_taken_early(won_line: tuple[str, ...]) -> tuple[int, list[str]]:
    """A place ``at`` and two later moves of the won line that can be played there at once,
    reaching a position the line never passes through: (at, the two moves)."""
    game = Game.from_number(DEAL)
    on_line = {game.position_key}
    walk = game.copy()
    for move in won_line:
        walk.move(move)
        on_line.add(walk.position_key)
    for at in range(len(won_line)):
        for first in range(at + 1, min(at + 6, len(won_line))):
            for second in range(first + 1, min(at + 6, len(won_line))):
                early = game.copy()
                if early.can_move(won_line[first]):
                    early.move(won_line[first])
                    if early.can_move(won_line[second]):
                        early.move(won_line[second])
                        if early.position_key not in on_line:
                            return at, [won_line[first], won_line[second]]
        game.move(won_line[at])
    pytest.fail("no two later moves of the won line that can be played early")


def test_a_repaired_line_proves_a_later_position_won(won_line) -> None:
    # The record plays two moves the won line makes later: the line without them wins from
    # the position after both, which the line itself never reaches.
    at, early = moves_taken_early(won_line)
    record = [*won_line[:at], *early]
    work = Bisection(Game.from_number(DEAL), played(record).actions, math.inf)
    before = played(won_line[:at])
    work.settle_won(at, tuple(before.move(move) for move in won_line[at:]), 1.0)
    assert at + 2 not in work.verdicts
    assert work.repair()
    assert work.winnable == at + 2 and check_win(played(record), work.lines[at + 2])


def test_the_bisection_replays_a_repaired_line_before_it_probes(won_line, monkeypatch: pytest.MonkeyPatch) -> None:
    # Every search runs out of time: only the repaired line can settle the later position,
    # and the bisection tries it before it spends a probe between the two.
    class OutOfTime(Solving):
        def steps(self, *, seconds: float | None = None, nodes: int | None = None) -> Steps:
            yield
            return SolveResult("unknown", (), 0, seconds or 0.0, 0)

    at, early = moves_taken_early(won_line)
    record = [*won_line[:at], *early]
    work = Bisection(Game.from_number(DEAL), played(record).actions, 60.0, meter=node_meter())
    before = played(won_line[:at])
    work.settle_won(at, tuple(before.move(move) for move in won_line[at:]), 1.0)
    monkeypatch.setattr(bisection_module, "Solving", OutOfTime)
    finish_steps(_bisect_steps(work, 0.01, 0.01))
    assert work.winnable == at + 2 and check_win(played(record), work.lines[at + 2])
    assert at + 1 not in work.verdicts  # no probe between the last winnable and the farthest win


def test_a_fresh_search_settles_a_win_with_a_replayed_line(won_line) -> None:
    work = Bisection(Game.from_number(DEAL), played(won_line[:20]).actions, 60.0, meter=node_meter())
    assert finish_steps(work.fresh_steps(10, 30.0, seed=5)) == "won"
    assert work.winnable is not None and work.winnable >= 10 and work.lost is None
    assert check_win(work.position(10), work.lines[10])


def test_a_fresh_search_out_of_time_leaves_the_position_unknown(won_line, monkeypatch: pytest.MonkeyPatch) -> None:
    class OutOfTime(Solving):  # every search's budget runs out before an answer
        def steps(self, *, seconds: float | None = None, nodes: int | None = None) -> Steps:
            yield
            return SolveResult("unknown", (), 0, seconds or 0.0, 0)

    monkeypatch.setattr(bisection_module, "Solving", OutOfTime)
    work = Bisection(Game.from_number(DEAL), played(won_line[:20]).actions, 60.0, meter=node_meter())
    assert finish_steps(work.fresh_steps(10, 1.0, seed=5)) == "unknown"
    assert work.verdicts == {10: "unknown"} and work.lost is None and work.winnable is None


@pytest.mark.parametrize("bad", ["CR1-N-AAAAAAD", None, 3, Table("CR1-N-AAAAAAD")])
def test_review_refuses_what_is_not_a_game(bad: object) -> None:
    with pytest.raises(NotAGameError) as caught:
        review(bad)  # type: ignore[arg-type]
    assert isinstance(caught.value, TypeError) and isinstance(caught.value, CrescentError)
    assert caught.value.reason == "not_a_game"


@pytest.mark.parametrize(
    ("seconds", "error"),
    [(-1.0, InvalidBudgetError), (math.nan, InvalidBudgetError), (math.inf, InvalidBudgetError),
     ("5", ArgumentTypeError), (True, ArgumentTypeError)],
)  # fmt: skip
def test_review_refuses_a_bad_budget(seconds: object, error: type[Exception]) -> None:
    game = played(["13-14"]) if Game.from_number(DEAL).can_move("13-14") else Game.from_number(DEAL)
    before = game.record()
    with pytest.raises(error) as caught:
        review(game, seconds=seconds)  # type: ignore[arg-type]
    assert getattr(caught.value, "reason", None) == "invalid_budget"
    assert game.record() == before


def test_the_teaching_warning_hint_and_winnable_say_why(won_line, blunder) -> None:
    at, move, suit = blunder
    symbol = "♠♥♣♦"[suit]
    before = played(won_line[:at])
    checked = move_check(before, move, nodes=SEARCH_NODES)
    assert checked.verdict == "loses_win"
    assert symbol in checked.text("en") and symbol in checked.text("pl")
    table = Table.from_game(before, lang="en", teach=True)
    table.move(move)
    assert table.pending is not None and symbol in table.view().warning
    after = played([*won_line[:at], move])
    advice = hint(after, nodes=SEARCH_NODES)
    assert advice.kind == "undo" and symbol in advice.text("en")
    table = Table.from_game(after, lang="en")
    assert table.still_winnable(nodes=SEARCH_NODES) == "lost"
    assert symbol in table.view().note and symbol in table.view().announcement


def test_the_widget_opens_the_review_at_the_turning_point_and_tries_the_better_move(won_line, blunder) -> None:
    at, move, suit = blunder
    game = blundered(won_line, blunder)
    w = CrescentWidget.from_game(game, lang="en")
    assert "review" in w.labels and "review_try" in w.labels
    w.review(nodes=REVIEW_NODES)  # the board's Review, with a budget of positions (the button's is seconds)
    assert w.replay_state["step"] == at
    assert w.replay_state["better"] == w.hint_move != ""
    assert w.hint_move != move
    assert "♠♥♣♦"[suit] in w.note
    # One numbering, the Moves counter's: two reshuffles came before the blunder, so action
    # at + 1 of the record is move at - 1, and the words, the bar and Try it all say that.
    number = moves_before(game.actions, at + 1)
    assert number == at - 1 and f"At move {number} the win was thrown away" in w.note
    assert (w.replay_state["moves"], w.replay_state["total_moves"]) == (number - 1, game.move_count)
    assert (
        w.labels["replay_step"].format(n=number - 1, total=game.move_count)
        == f"Moves: {number - 1} of {game.move_count}"
    )
    better = w.hint_move
    intent(w, "replay_next")  # stepping on narrates the blunder itself and offers nothing
    assert w.replay_state["better"] == "" and w.hint_move == ""
    assert w.replay_state["moves"] == number == w.move_count, "the bar counts the blunder as the toolbar does"
    assert w.note.startswith(f"Move {number}: ")
    intent(w, "replay_prev")
    intent(w, "review_try")
    assert w.replay_state == {}
    assert [str(m) for m in w.game.actions] == [*won_line[:at], better]
    assert w.note.startswith(f"The better move is played instead of move {moves_before(game.actions, at + 1)}, ")
    assert "; you play on from there." in w.note
    lit = w.hint_move  # the next move of the review's winning line, and Hint goes on along it
    assert lit != ""
    intent(w, "hint")
    assert w.hint_move == lit
    assert w.game.code == game.code and w.game.status == "playing"
    assert solve(w.game, nodes=SEARCH_NODES).status == "won"


def test_try_it_needs_a_review_with_a_better_move(won_line) -> None:
    w = CrescentWidget.from_game(played(won_line[:5]), lang="en")
    intent(w, "review_try")  # no replay: refused, nothing changes
    assert len(w.game.actions) == 5
    w.replay(list(won_line[5:8]))
    intent(w, "review_try")  # a plain replay has nothing to try
    assert w.replay_state["total"] == 3


def test_the_terminal_reviews(won_line) -> None:
    lines = iter(["review", "q"])
    out: list[str] = []
    play(Table.from_game(played(won_line[:10]), lang="en"), lambda prompt: next(lines), out.append)
    assert "This game can still be won: it was never lost." in out


def test_a_face_down_game_in_play_is_not_reviewed_and_the_board_says_why() -> None:
    game = Game("CR1-H-AAAAAAD")
    w = CrescentWidget.from_game(game, lang="en")
    intent(w, "review")
    assert w.replay_state == {}
    assert w.message == "Some cards are face down; the game can be reviewed once it is over"
    with pytest.raises(HiddenCardsError) as caught:
        review(game)
    assert caught.value.reason == "hidden_cards" and caught.value.text("pl").startswith("Część kart")


def test_the_hint_on_a_blocked_game_says_why(won_line, blunder) -> None:
    game = blundered(won_line, blunder, extra=400)
    assert game.status == "blocked"
    advice = hint(game)
    expected = why_lost(game)
    assert advice.text("en").endswith(expected.text("en")) and advice.text("pl").endswith(expected.text("pl"))
    assert names_cause(expected)


def test_the_walk_back_from_a_blocked_end_proves_the_positions_before_it_lost(won_line, blunder) -> None:
    game = blundered(won_line, blunder, extra=400)
    end = len(game.actions)
    work = Bisection(Game.from_number(DEAL), game.actions, 60.0, meter=node_meter())
    work.settle_won(blunder[0], (), None)
    work.settle_lost(end)
    finish_steps(_prove_back_steps(work, 2.0))
    assert work.lost is not None and work.lost < end, (work.lost, end)
    for index in range(work.lost, end):
        assert work.results[index].proof == "search"
        assert solve(work.position(index), nodes=200_000).status != "won"


def test_the_reasons_small_searches_stop_at_a_deadline(won_line, blunder) -> None:
    game = blundered(won_line, blunder, extra=400)
    for index in range(len(game.actions), blunder[0], -1):
        position = played(game.actions[:index])
        if position.status == "playing" and dead_ends_ahead(position) is not None:
            break
    else:
        pytest.fail("no position whose continuations all run into dead ends")
    assert dead_ends_ahead(position, deadline=0.0) is None  # a deadline passed: no reason from there
    assert names_cause(why_lost(position, deadline=60.0))
