"""Cards in every written form, game codes, and the deal algorithm (the same deal from a code everywhere)."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from crescent_widget import Card, Game, InvalidCardError, InvalidCodeError, Suit
from crescent_widget.engine.codes import DEAL_COUNT, deal, format_code, parse_code
from crescent_widget.errors import InvalidOptionError


@pytest.mark.parametrize(
    ("text", "ascii_form", "english", "polish"),
    [
        ("10H", "10H", "10♥", "10♥"),
        ("10♥", "10H", "10♥", "10♥"),
        ("th", "10H", "10♥", "10♥"),
        ("W♦", "JD", "J♦", "W♦"),
        ("D♠", "QS", "Q♠", "D♠"),
        ("qs", "QS", "Q♠", "D♠"),
        ("KC", "KC", "K♣", "K♣"),
        ("a♡", "AH", "A♥", "A♥"),
        (" 2d ", "2D", "2♦", "2♦"),
    ],
)
def test_card_forms(text: str, ascii_form: str, english: str, polish: str) -> None:
    card = Card.parse(text)
    assert (card.ascii, str(card), card.text("en"), card.text("pl")) == (ascii_form, english, english, polish)
    assert card.text() == polish  # Polish by default, as every text


def test_a_card_in_an_unknown_language_is_refused_like_every_text() -> None:
    with pytest.raises(InvalidOptionError) as refused:
        Card.parse("QS").text("de")
    assert refused.value.reason == "invalid_option"


@pytest.mark.parametrize("text", ["", "1H", "11H", "10", "H", "ZZ", "10X", "AH1", "♥10"])
def test_bad_card_texts_are_refused(text: str) -> None:
    with pytest.raises(InvalidCardError) as refused:
        Card.parse(text)
    assert isinstance(refused.value, ValueError)


def test_card_is_immutable_and_hashable() -> None:
    card = Card(Suit.HEARTS, 10)
    with pytest.raises(AttributeError):
        card._index = 3  # type: ignore[misc]
    assert {card, Card.parse("10H")} == {card}
    assert Card.parse(repr(card)[len("Card.parse('") : -2]) == card
    assert card.suit is Suit.HEARTS and card.rank == 10 and card.suit.is_red


def test_a_card_is_a_frozen_slotted_ordered_value() -> None:
    cards = [Card.from_index(i) for i in range(52)]
    assert dataclasses.is_dataclass(Card) and not hasattr(cards[0], "__dict__")
    assert sorted(reversed(cards)) == cards and cards[3] < cards[40] and max(cards).ascii == "KD"
    assert [pickle.loads(pickle.dumps(c)) for c in cards] == cards and copy.deepcopy(cards[7]) is cards[7]
    assert Card(2, 5) == Card.parse("5C") and Card(2, 5).suit is Suit.CLUBS  # type: ignore[arg-type]
    assert len({Card(Suit.SPADES, 1), Card.parse("as"), Card.from_index(0)}) == 1
    with pytest.raises(AttributeError):
        cards[0].rank = 2  # type: ignore[misc]
    for suit, rank in ((4, 1), (0, 0), (True, 1), (0, 14), (0, 1.0)):
        with pytest.raises(InvalidCardError):
            Card(suit, rank)  # type: ignore[arg-type]


@given(st.integers(0, 51))
def test_every_card_round_trips_through_all_its_forms(index: int) -> None:
    card = Card.from_index(index)
    for form in (card.ascii, str(card), card.text("pl"), card.ascii.lower()):
        assert Card.parse(form) == card


def test_test_vector_of_spec() -> None:
    game = Game("CR1-N-AAAAAAB")
    expected = {
        1: "8♣ 6♥ 10♥ 6♣ 9♥ J♣",
        2: "K♣ J♦ 7♣ 7♥ 4♠ A♣",
        13: "10♥ 5♥ K♥ J♦ 9♦ A♠",
        14: "J♠ 4♦ 8♣ 7♠ 5♠ K♠",
        16: "4♠ A♥ 10♦ 6♥ 2♦ 9♥",
    }
    for pile, cards in expected.items():
        assert " ".join(str(c) for c in game.pile(pile)) == cards


@given(st.integers(0, DEAL_COUNT - 1))
def test_every_deal_has_104_cards_16_piles_of_6_and_the_8_bases(number: int) -> None:
    game = Game.from_number(number)
    assert [len(p) for p in game.piles] == [6] * 16
    assert [str(f[0]) for f in game.foundations] == ["A♠", "A♥", "A♣", "A♦", "K♠", "K♥", "K♣", "K♦"]
    counts = Counter(c for group in (*game.piles, *game.foundations) for c in group)
    assert len(counts) == 52 and set(counts.values()) == {2}


@given(st.integers(0, DEAL_COUNT - 1))
def test_codes_round_trip(number: int) -> None:
    code = format_code(number)
    assert parse_code(code) == (number, "N")
    assert parse_code(code.lower()) == (number, "N")
    assert Game(code).code == code


@given(st.integers(0, DEAL_COUNT - 1), st.sampled_from(["N", "F", "H"]))
def test_parse_code_gives_format_codes_arguments_in_its_order(number: int, variant: str) -> None:
    code = format_code(number, variant)
    parsed = parse_code(code)
    assert (parsed.number, parsed.variant) == (number, variant)
    assert format_code(*parsed) == code
    assert Game.from_number(*parsed).code == code


def test_code_letters_are_base_26_big_endian() -> None:
    assert format_code(0) == "CR1-N-AAAAAAA"
    assert format_code(1) == "CR1-N-AAAAAAB"
    assert format_code(26) == "CR1-N-AAAAABA"
    assert Game.from_number(1).code == "CR1-N-AAAAAAB"


def test_a_code_reproduces_its_deal_identically() -> None:
    assert Game("cr1-n-abcdefg").piles == Game("CR1-N-ABCDEFG").piles
    assert deal(12345) == deal(12345)
    assert deal(1) != deal(2)


def test_random_games_get_valid_codes() -> None:
    game = Game()
    assert game.code is not None
    assert Game(game.code).piles == game.piles


@pytest.mark.parametrize(
    "code",
    [
        "",
        "CR1-N-AAAAAA",
        "CR1-N-AAAAAAAA",
        "CR2-N-AAAAAAB",
        "CR1-N-AAAAAA1",
        "CR1N-AAAAAAB",
        "CR1-X-AAAAAAB",
        "CR1-Q-AAAAAAB",
    ],
)
def test_malformed_codes_are_refused_naming_the_format(code: str) -> None:
    with pytest.raises(InvalidCodeError, match="CR1-V-LLLLLLL"):
        Game(code)


@pytest.mark.parametrize("code", [1, None.__class__, b"CR1-N-AAAAAAB", ["CR1-N-AAAAAAB"]])
def test_non_string_codes_are_refused(code: object) -> None:
    with pytest.raises(InvalidCodeError):
        parse_code(code)  # type: ignore[arg-type]


def test_unknown_variants_say_so() -> None:
    with pytest.raises(InvalidCodeError, match="unknown variant X"):
        Game("CR1-X-AAAAAAB")


@pytest.mark.parametrize("number", [-1, DEAL_COUNT, True, 1.5, "1"])
def test_deal_numbers_out_of_range_are_refused(number: object) -> None:
    with pytest.raises(InvalidCodeError):
        Game.from_number(number)  # type: ignore[arg-type]
