"""examples/play.ipynb runs top to bottom on a real kernel."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.browser  # needs the Jupyter stack of the [browser] extra

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def test_the_play_notebook_runs() -> None:
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(EXAMPLES / "play.ipynb", as_version=4)
    NotebookClient(notebook, timeout=120, kernel_name="python3").execute()
    outputs = {i: cell.get("outputs", []) for i, cell in enumerate(notebook.cells) if cell.cell_type == "code"}
    widget_output = outputs[1][0]
    assert "application/vnd.jupyter.widget-view+json" in widget_output["data"]
    texts = "".join(o.get("text", "") for cell in outputs.values() for o in cell)
    assert "same_suit -> Musi być tego samego koloru" in texts
    result = outputs[6][-1]["data"]["text/plain"]
    assert result == "(['5-F2', '13-14'], 2)"
    # Hints, teaching mode, replay (the cells after the first part).
    assert "move 13-14 after 0 moves" in texts
    assert "A♠ went onto K♠: on piles, ranks wrap from King to Ace." in texts
    assert "won " in texts and "steps | Move 2: " in texts
