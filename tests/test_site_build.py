"""The static site's pieces that run outside a browser: its lock file, and the CLI's refusal of ``--jobs``.

The site itself is built and used in Chromium by ``tests/browser/test_lite_site.py``.
"""

from __future__ import annotations

import sys
import zipfile
from pathlib import Path

import pytest

from crescent_widget import solve
from crescent_widget.solver.survey import NoProcessesError, run_survey

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lite"))
import build_site

RUNTIME_LOCK = {"info": {"arch": "wasm32", "python": "3.14.2"}, "packages": {"numpy": {}}}


def wheel(folder: Path, name: str, version: str, *requires: str) -> build_site.Wheel:
    path = folder / f"{name}-{version}-py3-none-any.whl"
    metadata = "".join(f"Requires-Dist: {r}\n" for r in requires)
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(f"{name}/__init__.py", "")
        archive.writestr(f"{name}-{version}.dist-info/METADATA", f"Name: {name}\nVersion: {version}\n{metadata}")
    return build_site.Wheel.read(path)


def test_the_lock_lists_exactly_the_site_wheels_with_their_browser_dependencies(tmp_path: Path) -> None:
    wheels = [
        wheel(tmp_path, "game", "1.0", "cards>=2", 'pexpect; sys_platform != "emscripten"', "docs; extra == 'doc'"),
        wheel(tmp_path, "cards", "2.1"),
    ]
    lock = build_site.lock_file(RUNTIME_LOCK, wheels)
    assert lock["info"] == RUNTIME_LOCK["info"]
    assert sorted(lock["packages"]) == ["cards", "game"]  # numpy, not served, is gone
    game = lock["packages"]["game"]
    assert game["depends"] == ["cards"] and game["imports"] == ["game"]
    assert game["file_name"] == "game-1.0-py3-none-any.whl" and len(game["sha256"]) == 64


def test_a_missing_or_too_old_dependency_fails_the_build(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match=r"game 1\.0 needs cards>=2: not in lite/wheels\.txt"):
        build_site.lock_file(RUNTIME_LOCK, [wheel(tmp_path, "game", "1.0", "cards>=2")])
    old = [wheel(tmp_path, "game", "1.0", "cards>=2"), wheel(tmp_path, "cards", "1.9")]
    with pytest.raises(SystemExit, match=r"needs cards>=2, the site has 1\.9"):
        build_site.lock_file(RUNTIME_LOCK, old)


def test_a_compiled_wheel_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "fast-1.0-cp314-cp314-manylinux_2_17_x86_64.whl"
    path.write_bytes(b"")
    with pytest.raises(SystemExit, match="not a pure-Python wheel"):
        build_site.Wheel.read(path)


def test_jobs_in_the_browser_get_a_clear_message(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "platform", "emscripten")
    with pytest.raises(SystemExit) as stop:
        solve.main(["1", "--jobs", "2"])
    assert stop.value.code == 2
    assert "--cluster need worker processes, which the browser (Pyodide) cannot start" in capsys.readouterr().err


def test_a_survey_on_processes_is_refused_in_the_browser(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "emscripten")
    for options in ({"jobs": 2}, {"cluster": "local"}):
        with pytest.raises(NoProcessesError) as refused:
            list(run_survey([1], seconds=0.1, **options))
        assert refused.value.reason == "no_processes"
    with pytest.raises(SystemExit):
        solve.main(["1", "--cluster", "local"])


def test_one_job_solves_in_this_process(capsys: pytest.CaptureFixture[str]) -> None:
    assert solve.main(["3-3", "--nodes", "300000"]) == 0  # a range: a survey, even of one deal
    assert "deals 1: won 1" in capsys.readouterr().out
