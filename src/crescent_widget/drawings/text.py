"""The horseshoe as plain text, drawn as the rules text's diagrams are.

Four piles up the left side (1 at the bottom), eight along the top (5–12), four down
the right side (13–16); the foundations sit inside, Aces over Kings. Under every top
card: its pile number and card count (``10 ×6``).

>>> from crescent_widget import Game
>>> for line in str(Game("CR1-N-AAAAAAB")).splitlines()[2:4]:
...     print(line)
   4♥                                                             A♠
  4 ×6                                                          13 ×6
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..engine.moves import Place, parse_place
from ..words.i18n import DEFAULT_LANG, label

if TYPE_CHECKING:
    from ..engine.game import Game

CELL: Final = 7
COLUMNS: Final = 10
# (row, column) of every place on the grid; rows 1-4 hold the sides and foundations.
LEFT_PILES: Final = (4, 3, 2, 1)  # from the top row down
RIGHT_PILES: Final = (13, 14, 15, 16)


def grid_positions() -> dict[Place, tuple[int, int]]:
    """Place -> (row, column) on a 5 × 10 grid; shared by the text and SVG drawings."""
    positions = {parse_place(5 + i): (0, 1 + i) for i in range(8)}
    for row, (left, right) in enumerate(zip(LEFT_PILES, RIGHT_PILES, strict=True), start=1):
        positions[parse_place(left)] = (row, 0)
        positions[parse_place(right)] = (row, COLUMNS - 1)
    for i in range(8):
        positions[parse_place(f"F{i + 1}")] = (2 + i // 4, 3 + i % 4)
    return positions


def render_text(game: Game, lang: str = DEFAULT_LANG) -> str:
    """Draw a game as text in a language (``"en"`` or ``"pl"``)."""
    cells: dict[tuple[int, int], tuple[str, str]] = {}
    tops, sizes = game.tops, game.sizes
    for place, spot in grid_positions().items():
        top = tops[place.index]
        face = top.text(lang) if top is not None else "··"
        caption = f"{place.name} ×{sizes[place.index]}"
        cells[spot] = (face, caption)
    lines = []
    for row in range(5):
        faces = "".join(cells.get((row, col), ("", ""))[0].center(CELL) for col in range(COLUMNS))
        captions = "".join(cells.get((row, col), ("", ""))[1].center(CELL) for col in range(COLUMNS))
        lines += [faces.rstrip(), captions.rstrip()]
    code = game.code or label("custom_position", lang)
    lines.append("")
    lines.append(
        "   ".join(
            (
                label("reshuffles_left", lang, n=game.reshuffles_left),
                label("moves", lang, n=game.move_count),
                label("code", lang, code=code),
            )
        )
    )
    if game.status != "playing":
        lines.append(label(game.status, lang))
    return "\n".join(lines)
