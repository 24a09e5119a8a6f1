"""What passes between a :class:`~crescent_widget.table.Table` and a front end: intents in, traits out.

A message from a browser is untrusted input: it may be malformed, huge, name a place that
does not exist, be made against a state the player no longer sees, or ask a lesson for a
button its task does not offer. :data:`INTENTS` is the one list of what a front end may
send: the player's gestures and buttons, the settings panel, the clock, the lesson's
controls. Each row names the Table method it calls, the fields it carries (each with its
check), the toolbar button a lesson must offer for it, and whether it quotes the table's
:attr:`~crescent_widget.table.Table.rev`. :func:`handle` is the one place they are
checked and carried out (it never judges legality: the engine does); :func:`update` takes a
front end's write to its state the same way, as settings. The other way, :func:`view_traits`
is a :class:`~crescent_widget.table.TableView` as the synced traits the board reads
(``js/state.js``). Nothing here needs a widget library: the widget hands every message
here in one line, and a page that drives a Table without one (Pyodide) does the same.

>>> from crescent_widget.table import Table
>>> table = Table("CR1-N-AAAAAAB", lang="en")
>>> handle(table, {"type": "drop", "src": "13", "dst": "14", "rev": table.rev})
>>> handle(table, {"type": "tap", "pile": 17, "rev": table.rev})
'bad_field'
>>> handle(table, {"type": "undo", "rev": 0}), table.game.move_count   # made on an older state
('stale', 1)
>>> sent = []
>>> handle(table, {"type": "clock"}, sent.append); sent[0]["type"], sent[0]["running"]
('clock', True)
>>> view_traits(table.view())["piles"][12:14]
[['9D', 5], ['AS', 7]]
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Final, NamedTuple

from ..engine.moves import Place, parse_place
from ..errors import CrescentError, InvalidMoveError, clip, quoted
from .table import SETTINGS, Clock, Table, TableView

logger = logging.getLogger(__name__)

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
NOT_OFFERED: Final = "not_offered"
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


def setting_name(value: object, name: str) -> str:
    """The name of an option a front end may change (:data:`~crescent_widget.table.table.SETTINGS`)."""
    if not isinstance(value, str) or value not in SETTINGS:
        raise BadIntentError(BAD_FIELD, f"{name!r} must name a setting of the board, got {quoted(value)}")
    return value


def any_value(value: object, _name: str) -> object:
    """Any JSON value, passed on as it is: the Table method it goes to checks it."""
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


def clock_reply(clock: Clock) -> dict[str, object]:
    """The answer to a ``clock`` request: the game's own clock."""
    return {"type": "clock", "elapsed": clock.elapsed, "running": clock.running}


@dataclass(frozen=True)
class IntentKind:
    """What one kind of intent carries and does: ``method(table, **fixed, **fields)``.

    ``button`` is the toolbar button (its ``data-action``) a lesson must offer for the intent
    to pass (``None``: always passes, as playing and the panels do). ``current`` intents quote
    the table's ``rev`` and are dropped when it has moved on; the others (a setting, the
    clock) do not depend on what the player saw. ``reply`` turns the method's result into the
    message sent back to the front end that asked.
    """

    method: Callable[..., object]
    fields: Mapping[str, Field] = field(default_factory=dict)
    fixed: Mapping[str, object] = field(default_factory=dict)
    button: str | None = None
    current: bool = True
    reply: Callable[[Any], Mapping[str, object]] | None = None


def _button(kind: str, method: Callable[..., object], **more: Any) -> IntentKind:
    """A button's intent: passes a lesson only if the lesson offers that button (named as the kind)."""
    return IntentKind(method, button=kind.replace("_", "-"), **more)


