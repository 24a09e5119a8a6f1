"""Check a built documentation site: every internal link lands, every public name has an entry.

Usage: ``python docs/check_site.py build/docs`` (``scripts/docs`` runs it after the build).
Prints one line per problem and exits 1 if there is any.

- A link (``href``/``src``) that stays inside the site must name a file of the site, and
  its ``#fragment`` an ``id`` on that page.
- No page loads a script, a style or a picture from another host (the site works offline).
- Every board of the executed example notebooks must show as a picture (its SVG).
- Every public name must have an anchor in the API reference (``api/*.html``), under the
  name a user imports it by or where it is defined: ``crescent_widget.__all__``, the
  solver's ``__all__``, ``Table``, the survey, its progress bar and its command line, the
  bots, the Gymnasium environment, the lessons, every error class, and every public method
  and property of the public classes.
"""

from __future__ import annotations

import json
import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))

from hooks import public_names


class _Page(HTMLParser):
    """The ids and the link targets of one HTML page."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.loads: list[str] = []  # what the page fetches as it opens: scripts, styles, pictures

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value is None:
                continue
            if name in ("id", "name") and tag != "meta":
                self.ids.add(value)
            elif (name == "href" and tag in ("a", "link")) or (name == "src" and tag in ("img", "script", "iframe")):
                self.links.append(value)
                if tag != "a":
                    self.loads.append(value)


def read_pages(site: Path) -> dict[Path, _Page]:
    """Every HTML page of the site, parsed."""
    pages = {}
    for path in sorted(site.rglob("*.html")):
        page = _Page()
        page.feed(path.read_text(encoding="utf-8"))
        pages[path.resolve()] = page
    return pages


def broken_links(site: Path) -> list[str]:
    """Internal links whose file or fragment does not exist, as ``page: link`` lines."""
    site = site.resolve()
    pages = read_pages(site)
    problems = []
    for path, page in pages.items():
        if path.name == "404.html":  # written for the site's root URL, wherever it is served from
            continue
        for link in page.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith(("mailto:", "data:")):
                continue  # external; the build itself loads nothing from outside (font: false)
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            if target.is_dir():
                target = target / "index.html"
            where = f"{path.relative_to(site)}: {link}"
            if not target.is_relative_to(site) or not target.exists():
                problems.append(f"{where}: no such file")
            elif parts.fragment and target.suffix == ".html":
                ids = pages[target].ids if target in pages else set()
                if unquote(parts.fragment) not in ids:
                    problems.append(f"{where}: no such anchor")
    return problems


def external_loads(site: Path) -> list[str]:
    """Scripts, styles or pictures a page would fetch from another host: the site must work offline."""
    site = site.resolve()
    return [
        f"{path.relative_to(site)}: loads {link}"
        for path, page in read_pages(site).items()
        for link in page.loads
        if urlsplit(link).scheme in ("http", "https") or link.startswith("//")
    ]


def missing_names(site: Path, names: dict[str, set[str]]) -> list[str]:
    """Public names with no anchor in the API reference."""
    anchors: set[str] = set()
    for page in read_pages(site / "api").values():
        anchors |= page.ids
    return [f"{name}: not in the API reference" for name, ids in names.items() if not ids & anchors]


WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def boards_without_picture(site: Path) -> list[str]:
    """Example pages where a board's output shows no picture (an empty box without a kernel).

    Every widget output of the executed notebook (kept beside the page) must carry its SVG,
    and the page must show as many SVG outputs as the notebook has, and no widget view.
    """
    problems = []
    for notebook in sorted((site / "examples").glob("*.ipynb")):
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        outputs = [output.get("data", {}) for cell in cells for output in cell.get("outputs", [])]
        boards = [data for data in outputs if WIDGET_VIEW in data]
        pictures = sum("image/svg+xml" in data for data in outputs)
        page = notebook.with_suffix(".html").read_text(encoding="utf-8")
        if any("image/svg+xml" not in data for data in boards):
            problems.append(f"{notebook.name}: a board's output has no SVG beside its view")
        shown = len(re.findall(r'<div class="jp-RenderedSVG\b', page))
        if shown != pictures:
            problems.append(f"{notebook.with_suffix('.html').name}: {shown} pictures shown, {pictures} expected")
        if f'<script type="{WIDGET_VIEW}">' in page:
            problems.append(f"{notebook.with_suffix('.html').name}: a live widget view, empty without a kernel")
    return problems


def main(argv: list[str]) -> int:
    site = Path(argv[1] if len(argv) > 1 else "build/docs")
    if not (site / "index.html").exists():
        print(f"{site}: no built site there (run scripts/docs)")
        return 1
    problems = broken_links(site) + external_loads(site) + missing_names(site, public_names())
    problems += boards_without_picture(site)
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
