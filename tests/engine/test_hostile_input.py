"""Hostile input to the engine's constructors and parsers: every one a clear refusal.

Each case is one that a careless parser answers with something other than the package's
ValueError subclass: a TypeError from an unhashable variant, a RecursionError from a deeply
nested list, an IndexError or a silently wrapped index, or a code or card smuggled in by
Unicode case folding.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from crescent_widget import Card, Game, InvalidCardError, InvalidCodeError, format_code
from crescent_widget.bots import play
from crescent_widget.errors import InvalidOptionError, InvalidPositionError, quoted
from crescent_widget.table import Table

START = Game("CR1-N-AAAAAAB")
PILES = [[c.ascii for c in p] for p in START.piles]
FOUNDATIONS = [["AS"], ["AH"], ["AC"], ["AD"], ["KS"], ["KH"], ["KC"], ["KD"]]


def _nested(depth: int, leaf: object = "AS") -> Any:
    value: Any = leaf
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize(
    "call",
    [
        lambda: Game(variant=["N"]),  # type: ignore[arg-type]
        lambda: Game.from_number(1, ["N"]),  # type: ignore[arg-type]
        lambda: Game.random(variant=["N"]),  # type: ignore[arg-type]
        lambda: format_code(1, {}),  # type: ignore[arg-type]
        lambda: Game.from_layout(PILES, FOUNDATIONS, variant={}),  # type: ignore[arg-type]
        lambda: Game("CR1-N-AAAAAAB", variant=_nested(1000, "N")),
    ],
    ids=["Game", "from_number", "random", "format_code", "from_layout", "code_and_deep_variant"],
)
def test_a_variant_that_is_not_text_is_refused_with_the_package_error(call: Callable[[], object]) -> None:
    with pytest.raises(InvalidOptionError) as refused:
        call()
    assert refused.value.reason == "invalid_option"


def _set_variant(table: Table, value: str) -> None:
    table.variant = value


@pytest.mark.parametrize(
    "call",
    [
        lambda: Game(variant="X"),
        lambda: Game("CR1-N-AAAAAAB", variant="X"),
        lambda: Game.from_number(1, "X"),
        lambda: Game.random(variant="X"),
        lambda: format_code(1, "X"),
        lambda: Game.from_layout(PILES, FOUNDATIONS, variant="X"),
        lambda: Table(variant="X"),
        lambda: _set_variant(Table(), "X"),
        lambda: play(1, lambda game: None, variant="X"),
    ],
    ids=["Game", "Game_code", "from_number", "random", "format_code", "from_layout", "Table", "Table.variant", "play"],
)
def test_a_bad_variant_gets_one_error_from_every_entry_point(call: Callable[[], object]) -> None:
    with pytest.raises(InvalidOptionError, match="variant must be one of N, F, H, got 'X'") as refused:
        call()
    assert refused.value.reason == "invalid_option"


@pytest.mark.parametrize(
    "change",
    [
        lambda piles, found: ([_nested(1000), *piles[1:]], found, 3),
        lambda piles, found: ([[*piles[0][:-1], _nested(1000)], *piles[1:]], found, 3),
        lambda piles, found: (_nested(1000), found, 3),
        lambda piles, found: (piles, [_nested(1000), *found[1:]], 3),
        lambda piles, found: (piles, found, _nested(1000, 3)),
    ],
    ids=["pile", "card", "piles", "foundation", "reshuffles_left"],
)
def test_a_layout_nested_a_thousand_deep_is_refused(change: Callable[..., tuple[Any, Any, Any]]) -> None:
    piles, foundations, left = change([p[:] for p in PILES], [f[:] for f in FOUNDATIONS])
    with pytest.raises(InvalidPositionError):
        Game.from_layout(piles, foundations, left)


def _saved() -> dict[str, Any]:
    game = Game("CR1-N-AAAAAAB")
    game.move("13-14")
    return game.to_dict()


@pytest.mark.parametrize("key", ["actions", "piles", "start", "undo_depth", "elapsed", "code", "format", "extra"])
def test_a_save_nested_a_thousand_deep_is_refused(key: str) -> None:
    data = _saved()
    data[key] = _nested(1000)
    with pytest.raises(InvalidPositionError, match="nested"):
        Game.from_dict(data)


def test_a_save_of_a_layout_nested_deep_inside_its_start_is_refused() -> None:
    game = Game.from_layout(PILES, FOUNDATIONS)
    data = game.to_dict()
    data["start"]["piles"][0][0] = _nested(1000)
    with pytest.raises(InvalidPositionError, match="nested"):
        Game.from_dict(data)


def test_a_list_that_contains_itself_is_refused() -> None:
    loop: list[Any] = []
    loop.append(loop)
    with pytest.raises(InvalidPositionError):
        Game.from_layout([loop, *PILES[1:]], FOUNDATIONS)


def test_ordinary_saves_and_layouts_still_load() -> None:
    assert Game.from_dict(_saved()).move_count == 1
    layout = Game.from_layout(PILES, FOUNDATIONS)
    assert Game.from_dict(layout.to_dict()).piles == layout.piles


@pytest.mark.parametrize("index", [-1, -52, 52, 10**100, True, 1.0, "1"])
def test_card_from_index_refuses_anything_but_0_to_51(index: Any) -> None:
    with pytest.raises(InvalidCardError):
        Card.from_index(index)


def test_card_from_index_covers_the_deck() -> None:
    assert [Card.from_index(i).index for i in range(52)] == list(range(52))
    assert Card.from_index(51) == Card.parse("KD")


@pytest.mark.parametrize("code", ["cr1-n-aaaaaaſ", "CR1-N-AAAAAﬀ", "CR1-N-AAAAAAB\u0131", "ﬀ", "CR1-ſ-AAAAAAB"])
def test_codes_accept_ascii_letters_only(code: str) -> None:
    with pytest.raises(InvalidCodeError):
        Game(code)


@pytest.mark.parametrize("text", ["aſ", "Aſ", "ﬀ", "1ı"])
def test_cards_accept_ascii_letters_only(text: str) -> None:
    with pytest.raises(InvalidCardError):
        Card.parse(text)


def test_case_and_symbols_still_work() -> None:
    assert Game(" cr1-n-aaaaaab ").code == "CR1-N-AAAAAAB"
    assert Card.parse("as") == Card.parse("A♠") == Card.parse("a♤")
    assert Card.parse("w♦") == Card.parse("JD")


def test_bad_input_is_quoted_briefly() -> None:
    with pytest.raises(InvalidCodeError) as refused:
        Game("x" * 100_000)
    assert len(str(refused.value)) < 400
    assert quoted(_nested(1000)) == "a list"
    assert quoted(10**5000) == "an int"


@pytest.mark.parametrize("variant", ["N" * 100_000, _nested(1000, "N")])
def test_a_board_setting_of_a_huge_variant_is_quoted_briefly(variant: object) -> None:
    # The board's settings panel and Table.variant share the check; a refusal is logged whole.
    table = Table(lang="en")
    with pytest.raises(InvalidOptionError) as refused:
        table.variant = variant  # type: ignore[assignment]
    assert len(str(refused.value)) < 200 and table.variant == "N"
