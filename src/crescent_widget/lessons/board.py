"""A lesson held on a live board: the course's lessons one after another on one widget.

:class:`LessonBoard` is what :meth:`CrescentWidget.start_lesson
<crescent_widget.CrescentWidget.start_lesson>` sets up: it deals the lesson's position,
offers only its task's buttons, judges every action of the learner, shows the rule and
task in the widget's ``lesson_panel``, restarts the lesson (Try again), moves on to the
next one (Next lesson), and adds a solved lesson's key to the widget's ``lessons_done``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from ..engine.moves import Move, Place
from ..errors import ArgumentTypeError, InvalidOptionError, quoted
from ..words.i18n import REASONS, label
from .lesson import UNDO, Lesson

if TYPE_CHECKING:
    from ..widget import CrescentWidget


class LessonBoard:
    """One widget showing ``lessons[index]``, judging the learner, able to retry and go on."""

    def __init__(self, widget: CrescentWidget, lessons: Sequence[Lesson], index: int) -> None:
        self._widget = widget
        self._lessons = tuple(lessons)
        self._index = index
        self._solved = False
        self._before = widget.game.copy()
        widget.on_action(self._judge)
        widget.observe(self._on_change, names=["lang", "lessons_done"])
        self.start(index)

    @property
    def lesson(self) -> Lesson:
        """The lesson on the board now."""
        return self._lessons[self._index]

    @property
    def solved(self) -> bool:
        """Whether the learner has done the task since the lesson last started."""
        return self._solved

    def start(self, index: int) -> None:
        """Deal lesson ``lessons[index]``: its position, its buttons, its task in the panel.

        The task shows in the panel only: the note line stays free for the verdicts.
        """
        self._index = index
        self._solved = False
        widget = self._widget
        widget.load(self.lesson.fresh_position())
        widget.lesson_buttons = list(self.lesson.buttons)
        widget.show_note("")
        self._before = widget.game.copy()
        self._publish()

    def retry(self) -> None:
        """Start the lesson on the board again from its position (Try again)."""
        self.start(self._index)

    def next(self) -> bool:
        """Go on to the next lesson of the course; ``False`` (nothing changes) after the last."""
        if self._index + 1 >= len(self._lessons):
            return False
        self.start(self._index + 1)
        return True

    def detach(self) -> None:
        """Leave the board to free play on the lesson's position: every button again, no judge."""
        widget = self._widget
        widget.on_action(self._judge, remove=True)
        widget.unobserve(self._on_change, names=["lang", "lessons_done"])
        widget.lesson_buttons = []
        widget.lesson_panel = {}

    def refused(self, reason: str, attempt: Move | Place | None = None) -> None:
        """An attempt at the task that the rules refused (``reason``, a refusal code; ``attempt``,
        the move or the tapped place): the verdict keeps the rule's reason, said of the cards
        tried, and adds the lesson's idea. Nothing else changes: the position, whether the
        lesson is solved, what the next answer is judged from. Once the task is done the plain
        refusal stands (there is no task left to guide towards)."""
        if self._solved:
            return
        widget = self._widget
        verdict = self.lesson.refused(reason, widget.lang, game=widget.game, attempt=attempt)
        widget.show_note(verdict.text, tone=verdict.tone)

    def _publish(self) -> None:
        lesson, lang = self.lesson, self._widget.lang
        self._widget.lesson_panel = {
            "number": self._index + 1,
            "count": len(self._lessons),
            "key": lesson.key,
            "title": lesson.title.text(lang),
            "rule": lesson.rule.text(lang),
            "task": lesson.task.text(lang),
            "solved": self._solved,
            "done": lesson.key in self._widget.lessons_done,
            "has_next": self._index + 1 < len(self._lessons),
        }

    def _on_change(self, _change: dict[str, Any]) -> None:
        self._publish()

    def _judge(self, kind: str, move: Move | None, *_: object) -> None:
        """Judge one action of the learner: praise a right one, take a wrong legal one back.

        Once the task is done the board is free play until Try again or Next lesson: moves
        stand, unjudged (a tap meant as the answer's destination may well play another card),
        and a note the table leaves blank says so, plainly (no verdict, read out by nobody)."""
        widget, lesson = self._widget, self.lesson
        answer: str | Move | None = {"undo": UNDO, "reshuffle": "R"}.get(kind, move)
        if kind == "undo" and UNDO not in lesson.answers:  # only notebook code can: the board offers no Undo
            widget.show_note("")  # Undo clears the last verdict; the panel still says the task
            self._solved = False
        elif self._solved:
            if not widget.note:  # a teaching board's note on the move says more
                widget.show_note(label("lesson_free_play", widget.lang))
        elif kind != "new_game" and answer is not None:
            verdict = lesson.judge(self._before, answer, widget.lang)
            if verdict.taken_back:
                widget.load(self._before.copy())  # at once, so that the task stays doable
            widget.show_note(verdict.text, tone=verdict.tone)
            if verdict.correct:
                self._solved = True
                if lesson.key not in widget.lessons_done:
                    widget.lessons_done = [*widget.lessons_done, lesson.key]
        self._before = widget.game.copy()
        self._publish()


