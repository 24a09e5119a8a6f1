"""A survey file read as a table (pandas, or plain dicts), and the survey's tqdm progress bar."""

from __future__ import annotations

import gzip
import io
import json
import subprocess
import sys
import warnings
from pathlib import Path

import nbformat
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from nbclient import NotebookClient

from crescent_widget.errors import InvalidOptionError
from crescent_widget.solver import read_survey
from crescent_widget.solver.survey.progress import Progress, with_progress
from crescent_widget.solver.survey.results import COLUMNS, MissingPandasError, SurveyLineError, SurveyLineWarning
from crescent_widget.solver.survey.runner import ResultsFile, run_survey, solve_deal


@pytest.fixture(scope="module")
def solved() -> list[dict[str, object]]:
    """Real records, as the survey writes them (small node budgets)."""
    return [solve_deal(n, None, 20_000) for n in (3, 1, 2)]


def write(path: Path, records: list[dict[str, object]], *extra: str) -> Path:
    out = ResultsFile(path)
    for record in records:
        out.add(record)
    out.close()
    with path.open("a", encoding="utf-8") as handle:
        handle.writelines(extra)
    return path


def test_a_survey_file_becomes_a_dataframe_by_deal(tmp_path: Path, solved: list[dict[str, object]]) -> None:
    frame = read_survey(write(tmp_path / "r.jsonl", solved))
    assert isinstance(frame, pd.DataFrame) and tuple(frame.columns) == COLUMNS
    assert frame["deal"].tolist() == [1, 2, 3] and str(frame["deal"].dtype) == "int64"
    assert list(frame["status"].cat.categories) == ["won", "lost", "unknown"]
    by_deal = {record["deal"]: record for record in solved}
    for row in frame.to_dict("records"):
        assert {key: row[key] for key in by_deal[row["deal"]]} == by_deal[row["deal"]]
    assert frame.groupby("status", observed=False).size()["won"] == sum(r["status"] == "won" for r in solved)


def test_a_gzipped_survey_file_reads_as_the_plain_one(tmp_path: Path, solved: list[dict[str, object]]) -> None:
    plain = write(tmp_path / "r.jsonl", solved)
    packed = tmp_path / "r.jsonl.gz"
    packed.write_bytes(gzip.compress(plain.read_bytes()))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # not one line may read as bad
        assert read_survey(packed, as_frame=False) == read_survey(plain, as_frame=False)


def test_the_shipped_survey_reads_as_it_is() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        rows = read_survey(Path(__file__).parents[2] / "data" / "survey-1-10000.jsonl.gz", as_frame=False)
    assert len(rows) > 9_000 and {row["status"] for row in rows} <= {"won", "lost", "unknown"}


def test_a_damaged_gzip_file_is_an_os_error_not_bad_lines(tmp_path: Path, solved: list[dict[str, object]]) -> None:
    packed = gzip.compress(write(tmp_path / "r.jsonl", solved).read_bytes())
    for damaged in (packed[: len(packed) // 2], packed[:10] + bytes(len(packed) - 10)):
        path = tmp_path / "damaged.jsonl.gz"
        path.write_bytes(damaged)
        with pytest.raises(OSError, match="a damaged gzip file"):
            read_survey(path)


def test_without_pandas_it_is_a_list_of_dicts(
    tmp_path: Path, solved: list[dict[str, object]], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write(tmp_path / "r.jsonl", solved)
    rows = read_survey(path, as_frame=False)
    assert [row["deal"] for row in rows] == [1, 2, 3] and all(tuple(row) == COLUMNS for row in rows)
    monkeypatch.setitem(sys.modules, "pandas", None)  # as if pandas were not installed
    assert read_survey(path) == rows
    with pytest.raises(MissingPandasError):
        read_survey(path, as_frame=True)


def test_bad_lines_are_reported_not_fatal(tmp_path: Path, solved: list[dict[str, object]]) -> None:
    wrong_code = {**solved[0], "deal": 9}
    path = write(
        tmp_path / "r.jsonl",
        solved,
        "not json\n",
        json.dumps({**solved[1], "status": "maybe"}) + "\n",
        json.dumps(solved[0]) + "\n",  # the same deal again
        json.dumps(wrong_code) + "\n",
        "[1, 2]\n",
        "\n",
        '{"deal": 4, "co',  # a killed run's half line
    )
    with pytest.warns(SurveyLineWarning) as caught:
        frame = read_survey(path)
    assert frame["deal"].tolist() == [1, 2, 3]
    message = str(caught[0].message)
    assert message.startswith("6 bad lines in") and "line 4: not JSON" in message
    assert "line 5: status is 'maybe'" in message and "line 6: deal 3 written twice (first on line 1)" in message
    assert "…" in message  # only the first five are listed
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert read_survey(path, on_bad_line="skip", as_frame=False)[0]["deal"] == 1
    with pytest.raises(SurveyLineError, match="line 4: not JSON"):
        read_survey(path, on_bad_line="error")


def test_older_files_without_the_optional_fields_still_read(tmp_path: Path) -> None:
    path = tmp_path / "old.jsonl"
    path.write_text(
        json.dumps({"deal": 5, "code": "CR1-N-AAAAAAF", "status": "lost", "seconds": 1, "nodes": 9, "moves": []})
    )
    (row,) = read_survey(path, as_frame=False)
    assert row["proof"] is None and row["retried"] is None and row["status"] == "lost"


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [({"on_bad_line": "ignore"}, InvalidOptionError), ({"as_frame": "yes"}, InvalidOptionError)],
)
def test_bad_arguments_are_refused(tmp_path: Path, kwargs: dict[str, object], error: type[Exception]) -> None:
    (tmp_path / "r.jsonl").write_text("")
    with pytest.raises(error):
        read_survey(tmp_path / "r.jsonl", **kwargs)  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError):
        read_survey(42)  # type: ignore[arg-type]


def test_the_progress_bar_is_tqdms_with_the_tally() -> None:
    out = io.StringIO()
    records = list(run_survey([1, 2], seconds=None, nodes=5_000))
    assert list(with_progress(iter(records), 2, out)) == records
    drawn = out.getvalue()
    assert "survey: 100%|" in drawn and "2/2, won=1" in drawn and "deals/s" in drawn and "ETA" in drawn


def test_without_tqdm_the_plain_bar_is_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)
    out = io.StringIO()
    bar = Progress(2, out)
    bar.update({"status": "won"})
    bar.update({"status": "unknown"})
    bar.close()
    assert "2/2 won 1 lost 0 unknown 1" in out.getvalue() and out.getvalue().endswith("\n")


