"""Words for moves: replay narration, the one-line rule a move used, and the rule a refused one breaks.

They read the position *before* the move, so call them just before playing it (or refusing it).

>>> from crescent_widget import Game, Move
>>> g = Game("CR1-N-AAAAAAB")
>>> narrate(g, Move.parse("13-14"), 10, "pl")
'Ruch 10: A♠ ze stosu 13 na K♠ na stosie 14'
>>> narrate(g, Move.parse("13-14"), 10, "en")
'Move 10: A♠ from pile 13 onto K♠ on pile 14'
>>> explain(g, Move.parse("13-14"), "en")
'A♠ went onto K♠ on pile 14: on piles, ranks wrap from King to Ace.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.moves import ANY_FOUNDATION, FIRST_FOUNDATION, Move, Place
from ..engine.rules import MAX_PILE
from ..errors import IllegalMoveError
from .i18n import DEFAULT_LANG, NARRATION, REFUSED_ATTEMPTS, check_lang

if TYPE_CHECKING:
    from ..engine.cards import Card
    from ..engine.game import Game


def _card(card: Card | None, lang: str) -> str:
    if card is None:  # not a legal move here: the narrator needs a card on both ends
        raise IllegalMoveError("empty_source")
    return card.text(lang)


def _phrase(key: str, lang: str, **values: object) -> str:
    return NARRATION[key][check_lang(lang)].format(**values)


def narrate(game: Game, move: Move, number: int, lang: str = DEFAULT_LANG) -> str:
    """One replay line for ``move`` played as action ``number`` from ``game``'s position.

    For a reshuffle ``number`` counts reshuffles. The move must be legal here.
    """
    if move.is_reshuffle:
        return _phrase("reshuffle", lang, n=number, left=game.reshuffles_left - 1)
    return _phrase("move", lang, n=number, what=describe(game, move, lang))


def describe(game: Game, move: Move, lang: str = DEFAULT_LANG) -> str:
    """A legal move (not a reshuffle) in words, from ``game``'s position.

    >>> from crescent_widget import Game, Move
    >>> describe(Game("CR1-N-AAAAAAB"), Move.parse("5-F2"), "en")
    '2♥ from pile 5 onto A♥ on foundation F2'
    """
    src, dst = move
    src_kind = "src_pile" if src.is_pile else "src_foundation"
    dst_kind = "dst_pile" if dst.is_pile else "dst_foundation"
    return _phrase(
        "what",
        lang,
        card=_card(game.top(src), lang),
        top=_card(game.top(dst), lang),
        src=_phrase(src_kind, lang, name=src.name),
        dst=_phrase(dst_kind, lang, name=dst.name),
    )


def explain(game: Game, move: Move, lang: str = DEFAULT_LANG, *, taken_back: bool = False) -> str:
    """The rule a legal move uses, in one line, for teaching.

    ``taken_back``: the move was played and taken back again (a lesson's wrong answer), so
    a pile it emptied is said to be one it *would have* emptied: the board shows its card.

    >>> from crescent_widget import Game, Move
    >>> explain(Game("CR1-N-AAAAAAB"), Move.parse("15-F1"), "pl")
    '2♠ na fundament F1: fundamenty Asa rosną w swoim kolorze, aż do Króla.'
    """
    if move.is_reshuffle:
        return _phrase("rule_reshuffle", lang)
    src, dst = move
    card, top = game.top(src), game.top(dst)
    if card is None or top is None:
        raise IllegalMoveError("empty_source" if card is None else "empty_pile")  # not a legal move here
    values = {"card": card.text(lang), "top": top.text(lang), "name": dst.name}
    if dst.is_pile:
        wraps = abs(card.rank - top.rank) == 12
        text = _phrase("rule_wrap" if wraps else "rule_pile", lang, **values)
    elif src.is_foundation:
        text = _phrase("rule_across", lang, src=src.name, **values)
    else:
        text = _phrase("rule_up" if dst < FIRST_FOUNDATION + 4 else "rule_down", lang, **values)  # F1-F4: Aces
    if src.is_pile and game.pile_size(src) == 1:
        text += _phrase("emptied_taken_back" if taken_back else "emptied", lang, name=src.name)
    return text


def taken_back(game: Game, move: Move, lang: str = DEFAULT_LANG, wanted: Place | None = None) -> str:
    """Where a lesson's wrong answer put its card, naming the pile or foundation on both ends,
    and (``wanted``) where the task wanted it instead; said of a move taken back again.

    >>> from crescent_widget import Game, Move
    >>> from crescent_widget.engine.moves import Place
    >>> taken_back(Game("CR1-N-AAAAAAB"), Move.parse("15-13"), "en", Place.parse("F1"))
    '2♠ went from pile 15 onto A♠ on pile 13, not to foundation F1.'
    >>> taken_back(Game("CR1-N-AAAAAAB"), Move.parse("15-13"), "pl", Place.parse("F1"))
    '2♠ ze stosu 15 na A♠ na stosie 13, a nie na fundament F1.'
    """
    if move.is_reshuffle:
        return _phrase("rule_reshuffle", lang)
    src, dst = move
    card, top = _card(game.top(src), lang), _card(game.top(dst), lang)
    origin = _phrase("went_from_pile" if src.is_pile else "went_from_foundation", lang, name=src.name)
    text = _phrase(
        "went_pile" if dst.is_pile else "went_foundation", lang, card=card, top=top, name=dst.name, src=origin
    )
    if wanted is not None and wanted != dst:
        text += _phrase("not_pile" if wanted.is_pile else "not_foundation", lang, name=wanted.name)
    else:
        text += "."
    if src.is_pile and game.pile_size(src) == 1:
        text += _phrase("emptied_taken_back", lang, name=src.name)
    return text


# The refusals a tapped card with nowhere to go gets (a tap of one place, no move to check).
TAP_REFUSALS = frozenset({"no_destination", "empty_source"})


def why_refused(game: Game, attempt: Move | Place, reason: str, lang: str = DEFAULT_LANG) -> str | None:
    """The rule that refuses ``attempt`` here, naming its cards: a lesson's "Not yet: …" goes on with it.

    ``attempt`` is a refused move, or a tapped place whose card has nowhere to go
    (``no_destination``) or that holds none (``empty_source``). ``None`` when the words
    cannot name the cards: a reason this attempt does not have in ``game`` (the engine
    decides; its reason codes stay the words' keys), or one about something else.

    >>> from crescent_widget import Game, Move
    >>> g = Game("CR1-N-AAAAAAB")
    >>> why_refused(g, Move.parse("13-1"), "same_suit", "en")
    'A♠ is not the same suit as J♣ on pile 1'
    >>> why_refused(g, Move.parse("13-1"), "same_suit", "pl")
    'A♠ nie jest tego samego koloru co W♣ na stosie 1'
    >>> why_refused(g, Move.parse("13-1"), "pile_full", "en") is None  # not why 13-1 is refused
    True
    """
    lang = check_lang(lang)
    if isinstance(attempt, Place):
        return _tap_refused(game, attempt, reason, lang)
    if attempt.is_reshuffle or game.check(attempt) != reason:
        return None
    src, dst = attempt
    card = game.top(src)
    if card is None:  # the engine checks the source first: an empty pile has no card to name
        return _refusal("empty_source", lang, name=src.name)
    if reason in ("base_locked", "no_return"):  # about where the card lies, wherever it was to go
        return _refusal(reason, lang, card=card.text(lang), name=src.name)
    if dst == ANY_FOUNDATION:  # "F": the only destination rule left is that no foundation takes it
        return _refusal("foundation_order_any", lang, card=card.text(lang))
    place = src if reason == "same_place" else dst
    top = game.top(place)
    return _refusal(
        reason,
        lang,
        card=card.text(lang),
        top="" if top is None else top.text(lang),
        name=place.name,
        at=_at(place, lang),
        limit=MAX_PILE,
    )


def _tap_refused(game: Game, place: Place, reason: str, lang: str) -> str | None:
    card = game.top(place)
    if reason not in TAP_REFUSALS or (card is None) != (reason == "empty_source"):
        return None
    if card is None:
        return _refusal("empty_source", lang, name=place.name)
    if any(move.src == place for move in game.legal_moves()):
        return None  # the card can go somewhere: that is not why this tap was refused
    return _refusal("no_destination", lang, card=card.text(lang), at=_at(place, lang))


def _at(place: Place, lang: str) -> str:
    """Where a card lies: ``on pile 4`` / ``na stosie 4``."""
    return _refusal("at_pile" if place.is_pile else "at_foundation", lang, name=place.name)


def _refusal(key: str, lang: str, **values: object) -> str:
    return REFUSED_ATTEMPTS[key][check_lang(lang)].format(**values)
