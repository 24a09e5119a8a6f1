"""Tests for crescent_widget.solver: sound "lost", replayable "won", hints, the CLI."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crescent_widget import Card, Game, Move
from crescent_widget.solver import (
    api,
    check_win,
    hint,
    move_check,
    random_winnable_number,
    solve,
    winnability,
    winnable_numbers,
)

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = "SHCD"
# Every budget that a verdict rests on is in positions: the same answer on either backend, loaded or not.
NODES = 1_000_000


def layout(
    piles: dict[int, list[str]], tops: dict[str, tuple[int, int]] | None = None, reshuffles_left: int = 0
) -> Game:
    """A position: ``piles`` by number (others empty); foundations complete except ``tops``.

    ``tops`` maps a suit letter to (ascending top rank index, descending top rank index).
    """
    tops = tops or {}
    foundations: list[list[str]] = []
    for suit in SUITS:
        asc, _ = tops.get(suit, (12, 0))
        foundations.append([RANKS[r] + suit for r in range(asc + 1)])
    for suit in SUITS:
        _, desc = tops.get(suit, (12, 0))
        foundations.append([RANKS[r] + suit for r in range(12, desc - 1, -1)])
    return Game.from_layout([piles.get(n, []) for n in range(1, 17)], foundations, reshuffles_left)


def engine_winnable(game: Game, limit: int = 200_000) -> bool:
    """Exhaustive depth-first search through the engine itself: an independent oracle."""

    def key(g: Game) -> tuple[object, ...]:
        return (tuple(map(tuple, g._piles)), tuple(map(tuple, g._foundations)), g.reshuffles_left)

    seen = {key(game)}
    stack = [game]
    while stack:
        current = stack.pop()
        if current.status == "won":
            return True
        successors = []
        for move in current.legal_moves():
            child = current.copy()
            child.move(move)
            successors.append(child)
        if current.reshuffles_left:
            child = current.copy()
            child.reshuffle()
            successors.append(child)
        for child in successors:
            k = key(child)
            if k not in seen:
                seen.add(k)
                stack.append(child)
        assert len(seen) < limit, "oracle position too large"
    return False


# ----------------------------------------------------------------- solve


@pytest.mark.parametrize("number", [1, 3, 5])
def test_won_lines_replay_through_the_engine(number: int) -> None:
    game = Game.from_number(number)
    result = solve(game, nodes=400_000)
    assert result.status == "won"
    assert check_win(game, result.line)
    assert all(isinstance(move, Move) for move in result.line)
    assert all(str(move) == "R" or "-" in str(move) for move in result.line)
    assert game.move_count == 0  # the game itself is untouched
    replayed = game.copy()
    for move in result.line:
        replayed.move(move)
    assert replayed.status == "won"
    assert result.nodes > 0 and result.states_stored > 0 and result.seconds > 0


def test_solves_from_a_mid_game_position() -> None:
    game = Game.from_number(3)
    first = solve(game, nodes=400_000)
    for move in first.line[:40]:
        game.move(move)
    result = solve(game, nodes=400_000)
    assert result.status == "won" and check_win(game, result.line)


def test_one_move_from_winning() -> None:
    game = layout({5: ["KS"]}, {"S": (11, 0)})
    result = solve(game, nodes=NODES)
    assert result.status == "won"
    assert result.line == (Move.parse("5-F1"),)
    assert hint(game, nodes=NODES).move == Move.parse("5-F1") and hint(game, nodes=NODES).kind == "winning"


def test_blocked_position_is_lost() -> None:
    # Both 7♠ lie under cards that cannot move; no reshuffle is left.
    piles = {1: ["7S", "AS", "2S"], 2: ["7S", "3S", "10S"], 3: ["8S", "9S", "JS", "KS", "4S"], 4: ["5S", "6S", "QS"]}
    game = layout(piles, {"S": (5, 7)})
    assert solve(game, nodes=NODES).status == "lost"
    assert engine_winnable(game) is False
    assert winnability(game, nodes=NODES) == "lost"


def test_lost_position_with_moves_left() -> None:
    # K♠ onto Q♠ is legal but buries the Queen the ascending foundation needs.
    game = layout({1: ["QS", "KS"], 2: ["JS"]}, {"S": (9, 0)})
    assert game.legal_moves()
    assert solve(game, nodes=NODES).status == "lost"
    assert engine_winnable(game) is False


def test_reshuffles_left_are_part_of_the_position() -> None:
    with_reshuffle = layout({1: ["QS", "KS"]}, {"S": (10, 0)}, reshuffles_left=1)
    without = layout({1: ["QS", "KS"]}, {"S": (10, 0)}, reshuffles_left=0)
    won = solve(with_reshuffle, nodes=NODES)
    assert won.status == "won" and [str(m) for m in won.line] == ["R", "1-F1", "1-F1"]
    assert solve(without, nodes=NODES).status == "lost"
    assert hint(with_reshuffle, nodes=NODES).kind == "reshuffle"


def test_joined_suit_slides_its_boundary() -> None:
    # ♠ foundations hold one of each rank (A-5 up, K-6 down): the 9♠ needs a slide first.
    piles = {1: ["9S"], 2: ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S"], 3: ["KS", "QS", "JS", "10S"]}
    game = layout(piles, {"S": (4, 5)})
    result = solve(game, nodes=NODES)
    assert result.status == "won" and check_win(game, result.line)
    assert any(str(move).startswith("F") for move in result.line)


def test_tiny_budget_is_unknown_not_lost() -> None:
    result = solve(Game.from_number(1), nodes=50)
    assert result.status == "unknown"
    assert result.line == ()


def test_longer_dives_win_a_deal_that_500_expansion_dives_never_do(monkeypatch: pytest.MonkeyPatch) -> None:
    # Deal 703 stayed unknown after 395 million positions of 500-expansion dives; with the
    # lengths of Luby's sequence it falls within a few tens of thousands.
    game = Game.from_number(703)
    for seed in (0, 1):
        result = solve(game, nodes=200_000, seed=seed)
        assert result.status == "won" and check_win(game, result.line)
    monkeypatch.setattr(api, "DIVE_LONGEST", 1)
    assert solve(game, nodes=200_000).status == "unknown"


def test_already_won_position() -> None:
    game = layout({})
    assert solve(game, nodes=NODES).status == "won"
    assert hint(game, nodes=NODES).kind == "none"


small_positions = st.builds(
    lambda seed, reshuffles: _random_small_position(random.Random(seed), reshuffles),
    st.integers(0, 10**9),
    st.integers(0, 1),
)


def _random_small_position(rng: random.Random, reshuffles: int) -> Game:
    """Random foundations leaving 2-8 cards, dealt at random into a few piles."""
    total = rng.randint(2, 8)
    cuts = sorted(rng.randint(0, total) for _ in range(3))
    counts = [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
    tops = {}
    for suit, count in zip(SUITS, counts, strict=True):
        desc = rng.randint(0, count)  # cards left in a suit: 12 - asc + desc
        tops[suit] = (12 - count + desc, desc)
    left = [
        RANKS[r] + s for s, (asc, desc) in tops.items() for r in range(13) for _ in range(2 - (r <= asc) - (r >= desc))
    ]
    rng.shuffle(left)
    piles: dict[int, list[str]] = {}
    for card in left:
        piles.setdefault(rng.randint(1, 4), []).append(card)
    return layout(piles, tops, reshuffles)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions)
def test_small_positions_agree_with_the_engine_oracle(game: Game) -> None:
    result = solve(game, nodes=NODES)
    assert result.status != "unknown"
    assert (result.status == "won") == engine_winnable(game)
    if result.status == "won":
        assert check_win(game, result.line)


# ----------------------------------------------------------------- advice


def test_hint_on_a_fresh_deal_is_a_legal_move() -> None:
    game = Game.from_number(2)
    advice = hint(game, nodes=NODES)
    assert advice.kind in {"winning", "heuristic", "reshuffle"}
    assert advice.move is not None and game.check(advice.move) is None
    assert advice.text("pl") and advice.text("en") and advice.text("pl") != advice.text("en")
    assert advice.text() == advice.explanation.text() == advice.text("pl")  # one shape, Polish by default


def test_hint_on_a_blocked_game_says_undo() -> None:
    game = layout({1: ["QS", "KS"], 2: ["JS"]}, {"S": (9, 0)})
    game.move("2-F1")  # the only legal move; K♠ now covers the Q♠ the foundation needs
    assert hint(game, nodes=NODES).kind == "undo"


def test_move_check_warns_before_a_losing_move() -> None:
    game = layout({1: ["QS"], 2: ["KS"]}, {"S": (10, 0)})
    checked = move_check(game, "2-1", nodes=NODES)
    assert checked.verdict == "loses_win" and checked.warn
    assert checked.text() == checked.explanation.text("pl")
    assert move_check(game, "1-F1", nodes=NODES).verdict == "keeps_win"
    assert winnability(game, nodes=NODES) == "winnable"


# ----------------------------------------------------------------- winnable deals


def test_shipped_winnable_sample_resolves() -> None:
    numbers = sorted(winnable_numbers())
    assert len(numbers) >= 100
    for number in random.Random(7).sample(numbers, 3):
        result = solve(Game.from_number(number), nodes=NODES)
        assert result.status == "won", number


def test_random_winnable_deal() -> None:
    game = Game.random(winnable=True)
    assert game.code is not None
    from crescent_widget.engine.codes import parse_code

    assert parse_code(game.code).number in winnable_numbers()
    assert random_winnable_number(random.Random(1)) in winnable_numbers()
    assert Game.random().status == "playing"


# ----------------------------------------------------------------- CLI


def test_cli_solves_a_small_range(tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    completed = subprocess.run(
        [sys.executable, "-m", "crescent_widget.solver", "1-3", "--seconds", "1", "--jobs", "1", "--json", str(out)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert "deals 3:" in completed.stdout and "Wilson" in completed.stdout
    assert "3/3" in completed.stderr
    results = json.loads(out.read_text())["results"]
    assert [r["deal"] for r in results] == [1, 2, 3]
    for record in results:
        if record["status"] == "won":
            assert check_win(Game.from_number(record["deal"]), record["line"])


# ---------------------------------------------------------------- the face-down deal plays fair


def _face_down_twins() -> tuple[Game, Game]:
    """Two face-down positions that look the same but hide different cards."""
    piles = [[c.ascii for c in p] for p in Game("CR1-N-AAAAAAB").piles]
    other = [p[:] for p in piles]
    other[0][0], other[1][0] = other[1][0], other[0][0]  # swap two bottom (hidden) cards
    bases = [["AS"], ["AH"], ["AC"], ["AD"], ["KS"], ["KH"], ["KC"], ["KD"]]
    return (
        Game.from_layout(piles, bases, variant="H", face_down=[5] * 16),
        Game.from_layout(other, bases, variant="H", face_down=[5] * 16),
    )


def test_hints_in_the_face_down_deal_depend_only_on_what_is_visible() -> None:
    from crescent_widget.solver import hint, move_check, winnability

    first, second = _face_down_twins()
    assert first.piles == second.piles and first._piles != second._piles
    assert hint(first) == hint(second)
    assert hint(first).kind == "heuristic" and not hint(first).proven
    assert winnability(first) == winnability(second) == "unknown"
    move = first.legal_moves()[0]
    assert move_check(first, move).verdict == move_check(second, move).verdict == "unknown"


def test_solve_refuses_to_peek_at_face_down_cards() -> None:
    from crescent_widget.errors import CrescentError

    game = Game("CR1-H-AAAAAAB")
    with pytest.raises(CrescentError, match="face-down") as refused:
        solve(game, nodes=1000)
    assert refused.value.reason == "hidden_cards" and refused.value.text("pl").startswith("Część kart")
    assert game.move_count == 0


# ---------------------------------------------------------------- budgets


@pytest.mark.parametrize("seconds", [float("nan"), float("inf"), -1.0, -0.001])
def test_non_finite_or_negative_budgets_are_refused(seconds: float) -> None:
    from crescent_widget.errors import CrescentError
    from crescent_widget.solver import InvalidBudgetError

    game = Game.from_number(1)
    for call in (
        lambda: solve(game, seconds=seconds),
        lambda: hint(game, seconds=seconds),
        lambda: winnability(game, seconds=seconds),
        lambda: move_check(game, game.legal_moves()[0], seconds=seconds),
    ):
        with pytest.raises(InvalidBudgetError) as refused:
            call()
        assert isinstance(refused.value, CrescentError) and refused.value.reason == "invalid_budget"
    with pytest.raises(InvalidBudgetError):
        solve(game, nodes=-5)
    assert game.move_count == 0


def test_cli_refuses_a_nan_budget() -> None:
    refused = subprocess.run(
        [sys.executable, "-m", "crescent_widget.solver", "1", "--seconds", "nan"],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert refused.returncode == 2 and "finite" in refused.stderr


def test_every_childs_incremental_score_is_its_full_score() -> None:
    """The move generator scores most children incrementally; each must equal score(child).

    Random positions (some spread over few piles, so that moves often empty one) and the
    positions along a randomly played deal.
    """
    from crescent_widget.solver.search.expand import expand
    from crescent_widget.solver.search.heuristic import score
    from crescent_widget.solver.search.state import ANY_FOUNDATION, from_game
    from random_states import random_state

    rng = random.Random(11)
    states = [random_state(rng)[0] for _ in range(600)]
    game = Game.from_number(5)
    for _ in range(120):
        moves = game.legal_moves()
        if not moves:
            break
        game.move(rng.choice(moves))
        states.append(from_game(game))
    emptied = 0
    for state in states:
        for (src, dst), child, value in expand(state, (), prune=False):
            assert value == score(child), (state, (src, dst))
            emptied += src >= 0 and dst != ANY_FOUNDATION and not child[0][src]
    assert emptied > 50  # moves that empty a pile onto another were among them


def test_an_emptied_pile_costs_the_position_half_a_card() -> None:
    """7♥ alone onto 8♥: the same cards, no needed card buried, one pile fewer to build on."""
    from crescent_widget.solver.search.expand import expand
    from crescent_widget.solver.search.heuristic import CARD_WEIGHT, EMPTY_WEIGHT, score
    from crescent_widget.solver.search.state import from_game

    seven, eight = Card.parse("7H").index, Card.parse("8H").index
    state = from_game(Game.from_number(1))
    piles = (bytes([seven]), bytes([eight]), *state[0][2:])
    parent = (piles, state[1], 0)
    _, child, value = next(c for c in expand(parent, (), prune=False) if c[0] == (0, 1))
    assert child[0][:2] == (b"", bytes([eight, seven]))
    assert value == score(child) == score(parent) - EMPTY_WEIGHT
    assert 0 < EMPTY_WEIGHT < CARD_WEIGHT  # sending a pile's last card up still gains
