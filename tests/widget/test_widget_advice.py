"""The widget's advice and teaching: hints, "still winnable?", the teaching mode's warning,
notes, on_action, winnable deals and variants; with the intents that drive them."""

from __future__ import annotations

import logging

import pytest

from crescent_widget import CrescentWidget, Game, IllegalMoveError, InvalidCodeError, Move
from crescent_widget.errors import InvalidOptionError
from crescent_widget.solver import Hint, winnable_numbers
from crescent_widget.solver.winnable import random_winnable_number
from crescent_widget.words.i18n import label, message
from helpers import DEAD_TOPS, shuttle_position
from widget_support import DEAL, assert_mirrors_engine, intent, one_wrong_move, send


@pytest.fixture
def w() -> CrescentWidget:
    return CrescentWidget(DEAL)


def teacher(**options: object) -> CrescentWidget:
    return CrescentWidget.from_game(one_wrong_move(), teach=True, **options)


# ------------------------------------------------------------------------------ hints


def test_the_hint_intent_lights_a_legal_move_and_explains_it(w: CrescentWidget) -> None:
    intent(w, "hint")
    assert w.hint_move, "deal 1 has legal moves: the hint names one"
    src, dst = w.hint_move.split("-")
    assert dst in w.targets[src]
    assert w.note.startswith("Ten ruch") or w.note.startswith("Nie znaleziono")
    w.lang = "en"
    assert w.note.startswith("This move") or w.note.startswith("No win")
    w.move(src, dst)
    assert (w.hint_move, w.note) == ("", ""), "a hint is about one position only"


def test_hint_from_code_returns_the_hint() -> None:
    w = CrescentWidget.from_game(one_wrong_move(), lang="en")
    found = w.hint()
    assert isinstance(found, Hint) and found.kind == "winning" and found.proven
    assert found.move == Move.parse("1-F5") and w.hint_move == "1-F5"
    assert w.note == found.text("en")
    assert w.tap(1) == Move.parse("1-F5"), "the lit card plays the hinted move, though 2♠ fits pile 2 too"
    assert w.hint_move == ""
    dealt = CrescentWidget(DEAL, lang="en")
    lit = dealt.table.hint(nodes=20_000).move
    assert lit is not None and lit.src != 13
    dealt.tap(13)  # A♠: two places
    assert (dealt.selected, dealt.hint_move) == ("13", str(lit)), "selecting another card keeps the hint"


def test_a_hint_to_reshuffle_lights_r() -> None:
    game = one_wrong_move()
    piles = [["2S", "AS"]] + [[] for _ in range(15)]  # 2♠ under A♠: only a reshuffle brings it up
    foundations = [list(c.ascii for c in f) for f in game.foundations]
    w = CrescentWidget.from_game(Game.from_layout(piles, foundations, reshuffles_left=1))
    found = w.hint()
    assert found.move is not None and found.move.is_reshuffle
    assert w.hint_move == "R"


def test_hint_when_the_game_is_over(w: CrescentWidget) -> None:
    w.load(one_wrong_move())
    w.move(1, "F")
    w.move(2, "F")
    assert w.status == "won"
    assert w.hint().move is None and w.hint_move == ""


# ------------------------------------------------------------------------ winnability


def test_still_winnable_shows_a_proof(w: CrescentWidget) -> None:
    intent(w, "winnable")
    assert w.winnability == "winnable"
    assert w.announcement == label("winnable_winnable", "pl")
    w.move(13, 14)
    assert w.winnability == "", "the answer was about the old position"


def test_a_lost_position_is_proven_lost() -> None:
    w = CrescentWidget.from_game(one_wrong_move())
    w.move(2, 1)
    assert w.still_winnable(nodes=200_000) == "lost" and w.winnability == "lost"
    w.lang = "en"
    why = "A♠ lies on 2♠, which must reach a foundation first, and A♠ has nowhere else to go."
    assert w.announcement == f"This game can no longer be won (proven). {why}"
    assert w.note == why, "the board says why"


def test_winnable_deals_only(monkeypatch: pytest.MonkeyPatch) -> None:
    w = CrescentWidget(winnable=True)
    numbers = winnable_numbers()
    from crescent_widget.engine.codes import parse_code

    assert parse_code(w.code).number in numbers
    intent(w, "new_game")
    assert parse_code(w.code).number in numbers and w.winnable
    w.new_game("CR1-N-AAAAAAC")
    assert w.code == "CR1-N-AAAAAAC", "a code given is dealt as is"
    f = CrescentWidget(winnable=True, variant="F")
    assert f.code.startswith("CR1-F-") and parse_code(f.code).number in numbers
    assert random_winnable_number() in numbers


# ---------------------------------------------------------------------- teaching mode


