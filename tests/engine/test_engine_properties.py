"""Property-based tests: long random sequences of legal and illegal actions on the engine."""

from __future__ import annotations

import json
from collections import deque
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from crescent_widget import RESHUFFLE, Game, IllegalMoveError, InvalidMoveError, Move
from crescent_widget.engine.cards import ASCII_TEXT
from crescent_widget.engine.codes import DEAL_COUNT
from crescent_widget.engine.moves import ANY_FOUNDATION, PILES, Place
from helpers import FakeClock, card_multiset, snapshot

FULL_DECK = card_multiset(Game("CR1-N-AAAAAAB"))
BASES = ["AS", "AH", "AC", "AD", "KS", "KH", "KC", "KD"]


def _pile_move_after_shuttles(game: Game) -> bool:
    """Whether any sequence of foundation-to-foundation moves leads to a legal move from a pile.

    A brute-force oracle over whole positions (every suit at once), independent of the
    engine's per-suit reasoning in ``rules.can_progress``.
    """
    seen: set[tuple[int, ...]] = set()
    todo = [game]
    while todo:
        current = todo.pop()
        key = tuple(len(f) for f in current.foundations)  # the piles never change here
        if key in seen:
            continue
        seen.add(key)
        for move in current.legal_moves():
            if move.src.is_pile:
                return True
            after = current.copy()
            after.move(move)
            todo.append(after)
    return False


