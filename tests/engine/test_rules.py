"""One test per rule of the rules text (seed/crescent-rules.pl.txt), with its examples."""

from __future__ import annotations

import pytest

from crescent_widget import Card, Game, IllegalMoveError, Move
from crescent_widget.lessons import full_foundations
from helpers import DEAD_TOPS, FakeClock, build_game, shuttle_position, snapshot

# ---------------------------------------------------------------- allowed moves


def test_only_the_top_card_moves_and_uncovers_the_next() -> None:
    game = build_game({1: ["2H", "8H"], 2: ["9H"]})
    game.move(1, 2)
    assert [c.ascii for c in game.pile(1)] == ["2H"]
    assert [c.ascii for c in game.pile(2)] == ["9H", "8H"]


@pytest.mark.parametrize("target", ["9H", "7H"])
def test_a_card_goes_onto_the_same_suit_one_rank_higher_or_lower(target: str) -> None:
    # "ósemkę kier na dziewiątkę lub siódemkę kier"
    game = build_game({1: ["8H"], 2: [target]})
    assert game.check(1, 2) is None
    game.move(1, 2)
    assert game.top(2) == Card.parse("8H")


def test_a_card_of_another_suit_is_refused_with_same_suit() -> None:
    game = build_game({1: ["8H"], 2: ["9S"]})
    assert game.check(1, 2) == "same_suit"


@pytest.mark.parametrize("target", ["10H", "6H", "8H", "KH"])
def test_a_card_of_a_non_adjacent_rank_is_refused_with_adjacent_rank(target: str) -> None:
    game = build_game({1: ["8H"], 2: [target]})
    assert game.check(1, 2) == "adjacent_rank"


@pytest.mark.parametrize(("card", "target"), [("AS", "KS"), ("KS", "AS"), ("AD", "2D"), ("KD", "QD")])
def test_ranks_wrap_on_piles_between_king_and_ace(card: str, target: str) -> None:
    game = build_game({1: [card], 2: [target]})
    assert game.check(1, 2) is None


def test_example_move_10_ace_of_spades_from_pile_10_onto_king_of_spades_on_pile_14() -> None:
    game = build_game({10: ["3C", "AS"], 14: ["KS"]})
    assert Move.parse("10-14") in game.legal_moves()
    assert str(game.move(10, 14)) == "10-14"
    assert [c.ascii for c in game.pile(14)] == ["KS", "AS"]
    assert game.top(10) == Card.parse("3C")


def test_the_example_move_is_legal_in_the_test_vector_deal() -> None:
    game = Game("CR1-N-AAAAAAB")
    assert (game.top(13), game.top(14)) == (Card.parse("AS"), Card.parse("KS"))
    assert game.check(13, 14) is None


def test_a_pile_holds_at_most_13_cards() -> None:
    full = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "QH"]
    game = build_game({1: ["JH"], 2: full})
    assert len(game.pile(2)) == 13
    assert game.check(1, 2) == "pile_full"
    with pytest.raises(IllegalMoveError) as refused:
        game.move(1, 2)
    assert refused.value.text("pl") == "Ten stos jest pełny; wybierz inne miejsce docelowe"


def test_a_pile_of_12_still_takes_a_13th_card() -> None:
    twelve = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "QH"]
    game = build_game({1: ["JH"], 2: twelve})
    game.move(1, 2)
    assert len(game.pile(2)) == 13


# ---------------------------------------------------------------- empty piles


def test_nothing_can_be_placed_on_an_empty_pile() -> None:
    game = build_game({1: ["8H"], 2: []})
    assert game.check(1, 2) == "empty_pile"


def test_an_emptied_pile_stays_empty_for_the_rest_of_the_game() -> None:
    game = build_game({1: ["8H"], 2: ["9H"], 3: ["7H"]})
    game.move(1, 2)
    assert game.pile(1) == ()
    assert game.check(3, 1) == "empty_pile"
    assert all(m.dst != 1 for m in game.legal_moves())


