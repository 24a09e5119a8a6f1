"""Every public function of ``crescent_widget.solver`` checks its arguments first.

A wrong type is an ``ArgumentTypeError`` (a ``TypeError`` and a ``CrescentError``), a
wrong value a ``ValueError`` subclass with a reason code; budgets of any size, int or
float, are either taken or refused that way. These run on whichever backend is chosen
(``scripts/test`` runs them a second time with ``CRESCENT_SOLVER=python``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

import pytest

from crescent_widget import Game
from crescent_widget.errors import ArgumentTypeError, CrescentError, InvalidPositionError
from crescent_widget.solver import (
    InvalidBudgetError,
    check_win,
    hint,
    move_check,
    random_winnable_number,
    solve,
    winnability,
)
from crescent_widget.solver.api import Solving, dives_only, run
from crescent_widget.solver.search.watch import Watch, finish_steps, watching

GAME = Game.from_number(3)
WITH_A_GAME: dict[str, Callable[[Any], object]] = {
    "solve": lambda game: solve(game, nodes=2000),
    "run": lambda game: run(game, nodes=2000),
    "dives_only": lambda game: dives_only(game, seconds=0.05),
    "hint": lambda game: hint(game, seconds=0.05),
    "winnability": lambda game: winnability(game, seconds=0.05),
    "move_check": lambda game: move_check(game, "13-14", seconds=0.05),
    "check_win": lambda game: check_win(game, []),
}
NOT_GAMES = ["CR1-N-AAAAAAB", None, 3, b"CR1-N-AAAAAAB", [GAME], {"code": "CR1-N-AAAAAAB"}, Game]


@pytest.mark.parametrize("name", sorted(WITH_A_GAME))
@pytest.mark.parametrize("game", NOT_GAMES, ids=repr)
def test_something_else_than_a_game_is_a_type_error(name: str, game: object) -> None:
    with pytest.raises(ArgumentTypeError) as refused:
        WITH_A_GAME[name](game)
    assert isinstance(refused.value, TypeError) and isinstance(refused.value, CrescentError)
    assert refused.value.reason == "invalid_option"
    assert "must be a Game" in str(refused.value)


def test_a_code_or_none_for_a_game_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="must be a Game"):
        solve("CR1-N-AAAAAAB")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="must be a Game"):
        hint(None)  # type: ignore[arg-type]


TIMED: dict[str, Callable[[object], object]] = {
    "solve": lambda seconds: solve(GAME, seconds=seconds),  # type: ignore[arg-type]
    "dives_only": lambda seconds: dives_only(GAME, seconds=seconds),  # type: ignore[arg-type]
    "hint": lambda seconds: hint(GAME, seconds=seconds),  # type: ignore[arg-type]
    "winnability": lambda seconds: winnability(GAME, seconds=seconds),  # type: ignore[arg-type]
    "move_check": lambda seconds: move_check(GAME, "13-14", seconds=seconds),  # type: ignore[arg-type]
}
BAD_SECONDS_VALUES = [math.nan, math.inf, -math.inf, -1, -0.5, 2**2000, -(2**2000), 10**400]
BAD_SECONDS_TYPES = [True, False, "1", b"1", [1], 1j, object()]


@pytest.mark.parametrize("name", sorted(TIMED))
@pytest.mark.parametrize("seconds", BAD_SECONDS_VALUES, ids=lambda value: repr(value)[:20])
def test_a_time_no_clock_can_keep_is_refused_by_value(name: str, seconds: object) -> None:
    with pytest.raises(InvalidBudgetError) as refused:
        TIMED[name](seconds)
    assert refused.value.reason == "invalid_budget" and not isinstance(refused.value, TypeError)


@pytest.mark.parametrize("name", sorted(TIMED))
@pytest.mark.parametrize("seconds", BAD_SECONDS_TYPES, ids=repr)
def test_a_time_that_is_not_a_number_is_a_type_error(name: str, seconds: object) -> None:
    with pytest.raises(ArgumentTypeError) as refused:
        TIMED[name](seconds)
    assert refused.value.reason == "invalid_budget"


@pytest.mark.parametrize("name", ["solve", "dives_only", "hint", "winnability"])
def test_none_for_the_time_is_the_default(name: str) -> None:
    # None is "not given" in every budget (solver.search.checks.check_budget): the function's default.
    TIMED[name](None)


@pytest.mark.parametrize("seconds", [0, 0.0, 1, 10**300, 1e300])
def test_any_finite_time_is_taken(seconds: float) -> None:
    # A huge time with a small node budget: the nodes end the search.
    assert solve(GAME, seconds=seconds, nodes=50_000).status in {"won", "unknown"}


@pytest.mark.parametrize("nodes", [0, 1, 2**63, 2**64 + 1, 2**2000])
def test_any_node_budget_is_taken_however_big(nodes: int) -> None:
    result = solve(GAME, seconds=5, nodes=nodes)
    assert result.status in {"won", "unknown"} and (nodes > 0 or result.nodes == 0)


@pytest.mark.parametrize(
    ("nodes", "error"),
    [
        *((nodes, InvalidBudgetError) for nodes in (-1, -(2**2000))),
        *((nodes, ArgumentTypeError) for nodes in (1.0, True, "5", math.inf, math.nan)),
    ],
    ids=repr,
)
def test_a_bad_node_budget_is_refused(nodes: object, error: type[CrescentError]) -> None:
    with pytest.raises(error) as refused:
        solve(GAME, nodes=nodes)  # type: ignore[arg-type]
    assert refused.value.reason == "invalid_budget"


@pytest.mark.parametrize("seed", ["1", 1.0, None, True, b"1", (1,)], ids=repr)
def test_a_seed_is_an_int_on_either_backend(seed: object) -> None:
    # random.Random would take "1", 1.0 and None; the compiled core seeds from an int only,
    # so both refuse the rest the same way.
    with pytest.raises(ArgumentTypeError) as refused:
        solve(GAME, nodes=1000, seed=seed)  # type: ignore[arg-type]
    assert refused.value.reason == "invalid_option"


@pytest.mark.parametrize("seed", [0, -3, 2**64 + 5, -(2**200)])
def test_any_int_seed_is_taken(seed: int) -> None:
    assert solve(GAME, nodes=20_000, seed=seed).status in {"won", "unknown"}


@pytest.mark.parametrize("moves", [None, "13-14", b"13-14", 5], ids=repr)
def test_check_win_wants_an_iterable_of_moves(moves: object) -> None:
    with pytest.raises(ArgumentTypeError):
        check_win(GAME, moves)  # type: ignore[arg-type]


def test_check_win_refuses_a_malformed_move_and_leaves_the_game() -> None:
    game = Game.from_number(3)
    before = game.to_dict()
    with pytest.raises(CrescentError):
        check_win(game, ["xx"])
    assert game.to_dict() == before


@pytest.mark.parametrize("rng", [5, "seed", random, [1, 2]], ids=repr)
def test_random_winnable_number_wants_a_random_generator(rng: object) -> None:
    with pytest.raises(ArgumentTypeError):
        random_winnable_number(rng)  # type: ignore[arg-type]


def test_refusals_change_nothing() -> None:
    game = Game.from_number(3)
    before = game.to_dict()
    for call in (lambda: hint(game, seconds=-1), lambda: move_check(game, "13-14", seconds=math.nan)):
        with pytest.raises(InvalidBudgetError):
            call()
    assert game.to_dict() == before


def test_the_solver_answers_nothing_about_a_position_of_208_cards() -> None:
    # A Game rebuilt from a doctored state (as a hostile pickle would): whichever of the
    # engine and the solver refuses it first, nothing is answered about it.
    state = list(Game.from_number(1).__getstate__())
    state[0] = [pile * 2 for pile in state[0]]
    state[1] = [foundation * 2 for foundation in state[1]]
    with pytest.raises(InvalidPositionError):
        game = Game.__new__(Game)
        game.__setstate__(tuple(state))
        solve(game, nodes=10_000)


@pytest.mark.parametrize("avoid", [5, None, "abc", object()])
def test_hint_refuses_an_avoid_that_is_no_collection_of_positions(avoid: object) -> None:
    with pytest.raises(ArgumentTypeError) as caught:
        hint(Game.from_number(1), avoid=avoid, nodes=1000)  # type: ignore[arg-type]
    assert caught.value.reason == "invalid_option"


def test_a_resumed_search_goes_on_where_it_stopped() -> None:
    game = Game.from_number(3)
    solving = Solving(game, seed=1)
    results = []
    while not results or results[-1].status == "unknown":
        results.append(finish_steps(solving.steps(nodes=len(results) * 2_000 + 1_000)))
        assert len(results) < 200, "no win found on a winnable deal"
    nodes = [result.nodes for result in results]
    assert nodes == sorted(nodes) and len(set(nodes)) == len(nodes)  # the work adds up
    won = results[-1]
    assert won.status == "won" and check_win(game, won.line)
    assert finish_steps(solving.steps(seconds=5)) is won  # settled: answered again at once
    assert game.actions == ()  # the search played on its own copy


def test_a_resumed_search_reports_each_calls_work_to_a_watch_once() -> None:
    solving = Solving(Game.from_number(3), seed=1)
    with watching(Watch()) as watch:
        for budget in (1_000, 2_500, 4_000):
            finish_steps(solving.steps(nodes=budget))
    assert watch.nodes == solving.work()
