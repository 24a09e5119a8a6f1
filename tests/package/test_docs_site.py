"""The documentation site's generated parts and its checker (docs/hooks.py, docs/check_site.py).

The site itself is built and checked by ``scripts/docs`` (in CI); these tests show that the
checker catches what it claims to, and that the generated tables say what the code says.
"""

from __future__ import annotations

import ast
import importlib.util
import inspect
import json
import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest

from crescent_widget.errors import CrescentError, IllegalMoveError, InvalidMoveError
from crescent_widget.solver import InvalidBudgetError, SolverBackendError
from crescent_widget.words.i18n import REASONS

DOCS = Path(__file__).resolve().parents[2] / "docs"


def _load(name: str) -> ModuleType:
    if str(DOCS) not in sys.path:
        sys.path.insert(0, str(DOCS))  # check_site imports hooks as a sibling, as scripts/docs runs it
    spec = importlib.util.spec_from_file_location(name, DOCS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


hooks = _load("hooks")
check_site = _load("check_site")
griffe_docstrings = _load("griffe_docstrings")


def _page(path: Path, body: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"<html><body>{body}</body></html>", encoding="utf-8")


# ------------------------------------------------------------------ the reason-code tables


def test_every_error_class_of_the_package_is_found() -> None:
    found = hooks.error_classes()
    assert found[0] is CrescentError
    assert {IllegalMoveError, InvalidMoveError, InvalidBudgetError, SolverBackendError} <= set(found)
    assert all(issubclass(cls, CrescentError) for cls in found)


def test_fixed_reason_codes_are_read_from_the_code() -> None:
    assert hooks.reason_codes(InvalidMoveError) == ["invalid_move"]
    assert hooks.reason_codes(InvalidBudgetError) == ["invalid_budget"]
    assert hooks.reason_codes(SolverBackendError) == ["accel_missing", "accel_mismatch", "unknown_solver"]
    assert hooks.reason_codes(IllegalMoveError) == []  # any code of the catalogue


def test_each_code_in_the_table_is_one_the_code_really_uses() -> None:
    for cls in hooks.error_classes():
        module = inspect.getmodule(cls)
        assert module is not None
        literals = {
            node.value
            for node in ast.walk(ast.parse(inspect.getsource(module)))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
        }
        assert set(hooks.reason_codes(cls)) <= literals, cls


def test_the_catalogue_table_has_every_reason_in_both_languages() -> None:
    tables = hooks.reason_tables()
    for code, texts in REASONS.items():
        assert f"| `{code}` | {texts['en']} | {texts['pl']} |" in tables
    for cls in hooks.error_classes():
        assert f"[`{cls.__name__}`][{cls.__module__}.{cls.__name__}]" in tables


def test_the_error_page_gets_an_entry_per_class() -> None:
    page = hooks.on_page_markdown("# Errors\n\n<!-- error-classes -->\n")
    assert "::: crescent_widget.errors.CrescentError" in page
    assert "::: crescent_widget.solver.search.backends.SolverBackendError" in page
    assert "<!--" not in page


# ------------------------------------------------------------------ docstrings as Markdown


def test_docstring_roles_and_doctests_become_markdown() -> None:
    text = "Uses :class:`~crescent_widget.table.Table` and :func:`solve`.\n\n>>> g.legal_moves()[:2]\n[1, 2]\n\nAfter."
    assert griffe_docstrings.markdown(text) == (
        "Uses ``Table`` and ``solve``.\n\n```pycon\n>>> g.legal_moves()[:2]\n[1, 2]\n```\n\nAfter."
    )


def test_a_literal_block_keeps_one_colon_and_its_code() -> None:
    text = "Usage::\n\n    python -m crescent_widget.solver 1-10\n\nA role in code:: stays."
    assert griffe_docstrings.markdown(text) == (
        "Usage:\n\n    python -m crescent_widget.solver 1-10\n\nA role in code:: stays."
    )


# ------------------------------------------------------------------ the site checker


def test_links_that_land_pass_and_broken_ones_are_named(tmp_path: Path) -> None:
    _page(tmp_path / "index.html", '<a href="api/a.html#x">ok</a> <a href="https://example.org/">out</a>')
    _page(tmp_path / "api" / "a.html", '<h2 id="x">x</h2><a href="../index.html">up</a><a href="#x">self</a>')
    assert check_site.broken_links(tmp_path) == []

    _page(tmp_path / "b.html", '<a href="api/a.html#nowhere">bad anchor</a><img src="missing.png">')
    assert check_site.broken_links(tmp_path) == [
        "b.html: api/a.html#nowhere: no such anchor",
        "b.html: missing.png: no such file",
    ]


def test_a_page_that_loads_from_another_host_is_reported(tmp_path: Path) -> None:
    _page(tmp_path / "index.html", '<a href="https://example.org/">a link is fine</a><img src="board.png">')
    assert check_site.external_loads(tmp_path) == []
    loads = '<link rel="stylesheet" href="https://fonts.example.org/css"><script src="//cdn.x/a.js">'
    _page(tmp_path / "fonts.html", loads)
    assert check_site.external_loads(tmp_path) == [
        "fonts.html: loads https://fonts.example.org/css",
        "fonts.html: loads //cdn.x/a.js",
    ]


def test_a_public_name_without_an_anchor_is_reported(tmp_path: Path) -> None:
    _page(tmp_path / "api" / "a.html", '<h2 id="crescent_widget.Game">Game</h2>')
    names = {"crescent_widget.Game": {"crescent_widget.Game"}, "crescent_widget.Move": {"crescent_widget.Move"}}
    assert check_site.missing_names(tmp_path, names) == ["crescent_widget.Move: not in the API reference"]


def test_the_public_names_cover_the_packages_api() -> None:
    names = check_site.public_names()
    import crescent_widget
    import crescent_widget.solver

    for name in crescent_widget.__all__:
        assert f"crescent_widget.{name}" in names
    for name in crescent_widget.solver.__all__:
        assert f"crescent_widget.solver.{name}" in names
    assert "crescent_widget.Game.move" in names  # methods too, each with its parameters
    assert "crescent_widget.table.Table.tap" in names
    assert "crescent_widget.solver.survey.runner.run_survey" in names
    # The game review, why a loss is lost, auto-play's safe moves and the statistics.
    assert "crescent_widget.solver.analysis.review.review" in names
    assert "crescent_widget.solver.analysis.review.Review.text" in names
    assert "crescent_widget.solver.analysis.why.why_lost" in names
    assert "crescent_widget.solver.safe.safe_moves" in names
    assert "crescent_widget.stats.Stats" in names
    assert "crescent_widget.table.Table.review_try" in names
    # An inherited method may be documented where it is defined.
    assert "crescent_widget.errors.CrescentError.text" in names["crescent_widget.IllegalMoveError.text"]


def _notebook(path: Path, outputs: list[dict[str, object]]) -> None:
    cells = [{"cell_type": "code", "source": "w", "outputs": outputs, "metadata": {}, "execution_count": 1}]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"cells": cells}), encoding="utf-8")