def test_an_empty_pile_has_nothing_to_move() -> None:
    game = build_game({1: [], 2: ["9H"]})
    assert game.check(1, 2) == "empty_source"


# ---------------------------------------------------------------- foundations


def test_ace_foundations_build_up_in_their_suit() -> None:
    game = build_game({1: ["3S", "2S"]})
    game.move(1, "F1")
    game.move(1, "F1")
    assert [c.ascii for c in game.foundation("F1")] == ["AS", "2S", "3S"]


def test_king_foundations_build_down_in_their_suit() -> None:
    game = build_game({1: ["JD", "QD"]})
    game.move(1, "F8")
    game.move(1, "F8")
    assert [c.ascii for c in game.foundation("F8")] == ["KD", "QD", "JD"]


def test_a_foundation_takes_only_the_next_card() -> None:
    game = build_game({1: ["3S"], 2: ["QS"]})
    assert game.check(1, "F1") == "foundation_order"
    assert game.check(2, "F1") == "foundation_order"
    assert game.check(1, "F5") == "foundation_order"


def test_a_foundation_takes_only_its_own_suit() -> None:
    game = build_game({1: ["2H"]})
    assert game.check(1, "F1") == "same_suit"
    assert game.check(1, "F2") is None


def test_no_wrap_on_foundations() -> None:
    spades_up = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS"]
    ascending_done = build_game({1: ["AS"]}, {"F1": spades_up})
    assert ascending_done.check(1, "F1") == "foundation_order"  # nothing onto an ascending King
    descending_done = build_game({2: ["KS"]}, {"F5": spades_up[::-1]})
    assert descending_done.check(2, "F5") == "foundation_order"  # nothing onto a descending Ace
    assert descending_done.check(2, "F") == "foundation_order"


def test_a_card_never_returns_from_a_foundation_to_a_pile() -> None:
    game = build_game({1: ["3S"]}, {"F1": ["AS", "2S"]})
    assert game.check("F1", 1) == "no_return"


def test_a_foundation_top_moves_to_the_other_foundation_of_its_suit_when_it_follows() -> None:
    game = build_game(
        {}, {"F1": ["AS", "2S", "3S", "4S", "5S"], "F5": ["KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S"]}
    )
    assert {str(m) for m in game.legal_moves()} >= {"F1-F5", "F5-F1"}
    game.move("F1-F5")
    assert game.top("F5") == Card.parse("5S")
    assert game.top("F1") == Card.parse("4S")


def test_a_foundation_to_foundation_move_can_be_undone() -> None:
    game = build_game(
        {1: ["3S"]}, {"F1": ["AS", "2S", "3S", "4S", "5S"], "F5": ["KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S"]}
    )
    before = snapshot(game)
    game.move("F1-F5")
    assert str(game.undo()) == "F1-F5"
    after = snapshot(game)
    assert {k: v for k, v in after.items() if k != "revision"} == {k: v for k, v in before.items() if k != "revision"}
    assert game.actions == () and game.move_count == 0


def test_a_foundation_top_cannot_move_to_a_foundation_it_does_not_follow() -> None:
    game = build_game({}, {"F1": ["AS", "2S"], "F5": ["KS", "QS"]})
    assert game.check("F1", "F5") == "foundation_order"
    assert game.check("F1", "F6") == "same_suit"


def test_the_base_card_never_moves() -> None:
    game = build_game({})
    for name in ("F1", "F4", "F5", "F8"):
        assert game.check(name, "F") == "base_locked"
    with pytest.raises(IllegalMoveError) as refused:
        game.move("F1", "F5")
    assert refused.value.reason == "base_locked"
    assert refused.value.text("pl") == "Podstawa fundamentu jest zablokowana"


def test_f_shorthand_picks_the_ace_foundation_first_when_both_accept() -> None:
    game = build_game(
        {1: ["5S"]}, {"F1": ["AS", "2S", "3S", "4S"], "F5": ["KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S"]}
    )
    assert str(game.move(1, "F")) == "1-F1"


