"""Game records and saves: a game's start plus the actions that led to its position.

A **record** is plain text: the game code, then the moves as the rules page writes them (docs/rules/en.md)
(``R`` for a reshuffle), one per line or space-separated; move numbers such as ``12.``
and ``#`` comments are ignored. As in a chess PGN, optional header lines come first
(``[Player "Ann"]``, one ``[Key "value"]`` a line) and a result token may end it: ``won``,
``blocked``, or ``*`` for a game still in play; :class:`GameRecord` reads and writes both,
and a record without them (as older ones are) loads the same. A **save** (``Game.to_dict``) is JSON data holding the
start, the actions and the resulting position; loading replays the actions through
the rules, so a save whose position does not follow from its moves is refused.

>>> from crescent_widget import Game
>>> g = Game("CR1-N-AAAAAAB"); _ = g.move("13-14"); g.reshuffle()
>>> print(g.record({"Player": "Ann"}))
[Player "Ann"]
CR1-N-AAAAAAB
13-14 R
*
>>> Game.from_record("CR1-N-AAAAAAB\\n1. 13-14\\n2. 14-1  # no").move_count
Traceback (most recent call last):
...
crescent_widget.engine.records.RecordError: record entry 2 (14-1): Must be the same suit
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from ..errors import (
    ArgumentTypeError,
    CrescentError,
    IllegalMoveError,
    InvalidCodeError,
    InvalidMoveError,
    InvalidOptionError,
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
MOST_ELAPSED: Final = 1e9  # seconds of play a save holds (31 years): past that, a clock is broken
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


# A game's result as a record's last token: as PGN's "1-0" or "*", for one player.
RESULTS: Final = {"won": "won", "blocked": "blocked", "playing": "*"}
_HEADER: Final = re.compile(r'\[([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\]')
_KEY: Final = re.compile(r"[A-Za-z][A-Za-z0-9_]*")


def format_record(
    code: str, actions: Iterable[Move | str], *, headers: Mapping[str, str] | None = None, result: str | None = None
) -> str:
    """The text record of a game: its headers, its code, its actions a dozen to a line, its result token.

    Raises:
        InvalidOptionError: a header key that is not a word (letters, digits, ``_``), a value
            with a line break, or a result that is not ``won``, ``blocked`` or ``*``.
        ArgumentTypeError: a header key or value that is not text.
    """
    texts = [str(action) for action in actions]
    lines = [" ".join(texts[i : i + MOVES_PER_LINE]) for i in range(0, len(texts), MOVES_PER_LINE)]
    if result is not None and result not in RESULTS.values():
        raise InvalidOptionError(f"a record's result is won, blocked or *, got {quoted(result)}")
    return "\n".join([*_header_lines(headers or {}), code, *lines, *([result] if result else [])])


def _header_lines(headers: Mapping[str, str]) -> list[str]:
    if not isinstance(headers, Mapping):
        raise ArgumentTypeError("invalid_option", f"headers must be a dict of text, not {type(headers).__name__}")
    lines = []
    for key, value in headers.items():
        if not isinstance(key, str) or not isinstance(value, str):
            raise ArgumentTypeError("invalid_option", f"a header's key and value are text, got {quoted(key)}")
        if not _KEY.fullmatch(key):
            raise InvalidOptionError(f"a header key is a word of letters, digits and _, got {quoted(key)}")
        if value and value.splitlines() != [value]:  # any line break str.splitlines() knows
            raise InvalidOptionError(f"header {key}'s value must be one line, got {quoted(value)}")
        escaped = value.replace("\\", "\\\\").replace('"', '\\"')
        lines.append(f'[{key} "{escaped}"]')
    return lines


@dataclass(frozen=True)
class GameRecord:
    """A record read whole: its headers, its game code, its action texts and its result token.

    >>> text = '[Player "Ann"]\\n[Date "2026.11.01"]\\nCR1-N-AAAAAAB\\n13-14 R\\n*'
    >>> record = GameRecord.parse(text)
    >>> record.headers, record.code, record.actions, record.result
    ({'Player': 'Ann', 'Date': '2026.11.01'}, 'CR1-N-AAAAAAB', ('13-14', 'R'), '*')
    >>> record.game().reshuffles_left, str(record) == text
    (2, True)

    Attributes:
        headers: ``[Key "value"]`` lines, in order (as PGN's: ``Player``, ``Date``, ``Event`` …).
        code: the game code (not yet checked).
        actions: the action texts (not yet checked).
        result: the last token when it is a result (``won``, ``blocked``, ``*``), else ``None``.
    """

    code: str
    actions: tuple[str, ...] = ()
    headers: dict[str, str] = field(default_factory=dict)
    result: str | None = None

    @classmethod
    def parse(cls, text: str) -> GameRecord:
        """Read a record's parts; nothing is replayed yet (:meth:`game` does).

        Raises:
            InvalidPositionError: not text, no game code, or a header line that is not
                ``[Key "value"]``.
        """
        if not isinstance(text, str):
            raise InvalidPositionError(f"a record must be text, got {type(text).__name__}")
        lines = text.splitlines()
        headers: dict[str, str] = {}
        while lines and (not lines[0].strip() or lines[0].lstrip().startswith("[")):
            line = lines.pop(0).strip()
            if not line:
                continue
            match = _HEADER.fullmatch(line)
            if match is None:
                raise InvalidPositionError(f'a record\'s header line is [Key "value"], got {quoted(line)}')
            headers[match.group(1)] = re.sub(r"\\(.)", r"\1", match.group(2))
        tokens = [
            token for line in lines for token in line.split("#", 1)[0].split() if not _MOVE_NUMBER.fullmatch(token)
        ]
        if not tokens:
            raise InvalidPositionError("an empty record: it must start with a game code such as CR1-N-AAAAAAB")
        result = tokens.pop() if len(tokens) > 1 and tokens[-1].lower() in RESULTS.values() else None
        return cls(tokens[0], tuple(tokens[1:]), headers, None if result is None else result.lower())

    def game(self, *, clock: Callable[[], float] | None = None) -> Game:
        """The game the record describes: its deal, its actions replayed and checked.

        Raises:
            InvalidCodeError: the code is malformed.
            RecordError: an action is malformed or illegal; ``.number`` says which.
            InvalidPositionError: the result token says another end than the moves reach.
        """
        from .game import Game  # the game is built on this module

        game = replay(Game(self.code, clock=clock), self.actions)
        if self.result is not None and RESULTS[game.status] != self.result:
            raise InvalidPositionError(
                f"the record ends {quoted(self.result)}, but its moves leave the game {game.status} "
                f"({RESULTS[game.status]})"
            )
        return game

    def __str__(self) -> str:
        """The record as text (the format :meth:`parse` reads)."""
        return format_record(self.code, self.actions, headers=self.headers, result=self.result)


def parse_record(text: str) -> tuple[str, list[str]]:
    """Split a record into its code and its action texts (not yet checked), headers and result set aside."""
    record = GameRecord.parse(text)
    return record.code, list(record.actions)


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


def plain_json(data: dict[Any, Any]) -> dict[str, Any]:
    """A save as plain JSON values: its JSON text read back, so a subclass of ``dict``,
    ``list``, ``str`` or ``int`` becomes the plain value it writes, and anything that is not
    JSON data (NaN included) is refused. It may nest :data:`SAVE_DEPTH` deep at most.

    >>> plain_json({"a": (1, 2.0)})
    {'a': [1, 2.0]}

    Raises:
        InvalidPositionError: ``data`` is not JSON data, or nests too deep.
    """
    try:
        check_nesting(data, SAVE_DEPTH, "saved game data")
        text = json.dumps(data, ensure_ascii=True, allow_nan=False)
    except CrescentError:
        raise
    except Exception as err:  # whatever an object the caller made raises: not JSON data
        raise InvalidPositionError(f"saved game is not plain JSON data: {clip(str(err), 80)}") from None
    plain: dict[str, Any] = json.loads(text)
    return plain


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
    played (``Game.from_dict`` trims the undo history and sets the clock). The save is read
    as the plain JSON it stands for (:func:`plain_json`): nothing below reads an object the
    caller made, and what comes back is the engine's own.

    Raises:
        InvalidPositionError: the save is incomplete, damaged, or inconsistent.
    """
    if not isinstance(data, dict):
        raise InvalidPositionError(f"a saved game must be a dict, got {type(data).__name__}")
    data = plain_json(data)
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
    if isinstance(elapsed, bool) or not isinstance(elapsed, int | float) or not 0 <= elapsed < MOST_ELAPSED:
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
