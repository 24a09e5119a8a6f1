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
    return set(game.legal_actions())


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
        if pick % 7 == 0 and game.can_undo():
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


def layout(foundations: list[list[str]], first_piles: list[list[str]]) -> Game:
    """A position with these foundations and first piles; every other card dealt round the rest."""
    from crescent_widget.engine.cards import ASCII_TEXT

    left = [text for text in ASCII_TEXT for _ in range(2)]
    for card in [c for f in foundations for c in f] + [c for p in first_piles for c in p]:
        left.remove(card)
    piles = [list(p) for p in first_piles] + [[] for _ in range(16 - len(first_piles))]
    for n, card in enumerate(left):
        piles[len(first_piles) + n % (16 - len(first_piles))].insert(0, card)  # under the tops given
    return Game.from_layout(piles, foundations)


BASES = [["AS"], ["AH"], ["AC"], ["AD"], ["KS"], ["KH"], ["KC"], ["KD"]]


def test_a_full_pile_takes_nothing_but_gives_its_top() -> None:
    full = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "4S", "5S"]
    game = layout(BASES, [full, ["6S"]])
    legal = LegalActions(game)
    assert game.pile_size(1) == 13 and followed(legal) == legal_now(game)
    assert Move(1, 2) in legal.moves() and Move(2, 1) not in legal.moves()
    legal.update(game, game.move(1, 2))  # no longer full: it takes 5S back onto 4S
    assert Move(2, 1) in legal.moves() and followed(legal) == legal_now(game)


def test_foundations_of_one_suit_pass_cards_both_ways() -> None:
    hearts_up = ["AH", "2H", "3H", "4H", "5H", "6H"]
    hearts_down = ["KH", "QH", "JH", "10H", "9H", "8H", "7H"]
    game = layout([["AS"], hearts_up, ["AC"], ["AD"], ["KS"], hearts_down, ["KC"], ["KD"]], [])
    legal = LegalActions(game)
    shuttles = {Move.parse("F2-F6"), Move.parse("F6-F2")}
    assert shuttles <= set(legal.moves()) and followed(legal) == legal_now(game)
    for _ in range(6):  # every heart but the King over to F2: F6's base stays
        legal.update(game, game.move(Move.parse("F6-F2")))
        assert followed(legal) == legal_now(game)
    assert game.foundation("F6") == (game.top("F6"),) and Move.parse("F6-F2") not in legal.moves()
    legal.update(game, game.move(Move.parse("F2-F6")))
    assert followed(legal) == legal_now(game) and shuttles <= set(legal.moves())
