"""Game records and saves: a game's start plus the actions that led to its position.

A **record** is plain text: the game code, then the moves as the rules page writes them (docs/rules/en.md)
(``R`` for a reshuffle), one per line or space-separated; move numbers such as ``12.``
and ``#`` comments are ignored. A **save** (``Game.to_dict``) is JSON data holding the
start, the actions and the resulting position; loading replays the actions through
the rules, so a save whose position does not follow from its moves is refused.

>>> from crescent_widget import Game
>>> g = Game("CR1-N-AAAAAAB"); _ = g.move("13-14"); g.reshuffle()
>>> print(g.record())
CR1-N-AAAAAAB
13-14 R
>>> Game.from_record("CR1-N-AAAAAAB\\n1. 13-14\\n2. 14-1  # no").move_count
Traceback (most recent call last):
...
crescent_widget.engine.records.RecordError: record entry 2 (14-1): Must be the same suit
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Final

from ..errors import (
    CrescentError,
    IllegalMoveError,
    InvalidCodeError,
    InvalidMoveError,
    InvalidPositionError,
    clip,
    quoted,
)
from .cards import ASCII_TEXT
from .codes import VARIANT_RESHUFFLES
from .moves import Move
from .positions import check_nesting

if TYPE_CHECKING:
    from .game import Game

SAVE_FORMAT: Final = "crescent-save/2"
MOVES_PER_LINE: Final = 12
SAVE_DEPTH: Final = 4  # the save, its start layout, the piles, a pile
_MOVE_NUMBER: Final = re.compile(r"\d+\.")


class RecordError(CrescentError):
    """A record or saved move list that does not replay; ``number`` is the 1-based entry."""

    def __init__(self, number: int, entry: str, reason: str, text: str) -> None:
        super().__init__(reason)
        self.number = number
        self.entry = clip(entry)
        self.reason_text = text  # the English refusal of the entry, as the engine gave it

    def __str__(self) -> str:
        from ..words.i18n import label  # the words sit above the engine

        return label("record_entry", "en", n=self.number, entry=self.entry, reason=self.reason_text)

    def text(self, lang: str | None = None) -> str:
        """The message in a language (``None``: the package's default), with the entry's number and text."""
        from ..words.i18n import DEFAULT_LANG, label

        lang = DEFAULT_LANG if lang is None else lang
        if lang == "en":
            return str(self)
        return label("record_entry", lang, n=self.number, entry=self.entry, reason=super().text(lang))


def format_record(code: str, actions: Iterable[Move]) -> str:
    """The text record of a game: its code, then its actions, a dozen to a line."""
    texts = [str(action) for action in actions]
    lines = [" ".join(texts[i : i + MOVES_PER_LINE]) for i in range(0, len(texts), MOVES_PER_LINE)]
    return "\n".join([code, *lines])


def parse_record(text: str) -> tuple[str, list[str]]:
    """Split a record into its code and its action texts (not yet checked)."""
    if not isinstance(text, str):
        raise InvalidPositionError(f"a record must be text, got {type(text).__name__}")
    tokens = [
        token
        for line in text.splitlines()
        for token in line.split("#", 1)[0].split()
        if not _MOVE_NUMBER.fullmatch(token)
    ]
    if not tokens:
        raise InvalidPositionError("an empty record: it must start with a game code such as CR1-N-AAAAAAB")
    return tokens[0], tokens[1:]


def replay(game: Game, actions: Iterable[object]) -> Game:
    """Play action texts (or Moves) on ``game`` in order; stop at the first bad one.

    Raises:
        RecordError: an entry is malformed or illegal, with its number and reason.
    """
    for number, action in enumerate(actions, start=1):
        try:
            if not isinstance(action, Move | str):
                raise InvalidMoveError(f"an entry must be move text, got {type(action).__name__}")
            game.move(action)
        except (IllegalMoveError, InvalidMoveError) as err:
            raise RecordError(number, str(action), err.reason, str(err)) from None
    return game


# --------------------------------------------------------------------------- saves


def save_checksum(data: dict[str, Any]) -> str:
    """A SHA-256 over the save's canonical JSON (without its checksum) to catch damage."""
    body = {key: value for key, value in data.items() if key != "checksum"}
    canonical = json.dumps(body, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


def to_save(game: Game) -> dict[str, Any]:
    """Build the JSON-safe save of a game (see ``Game.to_dict``)."""
    data: dict[str, Any] = {
        "format": SAVE_FORMAT,
        "code": game.code,
        "variant": game.variant,
        "start": game.start_layout,
        "piles": [[c.ascii for c in pile] for pile in game.piles],  # face-down cards stay hidden
        "face_down": [game.face_down(n) for n in range(1, 17)],
        "foundations": [[c.ascii for c in f] for f in game.foundations],
        "reshuffles_left": game.reshuffles_left,
        "move_count": game.move_count,
        "actions": [str(a) for a in game.actions],
        "undo_depth": len(game.history),
        "elapsed": round(game.elapsed, 3),
    }
    data["checksum"] = save_checksum(data)
    return data


REQUIRED_KEYS: Final = (
    "format",
    "code",
    "variant",
    "start",
    "piles",
    "foundations",
    "face_down",
    "reshuffles_left",
    "move_count",
    "actions",
    "undo_depth",
    "elapsed",
    "checksum",
)


def _start_game(game_class: type[Game], save: dict[str, Any], clock: Callable[[], float] | None) -> Game:
    """The game a save starts from: the deal of its code, or its start layout."""
    code, variant, start = save["code"], save["variant"], save["start"]
    if not isinstance(variant, str) or variant not in VARIANT_RESHUFFLES:
        raise InvalidPositionError(f"saved game has an unknown variant {quoted(variant)}")
    if code is not None and not isinstance(code, str):
        raise InvalidPositionError(f"saved game code must be text or null, got {type(code).__name__}")
    if code is None:
        if not isinstance(start, dict) or set(start) != {"piles", "foundations", "reshuffles_left", "face_down"}:
            raise InvalidPositionError("a save without a game code needs its start layout")
        return game_class.from_layout(**start, variant=variant, clock=clock)
    return dealt(game_class, code, variant, clock)


def dealt(game_class: type[Game], code: str, variant: str, clock: Callable[[], float] | None) -> Game:
    """The deal of a stored game code, which must be valid and of the stored variant."""
    try:
        game = game_class(code, clock=clock)
    except InvalidCodeError as err:
        raise InvalidPositionError(f"the stored game code is not valid: {err}") from None
    if game.variant != variant:
        raise InvalidPositionError(f"game code {quoted(code)} is not variant {variant}")
    return game


def from_save(data: object, game_class: type[Game], clock: Callable[[], float] | None) -> tuple[Game, int, float]:
    """Rebuild a game from a save: check its envelope, replay its actions, compare.

    Returns the game with its moves replayed, the save's undo depth and its seconds
    played (``Game.from_dict`` trims the undo history and sets the clock).

    Raises:
        InvalidPositionError: the save is incomplete, damaged, or inconsistent.
    """
    if not isinstance(data, dict):
        raise InvalidPositionError(f"a saved game must be a dict, got {type(data).__name__}")
    check_nesting(data, SAVE_DEPTH, "saved game data")
    missing = [key for key in REQUIRED_KEYS if key not in data]
    if missing:
        raise InvalidPositionError(f"saved game is incomplete: missing {', '.join(missing)}")
    if data["format"] != SAVE_FORMAT:
        raise InvalidPositionError(f"unknown save format {quoted(data['format'])}; expected {SAVE_FORMAT!r}")
    try:
        expected = save_checksum(data)
    except (TypeError, ValueError) as err:
        raise InvalidPositionError(f"saved game is not plain JSON data: {err}") from None
    if data["checksum"] != expected:
        raise InvalidPositionError("saved game was modified or damaged: its checksum does not match")
    actions, depth, elapsed = data["actions"], data["undo_depth"], data["elapsed"]
    if not isinstance(actions, list):
        raise InvalidPositionError("saved actions must be a list of moves")
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise InvalidPositionError(f"undo_depth must be a non-negative int, got {quoted(depth)}")
    if isinstance(elapsed, bool) or not isinstance(elapsed, int | float) or not 0 <= elapsed < 1e9:
        raise InvalidPositionError(f"elapsed must be a number of seconds, got {quoted(elapsed)}")
    game = _start_game(game_class, data, clock)
    try:
        replay(game, actions)
    except RecordError as err:
        raise InvalidPositionError(f"saved moves do not replay: {err}") from None
    position = {
        "piles": [[ASCII_TEXT[c.index] for c in p] for p in game.piles],
        "foundations": [[ASCII_TEXT[c.index] for c in f] for f in game.foundations],
        "face_down": [game.face_down(n) for n in range(1, 17)],
        "reshuffles_left": game.reshuffles_left,
        "move_count": game.move_count,
    }
    for key, value in position.items():
        if data[key] != value:
            raise InvalidPositionError(f"saved {key} does not follow from the save's start and moves")
    if depth > len(game.history):
        raise InvalidPositionError(f"undo_depth {depth} is deeper than the moves since the last reshuffle")
    return game, depth, float(elapsed)
