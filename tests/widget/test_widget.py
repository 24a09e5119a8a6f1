"""The widget model: traits mirror the engine, intents from the front end, the Python API."""

from __future__ import annotations

import logging

import pytest

from crescent_widget import CrescentWidget, Game, IllegalMoveError, InvalidCodeError, InvalidMoveError, Move
from crescent_widget.errors import ArgumentTypeError, InvalidOptionError
from crescent_widget.words.i18n import message
from widget_support import DEAL, START_MOVES, UpdateRecorder, assert_mirrors_engine, intent, send


@pytest.fixture
def w() -> CrescentWidget:
    return CrescentWidget(DEAL)


def won_but_one() -> Game:
    """All cards on the foundations but A♠ (pile 1, bottom) and 2♠ (pile 1, top)."""
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    foundations = []
    for suit in "SHCD":
        foundations.append([r + suit for r in ranks])
    for suit in "SHCD":
        foundations.append([r + suit for r in reversed(ranks)])
    foundations[4] = foundations[4][:-2]
    piles = [["AS", "2S"]] + [[] for _ in range(15)]
    return Game.from_layout(piles, foundations)


# ------------------------------------------------------------------------ state mirror


def test_a_new_widget_mirrors_the_deal(w: CrescentWidget) -> None:
    assert_mirrors_engine(w)
    assert w.code == DEAL
    assert w.piles[12] == ["AS", 6] and w.piles[13] == ["KS", 6]
    assert w.foundations == [["AS", 1], ["AH", 1], ["AC", 1], ["AD", 1], ["KS", 1], ["KH", 1], ["KC", 1], ["KD", 1]]
    assert {f"{src}-{dst}" for src, dsts in w.targets.items() for dst in dsts} == START_MOVES
    assert (w.reshuffles_left, w.move_count, w.can_undo, w.status) == (3, 0, False, "playing")
    assert (w.message, w.selected, w.lang, w.interactive_rules, w.show_labels) == ("", "", "pl", True, True)
    assert w.reshuffle_label == "Przetasuj (3)"
    assert w.labels["undo"] == "Cofnij" and w.labels["ranks"]["J"] == "W"
    assert (w.elapsed, w.clock_running) == (0.0, False)


def test_options_and_english(w: CrescentWidget) -> None:
    en = CrescentWidget(DEAL, lang="en", interactive_rules=False, show_labels=False)
    assert (en.lang, en.interactive_rules, en.show_labels) == ("en", False, False)
    assert en.reshuffle_label == "Reshuffle (3)" and en.labels["ranks"]["J"] == "J"
    with pytest.raises(InvalidOptionError, match="unsupported language 'de'"):  # a ValueError, at the call
        CrescentWidget(DEAL, lang="de")
    with pytest.raises(InvalidCodeError):
        CrescentWidget("CR9-X")


def test_a_move_is_one_update_of_fresh_values_under_2_kb(w: CrescentWidget) -> None:
    recorder = UpdateRecorder(w)
    piles_before = w.piles
    w.move(13, 14)
    assert len(recorder.updates) == 1
    update = recorder.updates[0]
    assert {"piles", "move_count", "targets", "rev", "can_undo"} <= update.keys()
    assert "labels" not in update, "unchanged traits are not resent"
    assert recorder.sizes()[0] < 2048
    assert w.piles is not piles_before and piles_before[12] == ["AS", 6], "old value untouched"
    assert_mirrors_engine(w)


def test_rev_grows_with_every_update(w: CrescentWidget) -> None:
    revs = [w.rev]
    w.move(13, 14)
    revs.append(w.rev)
    with pytest.raises(IllegalMoveError):
        w.move(14, 1)
    revs.append(w.rev)
    w.undo()
    revs.append(w.rev)
    assert revs == sorted(set(revs))


# ----------------------------------------------------------------------- tap intents


def test_tap_with_exactly_one_destination_moves_the_card(w: CrescentWidget) -> None:
    intent(w, "tap", pile="5")
    assert w.piles[4] == ["KD", 5] and w.foundations[1] == ["2H", 2]
    assert (w.move_count, w.selected, w.message) == (1, "", "")
    assert w.clock_running
    assert_mirrors_engine(w)


