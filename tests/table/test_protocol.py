"""The intent table: every kind calls a Table method by its own name, and its fields are checked from the table."""

from __future__ import annotations

import inspect

import pytest

from crescent_widget.table import Table
from crescent_widget.table.protocol import INTENTS, STALE, BadIntentError, handle, parse_intent

DEAL = "CR1-N-AAAAAAB"


@pytest.mark.parametrize("kind", sorted(INTENTS))
def test_each_intent_calls_a_table_method_with_parameters_it_has(kind: str) -> None:
    spec = INTENTS[kind]
    name = spec.method.__name__
    assert not name.startswith("_") and getattr(Table, name) is spec.method, f"{kind} calls Table.{name}"
    params = inspect.signature(spec.method).parameters
    for field in spec.fields.values():
        assert field.param in params, f"{kind}: Table.{name} has no parameter {field.param!r}"
    for param in spec.fixed:
        assert param in params, f"{kind}: Table.{name} has no parameter {param!r}"


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ([1, 2], "not_an_object"),
        ({"type": "teleport", "rev": 0}, "unknown_intent"),
        ({"type": ["tap"], "rev": 0}, "unknown_intent"),
        ({"type": "tap", "pile": 5}, "bad_rev"),
        ({"type": "tap", "pile": 5, "rev": True}, "bad_rev"),
        ({"type": "tap", "rev": 0}, "missing_field"),
        ({"type": "tap", "pile": None, "rev": 0}, "missing_field"),
        ({"type": "drop", "src": "5", "rev": 0}, "missing_field"),
        ({"type": "tap", "pile": 17, "rev": 0}, "bad_field"),
        ({"type": "tap", "pile": True, "rev": 0}, "bad_field"),
        ({"type": "tap", "pile": "F", "rev": 0}, "bad_field"),  # "F" is a drop's destination, not a place to tap
        ({"type": "drop", "src": "F", "dst": "F", "rev": 0}, "bad_field"),
        ({"type": "new_game", "code": "C" * 10_000, "rev": 0}, "bad_field"),
        ({"type": "new_game", "code": 7, "rev": 0}, "bad_field"),
        ({"type": "undo", "pile": 5, "rev": 0}, "unexpected_field"),
        ({"type": "tap", "pile": 5, "dst": "F", "rev": 0}, "unexpected_field"),
        ({"type": "undo", "rev": 0, **{f"k{n}": n for n in range(5000)}}, "unexpected_field"),
        ({"type": "undo", "rev": 1}, STALE),
        ({"type": "undo", "rev": 0}, "nothing_to_undo"),  # well formed: the table refuses it
    ],
)
def test_a_refused_message_gives_its_reason_and_changes_nothing(content: object, reason: str) -> None:
    table = Table(DEAL, lang="en")
    game, rev = table.game.to_dict(), table.rev
    assert handle(table, content) == reason
    assert table.game.to_dict() == game
    assert table.rev == rev or reason == "nothing_to_undo", "only the table's own refusal is shown"


def test_the_fields_reach_the_method_as_its_parameters() -> None:
    table = Table(DEAL, lang="en")
    assert handle(table, {"type": "drop", "src": "13", "dst": "14", "rev": 0}) is None
    assert handle(table, {"type": "double_tap", "pile": "5", "rev": table.rev}) is None
    assert [str(move) for move in table.game.actions] == ["13-14", "5-F2"]
    assert handle(table, {"type": "new_game", "code": "CR1-N-AAAAAAC", "rev": table.rev}) is None
    assert table.game.code == "CR1-N-AAAAAAC"
    assert parse_intent({"type": "new_game", "rev": 0}).args == {}, "a new game's code may be left out"


def test_the_replay_buttons_carry_their_fixed_arguments() -> None:
    table = Table(DEAL)
    table.replay(["13-14", "5-F2"])
    for kind, step in (("replay_next", 1), ("replay_next", 2), ("replay_prev", 1)):
        assert handle(table, {"type": kind, "rev": table.rev}) is None
        assert table.view().replay is not None and table.view().replay.step == step
    handle(table, {"type": "replay_keep", "rev": table.rev})
    assert table.view().replay is None and [str(m) for m in table.game.actions] == ["13-14"]


def test_bad_intent_errors_are_the_packages_errors() -> None:
    with pytest.raises(BadIntentError) as refused:
        parse_intent({"type": "tap", "pile": "X", "rev": 0})
    assert isinstance(refused.value, ValueError) and refused.value.reason == "bad_field"
