"""Lessons: prepared positions that teach one rule each, and check the learner's answer.

A :class:`Lesson` holds a position, the rule in words, a task, and the answers it
accepts. :meth:`Lesson.check` plays an answer on a game and returns a :class:`Verdict`
saying why it was right or wrong, in Polish or English. :func:`sparse_position`
builds teaching positions from a few named piles; teachers can write their own lessons
with it.

>>> lesson = LESSONS[2]
>>> game = lesson.new_game()
>>> lesson.check(game, "10-14", "en").text
'Right! A♠ went onto K♠: on piles, ranks wrap from King to Ace.'
>>> lesson.check(lesson.new_game(), "10-3", "pl").text
'Jeszcze nie: Musi być tego samego koloru'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..engine.cards import ASCII_TEXT, card_index, parse_card_index
from ..engine.codes import base_cards
from ..engine.game import Game
from ..engine.moves import Move
from ..errors import CrescentError
from .i18n import DEFAULT_LANG, NO_WORDS, Lang, Words, check_lang, label, message
from .narration import explain

if TYPE_CHECKING:
    from ..widget import CrescentWidget

FILLER_PILE: int = 6
UNDO = "U"


def sparse_position(
    piles: Mapping[int, list[str]],
    foundations: Mapping[str, list[str]] | None = None,
    reshuffles_left: int = 3,
) -> Game:
    """A legal position with the named piles, every other card tidied away.

    Foundations not given are built as far as the spare cards allow (Ace foundations
    up, then King foundations down); cards still left over go, six at most, into
    the piles not named. Piles are keyed 1–16, foundations ``"F1"``–``"F8"``.

    Raises:
        InvalidPositionError: the named cards make an impossible position.

    >>> g = sparse_position({1: ["8H"], 2: ["9H"]})
    >>> [len(p) for p in g.piles][:2], g.check(1, 2)
    ([1, 1], None)
    """
    foundations = dict(foundations or {})
    used = Counter(parse_card_index(c) for pile in piles.values() for c in pile)
    used.update(parse_card_index(c) for f in foundations.values() for c in f)
    spare = Counter({card: 2 for card in range(52)})
    spare.subtract(used)
    spare.subtract(base for index, base in enumerate(base_cards()) if f"F{index + 1}" not in foundations)
    found_lists: list[list[str]] = []
    for index, base in enumerate(base_cards()):
        name = f"F{index + 1}"
        if name in foundations:
            found_lists.append(list(foundations[name]))
            continue
        step = 1 if index < 4 else -1
        cards = [base]
        while 0 <= (cards[-1] % 13) + step <= 12 and spare[cards[-1] + step] > 0:
            cards.append(cards[-1] + step)
            spare[cards[-1]] -= 1
        found_lists.append([ASCII_TEXT[c] for c in cards])
    leftovers = [card for card in range(52) for _ in range(max(spare[card], 0))]
    pile_lists = []
    for number in range(1, 17):
        if number in piles:
            pile_lists.append(list(piles[number]))
        else:
            pile_lists.append([ASCII_TEXT[c] for c in leftovers[:FILLER_PILE]])
            leftovers = leftovers[FILLER_PILE:]
    return Game.from_layout(pile_lists, found_lists, reshuffles_left)


@dataclass(frozen=True)
class Verdict:
    """The outcome of an answer: whether it was right, and why, in one language."""

    correct: bool
    text: str
    reason: str | None = None  # the rule an illegal answer breaks
    taken_back: bool = False  # a legal answer that does not do the task: the lesson takes it back

    @property
    def tone(self) -> str:
        """``"right"`` or ``"wrong"``: how a board marks the verdict (colour and symbol)."""
        return "right" if self.correct else "wrong"


@dataclass(frozen=True)
class Lesson:
    """One rule, a position that shows it, a task, and the answers that solve it.

    ``title``, ``rule`` and ``task`` are :class:`~crescent_widget.words.i18n.Words`, read with
    ``.text(lang)``. ``answers`` are move texts (``"10-14"``, ``"1-F"`` — compared after ``F`` resolves),
    ``"R"`` for a reshuffle or ``"U"`` for undo. ``idea`` is the hint of the right idea that a
    wrong answer gets.
    """

    key: str
    title: Words
    rule: Words
    task: Words
    setup: Callable[[], Game] = field(repr=False)
    answers: frozenset[str]
    idea: Words = NO_WORDS

    @property
    def buttons(self) -> tuple[str, ...]:
        """The board's buttons that belong to the task (the help is always there)."""
        wanted = {"R": "reshuffle", UNDO: "undo"}
        return ("help", *(wanted[answer] for answer in sorted(self.answers) if answer in wanted))

    def new_game(self) -> Game:
        """A fresh copy of the lesson's position."""
        return self.setup()

    def text(self, lang: str = DEFAULT_LANG) -> str:
        """Title, rule and task, ready to print."""
        return f"{self.title.text(lang)}\n\n{self.rule.text(lang)}\n\n{self.task.text(lang)}"

    def markdown(self, lang: str = DEFAULT_LANG) -> str:
        """Title, rule and task as Markdown, for a notebook to render (it wraps between words).

        >>> print(LESSONS[0].markdown("en").splitlines()[0])
        ### 1. The layout and the goal
        """
        return f"### {self.title.text(lang)}\n\n{self.rule.text(lang)}\n\n**{self.task.text(lang)}**"

    def judge(self, before: Game, answer: str | Move, lang: str = DEFAULT_LANG) -> Verdict:
        """Judge ``answer`` (a move, ``"R"`` or ``"U"``) as played from ``before``; changes nothing."""
        lang = check_lang(lang)
        if isinstance(answer, str) and answer.strip().upper() == UNDO:
            if not before.can_undo():
                return Verdict(
                    False, label("verdict_illegal", lang) + message("nothing_to_undo", lang), "nothing_to_undo"
                )
            if UNDO not in self.answers:
                return self._wrong(label("verdict_other_undo", lang), lang)
            return Verdict(True, label("verdict_undone", lang, move=before.history[-1]))
        try:
            move = Move.parse(answer) if isinstance(answer, str) else answer
            reason = before.check(move)
        except CrescentError as err:
            return Verdict(False, label("verdict_illegal", lang) + err.text(lang), err.reason)
        if reason is not None:
            return Verdict(False, label("verdict_illegal", lang) + message(reason, lang), reason)
        concrete = before.resolve(move)
        if str(concrete) in self.answers:
            return Verdict(True, label("verdict_right", lang) + explain(before, concrete, lang))
        return self._wrong(explain(before, concrete, lang), lang)

    def _wrong(self, what: str, lang: Lang) -> Verdict:
        """A legal answer that does not do the task: what it did, that it is taken back, and the idea."""
        text = label("verdict_other", lang) + label("verdict_taken_back", lang, what=what) + self.idea.text(lang)
        return Verdict(False, text.strip(), taken_back=True)

    def check(self, game: Game, answer: str | Move, lang: str = DEFAULT_LANG) -> Verdict:
        """Judge ``answer`` and play it on ``game`` if it does the task.

        Any other answer changes nothing: an illegal one gets the rule's reason, a legal
        one that does not do the task is taken back at once (so the task stays doable)
        with what it did and the hint of the right idea.
        """
        verdict = self.judge(game, answer, lang)
        if verdict.correct:
            if isinstance(answer, str) and answer.strip().upper() == UNDO:
                game.undo()
            else:
                game.move(answer)
        return verdict

    def widget(self, lang: str = DEFAULT_LANG, **options: Any) -> CrescentWidget:
        """A live widget on the lesson's position that judges every action of the learner.

        The task shows in the widget's note line at first; after each action of the
        learner the note holds the verdict. Options go to ``CrescentWidget`` (``teach=True``
        by default, so legal destinations light up).
        """
        from ..widget import CrescentWidget

        options.setdefault("teach", True)
        widget = CrescentWidget.from_game(self.new_game(), lang=lang, **options)
        self.attach(widget)
        return widget

    def attach(self, widget: CrescentWidget) -> Callable[[], None]:
        """Make ``widget`` this lesson's board: its position, its task, its buttons, its judge.

        Every action of the learner is judged: a right one is praised with the rule it used;
        a legal one that does not do the task is taken back at once, with what it did and the
        hint of the right idea; Undo (unless it is the task) clears the last verdict. Returns
        a function that detaches the lesson again (the widget keeps its position).
        """
        widget.load(self.new_game())
        widget.lesson_buttons = list(self.buttons)
        widget.show_note(self.task.text(widget.lang))
        before = [widget.game.copy()]

        def judge_action(kind: str, move: Move | None, *_: object) -> None:
            answer: str | Move | None = {"undo": UNDO, "reshuffle": "R"}.get(kind, move)
            if kind == "undo" and UNDO not in self.answers:
                widget.show_note(self.task.text(widget.lang))  # Undo clears the last verdict
            elif kind != "new_game" and answer is not None:
                verdict = self.judge(before[0], answer, widget.lang)
                if verdict.taken_back:
                    widget.load(before[0].copy())  # at once, so that the task stays doable
                widget.show_note(verdict.text, tone=verdict.tone)
            before[0] = widget.game.copy()

        def detach() -> None:
            widget.on_action(judge_action, remove=True)
            widget.lesson_buttons = []

        widget.on_action(judge_action)
        return detach


