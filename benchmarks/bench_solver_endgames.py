"""Benchmark proofs on small endgames: ``solve`` against a plain exhaustive search.

Endgames come from real games: the solver's winning line for a deal is played until 15 to
18 cards (``--cards``) are left in the piles, then one to eight random moves (a player's slips) follow. Each
position is searched twice: by a plain exhaustive depth-first search (every legal move, a
visited set, nothing else) and by ``solve``. Prints, for the positions the plain search
proves lost, the time ratio ``solve / plain`` (goal: at most 2) and node counts, and checks
that both searches agree on every position. Times are CPU times (the machine is shared).

Usage::

    nice .venv/bin/python benchmarks/bench_solver_endgames.py --deals 1-60
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from crescent_widget import Game
from crescent_widget.solver import solve
from crescent_widget.solver.search.expand import expand
from crescent_widget.solver.search.state import State, from_game, is_won
from crescent_widget.solver.survey.cli import parse_range
from crescent_widget.solver.survey.results import current
from crescent_widget.solver.survey.summary import percentile

MEASURABLE = 0.05  # seconds of CPU: shorter searches are timed mostly by overhead and noise


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


def winning_lines(numbers: list[int], lines: str | None) -> dict[int, list[str]]:
    """Each deal's winning line: from a survey results file, or solved here."""
    if lines:
        with open(lines, encoding="utf-8") as handle:
            records = [current(json.loads(line)) for line in handle if line.strip()]
        wanted = set(numbers)
        return {r["deal"]: r["line"] for r in records if r["status"] == "won" and r["deal"] in wanted}
    found: dict[int, list[str]] = {}
    for number in numbers:
        result = solve(Game.from_number(number), nodes=300_000)
        if result.status == "won":
            found[number] = [str(move) for move in result.line]
    return found


def endgames(
    numbers: list[int], rng: random.Random, lines: str | None, cards: tuple[int, int]
) -> list[tuple[int, str]]:
    """(deal, record) of an endgame per deal, off the solver's winning line."""
    found: list[tuple[int, str]] = []
    for number, line in sorted(winning_lines(numbers, lines).items()):
        game = Game.from_number(number)
        for move in line:
            if sum(game.pile_size(n) for n in range(1, 17)) <= rng.randint(*cards):
                break
            game.move(move)
        for _ in range(rng.randint(1, 8)):
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
    parser.add_argument("--cards", default="15-18", help="cards left in the piles, LOW-HIGH")
    parser.add_argument("--lines", help="take the winning lines from a survey results file (JSON lines)")
    args = parser.parse_args()
    low, _, high = args.cards.partition("-")
    cards = (int(low), int(high or low))
    positions = endgames(parse_range(args.deals), random.Random(args.seed), args.lines, cards)
    ratios: list[float] = []
    node_ratios: list[float] = []
    won = lost = 0
    for index, (number, record) in enumerate(positions, 1):
        game = Game.from_record(record)
        began = time.process_time()  # CPU time: the machine is shared, wall time is noisy
        winnable, plain_nodes = plain_exhaustive(from_game(game))
        plain_time = time.process_time() - began
        began = time.process_time()
        result = solve(game, seconds=max(30.0, 40 * plain_time))
        solve_time = time.process_time() - began
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
            node_ratios.append(result.nodes / max(1, plain_nodes))
            if plain_time >= MEASURABLE:
                ratios.append(solve_time / plain_time)
            print(
                f"deal {number}: lost, plain {plain_time:.3f}s {plain_nodes} states, "
                f"solve {solve_time:.3f}s {result.nodes} nodes ({result.proof_nodes} in the proof)"
            )
        sys.stderr.write(f"\r{index}/{len(positions)}")
    sys.stderr.write("\n")
    print(f"== {len(positions)} endgames of {args.cards} cards from deals {args.deals}: won {won}, lost {lost}")
    if node_ratios:
        print(
            f"lost: nodes solve/plain median {percentile(node_ratios, 0.5):.2f}, max {max(node_ratios):.2f}; "
            f"CPU time solve/plain where plain takes >= {MEASURABLE}s ({len(ratios)} positions): "
            f"median {percentile(ratios, 0.5):.2f}, p90 {percentile(ratios, 0.9):.2f}, max {max(ratios, default=0):.2f}"
        )


if __name__ == "__main__":
    main()
