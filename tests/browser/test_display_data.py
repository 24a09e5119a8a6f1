"""The widget's display data carries an SVG picture of the board beside the widget view
(for GitHub, nbviewer, nbconvert). A live JupyterLab must still pick the interactive view."""

from __future__ import annotations

from typing import Any

import pytest
from lab import run_python
from playwright.sync_api import expect
from test_board import reset, slot, top_card, view

pytestmark = pytest.mark.browser


def test_jupyterlab_renders_the_interactive_board_not_the_picture(page: Any) -> None:
    reset(page)
    bundle = run_python(page, "print(sorted(w._repr_mimebundle_()[0]))")
    assert "image/svg+xml" in bundle and "application/vnd.jupyter.widget-view+json" in bundle
    # Both views of the notebook are live boards; no output fell back to the picture.
    expect(page.locator(".jp-OutputArea-output .crescent-widget")).to_have_count(2)
    expect(page.locator(".jp-RenderedSVG, .jp-OutputArea-output img")).to_have_count(0)
    slot(page, "5").click()
    expect(top_card(page, "F2")).to_have_attribute("data-card", "2H")
    expect(top_card(page, "F2", index=1)).to_have_attribute("data-card", "2H")
    expect(view(page)).to_be_visible()
