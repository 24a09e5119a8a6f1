"""The Table: a whole session in plain Python (selection, double tap, drops, teaching, replay, new game).

These are the interaction tests; the widget's own tests only check that traits follow
the Table's view and that front-end messages reach it.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from crescent_widget import Game, IllegalMoveError, InvalidCodeError, InvalidMoveError, Move
from crescent_widget.engine.records import RecordError
from crescent_widget.errors import ArgumentTypeError, InvalidOptionError
from crescent_widget.solver import solve
from crescent_widget.table import Table, TableView
from crescent_widget.words.i18n import label, message
from widget_support import DEAL, one_wrong_move


@pytest.fixture
def t() -> Table:
    return Table(DEAL)


def won_but_one() -> Game:
    """All cards on the foundations but A♠ (pile 1, bottom) and 2♠ (pile 1, top)."""
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    foundations = [[r + s for r in ranks] for s in "SHCD"] + [[r + s for r in reversed(ranks)] for s in "SHCD"]
    foundations[4] = foundations[4][:-2]
    return Game.from_layout([["AS", "2S"]] + [[] for _ in range(15)], foundations)


def teacher(**options: object) -> Table:
    return Table.from_game(one_wrong_move(), teach=True, **options)


# ------------------------------------------------------------------------ no widget library


def test_a_whole_game_with_no_widget_library_installed() -> None:
    """Import the Table with anywidget, traitlets and ipywidgets unavailable, and win a deal."""
    script = textwrap.dedent(
        """
        import importlib.abc, sys

        class NoWidgets(importlib.abc.MetaPathFinder):
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in {"anywidget", "traitlets", "ipywidgets", "IPython"}:
                    raise ImportError(f"{name} is not installed here")
                return None

        sys.meta_path.insert(0, NoWidgets())
        from crescent_widget import Game, Move
        from crescent_widget.solver import solve
        from crescent_widget.table import Table

        line = list(solve(Game.from_number(3), nodes=300_000).line)
        table = Table("CR1-N-AAAAAAD", lang="en", teach=True)
        table.replay([str(m) for m in line[:5]])
        assert table.replay_step(3) == 3 and table.view().replay.step == 3
        table.replay_stop()
        for number, move in enumerate(line):
            table.teach = number < 3  # the teaching mode asks the solver before every move: a few suffice
            if move.is_reshuffle:
                if not table.reshuffle():  # moves could still be undone: the first press asks
                    assert table.reshuffle()
                continue
            src, dst = str(move).split("-")
            if number % 2:
                table.move(src, dst)
            elif table.tap(src) is None:
                table.tap(dst)  # the tap selected the card: tap where it goes
            assert table.game.actions[-1] == move, (number, move)
        view = table.view()
        assert view.status == "won" and "You won" in view.announcement, view
        assert not any(name in sys.modules for name in ("anywidget", "traitlets", "ipywidgets"))
        print("won", view.move_count)
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("won ")


# --------------------------------------------------------------------------------- taps


def test_tap_with_exactly_one_destination_moves_the_card(t: Table) -> None:
    assert t.tap(5) == Move.parse("5-F2")
    view = t.view()
    assert view.piles[4] == ("KD", 5) and view.foundations[1] == ("2H", 2)
    assert (view.move_count, view.selected, view.message) == (1, "", "")
    assert view.clock_running


def test_tap_selects_then_tap_on_a_destination_moves(t: Table) -> None:
    assert t.tap("13") is None
    view = t.view()
    assert view.selected == "13" and view.move_count == 0
    assert view.targets["13"] == ("15", "14")
    assert view.announcement == "Wybrano A♠ (stos 13). Można położyć na: stos 15, stos 14."
    assert t.tap("14") == Move.parse("13-14")
    assert t.selected is None and t.view().piles[13] == ("AS", 7)


def test_tap_on_the_selected_pile_deselects_it(t: Table) -> None:
    t.tap(13)
    assert t.tap(13) is None
    view = t.view()
    assert (view.selected, view.message, view.move_count) == ("", "", 0)
    assert view.announcement == "Anulowano wybór."


