"""Every example notebook runs top to bottom in a real kernel with no error."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
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
    NotebookClient(
        notebook, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    ).execute()
    outputs = [output for cell in notebook.cells if cell.cell_type == "code" for output in cell.get("outputs", [])]
    assert not [output for output in outputs if output.get("output_type") == "error"]
    widgets = [o for o in outputs if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert widgets, "each example shows at least one live widget"
