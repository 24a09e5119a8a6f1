"""A winnability survey over many deals: local processes or a Dask cluster, resumable.

:func:`solve_deal` solves one deal and returns its JSON-ready record; :func:`run_survey`
sends deals to an executor and yields records as they finish. :class:`ResultsFile` is the
``--out`` file: one JSON line per deal, appended and flushed as each deal finishes, so a
stopped survey loses at most the deals in flight. Reopening it checks every line (a won
deal's line is replayed through the engine), takes out the bad ones so that their deals
are solved again, and skips the deals it holds; the file is locked while a survey writes it.

Dask (``pip install crescent-widget[survey]``) is imported only for ``--cluster``: the
scheduler retries a deal whose worker died (its ``allowed-failures`` setting).

>>> record = solve_deal(1, None, 300_000)
>>> record["deal"], record["status"], record["code"]
(1, 'won', 'CR1-N-AAAAAAB')
"""

from __future__ import annotations

import errno
import importlib
import json
import multiprocessing
import os
import signal
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from itertools import islice
from pathlib import Path
from typing import Any, BinaryIO

from ...engine.codes import format_code
from ...errors import CrescentError, clip
from ..search.checks import check_budget
from ..search.watch import in_browser
from .cluster import check_workers, dask_client
from .results import gzipped

Record = dict[str, Any]


class NoProcessesError(CrescentError):
    """Worker processes asked for where none can start, in the browser (``reason`` ``no_processes``)."""

    def __init__(self) -> None:
        detail = "--jobs above 1 and --cluster need worker processes, which the browser (Pyodide) cannot start"
        super().__init__("no_processes", detail + ": solve with one job")


def check_processes(jobs: int, cluster: object) -> None:
    """Refuse a survey on worker processes in the browser (raises :class:`NoProcessesError`)."""
    if (jobs > 1 or cluster is not None) and in_browser():
        raise NoProcessesError


def solve_deal(
    number: int,
    seconds: float | None,
    nodes: int | None,
    retry_seconds: float | None = None,
    retry_nodes: int | None = None,
) -> Record:
    """Solve deal ``number`` (in a worker); with a retry budget, once more if unknown.

    Budgets are read as :func:`~crescent_widget.solver.solve` reads them (``None``: not
    given; neither: its default seconds); a retry budget of neither (or zero) is no retry.
    The record holds the deal, its code, the verdict, the time and nodes of the last
    attempt, the budget that gave it (``budget``, in ``budget_unit``: ``"seconds"`` or
    ``"nodes"``), a won deal's whole ``line`` (its moves as text), and for
    a lost deal how the loss was proven (``proof``: ``"search"`` or ``"suit"``).

    Raises:
        InvalidBudgetError, ArgumentTypeError: a budget that is no budget.
    """
    from ...engine.game import Game
    from ..api import DEFAULT_SECONDS, solve

    seconds, nodes = check_budget(seconds, nodes, default=DEFAULT_SECONDS)
    if retry_seconds is not None or retry_nodes is not None:
        retry_seconds, retry_nodes = check_budget(retry_seconds, retry_nodes, default=DEFAULT_SECONDS)
    game = Game.from_number(number)
    result = solve(game, seconds=seconds, nodes=nodes)
    budget: float | int | None = seconds if nodes is None else nodes
    unit = "seconds" if nodes is None else "nodes"
    spent = result.seconds
    if result.status == "unknown" and (retry_seconds or retry_nodes):
        result = solve(game, seconds=retry_seconds, nodes=retry_nodes, seed=1)
        budget = retry_seconds if retry_nodes is None else retry_nodes
        unit = "seconds" if retry_nodes is None else "nodes"
        spent += result.seconds
    return {
        "deal": number,
        "code": format_code(number),
        "status": result.status,
        "seconds": round(spent, 4),
        "budget": budget,  # of the attempt that gave the verdict: seconds, or nodes with --nodes
        "budget_unit": unit,  # a time budget's verdicts depend on the machine's load; a node budget's do not
        "retried": budget != (seconds if nodes is None else nodes),
        "nodes": result.nodes,
        "states_stored": result.states_stored,
        "line": [str(move) for move in result.line],
        **({"proof": result.proof} if result.proof else {}),  # how a loss was proven
    }


Task = tuple[int, float | None, int | None, float | None, int | None]


def _solve_task(task: Task) -> Record:
    return solve_deal(*task)


class SurveyFileError(CrescentError):
    """An ``--out`` file the survey cannot use: not a survey file, not a regular file, in a
    directory that does not exist, or locked by another survey (``reason`` ``survey_file``)."""

    def __init__(self, detail: str) -> None:
        super().__init__("survey_file", detail)


