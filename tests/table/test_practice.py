"""Practice after a review: the position just before the mistake, tries judged by the solver."""

from __future__ import annotations

import dataclasses
from collections.abc import Generator
from urllib.parse import parse_qs

import pytest

from crescent_widget import CrescentWidget, Game
from crescent_widget.engine.moves import Move
from crescent_widget.errors import ArgumentTypeError, IllegalMoveError, InvalidPositionError
from crescent_widget.solver import api, check_win, solve
from crescent_widget.solver.analysis import review as review_module
from crescent_widget.solver.analysis.review import Evidence, Review
from crescent_widget.solver.analysis.review_words import seconds_text
from crescent_widget.solver.api import SolveResult, Solving
from crescent_widget.table import Table
from crescent_widget.table.practice import TRIES
from crescent_widget.table.terminal import play
from helpers import FakeClock, bound_blunder, play_on, solver_line
from widget_support import intent

DEAL = "CR1-N-AAAAAAD"  # deal 3
NODES = 20_000  # each try's search: the same verdict on any machine


@pytest.fixture(scope="module")
def won_line() -> tuple[str, ...]:
    return solver_line(DEAL)


@pytest.fixture(scope="module")
def blunder(won_line: tuple[str, ...]) -> tuple[int, str, int]:
    return bound_blunder(DEAL, won_line)


def blundered(won_line: tuple[str, ...], blunder: tuple[int, str, int], clock: FakeClock | None = None) -> Game:
    """Deal 3 played along the won line, then the blunder, then four more actions."""
    at, move, _ = blunder
    game = Game(DEAL, clock=clock)
    for action in [*won_line[:at], move]:
        game.move(action)
    return play_on(game, 4)


def reviewed(game: Game, **options: object) -> tuple[Table, Review]:
    table = Table.from_game(game, lang="en", **options)  # type: ignore[arg-type]
    found = table.review(seconds=30)
    assert found.mistake_proven and found.better is not None
    return table, found


def wrong_tries(game: Game, keep: Move, named: Move) -> list[Move]:
    """Three tries that do not keep the win: the named mistake, then legal moves besides ``keep``
    that no search of NODES positions wins after (so a try's judge, searching no more, cannot
    call them kept), and the named mistake again where there are too few such moves."""
    found = [named]
    for move in game.legal_actions():
        if move not in (keep, named) and len(found) < TRIES:
            after = game.copy()
            after.move(move)
            if solve(after, nodes=NODES).status != "won":
                found.append(move)
    return found + [named] * (TRIES - len(found))


def test_a_practice_plays_to_the_end_three_wrong_tries_then_the_better_move_wins(won_line, blunder) -> None:
    at, move, suit = blunder
    game = blundered(won_line, blunder)
    table, found = reviewed(game)
    assert table.replaying
    started = table.practice(seconds=60, nodes=NODES)
    assert not table.replaying  # the practice leaves the review's replay for the position itself
    assert [str(action) for action in table.game.actions] == list(won_line[:at])
    assert table.game.position() == started.position and (started.tries, started.most, started.done) == (0, 3, False)
    assert parse_qs(started.query) == {"position": [started.position], "task": ["keep"]}
    assert table.view().note.startswith("Practice: find a move that keeps the win, instead of move ")
    assert table.view().practice == started
    better = found.better
    assert better is not None
    named = Move.parse(move)
    tries = wrong_tries(table.game, better.move, named)
    for number, tried in enumerate(tries, start=1):
        before = table.game.position()
        assert table.move(tried) is None  # judged, not played
        view = table.view()
        assert table.game.position() == before, "a try that does not keep the win is taken back"
        assert view.practice is not None and view.practice.tries == number
        assert f"({tried})" in view.note
        if tried == named:
            assert "throws the win away: it is the move the review named as the mistake." in view.note
            assert "♠♥♣♦"[suit] in view.note and view.note_tone == "wrong"
        elif number < TRIES:
            assert view.note.endswith(f"The move does not stand: try another ({TRIES - number} left).")
    view = table.view()
    assert view.practice is not None and view.practice.better == str(better.move)
    assert view.hint_move == str(better.move), "after three tries the better move is lit"
    assert f"The better move: {better.move}" not in view.note  # said in words, with its notation
    assert f"({better.move}), lit on the board; play it" in view.note
    assert table.move(better.move) == better.move  # on the review's line: kept with no search
    view = table.view()
    assert view.note.startswith("Right: ") and view.note_tone == "right"
    assert view.practice is not None and view.practice.done
    assert view.hint_move == str(better.line[1])  # Hint goes on along the line
    for action in better.line[1:]:
        table.move(action, by_player=False)
    assert table.game.status == "won"
    assert check_win(game.rewound(at), better.line)


