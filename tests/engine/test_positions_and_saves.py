"""from_layout validation, saves (to_dict / from_dict), the clock and the text diagram."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from crescent_widget import Game, InvalidPositionError
from crescent_widget.engine.records import save_checksum as checksum
from crescent_widget.lessons import full_foundations
from helpers import FakeClock, build_game, snapshot


def _layout(game: Game) -> tuple[list[list[str]], list[list[str]]]:
    return [[c.ascii for c in p] for p in game.piles], [[c.ascii for c in f] for f in game.foundations]


def test_from_layout_accepts_any_position_and_keeps_it() -> None:
    piles, foundations = _layout(Game("CR1-N-AAAAAAB"))
    game = Game.from_layout(piles, foundations, reshuffles_left=1)
    assert _layout(game) == (piles, foundations)
    assert game.reshuffles_left == 1 and game.code is None and game.move_count == 0


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda p, f: p[0].append("2H"), "exactly twice"),
        (lambda p, f: p[0].pop(), "exactly twice"),
        (lambda p, f: p.pop(), "16 piles"),
        (lambda p, f: f.pop(), "8 foundations"),
        (lambda p, f: p[0].__setitem__(0, "1H"), "pile 1, card 1"),
        (lambda p, f: f[0].__setitem__(0, "2S"), "base AS"),
        (lambda p, f: f[4].clear(), "base KS"),
        (lambda p, f: (p[1].extend(p[0][:6] + p[2][:2]), p[0].clear(), p[2].__delitem__(slice(0, 2))), "at most 13"),
    ],
)
def test_from_layout_refuses_impossible_positions(change: Any, message: str) -> None:
    piles, foundations = _layout(Game("CR1-N-AAAAAAB"))
    change(piles, foundations)
    with pytest.raises(InvalidPositionError, match=message):
        Game.from_layout(piles, foundations)


def test_from_layout_refuses_a_foundation_running_past_its_end() -> None:
    spades = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS"]
    with pytest.raises(InvalidPositionError, match="at most 13"):
        build_game({}, {"F1": [*spades, "AH"]})
    with pytest.raises(InvalidPositionError, match="at most 13"):
        build_game({}, {"F6": ["KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H", "5H", "4H", "3H", "2H", "AH", "KS"]})


def test_from_layout_refuses_foundations_out_of_sequence() -> None:
    with pytest.raises(InvalidPositionError, match="out of sequence"):
        build_game({1: ["2S"]}, {"F1": ["AS", "3S"]})


@pytest.mark.parametrize("left", [-1, 4, True, "3", 2.0])
def test_from_layout_refuses_a_bad_reshuffle_count(left: object) -> None:
    piles, foundations = _layout(Game("CR1-N-AAAAAAB"))
    with pytest.raises(InvalidPositionError, match="reshuffles_left"):
        Game.from_layout(piles, foundations, left)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", ["piles", 3, None, {"a": 1}])
def test_from_layout_refuses_non_lists(bad: object) -> None:
    _, foundations = _layout(Game("CR1-N-AAAAAAB"))
    with pytest.raises(InvalidPositionError):
        Game.from_layout(bad, foundations)  # type: ignore[arg-type]


def _played() -> Game:
    game = Game("CR1-N-AAAAAAB", clock=FakeClock())
    for move in ("13-14", "15-F", "3-F7"):
        game.move(move)
    return game


def test_save_round_trips_through_json_with_history() -> None:
    game = _played()
    data = json.loads(json.dumps(game.to_dict()))
    assert {"code", "piles", "foundations", "reshuffles_left", "move_count"} <= set(data)
    restored = Game.from_dict(data, clock=FakeClock())
    assert _layout(restored) == _layout(game)
    assert (restored.code, restored.move_count, restored.history) == (game.code, 3, game.history)
    restored.undo()
    game.undo()
    assert _layout(restored) == _layout(game)


def _resealed(data: dict[str, Any]) -> dict[str, Any]:
    data["checksum"] = checksum(data)
    return data


def test_a_tampered_save_is_refused() -> None:
    data = _played().to_dict()
    data["move_count"] = 0
    with pytest.raises(InvalidPositionError, match="checksum"):
        Game.from_dict(data)


@pytest.mark.parametrize("key", ["piles", "foundations", "checksum", "actions", "code", "undo_depth", "start"])
def test_a_truncated_save_is_refused(key: str) -> None:
    data = _played().to_dict()
    del data[key]
    with pytest.raises(InvalidPositionError, match="missing"):
        Game.from_dict(data)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["piles"][0].append("AS"), "saved piles does not follow"),
        (lambda d: d.__setitem__("reshuffles_left", 7), "saved reshuffles_left"),
        (lambda d: d.__setitem__("move_count", -1), "saved move_count"),
        (lambda d: d.__setitem__("actions", ["13-14", "1-2", "15-F1"]), "entry 2 \\(1-2\\)"),
        (lambda d: d.__setitem__("actions", ["zz"]), "entry 1"),
        (lambda d: d.__setitem__("actions", ["13-14", "15-F1"]), "does not follow"),
        (lambda d: d.__setitem__("actions", "13-14"), "list"),
        (lambda d: d.__setitem__("undo_depth", 4), "undo_depth"),
        (lambda d: d.__setitem__("undo_depth", -1), "undo_depth"),
        (lambda d: d["piles"][0].reverse(), "saved piles"),
        (lambda d: d.__setitem__("foundations", [["AS"]] * 8), "saved foundations"),
        (lambda d: d.__setitem__("code", None), "start layout"),
        (lambda d: (d.__setitem__("code", None), d.__setitem__("variant", [])), "unknown variant"),
        (lambda d: d.__setitem__("variant", {}), "unknown variant"),
        (lambda d: d.__setitem__("code", 17), "code must be text"),
        (lambda d: d.__setitem__("code", "CR1-Q-AAAAAAB"), "game code"),
        (lambda d: d.__setitem__("format", "other/9"), "format"),
        (lambda d: d.__setitem__("elapsed", "soon"), "elapsed"),
    ],
)
def test_a_resealed_but_impossible_save_is_refused(change: Any, message: str) -> None:
    data = copy.deepcopy(_played().to_dict())
    change(data)
    with pytest.raises(InvalidPositionError, match=message):
        Game.from_dict(_resealed(data))


@pytest.mark.parametrize("data", [None, [], "save", 3])
def test_a_save_that_is_not_a_dict_is_refused(data: object) -> None:
    with pytest.raises(InvalidPositionError):
        Game.from_dict(data)  # type: ignore[arg-type]


def test_the_clock_runs_from_the_first_move_and_stops_when_the_game_ends() -> None:
    clock = FakeClock()
    game = build_game({1: ["AS", "2S"]}, _all_but_two_spades())
    game._clock = clock  # the builder made its own; share this one
    clock.now += 50
    assert game.elapsed == 0.0  # nothing played yet
    game.move(1, "F")
    clock.now += 7
    assert game.elapsed == 7.0
    game.move(1, "F")
    assert game.status == "won"
    clock.now += 100
    assert game.elapsed == 7.0


def test_elapsed_survives_a_save() -> None:
    game = _played()
    game._clock.now += 42  # type: ignore[attr-defined]
    restored = Game.from_dict(game.to_dict(), clock=FakeClock())
    assert restored.elapsed == pytest.approx(42.0)


def _all_but_two_spades() -> dict[str, list[str]]:
    foundations = full_foundations()
    foundations["F5"] = foundations["F5"][:-2]
    return foundations


def test_rewound_goes_back_past_a_reshuffle_with_the_record_and_the_clock_going_on() -> None:
    clock = FakeClock()
    game = Game("CR1-N-AAAAAAB", clock=clock)
    for action in ("13-14", "R", "4-13", "1-8"):
        game.move(action)
    clock.now += 90
    back = game.rewound(2)
    assert [str(action) for action in back.actions] == ["13-14", "R"]
    assert (back.move_count, back.reshuffles_left, back.code) == (1, 2, game.code)
    assert back.position_key == Game.from_record(f"{game.code} 13-14 R").position_key
    assert back.elapsed == pytest.approx(90.0)  # the same game taken back: its clock does not start again
    clock.now += 5
    assert back.elapsed == pytest.approx(95.0) and back.status == "playing"
    assert [str(action) for action in game.actions] == ["13-14", "R", "4-13", "1-8"]  # unchanged
    assert game.rewound(0).actions == () and not Game("CR1-N-AAAAAAB").rewound(0).started


@pytest.mark.parametrize("bad", [-1, 5, 1.0, True, "2"])
def test_rewound_refuses_what_is_not_a_point_of_the_record(bad: object) -> None:
    game = _played()
    with pytest.raises(ValueError, match="actions must be an int from 0 to 3"):
        game.rewound(bad)  # type: ignore[arg-type]


def test_copy_is_independent() -> None:
    game = _played()
    other = game.copy()
    other.undo()
    assert game.move_count == 3 and other.move_count == 2
    assert snapshot(game)["piles"] != snapshot(other)["piles"]


# ---------------------------------------------------------------- text diagram


def test_text_diagram_shows_the_horseshoe_with_numbers_and_counts() -> None:
    text = str(Game("CR1-N-AAAAAAB"))
    lines = text.splitlines()
    assert "Reshuffles left: 3" in text and "Moves: 0" in text and "CR1-N-AAAAAAB" in text
    for number in range(1, 17):
        assert f"{number} ×6" in text
    top_captions = lines[1].split()
    assert top_captions[::2] == [str(n) for n in range(5, 13)]  # 5 … 12 left to right
    assert lines[3].split()[0] == "4" and lines[9].split()[0] == "1"  # left side, 1 at the bottom
    assert lines[3].split()[-2] == "13" and lines[9].split()[-2] == "16"  # right side, 16 at the bottom
    assert lines[4].split()[1] == "A♠" and lines[6].split()[1] == "K♠"  # Aces over Kings
    assert "A♠" in lines[2]  # pile 13's top card


def test_polish_diagram_uses_polish_ranks_and_labels() -> None:
    text = Game("CR1-N-AAAAAAB").diagram("pl")
    assert "W♣" in text and "Przetasowania: 3" in text and "Ruchy: 0" in text


def test_diagram_marks_empty_piles_and_the_end_of_the_game() -> None:
    game = build_game({1: ["AS", "2S"]}, _all_but_two_spades())
    game.move(1, "F")
    game.move(1, "F")
    text = str(game)
    assert "··" in text and "1 ×0" in text
    assert "You won" in text


# ---------------------------------------------------------------- records and custom saves


def test_a_record_replays_to_the_same_game() -> None:
    game = _played()
    game.reshuffle()
    game.move(game.legal_moves()[0])
    text = game.record()
    assert text.splitlines()[0] == "CR1-N-AAAAAAB"
    again = Game.from_record(text)
    assert _layout(again) == _layout(game)
    assert again.actions == game.actions and again.reshuffles_left == 2


def test_a_record_accepts_move_numbers_comments_and_one_move_per_line() -> None:
    text = "cr1-n-aaaaaab  # the test-vector deal\n1. 13-14\n2. 15-F\n\n3. 3-f7\nR\n"
    game = Game.from_record(text)
    assert [str(a) for a in game.actions] == ["13-14", "15-F1", "3-F7", "R"]


@pytest.mark.parametrize(
    ("text", "number", "reason"),
    [
        ("CR1-N-AAAAAAB 13-14 14-1", 2, "same_suit"),
        ("CR1-N-AAAAAAB R R R R", 4, "no_reshuffles"),
        ("CR1-N-AAAAAAB 13-14 99-1", 2, "invalid_move"),
    ],
)
def test_a_record_with_a_bad_move_is_refused_at_that_move(text: str, number: int, reason: str) -> None:
    from crescent_widget.engine.records import RecordError

    with pytest.raises(RecordError) as refused:
        Game.from_record(text)
    assert (refused.value.number, refused.value.reason) == (number, reason)
    assert f"entry {number}" in str(refused.value)


@pytest.mark.parametrize("text", ["", "   # nothing", "CR1-N-XX 13-14"])
def test_a_record_without_a_valid_code_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="code"):
        Game.from_record(text)


def test_undo_removes_the_move_from_the_record() -> None:
    game = _played()
    game.undo()
    assert game.record().split()[1:] == ["13-14", "15-F1", "*"]


def test_a_custom_position_saves_its_start_and_replays() -> None:
    game = build_game({1: ["9H", "8H"], 2: ["7H"]})
    game.move(1, 2)
    game.reshuffle()
    game.move(game.legal_moves()[0])
    restored = Game.from_dict(json.loads(json.dumps(game.to_dict())))
    assert _layout(restored) == _layout(game)
    assert restored.reshuffles_left == 2 and restored.move_count == 2 and restored.can_undo()
    with pytest.raises(InvalidPositionError, match="to_dict"):
        game.record()


def test_restored_undo_depth_matches_the_original() -> None:
    game = build_game({1: ["9H", "8H"], 2: ["7H"]})
    for i in range(105):
        game.move(1, 2) if i % 2 == 0 else game.move(2, 1)
    for _ in range(10):
        game.undo()
    restored = Game.from_dict(game.to_dict())
    assert len(restored.history) == len(game.history) == 90
