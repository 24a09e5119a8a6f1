"""Records with PGN-like headers and a result token: written, read back, and old records still load."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from crescent_widget import Game, GameRecord
from crescent_widget.bots import RandomPolicy, play
from crescent_widget.engine.records import RecordError
from crescent_widget.errors import ArgumentTypeError, InvalidOptionError, InvalidPositionError

# Every character str.splitlines() breaks a line at: a header value stays on its line.
LINE_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"


def _won() -> Game:
    from crescent_widget.solver import solve

    game = Game.from_number(1)
    for action in solve(game, nodes=300_000).line:
        game.move(action)
    assert game.status == "won"
    return game


def test_a_record_writes_its_headers_first_and_its_result_last() -> None:
    game = Game.from_number(1)
    game.move("13-14")
    text = game.record({"Player": "Ann", "Date": "2026.11.01", "Event": 'Club "night"'})
    lines = text.splitlines()
    assert lines[:4] == ['[Player "Ann"]', '[Date "2026.11.01"]', '[Event "Club \\"night\\""]', "CR1-N-AAAAAAB"]
    assert lines[-1] == "*"  # still in play
    record = GameRecord.parse(text)
    assert record.headers == {"Player": "Ann", "Date": "2026.11.01", "Event": 'Club "night"'}
    assert (record.code, record.actions, record.result) == ("CR1-N-AAAAAAB", ("13-14",), "*")
    assert record.game() == game and Game.from_record(text) == game
    assert str(record) == text


def test_the_result_token_is_the_end_the_moves_reach() -> None:
    won = _won()
    assert won.record().splitlines()[-1] == "won"
    assert Game.from_record(won.record()).status == "won"
    blocked = play(1, RandomPolicy(seed=1)).game()
    assert blocked.status == "blocked" and blocked.record().endswith("\nblocked")
    assert Game.from_record(blocked.record()) == blocked
    # A token that the moves do not reach is refused, not believed.
    with pytest.raises(InvalidPositionError, match="ends 'won'"):
        Game.from_record("CR1-N-AAAAAAB\n13-14\nwon")
    with pytest.raises(InvalidPositionError, match="ends 'blocked'"):
        Game.from_record("CR1-N-AAAAAAB\nblocked")


def test_old_records_and_records_with_comments_and_numbers_still_load() -> None:
    old = "CR1-N-AAAAAAB\n1. 13-14 # a comment\n2. 15-F1"
    game = Game.from_record(old)
    assert [str(a) for a in game.actions] == ["13-14", "15-F1"]
    record = GameRecord.parse(old)
    assert record.headers == {} and record.result is None
    # A header value may hold what a move line may not: '#' and brackets.
    assert GameRecord.parse('[Event "Cup #3 [final]"]\nCR1-N-AAAAAAB').headers == {"Event": "Cup #3 [final]"}


def test_a_bad_header_or_entry_is_refused_by_its_own_error() -> None:
    with pytest.raises(InvalidPositionError, match="header line"):
        Game.from_record("[Player Ann]\nCR1-N-AAAAAAB")
    with pytest.raises(RecordError):
        Game.from_record('[Player "Ann"]\nCR1-N-AAAAAAB\n14-1')
    game = Game.from_number(1)
    for headers in ({"Two words": "x"}, {"Player": "line\nbreak"}, {"Player": "a\u2028b"}, {"1st": "x"}):
        with pytest.raises(InvalidOptionError):
            game.record(headers)
    for wrong in ({"Player": 3}, ["Player"]):
        with pytest.raises(ArgumentTypeError):
            game.record(wrong)  # type: ignore[arg-type]


@given(
    st.dictionaries(
        st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,10}", fullmatch=True),
        st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters=LINE_BREAKS), max_size=20),
        max_size=4,
    )
)
def test_any_headers_round_trip(headers: dict[str, str]) -> None:
    game = Game.from_number(9)
    game.move(game.legal_moves()[0])
    record = GameRecord.parse(game.record(headers))
    assert record.headers == headers and record.game() == game
