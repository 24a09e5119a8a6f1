"""Every Python snippet of the getting-started pages for scripters runs, as a reader would run it.

A page's ``python`` blocks run in order in one namespace (a later block uses what an earlier
one made), in a fresh directory, as a script (``__name__ == "__main__"``). A block whose first
line says ``# Not run by the tests`` is skipped: only the one that needs PyTorch says so.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs"
PAGES = ["start/scripter.md", "start/survey.md", "start/learning.md"]
FENCE = re.compile(r"^```python[^\n]*\n(.*?)^```", re.MULTILINE | re.DOTALL)
SKIP = "# Not run by the tests"


def snippets(page: str) -> list[str]:
    """The page's Python blocks, in order, less the ones marked as not run."""
    blocks = FENCE.findall((DOCS / page).read_text(encoding="utf-8"))
    return [block for block in blocks if not block.lstrip().startswith(SKIP)]


def test_the_pages_have_snippets_and_only_torch_is_skipped() -> None:
    for page in PAGES:
        assert snippets(page), page
    skipped = [
        block for page in PAGES for block in FENCE.findall((DOCS / page).read_text(encoding="utf-8"))
        if block.lstrip().startswith(SKIP)
    ]  # fmt: skip
    assert len(skipped) == 1 and "MaskablePPO" in skipped[0] and "PyTorch" in skipped[0].splitlines()[0]


@pytest.mark.parametrize("page", PAGES)
def test_every_snippet_of_the_page_runs(page: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {"__name__": "__main__"}
    for number, block in enumerate(snippets(page), 1):
        code = compile(block, f"{page}, python block {number}", "exec")
        exec(code, namespace)  # the documentation's own code, run as its reader would run it