def test_tap_on_an_illegal_destination_deselects_with_the_reason(t: Table) -> None:
    t.tap(13)
    with pytest.raises(IllegalMoveError):
        t.tap(1)
    view = t.view()
    assert (view.selected, view.move_count, view.message) == ("", 0, "Musi być tego samego koloru")


def test_tap_on_a_foundation_while_selected_moves_there(t: Table) -> None:
    t.tap(3)
    assert str(t.selected) == "3"
    assert t.tap("F7") == Move.parse("3-F7")
    assert t.view().foundations[6] == ("QC", 2) and t.selected is None


@pytest.mark.parametrize(("place", "reason"), [(2, "no_destination"), ("F1", "no_destination")])
def test_tap_on_a_card_without_a_move_says_so(t: Table, place: int | str, reason: str) -> None:
    with pytest.raises(IllegalMoveError) as refused:
        t.tap(place)
    assert refused.value.reason == reason
    assert t.view().message == message(reason, "pl") and t.selected is None


def test_tap_on_an_empty_pile_selects_nothing() -> None:
    t = Table.from_game(won_but_one())
    with pytest.raises(IllegalMoveError, match="empty"):
        t.tap(2)
    assert t.selected is None and t.view().piles[1] == ("", 0)


def test_deselect_clears_the_selection_only(t: Table) -> None:
    t.tap(13)
    t.deselect()
    assert t.selected is None and t.view().move_count == 0


# ------------------------------------------------------------------- double tap and drops


def test_double_tap_sends_the_card_to_a_foundation(t: Table) -> None:
    t.tap(15)  # 2♠: F1 and pile 13 accept it, so the first tap selects
    assert str(t.selected) == "15"
    assert t.double_tap(15) == Move.parse("15-F1")
    assert t.view().foundations[0] == ("2S", 2) and t.selected is None


def test_double_tap_without_a_foundation_acts_as_a_tap(t: Table) -> None:
    assert t.double_tap(13) is None and str(t.selected) == "13"
    with pytest.raises(IllegalMoveError, match="same suit"):
        t.double_tap(1)
    assert t.selected is None
    assert t.double_tap(1) == Move.parse("1-3")


def test_drops_find_the_foundation_and_refusals_change_nothing(t: Table) -> None:
    assert t.move("3", "F") == Move.parse("3-F7")
    before = t.view()
    with pytest.raises(IllegalMoveError):
        t.move("14", "1")
    after = t.view()
    assert (after.piles, after.foundations, after.move_count) == (before.piles, before.foundations, 1)
    assert after.message == "Musi być tego samego koloru"
    t.move("13", "14")
    assert t.view().message == "", "a legal move clears the message"


# ------------------------------------------------------------------------ undo, new game


def test_undo_after_a_reshuffle_says_why(t: Table) -> None:
    t.move("13-14")
    t.move("5-F")
    assert t.view().can_undo and t.view().undo_reason == ""
    assert t.reshuffle(by_player=False) is True
    view = t.view()
    assert not view.can_undo
    assert view.undo_reason == "Ruchów sprzed przetasowania nie można cofnąć"
    with pytest.raises(IllegalMoveError) as refused:
        t.undo()
    assert refused.value.reason == "undo_after_reshuffle"
    t.lang = "en"
    assert t.view().message == t.view().undo_reason == "Moves before a reshuffle cannot be taken back"
    assert Table(DEAL, lang="en").view().undo_reason == "There is no move to undo"


def reshuffle_is_the_hint() -> Table:
    """One move played (so Undo works) and then only a reshuffle helps: 2♠ lies under A♠."""
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    foundations = [[r + s for r in ranks] for s in "SHCD"] + [[r + s for r in reversed(ranks)] for s in "SHCD"]
    foundations[4] = foundations[4][:-3]
    table = Table.from_game(Game.from_layout([["2S", "AS"], ["3S"]] + [[] for _ in range(14)], foundations))
    table.move(2, "F5")
    return table


