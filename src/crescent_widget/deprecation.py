"""Former names kept for one release: :func:`renamed` makes an alias that warns, then calls the new name.

Every alias is listed in ``CHANGELOG.md`` and in :data:`ALIASES`, the one list the API's
naming test reads: a public name that is not in it names one job only.

>>> import warnings
>>> def total(values: list[int]) -> int:
...     return sum(values)
>>> add_up = renamed(total, "add_up")
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     add_up([1, 2])
3
>>> str(caught[0].message)
'add_up is deprecated: use total (the old name goes in the next release)'
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Callable
from typing import Final, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")

# Every deprecated alias: "owner.old_name" -> "new_name" (owner: a class or a module's last part).
ALIASES: Final[dict[str, str]] = {}


def renamed(new: Callable[P, R], old_name: str, owner: str = "") -> Callable[P, R]:
    """``new`` under its former name ``old_name``: each call warns (``DeprecationWarning``) and goes on.

    ``owner`` (a class or module name) goes into :data:`ALIASES` with the name.
    """
    new_name = new.__name__

    @functools.wraps(new)
    def alias(*args: P.args, **kwargs: P.kwargs) -> R:
        warnings.warn(
            f"{old_name} is deprecated: use {new_name} (the old name goes in the next release)",
            DeprecationWarning,
            stacklevel=2,
        )
        return new(*args, **kwargs)

    alias.__name__ = old_name
    alias.__qualname__ = f"{owner}.{old_name}" if owner else old_name
    alias.__doc__ = f"Deprecated: the former name of :meth:`{new_name}`, kept for one release."
    if owner:
        ALIASES[f"{owner}.{old_name}"] = new_name
    return alias
