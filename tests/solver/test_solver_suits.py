"""The one-suit bound (``solver/search/suits.py``): every loss it claims is a real loss.

The check: on thousands of small random positions, with up to two reshuffles left, the
unpruned complete search settles the position, and whenever the bound says a suit cannot
be finished, that search says lost. Bigger runs: ``benchmarks/bench_solver_soundness.py``.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from crescent_widget import Game
from crescent_widget.solver.api import BOUND_AFTER, run, solve
from crescent_widget.solver.search.relaxed import FOREIGN, OWN, relaxed, successors
from crescent_widget.solver.search.state import from_game
from crescent_widget.solver.search.suits import SuitBound
from helpers import sample_size
from random_states import random_position

# A player's position: deal 1055 after the benchmark's noisy player made 60 moves, no
# reshuffle left. One suit cannot be finished: the bound finds it in a few hundred relaxed
# positions, where the complete search is nowhere near done.
PLAYER_LOST = (
    "CR1-N-AAAABNW\n16-15 15-F6 14-15 9-5 3-F7 5-F7 8-F7 8-F4 16-5 13-F4 13-F4 13-F4\n"
    "11-2 12-13 4-11 7-10 9-6 6-8 6-8 2-6 2-6 14-2 10-14 10-14\n"
    "R 5-F3 16-9 4-F2 7-F3 6-3 11-9 1-7 4-13 4-13 4-15 15-F5\n"
    "15-F5 8-10 11-4 11-4 R 3-F7 6-F5 15-F5 1-F8 16-4 8-F7 7-2\n"
    "5-13 9-F7 16-F7 10-F7 R 9-F4 9-F4 5-F7 3-F1 8-F2 8-F1 9-F4\n"
    "7-4 4-F4 13-4"
)
SUITS = "SHCD"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def endgame(piles: list[list[str]], reshuffles: int) -> Game:
    """Every card up but the A, 2, 3 of hearts and an A of clubs, in ``piles``.

    The hearts' ascending foundation is complete, so they go down: 3, 2, then A.
    """
    ascending = [[rank + suit for rank in RANKS] for suit in SUITS]
    descending = [[rank + suit for rank in reversed(RANKS)] for suit in SUITS]
    descending[1] = descending[1][:-3]  # K down to 4
    descending[2] = descending[2][:-1]  # K down to 2
    return Game.from_layout(piles + [[] for _ in range(16 - len(piles))], ascending + descending, reshuffles)


def test_relaxed_position_keeps_one_suit_in_order() -> None:
    state = from_game(endgame([["3H", "AC", "2H"], ["AH"]], 2))
    # With reshuffles left each pile is flagged: its real bottom card is of the suit (OWN) or not.
    assert relaxed(state, 1) == ((bytes([OWN, 0]), bytes([OWN, 2, 1])), 12, 3, 2)
    # No club lies at the bottom of a pile: the first reshuffle cannot turn a club, so it
    # is spent at once and the flags go.
    assert relaxed(state, 2) == ((bytes([0]),), 12, 1, 1)
    assert relaxed(state, 0) == ((), 12, 0, 2)  # spades are done
    assert relaxed((state[0], state[1], 0), 1) == ((bytes([0]), bytes([2, 1])), 12, 3, 0)  # no flags then


def test_the_first_reshuffle_turns_exactly_the_piles_with_a_bottom_card_of_the_suit() -> None:
    # Bottom cards: a 5 of the suit under a 10; another suit's card under a 7 and a 3.
    position = ((bytes([FOREIGN, 6, 2]), bytes([OWN, 4, 9])), 0, 12, 1)
    rotations = [child for child in successors(position) if child[3] == 0]
    assert rotations == [((bytes([6, 2]), bytes([9, 4])), 0, 12, 0)]  # one way only, flags gone
    # A flag alone is an empty pile: the 3 onto the 4 empties the first pile.
    assert ((bytes([OWN, 4, 9]),), 0, 12, 1) not in successors(position)
    moved = successors(((bytes([FOREIGN, 2]), bytes([OWN, 3])), 0, 12, 1))
    assert ((bytes([OWN, 3, 2]),), 0, 12, 1) in moved
    # The 3 onto the 2 takes away the last pile with a bottom card of the suit.
    assert ((bytes([2, 3]),), 0, 12, 0) in moved


def test_later_reshuffles_turn_any_set_of_piles() -> None:
    position = ((bytes([4, 9]), bytes([6, 2]), bytes([5])), 0, 12, 1)
    children = successors(position)
    rotations = [c for c in children if c[3] == 0]
    assert len(rotations) == 3  # either pile of two, or both; never none
    assert ((bytes([2, 6]), bytes([5]), bytes([9, 4])), 0, 12, 0) in rotations
    # Tops 10, 3 and 6 (rank indexes 9, 2, 5): no top is a neighbour of another, and the 5
    # and 7 the 6 fits on lie under other cards; no foundation takes any of them.
    assert [c for c in children if c[3] == 1] == []


def test_a_bottom_card_of_another_suit_keeps_the_suit_in_order_through_the_reshuffle() -> None:
    # The 3, 2 and Ace of hearts lie on a club in one pile, two reshuffles left: the first
    # turns the club up, not the 3; the second turns the 3 up, and the Ace stays on the 2.
    # Lost, as the plain search agrees (were any set of piles turned at each reshuffle, the
    # 3 and then the 2 would come up, and the bound would find no loss). With the 3 at the
    # bottom instead, the reshuffles turn the 3 and then the 2 up, and the hearts go down.
    lost = endgame([["AC", "3H", "2H", "AH"]], 2)
    won = endgame([["3H", "2H", "AH"], ["AC"]], 2)
    for game, lost_suit in ((lost, 1), (won, None)):
        bound = SuitBound(from_game(game))
        bound.work(10_000)
        assert bound.done and bound.lost_suit == lost_suit
        assert run(game, nodes=100_000, prune=False)[0].status == ("lost" if lost_suit else "won")


def test_successors_move_a_top_onto_a_neighbour_wrapping_king_and_ace() -> None:
    # A 5 and a 6 on top (indexes 4, 5): either goes onto the other.
    assert set(successors(((bytes([4]), bytes([7, 5])), 0, 12, 0))) == {
        ((bytes([4, 5]), bytes([7])), 0, 12, 0),
        ((bytes([7, 5, 4]),), 0, 12, 0),
    }
    # A King and an Ace: each goes onto the other, as on the real piles.
    assert set(successors(((bytes([0]), bytes([12])), 5, 9, 0))) == {
        ((bytes([0, 12]),), 5, 9, 0),
        ((bytes([12, 0]),), 5, 9, 0),
    }
    # A card the foundation takes next goes up (ascending at 5: the 7, index 6).
    assert ((), 6, 9, 0) in successors(((bytes([6]),), 5, 9, 0))


@pytest.mark.parametrize(
    ("pile", "reshuffles", "lost"),
    [
        (["AH", "2H", "3H"], 0, False),  # 3, 2, A go down in turn
        (["3H", "2H", "AH"], 0, True),  # the A must go before the 2 under it, and fits only on it
        (["3H", "2H", "AH"], 1, True),  # one turn brings the 3 up, and the A is on the 2 again
        (["3H", "2H", "AH"], 2, False),  # a second turn brings the 2 up
    ],
)
def test_the_bound_settles_a_small_endgame_like_the_complete_search(
    pile: list[str], reshuffles: int, lost: bool
) -> None:
    game = endgame([pile, ["AC"]], reshuffles)
    bound = SuitBound(from_game(game))
    bound.work(10_000)
    assert bound.done and (bound.lost_suit == 1 if lost else bound.lost_suit is None)
    assert run(game, nodes=100_000, prune=False)[0].status == ("lost" if lost else "won")


@pytest.mark.parametrize(("count", "cards", "piles", "least"), [(2000, 16, 6, 300), (300, 24, 8, 50)])
def test_the_bound_never_calls_a_winnable_position_lost(count: int, cards: int, piles: int, least: int) -> None:
    rng = random.Random(2027)
    seen: Counter[str] = Counter()
    for _ in range(sample_size(count)):
        game = random_position(rng, most_cards=cards, piles=piles, reshuffles=(0, 1, 2))
        bound = SuitBound(from_game(game))
        bound.work(1_000_000)
        assert bound.done
        plain = run(game, nodes=2_000_000, prune=False)[0]
        if plain.status == "unknown":
            continue
        seen[f"bound {'lost' if bound.lost_suit is not None else 'open'}, plain {plain.status}"] += 1
        if bound.lost_suit is not None:
            assert plain.status == "lost", game.to_dict()
    # The test means something only if the bound fires often, with reshuffles left too.
    assert seen["bound lost, plain lost"] > sample_size(least), seen
    assert seen["bound open, plain won"] > sample_size(least), seen
    assert seen["bound open, plain lost"] > 0, seen  # the bound is weaker than the search, as it must be


# Deal 1019 after the benchmark's noisy player made 60 moves, one reshuffle left: the
# clubs' relaxed game takes about a million positions to settle, the diamonds' a few
# thousand, and the diamonds cannot be finished.
SMALL_SUIT_LOST = (
    "CR1-N-AAAABNF\n15-7 15-F4 15-F6 5-9 11-16 10-15 R 7-F8 7-15 4-F4 8-F4 12-F8\n"
    "3-F8 6-F6 13-4 5-F6 5-F6 5-F3 5-12 12-F5 16-F6 12-F5 10-F7 15-F7\n"
    "1-F7 13-14 11-5 11-F6 13-F1 9-13 R 4-F3 4-F3 14-F3 16-F4 9-F8\n"
    "7-F8 3-F3 13-F1 12-F1 3-1 16-F1 16-F1 8-15 8-F4 7-8 6-2 2-10\n"
    "2-10 2-15 2-F1 2-F5 1-F5 1-F1 16-5 2-F8 1-16 F4-F8 F1-F5 2-F5\n"
    "F8-F4 F8-F4"
)


def test_small_budgets_still_reach_every_suit() -> None:
    # The solver hands the bound budgets smaller than its slice: the suits must still take
    # turns, or the big clubs' game would hold up the small lost diamonds' for good.
    bound = SuitBound(from_game(Game.from_record(SMALL_SUIT_LOST)))
    while not bound.done and bound.nodes < 100_000:
        bound.work(700)
    assert bound.lost_suit == 3


def test_solve_proves_a_players_lost_position_by_one_suit() -> None:
    game = Game.from_record(PLAYER_LOST)
    result = solve(game, nodes=BOUND_AFTER * 3)
    assert (result.status, result.proof) == ("lost", "suit")
    assert run(game, nodes=BOUND_AFTER * 3, prune=False)[0].status == "unknown"  # the plain search cannot tell


@pytest.mark.parametrize("number", [1, 2, 3])
def test_fresh_deals_have_every_suit_open(number: int) -> None:
    bound = SuitBound(from_game(Game.from_number(number)))
    bound.work(1_000_000)
    assert bound.done and bound.lost_suit is None
