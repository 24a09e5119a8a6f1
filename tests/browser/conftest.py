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
from lab import free_port, jupyter_lab, launch_chromium, open_notebook, write_notebook
from lite import Doorman, build_site, offline_chromium, serve_site

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
def lite_port() -> int:
    """The loopback port the site is served on: its QR codes, made when it is built, name it."""
    return int(os.environ.get("CRESCENT_SITE_PORT", "0")) or free_port()


@pytest.fixture(scope="session")
def lite_site(tmp_path_factory: pytest.TempPathFactory, lite_port: int) -> Path:
    """The static JupyterLite site, built once for the session as ``scripts/site`` builds it
    (its pages speak Polish unless a link says otherwise), for the address it is served at;
    ``CRESCENT_SITE=DIR`` names one already built (with ``CRESCENT_SITE_PORT`` its port), while iterating."""
    prebuilt = os.environ.get("CRESCENT_SITE")
    if prebuilt:
        return Path(prebuilt)
    root = tmp_path_factory.mktemp("lite")
    build_site(root / "site", root / "work", url=f"http://127.0.0.1:{lite_port}/")
    return root / "site"


# The app pages' tests (test_lite_apps.py, test_lite_class.py) share these, one of each per module.
@pytest.fixture(scope="module")
def site_url(lite_site: Path, lite_port: int) -> Iterator[str]:
    with serve_site(lite_site, lite_port) as url:
        yield url


@pytest.fixture(scope="module")
def offline(playwright: Any) -> Iterator[tuple[Any, Doorman]]:
    with offline_chromium(playwright) as (chromium, doorman):
        yield chromium, doorman


@pytest.fixture(scope="module")
def refused() -> list[str]:
    return []


@pytest.fixture
def no_way_out(offline: tuple[Any, Doorman], refused: list[str]) -> Iterator[None]:
    """After the test: the site asked for nothing outside itself, and the browser tried nothing outside."""
    yield
    assert refused == [], f"the site asked for something not on the site: {refused}"
    outside = offline[1].outside_requests()
    assert outside == [], f"the browser tried to reach outside: {outside}"


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
