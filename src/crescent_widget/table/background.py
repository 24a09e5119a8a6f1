"""The table's searches off the kernel's thread: review, "Still winnable?", hints, the teaching check.

A board's button must not hold the kernel while the solver thinks: a tap that comes
meanwhile would wait for the whole search. So the table hands each search to
:class:`Searches`, which runs it on a copy of the game and, when it ends, applies its
result under the table's lock, but only while the position it was asked about still
stands (the table's :meth:`stamp`); a result about another position is dropped. The next
action that changes the position cancels the search at its next budget check
(:class:`~crescent_widget.solver.search.watch.Watch`), and so does the board's Stop (or Escape).

A job is a generator: it yields between slices of its work and returns its result.
Where Python has threads the whole generator runs on a thread of its own (the compiled
core releases the GIL while it searches, so the kernel answers taps meanwhile). In the
browser (Pyodide has one thread) the slices run one at a time from the event loop, and
the board is answered between them; ``CRESCENT_SEARCH=slices`` forces that way here too
(``thread`` forces threads).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sys
import threading
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any, Final, Literal

from ..errors import CrescentError
from ..solver.search.watch import SearchCancelled, Watch, in_browser, watching
from ..words.i18n import Lang, label, searched_text
from .serial import Serial

logger = logging.getLogger(__name__)

SearchKind = Literal["hint", "winnable", "check", "review"]
Mode = Literal["thread", "slices"]
Steps = Generator[None, None, Any]
MODE_VAR: Final = "CRESCENT_SEARCH"
# How much nicer than the kernel a search thread is (Linux niceness), up to the nicest there is.
SEARCH_NICENESS: Final = 10
NICEST: Final = 19


def search_mode() -> Mode:
    """Threads where Python has them; slices in the browser or when ``CRESCENT_SEARCH=slices``."""
    forced = os.environ.get(MODE_VAR, "").strip()
    if forced in ("thread", "slices"):
        return "thread" if forced == "thread" else "slices"
    return "slices" if in_browser() or not _threads_work() else "thread"


def _threads_work() -> bool:
    try:
        import _thread  # noqa: F401 - absent where Python is built without threads

        return True
    except ImportError:
        return False


def soon(callback: Callable[[], None]) -> None:
    """Run ``callback`` from the event loop once what is waiting there has run (a tap, a redraw)."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        loop = asyncio.get_event_loop_policy().get_event_loop()
    loop.call_soon(callback)


def _yield_to_the_board() -> None:
    """Lower this thread's CPU priority (Linux): where the cores are busy, the kernel's
    thread and the browser answering a tap go first, and the search takes what is left."""
    if not sys.platform.startswith("linux"):
        return
    thread = threading.get_native_id()
    with contextlib.suppress(OSError):  # a sandbox may forbid it: the search runs all the same
        # Relative to the kernel's (which this thread inherited): a kernel run under `nice`
        # is already at 10 or more, and root could even set a niceness lower than it.
        kernel = os.getpriority(os.PRIO_PROCESS, thread)
        os.setpriority(os.PRIO_PROCESS, thread, min(kernel + SEARCH_NICENESS, NICEST))


@dataclass(eq=False)
class Job:
    """One search: what it is, the position it is about, its steps, and what to do with its result."""

    kind: SearchKind
    stamp: object
    steps: Steps
    apply: Callable[[Any], None]
    watch: Watch
    thread: threading.Thread | None = None  # the thread it runs on (None: in slices)


