"""The static site's pieces that run outside a browser: its lock file, its pages' data, its
GitHub Pages workflow, and the CLI's refusal of ``--jobs``.

The site itself is built and used in Chromium by ``tests/browser/test_lite_site.py``.
"""

from __future__ import annotations

import sys
import zipfile
from pathlib import Path

import pytest
import yaml

from crescent_widget.solver.survey import cli
from crescent_widget.solver.survey.runner import NoProcessesError, run_survey

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "lite"))
import app_pages
import app_runtime
import build_site
import bytecode

ROOT = build_site.ROOT

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


def test_the_browser_s_python_compiles_the_sources_and_keeps_them(tmp_path: Path) -> None:
    """Pyodide (in Node) writes each .pyc where the browser's importers look, for its own CPython."""
    runtime = build_site.LITE / "node_modules" / "pyodide"
    if not (runtime / "pyodide.mjs").is_file():
        runtime = build_site.fetch_runtime()
    game = tmp_path / "game-1.0-py3-none-any.whl"
    with zipfile.ZipFile(game, "w") as archive:
        archive.writestr("game/__init__.py", "ANSWER = 42\n")
        archive.writestr("game/broken.py", "def (:\n")  # left to the browser, which reports it on import
        archive.writestr("game-1.0.dist-info/METADATA", "Name: game\nVersion: 1.0\n")
        archive.writestr("game-1.0.dist-info/RECORD", "game/__init__.py,,\n")
    stdlib = tmp_path / "python_stdlib.zip"
    with zipfile.ZipFile(stdlib, "w") as archive:
        archive.writestr("json/__init__.py", "X = 1\n")
    done = bytecode.add_bytecode(runtime, stdlib, [game], tmp_path / "work")
    assert done.added == 2 and done.not_compiled == ("game-1.0-py3-none-any.whl: game/broken.py",)
    with zipfile.ZipFile(game) as archive:
        names = archive.namelist()
        pyc = archive.read("game/__pycache__/__init__.cpython-314.pyc")
        record = archive.read("game-1.0.dist-info/RECORD").decode().splitlines()
    assert "game/__init__.py" in names and "game/broken.py" in names  # the sources stay
    assert record[0] == "game/__init__.py,,"
    assert record[1].startswith("game/__pycache__/__init__.cpython-314.pyc,sha256=")
    assert record[1].endswith(f",{len(pyc)}")
    # CPython 3.14's magic number, and flags: hash-based, unchecked
    assert pyc[:4] == (3627).to_bytes(2, "little") + b"\r\n" and int.from_bytes(pyc[4:8], "little") == 0b01
    with zipfile.ZipFile(stdlib) as archive:
        assert sorted(archive.namelist()) == ["json/__init__.py", "json/__init__.pyc"]
        assert b"/lib/python314.zip/json/__init__.py" in archive.read("json/__init__.pyc")  # its path in the browser


def test_jobs_in_the_browser_get_a_clear_message(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "platform", "emscripten")
    with pytest.raises(SystemExit) as stop:
        cli.main(["1", "--jobs", "2"])
    assert stop.value.code == 2
    assert "--cluster need worker processes, which the browser (Pyodide) cannot start" in capsys.readouterr().err


def test_a_survey_on_processes_is_refused_in_the_browser(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "emscripten")
    for options in ({"jobs": 2}, {"cluster": "local"}):
        with pytest.raises(NoProcessesError) as refused:
            list(run_survey([1], seconds=0.1, **options))
        assert refused.value.reason == "no_processes"
    with pytest.raises(SystemExit):
        cli.main(["1", "--cluster", "local"])


def test_one_job_solves_in_this_process(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["3-3", "--nodes", "300000"]) == 0  # a range: a survey, even of one deal
    assert "deals 1: proven winnable 1" in capsys.readouterr().out


RUNTIME = app_runtime.AppRuntime({"pyodide.asm.wasm.gz": 3_500_000, "python_stdlib.zip": 3_300_000})


def test_the_app_pages_carry_every_text_in_both_languages_and_their_python() -> None:
    pages = app_pages.app_pages()
    assert [p.file for p in pages] == ["play.html", *(f"lesson-{n}.html" for n in range(1, 10))]
    config = app_pages.page_config(pages[3], "pl", RUNTIME)
    assert config["lesson"] == 3 and config["defaultLang"] == "pl"
    assert config["store"] == app_pages.STORE
    assert config["python"] == {
        "base": "pyodide/",
        "packages": ["crescent-widget"],
        "bytes": 6_800_000,
        "host": "host.py",
    }
    assert config["lessons"][2]["title"]["en"] == "3. King and Ace"
    assert config["lessons"][0]["task"]["en"] == "Task: put 2♠ from pile 15 on the A♠ foundation."
    assert config["lessons"][0]["rule"]["pl"].startswith("16 stosów")
    for words in app_pages.WORDS.values():
        assert words.keys() == app_pages.WORDS["en"].keys()


