"""The game review: where the win was thrown away, why, and what would have kept it.

A game's positions are numbered 0 for the deal and *i* for the position after action *i*
of its record (:attr:`Game.actions`, reshuffles included). Winnability is monotone along
a game: every position before a winnable one was winnable (play the record on to it), and
every position after a lost one is lost. So :func:`review` bisects the record with the
solver, and each answer settles a whole side: a win found from a position also settles
the positions after it while the winning line follows the record.

>>> from crescent_widget import Game
>>> g = Game.from_number(3)
>>> _ = g.move(g.legal_moves()[0])
>>> r = review(g, seconds=5)
>>> r.first_lost, r.turning_point, r.explanation.text("en")
(None, None, 'This game can still be won: it was never lost.')
"""

from __future__ import annotations

import math
import time
from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Final

from ..engine.moves import Move
from ..errors import ArgumentTypeError, CrescentError
from ..words.announcements import announce_action, join
from ..words.i18n import NO_WORDS, REVIEW, Lang, Words
from ..words.narration import describe
from .api import Outcome, SolveResult, Solving, check_budget, hides_cards
from .only_moves import only_move_stretches, only_winning_move
from .watch import finish_steps, stage
from .why import lost_suit, why_lost

if TYPE_CHECKING:
    from ..engine.game import Game

# The bisection's probes get this share of the review's budget each: a position a short
# search leaves unknown is taken as most likely lost while the bisection narrows the
# bracket, and the time left then goes to the position just after the last winnable one.
PROBE_SHARE: Final = 0.04
# A game still being played: its last position gets this share first, before the bisection
# takes a short probe it leaves unknown as lost. A player mostly asks while the game can still
# be won, and a win found there settles every position of the record at once.
END_SHARE: Final = 0.2
# Each later search of that position gets this many times the one before it (added to its
# search so far: a position's search resumes, see :class:`~.api.Solving`).
DEEPEN: Final = 2.0
# After each such search, a fresh search of that position with a seed of its own gets this
# share of the same budget: differently seeded dives find some wins in a second or two that
# the resumed search has not found in several (docs/solver.md, "The game review").
FRESH_SHARE: Final = 1.0
ONLY_MOVE_SHARE: Final = 0.5  # of a won game's review budget, for finding the only moves
# The one-suit bound's budget per position when it walks back from a lost one: at most
# this many relaxed positions (the memory bound the solver uses too) and this share of the
# time left. The first position back may need millions (one took 5 s in C on a loaded
# machine), but a suit settled once is remembered, so the positions before it cost nothing.
BOUND_BACK_NODES: Final = 2_000_000
BOUND_BACK_SHARE: Final = 0.3
# The walk back from the first lost position with searches: each gets this share of the
# frontier's latest budget, and this share of its work goes to the complete search.
BACK_SHARE_OF_FOCUS: Final = 0.25
BACK_PROOF_SHARE: Final = 0.9
# The share of the budget kept for the words at the end (the reason's own small searches).
WORDS_SHARE: Final = 0.05


class NotAGameError(CrescentError, TypeError):
    """:func:`review` was given something other than a :class:`Game` (``reason`` ``not_a_game``)."""

    def __init__(self, detail: str) -> None:
        super().__init__("not_a_game", detail)


class HiddenCardsError(CrescentError):
    """A face-down game still being played: a review would read its hidden cards (``hidden_cards``)."""

    def __init__(self) -> None:
        super().__init__("hidden_cards")


@dataclass(frozen=True)
class Better:
    """A move that keeps the win where the game threw it away, with a winning line.

    Attributes:
        position: the position it is played from (``Review.last_winnable``).
        line: the whole winning line from there, replayed through the engine; ``move`` first.
    """

    position: int
    line: tuple[Move, ...]

    @property
    def move(self) -> Move:
        return self.line[0]


