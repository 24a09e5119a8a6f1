"""The seams between the package's parts, checked from the source so that they cannot drift.

- The widget is a mirror: at most 200 lines of code, and every synced trait says what it
  means (a docstring under it, which the API reference shows).
- ``lessons/`` and ``table/`` never import the widget, nor a widget library: a Table runs
  lessons, statistics and searches without one.
- Every message the board sends is a row of the protocol's one intents table.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

from crescent_widget import CrescentWidget
from crescent_widget.table.protocol import INTENTS

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "crescent_widget"
JS = PACKAGE.parents[1] / "js"
MAX_WIDGET_CODE_LINES = 200
WIDGET_LIBRARIES = ("anywidget", "traitlets", "ipywidgets", "ipykernel", "comm")


def code_lines(source: str) -> int:
    """Lines holding code: not blank, not only a comment, not part of a docstring (a string
    literal standing as a statement: a module's, a class's, a function's or an attribute's)."""
    tree = ast.parse(source)
    docs: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        for statement in body if isinstance(body, list) else []:
            literal = isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)
            if literal and isinstance(statement.value.value, str):
                docs.update(range(statement.lineno, (statement.end_lineno or statement.lineno) + 1))
    lines: set[int] = set()
    skipped = (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER)
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type not in skipped:
            lines.update(line for line in range(token.start[0], token.end[0] + 1) if line not in docs)
    return len(lines)


def test_the_line_count_counts_code_only() -> None:
    source = '"""Doc."""\n\n# a comment\nx = 1  # trailing\ny = (\n    2,\n)\n"""an attribute\'s doc"""\n'
    assert code_lines(source) == 4


def test_the_widget_is_at_most_200_lines_of_code() -> None:
    count = code_lines((PACKAGE / "widget.py").read_text(encoding="utf-8"))
    assert count <= MAX_WIDGET_CODE_LINES, f"widget.py has {count} lines of code: logic belongs in the table"


def imported_modules(source: str, package: str) -> set[str]:
    """Every module ``source`` (a module of ``package``) imports, as absolute names: each
    ``from x import y`` as ``x`` and ``x.y`` (``y`` may be a module), relative ones resolved."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[: len(base) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


@pytest.mark.parametrize("part", ["lessons", "table"])
def test_lessons_and_the_table_never_import_the_widget(part: str) -> None:
    for path in sorted((PACKAGE / part).rglob("*.py")):
        package = ".".join(("crescent_widget", *path.relative_to(PACKAGE).parent.parts))
        for module in imported_modules(path.read_text(encoding="utf-8"), package):
            assert module != "crescent_widget.widget" and not module.startswith("crescent_widget.widget."), (
                path,
                module,
            )
            assert module.split(".")[0] not in WIDGET_LIBRARIES, (path, module)


def test_the_import_check_sees_every_way_to_import_the_widget() -> None:
    source = "from ..widget import CrescentWidget\nfrom .. import widget\nimport crescent_widget.widget\n"
    found = imported_modules(source, "crescent_widget.table")
    assert {"crescent_widget.widget", "crescent_widget.widget.CrescentWidget", "crescent_widget"} <= found
    assert "crescent_widget.widget" in imported_modules("from .. import widget\n", "crescent_widget.lessons")


def synced_trait_docs() -> dict[str, str | None]:
    """Each trait the widget class assigns, with the string literal under it (None if none)."""
    tree = ast.parse((PACKAGE / "widget.py").read_text(encoding="utf-8"))
    widget = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "CrescentWidget")
    docs: dict[str, str | None] = {}
    body = widget.body
    for index, statement in enumerate(body):
        target = statement.target if isinstance(statement, ast.AnnAssign) else None
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            target = statement.targets[0]
        value = getattr(statement, "value", None)
        if not isinstance(target, ast.Name) or not isinstance(value, ast.Call) or "traitlets" not in ast.unparse(value):
            continue
        after = body[index + 1] if index + 1 < len(body) else None
        text = after.value.value if isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant) else None
        docs[target.id] = text if isinstance(text, str) else None
    return docs


def test_every_trait_has_a_docstring_under_it() -> None:
    docs = synced_trait_docs()
    assert set(docs) >= set(CrescentWidget.class_own_traits(sync=True)), "every synced trait is found"
    missing = sorted(name for name, text in docs.items() if not text or len(text) < 10)
    assert missing == [], f"traits without a docstring under them: {missing}"


def board_messages() -> set[str]:
    """The message types the front end sends: its gestures, keys, buttons, panels and timers."""
    found: set[str] = set()
    for path in JS.glob("*.js"):
        text = path.read_text(encoding="utf-8")
        found.update(re.findall(r"""\bsend\(\s*"(\w+)\"""", text))
        found.update(re.findall(r"""\bpress\(b\.\w+,\s*"(\w+)"\)""", text))
        found.update(re.findall(r"""\bmodel\.send\(\{\s*type:\s*"(\w+)\"""", text))
        found.update(name.replace("-", "_") for name in re.findall(r"""\bbutton\("([\w-]+)\"""", text))
        for names in re.findall(r"""\bbuttons\(\[([^\]]*)\]\)""", text):
            for name in re.findall(r'"(\w+)"', names):
                found.add(re.sub(r"[A-Z]", lambda c: "_" + c.group(0).lower(), name))
    return found - {"settings", "help", "stats"}  # these open panels in the page: nothing is sent


def test_every_message_the_board_sends_is_a_row_of_the_intents_table() -> None:
    sent = board_messages()
    assert {"tap", "drop", "setting", "clock", "lesson_retry", "lesson_next", "new_game", "replay_keep"} <= sent
    assert sent <= set(INTENTS), f"sent but not in the protocol: {sorted(sent - set(INTENTS))}"
    assert set(INTENTS) <= sent, f"rows the board never sends: {sorted(set(INTENTS) - sent)}"
