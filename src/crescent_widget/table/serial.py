"""One lock around every public method and property of a class: :func:`serialized`.

A :class:`~crescent_widget.table.Table` is driven by a widget's comm messages and, in the
same kernel, by a user's own thread (a bot playing while the person watches). Each of its
actions reads and changes several fields of the game and the session; two running at once
can leave a foundation without its base card. Wrapping every public entry point, rather
than picking the ones that look risky today, keeps a method added later safe too.

>>> import threading
>>> @serialized
... class Counter:
...     def __init__(self) -> None:
...         self._lock = threading.RLock()
...         self.count = 0
...     def bump(self) -> int:
...         self.count += 1
...         return self.count
>>> Counter().bump()
1
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def serialized(cls: type[T]) -> type[T]:
    """Make every public method and property of ``cls`` hold ``self._lock`` while it runs.

    The instance must set ``self._lock`` (a ``threading.RLock``: an action's callbacks may
    call back into the object on the same thread) before anything else touches it.
    Class methods and static methods are left alone: they have no instance to lock.
    """
    for name, member in list(vars(cls).items()):
        if name.startswith("_"):
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
        with self._lock:
            return function(self, *args, **kwargs)

    return run
