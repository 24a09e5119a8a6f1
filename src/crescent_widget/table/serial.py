"""One lock around every public method of a class, and no outside code while it is held: :class:`Serial`.

A :class:`~crescent_widget.table.Table` is driven by a widget's comm messages, by a search
thread that brings back its result, and, in the same kernel, by a user's own thread (a bot
playing while the person watches). Each of its actions reads and changes several fields of
the game and the session; two running at once can leave a foundation without its base card.
:func:`serialized` wraps every public entry point in the lock, rather than picking the ones
that look risky today, so that a method added later is safe too.

Outside code (a view published into a widget's traits and their observers, an action
callback, a search's progress) never runs while that lock is held: it may wait for another
thread that waits for the lock, which is a deadlock. A locked method queues such calls with
:meth:`Serial.later`; they run once the outermost locked call on the thread has let the lock
go (:meth:`Serial.deliver`), in the order they were queued, one at a time, with no lock held.
When another thread is running queued calls at that moment, it runs these too, and the
acting thread waits until they have run, so that a method returns with its view published.

>>> @serialized
... class Counter:
...     def __init__(self) -> None:
...         self._serial = Serial()
...         self.count = 0
...         self.heard: list[int] = []
...     def bump(self) -> int:
...         self.count += 1
...         count = self.count
...         self._serial.later(lambda: self.heard.append(count))  # runs once the lock is let go
...         return count
>>> counter = Counter()
>>> counter.bump(), counter.heard
(1, [1])
"""

from __future__ import annotations

import functools
import inspect
import logging
import threading
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

T = TypeVar("T")
logger = logging.getLogger(__name__)

_UNLOCKED: set[Callable[..., Any]] = set()


class Serial:
    """A re-entrant lock, and the calls to outside code queued while it was held (see the module docs).

    The lock order is this lock first, then the queue's own, which guards the queue only
    and is never held while a call runs or while this lock is taken.
    """

    def __init__(self) -> None:
        self.lock = threading.RLock()
        self._depth = threading.local()  # how deeply the calling thread is nested in held()
        self._calls: deque[Callable[[], object]] = deque()
        self._queue = threading.Condition(threading.Lock())
        self._runner: int | None = None  # the thread running queued calls now
        self._queued = 0
        self._delivered = 0

    @contextmanager
    def held(self, *, wait: bool = True) -> Iterator[None]:
        """Hold the lock; when the outermost hold on this thread ends, run the queued calls.

        ``wait=False`` (a search thread bringing back its result) leaves the calls to a thread
        already running queued calls rather than waiting for it.
        """
        depth: int = getattr(self._depth, "count", 0)
        self._depth.count = depth + 1
        try:
            with self.lock:
                yield
        finally:
            self._depth.count = depth
            if depth == 0:
                self.deliver(wait=wait)

    def run(self, function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``function(*args, **kwargs)`` holding the lock, as :meth:`held` does (the fast path
        of :func:`serialized`: every public call of a table comes through here)."""
        depth: int = getattr(self._depth, "count", 0)
        self._depth.count = depth + 1
        try:
            with self.lock:
                return function(*args, **kwargs)
        finally:
            self._depth.count = depth
            if depth == 0:
                self.deliver()

    def later(self, call: Callable[[], object]) -> None:
        """Queue ``call`` to run once no lock is held (see :meth:`deliver`)."""
        with self._queue:
            self._calls.append(call)
            self._queued += 1
            self._depth.last = self._queued  # this thread waits for this one in deliver()

    def adopt(self) -> None:
        """Make every call queued so far this thread's own to wait for (called holding the lock):
        a thread that waited for another's work (a search's result) sees what it queued run too."""
        with self._queue:
            self._depth.last = max(getattr(self._depth, "last", 0), self._queued)

    def deliver(self, *, wait: bool = True) -> None:
        """Run the queued calls, in order, one at a time; never while the lock is held.

        If another thread is running them, it runs these too: with ``wait`` this thread
        waits until the calls it queued itself have run. A failing call is logged.
        """
        target: int = getattr(self._depth, "last", 0)
        if not self._calls and self._delivered >= target:
            return  # nothing queued, and this thread's own calls have run (a read without the lock is enough)
        me = threading.get_ident()
        with self._queue:
            while self._runner not in (None, me):
                if not wait or self._delivered >= target:
                    return
                self._queue.wait()
            outer = self._runner is None
            self._runner = me
        try:
            while True:
                with self._queue:
                    if not self._calls:
                        if outer:
                            self._runner = None
                            self._queue.notify_all()
                        return
                    call = self._calls.popleft()
                try:
                    call()
                except Exception:  # the action stands either way; a notebook's bug must not break the table
                    logger.exception("a call after a table's action failed: %r", call)
                with self._queue:
                    self._delivered += 1
                    self._queue.notify_all()
        except BaseException:  # a Ctrl-C in a call: the queue must not stay claimed by this thread
            if outer:
                with self._queue:
                    self._runner = None
                    self._queue.notify_all()
            raise


def unlocked(function: Callable[..., T]) -> Callable[..., T]:
    """Leave a public method out of :func:`serialized`: it takes the lock itself, where it may
    (``Table.close`` lets it go while it waits for a search thread that needs it)."""
    _UNLOCKED.add(function)
    return function


def serialized(cls: type[T]) -> type[T]:
    """Make every public method and property of ``cls`` hold ``self._serial`` (a :class:`Serial`) while it runs.

    The instance must set ``self._serial`` before anything else touches it. Class methods,
    static methods and :func:`unlocked` methods are left alone.
    """
    for name, member in list(vars(cls).items()):
        if name.startswith("_") or member in _UNLOCKED:
            continue
        if isinstance(member, property):
            fset = None if member.fset is None else _locked(member.fset)
            setattr(cls, name, property(_locked(member.fget), fset, None, member.__doc__))  # type: ignore[arg-type]
        elif inspect.isfunction(member):
            setattr(cls, name, _locked(member))
    return cls


def _locked(function: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(function)
    def run(self: Any, *args: Any, **kwargs: Any) -> Any:
        return self._serial.run(function, self, *args, **kwargs)

    return run