def test_a_try_that_keeps_the_win_is_played_and_ends_the_practice(won_line, blunder) -> None:
    table, found = reviewed(blundered(won_line, blunder))
    table.practice(seconds=60, nodes=NODES)
    assert found.better is not None
    keep = found.better.move
    assert table.move(keep) == keep
    assert table.view().practice is not None and table.view().practice.done  # type: ignore[union-attr]
    other = table.legal_moves()[0]
    assert table.move(other) == other  # the practice is done: moves are the player's own again


def test_the_practice_goes_on_the_games_own_record_and_clock(won_line, blunder) -> None:
    clock = FakeClock()
    game = blundered(won_line, blunder, clock)
    clock.now += 120
    table, _ = reviewed(game)
    table.practice(seconds=60, nodes=NODES)
    assert table.game.code == DEAL and table.game.move_count == sum(
        not action.is_reshuffle for action in game.actions[: blunder[0]]
    )
    assert table.game.elapsed == pytest.approx(game.elapsed), "the clock goes on, it does not start again"


def test_try_it_keeps_the_clock_going(won_line, blunder) -> None:
    clock = FakeClock()
    game = blundered(won_line, blunder, clock)
    clock.now += 300
    table, _ = reviewed(game)
    table.review_try()
    shown = game.elapsed
    assert table.game.elapsed == pytest.approx(shown) and shown >= 300 and table.view().clock_running
    clock.now += 10
    assert table.game.elapsed == pytest.approx(shown + 10)


def test_a_practice_from_a_position_text_finds_its_own_win(won_line) -> None:
    start = Game(DEAL)
    for action in won_line[:40]:
        start.move(action)
    table = Table(lang="en")
    state = table.practice(start.position(), seconds=60, nodes=300_000)
    assert table.game.position() == start.position() == state.position
    assert table.game.code is None  # a position handed over, with no deal behind it
    assert table.view().note == "Practice: find a move that keeps the win (3 tries)."
    line = solve(Game.from_position(state.position), nodes=300_000).line
    assert table.move(line[0]) == line[0]  # the solver's own line keeps the win
    assert table.view().practice is not None and table.view().practice.done  # type: ignore[union-attr]
    again = table.practice(start, seconds=60, nodes=300_000)  # a Game works as well
    assert again.position == state.position and again.tries == 0


Steps = Generator[None, None, SolveResult]
# Every card home but 2♠ (pile 1) and A♠ (pile 2): 1-F5 then 2-F5 wins; A♠ onto 2♠ (2-1) loses.
TWO_SPADES = "2S/AS////////////// KS/KH/KC/KD/3S/AH/AC/AD 0 N"


def test_a_handed_over_position_whose_win_is_not_found_at_once_is_practised_all_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class SlowStart(Solving):
        """The first search of the position handed over finds nothing (its budget spent)."""

        def steps(
            self, *, seconds: float | None = None, nodes: int | None = None
        ) -> Generator[None, None, SolveResult]:
            if self.game.position() == TWO_SPADES and not getattr(self, "stalled", False):
                self.stalled = True
                yield
                return SolveResult("unknown", (), 0, seconds or 0.0, 0)
            return (yield from super().steps(seconds=seconds, nodes=nodes))

    monkeypatch.setattr(api, "Solving", SlowStart)
    table = Table(lang="en")
    state = table.practice(TWO_SPADES, nodes=NODES)
    assert (state.tries, state.better, state.done) == (0, "", False)  # no win known yet: it starts anyway
    assert table.move("2-1") is None  # lost after it; the same search then finds the position's win
    view = table.view()
    assert "(2-1) throws the win away: " in view.note and view.note_tone == "wrong"
    for _ in range(TRIES - 1):
        table.move("2-1")
    view = table.view()
    assert view.practice is not None and view.practice.better == view.hint_move != ""
    assert table.move(view.hint_move) is not None and table.view().note.startswith("Right: ")


def finding_nothing_at(position: str) -> type[Solving]:
    """The solver's search, but out of time at once on ``position`` (a judge that cannot tell)."""

    class NothingFound(Solving):
        def steps(
            self, *, seconds: float | None = None, nodes: int | None = None
        ) -> Generator[None, None, SolveResult]:
            if self.game.position() == position:
                yield
                return SolveResult("unknown", (), 0, seconds or 0.0, 0)
            return (yield from super().steps(seconds=seconds, nodes=nodes))

    return NothingFound


