"""A table's replay and review: :class:`ReplayControl` steps through them and leaves them.

A replay puts another position on the table (the replayed one) and keeps the game it
stepped away from; a review is a replay that opens where the win was thrown away, with
its better move offered. :class:`~crescent_widget.table.Table` documents each action
(``Table.replay``, ``Table.replay_step``, …) and hands it to the one ReplayControl it owns.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, NoReturn

from ..checks import check_flag
from ..engine.game import Game
from ..engine.moves import Move
from ..errors import ArgumentTypeError, CrescentError, IllegalMoveError
from ..words.announcements import announce_action
from ..words.i18n import Words, label
from ..words.narration import describe
from .replay import Replay, ReplayInput, ReplayState
from .review import known_lines, review_state, review_step
from .state import TableState

if TYPE_CHECKING:
    from ..solver.analysis.review import Review


class ReplayControl:
    """The replay on a table, if any: its session, the game it stepped away from, its review.

    Args:
        state: the table's state (the replayed position becomes its game).
        show: publish the table's view.
        refuse: show a refusal and raise it.
        play: play a move on the table as a player's action (``review_try``'s better move).
        arrive: tell the statistics that a game is the table's own again when a replay ends
            (the one it stepped away from, or the replayed one taken over).
    """

    def __init__(
        self,
        state: TableState,
        *,
        show: Callable[[], None],
        refuse: Callable[[CrescentError], NoReturn],
        play: Callable[[Move], Move],
        arrive: Callable[[Game], None],
    ) -> None:
        self._state = state
        self._show = show
        self._refuse = refuse
        self._play = play
        self._arrive = arrive
        self._session: Replay | None = None
        self._saved: Game | None = None  # the game a replay stepped away from
        self._review: Review | None = None  # the review a replay shows, if it is one

    @property
    def active(self) -> bool:
        """Whether a replay is on the table."""
        return self._session is not None

    def state(self) -> ReplayState | None:
        """Where the replay stands (a review's better move offered at its step), or ``None``."""
        return None if self._session is None else review_state(self._session, self._review)

    def refuse_if_active(self) -> None:
        """Refuse (``replay_active``) what a replay forbids: playing, advice."""
        if self._session is not None:
            self._refuse(IllegalMoveError("replay_active"))

    def forget(self) -> None:
        """Drop the replay without a word: another game is being put on the table."""
        self._session = self._saved = self._review = None

    def replay(self, moves: ReplayInput, delay: float) -> None:
        """``Table.replay``."""
        try:
            session = Replay.prepare(self._state.game, moves, delay)
        except CrescentError as err:
            self._refuse(err)
        if self._session is None:
            self._saved = self._state.game
        self._session, self._review = session, None
        self._enter(session, session.narration())

    def step(self, count: int) -> int:
        """``Table.replay_step``."""
        session = self._current()
        if isinstance(count, bool) or not isinstance(count, int):
            raise ArgumentTypeError("invalid_option", f"step must be an int, got {count!r}")
        if count == 1:
            words = session.forward()
        elif count == -1:
            words = session.back()
        else:
            session.seek(session.index + count)
            words = session.narration()
        if session.at_end:
            session.playing = False
        self._enter(session, words)
        return session.index

    def play(self, playing: bool | None) -> bool:
        """``Table.replay_play``."""
        session = self._current()
        session.playing = (not session.playing) if playing is None else check_flag(playing, "playing")
        if session.playing and session.at_end:
            session.seek(0)
            self._enter(session, session.narration())
        else:
            self._show()
        return session.playing

    def stop(self, keep: bool) -> None:
        """``Table.replay_stop``."""
        check_flag(keep, "keep")
        session = self._current()
        reviewing = self._review is not None
        saved, self._session, self._saved, self._review = self._saved, None, None, None
        kept = keep or saved is None
        state = self._state
        if saved is not None and kept and reviewing:
            state.game = saved.rewound(session.index)  # a review's replay is the game's own: its clock goes on
        else:
            state.game = session.game.copy() if saved is None or kept else saved
        self._arrive(state.game)
        state.reset_interaction()
        state.plan.visit(state.game)
        code, moves, key = state.game.code, state.game.move_count, "replay_kept" if kept else "replay_left"
        state.note = Words.of(
            lambda lang: label(key, lang, code=code or label("custom_position", lang), n=moves, step=session.index)
        )
        state.keep_line("note")
        state.announce(state.note)
        self._show()

    def review(self, seconds: float | None, nodes: int | None) -> Review:
        """``Table.review``."""
        from ..solver.analysis.review import review

        self.refuse_if_active()
        try:
            found = review(self._state.game, seconds=seconds, nodes=nodes, known_lines=known_lines(self._state))
        except CrescentError as err:
            self._refuse(err)
        self.show_review(found)
        return found

    def show_review(self, found: Review) -> None:
        """Open the replay of a finished review where it says (:func:`.review.review_step`)."""
        from ..solver.advice import line_hint

        state = self._state
        state.reviewed = (state.game.copy(), found)
        session = Replay(state.game.root(), state.game.actions, 1.0)
        session.seek(review_step(found, len(state.game.actions)))
        self._saved, self._session, self._review = state.game, session, found
        self._enter(session, found.explanation)
        if found.better is not None and session.index == found.better.position:
            state.hint = line_hint(session.game, found.better.line)
        state.announce(found.explanation)
        self._show()

    def try_better(self) -> Move:
        """``Table.review_try``."""
        from ..solver.advice import line_hint
        from ..solver.analysis.review_words import action_name

        session = self._current()
        better = self._review.better if self._review is not None else None
        if better is None:
            self._refuse(IllegalMoveError("nothing_to_try"))
        session.seek(better.position)
        self.stop(keep=True)
        before = self._state.game.copy()
        played = self._play(better.move)
        state, rest = self._state, better.line[1:]
        if rest:
            # Hint goes on along the same winning line rather than searching for another.
            state.plan.follow(state.game, rest)
            state.hint = line_hint(state.game, rest)
        else:
            state.hint = None
        what = announce_action(before, played) if played.is_reshuffle else Words.of(partial(describe, before, played))
        replaced, step = session.actions, better.position + 1  # the action the better move replaces
        state.note = Words.of(
            lambda lang: label("review_tried", lang, move=what.text(lang), at=action_name(replaced, step, lang, "gen"))
        )
        self._show()
        return played

    def _current(self) -> Replay:
        if self._session is None:
            self._refuse(IllegalMoveError("no_replay"))
        return self._session

    def _enter(self, session: Replay, words: Words) -> None:
        state = self._state
        state.game = session.game
        state.reset_interaction()
        state.note = words
        state.keep_line("note")
        self._show()
