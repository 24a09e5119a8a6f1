"""The choice of search backend: the compiled core when it is usable, else pure Python.

These run with or without ``crescent_accel`` installed: where they need it present,
missing or mismatched, they put a stand-in module in its place. The real compiled core
is compared with the pure-Python search in ``tests/solver/test_accel.py``.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable, Iterator
from types import ModuleType

import pytest

from crescent_widget import Game
from crescent_widget.errors import CrescentError
from crescent_widget.solver import SolverBackendError, backend, solve
from crescent_widget.solver.api import dives_only, run
from crescent_widget.solver.search import backends as backend_module
from crescent_widget.solver.search.dive_and_proof import ALGORITHM, Search
from crescent_widget.solver.search.relaxed import Relaxed, RelaxedSearch
from crescent_widget.solver.search.state import InternalMove, State, from_game
from crescent_widget.solver.search.suits import SuitBound


class CountingSearch(Search):
    """The pure-Python search under another name, counting its instances: a stand-in accel."""

    made = 0

    def __init__(self, root: State, *, seed: int = 0, prune: bool = True) -> None:
        super().__init__(root, seed=seed, prune=prune)
        CountingSearch.made += 1

    def dive(self, limit: int, stop: Callable[[], bool] | None = None) -> list[InternalMove] | None:
        return super().dive(limit, stop)


@pytest.fixture
def fresh_choice(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[ModuleType | None], None]]:
    """Install a stand-in ``crescent_accel`` (None: one that fails to import) for one test."""
    monkeypatch.delenv(backend_module.ENV_VAR, raising=False)

    def install(module: ModuleType | None) -> None:
        monkeypatch.setitem(sys.modules, "crescent_accel", module)
        backend_module._accel.cache_clear()

    yield install
    backend_module._accel.cache_clear()  # the real module again for the tests that follow


class CountingRelaxedSearch(RelaxedSearch):
    """The pure-Python relaxed search, counting how often the bound starts one."""

    made = 0

    def __init__(self, start: Relaxed) -> None:
        CountingRelaxedSearch.made += 1
        super().__init__(start)


def stand_in(algorithm: int) -> ModuleType:
    module = ModuleType("crescent_accel")
    module.ALGORITHM = algorithm  # type: ignore[attr-defined]
    module.Search = CountingSearch  # type: ignore[attr-defined]
    module.RelaxedSearch = CountingRelaxedSearch  # type: ignore[attr-defined]
    return module


def test_the_pure_search_runs_when_the_accel_is_missing(fresh_choice: Callable[[ModuleType | None], None]) -> None:
    fresh_choice(None)
    assert backend() == "python"
    assert backend_module.search_class() is Search
    assert backend_module.relaxed_search_class() is RelaxedSearch
    assert solve(Game.from_number(3), nodes=300_000).status == "won"


def test_a_matching_accel_is_used_by_solve_and_the_dives(fresh_choice: Callable[[ModuleType | None], None]) -> None:
    fresh_choice(stand_in(ALGORITHM))
    CountingSearch.made = 0
    assert backend() == "accel"
    result, search = run(Game.from_number(3), nodes=300_000)
    assert result.status == "won" and isinstance(search, CountingSearch)
    dives_only(Game.from_number(3), seconds=5)
    assert CountingSearch.made == 2
    CountingRelaxedSearch.made = 0
    assert not SuitBound(from_game(Game.from_number(987_654))).done  # a deal no test settled before
    assert CountingRelaxedSearch.made == 4  # a search for each suit


def test_an_accel_of_another_algorithm_is_not_used(
    fresh_choice: Callable[[ModuleType | None], None], monkeypatch: pytest.MonkeyPatch
) -> None:
    fresh_choice(stand_in(ALGORITHM + 1))
    assert backend() == "python"
    monkeypatch.setenv("CRESCENT_SOLVER", "accel")
    with pytest.raises(SolverBackendError) as caught:
        backend()
    assert caught.value.reason == "accel_mismatch"
    assert f"algorithm {ALGORITHM + 1}" in str(caught.value) and "pip install ./accel" in str(caught.value)


def test_python_forces_the_pure_search(
    fresh_choice: Callable[[ModuleType | None], None], monkeypatch: pytest.MonkeyPatch
) -> None:
    fresh_choice(stand_in(ALGORITHM))
    monkeypatch.setenv("CRESCENT_SOLVER", "python")
    assert backend() == "python"
    assert isinstance(run(Game.from_number(3), nodes=1000)[1], Search)
    assert not isinstance(run(Game.from_number(3), nodes=1000)[1], CountingSearch)
    for auto in ("auto", "", " auto "):
        monkeypatch.setenv("CRESCENT_SOLVER", auto)
        assert backend() == "accel"


def test_accel_required_but_missing_is_a_clear_error(
    fresh_choice: Callable[[ModuleType | None], None], monkeypatch: pytest.MonkeyPatch
) -> None:
    fresh_choice(None)
    monkeypatch.setenv("CRESCENT_SOLVER", "accel")
    game = Game.from_number(3)
    before = game.to_dict()
    with pytest.raises(SolverBackendError) as caught:
        solve(game, nodes=1000)
    assert isinstance(caught.value, CrescentError) and isinstance(caught.value, ValueError)
    assert caught.value.reason == "accel_missing"
    assert "CRESCENT_SOLVER=accel" in str(caught.value) and "crescent_accel" in str(caught.value)
    assert game.to_dict() == before


@pytest.mark.parametrize("value", ["rust", "Python", "c", "x" * 1000])
def test_an_unknown_choice_is_refused(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("CRESCENT_SOLVER", value)
    with pytest.raises(SolverBackendError) as caught:
        solve(Game.from_number(3), nodes=1000)
    assert caught.value.reason == "unknown_solver"
    assert "auto, python, accel" in str(caught.value)
    assert len(str(caught.value)) < 200  # a huge value is clipped


def test_a_button_that_needs_a_missing_solver_logs_a_warning_and_raises_nothing(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from crescent_widget import CrescentWidget
    from widget_support import send

    widget = CrescentWidget("CR1-N-AAAAAAB")
    before = widget.game.to_dict()
    monkeypatch.setenv("CRESCENT_SOLVER", "rust")
    with caplog.at_level(logging.DEBUG, logger="crescent_widget"):
        send(widget, {"type": "winnable", "rev": widget.rev})
        send(widget, {"type": "hint", "rev": widget.rev})
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 2 and all("CRESCENT_SOLVER" in text for text in warnings), warnings
    assert widget.game.to_dict() == before
