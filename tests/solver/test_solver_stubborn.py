"""The proof's partial-order reduction (``solver/search/stubborn.py``) never loses a win.

The check: on thousands of random positions with no reshuffle left, a complete search that
plays only the moves of each position's stubborn set reaches a win exactly when a complete
search of every move does. The reduction alone is checked (no other pruning rule), and the
whole proof with it. Bigger runs: ``benchmarks/bench_solver_soundness.py``.
"""

from __future__ import annotations

import random
from collections import Counter

from crescent_widget import Game
from crescent_widget.solver.api import run
from crescent_widget.solver.search.expand import expand
from crescent_widget.solver.search.state import State, from_game, is_won
from crescent_widget.solver.search.stubborn import stubborn_moves
from helpers import sample_size
from random_states import random_position, random_state, state_layout


def exhaustive(root: State, *, reduced: bool, counts: Counter[str]) -> bool:
    """Whether a win is reachable, by depth-first search over every move (or the stubborn ones)."""
    if is_won(root):
        return True
    seen = {root}
    stack = [root]
    while stack:
        state = stack.pop()
        children = expand(state, seen, prune=False)
        if reduced:
            keep = stubborn_moves(state)
            assert keep is not None
            counts["moves"] += len(children)
            children = [child for child in children if child[0] in keep]
            counts["kept"] += len(children)
            counts["empty"] += not keep
        for _, child, _ in children:
            if is_won(child):
                return True
            seen.add(child)
            stack.append(child)
    counts["lost states reduced" if reduced else "lost states"] += len(seen)
    return False


def positions(rng: random.Random, count: int) -> list[State]:
    """Positions with no reshuffle left: few cards over many piles, and runs of a suit."""
    found: list[State] = []
    while len(found) < count:
        if len(found) % 2:
            state = random_state(rng)[0]
            if state[2] or sum(map(len, state[0])) > 16:
                continue
        else:
            state = from_game(random_position(rng, most_cards=16, piles=rng.choice((4, 8, 12)), reshuffles=(0,)))
        found.append(state)
    return found


def test_reduced_search_agrees_with_the_full_one_on_thousands_of_positions() -> None:
    counts: Counter[str] = Counter()
    verdicts: Counter[bool] = Counter()
    for state in positions(random.Random(2031), sample_size(1500)):
        full = exhaustive(state, reduced=False, counts=counts)
        assert exhaustive(state, reduced=True, counts=counts) == full, state
        verdicts[full] += 1
    # The test means something only if both verdicts are common and the sets cut moves.
    assert verdicts[True] > sample_size(300) and verdicts[False] > sample_size(600), verdicts
    assert counts["kept"] < 0.8 * counts["moves"], counts
    assert counts["empty"] > sample_size(300), counts  # positions the reduction alone shows lost
    assert counts["lost states reduced"] < 0.5 * counts["lost states"], counts


def test_proof_with_the_reduction_agrees_with_the_unpruned_search() -> None:
    rng = random.Random(2032)
    verdicts: Counter[str] = Counter()
    for state in positions(rng, sample_size(600)):
        game = Game.from_layout(*state_layout(state))
        pruned = run(game, nodes=400_000, seed=rng.randrange(100))[0]
        plain = run(game, nodes=400_000, prune=False)[0]
        assert plain.status != "unknown"
        assert pruned.status == plain.status, game.to_dict()
        verdicts[plain.status] += 1
    assert verdicts["won"] > sample_size(100) and verdicts["lost"] > sample_size(100), verdicts


def test_no_reduction_while_reshuffles_are_left() -> None:
    state = from_game(Game.from_number(1))
    assert state[2] == 3 and stubborn_moves(state) is None
    kept = stubborn_moves((state[0], state[1], 0))
    assert kept is not None and kept <= {move for move, _, _ in expand(state, ())}
