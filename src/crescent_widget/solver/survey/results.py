"""A survey's results file as a table: a pandas ``DataFrame``, or a list of dicts without pandas.

The survey (``python -m crescent_widget.solver ... --out results.jsonl``, or
:func:`~crescent_widget.solver.survey.runner.run_survey`) writes one JSON line per deal. Every
line is checked before it becomes a row; a bad one (not JSON, a field missing or of the
wrong kind, a deal written twice, half a line left by a killed run) is reported, never
a crash.

>>> import json, pathlib, tempfile, warnings
>>> good = {"deal": 1, "code": "CR1-N-AAAAAAB", "status": "won", "seconds": 0.1, "nodes": 50, "line": ["3-F7"]}
>>> path = pathlib.Path(tempfile.mkdtemp()) / "results.jsonl"
>>> _ = path.write_text(json.dumps(good) + "\\n" + '{"deal": 2, "sta')
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     rows = read_survey(path, as_frame=False)
>>> [(row["deal"], row["status"]) for row in rows]
[(1, 'won')]
>>> print(caught[0].message)
1 bad line in .../results.jsonl: line 2: not JSON (Unterminated string ...)
"""

from __future__ import annotations

import gzip
import importlib
import json
import sys
import warnings
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Literal

from ...engine.codes import DEAL_COUNT, format_code
from ...errors import CrescentError, InvalidOptionError, quoted

if TYPE_CHECKING:
    from .summary import SurveySummary

Record = dict[str, Any]
STATUSES: Final = ("won", "lost", "unknown")
# Every column, in order; the survey writes all of them, older files may lack the optional ones.
COLUMNS: Final = (
    "deal",
    "code",
    "status",
    "seconds",
    "nodes",
    "states_stored",
    "budget",
    "budget_unit",
    "retried",
    "proof",
    "algorithm",
    "line",
)
OPTIONAL: Final = frozenset({"states_stored", "budget", "budget_unit", "retried", "proof", "algorithm"})
SHOWN_IN_WARNING: Final = 5
MAX_COUNT: Final = 2**63 - 1
BadLine = Literal["warn", "skip", "error"]


class SurveyLineError(CrescentError):
    """A bad line in a survey file, with ``on_bad_line="error"`` (``reason`` ``bad_survey_line``)."""

    def __init__(self, detail: str) -> None:
        super().__init__("bad_survey_line", detail)


class SurveyLineWarning(UserWarning):
    """Bad lines were skipped while reading a survey file."""


class MissingPandasError(CrescentError):
    """``as_frame=True`` without pandas installed (``reason`` ``missing_pandas``)."""

    def __init__(self) -> None:
        super().__init__("missing_pandas", "as_frame=True needs pandas: pip install pandas")


def _count(value: object) -> bool:
    # No more than a table's int64 column holds: a bigger count is no solver's and would not fit.
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_COUNT


def _seconds(value: object) -> bool:
    # Compared, not converted: an int past a float's range overflows math.isfinite. NaN and
    # infinity fail the comparison too.
    return isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= sys.float_info.max


_CHECKS: Final[dict[str, tuple[Callable[[object], bool], str]]] = {
    "deal": (lambda v: _count(v) and v < DEAL_COUNT, "a deal number"),  # type: ignore[operator]
    "code": (lambda v: isinstance(v, str), "a game code"),
    "status": (lambda v: v in STATUSES, "won, lost or unknown"),
    "seconds": (_seconds, "seconds >= 0"),
    "nodes": (_count, "a count"),
    "states_stored": (_count, "a count"),
    "budget": (lambda v: v is None or _seconds(v), "a budget"),
    "budget_unit": (lambda v: v in (None, "seconds", "nodes"), "seconds or nodes"),
    "retried": (lambda v: isinstance(v, bool), "true or false"),
    "proof": (lambda v: v is None or isinstance(v, str), "text"),
    "algorithm": (lambda v: v is None or _count(v), "a search version"),
    "line": (lambda v: isinstance(v, list) and all(isinstance(m, str) for m in v), "a list of moves"),
}
# The winning line's name in files written before it had one name everywhere; they still load.
FORMER_LINE: Final = "moves"


def current(record: Any) -> Any:
    """A parsed line with the winning line under its present name, ``"line"`` (older files say ``"moves"``).

    >>> current({"deal": 1, "moves": ["3-F7"]})
    {'deal': 1, 'line': ['3-F7']}
    """
    if isinstance(record, dict) and FORMER_LINE in record and "line" not in record:
        return {"line" if key == FORMER_LINE else key: value for key, value in record.items()}
    return record


def check_record(record: object) -> str | None:
    """Why a parsed line is not a survey record (``None`` if it is one).

    >>> check_record({"deal": 1, "code": "CR1-N-AAAAAAC", "status": "won", "seconds": 0, "nodes": 1, "line": []})
    "code 'CR1-N-AAAAAAC' is not deal 1's"
    """
    if not isinstance(record, dict):
        return f"not a JSON object but {quoted(record)}"
    for key, (valid, kind) in _CHECKS.items():
        if key not in record:
            if key in OPTIONAL:
                continue
            return f"no {key!r}"
        if not valid(record[key]):
            return f"{key} is {quoted(record[key])}, not {kind}"
    if record["code"] != format_code(record["deal"]):
        return f"code {quoted(record['code'])} is not deal {record['deal']}'s"
    if record["status"] == "won" and not record["line"]:
        return "a won deal without its line"
    return None


def gzipped(path: str | Path) -> bool:
    """Whether ``path`` is a gzip file (the repository ships its survey so); ``False`` when it
    cannot be read, so that whoever opens it next says why."""
    try:
        with open(path, "rb") as handle:
            return handle.read(2) == b"\x1f\x8b"
    except OSError:
        return False


