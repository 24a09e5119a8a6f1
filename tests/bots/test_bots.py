"""Batch play: the policies, play_many in this process, in worker processes and on a real Dask cluster."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest
from distributed import Client, LocalCluster

from crescent_widget import Game, InvalidCodeError, Move
from crescent_widget.bots import HintPolicy, Played, PolicyError, RandomPolicy, greedy, play, play_many
from crescent_widget.errors import ArgumentTypeError, CrescentError, InvalidOptionError
from crescent_widget.solver.survey import run_survey

DEALS = list(range(1, 41))


def check_played(played: Played) -> None:
    """A result agrees with the game its record replays."""
    game = played.game()
    assert game.code == played.code == Game.from_number(played.deal).code
    assert (game.move_count, game.reshuffles_left) == (played.moves, played.reshuffles_left)
    assert played.cards_left == sum(game.pile_size(n) for n in range(1, 17))
    if game.status == "playing":
        assert played.status in ("resigned", "max_actions")
    else:
        assert played.status == game.status


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
    results = play_many([1, 2, 3], HintPolicy(nodes=300_000), jobs=2)
    assert [p.status for p in results] == ["won"] * 3 and all(p.cards_left == 0 for p in results)
    for played in results:
        check_played(played)


def test_the_hint_policy_plays_fair_in_the_face_down_deal() -> None:
    played = play(1, HintPolicy(nodes=2_000), variant="H", max_actions=60)
    assert played.code == "CR1-H-AAAAAAB" and played.moves > 0


def test_a_game_that_stops_says_why_the_policy_resigned_or_the_actions_ran_out() -> None:
    resigned = play(1, lambda game: None)
    assert resigned.status == "resigned" and resigned.moves == 0

    def shuttle_policy(game: Game) -> Move:  # deal 3: 6-3 and back, for ever
        return Move(game.history[-1].dst, game.history[-1].src) if game.history else Move(6, 3)

    shuttle = play(3, shuttle_policy, max_actions=30)
    assert shuttle.status == "max_actions" and shuttle.moves == 30 and len(shuttle.game().actions) == 30
    # The greedy bot gives up (None) when no card can go home and no reshuffle is left.
    assert {p.status for p in play_many(DEALS, greedy)} <= {"won", "blocked", "resigned"}


def test_an_action_the_game_refuses_names_the_deal() -> None:
    with pytest.raises(PolicyError, match=r"deal 2 \(CR1-N-AAAAAAC\).*same_place|deal 2 .*'1-1'"):
        play_many([2], lambda game: "1-1")
    with pytest.raises(PolicyError, match="X3"):
        play_many([1, 2], lambda game: "X3", jobs=2)


BAD_ARGUMENTS = [
    ({"deals": "1-5"}, ArgumentTypeError),
    ({"deals": 5}, ArgumentTypeError),
    ({"deals": [1, -1]}, InvalidCodeError),
    ({"deals": [True]}, InvalidCodeError),
    ({"policy": "greedy"}, ArgumentTypeError),
    ({"policy": 42}, ArgumentTypeError),
    ({"jobs": 0}, InvalidOptionError),
    ({"jobs": True}, ArgumentTypeError),
    ({"jobs": 10**6}, InvalidOptionError),  # a process each, as far as the deals go
    ({"cluster": 42}, ArgumentTypeError),
    ({"cluster": "bogus"}, InvalidOptionError),  # refused here, not after Dask's minute of trying
    ({"cluster": "tcp://host"}, InvalidOptionError),
    ({"max_actions": 0}, InvalidOptionError),
    ({"max_actions": "5"}, ArgumentTypeError),
    ({"max_actions": 5.0}, ArgumentTypeError),
    ({"seed": "1"}, ArgumentTypeError),
    ({"variant": "X"}, InvalidOptionError),
]


@pytest.mark.parametrize(("kwargs", "error"), BAD_ARGUMENTS)
def test_bad_arguments_are_refused_before_anything_runs(kwargs: dict[str, object], error: type[Exception]) -> None:
    arguments: dict[str, object] = {"deals": [1], "policy": greedy, **kwargs}
    started = time.monotonic()
    with pytest.raises(error) as refused:
        play_many(**arguments)  # type: ignore[arg-type]
    assert isinstance(refused.value, CrescentError) and refused.value.reason in ("invalid_option", "invalid_code")
    assert time.monotonic() - started < 5, "refused at once, nothing started"


GAME_OPTIONS = {"policy", "max_actions", "seed", "variant"}


@pytest.mark.parametrize(("kwargs", "error"), [case for case in BAD_ARGUMENTS if set(case[0]) <= GAME_OPTIONS])
def test_play_refuses_what_play_many_refuses_with_the_same_error(
    kwargs: dict[str, object], error: type[Exception]
) -> None:
    arguments: dict[str, object] = {"policy": greedy, **kwargs}
    with pytest.raises(error) as alone:
        play(1, **arguments)  # type: ignore[arg-type]
    with pytest.raises(error) as batch:
        play_many([1], **arguments)  # type: ignore[arg-type]
    assert str(alone.value) == str(batch.value) and alone.value.reason == batch.value.reason
    with pytest.raises(InvalidCodeError):
        play(-1, greedy)


@pytest.mark.parametrize("cluster", ["bogus", "tcp://host", 42])
def test_play_many_and_run_survey_refuse_a_cluster_alike(cluster: object) -> None:
    with pytest.raises(CrescentError) as bots:
        play_many([1], greedy, cluster=cluster, jobs=2)
    with pytest.raises(CrescentError) as survey:
        list(run_survey([1], seconds=1, cluster=cluster, jobs=2))  # type: ignore[arg-type]
    assert type(bots.value) is type(survey.value) and str(bots.value) == str(survey.value)


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
