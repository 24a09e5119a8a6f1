"""The intents a front end sends: checked, then carried out on a :class:`~crescent_widget.table.Table`.

A message from the browser is untrusted input: it may be malformed, huge, name a place
that does not exist, or be made against a state the player no longer sees. This module
turns a raw message into an :class:`Intent` or refuses it with :class:`BadIntentError`;
it never judges legality (the engine does). :func:`handle` drops stale intents and calls
the Table method each one stands for.

>>> parse_intent({"type": "drop", "src": "13", "dst": "F", "rev": 4})
Intent(kind='drop', rev=4, src=Place.parse('13'), dst=Place.parse('F'), code=None)
>>> parse_intent({"type": "tap", "pile": 17, "rev": 0})
Traceback (most recent call last):
...
crescent_widget.table.intents.BadIntentError: bad place in 'pile': ...
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Final, NamedTuple

from ..engine.moves import Place, parse_place
from ..errors import CrescentError, InvalidMoveError, quoted

if TYPE_CHECKING:
    from .table import Table

logger = logging.getLogger("crescent_widget.widget")

# Which fields each intent carries besides "type" and "rev".
INTENT_FIELDS: Final[dict[str, tuple[str, ...]]] = {
    "tap": ("pile",),
    "double_tap": ("pile",),
    "drop": ("src", "dst"),
    "reshuffle": (),
    "undo": (),
    "new_game": (),
    "deselect": (),
    "hint": (),
    "winnable": (),
    "finish": (),
    "confirm": (),
    "cancel": (),
    "replay_prev": (),
    "replay_next": (),
    "replay_play": (),
    "replay_stop": (),
    "replay_keep": (),
    "restart": (),
    "review": (),
    "review_try": (),
    "cancel_search": (),
}
# Intents without fields: the Table method each one calls.
SIMPLE_INTENTS: Final[dict[str, str]] = {
    "undo": "undo",
    "deselect": "deselect",
    "hint": "start_hint",  # the board's searches run in the background (table/background.py)
    "winnable": "start_winnable",
    "finish": "finish_step",  # one move per intent: the board shows each card going home
    "confirm": "confirm",
    "cancel": "take_back",
    "restart": "restart",
    "review": "start_review",
    "cancel_search": "cancel_search",
    "review_try": "review_try",
}
# A game code is short; anything longer is garbage, refused before the engine sees it.
MAX_CODE_LENGTH: Final = 32


class BadIntentError(ValueError):
    """A front-end message that is not a well-formed intent."""


class Intent(NamedTuple):
    """One validated player intent; places are :class:`~crescent_widget.engine.moves.Place` values."""

    kind: str
    rev: int
    src: Place | None = None
    dst: Place | None = None
    code: str | None = None


def _place(content: dict[str, object], key: str, *, allow_any_foundation: bool = False) -> Place:
    value = content.get(key)
    # JSON gives str or int; bool is an int in Python but never a place.
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise BadIntentError(f"field {key!r} must be a place name, got {quoted(value)}")
    try:
        return parse_place(value, allow_any_foundation=allow_any_foundation)
    except InvalidMoveError as err:
        raise BadIntentError(f"bad place in {key!r}: {err}") from None


def parse_intent(content: object) -> Intent:
    """Check a raw front-end message and return the intent it carries.

    Raises:
        BadIntentError: not a dict, unknown ``type``, missing or non-integer ``rev``, or a
            place field that names no pile or foundation.

    >>> parse_intent({"type": "reshuffle", "rev": 2})
    Intent(kind='reshuffle', rev=2, src=None, dst=None, code=None)
    >>> parse_intent({"type": "undo", "rev": "2"})
    Traceback (most recent call last):
    ...
    crescent_widget.table.intents.BadIntentError: 'rev' must be an int, got '2'
    """
    if not isinstance(content, dict):
        raise BadIntentError(f"a message must be a JSON object, got {type(content).__name__}")
    kind = content.get("type")
    if not isinstance(kind, str) or kind not in INTENT_FIELDS:
        raise BadIntentError(f"unknown intent type {quoted(kind)}")
    rev = content.get("rev")
    if isinstance(rev, bool) or not isinstance(rev, int):
        raise BadIntentError(f"'rev' must be an int, got {quoted(rev)}")
    if kind in ("tap", "double_tap"):
        return Intent(kind, rev, src=_place(content, "pile"))
    if kind == "drop":
        return Intent(kind, rev, src=_place(content, "src"), dst=_place(content, "dst", allow_any_foundation=True))
    if kind == "new_game":
        code = content.get("code")
        if code is not None and (not isinstance(code, str) or len(code) > MAX_CODE_LENGTH):
            raise BadIntentError(f"'code' must be a short text or absent, got {quoted(code)}")
        return Intent(kind, rev, code=code)
    return Intent(kind, rev)


def act(table: Table, intent: Intent) -> None:
    """Carry out one checked intent on the table, as the player's own (``by_player``).

    Raises:
        CrescentError: the table refused it (it shows why).
    """
    src, dst = intent.src, intent.dst
    if intent.kind in ("tap", "double_tap") and src is not None:
        tap = table.tap if intent.kind == "tap" else table.double_tap
        tap(src)
    elif intent.kind == "drop" and src is not None and dst is not None:
        table.drop(src, dst)
    elif intent.kind == "reshuffle":
        table.reshuffle()
    elif intent.kind == "new_game":
        table.new_game(intent.code)
    elif intent.kind in ("replay_next", "replay_prev"):
        table.step(1 if intent.kind == "replay_next" else -1)
    elif intent.kind == "replay_play":
        table.play(None)
    elif intent.kind in ("replay_stop", "replay_keep"):
        table.stop_replay(keep=intent.kind == "replay_keep")
    else:
        getattr(table, SIMPLE_INTENTS[intent.kind])()


def handle(table: Table, content: object, rev: int) -> None:
    """Act on one raw message from a front end showing revision ``rev``; never raises.

    A malformed message is logged and dropped; so is a stale one (made against a state
    the player no longer saw: another view, a cell, a fast double action, a replay
    timer), since acting on it could do the wrong thing.
    """
    try:
        intent = parse_intent(content)
    except BadIntentError as err:
        logger.warning("ignored malformed front-end message %s: %s", quoted(content), err)
        return
    if intent.rev != rev:
        logger.info("ignored stale %s intent (rev %d, now %d)", intent.kind, intent.rev, rev)
        return
    try:
        act(table, intent)
    except CrescentError as err:
        from ..solver.backends import SolverBackendError  # the solver loads on first use

        if isinstance(err, SolverBackendError):  # a setting to fix, not a refused move: say it loudly
            logger.warning("the solver cannot answer the %s button: %s", intent.kind, err)
        else:
            logger.debug("refused %s intent: %s", intent.kind, err)
    except Exception:
        logger.exception("front-end intent %s failed", quoted(intent))
