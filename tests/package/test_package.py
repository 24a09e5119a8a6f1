"""The package as a user installs it: core dependencies, lazy widget import, widgets freed.

The build-and-install checks (wheel and sdist into fresh venvs, the sdist with no Node)
live in scripts/check-dist, which .ci/run calls.
"""

from __future__ import annotations

import gc
import re
import subprocess
import sys
import weakref
from importlib.metadata import metadata, requires
from pathlib import Path

import pytest

from crescent_widget import CrescentWidget
from crescent_widget.bundle import STATIC, bundle_asset

ROOT = Path(__file__).resolve().parents[2]


def test_anywidget_and_traitlets_are_core_dependencies() -> None:
    # A plain `pip install crescent-widget` must give a working widget: no extra needed.
    core = [r.split(";")[0].replace(" ", "") for r in requires("crescent-widget") or [] if "extra ==" not in r]
    names = {r.split(">")[0].split("=")[0].split("<")[0].lower() for r in core}
    assert {"anywidget", "traitlets"} <= names


def test_importing_the_package_and_playing_needs_no_widget_machinery() -> None:
    code = (
        "import sys, crescent_widget as c\n"
        "g = c.Game('CR1-N-AAAAAAB'); g.move('13-14')\n"
        "assert 'anywidget' not in sys.modules and 'ipywidgets' not in sys.modules, sorted(sys.modules)\n"
        "assert c.CrescentWidget.__name__ == 'CrescentWidget' and 'anywidget' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, env={"PATH": "/usr/bin:/bin"}, cwd=ROOT)


def test_a_board_loads_no_search_until_one_is_asked_for() -> None:
    # In the browser every module costs at the kernel's start: the solver waits for its first use.
    code = (
        "import sys\n"
        "from crescent_widget import CrescentWidget\n"
        "w = CrescentWidget(lesson=1)\n"
        "searches = sorted(m for m in sys.modules if m.startswith('crescent_widget.solver.'))\n"
        "assert searches == ['crescent_widget.solver.search', 'crescent_widget.solver.search.watch'], searches\n"
        "from crescent_widget.solver import solve, backend\n"
        "assert backend() in ('accel', 'python') and 'crescent_widget.solver.search.dive_and_proof' in sys.modules\n"
        "assert w.hint() is not None\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_the_scripters_extras_are_declared() -> None:
    extras: dict[str, set[str]] = {}
    for requirement in requires("crescent-widget") or []:
        if "extra ==" in requirement:
            extra = requirement.split("extra ==")[1].strip().strip("'\"")
            name = requirement.split(";")[0].split(">")[0].split("=")[0].split("[")[0].strip().lower()
            extras.setdefault(extra, set()).add(name)
    assert {"gymnasium", "numpy"} <= extras["gym"] and "tqdm" in extras["survey"] and "pandas" in extras["examples"]
    assert "resvg-py" in extras["gym"] and "pyarrow" in extras["parquet"] and "open-spiel" in extras["spiel"]
    install = (ROOT / "scripts" / "bootstrap.sh").read_text(encoding="utf-8")
    assert "gym" in install.split("pip install --quiet -e")[1].split("\n")[0]


def test_play_many_comes_from_the_package_without_gymnasium() -> None:
    code = (
        "import sys, crescent_widget as c\n"
        "assert [p.status for p in c.play_many([1], lambda game: None)] == ['resigned']\n"
        "assert 'gymnasium' not in sys.modules and 'numpy' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_a_closed_widget_is_freed() -> None:
    refs = []
    for _ in range(30):
        widget = CrescentWidget("CR1-N-AAAAAAB")
        widget.move("13-14")
        refs.append(weakref.ref(widget))
        widget.close()
    del widget
    gc.collect()
    alive = sum(ref() is not None for ref in refs)
    assert alive == 0, f"{alive} of {len(refs)} closed widgets are still alive"


def test_the_widget_gets_the_bundle_as_text() -> None:
    assert CrescentWidget._esm == (STATIC / "widget.js").read_text(encoding="utf-8")
    assert CrescentWidget._css == (STATIC / "widget.css").read_text(encoding="utf-8")
    assert "\n" in CrescentWidget._esm  # anywidget would take a one-line string for a file name


def test_hot_reload_asks_for_the_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANYWIDGET_HMR", "1")
    assert bundle_asset("widget.js") == STATIC / "widget.js"
    monkeypatch.setenv("ANYWIDGET_HMR", "0")
    assert isinstance(bundle_asset("widget.js"), str)


def test_a_missing_bundle_says_how_to_build_it() -> None:
    with pytest.raises(FileNotFoundError, match="npm run build"):
        bundle_asset("no-such-file.js")


def test_the_license_pyproject_promises_is_there() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License")
    meta = metadata("crescent-widget")
    # `License: MIT`, which every pip's `pip show` prints (pip before 25.1 ignores a bare
    # License-Expression and prints an empty `License:`); scripts/check-dist runs old and new pip.
    assert meta["License"] == "MIT"
    assert "License :: OSI Approved :: MIT License" in meta.get_all("Classifier", [])
    assert (meta.get_all("License-File") or []) == ["LICENSE"]


def test_the_metadata_a_package_index_shows() -> None:
    meta = metadata("crescent-widget")
    classifiers = meta.get_all("Classifier") or []
    assert {
        "Framework :: Jupyter",
        "Topic :: Games/Entertainment :: Puzzle Games",
        "Natural Language :: Polish",
    } <= set(classifiers)
    assert {"patience", "solitaire", "jupyter", "widget"} <= set(meta["Keywords"].split(","))
    # An index shows only links it can follow: the project has no public URL yet, so none.
    assert not meta.get_all("Project-URL")


def test_the_long_description_has_no_relative_links_or_pictures() -> None:
    # .json, not get_payload(): once the importlib_metadata backport is imported (Dask does),
    # its finder answers and keeps the description in a field rather than the payload.
    description = str(metadata("crescent-widget").json["description"])
    assert "CrescentWidget" in description and "solve" in description
    targets = re.findall(r"!?\[[^\]]*\]\(([^)\s]+)", description) + re.findall(r"<img[^>]+src=\"([^\"]+)", description)
    assert [t for t in targets if not t.startswith("https://")] == []


def test_the_engine_imports_nothing_above_it() -> None:
    # Every engine module, and a game played, refused, saved and replayed: the engine's own
    # work loads no text, table, solver or widget (the words load when an error is shown).
    code = (
        "import importlib, pkgutil, sys\n"
        "import crescent_widget.engine as engine\n"
        "for info in pkgutil.iter_modules(engine.__path__):\n"
        "    importlib.import_module(f'crescent_widget.engine.{info.name}')\n"
        "from crescent_widget.engine.game import Game\n"
        "from crescent_widget.errors import IllegalMoveError\n"
        "g = Game('CR1-N-AAAAAAB'); g.move('13-14')\n"
        "try:\n"
        "    g.move('14-1')\n"
        "except IllegalMoveError as caught:\n"
        "    err = caught\n"
        "assert err.reason == 'same_suit'\n"
        "g.reshuffle()\n"
        "Game.from_dict(g.to_dict()); Game.from_record(g.record()); Game.random(winnable=True)\n"
        "loaded = sorted(m for m in sys.modules if m.startswith('crescent_widget'))\n"
        "above = [m for m in loaded if not m.startswith(('crescent_widget.engine', 'crescent_widget.errors',"
        " 'crescent_widget.lang')) and m not in ('crescent_widget', 'crescent_widget.lazy')]\n"
        "assert not above, above\n"
        "str(err)\n"
        "assert 'crescent_widget.words.i18n' in sys.modules  # shown, the error's text loads\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
