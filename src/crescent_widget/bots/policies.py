"""Ready-made policies for bots: a policy is any callable ``policy(game) -> action``.

The action is what ``Game.move`` takes (a Move, ``"13-F"``, ``"R"``), or ``None`` to stop
playing. A policy reads the game and must not play on it: the runner plays the action.
Every policy here is a plain picklable object, so :func:`~crescent_widget.bots.play_many`
can send it to worker processes or a Dask cluster.

>>> from crescent_widget import Game
>>> game = Game.from_number(1)
>>> greedy(game), RandomPolicy(seed=1)(game) in game.legal_actions()
(Move.parse('3-F7'), True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from ..engine.moves import RESHUFFLE, Move
from ..errors import InvalidOptionError

if TYPE_CHECKING:
    from ..engine.game import Game

Action = Move | str | None
Policy = Callable[["Game"], Action]
HINT_SECONDS: Final = 0.05


def greedy(game: Game) -> Move | None:
    """Send a pile card to a foundation when one can go; else reshuffle while one is left; else stop.

    The first such move in :meth:`Game.legal_moves` order. A baseline: it never moves a
    card between piles.
    """
    for move in game.legal_moves():
        if move.dst.is_foundation and move.src.is_pile:
            return move
    return RESHUFFLE if game.reshuffles_left else None


@dataclass
class RandomPolicy:
    """Any legal action, the reshuffle included, chosen uniformly at random.

    Reproducible: the choices of each deal follow from ``seed`` and the deal's code alone
    (the generator is seeded again at every game's first action), so a batch gives the
    same games in one process or many.
    """

    seed: int = 0
    _rng: random.Random = field(default_factory=random.Random, init=False, repr=False, compare=False)

    def __call__(self, game: Game) -> Move | None:
        if not game.started:  # a new game: its own stream of choices
            self._rng.seed(f"{self.seed}:{game.code}")
        actions = game.legal_actions()
        return self._rng.choice(actions) if actions else None


@dataclass
class HintPolicy:
    """The solver's advice (:func:`crescent_widget.solver.hint`), each search within its budget:
    ``seconds``, ``nodes`` positions (the same games on any machine) or both; with neither,
    :data:`HINT_SECONDS` (read as every budget is, :func:`~crescent_widget.solver.search.checks.check_budget`).

    Once a search finds a winning line the policy plays it out without searching again;
    a proven loss stops the game. In the face-down deal it plays the fair hint (the
    search may not look at hidden cards).

    Raises:
        InvalidBudgetError, ArgumentTypeError: a budget that is no budget.
        InvalidOptionError: a budget of zero (no search could find a move).
    """

    seconds: float | None = None
    nodes: int | None = None
    _plan: list[Move] = field(default_factory=list, init=False, repr=False, compare=False)
    _expect: tuple[int, int] = field(default=(0, -1), init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        from ..solver.search.checks import check_budget

        self.seconds, self.nodes = check_budget(self.seconds, self.nodes, default=HINT_SECONDS)
        if self.seconds == 0 or self.nodes == 0:
            raise InvalidOptionError("a hint's budget must be more than nothing: 0 seconds or 0 nodes find no move")

    def __call__(self, game: Game) -> Move | None:
        from ..solver import hint, solve

        # The plan holds while the game is the one it was made for, one action further on.
        if self._plan and self._expect == (id(game), game.revision):
            move: Move | None = self._plan.pop(0)
        else:
            advice = hint(game, seconds=self.seconds, nodes=self.nodes)
            move, self._plan = advice.move, []
            if advice.proven and advice.kind in ("winning", "reshuffle"):
                # A win was found: search once more for its whole line, and play it out.
                result = solve(game, seconds=self.seconds, nodes=self.nodes)
                if result.status == "won":
                    move, *self._plan = result.line
        self._expect = (id(game), game.revision + 1)
        return move
