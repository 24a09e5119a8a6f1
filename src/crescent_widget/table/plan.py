"""Hints with a plan: once a hint has found a winning line, the next hints follow it.

A fresh search for every hint may find a different winning line each time, and a player
who follows such hints can be sent back and forth between two positions for ever (each
line wins, but no line is ever followed). :class:`HintPlan` keeps the line the last hint
found, keyed by position (:attr:`Game.position_key`): while the player's position is on
the line, the hint is its next move with no search at all. Only a position off the line
searches again; that search never proposes a move that brings back a position of the
player's recent path, and a new line is followed only up to the first such position.

>>> from crescent_widget import Game
>>> plan = HintPlan()
>>> game = Game.from_number(3)
>>> plan.visit(game)
>>> first = plan.hint(game, seconds=10.0)
>>> plan.following(game), first.kind
(True, 'winning')
>>> _ = game.move(first.move); plan.visit(game)
>>> plan.hint(game).move == first.line[1]   # no search: the next move of the same line
True
"""

from __future__ import annotations

from collections import deque
from collections.abc import Generator
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.moves import Move
    from ..solver import Hint

# How many of the player's latest positions a hint never leads back to (the undo history
# holds 100 moves; a loop of hints is two or three positions long).
RECENT_POSITIONS: Final = 200


class HintPlan:
    """The winning line the hints follow, and the player's recent path; see the module docs."""

    def __init__(self) -> None:
        self._line: tuple[Move, ...] = ()
        self._steps: dict[object, int] = {}  # position key -> index of its move in _line
        self._recent: deque[object] = deque(maxlen=RECENT_POSITIONS)

    def reset(self) -> None:
        """Forget the line and the path (a new game)."""
        self._line, self._steps = (), {}
        self._recent.clear()

    def visit(self, game: Game) -> None:
        """Note that the player's path reached ``game``'s position."""
        self._recent.append(game.position_key)

    def following(self, game: Game) -> bool:
        """Whether ``game``'s position is on the line (its next hint needs no search)."""
        return game.position_key in self._steps

    def line_from(self, key: object) -> tuple[Move, ...]:
        """The rest of the line from the position with ``key`` (:attr:`Game.position_key`), or ``()``
        when the line does not pass there."""
        step = self._steps.get(key)
        return () if step is None else self._line[step:]

    def hint(self, game: Game, seconds: float | None = None, nodes: int | None = None) -> Hint:
        """The hint for ``game`` (see :meth:`hint_steps`)."""
        from ..solver.search.watch import finish_steps

        return finish_steps(self.hint_steps(game, seconds, nodes))

    def hint_steps(
        self, game: Game, seconds: float | None = None, nodes: int | None = None
    ) -> Generator[None, None, Hint]:
        """The hint for ``game``: the line's next move when on it, else a new search (``seconds``, ``nodes``).

        The search avoids the recent path, and its winning line becomes the plan.

        Raises:
            InvalidBudgetError: ``seconds`` is negative, NaN or infinite.
        """
        from ..solver.advice import hint_steps, line_hint

        step = self._steps.get(game.position_key)
        if step is not None and game.status == "playing":
            return line_hint(game, self._line[step:])
        found = yield from hint_steps(game, seconds=seconds, avoid=set(self._recent), nodes=nodes)
        if found.line:
            self.follow(game, found.line)
        return found

    def follow(self, game: Game, line: tuple[Move, ...]) -> None:
        """Follow ``line`` from ``game`` up to the first move that would bring back a recent position."""
        recent = set(self._recent)
        position = game.copy()
        steps: dict[object, int] = {}
        for index, move in enumerate(line):
            key = position.position_key
            position.move(move)
            if position.position_key in recent:
                break
            steps[key] = index
        self._line, self._steps = line, steps
