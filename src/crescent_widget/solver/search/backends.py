"""Which search runs: the optional compiled core, or the pure-Python search.

The compiled core is the separate distribution ``crescent-widget-accel`` (module
``crescent_accel``, ``pip install ./accel`` from a checkout). It mirrors
:class:`~.dive_and_proof.Search` exactly: the same successors in the same order, and for a seed
and a node budget the same line, node counts and verdict; and the one-suit bound's
:class:`~.relaxed.RelaxedSearch` as well. It is used when it imports and
carries the same :data:`~.dive_and_proof.ALGORITHM` number as the pure-Python search; otherwise
the pure-Python search runs, which is complete on its own (it is the only one in the
browser, on Pyodide). The environment variable ``CRESCENT_SOLVER`` overrides the choice:

- unset, empty or ``auto``: the compiled core when it is usable, else pure Python;
- ``python``: always the pure-Python search;
- ``accel``: the compiled core, or :class:`SolverBackendError` when it is missing or
  mirrors another version of the search.

The choice is made at each search, so changing the variable takes effect at once.

Both backends take exactly the same inputs: the compiled classes are used through
subclasses that run the same checks (:mod:`.checks`) before the compiled code does, and
turn the compiled code's own refusals (plain ``TypeError``, ``ValueError`` and
``RuntimeError`` led by a reason code) into the package's errors.

>>> backend() in ("accel", "python")
True
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import cache
from typing import Any, Final, Literal, NamedTuple, Protocol, TypeVar

from ...checks import check_flag
from ...errors import CrescentError
from .checks import check_limit, check_seed, check_state, check_stop, translated
from .dive_and_proof import ALGORITHM, Search
from .relaxed import Relaxed, RelaxedSearch, check_relaxed
from .state import InternalMove, State

ENV_VAR: Final = "CRESCENT_SOLVER"
Backend = Literal["accel", "python"]
CHOICES: Final = ("auto", "python", "accel")
_T = TypeVar("_T")


class SearchEngine(Protocol):
    """What the solver uses of a search: :class:`~.dive_and_proof.Search` and the compiled one alike."""

    root: State
    prune: bool
    nodes: int
    stored: int
    dives: int
    proof_nodes: int
    proof_done: bool
    dead_marks: int
    suit_cuts: int
    suit_nodes: int
    best_line: list[InternalMove]

    def dive(self, limit: int, stop: Callable[[], bool] | None = None) -> list[InternalMove] | None: ...

    def prove(self, limit: int) -> list[InternalMove] | None: ...


class SearchFactory(Protocol):
    """A search class: ``factory(root, seed=…, prune=…)`` starts a search of ``root``."""

    def __call__(self, root: State, *, seed: int = 0, prune: bool = True) -> SearchEngine: ...


class RelaxedEngine(Protocol):
    """What the one-suit bound uses of a relaxed search: :class:`~.relaxed.RelaxedSearch` and the compiled one."""

    nodes: int

    def run(self, budget: int) -> bool | None: ...


class RelaxedFactory(Protocol):
    """A relaxed search class: ``factory(start)`` starts the search of a relaxed position."""

    def __call__(self, start: Relaxed) -> RelaxedEngine: ...


class Engines(NamedTuple):
    """The classes of one backend: the search and the one-suit bound's relaxed search."""

    search: SearchFactory
    relaxed: RelaxedFactory


class SolverBackendError(CrescentError):
    """``CRESCENT_SOLVER`` asks for a search that cannot run.

    ``reason`` is ``accel_missing`` (``crescent_accel`` does not import),
    ``accel_mismatch`` (it mirrors another version of the search: reinstall it) or
    ``unknown_solver`` (the variable holds something else than ``auto``, ``python`` or
    ``accel``).
    """


@cache
def _accel() -> tuple[Engines | None, str, str]:
    """The compiled core's classes if it is usable; else None, a reason code and why.

    Imported once: a module that failed to import does not start working later.
    """
    try:
        import crescent_accel
    except ImportError as error:
        return None, "accel_missing", f"the compiled search core (crescent_accel) does not import: {error}"
    if crescent_accel.ALGORITHM != ALGORITHM:
        detail = (
            f"the compiled search core mirrors search algorithm {crescent_accel.ALGORITHM!r}, "
            f"this solver runs algorithm {ALGORITHM}: reinstall it from this checkout (pip install ./accel)"
        )
        return None, "accel_mismatch", detail
    return checked(crescent_accel.Search, crescent_accel.RelaxedSearch), "", ""


