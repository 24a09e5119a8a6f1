"""Narrated replay in the widget: from a move list or a record, step by step, across reshuffles."""

from __future__ import annotations

import pytest

from crescent_widget import CrescentWidget, Game, IllegalMoveError, InvalidCodeError
from crescent_widget.engine.records import RecordError
from crescent_widget.words.i18n import label, message
from widget_support import DEAL, assert_mirrors_engine, intent, send


def positions(code: str, actions: list[str]) -> list[Game]:
    """The game after 0, 1, … len(actions) actions, each played fresh from the deal."""
    out = []
    for n in range(len(actions) + 1):
        game = Game(code)
        for action in actions[:n]:
            game.move(action)
        out.append(game)
    return out


def same_position(a: Game, b: Game) -> bool:
    def key(game: Game) -> tuple[object, ...]:
        return game.piles, game.foundations, game.reshuffles_left, game.move_count

    return key(a) == key(b)


@pytest.fixture
def line() -> list[str]:
    game = Game(DEAL)
    actions = []
    for text in ["13-14", "5-F", "R"]:
        actions.append(str(game.move(text)))
    actions.append(str(game.legal_moves()[0]))
    return actions


def test_replay_steps_forward_and_back_across_a_reshuffle(line: list[str]) -> None:
    w = CrescentWidget(DEAL, lang="en")
    w.replay(line, delay=0.5)
    expected = positions(DEAL, line)
    start = {"step": 0, "total": 4, "playing": False, "delay": 0.5, "moves": 0, "total_moves": 3}
    assert w.replay_state == {**start, "better": "", "practice": False}
    assert w.note == "Start of the replay (to move 3)"
    assert w.targets == {} and not w.can_undo and not w.clock_running
    for step in range(1, 5):
        assert w.replay_step(1) == step
        assert same_position(w.game, expected[step])
        assert_mirrors_engine(w)
    assert w.note.startswith("Move 3: ")
    assert w.replay_step(1) == 4, "past the end stays at the end"
    for step in (3, 2, 1, 0):
        assert w.replay_step(-1) == step
        assert same_position(w.game, expected[step]), f"step back to {step}"
    assert w.note == "Start of the replay (to move 3)"
    assert w.replay_step(3) == 3
    assert w.note.startswith("Reshuffle 1: ")
    w.lang = "pl"
    assert w.note.startswith("Przetasowanie 1: ")


@pytest.mark.parametrize(("lang", "of"), [("en", "Moves: 3 of 3"), ("pl", "Ruchy: 3 z 3")])
def test_the_replay_counter_counts_as_the_moves_counter_does(line: list[str], lang: str, of: str) -> None:
    w = CrescentWidget(DEAL, lang=lang)
    w.replay(line)
    w.replay_step(3)
    state = w.replay_state
    assert (state["step"], state["moves"], w.move_count) == (3, 2, 2), "the reshuffle is a step but not a move"
    w.replay_step(1)
    state = w.replay_state
    assert (state["step"], state["moves"], state["total_moves"], w.move_count) == (4, 3, 3, 3)
    counter = label("replay_step", lang, n=state["moves"], total=state["total_moves"])
    assert counter == of and counter.startswith(label("moves", lang, n=w.move_count)), "one numbering: the toolbar's"
    assert w.labels["replay_step"].format(n=3, total=3) == counter, "the board fills in the catalogue's text"


def test_replay_intents_and_narration_in_polish(line: list[str]) -> None:
    w = CrescentWidget(DEAL)
    w.replay(line)
    intent(w, "replay_next")
    assert w.note == "Ruch 1: A♠ ze stosu 13 na K♠ na stosie 14"
    assert w.replay_state["step"] == 1
    intent(w, "replay_prev")
    assert w.replay_state["step"] == 0 and w.piles[12] == ["AS", 6]
    intent(w, "replay_play")
    assert w.replay_state["playing"]
    for _ in range(4):
        intent(w, "replay_next")  # what the front end's timer sends
    ended = {"step": 4, "total": 4, "playing": False, "delay": 1.0, "moves": 3, "total_moves": 3}
    ended |= {"better": "", "practice": False}
    assert w.replay_state == ended, "the end stops playing"
    intent(w, "replay_play")
    assert w.replay_state["step"] == 0 and w.replay_state["playing"], "play at the end starts again"
    assert w.replay_play(False) is False


