"""The survey's progress bar: tqdm's when installed, else a plain one-line text bar.

``tqdm.auto`` draws a notebook bar in Jupyter and a text bar in a terminal. tqdm comes with
``pip install crescent-widget[survey]`` but stays optional: a survey over local processes
needs no extra, so the command works without it, and draws the plain bar.

>>> import io
>>> bar = Progress(2, io.StringIO())
>>> bar.update({"status": "won"}); bar.update({"status": "lost"}); bar.close()
>>> bar.done, bar.counts
(2, {'won': 1, 'lost': 1, 'unknown': 0})
"""

from __future__ import annotations

import importlib
import sys
import time
from collections.abc import Iterable, Iterator
from typing import Any, Final, TextIO

Record = dict[str, Any]
BAR_FORMAT: Final = "{l_bar}{bar}| {n_fmt}/{total_fmt}{postfix} {rate_fmt}, {elapsed}, ETA {remaining}"
WIDTH: Final = 30


def _tqdm() -> Any:
    """``tqdm.auto.tqdm``, or None without tqdm (typed Any: tqdm's hints vary by version)."""
    try:
        return importlib.import_module("tqdm.auto").tqdm
    except ImportError:
        return None


class Progress:
    """Deals done of ``total``, the tally so far, the rate and the time left.

    Args:
        total: deals to solve.
        out: where a text bar goes (stderr by default); a notebook bar ignores it.
        plain: draw the plain text bar even when tqdm is installed.
    """

    def __init__(self, total: int, out: TextIO | None = None, *, plain: bool = False) -> None:
        self.total = total
        self.out = out if out is not None else sys.stderr
        self.done = 0
        self.counts = {"won": 0, "lost": 0, "unknown": 0}
        self.started = time.perf_counter()
        tqdm = None if plain else _tqdm()
        self._bar = (
            tqdm(total=total, file=self.out, unit=" deals", desc="survey", bar_format=BAR_FORMAT)
            if tqdm is not None
            else None
        )

    def update(self, record: Record) -> None:
        """Count one finished deal and redraw."""
        self.done += 1
        self.counts[record["status"]] += 1
        if self._bar is not None:
            self._bar.set_postfix(self.counts, refresh=False)
            self._bar.update(1)
            return
        elapsed = time.perf_counter() - self.started
        rate = self.done / elapsed if elapsed > 0 else 0.0
        left = (self.total - self.done) / rate if rate > 0 else 0.0
        filled = WIDTH * self.done // max(1, self.total)
        tally = " ".join(f"{k} {v}" for k, v in self.counts.items())
        self.out.write(
            f"\r[{'#' * filled}{'.' * (WIDTH - filled)}] {self.done}/{self.total} {tally} "
            f"{rate:.2f} deals/s, {elapsed:.0f}s, ETA {left:.0f}s "
        )
        self.out.flush()

    def close(self) -> None:
        """End the bar (a text bar ends its line)."""
        if self._bar is not None:
            self._bar.close()
        else:
            self.out.write("\n")


def with_progress(records: Iterable[Record], total: int, out: TextIO | None = None) -> Iterator[Record]:
    """Pass the survey's records through, drawing the bar as they come (for notebooks and scripts).

    ``for record in with_progress(run_survey(deals, seconds=1, jobs=2), len(deals)): ...``
    """
    bar = Progress(total, out)
    try:
        for record in records:
            bar.update(record)
            yield record
    finally:
        bar.close()