def _translating(call: Callable[[], _T]) -> _T:
    try:
        return call()
    except (TypeError, ValueError, RuntimeError) as error:
        found = translated(error)
        if found is error:
            raise
        raise found from error


def checked(search: type[Any], relaxed_search: type[Any]) -> Engines:
    """The compiled core's classes, checking their input as the pure-Python ones do.

    The checks run first, so each input gets the pure-Python search's error; the
    compiled code refuses the same inputs on its own (its memory depends on it), and
    what it raises is translated (the one refusal only it can make: a ``stop`` callback
    that calls its own running search, :class:`~.checks.SearchBusyError`).
    """

    class CheckedSearch(search):  # type: ignore[misc]  # a class known at run time only
        __doc__ = search.__doc__

        def __init__(self, root: State, *, seed: int = 0, prune: bool = True) -> None:
            check_state(root)
            check_seed(seed)
            check_flag(prune, "prune")
            _translating(lambda: super(CheckedSearch, self).__init__(root, seed=seed, prune=prune))

        def dive(self, limit: int, stop: Callable[[], bool] | None = None) -> list[InternalMove] | None:
            check_limit(limit)
            check_stop(stop)
            line: list[InternalMove] | None = _translating(lambda: super(CheckedSearch, self).dive(limit, stop))
            return line

        def prove(self, limit: int) -> list[InternalMove] | None:
            check_limit(limit)
            line: list[InternalMove] | None = _translating(lambda: super(CheckedSearch, self).prove(limit))
            return line

    class CheckedRelaxedSearch(relaxed_search):  # type: ignore[misc]
        __doc__ = relaxed_search.__doc__

        def __init__(self, start: Relaxed) -> None:
            check_relaxed(start)
            _translating(lambda: super(CheckedRelaxedSearch, self).__init__(start))

        def run(self, budget: int) -> bool | None:
            check_limit(budget, "budget")
            verdict: bool | None = _translating(lambda: super(CheckedRelaxedSearch, self).run(budget))
            return verdict

    return Engines(CheckedSearch, CheckedRelaxedSearch)


PYTHON: Final = Engines(Search, RelaxedSearch)


def _choose() -> tuple[Backend, Engines]:
    choice = os.environ.get(ENV_VAR, "").strip() or "auto"
    if choice not in CHOICES:
        shown = choice if len(choice) <= 40 else choice[:40] + "…"
        raise SolverBackendError(
            "unknown_solver", f"{ENV_VAR}={shown!r} is not one of {', '.join(CHOICES)} (or unset, for auto)"
        )
    if choice == "python":
        return "python", PYTHON
    accel, reason, detail = _accel()
    if accel is not None:
        return "accel", accel
    if choice == "accel":
        raise SolverBackendError(reason, f"{ENV_VAR}=accel, but {detail}")
    return "python", PYTHON


def backend() -> Backend:
    """The search that :func:`~..api.solve` and the advice use now: ``"accel"`` or ``"python"``.

    ``"accel"`` is the compiled core (``pip install ./accel``); ``"python"`` the
    pure-Python search. Both give the same answers; the compiled one is faster.

    Raises:
        SolverBackendError: ``CRESCENT_SOLVER`` asks for what cannot run (see the module text).
    """
    return _choose()[0]


def search_class() -> SearchFactory:
    """The search class to use now (see :func:`backend`).

    Raises:
        SolverBackendError: ``CRESCENT_SOLVER`` asks for what cannot run.
    """
    return _choose()[1].search


def relaxed_search_class() -> RelaxedFactory:
    """The one-suit bound's relaxed search class to use now, from the same backend.

    Raises:
        SolverBackendError: ``CRESCENT_SOLVER`` asks for what cannot run.
    """
    return _choose()[1].relaxed
