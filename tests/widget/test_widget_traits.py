"""The front end reads the widget's synced traits from one list, js/state.js, kept in step here.

The list is parsed from the JS source (the repository's, not the bundle), so that a trait
added, renamed or dropped on either side fails here rather than reaching the board as
``undefined``; tsc refuses a ``state.x`` for any ``x`` not in the list.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from crescent_widget import CrescentWidget

JS = Path(__file__).resolve().parents[2] / "js"

# Synced traits the board reads outside the state snapshot: the live region's text, read
# only when its counter moves (widget.js), and the lessons done, kept in the browser's
# storage under lesson_storage (lesson.js).
READ_DIRECTLY = {"announcement", "announce_id", "lessons_done", "lesson_storage"}
# Synced for notebook code and other front ends; this board has no use for it.
NOT_READ = {"interactive_rules"}


def js_state_defaults() -> dict[str, Any]:
    """STATE_DEFAULTS of js/state.js as a dict: each line ``key: value,`` with an optional type cast."""
    source = (JS / "state.js").read_text(encoding="utf-8")
    block = re.search(r"export const STATE_DEFAULTS = \{\n(.*?)\n\};", source, re.DOTALL)
    assert block, "js/state.js has no STATE_DEFAULTS object"
    defaults: dict[str, Any] = {}
    for line in block.group(1).splitlines():
        entry = re.fullmatch(r"\s*(\w+): (?:/\*\*.*?\*/ \((.*)\)|(.*)),", line)
        assert entry, f"js/state.js: cannot read {line!r}"
        defaults[entry.group(1)] = json.loads(entry.group(2) or entry.group(3))
    return defaults


def synced() -> dict[str, Any]:
    return CrescentWidget.class_own_traits(sync=True)


def test_the_state_list_is_every_synced_trait_but_those_read_apart() -> None:
    listed = set(js_state_defaults())
    assert len(listed) > 20
    assert listed == set(synced()) - READ_DIRECTLY - NOT_READ
    assert not listed & (READ_DIRECTLY | NOT_READ)


@pytest.mark.parametrize("name", sorted(js_state_defaults()))
def test_a_listed_trait_defaults_as_in_python(name: str) -> None:
    assert synced()[name].default() == js_state_defaults()[name]


def test_the_front_end_reads_directly_only_synced_traits_and_those_it_names() -> None:
    read = set()
    for path in JS.glob("*.js"):
        read |= set(re.findall(r"""model\.get\(["'](\w+)["']\)""", path.read_text(encoding="utf-8")))
    assert read <= set(synced()), read - set(synced())
    assert read >= READ_DIRECTLY
    assert not read & NOT_READ
