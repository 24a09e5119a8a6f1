"""Position builders and state snapshots shared by the engine tests."""

from __future__ import annotations

from collections import Counter
from typing import Any

from crescent_widget import Card, Game
from crescent_widget.engine.cards import ASCII_TEXT, parse_card_index
from crescent_widget.engine.codes import base_cards


class FakeClock:
    """A clock the tests move by hand, so nothing sleeps."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def build_game(
    piles: dict[int, list[str]] | None = None,
    foundations: dict[str, list[str]] | None = None,
    reshuffles_left: int = 3,
    filler_size: int = 13,
) -> Game:
    """A legal position with the given piles and foundations; every other card fills the rest.

    Piles are keyed by number (1-16), foundations by name ("F1"); cards bottom to top.
    The spare cards go, in deck order, into the piles not named, up to ``filler_size`` each.
    """
    piles = piles or {}
    foundations = foundations or {}
    found_lists = [foundations.get(f"F{i + 1}", [ASCII_TEXT[base]]) for i, base in enumerate(base_cards())]
    used = Counter(parse_card_index(c) for group in (*piles.values(), *found_lists) for c in group)
    spare = [card for card in range(52) for _ in range(2 - used[card])]
    pile_lists: list[list[str]] = []
    for number in range(1, 17):
        if number in piles:
            pile_lists.append(list(piles[number]))
        else:
            take, spare = spare[:filler_size], spare[filler_size:]
            pile_lists.append([ASCII_TEXT[c] for c in take])
    assert not spare, "not enough room in the filler piles"
    return Game.from_layout(pile_lists, found_lists, reshuffles_left, clock=FakeClock())


def snapshot(game: Game) -> dict[str, Any]:
    """Everything observable about a game's state, for before/after comparisons."""
    return {
        "piles": [[c.ascii for c in p] for p in game.piles],
        "foundations": [[c.ascii for c in f] for f in game.foundations],
        "reshuffles_left": game.reshuffles_left,
        "move_count": game.move_count,
        "history": [str(m) for m in game.history],
        "status": game.status,
        "revision": game.revision,
    }


def card_multiset(game: Game) -> Counter[str]:
    """How often each card appears anywhere in the game."""
    return Counter(c.ascii for group in (*game.piles, *game.foundations) for c in group)


# A suit's two foundations with adjacent tops: A♥…6♥ on F2, K♥…7♥ on F6 (one copy of every heart).
_HEARTS_UP = ["AH", "2H", "3H", "4H", "5H", "6H"]
_HEARTS_DOWN = ["KH", "QH", "JH", "10H", "9H", "8H", "7H"]
# Sixteen pile tops that no foundation takes and that cannot go onto each other.
DEAD_TOPS = ["5S", "5S", "5C", "5C", "5D", "5D", "9S", "9S", "9C", "9C", "9D", "9D", "7S", "7S", "7C", "7C"]


def shuttle_position(tops: list[str], clock: FakeClock | None = None) -> Game:
    """A from_layout position: hearts foundations at 6♥ / 7♥, the given pile tops, no reshuffle left.

    Every other card (the second copy of each heart included) lies buried under the tops.
    """
    foundations = [["AS"], _HEARTS_UP, ["AC"], ["AD"], ["KS"], _HEARTS_DOWN, ["KC"], ["KD"]]
    left = Counter({Card(suit, rank).ascii: 2 for suit in range(4) for rank in range(1, 14)})
    left.subtract(card for foundation in foundations for card in foundation)
    left.subtract(tops)
    assert all(count >= 0 for count in left.values())
    buried = sorted(left.elements())
    piles = [[*buried[i::16], top] for i, top in enumerate(tops)]
    return Game.from_layout(piles, foundations, 0, clock=clock or FakeClock())
