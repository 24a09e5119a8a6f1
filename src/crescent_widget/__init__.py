"""Crescent patience: a pure-Python engine and a Jupyter widget.

>>> from crescent_widget import Game
>>> g = Game("CR1-N-AAAAAAB")
>>> str(g.move("13-14")), g.move_count
('13-14', 1)

Every name is imported when it is first used (PEP 562): the engine works without
anywidget installed, ``play_many`` (bots over many deals, :mod:`crescent_widget.bots`)
loads only when asked for, and the ``crescent`` command starts in a few milliseconds, so
that a Ctrl-C in its first moments reaches its own quiet handler rather than an import's
traceback. The Gymnasium environment lives in :mod:`crescent_widget.gym` (``pip install
crescent-widget[gym]``): importing it registers ``crescent_widget/Crescent-v0``.
"""

# Only the small loader below is imported here (the names load on first use), so a Ctrl-C in
# the ``crescent`` command's first milliseconds lands in its own quiet handler, not in an import.
from .lazy import lazy_names

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (slow to start)
if TYPE_CHECKING:
    from .bots import play_many
    from .engine.cards import Card, Suit
    from .engine.codes import DealCode, format_code, parse_code
    from .engine.game import Game
    from .engine.moves import RESHUFFLE, Move
    from .engine.records import GameRecord
    from .errors import (
        ArgumentTypeError,
        CrescentError,
        IllegalMoveError,
        InvalidCardError,
        InvalidCodeError,
        InvalidMoveError,
        InvalidPositionError,
    )
    from .widget import CrescentWidget

# Each public name and the module it lives in.
_HOMES = {
    "RESHUFFLE": "engine.moves",
    "Card": "engine.cards",
    "ArgumentTypeError": "errors",
    "CrescentError": "errors",
    "CrescentWidget": "widget",
    "DealCode": "engine.codes",
    "Game": "engine.game",
    "GameRecord": "engine.records",
    "IllegalMoveError": "errors",
    "InvalidCardError": "errors",
    "InvalidCodeError": "errors",
    "InvalidMoveError": "errors",
    "InvalidPositionError": "errors",
    "Move": "engine.moves",
    "Suit": "engine.cards",
    "format_code": "engine.codes",
    "parse_code": "engine.codes",
    "play_many": "bots",
}
__all__ = [
    "RESHUFFLE",
    "ArgumentTypeError",
    "Card",
    "CrescentError",
    "CrescentWidget",
    "DealCode",
    "Game",
    "GameRecord",
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

__getattr__, __dir__ = lazy_names(globals(), _HOMES)