@pytest.mark.parametrize(
    ("data", "page", "problem"),
    [
        ({"image/svg+xml": "<svg/>"}, '<div class="jp-RenderedSVG x">', None),
        ({}, '<div class="jp-RenderedSVG x">', "a board's output has no SVG beside its view"),
        ({"image/svg+xml": "<svg/>"}, "", "0 pictures shown, 1 expected"),
        (
            {"image/svg+xml": "<svg/>"},
            '<div class="jp-RenderedSVG x"><script type="application/vnd.jupyter.widget-view+json">',
            "a live widget view, empty without a kernel",
        ),
    ],
)
def test_every_board_of_an_example_must_show_as_a_picture(
    tmp_path: Path, data: dict[str, str], page: str, problem: str | None
) -> None:
    view = {"model_id": "m", "version_major": 2, "version_minor": 1}
    _notebook(
        tmp_path / "examples" / "play.ipynb",
        [{"output_type": "execute_result", "data": {"application/vnd.jupyter.widget-view+json": view, **data}}],
    )
    _page(tmp_path / "examples" / "play.html", page)
    problems = check_site.boards_without_picture(tmp_path)
    assert problems == [] if problem is None else any(problem in p for p in problems), problems


def test_every_public_name_is_listed_by_a_page_or_generated() -> None:
    # Today every name is on a page of its own; a new one would get a generated entry.
    assert hooks.undocumented_objects() == []
    page = hooks.on_page_markdown("# API\n\n<!-- other-public-names -->\n")
    assert "<!--" not in page


def test_a_name_exported_by_two_modules_is_documented_by_either_entry() -> None:
    from crescent_widget.bots import play_many

    anchors = hooks.public_objects()["crescent_widget.play_many"][1]
    assert {"crescent_widget.play_many", "crescent_widget.bots.play_many"} <= anchors
    assert hooks.public_objects()["crescent_widget.bots.play_many"][0] is play_many
    # Equal constants are not one name: each keeps its own anchors.
    assert "crescent_widget.gym.MAX_EPISODE_STEPS" not in hooks.public_objects()["crescent_widget.bots.MAX_ACTIONS"][1]


def test_a_public_name_no_page_lists_gets_an_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hooks, "EXTRA", (*hooks.EXTRA, "crescent_widget.engine.endgame.finishing_run"))
    monkeypatch.setattr(hooks, "DOCS", DOCS / "no-such-folder")  # as if no page listed anything
    assert "crescent_widget.engine.endgame.finishing_run" in hooks.undocumented_objects()
    page = hooks.on_page_markdown("<!-- other-public-names -->")
    assert page.startswith("## Other public names") and "::: crescent_widget.Game" in page


def test_the_examples_section_lists_every_example_notebook() -> None:
    config = hooks.on_config(SimpleNamespace(nav=[{"Home": "index.md"}, {"Examples": []}]))
    examples = config.nav[1]["Examples"]
    assert examples[0] == "examples/play.ipynb"
    assert sorted(examples) == sorted(f"examples/{path.name}" for path in (DOCS.parent / "examples").glob("*.ipynb"))
