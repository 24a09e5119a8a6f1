"""The Python half of an app page: a :class:`~crescent_widget.table.Table` in Pyodide, its view as
the board's state, and the board's messages as intents. ``python.js`` runs this file in the page
and calls :func:`open_board`; no widget library is loaded (no anywidget, ipywidgets or traitlets).

The board (``js/widget.js``, the very bundle the Jupyter widget uses) reads the state that
:class:`PageBoard` sends, one JSON object of the widget's synced traits by name
(:func:`~crescent_widget.table.protocol.view_traits`), and sends back what it sends a widget:
intents, settings, a request for the clock, and the few options a front end may set
(``lessons_done``). Every message goes to the table's protocol, as the widget's do.
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import Callable

from crescent_widget.engine.game import Game
from crescent_widget.errors import CrescentError
from crescent_widget.table.protocol import handle, update, view_traits
from crescent_widget.table.table import Table, TableView

logger = logging.getLogger("crescent_widget.page")

Send = Callable[[str], object]


class PageBoard:
    """One board of an app page: the table (which owns the game, the lesson, the settings) and
    what the page's board is sent.

    ``send_state(json_text)`` gets the whole state after every change (the page's model tells
    the board which traits changed); ``send_message(json_text)`` a message for the board (the
    clock). Every message of the board goes to the table's protocol
    (:mod:`crescent_widget.table.protocol`), as a widget's does.
    """

    def __init__(self, table: Table, send_state: Send, send_message: Send) -> None:
        self._table = table
        self._send_state = send_state
        self._send_message = send_message
        self._view: TableView = table.view()
        self._search = ""  # the search's progress since the last view
        self._holding = 0
        self._dirty = False
        table.background = True  # searches in slices from the event loop: taps are answered meanwhile
        table.on_view = self._on_view
        table.on_search = self._on_search

    @property
    def table(self) -> Table:
        """The table this board shows."""
        return self._table

    def start_lesson(self, number: int, done: list[str]) -> None:
        """Show lesson ``number`` (1-based) of the course, with the lessons this browser has done."""
        self._hold(lambda: self._start_lesson(number, done))

    def _start_lesson(self, number: int, done: list[str]) -> None:
        try:
            self._table.lessons_done = done
        except CrescentError as err:  # the browser's storage may hold anything
            logger.warning("ignored the lessons done this browser kept: %s", err)
        self._table.start_lesson(number)

    def message(self, text: str) -> None:
        """A message of the board (JSON); a malformed one is logged and dropped, never raised."""
        try:
            content = json.loads(text)
        except ValueError:
            logger.warning("ignored a board message that is not JSON")
            return
        self._hold(lambda: handle(self._table, content, lambda answer: self._send_message(json.dumps(answer))))

    def update(self, text: str) -> None:
        """The board's own writes (``model.save_changes()``): the options a front end may set."""
        try:
            changes = json.loads(text)
        except ValueError:
            return
        self._hold(lambda: update(self._table, changes))

    def _hold(self, act: Callable[[], object]) -> None:
        """While a message is handled, its changes go out as one state (the widget's ``hold_sync``)."""
        self._holding += 1
        try:
            act()
        finally:
            self._holding -= 1
            if not self._holding and self._dirty:
                self.publish()

    def _on_view(self, view: TableView) -> None:
        self._view, self._search = view, ""
        self.publish()

    def _on_search(self, text: str) -> None:
        self._search = text
        self.publish()

    def publish(self) -> None:
        """Send the whole state now, or once the message being handled is done."""
        if self._holding:
            self._dirty = True
            return
        self._dirty = False
        state = view_traits(self._view)
        state.update(search=self._search or self._view.search, lesson_storage="")  # the page keeps lessons itself
        self._send_state(json.dumps(state))


# A position's task "find the move that keeps the win" is the table's practice
# (Table.practice): each try judged by the solver, taken back unless it keeps the win, the
# better move lit after three. Its first search for the position's win holds the page for
# at most this long (Pyodide has one thread); the tries go on with it.
KEEP_SECONDS = 1.5


def open_board(options_text: str, send_state: Send, send_message: Send) -> tuple[PageBoard, str]:
    """The page's board from its options (JSON: ``lang``, and ``code`` or ``position`` (with
    ``task`` ``"keep"``: find the move that keeps the win), or ``lesson`` with ``done``); with
    ``""``, or the reason the link's game could not be dealt (``"code"`` or ``"position"``: the
    board then deals a random game)."""
    options = json.loads(options_text)
    lang = options.get("lang", "pl")
    trouble = ""
    table: Table | None = None
    if options.get("position"):
        try:
            table = Table.from_game(Game.from_position(str(options["position"])), lang=lang)
        except CrescentError:
            trouble = "position"
    elif options.get("code"):
        try:
            table = Table(str(options["code"]), lang=lang)
        except CrescentError:
            trouble = "code"
    board = PageBoard(table or Table(lang=lang), send_state, send_message)
    if table is not None and options.get("position") and options.get("task") == "keep":
        with contextlib.suppress(CrescentError):  # a position proven lost: the board says so, and plays on
            table.practice(table.game, seconds=KEEP_SECONDS)
    if options.get("lesson"):
        board.start_lesson(int(options["lesson"]), [str(key) for key in options.get("done", [])])
    else:
        board.publish()
    return board, trouble