def record_problem(record: object) -> str | None:
    """Why a parsed line is not a true record (``None`` if it is one).

    Its shape is :func:`~crescent_widget.solver.survey.results.check_record`'s to judge; a won
    deal's line is then replayed through the engine: a claim of a win the rules do not
    back is no record.

    >>> claim = {"deal": 4, "code": "CR1-N-AAAAAAE", "status": "won", "seconds": 0.1, "nodes": 9}
    >>> record_problem({**claim, "line": ["1-2", "3-4"]})
    'its winning line does not win: not a legal move: 1-2'
    >>> record_problem({"deal": 6})
    "no 'code'"
    """
    from ...engine.game import Game
    from .results import check_record

    problem = check_record(record)
    if problem is not None or not isinstance(record, dict) or record["status"] != "won":
        return problem
    game = Game.from_number(record["deal"])
    for move in record["line"]:
        try:
            game.move(move)  # checks it: refused if illegal, nothing played
        except CrescentError:
            return f"its winning line does not win: not a legal move: {clip(move)}"
    if game.status != "won":
        return "its winning line does not win: the game is not over at its end"
    return None


class ResultsFile:
    """The ``--out`` JSON-lines file: the true records it holds, and appending one line per deal.

    Opening it checks it and takes a lock on it, held until :meth:`close`:

    - a path that is not a regular file (a directory, ``/dev/null``), or a file in a
      directory that does not exist, is refused (:class:`SurveyFileError`);
    - a file none of whose lines is a survey record is someone else's file: refused, and
      left untouched;
    - a second survey on the same file finds it locked and is refused at once;
    - every line is checked (:func:`record_problem`; a won deal's line is replayed through
      the engine). A bad line (garbage, wrong types, a false win, a deal written twice, half
      a line left by a killed run) is listed in :attr:`problems` by its line number and
      taken out of the file, so that its deal is solved again and the file holds only the
      truth.

    It is a context manager: ``with ResultsFile("results.jsonl") as out: ...`` closes it.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.records: dict[int, Record] = {}
        self.problems: list[str] = []
        if self.path.exists() and not self.path.is_file():
            raise SurveyFileError(f"--out {self.path}: not a regular file (give the path of a results file)")
        if not self.path.parent.is_dir():
            raise SurveyFileError(f"--out {self.path}: the directory {self.path.parent} does not exist")
        if gzipped(self.path):
            raise SurveyFileError(f"--out {self.path}: a gzip file; unpack it first (gunzip -k {self.path})")
        try:
            self._handle = self.path.open("a+b")
        except OSError as err:
            raise SurveyFileError(f"--out {self.path}: cannot open it ({err.strerror or err})") from None
        try:
            _lock(self._handle, self.path)
            self._load()
        except BaseException:
            self._handle.close()
            raise

    def _load(self) -> None:
        from .results import current

        self._handle.seek(0)
        data = self._handle.read()
        kept: list[bytes] = []
        seen: dict[int, int] = {}
        found_one = False
        lines = data.split(b"\n")
        for number, raw in enumerate(lines, 1):
            if not raw.strip():
                continue
            problem = None
            if number == len(lines):  # no newline after it: a killed run's half line
                problem = "half a line (the survey writing it was stopped)"
            else:
                try:
                    record = current(json.loads(raw.decode("utf-8")))
                    problem = record_problem(record)
                except (UnicodeDecodeError, ValueError, RecursionError):
                    record, problem = None, "not a JSON line"
                found_one = found_one or (isinstance(record, dict) and "deal" in record)
            if problem is None:
                deal = int(record["deal"])
                if deal in seen:
                    problem = f"deal {deal} written twice (first on line {seen[deal]})"
                else:
                    seen[deal] = number
                    self.records[deal] = record
                    kept.append(raw + b"\n")
            if problem is not None:
                self.problems.append(f"line {number}: {problem}")
        if data.strip() and not found_one:
            raise SurveyFileError(
                f"--out {self.path}: not a survey results file (no line is a deal's record); left as it was"
            )
        if self.problems:  # rewrite in place, under the lock: only the true lines stay
            self._handle.seek(0)
            self._handle.truncate()
            self._handle.write(b"".join(kept))
            self._handle.flush()
            os.fsync(self._handle.fileno())

    def add(self, record: Record) -> None:
        """Append one deal's line and push it to the disk."""
        self._handle.write(json.dumps(record, separators=(",", ":")).encode("utf-8") + b"\n")
        self._handle.flush()
        os.fsync(self._handle.fileno())
        self.records[int(record["deal"])] = record

    def close(self) -> None:
        """Close the file (which releases its lock)."""
        self._handle.close()

    def __enter__(self) -> ResultsFile:
        """``with ResultsFile("results.jsonl") as out:``: closed (and unlocked) on leaving."""
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


