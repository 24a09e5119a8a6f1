"""No answer about a position with cards missing.

The solver builds its position in one place (``search.state.from_game``), and that place
refuses a position whose 104 cards are not all face up in the piles or on the foundations,
whatever the game's status: every search, bound and explanation then refuses the face-down
deal's partial positions alike. A face-down game that has ended is reviewed with every card
face up (``Game.revealed``), so its review is the review of the same moves in the standard
game; while it is played it is refused with the hidden-cards reason.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from crescent_widget import Game
from crescent_widget.bots import RandomPolicy
from crescent_widget.errors import HiddenCardsError
from crescent_widget.solver import review, solve
from crescent_widget.solver.analysis.review import Review
from crescent_widget.solver.analysis.why import lost_suit, why_lost
from crescent_widget.solver.api import Solving, dives_only, run
from crescent_widget.solver.safe import safe_moves
from crescent_widget.solver.search import suits
from crescent_widget.solver.search.state import from_game
from crescent_widget.table import Table
from helpers import untimed_words

# The same review on either backend, whatever the machine's load; enough for the review of
# the old partial positions to call about half of these 20 games lost where the standard game is winnable.
REVIEW_NODES = 8_000


def played_until_blocked(deal: int, variant: str) -> Game:
    """Deal ``deal`` of ``variant`` played by ``RandomPolicy(seed=deal)`` until it ends."""
    game, policy = Game.from_number(deal, variant), RandomPolicy(seed=deal)
    while game.status == "playing":
        game.move(policy(game))
    return game


# The reproduction's budget: enough for the review to find the deal's win at its start (at
# 100,000 positions the review that names a move on every lost game leaves the start unknown).
FACE_DOWN_REVIEW_NODES = 200_000


def fresh_review(game: Game, nodes: int) -> Review:
    """``review(game, nodes=nodes)`` as a new process would give it: the one-suit bound remembers
    the suits it settled (so a later review may settle more for the same budget), and that
    memory is emptied first, so that two reviews of the same positions are the same computation."""
    suits._settled.clear()
    return review(game, nodes=nodes)


def standard_twin(game: Game) -> Game:
    """The same deal and moves in the standard game, every card face up from the start."""
    return Game.from_record(game.record().replace("CR1-H-", "CR1-N-", 1))


def ended_face_down_game() -> Game:
    game = played_until_blocked(3, "H")
    assert game.status == "blocked" and sum(game.face_down(n) for n in range(1, 17)) > 0
    return game


SEARCHES: dict[str, Callable[[Game], object]] = {
    "from_game": from_game,
    "solve": lambda game: solve(game, nodes=2000),
    "run": lambda game: run(game, nodes=2000),
    "Solving": Solving,
    "dives_only": lambda game: dives_only(game, seconds=0.01),
    "lost_suit": lost_suit,
    "why_lost": why_lost,
}


@pytest.mark.parametrize("name", sorted(SEARCHES))
@pytest.mark.parametrize("status", ["playing", "blocked"])
def test_no_search_answers_about_a_position_with_cards_face_down(name: str, status: str) -> None:
    """Whatever the game's status: the piles the engine shows leave the face-down cards out."""
    game = Game.from_number(3, "H") if status == "playing" else ended_face_down_game()
    assert game.status == status
    with pytest.raises(HiddenCardsError) as refused:
        SEARCHES[name](game)
    assert refused.value.reason == "hidden_cards" and "face-down" in str(refused.value)


def test_a_game_revealed_once_it_has_ended_holds_every_card_face_up() -> None:
    game = ended_face_down_game()
    shown = game.revealed()
    assert shown.actions == game.actions and shown.status == game.status
    assert all(shown.face_down(n) == 0 for n in range(1, 17))
    assert shown.sizes == game.sizes
    twin = standard_twin(game)
    assert shown.piles == twin.piles and shown.foundations == twin.foundations
    assert from_game(shown) == from_game(twin)
    assert from_game(shown.root()) == from_game(twin.root())  # its start is face up too


def test_a_face_down_game_in_play_is_not_revealed() -> None:
    game = Game.from_number(3, "H")
    game.move(game.legal_moves()[0])
    with pytest.raises(HiddenCardsError):
        game.revealed()
    with pytest.raises(HiddenCardsError):
        review(game, nodes=1000)
    assert game.status == "playing" and game.face_down(1) > 0


def test_the_safe_moves_read_only_what_is_face_up() -> None:
    """Auto-play's rule reads the foundations and the top cards, so it plays in the face-down deal too."""
    game = ended_face_down_game()
    assert safe_moves(game) == []  # an ended game has none
    assert safe_moves(Game.from_number(3, "H")) == []  # reshuffles left: none is provably safe


def test_the_reproduction_a_blocked_face_down_game_reviews_as_its_standard_twin() -> None:
    """Deal 3 face down, ``RandomPolicy(seed=3)`` until blocked: the review said the deal could not
    be won (``first_lost == 0``, the ♠ suit) while the same moves in the standard game are winnable
    far into the game."""
    game = ended_face_down_game()
    found = fresh_review(game, FACE_DOWN_REVIEW_NODES)
    expected = fresh_review(standard_twin(game), FACE_DOWN_REVIEW_NODES)
    assert found.last_winnable is not None and found.last_winnable > 0 and found.first_lost != 0
    assert dict(found.verdicts) == dict(expected.verdicts)
    assert untimed_words(found) == untimed_words(expected)


@pytest.mark.parametrize("deal", range(1, 21))
def test_the_review_of_an_ended_face_down_game_never_says_lost_where_the_standard_game_is_winnable(
    deal: int,
) -> None:
    game = played_until_blocked(deal, "H")
    twin = standard_twin(game)
    found = fresh_review(game, REVIEW_NODES)
    expected = fresh_review(twin, REVIEW_NODES)
    winnable = {index for index, verdict in expected.verdicts.items() if verdict == "won"}
    lost = {index for index, verdict in found.verdicts.items() if verdict == "lost"}
    assert not lost & winnable
    if found.first_lost is not None and expected.last_winnable is not None:
        assert found.first_lost > expected.last_winnable
    # With every card face up the review is the standard game's, to the word.
    assert dict(found.verdicts) == dict(expected.verdicts) and untimed_words(found) == untimed_words(expected)


def test_the_table_reviews_an_ended_face_down_game_and_its_board_hides_what_was_hidden() -> None:
    game = ended_face_down_game()
    table = Table.from_game(game, lang="en")
    found = table.review(nodes=FACE_DOWN_REVIEW_NODES)
    assert found.first_lost != 0 and found.last_winnable is not None
    board = table.view()
    assert board.replay is not None and board.variant == "H"
    assert sum(board.face_down) > 0  # the replay shows the deal as it was played: face down stays face down
