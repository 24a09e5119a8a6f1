"""Where a survey's or a bot batch's work runs: the one check of ``jobs`` and ``cluster``, and
the Dask client for a running scheduler or a local one.

:func:`~crescent_widget.solver.survey.runner.run_survey` and
:func:`~crescent_widget.bots.play_many` take the same ``jobs`` and ``cluster`` and refuse them
alike, here, before anything starts (a malformed address never reaches Dask, whose client
would wait a minute to give up). Dask (``pip install crescent-widget[survey]``) is imported
only when a cluster is asked for.

>>> check_workers(2, "tcp://127.0.0.1:8786")
>>> check_workers(2, "bogus")
Traceback (most recent call last):
...
crescent_widget.errors.InvalidOptionError: cluster 'bogus' is not 'local' or a scheduler address such as ...
"""

from __future__ import annotations

import importlib
import logging
import re
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Final

from ...errors import ArgumentTypeError, CrescentError, InvalidOptionError, quoted

# Worker processes one survey may ask for, and what a scheduler's address looks like.
MAX_JOBS: Final = 1024
CLUSTER_ADDRESS: Final = re.compile(r"(?:[a-z][a-z0-9+.-]*://)?\[?[\w.:-]+\]?:\d{1,5}", re.IGNORECASE)


class MissingDaskError(CrescentError):
    """A cluster asked for without Dask installed (``reason`` ``missing_dask``)."""

    def __init__(self) -> None:
        super().__init__("missing_dask", "a cluster needs Dask: pip install 'crescent-widget[survey]'")


def is_client(cluster: object) -> bool:
    """Whether ``cluster`` is a Dask client made by the caller (anything with a ``submit`` method)."""
    return not isinstance(cluster, str) and callable(getattr(cluster, "submit", None))


def check_workers(jobs: object, cluster: object) -> None:
    """Refuse ``jobs`` that is no count of processes from 1 to :data:`MAX_JOBS`, and a
    ``cluster`` that is neither None, ``"local"``, a scheduler address (``tcp://HOST:8786``)
    nor a ``distributed.Client``.

    Raises:
        ArgumentTypeError: ``jobs`` not an int, ``cluster`` none of those kinds.
        InvalidOptionError: ``jobs`` out of range, or a malformed address.
    """
    if isinstance(jobs, bool) or not isinstance(jobs, int):
        raise ArgumentTypeError("invalid_option", f"jobs must be an int, not {type(jobs).__name__}")
    if not 1 <= jobs <= MAX_JOBS:
        raise InvalidOptionError(f"jobs must be from 1 to {MAX_JOBS}, got {quoted(jobs)}")
    if cluster is None or is_client(cluster):
        return
    if not isinstance(cluster, str):
        raise ArgumentTypeError(
            "invalid_option",
            f"cluster must be None, 'local', a scheduler address or a dask Client, not {type(cluster).__name__}",
        )
    if cluster != "local" and not CLUSTER_ADDRESS.fullmatch(cluster):
        raise InvalidOptionError(
            f"cluster {quoted(cluster)} is not 'local' or a scheduler address such as tcp://HOST:8786"
        )


@contextmanager
def dask_client(jobs: int, cluster: str | Any) -> Iterator[Any]:
    """A Dask client for ``cluster``, closed (with any cluster started here) on leaving.

    ``cluster`` is a scheduler address (``tcp://host:8786``), ``"local"`` for a
    ``LocalCluster`` of ``jobs`` one-thread worker processes, or a ``distributed.Client``
    already made (used as it is, and left open).

    Raises:
        MissingDaskError: Dask is not installed.
    """
    if is_client(cluster):  # a Client of the caller's own
        yield cluster
        return
    try:
        # Typed as Any: Dask ships no type hints.
        distributed: Any = importlib.import_module("distributed")
    except ImportError:  # pragma: no cover - depends on the install
        raise MissingDaskError from None
    local = _local_cluster(distributed, jobs) if cluster == "local" else None
    try:
        client = distributed.Client(local if local is not None else cluster)
    except BaseException:
        if local is not None:
            local.close()
        raise
    try:
        yield client
    finally:
        client.close()
        if local is not None:
            local.close()


def _local_cluster(distributed: Any, jobs: int) -> Any:
    """A ``LocalCluster`` of ``jobs`` one-thread worker processes that Ctrl-C does not reach.

    Ctrl-C in a terminal signals every process of the command, the workers too, and each
    would print its traceback. Started while this process ignores SIGINT, the workers
    inherit that (an ignored signal stays ignored across ``exec``); this process alone
    hears the Ctrl-C and closes them.
    """
    # Errors only from the workers: closing them cancels the deals in flight, each with a warning.
    options = {"n_workers": max(1, jobs), "threads_per_worker": 1, "processes": True, "silence_logs": logging.ERROR}
    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread: signals are not this survey's to handle
        return distributed.LocalCluster(**options)
    try:
        return distributed.LocalCluster(**options)
    finally:
        signal.signal(signal.SIGINT, previous)
