"""The game review: where the win was thrown away, why, and what would have kept it.

A game's positions are numbered 0 for the deal and *i* for the position after action *i*
of its record (:attr:`Game.actions`, reshuffles included). Winnability is monotone along
a game: every position before a winnable one was winnable (play the record on to it), and
every position after a lost one is lost. So :func:`review` bisects the record with the
solver, and each answer settles a whole side: a win found from a position also settles
the positions after it while the winning line follows the record
(:class:`~.bisection.Bisection` keeps what is known).

The action after the last position proven winnable is the named mistake
(:attr:`Review.mistake`): proven when the position after it is proven lost, else the
likeliest, with the evidence (:class:`Evidence`); the words are :mod:`.review_words`'.

>>> from crescent_widget import Game
>>> g = Game.from_number(3)
>>> _ = g.move(g.legal_moves()[0])
>>> r = review(g, nodes=1_000_000)
>>> r.first_lost, r.turning_point, r.explanation.text("en")
(None, None, 'This game can still be won: it was never lost.')
"""

from __future__ import annotations

import time
from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Final

from ...engine.moves import Move
from ...errors import ArgumentTypeError, CrescentError, HiddenCardsError
from ...words.announcements import join
from ...words.i18n import NO_WORDS, REVIEW, Lang, Words
from ..api import Outcome
from ..search.checks import check_budget
from ..search.watch import finish_steps, plan
from .bisection import Bisection
from .meter import Meter
from .only_moves import only_move_stretches, only_winning_move
from .review_words import better_words, mistake_words, stretch_words, strong_evidence, unplaced_words

if TYPE_CHECKING:
    from ...engine.game import Game

# The bisection's probes get this share of the review's budget each: a position a short
# search leaves unknown is taken as most likely lost while the bisection narrows the
# bracket, and the time left then goes to the position just after the last winnable one.
PROBE_SHARE: Final = 0.04
# A game still being played: its last position gets this share first, before the bisection
# takes a short probe it leaves unknown as lost. A player mostly asks while the game can still
# be won, and a win found there settles every position of the record at once.
END_SHARE: Final = 0.2
# Each later search of that position gets this many times the one before it (added to its
# search so far: a position's search resumes, see :class:`~..api.Solving`), and at least this
# share of the time left: the position after the last winnable one is where the named mistake
# stands or falls, and a win there is often found in seconds (docs/solver.md).
DEEPEN: Final = 2.0
FRONTIER_SHARE: Final = 0.3
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
BOUND_BACK_SHARE: Final = 0.1
# The walk back from the first lost position with searches: each gets this share of the
# frontier's latest budget, and this share of its work goes to the complete search.
BACK_SHARE_OF_FOCUS: Final = 0.25
BACK_PROOF_SHARE: Final = 0.9
# The share of the time (after the first probes) kept to the end for the named move's position,
# and the share of what is left there that each proof walking back from the first lost one gets.
NAMED_SHARE: Final = 0.5
NAMED_BACK_SHARE: Final = 0.05
# The share of the budget kept for the words at the end (the reason's own small searches).
WORDS_SHARE: Final = 0.05
REVIEW_DEFAULT_SECONDS: Final = 30.0  # the budget when none is given


class NotAGameError(CrescentError, TypeError):
    """:func:`review` was given something other than a :class:`Game` (``reason`` ``not_a_game``)."""

    def __init__(self, detail: str) -> None:
        super().__init__("not_a_game", detail)


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
class Evidence:
    """What names a mistake that is not proven: the searches on either side of it.

    Attributes:
        found_in: seconds the search took that found a win from the position just before
            the named move (None for a winning line the caller already knew).
        searched: seconds of search from the position just after it that found no win.
    """

    found_in: float | None
    searched: float

    @property
    def strong(self) -> bool:
        """Whether the review says "probably" (the search after took several times the win's
        effort before: :func:`~.review_words.strong_evidence`) rather than "perhaps"."""
        return strong_evidence(self.found_in, self.searched)


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
        mistake: the action named as the one that threw the win away, numbered as
            ``turning_point``: ``last_winnable + 1`` whenever the game was proven winnable
            once and its end was not (a won game, a deal never shown winnable, or a game
            still winnable at its end: None).
        mistake_proven: whether ``mistake`` is the proven turning point; else it is the
            likeliest one, and ``evidence`` says why.
        evidence: for a mistake not proven, the searches on either side of it; else None.
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
    mistake: int | None = None
    mistake_proven: bool = False
    evidence: Evidence | None = None

    def text(self, lang: str = "pl") -> str:
        """The explanation in ``lang`` (``"pl"`` or ``"en"``)."""
        return self.explanation.text(lang)