def test_a_board_left_with_no_move_but_a_reshuffle_says_the_way_on() -> None:
    t = reshuffle_is_the_hint()
    assert t.game.status == "playing" and not t.game.legal_moves()
    for lang in ("en", "pl"):
        t.lang = lang
        said = label("only_reshuffle", lang, n=t.game.reshuffles_left)
        assert t.view().note == said and said in t.view().announcement
    assert "Reshuffle (3 left)" in label("only_reshuffle", "en", n=3)
    t.lang = "en"
    with pytest.raises(IllegalMoveError):
        t.tap(1)  # A♠ has nowhere to go: the refusal takes the line, and keeps the way on
    said = label("only_reshuffle", "en", n=t.game.reshuffles_left)
    assert t.view().message == f"{message('no_destination', 'en')}. {said}", t.view().message
    t.undo()
    assert t.view().note == "", "moves again: nothing to say"
    t.move(2, "F5")
    t.reshuffle()
    t.reshuffle()  # the second press: 2♠ comes up, and it has moves
    assert t.game.legal_moves() and t.view().note == label("reshuffled", "en", n=t.game.reshuffles_left)


def test_a_players_reshuffle_asks_first_while_moves_could_be_undone() -> None:
    t = reshuffle_is_the_hint()
    left = t.game.reshuffles_left
    assert t.reshuffle() is False and t.game.reshuffles_left == left
    assert "jeszcze raz" in t.view().note
    assert t.reshuffle() is True and t.game.reshuffles_left == left - 1


def test_a_reshuffle_the_hint_asked_for_takes_one_press() -> None:
    t = reshuffle_is_the_hint()
    left = t.game.reshuffles_left
    found = t.hint()
    assert found.move is not None and found.move.is_reshuffle and t.view().hint_move == "R"
    assert t.reshuffle() is True, "the player follows the hint: no accident to guard against"
    assert t.game.reshuffles_left == left - 1


def test_a_players_new_game_asks_again_while_a_game_is_in_progress(t: Table) -> None:
    assert t.new_game(DEAL) is True  # nothing played yet: at once
    t.move(13, 14)
    assert t.new_game() is False
    assert t.game.move_count == 1 and "jeszcze raz" in t.view().note
    t.tap(3)  # anything else in between disarms the question
    assert t.new_game() is False and t.game.move_count == 1
    assert t.new_game() is True and t.game.move_count == 0
    assert t.new_game(DEAL) is True, "a code is explicit: no question asked"
    t.move(13, 14)
    assert t.new_game(by_player=False) is True, "code is not asked twice"
    with pytest.raises(InvalidCodeError):
        t.new_game("CR9-X")


def test_callbacks_see_every_action_and_bad_ones_are_refused_at_the_call(t: Table) -> None:
    seen: list[tuple[str, str]] = []
    t.on_action(lambda kind, move: seen.append((kind, str(move))))
    t.move(13, 14)
    t.undo()
    t.reshuffle()
    t.new_game(DEAL)
    assert seen == [("move", "13-14"), ("undo", "13-14"), ("reshuffle", "R"), ("new_game", "None")]
    with pytest.raises(InvalidOptionError, match="callable"):
        t.on_move(None)  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError, match="never registered"):
        t.on_move(print, remove=True)
    with pytest.raises(InvalidOptionError):
        t.lang = "xx"
    with pytest.raises(ArgumentTypeError):
        t.teach = 1  # type: ignore[assignment]
    assert t.lang == "pl" and t.teach is False


# ---------------------------------------------------------------------------- teaching


