"""Random valid solver states, for the differential tests of the compiled search core.

:func:`random_state` builds a :data:`~crescent_widget.solver.search.state.State` directly (fast
enough for a million): foundation tops per suit of every kind the rules allow (fresh,
a gap, joined, overlapped, one foundation complete, both complete), the cards the
foundations leave (two decks: every card twice, less what the foundations hold) spread
over the 16 piles, at most 13 a pile, in a few layouts (scattered, few piles, full piles,
singletons, runs of a suit), and 0 to 3 reshuffles left. Half the states are small
endgames with no reshuffle left, where the safe moves and the dead ends fire.
:func:`to_game` builds the same position through the engine (which checks it), and
:func:`playout_states` collects states from noisy greedy playouts of real deals.

:func:`compare_expand` is the differential check itself; it runs in worker processes.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from crescent_widget import Game
from crescent_widget.engine.rules import MAX_PILE
from crescent_widget.solver.search.expand import Child, endgame, expand
from crescent_widget.solver.search.state import JOINED, RESHUFFLE_MOVE, State, canonical_foundations, from_game

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = "SHCD"
PILES = 16
SuitTops = tuple[int, int]  # (ascending top, descending top) rank indexes, not folded


def random_suit(rng: random.Random, small: bool) -> SuitTops:
    """One suit's foundation tops; ``small`` favours the ones that leave few cards."""
    if not small and rng.random() < 0.6:  # mid-game: fresh, or a gap (both copies of the ranks between left)
        asc = rng.randint(0, 10)
        return asc, 12 if rng.random() < 0.5 else rng.randint(asc + 2, 12)
    kind = rng.randrange(7)
    if kind == 0:  # descending complete: the rest goes up (a chain)
        return rng.randint(0, 12), 0
    if kind == 1:  # ascending complete: the rest goes down (a chain)
        return 12, rng.randint(0, 12)
    if kind == 2:  # overlapped: each rank left has one copy and one way to go
        asc = rng.randint(0, 12)
        return asc, rng.randint(0, asc)
    if kind == 3:  # joined: one copy of every rank on the foundations, the boundary anywhere
        asc = rng.randint(0, 11)
        return asc, asc + 1
    if kind == 4:  # the suit is done
        return 12, 0
    # near the end: overlapped or joined or a one-rank gap
    asc = rng.randint(5, 12)
    return asc, rng.randint(max(0, asc - 4), min(12, asc + 2))


def cards_left(tops: list[SuitTops]) -> list[int]:
    """The card ints not on the foundations: every card twice, less what each foundation holds."""
    return [
        suit * 13 + rank
        for suit, (asc, desc) in enumerate(tops)
        for rank in range(13)
        for _ in range(2 - (rank <= asc) - (rank >= desc))
    ]


