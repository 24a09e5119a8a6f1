"""Auto-play after every action: with it on, no safe move is left standing after a move, a
reshuffle (the last one is when safe moves appear) or a redo; an undo plays none."""

from __future__ import annotations

import pytest

from crescent_widget import Game
from crescent_widget.engine.moves import RESHUFFLE
from crescent_widget.solver.safe import safe_moves
from crescent_widget.table import Table
from widget_support import one_wrong_move

HINT_NODES = 20_000  # a hint's budget in positions: the same hints on any machine
MAX_ACTIONS = 400


def follow_hints(table: Table) -> list[str]:
    """Play ``table``'s game by its hints to the end; after every action, what auto-play left standing."""
    left_standing: list[str] = []
    for _ in range(MAX_ACTIONS):
        if table.game.status != "playing":
            break
        hint = table.hint(nodes=HINT_NODES)
        if hint.move is None:
            break
        if hint.move.is_reshuffle:
            assert table.reshuffle(), "the hinted reshuffle takes one press"
        else:
            table.move(hint.move)
        left_standing += [f"{table.game.code} after {hint.move}: {m}" for m in safe_moves(table.game)]
    return left_standing


@pytest.mark.parametrize("number", range(1, 13))
def test_following_hints_with_auto_play_leaves_no_safe_move_standing(number: int) -> None:
    table = Table(Game.from_number(number).code, lang="en", auto_play=True)
    assert follow_hints(table) == []
    assert table.game.reshuffles_left == 0 or table.game.status == "won"


def test_the_last_reshuffle_is_followed_by_the_safe_moves_it_brings() -> None:
    """A position one reshuffle from the end, where that reshuffle makes a card safe to send home."""
    game = one_wrong_move()  # spades up complete, 3♠ on the way down: safe moves once no reshuffle is left
    layout = Game.from_layout(
        [[c.ascii for c in p] for p in game.piles],
        [[c.ascii for c in f] for f in game.foundations],
        reshuffles_left=1,
    )
    assert safe_moves(layout) == []  # a reshuffle left: the rule proves nothing yet
    table = Table.from_game(layout, lang="en", auto_play=True)
    table.reshuffle(by_player=False)
    assert table.game.reshuffles_left == 0 and safe_moves(table.game) == []
    assert table.game.actions[0] == RESHUFFLE and len(table.game.actions) > 1, "auto-play followed the reshuffle"


def test_an_undo_plays_nothing_and_a_redo_is_followed_by_auto_play() -> None:
    table = Table.from_game(one_wrong_move(), lang="en", auto_play=True)
    table.move(1, "F")  # the player's move; A♠ then goes home by itself: won
    assert table.game.status == "won" and table.game.move_count == 2
    table.undo()  # takes back auto-play's move, and plays it not again
    assert table.game.move_count == 1 and safe_moves(table.game)
    table.undo()
    assert table.view().can_redo
    table.redo()  # the player's move again, and auto-play's after it
    assert table.game.status == "won" and table.game.move_count == 2
    assert table.view().can_redo is False, "the auto-played move was the next to redo: nothing is left"
