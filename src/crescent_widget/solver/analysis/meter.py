"""The clock a job of many searches shares its budget by: wall seconds, positions searched, or both.

The game review shares one budget out among many searches (short probes, longer searches,
the one-suit bound, the only moves of a won game), and reckons every share in seconds. A
:class:`Meter` keeps that reckoning whatever the budget: with ``seconds`` its clock is the
wall clock; with ``nodes`` it is the work done, :data:`POSITIONS_PER_SECOND` positions to
the second, so the same budget of positions gives the same review on any machine, loaded or
not, and on either backend; with both, the clock is the one further along.

>>> meter = Meter(None, 2_000_000)
>>> meter.total, meter.now()
(2.0, 0.0)
>>> meter.charge(500_000); meter.now()
0.5
"""

from __future__ import annotations

import math
import time
from collections.abc import Generator
from typing import TYPE_CHECKING, Final

from ..search.checks import check_nodes, check_seconds
from .why import suit_bound

if TYPE_CHECKING:
    from ...engine.game import Game
    from ..api import SolveResult, Solving

# About what the compiled core searches in one second (dives and proof together): a review
# with nodes=N shares its work out as one with N / POSITIONS_PER_SECOND seconds would.
POSITIONS_PER_SECOND: Final = 1_000_000


class Meter:
    """A budget of ``seconds``, ``nodes`` positions or both (``None``: not given; neither: no limit),
    and the clock it is spent by, in seconds from 0 (:meth:`now`) to :attr:`total`."""

    def __init__(self, seconds: float | None, nodes: int | None) -> None:
        if seconds is not None:
            seconds = check_seconds(seconds)
        if nodes is not None:
            nodes = check_nodes(nodes)
        self._started = time.perf_counter()
        self._seconds = seconds
        self._nodes = nodes
        self.spent = 0  # positions searched through this meter
        if nodes is not None:
            self.total = nodes / POSITIONS_PER_SECOND
        else:
            self.total = math.inf if seconds is None else seconds

    def now(self) -> float:
        """How much of the budget is spent, in seconds: the wall clock's, the work's, or the
        further along of the two (each measured against its own budget)."""
        wall = time.perf_counter() - self._started
        if self._nodes is None:
            return wall
        work = self.spent / POSITIONS_PER_SECOND
        if self._seconds is None:
            return work
        if self._seconds <= 0:
            return math.inf
        return max(work, wall * self.total / self._seconds)

    def charge(self, nodes: int) -> None:
        """Count ``nodes`` positions searched outside :meth:`steps` (the one-suit bound, small searches)."""
        self.spent += nodes

    def _wall_scale(self) -> float | None:
        """Wall seconds per second of this clock; None when the wall clock does not bound it."""
        if self._nodes is None:
            return 1.0  # the clock is the wall clock (no limit at all when seconds is None too)
        if self._seconds is None:
            return None
        return self._seconds / self.total if self.total > 0 else 0.0

    def wall_deadline(self, at: float) -> float:
        """The ``time.perf_counter`` time by which the clock reads ``at`` at the latest (for the
        searches that take a deadline): ``inf`` when the budget is positions alone."""
        scale = self._wall_scale()
        return math.inf if scale is None else self._started + at * scale

    def positions(self, seconds: float) -> int | None:
        """The positions ``seconds`` of this clock stand for, when it counts positions; else None."""
        return None if self._nodes is None else max(1, math.ceil(seconds * POSITIONS_PER_SECOND))

    def steps(self, solving: Solving, seconds: float) -> Generator[None, None, SolveResult]:
        """``solving.steps`` for ``seconds`` more of this clock; the positions it searched are counted."""
        before = solving.work()
        scale = self._wall_scale()
        wall = None if scale is None else max(0.0, seconds * scale)
        nodes = None if self._nodes is None else before + max(1, math.ceil(seconds * POSITIONS_PER_SECOND))
        try:
            result = yield from solving.steps(seconds=wall, nodes=nodes)
        finally:
            self.spent += solving.work() - before
        return result

    def lost_suit(self, game: Game, nodes: int, seconds: float) -> int | None:
        """:func:`~.why.lost_suit` of ``game`` with at most ``nodes`` relaxed positions and
        ``seconds`` of this clock; the positions it took are counted."""
        if self._nodes is not None:
            nodes = min(nodes, max(1, math.ceil(seconds * POSITIONS_PER_SECOND)))
        bound = suit_bound(game, nodes, deadline=self.wall_deadline(self.now() + seconds))
        self.spent += bound.nodes
        return bound.lost_suit
