"""What a table holds: :class:`TableState`, its options and session, shared by the table's parts.

A :class:`~crescent_widget.table.Table` is one object to its users, made of parts with one
job each: the player's actions (:mod:`.actions`), the replay and review control
(:mod:`.replay_control`), the board's searches (:mod:`.advice`), the teaching mode's
confirmation (:mod:`.guard`), the lessons (:mod:`.lessons`), the view (:mod:`.view`).
Every one of them reads and changes the same session (the position, the selection, the
line of feedback), so that session is declared once, here, and each part is given it:
nothing is copied between parts, and :meth:`TableState.reset_interaction` stays the one
place that drops what was about the position before.

A TableState has no lock of its own: the table's lock covers every part while it acts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..engine.game import Game
from ..engine.moves import Move, Place
from ..errors import CrescentError
from ..words.i18n import NO_WORDS, Lang, Words
from .plan import HintPlan

if TYPE_CHECKING:
    from ..lessons.lesson import Lesson
    from ..solver import Hint, MoveCheck
    from ..solver.analysis.review import Review


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
    # How a face draws the board (the settings panel's and a front end's options; the terminal has no use for them).
    show_labels: bool = True
    four_colour: bool = False
    large: bool = False
    rev: int = 0  # +1 with every change of what the table shows (a front end's intents quote it)
    plan: HintPlan = field(default_factory=HintPlan)  # the line the hints follow, and the player's recent path
    # Winning lines "Still winnable?" found, by position key: the review starts from them.
    won_lines: dict[object, tuple[Move, ...]] = field(default_factory=dict)
    reviewed: tuple[Game, Review] | None = None  # the last review, and the game it reviewed (Practice starts from it)
    note: Words = NO_WORDS
    toned: tuple[Words, str] = (NO_WORDS, "")  # a note with a tone, while it is the note
    words: Words = NO_WORDS  # the last announcement
    announced: int = 0  # +1 with every announcement
    # A press that asked for a second one and got another action instead (Reshuffle, then a tap):
    # said on the line with that action, and dropped once the next one starts (or another line
    # is written: keep_line). ``cancelled_at`` is the rev the cancelling action started from.
    cancelled: Words = NO_WORDS
    cancelled_at: int = -1
    # Redo: the moves undone, the last undone last, and the game and revision the last Undo
    # left; they are to redo only while that position stands (redoable).
    redo: tuple[Move, ...] = ()
    redo_from: tuple[Game | None, int] = (None, -1)
    # About the position shown: reset_interaction drops them.
    selected: Place | None = None
    pending: tuple[Move, MoveCheck] | None = None  # a move the teaching mode holds, and why
    hint: Hint | None = None
    winnability: str = ""
    notice: CrescentError | None = None  # the last refusal
    # What the notice refused, when a move or a tap: a lesson's verdict names its cards.
    attempt: Move | Place | None = None
    attempting: bool = False  # a player's attempt at a move is under way (tap, double tap, drop)
    # The lesson on the table: its course and its place there (None: no lesson), whether its
    # task is done since it last started, and the keys of the lessons solved (or kept by a browser).
    course: tuple[Lesson, ...] = ()
    lesson_index: int | None = None
    solved: bool = False
    lessons_done: tuple[str, ...] = ()

    def reset_interaction(self) -> None:
        """Drop everything that was about the position before: the one place it is reset."""
        self.selected = None
        self.pending = None
        self.hint = None
        self.winnability = ""
        self.notice = None

    def redoable(self) -> tuple[Move, ...]:
        """The moves Redo would play again (the next one last), while the position the last Undo left stands."""
        game, revision = self.redo_from
        return self.redo if game is self.game and revision == self.game.revision else ()

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

    def set_note(self, words: Words, tone: str = "") -> None:
        """Make ``words`` the line of information; a ``tone`` (``"right"``, ``"wrong"``) marks a
        verdict, which is also read out."""
        self.note = words
        self.toned = (words, tone)
        self.keep_line("note")
        if tone:
            self.announce(words)

    def drop_verdict(self) -> None:
        """A verdict answers one attempt: once the player starts another, it would read as the answer to that."""
        if self.toned[1] and self.toned[0] is self.note:
            self.note = NO_WORDS

    def announce(self, words: Words) -> None:
        """Say ``words`` to a screen reader (nothing is said for no words)."""
        if words:
            self.words = words
            self.announced += 1