def test_tap_selects_then_tap_on_a_destination_moves(w: CrescentWidget) -> None:
    intent(w, "tap", pile="13")
    assert w.selected == "13" and w.move_count == 0
    assert w.targets["13"] == ["15", "14"]
    intent(w, "tap", pile="14")
    assert w.selected == "" and w.piles[13] == ["AS", 7] and w.move_count == 1
    assert_mirrors_engine(w)


def test_tap_on_an_illegal_destination_deselects_with_the_reason(w: CrescentWidget) -> None:
    intent(w, "tap", pile="13")
    intent(w, "tap", pile="1")
    assert (w.selected, w.move_count) == ("", 0)
    assert w.message == "Musi być tego samego koloru"


def test_tap_on_a_card_without_a_move_says_so(w: CrescentWidget) -> None:
    intent(w, "tap", pile="2")
    assert (w.selected, w.move_count) == ("", 0)
    assert w.message == message("no_destination", "pl")
    with pytest.raises(IllegalMoveError) as refused:
        w.tap(2)
    assert refused.value.reason == "no_destination"


# ----------------------------------------------------------------- double tap, drops


def test_double_tap_sends_the_card_to_a_foundation(w: CrescentWidget) -> None:
    intent(w, "tap", pile="15")  # 2♠: F1 and pile 13 accept it, so the first tap selects
    assert w.selected == "15"
    intent(w, "double_tap", pile="15")
    assert w.foundations[0] == ["2S", 2] and w.selected == "" and w.move_count == 1
    assert_mirrors_engine(w)


def test_drop_on_a_pile(w: CrescentWidget) -> None:
    intent(w, "drop", src="13", dst="14")
    assert w.piles[13] == ["AS", 7] and w.piles[12] == ["9D", 5]
    assert_mirrors_engine(w)


def test_drop_on_the_foundation_area_finds_the_foundation(w: CrescentWidget) -> None:
    intent(w, "drop", src="3", dst="F")
    assert w.foundations[6] == ["QC", 2]
    intent(w, "drop", src="5", dst="F")
    assert w.foundations[1] == ["2H", 2]
    assert w.move_count == 2


def test_illegal_drop_shows_the_polish_reason_and_changes_nothing(w: CrescentWidget) -> None:
    before = (w.piles, w.foundations, w.move_count)
    intent(w, "drop", src="14", dst="1")
    assert (w.piles, w.foundations, w.move_count) == before
    assert w.message == "Musi być tego samego koloru"
    intent(w, "drop", src="2", dst="F")
    assert w.message == message("foundation_order", "pl")
    intent(w, "drop", src="13", dst="14")
    assert w.message == "", "a legal move clears the message"


# ------------------------------------------------------------------- buttons


def test_reshuffle_until_none_left(w: CrescentWidget) -> None:
    for left in (2, 1, 0):
        intent(w, "reshuffle")
        assert w.reshuffles_left == left
    assert w.reshuffle_label == "Brak przetasowań"
    assert w.piles[0] == ["10H", 6], "pile 1 was rotated three times"
    intent(w, "reshuffle")
    assert w.message == "Brak przetasowań" and w.reshuffles_left == 0
    assert w.move_count == 0
    assert_mirrors_engine(w)


def test_undo_and_nothing_to_undo(w: CrescentWidget) -> None:
    intent(w, "undo")
    assert w.message == message("nothing_to_undo", "pl")
    intent(w, "drop", src="13", dst="14")
    assert w.can_undo
    intent(w, "undo")
    assert (w.move_count, w.can_undo, w.message) == (0, False, "")
    assert w.piles[12] == ["AS", 6]
    assert_mirrors_engine(w)


