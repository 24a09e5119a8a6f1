"""Every reason code, in both languages, through check() and move(); refusals change nothing."""

from __future__ import annotations

import pickle
from collections.abc import Callable

import pytest

from crescent_widget import RESHUFFLE, CrescentError, Game, IllegalMoveError, InvalidMoveError, Move
from crescent_widget.engine.moves import RESHUFFLE_PLACE
from crescent_widget.engine.records import RecordError
from crescent_widget.words.i18n import REASONS, message
from helpers import build_game, snapshot

FOUNDATION_NAMES = [f"F{n}" for n in range(1, 9)]

SPADES_UP = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS"]

# reason -> (position, move arguments)
CASES: dict[str, tuple[Callable[[], Game], tuple[object, ...]]] = {
    "same_place": (lambda: build_game({3: ["5H"]}), (3, 3)),
    "empty_source": (lambda: build_game({1: [], 2: ["9H"]}), (1, 2)),
    "base_locked": (lambda: build_game({}), ("F2", "F6")),
    "no_return": (lambda: build_game({1: ["3S"]}, {"F1": ["AS", "2S"]}), ("F1", 1)),
    "empty_pile": (lambda: build_game({1: ["8H"], 2: []}), (1, 2)),
    "pile_full": (
        lambda: build_game(
            {1: ["JH"], 2: ["2C"] * 2 + ["3C"] * 2 + ["4C"] * 2 + ["5C"] * 2 + ["6C"] * 2 + ["7C", "8C", "QH"]}
        ),
        (1, 2),
    ),
    "same_suit": (lambda: build_game({1: ["8H"], 2: ["9S"]}), (1, 2)),
    "adjacent_rank": (lambda: build_game({1: ["8H"], 2: ["10H"]}), (1, 2)),
    "foundation_order": (lambda: build_game({1: ["3S"]}), (1, "F1")),
}

POLISH_FROM_THE_RULES_TEXT = {
    "same_suit": "Musi być tego samego koloru",
    "adjacent_rank": "Musi mieć wyższą lub niższą wartość",
    "pile_full": "Ten stos jest pełny; wybierz inne miejsce docelowe",
    "empty_pile": "Nie można położyć na pustym stosie",
    "base_locked": "Podstawa fundamentu jest zablokowana",
    "no_reshuffles": "Brak przetasowań",
}
ENGLISH_FROM_THE_SPEC = {
    "same_suit": "Must be the same suit",
    "adjacent_rank": "Must be one rank higher or lower",
    "pile_full": "This pile is full; choose another destination",
    "empty_pile": "Cannot place a card on an empty pile",
    "base_locked": "The foundation base is locked",
    "no_reshuffles": "No reshuffles left",
}


@pytest.mark.parametrize("reason", sorted(CASES))
def test_each_reason_through_check_and_move_leaves_the_state_untouched(reason: str) -> None:
    make, args = CASES[reason]
    game = make()
    before = snapshot(game)
    assert game.check(*args) == reason  # type: ignore[arg-type]
    assert not game.can_move(*args)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError) as refused:
        game.move(*args)  # type: ignore[arg-type]
    assert refused.value.reason == reason
    assert isinstance(refused.value, ValueError)
    assert str(refused.value) == message(reason, "en")
    assert refused.value.text("pl") == message(reason, "pl")
    assert snapshot(game) == before


@pytest.mark.parametrize("reason", sorted(POLISH_FROM_THE_RULES_TEXT))
def test_polish_and_english_texts_are_exactly_as_quoted(reason: str) -> None:
    assert message(reason, "pl") == POLISH_FROM_THE_RULES_TEXT[reason]
    assert message(reason, "en") == ENGLISH_FROM_THE_SPEC[reason]


def test_every_reason_has_both_languages() -> None:
    for reason, texts in REASONS.items():
        assert set(texts) == {"pl", "en"}, reason
        assert all(texts.values()), reason


def test_no_reshuffles_and_nothing_to_undo_leave_the_state_untouched() -> None:
    game = build_game({}, reshuffles_left=0)
    before = snapshot(game)
    for action, reason in ((game.reshuffle, "no_reshuffles"), (game.undo, "nothing_to_undo")):
        with pytest.raises(IllegalMoveError) as refused:
            action()
        assert refused.value.reason == reason
        assert snapshot(game) == before
    assert game.check("R") == "no_reshuffles"


