"""The intents a front end sends: checked, then carried out on a :class:`~crescent_widget.table.Table`.

A message from the browser is untrusted input: it may be malformed, huge, name a place
that does not exist, or be made against a state the player no longer sees. :data:`INTENTS`
is the one list of what a front end may ask: each kind, the fields it carries (each with its
check) and the Table method it calls. :func:`parse_intent` turns a raw message into an
:class:`Intent` or refuses it with :class:`BadIntentError` (a reason code says why); it never
judges legality (the engine does). :func:`handle` drops stale intents and calls the method.

>>> parse_intent({"type": "drop", "src": "13", "dst": "F", "rev": 4})
Intent(kind='drop', rev=4, args={'src': Place.parse('13'), 'dst': Place.parse('F')})
>>> parse_intent({"type": "tap", "pile": 17, "rev": 0})
Traceback (most recent call last):
...
crescent_widget.table.intents.BadIntentError: bad place in 'pile': ...
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final, NamedTuple

from ..engine.moves import Place, parse_place
from ..errors import CrescentError, InvalidMoveError, quoted
from .table import Table

logger = logging.getLogger("crescent_widget.widget")

# A game code is short; anything longer is garbage, refused before the engine sees it.
MAX_CODE_LENGTH: Final = 32
# The reason codes of a refused message, beside the engine's own (a refused action).
NOT_AN_OBJECT: Final = "not_an_object"
UNKNOWN_INTENT: Final = "unknown_intent"
BAD_REV: Final = "bad_rev"
BAD_FIELD: Final = "bad_field"
MISSING_FIELD: Final = "missing_field"
UNEXPECTED_FIELD: Final = "unexpected_field"
STALE: Final = "stale"
ENVELOPE: Final = frozenset({"type", "rev"})


class BadIntentError(CrescentError):
    """A front-end message that is not a well-formed intent; ``reason`` says what is wrong."""


def place(value: object, name: str) -> Place:
    """A pile or foundation name (``3``, ``"13"``, ``"F2"``), as a tap or a drag's source sends it."""
    return _place(value, name, allow_any_foundation=False)


def destination(value: object, name: str) -> Place:
    """A place a card is dropped on: a pile, a foundation, or ``"F"`` (the foundation area)."""
    return _place(value, name, allow_any_foundation=True)


def game_code(value: object, name: str) -> str:
    """A game code as text, short enough to be one (the engine checks the rest)."""
    if not isinstance(value, str) or len(value) > MAX_CODE_LENGTH:
        raise BadIntentError(BAD_FIELD, f"{name!r} must be a short text, got {quoted(value)}")
    return value


def _place(value: object, name: str, *, allow_any_foundation: bool) -> Place:
    # JSON gives str or int; bool is an int in Python but never a place.
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise BadIntentError(BAD_FIELD, f"field {name!r} must be a place name, got {quoted(value)}")
    try:
        return parse_place(value, allow_any_foundation=allow_any_foundation)
    except InvalidMoveError as err:
        raise BadIntentError(BAD_FIELD, f"bad place in {name!r}: {err}") from None


class Field(NamedTuple):
    """One field of an intent: the method's parameter it fills, its check, and whether it may be left out."""

    param: str
    check: Callable[[object, str], object]
    required: bool = True


@dataclass(frozen=True)
class IntentKind:
    """What one kind of intent carries and does: ``method(table, **fixed, **fields)``."""

    method: Callable[..., object]
    fields: Mapping[str, Field] = field(default_factory=dict)
    fixed: Mapping[str, object] = field(default_factory=dict)


# Every intent a front end may send. Kinds are the board's names for its gestures and
# buttons (``data-action``); each calls the Table method of the same action, as the player's own.
INTENTS: Final[Mapping[str, IntentKind]] = MappingProxyType(
    {
        "tap": IntentKind(Table.tap, {"pile": Field("place", place)}),
        "double_tap": IntentKind(Table.double_tap, {"pile": Field("place", place)}),
        "drop": IntentKind(Table.move, {"src": Field("src", place), "dst": Field("dst", destination)}),
        "reshuffle": IntentKind(Table.reshuffle),
        "undo": IntentKind(Table.undo),
        "new_game": IntentKind(Table.new_game, {"code": Field("code", game_code, required=False)}),
        "restart": IntentKind(Table.restart),
        "deselect": IntentKind(Table.deselect),
        "hint": IntentKind(Table.hint),
        "winnable": IntentKind(Table.still_winnable),
        "finish": IntentKind(Table.finish_step),  # one move per intent: the board shows each card going home
        "confirm": IntentKind(Table.confirm),
        "cancel": IntentKind(Table.cancel),
        "replay_prev": IntentKind(Table.replay_step, fixed={"count": -1}),
        "replay_next": IntentKind(Table.replay_step, fixed={"count": 1}),
        "replay_play": IntentKind(Table.replay_play, fixed={"playing": None}),
        "replay_stop": IntentKind(Table.replay_stop),
        "replay_keep": IntentKind(Table.replay_stop, fixed={"keep": True}),
        "review": IntentKind(Table.review),
        "review_try": IntentKind(Table.review_try),
    }
)