def review(
    game: Game,
    seconds: float | None = None,
    *,
    nodes: int | None = None,
    known_lines: Mapping[int, Sequence[Move]] | None = None,
) -> Review:
    """Review ``game`` (won, blocked or in progress; unchanged): where its win was lost, and why.

    It runs :func:`review_steps` to its end.

    ``seconds`` bounds the whole review (a won game takes at most about half of it);
    ``nodes`` bounds it in positions searched instead, or as well (whichever runs out
    first): the same review on any machine (see :mod:`.meter`). With neither,
    :data:`REVIEW_DEFAULT_SECONDS`.
    ``known_lines`` gives winning lines the caller already knows, by position number (e.g.
    a table's "Still winnable?" or hint line): each is replayed through the engine from
    its position, and one that wins settles that position (and the record's positions it
    passes through) won with no search. A line that does not win from its position, or a
    number outside ``0..len(game.actions)``, is not used.

    Raises:
        NotAGameError: ``game`` is not a :class:`Game`.
        ArgumentTypeError: ``known_lines`` is not a mapping of position numbers (int) to
            sequences of :class:`Move` (reason ``invalid_option``).
        InvalidBudgetError: ``seconds`` or ``nodes`` is negative, NaN or infinite.
        HiddenCardsError: the game is still being played and face-down cards remain: they
            stay hidden until it ends (a face-down game that has ended is reviewed with every
            card face up, see :meth:`Game.revealed <crescent_widget.engine.game.Game.revealed>`).
    """
    return finish_steps(review_steps(game, seconds, nodes=nodes, known_lines=known_lines))


def review_steps(
    game: Game,
    seconds: float | None = None,
    *,
    nodes: int | None = None,
    known_lines: Mapping[int, Sequence[Move]] | None = None,
) -> Generator[None, None, Review]:
    """:func:`review` in steps: the bisection yields between the solver's dives (for a caller without threads)."""
    from ...engine.game import Game

    if not isinstance(game, Game):
        raise NotAGameError(f"review() needs a Game, got {type(game).__name__}")
    meter = Meter(*check_budget(seconds, nodes, default=REVIEW_DEFAULT_SECONDS))
    budget = meter.total  # in the meter's seconds
    known = _check_known_lines(known_lines)
    started = time.perf_counter()
    game = game.revealed()  # a face-down deal that has ended, every card face up (refused while it is played)
    plan(budget)  # a board watching the review shows the share of its time spent
    work = Bisection(game.root(), game.actions, budget * (1 - WORDS_SHARE), budget * WORDS_SHARE, meter=meter)
    end = len(work.actions)
    if game.status == "won":
        work.settle_won(0, work.actions, None)
        stretches = only_move_stretches(work.start, work.actions, budget * ONLY_MOVE_SHARE, meter)
        return _finish(work, started, _won_words(work.actions, stretches), stretches)
    if game.status == "blocked":
        work.settle_lost(end)
    else:
        for index, line in sorted(known.items()):
            work.use_line(index, line)
    yield from _bisect_steps(work, budget * PROBE_SHARE, budget * END_SHARE)
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


