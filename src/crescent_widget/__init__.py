"""Crescent patience: a pure-Python engine and a Jupyter widget.

>>> from crescent_widget import Game
>>> g = Game("CR1-N-AAAAAAB")
>>> str(g.move("13-14")), g.move_count
('13-14', 1)

The widget (``CrescentWidget``) is imported lazily, so the engine works without
anywidget installed; so is ``play_many`` (bots over many deals, :mod:`crescent_widget.bots`).
The Gymnasium environment lives in :mod:`crescent_widget.gym` (``pip install
crescent-widget[gym]``): importing it registers ``crescent_widget/Crescent-v0``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .engine.cards import Card, Suit
from .engine.codes import format_code, parse_code
from .engine.game import Game
from .engine.moves import RESHUFFLE, Move
from .errors import (
    CrescentError,
    IllegalMoveError,
    InvalidCardError,
    InvalidCodeError,
    InvalidMoveError,
    InvalidPositionError,
)

if TYPE_CHECKING:
    from .bots import play_many
    from .widget import CrescentWidget

__all__ = [
    "RESHUFFLE",
    "Card",
    "CrescentError",
    "CrescentWidget",
    "Game",
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidCodeError",
    "InvalidMoveError",
    "InvalidPositionError",
    "Move",
    "Suit",
    "format_code",
    "parse_code",
    "play_many",
]
__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    if name == "CrescentWidget":
        from .widget import CrescentWidget

        return CrescentWidget
    if name == "play_many":
        from .bots import play_many

        return play_many
    raise AttributeError(f"module 'crescent_widget' has no attribute {name!r}")
