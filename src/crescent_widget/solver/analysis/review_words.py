"""The game review in the player's words: the named mistake, what it rests on, the better move.

The review numbers positions and actions as the record does (reshuffles included); the
player knows the board's Moves counter, which counts moves only. So every action is said
as that counter names it: ``move 34`` is the move after which the counter shows 34, and a
reshuffle is ``reshuffle 2 (after move 33)``. A mistake the review could not prove is said
with "probably" and the evidence (how quickly a win was found just before it, how long the
searches just after it found none); a proven loss further on is said as a fact, never as
the place of the mistake.

>>> from crescent_widget import Game
>>> g = Game("CR1-N-AAAAAAB"); _ = g.move("13-14"); g.reshuffle(); _ = g.move("4-13")
>>> [action_name(g.actions, index, "en") for index in (1, 2, 3)]
['move 1', 'reshuffle 1 (after move 1)', 'move 2']
>>> action_name(g.actions, 2, "pl", case="loc"), seconds_text(0.04, "pl"), seconds_text(8.26, "pl")
('przetasowaniu 1 (po ruchu 1)', 'niespełna 0,1 s', '8,3 s')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, Literal

from ...words.announcements import announce_action
from ...words.i18n import REVIEW, Lang, Words
from ...words.narration import describe

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...engine.moves import Move

Case = Literal["nom", "loc", "gen"]


def moves_before(actions: Sequence[Move], index: int) -> int:
    """The board's Moves counter after the first ``index`` actions (reshuffles are not moves)."""
    return sum(not action.is_reshuffle for action in actions[:index])


def action_name(actions: Sequence[Move], index: int, lang: Lang, case: Case = "nom") -> str:
    """Action ``index`` (from 1) of ``actions`` as the Moves counter names it, in Polish in ``case``."""
    suffix = "" if case == "nom" else f"_{case}"
    moves = moves_before(actions, index)
    if not actions[index - 1].is_reshuffle:
        return _text(f"name_move{suffix}", lang, n=moves)
    reshuffles = index - moves
    name = _text(f"name_reshuffle{suffix}", lang, r=reshuffles)
    return _text("name_after", lang, name=name, m=moves) if moves else name


def position_name(actions: Sequence[Move], index: int, lang: Lang) -> str:
    """What "after …" says of position ``index``: the action that led to it (Polish locative)."""
    return _text("name_start", lang) if index == 0 else action_name(actions, index, lang, "loc")


def seconds_text(seconds: float, lang: Lang) -> str:
    """A search's time as the player reads it: ``0.2 s``, ``8.3 s``, ``14 s`` (Polish: ``0,2 s``)."""
    key = "seconds_under" if seconds < 0.1 else "seconds"
    shown = f"{max(seconds, 0.1):.1f}" if seconds < 10 else f"{seconds:.0f}"
    return _text(key, lang, s=shown.replace(".", ",") if lang == "pl" else shown)


# A named move is "probably" the mistake only when the vain search after it took several
# times the effort that found the win before it (and some effort at all): a short search
# after a slow win says little, and a 10x search finds a win there often (bench_review.py).
SEVERAL: Final = 3.0
LEAST_SEARCH: Final = 0.5  # seconds


def strong_evidence(found_in: float | None, searched: float) -> bool:
    """Whether a search of ``searched`` seconds that found no win right after a named move,
    beside a win found in ``found_in`` seconds right before it (None: known already), makes
    the move "probably" the mistake; else it is only "perhaps" the mistake.

    >>> strong_evidence(0.2, 8.3), strong_evidence(2.0, 4.5), strong_evidence(None, 0.1)
    (True, False, False)
    """
    return searched >= max(SEVERAL * (found_in or 0.0), LEAST_SEARCH)


def mistake_words(
    before: Game,
    actions: Sequence[Move],
    mistake: int,
    *,
    proven: bool,
    found_in: float | None,
    searched: float,
    lost: int | None,
    why: Words,
) -> Words:
    """The named mistake (action ``mistake``, played from ``before``): proven, it is said as the
    turning point with why; else with "probably" (or "perhaps", where the evidence is thin:
    :func:`strong_evidence`) and the evidence (``found_in``: the seconds a
    win took to find just before it, None when it was known already; ``searched``: the seconds
    searched in vain just after it), then the first proven lost position (``lost``), if any."""
    move = actions[mistake - 1]

    def said(lang: Lang) -> str:
        at = action_name(actions, mistake, lang, "loc" if proven else "nom")
        what = "" if move.is_reshuffle else f"{describe(before, move, lang)} ({move})"
        if proven:
            return _text("turning", lang, at=at, move=f": {what}" if what else "", why=why.text(lang))
        claim = "probable" if strong_evidence(found_in, searched) else "possible"
        found = "probable_known" if found_in is None else "probable_found"
        after = "probable_searched" if searched else "probable_unsearched"
        text = _text(
            claim,
            lang,
            at=at,
            move=f", {what}" if what else "",
            before=_text(found, lang, found=seconds_text(found_in or 0.0, lang)),
            after=_text(after, lang, searched=seconds_text(searched, lang)),
        )
        if lost is None:
            return text
        proven_after = _text("proven_after", lang, after=position_name(actions, lost, lang), why=why.text(lang))
        return f"{text}\n{proven_after}"  # the evidence, then the proven fact: a line each

    return Words.of(lambda lang: said(lang).strip())


def better_words(before: Game, actions: Sequence[Move], index: int, line: Sequence[Move]) -> Words:
    """The better move (``line[0]``, played from ``before``, the position after ``index``
    actions) instead of action ``index + 1``, and the length of its winning line."""
    replaced, better = actions[index], line[0]

    def said(lang: Lang) -> str:
        played = "" if replaced.is_reshuffle else f" ({replaced})"
        move = _move_text(before, better, lang)
        at = action_name(actions, index + 1, lang, "gen")
        return _text("better", lang, at=at, played=played, move=move, k=len(line))

    return Words.of(said)


def stretch_words(actions: Sequence[Move], first: int, last: int) -> Words:
    """The longest stretch of only moves in a won game, actions ``first``–``last``."""
    if first == last:
        return Words.of(lambda lang: _text("only_move", lang, a=action_name(actions, first, lang, "loc")))
    return Words.of(
        lambda lang: _text(
            "only_moves",
            lang,
            a=action_name(actions, first, lang, "gen"),
            b=action_name(actions, last, lang, "gen"),
        )
    )


def unplaced_words(actions: Sequence[Move], lost: int, why: Words) -> Words:
    """A loss proven after action ``lost`` with no winnable position found before it."""
    return Words.of(
        lambda lang: _text("lost_unplaced", lang, after=position_name(actions, lost, lang), why=why.text(lang))
    )


def _move_text(game: Game, move: Move, lang: Lang) -> str:
    if move.is_reshuffle:
        return announce_action(game, move).text(lang)
    return f"{describe(game, move, lang)} ({move})"


def _text(key: str, lang: Lang, **values: object) -> str:
    return REVIEW[key][lang].format(**values)
