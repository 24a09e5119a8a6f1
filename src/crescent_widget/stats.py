"""A player's statistics, kept across sessions in an SQLite file (stdlib ``sqlite3`` only).

Every finished game is one row: its variant, whether it was won, its moves and its
time. A game is one deal, counted once, whatever is loaded, replayed, reviewed, branched or
restarted on the way: as a win at its first winning move, or as a loss when the table leaves
it for another deal after a move (the rule in full: :class:`StatsKeeper`, which a
:class:`~crescent_widget.table.Table` made with ``stats=True`` owns). :meth:`StatsBook.summary`
folds the rows into :class:`VariantStats` per variant: games, wins, the current and the best
winning streak, the best time and the fewest moves of a win. :meth:`Stats.rows` is the one
table every face shows (the terminal's ``stats`` prints it, the board's statistics panel draws
it from :meth:`Stats.panel`), with honest blanks: no win rate before a game, no best time or
fewest moves before a win.

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
import tempfile
import threading
from collections.abc import Mapping
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Final

from .engine.codes import VARIANT_RESHUFFLES
from .errors import InvalidOptionError
from .words.i18n import check_lang, label

if TYPE_CHECKING:
    import sqlite3

    from .engine.game import Game

logger = logging.getLogger(__name__)

PATH_VARIABLE: Final = "CRESCENT_STATS_PATH"
SWITCH_VARIABLE: Final = "CRESCENT_STATS"
APP_DIR: Final = "crescent-widget"
FILE_NAME: Final = "stats.sqlite3"
IN_MEMORY: Final = ":memory:"
# JupyterLite's kernel sees the site's browser storage (IndexedDB) as /drive.
BROWSER_FILE: Final = Path("/drive/.crescent-widget-stats.sqlite3")
_OFF_WORDS: Final = frozenset({"0", "false", "no", "off"})
# A figure that does not exist yet (a win rate before any game, a best time before any win).
BLANK: Final = "\u2014"  # —

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

    def cells(self) -> tuple[str, ...]:
        """Its figures as a face shows them, in :data:`STATS_COLUMNS`' order after the variant:
        :data:`BLANK` for a win rate before any game and for a best time or fewest moves before
        any win (never ``0 %`` or ``00:00`` for a figure that does not exist).

        >>> VariantStats().cells()
        ('0', '0', '—', '0', '0', '—', '—')
        >>> VariantStats(3, 2, 1, 2, 61.9, 104).cells()
        ('3', '2', '67%', '1', '2', '01:01', '104')
        """
        rate = f"{round(100 * self.win_rate)}%" if self.games else BLANK
        fewest = BLANK if self.fewest_moves is None else str(self.fewest_moves)
        figures = (self.games, self.wins, rate, self.streak, self.best_streak, _clock(self.best_seconds), fewest)
        return tuple(str(figure) for figure in figures)


def _clock(seconds: float | None) -> str:
    if seconds is None:
        return BLANK
    whole = int(seconds)
    return f"{whole // 60:02d}:{whole % 60:02d}"


@dataclass(frozen=True)
class Stats:
    """Every variant's :class:`VariantStats`, shown as a table in ``lang``.

    >>> s = Stats({"N": VariantStats(games=2, wins=1, streak=1, best_streak=1, best_seconds=75.0, fewest_moves=90)})
    >>> print(s.text("en"))
    Variant         Games  Wins  Win %  Streak  Best streak  Best time  Fewest moves
    Crescent            2     1    50%       1            1      01:15            90
    Crescent Four       0     0      —       0            0          —             —
    Face-down deal      0     0      —       0            0          —             —
    >>> s["F"].games
    0
    """

    by_variant: Mapping[str, VariantStats]
    lang: str = "pl"
    enabled: bool = True

    def __getitem__(self, variant: str) -> VariantStats:
        return self.by_variant.get(variant, VariantStats())

    def rows(self, lang: str | None = None) -> tuple[tuple[str, ...], ...]:
        """The table every face shows, in ``lang``: the column names, then one row per variant
        (Crescent, Crescent Four, the face-down deal, then any other a hand-made Stats holds),
        each a variant's name and its :meth:`VariantStats.cells`."""
        lang = check_lang(self.lang if lang is None else lang)
        head = tuple(label(f"stats_{key}", lang) for key in STATS_COLUMNS)
        variants = [*VARIANT_RESHUFFLES, *sorted(set(self.by_variant) - set(VARIANT_RESHUFFLES))]
        body = tuple(
            (label(f"variant_{v}", lang) if v in VARIANT_RESHUFFLES else v, *self[v].cells()) for v in variants
        )
        return (head, *body)

    def said(self, lang: str | None = None) -> str:
        """What a face says instead of, or over, the figures: that statistics are off, that no
        game was played yet, or ``""``."""
        lang = check_lang(self.lang if lang is None else lang)
        if not self.enabled:
            return label("stats_off", lang)
        return "" if any(s.games for s in self.by_variant.values()) else label("stats_none", lang)

    def text(self, lang: str | None = None) -> str:
        """A plain-text table of :meth:`rows`, or what :meth:`said` says when there is nothing to show."""
        said = self.said(lang)
        if said:
            return said
        rows = self.rows(lang)
        widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
        lines = [
            "  ".join(
                cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths, strict=True))
            )
            for row in rows
        ]
        return "\n".join(line.rstrip() for line in lines)

    def panel(self, lang: str | None = None, won: VariantStats | None = None) -> dict[str, object]:
        """The board's statistics panel (the ``stats_panel`` trait), as JSON values: ``rows``
        (:meth:`rows`, the column names first), ``said`` (:meth:`said`), ``enabled``, and
        ``record``, what the win banner says of the variant's figures ``won`` (a win just
        counted: :meth:`StatsKeeper.win_record`), or ``""``.

        >>> s = Stats({"N": VariantStats(games=2, wins=1, streak=1, best_streak=1)})
        >>> s.panel("en")["rows"][1], s.panel("en", s["N"])["record"]
        (['Crescent', '2', '1', '50%', '1', '1', '—', '—'], 'Wins: 1, streak: 1')
        """
        lang = check_lang(self.lang if lang is None else lang)
        return {
            "enabled": self.enabled,
            "rows": [list(row) for row in self.rows(lang)],
            "said": self.said(lang),
            "record": "" if won is None else won_record(won, lang),
        }

    def __str__(self) -> str:
        return self.text()

    def _repr_pretty_(self, printer: object, cycle: bool) -> None:
        """IPython shows the table, not the dataclass."""
        printer.text(self.text())  # type: ignore[attr-defined]


