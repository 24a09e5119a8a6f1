"""The widget's words: announcements for screen readers, notes, and refusal texts.

Every text is composed in both languages at once (a :class:`~crescent_widget.words.i18n.Words`), so that a
change of :attr:`CrescentWidget.lang` re-translates what is on screen without redoing
the work that produced it (a solver run, a narration of a position long gone).

>>> from crescent_widget import Game, Move
>>> g = Game("CR1-N-AAAAAAB")
>>> announce_action(g, Move.parse("13-14")).text("pl")
'Ruch 1: A♠ ze stosu 13 na K♠ na stosie 14'
>>> cards_word(1, "pl"), cards_word(3, "pl"), cards_word(5, "pl"), cards_word(13, "pl"), cards_word(22, "pl")
('karta', 'karty', 'kart', 'kart', 'karty')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.cards import RANK_ASCII, RANK_PL
from ..engine.codes import VARIANT_RESHUFFLES
from ..engine.moves import RESHUFFLE, Move, Place
from ..engine.positions import CARD_COUNT
from ..engine.records import RecordError
from ..errors import CrescentError
from .i18n import LABELS, NO_WORDS, REASONS, Lang, Words, label, message, plural_form
from .narration import explain, narrate

if TYPE_CHECKING:
    from ..engine.game import Game


def cards_word(count: int, lang: Lang) -> str:
    """ "karta" / "karty" / "kart" (Polish plural forms), "card" / "cards" in English."""
    return label(f"cards_{plural_form(count)}", lang)


def place_text(place: Place, lang: Lang) -> str:
    """``stos 13`` / ``pile 13``, ``fundament F1`` / ``foundation F1``."""
    if place.is_pile:
        return label("place_pile", lang, n=place.name)
    return label("place_foundation", lang, name=place.name)


def action_number(game: Game, move: Move) -> int:
    """The number narration gives ``move`` played from ``game``: moves and reshuffles count apart."""
    if move.is_reshuffle:
        return VARIANT_RESHUFFLES[game.variant] - game.reshuffles_left + 1
    return game.move_count + 1


def announce_action(before: Game, move: Move) -> Words:
    """The narration of a legal move or reshuffle about to be played from ``before``."""
    number = action_number(before, move)
    return Words.of(lambda lang: narrate(before, move, number, lang))


def explain_action(before: Game, move: Move) -> Words:
    """The rule a legal move or reshuffle uses (the teaching mode's note)."""
    return Words.of(lambda lang: explain(before, move, lang))


def game_end(status: str) -> Words:
    """What to add to an announcement when the game has just ended."""
    if status == "won":
        return Words.of(lambda lang: label("won", lang))
    if status == "blocked":
        return Words.of(lambda lang: label("blocked", lang))
    return NO_WORDS


def way_on(game: Game) -> Words:
    """What to say of a game left with no move but a reshuffle: a board that looks frozen to a
    newcomer, though it is not (no words for any other game)."""
    if game.status != "playing" or game.legal_moves() or not game.can_move(RESHUFFLE):
        return NO_WORDS
    left = game.reshuffles_left
    return Words.of(lambda lang: label("only_reshuffle", lang, n=left))


def join(first: Words, second: Words, *, paragraph: bool = False) -> Words:
    """Two sentences in a row (an empty one adds nothing); the first gets its full stop. With
    ``paragraph``, the second starts a line of its own (boards show it so: ``pre-line``).

    >>> join(Words.same("Move 1: A♠ onto 2♠"), Words.same("You won!")).text("en")
    'Move 1: A♠ onto 2♠. You won!'
    >>> join(Words.same("Lost at move 3"), Words.same("Better: 2-5"), paragraph=True).text("en")
    'Lost at move 3.\\nBetter: 2-5'
    """

    def words(lang: Lang) -> str:
        head, tail = first.text(lang), second.text(lang)
        if head and tail and not head.endswith((".", "!", "?")):
            head += "."
        return ("\n" if paragraph else " ").join(t for t in (head, tail) if t)

    return Words.of(words)


def announce_undo(after: Game, move: Move) -> Words:
    """``Cofnięto ruch 3: A♠ wraca na stos 13.`` (``after`` is the game once undone)."""
    card = after.top(move.src)
    if card is None:  # cannot happen after an undo; keep the announcement short anyway
        return NO_WORDS
    number = after.move_count + 1

    def words(lang: Lang) -> str:
        return label("announce_undo", lang, n=number, card=card.text(lang), place=place_text(move.src, lang))

    return Words.of(words)


def announce_selected(game: Game, place: Place, targets: list[Place]) -> Words:
    """``Wybrano A♠ (stos 13). Można położyć na: stos 15, stos 14.``"""
    card = game.top(place)
    if card is None:
        return NO_WORDS
    return Words.of(
        lambda lang: label(
            "announce_selected",
            lang,
            card=card.text(lang),
            place=place_text(place, lang),
            targets=", ".join(place_text(t, lang) for t in targets),
        )
    )


def refusal(err: CrescentError, lang: Lang) -> str:
    """The message of a refusal in ``lang``; a bad replay entry names its number and reason."""
    if isinstance(err, RecordError):
        reason = message(err.reason, lang) if err.reason in REASONS else str(err).split(": ", 1)[-1]
        return label("replay_bad", lang, n=err.number, entry=err.entry, reason=reason)
    return err.text(lang)


def labels(lang: Lang) -> dict[str, Any]:
    """Every interface text in one language, straight from the i18n catalogue (the ``labels`` trait).

    Templates keep their ``{n}``-style placeholders; the front end fills them in, so the
    texts have one source (``crescent_widget.words.i18n``) and the front end ships none.
    ``cards_counted[n]`` is the word after ``n`` cards (:func:`cards_word`), for every
    count a place can hold, so the plural rule has one home too.
    """
    texts: dict[str, Any] = {key: by_lang[lang] for key, by_lang in LABELS.items() if not key.startswith("terminal_")}
    names = RANK_PL if lang == "pl" else RANK_ASCII
    texts["ranks"] = {RANK_ASCII[rank]: names[rank] for rank in range(1, 14)}
    texts["cards_counted"] = [cards_word(count, lang) for count in range(CARD_COUNT + 1)]
    return texts