def test_teach_explains_every_move(w: CrescentWidget) -> None:
    w.teach = True
    w.lang = "en"
    w.move(13, 14)
    assert w.note == "A♠ went onto K♠ on pile 14: on piles, ranks wrap from King to Ace."
    w.reshuffle()
    assert w.note.startswith("Reshuffle: every pile")
    w.lang = "pl"
    assert w.note.startswith("Przetasowanie: spodnia karta")
    plain = CrescentWidget(DEAL)
    plain.move(13, 14)
    assert plain.note == "", "without teaching mode there is no explanation"


def test_teach_holds_a_losing_drop_until_confirmed() -> None:
    w = teacher()
    moves: list[str] = []
    w.on_move(lambda move: moves.append(str(move)))
    intent(w, "drop", src="2", dst="1")
    assert (w.pending_move, w.move_count, moves) == ("2-1", 0, [])
    why = "A♠ leży na 2♠, która musi trafić na fundament przed nią, a A♠ nie ma dokąd zejść."
    assert w.warning == f"Uwaga: po tym ruchu gry nie da się już wygrać. {why}"
    assert w.announcement == w.warning
    w.lang = "en"
    why = "A♠ lies on 2♠, which must reach a foundation first, and A♠ has nowhere else to go."
    assert w.warning == f"Careful: after this move the game can no longer be won. {why}"
    intent(w, "confirm")
    assert (w.pending_move, w.warning, w.move_count, moves) == ("", "", 1, ["2-1"])
    assert w.status == "blocked"
    assert_mirrors_engine(w)


def test_move_check_refuses_an_illegal_move(w: CrescentWidget) -> None:
    with pytest.raises(IllegalMoveError):
        w.move_check(14, 1)
    assert w.message == "Musi być tego samego koloru"


# ------------------------------------------------------------------ notes, on_action


def test_show_note_and_the_next_action_clears_it(w: CrescentWidget) -> None:
    w.show_note("Lekcja 1: połóż A♠ na K♠")
    assert w.note == "Lekcja 1: połóż A♠ na K♠"
    w.lang = "en"
    assert w.note == "Lekcja 1: połóż A♠ na K♠", "a note from code is shown as written"
    w.move(13, 14)
    assert w.note == ""
    with pytest.raises(TypeError):
        w.show_note(5)  # type: ignore[arg-type]


def test_on_action_sees_every_kind_with_the_position_before(
    w: CrescentWidget, caplog: pytest.LogCaptureFixture
) -> None:
    seen: list[tuple[str, str | None, int]] = []

    def follow(kind: str, move: Move | None) -> None:
        before = w.previous_game
        assert before is not None and before is not w.game
        seen.append((kind, None if move is None else str(move), before.move_count))
        if kind == "move":
            w.show_note(f"checked {move}")  # what a lesson does

    def broken(kind: str, move: Move | None) -> None:
        raise RuntimeError("notebook bug")

    assert w.previous_game is None
    w.on_action(follow)
    w.on_action(broken)
    with caplog.at_level(logging.ERROR, logger="crescent_widget"):
        intent(w, "drop", src="13", dst="14")
        assert w.note == "checked 13-14"
        w.undo()
        intent(w, "reshuffle")
        w.new_game("CR1-N-AAAAAAC")
    assert seen == [("move", "13-14", 0), ("undo", "13-14", 1), ("reshuffle", "R", 0), ("new_game", None, 0)]
    assert "notebook bug" in caplog.text
    assert w.previous_game is not None and w.previous_game.code == DEAL
    w.on_action(follow, remove=True)
    with pytest.raises(IllegalMoveError):
        w.move(14, 1)
    assert len(seen) == 4, "a refused action is not an action"


def test_announcements_follow_the_play(w: CrescentWidget) -> None:
    ids = [w.announce_id]
    w.tap(13)
    assert w.announcement == "Wybrano A♠ (stos 13). Można położyć na: stos 15, stos 14."
    ids.append(w.announce_id)
    w.tap(13)
    assert w.announcement == "Anulowano wybór."
    w.move(13, 14)
    assert w.announcement == "Ruch 1: A♠ ze stosu 13 na K♠ na stosie 14"
    w.undo()
    assert w.announcement == "Cofnięto ruch 1: A♠ wraca na stos 13."
    with pytest.raises(IllegalMoveError):
        w.undo()
    assert w.announcement == message("nothing_to_undo", "pl")
    ids.append(w.announce_id)
    with pytest.raises(IllegalMoveError):
        w.undo()
    assert w.announce_id == ids[-1] + 1, "the same refusal twice is announced twice"
    w.reshuffle()
    assert w.announcement.startswith("Przetasowanie 1: ")
    w.lang = "en"
    assert w.announcement.startswith("Reshuffle 1: ")
    w.new_game(DEAL)
    assert w.announcement == f"New game: {DEAL}."