def test_new_game(w: CrescentWidget) -> None:
    w.move(13, 14)
    intent(w, "new_game", code="cr1-n-aaaaaac")
    assert w.code == "CR1-N-AAAAAAC" and w.move_count == 0
    intent(w, "new_game")
    assert w.code.startswith("CR1-N-") and w.move_count == 0
    code = w.code
    intent(w, "new_game", code="nonsense")
    assert w.code == code and w.message, "a bad code is refused with a message"
    assert_mirrors_engine(w)


# ------------------------------------------------------------- bad messages


@pytest.mark.parametrize(
    "content",
    [
        None,
        "tap 13",
        [1, 2],
        {},
        {"type": "tap"},
        {"type": "tap", "pile": "13"},
        {"type": "tap", "pile": "13", "rev": "1"},
        {"type": "tap", "pile": "13", "rev": True},
        {"type": "tap", "pile": 17, "rev": 0},
        {"type": "tap", "pile": "F", "rev": 0},
        {"type": "tap", "pile": "F9", "rev": 0},
        {"type": "tap", "pile": None, "rev": 0},
        {"type": "tap", "pile": True, "rev": 0},
        {"type": "tap", "pile": ["13"], "rev": 0},
        {"type": "drop", "src": "13", "rev": 0},
        {"type": "drop", "src": "F", "dst": "14", "rev": 0},
        {"type": "drop", "src": "13", "dst": "0", "rev": 0},
        {"type": "new_game", "code": 5, "rev": 0},
        {"type": "new_game", "code": "x" * 1000, "rev": 0},
        {"type": "explode", "rev": 0},
        {"type": None, "rev": 0},
    ],
)
def test_malformed_messages_change_nothing_and_are_logged(
    w: CrescentWidget, content: object, caplog: pytest.LogCaptureFixture
) -> None:
    assert w.rev == 0
    before = w.get_state()
    with caplog.at_level(logging.WARNING, logger="crescent_widget"):
        send(w, content)
    assert w.get_state() == before
    assert "malformed" in caplog.text


def test_stale_messages_change_nothing_and_are_logged(w: CrescentWidget, caplog: pytest.LogCaptureFixture) -> None:
    old_rev = w.rev
    w.move(13, 14)
    before = w.get_state()
    with caplog.at_level(logging.INFO, logger="crescent_widget"):
        send(w, {"type": "drop", "src": "14", "dst": "13", "rev": old_rev})
        send(w, {"type": "undo", "rev": w.rev + 5})
    assert w.get_state() == before
    assert caplog.text.count("stale") == 2


def test_a_failing_intent_never_raises_into_the_kernel(w: CrescentWidget) -> None:
    for content in ({"type": "undo", "rev": w.rev}, {"type": "tap", "pile": "2", "rev": w.rev}):
        send(w, content)  # refused by the rules: no exception escapes
    assert w.move_count == 0


# ------------------------------------------------------------------- Python API


def test_python_calls_raise_and_show_the_message(w: CrescentWidget) -> None:
    with pytest.raises(IllegalMoveError) as refused:
        w.move(14, 1)
    assert refused.value.reason == "same_suit" and w.message == "Musi być tego samego koloru"
    with pytest.raises(InvalidMoveError):
        w.move(17, 1)
    assert w.message == "Nieprawidłowy ruch: stosy mają numery 1–16, fundamenty F1–F8"  # pl, not the English detail
    w.lang = "en"
    assert "17" in w.message  # English keeps the detail
    w.lang = "pl"
    with pytest.raises(InvalidMoveError):
        w.tap("X3")
    w.move("13-14")
    assert w.message == ""


def test_without_interactive_rules_refusals_are_silent_but_raise() -> None:
    w = CrescentWidget(DEAL, interactive_rules=False)
    with pytest.raises(IllegalMoveError):
        w.move(14, 1)
    assert w.message == ""
    intent(w, "drop", src="14", dst="1")
    assert w.message == ""
    w.interactive_rules = True
    with pytest.raises(IllegalMoveError):
        w.undo()
    assert w.message == message("nothing_to_undo", "pl")
    w.interactive_rules = False
    assert w.message == "", "switching the rules off hides the standing message"


