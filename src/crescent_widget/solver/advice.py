"""Advice for a player: a hint, "is this still winnable?", and "does this move lose?".

>>> from crescent_widget import Game
>>> hint(Game.from_number(3), seconds=10).kind
'winning'
"""

from __future__ import annotations

import time
from collections.abc import Collection, Generator, Hashable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Final, Literal

from ..checks import refuse_type
from ..engine.moves import FIRST_FOUNDATION, RESHUFFLE, Move
from ..words.announcements import join
from ..words.i18n import ADVICE, DEFAULT_LANG, MOVE_VERDICTS, Lang, Words
from ..words.narration import describe
from .analysis.why import why_lost
from .api import hides_cards, run, run_steps
from .search.checks import check_budget, check_game
from .search.expand import expand
from .search.heuristic import score
from .search.lines import engine_moves
from .search.state import from_game
from .search.watch import finish_steps, in_browser

if TYPE_CHECKING:
    from ..engine.game import Game

HintKind = Literal["winning", "heuristic", "reshuffle", "undo", "none"]
Winnability = Literal["winnable", "lost", "unknown"]
MoveVerdict = Literal["keeps_win", "loses_win", "already_lost", "unknown"]
# A hint's search, when no plan is held (a plan's next hint needs none). In the browser
# Python runs about 3 times slower (JupyterLite), so the search gets 3 times the seconds
# for the same work: 0.45 s, once per plan (benchmarks/bench_hints.py measures both).
HINT_SECONDS: Final = 0.45 if in_browser() else 0.15
# The board's "Still winnable?" runs in the background (with its progress and Stop, and any
# move cancels it) and ends as soon as its answer is a proof, so a long budget costs the
# player little. On players' mid-game positions (benchmarks/bench_winnable_budget.py) the
# share of proofs grows from 89 % at 1 s to 94 % at 10 s with the compiled core, and from
# 58-72 % to 77-82 % in pure Python (two runs on a shared machine), the browser's search,
# which is about 3 times slower still there.
WINNABLE_SECONDS: Final = 10.0
WINNABILITY_SECONDS: Final = 1.0  # winnability's budget when none is given
MOVE_CHECK_SECONDS: Final = 1.0  # move_check's budget when none is given
AFTER_PERCENT: Final = 70  # of move_check's budget, for the position after the move


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
        line: for a proven win, the whole winning line from the position (``move`` first),
            so that the next hints can follow it without searching again; else empty.
    """

    move: Move | None
    kind: HintKind
    proven: bool
    explanation: Words
    line: tuple[Move, ...] = ()

    def text(self, lang: str = DEFAULT_LANG) -> str:
        """The explanation in ``lang`` (``"pl"`` or ``"en"``)."""
        return self.explanation.text(lang)


def _hint(
    game: Game, move: Move | None, kind: HintKind, proven: bool, key: str, *, line: tuple[Move, ...] = ()
) -> Hint:
    def words(lang: Lang) -> str:
        if move is None or move.is_reshuffle:
            return ADVICE[key][lang].format(move="")
        return ADVICE[key][lang].format(move=f"{describe(game, move, lang)} ({move})")

    return Hint(move, kind, proven, Words.of(words), line)


def line_hint(game: Game, line: tuple[Move, ...]) -> Hint:
    """The hint for the first move of ``line``, a line already proven to win from ``game``; no search.

    >>> from crescent_widget import Game
    >>> g = Game.from_number(3)
    >>> found = hint(g, seconds=10)
    >>> line_hint(g, found.line) == found
    True
    """
    first = line[0]
    if first.is_reshuffle:
        return _hint(game, first, "reshuffle", True, "winning_reshuffle", line=line)
    return _hint(game, first, "winning", True, "winning", line=line)


def hint(
    game: Game, *, seconds: float | None = None, avoid: Collection[Hashable] = (), nodes: int | None = None
) -> Hint:
    """The next move of a winning line if one is found within the budget, else the best guess.

    The budget is ``seconds``, ``nodes`` positions (a budget that does not depend on the
    machine's load, for benchmarks and tests), or both (whichever runs out first); with
    neither, :data:`HINT_SECONDS`.

    ``avoid`` holds positions (:attr:`Game.position_key` values), e.g. the player's recent
    path: the hint never proposes a move that brings one of them back, so that hints cannot
    send a player round in a loop. If the line found starts with such a move, the other
    moves are searched in turn (within about ``seconds`` more).

    >>> from crescent_widget import Game
    >>> g = Game.from_number(3)
    >>> found = hint(g, nodes=300_000)  # the positions bound it, not the clock
    >>> found.kind, found.move == found.line[0], g.move_count   # a proven line's first move; g is untouched
    ('winning', True, 0)
    >>> after = g.copy()
    >>> _ = after.move(found.move)
    >>> hint(g, nodes=300_000, avoid={after.position_key}).move != found.move
    True
    """
    return finish_steps(hint_steps(game, seconds=seconds, avoid=avoid, nodes=nodes))


def hint_steps(
    game: Game, *, seconds: float | None = None, avoid: Collection[Hashable] = (), nodes: int | None = None
) -> Generator[None, None, Hint]:
    """:func:`hint` in steps (see :func:`~.api.run_steps`), for a caller without threads."""
    check_game(game)
    seconds, nodes = check_budget(seconds, nodes, default=HINT_SECONDS)
    if not isinstance(avoid, Collection) or isinstance(avoid, (str, bytes)):
        refuse_type("invalid_option", "avoid", "a collection of Game.position_key values", avoid)
    status = game.status
    if status == "won":
        return _hint(game, None, "none", True, "won")
    if status == "blocked":
        blocked = _hint(game, None, "undo" if game.can_undo() else "none", True, "blocked")
        if hides_cards(game):
            return blocked
        return replace(blocked, explanation=join(blocked.explanation, why_lost(game)))
    if hides_cards(game):
        return _fair_hint(game, avoid)
    result, search = yield from run_steps(game, seconds=seconds, nodes=nodes)
    if result.status == "won":
        line = result.line
        if _returns(game, line[0], avoid):
            line = _line_avoiding(game, avoid, seconds, nodes)
        if line:
            return line_hint(game, line)
    if result.status == "lost":
        lost = (
            _hint(game, None, "undo", True, "undo")
            if game.can_undo()
            else _hint(game, None, "none", True, "lost_no_undo")
        )
        return replace(lost, explanation=join(lost.explanation, why_lost(game)))
    internal = search.best_line[0] if search.best_line else _best_child_move(game)
    first = RESHUFFLE if internal is None else engine_moves(game, internal)[0]
    if _returns(game, first, avoid):
        ranked = _fresh_moves(game, avoid)
        if not ranked:
            return _hint(game, None, "undo" if game.can_undo() else "none", False, "only_back")
        first = ranked[0]
    if first.is_reshuffle:
        return _hint(game, first, "reshuffle", False, "heuristic_reshuffle")
    return _hint(game, first, "heuristic", False, "heuristic")


def _after(game: Game, move: Move) -> Game:
    after = game.copy()
    after.move(move)
    return after


def _returns(game: Game, move: Move, avoid: Collection[Hashable]) -> bool:
    """Whether ``move`` brings back a position of ``avoid``."""
    return bool(avoid) and _after(game, move).position_key in avoid


def _fresh_moves(game: Game, avoid: Collection[Hashable]) -> list[Move]:
    """The legal moves (a useful reshuffle last) that bring back no position of ``avoid``, best first."""
    moves = [move for move in game.legal_moves() if not _returns(game, move, avoid)]
    moves.sort(key=lambda move: score(from_game(_after(game, move))), reverse=True)
    if game.can_move(RESHUFFLE) and any(game.pile_size(n) > 1 for n in range(1, 17)):
        moves.append(RESHUFFLE)
    return moves


def _line_avoiding(
    game: Game, avoid: Collection[Hashable], seconds: float | None, nodes: int | None
) -> tuple[Move, ...]:
    """A winning line whose first move brings back no position of ``avoid``, or ``()``.

    Each such move is searched from the position after it, the most promising first;
    each gets a share of what is left of the budget (checked), the first ones the most.
    """
    deadline = time.perf_counter() + seconds if seconds is not None else None
    nodes_left = nodes
    moves = _fresh_moves(game, avoid)
    for index, move in enumerate(moves):
        left = None if deadline is None else deadline - time.perf_counter()
        if (left is not None and left <= 0) or nodes_left == 0:
            break
        share = min(3, len(moves) - index)
        budget = None if nodes_left is None else max(1, nodes_left // share)
        result = run(_after(game, move), seconds=None if left is None else left / share, nodes=budget)[0]
        if nodes_left is not None:
            nodes_left = max(0, nodes_left - result.nodes)
        if result.status == "won":
            return (move, *result.line)
    return ()


def _fair_hint(game: Game, avoid: Collection[Hashable] = ()) -> Hint:
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

    moves = [move for move in game.legal_moves() if not _returns(game, move, avoid)]
    if moves:
        return _hint(game, max(moves, key=promise), "heuristic", False, "fair")
    if game.can_move(RESHUFFLE):
        return _hint(game, RESHUFFLE, "reshuffle", False, "fair_reshuffle")
    return _hint(game, None, "undo" if game.can_undo() else "none", False, "only_back")


def _best_child_move(game: Game) -> tuple[int, int] | None:
    """The move to the best-scoring successor (the dives found nothing better than here)."""
    best = max(expand(from_game(game), ()), key=lambda child: child[2], default=None)
    return None if best is None else best[0]


def winnability(game: Game, *, seconds: float | None = None, nodes: int | None = None) -> Winnability:
    """Whether the position can still be won: ``"winnable"`` and ``"lost"`` are proofs.

    The budget is ``seconds``, ``nodes`` positions, or both; with neither,
    :data:`WINNABILITY_SECONDS`.

    >>> from crescent_widget import Game
    >>> winnability(Game.from_number(3), nodes=300_000)
    'winnable'
    """
    return finish_steps(winnability_steps(game, seconds=seconds, nodes=nodes))


def winnability_steps(
    game: Game, *, seconds: float | None = None, nodes: int | None = None
) -> Generator[None, None, Winnability]:
    """:func:`winnability` in steps (see :func:`~.api.run_steps`), for a caller without threads."""
    verdict, _line = yield from winnability_line_steps(game, seconds=seconds, nodes=nodes)
    return verdict


def winnability_line_steps(
    game: Game, *, seconds: float | None = None, nodes: int | None = None
) -> Generator[None, None, tuple[Winnability, tuple[Move, ...]]]:
    """:func:`winnability_steps` with the winning line that proves ``"winnable"`` (else ``()``)."""
    check_game(game)
    seconds, nodes = check_budget(seconds, nodes, default=WINNABILITY_SECONDS)
    if hides_cards(game):
        return ("lost" if game.status == "blocked" else "unknown"), ()
    result, _search = yield from run_steps(game, seconds=seconds, nodes=nodes)
    if result.status == "won":
        return "winnable", result.line
    return result.status, ()


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


def move_check(game: Game, move: Move | str, *, seconds: float | None = None, nodes: int | None = None) -> MoveCheck:
    """Whether playing ``move`` (legal, ``"R"`` included) turns a winnable game into a lost one.

    The budget is ``seconds``, ``nodes`` positions, or both; with neither,
    :data:`MOVE_CHECK_SECONDS`.

    Raises:
        IllegalMoveError: the move is not legal here.
        InvalidMoveError: the move is malformed.
        ArgumentTypeError: ``game`` is not a Game, or ``seconds`` not a number.
        InvalidBudgetError: ``seconds`` is negative, NaN or infinite.
    """
    return finish_steps(move_check_steps(game, move, seconds=seconds, nodes=nodes))


def move_check_steps(
    game: Game, move: Move | str, *, seconds: float | None = None, nodes: int | None = None
) -> Generator[None, None, MoveCheck]:
    """:func:`move_check` in steps (see :func:`~.api.run_steps`), for a caller without threads."""
    check_game(game)
    seconds, nodes = check_budget(seconds, nodes, default=MOVE_CHECK_SECONDS)
    after = game.copy()
    after.move(move)
    if hides_cards(game):
        return _move_check("unknown", "hidden")
    verdict: MoveVerdict
    # The loss after the move is the hard proof; the win before it is usually found fast,
    # so the position after gets most of the budget, and the one before what is left.
    after_result, _search = yield from run_steps(
        after,
        seconds=None if seconds is None else seconds * AFTER_PERCENT / 100,
        nodes=None if nodes is None else nodes * AFTER_PERCENT // 100,  # ints of any size
    )
    if after_result.status == "won":
        verdict = "keeps_win"
    elif after_result.status == "unknown":
        verdict = "unknown"
    else:
        before, _search = yield from run_steps(
            game,
            seconds=None
            if seconds is None
            else max(seconds - after_result.seconds, seconds * (100 - AFTER_PERCENT) / 100),
            nodes=None if nodes is None else max(nodes - after_result.nodes, nodes * (100 - AFTER_PERCENT) // 100),
        )
        before_status = before.status
        verdict = "loses_win" if before_status == "won" else "already_lost" if before_status == "lost" else "unknown"
        if verdict == "loses_win":
            found = _move_check(verdict)
            return replace(found, explanation=join(found.explanation, why_lost(after)))
    return _move_check(verdict)


def _move_check(verdict: MoveVerdict, key: str | None = None) -> MoveCheck:
    texts = MOVE_VERDICTS[key or verdict]
    return MoveCheck(verdict, Words.of(lambda lang: texts[lang]))
