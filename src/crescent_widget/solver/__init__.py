"""A solver for Crescent: solve any position, give hints, deal only winnable games.

>>> from crescent_widget import Game
>>> from crescent_widget.solver import solve
>>> result = solve(Game.from_number(3), nodes=300_000)
>>> result.status, result.line[0]
('won', Move.parse('...'))

The search works on its own compact state (:mod:`.state`) and reports a win only after
the engine has replayed the whole line (:mod:`.replay`); "lost" comes only from a proof:
a search that visited every reachable position (:mod:`.search`), or a suit that cannot be
finished even with the rules relaxed in the player's favour (:mod:`.suits`).

Two searches give the same answers: the pure-Python one, which runs everywhere (in the
browser too), and an optional compiled core, ``pip install ./accel`` from a checkout, used
when installed. :func:`backend` tells which one runs; ``CRESCENT_SOLVER=python`` (or
``accel``) forces the choice (:mod:`.backends`).

>>> backend() in ("accel", "python")
True

The solver sees every card: in the face-down variant (``H``) its hints use cards the
player cannot see yet.
"""

from __future__ import annotations

from .advice import Hint, HintKind, MoveCheck, MoveVerdict, Winnability, hint, move_check, winnability
from .advice import check_move as check_move  # the former name of move_check, for one release
from .api import InvalidBudgetError, Outcome, SolveResult, solve
from .backends import SolverBackendError, backend
from .replay import ReplayError, check_win
from .results import read_survey
from .winnable import random_winnable_number, winnable_numbers

__all__ = [
    "Hint",
    "HintKind",
    "InvalidBudgetError",
    "MoveCheck",
    "MoveVerdict",
    "Outcome",
    "ReplayError",
    "SolveResult",
    "SolverBackendError",
    "Winnability",
    "backend",
    "check_win",
    "hint",
    "move_check",
    "random_winnable_number",
    "read_survey",
    "solve",
    "winnability",
    "winnable_numbers",
]


def __getattr__(name: str) -> object:
    """``Status``, the former name of :data:`Outcome`, for one release (it warns)."""
    if name == "Status":
        import warnings

        warnings.warn(
            "crescent_widget.solver.Status is deprecated: use Outcome (the next release drops the name)",
            DeprecationWarning,
            stacklevel=2,
        )
        return Outcome
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
