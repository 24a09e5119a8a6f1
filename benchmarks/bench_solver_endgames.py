"""Benchmark proofs on small endgames: ``solve`` against a plain exhaustive search.

Endgames come from real games: the solver's winning line for a deal is played until 15 to
18 cards are left in the piles, then a few random moves (a player's slips) follow. Each
position is searched twice: by a plain exhaustive depth-first search (every legal move, a
visited set, nothing else) and by ``solve``. Prints, for the positions the plain search
proves lost, the time ratio ``solve / plain`` (goal: at most 2) and node counts, and checks
that both searches agree on every position.

Usage::

    nice .venv/bin/python benchmarks/bench_solver_endgames.py --deals 1-60
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from crescent_widget import Game
from crescent_widget.solve import parse_range, percentile
from crescent_widget.solver import solve
from crescent_widget.solver.expand import expand
from crescent_widget.solver.state import State, from_game, is_won


def plain_exhaustive(root: State) -> tuple[bool, int]:
    """(winnable, states visited) by depth-first search over every legal move."""
    if is_won(root):
        return True, 1
    seen = {root}
    stack = [root]
    while stack:
        state = stack.pop()
        for _, child, _ in expand(state, seen, prune=False):
            if is_won(child):
                return True, len(seen)
            seen.add(child)
            stack.append(child)
    return False, len(seen)


def endgames(numbers: list[int], rng: random.Random) -> list[tuple[int, str]]:
    """(deal, record) of a few endgames per deal, off the solver's winning line."""
    found: list[tuple[int, str]] = []
    for number in numbers:
        start = Game.from_number(number)
        result = solve(start, nodes=300_000)
        if result.status != "won":
            continue
        game = start.copy()
        for move in result.moves:
            if sum(game.pile_size(n) for n in range(1, 17)) <= rng.randint(15, 18):
                break
            game.move(move)
        for _ in range(rng.randint(0, 4)):
            moves = game.legal_moves()
            if not moves or game.status != "playing":
                break
            game.move(rng.choice(moves))
        if game.status == "playing":
            found.append((number, game.record()))
    return found


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", default="1-60")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    positions = endgames(parse_range(args.deals), random.Random(args.seed))
    ratios: list[float] = []
    node_ratios: list[float] = []
    won = lost = 0
    for index, (number, record) in enumerate(positions, 1):
        game = Game.from_record(record)
        began = time.perf_counter()
        winnable, plain_nodes = plain_exhaustive(from_game(game))
        plain_time = time.perf_counter() - began
        result = solve(game, seconds=max(10.0, 20 * plain_time))
        if result.status == "unknown":
            print(f"unknown: deal {number} (plain {'won' if winnable else 'lost'} in {plain_time:.2f}s): {record}")
            continue
        if (result.status == "won") != winnable:
            print(f"MISMATCH deal {number}: plain {'won' if winnable else 'lost'}, solve {result.status}: {record}")
            continue
        if winnable:
            won += 1
        else:
            lost += 1
            ratios.append(result.seconds / max(plain_time, 1e-6))
            node_ratios.append(result.nodes / max(1, plain_nodes))
            print(
                f"deal {number}: lost, plain {plain_time:.3f}s {plain_nodes} states, "
                f"solve {result.seconds:.3f}s {result.nodes} nodes ({result.proof_nodes} in the proof)"
            )
        sys.stderr.write(f"\r{index}/{len(positions)}")
    sys.stderr.write("\n")
    print(f"== {len(positions)} endgames of 15-18 cards from deals {args.deals}: won {won}, lost {lost}")
    if ratios:
        print(
            f"lost: time solve/plain median {percentile(ratios, 0.5):.2f}, p90 {percentile(ratios, 0.9):.2f}, "
            f"max {max(ratios):.2f}; nodes solve/plain median {percentile(node_ratios, 0.5):.2f}, "
            f"max {max(node_ratios):.2f}"
        )


if __name__ == "__main__":
    main()