def _lock(handle: BinaryIO, path: Path) -> None:
    """Lock the open file for this survey alone, or refuse at once if another survey holds it.

    Where the system has no file locks (the browser's Pyodide), the survey runs unlocked:
    there, no second process can start anyway.
    """
    try:
        if sys.platform == "win32":
            import msvcrt  # Windows only

            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            import fcntl  # POSIX only

            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except ImportError:
        return
    except OSError as err:
        if err.errno in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK, errno.EDEADLK):
            raise SurveyFileError(
                f"--out {path}: another survey is writing this file (it is locked); "
                "wait for it to finish, or give another --out"
            ) from None
        # No locks on this file system (ENOSYS, ENOTSUP, ENOLCK): go on unlocked.


def run_survey(
    numbers: Iterable[int],
    *,
    seconds: float | None,
    nodes: int | None = None,
    retry_seconds: float | None = None,
    retry_nodes: int | None = None,
    jobs: int = 1,
    cluster: str | Any | None = None,
) -> Iterator[Record]:
    """Solve every deal; yield each record as it finishes (in no fixed order).

    ``cluster`` is a scheduler address (``tcp://host:8786``), ``"local"`` for a
    ``LocalCluster`` of ``jobs`` one-thread worker processes, a ``distributed.Client`` (used
    as it is, and left open), or None for a local process pool of ``jobs`` processes:
    :func:`~crescent_widget.bots.play_many` takes the same.

    Raises:
        InvalidOptionError, ArgumentTypeError: ``jobs`` or ``cluster``
            (:func:`~crescent_widget.solver.survey.cluster.check_workers`).
        NoProcessesError: worker processes asked for in the browser.
        MissingDaskError: a cluster asked for without Dask installed.
        InvalidBudgetError, ArgumentTypeError: a budget that is not one (read as
            :func:`solve_deal` reads them: ``None`` is not given, neither is the default).
        SolverBackendError: ``CRESCENT_SOLVER`` names a search that cannot run.

    Every argument is checked, here in this process, before any deal is sent anywhere.
    """
    from ..api import DEFAULT_SECONDS
    from ..search.backends import backend

    check_workers(jobs, cluster)
    check_processes(jobs, cluster)
    seconds, nodes = check_budget(seconds, nodes, default=DEFAULT_SECONDS)
    if retry_seconds is not None or retry_nodes is not None:
        retry_seconds, retry_nodes = check_budget(retry_seconds, retry_nodes, default=DEFAULT_SECONDS)
    backend()  # a bad CRESCENT_SOLVER is refused once, not by every worker
    tasks: list[Task] = [(n, seconds, nodes, retry_seconds, retry_nodes) for n in numbers]
    if not tasks:
        return
    if cluster is None and jobs <= 1:  # in this process: no pool to start (none can, in a browser)
        yield from map(_solve_task, tasks)
        return
    if cluster is None:
        with multiprocessing.get_context("spawn").Pool(max(1, jobs)) as pool:
            yield from pool.imap_unordered(_solve_task, tasks)
        return
    yield from _dask_survey(tasks, jobs, cluster)


def _dask_survey(tasks: list[Task], jobs: int, cluster: str | Any) -> Iterator[Record]:
    """Send the deals to a Dask cluster, a few per worker thread at a time."""
    with dask_client(jobs, cluster) as client:
        distributed: Any = importlib.import_module("distributed")  # dask_client found it
        threads = max(1, sum(client.nthreads().values()))
        window = max(8, 4 * threads)  # enough to keep every thread busy, few to redo after a stop
        pending = iter(tasks)

        def submit(task: Task) -> Any:
            return client.submit(solve_deal, *task, key="deal-" + "-".join(map(str, task)), pure=False)

        running = distributed.as_completed([submit(task) for task in islice(pending, window)])
        with _interrupt_between_deals() as check:
            for future in running:
                check()
                record: Record = future.result()
                future.release()
                yield record
                check()
                task = next(pending, None)
                if task is not None:
                    running.add(submit(task))


@contextmanager
def _interrupt_between_deals() -> Iterator[Callable[[], None]]:
    """Hold a Ctrl-C until Dask hands back the next deal; yields the check that raises it then.

    A ``KeyboardInterrupt`` raised inside the Dask client's own calls leaves its event loop
    logging tracebacks; raised between deals, it closes the client cleanly. A second
    Ctrl-C stops at once.
    """
    asked: list[bool] = []

    def hold(_signal: int, _frame: object) -> None:
        if asked:
            raise KeyboardInterrupt
        asked.append(True)
        sys.stderr.write("\nstopping after the next deal comes back (Ctrl-C again to stop at once)\n")

    def check() -> None:
        if asked:
            raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGINT, hold)
    except ValueError:  # not the main thread: signals are not this survey's to handle
        yield check
        return
    try:
        yield check
    finally:
        signal.signal(signal.SIGINT, previous)
