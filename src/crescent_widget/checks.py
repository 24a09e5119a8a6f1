"""The checks of arguments that every part of the package takes alike.

One function per kind of argument, each ``check_x(value, what)``: ``value`` as given, ``what``
its name in the refusal. A value of the wrong type is an
:class:`~crescent_widget.errors.ArgumentTypeError` (a ``TypeError`` too), a wrong value of the
right type the ``ValueError`` of its kind; both carry a ``reason``. The engine's own values
(cards, codes, positions) are checked where they are read (:mod:`.engine`), and what a search
accepts in :mod:`.solver.search.checks`.

>>> check_flag(True, "teach")
True
>>> check_flag(1, "teach")
Traceback (most recent call last):
...
crescent_widget.errors.ArgumentTypeError: teach must be True or False, not int
>>> check_timeout(float("inf")) is None, check_timeout(0.5)
(True, 0.5)
"""

from __future__ import annotations

import math
import threading
from typing import NoReturn

from .errors import ArgumentTypeError, InvalidOptionError, quoted


def refuse_type(reason: str, what: str, expected: str, value: object) -> NoReturn:
    """Raise the :class:`~crescent_widget.errors.ArgumentTypeError` for ``what``, naming only the type it got."""
    raise ArgumentTypeError(reason, f"{what} must be {expected}, not {type(value).__name__}")


def check_flag(value: object, what: str) -> bool:
    """A switch: ``True`` or ``False`` only (``1`` or ``"yes"`` is no flag)."""
    if type(value) is not bool:
        refuse_type("invalid_option", what, "True or False", value)
    return bool(value)


def check_text(value: object, what: str) -> str:
    """A ``str`` (``None`` is no text here)."""
    if not isinstance(value, str):
        refuse_type("invalid_option", what, "a str", value)
    return value


def check_int(value: object, what: str, reason: str = "invalid_option") -> int:
    """Any ``int`` (a bool is no number here)."""
    if type(value) is not int:
        refuse_type(reason, what, "an int", value)
    assert isinstance(value, int)
    return value


def check_delay(value: object, what: str = "delay") -> float:
    """A pause: a positive, finite number of seconds. An int too large for a float
    (``2**2000``) is refused like ``inf``, rather than the ``OverflowError`` it would be.

    Raises:
        ArgumentTypeError: not a number.
        InvalidOptionError: zero, negative, infinite, NaN or too large for a float.
    """
    if isinstance(value, bool) or not isinstance(value, int | float):
        refuse_type("invalid_option", what, "seconds (a number)", value)
    try:
        seconds = float(value)
    except OverflowError:
        seconds = math.inf
    if not 0 < seconds < math.inf:  # NaN too
        raise InvalidOptionError(f"{what} must be a positive, finite number of seconds, got {quoted(value)}")
    return seconds


def check_timeout(value: object, what: str = "timeout") -> float | None:
    """A wait: ``None`` (no limit) or seconds from 0 up. A time longer than a lock can wait
    (``inf``, ``1e300``) is no limit either, rather than the ``OverflowError`` it would be.

    Raises:
        ArgumentTypeError: neither ``None`` nor a number.
        InvalidOptionError: negative, or NaN.
    """
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        refuse_type("invalid_option", what, "None or seconds", value)
    if not value >= 0:  # NaN too
        raise InvalidOptionError(f"{what} must be seconds from 0 up, got {quoted(value)}")
    return None if value > threading.TIMEOUT_MAX else float(value)