# Every message a front end may send. Kinds are the board's names for its gestures and
# buttons (``data-action``); each calls the Table method of the same action, as the player's own.
INTENTS: Final[Mapping[str, IntentKind]] = MappingProxyType(
    {
        # Playing: a lesson judges these (a refused attempt gets its idea).
        "tap": IntentKind(Table.tap, {"pile": Field("place", place)}),
        "double_tap": IntentKind(Table.double_tap, {"pile": Field("place", place)}),
        "drop": IntentKind(Table.move, {"src": Field("src", place), "dst": Field("dst", destination)}),
        "deselect": IntentKind(Table.deselect),
        "confirm": IntentKind(Table.confirm),
        "cancel": IntentKind(Table.cancel),
        # The toolbar's buttons.
        "reshuffle": _button("reshuffle", Table.reshuffle),
        "undo": _button("undo", Table.undo),
        "redo": _button("redo", Table.redo),
        "new_game": _button("new_game", Table.new_game, fields={"code": Field("code", game_code, required=False)}),
        "restart": _button("restart", Table.restart),
        # The board's searches run off the kernel's thread (table/background.py).
        "hint": _button("hint", Table.start_hint),
        "winnable": _button("winnable", Table.start_winnable),
        "finish": _button("finish", Table.finish_step),  # one move per intent: the board shows each card going home
        "review": _button("review", Table.start_review),
        "cancel_search": _button("cancel_search", Table.cancel_search),
        # The replay's bar.
        "replay_prev": _button("replay_prev", Table.replay_step, fixed={"count": -1}),
        "replay_next": _button("replay_next", Table.replay_step, fixed={"count": 1}),
        "replay_play": _button("replay_play", Table.replay_play, fixed={"playing": None}),
        "replay_stop": _button("replay_stop", Table.replay_stop),
        "replay_keep": _button("replay_keep", Table.replay_stop, fixed={"keep": True}),
        "review_try": _button("review_try", Table.review_try),
        "practice": _button("practice", Table.practice),  # from the last review
        # The lesson's panel: Try again, Next lesson.
        "lesson_retry": IntentKind(Table.retry_lesson),
        "lesson_next": IntentKind(Table.next_lesson),
        # The settings panel, and a front end's own options (Table.change_setting checks the value).
        "setting": IntentKind(
            Table.change_setting,
            {"name": Field("name", setting_name), "value": Field("value", any_value)},
            current=False,
        ),
        # A view that (re)appears asks for the game's own clock, never a stale copy.
        "clock": IntentKind(Table.clock, current=False, reply=clock_reply),
    }
)


class Intent(NamedTuple):
    """One validated intent: its kind, the rev it was made on (``None``: it quotes none), and
    its checked fields by parameter."""

    kind: str
    rev: int | None
    args: Mapping[str, object] = MappingProxyType({})


def parse_intent(content: object) -> Intent:
    """Check a raw front-end message against :data:`INTENTS` and return the intent it carries.

    Raises:
        BadIntentError: not a dict (``not_an_object``), an unknown ``type``
            (``unknown_intent``), a missing or non-integer ``rev`` where the kind quotes one
            (``bad_rev``), a field that fails its check (``bad_field``), is missing
            (``missing_field``) or is not one of the kind's (``unexpected_field``).

    >>> parse_intent({"type": "reshuffle", "rev": 2})
    Intent(kind='reshuffle', rev=2, args={})
    >>> parse_intent({"type": "undo", "rev": "2"})
    Traceback (most recent call last):
    ...
    crescent_widget.table.protocol.BadIntentError: 'rev' must be an int, got '2'
    >>> parse_intent({"type": "drop", "src": "13", "dst": "F", "rev": 4})
    Intent(kind='drop', rev=4, args={'src': Place.parse('13'), 'dst': Place.parse('F')})
    """
    if not isinstance(content, dict):
        raise BadIntentError(NOT_AN_OBJECT, f"a message must be a JSON object, got {type(content).__name__}")
    kind = content.get("type")
    if not isinstance(kind, str) or kind not in INTENTS:
        raise BadIntentError(UNKNOWN_INTENT, f"unknown intent type {quoted(kind)}")
    spec = INTENTS[kind]
    rev = content.get("rev")
    if (spec.current or rev is not None) and (isinstance(rev, bool) or not isinstance(rev, int)):
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
    return Intent(kind, rev if spec.current else None, args)


def carry_out(table: Table, intent: Intent) -> object:
    """Carry out one checked intent on the table, as the player's own; the method's result.

    Raises:
        CrescentError: the table refused it (it shows why).
    """
    spec = INTENTS[intent.kind]
    return spec.method(table, **spec.fixed, **intent.args)


def handle(table: Table, content: object, reply: Callable[[dict[str, object]], object] | None = None) -> str | None:
    """Act on one raw message from a front end; never raises.

    Returns the reason code of a refusal (the message's, ``"stale"``, ``"not_offered"`` or
    the table's), or ``None`` when the intent was carried out. A malformed message is logged
    and dropped; so is a stale one (made on a ``rev`` the table has left: another view, a
    cell, a fast double action, a replay timer), since acting on it could do the wrong thing,
    and a button a lesson on the table does not offer (a key, or a stale view, may still send
    New game). An intent that answers (the clock) sends its answer through ``reply``.
    """
    try:
        intent = parse_intent(content)
    except BadIntentError as err:
        setting = isinstance(content, dict) and content.get("type") == "setting"
        logger.warning(
            "ignored %s: %s",
            "a setting from the board" if setting else f"malformed front-end message {quoted(content)}",
            err,
        )
        return err.reason
    spec = INTENTS[intent.kind]
    if intent.rev is not None and intent.rev != table.rev:
        logger.info("ignored stale %s intent (rev %d, now %d)", intent.kind, intent.rev, table.rev)
        return STALE
    if spec.button is not None and not table.offers(spec.button):
        logger.info("ignored the %s intent: the lesson on this board does not offer it", intent.kind)
        return NOT_OFFERED
    try:
        result = carry_out(table, intent)
    except CrescentError as err:
        _log_refusal(intent, err)
        return err.reason
    except Exception:
        logger.exception("front-end intent %s failed", quoted(intent))
        return "failed"
    if spec.reply is not None and reply is not None:
        reply(dict(spec.reply(result)))
    return None


