"""A solver for Crescent: solve any position, give hints, deal only winnable games.

>>> from crescent_widget import Game
>>> from crescent_widget.solver import solve
>>> result = solve(Game.from_number(3), nodes=300_000)
>>> result.status, result.line[0]
('won', Move.parse('...'))

The search works on its own compact state (:mod:`.search.state`) and reports a win only after
the engine has replayed the whole line (:mod:`.search.lines`); "lost" comes only from a proof:
a search that visited every reachable position (:mod:`.search.dive_and_proof`), or a suit that cannot be
finished even with the rules relaxed in the player's favour (:mod:`.search.suits`).

Two searches give the same answers: the pure-Python one, which runs everywhere (in the
browser too), and an optional compiled core, ``pip install ./accel`` from a checkout, used
when installed. :func:`backend` tells which one runs; ``CRESCENT_SOLVER=python`` (or
``accel``) forces the choice (:mod:`.search.backends`).

>>> from crescent_widget.solver import backend
>>> backend() in ("accel", "python")
True

The solver sees every card: in the face-down variant (``H``) its hints use cards the
player cannot see yet.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names

# No search module loads here: each name loads with its module on first use (PEP 562), so
# that the board, which imports the light :mod:`.search.watch` at start, does not pay for the solver
# before its first hint (in the browser every module costs noticeably at the kernel's start).
if TYPE_CHECKING:
    from .advice import Hint, HintKind, MoveCheck, MoveVerdict, Winnability, hint, move_check, winnability
    from .analysis.review import Better, Review, review
    from .api import InvalidBudgetError, Outcome, SolveResult, solve
    from .search.backends import SolverBackendError, backend
    from .search.lines import ReplayError, check_win
    from .survey.results import read_survey
    from .winnable import random_winnable_number, winnable_numbers

# Each public name and the module it lives in.
_HOMES = {
    "Hint": "advice",
    "HintKind": "advice",
    "MoveCheck": "advice",
    "MoveVerdict": "advice",
    "Winnability": "advice",
    "hint": "advice",
    "move_check": "advice",
    "winnability": "advice",
    "Better": "analysis.review",
    "Review": "analysis.review",
    "review": "analysis.review",
    "InvalidBudgetError": "api",
    "Outcome": "api",
    "SolveResult": "api",
    "solve": "api",
    "SolverBackendError": "search.backends",
    "backend": "search.backends",
    "ReplayError": "search.lines",
    "check_win": "search.lines",
    "read_survey": "survey.results",
    "random_winnable_number": "winnable",
    "winnable_numbers": "winnable",
}

__all__ = [
    "Better",
    "Hint",
    "HintKind",
    "InvalidBudgetError",
    "MoveCheck",
    "MoveVerdict",
    "Outcome",
    "ReplayError",
    "Review",
    "SolveResult",
    "SolverBackendError",
    "Winnability",
    "backend",
    "check_win",
    "hint",
    "move_check",
    "random_winnable_number",
    "read_survey",
    "review",
    "solve",
    "winnability",
    "winnable_numbers",
]


_load, __dir__ = lazy_names(globals(), _HOMES)


def __getattr__(name: str) -> object:
    """Each public name from its module, on first use."""
    return _load(name)
