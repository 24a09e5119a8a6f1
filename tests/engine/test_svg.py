"""The SVG drawing: valid XML for any position, every place labelled, highlights."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crescent_widget import Game, InvalidMoveError
from crescent_widget.engine.codes import DEAL_COUNT

NS = "{http://www.w3.org/2000/svg}"


def _slots(svg: str) -> dict[str, ET.Element]:
    root = ET.fromstring(svg)
    slots = {}
    for group in root.iter(f"{NS}g"):
        name = group.get("data-pile") or group.get("data-foundation")
        if name:
            slots[name] = group
    return slots


@settings(max_examples=25, deadline=None)
@given(st.integers(0, DEAL_COUNT - 1), st.lists(st.integers(0, 50), max_size=60), st.sampled_from(["en", "pl"]))
def test_any_position_renders_as_valid_svg_with_every_place_labelled(number: int, picks: list[int], lang: str) -> None:
    game = Game.from_number(number)
    for pick in picks:
        moves = game.legal_moves()
        if not moves:
            break
        game.move(moves[pick % len(moves)])
    slots = _slots(game.svg(lang=lang))
    assert set(slots) == {str(n) for n in range(1, 17)} | {f"F{n}" for n in range(1, 9)}
    for name, group in slots.items():
        caption = [t.text for t in group.iter(f"{NS}text") if t.get("class") == "caption"]
        cards = game.pile(int(name)) if name.isdigit() else game.foundation(name)
        assert caption == [f"{name} ×{len(cards)}"]
        title = [t.text for t in group.iter(f"{NS}title")]
        assert title == ([cards[-1].text(lang)] if cards else [])


def test_highlight_outlines_the_source_and_destination() -> None:
    slots = _slots(Game("CR1-N-AAAAAAB").svg(highlight="13-14"))
    lit = {name for name, group in slots.items() if "highlight" in (group.get("class") or "")}
    assert lit == {"13", "14"}
    with pytest.raises(InvalidMoveError):
        Game("CR1-N-AAAAAAB").svg(highlight="13-99")


def test_repr_svg_is_the_drawing_in_the_default_language() -> None:
    game = Game("CR1-N-AAAAAAB")
    assert game._repr_svg_() == game.svg()
    assert "Kod gry: CR1-N-AAAAAAB" in game.svg() and "Game code" in game.svg(lang="en")  # Polish unless asked
