"""Helpers for the widget-model tests: feeding front-end messages and checking the mirror."""

from __future__ import annotations

import json
from typing import Any

from crescent_widget.engine.game import Game
from crescent_widget.lessons import Lesson
from crescent_widget.widget import CrescentWidget

DEAL = "CR1-N-AAAAAAB"
# The legal moves of DEAL at the start, worked out by hand from the rules (not by the engine).
START_MOVES = {
    "1-3", "3-F7", "3-1", "3-7", "5-F2", "6-8", "7-3", "8-6",
    "8-11", "11-8", "13-15", "13-14", "14-13", "15-F1", "15-13",
}  # fmt: skip


def lesson_board(lesson: Lesson, lang: str) -> CrescentWidget:
    """A board holding ``lesson``, teaching (legal destinations light up), as a teacher makes one."""
    return CrescentWidget(lesson=lesson, lang=lang, teach=True)


def send(widget: CrescentWidget, content: object) -> None:
    """Deliver one custom message as the front end would (through the comm handler)."""
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})
    widget.table.wait_search(timeout=120)  # a board's search runs in the background: its result is shown


def intent(widget: CrescentWidget, kind: str, **fields: object) -> None:
    """Send a well-formed intent made against the widget's current revision."""
    send(widget, {"type": kind, "rev": widget.rev, **fields})


def expected_traits(widget: CrescentWidget) -> dict[str, Any]:
    """What the synced traits must hold, computed straight from the engine."""
    game = widget.game
    targets: dict[str, list[str]] = {}
    for move in [] if widget.replay_state else game.legal_moves():
        names = targets.setdefault(move.src.name, [])
        if move.dst.name not in names:
            names.append(move.dst.name)
    return {
        "code": game.code or "",
        "piles": [[p[-1].ascii if p else "", game.pile_size(n)] for n, p in enumerate(game.piles, start=1)],
        "face_down": [game.face_down(n) for n in range(1, 17)],
        "foundations": [[f[-1].ascii, len(f)] for f in game.foundations],
        "reshuffles_left": game.reshuffles_left,
        "move_count": game.move_count,
        "can_undo": game.can_undo() and not widget.replay_state,
        "status": game.status,
        "targets": targets,
    }


def assert_mirrors_engine(widget: CrescentWidget) -> None:
    """The traits equal the engine state, and all 104 cards are accounted for."""
    expected = expected_traits(widget)
    actual = {key: getattr(widget, key) for key in expected}
    assert actual == expected
    game = widget.game
    assert sum(game.pile_size(n) for n in range(1, 17)) + sum(len(f) for f in game.foundations) == 104
    assert sum(count for _, count in widget.piles) + sum(count for _, count in widget.foundations) == 104
    if widget.selected:
        assert widget.selected in widget.targets, "only a movable card can be selected"


class UpdateRecorder:
    """Records the state updates a widget sends to the front end (one dict per update)."""

    def __init__(self, widget: CrescentWidget) -> None:
        self.updates: list[dict[str, Any]] = []
        original = widget._send

        def record(msg: dict[str, Any], buffers: Any = None) -> None:
            if msg.get("method") == "update":
                self.updates.append(msg["state"])
            original(msg, buffers=buffers)

        widget._send = record

    def sizes(self) -> list[int]:
        return [len(json.dumps(update, separators=(",", ":")).encode()) for update in self.updates]


# Every card but A♠ and 2♠ is home: pile 1 holds 2♠, pile 2 holds A♠, no reshuffle left.
# 1-F then 2-F wins; 2-1 (A♠ onto 2♠) buries the 2♠ for good: a winnable game is lost.
def one_wrong_move() -> Game:
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    foundations = [[r + s for r in ranks] for s in "SHCD"] + [[r + s for r in reversed(ranks)] for s in "SHCD"]
    foundations[4] = foundations[4][:-2]
    return Game.from_layout([["2S"], ["AS"]] + [[] for _ in range(14)], foundations, reshuffles_left=0)