def results_text(path: str | Path) -> str:
    """A results file's text, unpacked on the fly when it is gzipped.

    Raises:
        OSError: the file cannot be read, or is a damaged gzip file.
    """
    try:
        data = Path(path).read_bytes()
        if data[:2] == b"\x1f\x8b":
            data = gzip.decompress(data)
    except (EOFError, zlib.error, gzip.BadGzipFile) as error:
        raise OSError(f"{path}: a damaged gzip file ({error})") from None
    return data.decode("utf-8", errors="replace")


def _rows(path: Path, on_bad_line: BadLine) -> list[Record]:
    rows: list[Record] = []
    bad: list[str] = []
    seen: dict[int, int] = {}
    for number, line in enumerate(results_text(path).splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = current(json.loads(line))
            problem = check_record(record)
        except ValueError as error:  # JSONDecodeError, and a number too long to read
            problem = f"not JSON ({error})"
        except RecursionError:
            problem = "not JSON (nested too deep)"
        if problem is None and record["deal"] in seen:
            problem = f"deal {record['deal']} written twice (first on line {seen[record['deal']]})"
        if problem is not None:
            if on_bad_line == "error":
                raise SurveyLineError(f"{path}: line {number}: {problem}")
            bad.append(f"line {number}: {problem}")
            continue
        seen[record["deal"]] = number
        rows.append({key: record.get(key) for key in COLUMNS})
    if bad and on_bad_line == "warn":
        shown = "; ".join(bad[:SHOWN_IN_WARNING]) + ("; …" if len(bad) > SHOWN_IN_WARNING else "")
        plural = "s" if len(bad) > 1 else ""
        warnings.warn(f"{len(bad)} bad line{plural} in {path}: {shown}", SurveyLineWarning, stacklevel=3)
    rows.sort(key=lambda row: row["deal"])
    return rows


def read_survey(path: str | Path, *, as_frame: bool | None = None, on_bad_line: BadLine = "warn") -> Any:
    """Read a survey's results file (JSON lines) into a table, one row per deal, by deal number.

    Columns: ``deal``, ``code``, ``status`` (``won``/``lost``/``unknown``), ``seconds``,
    ``nodes``, ``states_stored``, ``budget`` (in ``budget_unit``: ``seconds`` or ``nodes``),
    ``retried``, ``proof`` (how a loss was proven), ``algorithm`` (the search's version, where recorded),
    ``line`` (a won deal's winning line, a list of moves as text; older files' ``moves``).
    A column a file's lines lack is ``None``.

    Args:
        path: the ``--out`` file, plain or gzipped (as the repository ships its survey).
        as_frame: ``True`` for a pandas ``DataFrame``, ``False`` for a list of dicts;
            ``None`` (the default): a DataFrame when pandas is installed.
        on_bad_line: ``"warn"`` (skip bad lines, one :class:`SurveyLineWarning` naming them),
            ``"skip"`` (skip them silently) or ``"error"`` (raise at the first).

    Raises:
        SurveyLineError: a bad line, with ``on_bad_line="error"``.
        MissingPandasError: ``as_frame=True`` without pandas.
        InvalidOptionError: a bad argument.
        OSError: the file cannot be read.
    """
    if on_bad_line not in ("warn", "skip", "error"):
        raise InvalidOptionError(f"on_bad_line must be 'warn', 'skip' or 'error', got {quoted(on_bad_line)}")
    if as_frame is not None and not isinstance(as_frame, bool):
        raise InvalidOptionError(f"as_frame must be True, False or None, got {quoted(as_frame)}")
    if not isinstance(path, str | Path):
        raise InvalidOptionError(f"path must be a file name, got {quoted(path)}")
    pandas: Any = None
    if as_frame is not False:
        try:
            pandas = _pandas()
        except MissingPandasError:
            if as_frame:
                raise
    rows = _rows(Path(path), on_bad_line)
    if pandas is None:
        return rows
    return _frame(pandas, rows)


def _pandas() -> Any:
    """pandas (typed Any: its stubs are a separate package)."""
    try:
        return importlib.import_module("pandas")
    except ImportError:
        raise MissingPandasError from None


def _frame(pandas: Any, rows: list[Record]) -> Any:
    frame = pandas.DataFrame([{key: row.get(key) for key in COLUMNS} for row in rows], columns=list(COLUMNS))
    status = pandas.CategoricalDtype(STATUSES)
    return frame.astype({"deal": "int64", "seconds": "float64", "nodes": "int64", "status": status})


class SurveyResults(list[Record]):
    """A survey's records, one dict per deal sorted by deal: a list, and a table.

    What :func:`~crescent_widget.solver.survey.survey` returns. ``summarise()`` says what they
    show (the range the win rate lies in), ``to_frame()`` makes the pandas table
    :func:`read_survey` makes, ``to_parquet(path)`` writes them for any Parquet reader.
    """

    def summarise(self, wall: float | None = None) -> SurveySummary:
        """The counts, the range of the win rate with both bounds' intervals, and the warnings
        (:func:`~crescent_widget.solver.survey.summary.summarise`)."""
        from .summary import summarise

        return summarise(self, wall)

    def to_frame(self) -> Any:
        """The records as a pandas ``DataFrame``, with :func:`read_survey`'s columns.

        Raises:
            MissingPandasError: pandas is not installed.
        """
        return _frame(_pandas(), list(self))

    def to_parquet(self, path: str | Path) -> Path:
        """Write the records as a Parquet file (:func:`~crescent_widget.solver.survey.parquet.write_parquet`).

        Raises:
            MissingPyarrowError: pyarrow is not installed.
            OSError: the file cannot be written.
        """
        from .parquet import write_parquet

        return write_parquet(self, path)
