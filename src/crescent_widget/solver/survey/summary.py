"""What a survey found, said honestly: proven counts, the range the win rate lies in, and why.

A deal the budget left **unknown** is neither a win nor a loss. So a survey does not give
one win rate but a range: at least the proven wins (``W / N``), at most the proven wins and
every unknown (``(W + U) / N``), each bound with its 95% Wilson interval. A time budget
(``--seconds``) also makes the unknowns depend on how busy the machine was; a node budget
(``--nodes``) gives the same verdicts anywhere. :func:`summarise` returns a
:class:`SurveySummary`, whose ``str()`` is the text the command line prints.

>>> records = [{"status": "won", "seconds": 0.5, "nodes": 900, "budget": 1.0, "budget_unit": "seconds"}] * 3
>>> records += [{"status": "unknown", "seconds": 1.0, "nodes": 2000, "budget": 1.0, "budget_unit": "seconds"}]
>>> summary = summarise(records)
>>> summary.won, summary.unknown, str(summary.lower), str(summary.upper)
(3, 1, '75.0% (95% Wilson interval 30.1%-95.4%)', '100.0% (95% Wilson interval 51.0%-100.0%)')
>>> print(str(summary).splitlines()[1])
win rate between 75.0% and 100.0%: at least the proven wins 3/4 (95% Wilson interval 30.1%-95.4%), ...
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from ...errors import InvalidOptionError, quoted

Record = Mapping[str, Any]
Z_95: Final = 1.96


def wilson_interval(successes: int, total: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% for the default ``z``).

    >>> low, high = wilson_interval(80, 100)
    >>> round(low, 3), round(high, 3)
    (0.711, 0.867)

    Raises:
        InvalidOptionError: not ``0 <= successes <= total`` (whole numbers), or ``z`` not a
            positive finite number.
    """
    counts = (successes, total)
    if any(isinstance(n, bool) or not isinstance(n, int) for n in counts) or not 0 <= successes <= total:
        given = f"{quoted(successes)} of {quoted(total)}"
        raise InvalidOptionError(f"need whole numbers 0 <= successes <= total, got {given}")
    if isinstance(z, bool) or not isinstance(z, int | float) or not 0 < z < math.inf:
        raise InvalidOptionError(f"z must be a positive finite number, got {quoted(z)}")
    if total == 0:
        return 0.0, 1.0
    p = successes / total
    denominator = 1 + z * z / total
    centre = (p + z * z / (2 * total)) / denominator
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Proportion:
    """A share of a count with its 95% Wilson interval: a win rate, or one bound of it.

    >>> rate = Proportion.from_counts(24, 200)
    >>> rate.value, round(rate.low, 3), round(rate.high, 3)
    (0.12, 0.082, 0.172)
    >>> print(rate)
    12.0% (95% Wilson interval 8.2%-17.2%)

    Attributes:
        count: how many (won deals, say); ``total``: of how many.
        low, high: the 95% Wilson interval (0 to 1 of nothing).
    """

    count: int
    total: int
    low: float
    high: float

    @classmethod
    def from_counts(cls, count: int, total: int) -> Proportion:
        """``count`` of ``total`` with its interval.

        Raises:
            InvalidOptionError: not ``0 <= count <= total``.
        """
        low, high = wilson_interval(count, total)
        return cls(count, total, low, high)

    @property
    def value(self) -> float:
        """``count / total`` (``nan`` of nothing: no rate was measured)."""
        return self.count / self.total if self.total else math.nan

    @property
    def interval(self) -> str:
        """The interval as text: ``95% Wilson interval 8.2%-17.3%``."""
        return f"95% Wilson interval {self.low:.1%}-{self.high:.1%}"

    def __str__(self) -> str:
        if not self.total:
            return "no deals"
        return f"{self.value:.1%} ({self.interval})"