def _bisect_steps(work: Bisection, probe: float, end_probe: float) -> Generator[None, None, None]:
    """Narrow the bracket with short searches, then prove the position after the last winnable.

    The last position comes first, with ``end_probe`` (a longer search than the bisection's
    ``probe``): a win there settles the whole record, so a game that can still be won is
    not bisected as if the short probe's unknown were a loss.

    Before each search, the winning line of the last winnable position, repaired, is
    replayed from the open positions after it, and a few actions from the position after
    it are tried for a way back to a position known to be winnable: a win either way moves
    the bracket on at no search's cost. A short search that comes back unknown marks the
    lost side for now (wins are mostly found fast, proofs of loss are slow), so the
    bisection narrows down to the first position that resists. That position then gets
    searches of growing length (at least :data:`FRONTIER_SHARE` of the time left), each
    followed by a fresh search of it seeded anew, and the one-suit bound and short
    proof-heavy searches walk back from the first proven loss; a win moves the bisection
    on. Each position keeps its first search, so a longer search of it goes on from the
    shorter ones. :data:`NAMED_SHARE` of the time left after the first probes is kept to
    the end for the named move's position (:func:`_named_move_steps`).
    """
    end = len(work.actions)
    if work.lost is None and work.verdicts.get(end) != "won" and work.left() > 0:
        yield from work.probe_steps(end, end_probe)
    if work.winnable is None and work.lost != 0 and work.left() > 0:
        yield from work.probe_steps(0, probe)
    work.reserve = max(0.0, work.left()) * NAMED_SHARE
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
        if work.repair() or work.reconnect(work.winnable + 1):
            continue
        if high > work.winnable + 1:
            yield from work.probe_steps((work.winnable + high) // 2, probe)
            continue
        _bound_back(work)
        yield from _prove_back_steps(work, focus * BACK_SHARE_OF_FOCUS)
        if work.lost == high:
            return
        focus = max(focus * DEEPEN, work.left() * FRONTIER_SHARE)
        rounds += 1
        if (yield from work.probe_steps(high, focus)) == "unknown" and work.left() > 0.05:
            yield from work.fresh_steps(high, focus * FRESH_SHARE, seed=rounds)
    work.reserve = 0.0
    yield from _named_move_steps(work, rounds)


def _named_move_steps(work: Bisection, rounds: int) -> Generator[None, None, None]:
    """The time kept to the end goes to the position after the last winnable one: the named
    move stands or falls there. Searches of it in turn, each seeded anew, and whatever a win
    there settles moves the named move on (a cheap win missed there is the naming's worst error).
    The walks back from the first lost position get their turn first, if the bisection left
    them none: near a blocked end they prove the turning point itself."""
    end = len(work.actions)
    while work.left() > 0.05:
        winnable = work.winnable
        if winnable is None or winnable >= end or work.verdicts.get(winnable + 1) == "lost":
            return
        named = winnable + 1
        if work.repair() or work.reconnect(named):
            continue
        _bound_back(work)
        yield from _prove_back_steps(work, work.left() * NAMED_BACK_SHARE)
        if work.lost == named:
            return
        rounds += 1
        # The last open position before a proven loss is as likely lost as won: half of its
        # search goes to the complete search then, whose proof makes the mistake exact.
        proof = BACK_PROOF_SHARE if work.lost == named + 1 else None
        if (yield from work.probe_steps(named, work.left() / 2, proof)) == "unknown" and work.left() > 0.05:
            yield from work.fresh_steps(named, work.left(), seed=rounds)


def _bound_back(work: Bisection) -> None:
    """Walk back from the first lost position while the one-suit bound proves the one before lost.

    The bound is cheap (a suit settled once is remembered, and neighbouring positions
    differ in one suit at most), and it proves losses the search cannot reach in time.
    """
    while work.lost is not None and work.left() > 0.05 and work.open_positions():
        index = work.open_positions()[-1]
        if index in work.bound_tried:
            return
        work.bound_tried.add(index)
        if work.meter.lost_suit(work.position(index), BOUND_BACK_NODES, work.left() * BOUND_BACK_SHARE) is None:
            return
        work.settle_lost(index)


def _prove_back_steps(work: Bisection, seconds: float) -> Generator[None, None, None]:
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


def _finish(work: Bisection, started: float, words: Words, stretches: tuple[tuple[int, int], ...]) -> Review:
    winnable, lost = work.winnable, work.lost
    mistake = _mistake(work)
    proven = mistake is not None and mistake == lost
    better = _better(work) if mistake is not None else None
    if better is not None:
        # What went wrong, then what to play instead: a paragraph each, not one long one.
        better_said = better_words(work.position(better.position), work.actions, better.position, better.line)
        words = join(words, better_said, paragraph=True)
    evidence = None
    if mistake is not None and not proven:
        evidence = Evidence(work.found_in.get(mistake - 1), work.searched(mistake))
    return Review(
        positions=len(work.actions),
        verdicts=MappingProxyType(dict(sorted(work.verdicts.items()))),
        last_winnable=winnable,
        first_lost=lost,
        turning_point=mistake if proven else None,
        better=better,
        explanation=words,
        only_moves=stretches,
        seconds=time.perf_counter() - started,
        why=work.why(),
        mistake=mistake,
        mistake_proven=proven,
        evidence=evidence,
    )


def _mistake(work: Bisection) -> int | None:
    """The action named as the mistake: the one after the last winnable position, when the
    record's end was not shown winnable (see :attr:`Review.mistake`)."""
    winnable = work.winnable
    return winnable + 1 if winnable is not None and winnable < len(work.actions) else None


def _better(work: Bisection) -> Better | None:
    """The winning line from the last winnable position, if it leaves the record there."""
    index = work.winnable
    assert index is not None
    line = work.lines.get(index, ())
    if line and (index >= len(work.actions) or line[0] != work.actions[index]):
        return Better(index, line)
    return None


def _loss_words(work: Bisection) -> Words:
    winnable, lost, actions = work.winnable, work.lost, work.actions
    mistake = _mistake(work)
    if mistake is not None:
        assert winnable is not None
        proven = mistake == lost
        found_in = work.found_in.get(winnable)
        return mistake_words(
            work.position(winnable),
            actions,
            mistake,
            proven=proven,
            found_in=found_in,
            searched=work.searched(mistake),
            lost=lost,
            why=work.why(),
        )
    if lost is None:
        if winnable == len(actions):
            return Words.of(lambda lang: _text("winnable", lang))
        return Words.of(lambda lang: _text("unsettled", lang))
    why = work.why()
    if lost == 0:
        return Words.of(lambda lang: _text("lost_from_deal", lang, why=why.text(lang)))
    return unplaced_words(actions, lost, why)


def _won_words(actions: tuple[Move, ...], stretches: tuple[tuple[int, int], ...]) -> Words:
    words = Words.of(lambda lang: _text("won", lang))
    if stretches:
        words = join(words, stretch_words(actions, *stretches[0]))
    return words


def _text(key: str, lang: Lang, **values: object) -> str:
    return REVIEW[key][lang].format(**values)


__all__ = ["Better", "Evidence", "HiddenCardsError", "NotAGameError", "Review", "only_winning_move", "review"]
