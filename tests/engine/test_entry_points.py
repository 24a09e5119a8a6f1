"""Every way into a Game, a drawing or a widget checks what it is given before anything changes.

A Game holds only a legal Crescent position that follows from its start by its actions:
a pickle, ``copy.deepcopy`` or a hand-made ``__setstate__`` is checked as a save is.
"""

from __future__ import annotations

import copy
import logging
import pickle
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crescent_widget import CrescentError, CrescentWidget, Game, InvalidPositionError
from crescent_widget.drawings.svg import render_svg
from crescent_widget.errors import InvalidMoveError, InvalidOptionError
from crescent_widget.table import Table

DEAL = "CR1-N-AAAAAAB"


def _played() -> Game:
    game = Game(DEAL)
    for move in ("13-14", "5-F", "R"):
        game.move(move)
    game.move(game.legal_moves()[0])
    return game


def _state(**changes: Any) -> tuple[Any, ...]:
    names = ("piles", "foundations", "variant", "code", "clock", "left", "history", "face_down", "log", "start",
             "moves", "started", "last")  # fmt: skip
    state = dict(zip(names, _played().__getstate__(), strict=True))
    for name, change in changes.items():
        state[name] = change(state[name]) if callable(change) and name != "clock" else change
    return tuple(state[name] for name in names)


def _load(state: object) -> Game:
    game = Game.__new__(Game)
    game.__setstate__(state)  # type: ignore[arg-type]
    return game


def test_a_pickle_and_a_deep_copy_round_trip() -> None:
    game = _played()
    for twin in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game), copy.copy(game), game.copy()):
        assert twin.piles == game.piles and twin.foundations == game.foundations
        assert twin.actions == game.actions and twin.history == game.history
        assert twin.reshuffles_left == game.reshuffles_left and twin.status == game.status
    layout = Game.from_layout(
        [[c.ascii for c in p] for p in game.piles], [[c.ascii for c in f] for f in game.foundations]
    )
    layout.move(layout.legal_moves()[0])
    assert pickle.loads(pickle.dumps(layout)).piles == layout.piles


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"piles": lambda p: [pile * 2 for pile in p]}, "at most 13"),  # 208 cards
        ({"piles": lambda p: [p[0] + [p[0][0]], *p[1:]]}, "exactly twice"),  # a card three times
        ({"piles": lambda p: [[*pile[:-1], 52] if pile else pile for pile in p]}, "not a card int"),
        ({"piles": lambda p: [[True, *pile] for pile in p]}, "not a card int"),
        ({"piles": lambda p: p[:15]}, "list of 16"),
        ({"foundations": lambda f: [f[1], f[0], *f[2:]]}, "must start with its base"),
        ({"foundations": lambda f: [[*f[0], 5], *f[1:]]}, "out of sequence"),
        ({"left": 7}, "between 0 and 3"),
        ({"left": 3}, "reshuffles_left does not follow"),  # one reshuffle was played
        ({"left": "2"}, "must be an int"),
        ({"moves": 99}, "move count does not follow"),
        ({"log": lambda log: log[:-1]}, "position does not follow"),
        ({"log": lambda log: [(0, 99), *log]}, "action 1 does not replay"),
        ({"log": lambda log: [(12, 0), *log[1:]]}, "action 1 does not replay"),
        ({"history": lambda h: h * 3}, "longer than"),
        ({"variant": "Q"}, "unknown variant"),
        ({"variant": "F"}, "is not variant F"),
        ({"code": "CR1-N-AAAAAAC"}, "does not replay"),
        ({"code": 5}, "text or None"),
        ({"start": ([], [], 3, [])}, "no start layout"),
        ({"started": "yesterday"}, "number of seconds"),
        ({"face_down": [1] * 16}, "face_down does not follow"),
    ],
)
def test_a_state_that_is_not_a_legal_game_is_refused(changes: dict[str, Any], words: str) -> None:
    with pytest.raises(InvalidPositionError, match=words) as refused:
        _load(_state(**changes))
    assert refused.value.reason == "invalid_position"


@pytest.mark.parametrize("state", [None, (), "state", tuple(range(13)), (1,) * 14])
def test_a_state_of_the_wrong_shape_is_refused(state: object) -> None:
    with pytest.raises(InvalidPositionError):
        _load(state)


def test_a_state_with_no_clock_is_refused() -> None:
    with pytest.raises(InvalidOptionError, match="clock"):
        _load(_state(clock="abc"))