STATS_COLUMNS: Final = (
    "variant", "games", "wins", "win_rate", "streak", "best_streak", "best_time", "fewest_moves",
)  # fmt: skip


def won_record(won: VariantStats, lang: str) -> str:
    """What a win says of its variant's figures: ``"Wins: 12, streak: 3"``."""
    return label("won_record", check_lang(lang), wins=won.wins, streak=won.streak)


def _load_whole(db: sqlite3.Connection, saved: bytes) -> None:
    """Fill the in-memory ``db`` with the database file ``saved`` holds (SQLite's deserialize)."""
    if sys.version_info >= (3, 11):
        db.deserialize(saved)
        return
    # Python 3.10 has no deserialize: the bytes go through a file of their own (a backup reads it).
    import sqlite3

    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / "stats.sqlite3"
        copy.write_bytes(saved)
        with closing(sqlite3.connect(copy)) as source:
            source.backup(db)


def _whole(db: sqlite3.Connection) -> bytes:
    """The in-memory ``db`` as the bytes of a database file (SQLite's serialize)."""
    if sys.version_info >= (3, 11):
        return db.serialize()
    import sqlite3

    with tempfile.TemporaryDirectory() as folder:  # Python 3.10: a backup into a file of its own
        copy = Path(folder) / "stats.sqlite3"
        with closing(sqlite3.connect(copy)) as target:
            db.backup(target)
        return copy.read_bytes()


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
                    _load_whole(db, saved)
                with db:
                    rows = list(work(db) or ())
                if db.total_changes or not saved:
                    path.write_bytes(_whole(db))
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

    A row that is no game (a file edited by hand or damaged: a variant the package does not
    have, text where a number belongs, a negative or infinite time) is left out and logged,
    never shown as a best time.
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
    return isinstance(variant, str) and variant in VARIANT_RESHUFFLES and won in (0, 1) and counts and timed


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
    """Which of a table's games count in a :class:`StatsBook`, and when: one deal, one game.

    A game is one deal at the table, from when it is dealt (``new_deal``) until the table
    leaves it for another deal. Whatever happens to it in between is the same game: undo,
    Restart, a replay or a review left or taken over (*Play from here*, *Try it*), a save of
    the same deal loaded (the same code). It counts once:

    - as a win at its first winning move played at this table (a later win of the same game,
      after an undo, a Restart or in a branch, is not counted again);
    - as a loss when the table leaves it for another deal (a new game, a game of another deal
      loaded, a lesson) after at least one move or reshuffle was played in it here, unwon.

    So a loss followed by Restart, or by a branch from the review, and then a win is one game,
    won. A game that arrives already won (a won save loaded, or the end of a replay taken
    over) is no win of this table's, and nothing played in it counts. Only dealt games count:
    a position built with ``Game.from_layout`` has no deal. While a lesson holds the table,
    and after it until another deal arrives, nothing counts: a lesson may start from a real
    deal. A book that cannot be written (the file became a directory, a disk is full) turns
    the statistics off with one warning; play goes on.

    The figures a view shows (:meth:`known`) are read from the book once and again only when
    they may have changed: after a game counted here, at a new deal (another kernel may have
    counted games meanwhile), and whenever :meth:`summary` reads the book anyway.
    """

    def __init__(self, book: StatsBook | None) -> None:
        self._book = book
        self._known: dict[str, VariantStats] | None = None  # the book's figures as last read
        self._game: Game | None = None  # the game of the deal at the table, as last seen
        self._code = ""
        self._played = False  # a move or reshuffle was played in it here
        self._settled = True  # it counts no more: counted, won on arrival, a lesson's, or no deal
        self._lesson = False
        self._won_here = False  # the game at the table was counted as won here

    @property
    def enabled(self) -> bool:
        """Whether games are being kept."""
        return self._book is not None

    def arrive(self, game: Game, *, new_deal: bool = False) -> None:
        """A game is put on the table: a new deal, or any other (a restart, a load, a branch taken
        over); not a replay's position. The same deal (its code) goes on as the same game."""
        if not new_deal and game.code and game.code == self._code:
            self._game = game
            return
        self._leave()
        if new_deal:
            self._known = None
        self._game, self._code, self._played, self._won_here = game, game.code or "", False, False
        self._settled = self._lesson or game.status == "won" or not game.code

    def played(self, game: Game) -> None:
        """A move or a reshuffle was played on ``game`` (the table's): a first win counts now."""
        self._game, self._played = game, True
        if game.status == "won" and not self._settled:
            self._settled = self._won_here = True
            self._add(game, won=True)

    def lesson(self, holds: bool) -> None:
        """A lesson takes the table (``True``: the game there is left) or leaves it (``False``:
        its position stays uncounted until another deal arrives)."""
        if holds:
            self._leave()
        self._lesson = holds

    def summary(self, lang: str) -> Stats:
        """Every variant's statistics, in ``lang``, read from the book now; off when no book is
        kept (or it failed)."""
        book = self._book
        if book is None:
            return Stats({}, lang, enabled=False)
        try:
            self._known = book.summary()
        except InvalidOptionError as err:
            self._fail(err)
            return Stats({}, lang, enabled=False)
        return Stats(self._known, lang)

    def known(self, lang: str) -> Stats:
        """As :meth:`summary`, from the figures last read unless they may have changed since
        (see the class docs): what a view shows, at no cost per action."""
        if self._book is None or self._known is None:
            return self.summary(lang)
        return Stats(self._known, lang)

    def win_record(self, variant: str) -> VariantStats | None:
        """The figures of ``variant`` to say with the win of the game at the table (its wins, its
        streak), or ``None`` unless that game was counted as won here: no statistics kept, a
        lesson's win, a won save loaded, a position with no deal (figures without this win
        would say "streak: 0" under "You won!")."""
        if self._book is None or self._lesson or not self._won_here:
            return None
        stats = self.known("en")
        return stats[variant] if stats.enabled else None

    def close(self) -> None:
        """Keep nothing more (the table is closed): the book is let go."""
        self._book = None

    def _leave(self) -> None:
        game = self._game
        if game is not None and self._played and not self._settled:
            self._add(game, won=False)
        self._settled = True

    def _add(self, game: Game, *, won: bool) -> None:
        book = self._book
        if book is not None:
            self._known = None
            try:
                book.add(game.variant, won=won, moves=game.move_count, seconds=game.elapsed)
            except InvalidOptionError as err:
                self._fail(err)

    def _fail(self, err: InvalidOptionError) -> None:
        """The book cannot be used any more: say it once, keep nothing more, play on."""
        self._book = None
        logger.warning("statistics are off: %s", err)
