"""Words for moves: replay narration and the one-line rule a move used.

Both read the position *before* the move, so call them just before playing it.

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

from ..engine.moves import FIRST_FOUNDATION, Move, Place
from ..errors import IllegalMoveError
from .i18n import DEFAULT_LANG, NARRATION, check_lang

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