def test_changing_the_language_translates_everything(w: CrescentWidget) -> None:
    with pytest.raises(IllegalMoveError):
        w.move(14, 1)
    w.lang = "en"
    assert w.message == "Must be the same suit"
    assert w.reshuffle_label == "Reshuffle (3)" and w.labels["new_game"] == "New game"


def test_on_move_callbacks(w: CrescentWidget, caplog: pytest.LogCaptureFixture) -> None:
    seen: list[str] = []

    def remember(move: Move) -> None:
        seen.append(str(move))

    def broken(move: Move) -> None:
        raise RuntimeError("notebook bug")

    w.on_move(remember)
    w.on_move(broken)
    with caplog.at_level(logging.ERROR, logger="crescent_widget"):
        intent(w, "tap", pile="5")
        w.move("13-14")
        w.reshuffle()
    assert seen == ["5-F2", "13-14", "R"]
    assert "notebook bug" in caplog.text
    w.on_move(remember, remove=True)
    w.move(w.legal_moves()[0])
    assert seen == ["5-F2", "13-14", "R"]


def test_observe_sees_every_update(w: CrescentWidget) -> None:
    changes: list[int] = []
    w.observe(lambda change: changes.append(change["new"]), names=["rev"])
    w.move(13, 14)
    w.undo()
    assert len(changes) == 2


def test_legal_moves_and_game(w: CrescentWidget) -> None:
    assert {str(m) for m in w.legal_moves()} == START_MOVES
    assert w.game.code == DEAL


def test_load_a_position_and_win() -> None:
    w = CrescentWidget.from_game(won_but_one(), lang="en")
    assert w.code == "" and w.status == "playing"
    w.double_tap(1)
    assert w.status == "playing" and w.clock_running
    w.double_tap(1)
    assert w.status == "won" and not w.clock_running
    assert w.foundations[4] == ["AS", 13]
    with pytest.raises(IllegalMoveError):
        w.reshuffle()
    assert w.message == "The game is over"
    with pytest.raises(TypeError):
        w.load("not a game")  # type: ignore[arg-type]


def test_the_winning_move_can_be_taken_back_and_the_game_goes_on_honestly() -> None:
    """A take-back of the winning move is the player's right, as in most patience games: Undo
    stays on after a win, and once used the board is a game in progress again, whole."""
    w = CrescentWidget.from_game(won_but_one(), lang="en")
    w.double_tap(1)
    w.double_tap(1)
    assert w.status == "won" and w.can_undo and not w.clock_running and "You won!" in w.announcement
    won_at = w.game.elapsed
    intent(w, "undo")  # the board's Undo
    assert (w.status, w.move_count, w.foundations[4], w.piles[0]) == ("playing", 1, ["2S", 12], ["AS", 1])
    assert w.clock_running and w.game.elapsed >= won_at, "the clock runs on from where it stopped, none lost"
    assert "won" not in w.announcement.lower() and w.announcement.startswith("Undid move 2")
    assert w.message == "" and w.can_finish and w.can_undo and w.reshuffles_left == 3
    assert w.targets == {"1": ["F5"]}, "the winning move is there to play again"
    assert w.game.check("R") is None, "refused while won (the game is over); an ordinary action again"
    w.undo()  # take back the first one too
    w.double_tap(1)
    w.double_tap(1)
    assert w.status == "won" and w.move_count == 2


def test_direct_engine_use_then_refresh(w: CrescentWidget) -> None:
    w.game.move(13, 14)
    assert w.move_count == 0
    w.refresh()
    assert_mirrors_engine(w)


def _front_end_update(w: CrescentWidget, state: dict[str, object]) -> None:
    message = {"method": "update", "state": state, "buffer_paths": []}
    w._handle_msg({"content": {"data": message}, "buffers": []})


def test_the_front_end_cannot_overwrite_engine_state() -> None:
    w = CrescentWidget("CR1-N-AAAAAAB", lang="pl")
    before = (w.piles, w.move_count, w.status, w.rev)
    _front_end_update(w, {"move_count": 99, "piles": [], "status": "won"})
    assert (w.piles, w.move_count, w.status, w.rev) == before
    assert w.game.move_count == 0


