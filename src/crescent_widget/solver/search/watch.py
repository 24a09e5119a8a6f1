"""Watching a search from outside: how far it has got, and a way to cancel it.

Every solver call ends in :func:`~..api.run`, whose budget check runs every few dozen
positions (the compiled core calls it with the GIL taken back). Code that runs a solver
call under :func:`watching` gets that check reported to its :class:`Watch`: the positions
searched so far, and the share of a longer job's time spent (a review's). Once the
watch is cancelled the next check raises :class:`SearchCancelled`, which ends the call
at once: nothing it found is kept.

>>> from crescent_widget import Game
>>> from crescent_widget.solver import solve
>>> watch = Watch()
>>> with watching(watch):
...     result = solve(Game.from_number(3), nodes=20_000)
>>> watch.nodes == result.nodes
True
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from typing import Final, TypeVar


def in_browser() -> bool:
    """Whether Python runs in a browser (Pyodide, as in JupyterLite): one thread, no processes."""
    return sys.platform == "emscripten"


T = TypeVar("T")

# Seconds between two progress reports: often enough to see it move, rarely enough to cost nothing.
REPORT_EVERY: Final = 0.25


class SearchCancelled(Exception):  # noqa: N818 - a signal like StopIteration, not an error
    """The search was cancelled through its :class:`Watch`; whoever cancelled it expects this."""


class Watch:
    """One job's searches seen from another thread: progress read, cancel set; both thread-safe.

    Args:
        report: called with the watch (on the searching thread) at most every
            :data:`REPORT_EVERY` seconds while a search runs, and when a job's time is planned.
    """

    def __init__(self, report: Callable[[Watch], object] | None = None) -> None:
        self._cancelled = threading.Event()
        self._report = report
        self._finished = 0  # positions of the job's searches that have ended
        self._current = 0  # positions of the search running now
        self._reported = 0.0
        self._planned: tuple[float, float] | None = None  # (start, seconds) of a job of several searches
        self.pieces = False  # the job runs in slices on a thread that has other work: yield often

    @property
    def nodes(self) -> int:
        """Positions searched so far, over every search of the job."""
        return self._finished + self._current

    @property
    def cancelled(self) -> bool:
        """Whether :meth:`cancel` was called."""
        return self._cancelled.is_set()

    def cancel(self) -> None:
        """Ask the search to stop: its next budget check raises :class:`SearchCancelled`."""
        self._cancelled.set()

    def check(self) -> None:
        """Raise :class:`SearchCancelled` if the watch is cancelled."""
        if self._cancelled.is_set():
            raise SearchCancelled

    def poll(self, nodes: int) -> None:
        """A running search's budget check: it has ``nodes`` positions behind it."""
        self._current = nodes
        self.check()
        now = time.monotonic()
        if self._report is not None and now - self._reported >= REPORT_EVERY:
            self._reported = now
            self._report(self)

    def search_ended(self, nodes: int) -> None:
        """The running search ended with ``nodes`` positions: they count as finished."""
        self._finished += nodes
        self._current = 0

    @property
    def done(self) -> float | None:
        """The share of a planned job's time spent so far (0 to 1), or None without a plan.

        It grows steadily with the clock, whatever the job's searches do in turn (a review
        jumps between positions of the game); a job that ends early simply ends.
        """
        if self._planned is None:
            return None
        start, seconds = self._planned
        return min(1.0, (time.monotonic() - start) / seconds) if seconds > 0 else 1.0

    def plan(self, seconds: float) -> None:
        """A job of several searches starts, planned to take ``seconds`` (reported at once)."""
        self._planned = (time.monotonic(), seconds)
        self.check()
        if self._report is not None:
            self._reported = time.monotonic()
            self._report(self)


def finish_steps(steps: Generator[None, None, T]) -> T:
    """Run a job made of steps (a generator that yields between them) to its end; its result."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: T = done.value
            return result


_local = threading.local()


def current() -> Watch | None:
    """The watch of the job running on this thread, if any."""
    watch: Watch | None = getattr(_local, "watch", None)
    return watch


@contextmanager
def watching(watch: Watch) -> Iterator[Watch]:
    """Report the solver calls made on this thread inside the block to ``watch``."""
    outer = current()
    _local.watch = watch
    try:
        yield watch
    finally:
        _local.watch = outer


def plan(seconds: float) -> None:
    """Tell the watching job (if any) that it starts and is planned to take ``seconds``."""
    watch = current()
    if watch is not None:
        watch.plan(seconds)
