"""The intents the front end sends to :class:`~crescent_widget.widget.CrescentWidget`: checked, then acted on.

A message from the browser is untrusted input: it may be malformed, name a place that
does not exist, or be made against a state the player no longer sees. This module turns
a raw message into an :class:`Intent` or refuses it with :class:`BadIntentError`; it never
judges legality (the engine does). :class:`FrontEndIntents`, a mixin of the widget, drops
stale intents and calls the widget method each one stands for.

>>> parse_intent({"type": "drop", "src": "13", "dst": "F", "rev": 4})
Intent(kind='drop', rev=4, src=12, dst=24, code=None)
>>> parse_intent({"type": "tap", "pile": 17, "rev": 0})
Traceback (most recent call last):
...
crescent_widget._intents.BadIntentError: bad place in 'pile': ...
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Final, NamedTuple

from .errors import CrescentError, InvalidMoveError
from .moves import Move, parse_place, place_name

if TYPE_CHECKING:
    from .game import Game

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
    "confirm": (),
    "cancel": (),
    "replay_prev": (),
    "replay_next": (),
    "replay_play": (),
    "replay_stop": (),
}
# Intents without fields: the widget method each one calls.
SIMPLE_INTENTS: Final[dict[str, str]] = {
    "reshuffle": "reshuffle",
    "undo": "undo",
    "deselect": "deselect",
    "hint": "hint",
    "winnable": "check_winnable",
    "confirm": "confirm",
    "cancel": "cancel",
    "replay_play": "replay_play",
    "replay_stop": "replay_stop",
}
# A game code is short; anything longer is garbage, refused before the engine sees it.
MAX_CODE_LENGTH: Final = 32


class BadIntentError(ValueError):
    """A front-end message that is not a well-formed intent."""


class Intent(NamedTuple):
    """One validated player intent; places are engine indices (see :mod:`crescent_widget.moves`)."""

    kind: str
    rev: int
    src: int | None = None
    dst: int | None = None
    code: str | None = None


def _place(content: dict[str, object], key: str, *, allow_any_foundation: bool = False) -> int:
    value = content.get(key)
    # JSON gives str or int; bool is an int in Python but never a place.
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise BadIntentError(f"field {key!r} must be a place name, got {value!r}")
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
    crescent_widget._intents.BadIntentError: 'rev' must be an int, got '2'
    """
    if not isinstance(content, dict):
        raise BadIntentError(f"a message must be a JSON object, got {type(content).__name__}")
    kind = content.get("type")
    if not isinstance(kind, str) or kind not in INTENT_FIELDS:
        raise BadIntentError(f"unknown intent type {kind!r}")
    rev = content.get("rev")
    if isinstance(rev, bool) or not isinstance(rev, int):
        raise BadIntentError(f"'rev' must be an int, got {rev!r}")
    if kind in ("tap", "double_tap"):
        return Intent(kind, rev, src=_place(content, "pile"))
    if kind == "drop":
        return Intent(kind, rev, src=_place(content, "src"), dst=_place(content, "dst", allow_any_foundation=True))
    if kind == "new_game":
        code = content.get("code")
        if code is not None and (not isinstance(code, str) or len(code) > MAX_CODE_LENGTH):
            raise BadIntentError(f"'code' must be a short text or absent, got {code!r}")
        return Intent(kind, rev, code=code)
    return Intent(kind, rev)


class FrontEndIntents:
    """Mixin of :class:`~crescent_widget.widget.CrescentWidget`: act on intents from the browser.

    Every intent goes through the same public methods as notebook code, with
    ``_board`` set so that the teaching mode knows the move came from the board.
    """

    rev: int
    _board: bool
    # The revision at which a board "New game" was asked to confirm (-1: not armed).
    _new_game_armed_at: int = -1

    # Provided by CrescentWidget.
    def tap(self, place: str) -> Move | None:
        raise NotImplementedError

    def double_tap(self, place: str) -> Move | None:
        raise NotImplementedError

    def _play(self, move: Move) -> Move | None:
        raise NotImplementedError

    def new_game(self, code: str | None = None) -> None:
        raise NotImplementedError

    def replay_step(self, step: int = 1) -> int:
        raise NotImplementedError

    @property
    def game(self) -> Game:
        raise NotImplementedError

    def _confirm_new_game(self) -> None:
        raise NotImplementedError

    def _on_front_end_message(self, _widget: object, content: object, _buffers: object) -> None:
        """Handle one intent from the browser; never raises into the kernel."""
        try:
            intent = parse_intent(content)
        except BadIntentError as err:
            logger.warning("ignored malformed front-end message %r: %s", content, err)
            return
        if intent.rev != self.rev:
            # Made against a state the player no longer saw (another view, a cell, a
            # fast double action, a replay timer): acting on it could do the wrong thing.
            logger.info("ignored stale %s intent (rev %d, now %d)", intent.kind, intent.rev, self.rev)
            return
        self._board = True
        try:
            self._dispatch(intent)
        except CrescentError as err:
            logger.debug("refused %s intent: %s", intent.kind, err)
        except Exception:
            logger.exception("front-end intent %r failed", intent)
        finally:
            self._board = False

    def _dispatch(self, intent: Intent) -> None:
        src, dst = intent.src, intent.dst
        if intent.kind == "tap" and src is not None:
            self.tap(place_name(src))
        elif intent.kind == "double_tap" and src is not None:
            self.double_tap(place_name(src))
        elif intent.kind == "drop" and src is not None and dst is not None:
            self._play(Move(src, dst))
        elif intent.kind == "new_game":
            # One stray click or "n" must not throw a game in progress away: the board
            # asks for a second press, which must come before anything else changes.
            in_progress = self.game.actions and self.game.status == "playing" and intent.code is None
            if in_progress and self._new_game_armed_at != self.rev:
                self._confirm_new_game()
                self._new_game_armed_at = self.rev
            else:
                self.new_game(intent.code)
        elif intent.kind in ("replay_next", "replay_prev"):
            self.replay_step(1 if intent.kind == "replay_next" else -1)
        else:
            getattr(self, SIMPLE_INTENTS[intent.kind])()
