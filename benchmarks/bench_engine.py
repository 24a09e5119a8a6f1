"""Engine throughput: legal-move generation, move+undo pairs, random playouts.

Run: ``python benchmarks/bench_engine.py [--seconds S]``. Prints numbers; asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import time

from crescent_widget import Game

MAX_PLAYOUT_MOVES = 1000


def _positions(count: int, rng: random.Random) -> list[Game]:
    """Positions sampled along random playouts of random deals."""
    games = []
    while len(games) < count:
        game = Game.from_number(rng.randrange(10**6))
        for _ in range(rng.randrange(0, 40)):
            moves = game.legal_moves()
            if not moves:
                break
            game.move(rng.choice(moves))
        games.append(game)
    return games


def bench_legal_moves(seconds: float, rng: random.Random) -> tuple[float, float]:
    games = _positions(200, rng)
    calls = total = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for game in games:
            total += len(game.legal_moves())
        calls += len(games)
    elapsed = time.perf_counter() - start
    return calls / elapsed, total / calls


def bench_move_undo(seconds: float, rng: random.Random) -> float:
    games = [(g, g.legal_moves()) for g in _positions(200, rng)]
    games = [(g, m) for g, m in games if m]
    pairs = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for game, moves in games:
            for move in moves:
                game.move(move)
                game.undo()
            pairs += len(moves)
    return pairs / (time.perf_counter() - start)


def bench_playouts(seconds: float, rng: random.Random) -> tuple[float, float, float]:
    """Random playouts to the end: random legal moves, a reshuffle when stuck.

    Random play can shuttle one card between two piles forever, so a playout also
    ends after ``MAX_PLAYOUT_MOVES`` moves.
    """
    done = moves_played = won = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = Game.from_number(rng.randrange(10**6))
        for _ in range(MAX_PLAYOUT_MOVES):
            moves = game.legal_moves()
            if moves:
                game.move(rng.choice(moves))
                moves_played += 1
            elif game.reshuffles_left:
                game.reshuffle()
            else:
                break
        won += game.status == "won"
        done += 1
    elapsed = time.perf_counter() - start
    return done / elapsed, moves_played / elapsed, won / max(done, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args()
    rng = random.Random(2026)
    per_second, branching = bench_legal_moves(args.seconds, rng)
    print(f"legal-move generation: {per_second:,.0f} positions/s ({branching:.1f} legal moves per position)")
    print(f"move+undo:             {bench_move_undo(args.seconds, rng):,.0f} pairs/s")
    playouts, moves, won = bench_playouts(args.seconds, rng)
    print(f"random playouts:       {playouts:,.0f} complete/s ({moves:,.0f} moves/s, {won:.1%} won)")


if __name__ == "__main__":
    main()
