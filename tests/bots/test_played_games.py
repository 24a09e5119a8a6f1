"""play_many's results as a table, a win rate with its interval, and randomness handed to policies."""

from __future__ import annotations

from typing import Any

import numpy as np

from crescent_widget import Game, Move
from crescent_widget.bots import PlayedGames, RandomPolicy, game_seed, greedy, play, play_many
from crescent_widget.solver.survey import Proportion, wilson_interval

DEALS = list(range(1, 25))


def test_the_results_are_a_list_and_a_table() -> None:
    results = play_many(DEALS, RandomPolicy(seed=2), max_actions=300)
    assert isinstance(results, PlayedGames) and isinstance(results, list)
    assert [p.deal for p in results] == DEALS and results[0] == next(iter(results)) and len(results[3:5]) == 2
    frame = results.to_frame()
    assert list(frame["deal"]) == DEALS and list(frame["status"]) == [p.status for p in results]
    assert list(frame.columns) == ["deal", "code", "status", "cards_left", "moves", "reshuffles_left", "record"]
    assert list(frame["status"].cat.categories) == ["won", "blocked", "resigned", "max_actions"]
    counts = results.counts()
    assert sum(counts.values()) == len(DEALS) and counts == frame["status"].value_counts().to_dict()


def test_the_win_rate_is_an_interval() -> None:
    results = play_many([1, 2, 3], lambda game: None)
    rate = results.win_rate()
    assert rate == Proportion(0, 3, *wilson_interval(0, 3)) and rate.value == 0.0 and rate.high > 0.4
    hinted = PlayedGames([*results, play(1, _solved_line())])
    assert hinted.win_rate().count == 1 and hinted.win_rate().total == 4
    assert "95% Wilson interval" in str(hinted.win_rate())
    assert str(PlayedGames().win_rate()) == "no deals"


def _solved_line() -> Any:
    from crescent_widget.solver import solve

    line = solve(Game.from_number(1), nodes=300_000).line

    def follow(game: Game) -> Move:
        return line[len(game.actions)]

    return follow


def test_a_policy_that_asks_for_a_generator_gets_one_made_from_the_deal() -> None:
    handed: dict[int, np.random.Generator] = {}  # kept alive, so that no id is used twice

    def any_action(game: Game, rng: np.random.Generator) -> Move | None:
        assert isinstance(rng, np.random.Generator)
        handed[id(rng)] = rng
        actions = game.legal_actions()
        return actions[rng.integers(len(actions))] if actions else None

    alone = play_many(DEALS, any_action, max_actions=80)
    assert len(handed) == len(DEALS), "one generator a game"
    # The same games however the deals are split or ordered: in workers, reversed.
    assert play_many(DEALS, any_action, max_actions=80, jobs=2) == alone
    assert play_many(DEALS[::-1], any_action, max_actions=80)[::-1] == alone
    # Another batch seed, other games.
    assert play_many(DEALS, any_action, max_actions=80, seed=1) != alone
    assert play(5, any_action, max_actions=80) == alone[4]


def test_a_policy_that_asks_for_a_seed_gets_the_games_seed() -> None:
    seeds: list[int] = []

    def note(game: Game, seed: int) -> None:
        seeds.append(seed)

    play_many([1, 2], note, seed=7)
    assert seeds == [game_seed("CR1-N-AAAAAAB", 7), game_seed("CR1-N-AAAAAAC", 7)]
    assert len({game_seed("CR1-N-AAAAAAB", s) for s in range(50)}) == 50


def test_a_plain_policy_is_called_with_the_game_alone() -> None:
    calls: list[tuple[Any, ...]] = []

    def plain(*args: Any) -> None:
        calls.append(args)

    play(1, plain)
    assert len(calls) == 1 and len(calls[0]) == 1
    assert play(1, greedy).status == "resigned"
