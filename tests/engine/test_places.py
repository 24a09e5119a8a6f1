"""One numbering for places: a Place is the int it means (piles 1-16, F1-F8 17-24)."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crescent_widget import RESHUFFLE, Game, InvalidMoveError, Move
from crescent_widget.engine.moves import ANY_FOUNDATION, FIRST_FOUNDATION, RESHUFFLE_PLACE, Place, parse_place

START = "CR1-N-AAAAAAB"


def test_a_move_from_pile_13_has_source_13() -> None:
    move = Move.parse("13-14")
    assert move.src == 13 and move.dst == 14
    assert move.src != 12
    assert move == Move(13, 14) == (13, 14)


def test_filtering_legal_moves_by_source_number_selects_that_pile() -> None:
    game = Game(START)
    for number in range(1, 17):
        from_pile = [m for m in game.legal_moves() if m.src == number]
        assert from_pile == [m for m in game.legal_moves() if str(m).startswith(f"{number}-")]
    assert [str(m) for m in game.legal_moves() if m.src == 3] == ["3-F7", "3-1", "3-7"]


def test_a_move_source_goes_straight_back_into_the_api() -> None:
    game = Game(START)
    move = Move.parse("13-14")
    assert game.top(move.src) == game.top(13) == game.pile(13)[-1]
    assert game.top(move.dst) == game.top(14)
    assert game.pile_size(move.src) == game.pile_size(13)


def test_foundations_are_17_to_24_with_engine_indices_16_to_23() -> None:
    f1 = Place.parse("F1")
    assert f1 == 17 and f1.index == 16 and f1 == FIRST_FOUNDATION
    assert [int(Place.parse(f"F{n}")) for n in range(1, 9)] == list(range(17, 25))
    assert [Place.parse(f"F{n}").index for n in range(1, 9)] == list(range(16, 24))
    assert Place.parse("13").index == 12 and Place.from_index(12) == 13
    assert ANY_FOUNDATION == 25 and ANY_FOUNDATION.index == 24 and ANY_FOUNDATION.is_foundation
    assert RESHUFFLE_PLACE == 0 and bool(RESHUFFLE_PLACE) and str(RESHUFFLE_PLACE) == "R"


def test_names_and_reprs_are_unchanged() -> None:
    assert str(Place.parse("13")) == "13" and repr(Place.parse("13")) == "Place.parse('13')"
    assert str(Place.parse("f1")) == "F1" and repr(Place.parse("F")) == "Place.parse('F')"
    assert repr(Move.parse("13-f1")) == "Move.parse('13-F1')"


def test_every_place_is_truthy() -> None:
    assert all(Place.from_index(i) for i in range(-1, 25))


def test_a_plain_17_is_refused_foundations_are_named() -> None:
    with pytest.raises(InvalidMoveError, match=r"no such place: 17 \(piles are 1-16, foundations F1-F8\)"):
        parse_place(17)
    game = Game(START)
    with pytest.raises(InvalidMoveError, match="no such place: 17"):
        game.top(17)
    with pytest.raises(InvalidMoveError):
        game.move(Move(13, 17))
    assert game.move_count == 0
    assert game.top(Place.parse("F1")) == game.top("F1") == game.foundation("F1")[-1]


def test_from_index_refuses_indices_no_place_has() -> None:
    for index in (-2, 25, 100):
        with pytest.raises(InvalidMoveError, match="no place has index"):
            Place.from_index(index)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 60))
def test_the_top_of_a_move_source_is_the_card_that_moves(seed: int, steps: int) -> None:
    game = Game.from_number(seed % 1000 + 1)
    for step in range(steps):
        moves = game.legal_moves()
        if not moves:
            break
        for move in moves:
            card = game.top(move.src)
            assert card is not None
            trial = game.copy()
            trial.move(move)
            assert trial.top(move.dst) == card
        game.move(moves[(seed + step) % len(moves)])


def test_a_place_outside_the_table_is_refused_when_built() -> None:
    assert Place(13) is Place.parse("13") and Place(17) is Place.parse("F1") and Place(0).name == "R"
    for number in (-1, 26, True, "13", 13.0):
        with pytest.raises(InvalidMoveError, match="no place is numbered"):
            Place(number)  # type: ignore[arg-type]
    # int.__new__ bypasses every constructor: a Move still refuses such a place, and names it.
    with pytest.raises(InvalidMoveError, match="no such place: 30"):
        Move(int.__new__(Place, 30), 14)


def test_places_and_moves_pickle_as_themselves() -> None:
    move = Move.parse("13-F1")
    again = pickle.loads(pickle.dumps(move))
    assert again == move and again.src is move.src and again.dst is move.dst
    assert pickle.loads(pickle.dumps(RESHUFFLE)) is RESHUFFLE
