"""The nine lessons of the course, in the order of the rules (the documentation's rules page).

Each lesson's position lights, for the card its task names, only destinations the
lesson accepts (lesson 1 excepted: it is a real deal's start, and its task names the
foundation).
"""

from __future__ import annotations

from ..engine.game import Game
from ..words.i18n import Words
from .lesson import UNDO, Lesson, sparse_position


def _played(game: Game, *moves: str) -> Game:
    for move in moves:
        game.move(move)
    return game


def _blocked() -> Game:
    """Spades: F1 full, F5 down to 3♠; 2♠ on pile 1 and A♠ on pile 2, no reshuffle left. A♠ onto 2♠
    blocks the game (nothing can go anywhere); undone, 2♠ and then A♠ go home and win."""
    return _played(sparse_position({1: ["2S"], 2: ["AS"]}, {"F5": _SPADES_DOWN[:11]}, reshuffles_left=0), "2-1")


_SPADES_DOWN = ["KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S", "AS"]
_DIAMONDS_UP = ["AD", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D", "JD", "QD", "KD"]
_CLUBS_12 = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC"]

LESSONS: tuple[Lesson, ...] = (
    Lesson(
        "layout",
        Words(pl="1. Układ i cel gry", en="1. The layout and the goal"),
        Words(
            pl="16 stosów tworzy podkowę: 1–4 po lewej (1 na dole), 5–12 u góry, 13–16 po prawej. "
            "Pośrodku 8 fundamentów: Asy (F1–F4) nad Królami (F5–F8). Cel: przenieść wszystkie 104 karty "
            "na fundamenty. Widać tylko wierzchnią kartę stosu; pod nią numer stosu i liczba kart.",
            en="16 piles form a horseshoe: 1–4 on the left (1 at the bottom), 5–12 along the top, 13–16 on "
            "the right. Inside, 8 foundations: Aces (F1–F4) over Kings (F5–F8). The goal: move all 104 cards "
            "onto the foundations. Only a pile's top card shows; under it, the pile number and card count.",
        ),
        Words(
            pl="Zadanie: połóż 2♠ ze stosu 15 na fundament A♠.",
            en="Task: put 2♠ from pile 15 on the A♠ foundation.",
        ),
        lambda: Game("CR1-N-AAAAAAB"),
        frozenset({"15-F1"}),
        Words(
            pl="2♠ idzie zaraz po A♠: dotknij stosu 15, potem F1, albo przeciągnij jego kartę na F1.",
            en="2♠ comes right after A♠: tap pile 15, then F1, or drag its card onto F1.",
        ),
    ),
    Lesson(
        "build",
        Words(pl="2. Budowanie na stosach", en="2. Building on piles"),
        Words(
            pl="Wierzchnią kartę stosu kładzie się na wierzchnią kartę innego stosu tego samego koloru "
            "i o jeden wyższą lub niższą: 8♥ na 9♥ albo na 7♥.",
            en="A pile's top card goes onto another pile's top card of the same suit, one rank higher "
            "or lower: 8♥ onto 9♥ or onto 7♥.",
        ),
        Words(pl="Zadanie: połóż 8♥ (stos 1) tam, gdzie pasuje.", en="Task: put 8♥ (pile 1) where it fits."),
        lambda: sparse_position({1: ["8H"], 2: ["9S"], 3: ["10H"], 4: ["9H"], 5: ["7H"]}),
        frozenset({"1-4", "1-5"}),  # both of the rule's examples
        Words(
            pl="Szukaj na wierzchu stosu kiera o jeden wyższego lub niższego niż 8♥.",
            en="Look for a heart one rank above or below 8♥ on top of a pile.",
        ),
    ),
    Lesson(
        "wrap",
        Words(pl="3. Król i As", en="3. King and Ace"),
        Words(
            pl="Na stosach wartości zataczają koło: As kładzie się na Króla tego samego koloru, a Król na Asa. "
            "Przykład z wygranej partii: w 10. ruchu A♠ ze stosu 10 idzie na K♠ na stosie 14.",
            en="On piles, ranks wrap: an Ace goes onto the King of its suit, and a King onto an Ace. "
            "From a won game: at move 10, A♠ from pile 10 goes onto K♠ on pile 14.",
        ),
        Words(
            pl="Zadanie: zagraj ruch z przykładu: A♠ ze stosu 10 na K♠ na stosie 14.",
            en="Task: play the move from the example: A♠ from pile 10 onto K♠ on pile 14.",
        ),
        # F5 stops at 3♠, so that the wrap is the only place for A♠.
        lambda: sparse_position({10: ["3C", "AS"], 14: ["KS"], 3: ["KH"]}, {"F5": _SPADES_DOWN[:11]}),
        frozenset({"10-14"}),
        Words(
            pl="As idzie na Króla swojego koloru: A♠ na K♠.", en="An Ace goes onto the King of its suit: A♠ onto K♠."
        ),
    ),
    Lesson(
        "foundations",
        Words(pl="4. Fundamenty", en="4. The foundations"),
        Words(
            pl="Fundamenty Asa rosną (A, 2 … K), fundamenty Króla maleją (K, D … A), bez zawijania. Karta "
            "nigdy nie wraca na stos, ale wierzchnia karta może przejść na drugi fundament swojego koloru, "
            "jeśli po nim następuje. Karta podstawowa nigdy się nie rusza.",
            en="Ace foundations build up (A, 2 … K), King foundations build down (K, Q … A), with no wrap. "
            "A card never returns to a pile, but a foundation's top card may move to the other foundation of "
            "its suit when it follows. The base card never moves.",
        ),
        Words(
            pl="Zadanie: przenieś 5♠ z fundamentu F1 na fundament Króla pik (F5).",
            en="Task: move 5♠ from foundation F1 onto the King of spades foundation (F5).",
        ),
        lambda: sparse_position(
            {1: ["5S"]}, {"F1": ["AS", "2S", "3S", "4S", "5S"], "F5": ["KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S"]}
        ),
        frozenset({"F1-F5"}),
        Words(
            pl="Fundament F5 maleje do 6♠, więc czeka na 5♠ z F1.",
            en="Foundation F5 has come down to 6♠, so it waits for 5♠ from F1.",
        ),
    ),
    Lesson(
        "limit",
        Words(pl="5. Najwyżej 13 kart", en="5. At most 13 cards"),
        Words(
            pl="Stos mieści najwyżej 13 kart. Na pełny stos nic nie można położyć: "
            "„Ten stos jest pełny; wybierz inne miejsce docelowe”.",
            en="A pile holds at most 13 cards. Nothing can go onto a full pile: "
            "“This pile is full; choose another destination”.",
        ),
        Words(pl="Zadanie: stos 2 jest pełny. Połóż W♥ gdzie indziej.", en="Task: pile 2 is full. Put J♥ elsewhere."),
        lambda: sparse_position({1: ["JH"], 2: [*_CLUBS_12, "QH"], 3: ["10H"]}),
        frozenset({"1-3"}),
        Words(
            pl="Szukaj innego kiera o jeden wyższego lub niższego niż W♥.",
            en="Look for another heart one rank above or below J♥.",
        ),
    ),
    Lesson(
        "empty",
        Words(pl="6. Pusty stos zostaje pusty", en="6. An empty pile stays empty"),
        Words(
            pl="Opróżniony stos pozostaje pusty do końca partii: nie można na nim nic położyć.",
            en="An emptied pile stays empty for the rest of the game: nothing can be placed on it.",
        ),
        Words(
            pl="Zadanie: opróżnij stos 2: połóż 8♦ tam, gdzie pasuje.",
            en="Task: empty pile 2: put 8♦ where it fits.",
        ),
        lambda: sparse_position({1: [], 2: ["8D"], 3: ["9D"], 5: ["7D"]}),
        frozenset({"2-3", "2-5"}),
        Words(pl="8♦ pasuje na 9♦ (stos 3) albo na 7♦ (stos 5).", en="8♦ fits onto 9♦ (pile 3) or 7♦ (pile 5)."),
    ),
    Lesson(
        "reshuffle",
        Words(pl="7. Przetasowanie", en="7. The reshuffle"),
        Words(
            pl="Przetasuj bierze z każdego stosu o co najmniej dwóch kartach kartę ze spodu i kładzie ją "
            "na wierzch. Są 3 na partię. Stos 2♥ 9♣ W♦ W♦ staje się 9♣ W♦ W♦ 2♥.",
            en="Reshuffle takes the bottom card of every pile of two or more cards and puts it on top. There "
            "are 3 per game. The pile 2♥ 9♣ J♦ J♦ becomes 9♣ J♦ J♦ 2♥.",
        ),
        Words(pl="Zadanie: przetasuj.", en="Task: reshuffle."),
        # F4 stops at 9♦ and F8 at K♦: J♦ on pile 1 has nowhere to go, and nothing else moves.
        lambda: sparse_position({1: ["2H", "9C", "JD", "JD"]}, {"F4": _DIAMONDS_UP[:9], "F8": ["KD"]}),
        frozenset({"R"}),
        Words(pl="Naciśnij „Przetasuj”.", en="Press Reshuffle."),
    ),
    Lesson(
        "undo",
        Words(pl="8. Cofanie", en="8. Undo"),
        Words(
            pl="Cofnąć można do 100 ostatnich ruchów; licznik ruchów maleje. Po przetasowaniu historia "
            "zaczyna się od zera: ruchów sprzed niego nie da się cofnąć.",
            en="Undo takes back up to the 100 most recent moves; the move counter goes down. After a "
            "reshuffle the history starts again: moves before it cannot be undone.",
        ),
        Words(pl="Zadanie: cofnij ostatni ruch.", en="Task: undo the last move."),
        lambda: _played(sparse_position({1: ["9H", "8H"], 2: ["7H"]}), "1-2"),
        frozenset({UNDO}),
        Words(pl="Naciśnij „Cofnij”.", en="Press Undo."),
    ),
    Lesson(
        "end",
        Words(pl="9. Wygrana i blokada", en="9. Winning and being blocked"),
        Words(
            pl="Partia jest wygrana, gdy każdy z 8 fundamentów ma 13 kart. Jest zablokowana, gdy nie ma "
            "ruchu ani przetasowania: można wtedy cofnąć ostatni ruch albo zacząć nową partię.",
            en="The game is won when each of the 8 foundations holds 13 cards. It is blocked when no move "
            "and no reshuffle is left: then undo the last move or start a new game.",
        ),
        Words(
            pl="Zadanie: ruch A♠ na 2♠ zablokował partię. Cofnij go, a potem wygraj.",
            en="Task: moving A♠ onto 2♠ blocked the game. Undo it, then win.",
        ),
        _blocked,
        frozenset({UNDO}),
        Words(
            pl="Nie ma ruchu ani przetasowania: zostaje „Cofnij”. Potem 2♠ i A♠ idą na F5.",
            en="No move and no reshuffle is left: Undo is the way out. Then 2♠ and A♠ go onto F5.",
        ),
    ),
)
