"""Soundness of the solver's move generator and of every pruning rule.

- The one move generator (``expand`` with ``prune=False``) against the engine's rules, both
  ways: every successor replays through the engine to the same position, and every engine
  move (and the reshuffle) is among the successors.
- Every pruning rule (safe moves, dead ends, the dead marks the proof shares with the dives)
  against the unpruned complete search, on thousands of small random positions: the same
  verdict every time. Bigger runs: ``benchmarks/bench_solver_soundness.py``.
"""

from __future__ import annotations

import random

import pytest

from crescent_widget import Game
from crescent_widget.solver.api import run
from crescent_widget.solver.search.expand import dead_end, endgame, expand
from crescent_widget.solver.search.lines import engine_moves
from crescent_widget.solver.search.state import RESHUFFLE_MOVE, from_game
from helpers import sample_size
from random_states import random_position


def test_generator_matches_the_engine_on_game_positions() -> None:
    rng = random.Random(7)
    checked = 0
    for number in range(1, 41):
        game = Game.from_number(number)
        for _ in range(rng.randint(0, 120)):
            moves = game.legal_moves()
            if not moves:
                break
            game.move(rng.choice(moves))
        _check_generator(game)
        checked += 1
    for seed in range(300):
        _check_generator(random_position(random.Random(seed)))
        checked += 1
    assert checked == 340


def _check_generator(game: Game) -> None:
    state = from_game(game)
    successors = {child: move for move, child, _ in expand(state, (), prune=False)}
    # Each successor: the engine plays it and reaches the same position.
    for child, move in successors.items():
        scratch = game.copy()
        for step in engine_moves(scratch, move):
            assert scratch.check(step) is None, (game, move, step)
            scratch.move(step)
        if move == RESHUFFLE_MOVE:
            scratch = game.copy()
            scratch.reshuffle()
        assert from_game(scratch) == child, (game, move)
    # Each engine move (foundation shuffles aside, which the state folds) is a successor.
    for move in game.legal_moves():
        scratch = game.copy()
        scratch.move(move)
        after = from_game(scratch)
        assert after == state or after in successors, (game, move)
    if game.reshuffles_left and any(len(p) >= 2 for p in game.piles):
        scratch = game.copy()
        scratch.reshuffle()
        assert from_game(scratch) in successors


def test_pruned_search_agrees_with_unpruned_on_thousands_of_positions() -> None:
    rng = random.Random(2026)
    pruned_fired = 0
    dead_ends = 0
    verdicts = {"won": 0, "lost": 0}
    for _ in range(sample_size(2500)):
        game = random_position(rng)
        state = from_game(game)
        if not state[2] and endgame(state[1]) is not None:
            pruned_fired += 1
            dead_ends += dead_end(*state)
        pruned = run(game, nodes=400_000, seed=rng.randrange(100))[0]
        plain = run(game, nodes=400_000, prune=False)[0]
        assert plain.status != "unknown"
        assert pruned.status == plain.status, game.to_dict()
        verdicts[plain.status] += 1
    # The test means something only if the rules fire and both verdicts occur often.
    assert pruned_fired > sample_size(800) and dead_ends > sample_size(100)
    assert verdicts["won"] > sample_size(300) and verdicts["lost"] > sample_size(300)


def hearts_endgame(piles: list[list[str]], reshuffles: int) -> Game:
    """Every card up but the 10, J, Q and K of hearts, in ``piles``: they go up in that order."""
    suits, ranks = "SHCD", ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    ascending = [[rank + suit for rank in (ranks[:9] if suit == "H" else ranks)] for suit in suits]
    descending = [[rank + suit for rank in reversed(ranks)] for suit in suits]
    return Game.from_layout(piles + [[] for _ in range(16 - len(piles))], ascending + descending, reshuffles)


@pytest.mark.parametrize(
    ("piles", "reshuffles", "dead", "status"),
    [
        ([["10H", "QH", "JH"], ["KH"]], 0, True, "lost"),  # the J can never leave: the 10 and Q lie beneath it
        ([["10H", "QH", "JH", "KH"]], 0, True, "lost"),  # the same J under the K: lost before the J is on top
        ([["10H", "QH", "JH"], ["KH"]], 1, False, "won"),  # a reshuffle turns the 10 up
        ([["KH", "10H", "QH", "JH"]], 1, True, "lost"),  # only the K can be turned up, and it does not help
        # Two reshuffles could turn the 10 up, so the rule is silent; the K is then stuck instead.
        ([["KH", "10H", "QH", "JH"]], 2, False, "lost"),
    ],
)
def test_a_card_over_every_card_it_fits_on_is_a_dead_end_with_reshuffles_left_too(
    piles: list[list[str]], reshuffles: int, dead: bool, status: str
) -> None:
    game = hearts_endgame(piles, reshuffles)
    assert dead_end(*from_game(game)) == dead
    assert run(game, nodes=100_000, prune=False)[0].status == status
    assert run(game, nodes=100_000)[0].status == status


def test_dead_ends_with_reshuffles_left_are_lost_on_thousands_of_positions() -> None:
    rng = random.Random(2028)
    fired = 0
    for _ in range(sample_size(3000)):
        game = random_position(rng, most_cards=16, piles=6, reshuffles=(1, 2, 3))
        if dead_end(*from_game(game)):
            fired += 1
            assert run(game, nodes=2_000_000, prune=False)[0].status == "lost", game.to_dict()
    assert fired > sample_size(500)  # the test means something only if the rule fires often


@pytest.mark.parametrize("seed", range(4))
def test_proof_alone_agrees_with_unpruned_on_bigger_positions(seed: int) -> None:
    # Bigger positions: the dives, the proof and the shared dead marks all take part.
    rng = random.Random(seed)
    for _ in range(25):
        game = random_position(rng, most_cards=24, piles=8)
        pruned = run(game, nodes=2_000_000, seed=seed)[0]
        plain = run(game, nodes=2_000_000, prune=False)[0]
        if "unknown" not in (pruned.status, plain.status):
            assert pruned.status == plain.status, game.to_dict()
