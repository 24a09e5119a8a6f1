"""A lesson on a table: the course's lessons one after another, each judged as it is played.

:class:`Lessons` is what ``Table.start_lesson`` sets up: it deals the lesson's position,
offers only its task's buttons (``Table.offers``), judges every action of the learner
(praises a right one, takes a wrong legal one back at once), answers a refused attempt with
the rule's reason and the lesson's idea, starts the lesson again (Try again), goes on to the
next one (Next lesson), and keeps the keys of the lessons solved (``lessons_done``). The
lesson's panel and buttons are in the table's view, so every face shows them: the board
above itself, the terminal as text. Nothing here needs a widget library.
:class:`~crescent_widget.table.Table` documents each action and hands it to the one Lessons
it owns.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Final

from ..engine.game import Game
from ..engine.moves import Move, Place
from ..errors import ArgumentTypeError, CrescentError, InvalidOptionError, quoted
from ..lessons.lesson import MAX_KEY_LENGTH, UNDO, Lesson
from ..stats import StatsKeeper
from ..words.i18n import NO_WORDS, REASONS, Lang, Words, label
from .state import TableState

LessonArg = int | Lesson
# lessons_done may come from a browser's storage through a front end: keys are short, and few.
MAX_DONE: Final = 100


class Lessons:
    """The lesson on one table, if any (see the module docs).

    Args:
        state: the table's state (its ``course``, ``lesson_index``, ``solved``, ``lessons_done``).
        put: put a game on the table as its own (the lesson's position, or a wrong move taken back).
        stats: the table's statistics, which no lesson counts in.
        show: publish the table's view.
    """

    def __init__(
        self, state: TableState, *, put: Callable[[Game], None], stats: StatsKeeper, show: Callable[[], None]
    ) -> None:
        self._state = state
        self._put = put
        self._stats = stats
        self._show = show

    @property
    def lesson(self) -> Lesson | None:
        """``Table.lesson``."""
        state = self._state
        return None if state.lesson_index is None else state.course[state.lesson_index]

    def start(self, lesson: LessonArg) -> Lesson:
        """``Table.start_lesson``."""
        from ..lessons.catalogue import LESSONS  # the course loads when a lesson is asked for

        course, index = find_lesson(lesson, LESSONS)  # a bad lesson is refused before anything changes
        self._stats.lesson(True)  # the game on the table is left; nothing counts while lessons hold it
        self._state.course = course
        self._deal(index)
        return course[index]

    def retry(self) -> None:
        """``Table.retry_lesson``."""
        if self._state.lesson_index is not None:
            self._deal(self._state.lesson_index)

    def next(self) -> Lesson | None:
        """``Table.next_lesson``."""
        index = self._state.lesson_index
        if index is None or index + 1 >= len(self._state.course):
            return None
        self._deal(index + 1)
        return self.lesson

    def end(self) -> None:
        """``Table.end_lesson``: the position stays, with every button, and no judge."""
        state = self._state
        if state.lesson_index is None:
            return
        state.course, state.lesson_index, state.solved = (), None, False
        self._stats.lesson(False)
        self._show()

    def offers(self, button: str) -> bool:
        """``Table.offers``."""
        lesson = self.lesson
        return lesson is None or button in lesson.buttons

    @property
    def done(self) -> tuple[str, ...]:
        """``Table.lessons_done``."""
        return self._state.lessons_done

    @done.setter
    def done(self, value: object) -> None:
        self._state.lessons_done = check_lessons_done(value)
        self._show()

    def _deal(self, index: int) -> None:
        """Deal ``course[index]``: its position, its buttons, its task in the panel (the note
        line stays free for the verdicts)."""
        state = self._state
        state.lesson_index, state.solved = index, False
        self._put(state.course[index].fresh_position())
        state.set_note(NO_WORDS)
        self._show()

    # ------------------------------------------------------------------ the judge

    def judge(self, kind: str, move: Move | None, before: Game) -> None:
        """Judge one action of the learner (``kind`` as ``Table.on_action`` names it, played
        from ``before``), before the table shows it: praise a right one, take a wrong legal one
        back at once, so that the task stays doable.

        Once the task is done the board is free play until Try again or Next lesson: moves
        stand, unjudged (a tap meant as the answer's destination may well play another card),
        and a note the table leaves blank says so, plainly (no verdict, read out by nobody)."""
        lesson, state = self.lesson, self._state
        if lesson is None:
            return
        answer: str | Move | None = {"undo": UNDO, "reshuffle": "R"}.get(kind, move)
        if kind == "undo" and UNDO not in lesson.answers:  # only code can: the board offers no Undo
            state.set_note(NO_WORDS)  # Undo clears the last verdict; the panel still says the task
            state.solved = False
        elif state.solved:
            if not state.note:  # a teaching board's note on the move says more
                state.set_note(Words.of(lambda lang: label("lesson_free_play", lang)))
        elif kind != "new_game" and answer is not None:
            start, given = before.copy(), answer
            verdict = lesson.judge(start, given, state.lang)
            if verdict.taken_back:
                self._put(start.copy())
            state.set_note(Words.of(lambda lang: lesson.judge(start, given, lang).text), verdict.tone)
            if verdict.correct:
                state.solved = True
                if lesson.key not in state.lessons_done:
                    state.lessons_done = (*state.lessons_done, lesson.key)

    def refused(self, err: CrescentError, attempt: Move | Place | None) -> None:
        """A player's attempt at the task that the rules refused (``attempt``: the move or the
        tapped place): the verdict keeps the rule's reason, said of the cards tried, and adds
        the lesson's idea. Nothing else changes. Once the task is done the plain refusal
        stands (there is no task left to guide towards)."""
        lesson, state = self.lesson, self._state
        if lesson is None or state.solved or err.reason not in REASONS:
            return
        game, reason = state.game.copy(), err.reason
        state.set_note(Words.of(lambda lang: lesson.refused(reason, lang, game=game, attempt=attempt).text), "wrong")


def lesson_panel(state: TableState, lang: Lang) -> Mapping[str, object]:
    """The lesson's panel in ``lang``: ``{number, count, key, title, rule, task, solved, done,
    has_next}``, or empty when no lesson holds the table."""
    index = state.lesson_index
    if index is None:
        return MappingProxyType({})
    lesson = state.course[index]
    return MappingProxyType(
        {
            "number": index + 1,
            "count": len(state.course),
            "key": lesson.key,
            "title": lesson.title.text(lang),
            "rule": lesson.rule.text(lang),
            "task": lesson.task.text(lang),
            "solved": state.solved,
            "done": lesson.key in state.lessons_done,
            "has_next": index + 1 < len(state.course),
        }
    )


def lesson_buttons(state: TableState) -> tuple[str, ...]:
    """The only toolbar buttons a lesson offers (their ``data-action`` names); ``()`` offers all."""
    index = state.lesson_index
    return () if index is None else state.course[index].buttons


def find_lesson(lesson: object, course: Sequence[Lesson]) -> tuple[tuple[Lesson, ...], int]:
    """The course a lesson is shown in and its place there: a number 1–9 of ``course``, or a Lesson.

    A lesson of ``course`` goes on to the next one; any other lesson is a course of its own.

    Raises:
        InvalidOptionError: a number outside the course.
        ArgumentTypeError: neither a number nor a :class:`~crescent_widget.lessons.Lesson`.

    >>> from crescent_widget.lessons import LESSONS
    >>> find_lesson(3, LESSONS)[1], find_lesson(LESSONS[8], LESSONS)[1]
    (2, 8)
    """
    course = tuple(course)
    if isinstance(lesson, Lesson):
        return (course, course.index(lesson)) if lesson in course else ((lesson,), 0)
    if isinstance(lesson, bool) or not isinstance(lesson, int):
        raise ArgumentTypeError("invalid_option", f"a lesson is a number or a Lesson, not {type(lesson).__name__}")
    if not 1 <= lesson <= len(course):
        raise InvalidOptionError(f"no lesson {quoted(lesson)}: the lessons are numbered 1 to {len(course)}")
    return course, lesson - 1


def check_lessons_done(value: object) -> tuple[str, ...]:
    """A ``lessons_done`` list (from a browser's storage, which may hold anything): lesson keys,
    short and few, each once; a list or a tuple.

    Raises:
        InvalidOptionError: anything else.

    >>> check_lessons_done(["build", "layout", "build"])
    ('build', 'layout')
    """
    if not isinstance(value, list | tuple) or len(value) > MAX_DONE:
        raise InvalidOptionError(f"lessons_done must be a list of at most {MAX_DONE} lesson keys, got {quoted(value)}")
    if not all(isinstance(key, str) and 0 < len(key) <= MAX_KEY_LENGTH for key in value):
        raise InvalidOptionError("lessons_done must hold lesson keys (short texts)")
    return tuple(dict.fromkeys(value))
