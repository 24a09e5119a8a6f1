"""Every example notebook runs top to bottom in a real kernel with no error, is kept in git
without outputs, and speaks the language it is written in (English)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from crescent_widget.stats import StatsBook

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
NOTEBOOKS = sorted(EXAMPLES.glob("*.ipynb"))
RUN_HERE = [path for path in NOTEBOOKS if path.name != "play.ipynb"]  # test_widget_notebook.py runs play


def test_the_example_notebooks_are_there() -> None:
    assert {path.name for path in NOTEBOOKS} >= {
        "play.ipynb",
        "learn.ipynb",
        "script.ipynb",
        "won-game.ipynb",
        "bots.ipynb",
        "review.ipynb",
    }


@pytest.mark.parametrize("path", RUN_HERE, ids=lambda path: path.name)
def test_example_notebook_runs_without_errors(path: Path, tmp_path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    stats = tmp_path / "stats.sqlite3"
    NotebookClient(
        notebook, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    ).execute(env={**os.environ, "CRESCENT_STATS_PATH": str(stats)})
    # What the examples play from code is not the reader's game: it stays out of their statistics.
    assert not StatsBook(stats).summary(), "a notebook's code counted games in the player's statistics"
    outputs = [output for cell in notebook.cells if cell.cell_type == "code" for output in cell.get("outputs", [])]
    assert not [output for output in outputs if output.get("output_type") == "error"]
    widgets = [o for o in outputs if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert widgets, "each example shows at least one live widget"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.name)
def test_a_tracked_notebook_holds_no_outputs(path: Path) -> None:
    """Played notebooks are copies (``scripts/play`` plays in play/): the tracked ones stay clean."""
    notebook = nbformat.read(path, as_version=4)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert all(cell.outputs == [] and cell.execution_count is None for cell in code), path.name
    assert "widgets" not in notebook.metadata, "no saved widget state"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.name)
def test_a_notebook_s_boards_speak_its_language(path: Path) -> None:
    """The notebooks are written in English: every board they make speaks English."""
    notebook = nbformat.read(path, as_version=4)
    code = "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "code")
    langs = set(re.findall(r"\bLANG = \"(\w+)\"", code))
    assert langs <= {"en"}, langs
    for call in re.findall(r"CrescentWidget\(([^)]*)\)", code):
        assert 'lang="en"' in call or "lang=LANG" in call, f"{path.name}: CrescentWidget({call})"
