"""Every function that takes a search budget reads it the same way, through one check.

``None`` is "not given", and a call with neither ``seconds`` nor ``nodes`` gets the function's
own default; a budget of positions alone has no time limit; anything else that is no budget
is refused before anything changes, with the same error and reason everywhere: the solver's
functions, a survey, the table's and the widget's twins, the hint policy of the bots.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pytest

from crescent_widget import CrescentWidget, Game
from crescent_widget.bots import HintPolicy
from crescent_widget.errors import ArgumentTypeError, CrescentError
from crescent_widget.solver import InvalidBudgetError, hint, move_check, review, solve, winnability
from crescent_widget.solver.analysis.meter import Meter
from crescent_widget.solver.analysis.only_moves import only_winning_move
from crescent_widget.solver.analysis.why import dead_ends_ahead, lost_suit, why_lost
from crescent_widget.solver.api import Solving, dives_only, run
from crescent_widget.solver.search.checks import check_budget
from crescent_widget.solver.search.watch import finish_steps
from crescent_widget.solver.survey.runner import run_survey, solve_deal
from crescent_widget.table import Table

DEAL = 1  # won within a few thousand positions: every default budget ends at its first proof


def _game() -> Game:
    game = Game.from_number(DEAL)
    game.move(game.legal_moves()[0])
    return game


def _table() -> Table:
    return Table.from_game(_game(), lang="en")


def _widget() -> CrescentWidget:
    return CrescentWidget.from_game(_game(), lang="en")


Budgeted = Callable[[dict[str, Any]], object]
# Each function with a budget, called with the budget arguments given (seconds=, nodes=).
BUDGETED: dict[str, Budgeted] = {
    "solve": lambda budget: solve(_game(), **budget),
    "run": lambda budget: run(_game(), **budget),
    "Solving.steps": lambda budget: finish_steps(Solving(_game()).steps(**budget)),
    "dives_only": lambda budget: dives_only(_game(), seconds=budget.get("seconds")),
    "hint": lambda budget: hint(_game(), **budget),
    "winnability": lambda budget: winnability(_game(), **budget),
    "move_check": lambda budget: move_check(_game(), "13-14", **budget),
    "review": lambda budget: review(_game(), **budget),
    "solve_deal": lambda budget: solve_deal(DEAL, budget.get("seconds"), budget.get("nodes")),
    "run_survey": lambda budget: next(run_survey([DEAL], seconds=budget.get("seconds"), nodes=budget.get("nodes"))),
    "run_survey retry": lambda budget: next(
        run_survey([DEAL], seconds=None, nodes=10, retry_seconds=budget.get("seconds"), retry_nodes=budget.get("nodes"))
    ),
    "HintPolicy": lambda budget: HintPolicy(**budget)(_game()),
    "Table.hint": lambda budget: _table().hint(**budget),
    "Table.still_winnable": lambda budget: _table().still_winnable(**budget),
    "Table.move_check": lambda budget: _table().move_check("13-14", **budget),
    "Table.review": lambda budget: _table().review(**budget),
    "widget.hint": lambda budget: _widget().hint(**budget),
    "widget.still_winnable": lambda budget: _widget().still_winnable(**budget),
    "widget.move_check": lambda budget: _widget().move_check("13-14", **budget),
    "widget.review": lambda budget: _widget().review(**budget),
}
TIMED_ONLY = {"dives_only"}  # a budget of seconds alone


@pytest.mark.parametrize("name", sorted(BUDGETED))
def test_none_is_the_default_budget(name: str) -> None:
    """``seconds=None`` (and ``nodes=None``) is "not given": the call runs on its default."""
    BUDGETED[name]({"seconds": None} if name in TIMED_ONLY else {"seconds": None, "nodes": None})


@pytest.mark.parametrize("name", sorted(set(BUDGETED) - TIMED_ONLY))
def test_a_budget_of_positions_alone_is_taken(name: str) -> None:
    BUDGETED[name]({"nodes": 20_000})


def test_the_reproductions_of_a_none_budget() -> None:
    """``review(g, seconds=None)`` and ``Table.review(None)`` used to raise ``TypeError: unsupported operand``."""
    game = _game()
    assert review(game, seconds=None).last_winnable == len(game.actions)
    table = _table()
    assert table.review(None).last_winnable == 1


BAD: list[tuple[dict[str, object], type[CrescentError]]] = [
    ({"seconds": math.nan}, InvalidBudgetError),
    ({"seconds": math.inf}, InvalidBudgetError),
    ({"seconds": -1}, InvalidBudgetError),
    ({"seconds": 10**400}, InvalidBudgetError),
    ({"seconds": "1"}, ArgumentTypeError),
    ({"seconds": True}, ArgumentTypeError),
    ({"nodes": -1}, InvalidBudgetError),
    ({"nodes": 1.5}, ArgumentTypeError),
    ({"nodes": True}, ArgumentTypeError),
    ({"nodes": "100"}, ArgumentTypeError),
]


@pytest.mark.parametrize(
    ("name", "budget", "error"),
    [
        pytest.param(name, budget, error, id=f"{name}-{budget}")
        for name in sorted(BUDGETED)
        for budget, error in BAD
        if not (name in TIMED_ONLY and "nodes" in budget)
    ],
)
def test_a_bad_budget_is_refused_alike_everywhere(name: str, budget: dict[str, object], error: type) -> None:
    with pytest.raises(error) as refused:
        BUDGETED[name](budget)
    assert refused.value.reason == "invalid_budget"
    with pytest.raises(error) as checked:
        check_budget(budget.get("seconds"), budget.get("nodes"), default=1.0)
    assert str(refused.value) == str(checked.value)  # the one check's own words


def test_a_refused_budget_changes_nothing_on_the_table() -> None:
    table = _table()
    before = (table.game.actions, table.view())
    for call in (
        lambda: table.hint(seconds=-1),
        lambda: table.still_winnable(nodes=-1),
        lambda: table.move_check("13-14", seconds=math.nan),
        lambda: table.review(seconds="1"),  # type: ignore[arg-type]
    ):
        with pytest.raises(CrescentError):
            call()
    assert (table.game.actions, table.view()) == before


def test_both_budgets_end_at_whichever_runs_out_first() -> None:
    far = Game.from_number(3)
    assert solve(far, seconds=60, nodes=1000).nodes < 5000  # the positions ran out, not the minute
    assert check_budget(0.5, 1000, default=5.0) == (0.5, 1000)


# The functions whose budget is positions alone (and a deadline): None is their default too.
COUNTED: dict[str, Callable[[object], object]] = {
    "lost_suit": lambda nodes: lost_suit(_game(), nodes),  # type: ignore[arg-type]
    "dead_ends_ahead": lambda nodes: dead_ends_ahead(_game(), nodes),  # type: ignore[arg-type]
    "only_winning_move": lambda nodes: only_winning_move(_game(), _game().legal_moves()[0], nodes=nodes),  # type: ignore[arg-type]
}
DEADLINED: dict[str, Callable[[object], object]] = {
    "lost_suit": lambda deadline: lost_suit(_game(), deadline=deadline),  # type: ignore[arg-type]
    "dead_ends_ahead": lambda deadline: dead_ends_ahead(_game(), deadline=deadline),  # type: ignore[arg-type]
    "why_lost": lambda deadline: why_lost(_game(), deadline=deadline),  # type: ignore[arg-type]
}


@pytest.mark.parametrize("name", sorted(COUNTED))
def test_a_budget_of_positions_alone_takes_none_as_its_default(name: str) -> None:
    assert COUNTED[name](None) == COUNTED[name](None)  # the default, whatever it finds


@pytest.mark.parametrize("name", sorted(COUNTED))
@pytest.mark.parametrize(
    ("nodes", "error"), [(-1, InvalidBudgetError), (1.5, ArgumentTypeError), (True, ArgumentTypeError)]
)
def test_a_bad_budget_of_positions_is_refused_alike(name: str, nodes: object, error: type) -> None:
    with pytest.raises(error) as refused:
        COUNTED[name](nodes)
    assert refused.value.reason == "invalid_budget"


@pytest.mark.parametrize("name", sorted(DEADLINED))
def test_a_deadline_of_none_is_none(name: str) -> None:
    DEADLINED[name](None)
    for bad, error in ((math.nan, InvalidBudgetError), ("soon", ArgumentTypeError), (True, ArgumentTypeError)):
        with pytest.raises(error):
            DEADLINED[name](bad)


def test_a_meter_refuses_a_budget_that_is_no_budget() -> None:
    for seconds, nodes in ((-1.0, None), (None, -1), ("1", None), (None, 2.5)):
        with pytest.raises(CrescentError):
            Meter(seconds, nodes)  # type: ignore[arg-type]
