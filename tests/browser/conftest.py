"""Session fixtures: ONE Playwright; ONE JupyterLab server, ONE Chromium, ONE notebook page for the JupyterLab tests;
ONE built JupyterLite site for the site's tests.

The other hosts (Notebook 7, marimo) start their own server once per test module and
share the Chromium."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from lab import jupyter_lab, launch_chromium, open_notebook, write_notebook
from lite import build_site

NOTEBOOK = "board.ipynb"
# Cell 1: the widget under test. Cell 2: a second view of the same widget.
CELLS = [
    "from crescent_widget import CrescentWidget, Game\nw = CrescentWidget('CR1-N-AAAAAAB')\nw",
    "w",
]


@pytest.fixture(scope="session")
def lab_static(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder the JupyterLab server serves under ``/static/``: other hosts' test pages go there
    (test_vscode.py), so that they share the server and its origin."""
    return tmp_path_factory.mktemp("lab-static")


@pytest.fixture(scope="session")
def lab_url(tmp_path_factory: pytest.TempPathFactory, lab_static: Path) -> Iterator[str]:
    root = tmp_path_factory.mktemp("lab")
    write_notebook(root / NOTEBOOK, CELLS)
    with jupyter_lab(root, static=lab_static) as url:
        yield url


@pytest.fixture(scope="session")
def lite_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The static JupyterLite site, built once for the session as ``scripts/site`` builds it
    (its pages speak Polish unless a link says otherwise); ``CRESCENT_SITE=DIR`` names one
    already built, while iterating."""
    prebuilt = os.environ.get("CRESCENT_SITE")
    if prebuilt:
        return Path(prebuilt)
    root = tmp_path_factory.mktemp("lite")
    build_site(root / "site", root / "work")
    return root / "site"


@pytest.fixture(scope="session")
def playwright() -> Iterator[Any]:
    """One Playwright for the session: its sync API cannot run twice at once."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as started:
        yield started


@pytest.fixture(scope="session")
def browser(playwright: Any) -> Iterator[Any]:
    chromium = launch_chromium(playwright)
    try:
        yield chromium
    finally:
        chromium.close()


@pytest.fixture(scope="session")
def page(browser: Any, lab_url: str) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(15_000)
    open_notebook(page, lab_url, NOTEBOOK, widgets=2)
    yield page
    context.close()
