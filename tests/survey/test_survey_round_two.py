"""An honest summary, one call for a survey, Parquet, and the command line's one-line refusals.

The command line is run as a user runs it: real processes, real files, the exit status and
every line they print.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pandas
import pyarrow.parquet
import pytest

from crescent_widget.solver.survey import (
    ResultsFile,
    SurveyFileError,
    SurveyResults,
    read_survey,
    summarise,
    survey,
    wilson_interval,
    write_parquet,
)
from crescent_widget.solver.survey.parquet import COLUMNS

SURVEY = [sys.executable, "-m", "crescent_widget.solver"]
FAST = ["--nodes", "300000"]
DATA = Path(__file__).resolve().parents[2] / "data"


def _run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*SURVEY, *args], check=False, capture_output=True, text=True, timeout=300, env={**os.environ, **(env or {})}
    )


def _record(deal: int, status: str, unit: str = "nodes") -> dict[str, object]:
    from crescent_widget import format_code

    return {"deal": deal, "code": format_code(deal), "status": status, "seconds": 0.5, "nodes": 1000,
            "budget": 2.0 if unit == "seconds" else 1000, "budget_unit": unit, "line": []}  # fmt: skip


# ---------------------------------------------------------------- 1. an honest summary


def test_unknowns_are_not_losses_the_win_rate_is_a_range_with_both_intervals() -> None:
    records = [_record(n, "won") for n in range(1, 93)] + [_record(n, "unknown") for n in range(93, 301)]
    summary = summarise(records)
    assert (summary.deals, summary.won, summary.lost, summary.unknown) == (300, 92, 0, 208)
    assert (summary.lower.count, summary.lower.total) == (92, 300)
    assert (summary.upper.count, summary.upper.total) == (300, 300)
    assert (summary.lower.low, summary.lower.high) == wilson_interval(92, 300)
    assert (summary.upper.low, summary.upper.high) == wilson_interval(300, 300)
    text = str(summary)
    assert "win rate between 30.7% and 100.0%" in text
    assert "proven winnable 92" in text and "unknown 208" in text
    assert "95% Wilson interval 25.7%-36.1%" in text and "95% Wilson interval 98.7%-100.0%" in text
    # The lower bound is never the value: no line says "win rate 30.7%".
    assert "win rate 30.7%" not in text
    assert any("208 deals unknown" in warning for warning in summary.warnings)
    assert not any("--seconds" in warning for warning in summary.warnings), "a node budget repeats anywhere"


def test_a_time_budget_that_left_unknowns_is_named_with_the_way_out() -> None:
    records = [_record(1, "won", "seconds"), _record(2, "unknown", "seconds")]
    summary = summarise(records)
    assert summary.timed == 2
    assert any("--seconds" in warning and "--nodes" in warning for warning in summary.warnings)
    assert "warning:" in str(summary)
    # Every deal proven: one rate, no warning, even under a time budget.
    settled = summarise([_record(1, "won", "seconds"), _record(2, "lost", "seconds")])
    assert settled.settled and settled.warnings == () and "win rate 50.0%" in str(settled)
    # Files written before budget_unit was kept: a fractional budget was seconds.
    old = [{**_record(1, "unknown"), "budget": 2.0}]
    del old[0]["budget_unit"]
    assert any("--seconds" in w for w in summarise(old).warnings)


def test_the_command_line_prints_the_range_and_the_warning(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    lines = [json.dumps(_record(n, "won")) for n in (1, 2)] + [json.dumps(_record(3, "unknown", "seconds"))]
    records = [json.loads(line) for line in lines]
    for record in records:  # true wins: their lines replay
        if record["status"] == "won":
            from crescent_widget.solver.survey import solve_deal

            record.update(solve_deal(record["deal"], None, 300_000))
    out.write_text("".join(json.dumps(r) + "\n" for r in records))
    done = _run("1-3", *FAST, "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert "win rate between 66.7% and 100.0%" in done.stdout and "warning: 1 deal unknown" in done.stdout
    assert "--nodes gives the same verdicts" in done.stdout


# ---------------------------------------------------------------- 3. one call for a survey


def test_one_call_surveys_resumes_and_returns_the_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "results.jsonl"
    first = survey(range(1, 4), out=out, nodes=300_000)
    assert isinstance(first, SurveyResults) and [r["deal"] for r in first] == [1, 2, 3]
    assert "survey" in capsys.readouterr().err, "a progress bar"
    assert all(r["budget_unit"] == "nodes" and r["status"] == "won" for r in first)
    written = out.read_text()
    # Asked again with more deals: the three are read back, only deal 4 is solved.
    again = survey("1-4", out=out, nodes=300_000, progress=False)
    assert [r["deal"] for r in again] == [1, 2, 3, 4] and list(again[:3]) == list(first)
    assert out.read_text().startswith(written) and len(out.read_text().splitlines()) == 4
    assert capsys.readouterr().err == "", "progress=False draws nothing"
    summary = again.summarise()
    assert summary.won == 4 and summary.settled
    frame = again.to_frame()
    assert list(frame["deal"]) == [1, 2, 3, 4] and frame.equals(read_survey(out))


def test_one_call_refuses_a_budget_that_is_not_one_before_anything_runs(tmp_path: Path) -> None:
    from crescent_widget.errors import ArgumentTypeError, InvalidOptionError
    from crescent_widget.solver import InvalidBudgetError

    out = tmp_path / "results.jsonl"
    with pytest.raises(InvalidOptionError, match="one budget"):
        survey([1], out=out)
    with pytest.raises(InvalidOptionError, match="one budget"):
        survey([1], out=out, seconds=1, nodes=10)
    with pytest.raises(InvalidBudgetError):
        survey([1], out=out, nodes=-1)
    with pytest.raises(ArgumentTypeError):
        survey([1], out=out, nodes=10, progress="yes")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        survey(5, nodes=10)  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError):
        survey([1], nodes=10, cluster="bogus", jobs=2)
    assert not out.exists() or out.read_text() == ""


def test_results_file_is_a_context_manager_that_unlocks(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    with ResultsFile(out) as file:
        with pytest.raises(SurveyFileError, match="locked"):
            ResultsFile(out)
        assert file.records == {}
    with ResultsFile(out):  # released on leaving
        pass


def test_a_bad_backend_choice_is_refused_before_any_deal_is_solved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from crescent_widget.solver.search.backends import SolverBackendError

    monkeypatch.setenv("CRESCENT_SOLVER", "bogus")
    out = tmp_path / "results.jsonl"
    with pytest.raises(SolverBackendError):
        survey([1, 2], out=out, nodes=2000, progress=False)
    assert out.read_text() == ""


# ---------------------------------------------------------------- 4. data others can read


def test_parquet_holds_every_column_and_reads_without_this_package(tmp_path: Path) -> None:
    records = survey([1, 2], nodes=300_000, progress=False)
    path = records.to_parquet(tmp_path / "results.parquet")
    table = pyarrow.parquet.read_table(path)
    assert table.column_names == [name for name, _ in COLUMNS] and table.num_rows == 2
    # pandas in a process that never imports crescent_widget reads it.
    reader = (
        "import sys, pandas; frame = pandas.read_parquet(sys.argv[1]); "
        "print(list(frame['deal']), list(frame['status']), len(frame['line'][0]) > 0, "
        "'crescent_widget' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", reader, str(path)], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[1, 2] ['won', 'won'] True False"


def test_the_parquet_writer_refuses_what_is_no_survey_record(tmp_path: Path) -> None:
    from crescent_widget.errors import InvalidOptionError

    with pytest.raises(InvalidOptionError, match="deal given twice"):
        write_parquet([_record(1, "unknown"), _record(1, "unknown")], tmp_path / "x.parquet")
    with pytest.raises(InvalidOptionError, match="no 'status'"):
        write_parquet([{"deal": 1, "code": "CR1-N-AAAAAAB"}], tmp_path / "x.parquet")
    assert not (tmp_path / "x.parquet").exists()


def test_the_published_survey_has_a_parquet_twin_with_the_same_rows() -> None:
    twin = DATA / "survey-1-10000.parquet"
    frame = pandas.read_parquet(twin)
    lines = read_survey(DATA / "survey-1-10000.jsonl.gz")
    assert list(frame["deal"]) == list(lines["deal"]) == list(range(1, 10_001))
    assert list(frame["status"].astype(str)) == list(lines["status"].astype(str))
    assert [list(line) for line in frame["line"]] == list(lines["line"])
    assert (frame["nodes"] == lines["nodes"]).all() and frame["algorithm"].notna().sum() == 61


def test_verify_writes_the_parquet_of_a_checked_file(tmp_path: Path) -> None:
    out, twin = tmp_path / "r.jsonl", tmp_path / "r.parquet"
    assert _run("1-2", *FAST, "--out", str(out)).returncode == 0
    done = _run("--verify", str(out), "--parquet", str(twin))
    assert done.returncode == 0 and "2 deals written" in done.stdout, done.stdout + done.stderr
    assert list(pandas.read_parquet(twin)["deal"]) == [1, 2]
    survey_twin = tmp_path / "s.parquet"
    assert _run("3", *FAST, "--out", str(out), "--parquet", str(survey_twin)).returncode == 0
    assert list(pandas.read_parquet(survey_twin)["deal"]) == [3]


# ---------------------------------------------------------------- the command line's refusals


def test_a_bad_backend_choice_is_one_line_and_status_2(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    for args in (("1-2", "--nodes", "2000"), ("1-2", "--nodes", "2000", "--out", str(out)), ("1", "--nodes", "2000")):
        done = _run(*args, env={"CRESCENT_SOLVER": "bogus"})
        assert done.returncode == 2, done
        assert "Traceback" not in done.stderr and "CRESCENT_SOLVER='bogus'" in done.stderr
        assert done.stderr.strip().splitlines()[-1].startswith("python -m crescent_widget.solver: error:")
    assert out.read_text() == "", "nothing solved, nothing written"


@pytest.mark.parametrize("option", ["--winnable-out", "--json", "--parquet"])
def test_two_outputs_naming_one_file_are_refused_before_the_survey(tmp_path: Path, option: str) -> None:
    out = tmp_path / "r.jsonl"
    assert _run("1", *FAST, "--out", str(out), "--winnable-out", str(tmp_path / "w.txt")).returncode == 0
    kept = out.read_text()
    link = tmp_path / "hard-link.jsonl"
    os.link(out, link)
    (tmp_path / "sub").mkdir()
    for other in (str(out), f"{tmp_path}/sub/../r.jsonl", str(link)):
        done = _run("1-2", *FAST, "--out", str(out), option, other)
        assert done.returncode == 2 and done.stdout == "", (other, done.stdout)
        assert done.stderr.count("\n") == 1 and "the same file as --out" in done.stderr, done.stderr
        assert out.read_text() == kept, "the results file is untouched"
    resumed = _run("1-2", *FAST, "--out", str(out))
    assert resumed.returncode == 0, resumed.stderr


def test_two_other_outputs_naming_one_file_are_refused_too(tmp_path: Path) -> None:
    target = tmp_path / "both.txt"
    done = _run("1-2", *FAST, "--json", str(target), "--winnable-out", str(target))
    assert done.returncode == 2 and "--winnable-out" in done.stderr and not target.exists()
    done = _run("--verify", str(DATA / "survey-1-10000.jsonl.gz"), "--parquet", str(DATA / "survey-1-10000.jsonl.gz"))
    assert done.returncode == 2 and done.stderr.count("\n") == 1