def test_teach_holds_a_players_losing_move_until_confirmed() -> None:
    t = teacher()
    moves: list[str] = []
    t.on_move(lambda move: moves.append(str(move)))
    assert t.move(2, 1) is None
    view = t.view()
    assert (view.pending_move, view.move_count, moves) == ("2-1", 0, [])
    why = "A♠ leży na 2♠, która musi trafić na fundament przed nią, a A♠ nie ma dokąd zejść."
    assert view.warning == view.announcement == f"Uwaga: po tym ruchu gry nie da się już wygrać. {why}"
    t.lang = "en"
    why = "A♠ lies on 2♠, which must reach a foundation first, and A♠ has nowhere else to go."
    assert t.view().warning == f"Careful: after this move the game can no longer be won. {why}"
    assert t.confirm() == Move.parse("2-1")
    view = t.view()
    assert (view.pending_move, view.warning, view.move_count, moves) == ("", "", 1, ["2-1"])
    assert view.status == "blocked"


def test_teach_take_it_back() -> None:
    t = teacher()
    assert t.tap(2) is None  # A♠ has one destination (pile 1): the tap asks to move it
    assert t.pending == Move.parse("2-1")
    t.cancel()
    assert (t.pending, t.game.move_count) == (None, 0)
    for action in (t.cancel, t.confirm):
        with pytest.raises(IllegalMoveError) as refused:
            action()
        assert refused.value.reason == "nothing_pending"
    assert t.view().message == message("nothing_pending", "pl")


def test_teach_explains_and_lets_good_moves_and_code_through() -> None:
    t = teacher(lang="en")
    t.double_tap(1)  # 2♠ home: keeps the win
    assert (t.pending, t.game.move_count) == (None, 1)
    assert t.view().note.startswith("2♠ went to foundation F5: King foundations build down")
    code = teacher()
    assert code.move_check(2, 1).warn and code.move_check("1-F").verdict == "keeps_win"
    assert code.move(2, 1, by_player=False) == Move.parse("2-1"), "code plays directly"
    assert code.pending is None and code.view().status == "blocked"


def test_teach_a_pending_move_is_dropped_by_the_next_action() -> None:
    t = teacher()
    t.move(2, 1)
    assert t.pending is not None
    t.double_tap(1)  # 2♠ goes home instead
    assert t.pending is None and t.view().foundations[4] == ("2S", 12)


def test_teach_warns_before_a_losing_reshuffle() -> None:
    foundations = [[c.ascii for c in f] for f in one_wrong_move().foundations]
    game = Game.from_layout([["AS", "2S"]] + [[] for _ in range(15)], foundations, reshuffles_left=1)
    t = Table.from_game(game, teach=True)
    t.reshuffle()
    assert t.view().pending_move == "R" and t.game.reshuffles_left == 1
    t.confirm()
    assert t.game.reshuffles_left == 0 and t.view().status == "blocked"


# ------------------------------------------------------------------------------ replay


def test_replay_steps_across_a_reshuffle_and_refuses_play() -> None:
    t = Table(DEAL, lang="en")
    t.move("13-14")
    ahead = t.game.copy()
    line = [str(ahead.move(text)) for text in ("5-F", "R")]
    t.replay([*line, str(ahead.legal_moves()[0])], delay=0.5)
    view = t.view()
    assert view.replay is not None and (view.replay.step, view.replay.total, view.replay.delay) == (0, 3, 0.5)
    assert view.note == "Start of the replay (to move 3)"  # the Moves counter's numbering: 1 before it starts
    assert not view.targets and not view.can_undo
    assert t.replay_step() == 1 and t.replay_step() == 2
    assert t.game.reshuffles_left == 2 and t.view().note.startswith("Reshuffle 1: ")
    assert t.replay_step() == 3 and t.replay_step() == 3, "past the end stays at the end"
    assert t.replay_step(-2) == 1 and t.game.reshuffles_left == 3, "stepping back across a reshuffle"
    assert t.view().undo_reason == message("replay_active", "en")
    for action in (t.undo, t.reshuffle, t.hint, lambda: t.tap(1)):
        with pytest.raises(IllegalMoveError) as refused:
            action()
        assert refused.value.reason == "replay_active"
    assert t.replay_play() is True and t.view().replay.playing  # type: ignore[union-attr]
    t.replay_play(False)
    assert t.view().replay.playing is False  # type: ignore[union-attr]
    t.replay_stop()
    assert t.game.move_count == 1 and t.view().replay is None, "back to the game as it was"
    with pytest.raises(IllegalMoveError) as refused:
        t.replay_step()
    assert refused.value.reason == "no_replay"


