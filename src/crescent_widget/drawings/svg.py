"""The horseshoe as a standalone SVG picture (a pure function of the position).

Notebook viewers without a kernel and the documentation site show a position through
this: ``Game._repr_svg_`` calls :func:`render_svg`. The grid is the one the text diagram
uses, so both drawings always agree.

>>> from crescent_widget import Game, Move
>>> svg = Game("CR1-N-AAAAAAB").svg(highlight=Move.parse("13-14"))
>>> svg.startswith("<svg") and svg.count('class="slot') == 24 and "highlight" in svg
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final
from xml.sax.saxutils import escape, quoteattr

from ..engine.cards import RANK_ASCII, RANK_PL, SUIT_SYMBOLS, Card
from ..engine.moves import Move, Place
from ..errors import InvalidMoveError, quoted
from ..words.i18n import DEFAULT_LANG, label
from .text import COLUMNS, grid_positions

if TYPE_CHECKING:
    from ..engine.game import Game

CARD_W: Final = 56
CARD_H: Final = 78
CELL_W: Final = 66
CELL_H: Final = 104
MARGIN: Final = 8
FOOTER: Final = 28
RED: Final = "#c0392b"
BLACK: Final = "#1d1d1f"
HIGHLIGHT: Final = "#f5a623"


def render_svg(game: Game, *, lang: str = DEFAULT_LANG, highlight: Move | None = None) -> str:
    """Draw a position as SVG text.

    Args:
        game: the position to draw.
        lang: ``"en"`` or ``"pl"`` for card faces and captions.
        highlight: a move whose source and destination get a coloured outline.
    """
    if highlight is not None and not isinstance(highlight, Move):  # a Move names real places
        raise InvalidMoveError(
            f"highlight must be a Move or None, got {quoted(highlight)} (Game.svg also takes move text)"
        )
    lit = set() if highlight is None or highlight.is_reshuffle else {highlight.src, highlight.dst}
    width = COLUMNS * CELL_W + 2 * MARGIN
    height = 5 * CELL_H + 2 * MARGIN + FOOTER
    title = label("code", lang, code=game.code or label("custom_position", lang))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
        f'height="{height}" role="img" aria-label={quoteattr("Crescent — " + title)}>',
        "<style>text{font-family:'DejaVu Sans',Arial,sans-serif}"
        ".face{font-size:15px;font-weight:bold}.big{font-size:30px}.caption{font-size:12px;fill:#555}"
        ".footer{font-size:13px;fill:#333}</style>",
        f'<rect width="{width}" height="{height}" fill="#eef5ee"/>',
    ]
    tops, sizes = game.tops, game.sizes
    for place, (row, col) in grid_positions().items():
        x, y = MARGIN + col * CELL_W + (CELL_W - CARD_W) // 2, MARGIN + row * CELL_H
        parts.append(_slot(place, tops[place.index], sizes[place.index], x, y, lang=lang, lit=place in lit))
    footer = " · ".join(
        (
            title,
            label("reshuffles_left", lang, n=game.reshuffles_left),
            label("moves", lang, n=game.move_count),
            *([label(game.status, lang)] if game.status != "playing" else []),
        )
    )
    parts.append(f'<text class="footer" x="{MARGIN}" y="{height - 10}">{escape(footer)}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def _slot(place: Place, card: Card | None, size: int, x: int, y: int, *, lang: str, lit: bool) -> str:
    name = place.name
    attribute = f'data-pile="{name}"' if place.is_pile else f'data-foundation="{name}"'
    caption = f"{name} ×{size}"
    stroke = f'stroke="{HIGHLIGHT}" stroke-width="4"' if lit else 'stroke="#888" stroke-width="1"'
    css = "slot highlight" if lit else "slot"
    out = [f'<g class="{css}" {attribute} transform="translate({x},{y})">']
    if card is not None:
        colour = RED if card.suit in (1, 3) else BLACK  # hearts, diamonds
        rank = (RANK_PL if lang == "pl" else RANK_ASCII)[card.rank]
        face = card.text(lang)
        out += [
            f'<rect width="{CARD_W}" height="{CARD_H}" rx="6" fill="#fff" {stroke}/>',
            f'<text class="face" x="5" y="18" fill="{colour}">{escape(rank)}</text>',
            f'<text class="big" x="{CARD_W // 2}" y="{CARD_H // 2 + 14}" text-anchor="middle" '
            f'fill="{colour}">{SUIT_SYMBOLS[card.suit]}</text>',
            f"<title>{escape(face)}</title>",
        ]
    else:
        out.append(f'<rect width="{CARD_W}" height="{CARD_H}" rx="6" fill="none" stroke-dasharray="4 3" {stroke}/>')
    out.append(f'<text class="caption" x="{CARD_W // 2}" y="{CARD_H + 15}" text-anchor="middle">{caption}</text>')
    out.append("</g>")
    return "".join(out)
