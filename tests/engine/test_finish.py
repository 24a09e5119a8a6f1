"""Finish ("Dokończ"): offered exactly when the rest is a plain run of foundation moves.

The decision lives in one place, :func:`crescent_widget.engine.endgame.finishing_run`; the Table
offers it in its view, plays it whole (:meth:`Table.finish`) or a move at a time
(:meth:`Table.finish_step`, what the board's button sends), and the widget mirrors it.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crescent_widget import CrescentWidget, Game, IllegalMoveError
from crescent_widget.engine.endgame import finishing_run
from crescent_widget.table import Table
from crescent_widget.words.i18n import message
from widget_support import DEAL, intent, send

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def hearts_to_go(piles: dict[int, list[str]], variant: str = "N", face_down: list[int] | None = None) -> Game:
    """Every card home but 10♥ J♥ Q♥ K♥ of the rising hearts foundation (F2), laid on ``piles``."""
    foundations = [[r + s for r in RANKS] for s in "SHCD"] + [[r + s for r in reversed(RANKS)] for s in "SHCD"]
    foundations[1] = foundations[1][:9]
    layout = [piles.get(n, []) for n in range(1, 17)]
    return Game.from_layout(layout, foundations, variant=variant, face_down=face_down)


FINISHABLE = {1: ["JH", "10H"], 2: ["KH", "QH"]}  # 10♥ then J♥ from pile 1, then Q♥, K♥ from pile 2
NOT_FINISHABLE = {1: ["10H", "JH"], 2: ["KH", "QH"]}  # J♥ covers 10♥: a pile move (J♥ onto Q♥) is needed


def test_a_plain_run_of_foundation_moves_is_found_in_order() -> None:
    game = hearts_to_go(FINISHABLE)
    assert [str(m) for m in finishing_run(game)] == ["1-F2", "1-F2", "2-F2", "2-F2"]
    assert game.move_count == 0 and game.status == "playing"  # the check plays on a copy


def test_no_run_when_a_pile_move_is_needed_the_game_is_over_or_cards_are_face_down() -> None:
    blocked_by_order = hearts_to_go(NOT_FINISHABLE)
    assert blocked_by_order.status == "playing" and finishing_run(blocked_by_order) == ()
    assert finishing_run(Game(DEAL)) == ()
    won = hearts_to_go(FINISHABLE)
    for move in finishing_run(won):
        won.move(move)
    assert won.status == "won" and finishing_run(won) == ()
    # Same cards, the face-down deal with J♥ face down under 10♥: the run exists, but
    # offering it would tell the player what the hidden card is.
    hidden = hearts_to_go(FINISHABLE, variant="H", face_down=[1] + [0] * 15)
    assert finishing_run(hidden) == ()


def wins_by_foundation_moves(game: Game) -> bool:
    """Brute force: does SOME order of pile-to-foundation moves win? (Small positions only.)"""
    if game.status == "won":
        return True
    for move in game.legal_moves():
        if move.src.is_pile and move.dst.is_foundation:
            trial = game.copy()
            trial.move(move)
            if wins_by_foundation_moves(trial):
                return True
    return False


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 7), st.integers(0, 15)), min_size=1, max_size=9),
    st.lists(st.tuples(st.integers(0, 99), st.integers(0, 99)), max_size=2),
)
def test_a_run_is_offered_exactly_when_some_order_of_foundation_moves_wins(
    takes: list[tuple[int, int]], swaps: list[tuple[int, int]]
) -> None:
    """End positions made by taking cards off full foundations onto piles (each has a run),
    then perhaps swapping two pile cards (which may spoil it): the greedy run is offered
    exactly when a brute-force search over every order finds a win, and it wins."""
    foundations = [[r + s for r in RANKS] for s in "SHCD"] + [[r + s for r in reversed(RANKS)] for s in "SHCD"]
    piles: list[list[str]] = [[] for _ in range(16)]
    for foundation, pile in takes:
        if len(foundations[foundation]) > 1 and len(piles[pile]) < 13:
            piles[pile].append(foundations[foundation].pop())
    slots = [(p, i) for p in range(16) for i in range(len(piles[p]))]
    for a, b in swaps:
        (pa, ia), (pb, ib) = slots[a % len(slots)], slots[b % len(slots)]
        piles[pa][ia], piles[pb][ib] = piles[pb][ib], piles[pa][ia]
    game = Game.from_layout(piles, foundations)
    run = finishing_run(game)
    assert bool(run) == wins_by_foundation_moves(game)
    if not swaps:
        assert run, "taking cards off the foundations always leaves a run back"
    for move in run:
        assert move.src.is_pile and move.dst.is_foundation
        game.move(move)
    assert not run or game.status == "won"


def test_table_offers_finish_and_plays_it_whole() -> None:
    table = Table.from_game(hearts_to_go(FINISHABLE), lang="en")
    assert table.view().can_finish
    seen: list[str] = []
    table.on_move(lambda move: seen.append(str(move)))
    played = table.finish()
    assert [str(m) for m in played] == seen == ["1-F2", "1-F2", "2-F2", "2-F2"]
    view = table.view()
    assert view.status == "won" and not view.can_finish and view.move_count == 4


def test_finish_step_plays_one_move_and_undo_takes_it_back() -> None:
    table = Table.from_game(hearts_to_go(FINISHABLE))
    assert str(table.finish_step()) == "1-F2"
    assert table.view().can_finish and table.view().piles[0] == ("JH", 1)
    table.undo()
    assert table.view().piles[0] == ("10H", 2) and table.view().can_finish


def test_finish_is_refused_when_not_offered_and_changes_nothing() -> None:
    table = Table.from_game(hearts_to_go(NOT_FINISHABLE), lang="pl")
    assert not table.view().can_finish
    with pytest.raises(IllegalMoveError) as refused:
        table.finish()
    assert refused.value.reason == "nothing_to_finish"
    assert table.view().message == message("nothing_to_finish", "pl") and table.view().move_count == 0
    with pytest.raises(IllegalMoveError):
        table.finish_step()


def test_no_finish_during_a_replay() -> None:
    table = Table.from_game(hearts_to_go(FINISHABLE))
    table.replay(["1-F2"])
    assert not table.view().can_finish
    with pytest.raises(IllegalMoveError) as refused:
        table.finish()
    assert refused.value.reason == "replay_active"


def test_widget_mirrors_can_finish_and_the_board_steps_through_it() -> None:
    w = CrescentWidget.from_game(hearts_to_go(FINISHABLE))
    assert w.can_finish
    seen: list[str] = []
    w.on_move(lambda move: seen.append(str(move)))
    for count in range(1, 5):
        intent(w, "finish")
        assert w.move_count == count
    assert seen == ["1-F2", "1-F2", "2-F2", "2-F2"]
    assert w.status == "won" and not w.can_finish
    # A stale finish intent (made against an older revision) changes nothing.
    w.undo()
    send(w, {"type": "finish", "rev": w.rev - 1})
    assert w.move_count == 3


def test_widget_finish_from_code() -> None:
    w = CrescentWidget.from_game(hearts_to_go(FINISHABLE))
    assert [str(m) for m in w.finish()] == ["1-F2", "1-F2", "2-F2", "2-F2"]
    assert w.status == "won" and not w.can_finish
    w2 = CrescentWidget(DEAL)
    assert not w2.can_finish
    with pytest.raises(IllegalMoveError):
        w2.finish()
