"""A player's statistics, kept across sessions in an SQLite file (stdlib ``sqlite3`` only).

Every finished game is one row: its variant, whether it was won, its moves and its
time. A game counts once it ends: won, blocked, or left for another deal after at least
one move. :meth:`StatsBook.summary` folds the rows into :class:`VariantStats` per variant: games,
wins, the current and the best winning streak, the best time and the fewest moves of a
win.

Where the file lives (:func:`stats_path`): ``$CRESCENT_STATS_PATH`` if set (tests, or a
player's own choice), else ``crescent-widget/stats.sqlite3`` under the platform's user
data directory: ``%APPDATA%`` on Windows, ``~/Library/Application Support`` on macOS,
``$XDG_DATA_HOME`` (default ``~/.local/share``) elsewhere. ``CRESCENT_STATS=0`` turns
keeping statistics off. In JupyterLite the file is ``/drive/.crescent-widget-stats.sqlite3``,
kept in the browser's storage with the site's notebooks; that storage keeps whole files
only, so the database is read and written whole there. Where no such drive exists, or
``CRESCENT_STATS_PATH=:memory:``, the games are kept in memory for the session only
(without ``sqlite3``).

>>> import tempfile, pathlib
>>> book = StatsBook(pathlib.Path(tempfile.mkdtemp()) / "stats.sqlite3")
>>> book.add("N", won=True, moves=120, seconds=300.0)
>>> book.add("N", won=False, moves=40, seconds=90.0)
>>> book.add("N", won=True, moves=110, seconds=330.0)
>>> s = book.summary()["N"]
>>> s.games, s.wins, s.streak, s.best_streak, s.best_seconds, s.fewest_moves
(3, 2, 1, 1, 300.0, 110)
"""

from __future__ import annotations

import logging
import math
import os
import sys
import threading
from collections.abc import Mapping
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Final

from .deprecation import renamed
from .errors import InvalidOptionError
from .words.i18n import check_lang, label

if TYPE_CHECKING:
    from .engine.game import Game
    from .engine.moves import Move
    from .table.table import Table

logger = logging.getLogger(__name__)

PATH_VARIABLE: Final = "CRESCENT_STATS_PATH"
SWITCH_VARIABLE: Final = "CRESCENT_STATS"
APP_DIR: Final = "crescent-widget"
FILE_NAME: Final = "stats.sqlite3"
IN_MEMORY: Final = ":memory:"
# JupyterLite's kernel sees the site's browser storage (IndexedDB) as /drive.
BROWSER_FILE: Final = Path("/drive/.crescent-widget-stats.sqlite3")
_OFF_WORDS: Final = frozenset({"0", "false", "no", "off"})

SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    variant TEXT NOT NULL,
    won INTEGER NOT NULL,
    moves INTEGER NOT NULL,
    seconds REAL NOT NULL,
    ended_at TEXT NOT NULL DEFAULT (datetime('now'))
)
"""


def user_data_dir(env: Mapping[str, str] | None = None, platform: str | None = None) -> Path:
    """The platform's directory for a user's application data (not created).

    >>> str(user_data_dir({"XDG_DATA_HOME": "/data", "HOME": "/home/a"}, "linux"))
    '/data'
    >>> str(user_data_dir({"HOME": "/home/a"}, "linux"))
    '/home/a/.local/share'
    >>> str(user_data_dir({"HOME": "/Users/a"}, "darwin"))
    '/Users/a/Library/Application Support'
    """
    env = os.environ if env is None else env
    platform = sys.platform if platform is None else platform
    home = Path(env.get("HOME") or Path.home())
    if platform == "win32":
        return Path(env.get("APPDATA") or home / "AppData" / "Roaming")
    if platform == "darwin":
        return home / "Library" / "Application Support"
    xdg = env.get("XDG_DATA_HOME", "")
    # The XDG spec: a relative path is invalid and must be ignored.
    return Path(xdg) if xdg and Path(xdg).is_absolute() else home / ".local" / "share"


def stats_enabled(env: Mapping[str, str] | None = None) -> bool:
    """Whether statistics are kept: ``CRESCENT_STATS`` unset, or not one of 0/false/no/off."""
    env = os.environ if env is None else env
    return env.get(SWITCH_VARIABLE, "").strip().lower() not in _OFF_WORDS


def stats_path(env: Mapping[str, str] | None = None, platform: str | None = None) -> str:
    """Where the statistics file is: see the module docs (``":memory:"`` in Pyodide)."""
    env = os.environ if env is None else env
    platform = sys.platform if platform is None else platform
    if env.get(PATH_VARIABLE):
        return env[PATH_VARIABLE]
    if platform == "emscripten":
        return str(BROWSER_FILE) if BROWSER_FILE.parent.is_dir() else IN_MEMORY
    return str(user_data_dir(env, platform) / APP_DIR / FILE_NAME)


@dataclass(frozen=True)
class VariantStats:
    """The statistics of one variant; times in seconds, ``None`` before the first win."""

    games: int = 0
    wins: int = 0
    streak: int = 0  # wins in a row, up to the last game
    best_streak: int = 0
    best_seconds: float | None = None
    fewest_moves: int | None = None

    @property
    def win_rate(self) -> float:
        """Wins per game (0.0 before any game)."""
        return self.wins / self.games if self.games else 0.0


def _clock(seconds: float | None) -> str:
    if seconds is None:
        return "–"
    whole = int(seconds)
    return f"{whole // 60:02d}:{whole % 60:02d}"


@dataclass(frozen=True)
class Stats:
    """Every variant's :class:`VariantStats`, shown as a table in ``lang``.

    >>> s = Stats({"N": VariantStats(games=2, wins=1, streak=1, best_streak=1, best_seconds=75.0, fewest_moves=90)})
    >>> print(s.text("en"))
    Variant   Games  Wins  Streak  Best streak  Best time  Fewest moves
    Crescent      2     1       1            1      01:15            90
    >>> s["F"].games
    0
    """

    by_variant: Mapping[str, VariantStats]
    lang: str = "pl"
    enabled: bool = True

    def __getitem__(self, variant: str) -> VariantStats:
        return self.by_variant.get(variant, VariantStats())

    def text(self, lang: str | None = None) -> str:
        """A plain-text table, one line per variant played."""
        lang = check_lang(self.lang if lang is None else lang)
        if not self.enabled:
            return label("stats_off", lang)
        head = [label(f"stats_{key}", lang) for key in STATS_COLUMNS]
        rows = [head]
        for variant, s in sorted(self.by_variant.items()):
            rows.append([
                label(f"variant_{variant}", lang), str(s.games), str(s.wins), str(s.streak), str(s.best_streak),
                _clock(s.best_seconds), "–" if s.fewest_moves is None else str(s.fewest_moves),
            ])  # fmt: skip
        if len(rows) == 1:
            return label("stats_none", lang)
        widths = [max(len(row[i]) for row in rows) for i in range(len(head))]
        lines = [
            "  ".join(
                cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths, strict=True))
            )
            for row in rows
        ]
        return "\n".join(line.rstrip() for line in lines)

    def __str__(self) -> str:
        return self.text()

    def _repr_pretty_(self, printer: object, cycle: bool) -> None:
        """IPython shows the table, not the dataclass."""
        printer.text(self.text())  # type: ignore[attr-defined]


STATS_COLUMNS: Final = ("variant", "games", "wins", "streak", "best_streak", "best_time", "fewest_moves")


class StatsBook:
    """The statistics file: :meth:`record` a finished game, :meth:`summary` to read.

    Each call opens the file and closes it again, so several kernels and widgets can
    share it. ``":memory:"`` keeps the games in a list for this session instead. With
    ``whole_file=True`` the database is read and written as one piece (SQLite's
    serialize), for a file system that stores whole files only: JupyterLite's browser
    storage.

    Raises:
        InvalidOptionError: the file cannot be opened or is not a statistics file.
    """

    def __init__(self, path: str | Path, *, whole_file: bool = False) -> None:
        self._path = str(path)
        self._whole_file = whole_file
        self._lock = threading.Lock()
        self._memory: list[tuple[object, ...]] | None = [] if self._path == IN_MEMORY else None
        if self._memory is None:
            with self._lock:
                self._run(lambda db: db.execute(SCHEMA))

    @property
    def path(self) -> str:
        """The file (or ``":memory:"``)."""
        return self._path

    def _run(self, work: object) -> list[tuple[object, ...]]:
        """Run ``work(connection)`` in one transaction and return the rows it fetched."""
        assert callable(work)
        try:
            import sqlite3  # only for a file: Pyodide's kernel may not have the module
        except ImportError as err:
            raise InvalidOptionError(f"no statistics file without sqlite3: {err}") from None
        try:
            path = Path(self._path)
            path.parent.mkdir(parents=True, exist_ok=True)
            if not self._whole_file:
                with closing(sqlite3.connect(path, timeout=5.0)) as db, db:
                    return list(work(db) or ())
            with closing(sqlite3.connect(IN_MEMORY)) as db:
                saved = path.read_bytes() if path.exists() else b""
                if saved:
                    db.deserialize(saved)
                with db:
                    rows = list(work(db) or ())
                if db.total_changes or not saved:
                    path.write_bytes(db.serialize())
                return rows
        except (OSError, sqlite3.Error) as err:
            raise InvalidOptionError(f"the statistics file {self._path!r} cannot be used: {err}") from None

    def add(self, variant: str, *, won: bool, moves: int, seconds: float) -> None:
        """Add one finished game (a game's own ``record()`` is its text: a book adds rows)."""
        row = (variant, int(won), int(moves), float(seconds))
        with self._lock:
            if self._memory is not None:
                self._memory.append(row)
                return
            self._run(
                lambda db: db.execute("INSERT INTO games (variant, won, moves, seconds) VALUES (?, ?, ?, ?)", row)
            )

    # The former name, kept for one release.
    record = renamed(add, "record", "StatsBook")

    def summary(self) -> dict[str, VariantStats]:
        """Every variant played, folded into its :class:`VariantStats`."""
        with self._lock:
            if self._memory is not None:
                return summarize(list(self._memory))
            rows = self._run(
                lambda db: db.execute("SELECT variant, won, moves, seconds FROM games ORDER BY id").fetchall()
            )
        return summarize(rows)

    def clear(self) -> None:
        """Forget every game."""
        with self._lock:
            if self._memory is not None:
                self._memory.clear()
                return
            self._run(lambda db: db.execute("DELETE FROM games"))


def summarize(rows: list[tuple[object, ...]]) -> dict[str, VariantStats]:
    """Fold ``(variant, won, moves, seconds)`` rows, oldest first, into stats per variant.

    A row that is no game (a file edited by hand or damaged: text where a number belongs,
    a negative or infinite time) is left out and logged, never shown as a best time.
    """
    found: dict[str, VariantStats] = {}
    left_out = 0
    for variant, won, moves, seconds in rows:
        if not _is_game(variant, won, moves, seconds):
            left_out += 1
            continue
        assert isinstance(moves, int) and isinstance(seconds, int | float)  # checked just above
        key = str(variant)
        s = found.get(key, VariantStats())
        if won:
            streak = s.streak + 1
            best_time = float(seconds) if s.best_seconds is None else min(s.best_seconds, float(seconds))
            fewest = moves if s.fewest_moves is None else min(s.fewest_moves, moves)
            s = VariantStats(s.games + 1, s.wins + 1, streak, max(streak, s.best_streak), best_time, fewest)
        else:
            s = VariantStats(s.games + 1, s.wins, 0, s.best_streak, s.best_seconds, s.fewest_moves)
        found[key] = s
    if left_out:
        logger.warning("left out %d rows of the statistics file that are not games", left_out)
    return found


def _is_game(variant: object, won: object, moves: object, seconds: object) -> bool:
    """Whether a row holds a game as :meth:`StatsBook.add` writes one."""
    counts = isinstance(moves, int) and not isinstance(moves, bool) and moves >= 0
    timed = isinstance(seconds, int | float) and not isinstance(seconds, bool) and 0 <= seconds < math.inf
    return isinstance(variant, str) and won in (0, 1) and counts and timed


def open_book(enabled: bool = True) -> StatsBook | None:
    """The statistics file of this user, or ``None`` when statistics are off (option or environment)."""
    if not enabled or not stats_enabled():
        return None
    try:
        return StatsBook(stats_path(), whole_file=sys.platform == "emscripten")
    except InvalidOptionError as err:  # the game goes on without them, and says why once
        logger.warning("statistics are off: %s", err)
        return None


class StatsKeeper:
    """Writes a table's finished games into a :class:`StatsBook`.

    A won game counts at its winning move (an undo and a second win do not count it
    again). A game left unwon (a new deal, a loaded game) after at least one move counts
    as lost when it is left. Only dealt games count: a position built with
    ``Game.from_layout`` has no deal to compare with.

    While :attr:`counting` is off (a lesson holds the board), the games the table shows
    never count, not even after it is on again: a lesson may start from a real deal.
    """

    def __init__(self, table: Table, book: StatsBook) -> None:
        self.book = book
        self.counting = True
        self._table = table
        self._game = table.game
        self._counted = False
        table.on_action(self._on_action)

    def settle(self) -> None:
        """Count a game the table left without an action (a loaded game, a lesson's board) now.

        Left alone it would count only at the next action, and its clock, still running,
        would add the time spent on what replaced it.
        """
        self._on_action("", None)

    def _on_action(self, _kind: str, _move: Move | None) -> None:
        game = self._table.game
        if game is not self._game and not self._table.replaying:
            self._leave(self._game)
            self._game, self._counted = game, not self.counting
        if game is self._game and game.status == "won" and not self._counted:
            self._counted = True
            if game.code:
                self.book.add(game.variant, won=True, moves=game.move_count, seconds=game.elapsed)

    def _leave(self, game: Game) -> None:
        if not self._counted and game.code and game.move_count > 0 and game.status != "won":
            self.book.add(game.variant, won=False, moves=game.move_count, seconds=game.elapsed)