def test_the_end_of_the_game_is_announced() -> None:
    w = CrescentWidget.from_game(one_wrong_move(), lang="en")
    w.double_tap(1)
    w.double_tap(2)
    assert w.announcement == "Move 2: A♠ from pile 2 onto 2♠ on foundation F5. " + label("won", "en")  # two sentences
    w2 = CrescentWidget.from_game(one_wrong_move())
    w2.move(2, 1)
    assert w2.announcement.endswith(label("blocked", "pl"))


def test_silent_rules_announce_no_refusal() -> None:
    w = CrescentWidget(DEAL, interactive_rules=False)
    before = w.announce_id
    intent(w, "drop", src="14", dst="1")
    assert (w.message, w.announce_id) == ("", before)


# --------------------------------------------------------------- variants, options


def test_variants_from_the_code_and_for_random_deals() -> None:
    assert CrescentWidget("CR1-F-AAAAAAB").reshuffles_left == 4
    w = CrescentWidget(variant="H")
    assert w.code.startswith("CR1-H-") and w.variant == "H"
    assert sum(w.face_down) == 16 * 5 and all(count == 6 for _, count in w.piles)
    w.new_game()
    assert w.code.startswith("CR1-H-")
    w.variant = "F"
    w.new_game()
    assert w.code.startswith("CR1-F-") and w.reshuffles_left == 4
    w.new_game("CR1-N-AAAAAAB")
    assert w.variant == "N"
    with pytest.raises(InvalidCodeError):
        CrescentWidget("CR1-N-AAAAAAB", variant="F")
    with pytest.raises(InvalidOptionError):
        CrescentWidget(variant="Q")


def test_sight_options_are_synced() -> None:
    w = CrescentWidget(DEAL, four_colour=True, large=True)
    state = w.get_state()
    assert state["four_colour"] is True and state["large"] is True and state["teach"] is False
    assert "winnable" not in state, "a Python-side option only"


# ------------------------------------------------------------ new intents: bad and stale


@pytest.mark.parametrize(
    "content",
    [
        {"type": "hint"},
        {"type": "hint", "rev": "1"},
        {"type": "winnable", "rev": None},
        {"type": "confirm", "rev": 1.5},
        {"type": "cancel", "rev": False},
        {"type": "deselect", "rev": [1]},
        {"type": "replay_next"},
        {"type": "replay-next", "rev": 1},
        {"type": "replay_play", "rev": "x"},
        {"type": "Hint", "rev": 1},
    ],
)
def test_malformed_new_intents_change_nothing(
    w: CrescentWidget, content: object, caplog: pytest.LogCaptureFixture
) -> None:
    before = w.get_state()
    with caplog.at_level(logging.WARNING, logger="crescent_widget"):
        send(w, content)
    assert w.get_state() == before
    assert "malformed" in caplog.text


@pytest.mark.parametrize("kind", ["hint", "winnable", "confirm", "cancel", "deselect", "replay_next", "replay_stop"])
def test_stale_new_intents_change_nothing(kind: str, caplog: pytest.LogCaptureFixture) -> None:
    w = teacher()
    intent(w, "drop", src="2", dst="1")  # something pending, so confirm/cancel would act
    before = w.get_state()
    with caplog.at_level(logging.INFO, logger="crescent_widget"):
        send(w, {"type": kind, "rev": w.rev - 1})
    assert w.get_state() == before and "stale" in caplog.text


def test_new_intents_out_of_place_are_refused_quietly(w: CrescentWidget) -> None:
    for kind in ("confirm", "cancel", "replay_next", "replay_prev", "replay_play", "replay_stop"):
        intent(w, kind)
    assert w.move_count == 0 and w.message == message("no_replay", "pl")
    intent(w, "deselect")
    assert w.message == "" and w.selected == ""
    assert_mirrors_engine(w)


def test_move_check_is_a_question_only(w: CrescentWidget) -> None:
    w.tap(13)
    before = w.get_state()
    assert w.move_check(15, "F").verdict in ("keeps_win", "unknown")
    after = w.get_state()
    assert after == before and w.selected == "13", "asking changes nothing, not even the selection"


def test_a_position_with_only_foundation_shuttles_shows_as_blocked() -> None:
    # The engine calls it blocked (tests/engine/test_rules.py); the widget shows the banner for it.
    w = CrescentWidget.from_game(shuttle_position(DEAD_TOPS))
    assert w.status == "blocked"
    w.move("F6-F2")  # a shuttle stays playable, and changes nothing that matters
    assert w.status == "blocked"
    assert_mirrors_engine(w)