class Searches:
    """The one search a table runs in the background (a new one replaces it).

    Args:
        serial: the table's lock: a result is applied holding it, and what that queues for
            outside code runs once it is let go (:class:`~.serial.Serial`).
        stamp: the table's current position, comparable with ``==``.
        show: publish the table's view (called holding the lock).
        refuse: show why a search was refused (called holding the lock).
        report: the running search made progress (called on the searching thread, no lock held).
        schedule: how slices are run one after another (the event loop by default).
    """

    def __init__(
        self,
        *,
        serial: Serial,
        stamp: Callable[[], object],
        show: Callable[[], None],
        refuse: Callable[[CrescentError], None],
        report: Callable[[], None],
        schedule: Callable[[Callable[[], None]], None] = soon,
    ) -> None:
        self._serial = serial
        self._ended = threading.Condition(serial.lock)
        self._stamp = stamp
        self._show = show
        self._refuse = refuse
        self._report = report
        self._schedule = schedule
        self._job: Job | None = None
        self._stopping: list[threading.Thread] = []  # threads of cancelled searches, until joined

    @property
    def running(self) -> SearchKind | None:
        """The kind of the search running now, or ``None``."""
        job = self._job
        return None if job is None else job.kind

    def start(self, kind: SearchKind, steps: Steps, apply: Callable[[Any], None]) -> None:
        """Run ``steps`` in the background and ``apply`` its result if the position still stands.

        Called holding the table's lock; a search already running is cancelled.
        """
        self.cancel()
        watch = Watch(lambda _watch: self._report())
        watch.pieces = search_mode() == "slices"
        job = self._job = Job(kind, self._stamp(), steps, apply, watch)
        if not watch.pieces:
            job.thread = threading.Thread(target=self._run_all, args=(job,), name=f"crescent-{kind}", daemon=True)
            job.thread.start()
        else:
            self._schedule(lambda: self._run_slice(job))

    def cancel(self) -> bool:
        """Cancel the running search, if any; whether there was one (holding the lock)."""
        job, self._job = self._job, None
        if job is None:
            return False
        job.watch.cancel()
        self._ended.notify_all()
        if job.thread is not None:
            self._stopping = [thread for thread in self._stopping if thread.is_alive()] + [job.thread]
        return True

    def join(self, timeout: float | None) -> bool:
        """Wait up to ``timeout`` seconds in all (``None``: no limit) for the threads of cancelled searches to end
        (not holding the lock, which their last step takes); whether every one has."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._serial.lock:
            stopping = list(self._stopping)
        for thread in stopping:
            if thread is not threading.current_thread():  # a search's own callback may close its table
                thread.join(None if deadline is None else max(0.0, deadline - time.monotonic()))
        return not any(thread.is_alive() for thread in stopping if thread is not threading.current_thread())

    def check(self) -> None:
        """Cancel the running search if the position it is about no longer stands (holding the lock)."""
        job = self._job
        if job is not None and job.stamp != self._stamp():
            self.cancel()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait (holding the lock, which the wait lets go) until no search runs; whether none does.

        Slices run on this very thread, between its other work: there it does not wait.
        """
        if search_mode() == "slices":
            return self._job is None
        ended = self._ended.wait_for(lambda: self._job is None, timeout)
        self._serial.adopt()  # the result's view, queued by the search's thread, is shown before this returns
        return ended

    def text(self, lang: Lang) -> str:
        """What the board says while the search runs ("" when none does)."""
        job = self._job
        if job is None:
            return ""
        watch = job.watch
        if job.kind == "review":  # the share of its time spent: steady, where its positions jump about
            done = watch.done
            return label("searching_review", lang, percent=0 if done is None else int(100 * done))
        return label(f"searching_{job.kind}", lang, searched=searched_text(watch.nodes, lang))

    # ------------------------------------------------------------------ running a job

    def _run_all(self, job: Job) -> None:
        """A thread's whole job, then its result applied."""
        _yield_to_the_board()
        self._advance(job, to_the_end=True)

    def _run_slice(self, job: Job) -> None:
        """One slice of a job on the event loop; the next is scheduled after it."""
        if self._job is not job:
            job.steps.close()
            return
        if self._advance(job, to_the_end=False):
            self._schedule(lambda: self._run_slice(job))

    def _advance(self, job: Job, *, to_the_end: bool) -> bool:
        """Run one slice of ``job`` (or all); whether it goes on (else its end is settled)."""
        try:
            with watching(job.watch):
                next(job.steps)
                while to_the_end:
                    next(job.steps)
        except StopIteration as done:
            self._settle(job, done.value, None)
        except SearchCancelled:
            self._settle(job, None, None)
        except CrescentError as err:
            from ..solver.search.backends import SolverBackendError  # loaded by now: the search raised

            if isinstance(err, SolverBackendError):  # a setting to fix, not a refusal: say it loudly
                logger.warning("the solver cannot answer the %s button: %s", job.kind, err)
            self._settle(job, None, err)
        except Exception:  # a solver bug must not leave the board searching for ever
            logger.exception("the %s search failed", job.kind)
            self._settle(job, None, None)
        else:
            return True
        return False

    def _settle(self, job: Job, result: object, error: CrescentError | None) -> None:
        """Apply a finished job's result, unless it was cancelled or its position is gone.

        What the result queues for outside code (the view, callbacks) runs once the lock is
        let go; a thread already running queued calls runs these too (``wait=False``: this
        thread is not kept waiting for it, which may be waiting to join this one).
        """
        with self._serial.held(wait=False):
            if self._job is not job:
                return  # cancelled or replaced: whoever did that has shown the table since
            self._job = None
            self._ended.notify_all()
            try:
                if job.watch.cancelled or job.stamp != self._stamp() or (result is None and error is None):
                    self._show()  # nothing to apply: cancelled, outdated, or failed (logged above)
                elif error is not None:
                    self._refuse(error)
                else:
                    job.apply(result)
            except Exception:  # on a thread or the event loop, nobody would see it
                logger.exception("applying the %s search failed", job.kind)
