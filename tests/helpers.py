"""Position builders and state snapshots shared by the tests, and a reviewed game with a blunder."""

from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING, Any

from crescent_widget import Card, Game
from crescent_widget.engine.cards import ASCII_TEXT, parse_card_index
from crescent_widget.engine.codes import base_cards

if TYPE_CHECKING:
    from crescent_widget.solver import Review


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


def solver_line(deal: str, nodes: int = 300_000) -> tuple[str, ...]:
    """A line the solver proves to win ``deal`` (a node budget: the same line every run)."""
    from crescent_widget.solver import solve

    result = solve(Game(deal), nodes=nodes)
    assert result.status == "won"
    return tuple(str(move) for move in result.line)


def bound_blunder(deal: str, line: tuple[str, ...]) -> tuple[int, str, int]:
    """The first point of the won ``line`` where another legal move is lost by the one-suit
    bound: (actions played before it, the losing move, the suit the bound names)."""
    from crescent_widget.solver.analysis.why import lost_suit

    game = Game(deal)
    for played, move in enumerate(line):
        for other in game.legal_moves():
            if str(other) == move:
                continue
            after = game.copy()
            after.move(other)
            suit = lost_suit(after)
            if suit is not None:
                return played, str(other), suit
        game.move(move)
    raise AssertionError("no blunder found on the won line")


def play_on(game: Game, actions: int) -> Game:
    """``game`` after up to ``actions`` more actions, each the first legal move to a position
    not seen yet, else a reshuffle (until blocked)."""
    seen = {game.position_key}
    for _ in range(actions):
        for candidate in game.legal_moves():
            after = game.copy()
            after.move(candidate)
            if after.position_key not in seen:
                game.move(candidate)
                break
        else:
            if not game.can_move("R"):
                break
            game.move("R")
        seen.add(game.position_key)
    return game


PURE_PYTHON_SHARE = 4  # of a soundness test's random positions that the pure-Python search checks


def sample_size(count: int) -> int:
    """How many random positions a soundness test of the search checks, or how many of them a
    result must reach: ``count`` on the compiled core, a quarter of it on the pure-Python search,
    which is about 20 times slower (``tests/solver/test_accel.py`` holds the two searches to the
    same answers, position by position, on many more)."""
    from crescent_widget.solver import backend

    return count if backend() == "accel" else count // PURE_PYTHON_SHARE


def untimed_words(found: Review) -> str:
    """A review's words with its measured times left out ("a win took 1.3 s", "under 0.1 s"):
    two searches of the same positions, even to the same positions searched, take their own time."""
    return re.sub(r"(?:under )?\d+(?:\.\d+)? s\b", "_ s", found.text("en"))
