"""Why a position is lost, in words, from the proof: a suit, two cards, or the search's size.

Every place that announces a loss (the teaching warning, "Still winnable?", the hint's
"undo", the game review) says why with :func:`why_lost`. The reason is worked out again
from the position itself, in the same way for both backends: a dead end of
:mod:`..search.expand` names the card that can never leave and the card it covers; the one-suit
bound of :mod:`..search.suits` names the suit that cannot be finished even with the rules relaxed;
otherwise the loss rests on a complete search, and the words say so (never how many
positions it took: that is the solver's measure, not the player's).

>>> from crescent_widget import Game
>>> why_lost(Game.from_number(1)).text("en")
'Every way to play on was tried, and none wins.'
"""

from __future__ import annotations

import math
import time
from collections import Counter
from typing import TYPE_CHECKING, Final

from ...engine.cards import SUIT_SYMBOLS, card_text
from ...words.i18n import REVIEW, Lang, Words
from ..search.checks import check_deadline, check_game, check_nodes
from ..search.expand import dead_end_cards, expand
from ..search.state import State, from_game, is_won, lifts
from ..search.suits import SuitBound

if TYPE_CHECKING:
    from ...engine.game import Game

# Relaxed positions the one-suit bound may search to name a suit (a few tenths of a
# second in pure Python; most suits settle in far fewer).
BOUND_NODES: Final = 100_000
BOUND_SLICE: Final = 20_000  # relaxed positions between looks at the clock
# Positions the search for the dead ends ahead may visit (a few tenths of a second in pure Python).
AHEAD_STATES: Final = 5_000


def lost_suit(game: Game, nodes: int | None = BOUND_NODES, *, deadline: float | None = math.inf) -> int | None:
    """The suit (0-3, ♠♥♣♦) that the one-suit bound proves cannot be finished, if it does
    within ``nodes`` relaxed positions and before ``deadline`` (a ``time.perf_counter`` time;
    ``None``: the defaults, :data:`BOUND_NODES` and no deadline)."""
    return suit_bound(game, nodes, deadline=deadline).lost_suit


def suit_bound(game: Game, nodes: int | None, *, deadline: float | None = math.inf) -> SuitBound:
    """The one-suit bound of ``game``'s position after at most ``nodes`` relaxed positions and
    ``deadline`` (its ``nodes`` are those it took, its ``lost_suit`` what it proved).

    Raises:
        ArgumentTypeError, InvalidBudgetError: not a Game, or a budget that is no budget.
        HiddenCardsError: cards face down (:func:`~..search.state.from_game`).
    """
    check_game(game)
    limit = check_nodes(nodes, default=BOUND_NODES)
    until = check_deadline(deadline)
    bound = SuitBound(from_game(game))
    while not bound.done and bound.nodes < limit and time.perf_counter() < until:
        bound.work(min(BOUND_SLICE, limit - bound.nodes))
    return bound


def why_lost(game: Game, *, deadline: float | None = math.inf, most: int | None = BOUND_NODES) -> Words:
    """Why ``game``'s position (proven lost) cannot be won, in every language.

    A blocked position names the card its top holds down that a foundation waits for.

    ``deadline`` (a ``time.perf_counter`` time) ends the small searches for a reason early:
    the words then say less; ``most`` bounds the one-suit bound's search in relaxed positions
    (a review counting positions gives it its words' share). ``None`` is the default of each.
    """
    check_game(game)
    deadline = check_deadline(deadline)
    most = check_nodes(most, default=BOUND_NODES)
    piles, fnd, left = from_game(game)
    cards = dead_end_cards(piles, fnd, left)
    if cards is not None:
        stuck, beneath = cards
        return Words.of(
            lambda lang: _text("lost_dead_end", lang, stuck=card_text(stuck, lang), beneath=card_text(beneath, lang))
        )
    suit = lost_suit(game, most, deadline=deadline)
    if suit is not None:
        return Words.of(lambda lang: _text("lost_suit", lang, suit=SUIT_SYMBOLS[suit]))
    if game.status == "blocked":
        covered = _buried_need((piles, fnd, left))
        if covered is None:
            return Words.of(lambda lang: _text("lost_blocked", lang))
        stuck, beneath = covered
        return Words.of(
            lambda lang: _text("lost_blocked_on", lang, stuck=card_text(stuck, lang), beneath=card_text(beneath, lang))
        )
    ends = dead_ends_ahead(game, deadline=deadline)
    if ends is not None:
        stuck, beneath = ends
        return Words.of(
            lambda lang: _text("lost_dead_ends", lang, stuck=card_text(stuck, lang), beneath=card_text(beneath, lang))
        )
    return Words.of(lambda lang: _text("lost_proven", lang))


def dead_ends_ahead(
    game: Game, most: int | None = AHEAD_STATES, *, deadline: float | None = math.inf
) -> tuple[int, int] | None:
    """The dead end every continuation runs into, when each one does: the pair of cards met
    most often; None when a continuation wins, the
    continuations pass ``most`` positions or the clock passes ``deadline``. A continuation
    that ends blocked counts the card a foundation waits for there and the top card on it
    (:func:`_buried_need`).

    The search is the solver's own (:func:`~..search.expand.expand`, with its sound prunings), so a
    loss proven by a small complete search is usually explained here by its dead ends.
    ``None`` is the default of each budget.
    """
    check_game(game)
    most = check_nodes(most, default=AHEAD_STATES)
    deadline = check_deadline(deadline)
    root = from_game(game)
    seen = {root}
    stack = [root]
    pairs: Counter[tuple[int, int]] = Counter()
    popped = 0
    while stack:
        popped += 1
        if popped % 64 == 1 and time.perf_counter() >= deadline:
            return None
        state = stack.pop()
        cards = dead_end_cards(*state)
        if cards is not None:
            pairs[cards] += 1
            continue
        if is_won(state):
            return None  # a win: not a loss at all
        if not expand(state, ()):
            covered = _buried_need(state)  # a blocked end: its top card covers a card a foundation needs
            if covered is None:
                return None
            pairs[covered] += 1
            continue
        for _, child, _ in expand(state, seen):
            if len(seen) >= most:
                return None
            seen.add(child)
            stack.append(child)
    if not pairs:
        return None
    return pairs.most_common(1)[0][0]


def _buried_need(state: State) -> tuple[int, int] | None:
    """In a position with no move: ``(top, needed)``, a card a foundation takes next and the top
    card of its pile, for the needed card with the fewest cards on it; None when no foundation
    takes any pile card."""
    piles, fnd, _ = state
    wanted = lifts(fnd)
    best: tuple[int, int, int] | None = None
    for pile in piles:
        for height, card in enumerate(pile):
            if card in wanted and (best is None or len(pile) - height < best[0]):
                best = (len(pile) - height, pile[-1], card)
    return None if best is None else (best[1], best[2])


def names_cause(words: Words) -> bool:
    """Whether an explanation from :func:`why_lost` names a suit or a card (not only the search)."""
    return any(symbol in words.en for symbol in SUIT_SYMBOLS)


def _text(key: str, lang: Lang, **values: object) -> str:
    return REVIEW[key][lang].format(**values)