def test_f_shorthand_falls_back_to_the_king_foundation() -> None:
    game = build_game({1: ["QH"]})
    assert str(game.move("1-F")) == "1-F6"


def test_legal_moves_lists_concrete_destinations_only() -> None:
    game = Game("CR1-N-AAAAAAB")
    moves = game.legal_moves()
    assert moves
    assert all(m.dst != Move.parse("1-F").dst for m in moves)
    for move in moves:
        assert game.check(move) is None


# ---------------------------------------------------------------- reshuffle


def test_reshuffle_example_from_the_rules_text() -> None:
    # "stos 1 zmienia się z 2♥ 9♣ W♦ W♦ (od spodu do wierzchu) na 9♣ W♦ W♦ 2♥"
    game = build_game({1: ["2♥", "9♣", "W♦", "W♦"]})
    game.reshuffle()
    assert [c.text("pl") for c in game.pile(1)] == ["9♣", "W♦", "W♦", "2♥"]


def test_reshuffle_moves_the_bottom_card_of_every_pile_of_two_or_more() -> None:
    game = build_game({1: ["2H", "9C"], 2: ["5D"], 3: []})
    before = [[c.ascii for c in p] for p in game.piles]
    game.reshuffle()
    after = [[c.ascii for c in p] for p in game.piles]
    for old, new in zip(before, after, strict=True):
        assert new == (old[1:] + old[:1] if len(old) >= 2 else old)


def test_three_reshuffles_then_no_reshuffles() -> None:
    game = Game("CR1-N-AAAAAAB")
    for left in (2, 1, 0):
        game.reshuffle()
        assert game.reshuffles_left == left
    before = snapshot(game)
    with pytest.raises(IllegalMoveError) as refused:
        game.reshuffle()
    assert refused.value.reason == "no_reshuffles"
    assert refused.value.text("pl") == "Brak przetasowań"
    assert snapshot(game) == before


def test_a_reshuffle_is_not_a_move_and_clears_the_undo_history() -> None:
    game = Game("CR1-N-AAAAAAB")
    game.move(13, 14)
    game.reshuffle()
    assert game.move_count == 1
    assert not game.can_undo()
    with pytest.raises(IllegalMoveError) as refused:
        game.undo()
    # The refusal says why, not just "there is no move to undo".
    assert refused.value.reason == "undo_after_reshuffle" == game.check_undo()
    assert str(refused.value) == "Moves before a reshuffle cannot be taken back"


def test_move_r_is_a_reshuffle() -> None:
    game = Game("CR1-N-AAAAAAB")
    assert str(game.move("R")) == "R"
    assert game.reshuffles_left == 2
    assert game.check("R") is None


# ---------------------------------------------------------------- undo


def test_undo_takes_back_a_move_and_the_counter_goes_down() -> None:
    game = Game("CR1-N-AAAAAAB")
    start = snapshot(game)
    game.move(13, 14)
    game.move(15, "F")
    assert game.move_count == 2
    assert str(game.undo()) == "15-F1"
    assert str(game.undo()) == "13-14"
    after = snapshot(game)
    assert {k: v for k, v in after.items() if k != "revision"} == {k: v for k, v in start.items() if k != "revision"}


def test_undo_keeps_the_100_most_recent_moves() -> None:
    game = build_game({1: ["9H", "8H"], 2: ["7H"]})
    for i in range(130):  # 8♥ travels between 9♥ (pile 1) and 7♥ (pile 2)
        game.move(1, 2) if i % 2 == 0 else game.move(2, 1)
    assert game.move_count == 130
    undone = 0
    while game.can_undo():
        game.undo()
        undone += 1
    assert undone == 100
    assert game.move_count == 30
    assert [c.ascii for c in game.pile(1)] == ["9H", "8H"]


def test_nothing_to_undo_at_the_start() -> None:
    game = Game("CR1-N-AAAAAAB")
    with pytest.raises(IllegalMoveError) as refused:
        game.undo()
    assert refused.value.reason == "nothing_to_undo"


