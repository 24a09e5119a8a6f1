"""Advice for a player: a hint, "is this still winnable?", and "does this move lose?".

>>> from crescent_widget import Game
>>> hint(Game.from_number(3), seconds=10).kind
'winning'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Literal

from ..moves import RESHUFFLE, Move
from .api import run
from .heuristic import score
from .replay import engine_moves
from .state import children, from_game

if TYPE_CHECKING:
    from ..game import Game

HintKind = Literal["winning", "heuristic", "reshuffle", "undo", "none"]
Winnability = Literal["winnable", "lost", "unknown"]
MoveVerdict = Literal["keeps_win", "loses_win", "already_lost", "unknown"]
HINT_SECONDS: Final = 0.15

_TEXTS: Final[dict[str, tuple[str, str]]] = {
    "winning": ("Ten ruch prowadzi do wygranej: {move}.", "This move is part of a winning line: {move}."),
    "winning_reshuffle": (
        "Przetasuj teraz: to krok wygrywającej linii.",
        "Reshuffle now: it is a step of a winning line.",
    ),
    "heuristic": (
        "Nie znaleziono jeszcze wygranej; najlepiej wygląda ruch {move}.",
        "No win found yet; the most promising move is {move}.",
    ),
    "heuristic_reshuffle": (
        "Żaden ruch nie pomaga; przetasuj.",
        "No move helps; reshuffle.",
    ),
    "undo": (
        "Tej pozycji nie da się już wygrać; cofnij ruch.",
        "This position can no longer be won; undo a move.",
    ),
    "lost_no_undo": (
        "Tej pozycji nie da się już wygrać; zacznij nową grę.",
        "This position can no longer be won; start a new game.",
    ),
    "blocked": ("Brak ruchów; cofnij ruch albo zacznij nową grę.", "No moves left; undo or start a new game."),
    "won": ("Gra jest wygrana.", "The game is won."),
}


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
        text_pl: the explanation in Polish.
        text_en: the explanation in English.
    """

    move: Move | None
    kind: HintKind
    proven: bool
    text_pl: str
    text_en: str

    def text(self, lang: str = "pl") -> str:
        """The explanation in ``lang`` (``"pl"`` or ``"en"``)."""
        return self.text_pl if lang == "pl" else self.text_en


def _hint(move: Move | None, kind: HintKind, proven: bool, key: str) -> Hint:
    pl, en = _TEXTS[key]
    name = str(move) if move is not None else ""
    return Hint(move, kind, proven, pl.format(move=name), en.format(move=name))


def hint(game: Game, *, seconds: float = HINT_SECONDS) -> Hint:
    """The next move of a winning line if one is found within ``seconds``, else the best guess.

    >>> from crescent_widget import Game
    >>> Game.from_number(1).status
    'playing'
    """
    status = game.status
    if status == "won":
        return _hint(None, "none", True, "won")
    if status == "blocked":
        return _hint(None, "undo" if game.can_undo else "none", True, "blocked")
    result, search = run(game, seconds=seconds)
    if result.status == "won":
        first = result.moves[0]
        if first.is_reshuffle:
            return _hint(first, "reshuffle", True, "winning_reshuffle")
        return _hint(first, "winning", True, "winning")
    if result.status == "lost":
        if game.can_undo:
            return _hint(None, "undo", True, "undo")
        return _hint(None, "none", True, "lost_no_undo")
    internal = search.best_line[0] if search.best_line else _best_child_move(game)
    if internal is None:
        return _hint(RESHUFFLE, "reshuffle", False, "heuristic_reshuffle")
    first = engine_moves(game, internal)[0]
    if first.is_reshuffle:
        return _hint(first, "reshuffle", False, "heuristic_reshuffle")
    return _hint(first, "heuristic", False, "heuristic")


def _best_child_move(game: Game) -> tuple[int, int] | None:
    """The move to the best-scoring successor (the dives found nothing better than here)."""
    best = max(children(from_game(game)), key=lambda pair: score(pair[1]), default=None)
    return None if best is None else best[0]


def winnability(game: Game, *, seconds: float = 1.0) -> Winnability:
    """Whether the position can still be won: ``"winnable"`` and ``"lost"`` are proofs.

    >>> from crescent_widget import Game
    >>> winnability(Game.from_number(3), seconds=10)
    'winnable'
    """
    status = run(game, seconds=seconds)[0].status
    return "winnable" if status == "won" else status


@dataclass(frozen=True)
class MoveCheck:
    """Whether a move throws away a win, for a teaching mode.

    Attributes:
        verdict: ``"keeps_win"`` (a win still exists after it), ``"loses_win"`` (the
            position was winnable and the move makes it lost: warn), ``"already_lost"``
            (no win existed before it) or ``"unknown"`` (not settled within the budget).
        text_pl: the explanation in Polish.
        text_en: the explanation in English.
    """

    verdict: MoveVerdict
    text_pl: str
    text_en: str

    @property
    def warn(self) -> bool:
        """Whether a teaching mode should warn before the move is played."""
        return self.verdict == "loses_win"


_VERDICT_TEXTS: Final[dict[MoveVerdict, tuple[str, str]]] = {
    "keeps_win": ("Po tym ruchu nadal można wygrać.", "The game can still be won after this move."),
    "loses_win": (
        "Uwaga: po tym ruchu gry nie da się już wygrać.",
        "Careful: after this move the game can no longer be won.",
    ),
    "already_lost": ("Tej pozycji i tak nie da się wygrać.", "This position cannot be won anyway."),
    "unknown": ("Nie wiadomo, czy ten ruch szkodzi.", "Not known whether this move does harm."),
}


def check_move(game: Game, move: Move | str, *, seconds: float = 1.0) -> MoveCheck:
    """Whether playing ``move`` (legal, ``"R"`` included) turns a winnable game into a lost one.

    Raises:
        IllegalMoveError: the move is not legal here.
        InvalidMoveError: the move is malformed.
    """
    after = game.copy()
    after.move(move)
    verdict: MoveVerdict
    after_status = run(after, seconds=seconds / 2)[0].status
    if after_status == "won":
        verdict = "keeps_win"
    elif after_status == "unknown":
        verdict = "unknown"
    else:
        before_status = run(game, seconds=seconds / 2)[0].status
        verdict = "loses_win" if before_status == "won" else "already_lost" if before_status == "lost" else "unknown"
    pl, en = _VERDICT_TEXTS[verdict]
    return MoveCheck(verdict, pl, en)
