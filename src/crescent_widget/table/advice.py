"""A table's advice: hints, "Still winnable?" and the review's search, at once or in the background.

:class:`Advice` asks the solver for the board's buttons and shows the answer on the
table. Each button has two ways: the plain call searches on the calling thread
(``Table.hint``), the board's (``Table.start_hint``) hands the search to
:class:`~.background.Searches` when the table's searches run in the background, and is the
plain call otherwise. :class:`~crescent_widget.table.Table` documents each one and hands
it to the one Advice it owns.
"""

from __future__ import annotations

import contextlib
import copy
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NoReturn

from ..checks import check_flag
from ..errors import CrescentError
from ..words.announcements import join
from ..words.i18n import NO_WORDS, Lang, Words, label
from .background import Searches, SearchKind, Steps
from .plan import HintPlan
from .replay_control import ReplayControl
from .review import REVIEW_SECONDS, known_lines
from .serial import Serial
from .state import TableState

if TYPE_CHECKING:
    from ..engine.moves import Move
    from ..solver import Hint, Winnability


class Advice:
    """The solver's answers for one table, and the one search it runs in the background.

    Args:
        state: the table's state (the position asked about, where the answer is shown).
        serial: the table's lock: a background search's result is applied holding it.
        replays: the table's replay (advice is refused during one; a review opens one).
        show: publish the table's view.
        refuse: show a refusal and raise it.
        report: a background search made progress; called with what it is doing, in the
            table's language, on the searching thread.
    """

    def __init__(
        self,
        state: TableState,
        *,
        serial: Serial,
        replays: ReplayControl,
        show: Callable[[], None],
        refuse: Callable[[CrescentError], NoReturn],
        report: Callable[[str], None],
    ) -> None:
        self._state = state
        self._replays = replays
        self._show = show
        self._refuse = refuse
        self._report = report
        self._background = False
        self._searches = Searches(
            serial=serial, stamp=self._stamp, show=show, refuse=self._show_refusal, report=self._progress
        )

    @property
    def background(self) -> bool:
        """``Table.background``."""
        return self._background

    @background.setter
    def background(self, value: bool) -> None:
        self._background = check_flag(value, "background")

    @property
    def searching(self) -> str:
        """``Table.searching``."""
        return self._searches.running or ""

    def text(self, lang: Lang) -> str:
        """What the board says while a background search runs ("" when none does)."""
        return self._searches.text(lang)

    def check(self) -> None:
        """End a background search about a position that no longer stands."""
        self._searches.check()

    # ------------------------------------------------------------------ the buttons

    def hint(self, seconds: float | None, nodes: int | None) -> Hint:
        """``Table.hint``."""
        self._replays.refuse_if_active()
        state = self._state
        found = state.plan.hint(state.game, seconds, nodes)
        self._show_hint(found, state.plan)
        return found

    def start_hint(self) -> None:
        """``Table.start_hint``: following a line needs no search."""
        from ..solver.advice import HINT_SECONDS

        state = self._state
        if self._foreground(lambda: self.hint(None, None), needs_search=lambda: not state.plan.following(state.game)):
            return
        plan, game = copy.deepcopy(state.plan), state.game.copy()
        self.start("hint", plan.hint_steps(game, HINT_SECONDS), lambda found: self._show_hint(found, plan))

    def still_winnable(self, seconds: float | None, nodes: int | None) -> Winnability:
        """``Table.still_winnable``."""
        from ..solver.advice import winnability_line_steps
        from ..solver.search.watch import finish_steps

        self._replays.refuse_if_active()
        game = self._state.game
        found = finish_steps(winnability_line_steps(game, seconds=seconds, nodes=nodes))
        self._show_winnability(found, game.position_key)
        return found[0]

    def start_winnable(self) -> None:
        """``Table.start_winnable``."""
        from ..solver.advice import WINNABLE_SECONDS, winnability_line_steps

        if not self._foreground(lambda: self.still_winnable(1.0, None)):
            game = self._state.game.copy()
            steps = winnability_line_steps(game, seconds=WINNABLE_SECONDS)
            key = game.position_key
            self.start("winnable", steps, lambda found: self._show_winnability(found, key))

    def start_review(self) -> None:
        """``Table.start_review``: the replay opens when the review ends."""
        from ..solver.analysis.review import review_steps

        replays = self._replays
        if not self._foreground(lambda: replays.review(REVIEW_SECONDS, None)):
            game, known = self._state.game.copy(), known_lines(self._state)
            self.start("review", review_steps(game, seconds=REVIEW_SECONDS, known_lines=known), replays.show_review)

    def _foreground(self, plain: Callable[[], object], *, needs_search: Callable[[], bool] = lambda: True) -> bool:
        """A board's button, refused in a replay: whether ``plain`` answered it at once (searches
        do not run in the background, or the answer ``needs_search`` not, e.g. a hint's line)."""
        self._replays.refuse_if_active()
        if self._background and needs_search():
            return False
        plain()
        return True

    # ------------------------------------------------------------ background searches

    def start(self, kind: SearchKind, steps: Steps, apply: Callable[[Any], None]) -> None:
        """Run ``steps`` in the background; ``apply`` its result if the position still stands."""
        self._state.keep_line("search")  # an earlier answer must not read as this search's
        self._searches.start(kind, steps, apply)
        self._show()

    def cancel(self) -> bool:
        """``Table.cancel_search``."""
        if not self._searches.cancel():
            return False
        state = self._state
        stopped = Words.of(lambda lang: label("search_cancelled", lang))
        state.note = stopped  # said on the board's line too, not only to a screen reader
        state.keep_line("note")
        state.announce(stopped)
        self._show()
        return True

    def wait(self, timeout: float | None) -> bool:
        """``Table.wait_search``."""
        return self._searches.wait(timeout)

    def close(self) -> None:
        """``Table.close`` (holding the lock): cancel the search, and run no more in the background."""
        self._searches.cancel()
        self._background = False

    def join(self, timeout: float | None) -> bool:
        """``Table.close`` (not holding the lock): wait for cancelled searches' threads to end."""
        return self._searches.join(timeout)

    def _stamp(self) -> object:
        """The position a search is about: the same game object, in the same position, not replaying."""
        game = self._state.game
        return id(game), game.position_key, not self._replays.active

    def _progress(self) -> None:
        self._report(self._searches.text(self._state.lang))

    def _show_refusal(self, err: CrescentError) -> None:
        with contextlib.suppress(CrescentError):  # shown: nobody waits for a background search's refusal
            self._refuse(err)

    # ------------------------------------------------------------------ the answers

    def _show_hint(self, found: Hint, plan: HintPlan) -> None:
        state = self._state
        state.plan = plan
        state.hint = found
        state.note = found.explanation
        state.keep_line("note")
        self._show()

    def _show_winnability(self, found: tuple[Winnability, tuple[Move, ...]], key: object) -> None:
        """Show the verdict, and keep its winning line (from the position with ``key``) for the review."""
        from ..solver.api import hides_cards

        verdict, line = found
        state = self._state
        if line:
            state.won_lines[key] = line
        shown = "hidden" if verdict == "unknown" and hides_cards(state.game) else verdict
        state.winnability = shown
        state.keep_line("winnability")
        why = self._why_lost(verdict)
        if why:
            state.note = why  # the board's winnability line says it after the verdict
        state.announce(join(Words.of(lambda lang: label(f"winnable_{shown}", lang)), why))
        self._show()

    def _why_lost(self, verdict: Winnability) -> Words:
        """Why the game is lost, when "Still winnable?" found it lost (the same words as the hint's)."""
        from ..solver.analysis.why import why_lost
        from ..solver.api import hides_cards

        game = self._state.game
        return why_lost(game) if verdict == "lost" and not hides_cards(game) else NO_WORDS