class Intent(NamedTuple):
    """One validated player intent: its kind, the revision it was made on, and its checked fields by parameter."""

    kind: str
    rev: int
    args: Mapping[str, object] = MappingProxyType({})


def parse_intent(content: object) -> Intent:
    """Check a raw front-end message against :data:`INTENTS` and return the intent it carries.

    Raises:
        BadIntentError: not a dict (``not_an_object``), an unknown ``type``
            (``unknown_intent``), a missing or non-integer ``rev`` (``bad_rev``), a field
            that fails its check (``bad_field``), is missing (``missing_field``) or is not
            one of the kind's (``unexpected_field``).

    >>> parse_intent({"type": "reshuffle", "rev": 2})
    Intent(kind='reshuffle', rev=2, args={})
    >>> parse_intent({"type": "undo", "rev": "2"})
    Traceback (most recent call last):
    ...
    crescent_widget.table.intents.BadIntentError: 'rev' must be an int, got '2'
    """
    if not isinstance(content, dict):
        raise BadIntentError(NOT_AN_OBJECT, f"a message must be a JSON object, got {type(content).__name__}")
    kind = content.get("type")
    if not isinstance(kind, str) or kind not in INTENTS:
        raise BadIntentError(UNKNOWN_INTENT, f"unknown intent type {quoted(kind)}")
    spec = INTENTS[kind]
    rev = content.get("rev")
    if isinstance(rev, bool) or not isinstance(rev, int):
        raise BadIntentError(BAD_REV, f"'rev' must be an int, got {quoted(rev)}")
    extra = [key for key in content if key not in ENVELOPE and key not in spec.fields]
    if extra:
        raise BadIntentError(UNEXPECTED_FIELD, f"a {kind} intent has no field {quoted(extra[0])}")
    args: dict[str, object] = {}
    for name, spec_field in spec.fields.items():
        if name in content and content[name] is not None:
            args[spec_field.param] = spec_field.check(content[name], name)
        elif spec_field.required:
            raise BadIntentError(MISSING_FIELD, f"a {kind} intent needs {name!r}")
    return Intent(kind, rev, args)


def carry_out(table: Table, intent: Intent) -> None:
    """Carry out one checked intent on the table, as the player's own (``by_player``).

    Raises:
        CrescentError: the table refused it (it shows why).
    """
    spec = INTENTS[intent.kind]
    spec.method(table, **spec.fixed, **intent.args)


def handle(table: Table, content: object, rev: int) -> str | None:
    """Act on one raw message from a front end showing revision ``rev``; never raises.

    Returns the reason code of a refusal (the message's, ``"stale"``, or the table's), or
    ``None`` when the intent was carried out. A malformed message is logged and dropped;
    so is a stale one (made against a state the player no longer saw: another view, a
    cell, a fast double action, a replay timer), since acting on it could do the wrong thing.
    """
    try:
        intent = parse_intent(content)
    except BadIntentError as err:
        logger.warning("ignored malformed front-end message %s: %s", quoted(content), err)
        return err.reason
    if intent.rev != rev:
        logger.info("ignored stale %s intent (rev %d, now %d)", intent.kind, intent.rev, rev)
        return STALE
    try:
        carry_out(table, intent)
    except CrescentError as err:
        from ..solver.backends import SolverBackendError  # the solver loads on first use

        if isinstance(err, SolverBackendError):  # a setting to fix, not a refused move: say it loudly
            logger.warning("the solver cannot answer the %s button: %s", intent.kind, err)
        else:
            logger.debug("refused %s intent: %s", intent.kind, err)
        return err.reason
    except Exception:
        logger.exception("front-end intent %s failed", quoted(intent))
        return "failed"
    return None
