"""Numbered actions and LegalActions, the legal moves followed one place at a time, against Game."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crescent_widget import RESHUFFLE, Game, InvalidMoveError, Move
from crescent_widget.engine.legal import ACTION_COUNT, RESHUFFLE_ACTION, LegalActions, action_move, action_number


def test_every_action_number_names_one_move_and_back() -> None:
    moves = [action_move(n) for n in range(ACTION_COUNT)]
    assert len(set(moves)) == ACTION_COUNT and moves[RESHUFFLE_ACTION] == RESHUFFLE
    assert all(action_number(move) == n for n, move in enumerate(moves))
    assert action_move(24 * 12 + 16) == Move.parse("13-F1")


@pytest.mark.parametrize("bad", [-1, ACTION_COUNT, True, 3.0, "5"])
def test_a_number_outside_the_actions_is_refused(bad: object) -> None:
    with pytest.raises(InvalidMoveError):
        action_move(bad)  # type: ignore[arg-type]


def test_the_any_foundation_shorthand_has_no_number() -> None:
    with pytest.raises(InvalidMoveError, match="concrete"):
        action_number(Move.parse("13-F"))
    with pytest.raises(InvalidMoveError):
        action_number("13-14")  # type: ignore[arg-type]


def legal_now(game: Game) -> set[Move]:
    return set(game.legal_moves()) | ({RESHUFFLE} if game.check("R") is None else set())


def followed(legal: LegalActions) -> set[Move]:
    return set(legal.moves()) | ({RESHUFFLE} if legal.bits[RESHUFFLE_ACTION] else set())


@settings(max_examples=300)
@given(
    deal=st.integers(0, 26**7 - 1),
    variant=st.sampled_from("NFH"),
    seed=st.integers(0, 2**32),
    steps=st.integers(1, 400),
)
def test_legal_actions_follow_every_move_reshuffle_and_undo(deal: int, variant: str, seed: int, steps: int) -> None:
    game = Game.from_number(deal, variant)
    legal = LegalActions(game)
    assert followed(legal) == legal_now(game)
    rng = random.Random(seed)
    for pick in (rng.randrange(10**6) for _ in range(steps)):
        actions = sorted(legal_now(game))
        if not actions:
            break
        if pick % 7 == 0 and game.can_undo:
            undone = game.undo()
            legal.update(game, Move(undone.dst, undone.src))  # undo touches the same two places
        else:
            legal.update(game, game.move(actions[pick % len(actions)]))
        assert followed(legal) == legal_now(game)
        assert (legal.pile_moves > 0) == any(m.src.is_pile for m in game.legal_moves())
        assert [legal.size(i) for i in range(24)] == list(game.sizes)
        assert [legal.top(i) for i in range(24)] == [-1 if c is None else c.index for c in game.tops]


def test_refresh_reads_a_position_changed_behind_its_back() -> None:
    game = Game.from_number(1)
    legal = LegalActions(game)
    game.move(game.legal_moves()[0])
    game.move("R")
    legal.refresh(game)
    assert followed(legal) == legal_now(game)
