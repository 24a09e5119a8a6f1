"""The truth at the review's brackets: long searches of the position after the last winnable one.

It reviews the noisy player's lost games as ``bench_review.py`` does (the same deals, the
same player, the same seed) with ``--seconds`` each. For every review that ends with a
bracket only (``last_winnable`` … ``first_lost`` more than one apart), the *frontier* (the
first open position, ``last_winnable + 1``) gets one search of ``--long`` seconds; on the
first ``--longer-games`` frontiers left unknown that search goes on (it resumes, see
:class:`~crescent_widget.solver.api.Solving`) up to ``--longer`` seconds in all. Per
frontier it prints the verdict at each budget, the positions searched (the complete
search's among them), the most positions held at once and the process's peak memory so
far, and the cards on the table and reshuffles left at the frontier and at the first
lost position; then how many frontiers settle won, lost or stay unknown.

The figures tell whether the review's gap is speed (a verdict within 10-60x of its
budget) or out of reach.

Usage::

    CRESCENT_SOLVER=accel nice .venv/bin/python benchmarks/bench_review_frontier.py --games 30
    CRESCENT_SOLVER=accel nice .venv/bin/python benchmarks/bench_review_frontier.py --games 20 --long 60 \\
        --longer 300 --longer-games 2
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from collections import Counter

from bench_review import add_player_options, lost_games, position

from crescent_widget import Game
from crescent_widget.solver import backend
from crescent_widget.solver.analysis.review import review
from crescent_widget.solver.api import SolveResult, Solving
from crescent_widget.solver.search.watch import finish_steps


def cards_and_reshuffles(game: Game) -> str:
    """``cards/reshuffles`` left on the table of ``game``."""
    return f"{sum(game.sizes[:16])}/{game.reshuffles_left}"  # places 0-15 are the piles


def peak_mb() -> float:
    """The process's peak resident memory so far, in MB (Linux counts ru_maxrss in kB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def shown(result: SolveResult, seconds: float) -> str:
    return (
        f"{result.status} at {seconds:g} s ({result.seconds:.0f} s spent, {result.nodes:,} positions, "
        f"{result.proof_nodes:,} by the complete search, {result.states_stored:,} held, peak {peak_mb():.0f} MB)"
    )


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=30, help="lost games to review")
    parser.add_argument("--seconds", type=float, default=10.0, help="each review's budget")
    add_player_options(parser)
    parser.add_argument("--long", type=float, default=60.0, help="seconds of search per frontier")
    parser.add_argument("--longer", type=float, default=300.0, help="seconds in all on the first unknown frontiers")
    parser.add_argument("--longer-games", type=int, default=2, help="frontiers searched on to --longer")
    parser.add_argument("--proof", type=float, default=None, help="the complete search's share (default: the solver's)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    print(f"backend {backend()}, {args.games} games, review {args.seconds} s, frontier {args.long:g} s", flush=True)
    print("cards/reshuffles are those left on the table", flush=True)
    reviewed = 0
    verdicts: Counter[str] = Counter()
    longer_verdicts: Counter[str] = Counter()
    longer_done = 0
    for number, game in lost_games(args):
        if reviewed >= args.games:
            break
        reviewed += 1
        found = review(game, seconds=args.seconds)
        winnable, lost = found.last_winnable, found.first_lost
        if winnable is None or lost is None or found.turning_point is not None:
            kind = "exact" if found.turning_point is not None else "no bracket"
            print(f"deal {number}: winnable {winnable}, lost {lost}: {kind}", flush=True)
            continue
        frontier = winnable + 1
        at_frontier = position(game, frontier)
        print(
            f"deal {number}: bracket {winnable}..{lost} (width {lost - winnable}); frontier {frontier} "
            f"{cards_and_reshuffles(at_frontier)}, first lost {cards_and_reshuffles(position(game, lost))}, "
            f"blocked end {cards_and_reshuffles(game)}",
            flush=True,
        )
        solving = Solving(at_frontier)
        if args.proof is not None:
            solving.share = args.proof
        result = finish_steps(solving.steps(seconds=args.long))
        print(f"  {shown(result, args.long)}", flush=True)
        verdicts[result.status] += 1
        if result.status == "unknown" and longer_done < args.longer_games:
            longer_done += 1
            result = finish_steps(solving.steps(seconds=args.longer - args.long))
            print(f"  {shown(result, args.longer)}", flush=True)
            longer_verdicts[result.status] += 1
    print()
    print(f"games reviewed: {reviewed}; frontiers searched: {sum(verdicts.values())}")
    print(f"at {args.long:g} s: " + ", ".join(f"{key} {verdicts[key]}" for key in ("won", "lost", "unknown")))
    if longer_done:
        tally = ", ".join(f"{key} {longer_verdicts[key]}" for key in ("won", "lost", "unknown"))
        print(f"at {args.longer:g} s (of {longer_done} unknown at {args.long:g} s): {tally}")
    return 0


if __name__ == "__main__":
    started = time.perf_counter()
    code = main()
    print(f"({time.perf_counter() - started:.0f} s)", file=sys.stderr)
    sys.exit(code)