@given(st.data())
@settings(max_examples=150, deadline=None)
def test_a_changed_state_is_refused_or_loads_a_legal_game(data: st.DataObject) -> None:
    """Any one change to a real state: refused with the package's error, or still a game that replays."""
    state = list(_played().__getstate__())
    index = data.draw(st.integers(0, 12))
    junk = st.one_of(st.none(), st.integers(-3, 120), st.text(max_size=3), st.lists(st.integers(-1, 60), max_size=3))
    if index in (0, 1) and data.draw(st.booleans()):
        group = data.draw(st.integers(0, len(state[index]) - 1))
        state[index] = [list(g) for g in state[index]]
        state[index][group] = data.draw(st.lists(st.integers(-1, 52), max_size=14))
    else:
        state[index] = data.draw(junk)
    try:
        game = _load(tuple(state))
    except CrescentError:
        return
    assert Game.from_record(game.record()).piles == game.piles  # what loaded is a real game
    game.legal_moves()


def test_a_clock_that_is_no_clock_is_refused_before_any_move() -> None:
    for clock in ("abc", 5, lambda: "abc", lambda: float("nan")):
        with pytest.raises(InvalidOptionError, match="clock"):
            Game(DEAL, clock=clock)  # type: ignore[arg-type]
        with pytest.raises(InvalidOptionError, match="clock"):
            Game.from_dict(_played().to_dict(), clock=clock)  # type: ignore[arg-type]


@pytest.mark.parametrize("highlight", [5, 3.5, ["13-14"], b"13-14", "13-99", "xyz", (1, 99), (13, 14)])
def test_svg_refuses_a_highlight_that_is_not_a_move(highlight: object) -> None:
    with pytest.raises(InvalidMoveError):
        Game(DEAL).svg(highlight=highlight)  # type: ignore[arg-type]
    assert "highlight" in Game(DEAL).svg(highlight="13-14") and Game(DEAL).svg(highlight="R").startswith("<svg")
    with pytest.raises(InvalidMoveError):
        render_svg(Game(DEAL), highlight=highlight)  # type: ignore[arg-type]


def test_random_refuses_a_flag_that_is_not_a_bool() -> None:
    with pytest.raises(InvalidOptionError):
        Game.random(winnable="yes")  # type: ignore[arg-type]


FRONT_END: list[Callable[[CrescentWidget], None]] = [
    lambda w: w.set_state({"nosuchtrait": 1}),
    lambda w: w.set_state({"lang": "en", "nosuch": 2}),
    lambda w: w.set_state({1: 2}),  # type: ignore[dict-item]
    lambda w: w.set_state(None),  # type: ignore[arg-type]
    lambda w: w.set_state([("lang", "en")]),  # type: ignore[arg-type]
    lambda w: w.set_state({"lang": "x" * 10**6, "piles": [[["AS"]]] * 10**4}),
    lambda w: w.set_state({"_esm": "alert(1)", "comm": None, "keys": [], "log": 1}),
    lambda w: w._handle_msg(None),  # type: ignore[arg-type]
    lambda w: w._handle_msg({"content": "x"}),
    lambda w: w._handle_msg({"content": {"data": {"method": "update", "state": 5}}}),
    lambda w: w._handle_msg({"content": {"data": {"method": "update", "state": {}, "buffer_paths": [["x"]]}}}),
    lambda w: w._handle_msg({"content": {"data": {"method": "nosuch"}}}),
    lambda w: w._handle_msg({"content": {"data": {"method": "custom", "content": {"type": "tap", "pile": 10**400}}}}),
    lambda w: w._handle_msg({"content": {"data": {"method": "custom", "content": {"type": "undo", "rev": w.rev - 1}}}}),
]


@pytest.mark.parametrize("message", FRONT_END)
def test_no_front_end_message_raises_into_the_kernel(
    message: Callable[[CrescentWidget], None], caplog: pytest.LogCaptureFixture
) -> None:
    w = CrescentWidget(DEAL, lang="pl")
    w.move(13, 14)
    before = (w.piles, w.move_count, w.game.actions)
    with caplog.at_level(logging.INFO, logger="crescent_widget"):
        message(w)  # no exception
    assert (w.piles, w.move_count, w.game.actions) == before
    assert w.lang in ("pl", "en") and caplog.records, "the refusal is logged"


@pytest.mark.parametrize(
    "call",
    [
        lambda t: t.move("13-14", by_player="yes"),
        lambda t: t.tap(3, by_player=1),
        lambda t: t.new_game(by_player=None),
        lambda t: t.replay(["13-14"], delay="x"),
        lambda t: t.replay(["13-14"], delay=float("nan")),
        lambda t: t.replay(["13-14"], 2**2000),  # an int too large for a float: no OverflowError
        lambda t: t.replay(["13-14"], delay=-(2**2000)),
        lambda t: t.close(timeout="soon"),
        lambda t: (t.replay(["13-14"]), t.replay_play("yes")),
        lambda t: (t.replay(["13-14"]), t.replay_stop(keep="no")),
    ],
)
def test_table_options_of_the_wrong_kind_are_refused(call: Callable[[Table], object]) -> None:
    table = Table(DEAL, lang="en")
    with pytest.raises(CrescentError) as refused:
        call(table)
    assert refused.value.reason == "invalid_option"
    assert table.game.move_count == 0
