"""Taps as a player means them, and Redo: on the Table, the widget, the terminal and the board's intents.

- The lit (hinted) card plays the hinted move with one tap, even where it fits two places.
- A card the board has just moved by itself (a tap's only place, the lit card, auto-play) is
  not sent back by a tap or a double tap (lesson 4: F1, then F5 as lesson 1 taught).
- A double tap is one gesture: a selected card that cannot go home stays selected.
- Redo plays again what Undo took back, as deep as the undos; a new move leaves none.
"""

from __future__ import annotations

import pytest

from crescent_widget import CrescentWidget, IllegalMoveError, Move
from crescent_widget.lessons import sparse_position
from crescent_widget.solver import Hint
from crescent_widget.table import Table
from crescent_widget.table.plan import HintPlan
from crescent_widget.table.terminal import run_command
from crescent_widget.words.i18n import Words
from widget_support import DEAL, intent

# --------------------------------------------------------------------- the lit card


@pytest.mark.parametrize(
    ("code", "hinted", "places"),
    [
        ("CR1-N-AAAAAAC", "8-11", ("10", "11")),  # the hint's place is the second of two
        ("CR1-N-AAAAABI", "14-1", ("F1", "1")),  # the hint says pile 1, though the card could go home
    ],
)
def test_a_tap_on_the_lit_card_plays_the_hinted_move_even_with_two_places(
    code: str, hinted: str, places: tuple[str, ...]
) -> None:
    t = Table(code, lang="en")
    src = Move.parse(hinted).src
    assert t.view().targets[str(src)] == places
    assert t.tap(src) is None and t.selected == src, "unlit, a card with two places is selected by a tap"
    t.deselect()
    assert t.hint(nodes=20_000).move == Move.parse(hinted)
    assert t.tap(src) == Move.parse(hinted), "the lit card plays the hinted move"


def test_a_whole_game_won_by_tapping_the_lit_cards() -> None:
    """Each lit card plays its hinted move, back where the board just moved it too (a winning
    line may move a card back: the hint asks for it, not the board)."""
    t = Table(DEAL, lang="en")
    backs = 0
    for _ in range(400):
        if t.game.status != "playing":
            break
        hint = t.hint(nodes=20_000)
        assert hint.move is not None, hint.text("en")
        if hint.move.is_reshuffle:
            assert t.reshuffle()
            continue
        last = t.game.actions[-1] if t.game.actions else None
        backs += last is not None and (last.src, last.dst) == (hint.move.dst, hint.move.src)
        assert t.tap(hint.move.src) == hint.move
    assert t.game.status == "won"


