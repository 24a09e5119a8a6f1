"""Lessons run on a plain Table: dealt, judged, tried again and followed by the next, with no
widget library loaded, through the Table's methods and through the protocol a page uses."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from crescent_widget.errors import ArgumentTypeError, IllegalMoveError, InvalidOptionError
from crescent_widget.lessons import LESSONS
from crescent_widget.table import Table
from crescent_widget.table.protocol import NOT_OFFERED, handle, update, view_traits


def test_a_plain_table_plays_a_lesson_to_its_verdict_with_no_widget_library_loaded() -> None:
    script = textwrap.dedent("""
        import sys
        from crescent_widget.table import Table

        table = Table(lesson=3, lang="en")
        try:
            table.move("10-3")
        except ValueError:
            pass
        wrong = table.view()
        table.move("10-14")
        right = table.view()
        loaded = sorted(name for name in sys.modules if name.split(".")[0] in
                        ("anywidget", "traitlets", "ipywidgets", "ipykernel", "comm", "crescent_widget.widget"))
        print(wrong.note_tone, right.note_tone, right.lesson_panel["solved"], table.lessons_done, loaded)
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-500:]
    assert done.stdout.split() == ["wrong", "right", "True", "('wrap',)", "[]"], done.stdout


def test_the_panel_and_the_buttons_are_in_the_view_in_its_language() -> None:
    table = Table(lesson=5, lang="pl")
    assert "W♥" in table.view().lesson_panel["task"]
    table.lang = "en"
    view = table.view()
    assert "J♥" in view.lesson_panel["task"] and view.lesson_buttons == LESSONS[4].buttons
    assert view_traits(view)["lesson_buttons"] == list(LESSONS[4].buttons)


def test_a_refused_attempt_gets_the_lessons_idea_and_a_wrong_move_is_taken_back() -> None:
    table = Table(lesson=3, lang="en")
    start = table.game.position_key
    with pytest.raises(IllegalMoveError):
        table.move("10-3")  # a player's move (the terminal's): the lesson answers it
    assert table.view().note.startswith("Not yet: A♠ is not the same suit as K♥ on pile 3")
    assert table.view().note.endswith(LESSONS[2].idea.text("en")) and table.view().message == ""
    table.move("3-F2")  # legal, not the task
    assert table.game.position_key == start and table.view().note_tone == "wrong"
    with pytest.raises(IllegalMoveError):
        table.move("10-3", by_player=False)  # code's move: the plain refusal
    assert table.view().message == "Must be the same suit" and table.view().note == ""


def test_try_again_next_and_end_on_a_table() -> None:
    table = Table(lesson=8, lang="en")
    table.undo()  # lesson 8's task is an undo
    assert table.view().lesson_panel["solved"] and table.lessons_done == ("undo",)
    table.retry_lesson()
    assert not table.view().lesson_panel["solved"] and table.view().lesson_panel["done"]
    assert table.next_lesson() is LESSONS[8] and table.next_lesson() is None
    table.end_lesson()
    assert table.lesson is None and table.view().lesson_panel == {} and table.offers("new-game")
    table.retry_lesson()  # nothing without a lesson
    assert table.next_lesson() is None


def test_the_protocol_gates_a_lessons_buttons_and_carries_its_controls() -> None:
    table = Table(lesson=2, lang="en")
    position = table.game.position_key
    for kind in ("new_game", "restart", "finish", "hint", "undo", "review"):
        assert handle(table, {"type": kind, "rev": table.rev}) == NOT_OFFERED, kind
    assert table.game.position_key == position
    assert handle(table, {"type": "tap", "pile": "1", "rev": table.rev}) is None  # play always passes
    assert handle(table, {"type": "lesson_next", "rev": table.rev - 1}) == "stale"
    assert handle(table, {"type": "lesson_next", "rev": table.rev}) is None
    assert table.view().lesson_panel["number"] == 3
    assert handle(table, {"type": "lesson_retry", "rev": table.rev}) is None
    assert update(table, {"lessons_done": ["build", "wrap"]}) == [] and table.lessons_done == ("build", "wrap")
    assert update(table, {"lessons_done": "build", "move_count": 3}) == ["lessons_done", "move_count"]
    assert table.view().lesson_panel["done"]


def test_a_lesson_is_refused_before_anything_changes() -> None:
    for bad in (0, 10):
        with pytest.raises(InvalidOptionError):
            Table(lesson=bad)
    for wrong in ("2", 2.0, True, None):
        table = Table(lesson=1)
        with pytest.raises(ArgumentTypeError):
            table.start_lesson(wrong)  # type: ignore[arg-type]
        assert table.lesson is LESSONS[0]
    table = Table()
    with pytest.raises(InvalidOptionError):
        table.lessons_done = ["x" * 41]
    assert table.lessons_done == ()
