"""The game at a table: the session every face shares, and the faces without a widget library.

:class:`Table` (in :mod:`.table`) holds a game and a player's session and takes intents as
methods (a tap is handled by ``Table.tap``); :mod:`.intents` checks a front end's raw
messages and turns them into Table calls; :mod:`.replay` steps through a narrated replay;
:mod:`.practice` sets up a practice after a review; :mod:`.terminal` is the terminal player.
The Jupyter widget (``crescent_widget.widget``) is a thin shell over a Table.
"""

from .table import PracticeState, Table, TableView

__all__ = ["PracticeState", "Table", "TableView"]
