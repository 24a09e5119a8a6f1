"""A survey's results as a Parquet file, for pandas, polars, DuckDB or Spark without this package.

``pip install "crescent-widget[parquet]"`` brings pyarrow, which writes it. One row per deal,
sorted by deal, with these columns (the JSON lines' fields; data/README.md describes them):

========================  ==================  =====================================================
column                    type                what
========================  ==================  =====================================================
``deal``                  int64               the deal number
``code``                  string              its game code (``CR1-N-…``)
``status``                dictionary string   ``won``, ``lost`` or ``unknown``
``seconds``               float64             wall time of every attempt
``nodes``                 int64               positions searched by the attempt that gave the verdict
``states_stored``         int64, null         positions it stored
``budget``                float64, null       that attempt's budget, in ``budget_unit``
``budget_unit``           string, null        ``seconds`` or ``nodes`` (null in files written before)
``retried``               bool, null          whether a retry budget gave the verdict
``proof``                 string, null        how a loss was proven: ``search`` or ``suit``
``algorithm``             int64, null         the search's version, where the file recorded one
``line``                  list<string>        a won deal's winning line (``13-F1``, ``R``, …)
========================  ==================  =====================================================

>>> import pathlib, tempfile
>>> path = pathlib.Path(tempfile.mkdtemp()) / "results.parquet"
>>> row = {"deal": 1, "code": "CR1-N-AAAAAAB", "status": "won", "seconds": 0.1, "nodes": 50, "line": ["3-F7"]}
>>> write_parquet([row], path).name
'results.parquet'
>>> import pandas
>>> pandas.read_parquet(path)[["deal", "status", "line"]].to_dict("records")
[{'deal': 1, 'status': 'won', 'line': array(['3-F7'], dtype=object)}]
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, Final

from ...errors import CrescentError, InvalidOptionError, quoted

# (column, pyarrow type name); the dictionary and list types are built in _schema.
COLUMNS: Final = (
    ("deal", "int64"),
    ("code", "string"),
    ("status", "dictionary"),
    ("seconds", "float64"),
    ("nodes", "int64"),
    ("states_stored", "int64"),
    ("budget", "float64"),
    ("budget_unit", "string"),
    ("retried", "bool_"),
    ("proof", "string"),
    ("algorithm", "int64"),
    ("line", "list"),
)
COMPRESSION: Final = "zstd"  # read by pyarrow, pandas, polars, DuckDB and Spark alike


class MissingPyarrowError(CrescentError):
    """Parquet asked for without pyarrow installed (``reason`` ``missing_pyarrow``)."""

    def __init__(self) -> None:
        super().__init__("missing_pyarrow", "Parquet needs pyarrow: pip install 'crescent-widget[parquet]'")


def _pyarrow() -> Any:
    """pyarrow (typed Any: its stubs are a separate package)."""
    try:
        return importlib.import_module("pyarrow")
    except ImportError:
        raise MissingPyarrowError from None


def _schema(pa: Any) -> Any:
    types = {
        "dictionary": pa.dictionary(pa.int8(), pa.string()),
        "list": pa.list_(pa.string()),
    }
    fields = [pa.field(name, types.get(kind) or getattr(pa, kind)(), nullable=True) for name, kind in COLUMNS]
    metadata = {b"crescent_widget": b"survey results: one row per deal; see data/README.md for the columns"}
    return pa.schema(fields, metadata=metadata)


def write_parquet(records: Iterable[Mapping[str, Any]], path: str | Path) -> Path:
    """Write survey records (as :func:`~crescent_widget.solver.read_survey` or a
    :class:`~crescent_widget.solver.survey.results.SurveyResults` holds them) to a Parquet file.

    Each record is checked first (:func:`~crescent_widget.solver.survey.results.check_record`:
    a file's ``moves`` is read as ``line``), and the rows are sorted by deal. Returns the path.

    Raises:
        MissingPyarrowError: pyarrow is not installed.
        InvalidOptionError: a record that is not a survey record, or a deal given twice.
        OSError: the file cannot be written.
    """
    from .results import check_record, current

    pa = _pyarrow()
    parquet: Any = importlib.import_module("pyarrow.parquet")
    rows: dict[int, Mapping[str, Any]] = {}
    for given in records:
        record = current(given)
        problem = check_record(record)
        if problem is None and record["deal"] in rows:
            problem = "deal given twice"
        if problem is not None:
            deal = record.get("deal") if isinstance(record, Mapping) else None
            raise InvalidOptionError(f"not a survey record (deal {quoted(deal)}): {problem}")
        rows[record["deal"]] = record
    ordered = [rows[deal] for deal in sorted(rows)]
    columns = {name: [row.get(name) for row in ordered] for name, _ in COLUMNS}
    columns["line"] = [list(row.get("line") or []) for row in ordered]
    columns["budget"] = [None if b is None else float(b) for b in columns["budget"]]
    table = pa.Table.from_pydict(columns, schema=_schema(pa))
    target = Path(path)
    parquet.write_table(table, target, compression=COMPRESSION)
    return target
