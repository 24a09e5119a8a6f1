"""Lessons: prepared positions that teach one rule each, judge the learner's answer, and run on a table.

:data:`LESSONS` is the course of nine lessons. ``CrescentWidget(lesson=3, lang="en")``
shows one on a board of its own, with its rule and task above the board, only the
buttons of its task, Try again and Next lesson; ``Table(lesson=3)`` runs the same lesson
with no widget library (``crescent --lesson 3`` in a terminal). :class:`Lesson` and
:func:`sparse_position` let a teacher write more.
"""

from .catalogue import LESSONS
from .lesson import UNDO, Lesson, Verdict, full_foundations, sparse_position

__all__ = ["LESSONS", "UNDO", "Lesson", "Verdict", "full_foundations", "sparse_position"]