# When several rules are broken the first in the engine's order is reported (the source, then the destination).
@pytest.mark.parametrize(
    ("piles", "foundations", "args", "reason"),
    [
        ({1: ["8H"]}, {}, (1, 1), "same_place"),  # also no adjacency with itself
        ({1: [], 2: []}, {}, (1, 2), "empty_source"),  # before empty_pile
        ({}, {}, ("F1", 1), "base_locked"),  # before no_return
        ({2: []}, {"F1": ["AS", "2S"]}, ("F1", 2), "no_return"),  # before empty_pile
        (
            {1: ["8H"], 2: ["2C"] * 2 + ["3C"] * 2 + ["4C"] * 2 + ["5C"] * 2 + ["6C"] * 2 + ["7C", "8C", "QS"]},
            {},
            (1, 2),
            "pile_full",
        ),
        ({1: ["8H"], 2: ["KS"]}, {}, (1, 2), "same_suit"),  # before adjacent_rank
        ({1: ["8H"]}, {}, (1, "F1"), "same_suit"),  # wrong suit's foundation, before order
    ],
)
def test_the_first_broken_rule_is_reported(
    piles: dict[int, list[str]], foundations: dict[str, list[str]], args: tuple[object, ...], reason: str
) -> None:
    assert build_game(piles, foundations).check(*args) == reason  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "args",
    [
        (17, 1),
        (1, 0),
        ("X3",),
        ("X3", 4),
        ("1-17",),
        ("F9-F1",),
        ("F-1",),
        (True, 2),
        (None,),
        (1.0, 2),
        ("",),
        ("13 14",),
    ],
)
def test_malformed_moves_raise_invalid_move_error_and_change_nothing(args: tuple[object, ...]) -> None:
    game = Game("CR1-N-AAAAAAB")
    before = snapshot(game)
    with pytest.raises(InvalidMoveError) as refused:
        game.move(*args)  # type: ignore[arg-type]
    assert isinstance(refused.value, ValueError)
    assert str(refused.value)
    with pytest.raises(InvalidMoveError):
        game.check(*args)  # type: ignore[arg-type]
    assert snapshot(game) == before


@pytest.mark.parametrize(
    ("src", "dst"),
    [(13, -8), (-2, 0), (99, 0), (0, 25), ("a", "b"), (-1, 3), (13, 17), (RESHUFFLE_PLACE, 3), (13, RESHUFFLE_PLACE)],
)
def test_a_move_naming_no_place_is_refused_when_built(src: object, dst: object) -> None:
    with pytest.raises(InvalidMoveError, match="no such"):
        Move(src, dst)  # type: ignore[arg-type]
    with pytest.raises(InvalidMoveError, match="no such"):
        Move._make((src, dst))
    with pytest.raises(InvalidMoveError, match="no such"):
        Move.parse("13-14")._replace(src=src, dst=dst)


@pytest.mark.parametrize(
    ("args", "reason"), [((17, 1), "invalid_move"), (("X3",), "invalid_move"), ((3, 3), "same_place")]
)
def test_refusals_read_in_polish_too(args: tuple[object, ...], reason: str) -> None:
    with pytest.raises(CrescentError) as refused:
        Game("CR1-N-AAAAAAB").move(*args)  # type: ignore[arg-type]
    assert refused.value.reason == reason
    assert refused.value.text("pl") == message(reason, "pl")
    assert refused.value.text("en") == str(refused.value)


def test_reading_a_place_that_does_not_exist_is_a_clear_error() -> None:
    game = Game("CR1-N-AAAAAAB")
    with pytest.raises(InvalidMoveError, match="piles are 1-16"):
        game.pile(17)
    with pytest.raises(InvalidMoveError, match="foundation"):
        game.pile("F1")
    with pytest.raises(InvalidMoveError, match="pile"):
        game.foundation(3)


def test_digits_past_pythons_limit_are_a_bad_move_not_a_crash() -> None:
    """int() of 4301 digits raises a bare ValueError; the engine says InvalidMoveError."""
    game = Game("CR1-N-AAAAAAB")
    with pytest.raises(InvalidMoveError) as refused:
        game.move("1" * 4301, 2)
    assert len(str(refused.value)) < 200
    with pytest.raises(RecordError) as bad_record:
        Game.from_record("CR1-N-AAAAAAB " + "1" * 4301 + "-2")
    assert bad_record.value.number == 1 and len(str(bad_record.value)) < 300
    with pytest.raises(InvalidMoveError):
        game.move(int("9" * 4000), 2)
    assert game.move_count == 0


def test_every_move_prints_as_the_call_that_parses_it() -> None:
    moves = [
        Move(src, dst) for src in [*range(1, 17), *FOUNDATION_NAMES] for dst in [*range(1, 17), *FOUNDATION_NAMES, "F"]
    ]
    assert all(eval(repr(move), {"Move": Move}) == move for move in [*moves, RESHUFFLE])
    assert repr(Move(13, "F1")) == "Move.parse('13-F1')" and repr(RESHUFFLE) == "Move.parse('R')"


def test_an_error_keeps_its_code_and_pickles_as_the_call_that_made_it() -> None:
    errors = [
        IllegalMoveError("same_suit"),
        InvalidMoveError("no such place: 17 (piles are 1-16, foundations F1-F8)"),
        RecordError(2, "14-1", "same_suit", "Must be the same suit"),
    ]
    for err in errors:
        again = pickle.loads(pickle.dumps(err))
        assert type(again) is type(err) and again.reason == err.reason and str(again) == str(err)
        assert again.text("pl") == err.text("pl") and again.text() == err.text("pl")
    assert repr(errors[0]) == "IllegalMoveError('same_suit')" and str(errors[0]) == "Must be the same suit"
    assert str(errors[2]) == "record entry 2 (14-1): Must be the same suit"
    assert errors[2].text("pl") == "wpis 2 (14-1): Musi być tego samego koloru"