def percentile(values: list[float], fraction: float) -> float:
    """The nearest-rank percentile of ``values`` (0.0 for none)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(fraction * len(ordered)) - 1))]


def timed(record: Record) -> bool:
    """Whether a record's verdict came from a time budget (its ``budget_unit``; files written
    before it was kept say so by a budget in seconds with a fraction, such as 2.0)."""
    unit = record.get("budget_unit")
    if unit is not None:
        return bool(unit == "seconds")
    return isinstance(record.get("budget"), float)


@dataclass(frozen=True)
class SurveySummary:
    """The verdicts of a survey counted, the range of its win rate, and what to beware of.

    ``str()`` gives the text the command line prints: the counts, the range with both bounds'
    intervals, the warnings, then times and nodes.

    Attributes:
        deals, won, lost, unknown: the counts (``won`` and ``lost`` are proven).
        lower: the proven wins of all deals, ``won / deals`` (an unknown counted as a loss).
        upper: ``(won + unknown) / deals`` (an unknown counted as a win).
        warnings: why the range is wide or might not repeat (unknowns; a time budget).
        timed: deals whose verdict came from a time budget (``--seconds``), not a node budget.
        seconds, nodes: the solver's time and positions over all deals; ``wall``: the run's
            wall time (``None`` when not measured).
        won_seconds: each won deal's time, by deal order (for percentiles).
    """

    deals: int
    won: int
    lost: int
    unknown: int
    lower: Proportion
    upper: Proportion
    warnings: tuple[str, ...]
    timed: int
    seconds: tuple[float, ...]
    won_seconds: tuple[float, ...]
    nodes: int
    wall: float | None = None

    @property
    def settled(self) -> bool:
        """Whether every deal has a proven verdict (then both bounds are the win rate)."""
        return self.unknown == 0

    def __str__(self) -> str:
        lines = [f"deals {self.deals}: proven winnable {self.won}, proven lost {self.lost}, unknown {self.unknown}"]
        if not self.deals:
            return lines[0]
        if self.settled:
            lines.append(f"win rate {self.lower}: every deal proven")
        else:
            lines.append(
                f"win rate between {self.lower.value:.1%} and {self.upper.value:.1%}: at least the proven wins "
                f"{self.won}/{self.deals} ({self.lower.interval}), at most with every unknown won "
                f"{self.won + self.unknown}/{self.deals} ({self.upper.interval})"
            )
        lines += [f"warning: {warning}" for warning in self.warnings]
        won = list(self.won_seconds)
        busy = sum(self.seconds)
        lines += [
            f"time to win: median {percentile(won, 0.5):.3f}s, p90 {percentile(won, 0.9):.3f}s, "
            f"p99 {percentile(won, 0.99):.3f}s, max {max(won, default=0):.3f}s",
            f"all deals: median {percentile(list(self.seconds), 0.5):.3f}s, "
            f"p95 {percentile(list(self.seconds), 0.95):.3f}s",
            f"nodes {self.nodes}, {self.nodes / busy if busy else 0:,.0f} nodes/s per process"
            + (f", wall {self.wall:.1f}s" if self.wall is not None else ""),
        ]
        return "\n".join(lines)


def summarise(records: Iterable[Record], wall: float | None = None) -> SurveySummary:
    """Count a survey's records (any order, each deal once) into a :class:`SurveySummary`.

    ``wall``: the run's wall time in seconds, shown beside the solver's own time.
    """
    rows = list(records)
    counts = {status: sum(r["status"] == status for r in rows) for status in ("won", "lost", "unknown")}
    total = len(rows)
    won, unknown = counts["won"], counts["unknown"]
    timed_count = sum(timed(r) for r in rows)
    warnings = []
    if unknown:
        warnings.append(
            f"{unknown} deal{'s' if unknown != 1 else ''} unknown: neither won nor lost, so the win rate is only "
            "known to lie in the range above; a bigger budget (--nodes, --retry-nodes) narrows it"
        )
        if any(timed(r) for r in rows if r["status"] == "unknown"):
            warnings.append(
                "a time budget (--seconds) left deals unknown: which ones depends on how busy the machine was, "
                "so a rerun can give another range; --nodes gives the same verdicts on any machine"
            )
    return SurveySummary(
        deals=total,
        won=won,
        lost=counts["lost"],
        unknown=unknown,
        lower=Proportion.from_counts(won, total),
        upper=Proportion.from_counts(won + unknown, total),
        warnings=tuple(warnings),
        timed=timed_count,
        seconds=tuple(float(r["seconds"]) for r in rows),
        won_seconds=tuple(float(r["seconds"]) for r in rows if r["status"] == "won"),
        nodes=sum(int(r["nodes"]) for r in rows),
        wall=wall,
    )