def test_replay_a_record_and_keep_playing_from_it() -> None:
    t = Table(DEAL)
    t.replay("CR1-N-AAAAAAB 13-14 5-F2")
    assert t.replay_step(2) == 2
    t.replay_stop(keep=True)
    assert t.game.move_count == 2 and t.view().replay is None
    t.move("15-F1")
    assert t.game.move_count == 3


def test_a_bad_replay_is_refused_up_front(t: Table) -> None:
    with pytest.raises(RecordError) as refused:
        t.replay(["13-14", "14-1"])
    assert refused.value.number == 2 and t.view().replay is None
    assert t.view().message == "Nie można odtworzyć: wpis 2 (14-1): Musi być tego samego koloru"


def test_a_solver_line_replays_to_a_win() -> None:
    t = Table("CR1-N-AAAAAAD", lang="en")
    line = solve(t.game, nodes=300_000).line
    t.replay(line)
    t.replay_step(len(line))
    assert t.view().status == "won" and t.view().note.startswith("Reshuffle") is False


# -------------------------------------------------------------------------------- view


def test_the_view_is_immutable_and_hides_face_down_cards() -> None:
    t = Table("CR1-H-AAAAAAB")
    view = t.view()
    assert isinstance(view, TableView)
    with pytest.raises(AttributeError):
        view.status = "won"  # type: ignore[misc]
    with pytest.raises(TypeError):
        view.targets["1"] = ()  # type: ignore[index]
    assert view.face_down == tuple(count - 1 for _, count in view.piles)
    shown = {card for card, _ in view.piles} | {card for card, _ in view.foundations}
    assert len(shown) <= 24


def test_on_view_sees_every_change(t: Table) -> None:
    views: list[TableView] = []
    t.on_view = views.append
    t.tap(13)
    t.tap(14)
    with pytest.raises(IllegalMoveError):
        t.tap(2)
    assert [v.selected for v in views] == ["13", "", ""]
    assert views[-1].message and t.rev >= 3


def test_a_wrong_type_at_the_table_is_the_package_s_type_error() -> None:
    from crescent_widget import ArgumentTypeError

    table = Table("CR1-N-AAAAAAB")
    table.tap(13)
    before = table.game.record(), table.view().selected
    for call in (lambda: table.load("CR1-N-AAAAAAB"), lambda: table.show_note(5), lambda: table.replay(5)):
        with pytest.raises(ArgumentTypeError) as caught:
            call()  # type: ignore[arg-type]
        assert caught.value.reason == "invalid_option"
    assert (table.game.record(), table.view().selected) == before  # refused: the game is as it was


def test_the_refused_attempt_is_the_move_or_the_tap_the_shown_refusal_refused(t: Table) -> None:
    with pytest.raises(IllegalMoveError):
        t.move(13, 1)
    assert t.refused_attempt == Move.parse("13-1")
    with pytest.raises(IllegalMoveError):
        t.move("13-F")
    assert t.refused_attempt == Move.parse("13-F"), "the destination as asked"
    stuck = next(str(n) for n in range(1, 17) if not any(m.src.name == str(n) for m in t.legal_moves()))
    with pytest.raises(IllegalMoveError) as refused:
        t.tap(stuck)
    assert refused.value.reason == "no_destination" and str(t.refused_attempt) == stuck
    t.tap(5)  # a move played: no refusal shown, nothing refused
    assert t.refused_attempt is None
    with pytest.raises(InvalidMoveError):
        t.move("banana")
    assert t.refused_attempt is None, "a malformed move names no move"
    t.undo()
    with pytest.raises(IllegalMoveError):
        t.undo()  # nothing_to_undo
    assert t.refused_attempt is None, "an undo is no move or tap"
