"""The teacher's API (``sparse_position``, ``Lesson``) refuses any input with the package's own
errors: whatever a teacher's notebook passes, the answer is a position or a ``CrescentError``."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crescent_widget.engine.game import Game
from crescent_widget.errors import ArgumentTypeError, CrescentError, InvalidPositionError
from crescent_widget.lessons import LESSONS, Lesson, full_foundations, sparse_position
from crescent_widget.words.i18n import Words

CARD = st.sampled_from(["8H", "9H", "AS", "KS", "10D", "QC", "2♠", "J♥", "X", "", "8H8H", "1S"])
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=4) | CARD,
    lambda inner: st.lists(inner, max_size=4) | st.tuples(inner) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=12,
)
PILE_KEY = st.integers(-2, 20) | st.booleans() | st.text(max_size=3) | st.floats()
FOUNDATION_KEY = st.sampled_from(["F1", "F5", "F8", "F9", "f1", "F", 1]) | st.text(max_size=3)
PILES = st.dictionaries(PILE_KEY, st.lists(CARD, max_size=14) | JSON, max_size=4) | JSON
FOUNDATIONS = st.none() | st.dictionaries(FOUNDATION_KEY, st.lists(CARD, max_size=14) | JSON, max_size=3) | JSON


@settings(max_examples=400)
@given(piles=PILES, foundations=FOUNDATIONS, reshuffles=st.integers(-1, 5) | JSON)
def test_sparse_position_gives_a_game_or_the_packages_error(piles: Any, foundations: Any, reshuffles: Any) -> None:
    try:
        game = sparse_position(piles, foundations, reshuffles)
    except CrescentError:
        return
    assert isinstance(game, Game)
    assert sum(game.sizes) == 104


@pytest.mark.parametrize(
    ("args", "error"),
    [
        ((None,), ArgumentTypeError),
        (([["8H"]],), ArgumentTypeError),
        (({1: None},), ArgumentTypeError),
        (({1: "8H"},), ArgumentTypeError),
        (({1: [8]},), ArgumentTypeError),
        (({17: ["8H"]},), InvalidPositionError),
        (({True: ["8H"]},), InvalidPositionError),
        (({1: ["8H"]}, [["AS"]]), ArgumentTypeError),
        (({1: ["8H"]}, {"F9": ["AS"]}), InvalidPositionError),
        (({1: ["8H"]}, {"F1": "AS"}), ArgumentTypeError),
    ],
)
def test_the_examples_a_teacher_met_are_refused_cleanly(args: tuple[Any, ...], error: type[CrescentError]) -> None:
    with pytest.raises(error) as refused:
        sparse_position(*args)
    assert refused.value.reason == "invalid_position"


def test_a_foundation_named_keeps_its_cards() -> None:
    found = full_foundations()
    found["F5"] = found["F5"][:-1]  # A♠ not yet home
    game = sparse_position({1: ["AS"]}, found, 0)
    assert game.check(1, "F") is None and game.reshuffles_left == 0


def lesson(**changes: Any) -> Lesson:
    fields: dict[str, Any] = {
        "key": "clubs",
        "title": Words.same("Clubs"),
        "rule": Words.same("Club onto club."),
        "task": Words.same("Put 5♣ onto 6♣."),
        "setup": lambda: sparse_position({1: ["5C"], 2: ["6C"]}),
        "answers": frozenset({"1-2"}),
    }
    return Lesson(**{**fields, **changes})


@pytest.mark.parametrize(
    "changes",
    [
        {"key": ""},
        {"key": "k" * 41},
        {"key": 7},
        {"title": "Clubs"},
        {"idea": None},
        {"setup": "not callable"},
        {"answers": {"1-2"}},
        {"answers": frozenset()},
        {"answers": frozenset({"1-99"})},
        {"answers": frozenset({1})},
    ],
)
def test_a_lesson_of_ones_own_is_checked_when_it_is_made(changes: dict[str, Any]) -> None:
    with pytest.raises(CrescentError):
        lesson(**changes)


def test_a_lessons_methods_refuse_what_is_no_position_or_answer() -> None:
    made = lesson(setup=lambda: "no game")
    with pytest.raises(ArgumentTypeError):
        made.fresh_position()
    ready = LESSONS[2]
    with pytest.raises(ArgumentTypeError):
        ready.judge(None, "10-14")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        ready.judge(ready.fresh_position(), 1014)  # type: ignore[arg-type]
    with pytest.raises(CrescentError):
        ready.refused("no_such_reason", "en")
    assert ready.try_answer(ready.fresh_position(), "banana", "en").reason == "invalid_move"
