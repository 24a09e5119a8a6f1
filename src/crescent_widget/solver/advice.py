"""Advice for a player: a hint, "is this still winnable?", and "does this move lose?".

>>> from crescent_widget import Game
>>> hint(Game.from_number(3), seconds=10).kind
'winning'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Literal

from ..engine.moves import FIRST_FOUNDATION, RESHUFFLE, Move
from ..words.i18n import ADVICE, DEFAULT_LANG, MOVE_VERDICTS, Lang, Words
from ..words.narration import describe
from .api import check_seconds, hides_cards, run
from .checks import check_game
from .expand import expand
from .replay import engine_moves
from .state import from_game

if TYPE_CHECKING:
    from ..engine.game import Game

HintKind = Literal["winning", "heuristic", "reshuffle", "undo", "none"]
Winnability = Literal["winnable", "lost", "unknown"]
MoveVerdict = Literal["keeps_win", "loses_win", "already_lost", "unknown"]
HINT_SECONDS: Final = 0.15
AFTER_SHARE: Final = 0.7  # of check_move's budget, for the position after the move


@dataclass(frozen=True)
class Hint:
    """A suggestion for the player.

    Attributes:
        move: the move to play (``RESHUFFLE`` for a reshuffle), or None (undo / nothing).
        kind: ``"winning"`` (first move of a line proven to win), ``"heuristic"`` (no win
            found within the budget: the most promising move), ``"reshuffle"`` (reshuffle
            now; ``proven`` tells whether a win follows), ``"undo"`` (no move helps: the
            position is proven lost or blocked) or ``"none"`` (game over, nothing to do).
        proven: whether the advice rests on a proof (a won line or a proven loss).
        explanation: the explanation in every language; ``text(lang)`` reads it.
    """

    move: Move | None
    kind: HintKind
    proven: bool
    explanation: Words

    def text(self, lang: str = DEFAULT_LANG) -> str:
        """The explanation in ``lang`` (``"pl"`` or ``"en"``)."""
        return self.explanation.text(lang)


def _hint(game: Game, move: Move | None, kind: HintKind, proven: bool, key: str) -> Hint:
    def words(lang: Lang) -> str:
        if move is None or move.is_reshuffle:
            return ADVICE[key][lang].format(move="")
        return ADVICE[key][lang].format(move=f"{describe(game, move, lang)} ({move})")

    return Hint(move, kind, proven, Words.of(words))


def hint(game: Game, *, seconds: float = HINT_SECONDS) -> Hint:
    """The next move of a winning line if one is found within ``seconds``, else the best guess.

    >>> from crescent_widget import Game
    >>> Game.from_number(1).status
    'playing'
    """
    check_game(game)
    check_seconds(seconds)
    status = game.status
    if status == "won":
        return _hint(game, None, "none", True, "won")
    if status == "blocked":
        return _hint(game, None, "undo" if game.can_undo else "none", True, "blocked")
    if hides_cards(game):
        return _fair_hint(game)
    result, search = run(game, seconds=seconds)
    if result.status == "won":
        first = result.moves[0]
        if first.is_reshuffle:
            return _hint(game, first, "reshuffle", True, "winning_reshuffle")
        return _hint(game, first, "winning", True, "winning")
    if result.status == "lost":
        if game.can_undo:
            return _hint(game, None, "undo", True, "undo")
        return _hint(game, None, "none", True, "lost_no_undo")
    internal = search.best_line[0] if search.best_line else _best_child_move(game)
    if internal is None:
        return _hint(game, RESHUFFLE, "reshuffle", False, "heuristic_reshuffle")
    first = engine_moves(game, internal)[0]
    if first.is_reshuffle:
        return _hint(game, first, "reshuffle", False, "heuristic_reshuffle")
    return _hint(game, first, "heuristic", False, "heuristic")


def _fair_hint(game: Game) -> Hint:
    """The most promising visible move: to a foundation, uncovering a card, never shuttling back."""
    last = game.history[-1] if game.history else None

    def promise(move: Move) -> int:
        if move.src >= FIRST_FOUNDATION:
            return 1
        uncovers = 0 < game.face_down(move.src) == game.pile_size(move.src) - 1
        value = (30 if move.dst >= FIRST_FOUNDATION else 0) + (10 if uncovers else 0)
        value += game.face_down(move.src)  # dig where most is hidden
        if last is not None and (move.src, move.dst) == (last.dst, last.src):
            value -= 50  # undoing the previous move by hand gains nothing
        return value

    moves = game.legal_moves()
    if moves:
        return _hint(game, max(moves, key=promise), "heuristic", False, "fair")
    return _hint(game, RESHUFFLE, "reshuffle", False, "fair_reshuffle")


def _best_child_move(game: Game) -> tuple[int, int] | None:
    """The move to the best-scoring successor (the dives found nothing better than here)."""
    best = max(expand(from_game(game), ()), key=lambda child: child[2], default=None)
    return None if best is None else best[0]


def winnability(game: Game, *, seconds: float = 1.0) -> Winnability:
    """Whether the position can still be won: ``"winnable"`` and ``"lost"`` are proofs.

    >>> from crescent_widget import Game
    >>> winnability(Game.from_number(3), seconds=10)
    'winnable'
    """
    check_game(game)
    check_seconds(seconds)
    if hides_cards(game):
        return "lost" if game.status == "blocked" else "unknown"
    status = run(game, seconds=seconds)[0].status
    return "winnable" if status == "won" else status


@dataclass(frozen=True)
class MoveCheck:
    """Whether a move throws away a win, for a teaching mode.

    Attributes:
        verdict: ``"keeps_win"`` (a win still exists after it), ``"loses_win"`` (the
            position was winnable and the move makes it lost: warn), ``"already_lost"``
            (no win existed before it) or ``"unknown"`` (not settled within the budget).
        explanation: the explanation in every language; ``text(lang)`` reads it.
    """

    verdict: MoveVerdict
    explanation: Words

    @property
    def warn(self) -> bool:
        """Whether a teaching mode should warn before the move is played."""
        return self.verdict == "loses_win"

    def text(self, lang: str = DEFAULT_LANG) -> str:
        """The explanation in a language (the same call as ``Hint.text`` and ``err.text``)."""
        return self.explanation.text(lang)


def check_move(game: Game, move: Move | str, *, seconds: float = 1.0) -> MoveCheck:
    """Whether playing ``move`` (legal, ``"R"`` included) turns a winnable game into a lost one.

    Raises:
        IllegalMoveError: the move is not legal here.
        InvalidMoveError: the move is malformed.
        ArgumentTypeError: ``game`` is not a Game, or ``seconds`` not a number.
        InvalidBudgetError: ``seconds`` is negative, NaN or infinite.
    """
    check_game(game)
    check_seconds(seconds)
    after = game.copy()
    after.move(move)
    if hides_cards(game):
        return _move_check("unknown", "hidden")
    verdict: MoveVerdict
    # The loss after the move is the hard proof; the win before it is usually found fast,
    # so the position after gets most of the budget, and the one before what is left.
    after_result = run(after, seconds=seconds * AFTER_SHARE)[0]
    if after_result.status == "won":
        verdict = "keeps_win"
    elif after_result.status == "unknown":
        verdict = "unknown"
    else:
        left = max(seconds - after_result.seconds, seconds * (1 - AFTER_SHARE))
        before_status = run(game, seconds=left)[0].status
        verdict = "loses_win" if before_status == "won" else "already_lost" if before_status == "lost" else "unknown"
    return _move_check(verdict)


def _move_check(verdict: MoveVerdict, key: str | None = None) -> MoveCheck:
    texts = MOVE_VERDICTS[key or verdict]
    return MoveCheck(verdict, Words.of(lambda lang: texts[lang]))