def test_a_try_with_no_win_known_and_none_found_cannot_be_told(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(api, "Solving", finding_nothing_at(TWO_SPADES))
    table = Table(lang="en")
    table.practice(TWO_SPADES, nodes=NODES)
    for _ in range(TRIES):
        table.move("2-1")
    note = table.view().note
    assert "could not tell in time whether A♠" in note and "shows no better move" in note
    assert table.view().hint_move == ""


@pytest.mark.parametrize(
    ("evidence", "claim"), [(Evidence(0.2, 8.0), "probable"), (Evidence(3.0, 4.0), "possible")], ids=["strong", "thin"]
)
def test_a_try_of_the_reviews_own_unproven_move_gets_the_reviews_evidence(
    won_line, blunder, monkeypatch: pytest.MonkeyPatch, evidence: Evidence, claim: str
) -> None:
    """A review that named its move from evidence: trying that very move, whose judge finds no
    win in time, is told what the review found (probable or possible, as the review said it),
    not "could not tell"."""
    game = blundered(won_line, blunder)
    real_review = review_module.review

    def named_from_evidence(*args: object, **options: object) -> Review:
        found = real_review(*args, **options)  # type: ignore[arg-type]
        return dataclasses.replace(found, mistake_proven=False, evidence=evidence)

    monkeypatch.setattr(review_module, "review", named_from_evidence)
    table = Table.from_game(game, lang="en")
    found = table.review(seconds=30)
    assert found.better is not None and not found.mistake_proven
    named = game.actions[found.better.position]
    after = game.rewound(found.better.position)
    after.move(named)
    monkeypatch.setattr(api, "Solving", finding_nothing_at(after.position()))
    table.practice(nodes=NODES)
    table.move(named)
    note = table.view().note
    searched = seconds_text(evidence.searched, "en")
    assert f"the move the review named as your {claim} mistake: after it, {searched} of search found no win" in note
    assert "could not tell" not in note
    assert table.game.position() == game.rewound(found.better.position).position()  # taken back


def test_practice_refusals_change_nothing(won_line, blunder) -> None:
    table = Table(DEAL, lang="en")
    with pytest.raises(IllegalMoveError) as refused:
        table.practice()
    assert refused.value.reason == "nothing_to_practise"
    assert (
        table.view().message == "Review a lost game first: practice starts just before the move that threw the win away"
    )
    lost = play_on(blundered(won_line, blunder), 400)
    assert lost.status == "blocked"  # proven lost: no win to keep
    before = table.game.position()
    with pytest.raises(IllegalMoveError) as refused:
        table.practice(lost.position(), nodes=NODES)
    assert refused.value.reason == "practice_no_win" and table.game.position() == before
    with pytest.raises(InvalidPositionError):
        table.practice("not a position")
    with pytest.raises(ArgumentTypeError):
        table.practice(42)  # type: ignore[arg-type]
    assert table.game.position() == before


def test_a_face_down_position_is_not_practised() -> None:
    face_down = Game("CR1-H-AAAAAAD")
    table = Table(lang="en")
    for position in (face_down, face_down.position()):
        with pytest.raises(IllegalMoveError) as refused:
            table.practice(position, nodes=NODES)
        assert refused.value.reason == "practice_hidden"
    assert table.view().message.startswith("Some cards of this position are face down")


def test_a_won_games_review_offers_no_practice(won_line) -> None:
    game = Game(DEAL)
    for action in won_line:
        game.move(action)
    table = Table.from_game(game, lang="en")
    table.review(seconds=4)
    replay = table.view().replay
    assert replay is not None and not replay.practice
    with pytest.raises(IllegalMoveError) as refused:
        table.practice()
    assert refused.value.reason == "nothing_to_practise"


def test_a_try_is_judged_in_the_background_on_a_board(won_line, blunder) -> None:
    table, _ = reviewed(blundered(won_line, blunder))
    table.background = True
    table.practice(seconds=60, nodes=NODES)
    named = Move.parse(blunder[1])
    assert table.move(named) is None
    assert table.wait_search(60)
    assert table.view().practice is not None and table.view().practice.tries == 1  # type: ignore[union-attr]


def test_the_board_offers_practice_in_the_review_and_shows_it(won_line, blunder) -> None:
    w = CrescentWidget.from_game(blundered(won_line, blunder), lang="en")
    w.review(seconds=30)
    assert w.replay_state["practice"] is True
    assert {"practice", "practice_title", "practice_tries", "practice_copy"} <= set(w.labels)
    intent(w, "practice")
    assert w.replay_state == {} and w.practice_state["tries"] == 0 and w.practice_state["most"] == 3
    assert w.practice_state["position"] == w.game.position()
    assert w.practice_state["query"].startswith("position=") and w.practice_state["query"].endswith("&task=keep")
    w.new_game()
    assert w.practice_state == {}  # another game: the practice is gone


def test_the_terminal_practises_after_its_review(won_line, blunder) -> None:
    at, move, _ = blunder
    table = Table.from_game(blundered(won_line, blunder), lang="en")
    lines = iter(["review", "practice", move, "q"])
    out: list[str] = []
    play(table, lambda prompt: next(lines), out.append)
    said = "\n".join(out)
    assert "At move " in said and "Practice: find a move that keeps the win, instead of move " in said
    assert f"({move}) throws the win away: it is the move the review named as the mistake." in said
    assert [str(action) for action in table.game.actions] == list(won_line[:at])