@dataclass(frozen=True)
class Review:
    """What :func:`review` found; positions are numbered as in the module text.

    Attributes:
        positions: the last position's number (the record's length).
        verdicts: ``"won"``, ``"lost"`` or ``"unknown"`` for every position the review solved
            (a won game's, and a blocked end, need no search).
        last_winnable: the last position proven winnable, or None.
        first_lost: the first position proven lost, or None.
        turning_point: the number of the action that threw the win away (``first_lost``)
            when ``first_lost == last_winnable + 1``; else None.
        better: from ``last_winnable``, a move that keeps the win, with its line.
        explanation: what happened and why, in every language.
        why: the part of ``explanation`` that says why ``first_lost`` is lost
            (:func:`~.why.why_lost`), or empty.
        only_moves: for a won game, the longest stretches of actions ``(first, last)`` that
            were each the only move keeping the win (as far as small searches prove).
        seconds: wall time spent.
    """

    positions: int
    verdicts: Mapping[int, Outcome]
    last_winnable: int | None
    first_lost: int | None
    turning_point: int | None
    better: Better | None
    explanation: Words
    only_moves: tuple[tuple[int, int], ...] = ()
    seconds: float = 0.0
    why: Words = NO_WORDS

    def text(self, lang: str = "pl") -> str:
        """The explanation in ``lang`` (``"pl"`` or ``"en"``)."""
        return self.explanation.text(lang)