@st.composite
def _end_game(draw: st.DrawFn) -> Game:
    """A position with random foundation heights (up to two suits with joined tops, so that
    shuttles are possible) and random pile tops, often avoiding the joined suits."""
    joined = draw(st.sets(st.integers(0, 3), max_size=2))
    foundations: list[list[int]] = [[], [], [], [], [], [], [], []]
    for suit in range(4):
        up = draw(st.integers(1, 12)) if suit in joined else draw(st.integers(1, 13))
        down_to = up + 1 if suit in joined else draw(st.integers(1, 13))
        foundations[suit] = [suit * 13 + rank - 1 for rank in range(1, up + 1)]
        foundations[4 + suit] = [suit * 13 + rank - 1 for rank in range(13, down_to - 1, -1)]
    rest = [card for card in range(52) for _ in range(2)]
    for card in (c for f in foundations for c in f):
        rest.remove(card)
    rest = draw(st.permutations(rest))
    if draw(st.booleans()):  # cards of the joined suits at the bottom, so tops rarely show them
        rest = sorted(rest, key=lambda card: card // 13 not in joined)
    pile_count = draw(st.integers(max(1, -(-len(rest) // 13)), 16)) if rest else 16
    piles = [[ASCII_TEXT[c] for c in rest[i::pile_count]] for i in range(pile_count)] + [[]] * (16 - pile_count)
    return Game.from_layout(piles, [[ASCII_TEXT[c] for c in f] for f in foundations], 0)


@settings(max_examples=300, deadline=None)
@given(_end_game())
def test_blocked_means_no_sequence_of_shuttles_frees_a_pile_card(game: Game) -> None:
    if game.status == "won":
        return
    assert (game.status == "blocked") == (not _pile_move_after_shuttles(game))


def _position(game: Game) -> dict[str, Any]:
    state = snapshot(game)
    del state["revision"], state["history"], state["status"]
    return state


class EngineMachine(RuleBasedStateMachine):
    """Plays random deals with legal moves, arbitrary (often illegal) moves, reshuffles and undos."""

    game: Game

    def __init__(self) -> None:
        super().__init__()
        self.undo_stack: deque[dict[str, Any]] = deque(maxlen=100)

    @initialize(number=st.integers(0, DEAL_COUNT - 1))
    def deal(self, number: int) -> None:
        self.game = Game.from_number(number, clock=FakeClock())

    @rule(choice=st.integers(0, 1000))
    def play_a_legal_move(self, choice: int) -> None:
        moves = self.game.legal_moves()
        if not moves:
            return
        move = moves[choice % len(moves)]
        before = _position(self.game)
        assert self.game.check(move) is None
        assert self.game.move(move) == move
        self.undo_stack.append(before)

    @rule(choice=st.integers(0, 3))
    def play_a_foundation_move(self, choice: int) -> None:
        # Foundation moves first make games progress, so that joined foundations and
        # foundation-to-foundation moves (and their undo) come up.
        moves = [m for m in self.game.legal_moves() if m.dst.is_foundation]
        if moves:
            before = _position(self.game)
            self.game.move(moves[choice % len(moves)])
            self.undo_stack.append(before)

    @rule(src=st.integers(-30, 30), dst=st.integers(-30, 30))
    def try_any_move(self, src: int, dst: int) -> None:
        before = snapshot(self.game)
        if not (1 <= src <= PILES and 1 <= dst <= PILES):
            with pytest.raises(InvalidMoveError):  # plain ints are pile numbers 1-16; anything else is refused
                self.game.move(Move(src, dst))
            with pytest.raises(InvalidMoveError):
                self.game.move(src, dst)
            assert snapshot(self.game) == before
            return
        move = Move(src, dst)
        reason = self.game.check(move)
        try:
            played = self.game.move(move)
        except IllegalMoveError as refused:
            assert refused.reason == reason
            assert snapshot(self.game) == before
            return
        assert reason is None
        assert played.dst != ANY_FOUNDATION
        before.pop("revision"), before.pop("history"), before.pop("status")
        self.undo_stack.append(before)

    @rule(src=st.integers(0, 25), dst=st.integers(0, 25))
    def try_any_place(self, src: int, dst: int) -> None:
        # Every Place by value (0 is R, 25 is F): foundations too, which plain ints never name.
        places = Place.from_index(src - 1), Place.from_index(dst - 1)
        if src == dst == 0:
            assert Move(*places) is RESHUFFLE
            return
        before = snapshot(self.game)
        if not (1 <= src <= 24 and 1 <= dst <= 25):
            with pytest.raises(InvalidMoveError):
                self.game.move(Move(*places))  # refused when built: the game never sees it
            assert snapshot(self.game) == before
            return
        move = Move(*places)
        reason = self.game.check(move)
        if reason is not None:
            with pytest.raises(IllegalMoveError):
                self.game.move(move)
            assert snapshot(self.game) == before
            return
        played = self.game.move(move)
        assert played.src == move.src and played.dst.index < 24
        before.pop("revision"), before.pop("history"), before.pop("status")
        self.undo_stack.append(before)

    @rule()
    def reshuffle(self) -> None:
        before = snapshot(self.game)
        if self.game.reshuffles_left == 0:
            try:
                self.game.reshuffle()
            except IllegalMoveError as refused:
                assert refused.reason in ("no_reshuffles", "game_over")
                assert snapshot(self.game) == before
                return
            raise AssertionError("a reshuffle with none left was allowed")
        self.game.reshuffle()
        assert self.game.move_count == before["move_count"]
        assert not self.game.can_undo()
        self.undo_stack.clear()

    @rule()
    def undo(self) -> None:
        if not self.undo_stack:
            assert not self.game.can_undo()
            return
        self.game.undo()
        assert _position(self.game) == self.undo_stack.pop()

    @rule()
    def save_and_restore(self) -> None:
        data = json.loads(json.dumps(self.game.to_dict()))
        restored = Game.from_dict(data, clock=FakeClock())
        assert _position(restored) == _position(self.game)
        assert restored.history == self.game.history
        self.game = restored

    @invariant()
    def cards_are_conserved_and_positions_valid(self) -> None:
        game = self.game
        assert card_multiset(game) == FULL_DECK
        assert all(len(p) <= 13 for p in game.piles)
        for index, foundation in enumerate(game.foundations):
            assert foundation[0].ascii == BASES[index]
            step = 1 if index < 4 else -1
            assert [c.rank for c in foundation] == [foundation[0].rank + step * i for i in range(len(foundation))]
            assert len({c.suit for c in foundation}) == 1
        assert 0 <= game.reshuffles_left <= 3
        assert game.can_undo() == bool(self.undo_stack)
        assert game.status in ("playing", "won", "blocked")
        if game.status == "blocked":
            assert not _pile_move_after_shuttles(game)


EngineMachine.TestCase.settings = settings(max_examples=60, stateful_step_count=80, deadline=None)
TestEngineMachine = EngineMachine.TestCase