def _played(game: Game, *moves: str) -> Game:
    for move in moves:
        game.move(move)
    return game


def full_foundations() -> dict[str, list[str]]:
    """All 8 foundations complete (every card played), for building end-game positions.

    Trim one and put the missing cards on piles:

    >>> found = full_foundations(); found["F5"] = found["F5"][:-1]  # A♠ not yet home
    >>> sparse_position({1: ["AS"]}, found).check(1, "F")
    """
    up = [ASCII_TEXT[card_index(suit, rank)] for suit in range(4) for rank in range(1, 14)]
    return {f"F{i + 1}": up[13 * (i % 4) : 13 * (i % 4) + 13][:: 1 if i < 4 else -1] for i in range(8)}


def _almost_won() -> Game:
    foundations = full_foundations()
    foundations["F5"] = foundations["F5"][:-1]
    return sparse_position({1: ["AS"]}, foundations)


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
            pl="2♠ idzie zaraz po A♠: dotknij stosu 15 albo przeciągnij jego kartę na F1.",
            en="2♠ comes right after A♠: tap pile 15, or drag its card onto F1.",
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
        lambda: sparse_position({1: ["8H"], 2: ["9S"], 3: ["10H"], 4: ["9H"]}),
        frozenset({"1-4"}),
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
        Words(pl="Zadanie: zagraj ruch z przykładu.", en="Task: play the move from the example."),
        lambda: sparse_position({10: ["3C", "AS"], 14: ["KS"], 3: ["KH"]}),
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
        Words(pl="Zadanie: opróżnij stos 2, kładąc 8♦ na 9♦.", en="Task: empty pile 2 by putting 8♦ onto 9♦."),
        lambda: sparse_position({1: [], 2: ["8D"], 3: ["9D"]}),
        frozenset({"2-3"}),
        Words(pl="9♦ leży na stosie 3.", en="9♦ is on pile 3."),
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
        Words(pl="Zadanie: przetasuj (R).", en="Task: reshuffle (R)."),
        lambda: sparse_position({1: ["2H", "9C", "JD", "JD"]}),
        frozenset({"R"}),
        Words(pl="Naciśnij „Przetasuj” (albo klawisz R).", en="Press Reshuffle (or the R key)."),
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
        Words(pl="Zadanie: cofnij ostatni ruch (U).", en="Task: undo the last move (U)."),
        lambda: _played(sparse_position({1: ["9H", "8H"], 2: ["7H"]}), "1-2"),
        frozenset({UNDO}),
        Words(pl="Naciśnij „Cofnij” (albo klawisz U).", en="Press Undo (or the U key)."),
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
        Words(pl="Zadanie: połóż A♠ na fundament i wygraj.", en="Task: put A♠ on a foundation and win."),
        _almost_won,
        frozenset({"1-F5"}),
        Words(
            pl="Fundament Króla pik (F5) czeka już tylko na A♠.",
            en="The King of spades foundation (F5) waits only for A♠.",
        ),
    ),
)
