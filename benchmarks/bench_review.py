"""Benchmark the game review on games a noisy player loses.

The player: at each position it plays, with probability ``--noise``, a random legal move,
else the move whose position scores best by the solver's heuristic; never a move back to
a position it has seen; a reshuffle when nothing else is left. Deals come from the shipped
winnable list (so every game starts winnable), seeded; a game counts when the player ends
it blocked, or stops after ``--most`` actions with the game still open. Each such game is
reviewed with ``--seconds``; the figures:

- the share of games with a named move (``Review.mistake``; goal 100%) and the share of
  them proven (the exact turning point; goal: not below 28-30%), and the bracket's width
  on the rest (first lost - last winnable);
- honesty: each named move that is not proven is checked by a search of the position
  right after it for a win, given ``--mistake-factor`` times the review's budget (10x by
  default, with a seed of its own): a win found there means the naming was wrong. The
  share contradicted (goal <= 5% of the unproven ones) is reported beside the exact share,
  with how long the review searched there in vain and how quickly the win before it came,
  and apart for the moves said "probably" and those said "perhaps" (thin evidence);
- the median and the slowest review time (goal: median <= 10 s with the compiled core);
- that every better line replays to a win through the engine;
- that no "lost" first position is contradicted by dives given ``--check-factor`` times
  the review's time on that game (on ``--check-sample`` games, the first ones);
- the share of proven losses whose reason names a concrete suit or card (goal >= 80%).

The machine's load average is printed at the start and the end: every figure here is
measured in wall time, and a shared machine gives each search less of a core.

Usage::

    CRESCENT_SOLVER=accel nice .venv/bin/python benchmarks/bench_review.py --games 100 --seconds 10
"""

from __future__ import annotations

import argparse
import os
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
from crescent_widget.solver.analysis.review import Review, review
from crescent_widget.solver.analysis.why import names_cause
from crescent_widget.solver.api import Solving, dives_only
from crescent_widget.solver.search.heuristic import score
from crescent_widget.solver.search.state import from_game
from crescent_widget.solver.search.watch import finish_steps
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


# The seed of the search that checks a named move: none of the review's own searches use it.
MISTAKE_CHECK_SEED = 100


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
    mistakes: int = 0
    unproven: int = 0
    wrong: list[tuple[int, float]] = field(default_factory=list)  # deal, seconds the check's win took
    claims: Counter[str] = field(default_factory=Counter)  # unproven named moves: "probably", "perhaps"
    wrong_claims: Counter[str] = field(default_factory=Counter)  # the same, contradicted
    searched: list[float] = field(default_factory=list)  # the review's vain search after each unproven mistake


def position(game: Game, index: int) -> Game:
    """The position after ``index`` actions of ``game``'s record."""
    found = game.root()
    for move in game.actions[:index]:
        found.move(move)
    return found


def judge(number: int, game: Game, found: Review, tally: Tally, args: argparse.Namespace) -> str:
    """Add one review to the tally: its kind, its named move checked, its better line replayed,
    its "lost" checked; what the check of the named move found, in words."""
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
    said = ""
    if found.mistake is not None:
        tally.mistakes += 1
        if not found.mistake_proven:
            said = check_mistake(number, game, found, tally, args)
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
    return said


def check_mistake(number: int, game: Game, found: Review, tally: Tally, args: argparse.Namespace) -> str:
    """Search the position right after an unproven named move for a win, with ``--mistake-factor``
    times the review's budget: a win there contradicts the naming."""
    assert found.mistake is not None and found.evidence is not None
    tally.unproven += 1
    tally.searched.append(found.evidence.searched)
    claim = "probably" if found.evidence.strong else "perhaps"
    tally.claims[claim] += 1
    after = position(game, found.mistake)
    result = finish_steps(Solving(after, seed=MISTAKE_CHECK_SEED).steps(seconds=args.mistake_factor * args.seconds))
    before = found.evidence.found_in
    said = f"'{claim}', a win before it in " + ("a known line" if before is None else f"{before:.1f} s")
    if result.status == "won":
        tally.wrong.append((number, result.seconds))
        tally.wrong_claims[claim] += 1
        return f"{said}; contradicted: a win in {result.seconds:.1f} s"
    return f"{said}; {result.status} after {result.seconds:.0f} s"


def load() -> str:
    """The machine's load averages (1, 5 and 15 minutes), where the system tells them."""
    try:
        return "load average " + ", ".join(f"{value:.1f}" for value in os.getloadavg())
    except OSError:
        return "load average unknown"


def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"


def report(tally: Tally, args: argparse.Namespace) -> None:
    games = len(tally.times)
    kinds = tally.kinds
    print()
    print(f"games reviewed: {games}")
    print(f"a named move (Review.mistake): {tally.mistakes} ({percent(tally.mistakes, games)}, goal 100%)")
    print(f"exact turning point (proven): {kinds['exact']} ({percent(kinds['exact'], games)}, goal: not below 28-30%)")
    unproven, wrong = tally.unproven, len(tally.wrong)
    print(
        f"named but not proven: {unproven}; contradicted by a {args.mistake_factor:g}x search: {wrong} "
        f"({percent(wrong, unproven)} of them, goal <= 5%){': ' + str(tally.wrong) if wrong else ''}"
    )
    for claim in ("probably", "perhaps"):
        said, wrong_said = tally.claims[claim], tally.wrong_claims[claim]
        print(f"  said '{claim}': {said}, contradicted {wrong_said} ({percent(wrong_said, said)})")
    if tally.searched:
        print(f"searched in vain right after an unproven named move: median {statistics.median(tally.searched):.1f} s")
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
    print(load())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100, help="lost games to review")
    parser.add_argument("--seconds", type=float, default=30.0, help="each review's budget")
    add_player_options(parser)
    parser.add_argument("--check-sample", type=int, default=20, help="games whose 'lost' the dives check")
    parser.add_argument("--check-factor", type=float, default=10.0)
    parser.add_argument("--check-seconds", type=float, default=None, help="dives per check (default: factor x review)")
    parser.add_argument(
        "--mistake-factor", type=float, default=10.0, help="the check of an unproven named move: x the review's budget"
    )
    args = parser.parse_args(argv)
    print(f"backend {backend()}, {args.games} games, review {args.seconds} s, noise {args.noise}; {load()}", flush=True)
    tally = Tally()
    for number, game in lost_games(args):
        if len(tally.times) >= args.games:
            break
        found = review(game, seconds=args.seconds)
        checked = judge(number, game, found, tally, args)
        evidence = found.evidence
        why = f"searched {evidence.searched:.1f} s after it, {checked}" if evidence else "proven"
        print(
            f"deal {number}: {len(game.actions)} actions, {game.status}; winnable {found.last_winnable}, "
            f"lost {found.first_lost}, mistake {found.mistake} ({why}), {found.seconds:.1f} s | {found.why.text('en')}",
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
