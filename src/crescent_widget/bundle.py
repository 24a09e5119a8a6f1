"""The built front end (``static/widget.js`` and ``widget.css``) as the widget hands it to anywidget.

anywidget watches a ``_esm`` or ``_css`` given as a :class:`~pathlib.Path`, and ties every
widget to that class-level watcher with a callback that holds the widget: a closed widget
is then never freed (300 closed widgets kept about 10 MB). Text has no watcher, so the
widget gets the bundle's text, and a path only when anywidget's hot reload is asked for
(``ANYWIDGET_HMR=1``, for work on js/ with ``npm run watch``).

>>> text = bundle_asset("widget.css")
>>> isinstance(text, str) and len(text) > 0
True
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Final

STATIC: Final = Path(__file__).parent / "static"


def hot_reload_requested() -> bool:
    """Whether anywidget's hot reload is on (``ANYWIDGET_HMR=1``), as anywidget itself reads it."""
    return os.environ.get("ANYWIDGET_HMR") == "1"


def bundle_asset(name: str) -> str | Path:
    """The text of a bundle file in ``static/``; its path when hot reload is requested.

    Raises:
        FileNotFoundError: the front end was never built (``npm run build`` in a git checkout).
    """
    path = STATIC / name
    if not path.is_file():
        raise FileNotFoundError(f"{path} is missing: build the front end with `npm run build` (needs Node)")
    if hot_reload_requested():
        return path
    return path.read_text(encoding="utf-8")
