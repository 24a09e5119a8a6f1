"""examples/play.ipynb runs top to bottom on a real kernel."""

from __future__ import annotations

import base64
import os
import re
from pathlib import Path

import pytest

from crescent_widget.stats import StatsBook

pytestmark = pytest.mark.browser  # needs the Jupyter stack of the [browser] extra

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_the_play_notebook_runs(tmp_path: Path) -> None:
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(EXAMPLES / "play.ipynb", as_version=4)
    stats = tmp_path / "stats.sqlite3"
    env = {**os.environ, "CRESCENT_STATS_PATH": str(stats)}
    NotebookClient(notebook, timeout=120, kernel_name="python3").execute(env=env)
    # The examples' boards play from code: Run All adds no game to the player's statistics.
    assert not StatsBook(stats).summary(), "the examples counted games in the player's statistics"
    outputs = {i: cell.get("outputs", []) for i, cell in enumerate(notebook.cells) if cell.cell_type == "code"}
    widget_output = outputs[1][0]
    assert "application/vnd.jupyter.widget-view+json" in widget_output["data"]
    texts = "".join(o.get("text", "") for cell in outputs.values() for o in cell)
    assert "same_suit -> Must be the same suit" in texts, "an English notebook's boards speak English"
    result = outputs[6][-1]["data"]["text/plain"]
    assert result == "(['5-F2', '13-14'], 2)"
    # Hints, teaching mode, replay (the cells after the first part).
    assert "move 13-14 after 0 moves" in texts
    assert "A♠ went onto K♠ on pile 14: on piles, ranks wrap from King to Ace." in texts
    assert "won " in texts and "steps | Move 2: " in texts


def test_a_saved_notebook_shows_the_board_as_svg_where_no_kernel_runs() -> None:
    """GitHub, nbviewer and nbconvert have no kernel: the widget's display data carries the
    position as SVG beside the widget view, and an HTML export shows that horseshoe."""
    import nbformat
    from nbclient import NotebookClient
    from nbconvert import HTMLExporter

    cell = "from crescent_widget import CrescentWidget\nw = CrescentWidget('CR1-N-AAAAAAB')\nw.move('5-F2')\nw"
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(cell)])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    # Saved as JupyterLab saves by default: outputs kept, no widget state.
    NotebookClient(notebook, timeout=120, kernel_name="python3", store_widget_state=False).execute()
    data = notebook.cells[0].outputs[-1]["data"]
    assert {"application/vnd.jupyter.widget-view+json", "image/svg+xml", "text/plain"} <= set(data)
    html, _ = HTMLExporter().from_notebook_node(notebook)
    # nbconvert puts an SVG output in as an <img> with a data URI (and no widget view, for
    # want of widget state).
    images = re.findall(r'src="data:image/svg\+xml;base64,([^"]+)"', html)
    assert len(images) == 1 and "widget-view+json" not in html.split("<body", 1)[1]
    svg = base64.b64decode(images[0]).decode()
    # The horseshoe: every pile and foundation, with the move already played (2♥ on F2).
    for place in [f'data-pile="{n}"' for n in range(1, 17)] + [f'data-foundation="F{n}"' for n in range(1, 9)]:
        assert place in svg
    assert "<title>2♥</title>" in svg and "Kod gry: CR1-N-AAAAAAB" in svg
