"""A survey in one call: solve the deals not yet in the results file, and return the table.

``survey(range(1, 301), out="results.jsonl", nodes=300_000, jobs=2)`` is the command line's
``1-300 --nodes 300000 --jobs 2 --out results.jsonl`` from Python: it opens (and locks) the
results file, skips the deals already there, solves the rest with a progress bar, appends
each as it finishes, and returns every asked deal's record, sorted by deal, as a
:class:`~crescent_widget.solver.survey.results.SurveyResults`. Stopped (Ctrl-C, the kernel's
interrupt), it keeps what was done: the same call resumes.

>>> results = survey([1, 2], nodes=300_000, progress=False)
>>> [(r["deal"], r["status"], r["budget_unit"]) for r in results]
[(1, 'won', 'nodes'), (2, 'won', 'nodes')]
>>> print(results.summarise().lower)
100.0% (95% Wilson interval 34.2%-100.0%)
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from contextlib import nullcontext
from pathlib import Path
from typing import Any

from ...checks import check_flag
from ...errors import InvalidOptionError
from ..api import DEFAULT_SECONDS
from ..search.checks import check_budget
from .progress import with_progress
from .results import SurveyResults
from .runner import Record, ResultsFile, run_survey


def survey(
    deals: Iterable[int] | str,
    *,
    out: str | Path | None = None,
    seconds: float | None = None,
    nodes: int | None = None,
    retry_seconds: float | None = None,
    retry_nodes: int | None = None,
    jobs: int = 1,
    cluster: str | Any | None = None,
    progress: bool = True,
) -> SurveyResults:
    """Solve every deal (resuming from ``out``), and return their records as a table.

    Args:
        deals: deal numbers (``range(1, 301)``), or text as the command line takes it
            (``"1-300"``, ``"1-5,9"``); each deal once, in any order.
        out: the results file (JSON lines, as ``--out``): deals already in it are not solved
            again, new ones are appended as they finish. ``None``: nothing is written.
        seconds, nodes: the budget per deal, exactly one of them. ``nodes`` gives the same
            verdicts on any machine; ``seconds`` depends on how busy it is.
        retry_seconds, retry_nodes: an unknown deal is solved once more with this budget.
        jobs, cluster: where the deals are solved, as
            :func:`~crescent_widget.solver.survey.runner.run_survey` takes them.
        progress: draw a progress bar (tqdm's with the ``survey`` extra: a notebook bar in Jupyter).

    Raises:
        InvalidOptionError: neither or both of ``seconds`` and ``nodes``, or bad deals.
        InvalidBudgetError, ArgumentTypeError: a budget that is not one.
        SurveyFileError: ``out`` cannot be used (see :class:`ResultsFile`).
        SolverBackendError: ``CRESCENT_SOLVER`` names a search that cannot run.
        InvalidOptionError, ArgumentTypeError, NoProcessesError, MissingDaskError: ``jobs``
            or ``cluster``, as ``run_survey`` refuses them.
    """
    numbers = _numbers(deals)
    if (seconds is None) == (nodes is None):
        raise InvalidOptionError("give one budget per deal: seconds= or nodes= (nodes gives the same answer anywhere)")
    check_budget(seconds, nodes, default=DEFAULT_SECONDS)
    if retry_seconds is not None or retry_nodes is not None:
        check_budget(retry_seconds, retry_nodes, default=DEFAULT_SECONDS)
    check_flag(progress, "progress")
    with ResultsFile(out) if out is not None else nullcontext() as file:
        records: dict[int, Record] = {}
        if file is not None:
            records = {n: file.records[n] for n in numbers if n in file.records}
        todo = [n for n in numbers if n not in records]
        # run_survey checks jobs, cluster and the backend before it solves anything.
        solved = run_survey(
            todo,
            seconds=seconds,
            nodes=nodes,
            retry_seconds=retry_seconds,
            retry_nodes=retry_nodes,
            jobs=jobs,
            cluster=cluster,
        )
        for record in with_progress(solved, len(todo), sys.stderr) if progress and todo else solved:
            if file is not None:
                file.add(record)
            records[int(record["deal"])] = record
    return SurveyResults(records[n] for n in sorted(records))


def _numbers(deals: Iterable[int] | str) -> list[int]:
    """The deal numbers asked for, each once, in order."""
    from ...checks import refuse_type
    from ...engine.codes import check_deal_number
    from .cli import parse_range

    if isinstance(deals, str):
        return list(dict.fromkeys(parse_range(deals)))
    if isinstance(deals, bytes) or not isinstance(deals, Iterable):
        refuse_type("invalid_option", "deals", "deal numbers (range(1, 301)) or text such as '1-300'", deals)
    return list(dict.fromkeys(check_deal_number(deal) for deal in deals))
