"""The soundness check at scale: pruned search against unpruned search on many positions.

The same check as ``tests/solver/test_solver_soundness.py`` and ``tests/solver/test_solver_suits.py``, on
more and bigger random positions than CI has time for. Prints how often each pruning rule
fired at the root, the verdicts, and every disagreement (there must be none).

Usage::

    nice .venv/bin/python benchmarks/bench_solver_soundness.py --positions 20000 --cards 18
    nice .venv/bin/python benchmarks/bench_solver_soundness.py --positions 3000 --cards 24 --reshuffles 0,1,2,3
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from crescent_widget.solver.api import run
from crescent_widget.solver.search.expand import dead_end, endgame
from crescent_widget.solver.search.state import from_game
from crescent_widget.solver.search.suits import SuitBound
from random_states import random_position


def main() -> None:
    """Run the comparison and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=20_000)
    parser.add_argument("--cards", type=int, default=18, help="most cards left in the piles")
    parser.add_argument("--piles", type=int, default=8)
    parser.add_argument("--nodes", type=int, default=2_000_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--reshuffles", default="0,0,1", help="reshuffles left, picked at random from this list")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    reshuffles = tuple(int(n) for n in args.reshuffles.split(","))
    verdicts: Counter[str] = Counter()
    fired: Counter[str] = Counter()
    disagreements = 0
    started = time.perf_counter()
    for index in range(1, args.positions + 1):
        game = random_position(rng, most_cards=args.cards, piles=args.piles, reshuffles=reshuffles)
        piles, fnd, left = from_game(game)
        if endgame(fnd) is not None:
            fired["endgame tables at the root"] += 1
            fired["dead end at the root"] += dead_end(piles, fnd, left)
            fired["dead end at the root, reshuffles left"] += bool(left) and dead_end(piles, fnd, left)
        pruned, search = run(game, nodes=args.nodes, seed=index)
        fired["one suit lost inside the proof (states cut)"] += search.suit_cuts > 0
        plain = run(game, nodes=args.nodes, prune=False)[0]
        bound = SuitBound((piles, fnd, left))
        bound.work(args.nodes)
        if bound.lost_suit is not None:
            fired["one suit lost at the root (suits.py)"] += 1
            if plain.status == "won":
                disagreements += 1
                print(f"DISAGREEMENT: one-suit bound lost, unpruned won: {game.to_dict()}")
        verdicts[f"pruned {pruned.status} / unpruned {plain.status}"] += 1
        definite = "unknown" not in (pruned.status, plain.status)
        if definite and pruned.status != plain.status:
            disagreements += 1
            print(f"DISAGREEMENT: pruned {pruned.status}, unpruned {plain.status}: {game.to_dict()}")
        if index % 100 == 0:
            sys.stderr.write(f"\r{index}/{args.positions}")
    sys.stderr.write("\n")
    print(f"== {args.positions} random positions of at most {args.cards} cards, {time.perf_counter() - started:.0f}s")
    for key, count in sorted(verdicts.items()):
        print(f"{key}: {count}")
    for key, count in sorted(fired.items()):
        print(f"{key}: {count}")
    print(f"disagreements: {disagreements}")


if __name__ == "__main__":
    main()
