"""The teaching mode's guard: a player's move that throws away a win waits for a second word.

:class:`Guard` asks the solver about the move (in the background where the table's
searches run there, the move played or held when the check ends), holds a move that
loses a won game with the warning shown, and plays or drops it on ``Table.confirm`` or
``Table.cancel``. The held move is the table state's ``pending``, since every action
that changes the position drops it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final, NoReturn

from ..engine.moves import Move
from ..errors import CrescentError, IllegalMoveError
from .advice import Advice
from .state import TableState

if TYPE_CHECKING:
    from ..solver import MoveCheck

# Seconds the teaching mode gives the solver before a player's move: short enough not to feel like a wait.
TEACH_CHECK_SECONDS: Final = 0.4


class Guard:
    """Holds a player's losing move for confirmation (see the module docs).

    Args:
        state: the table's state (its ``pending`` is the held move).
        advice: runs the check in the background when the table's searches run there.
        check: the check on the calling thread (``Table.move_check``).
        play: play a move on the table.
        show: publish the table's view.
        refuse: show a refusal and raise it.
    """

    def __init__(
        self,
        state: TableState,
        *,
        advice: Advice,
        check: Callable[[Move], MoveCheck],
        play: Callable[[Move], Move],
        show: Callable[[], None],
        refuse: Callable[[CrescentError], NoReturn],
    ) -> None:
        self._state = state
        self._advice = advice
        self._check = check
        self._play = play
        self._show = show
        self._refuse = refuse

    def holds(self, move: Move) -> bool:
        """Whether a player's ``move`` waits instead of being played: held with a warning, or
        (with background searches) waiting for its check off the kernel's thread, to be
        played or held when the check ends, if the position still stands."""
        state = self._state
        if self._advice.background:
            from ..solver.advice import move_check_steps

            state.selected = None
            checking = move_check_steps(state.game.copy(), move, seconds=TEACH_CHECK_SECONDS)
            self._advice.start("check", checking, lambda check: self._after_check(move, check))
            return True
        return self._hold(move, self._check(move))

    def confirm(self) -> Move:
        """``Table.confirm``."""
        move, _ = self._take_pending()
        return self._play(move)

    def cancel(self) -> None:
        """``Table.cancel``."""
        self._take_pending()
        self._show()

    def _after_check(self, move: Move, check: MoveCheck) -> None:
        if not self._hold(move, check):
            self._play(move)

    def _hold(self, move: Move, check: MoveCheck) -> bool:
        if not check.warn:
            return False
        state = self._state
        state.pending = (move, check)
        state.selected = None
        state.keep_line("warning")
        state.announce(check.explanation)
        self._show()
        return True

    def _take_pending(self) -> tuple[Move, MoveCheck]:
        state = self._state
        pending = state.pending
        if pending is None:
            self._refuse(IllegalMoveError("nothing_pending"))
        state.pending = None
        return pending
