"""Measure a two-suit relaxed game as a proof of loss on the review's open positions.

The one-suit bound (:mod:`crescent_widget.solver.search.suits`) plays one suit alone; a player's
slip often locks two suits together (a heart covers the spade that must go up before it),
which no one-suit game sees. This benchmark plays a *pair* of suits under the same
relaxed rules (the other two suits' cards vanish whenever the player likes, no pile
limit, the first reshuffle turns the piles whose bottom card is of the pair, each later
one any set of piles; the argument of :mod:`~crescent_widget.solver.search.suits` carries over
word for word) and searches it depth first, foundation moves first. A pair position
whose one-suit projection the compiled or pure-Python one-suit search finds lost (within
``--inner`` relaxed positions) is cut: a suit that cannot be finished alone cannot be
finished beside another.

It reviews the noisy player's lost games as ``bench_review.py`` does and, for every review
that leaves a bracket, runs the pair games of the position after the last winnable one
and of the position before the first lost one, six pairs each until one is lost, within
``--nodes`` pair positions per pair. It prints, per position, each pair's verdict (L: no
relaxed win, so the position is lost; w: a relaxed win; ?: the budget ran out) and the
positions searched, then how many positions a pair proved lost.

``--sound N`` checks the pair game instead on ``N`` small random positions (up to 24 cards
on 8 piles, 0-2 reshuffles left): whenever a pair has no relaxed win, the unpruned complete
search must say lost; it counts the lost positions a pair proves and the one-suit bound
does not.

Usage::

    CRESCENT_SOLVER=accel nice .venv/bin/python benchmarks/bench_suit_pairs.py --games 20 --seconds 10
    CRESCENT_SOLVER=accel nice .venv/bin/python benchmarks/bench_suit_pairs.py --sound 600
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from bench_review import add_player_options, lost_games, position

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from crescent_widget.engine.rules import SUIT
from crescent_widget.solver import backend
from crescent_widget.solver.analysis.review import review
from crescent_widget.solver.api import run
from crescent_widget.solver.search.backends import relaxed_search_class
from crescent_widget.solver.search.relaxed import FOREIGN, OWN, Relaxed
from crescent_widget.solver.search.state import JOINED, NEIGHBOURS, State, from_game, suit_result
from crescent_widget.solver.search.suits import SuitBound
from random_states import random_position

# Flags of a pair pile while the first reshuffle is ahead (card ints are 0-51).
PAIR_FOREIGN = 52
PAIR_OWN = 53
# (piles of card ints, sorted; (ascending, descending) tops by suit; reshuffles left)
Pair = tuple[tuple[bytes, ...], tuple[tuple[int, int], ...], int]


def pair_game(state: State, suits: Iterable[int]) -> Pair:
    """The relaxed game of ``suits`` in ``state``, flagged while a reshuffle is left."""
    kept = set(suits)
    dropped = bytes(card for card in range(52) if SUIT[card] not in kept)
    piles, fnd, left = state
    found = []
    for pile in piles:
        cards = pile.translate(None, dropped)
        if cards:
            flag = PAIR_OWN if SUIT[pile[0]] in kept else PAIR_FOREIGN
            found.append(bytes((flag,)) + cards if left else cards)
    tops = tuple((fnd[suit], fnd[suit + 4]) if suit in kept else (JOINED, JOINED) for suit in range(4))
    return _settled((tuple(sorted(found)), tops, left))


def _settled(position: Pair) -> Pair:
    """With no pile's bottom card of the pair, the first reshuffle turns none of its cards."""
    piles, tops, left = position
    if piles and piles[-1][0] == PAIR_FOREIGN:
        return tuple(pile[1:] for pile in piles), tops, left - 1
    return position


def successors(position: Pair) -> list[Pair]:
    """The pair positions one step on, foundation moves last (the search pops them first)."""
    piles, tops, left = position
    flagged = bool(piles) and piles[0][0] >= PAIR_FOREIGN
    found: list[Pair] = []
    if left and flagged:
        turned = [pile[2:] + pile[1:2] if pile[0] == PAIR_OWN else pile[1:] for pile in piles]
        found.append((tuple(sorted(turned)), tops, left - 1))
    elif left:
        turnable = [index for index, pile in enumerate(piles) if len(pile) >= 2]
        for chosen in range(1, 1 << len(turnable)):
            rotated = list(piles)
            for bit, index in enumerate(turnable):
                if chosen >> bit & 1:
                    rotated[index] = rotated[index][1:] + rotated[index][:1]
            found.append((tuple(sorted(rotated)), tops, left - 1))
    by_top: dict[int, list[int]] = {}
    for index, pile in enumerate(piles):
        by_top.setdefault(pile[-1], []).append(index)
    lifted: list[Pair] = []
    for index, pile in enumerate(piles):
        card = pile[-1]
        rest = pile[:-1] if len(pile) > 1 + flagged else b""
        suit = SUIT[card]
        result = suit_result(*tops[suit], card % 13)
        if result is not None:
            new_tops = list(tops)
            new_tops[suit] = result
            left_piles = [*piles[:index], rest, *piles[index + 1 :]]
            lifted.append((tuple(sorted(p for p in left_piles if p)), tuple(new_tops), left))
        for target_card in NEIGHBOURS[card]:
            for target in by_top.get(target_card, ()):
                if target != index:
                    moved = list(piles)
                    moved[index] = rest
                    moved[target] = piles[target] + pile[-1:]
                    found.append((tuple(sorted(p for p in moved if p)), tops, left))
    children = found + lifted
    return [_settled(child) for child in children] if flagged else children


