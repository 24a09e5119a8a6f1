"""A lesson: a prepared position that teaches one rule, and the judge of the learner's answer.

A :class:`Lesson` holds a position, the rule in words, a task, and the answers it
accepts. :meth:`Lesson.check` plays an answer on a game and returns a :class:`Verdict`
saying why it was right or wrong, in Polish or English. :func:`sparse_position`
builds teaching positions from a few named piles; teachers can write their own lessons
with it.

>>> from crescent_widget.lessons import LESSONS
>>> lesson = LESSONS[2]
>>> game = lesson.fresh_position()
>>> lesson.try_answer(game, "10-14", "en").text
'Right! A♠ went onto K♠ on pile 14: on piles, ranks wrap from King to Ace.'
>>> lesson.try_answer(lesson.fresh_position(), "10-3", "pl").text
'Jeszcze nie: A♠ nie jest tego samego koloru co K♥ na stosie 3. Wskazówka: As idzie na Króla swojego koloru: A♠ na K♠.'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..deprecation import renamed
from ..engine.cards import ASCII_TEXT, card_index, parse_card_index
from ..engine.codes import base_cards
from ..engine.game import Game
from ..engine.moves import Move, Place
from ..errors import CrescentError
from ..words.i18n import DEFAULT_LANG, NO_WORDS, Lang, Words, check_lang, label, message
from ..words.narration import explain, taken_back, why_refused

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

    def fresh_position(self) -> Game:
        """A fresh copy of the lesson's position."""
        return self.setup()

    new_game = renamed(fresh_position, "new_game", "Lesson")

    def text(self, lang: str = DEFAULT_LANG) -> str:
        """Title, rule and task, ready to print."""
        return f"{self.title.text(lang)}\n\n{self.rule.text(lang)}\n\n{self.task.text(lang)}"

    def markdown(self, lang: str = DEFAULT_LANG) -> str:
        """Title, rule and task as Markdown, for a notebook to render (it wraps between words).

        >>> from crescent_widget.lessons import LESSONS
        >>> print(LESSONS[0].markdown("en").splitlines()[0])
        ### 1. The layout and the goal
        """
        return f"### {self.title.text(lang)}\n\n{self.rule.text(lang)}\n\n**{self.task.text(lang)}**"

    def judge(self, before: Game, answer: str | Move, lang: str = DEFAULT_LANG) -> Verdict:
        """Judge ``answer`` (a move, ``"R"`` or ``"U"``) as played from ``before``; changes nothing."""
        lang = check_lang(lang)
        if isinstance(answer, str) and answer.strip().upper() == UNDO:
            if not before.can_undo():
                why = after_colon(message("nothing_to_undo", lang))
                return Verdict(False, label("verdict_illegal", lang) + why, "nothing_to_undo")
            if UNDO not in self.answers:
                return self._wrong(label("verdict_other_undo", lang), lang)
            return Verdict(True, label("verdict_undone", lang, move=before.history[-1]))
        try:
            move = Move.parse(answer) if isinstance(answer, str) else answer
            reason = before.check(move)
        except CrescentError as err:
            return self._illegal(after_colon(err.text(lang)), err.reason, lang)
        if reason is not None:
            return self._illegal(
                why_refused(before, move, reason, lang) or after_colon(message(reason, lang)), reason, lang
            )
        concrete = before.resolve(move)
        if str(concrete) in self.answers:
            return Verdict(True, label("verdict_right", lang) + explain(before, concrete, lang))
        return self._wrong(taken_back(before, concrete, lang, self._wanted_destination(concrete)), lang)

    def _wanted_destination(self, move: Move) -> Place | None:
        """Where the task wants the card ``move`` moved, when the answers agree on one place (else ``None``)."""
        answers = [Move.parse(answer) for answer in self.answers if answer not in ("R", UNDO)]
        places = {answer.dst for answer in answers if not move.is_reshuffle and answer.src == move.src}
        return places.pop() if len(places) == 1 else None

    def refused(
        self, reason: str, lang: str = DEFAULT_LANG, *, game: Game | None = None, attempt: Move | Place | None = None
    ) -> Verdict:
        """The verdict on an attempt at the task that the rules refused (an illegal tap or drag on
        the lesson's board): the rule's reason (``reason``, a refusal code), then the right idea.

        Given the position (``game``) and what was tried there (``attempt``: the move, or the
        tapped place whose card has nowhere to go), the reason names the cards; else it is the
        rule's own message.

        >>> from crescent_widget.lessons import LESSONS
        >>> from crescent_widget.engine.moves import Move
        >>> lesson = LESSONS[2]
        >>> lesson.refused("same_suit", "en", game=lesson.fresh_position(), attempt=Move.parse("10-3")).text
        'Not yet: A♠ is not the same suit as K♥ on pile 3. Hint: An Ace goes onto the King of its suit: A♠ onto K♠.'
        >>> lesson.refused("same_suit", "en").text
        'Not yet: must be the same suit. Hint: An Ace goes onto the King of its suit: A♠ onto K♠.'
        """
        lang = check_lang(lang)
        named = None if game is None or attempt is None else why_refused(game, attempt, reason, lang)
        return self._illegal(named or after_colon(message(reason, lang)), reason, lang)

    def _illegal(self, why: str, reason: str, lang: Lang) -> Verdict:
        """An answer the rules forbid: nothing happened; why not, and the idea to try instead."""
        idea = self.idea.text(lang)
        hint = label("verdict_hint", lang, idea=idea) if idea else ""
        return Verdict(False, label("verdict_illegal", lang) + why + hint, reason)

    def _wrong(self, what: str, lang: Lang) -> Verdict:
        """A legal answer that does not do the task: what it did, that it is taken back, and the idea."""
        text = label("verdict_other", lang) + label("verdict_taken_back", lang, what=what) + self.idea.text(lang)
        return Verdict(False, text.strip(), taken_back=True)

    def try_answer(self, game: Game, answer: str | Move, lang: str = DEFAULT_LANG) -> Verdict:
        """Judge ``answer`` and play it on ``game`` if it does the task.

        Any other answer changes nothing: an illegal one gets the rule's reason and the hint
        of the right idea, a legal one that does not do the task is taken back at once (so
        the task stays doable) with what it did and that hint.
        """
        verdict = self.judge(game, answer, lang)
        if verdict.correct:
            if isinstance(answer, str) and answer.strip().upper() == UNDO:
                game.undo()
            else:
                game.move(answer)
        return verdict

    check = renamed(try_answer, "check", "Lesson")

    def widget(self, lang: str = DEFAULT_LANG, **options: Any) -> CrescentWidget:
        """A live widget on the lesson's position that judges every action of the learner.

        The rule and the task show above the board, with Try again; after each action of
        the learner the note holds the verdict. Options go to ``CrescentWidget`` (``teach=True``
        by default, so legal destinations light up).
        """
        from ..widget import CrescentWidget

        options.setdefault("teach", True)
        return CrescentWidget(lesson=self, lang=lang, **options)

    def attach(self, widget: CrescentWidget) -> Callable[[], None]:
        """Make ``widget`` this lesson's board: its position, rule, task, buttons and judge.

        The same as ``widget.start_lesson(lesson)`` (see
        :meth:`~crescent_widget.CrescentWidget.start_lesson`). Returns a function that
        detaches the lesson again (the widget keeps its position).
        """
        widget.start_lesson(self)
        return widget.end_lesson


def after_colon(text: str) -> str:
    """A sentence as it goes on after "Not yet: " (its first letter small: a rule's message starts a sentence).

    >>> after_colon("Must be the same suit")
    'must be the same suit'
    """
    return text[:1].lower() + text[1:]


def full_foundations() -> dict[str, list[str]]:
    """All 8 foundations complete (every card played), for building end-game positions.

    Trim one and put the missing cards on piles:

    >>> found = full_foundations(); found["F5"] = found["F5"][:-1]  # A♠ not yet home
    >>> sparse_position({1: ["AS"]}, found).check(1, "F")
    """
    up = [ASCII_TEXT[card_index(suit, rank)] for suit in range(4) for rank in range(1, 14)]
    return {f"F{i + 1}": up[13 * (i % 4) : 13 * (i % 4) + 13][:: 1 if i < 4 else -1] for i in range(8)}