def test_the_lit_card_goes_where_the_hint_says_even_back_where_the_board_just_moved_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A winning line may move a card back: the hint asks for it, not the board (seen in the
    browser, following the board's hints on CR1-N-AAAAAAB: 4♦ from pile 14 to 8, then back)."""
    spades = {"F1": ["AS", "2S", "3S", "4S", "5S"], "F5": ["KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S"]}
    t = Table.from_game(sparse_position({1: ["8H"], 2: ["9H"], 3: ["5S"]}, spades), lang="en")
    assert t.tap("F1") == Move.parse("F1-F5")  # by itself: one place
    assert t.tap("F5") is None  # a plain tap leaves it there
    back = Hint(Move.parse("F5-F1"), "winning", True, Words.same("a line that moves it back"))
    monkeypatch.setattr(HintPlan, "hint", lambda *_: back)
    assert t.hint() == back
    assert t.tap("F5") == Move.parse("F5-F1"), "the lit card follows the hint"


# ------------------------------------------------------------ what the board just did


def test_lesson_4_a_tap_on_where_the_card_went_does_not_send_it_back() -> None:
    w = CrescentWidget(lesson=4, lang="en")
    assert w.tap("F1") == Move.parse("F1-F5")  # 5♠ has one place: it goes, and the lesson says Right!
    assert w.note.startswith("Right!") and w.foundations[4] == ["5S", 9]
    assert w.tap("F5") is None, "lesson 1 taught: the pile, then where it goes"
    assert w.foundations[4] == ["5S", 9] and w.foundations[0] == ["4S", 4]
    assert w.note == (
        "5♠ has just been moved to foundation F5 for you; a tap does not send it straight back (drag it, or Undo)."
    )
    assert w.double_tap("F5") is None and w.foundations[4] == ["5S", 9]
    assert w.lesson_panel["solved"] and w.lesson_panel["done"]
    w.move("F5", "F1")  # a drag still takes it back: the player chose that
    assert w.foundations[0] == ["5S", 5]


def test_a_card_moved_by_a_tap_goes_back_by_a_tap_once_the_player_has_done_something_else() -> None:
    spades = {"F1": ["AS", "2S", "3S", "4S", "5S"], "F5": ["KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S"]}
    t = Table.from_game(sparse_position({1: ["8H"], 2: ["9H"], 3: ["5S"]}, spades), lang="en")
    assert t.tap("F1") == Move.parse("F1-F5")  # 5♠ has one place
    assert t.tap("F5") is None and t.view().foundations[4] == ("5S", 9)
    assert t.tap(2) is None  # the player starts something else: 9♥ is selected ...
    assert t.tap(1) == Move.parse("2-1")  # ... and put onto 8♥
    assert t.tap("F5") == Move.parse("F5-F1"), "no longer what the board just did"


# ------------------------------------------------------------------------ double tap


def test_a_double_tap_on_a_selected_card_with_no_home_keeps_it_selected() -> None:
    t = Table(DEAL, lang="en")
    assert t.tap(13) is None and str(t.selected) == "13"  # A♠: piles 14 and 15, no foundation
    assert t.double_tap(13) is None and str(t.selected) == "13", "one gesture: still selected"
    assert t.tap(14) == Move.parse("13-14")


def test_a_double_tap_sends_home_what_the_first_tap_selected() -> None:
    t = Table(DEAL, lang="en")
    t.tap(15)
    assert t.double_tap(15) == Move.parse("15-F1") and t.selected is None


# ----------------------------------------------------------------------------- redo


def test_redo_plays_again_what_undo_took_back_as_deep_as_the_undos() -> None:
    t = Table(DEAL, lang="en")
    played = [t.move(m) for m in ("5-F2", "15-F1", "13-14")]
    assert not t.view().can_redo
    undone = [t.undo() for _ in played]
    assert undone == played[::-1] and t.view().can_redo and t.game.move_count == 0
    redone = [t.redo() for _ in played]
    assert redone == played and t.game.move_count == 3 and not t.view().can_redo
    assert t.view().announcement == "Move 3: A♠ from pile 13 onto K♠ on pile 14"
    with pytest.raises(IllegalMoveError) as err:
        t.redo()
    assert err.value.reason == "nothing_to_redo"
    assert t.view().message == "There is no undone move to redo"


def test_a_new_move_leaves_nothing_to_redo_and_the_next_one_in_line_keeps_the_rest() -> None:
    t = Table(DEAL, lang="en")
    t.move("5-F2")
    t.move("15-F1")
    t.undo()
    t.undo()
    t.move("5-F2")  # the next move to redo, played by hand: the rest is still there
    assert t.view().can_redo and t.redo() == Move.parse("15-F1")
    t.undo()
    t.move("13-14")  # a new move
    assert not t.view().can_redo
    with pytest.raises(IllegalMoveError):
        t.redo()
    assert t.game.move_count == 2


@pytest.mark.parametrize("change", ["new_game", "restart", "reshuffle"])
def test_a_new_deal_or_a_reshuffle_leaves_nothing_to_redo(change: str) -> None:
    t = Table(DEAL, lang="en")
    t.move("5-F2")
    t.undo()
    getattr(t, change)(by_player=False)
    assert not t.view().can_redo


def test_the_widget_redoes_from_code_from_the_board_and_a_lesson_refuses_it() -> None:
    w = CrescentWidget(DEAL, lang="en")
    w.tap(5)
    w.undo()
    assert w.can_redo
    assert w.redo() == Move.parse("5-F2") and not w.can_redo
    w.undo()
    intent(w, "redo")  # the board's Redo button and its Y key
    assert w.move_count == 1 and w.foundations[1] == ["2H", 2] and not w.can_redo
    lesson = CrescentWidget(lesson=8, lang="en")  # the Undo lesson: no Redo button, no redo intent
    lesson.move(lesson.legal_moves()[0])
    lesson.undo()
    intent(lesson, "redo")
    assert lesson.move_count == 0


def test_the_terminal_redoes() -> None:
    t = Table(DEAL, lang="en")
    out: list[str] = []
    for command in ("5-f", "u", "redo"):
        run_command(t, command, out.append)
    assert t.game.move_count == 1 and "Move 1: 2♥ from pile 5 onto A♥ on foundation F2" in out
    run_command(t, "redo", out.append)
    assert "! There is no undone move to redo" in out