def test_play_is_refused_during_a_replay_and_stop_restores_the_game(line: list[str]) -> None:
    w = CrescentWidget(DEAL)
    w.move(15, "F")
    game = w.game
    w.replay(["13-14"])
    for kind, fields in [("tap", {"pile": "5"}), ("drop", {"src": "5", "dst": "F"}), ("reshuffle", {}), ("undo", {})]:
        intent(w, kind, **fields)
        assert w.message == message("replay_active", "pl")
    for call in (lambda: w.move(5, "F"), w.reshuffle, w.undo, w.hint, w.still_winnable):
        with pytest.raises(IllegalMoveError) as refused:
            call()
        assert refused.value.reason == "replay_active"
    w.replay_step(1)
    assert w.game.move_count == 2
    intent(w, "replay_stop")
    assert w.game is game and w.replay_state == {} and w.move_count == 1
    assert w.note == "Koniec odtwarzania: wracasz do swojej gry (CR1-N-AAAAAAB, ruchy: 1) w miejscu, w którym była."
    assert_mirrors_engine(w)
    with pytest.raises(IllegalMoveError) as refused:
        w.replay_step(1)
    assert refused.value.reason == "no_replay"


def test_replay_a_record_starts_from_its_deal(line: list[str]) -> None:
    game = Game(DEAL)
    for action in line:
        game.move(action)
    w = CrescentWidget("CR1-N-AAAAAAC")
    w.replay(game.record())
    assert w.code == DEAL and w.replay_state["total"] == 4 and w.move_count == 0
    w.replay_step(4)
    assert same_position(w.game, game)
    w.replay_stop()
    assert w.code == "CR1-N-AAAAAAC", "back to the game before the replay"
    first = str(w.legal_moves()[0])
    w.replay(f"{first} R")  # text without a code: moves from the current position
    assert w.replay_state["total"] == 2 and w.code == "CR1-N-AAAAAAC"


@pytest.mark.parametrize(
    ("moves", "number", "reason"),
    [
        (["13-14", "14-1"], 2, "Musi być tego samego koloru"),
        (["13-14", "X3"], 2, "Nieprawidłowy ruch"),
        (["13-14", 5], 2, "Nieprawidłowy ruch"),
        ("CR1-N-AAAAAAB\n1. 13-14\n2. 13-14", 2, "Musi"),
    ],
)
def test_a_bad_move_list_is_refused_up_front(moves: object, number: int, reason: str) -> None:
    w = CrescentWidget(DEAL)
    before = w.get_state()
    with pytest.raises(RecordError) as refused:
        w.replay(moves)  # type: ignore[arg-type]
    assert refused.value.number == number
    assert w.message.startswith(f"Nie można odtworzyć: wpis {number} (") and reason in w.message
    after = w.get_state()
    assert {k: v for k, v in after.items() if k not in ("message", "rev", "announcement", "announce_id")} == {
        k: v for k, v in before.items() if k not in ("message", "rev", "announcement", "announce_id")
    }


def test_other_bad_replay_arguments() -> None:
    w = CrescentWidget(DEAL)
    with pytest.raises(TypeError):
        w.replay(42)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="delay"):
        w.replay(["13-14"], delay=0)
    with pytest.raises(InvalidCodeError):
        w.replay("CR1-Q-AAAAAAB 13-14")
    with pytest.raises(TypeError):
        w.replay(["13-14"])
        w.replay_step(True)
    assert w.replay_state != {}


def test_new_game_and_load_end_a_replay() -> None:
    w = CrescentWidget(DEAL)
    w.replay(["13-14"])
    intent(w, "new_game", code="CR1-N-AAAAAAC")
    assert w.replay_state == {} and w.code == "CR1-N-AAAAAAC"
    w.replay([str(w.legal_moves()[0])])
    w.load(Game(DEAL))
    assert w.replay_state == {} and w.can_undo is False
    send(w, {"type": "replay_next", "rev": w.rev})
    assert w.message == message("no_replay", "pl")
