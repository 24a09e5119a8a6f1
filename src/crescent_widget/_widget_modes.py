"""The widget's advice and replay: hints, "still winnable?", the teaching mode's warning, notes, replay.

A mixin of :class:`~crescent_widget.widget.CrescentWidget`; it holds no traits of its
own and publishes through the widget's ``_publish``. The solver is imported on first
use, so a widget that never asks for advice never loads it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ._replay import Replay, ReplayInput
from ._widget_text import Texts, both, same
from .errors import CrescentError, IllegalMoveError
from .game import Game
from .i18n import label
from .moves import Move, PlaceLike

if TYPE_CHECKING:
    from .game import MoveArg
    from .solver import Hint, MoveCheck, Winnability


def deal(code: str | None = None, variant: str | None = None, winnable: bool = False) -> Game:
    """The game of ``code``; without one a random deal of ``variant``, proven winnable if asked.

    A deal the solver won in the standard game is winnable in Crescent Four (one more
    reshuffle) and in the face-down deal (the same moves; only what is shown differs).
    """
    if code is not None or not winnable:
        return Game(code, variant=variant)
    from .solver import random_winnable_number

    return Game.from_number(random_winnable_number(), variant or "N")


# Seconds the teaching mode gives the solver before a board move (issue 5: about 0.4 s).
TEACH_CHECK_SECONDS: Final = 0.4


class AdviceAndReplay:
    """Hints, winnability, the teaching mode's confirmation, notes and narrated replay."""

    # Provided by CrescentWidget.
    _game: Game
    _selected: int | None
    _note: Texts
    _hint: Hint | None
    _winnability: str
    _pending: tuple[Move, MoveCheck] | None
    _replay: Replay | None
    _saved: Game | None

    def _publish(self) -> None:
        raise NotImplementedError

    def _refuse(self, err: CrescentError) -> None:
        raise NotImplementedError

    def _announce(self, words: Texts) -> None:
        raise NotImplementedError

    def _coerce(self, src: MoveArg, dst: PlaceLike | None, query: bool = False) -> Move:
        raise NotImplementedError

    def _play_now(self, move: Move) -> Move:
        raise NotImplementedError

    def _no_replay(self) -> None:
        """Refuse a player's action while a replay runs."""
        if self._replay is not None:
            err = IllegalMoveError("replay_active")
            self._refuse(err)
            raise err

    # ------------------------------------------------------------------------ notes

    def _confirm_new_game(self) -> None:
        """Ask for a second New game press before abandoning a game in progress."""
        self._note = both(lambda lang: label("confirm_new_game", lang))
        self._announce(self._note)
        self._publish()

    def show_note(self, text: str) -> None:
        """Show one line of information under the board (``""`` clears it).

        The note is separate from :attr:`message` (which says why an action was refused)
        and is read out politely by screen readers. Hints, the teaching mode's
        explanations and replay narration write it too; the next action clears it.
        """
        if not isinstance(text, str):
            raise TypeError(f"show_note() needs text, got {type(text).__name__}")
        self._note = same(text)
        self._publish()

    # ------------------------------------------------------------------ advice

    def hint(self, seconds: float | None = None) -> Hint:
        """Ask the solver for a move: the board lights it and the note explains it.

        Returns the solver's :class:`~crescent_widget.solver.Hint` (``.move`` is ``None``
        when the advice is to undo or when the game is over). The hint stays lit until
        the position changes.

        Raises:
            IllegalMoveError: ``replay_active``.
        """
        from .solver import hint as solver_hint

        self._no_replay()
        found = solver_hint(self._game) if seconds is None else solver_hint(self._game, seconds=seconds)
        self._hint = found
        self._note = both(found.text)
        self._publish()
        return found

    def check_winnable(self, seconds: float = 1.0) -> Winnability:
        """Can the game still be won? ``"winnable"`` and ``"lost"`` are proofs, else ``"unknown"``.

        The answer shows in the toolbar (trait :attr:`winnability`) until the position changes.
        """
        from .solver import winnability

        self._no_replay()
        verdict = winnability(self._game, seconds=seconds)
        self._winnability = verdict
        self._announce(both(lambda lang: label(f"winnable_{verdict}", lang)))
        self._publish()
        return verdict

    def check_move(self, src: MoveArg, dst: PlaceLike | None = None, seconds: float = TEACH_CHECK_SECONDS) -> MoveCheck:
        """Would this move throw away a win? Asks the solver; plays nothing.

        ``.warn`` is true only when the position is proven winnable and the move makes it
        proven lost (verdict ``"loses_win"``).

        Raises:
            InvalidMoveError, IllegalMoveError: the move is malformed or illegal here.
        """
        from .solver import check_move

        move = self._coerce(src, dst, query=True)
        return check_move(self._game, move, seconds=seconds)

    def _held_for_confirmation(self, move: Move) -> bool:
        """Teaching mode, board move: hold a move that loses a won game, and warn."""
        check = self.check_move(move)
        if not check.warn:
            return False
        self._pending = (move, check)
        self._selected = None
        self._announce(both(lambda lang: check.text_pl if lang == "pl" else check.text_en))
        self._publish()
        return True

    def confirm(self) -> Move:
        """Play the move the teaching mode held back with a warning ("go ahead").

        Raises:
            IllegalMoveError: ``nothing_pending``.
        """
        move, _ = self._take_pending()
        return self._play_now(move)

    def cancel(self) -> None:
        """Drop the move the teaching mode held back ("take it back"); nothing is played.

        Raises:
            IllegalMoveError: ``nothing_pending``.
        """
        self._take_pending()
        self._publish()

    def _take_pending(self) -> tuple[Move, MoveCheck]:
        """Clear and return the move held back for confirmation; refuse when there is none."""
        pending = self._pending
        if pending is None:
            err = IllegalMoveError("nothing_pending")
            self._refuse(err)
            raise err
        self._pending = None
        return pending

    # ------------------------------------------------------------------ replay

    def replay(self, moves: ReplayInput, delay: float = 1.0) -> None:
        """Replay moves on the board, narrated, with step controls under it.

        Args:
            moves: a list of move texts or Moves (``solve(game).line``), played from the
                current position; or a record text (``Game.record()``): it starts with a
                game code, and the replay starts from that deal.
            delay: seconds between steps while playing.

        The board enters replay mode at the start: the front end shows back / play-pause /
        next / exit; from code use :meth:`replay_step`, :meth:`replay_play` and
        :meth:`replay_stop`. Playing the board is refused until the replay ends.

        Raises:
            RecordError: a move is malformed or illegal; the message names its number and
                reason, and nothing changes.
        """
        try:
            session = Replay.prepare(self._game, moves, delay)
        except CrescentError as err:
            self._refuse(err)
            raise
        if self._replay is None:
            self._saved = self._game
        self._replay = session
        self._enter(session)
        self._note = session.narration()
        self._publish()

    def _enter(self, session: Replay) -> None:
        self._game = session.game
        self._selected = None
        self._pending = None
        self._hint = None
        self._winnability = ""

    def _session(self) -> Replay:
        if self._replay is None:
            err = IllegalMoveError("no_replay")
            self._refuse(err)
            raise err
        return self._replay

    def replay_step(self, step: int = 1) -> int:
        """Step the replay forward (``+1``), back (``-1``) or by any count; returns the step now.

        Stepping past either end stays there. Reaching the end stops playing.

        Raises:
            IllegalMoveError: ``no_replay``.
        """
        session = self._session()
        if isinstance(step, bool) or not isinstance(step, int):
            raise TypeError(f"step must be an int, got {step!r}")
        if step == 1:
            words = session.forward()
        elif step == -1:
            words = session.back()
        else:
            session.seek(session.index + step)
            words = session.narration()
        if session.at_end:
            session.playing = False
        self._enter(session)
        self._note = words
        self._publish()
        return session.index

    def replay_play(self, playing: bool | None = None) -> bool:
        """Start (``True``), pause (``False``) or toggle (``None``) playing; returns whether it plays.

        The front end steps the replay every ``delay`` seconds while it plays. Playing
        from the end starts again from the beginning.

        Raises:
            IllegalMoveError: ``no_replay``.
        """
        session = self._session()
        session.playing = (not session.playing) if playing is None else bool(playing)
        if session.playing and session.at_end:
            session.seek(0)
            self._enter(session)
            self._note = session.narration()
        self._publish()
        return session.playing

    def replay_stop(self, keep: bool = False) -> None:
        """Leave replay mode: back to the game as it was (or, with ``keep=True``, play on from here).

        Raises:
            IllegalMoveError: ``no_replay``.
        """
        session = self._session()
        saved, self._replay, self._saved = self._saved, None, None
        self._game = session.game if keep or saved is None else saved
        self._selected = None
        self._note = same("")
        self._publish()
