"""What a table holds: :class:`TableState`, its options and session, shared by the table's parts.

A :class:`~crescent_widget.table.Table` is one object to its users, made of parts with one
job each: the player's actions (:mod:`.actions`), the replay and review control
(:mod:`.replay_control`), the board's searches (:mod:`.advice`), the teaching mode's
confirmation (:mod:`.guard`), the view (:mod:`.view`).
Every one of them reads and changes the same session (the position, the selection, the
line of feedback), so that session is declared once, here, and each part is given it:
nothing is copied between parts, and :meth:`TableState.reset_interaction` stays the one
place that drops what was about the position before.

A TableState has no lock of its own: the table's lock covers every part while it acts.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..engine.codes import VARIANT_RESHUFFLES
from ..engine.game import Game
from ..engine.moves import Move, Place
from ..errors import ArgumentTypeError, CrescentError, InvalidOptionError, quoted
from ..words.i18n import NO_WORDS, Lang, Words
from .plan import HintPlan

if TYPE_CHECKING:
    from ..solver import Hint, MoveCheck


def check_flag(name: str, value: object) -> bool:
    """``value`` if it is a bool, else :class:`InvalidOptionError` (``1`` or ``"yes"`` is no flag)."""
    if not isinstance(value, bool):
        raise InvalidOptionError(f"{name} must be True or False, got {type(value).__name__}")
    return value


def check_timeout(value: object) -> float | None:
    """A wait's ``timeout``: ``None`` (no limit) or seconds from 0 up. A time longer than a lock
    can wait (``inf``, ``1e300``) is no limit either, rather than the ``OverflowError`` it would be.

    Raises:
        ArgumentTypeError: neither ``None`` nor a number.
        InvalidOptionError: negative, or NaN.
    """
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ArgumentTypeError("invalid_option", f"timeout must be None or seconds, not {type(value).__name__}")
    if not value >= 0:  # NaN too
        raise InvalidOptionError(f"timeout must be seconds from 0 up, got {quoted(value)}")
    return None if value > threading.TIMEOUT_MAX else float(value)


def check_variant(value: object) -> str:
    """``value`` if it names a variant (``"N"``, ``"F"``, ``"H"``), else :class:`InvalidOptionError`."""
    if not isinstance(value, str) or value not in VARIANT_RESHUFFLES:
        raise InvalidOptionError(f"variant must be one of {', '.join(VARIANT_RESHUFFLES)}, got {quoted(value)}")
    return value


@dataclass(eq=False)
class TableState:
    """The game on the table, the table's options, and the player's session (see the module docs)."""

    game: Game
    lang: Lang
    interactive_rules: bool
    teach: bool
    auto_play: bool
    winnable: bool  # random deals are proven winnable
    variant: str  # the variant of the next random deal
    version: int = 0  # +1 with every change of what the table shows
    plan: HintPlan = field(default_factory=HintPlan)  # the line the hints follow, and the player's recent path
    # Winning lines "Still winnable?" found, by position key: the review starts from them.
    won_lines: dict[object, tuple[Move, ...]] = field(default_factory=dict)
    note: Words = NO_WORDS
    toned: tuple[Words, str] = (NO_WORDS, "")  # a note with a tone, while it is the note
    words: Words = NO_WORDS  # the last announcement
    announced: int = 0  # +1 with every announcement
    # A press that asked for a second one and got another action instead (Reshuffle, then a tap):
    # said on the line with that action, and dropped once the next one starts (or another line
    # is written: keep_line). ``cancelled_at`` is the version the cancelling action started from.
    cancelled: Words = NO_WORDS
    cancelled_at: int = -1
    # About the position shown: reset_interaction drops them.
    selected: Place | None = None
    pending: tuple[Move, MoveCheck] | None = None  # a move the teaching mode holds, and why
    hint: Hint | None = None
    winnability: str = ""
    notice: CrescentError | None = None  # the last refusal
    # What the notice refused, when a move or a tap: a lesson's verdict names its cards.
    attempt: Move | Place | None = None

    def reset_interaction(self) -> None:
        """Drop everything that was about the position before: the one place it is reset."""
        self.selected = None
        self.pending = None
        self.hint = None
        self.winnability = ""
        self.notice = None

    def keep_line(self, kept: str) -> None:
        """The board shows one line of feedback: the newest replaces what the others said."""
        if kept != "message":
            self.notice = None
        if kept not in ("message", "warning"):  # said with its own action's refusal or held move, not before others
            self.cancelled = NO_WORDS
        if kept != "winnability":
            self.winnability = ""
        if kept != "note":
            self.note = NO_WORDS

    def drop_verdict(self) -> None:
        """A verdict answers one attempt: once the player starts another, it would read as the answer to that."""
        if self.toned[1] and self.toned[0] is self.note:
            self.note = NO_WORDS

    def announce(self, words: Words) -> None:
        """Say ``words`` to a screen reader (nothing is said for no words)."""
        if words:
            self.words = words
            self.announced += 1
