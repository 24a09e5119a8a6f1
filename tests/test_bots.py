"""Batch play: the policies, play_many in this process, in worker processes and on a real Dask cluster."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from distributed import Client, LocalCluster

from crescent_widget import Game, InvalidCodeError, Move
from crescent_widget.bots import HintPolicy, Played, PolicyError, RandomPolicy, greedy, play, play_many
from crescent_widget.errors import InvalidOptionError

DEALS = list(range(1, 41))


def check_played(played: Played) -> None:
    """A result agrees with the game its record replays."""
    game = played.game()
    assert game.code == played.code == Game.from_number(played.deal).code
    assert (game.move_count, game.reshuffles_left) == (played.moves, played.reshuffles_left)
    assert played.cards_left == sum(game.pile_size(n) for n in range(1, 17))
    assert played.status == ("stopped" if game.status == "playing" else game.status)


@pytest.fixture(scope="module")
def client() -> Iterator[Client]:
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True) as cluster, Client(cluster) as made:
        yield made


def test_greedy_sends_cards_to_the_foundations_and_reshuffles_only_when_none_go() -> None:
    for played in play_many(DEALS, greedy):
        check_played(played)
        game = Game.from_number(played.deal)
        for action in played.game().actions:
            foundation_moves = [m for m in game.legal_moves() if m.src.is_pile and m.dst.is_foundation]
            assert action == (foundation_moves[0] if foundation_moves else Move.parse("R"))
            game.move(action)


def test_worker_processes_give_the_same_games_in_the_order_asked() -> None:
    deals = DEALS[::-1]
    alone = play_many(deals, RandomPolicy(seed=3), max_actions=200)
    assert [p.deal for p in alone] == deals
    assert play_many(deals, RandomPolicy(seed=3), jobs=2, max_actions=200) == alone
    assert play_many(deals, RandomPolicy(seed=4), max_actions=200) != alone
    for played in alone:
        check_played(played)


def test_the_same_dask_cluster_as_the_survey_plays_them_too(client: Client) -> None:
    assert play_many(DEALS, greedy, cluster=client) == play_many(DEALS, greedy)
    # A policy defined here, even a lambda, travels to the workers (cloudpickle).
    first_foundation = lambda game: next((m for m in game.legal_moves() if m.dst.is_foundation), None)  # noqa: E731
    on_cluster = play_many(DEALS[:8], first_foundation, cluster=client.scheduler.address, jobs=1)
    assert on_cluster == play_many(DEALS[:8], first_foundation)


def test_a_local_cluster_is_started_and_closed_for_the_batch() -> None:
    assert play_many(DEALS[:6], greedy, cluster="local", jobs=1) == play_many(DEALS[:6], greedy)


def test_the_hint_policy_wins_solvable_deals() -> None:
    results = play_many([1, 2, 3], HintPolicy(seconds=2.0), jobs=2)
    assert [p.status for p in results] == ["won"] * 3 and all(p.cards_left == 0 for p in results)
    for played in results:
        check_played(played)


def test_the_hint_policy_plays_fair_in_the_face_down_deal() -> None:
    played = play(1, HintPolicy(seconds=0.05), variant="H", max_actions=60)
    assert played.code == "CR1-H-AAAAAAB" and played.moves > 0


def test_a_policy_that_stops_or_runs_out_of_actions_is_stopped() -> None:
    assert play(1, lambda game: None).moves == 0

    def shuttle_policy(game: Game) -> Move:  # deal 3: 6-3 and back, for ever
        return Move(game.history[-1].dst, game.history[-1].src) if game.history else Move(6, 3)

    shuttle = play(3, shuttle_policy, max_actions=30)
    assert shuttle.status == "stopped" and shuttle.moves == 30 and len(shuttle.game().actions) == 30


def test_an_action_the_game_refuses_names_the_deal() -> None:
    with pytest.raises(PolicyError, match=r"deal 2 \(CR1-N-AAAAAAC\).*same_place|deal 2 .*'1-1'"):
        play_many([2], lambda game: "1-1")
    with pytest.raises(PolicyError, match="X3"):
        play_many([1, 2], lambda game: "X3", jobs=2)


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"deals": "1-5"}, InvalidOptionError),
        ({"deals": 5}, InvalidOptionError),
        ({"deals": [1, -1]}, InvalidCodeError),
        ({"deals": [True]}, InvalidCodeError),
        ({"policy": "greedy"}, InvalidOptionError),
        ({"jobs": 0}, InvalidOptionError),
        ({"jobs": True}, InvalidOptionError),
        ({"jobs": 10**6}, InvalidOptionError),  # a process each, as far as the deals go
        ({"cluster": 42}, InvalidOptionError),
        ({"max_actions": 0}, InvalidOptionError),
        ({"variant": "X"}, InvalidOptionError),
    ],
)
def test_bad_arguments_are_refused_before_anything_runs(kwargs: dict[str, object], error: type[Exception]) -> None:
    arguments: dict[str, object] = {"deals": [1], "policy": greedy, **kwargs}
    with pytest.raises(error):
        play_many(**arguments)  # type: ignore[arg-type]


def test_a_policy_that_cannot_travel_is_refused_cleanly() -> None:
    class Locked:
        lock = threading.Lock()

        def __init__(self) -> None:
            self.held = threading.Lock()

        def __call__(self, game: Game) -> None:
            return None

    with pytest.raises(InvalidOptionError, match="cannot be sent"):
        play_many([1, 2], Locked(), jobs=2)
    assert play_many([1], Locked())[0].moves == 0  # in this process it needs no pickling


def test_a_bad_hint_budget_is_refused() -> None:
    with pytest.raises(InvalidOptionError):
        HintPolicy(seconds=0)
