"""The board as a first-time player meets it: hints that lead somewhere, honest wording,
lessons that teach, confirmations before what cannot be undone, replays that hand over,
and restarting a deal. Table level first, then through the widget model."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crescent_widget import CrescentWidget, Game, Move
from crescent_widget.errors import IllegalMoveError, InvalidOptionError
from crescent_widget.lessons import LESSONS
from crescent_widget.solver import advice
from crescent_widget.solver import hint as solver_hint
from crescent_widget.table import Table
from crescent_widget.table.replay import Replay, why
from crescent_widget.words.i18n import ADVICE, label
from widget_support import DEAL, assert_mirrors_engine, intent, lesson_board

# A player's game: from here, a fresh search for each hint proposes 5-10, 10-5, 5-10 …
# for ever, each time "part of a winning line".
LOOPING = """CR1-N-SAZTJHW
6-F4 5-F1 11-F1 2-F7 15-F7 14-F7 5-10 5-F1 7-15 4-7 4-F4 14-F4
3-14 3-F6 10-F6 10-F6 10-F8 15-F8 15-F8 6-15 4-6 R 1-F8 16-F1
4-F3 5-6 4-6 4-F4 15-F4 8-9 8-F1 11-F1 10-11 13-10 13-F1 2-F1
2-F3 13-F5 8-F5 8-F1 F1-F5 F1-F5 F1-F5 F1-F5 F1-F5 F1-F5 F1-F5 F1-F5
F1-F5 15-F5 1-2 1-F6 1-F2 1-F7 16-F2 5-F6 6-5 6-5 6-10 12-F7
1-F2"""


def follow_hints(table: Table, most: int) -> list[object]:
    """Press Hint and play its move until the game ends; the keys of every position passed."""
    path = [table.game.position_key]
    for _ in range(most):
        if table.game.status != "playing":
            break
        found = table.hint()
        assert found.move is not None, found
        table.move(found.move, by_player=False)
        path.append(table.game.position_key)
    return path


# ------------------------------------------------------------------ the position key


def test_the_position_key_forgets_history_and_clock() -> None:
    one, two = Game(DEAL), Game(DEAL)
    start = one.position_key
    one.move("13-14")
    assert one.position_key != start
    one.move("5-F2")
    two.move("5-F2")
    two.move("13-14")  # the same position by the moves in another order
    assert one.position_key == two.position_key and one.history != two.history
    one.reshuffle()
    two.reshuffle()
    assert one.position_key == two.position_key and one.position_key != start


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 15), st.integers(0, 15), st.integers(0, 4), st.integers(0, 4))
def test_the_position_key_never_tells_a_face_down_card(one: int, two: int, depth_one: int, depth_two: int) -> None:
    """Two face-down deals differing only in hidden cards have one key (a key never leaks them)."""
    foundations = [["AS"], ["AH"], ["AC"], ["AD"], ["KS"], ["KH"], ["KC"], ["KD"]]
    piles = [[c.ascii for c in pile] for pile in Game("CR1-N-AAAAAAB").piles]
    swapped = [pile[:] for pile in piles]
    swapped[one][depth_one], swapped[two][depth_two] = swapped[two][depth_two], swapped[one][depth_one]
    down = [len(pile) - 1 for pile in piles]
    plain = Game.from_layout(piles, foundations, variant="H", face_down=down)
    hidden_swap = Game.from_layout(swapped, foundations, variant="H", face_down=down)
    assert plain.position_key == hidden_swap.position_key
    shown = Game.from_layout(swapped, foundations, variant="H", face_down=[0] * 16)
    assert (shown.position_key == Game.from_layout(piles, foundations, variant="H").position_key) == (
        swapped == piles
    ), "face up, the same swap is a different position"


# ------------------------------------------------------------------ hints with a plan


def test_following_the_hints_from_the_looping_game_wins_and_never_comes_back() -> None:
    table = Table.from_game(Game.from_record(LOOPING), lang="en")
    path = follow_hints(table, most=400)
    assert table.game.status == "won", f"not won after {len(path) - 1} hints"
    assert len(set(path)) == len(path), "a hint led back to a position of the player's path"


def test_a_hint_never_proposes_a_move_back_to_an_avoided_position() -> None:
    game = Game.from_record(LOOPING)
    first = solver_hint(game)
    before = game.position_key
    game.move(first.move)
    found = solver_hint(game, avoid={before})
    assert found.move is not None and found.kind == "winning"
    after = game.copy()
    after.move(found.move)
    assert after.position_key != before
    assert found.line[0] == found.move and len(found.line) > 1


def test_hints_follow_the_line_without_searching_until_the_player_leaves_it(monkeypatch: pytest.MonkeyPatch) -> None:
    table = Table(Game.from_number(3).code, lang="en")
    first = table.hint(nodes=100_000)
    assert first.kind == "winning" and first.line
    searches: list[Game] = []
    real_run = advice.run_steps

    def counting_run(game: Game, **budget: float) -> object:
        searches.append(game)
        return real_run(game, **budget)

    monkeypatch.setattr(advice, "run_steps", counting_run)
    for expected in first.line[:10]:
        found = table.hint()
        assert found.move == expected and found.kind in ("winning", "reshuffle") and found.proven
        table.move(found.move, by_player=False)
    assert searches == [], "on the line, a hint is the line's next move"
    table.undo()  # back onto the line: still no search
    assert table.hint().move == first.line[9] and searches == []
    off = next(m for m in table.game.legal_moves() if m != first.line[9])
    table.move(off, by_player=False)
    table.hint()
    assert len(searches) >= 1, "off the line, a new search"


def test_the_hint_plan_also_works_through_the_widget_model() -> None:
    w = CrescentWidget(Game.from_number(3).code, lang="en")
    w.hint(nodes=100_000)  # a search with positions enough to find a line; the board's hints then follow it
    played = []
    for _ in range(30):
        intent(w, "hint")
        on_line = w.note.startswith("This move is part of a winning line") and w.note.endswith(f"({w.hint_move}).")
        assert on_line or w.note == ADVICE["winning_reshuffle"]["en"], w.note
        played.append(w.hint_move)
        if w.hint_move == "R":
            w.reshuffle()
        else:
            w.move(w.hint_move)
    keys = []
    game = Game.from_number(3)
    for text in played:
        game.move(text)
        keys.append(game.position_key)
    assert len(set(keys)) == len(keys)
    assert_mirrors_engine(w)


# ------------------------------------------------------------------------- wording


def test_the_polish_hint_claims_exactly_what_the_english_one_does() -> None:
    assert ADVICE["winning"]["en"].startswith("This move is part of a winning line")
    assert ADVICE["winning"]["pl"].startswith("Ten ruch należy do wygrywającej linii")
    assert "prowadzi do wygranej" not in ADVICE["winning"]["pl"]


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_still_winnable_in_the_face_down_deal_says_cards_are_hidden(lang: str) -> None:
    table = Table("CR1-H-AAAAAAB", lang=lang)
    assert table.still_winnable(nodes=200_000) == "unknown"
    view = table.view()
    assert view.winnability == "hidden"
    assert view.announcement == label("winnable_hidden", lang) == view.labels["winnable_hidden"]
    assert label("winnable_unknown", lang) != view.announcement
    standard = Table("CR1-N-AAAAAAB", lang=lang)
    standard.still_winnable(nodes=0)
    assert standard.view().winnability == "unknown", "no proof within the budget stays for full knowledge"


# ------------------------------------------------------------------ reshuffle, restart


def test_a_players_reshuffle_asks_first_and_says_what_it_costs() -> None:
    table = Table(DEAL, lang="en")
    assert table.reshuffle() is True, "nothing to undo yet: nothing to lose, no question"
    table.move(table.legal_moves()[0])
    assert table.reshuffle() is False
    view = table.view()
    assert view.reshuffles_left == 2 and view.can_undo
    assert view.note == label("confirm_reshuffle", "en") and "no earlier move can be undone" in view.note
    table.hint(0.01)  # anything else in between: the next press asks again
    assert table.reshuffle() is False and table.view().reshuffles_left == 2
    assert table.reshuffle() is True and table.view().reshuffles_left == 1
    assert table.view().undo_reason == "Moves before a reshuffle cannot be taken back"


def test_reshuffle_through_the_widget_model_takes_two_presses() -> None:
    w = CrescentWidget(DEAL, lang="pl")
    w.move(13, 14)
    intent(w, "reshuffle")
    assert w.reshuffles_left == 3 and w.note == label("confirm_reshuffle", "pl")
    intent(w, "reshuffle")
    assert w.reshuffles_left == 2 and not w.can_undo
    w.move(w.legal_moves()[0])
    w.reshuffle()  # notebook code does not ask
    assert w.reshuffles_left == 1
    assert_mirrors_engine(w)


def asked_to_reshuffle(lang: str) -> Table:
    """A table whose player pressed Reshuffle once while a move could still be undone."""
    table = Table(DEAL, lang=lang)
    table.move("13-14")
    assert table.reshuffle() is False and table.view().note == label("confirm_reshuffle", lang)
    return table


@pytest.mark.parametrize(("lang", "said"), [("en", "Reshuffle not done."), ("pl", "Nie przetasowano.")])
def test_a_tap_after_one_reshuffle_press_says_the_reshuffle_was_not_done_and_still_selects(
    lang: str, said: str
) -> None:
    table = asked_to_reshuffle(lang)
    assert table.tap(3) is None  # Q♣ has several places to go: the tap selects it, as ever
    view = table.view()
    assert view.selected == "3" and view.reshuffles_left == 3, "the tap did what it does; no reshuffle"
    assert view.note == view.cancelled == label("cancelled_reshuffle", lang) == said
    assert view.announcement.startswith(said + " ") and "3" in view.announcement, "said, then the selection"
    assert label("confirm_reshuffle", lang) not in view.note, "the question is no longer asked"
    table.tap(1)  # the next action: the cancel was said once
    assert said not in table.view().note and said not in table.view().announcement
    assert table.reshuffle() is False, "a new first press asks again"
    assert table.reshuffle() is True and table.view().reshuffles_left == 2


def test_a_move_after_one_reshuffle_press_is_played_and_the_reshuffle_said_not_done() -> None:
    table = asked_to_reshuffle("en")
    assert table.tap(5) == Move.parse("5-F2")  # one place to go: played at once
    view = table.view()
    assert view.move_count == 2 and view.reshuffles_left == 3
    assert view.note == "Reshuffle not done." and view.announcement.startswith("Reshuffle not done. Move 2: 2♥")


def test_a_refused_tap_after_one_reshuffle_press_says_both_on_the_line() -> None:
    table = asked_to_reshuffle("en")
    with pytest.raises(IllegalMoveError):
        table.move("1-2")
    view = table.view()
    assert view.message == "Reshuffle not done. Must be one rank higher or lower", view.message
    assert view.cancelled == "Reshuffle not done." and view.reshuffles_left == 3
    quiet = Table(DEAL, lang="en", interactive_rules=False)
    quiet.move("13-14")
    quiet.reshuffle()
    with pytest.raises(IllegalMoveError):
        quiet.move("1-2")
    assert (quiet.view().message, quiet.view().note) == ("", "Reshuffle not done."), "rules silent, the cancel not"


def test_the_reshuffle_question_takes_the_line_from_an_earlier_refusal() -> None:
    table = Table(DEAL, lang="en")
    table.move("13-14")
    with pytest.raises(IllegalMoveError):
        table.move("1-2")
    assert table.reshuffle() is False
    assert (table.view().message, table.view().note) == ("", label("confirm_reshuffle", "en"))


def test_the_second_reshuffle_press_and_anything_but_a_player_action_say_no_cancel() -> None:
    table = asked_to_reshuffle("en")
    assert table.reshuffle() is True and table.view().cancelled == ""
    table = asked_to_reshuffle("en")
    table.hint(0.01)  # the hint takes the line: the question went with it
    table.tap(5)
    assert table.view().cancelled == "" and "not done" not in table.view().note


def test_a_tap_after_one_restart_press_says_the_restart_was_not_done() -> None:
    table = Table(DEAL, lang="en")
    table.move("13-14")
    assert table.restart() is False
    table.tap(5)
    assert table.view().note == "Restart not done." and table.game.move_count == 2


def test_new_game_asks_first_the_same_way_and_a_tap_instead_says_it_was_not_dealt() -> None:
    table = Table(DEAL, lang="en")
    table.move("13-14")
    assert table.new_game() is False and table.view().note == label("confirm_new_game", "en")
    table.tap(5)
    assert table.view().note == "New game not dealt." and table.game.code == DEAL
    untroubled = Table(DEAL, lang="en")
    untroubled.move("13-14")
    untroubled.tap(5)
    assert table.game.position() == untroubled.game.position(), "the tap still did what it does"
    assert table.view().selected == untroubled.view().selected
    assert table.new_game() is False, "the tap disarmed it: the next press asks again"
    assert table.new_game() is True and table.game.move_count == 0


def test_the_cancel_is_said_while_the_question_still_shows_after_a_change_of_language() -> None:
    table = asked_to_reshuffle("en")
    table.lang = "pl"  # the question stays on the line, in Polish
    table.tap(3)
    assert table.view().note == "Nie przetasowano." and table.view().selected == "3"


def test_the_board_says_the_reshuffle_was_not_done_after_a_tap() -> None:
    w = CrescentWidget(DEAL, lang="pl")
    w.move(13, 14)
    intent(w, "reshuffle")
    intent(w, "tap", pile="3")
    assert w.note == label("cancelled_reshuffle", "pl") and w.selected == "3" and w.reshuffles_left == 3


def test_restart_plays_the_same_deal_from_its_start_after_asking() -> None:
    table = Table(DEAL, lang="en")
    table.move("13-14")
    table.reshuffle(by_player=False)
    table.move(table.legal_moves()[0])
    assert table.restart() is False and table.view().note == label("confirm_restart", "en")
    assert table.game.move_count == 2
    assert table.restart() is True
    view = table.view()
    assert (view.code, view.move_count, view.reshuffles_left) == (DEAL, 0, 3)
    assert table.game.position_key == Game(DEAL).position_key
    assert view.announcement == "The same deal from the start: CR1-N-AAAAAAB."
    assert table.restart() is True, "a fresh deal restarts at once"


def test_restart_of_a_position_made_from_a_layout_and_through_the_widget() -> None:
    layout = LESSONS[1].fresh_position()
    w = CrescentWidget.from_game(layout, lang="en")
    start = layout.position_key
    w.move(*next(iter(w.game.legal_moves())))
    intent(w, "restart")
    assert w.move_count == 1
    intent(w, "restart")
    assert w.move_count == 0 and w.game.position_key == start and w.code == ""
    w.replay(["1-4"])
    with pytest.raises(IllegalMoveError):
        w.restart()


# ----------------------------------------------------------------------- replay


def test_play_from_here_takes_over_the_replayed_position_with_an_honest_record() -> None:
    w = CrescentWidget(lang="en")  # a random deal, unrelated to the record
    own = w.game
    record = "CR1-N-AAAAAAB 13-14 5-F2 15-F1 R"
    w.replay(record)
    w.replay_step(3)
    intent(w, "replay_keep")
    assert w.replay_state == {} and w.code == "CR1-N-AAAAAAB" and w.game is not own
    assert w.game.record().split() == [*record.split()[:-1], "*"]  # "*": the game goes on
    assert w.note == "You play on from step 3 of the replay: game CR1-N-AAAAAAB, 3 moves."
    w.reshuffle()  # a real game: it plays on
    assert w.game.record().split() == [*record.split(), "*"]
    assert_mirrors_engine(w)


def test_leaving_a_replay_returns_to_the_game_as_it_was_and_says_so() -> None:
    w = CrescentWidget(DEAL, lang="en")
    w.move(13, 14)
    w.replay("CR1-N-AAAAAAC")
    intent(w, "replay_stop")
    assert w.code == DEAL and w.move_count == 1
    assert w.note == "Replay closed: back to your game (CR1-N-AAAAAAB, 1 moves) where you left it."


def test_the_narration_says_why_a_move_mattered() -> None:
    game = LESSONS[5].fresh_position()  # 8♦ alone on pile 2, 9♦ on pile 3
    assert why(game, Move.parse("2-3")).text("en") == "It emptied pile 2."
    replay = Replay.prepare(game, ["2-3"], 1.0)
    assert replay.forward().text("pl").endswith("Opróżnił stos 2.")
    text = why(Game(DEAL), Move.parse("15-F1")).text("en")
    assert "It uncovered" not in text, "J♥ under 2♠ is no foundation's next card"
    made = Game(DEAL)
    made.move("13-15")  # A♠ onto 2♠: it hides the 2♠ that F1 waits for
    assert why(made, Move.parse("15-14")).text("en") == "It uncovered 2♠, which a foundation was waiting for."


def test_the_narration_names_the_only_move_that_kept_a_win_and_it_is_true() -> None:
    from crescent_widget.solver import solve

    deal = Game.from_number(3)
    line = solve(deal, nodes=300_000).line
    late = deal.copy()
    for move in line[:-12]:  # the end of the line, where a few cards are left and proofs are quick
        late.move(move)
    replay = Replay.prepare(late, list(line[-12:]), 1.0)
    only = []
    for move in line[-12:]:
        before = replay.game.copy()
        if "the only move that kept a win" in replay.forward().text("en"):
            only.append((before, move))
    assert only, "a won line of deal 3 has forced points the narration names"
    for before, move in only:
        for other in [*before.legal_moves(), *([Move.parse("R")] if before.can_move("R") else [])]:
            if other != move:
                after = before.copy()
                after.move(other)
                assert solve(after, nodes=200_000).status == "lost", (before, other)


# ----------------------------------------------------------------------- lessons


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_a_wrong_legal_move_in_a_lesson_is_taken_back_at_once_with_the_idea(lang: str) -> None:
    lesson = LESSONS[0]
    w = lesson_board(lesson, lang)
    start = w.game.position_key
    intent(w, "drop", src="13", dst="14")  # legal, but the task is 15-F1
    assert w.game.position_key == start and w.move_count == 0, "the task stays doable"
    assert w.note_tone == "wrong" and w.note.endswith(lesson.idea.text(lang))
    assert w.announcement == w.note, "the verdict is read out"
    intent(w, "drop", src="15", dst="F1")
    assert w.note_tone == "right" and w.note.startswith(label("verdict_right", lang).strip())
    assert w.foundations[0] == ["2S", 2]


def test_a_lesson_offers_only_the_buttons_of_its_task() -> None:
    assert lesson_board(LESSONS[1], "en").lesson_buttons == ["help"]
    assert lesson_board(LESSONS[1], "en").can_finish, "the position could be finished: the button must not be"
    assert lesson_board(LESSONS[6], "en").lesson_buttons == ["help", "reshuffle"]
    assert lesson_board(LESSONS[7], "en").lesson_buttons == ["help", "undo"]
    assert CrescentWidget(DEAL).lesson_buttons == []


def lit_moves(w: CrescentWidget, lesson_index: int) -> list[str]:
    """The moves the board lights for the cards the lesson's task names (its answers' sources)."""
    sources = {answer.split("-")[0] for answer in LESSONS[lesson_index].answers if "-" in answer}
    return [f"{src}-{dst}" for src in sorted(sources) for dst in w.targets.get(src, [])]


# Lesson 1 is the real deal's start: 2♠ may also go onto pile 13, but its task names the foundation.
@pytest.mark.parametrize("index", range(1, len(LESSONS)))
def test_every_move_a_lesson_lights_for_its_card_is_judged_right(index: int) -> None:
    moves = lit_moves(lesson_board(LESSONS[index], "en"), index)
    for move in moves:
        w = lesson_board(LESSONS[index], "en")
        src, dst = move.split("-")
        intent(w, "drop", src=src, dst=dst)
        assert w.note_tone == "right", (move, w.note)
    assert len(moves) == len(LESSONS[index].answers & set(moves))


def test_lesson_2_takes_8h_onto_9h_and_onto_7h_as_its_rule_says() -> None:
    w = lesson_board(LESSONS[1], "en")
    assert sorted(w.targets["1"]) == ["4", "5"]
    assert {w.piles[3][0], w.piles[4][0]} == {"9H", "7H"}


@pytest.mark.parametrize("index", range(len(LESSONS)))
def test_new_game_never_replaces_a_lesson(index: int) -> None:
    w = lesson_board(LESSONS[index], "en")
    start, code = w.game.position_key, w.code
    for kind in ("new_game", "restart", "hint", "winnable", "review"):
        intent(w, kind)  # the N key, the banner's button or a stale view may still send them
        assert w.game.position_key == start and w.code == code, kind
    answer = sorted(LESSONS[index].answers)[0]
    if "-" in answer:
        intent(w, "drop", src=answer.split("-")[0], dst=answer.split("-")[1])
    else:
        intent(w, {"R": "reshuffle", "U": "undo"}[answer])
    assert w.note_tone == "right", "the lesson still judges its board"


def test_finish_in_a_lesson_whose_task_is_not_finish_plays_nothing() -> None:
    w = lesson_board(LESSONS[4], "pl")
    assert w.can_finish, "the position could be finished: the lesson must not let it"
    start = w.game.position_key
    for _ in range(30):
        intent(w, "finish")
    assert w.game.position_key == start and w.status == "playing" and w.move_count == 0
    assert w.note == "" and w.note_tone == ""


def test_undo_in_a_lesson_clears_its_last_verdict() -> None:
    lesson = LESSONS[1]
    w = lesson_board(lesson, "en")
    intent(w, "drop", src="1", dst="4")
    assert w.note_tone == "right"
    intent(w, "undo")  # not the task: the board does not offer it
    assert w.note_tone == "right" and w.move_count == 1
    w.undo()
    assert w.note == "" and w.note_tone == "", "the verdict is cleared; the panel still says the task"
    undo_lesson = lesson_board(LESSONS[7], "en")
    intent(undo_lesson, "undo")
    assert undo_lesson.note_tone == "right"


def test_a_verdict_tone_is_checked_and_lasts_only_while_its_note_does() -> None:
    table = Table(DEAL, lang="en")
    with pytest.raises(InvalidOptionError):
        table.show_note("x", tone="green")
    table.show_note("Right!", tone="right")
    assert table.view().note_tone == "right"
    table.move("13-14")
    assert table.view().note_tone == ""


def test_the_face_down_hint_never_leads_back_either() -> None:
    table = Table("CR1-H-AAAAAAB", lang="en")
    path = [table.game.position_key]
    for _ in range(60):
        found = table.hint()
        if found.move is None:
            assert found.kind in ("undo", "none")
            break
        table.move(found.move, by_player=False)
        path.append(table.game.position_key)
    assert len(set(path)) == len(path)