@dataclass
class _Bisection:
    """The positions of one record and what the solver has said about them so far."""

    start: Game
    actions: tuple[Move, ...]
    deadline: float
    words: float = math.inf  # the seconds after the deadline that the words may take
    verdicts: dict[int, Outcome] = field(default_factory=dict)
    results: dict[int, SolveResult] = field(default_factory=dict)
    lines: dict[int, tuple[Move, ...]] = field(default_factory=dict)
    winnable: int | None = None
    lost: int | None = None
    # Record positions by position key (a position met twice keeps its last number).
    numbers: dict[tuple[object, ...], int] = field(default_factory=dict)
    repaired: set[tuple[int, tuple[Move, ...]]] = field(default_factory=set)  # lines repair() has tried
    bound_tried: set[int] = field(default_factory=set)  # positions the bound could not prove lost
    searched_back: dict[int, float] = field(default_factory=dict)  # the proof walk's budget, by position
    reasons: dict[int, Words] = field(default_factory=dict)  # why(), by first lost position
    # The searches of open positions: probing one again goes on where its last probe stopped.
    searches: dict[int, Solving] = field(default_factory=dict)

    def __post_init__(self) -> None:
        game = self.start.copy()
        self.numbers[game.position_key] = 0
        for number, move in enumerate(self.actions, start=1):
            game.move(move)
            self.numbers[game.position_key] = number

    def position(self, index: int) -> Game:
        game = self.start.copy()
        for move in self.actions[:index]:
            game.move(move)
        return game

    def probe(self, index: int, seconds: float) -> Outcome:
        return finish_steps(self.probe_steps(index, seconds))

    def probe_steps(self, index: int, seconds: float, proof: float | None = None) -> Generator[None, None, Outcome]:
        """:meth:`probe` in the solver's steps (:func:`~.api.run_steps`); ``proof``: the
        complete search's share of the work, when a loss is expected (else the solver's)."""
        stage(index, len(self.actions))  # a board watching the review shows where it is
        solving = self.searches.get(index)
        if solving is None:
            solving = self.searches[index] = Solving(self.position(index))
        if proof is not None:
            solving.share = max(solving.share, proof)
        result = yield from solving.steps(seconds=max(min(seconds, self.left()), 0.01))
        status = result.status
        if status == "unknown" and self.verdicts.get(index) != "unknown":
            self.verdicts[index] = status
        elif status != "unknown":
            self.verdicts[index] = status
            self.results[index] = result
        if status == "won":
            self.settle_won(index, result.line)
        elif status == "lost":
            self.settle_lost(index)
        self._forget_settled()
        return status

    def fresh_steps(self, index: int, seconds: float, seed: int) -> Generator[None, None, Outcome]:
        """A search of ``index`` of its own, seeded with ``seed``, for ``seconds``: a win or a
        proven loss settles the position as :meth:`probe_steps` does; the search is dropped."""
        stage(index, len(self.actions))
        result = yield from Solving(self.position(index), seed=seed).steps(seconds=max(min(seconds, self.left()), 0.01))
        if result.status == "won":
            self.verdicts[index] = "won"
            self.results[index] = result
            self.settle_won(index, result.line)
        elif result.status == "lost":
            self.results[index] = result
            self.settle_lost(index)
        else:
            self.verdicts.setdefault(index, "unknown")
        self._forget_settled()
        return result.status

    def _forget_settled(self) -> None:
        """Drop the searches of positions outside the bracket (their tables hold much memory)."""
        low = -1 if self.winnable is None else self.winnable
        high = len(self.actions) + 1 if self.lost is None else self.lost
        for index in [index for index in self.searches if not low < index < high]:
            del self.searches[index]

    def settle_lost(self, index: int) -> None:
        self.verdicts[index] = "lost"
        if self.lost is None or index < self.lost:
            self.lost = index

    def settle_won(self, index: int, line: tuple[Move, ...]) -> None:
        """``index`` is winnable with ``line``; so is each later record position the line passes
        through, in whatever order of moves it gets there (the same position key)."""
        self._mark_won(index, line)
        game = self.position(index)
        for played, move in enumerate(line, start=1):
            game.move(move)
            number = self.numbers.get(game.position_key)
            if number is not None and number > index and self.verdicts.get(number) != "won":
                self._mark_won(number, line[played:])

    def use_known(self, index: int, line: tuple[Move, ...]) -> bool:
        """Settle ``index`` won with ``line`` if it is a record position and the line, replayed
        through the engine from it, wins there; whether it did."""
        if not 0 <= index <= len(self.actions) or self.verdicts.get(index) == "won":
            return False
        game = self.position(index)
        for move in line:
            if game.check(move) is not None:
                return False
            game.move(move)
        if game.status != "won":
            return False
        self.settle_won(index, line)
        return True

    def _mark_won(self, index: int, line: tuple[Move, ...]) -> None:
        self.verdicts[index] = "won"
        self.lines[index] = line
        if self.winnable is None or index > self.winnable:
            self.winnable = index

    def repair(self) -> bool:
        """Whether the last winnable position's line, with the record's moves since then taken
        out, wins from a later open position (then the farthest such is settled won).

        Moves of the line that the position no longer allows are left out too; whatever
        is left is replayed through the engine, so only a true win counts.
        """
        index = self.winnable
        if index is None or index >= len(self.actions):
            return False
        line = self.lines.get(index, ())
        if (index, line) in self.repaired:
            return False
        self.repaired.add((index, line))
        open_positions = self.open_positions()
        if not open_positions:
            return False
        # One walk up the record (a replay from the deal per position would cost the square
        # of a long record's length); the farthest position the repaired line wins from counts.
        farthest: tuple[int, tuple[Move, ...]] | None = None
        game = self.position(index)
        for later in range(index + 1, open_positions[-1] + 1):  # the open positions follow the last winnable one
            game.move(self.actions[later - 1])
            kept = self._line_without(game.copy(), line, self.actions[index:later])
            if kept is not None:
                farthest = (later, kept)
        if farthest is None:
            return False
        self.settle_won(*farthest)
        return True

    @staticmethod
    def _line_without(game: Game, line: tuple[Move, ...], played: tuple[Move, ...]) -> tuple[Move, ...] | None:
        """``line`` played on ``game`` (changed) without the moves of ``played`` (each once) and
        those it does not allow; the moves kept if they win, else None."""
        skip = list(played)
        kept: list[Move] = []
        for move in line:
            if move in skip:
                skip.remove(move)
                continue
            if game.check(move) is None:
                kept.append(game.move(move))
        return tuple(kept) if game.status == "won" else None

    def frontier(self) -> int | None:
        """The first position after the last winnable one that is proven lost or came back
        unknown (most likely lost), or None when none is."""
        low = -1 if self.winnable is None else self.winnable
        high = len(self.actions) if self.lost is None else self.lost
        for index in range(low + 1, high + 1):
            if self.verdicts.get(index) in ("lost", "unknown"):
                return index
        return None

    def open_positions(self) -> list[int]:
        """The positions between the last winnable and the first lost not yet settled either way."""
        low = -1 if self.winnable is None else self.winnable
        high = len(self.actions) + 1 if self.lost is None else self.lost
        return list(range(low + 1, high))

    def left(self) -> float:
        return self.deadline - time.perf_counter()

    def why(self) -> Words:
        """Why the first lost position is lost (empty when none is); worked out once per
        first lost position (a search-proven one takes small searches of its own)."""
        if self.lost is None:
            return NO_WORDS
        known = self.reasons.get(self.lost)
        if known is None:
            result = self.results.get(self.lost)
            nodes = result.nodes if result and result.proof == "search" else 0
            lost = self.position(self.lost)
            known = self.reasons[self.lost] = why_lost(lost, nodes=nodes, deadline=self.deadline + self.words)
        return known


