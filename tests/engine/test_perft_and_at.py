"""Game.perft (counts of action sequences, as chess engines pin their move generators) and Game.at.

The pins are counted here a second way, naively through the public API (``legal_actions``,
``copy``, ``move``), so the engine's own count (bulk counting, transpositions, tuples of
card ints) is checked against code that shares none of it.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crescent_widget import Game
from crescent_widget.errors import ArgumentTypeError, InvalidOptionError
from random_states import random_state, to_game

# Deal 1's counts, depths 0-5, counted naively (the same table as docs/rules/en.md).
DEAL_1 = [1, 16, 220, 2649, 28757, 292604]


def naive_perft(game: Game, depth: int) -> int:
    """Every sequence played out, one copy per action: the definition, with nothing clever."""
    if depth == 0:
        return 1
    total = 0
    for action in game.legal_actions():
        child = game.copy()
        child.move(action)
        total += naive_perft(child, depth - 1)
    return total


def test_deal_1_small_depths_are_pinned_and_agree_with_the_naive_count() -> None:
    game = Game.from_number(1)
    assert [naive_perft(game, depth) for depth in range(5)] == DEAL_1[:5]
    assert [game.perft(depth) for depth in range(6)] == DEAL_1


def test_perft_1_is_the_number_of_legal_actions_and_the_game_is_left_as_it_was() -> None:
    game = Game.from_number(7, "H")
    game.move(game.legal_moves()[0])
    before, revision = game.position(), game.revision
    assert game.perft(1) == len(game.legal_actions())
    assert game.perft(3) == naive_perft(game, 3)
    assert (game.position(), game.revision) == (before, revision)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 10**6), st.sampled_from("NFH"), st.integers(0, 60), st.integers(0, 2**32))
def test_perft_agrees_with_the_naive_count_along_random_games(deal: int, variant: str, plies: int, seed: int) -> None:
    rng = random.Random(seed)
    game = Game.from_number(deal, variant)
    for _ in range(plies):
        actions = game.legal_actions()
        if not actions:
            break
        game.move(rng.choice(actions))
    assert game.perft(3) == naive_perft(game, 3)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32))
def test_perft_agrees_with_the_naive_count_on_endgames_shuttles_and_reshuffles(seed: int) -> None:
    state, tops = random_state(random.Random(seed))
    game = to_game(state, tops)  # foundations joined, overlapped or complete; 0-3 reshuffles
    assert game.perft(3) == naive_perft(game, 3)


def test_a_won_game_has_one_sequence_of_length_0_and_none_longer() -> None:
    ranks = ["A", *map(str, range(2, 11)), "J", "Q", "K"]
    ascending = [[f"{rank}{suit}" for rank in ranks] for suit in "SHCD"]
    descending = [[f"{rank}{suit}" for rank in reversed(ranks)] for suit in "SHCD"]
    game = Game.from_layout([[] for _ in range(16)], ascending + descending, reshuffles_left=3)
    assert game.status == "won"
    assert [game.perft(depth) for depth in range(4)] == [1, 0, 0, 0] == [naive_perft(game, d) for d in range(4)]


def test_perft_refuses_a_depth_that_is_not_a_count() -> None:
    game = Game.from_number(1)
    with pytest.raises(InvalidOptionError):
        game.perft(-1)
    for bad in ("2", 2.0, True, None):
        with pytest.raises(ArgumentTypeError):
            game.perft(bad)  # type: ignore[arg-type]


# ---------------------------------------------------------------- Game.at


def test_at_gives_the_game_after_its_first_actions_reshuffles_counted() -> None:
    game = Game.from_number(3)
    rng = random.Random(3)
    for _ in range(80):
        actions = game.legal_actions()
        if not actions:
            break
        game.move(rng.choice(actions))
    for i in range(len(game.actions) + 1):
        start = game.root()
        for action in game.actions[:i]:
            start.move(action)
        at = game.at(i)
        assert at == start and at.actions == game.actions[:i] and at.code == game.code
    assert game.at(len(game.actions)) == game and game.at(0) == game.root()


def test_at_keeps_the_face_down_deal_and_a_layout_start() -> None:
    hidden = Game.from_number(5, "H")
    hidden.move(hidden.legal_moves()[0])
    assert hidden.at(0).face_down(1) == 5 and hidden.at(1) == hidden
    custom = Game.from_position(Game.from_number(2).position())
    custom.move(custom.legal_moves()[0])
    assert custom.at(0) == Game.from_number(2) and custom.at(1) == custom and custom.at(1).code is None


def test_at_refuses_a_position_the_game_does_not_have_and_changes_nothing() -> None:
    game = Game.from_number(1)
    game.move("13-14")
    for bad in (-1, 2, 10**30):
        with pytest.raises(InvalidOptionError):
            game.at(bad)
    for wrong in ("1", 1.0, True, None):
        with pytest.raises(ArgumentTypeError):
            game.at(wrong)  # type: ignore[arg-type]
    assert game.move_count == 1 and [str(a) for a in game.actions] == ["13-14"]
