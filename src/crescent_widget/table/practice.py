"""Practice at a table: the position just before a mistake, and the task of keeping the win.

After a review that names a mistake (:attr:`Review.mistake
<crescent_widget.solver.analysis.review.Review.mistake>`), :class:`Practice` sets up the
position just before it (the game's own record up to there, its clock going on) and asks the
player for a move that keeps the win. Each try is judged by the solver: it keeps the win (a
winning line found, or the review's own line), it throws the win away (proven), or the
solver cannot tell in time. A try that does not keep the win does not stand (it is never
played, so nothing needs undoing), and the note says why; after :data:`TRIES` such tries the
better move is lit, and playing it keeps the win. A practice may also start from any
position a player was handed (a position text, the browser-only site's
``?position=…&task=keep`` link): the solver first looks for a win there, refuses a position
it proves lost, and otherwise starts at once; where no win is known yet, a try that loses
the position's win is told so only once a win from the position itself is found (as the
teaching mode's check does), and that win is the better move shown after the last try.

:class:`~crescent_widget.table.Table` documents the action (``Table.practice``) and hands
it to the one Practice it owns; a player's move reaches :meth:`Practice.attempt` first.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Literal, NoReturn
from urllib.parse import urlencode

from ..engine.game import Game
from ..engine.moves import Move
from ..errors import ArgumentTypeError, CrescentError, IllegalMoveError
from ..solver.search.watch import finish_steps, in_browser
from ..words.announcements import announce_action, join
from ..words.i18n import NO_WORDS, PRACTICE, Lang, Words
from ..words.narration import describe
from .advice import Advice
from .state import TableState

if TYPE_CHECKING:
    from ..solver.analysis.review import Review
    from ..solver.api import Solving

# Tries that do not keep the win before the better move is shown.
TRIES: Final = 3
# Each try's search of the position after it (the browser's Python is about 3 times slower).
PRACTICE_SECONDS: Final = 1.5 if in_browser() else 3.0
# The browser-only site's link task for a practice position.
TASK: Final = "keep"

Verdict = Literal["keeps", "throws", "unknown", "lost"]


@dataclass(frozen=True)
class PracticeState:
    """A practice as a face shows it.

    Attributes:
        position: the practice position as :meth:`Game.position` text.
        query: the link's query that hands the practice on (``position=…&task=keep``, URL-encoded),
            for the browser-only site's pages.
        tries: the tries so far that did not keep the win.
        most: the tries before the better move is shown.
        better: the better move once it is shown (``"13-14"``), else ``""``.
        done: a try kept the win.
    """

    position: str
    query: str
    tries: int
    most: int
    better: str
    done: bool

    def as_dict(self) -> dict[str, Any]:
        """The state as plain JSON data (the widget's ``practice_state``)."""
        return {
            "position": self.position,
            "query": self.query,
            "tries": self.tries,
            "most": self.most,
            "better": self.better,
            "done": self.done,
        }


def practice_query(position: str) -> str:
    """The query of a link that hands ``position`` (a :meth:`Game.position` text) on as a practice.

    >>> practice_query("a b/c")
    'position=a+b%2Fc&task=keep'
    """
    return urlencode({"position": position, "task": TASK})


@dataclass(frozen=True)
class _Judged:
    """One try's verdict: the winning line after it (kept), or why it lost the win (and the
    winning line from before it, when that was found only now); ``lost``: no move keeps
    the win, the position itself is lost."""

    verdict: Verdict
    line: tuple[Move, ...] = ()
    why: Words = NO_WORDS
    better: tuple[Move, ...] = ()


class Practice:
    """The practice on one table, if any (see the module docs).

    Args:
        state: the table's state (the practice position becomes its game).
        advice: runs a try's search in the background when the table's searches run there.
        load: put a game on the table (``Table.load``).
        play: play a move on the table as a player's action.
        show: publish the table's view.
        refuse: show a refusal and raise it.
    """

    def __init__(
        self,
        state: TableState,
        *,
        advice: Advice,
        load: Callable[[Game], None],
        play: Callable[[Move], Move],
        show: Callable[[], None],
        refuse: Callable[[CrescentError], NoReturn],
    ) -> None:
        self._state = state
        self._advice = advice
        self._load = load
        self._play = play
        self._show = show
        self._refuse = refuse
        self._game: Game | None = None  # the practice's game on the table (the same object)
        self._start: tuple[object, ...] = ()  # its position key at the start
        self._start_text = ""  # and its position text
        self._line: tuple[Move, ...] = ()  # a winning line from there
        self._on_line: dict[tuple[object, ...], tuple[Move, ...]] = {}  # positions of the line, and the rest of it
        self._named: Move | None = None  # the move the review named as the mistake, if any
        self._review: Review | None = None
        self._budget: tuple[float | None, int | None] = (PRACTICE_SECONDS, None)
        # The search for a win from a handed-over position that the first one did not settle:
        # each try that needs it goes on with it.
        self._start_search: Solving | None = None
        self._tries = 0
        self._done = False

    @property
    def active(self) -> bool:
        """Whether the practice is on the table: its game, at its position or won on from it."""
        game = self._game
        return game is not None and game is self._state.game and (self._done or game.position_key == self._start)

    def state(self) -> PracticeState | None:
        """What a face shows of the practice (``TableView.practice``), or None when none is on the table."""
        if not self.active:
            return None
        position = self._start_text
        better = str(self._line[0]) if self._line and self._tries >= TRIES and not self._done else ""
        return PracticeState(position, practice_query(position), self._tries, TRIES, better, self._done)

    def start(self, position: Game | str | None, seconds: float | None, nodes: int | None) -> PracticeState:
        """``Table.practice``."""
        from ..solver.search.checks import check_budget

        seconds, nodes = check_budget(seconds, nodes, default=PRACTICE_SECONDS)
        named: Move | None = None
        review: Review | None = None
        self._start_search = None
        if position is None:
            game, line, named, review = self._from_review()
        else:
            game = self._given(position)
            self._refuse_hidden(game)
            line = self._winning_line(game, seconds, nodes)
        self._named, self._review, self._budget = named, review, (seconds, nodes)
        self._load(game)
        self._begin(game, line)
        state = self.state()
        assert state is not None
        return state

    def attempt(self, move: Move) -> tuple[bool, Move | None]:
        """A player's ``move``: whether it is a try the practice judges (then the practice plays
        it or takes it back, at once or when the try's search ends in the background), and the
        move played at once (it kept the win), if any."""
        if not self.active or self._done:
            return False, None
        state = self._state
        state.selected = None
        game = state.game.copy()
        judging, key = self._judge_steps(game, move), game.position_key
        if self._advice.background:

            def judged(verdict: _Judged) -> None:
                self._after(move, key, verdict)

            self._advice.start("check", judging, judged)
            return True, None
        return True, self._after(move, key, finish_steps(judging))

    # ------------------------------------------------------------------ setting up

    def _from_review(self) -> tuple[Game, tuple[Move, ...], Move, Review]:
        """The game just before the named mistake of the table's last review, the review's better
        line from there, the named move and the review."""
        reviewed = self._state.reviewed
        review = None if reviewed is None else reviewed[1]
        if reviewed is None or review is None or review.mistake is None or review.better is None:
            self._refuse(IllegalMoveError("nothing_to_practise"))
        game = reviewed[0].rewound(review.better.position)
        self._refuse_hidden(game)
        return game, review.better.line, reviewed[0].actions[review.better.position], review

    def _refuse_hidden(self, game: Game) -> None:
        """A face-down deal's position with cards still hidden: the solver would judge the
        tries with cards the player has not seen (a review reads them only once the game is over)."""
        from ..solver.api import hides_cards

        if hides_cards(game):
            self._refuse(IllegalMoveError("practice_hidden"))

    def _given(self, position: Game | str) -> Game:
        """A position handed over: a game (copied), or a position text."""
        if isinstance(position, Game):
            return position.copy()
        if not isinstance(position, str):
            raise ArgumentTypeError(
                "invalid_option", f"practice() needs a Game, a position text or None, not {type(position).__name__}"
            )
        try:
            return Game.from_position(position)
        except CrescentError as err:
            self._refuse(err)

    def _winning_line(self, game: Game, seconds: float | None, nodes: int | None) -> tuple[Move, ...]:
        """A winning line from ``game`` if the solver finds one within the budget (else ``()``:
        the tries go on with the same search), or the refusal when it proves the position lost."""
        from ..solver.api import Solving

        search = Solving(game)
        found = finish_steps(search.steps(seconds=seconds, nodes=nodes))
        if found.status == "lost":
            self._refuse(IllegalMoveError("practice_no_win"))
        self._start_search = None if found.line else search
        return found.line

    def _begin(self, game: Game, line: tuple[Move, ...]) -> None:
        state = self._state
        self._game, self._start, self._line = state.game, game.position_key, line
        self._start_text = game.position()
        self._tries, self._done = 0, False
        self._know_line(game, line)
        state.note = self._task(game)
        state.toned = (NO_WORDS, "")
        state.keep_line("note")
        state.announce(state.note)
        self._show()

    def _know_line(self, game: Game, line: tuple[Move, ...]) -> None:
        """``line`` wins from the practice's position ``game``: the better move, and each
        position it passes through keeps the win (a try reaching one needs no search)."""
        self._line = line
        if line:
            self._start_search = None  # the win it looked for is found
        self._on_line = {}
        walk = game.copy()
        for played, move in enumerate(line, start=1):
            walk.move(move)
            self._on_line.setdefault(walk.position_key, line[played:])
        if line:
            self._state.won_lines[game.position_key] = line  # "Still winnable?" and a review start from it

    def _task(self, game: Game) -> Words:
        named, review = self._named, self._review
        if named is None or review is None or review.mistake is None:
            return Words.of(lambda lang: _text("practice_task", lang, most=TRIES))
        from ..solver.analysis.review_words import action_name

        record, index = (*game.actions, named), review.mistake
        return Words.of(
            lambda lang: _text(
                "practice_task_named", lang, at=action_name(record, index, lang, "gen"), move=str(named), most=TRIES
            )
        )

    # -------------------------------------------------------------------- judging

    def _judge_steps(self, game: Game, move: Move) -> Generator[None, None, _Judged]:
        """The verdict on ``move`` played from ``game``: on the winning line (no search), the
        review's proven mistake, else what a search of the position after it finds."""
        from ..solver.analysis.why import why_lost
        from ..solver.api import run_steps

        after = game.copy()
        after.move(move)
        rest = self._on_line.get(after.position_key)
        if rest is not None:
            return _Judged("keeps", rest)
        review = self._review
        if move == self._named and review is not None and review.mistake_proven:
            return _Judged("throws", why=review.why)
        seconds, nodes = self._budget
        result, _search = yield from run_steps(after, seconds=seconds, nodes=nodes)
        if result.status == "won":
            return _Judged("keeps", result.line)
        if result.status == "unknown":
            return _Judged("unknown")
        if self._line:
            return _Judged("throws", why=why_lost(after))
        # No win from the position is known yet: the move lost the win only if there was one.
        start = self._start_search
        if start is None:
            return _Judged("unknown")
        before = yield from start.steps(seconds=seconds, nodes=None if nodes is None else start.work() + nodes)
        if before.status == "won":
            return _Judged("throws", why=why_lost(after), better=before.line)
        return _Judged("lost" if before.status == "lost" else "unknown")

    def _after(self, move: Move, key: tuple[object, ...], judged: _Judged) -> Move | None:
        """Show a try's verdict: play a move that keeps the win (returned), else take it back (it
        was never played) and, after the last try, light the better move."""
        from ..solver.advice import line_hint

        state = self._state
        if not self.active or self._done or state.game.position_key != key:
            return None  # the table moved on while the try was judged
        before = state.game.copy()
        what = _move_words(before, move)
        if judged.better:
            self._know_line(before, judged.better)
        if judged.verdict == "lost":
            self._done = True  # no move keeps a win the position does not have
            self._say(Words.of(lambda lang: _text("practice_lost", lang)), "")
            return None
        if judged.verdict == "keeps":
            self._done = True
            played = self._play(move)
            rest = judged.line
            if rest:
                state.plan.follow(state.game, rest)  # Hint goes on along the line that keeps the win
                state.hint = line_hint(state.game, rest)
            said = Words.of(lambda lang: _text("practice_keeps", lang, move=what.text(lang), k=len(rest) + 1))
            self._say(said, "right")
            return played
        self._tries += 1
        verdict = self._verdict_words(move, what, judged)
        if self._tries < TRIES:
            left = TRIES - self._tries
            again = Words.of(lambda lang: _text("practice_again", lang, left=left))
        elif not self._line:
            again = Words.of(lambda lang: _text("practice_no_better", lang))
        else:
            line, better = self._line, _move_words(before, self._line[0])
            state.plan.follow(state.game, line)
            state.hint = line_hint(state.game, line)
            again = Words.of(lambda lang: _text("practice_shown", lang, move=better.text(lang), k=len(line)))
        self._say(join(verdict, again), "wrong" if judged.verdict == "throws" else "")
        return None

    def _verdict_words(self, move: Move, what: Words, judged: _Judged) -> Words:
        review = self._review
        if judged.verdict == "throws":
            key = "practice_throws_named" if move == self._named else "practice_throws"
            why = judged.why
            return Words.of(lambda lang: _text(key, lang, move=what.text(lang), why=why.text(lang)))
        if move == self._named and review is not None and review.evidence is not None:
            # The review's own evidence, not "could not tell": its search there found no win either.
            from ..solver.analysis.review_words import seconds_text

            searched, claim = review.evidence.searched, "probable" if review.evidence.strong else "possible"
            return Words.of(
                lambda lang: _text(
                    f"practice_named_{claim}", lang, move=what.text(lang), searched=seconds_text(searched, lang)
                )
            )
        return Words.of(lambda lang: _text("practice_unknown", lang, move=what.text(lang)))

    def _say(self, words: Words, tone: str) -> None:
        state = self._state
        state.note = words
        state.toned = (words, tone)  # a verdict: the board shows its tone
        state.keep_line("note")
        state.announce(words)
        self._show()


def _move_words(game: Game, move: Move) -> Words:
    """A try in words, from the position it is played from."""
    if move.is_reshuffle:
        return announce_action(game, move)
    return Words.of(lambda lang: f"{describe(game, move, lang)} ({move})")


def _text(key: str, lang: Lang, **values: object) -> str:
    return PRACTICE[key][lang].format(**values)
