"""Deprecated alias of :mod:`crescent_widget.lessons`, kept for one release.

Lessons build positions and boards, so they live beside the other faces of the game:
``from crescent_widget.lessons import LESSONS, Lesson, sparse_position``.
"""

from __future__ import annotations

import warnings

from ..lessons import LESSONS, UNDO, Lesson, Verdict, full_foundations, sparse_position

__all__ = ["LESSONS", "UNDO", "Lesson", "Verdict", "full_foundations", "sparse_position"]

warnings.warn(
    "crescent_widget.words.lessons is deprecated: import from crescent_widget.lessons",
    DeprecationWarning,
    stacklevel=2,
)