def test_the_front_end_may_change_view_options() -> None:
    w = CrescentWidget("CR1-N-AAAAAAB", lang="pl")
    _front_end_update(w, {"lang": "en"})
    assert w.lang == "en" and w.reshuffle_label == "Reshuffle (3)"


def test_new_game_from_the_board_asks_again_while_a_game_is_in_progress() -> None:
    w = CrescentWidget(DEAL, lang="en")
    intent(w, "new_game")  # nothing played yet: a new deal at once
    assert w.code != DEAL or w.game.actions == ()
    w.new_game(DEAL)
    w.move(13, 14)
    intent(w, "new_game")
    assert w.code == DEAL and w.move_count == 1  # the game in progress is kept…
    assert "press New game again" in w.note
    intent(w, "new_game")  # … until the second press
    assert w.move_count == 0 and w.game.actions == ()


def test_new_game_needs_no_second_press_once_the_game_ended_or_from_code() -> None:
    w = CrescentWidget(DEAL, lang="en")
    w.move(13, 14)
    w.new_game(DEAL)  # code is explicit: no question asked
    assert w.move_count == 0


# --------------------------------------------------------- hostile input: refused, short, never raised


def test_a_bad_view_option_from_the_front_end_is_refused_and_sent_back(caplog: pytest.LogCaptureFixture) -> None:
    w = CrescentWidget(DEAL, lang="pl")
    recorder = UpdateRecorder(w)
    for bad in ({"lang": "xx"}, {"interactive_rules": "no"}, {"show_labels": 1}, {"four_colour": None}, {"large": []}):
        _front_end_update(w, bad)  # before the fix: a TraitError after the browser showed the value
        (key,) = bad
        assert recorder.updates[-1] == {key: getattr(w, key)}, "the true value goes back to the front end"
    assert (w.lang, w.interactive_rules, w.show_labels, w.four_colour, w.large) == ("pl", True, True, False, False)
    assert "ignored a front-end write to lang" in caplog.text
    _front_end_update(w, {"lang": "en", "large": True})
    assert (w.lang, w.large) == ("en", True)


def test_huge_bad_input_is_quoted_short() -> None:
    w = CrescentWidget(DEAL, lang="en")
    with pytest.raises(InvalidMoveError) as refused:
        w.move("x" * 10**6)
    assert len(str(refused.value)) < 200
    assert len(w.message) < 200 and len(w.announcement) < 200 and w.message.startswith("not a move: 'xxxx")


def test_a_pile_number_past_pythons_digit_limit_is_a_bad_place(caplog: pytest.LogCaptureFixture) -> None:
    w = CrescentWidget(DEAL)
    before = w.rev
    intent(w, "tap", pile="1" * 4301)  # before the fix: a bare ValueError from int() in the kernel log
    assert w.rev == before
    assert "malformed front-end message" in caplog.text and "Traceback" not in caplog.text
    with pytest.raises(InvalidMoveError):
        w.tap("1" * 4301)


def test_callbacks_and_options_are_checked_at_the_call() -> None:
    w = CrescentWidget(DEAL)
    with pytest.raises(InvalidOptionError, match="callable"):
        w.on_move(None)  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError, match="never registered"):
        w.on_move(print, remove=True)
    with pytest.raises(InvalidOptionError, match="never registered"):
        w.on_action(print, remove=True)
    with pytest.raises(ArgumentTypeError):
        CrescentWidget(DEAL, large="yes")  # type: ignore[arg-type]
    assert issubclass(InvalidOptionError, ValueError)


def test_undo_greyed_out_after_a_reshuffle_says_why() -> None:
    w = CrescentWidget(DEAL, lang="en")
    assert w.undo_reason == "There is no move to undo"
    w.move(13, 14)
    w.move("5-F")
    assert w.can_undo and w.undo_reason == ""
    w.reshuffle()
    assert not w.can_undo and w.undo_reason == "Moves before a reshuffle cannot be taken back"
    w.lang = "pl"
    assert w.undo_reason == "Ruchów sprzed przetasowania nie można cofnąć"
