"""Benchmark the solver on positions players reach: how many get a definite verdict.

A noisy greedy player plays each deal: mostly the move a simple rule likes best
(foundation first, then a move that uncovers a card a foundation takes next), but one
move in four is a random legal move, so it blunders the way people do. Its positions
after 15, 30, 45 and 60 moves (when the game lasts that long) form the set.

Usage::

    nice .venv/bin/python benchmarks/bench_solver_positions.py --deals 1001-1060 --seconds 1
    nice .venv/bin/python benchmarks/bench_solver_positions.py --check-lost 10
    nice .venv/bin/python benchmarks/bench_solver_positions.py --retry 60
    nice .venv/bin/python benchmarks/bench_solver_positions.py --depths 75,90,105,120 --nodes 1500000

Prints, per depth and overall, the share answered ``won`` or ``lost`` within the budget.
``--check-lost SECONDS`` runs a longer dive-only search on every "lost" position (with
the proof switched off, so only a winning line can come back): a win there would
contradict the proof. ``--retry SECONDS`` solves every "unknown" position again with the
longer budget and lists each with its answer there: how much a faster search could gain,
and which positions need a stronger proof of loss instead.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter, defaultdict

from crescent_widget import Game, Move
from crescent_widget.solver import solve
from crescent_widget.solver.survey.cli import parse_range
from crescent_widget.solver.survey.summary import percentile

DEPTHS = (15, 30, 45, 60)
NOISE = 0.25


def _greedy_value(game: Game, move: Move) -> int:
    """How much a simple player likes a move: foundations first, then uncovering."""
    value = 100 if move.dst.is_foundation else 0
    if move.src.is_foundation:
        return -100  # foundation-to-foundation shuffles look like nothing to a player
    pile = game.pile(move.src)
    if len(pile) >= 2:
        probe = game.copy()
        probe.move(move)
        if any(probe.can_move(move.src, f"F{f}") for f in range(1, 9)):
            value += 20
    return value + len(pile)  # dig where piles are tall


def player_positions(number: int, rng: random.Random, depths: tuple[int, ...] = DEPTHS) -> list[tuple[int, str]]:
    """(depth, record) for the noisy greedy player's positions on deal ``number``."""
    game = Game.from_number(number)
    found: list[tuple[int, str]] = []
    made = 0
    while made < depths[-1] and game.status == "playing":
        moves = game.legal_moves()
        if not moves:
            game.reshuffle()
            continue
        if rng.random() < NOISE:
            move = rng.choice(moves)
        else:
            move = max(moves, key=lambda m: (_greedy_value(game, m), rng.random()))
        game.move(move)
        made += 1
        if made in depths and game.status == "playing":
            found.append((made, game.record()))
    return found


def benchmark_set(numbers: list[int], seed: int = 1, depths: tuple[int, ...] = DEPTHS) -> list[tuple[int, int, str]]:
    """(deal, depth, record) for every deal in ``numbers``."""
    rng = random.Random(seed)
    return [(n, depth, record) for n in numbers for depth, record in player_positions(n, rng, depths)]


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", default="1001-1060")
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument(
        "--nodes",
        type=int,
        default=0,
        help="a node budget instead of --seconds (85000 is about 1 s on a quiet machine)",
    )
    parser.add_argument("--depths", default="15,30,45,60", help="the moves after which a position is taken")
    parser.add_argument("--limit", type=int, default=0, help="only the first N positions (0: all)")
    parser.add_argument("--check-lost", type=float, default=0.0, metavar="SECONDS")
    parser.add_argument("--retry", type=float, default=0.0, metavar="SECONDS")
    args = parser.parse_args()
    positions = benchmark_set(parse_range(args.deals), depths=tuple(int(d) for d in args.depths.split(",")))
    if args.limit:
        positions = positions[: args.limit]
    budget = f"{args.nodes} nodes" if args.nodes else f"{args.seconds}s"
    print(f"== {len(positions)} player positions from deals {args.deals}, {budget} each")
    by_depth: dict[int, Counter[str]] = defaultdict(Counter)
    times: list[float] = []
    cpu: list[float] = []
    lost: list[tuple[int, int, str]] = []
    unknown: list[tuple[int, int, str]] = []
    proofs: Counter[str] = Counter()
    started = time.perf_counter()
    for index, (number, depth, record) in enumerate(positions, 1):
        game = Game.from_record(record)
        began = time.process_time()
        result = solve(game, nodes=args.nodes) if args.nodes else solve(game, seconds=args.seconds)
        cpu.append(time.process_time() - began)
        by_depth[depth][result.status] += 1
        times.append(result.seconds)
        if result.status == "lost":
            lost.append((number, depth, record))
            proofs[result.proof] += 1
        elif result.status == "unknown":
            unknown.append((number, depth, record))
        sys.stderr.write(f"\r{index}/{len(positions)}")
        sys.stderr.flush()
    sys.stderr.write("\n")
    total: Counter[str] = Counter()
    for depth in sorted(by_depth):
        counts = by_depth[depth]
        total.update(counts)
        n = sum(counts.values())
        print(
            f"after {depth:2d} moves: {n:3d} positions, definite {(counts['won'] + counts['lost']) / n:.1%} "
            f"(won {counts['won']}, lost {counts['lost']}, unknown {counts['unknown']})"
        )
    n = sum(total.values())
    print(
        f"all: {n} positions, definite {(total['won'] + total['lost']) / max(1, n):.1%} "
        f"(won {total['won']}, lost {total['lost']}, unknown {total['unknown']}); "
        f"median {percentile(times, 0.5):.3f}s, p90 {percentile(times, 0.9):.3f}s, "
        f"wall {time.perf_counter() - started:.0f}s; "
        f"CPU median {percentile(cpu, 0.5):.3f}s, p90 {percentile(cpu, 0.9):.3f}s"
    )
    print(f"lost proven by the complete search {proofs['search']}, by one suit alone {proofs['suit']}")
    if args.check_lost:
        check_lost(lost, args.check_lost)
    if args.retry:
        retry_unknown(unknown, args.retry, total["won"] + total["lost"], n)


def check_lost(lost: list[tuple[int, int, str]], seconds: float) -> None:
    """Search every "lost" position again with dives alone: a win would contradict the proof."""
    from crescent_widget.solver.api import dives_only  # only for this check

    contradicted = 0
    for number, depth, record in lost:
        if dives_only(Game.from_record(record), seconds=seconds).status == "won":
            contradicted += 1
            print(f"CONTRADICTED: deal {number} after {depth} moves: {record}")
    print(f"lost checked by {seconds}s dive-only searches: {len(lost)}, contradicted {contradicted}")


def retry_unknown(unknown: list[tuple[int, int, str]], seconds: float, definite: int, total: int) -> None:
    """Solve every "unknown" position again with ``seconds`` each, and list the answers."""
    retried: Counter[str] = Counter()
    for number, depth, record in unknown:
        game = Game.from_record(record)
        result = solve(game, seconds=seconds)
        retried[result.status] += 1
        cards = sum(game.pile_size(pile) for pile in range(1, 17))
        left = game.reshuffles_left
        reshuffles = f"{left} reshuffle{'' if left == 1 else 's'} left"
        where = f"deal {number} after {depth} moves ({cards} cards, {reshuffles})"
        print(f"retry: {where}: {result.status} in {result.seconds:.2f}s")
    settled = retried["won"] + retried["lost"]
    print(
        f"unknown retried at {seconds}s: {len(unknown)}, won {retried['won']}, lost {retried['lost']}; "
        f"definite with the retries {(definite + settled) / max(1, total):.1%}"
    )


if __name__ == "__main__":
    main()
