"""The CI workflow for those who fork the repository runs what ``.ci/run`` runs, on the Pythons
that ``pyproject.toml`` claims, and claims no other.

- The classifiers' ``Python :: 3.X`` versions are exactly the workflow's CPython versions and
  the Python of the Pyodide that the browser-only site serves (its browser test runs there).
- The workflow's oldest Python is the floor of ``requires-python``.
- Each command of ``.ci/run`` is a step of the workflow, and its tests run both with the
  compiled core and without it (``CRESCENT_ACCEL=0``).

The package's metadata is read as installed (``scripts/bootstrap.sh`` reinstalls the package
whenever ``pyproject.toml`` changes), so this runs on Python 3.10 too, which has no ``tomllib``.
"""

from __future__ import annotations

import json
import re
from importlib.metadata import metadata
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "test.yml"


def workflow() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    return loaded


def version_key(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("."))


def cpython_versions() -> set[str]:
    """The CPython versions the workflow's jobs run on: the matrix's, and each container's."""
    versions: set[str] = set()
    for job in workflow()["jobs"].values():
        versions.update(str(version) for version in job.get("strategy", {}).get("matrix", {}).get("python", []))
        image = re.fullmatch(r"python:(\d+\.\d+)(?:-\w+)?", str(job.get("container", "")))
        if image:
            versions.add(image.group(1))
    return versions


def pyodide_python() -> str:
    """The Python of the Pyodide the site serves: Pyodide 314.x is Python 3.14."""
    pyodide = json.loads((ROOT / "lite" / "package.json").read_text(encoding="utf-8"))["dependencies"]["pyodide"]
    major = pyodide.split(".")[0]
    return f"{major[0]}.{major[1:]}"


def classified_versions() -> set[str]:
    prefix = "Programming Language :: Python :: "
    return {
        value[len(prefix) :]
        for value in metadata("crescent-widget").get_all("Classifier") or []
        if value.startswith(prefix) and re.fullmatch(r"\d+\.\d+", value[len(prefix) :])
    }


def test_the_classifiers_name_exactly_the_versions_tested() -> None:
    assert classified_versions() == cpython_versions() | {pyodide_python()}


def test_the_oldest_python_tested_is_the_floor_of_requires_python() -> None:
    floor = re.fullmatch(r">=\s*(\d+\.\d+)", metadata("crescent-widget")["Requires-Python"])
    assert floor is not None, "requires-python is a plain floor"
    assert min(cpython_versions(), key=version_key) == floor.group(1)
    checks = workflow()["jobs"]["checks"]["strategy"]["matrix"]["python"]
    assert checks[0] == floor.group(1) and version_key(checks[-1]) > version_key(checks[0])


def ci_run_commands() -> list[str]:
    """The commands of ``.ci/run``: each ``echo "== ..."; COMMAND`` line's command."""
    commands = []
    for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines():
        match = re.fullmatch(r'echo "== [^"]*"; (?:exec )?(.+)', line.strip())
        if match:
            commands.append(match.group(1))
    return commands


def test_every_command_of_ci_run_is_a_step_of_the_workflow() -> None:
    commands = ci_run_commands()
    assert len(commands) >= 9 and "scripts/test" in commands
    steps = [str(step.get("run", "")) for job in workflow()["jobs"].values() for step in job["steps"]]
    for command in commands:
        assert any(command in step for step in steps), f".ci/run's {command!r} is no step of {WORKFLOW.name}"
    runs = " ".join(steps)
    assert "scripts/test --no-browser" in runs and "scripts/test -m browser" in runs


def test_the_tests_run_with_the_compiled_core_and_without_it() -> None:
    checks = workflow()["jobs"]["checks"]
    cores = checks["strategy"]["matrix"]["core"]
    assert len(cores) == 2
    switch = checks["env"]["CRESCENT_ACCEL"]
    # One core gives CRESCENT_ACCEL=0 (scripts/bootstrap.sh then leaves the compiled core out), the other 1.
    given = {core: "0" if f"matrix.core == '{core}' && '0'" in switch else "1" for core in cores}
    assert sorted(given.values()) == ["0", "1"], switch