LessonArg = int | Lesson
# On a lesson's board the front end may play and answer the teaching warning; every other
# intent needs its button among the lesson's (a board key or a stale view may still send
# New game or Finish, which would replace or finish the lesson's position).
LESSON_PLAY_INTENTS: Final = frozenset({"tap", "double_tap", "drop", "deselect", "confirm", "cancel"})
# The intents that try a move: refused by the rules, they are a wrong answer to the lesson too.
LESSON_ATTEMPTS: Final = frozenset({"tap", "double_tap", "drop"})


class WidgetLessons:
    """A widget's lessons: the one it shows (a :class:`LessonBoard`, or none), started, tried
    again, followed by the next, left; and which of the board's intents a lesson lets through.

    :class:`~crescent_widget.CrescentWidget` documents each action (``start_lesson``, …) and
    hands it to the one WidgetLessons it owns.
    """

    def __init__(self, widget: CrescentWidget, lesson: LessonArg | None, course: Sequence[Lesson]) -> None:
        self._widget = widget
        self._course = tuple(course)
        self._board: LessonBoard | None = None
        if lesson is not None:
            self.start(lesson)

    @staticmethod
    def check(lesson: LessonArg | None, course: Sequence[Lesson], storage: object) -> None:
        """Refuse a widget's ``lesson`` and ``lesson_storage`` arguments before any comm opens.

        Raises:
            InvalidOptionError: a number outside the course.
            ArgumentTypeError: a lesson that is neither a number nor a Lesson, or a storage key
                that is not a str.
        """
        if lesson is not None:
            find_lesson(lesson, course)
        if not isinstance(storage, str):
            raise ArgumentTypeError("invalid_option", f"lesson_storage must be a str, not {type(storage).__name__}")

    @property
    def lesson(self) -> Lesson | None:
        """The lesson on the widget's board, or ``None``."""
        return None if self._board is None else self._board.lesson

    def start(self, lesson: LessonArg) -> Lesson:
        """``CrescentWidget.start_lesson``."""
        course, index = find_lesson(lesson, self._course)
        if self._board is not None:
            self._board.detach()
        self._board = LessonBoard(self._widget, course, index)
        return self._board.lesson

    def retry(self) -> None:
        """``CrescentWidget.retry_lesson``."""
        if self._board is not None:
            self._board.retry()

    def next(self) -> Lesson | None:
        """``CrescentWidget.next_lesson``."""
        if self._board is None or not self._board.next():
            return None
        return self._board.lesson

    def end(self) -> None:
        """``CrescentWidget.end_lesson``."""
        if self._board is not None:
            self._board.detach()
            self._board = None

    def control(self, kind: str, rev: object) -> bool:
        """Try again (``"lesson_retry"``) or Next lesson from the board, unless the press is stale
        (``rev`` is not the widget's: a double tap); whether it was taken."""
        if rev != self._widget.rev or isinstance(rev, bool):
            return False
        if kind == "lesson_retry":
            self.retry()
        else:
            self.next()
        return True

    def heard(self, kind: object, refused: str | None, attempt: Move | Place | None = None) -> None:
        """The table has carried out (``refused`` ``None``) or refused a play intent of ``kind``
        from the board (``attempt``: the move or tapped place refused, as the table names it): a move
        the rules refused gets the lesson's verdict (a malformed or stale intent, which ``refused``
        also names, is no attempt)."""
        if self._board is not None and kind in LESSON_ATTEMPTS and refused in REASONS:
            self._board.refused(refused, attempt)

    def refuses(self, kind: object) -> bool:
        """Whether a lesson holds the board and ``kind`` is neither play nor one of its buttons."""
        buttons = self._widget.lesson_buttons
        if not buttons:
            return False
        if not isinstance(kind, str):
            return True
        return kind not in LESSON_PLAY_INTENTS and kind.replace("_", "-") not in buttons


# lessons_done comes from the browser's storage through the front end: keys are short, and few.
MAX_DONE: Final = 100
MAX_KEY_LENGTH: Final = 40


def find_lesson(lesson: object, course: Sequence[Lesson]) -> tuple[tuple[Lesson, ...], int]:
    """The course a lesson is shown in and its place there: a number 1–9 of ``course``, or a Lesson.

    A lesson of ``course`` goes on to the next one; any other lesson is a course of its own.

    Raises:
        InvalidOptionError: a number outside the course.
        ArgumentTypeError: neither a number nor a :class:`Lesson`.

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


def check_lessons_done(value: object) -> list[str]:
    """A ``lessons_done`` list from a front end: lesson keys, short and few, each once.

    Raises:
        InvalidOptionError: anything else (the browser's storage may hold anything).

    >>> check_lessons_done(["build", "layout", "build"])
    ['build', 'layout']
    """
    if not isinstance(value, list) or len(value) > MAX_DONE:
        raise InvalidOptionError(f"lessons_done must be a list of at most {MAX_DONE} lesson keys, got {quoted(value)}")
    if not all(isinstance(key, str) and 0 < len(key) <= MAX_KEY_LENGTH for key in value):
        raise InvalidOptionError("lessons_done must hold lesson keys (short texts)")
    return list(dict.fromkeys(value))
