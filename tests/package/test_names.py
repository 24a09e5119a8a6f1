"""One name per job, one job per name, across the public API (docs/hooks.py says what is public).

A public callable is a function or class the API pages document, or a public method of such
a class. Two callables share a name only for one job: one delegates to the other (the
widget's ``tap`` calls the table's ``tap``), or the name is a verb listed in :data:`SHARED`
with the one job it names on every class. No job has a second name.
"""

from __future__ import annotations

import importlib.util
import inspect
import re
import sys
import textwrap
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

from crescent_widget import CrescentWidget, Game
from crescent_widget.table import Table

ROOT = Path(__file__).resolve().parents[2]
# Verbs that mean one job on every class that has them.
SHARED: dict[str, str] = {
    "add": "append one row to what it keeps",
    "close": "release the file or the terminal line it holds",
    "from_game": "a face of the game showing an existing Game",
    "from_index": "the value an index stands for",
    "game": "the Game it holds or describes, as a new Game",
    "move": "play a move",
    "parse": "the value its text stands for",
    "reshuffle": "play the reshuffle",
    "text": "its words in a language",
    "to_dict": "itself as plain data",
    "to_frame": "itself as a pandas DataFrame, one row per game or deal",
}
# Names two public callables share for different jobs, each with what tells them apart.
EXCEPTIONS: dict[str, str] = {}


def _load_hooks() -> ModuleType:
    docs = ROOT / "docs"
    if str(docs) not in sys.path:
        sys.path.insert(0, str(docs))
    spec = importlib.util.spec_from_file_location("hooks", docs / "hooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _members(cls: type) -> dict[str, Callable[..., object]]:
    """A class's public methods (properties are values, not jobs), the package's own only."""
    found: dict[str, Callable[..., object]] = {}
    for klass in cls.__mro__:
        if not klass.__module__.startswith("crescent_widget"):
            continue
        for name, value in vars(klass).items():
            if name.startswith("_") or name in found:
                continue
            function = value.__func__ if isinstance(value, classmethod | staticmethod) else value
            if inspect.isfunction(function):
                found[name] = function
    return found


def _callables() -> dict[str, dict[str, Callable[..., object]]]:
    """Every public callable by name: its paths, each with the function or class behind it."""
    by_name: dict[str, dict[str, Callable[..., object]]] = defaultdict(dict)
    for path, (obj, _) in _load_hooks().public_objects().items():
        if inspect.isfunction(obj) or inspect.isclass(obj):
            by_name[path.rsplit(".", 1)[1]][path] = obj
        if inspect.isclass(obj):
            for name, method in _members(obj).items():
                by_name[name][f"{path}.{name}"] = method
    return by_name


def _delegates(function: Callable[..., object], name: str) -> bool:
    """Whether the body calls a callable of the same name (the widget's ``undo`` calls the table's)."""
    try:
        source = textwrap.dedent(inspect.getsource(inspect.unwrap(function)))
    except (OSError, TypeError):
        return False
    body = source.split(":\n", 1)[-1]
    return re.search(rf"(?<![\w]){re.escape(name)}\(", body) is not None


def test_no_two_public_callables_share_a_name_for_different_jobs() -> None:
    clashes: dict[str, list[str]] = {}
    for name, paths in _callables().items():
        jobs: dict[int, str] = {}
        for path, obj in paths.items():
            if inspect.isfunction(obj) and _delegates(obj, name):
                continue  # the same job handed on
            jobs.setdefault(id(inspect.unwrap(obj)), path)
        if len(jobs) > 1 and name not in SHARED and name not in EXCEPTIONS:
            clashes[name] = sorted(jobs.values())
    assert clashes == {}, "name these apart, or list the verb in SHARED with its one job"


def test_no_job_has_two_public_names() -> None:
    names_of: dict[int, set[str]] = defaultdict(set)
    for name, paths in _callables().items():
        for obj in paths.values():
            names_of[id(inspect.unwrap(obj))].add(name)
    assert {tuple(sorted(names)) for names in names_of.values() if len(names) > 1} == set()


def test_the_lists_hold_only_names_in_use() -> None:
    used = {name for name, paths in _callables().items() if len(paths) > 1}
    assert set(SHARED) | set(EXCEPTIONS) <= used, "a listed name no longer shared: take it off the list"


def _shared_actions() -> list[str]:
    """The public plain methods the widget and the table both have (properties and class methods aside)."""
    return [
        name
        for name in sorted(set(dir(CrescentWidget)) & set(dir(Table)))
        if not name.startswith("_")
        and inspect.isfunction(inspect.getattr_static(CrescentWidget, name))
        and inspect.isfunction(inspect.getattr_static(Table, name))
    ]


@pytest.mark.parametrize("name", _shared_actions())
def test_the_widget_hands_each_shared_action_to_the_table_method_of_its_name(name: str) -> None:
    assert _delegates(getattr(CrescentWidget, name), name), f"CrescentWidget.{name} must call Table.{name}"


def test_the_widget_renames_no_table_method() -> None:
    table_calls = {
        (name, called)
        for name, method in _members(CrescentWidget).items()
        for called in re.findall(r"self\._table\.(\w+)\(", inspect.getsource(method))
    }
    assert {(name, called) for name, called in table_calls if name != called} == set()


def test_check_is_the_rules_word_only() -> None:
    """``check…`` judges by the rules and plays nothing (``Game.check``, ``Game.check_undo``)."""
    for cls in (Table, CrescentWidget):
        checks = [name for name in _members(cls) if name.startswith("check")]
        assert checks == []
    assert {name for name in _members(Game) if name.startswith("check")} == {"check", "check_undo"}