def review(game: Game, seconds: float = 30.0, *, known_lines: Mapping[int, Sequence[Move]] | None = None) -> Review:
    """Review ``game`` (won, blocked or in progress; unchanged): where its win was lost, and why.

    It runs :func:`review_steps` to its end.

    ``seconds`` bounds the whole review (a won game takes at most about half of it).
    ``known_lines`` gives winning lines the caller already knows, by position number (e.g.
    a table's "Still winnable?" or hint line): each is replayed through the engine from
    its position, and one that wins settles that position (and the record's positions it
    passes through) won with no search. A line that does not win from its position, or a
    number outside ``0..len(game.actions)``, is not used.

    Raises:
        NotAGameError: ``game`` is not a :class:`Game`.
        ArgumentTypeError: ``known_lines`` is not a mapping of position numbers (int) to
            sequences of :class:`Move` (reason ``invalid_option``).
        InvalidBudgetError: ``seconds`` is negative, NaN or infinite.
        HiddenCardsError: the game is still being played and face-down cards remain: the
            solver would read them.
    """
    return finish_steps(review_steps(game, seconds, known_lines=known_lines))


def review_steps(
    game: Game, seconds: float = 30.0, *, known_lines: Mapping[int, Sequence[Move]] | None = None
) -> Generator[None, None, Review]:
    """:func:`review` in steps: the bisection yields between the solver's dives (for a caller without threads)."""
    from ..engine.game import Game

    if not isinstance(game, Game):
        raise NotAGameError(f"review() needs a Game, got {type(game).__name__}")
    check_budget(seconds)
    known = _check_known_lines(known_lines)
    started = time.perf_counter()
    if game.status == "playing" and hides_cards(game):
        raise HiddenCardsError
    work = _Bisection(game.root(), game.actions, started + seconds * (1 - WORDS_SHARE), seconds * WORDS_SHARE)
    end = len(work.actions)
    if game.status == "won":
        work.settle_won(0, work.actions)
        stretches = only_move_stretches(work.start, work.actions, seconds * ONLY_MOVE_SHARE)
        return _finish(work, started, _won_words(stretches), stretches)
    if game.status == "blocked":
        work.settle_lost(end)
    else:
        for index, line in sorted(known.items()):
            work.use_known(index, line)
    yield from _bisect_steps(work, seconds * PROBE_SHARE, seconds * END_SHARE)
    return _finish(work, started, _loss_words(work), ())