def projection(position: Pair, suit: int) -> Relaxed:
    """The one-suit relaxed game of ``suit`` inside a pair position (the same relaxation)."""
    piles, tops, left = position
    flagged = bool(piles) and piles[0][0] >= PAIR_FOREIGN
    found = []
    for pile in piles:
        body = pile[1:] if flagged else pile
        ranks = bytes(card % 13 for card in body if SUIT[card] == suit)
        if ranks:
            own = flagged and pile[0] == PAIR_OWN and SUIT[body[0]] == suit
            found.append((bytes((OWN if own else FOREIGN,)) if flagged else b"") + ranks)
    piles_of_suit = tuple(sorted(found))
    if piles_of_suit and flagged and piles_of_suit[-1][0] == FOREIGN:
        return tuple(pile[1:] for pile in piles_of_suit), tops[suit][0], tops[suit][1], left - 1
    return piles_of_suit, tops[suit][0], tops[suit][1], left


class PairSearch:
    """Depth-first search of a pair game, cut where a one-suit projection is lost."""

    def __init__(self, inner: int) -> None:
        self.inner = inner
        self.known: dict[Relaxed, bool] = {}

    def _suit_lost(self, start: Relaxed) -> bool:
        if not start[0]:
            return False
        verdict = self.known.get(start)
        if verdict is None:
            # Unknown within the budget counts as not lost (the cut stays sound).
            verdict = self.known[start] = bool(relaxed_search_class()(start).run(self.inner))
        return verdict

    def run(self, start: Pair, suits: tuple[int, ...], budget: int) -> tuple[bool | None, int]:
        """(True: no relaxed win, False: a relaxed win, None: out of budget; positions searched)."""
        if not start[0]:
            return False, 0
        seen = {start}
        stack = [start]
        nodes = 0
        while stack:
            if nodes >= budget:
                return None, nodes
            current = stack.pop()
            nodes += 1
            if any(self._suit_lost(projection(current, suit)) for suit in suits):
                continue
            for child in successors(current):
                if not child[0]:
                    return False, nodes
                if child not in seen:
                    seen.add(child)
                    stack.append(child)
        return True, nodes


def pair_lost(search: PairSearch, state: State, budget: int) -> tuple[bool, list[str]]:
    """Whether a pair of suits has no relaxed win in ``state``; each pair's verdict, tried in turn."""
    verdicts = []
    for suits in itertools.combinations(range(4), 2):
        verdict, nodes = search.run(pair_game(state, suits), suits, budget)
        verdicts.append(f"{suits[0]}{suits[1]}:{'w?L'[1 if verdict is None else 2 * verdict]}{nodes}")
        if verdict:
            return True, verdicts
    return False, verdicts


def sound(count: int, seed: int, search: PairSearch) -> int:
    """Check the pair game against the unpruned complete search on small random positions."""
    rng = random.Random(seed)
    seen: Counter[str] = Counter()
    for _ in range(count):
        game = random_position(rng, most_cards=24, piles=8, reshuffles=(0, 1, 2))
        state = from_game(game)
        lost, _ = pair_lost(search, state, 200_000)
        bound = SuitBound(state)
        bound.work(1_000_000)
        plain = run(game, nodes=2_000_000, prune=False)[0]
        if plain.status == "unknown":
            continue
        seen[
            f"pair {'lost' if lost else 'open'}, one suit {'lost' if bound.lost_suit is not None else 'open'}, "
            f"search {plain.status}"
        ] += 1
        if lost and plain.status != "lost":
            print(f"a pair calls a winnable position lost: {game.to_dict()}")
            return 1
    for key, number in sorted(seen.items()):
        print(f"{key}: {number}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=10.0, help="each review's budget")
    add_player_options(parser)
    parser.add_argument("--nodes", type=int, default=50_000, help="pair positions per pair")
    parser.add_argument("--inner", type=int, default=2_000, help="one-suit positions per projection")
    parser.add_argument("--sound", type=int, default=0, help="check on this many small random positions instead")
    args = parser.parse_args(argv)
    search = PairSearch(args.inner)
    if args.sound:
        return sound(args.sound, 2027 + args.seed - 1, search)
    print(f"backend {backend()}, {args.games} games, review {args.seconds} s, {args.nodes} pair positions a pair")
    reviewed = tried = proved = 0
    for number, game in lost_games(args):
        if reviewed >= args.games:
            break
        reviewed += 1
        found = review(game, seconds=args.seconds)
        low, high = found.last_winnable, found.first_lost
        if low is None or high is None or high == low + 1:
            continue
        for index in sorted({low + 1, high - 1}):
            state = from_game(position(game, index))
            started = time.perf_counter()
            lost, verdicts = pair_lost(search, state, args.nodes)
            tried += 1
            proved += lost
            print(
                f"deal {number} [{low}, {high}] position {index} ({state[2]} reshuffles left): "
                f"{' '.join(verdicts)} {time.perf_counter() - started:.1f} s",
                flush=True,
            )
    print(f"positions tried: {tried}, proven lost by a pair: {proved}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