# ---------------------------------------------------------------- end of the game


def _won_but_one() -> Game:
    """Every card on the foundations but A♠ and 2♠, which sit on pile 1 (2♠ on top)."""
    foundations = full_foundations()
    foundations["F5"] = foundations["F5"][:-2]  # K♠ … 3♠; 2♠ and A♠ are out
    return build_game({1: ["AS", "2S"]}, foundations)


def test_the_game_is_won_when_all_104_cards_are_on_the_foundations() -> None:
    game = _won_but_one()
    assert game.status == "playing"
    game.move(1, "F")
    assert game.status == "playing"
    game.move(1, "F")
    assert game.status == "won"
    assert all(len(f) == 13 for f in game.foundations)
    assert game.check("R") == "game_over"


def test_the_game_is_blocked_with_no_move_and_no_reshuffle_left() -> None:
    game = build_game({}, reshuffles_left=0, filler_size=6)
    if game.legal_moves():
        pytest.fail("the filler layout was expected to have no moves")  # pragma: no cover
    assert game.status == "blocked"


def test_a_game_with_no_move_but_a_reshuffle_left_is_still_playing() -> None:
    game = build_game({}, reshuffles_left=1, filler_size=6)
    assert not game.legal_moves()
    assert game.status == "playing"
    game.reshuffle()
    assert not game.legal_moves()  # this layout stays stuck after its last reshuffle
    assert game.status == "blocked"


def test_a_game_whose_only_moves_shuttle_between_two_foundations_is_blocked() -> None:
    game = shuttle_position(DEAD_TOPS)
    moves = [str(m) for m in game.legal_moves()]
    assert sorted(moves) == ["F2-F6", "F6-F2"]  # the shuttles stay legal...
    assert game.status == "blocked"  # ...but no sequence of them frees a pile card


def test_shuttles_stay_legal_in_a_blocked_game_and_the_clock_stays_stopped() -> None:
    clock = FakeClock()
    game = shuttle_position(DEAD_TOPS, clock)
    game.move("F6-F2")  # the first action starts the clock
    clock.now += 5
    game.move("F2-F6")
    clock.now += 60
    assert game.status == "blocked"
    assert game.elapsed == 5.0
    assert game.can_undo()


@pytest.mark.parametrize("heart", ["2H", "QH", "6H", "7H", "AH", "KH"])
def test_a_shuttle_that_exposes_a_home_for_a_pile_card_keeps_the_game_going(heart: str) -> None:
    # 2♥ fits no foundation now (tops 6♥ / 7♥), but five shuttles F2→F6 bring F2's top
    # down to A♥, which takes it; Q♥ needs F6's top at K♥. Any heart on a pile top is
    # reachable this way, so the game is not blocked.
    game = shuttle_position([heart, *DEAD_TOPS[1:]])
    assert game.status == "playing"
    # Walk the boundary through all 12 arrangements: F2 down to A♥, then F6 down to K♥.
    for shuttle in ["F2-F6"] * 5 + ["F6-F2"] * 11:
        if game.can_move(1, "F"):
            break
        game.move(shuttle)
    game.move(1, "F")
    assert Card.parse(heart) in (game.top("F2"), game.top("F6"))


def test_a_shuttle_position_with_a_reshuffle_left_is_still_playing() -> None:
    game = shuttle_position(DEAD_TOPS)
    piles = [[c.ascii for c in p] for p in game.piles]
    foundations = [[c.ascii for c in f] for f in game.foundations]
    assert Game.from_layout(piles, foundations, 1).status == "playing"


def test_can_undo_answers_as_check_undo_does() -> None:
    game = Game("CR1-N-AAAAAAB")
    assert game.can_undo() is False and game.check_undo() == "nothing_to_undo"
    game.move("13-14")
    assert game.can_undo() is True and game.check_undo() is None
    game.reshuffle()
    assert game.can_undo() is False and game.check_undo() is not None
