"""Benchmark the game review on games a noisy player loses.

The player: at each position it plays, with probability ``--noise``, a random legal move,
else the move whose position scores best by the solver's heuristic; never a move back to
a position it has seen; a reshuffle when nothing else is left. Deals come from the shipped
winnable list (so every game starts winnable), seeded; a game counts when the player ends
it blocked, or stops after ``--most`` actions with the game still open. Each such game is
reviewed with ``--seconds``; the figures:

- the share of reviews with an exact turning point (goal >= 70%), and the bracket's width
  on the rest (first lost - last winnable);
- the median and the slowest review time (goal: median <= 10 s with the compiled core);
- that every better line replays to a win through the engine;
- that no "lost" first position is contradicted by dives given ``--check-factor`` times
  the review's time on that game (on ``--check-sample`` games, the first ones);
- the share of proven losses whose reason names a concrete suit or card (goal >= 80%).

Usage::

    CRESCENT_SOLVER=accel nice .venv/bin/python benchmarks/bench_review.py --games 100
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

from crescent_widget import Game
from crescent_widget.engine.moves import RESHUFFLE
from crescent_widget.solver import backend, check_win
from crescent_widget.solver.api import dives_only
from crescent_widget.solver.heuristic import score
from crescent_widget.solver.review import Review, review
from crescent_widget.solver.state import from_game
from crescent_widget.solver.why import names_cause
from crescent_widget.solver.winnable import winnable_numbers


def noisy_game(number: int, rng: random.Random, noise: float, most: int) -> Game:
    """The game the noisy greedy player makes of deal ``number``."""
    game = Game.from_number(number)
    seen = {game.position_key}
    while game.status == "playing" and len(game.actions) < most:
        fresh = []
        for move in game.legal_moves():
            after = game.copy()
            after.move(move)
            if after.position_key not in seen:
                fresh.append((move, after))
        if fresh:
            if rng.random() < noise:
                move, _ = rng.choice(fresh)
            else:
                move, _ = max(fresh, key=lambda pair: score(from_game(pair[1])))
        elif game.can_move(RESHUFFLE):
            move = RESHUFFLE
        else:
            break
        game.move(move)
        seen.add(game.position_key)
    return game


def add_player_options(parser: argparse.ArgumentParser) -> None:
    """The noisy player's options, shared by the benchmarks that review its games."""
    parser.add_argument("--noise", type=float, default=0.3)
    parser.add_argument("--most", type=int, default=300, help="actions before the player stops")
    parser.add_argument("--seed", type=int, default=1)


def lost_games(args: argparse.Namespace) -> Iterator[tuple[int, Game]]:
    """The noisy player's games that are not won, with their deal numbers: deals from the
    shipped winnable list in an order seeded by ``args.seed`` (the caller stops when it has
    enough)."""
    rng = random.Random(args.seed)
    deals = sorted(winnable_numbers())
    rng.shuffle(deals)
    for number in deals:
        game = noisy_game(number, rng, args.noise, args.most)
        if game.status != "won":
            yield number, game


@dataclass
class Tally:
    """The figures so far."""

    times: list[float] = field(default_factory=list)
    widths: list[int] = field(default_factory=list)
    kinds: Counter[str] = field(default_factory=Counter)
    betters: int = 0
    betters_ok: int = 0
    losses: int = 0
    named: int = 0
    checked: int = 0
    contradicted: int = 0


def position(game: Game, index: int) -> Game:
    """The position after ``index`` actions of ``game``'s record."""
    found = game.root()
    for move in game.actions[:index]:
        found.move(move)
    return found


def judge(game: Game, found: Review, tally: Tally, args: argparse.Namespace) -> None:
    """Add one review to the tally: its kind, its better line replayed, its "lost" checked."""
    tally.times.append(found.seconds)
    winnable, lost = found.last_winnable, found.first_lost
    if found.turning_point is not None:
        tally.kinds["exact"] += 1
    elif lost is not None and winnable is not None:
        tally.kinds["bracket"] += 1
        tally.widths.append(lost - winnable)
    elif lost is not None:
        tally.kinds["unplaced"] += 1
    elif winnable == found.positions:
        tally.kinds["never_lost"] += 1
    else:
        tally.kinds["unsettled"] += 1
    if found.better is not None:
        tally.betters += 1
        tally.betters_ok += check_win(position(game, found.better.position), found.better.line)
    if lost is not None:
        tally.losses += 1
        tally.named += names_cause(found.why)
        if tally.checked < args.check_sample:
            tally.checked += 1
            budget = args.check_seconds or max(1.0, args.check_factor * found.seconds)
            tally.contradicted += dives_only(position(game, lost), seconds=budget).status == "won"


def report(tally: Tally, args: argparse.Namespace) -> None:
    games = len(tally.times)
    kinds = tally.kinds
    print()
    print(f"games reviewed: {games}")
    print(f"exact turning point: {kinds['exact']} ({100 * kinds['exact'] / games:.0f}%, goal >= 70%)")
    width = f", median width {statistics.median(tally.widths)}" if tally.widths else ""
    print(f"bracket only: {kinds['bracket']}{width}; lost but nothing winnable proven: {kinds['unplaced']}")
    if tally.widths:
        print(f"bracket widths (first lost - last winnable): {sorted(tally.widths)}")
    print(f"never proven lost: {kinds['never_lost']} (still winnable at the end); unsettled: {kinds['unsettled']}")
    times = tally.times
    p90 = sorted(times)[min(len(times) - 1, (9 * len(times)) // 10)]
    print(
        f"review time: median {statistics.median(times):.1f} s, p90 {p90:.1f} s, slowest {max(times):.1f} s "
        "(goal: median <= 10 s)"
    )
    print(f"better lines: {tally.betters}, replayed to a win: {tally.betters_ok}")
    how = f"{args.check_seconds:g} s of" if args.check_seconds else f"{args.check_factor:g}x longer"
    print(f"'lost' checked by {how} dives: {tally.checked}, contradicted: {tally.contradicted}")
    share = 100 * tally.named / tally.losses if tally.losses else 0.0
    print(f"proven losses naming a suit or card: {tally.named} of {tally.losses} ({share:.0f}%, goal >= 80%)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100, help="lost games to review")
    parser.add_argument("--seconds", type=float, default=30.0, help="each review's budget")
    add_player_options(parser)
    parser.add_argument("--check-sample", type=int, default=20, help="games whose 'lost' the dives check")
    parser.add_argument("--check-factor", type=float, default=10.0)
    parser.add_argument("--check-seconds", type=float, default=None, help="dives per check (default: factor x review)")
    args = parser.parse_args(argv)
    print(f"backend {backend()}, {args.games} games, review {args.seconds} s, noise {args.noise}", flush=True)
    tally = Tally()
    for number, game in lost_games(args):
        if len(tally.times) >= args.games:
            break
        found = review(game, seconds=args.seconds)
        judge(game, found, tally, args)
        print(
            f"deal {number}: {len(game.actions)} actions, {game.status}; winnable {found.last_winnable}, "
            f"lost {found.first_lost}, turning {found.turning_point}, {found.seconds:.1f} s | {found.why.text('en')}",
            flush=True,
        )
    if not tally.times:
        print("no lost games")
        return 1
    report(tally, args)
    return 0


if __name__ == "__main__":
    started = time.perf_counter()
    code = main()
    print(f"({time.perf_counter() - started:.0f} s)", file=sys.stderr)
    sys.exit(code)