def _log_refusal(intent: Intent, err: CrescentError) -> None:
    from ..solver.search.backends import SolverBackendError  # the solver loads on first use

    if isinstance(err, SolverBackendError):  # a setting to fix, not a refused move: say it loudly
        logger.warning("the solver cannot answer the %s button: %s", intent.kind, err)
    elif intent.kind == "setting":
        logger.warning("ignored a setting from the board: %s", err)
    else:
        logger.debug("refused %s intent: %s", intent.kind, err)


def update(table: Table, state: object) -> list[object]:
    """A front end's write to its state (``{"lang": "en"}``, the lessons kept in a browser):
    each name a ``setting`` intent, checked and carried out as one. Returns the names
    refused (each logged), whose true value the front end should be sent back; never raises.
    """
    if not isinstance(state, dict):
        logger.warning("ignored a front-end state update that is not an object: %s", quoted(state))
        return []
    refused: list[object] = []
    for name, value in state.items():
        if handle(table, {"type": "setting", "name": name, "value": value}) is not None:
            logger.warning("ignored a front-end write to %s", clip(name) if isinstance(name, str) else quoted(name))
            refused.append(name)
    return refused


def comm_message(msg: object) -> dict[str, Any] | None:
    """A Jupyter comm message from a front end, rebuilt with only what the board sends, for
    ipywidgets to act on: a state update, a custom message (an intent), or a request for the
    state; ``None`` (logged) for anything else (the board sends no binary buffers).
    ipywidgets reads a message's fields without checking them and shows a traceback in the
    notebook for any error.

    >>> comm_message({"content": {"data": {"method": "custom", "content": {"type": "undo", "rev": 3}}}})
    {'content': {'data': {'method': 'custom', 'content': {'type': 'undo', 'rev': 3}}}, 'buffers': []}
    >>> comm_message({"content": "x"}) is None
    True
    """
    content = msg.get("content") if isinstance(msg, dict) else None
    data = content.get("data") if isinstance(content, dict) else None
    method = data.get("method") if isinstance(data, dict) else None
    if data is None or method not in ("update", "custom", "request_state") or data.get("buffer_paths", []) != []:
        logger.warning("ignored a malformed front-end message: %s", quoted(msg))
        return None
    if method == "custom" and "content" in data:
        clean = {"method": "custom", "content": data["content"]}
    elif method == "update":
        clean = {"method": "update", "state": data.get("state")}
    else:
        clean = {"method": "request_state"}  # a custom message without content is answered as one
    return {"content": {"data": clean}, "buffers": []}


# Traits that copy a TableView field of the same name as it is.
SCALAR_TRAITS: Final = (
    "rev", "code", "variant", "reshuffles_left", "reshuffle_label", "move_count", "can_undo", "can_redo", "can_finish",
    "undo_reason", "status", "message", "note", "note_tone", "announcement", "announce_id", "selected", "hint_move",
    "winnability", "pending_move", "warning", "elapsed", "clock_running", "search", "lang", "interactive_rules",
    "teach", "auto_play", "winnable", "show_labels", "four_colour", "large",
)  # fmt: skip


def view_traits(view: TableView) -> dict[str, Any]:
    """The synced traits that show ``view`` (every one the board reads: ``js/state.js``), by
    name, as JSON values, and ``winnable`` (an option the board does not read); a widget's own
    ``lesson_storage`` aside."""
    traits: dict[str, Any] = {name: getattr(view, name) for name in SCALAR_TRAITS}
    replay = view.replay
    traits.update(
        piles=[list(pile) for pile in view.piles],
        face_down=list(view.face_down),
        foundations=[list(foundation) for foundation in view.foundations],
        targets={place: list(destinations) for place, destinations in view.targets.items()},
        replay_state={} if replay is None else {
            "step": replay.step, "total": replay.total, "playing": replay.playing, "delay": replay.delay,
            "moves": replay.moves, "total_moves": replay.total_moves, "better": replay.better,
            "practice": replay.practice,
        },
        practice_state={} if view.practice is None else view.practice.as_dict(),
        labels=dict(view.labels),
        lesson_panel=dict(view.lesson_panel),
        lesson_buttons=list(view.lesson_buttons),
        lessons_done=list(view.lessons_done),
        stats_panel=dict(view.stats_panel),
    )  # fmt: skip
    return traits
