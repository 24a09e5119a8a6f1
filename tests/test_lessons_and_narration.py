"""Lessons accept the right answers and explain wrong ones; narration of every kind of move."""

from __future__ import annotations

import pytest

from crescent_widget import Game, Move
from crescent_widget.words.lessons import LESSONS, Lesson, sparse_position
from crescent_widget.words.narration import explain, narrate
from helpers import build_game, snapshot

WRONG_ILLEGAL = {
    "layout": ("15-F5", "foundation_order"),
    "build": ("1-2", "same_suit"),
    "wrap": ("10-3", "same_suit"),
    "foundations": ("F1-1", "no_return"),
    "limit": ("1-2", "pile_full"),
    "empty": ("3-1", "empty_pile"),
    "reshuffle": ("1-1", "same_place"),
    "undo": ("2-2", "same_place"),
    "end": ("1-F1", "foundation_order"),
}


def test_there_are_nine_lessons_in_the_order_of_the_rules() -> None:
    assert [lesson.key for lesson in LESSONS] == list(WRONG_ILLEGAL)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.key)
@pytest.mark.parametrize("lang", ["pl", "en"])
def test_each_lesson_accepts_its_answers_with_an_explanation(lesson: Lesson, lang: str) -> None:
    for answer in lesson.answers:
        game = lesson.new_game()
        verdict = lesson.check(game, answer, lang)
        assert verdict.correct, verdict.text
        assert verdict.text.startswith("Dobrze!" if lang == "pl" else "Right!")
    assert lesson.title.text(lang) and lesson.rule.text(lang) and lesson.task.text(lang)
    assert lesson.title.text() == lesson.title.text("pl")  # Polish by default, as every text
    assert lesson.text(lang).count("\n\n") == 2


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.key)
def test_each_lesson_refuses_an_illegal_answer_with_the_reason_and_changes_nothing(lesson: Lesson) -> None:
    answer, reason = WRONG_ILLEGAL[lesson.key]
    game = lesson.new_game()
    before = snapshot(game)
    verdict = lesson.check(game, answer, "pl")
    assert (verdict.correct, verdict.reason) == (False, reason)
    assert verdict.text.startswith("Jeszcze nie: ")
    assert snapshot(game) == before


def test_a_legal_move_that_is_not_the_answer_is_taken_back_with_what_it_did_and_the_idea() -> None:
    lesson = LESSONS[0]
    game = lesson.new_game()
    before = snapshot(game)
    verdict = lesson.check(game, "13-14", "en")
    assert (verdict.correct, verdict.taken_back, verdict.tone) == (False, True, "wrong")
    assert "asks for something else" in verdict.text and "It is taken back: A♠ went onto K♠" in verdict.text
    assert verdict.text.endswith(lesson.idea.text("en"))
    assert snapshot(game) == before, "the task stays doable"
    assert lesson.check(game, "15-F1", "en").correct


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.key)
def test_every_lesson_has_an_idea_in_both_languages(lesson: Lesson) -> None:
    assert lesson.idea.text("pl") and lesson.idea.text("en")
    assert lesson.idea.text("pl") != lesson.idea.text("en")


def test_the_end_lesson_wins_the_game() -> None:
    game = LESSONS[-1].new_game()
    LESSONS[-1].check(game, "1-F", "en")
    assert game.status == "won"


def test_malformed_answers_are_refused_without_raising() -> None:
    game = LESSONS[1].new_game()
    verdict = LESSONS[1].check(game, "banana", "en")
    assert not verdict.correct and verdict.reason == "invalid_move"


def test_sparse_position_tidies_the_spare_cards_onto_foundations() -> None:
    game = sparse_position({1: ["8H"], 2: ["9H"]})
    assert sum(len(p) for p in game.piles) < 20
    assert game.check(1, 2) is None


# ---------------------------------------------------------------- narration


def test_narration_of_the_rules_example_in_both_languages() -> None:
    game = build_game({10: ["3C", "AS"], 14: ["KS"]})
    move = Move.parse("10-14")
    assert narrate(game, move, 10, "pl") == "Ruch 10: A♠ ze stosu 10 na K♠ na stosie 14"
    assert narrate(game, move, 10, "en") == "Move 10: A♠ from pile 10 onto K♠ on pile 14"


def test_narration_of_foundation_moves_and_reshuffles() -> None:
    game = build_game(
        {1: ["5S"]}, {"F1": ["AS", "2S", "3S", "4S"], "F5": ["KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S"]}
    )
    assert narrate(game, Move.parse("1-F1"), 3, "en") == "Move 3: 5♠ from pile 1 onto 4♠ on foundation F1"
    assert narrate(game, Move.parse("1-F1"), 3, "pl") == "Ruch 3: 5♠ ze stosu 1 na 4♠ na fundamencie F1"
    game.move("1-F1")
    assert narrate(game, Move.parse("F1-F5"), 4, "pl") == "Ruch 4: 5♠ z fundamentu F1 na 6♠ na fundamencie F5"
    assert narrate(game, Move.parse("R"), 1, "en").startswith("Reshuffle 1:")
    assert "(zostało: 2)" in narrate(game, Move.parse("R"), 1, "pl")


@pytest.mark.parametrize(
    ("piles", "foundations", "move", "words"),
    [
        ({1: ["8H"], 2: ["9H"]}, {}, "1-2", "one rank higher or lower. Pile 1 is now empty"),
        ({1: ["3C", "8H"], 2: ["9H"]}, {}, "1-2", "one rank higher or lower."),
        ({1: ["3C", "AS"], 2: ["KS"]}, {}, "1-2", "ranks wrap from King to Ace"),
        ({1: ["3C", "2S"]}, {}, "1-F1", "Ace foundations build up"),
        ({1: ["3C", "QS"]}, {}, "1-F5", "King foundations build down"),
        (
            {},
            {"F1": ["AS", "2S", "3S"], "F5": ["KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S", "5S", "4S"]},
            "F1-F5",
            "other foundation",
        ),
    ],
)
def test_explain_names_the_rule_a_move_used(
    piles: dict[int, list[str]], foundations: dict[str, list[str]], move: str, words: str
) -> None:
    text = explain(build_game(piles, foundations), Move.parse(move), "en")
    assert words in text
    if "empty" not in words:
        assert "empty" not in text


def test_explain_a_reshuffle() -> None:
    assert "bottom card" in explain(Game("CR1-N-AAAAAAB"), Move.parse("R"), "en")
