"""What passes between a :class:`~crescent_widget.CrescentWidget` and its board in the browser.

The board sends intents and a few view options, never state: :func:`checked_options`
sorts a state update into the options it may set and the writes it may not, and
:func:`comm_request` refuses a comm message the board would not send. The other way,
:func:`view_traits` is a table's view as the widget's synced traits. The widget applies
what these return and logs what they refuse.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from .errors import InvalidOptionError, quoted
from .lessons.board import check_lessons_done
from .table.table import TableView, check_flag, check_variant
from .words.i18n import check_lang

# The only synced traits a front end may set, each with its check; it changes the rest through intents.
FRONT_END_OPTIONS: Final[dict[str, Callable[[Any], object]]] = {
    "lang": check_lang,
    "interactive_rules": lambda value: check_flag("interactive_rules", value),
    "show_labels": lambda value: check_flag("show_labels", value),
    "four_colour": lambda value: check_flag("four_colour", value),
    "large": lambda value: check_flag("large", value),
    "lessons_done": check_lessons_done,  # kept in the browser's storage (lesson_storage)
}
# Traits that copy a TableView field of the same name as it is.
SCALAR_TRAITS: Final = (
    "code", "reshuffles_left", "reshuffle_label", "move_count", "can_undo", "undo_reason", "status", "message",
    "note", "note_tone",
    "announcement", "announce_id", "selected", "hint_move", "winnability", "pending_move", "warning",
    "elapsed", "clock_running", "search",
)  # fmt: skip
# Traits that are the table's options: a change goes to the table, which shows it.
TABLE_OPTIONS: Final = ("lang", "interactive_rules", "teach", "winnable", "variant", "auto_play")
# What the board's settings panel may change (a "setting" intent), each with its check.
SETTINGS: Final[dict[str, Callable[[Any], object]]] = {
    "lang": check_lang,
    "teach": lambda value: check_flag("teach", value),
    "four_colour": lambda value: check_flag("four_colour", value),
    "large": lambda value: check_flag("large", value),
    "auto_play": lambda value: check_flag("auto_play", value),
    "variant": check_variant,
}


def checked_options(sync_data: dict[Any, Any]) -> tuple[dict[str, Any], list[tuple[object, InvalidOptionError]]]:
    """A front end's state update: the options it may set, checked, and each refused write with why."""
    accepted: dict[str, Any] = {}
    refused: list[tuple[object, InvalidOptionError]] = []
    for key, value in sync_data.items():
        check = FRONT_END_OPTIONS.get(key) if isinstance(key, str) else None
        try:
            if check is None:
                raise InvalidOptionError(f"{quoted(key)} is not an option a front end may set")
            accepted[key] = check(value)
        except InvalidOptionError as err:
            refused.append((key, err))
    return accepted, refused


def comm_request(msg: object) -> tuple[str, Any] | None:
    """A comm message as ``(method, payload)``: ``("custom", content)``, ``("update", state)``
    or ``("request_state", None)``; ``None`` for anything the board does not send (it sends
    no binary buffers)."""
    content = msg.get("content") if isinstance(msg, dict) else None
    data = content.get("data") if isinstance(content, dict) else None
    method = data.get("method") if isinstance(data, dict) else None
    if data is None or method not in ("update", "custom", "request_state") or data.get("buffer_paths", []) != []:
        return None
    if method == "custom" and "content" in data:
        return "custom", data["content"]
    if method == "update":
        return "update", data.get("state")
    return "request_state", None  # a custom message without content is answered as one


def view_traits(view: TableView) -> dict[str, Any]:
    """The synced traits that show ``view``, by name (the widget's ``variant`` and ``rev`` aside)."""
    traits: dict[str, Any] = {name: getattr(view, name) for name in SCALAR_TRAITS}
    replay = view.replay
    traits.update(
        can_finish=view.can_finish,
        piles=[list(pile) for pile in view.piles],
        face_down=list(view.face_down),
        foundations=[list(foundation) for foundation in view.foundations],
        targets={place: list(destinations) for place, destinations in view.targets.items()},
        replay_state={} if replay is None else {
            "step": replay.step, "total": replay.total, "playing": replay.playing, "delay": replay.delay,
            "better": replay.better,
        },
    )  # fmt: skip
    return traits
