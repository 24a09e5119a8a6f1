"""Property-based tests: long random sequences of legal and illegal actions on the engine."""

from __future__ import annotations

import json
from collections import deque
from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from crescent_widget import RESHUFFLE, Game, IllegalMoveError, InvalidMoveError, Move
from crescent_widget.codes import DEAL_COUNT
from crescent_widget.moves import ANY_FOUNDATION, FIRST_FOUNDATION
from helpers import FakeClock, card_multiset, snapshot

FULL_DECK = card_multiset(Game("CR1-N-AAAAAAB"))
BASES = ["AS", "AH", "AC", "AD", "KS", "KH", "KC", "KD"]


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
        moves = [m for m in self.game.legal_moves() if m.dst >= FIRST_FOUNDATION]
        if moves:
            before = _position(self.game)
            self.game.move(moves[choice % len(moves)])
            self.undo_stack.append(before)

    @rule(src=st.integers(-30, 30), dst=st.integers(-30, 30))
    def try_any_move(self, src: int, dst: int) -> None:
        move = Move(src, dst)
        before = snapshot(self.game)
        if not (0 <= src < ANY_FOUNDATION and 0 <= dst <= ANY_FOUNDATION) and move != RESHUFFLE:
            with pytest.raises(InvalidMoveError):
                self.game.move(move)
            assert snapshot(self.game) == before
            return
        if move == RESHUFFLE:
            return
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
        assert not self.game.can_undo
        self.undo_stack.clear()

    @rule()
    def undo(self) -> None:
        if not self.undo_stack:
            assert not self.game.can_undo
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
        assert game.can_undo == bool(self.undo_stack)
        assert game.status in ("playing", "won", "blocked")
        if game.status == "blocked":
            assert not game.legal_moves()


EngineMachine.TestCase.settings = settings(max_examples=60, stateful_step_count=80, deadline=None)
TestEngineMachine = EngineMachine.TestCase
