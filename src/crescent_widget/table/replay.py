"""A narrated replay at a table: a start position, a checked list of actions, a cursor.

The cursor's position is rebuilt from the start by playing the actions again, never by
undo, so stepping back works across reshuffles (which clear the undo history).

>>> from crescent_widget import Game
>>> r = Replay.prepare(Game("CR1-N-AAAAAAB"), ["13-14", "5-F", "R"], delay=1.0)
>>> [str(m) for m in r.actions], r.total
(['13-14', '5-F2', 'R'], 3)
>>> r.forward().text("en")
'Move 1: A♠ from pile 13 onto K♠ on pile 14'
>>> _ = r.forward(); r.forward().text("pl").startswith("Przetasowanie 1:"), r.game.reshuffles_left
(True, 2)
>>> r.back().text("en"), r.index, r.game.reshuffles_left, r.game.move_count
('Move 2: 2♥ from pile 5 onto A♥ on foundation F2', 2, 3, 2)
>>> Replay.prepare(Game("CR1-N-AAAAAAB"), "CR1-N-AAAAAAB 13-14 14-1", delay=1.0)
Traceback (most recent call last):
...
crescent_widget.engine.records.RecordError: record entry 2 (14-1): Must be the same suit
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..checks import check_delay
from ..engine.game import Game
from ..engine.moves import ANY_FOUNDATION, Move
from ..engine.records import parse_record, replay
from ..errors import ArgumentTypeError, InvalidCodeError
from ..words.announcements import announce_action, join
from ..words.i18n import NO_WORDS, Words, label

ReplayInput = str | Sequence[Move | str]


@dataclass(frozen=True)
class ReplayState:
    """Where a replay stands: after ``step`` of ``total`` actions; ``delay`` seconds a step.

    A player counts moves, as the board's Moves counter does (a reshuffle is not a move):
    ``moves`` is that counter at this step, ``total_moves`` at the end.
    """

    step: int
    total: int
    playing: bool
    delay: float
    moves: int = 0
    total_moves: int = 0
    better: str = ""  # a review's better move at this step ("Try it" plays it), or ""
    practice: bool = False  # a review's mistake can be practised from here (Practice)


MIN_DELAY = 0.05


class Replay:
    """A replay in progress: ``game`` is the position after ``index`` of the ``actions``."""

    def __init__(self, start: Game, actions: tuple[Move, ...], delay: float) -> None:
        self.start = start
        self.actions = actions
        self.delay = delay
        self.index = 0
        self.playing = False
        self.game = start.copy()

    @classmethod
    def prepare(cls, current: Game, moves: ReplayInput, delay: float) -> Replay:
        """Check ``moves`` and return a replay positioned at its start.

        ``moves`` is a list of move texts or Moves (played from a copy of ``current``),
        or text: a record (``Game.record()``) that starts with a game code replays from
        that deal; text without a code is moves from ``current``.

        Raises:
            RecordError: an entry is malformed or illegal (``.number`` says which).
            InvalidCodeError: the record's code names an unknown variant.
            TypeError: ``moves`` is not a list or text.
            InvalidOptionError: ``delay`` is not a positive, finite number of seconds.
            ArgumentTypeError: ``delay`` is not a number.
        """
        delay = check_delay(delay)
        entries: list[object]
        if isinstance(moves, str):
            first, rest = parse_record(moves)
            try:
                start = Game(first)
                entries = list(rest)
            except InvalidCodeError:
                if first.upper().startswith("CR"):
                    raise  # a code that is wrong, not a move
                start, entries = current.copy(), [first, *rest]
        elif isinstance(moves, Sequence):
            start, entries = current.copy(), list(moves)
        else:
            raise ArgumentTypeError(
                "invalid_option", f"replay() needs a list of moves or a record text, got {type(moves).__name__}"
            )
        done = len(start.actions)
        played = replay(start.copy(), entries)
        return cls(start, played.actions[done:], max(MIN_DELAY, float(delay)))

    @property
    def total(self) -> int:
        """How many actions the replay holds."""
        return len(self.actions)

    @property
    def at_end(self) -> bool:
        return self.index >= self.total

    def forward(self) -> Words:
        """Play the next action; return its narration (nothing changes at the end)."""
        if self.at_end:
            return self.narration()
        move = self.actions[self.index]
        words = join(announce_action(self.game, move), why(self.game, move))
        self.game.move(move)
        self.index += 1
        return words

    def back(self) -> Words:
        """Go back one action (rebuilt from the start); return the narration of the new position."""
        if self.index > 0:
            self.seek(self.index - 1)
        return self.narration()

    def seek(self, index: int) -> None:
        """Rebuild the position after ``index`` actions from the start."""
        index = max(0, min(self.total, index))
        game = self.start.copy()
        for move in self.actions[:index]:
            game.move(move)
        self.game, self.index = game, index

    def narration(self) -> Words:
        """The words for where the cursor stands: the last action played, or the start."""
        if self.index == 0:
            total = self.state().total_moves
            return Words.of(lambda lang: label("replay_start", lang, total=total))
        before = self.start.copy()
        for move in self.actions[: self.index - 1]:
            before.move(move)
        move = self.actions[self.index - 1]
        return join(announce_action(before, move), why(before, move))

    def state(self) -> ReplayState:
        """Where the cursor is and whether it plays."""
        total_moves = self.start.move_count + sum(not action.is_reshuffle for action in self.actions)
        return ReplayState(self.index, self.total, self.playing, self.delay, self.game.move_count, total_moves)


def why(before: Game, move: Move) -> Words:
    """Why a move mattered, where that is known cheaply: it emptied a pile, it uncovered a
    card a foundation takes, it was the only move that kept a win (a bounded search).

    >>> g = Game("CR1-N-AAAAAAB")
    >>> why(g, Move.parse("5-F2")).text("en")
    ''
    """
    if move.is_reshuffle:
        return NO_WORDS
    after = before.copy()
    after.move(move)
    reasons: list[Words] = []
    src = move.src
    if src.is_pile and after.pile_size(src) == 0:
        reasons.append(Words.of(lambda lang: label("why_emptied", lang, n=src.name)))
    elif src.is_pile and after.can_move(src, ANY_FOUNDATION):
        card = after.top(src)
        if card is not None:
            reasons.append(Words.of(lambda lang: label("why_freed", lang, card=card.text(lang))))
    if _only_winning_move(before, move):
        reasons.append(Words.of(lambda lang: label("why_only_line", lang)))
    words = NO_WORDS
    for reason in reasons:
        words = join(words, reason)
    return words


def _only_winning_move(before: Game, move: Move) -> bool:
    from ..solver.analysis.review import only_winning_move  # the solver loads on first use

    return only_winning_move(before, move)