def test_the_survey_command_draws_the_tqdm_bar(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "crescent_widget.solver", "1-3", "--nodes", "5000"],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    )
    assert "3/3" in done.stderr and "survey: 100%|" in done.stderr and "deals 3:" in done.stdout


def test_in_a_notebook_the_bar_is_tqdms_notebook_widget(tmp_path: Path) -> None:
    notebook = nbformat.v4.new_notebook(
        cells=[
            nbformat.v4.new_code_cell(
                "from crescent_widget.solver.survey.progress import with_progress\n"
                "records = [{'status': 'won'}, {'status': 'lost'}]\n"
                "assert list(with_progress(records, 2)) == records"
            )
        ]
    )
    resources = {"metadata": {"path": str(tmp_path)}}
    NotebookClient(notebook, timeout=60, kernel_name="python3", resources=resources).execute()
    outputs = notebook.cells[0].outputs
    assert not [o for o in outputs if o.output_type == "error"]
    assert any("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in outputs)


def test_a_winning_line_is_line_everywhere_and_older_files_moves_still_load(tmp_path: Path) -> None:
    from crescent_widget import Game, Move
    from crescent_widget.solver import solve

    result = solve(Game.from_number(1), nodes=300_000)
    assert result.status == "won" and all(isinstance(move, Move) for move in result.line)
    text = [str(move) for move in result.line]
    record = solve_deal(1, None, 300_000)
    assert "moves" not in record and record["line"] == text
    path = tmp_path / "old.jsonl"
    old = {key: value for key, value in record.items() if key != "line"} | {"moves": text}
    path.write_text(json.dumps(old) + "\n")
    (row,) = read_survey(path, as_frame=False, on_bad_line="error")
    assert row["line"] == text and "moves" not in row
    assert list(read_survey(path, as_frame=True)["line"]) == [text]
    results = ResultsFile(path)
    try:
        assert results.problems == [] and results.records[1]["line"] == text
    finally:
        results.close()
    verified = subprocess.run(
        [sys.executable, "-m", "crescent_widget.solver", "--verify", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert verified.returncode == 0 and "0 problems" in verified.stdout, verified.stdout


# Numbers a hand-edited or foreign file may hold: past a float's range, past int64, odd kinds.
ODD_NUMBERS = st.one_of(
    st.integers(min_value=-(10**400), max_value=10**400),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([2**63 - 1, 2**63, 10**308, 10**309, True, None, "1", [1], {"a": 1}]),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(field=st.sampled_from(["seconds", "budget", "nodes", "states_stored"]), value=ODD_NUMBERS)
def test_any_number_in_a_line_is_read_or_reported(
    tmp_path: Path, solved: list[dict[str, object]], field: str, value: object
) -> None:
    path = tmp_path / "odd.jsonl"
    path.write_text(json.dumps(solved[1]) + "\n" + json.dumps({**solved[0], field: value}) + "\n")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SurveyLineWarning)
        frame = read_survey(path)  # the rows a table holds: each number fits its column
        rows = read_survey(path, as_frame=False)
    assert frame["deal"].tolist() == [row["deal"] for row in rows] and rows[0]["deal"] == 1
    kept = ResultsFile(path)
    kept.close()
    assert set(kept.records) == {row["deal"] for row in rows}


@pytest.mark.parametrize("nested", ["[" * 100_000 + "]" * 100_000, '{"deal": ' * 50_000 + "1" + "}" * 50_000])
def test_a_line_nested_past_the_stack_is_a_bad_line(
    tmp_path: Path, solved: list[dict[str, object]], nested: str
) -> None:
    path = tmp_path / "deep.jsonl"
    path.write_text(json.dumps(solved[0]) + "\n" + nested + "\n")
    with pytest.warns(SurveyLineWarning, match="line 2: not JSON"):
        assert [row["deal"] for row in read_survey(path, as_frame=False)] == [solved[0]["deal"]]
    with pytest.raises(SurveyLineError, match="line 2: not JSON"):
        read_survey(path, on_bad_line="error")
