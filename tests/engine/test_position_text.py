"""The position text (Game.position / Game.from_position), equality by position, and legal_actions."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crescent_widget import RESHUFFLE, Game, InvalidPositionError


def _played(deal: int, variant: str, seed: int, steps: int) -> Game:
    """A game of random legal actions (reshuffles included) with undos between them."""
    game = Game.from_number(deal, variant)
    rng = random.Random(seed)
    for _ in range(steps):
        actions = game.legal_actions()
        if not actions:
            break
        if rng.random() < 0.1 and game.check_undo() is None:
            game.undo()
        else:
            game.move(rng.choice(actions))
    return game


@settings(max_examples=200, deadline=None)
@given(
    deal=st.integers(0, 26**7 - 1),
    variant=st.sampled_from("NFH"),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 300),
)
def test_the_position_text_round_trips_and_equality_follows_it(deal: int, variant: str, seed: int, steps: int) -> None:
    game = _played(deal, variant, seed, steps)
    text = game.position()
    again = Game.from_position(text)
    assert again.position() == text and again == game and hash(again) == hash(game)
    assert again.piles == game.piles and again.foundations == game.foundations
    assert [again.face_down(n) for n in range(1, 17)] == [game.face_down(n) for n in range(1, 17)]
    assert (again.reshuffles_left, again.variant, again.status) == (game.reshuffles_left, game.variant, game.status)
    assert again.position_key == game.position_key and again.legal_actions() == game.legal_actions()
    assert again.code is None and again.move_count == 0  # the history is not part of a position
    assert text.split()[2:] == [str(game.reshuffles_left), variant] and "\n" not in text
    assert game.legal_actions() == game.legal_moves() + ([RESHUFFLE] if game.check("R") is None else [])


def test_a_game_equals_its_copy_and_its_position_not_its_history() -> None:
    game = Game("CR1-N-AAAAAAB")
    start = game.copy()
    assert game == start and hash(game) == hash(start) and len({game, start}) == 1
    game.move("13-14")
    assert game != start
    game.undo()
    assert game == start and game.revision != start.revision  # what happened in between is not compared
    assert game == Game.from_position(start.position()) and game.code != Game.from_position(start.position()).code
    assert game.__eq__("CR1-N-AAAAAAB") is NotImplemented and game != start.position()


def test_the_variant_and_the_reshuffles_left_are_part_of_the_position() -> None:
    standard = Game("CR1-N-AAAAAAB")
    text = standard.position()
    four = Game.from_position(text[:-1] + "F")
    assert four != standard and four.reshuffles_left == standard.reshuffles_left == 3
    fewer = Game.from_position(text.replace(" 3 N", " 2 N"))
    assert fewer != standard and fewer.position_key != standard.position_key


def test_hidden_cards_tell_two_games_apart_but_not_their_position_keys() -> None:
    game = Game("CR1-H-AAAAAAB")
    piles, rest = game.position().split(" ", 1)
    texts = piles.split("/")
    first, second = texts[0][:2], texts[1][:2]  # the bottom cards, face down, of piles 1 and 2
    assert first != second and first.islower() and second.islower()
    texts[0], texts[1] = second + texts[0][2:], first + texts[1][2:]
    swapped = Game.from_position("/".join(texts) + " " + rest)
    assert swapped != game and swapped.position_key == game.position_key


START = Game("CR1-H-AAAAAAB").position()
PILES, FOUNDATIONS = START.split()[:2]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (None, "must be text"),
        ("", "not a position"),
        (f"{PILES} {FOUNDATIONS} 3", "not a position"),
        (f"{PILES} {FOUNDATIONS} 3 X", "unknown variant"),
        (f"{PILES} {FOUNDATIONS} x H", "one digit"),
        (f"{PILES} {FOUNDATIONS} 4 H", "between 0 and 3"),
        (f"{PILES.split('/', 1)[1]} {FOUNDATIONS} 3 H", "16 piles"),
        (f"{PILES.replace('8c', '1c', 1)} {FOUNDATIONS} 3 H", "pile 1: not cards"),
        (f"{PILES.replace('JC', 'jc', 1)} {FOUNDATIONS} 3 H", "top card must be face up"),
        (f"{PILES.replace('8c6h', '8C6h', 1)} {FOUNDATIONS} 3 H", "pile 1: not cards"),
        (f"{PILES} {FOUNDATIONS.replace('AH', 'AC', 1)} 3 H", "F2"),
        (f"{PILES} {FOUNDATIONS.replace('AH', 'ah', 1)} 3 H", "F2"),
        (f"{PILES} {FOUNDATIONS.rsplit('/', 1)[0]} 3 H", "8 foundation tops"),
        (f"{PILES} {FOUNDATIONS.replace('AS', '2S', 1)} 3 H", "exactly twice"),
        (f"{PILES.upper()} {FOUNDATIONS} 3 N", None),
        (f"{PILES} {FOUNDATIONS} 3 N", "only in the face-down deal"),
    ],
)
def test_a_bad_position_text_is_refused_with_its_reason(text: object, message: str | None) -> None:
    if message is None:  # the same cards all face up: a position of the standard game
        assert Game.from_position(text).face_down(1) == 0  # type: ignore[arg-type]
        return
    with pytest.raises(InvalidPositionError, match=message) as refused:
        Game.from_position(text)  # type: ignore[arg-type]
    assert refused.value.reason == "invalid_position"