def _check_known_lines(known_lines: object) -> dict[int, tuple[Move, ...]]:
    """``known_lines`` as a dict of tuples, or :class:`ArgumentTypeError` saying what is wrong."""
    if known_lines is None:
        return {}
    if not isinstance(known_lines, Mapping):
        raise ArgumentTypeError(
            "invalid_option", f"known_lines must map positions to lines, not {type(known_lines).__name__}"
        )
    checked: dict[int, tuple[Move, ...]] = {}
    for index, line in known_lines.items():
        if isinstance(index, bool) or not isinstance(index, int):
            raise ArgumentTypeError(
                "invalid_option", f"known_lines' positions must be ints, not {type(index).__name__}"
            )
        if isinstance(line, str | bytes) or not isinstance(line, Sequence):
            raise ArgumentTypeError(
                "invalid_option", f"known_lines' lines must be sequences of moves, not {type(line).__name__}"
            )
        for move in line:
            if not isinstance(move, Move):
                raise ArgumentTypeError(
                    "invalid_option", f"known_lines' lines must hold Moves, not {type(move).__name__}"
                )
        checked[index] = tuple(line)
    return checked


def _bisect_steps(work: _Bisection, probe: float, end_probe: float) -> Generator[None, None, None]:
    """Narrow the bracket with short searches, then prove the position after the last winnable.

    The last position comes first, with ``end_probe`` (a longer search than the bisection's
    ``probe``): a win there settles the whole record, so a game that can still be won is
    not bisected as if the short probe's unknown were a loss.

    Before each search, the winning line of the last winnable position, repaired, is
    replayed from the open positions after it: a win there moves the bracket on at no
    search's cost. A short search that comes back unknown marks the lost side for now
    (wins are mostly found fast, proofs of loss are slow), so the bisection narrows down
    to the first position that resists. That position then gets searches of growing
    length, each followed by a fresh search of it seeded anew, and the one-suit bound and
    short proof-heavy searches walk back from the first proven loss; a win moves the
    bisection on. Each position
    keeps its first search, so a longer search of it goes on from the shorter ones.
    """
    end = len(work.actions)
    if work.lost is None and work.verdicts.get(end) != "won" and work.left() > 0:
        yield from work.probe_steps(end, end_probe)
    if work.winnable is None and work.lost != 0 and work.left() > 0:
        yield from work.probe_steps(0, probe)
    focus = probe
    rounds = 0  # of the frontier's searches: each fresh search takes the round's number as its seed
    while work.left() > 0.05:
        if work.winnable is None:
            if work.lost == 0:
                return  # lost from the deal
            focus *= DEEPEN
            yield from work.probe_steps(0, focus)
            continue
        high = work.frontier()
        if high is None:
            return  # winnable to the end
        if work.verdicts.get(high) == "lost" and high == work.winnable + 1:
            return  # the turning point
        if work.repair():
            continue
        if high > work.winnable + 1:
            yield from work.probe_steps((work.winnable + high) // 2, probe)
            continue
        _bound_back(work)
        yield from _prove_back_steps(work, focus * BACK_SHARE_OF_FOCUS)
        if work.lost == high:
            return
        focus *= DEEPEN
        rounds += 1
        if (yield from work.probe_steps(high, focus)) == "unknown" and work.left() > 0.05:
            yield from work.fresh_steps(high, focus * FRESH_SHARE, seed=rounds)


def _bound_back(work: _Bisection) -> None:
    """Walk back from the first lost position while the one-suit bound proves the one before lost.

    The bound is cheap (a suit settled once is remembered, and neighbouring positions
    differ in one suit at most), and it proves losses the search cannot reach in time.
    """
    while work.lost is not None and work.left() > 0.05 and work.open_positions():
        index = work.open_positions()[-1]
        if index in work.bound_tried:
            return
        work.bound_tried.add(index)
        deadline = time.perf_counter() + work.left() * BOUND_BACK_SHARE
        if lost_suit(work.position(index), BOUND_BACK_NODES, deadline=deadline) is None:
            return
        work.settle_lost(index)


def _prove_back_steps(work: _Bisection, seconds: float) -> Generator[None, None, None]:
    """Walk back from the first lost position while a short search, mostly the complete one,
    proves the position before it lost.

    Near a blocked end many positions fall to a dead end within a few positions of search,
    where the one-suit bound sees a relaxed win; each position is tried once per budget.
    """
    while work.lost is not None and work.left() > 0.05 and work.open_positions():
        index = work.open_positions()[-1]
        if work.searched_back.get(index, 0.0) >= seconds:
            return
        work.searched_back[index] = seconds
        if (yield from work.probe_steps(index, seconds, proof=BACK_PROOF_SHARE)) != "lost":
            return


def _finish(work: _Bisection, started: float, words: Words, stretches: tuple[tuple[int, int], ...]) -> Review:
    winnable, lost = work.winnable, work.lost
    turning = lost if lost is not None and winnable is not None and lost == winnable + 1 else None
    better = _better(work) if winnable is not None and lost is not None else None
    if better is not None:
        position = work.position(better.position)
        replaced = work.actions[better.position]  # the lost side lies after it: an action was played
        extra = Words.of(
            lambda lang: _text(
                "better",
                lang,
                n=better.position + 1,
                played=_played_text(position, replaced, lang, named=turning is None),
                move=_move_text(position, better.move, lang),
                k=len(better.line),
            )
        )
        words = join(words, extra)
    return Review(
        positions=len(work.actions),
        verdicts=MappingProxyType(dict(sorted(work.verdicts.items()))),
        last_winnable=winnable,
        first_lost=lost,
        turning_point=turning,
        better=better,
        explanation=words,
        only_moves=stretches,
        seconds=time.perf_counter() - started,
        why=work.why(),
    )


def _better(work: _Bisection) -> Better | None:
    """The winning line from the last winnable position, if it leaves the record there."""
    index = work.winnable
    assert index is not None
    line = work.lines.get(index, ())
    if line and (index >= len(work.actions) or line[0] != work.actions[index]):
        return Better(index, line)
    return None


def _loss_words(work: _Bisection) -> Words:
    winnable, lost = work.winnable, work.lost
    if lost is None:
        if winnable == len(work.actions):
            return Words.of(lambda lang: _text("winnable", lang))
        return Words.of(lambda lang: _text("unsettled", lang))
    why = work.why()
    if lost == 0:
        return Words.of(lambda lang: _text("lost_from_deal", lang, why=why.text(lang)))
    if winnable is None:
        return Words.of(lambda lang: _text("lost_unplaced", lang, b=lost, why=why.text(lang)))
    if lost == winnable + 1:
        move, before = work.actions[winnable], work.position(winnable)
        return Words.of(
            lambda lang: _text("turning", lang, n=lost, move=_move_text(before, move, lang), why=why.text(lang))
        )
    return Words.of(lambda lang: _text("bracket", lang, a=winnable, b=lost, first=winnable + 1, why=why.text(lang)))


def _won_words(stretches: tuple[tuple[int, int], ...]) -> Words:
    words = Words.of(lambda lang: _text("won", lang))
    if stretches:
        first, last = stretches[0]
        key = "only_move" if first == last else "only_moves"
        words = join(words, Words.of(lambda lang: _text(key, lang, a=first, b=last)))
    return words


def _move_text(game: Game, move: Move, lang: Lang) -> str:
    if move.is_reshuffle:
        return announce_action(game, move).text(lang)
    return f"{describe(game, move, lang)} ({move})"


def _played_text(game: Game, move: Move, lang: Lang, *, named: bool) -> str:
    """The action a better move replaces: its notation, with its cards where no text said them
    before (a bracket names no move; a turning point's text has just named this one)."""
    if move.is_reshuffle:
        return _text("reshuffle_action", lang)
    return f"{describe(game, move, lang)}, {move}" if named else str(move)


def _text(key: str, lang: Lang, **values: object) -> str:
    return REVIEW[key][lang].format(**values)


__all__ = ["Better", "HiddenCardsError", "NotAGameError", "Review", "only_winning_move", "review"]
