"""Griffe extension: the package's docstrings, written for ``help()`` and doctest, read as Markdown.

- Sphinx roles (``:class:`~a.b.C```) become code spans naming the object (``C``), as
  ``help()`` readers see them; the page's own headings already link every documented name.
- Doctest blocks (``>>>`` lines and their output, up to a blank line) become ``pycon`` code
  blocks, so ``g.legal_moves()[:4]`` is code, not a Markdown link.
- A reStructuredText literal block (a paragraph ending in ``::``, then an indented block)
  keeps one colon: the indented block is already a Markdown code block.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

_ROLE = re.compile(r":(?:class|meth|func|attr|mod|data|exc|obj|const):`(~?)([^`]+)`")
_LITERAL = re.compile(r"(?<=\S)::\n(?=\n(?:    |\t))")


def _role(match: re.Match[str]) -> str:
    tilde, target = match.groups()
    return f"``{target.rsplit('.', 1)[-1] if tilde else target}``"


def markdown(text: str) -> str:
    """The docstring with its roles as code spans and its doctest blocks fenced."""
    out: list[str] = []
    in_block = False
    for line in _LITERAL.sub(":\n", _ROLE.sub(_role, text)).split("\n"):
        if not in_block and line.startswith(">>>"):
            out.append("```pycon")
            in_block = True
        elif in_block and not line.strip():
            out.append("```")
            in_block = False
        out.append(line)
    if in_block:
        out.append("```")
    return "\n".join(out)


class DocstringsAsMarkdown(griffe.Extension):
    """Rewrite every docstring as it is loaded (before it is parsed into sections)."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = markdown(obj.docstring.value)