def deal_piles(rng: random.Random, cards: list[int]) -> list[list[int]]:
    """Spread ``cards`` over the 16 piles, at most 13 each, in one of a few layouts."""
    layout = rng.randrange(5)
    if layout == 4:  # runs: sorted by suit and rank, then a few swaps, so tops often fit
        cards.sort()
        for _ in range(rng.randint(0, len(cards))):
            i, j = rng.randrange(len(cards)), rng.randrange(len(cards))
            cards[i], cards[j] = cards[j], cards[i]
        if rng.random() < 0.5:
            cards.reverse()
    else:
        rng.shuffle(cards)
    piles: list[list[int]] = [[] for _ in range(PILES)]
    least = -(-len(cards) // MAX_PILE)  # piles needed at the least
    if layout == 1:  # few piles, as full as they can be
        used = rng.sample(range(PILES), least)
    elif layout == 2:  # singletons and pairs where there is room for them
        used = list(range(PILES))
        cap = max(2, -(-len(cards) // PILES))
        for card in cards:
            open_piles = [n for n in used if len(piles[n]) < cap] or [n for n in used if len(piles[n]) < MAX_PILE]
            piles[rng.choice(open_piles)].append(card)
        return piles
    else:
        used = rng.sample(range(PILES), rng.randint(max(1, least), PILES))
    at = 0
    for n in used:  # cut the cards into runs of random length, with room left where it fits
        rest = len(cards) - at
        room = MAX_PILE * (len(used) - used.index(n) - 1)
        size = rng.randint(max(0, rest - room), min(MAX_PILE, rest))
        piles[n] = cards[at : at + size]
        at += size
    assert at == len(cards)
    return piles


def random_tops(rng: random.Random) -> tuple[list[SuitTops], bool]:
    """Foundation tops for four suits, and whether they make a small endgame."""
    small = rng.random() < 0.5
    while True:
        tops = [random_suit(rng, small) for _ in range(4)]
        if not small or len(cards_left(tops)) <= rng.choice((6, 12, 20, 30)):
            return tops, small


def random_state(rng: random.Random) -> tuple[State, list[SuitTops]]:
    """A random valid state, and the unfolded foundation tops it came from (for :func:`to_game`)."""
    tops, small = random_tops(rng)
    piles = deal_piles(rng, cards_left(tops))
    left = 0 if small and rng.random() < 0.7 else rng.randint(0, 3)
    fnd = canonical_foundations([asc for asc, _ in tops] + [desc for _, desc in tops])
    return (tuple(bytes(p) for p in piles), fnd, left), tops


def to_game(state: State, tops: list[SuitTops]) -> Game:
    """The engine's position for a state (the engine refuses an impossible one)."""
    foundations = [[RANKS[r] + SUITS[suit] for r in range(asc + 1)] for suit, (asc, _) in enumerate(tops)]
    foundations += [[RANKS[r] + SUITS[suit] for r in range(12, desc - 1, -1)] for suit, (_, desc) in enumerate(tops)]
    piles = [[RANKS[c % 13] + SUITS[c // 13] for c in pile] for pile in state[0]]
    return Game.from_layout(piles, foundations, state[2])


def state_layout(state: State) -> tuple[list[list[str]], list[list[str]], int]:
    """A state as ``Game.from_layout`` arguments (a joined suit's boundary where it is not)."""
    piles = [[RANKS[c % 13] + SUITS[c // 13] for c in pile] for pile in state[0]]
    tops = [(5, 6) if state[1][s] == JOINED else (state[1][s], state[1][s + 4]) for s in range(4)]
    foundations = [[RANKS[r] + SUITS[s] for r in range(asc + 1)] for s, (asc, _) in enumerate(tops)]
    foundations += [[RANKS[r] + SUITS[s] for r in range(12, desc - 1, -1)] for s, (_, desc) in enumerate(tops)]
    return piles, foundations, state[2]


def random_position(
    rng: random.Random, most_cards: int = 14, piles: int = 6, reshuffles: tuple[int, ...] = (0, 0, 1)
) -> Game:
    """Foundations leaving a few cards, dealt at random into a few piles.

    Suits often have one foundation complete, so that the chain rules have work to do. The
    reshuffles left are picked from ``reshuffles``.
    """
    foundations: list[list[str]] = []
    while True:
        tops = [_small_suit_tops(rng) for _ in SUITS]
        if 2 <= sum(12 - asc + desc + max(0, desc - asc - 1) for asc, desc in tops) <= most_cards:
            break
    for suit, (asc, _) in zip(SUITS, tops, strict=True):
        foundations.append([RANKS[r] + suit for r in range(asc + 1)])
    for suit, (_, desc) in zip(SUITS, tops, strict=True):
        foundations.append([RANKS[r] + suit for r in range(12, desc - 1, -1)])
    left = [
        RANKS[r] + s
        for s, (asc, desc) in zip(SUITS, tops, strict=True)
        for r in range(13)
        for _ in range(2 - (r <= asc) - (r >= desc))
    ]
    rng.shuffle(left)
    layout: list[list[str]] = [[] for _ in range(16)]
    used = rng.randint(1, piles)
    for card in left:
        choices = [n for n in range(used) if len(layout[n]) < 13]
        if not choices:
            choices = [n for n in range(16) if len(layout[n]) < 13]
        layout[rng.choice(choices)].append(card)
    return Game.from_layout(layout, foundations, rng.choice(reshuffles))


def _small_suit_tops(rng: random.Random) -> tuple[int, int]:
    """(ascending top, descending top) rank indexes of one suit's foundations."""
    kind = rng.random()
    if kind < 0.35:  # descending complete: a chain going up
        return 12 - rng.randint(0, 6), 0
    if kind < 0.7:  # ascending complete: a chain going down
        return 12, rng.randint(0, 6)
    asc = rng.randint(0, 12)
    return asc, rng.randint(max(0, asc - 1), min(12, asc + 4))  # overlapping, joined or a small gap


def playout_states(rng: random.Random, deals: int, steps: int) -> Iterator[State]:
    """States of random playouts of real deals through the engine.

    The player moves a card to a foundation when it can nine times in ten, otherwise
    plays a random legal move, and reshuffles now and then (always when stuck); a playout
    ends when no move and no reshuffle is left, or after ``steps`` moves.
    """
    for _ in range(deals):
        game = Game.from_number(rng.randint(1, 1_000_000))
        for _ in range(steps):
            yield from_game(game)
            moves = game.legal_moves()
            can_reshuffle = game.reshuffles_left > 0 and any(len(p) >= 2 for p in game.piles)
            if can_reshuffle and (not moves or rng.random() < 0.02):
                game.reshuffle()
                continue
            if not moves:
                break
            ups = [m for m in moves if m.dst.is_foundation and not m.src.is_foundation]
            game.move(rng.choice(ups) if ups and rng.random() < 0.9 else rng.choice(moves))


def exact_types(children: list[Child]) -> bool:
    """Every successor has exactly the types the pure-Python search makes (ints, bytes, tuples)."""
    for child in children:
        if type(child) is not tuple or len(child) != 3:
            return False
        (move, state, value) = child
        if type(move) is not tuple or len(move) != 2 or type(move[0]) is not int or type(move[1]) is not int:
            return False
        if type(value) is not int or type(state) is not tuple or len(state) != 3:
            return False
        piles, fnd, left = state
        if type(piles) is not tuple or len(piles) != PILES or any(type(p) is not bytes for p in piles):
            return False
        if type(fnd) is not tuple or len(fnd) != 8 or any(type(f) is not int for f in fnd) or type(left) is not int:
            return False
    return True


def python_answers(state: State) -> dict[tuple[bool, bool, bool], list[Child]]:
    """The pure-Python ``expand`` of ``state`` for prune, reshuffle and stubborn, in few calls.

    Keys are (prune, reshuffle, stubborn): the four of prune and reshuffle, and the
    proof's (all three on). What ``expand`` documents saves calls (:func:`compare_expand`
    checks it now and then with every flag): the pruning rules apply only with a chain or
    an overlapped suit (:func:`~crescent_widget.solver.search.expand.endgame`), ``reshuffle=False``
    only leaves out the reshuffle, which comes last when there is one, and the stubborn
    set only once no reshuffle is left.
    """

    def without_reshuffle(children: list[Child]) -> list[Child]:
        return children[:-1] if children and children[-1][0] == RESHUFFLE_MOVE else children

    plain = expand(state, (), prune=False)
    pruned = expand(state, (), prune=True) if endgame(state[1]) is not None else plain
    return {
        (True, True, False): pruned,
        (True, False, False): without_reshuffle(pruned),
        (False, True, False): plain,
        (False, False, False): without_reshuffle(plain),
        (True, True, True): pruned if state[2] else expand(state, (), prune=True, stubborn=True),
    }


def compare_expand(seed: int, count: int, playouts: int = 0, walk: int = 16) -> dict[str, Any]:
    """Compare ``crescent_accel.expand`` with the pure-Python ``expand`` on ``count`` positions.

    The positions: the states of ``playouts`` engine playouts (:func:`playout_states`),
    then random states from ``seed`` (:func:`random_state`), each followed by a random
    walk of up to ``walk`` moves from it (cheaper than a new state, and as valid). Each is
    expanded with prune and reshuffle on and off and as the proof does, with the stubborn set
    (five calls to the accel). Returns the counts, how often the
    pruning rules changed the answer (so that a test knows they were exercised), and the
    first mismatches with their states. Every 16th position (``typed``) also has the types
    of the compiled core's answer checked, and its kind counted (``joined``,
    ``overlapped``, ``full_pile``).
    """
    from crescent_accel import expand as accel_expand

    rng = random.Random(seed)
    counts = dict.fromkeys(("positions", "roots", "playout_positions", "calls", "children", "typed"), 0)
    counts.update(dict.fromkeys(("safe", "dead", "reshuffle", "joined", "overlapped", "full_pile", "no_move"), 0))
    counts["stubborn_cut"] = 0
    mismatches: list[str] = []

    def check(state: State) -> list[Child]:
        """Compare one position; its successors, unpruned and with the reshuffle."""
        counts["positions"] += 1
        answers = python_answers(state)
        if counts["positions"] % 64 == 0:  # the calls python_answers leaves out
            for (prune, reshuffle, stubborn), want in answers.items():
                assert expand(state, (), prune=prune, reshuffle=reshuffle, stubborn=stubborn) == want, state
        typed = counts["positions"] % 16 == 0
        for (prune, reshuffle, stubborn), want in answers.items():
            got = accel_expand(state, prune, reshuffle, stubborn)
            counts["calls"] += 1
            counts["children"] += len(want)
            if (got != want or (typed and not exact_types(got))) and len(mismatches) < 5:
                mismatches.append(f"prune={prune} reshuffle={reshuffle} stubborn={stubborn} state={state!r}")
        pruned, plain = answers[True, True, False], answers[False, True, False]
        counts["stubborn_cut"] += len(answers[True, True, True]) < len(pruned)
        if pruned is not plain and pruned != plain:
            counts["dead" if not pruned else "safe"] += 1
        counts["no_move"] += not plain
        counts["reshuffle"] += bool(plain) and plain[-1][0] == RESHUFFLE_MOVE
        if typed:  # what kinds of position took part, on the same sample
            counts["typed"] += 1
            counts["joined"] += JOINED in state[1]
            counts["overlapped"] += endgame(state[1]) is not None
            counts["full_pile"] += any(len(p) == MAX_PILE for p in state[0])
        return plain

    for state in playout_states(rng, playouts, 400):
        if counts["positions"] >= count:
            break
        counts["playout_positions"] += 1
        check(state)
    while counts["positions"] < count:
        state = random_state(rng)[0]
        counts["roots"] += 1
        for _ in range(walk + 1):
            children = check(state)
            if not children or counts["positions"] >= count:
                break
            state = rng.choice(children)[1]
    return {"counts": counts, "mismatches": mismatches}
