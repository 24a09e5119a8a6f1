"""The face-down deal: no synced trait ever names a card the player cannot see."""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crescent_widget import CrescentError, CrescentWidget, Game
from widget_support import assert_mirrors_engine, intent

H_DEAL = "CR1-H-AAAAAAB"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
DECK = Counter({rank + suit: 2 for rank in RANKS for suit in "SHCD"})
ASCII_CARD = re.compile(r"(?<![A-Za-z0-9])(10|[2-9AJQK])([SHCD])(?![A-Za-z0-9])")
SHOWN_CARD = re.compile(r"(10|[2-9AJQKWD])([♠♥♣♦])")
SUIT_OF_SYMBOL = dict(zip("♠♥♣♦", "SHCD", strict=True))
RANK_OF_SHOWN = {"W": "J", "D": "Q"}


def hidden_only(game: Game) -> set[str]:
    """Cards whose every copy is face down: naming one would leak it."""
    visible = Counter(c.ascii for pile in game.piles for c in pile) + Counter(
        c.ascii for f in game.foundations for c in f
    )
    return {card for card in DECK if visible[card] == 0}


def named_cards(state: dict[str, Any]) -> set[str]:
    """Every card any synced value names, in ASCII or as shown (A♠, W♦, 10♥)."""
    text = json.dumps({k: v for k, v in state.items() if k != "labels"}, ensure_ascii=False)
    found = {rank + suit for rank, suit in ASCII_CARD.findall(text)}
    found |= {RANK_OF_SHOWN.get(rank, rank) + SUIT_OF_SYMBOL[symbol] for rank, symbol in SHOWN_CARD.findall(text)}
    return found


def assert_no_face_down_card_is_synced(widget: CrescentWidget) -> None:
    leaked = named_cards(widget.get_state()) & hidden_only(widget.game)
    assert not leaked, f"face-down cards reached the front end: {leaked}"


def test_the_deal_shows_only_top_cards_and_counts() -> None:
    w = CrescentWidget(H_DEAL, lang="en")
    assert w.face_down == [5] * 16 and all(count == 6 for _, count in w.piles)
    assert [top for top, _ in w.piles] == [Game(H_DEAL).top(n).ascii for n in range(1, 17)]  # type: ignore[union-attr]
    assert len(hidden_only(w.game)) > 10, "the test below can catch leaks"
    assert_no_face_down_card_is_synced(w)
    assert_mirrors_engine(w)


ACTIONS = st.sampled_from(["move", "move", "move", "tap", "double_tap", "drop", "reshuffle", "undo", "lang"])
PLACES = [str(n) for n in range(1, 17)] + [f"F{n}" for n in range(1, 9)]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), steps=st.integers(min_value=5, max_value=80))
def test_a_random_session_never_syncs_a_face_down_card(data: st.DataObject, steps: int) -> None:
    w = CrescentWidget(H_DEAL)
    for _ in range(steps):
        action = data.draw(ACTIONS)
        # Teaching notes name cards too; on for moves from code only, so that no board
        # move waits for the solver's check.
        w.teach = action == "move"
        try:
            if action == "move" and w.game.legal_moves():
                w.move(data.draw(st.sampled_from(w.game.legal_moves())))
            elif action in ("tap", "double_tap"):
                intent(w, action, pile=data.draw(st.sampled_from(PLACES)))
            elif action == "drop" and w.targets:
                src = data.draw(st.sampled_from(sorted(w.targets)))
                intent(w, "drop", src=src, dst=data.draw(st.sampled_from(w.targets[src])))
            elif action == "reshuffle":
                intent(w, "reshuffle")
            elif action == "undo":
                w.undo()
            elif action == "lang":
                w.lang = "en" if w.lang == "pl" else "pl"
        except CrescentError:
            pass
        assert_no_face_down_card_is_synced(w)
        assert_mirrors_engine(w)


def test_hint_and_replay_in_the_face_down_deal() -> None:
    w = CrescentWidget(H_DEAL, lang="en")
    w.hint()
    assert_no_face_down_card_is_synced(w)
    game = Game(H_DEAL)
    line = []
    for _ in range(6):
        moves = game.legal_moves()
        line.append(str(game.move(moves[0] if moves else "R")))
    w.replay(line)
    for step in [1] * len(line) + [-1] * len(line):
        w.replay_step(step)
        assert_no_face_down_card_is_synced(w)
        assert_mirrors_engine(w)


def test_the_leak_detector_would_catch_a_leak() -> None:
    w = CrescentWidget(H_DEAL, lang="pl")
    card = sorted(hidden_only(w.game))[0]
    w.show_note(f"pod spodem leży {card}")
    try:
        assert_no_face_down_card_is_synced(w)
    except AssertionError:
        pass
    else:
        raise AssertionError("a face-down card in the note went unnoticed")
    shown = card[:-1].replace("J", "W").replace("Q", "D") + "♠♥♣♦"["SHCD".index(card[-1])]
    w.show_note(f"pod spodem leży {shown}")
    assert named_cards(w.get_state()) & {card}