def test_the_app_pages_lock_lists_the_game_alone(tmp_path: Path) -> None:
    ours = tmp_path / "crescent_widget-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(ours, "w") as archive:
        archive.writestr("crescent_widget/__init__.py", "")
    lock = app_runtime.lock_file(RUNTIME_LOCK, ours)
    assert list(lock["packages"]) == ["crescent-widget"]
    entry = lock["packages"]["crescent-widget"]
    assert entry["depends"] == [] and entry["file_name"] == ours.name and entry["version"] == "0.1.0"


def test_the_app_pages_standard_library_swaps_the_start_s_sources_for_bytecode(tmp_path: Path) -> None:
    sources, compiled = tmp_path / "stdlib.zip", tmp_path / "compiled"
    with zipfile.ZipFile(sources, "w") as archive:
        archive.writestr("json/__init__.py", "x = 1\n")
        archive.writestr("email/__init__.py", "y = 2\n")
    (compiled / "json").mkdir(parents=True)
    (compiled / "json" / "__init__.pyc").write_bytes(b"pyc")
    slim = tmp_path / "slim.zip"
    assert app_runtime.slim_stdlib(sources, compiled, {"json/__init__.py"}, slim) == 1
    with zipfile.ZipFile(slim) as archive:
        assert sorted(archive.namelist()) == ["email/__init__.py", "json/__init__.pyc"]


def test_page_data_cannot_close_its_script_element() -> None:
    text = app_pages.json_for_script({"title": "</script><script>alert(1)</script>"})
    assert "</script>" not in text and "<" not in text
    with pytest.raises(SystemExit, match="unfilled field"):
        app_pages.fill("<p>{{SIZE}}</p>", OTHER="1")


def test_the_pages_are_written_with_the_build_s_language(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text('<script id="jupyter-config-data" type="application/json">{}</script>')
    written = app_pages.write_app_pages(tmp_path, "en", RUNTIME)
    assert len(written) == 10 and (tmp_path / "app" / "app.js").is_file() and (tmp_path / "app" / "host.py").is_file()
    page = (tmp_path / "app" / "lesson-2.html").read_text(encoding="utf-8")
    assert '<html lang="en">' in page and '"defaultLang": "en"' in page and "{{" not in page
    # The lesson's rule and task are in the page itself: they show before any script has run.
    assert "Task: put 8♥ (pile 1) where it fits." in page and "<title>2. Building on piles</title>" in page
    landing = app_pages.write_landing_page(tmp_path, "en", app_pages.Sizes(40_000_000, 19_000_000)).read_text()
    assert "The whole site is 40 MB" in landing and "19 MB" in landing
    assert "Cała strona ma 40 MB" in landing  # the Polish text, which the page shows for ?lang=pl
    assert 'id="jupyter-config-data"' in landing  # JupyterLite's apps read it from every index.html above them
    with pytest.raises(SystemExit):
        build_site.main(["--lang", "de"])


def test_the_workflow_builds_the_site_and_deploys_it_to_github_pages() -> None:
    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "site.yml").read_text(encoding="utf-8"))
    triggers = workflow.get("on", workflow.get(True))  # YAML 1.1 reads a bare `on` as true
    assert "push" in triggers and "workflow_dispatch" in triggers
    assert workflow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
    build, deploy = workflow["jobs"]["build"], workflow["jobs"]["deploy"]
    uses = [step.get("uses", "").split("@")[0] for step in build["steps"]]
    assert uses[:2] == ["actions/checkout", "actions/setup-python"]
    assert uses[-1] == "actions/upload-pages-artifact" and build["steps"][-1]["with"]["path"] == "site"
    runs = [step["run"] for step in build["steps"] if "run" in step]
    assert len(runs) == 1 and runs[0].startswith("scripts/site")
    assert "--url" in runs[0] and "steps.pages.outputs.base_url" in runs[0]  # the QR codes name the published site
    assert "actions/configure-pages" in uses
    assert deploy["needs"] == "build" and deploy["environment"]["name"] == "github-pages"
    assert [step["uses"].split("@")[0] for step in deploy["steps"]] == ["actions/deploy-pages"]
