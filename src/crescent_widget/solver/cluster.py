"""A Dask client for batch play on the survey's kind of cluster: a running scheduler, or a local one.

Dask (``pip install crescent-widget[survey]``) is imported only here, when a cluster is asked for.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ..errors import CrescentError


class MissingDaskError(CrescentError):
    """A cluster asked for without Dask installed (``reason`` ``missing_dask``)."""

    def __init__(self) -> None:
        super().__init__("missing_dask", "a cluster needs Dask: pip install 'crescent-widget[survey]'")


@contextmanager
def dask_client(jobs: int, cluster: str | Any) -> Iterator[Any]:
    """A Dask client for ``cluster``, closed (with any cluster started here) on leaving.

    ``cluster`` is a scheduler address (``tcp://host:8786``), ``"local"`` for a
    ``LocalCluster`` of ``jobs`` one-thread worker processes, or a ``distributed.Client``
    already made (used as it is, and left open).

    Raises:
        MissingDaskError: Dask is not installed.
    """
    if not isinstance(cluster, str):  # a Client of the caller's own
        yield cluster
        return
    try:
        # Typed as Any: Dask ships no type hints.
        distributed: Any = importlib.import_module("distributed")
    except ImportError:  # pragma: no cover - depends on the install
        raise MissingDaskError from None
    local = (
        distributed.LocalCluster(n_workers=max(1, jobs), threads_per_worker=1, processes=True)
        if cluster == "local"
        else None
    )
    client = distributed.Client(local if local is not None else cluster)
    try:
        yield client
    finally:
        client.close()
        if local is not None:
            local.close()
