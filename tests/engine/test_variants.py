"""The literature's variants: Crescent Four (F) and the face-down deal (H)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crescent_widget import Game, IllegalMoveError, InvalidCodeError, InvalidPositionError
from crescent_widget.engine.codes import DEAL_COUNT
from helpers import FakeClock, card_multiset


@given(st.integers(0, DEAL_COUNT - 1))
@settings(max_examples=30)
def test_the_same_deal_number_gives_the_same_cards_in_every_variant(number: int) -> None:
    games = [Game.from_number(number, variant) for variant in "NFH"]
    assert games[0]._piles == games[1]._piles == games[2]._piles
    assert [g.code[4] for g in games if g.code] == ["N", "F", "H"]


def test_the_code_picks_the_variant() -> None:
    assert Game("cr1-f-aaaaaab").variant == "F"
    assert Game("CR1-H-AAAAAAB").code == "CR1-H-AAAAAAB"
    assert Game(variant="H").variant == "H"
    assert Game().variant == "N"
    with pytest.raises(InvalidCodeError, match="variant N, not 'H'"):
        Game("CR1-N-AAAAAAB", variant="H")


def test_crescent_four_allows_a_fourth_reshuffle() -> None:
    game = Game("CR1-F-AAAAAAB")
    assert game.reshuffles_left == 4
    for _ in range(4):
        game.reshuffle()
    with pytest.raises(IllegalMoveError) as refused:
        game.reshuffle()
    assert refused.value.reason == "no_reshuffles"


def test_the_standard_game_still_allows_three() -> None:
    piles = [[c.ascii for c in p] for p in Game("CR1-N-AAAAAAB").piles]
    bases = [["AS"], ["AH"], ["AC"], ["AD"], ["KS"], ["KH"], ["KC"], ["KD"]]
    with pytest.raises(InvalidPositionError, match="reshuffles_left"):
        Game.from_layout(piles, bases, 4)
    assert Game.from_layout(piles, bases, 4, variant="F").reshuffles_left == 4


def test_face_down_deal_shows_only_the_top_cards() -> None:
    game = Game("CR1-H-AAAAAAB")
    standard = Game("CR1-N-AAAAAAB")
    for number in range(1, 17):
        assert game.pile(number) == standard.pile(number)[-1:]
        assert (game.pile_size(number), game.face_down(number)) == (6, 5)


def test_an_uncovered_card_turns_face_up_and_undo_hides_it_again() -> None:
    game = Game("CR1-H-AAAAAAB")
    standard = Game("CR1-N-AAAAAAB")
    game.move(13, 14)
    assert game.pile(13) == standard.pile(13)[-2:-1]  # 9♦, now face up
    assert game.face_down(13) == 4
    assert game.pile(14)[-1] == standard.pile(13)[-1]  # A♠ on top of K♠
    game.undo()
    assert game.face_down(13) == 5 and game.pile(13) == standard.pile(13)[-1:]


def test_a_reshuffle_brings_a_face_down_card_to_the_top_face_up() -> None:
    game = Game("CR1-H-AAAAAAB")
    standard = Game("CR1-N-AAAAAAB")
    bottoms = [standard.pile(n)[0] for n in range(1, 17)]
    game.reshuffle()
    for number in range(1, 17):
        assert game.pile(number)[-1] == bottoms[number - 1]
        assert game.face_down(number) == 4
        assert len(game.pile(number)) == 2


def test_face_down_cards_never_reach_the_text_svg_or_save() -> None:
    game = Game("CR1-H-AAAAAAB")
    data = json.loads(json.dumps(game.to_dict()))
    assert [len(p) for p in data["piles"]] == [1] * 16
    assert data["face_down"] == [5] * 16
    visible = {c.text("en") for p in game.piles for c in p} | {c.text("en") for f in game.foundations for c in f}
    shown = {token for token in str(game).split() if token[-1] in "♠♥♣♦"}
    assert shown <= visible
    assert game.svg().count("<title>") == 16 + 8


def test_face_down_save_round_trips() -> None:
    game = Game("CR1-H-AAAAAAB", clock=FakeClock())
    game.move(13, 14)
    game.reshuffle()
    restored = Game.from_dict(json.loads(json.dumps(game.to_dict())))
    assert restored.piles == game.piles
    assert [restored.face_down(n) for n in range(1, 17)] == [game.face_down(n) for n in range(1, 17)]


def test_face_down_layouts_are_validated() -> None:
    game = Game("CR1-N-AAAAAAB")
    piles = [[c.ascii for c in p] for p in game.piles]
    bases = [["AS"], ["AH"], ["AC"], ["AD"], ["KS"], ["KH"], ["KC"], ["KD"]]
    custom = Game.from_layout(piles, bases, variant="H", face_down=[3] * 16)
    assert len(custom.pile(1)) == 3
    with pytest.raises(InvalidPositionError, match="face_down"):
        Game.from_layout(piles, bases, variant="H", face_down=[6] * 16)  # a top card must show
    with pytest.raises(InvalidPositionError, match="variant H"):
        Game.from_layout(piles, bases, face_down=[1] * 16)
    with pytest.raises(InvalidPositionError, match="16 counts"):
        Game.from_layout(piles, bases, variant="H", face_down=[1] * 3)


@given(st.integers(0, DEAL_COUNT - 1), st.lists(st.integers(0, 99), max_size=80))
@settings(max_examples=40, deadline=None)
def test_random_play_in_the_face_down_deal_conserves_cards_and_hides_only_below_the_top(
    number: int, picks: list[int]
) -> None:
    game = Game.from_number(number, "H")
    for pick in picks:
        moves = game.legal_moves()
        if pick % 10 == 0 and game.can_undo():
            game.undo()
        elif pick % 13 == 0 and game.reshuffles_left:
            game.reshuffle()
        elif moves:
            game.move(moves[pick % len(moves)])
        hidden = sum(game.face_down(n) for n in range(1, 17))
        shown = sum(len(p) for p in game.piles) + sum(len(f) for f in game.foundations)
        assert hidden + shown == 104
        for n in range(1, 17):
            assert game.pile_size(n) == 0 or game.face_down(n) < game.pile_size(n)
    assert sum(card_multiset(Game.from_number(number, "N")).values()) == 104
