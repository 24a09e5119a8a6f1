"""Benchmark the teaching warning: the share of real blunders it catches within its budget.

A *blunder* is a move from a position proven winnable to a position proven lost. Positions
come from the solver's winning lines (so each is proven winnable), from the point where at
most ``--cards`` cards are left in the piles. Every legal move there (and the reshuffle) is
settled by a long search; each move proven to lose is a blunder. Then ``move_check`` runs
with the teaching mode's budget, as the widget calls it: a caught blunder is one it warns
about. It can never warn about a good move (it warns only on two proofs); the benchmark
checks that too.

Usage::

    nice .venv/bin/python benchmarks/bench_solver_teaching.py --deals 1-40 --budget 0.4
"""

from __future__ import annotations

import argparse
import sys
import time

from crescent_widget import Game, Move
from crescent_widget.solver import move_check, solve
from crescent_widget.solver.survey.cli import parse_range


def blunders(numbers: list[int], cards: int, truth_nodes: int, per_deal: int) -> tuple[list[tuple[Game, Move]], int]:
    """(position, losing move) pairs, and how many moves were settled."""
    found: list[tuple[Game, Move]] = []
    settled = 0
    for number in numbers:
        start = Game.from_number(number)
        result = solve(start, nodes=300_000)
        if result.status != "won":
            continue
        game = start.copy()
        taken = 0
        for index, line_move in enumerate(result.line):
            left = sum(game.pile_size(n) for n in range(1, 17))
            if left <= cards and index % 3 == 0 and taken < per_deal:
                taken += 1
                options = game.legal_actions()
                for move in options:
                    if move == line_move:
                        continue
                    after = game.copy()
                    after.move(move)
                    verdict = solve(after, nodes=truth_nodes).status
                    settled += verdict != "unknown"
                    if verdict == "lost":
                        found.append((game.copy(), move))
            game.move(line_move)
        sys.stderr.write(f"\rdeal {number}: {len(found)} blunders")
    sys.stderr.write("\n")
    return found, settled


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", default="1-40")
    parser.add_argument("--budget", type=float, default=0.4, help="move_check's budget (the widget's: 0.4 s)")
    parser.add_argument("--cards", type=int, default=40, help="positions with at most this many pile cards")
    parser.add_argument("--truth-nodes", type=int, default=400_000)
    parser.add_argument("--per-deal", type=int, default=4)
    args = parser.parse_args()
    found, settled = blunders(parse_range(args.deals), args.cards, args.truth_nodes, args.per_deal)
    caught = 0
    times: list[float] = []
    verdicts: dict[str, int] = {}
    for game, move in found:
        began = time.perf_counter()
        check = move_check(game, move, seconds=args.budget)
        times.append(time.perf_counter() - began)
        verdicts[check.verdict] = verdicts.get(check.verdict, 0) + 1
        caught += check.warn
        assert check.verdict != "keeps_win", f"a proven loss called winnable: {game.to_dict()} {move}"
    print(f"== teaching warning, deals {args.deals}, positions with <= {args.cards} pile cards")
    print(
        f"moves settled by {args.truth_nodes}-node searches: {settled}; "
        f"blunders (winnable -> proven lost): {len(found)}"
    )
    if found:
        print(
            f"caught within {args.budget}s: {caught} of {len(found)} ({caught / len(found):.1%}); "
            f"verdicts {verdicts}; mean check time {sum(times) / len(times):.3f}s"
        )


if __name__ == "__main__":
    main()
