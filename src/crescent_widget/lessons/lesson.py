"""A lesson: a prepared position that teaches one rule, and the judge of the learner's answer.

A :class:`Lesson` holds a position, the rule in words, a task, and the answers it
accepts. :meth:`Lesson.try_answer` plays an answer on a game and returns a :class:`Verdict`
saying why it was right or wrong, in Polish or English. :func:`sparse_position`
builds teaching positions from a few named piles; teachers can write their own lessons
with it. A lesson runs on a table: ``Table(lesson=my_lesson)`` (the terminal, a script) or
``CrescentWidget(lesson=my_lesson)`` (a board), which deal it, judge it and offer Try again.

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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from ..checks import refuse_type
from ..engine.cards import ASCII_TEXT, card_index, parse_card_index
from ..engine.codes import base_cards
from ..engine.game import Game
from ..engine.moves import FOUNDATIONS, PILES, Move, Place
from ..errors import ArgumentTypeError, CrescentError, InvalidOptionError, InvalidPositionError, quoted
from ..words.i18n import DEFAULT_LANG, NO_WORDS, REASONS, Lang, Words, check_lang, label, message
from ..words.narration import explain, taken_back, why_refused

FILLER_PILE: int = 6
UNDO = "U"
MAX_KEY_LENGTH = 40  # a key is kept among the lessons done, in a browser's storage too
K = TypeVar("K", int, str)


def sparse_position(
    piles: Mapping[int, Sequence[str]],
    foundations: Mapping[str, Sequence[str]] | None = None,
    reshuffles_left: int = 3,
) -> Game:
    """A legal position with the named piles, every other card tidied away.

    Foundations not given are built as far as the spare cards allow (Ace foundations
    up, then King foundations down); cards still left over go, six at most, into
    the piles not named. Piles are keyed 1–16, foundations ``"F1"``–``"F8"``, each a
    list of card texts, bottom first.

    Raises:
        ArgumentTypeError: ``piles`` or ``foundations`` is not a mapping, or names a list
            of cards that is not a list of texts (reason ``invalid_position``).
        InvalidPositionError: a pile or foundation that does not exist, or named cards that
            make an impossible position.
        InvalidCardError: a text that is not a card.

    >>> g = sparse_position({1: ["8H"], 2: ["9H"]})
    >>> [len(p) for p in g.piles][:2], g.check(1, 2)
    ([1, 1], None)
    >>> sparse_position({17: ["8H"]})
    Traceback (most recent call last):
    ...
    crescent_widget.errors.InvalidPositionError: no pile 17: piles are numbered 1 to 16
    """
    piles = _named(piles, "piles", {number: number for number in range(1, PILES + 1)}, "piles are numbered 1 to 16")
    foundations = _named(
        {} if foundations is None else foundations,
        "foundations",
        {f"F{number}": f"F{number}" for number in range(1, FOUNDATIONS + 1)},
        "foundations are named F1 to F8",
    )
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
    wrong answer gets. ``key`` names the lesson among those a learner has done (at most
    40 characters).

    Raises:
        ArgumentTypeError: a field of the wrong type (reason ``invalid_option``).
        InvalidOptionError: an empty or too long key, no answers, or an answer that is no move.
    """

    key: str
    title: Words
    rule: Words
    task: Words
    setup: Callable[[], Game] = field(repr=False)
    answers: frozenset[str]
    idea: Words = NO_WORDS

    def __post_init__(self) -> None:
        if not isinstance(self.key, str):
            refuse_type("invalid_option", "a lesson's key", "a str", self.key)
        if not 0 < len(self.key) <= MAX_KEY_LENGTH:
            raise InvalidOptionError(f"a lesson's key must be 1 to {MAX_KEY_LENGTH} characters, got {quoted(self.key)}")
        for name in ("title", "rule", "task", "idea"):
            if not isinstance(getattr(self, name), Words):
                refuse_type("invalid_option", f"a lesson's {name}", "Words", getattr(self, name))
        if not callable(self.setup):
            refuse_type("invalid_option", "a lesson's setup", "a function that returns a Game", self.setup)
        if not isinstance(self.answers, frozenset) or not all(isinstance(a, str) for a in self.answers):
            refuse_type("invalid_option", "a lesson's answers", "a frozenset of move texts", self.answers)
        if not self.answers:
            raise InvalidOptionError("a lesson needs at least one answer")
        for answer in self.answers:
            if answer not in ("R", UNDO):
                Move.parse(answer)  # InvalidMoveError (a ValueError) names the one that is no move

    @property
    def buttons(self) -> tuple[str, ...]:
        """The board's buttons that belong to the task (the help is always there)."""
        wanted = {"R": "reshuffle", UNDO: "undo"}
        return ("help", *(wanted[answer] for answer in sorted(self.answers) if answer in wanted))

    def fresh_position(self) -> Game:
        """A fresh copy of the lesson's position.

        Raises:
            ArgumentTypeError: the lesson's ``setup`` gave something else than a Game.
        """
        game = self.setup()
        if not isinstance(game, Game):
            refuse_type("invalid_option", f"lesson {self.key!r}'s setup()", "a Game", game)
        return game

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
        """Judge ``answer`` (a move, ``"R"`` or ``"U"``) as played from ``before``; changes nothing.

        Raises:
            ArgumentTypeError: ``before`` is not a Game, or ``answer`` neither text nor a Move.
        """
        lang = check_lang(lang)
        if not isinstance(before, Game):
            refuse_type("invalid_option", "the position judged", "a Game", before)
        if not isinstance(answer, str | Move):
            refuse_type("invalid_option", "an answer", "a move's text or a Move", answer)
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

        Raises:
            InvalidOptionError: ``reason`` is no refusal reason of the catalogue.

        >>> from crescent_widget.lessons import LESSONS
        >>> from crescent_widget.engine.moves import Move
        >>> lesson = LESSONS[2]
        >>> lesson.refused("same_suit", "en", game=lesson.fresh_position(), attempt=Move.parse("10-3")).text
        'Not yet: A♠ is not the same suit as K♥ on pile 3. Hint: An Ace goes onto the King of its suit: A♠ onto K♠.'
        >>> lesson.refused("same_suit", "en").text
        'Not yet: must be the same suit. Hint: An Ace goes onto the King of its suit: A♠ onto K♠.'
        """
        lang = check_lang(lang)
        if not isinstance(reason, str) or reason not in REASONS:
            raise InvalidOptionError(f"{quoted(reason)} is not a refusal reason of the rules")
        if game is not None and not isinstance(game, Game):
            refuse_type("invalid_option", "the position", "a Game", game)
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


def _named(given: object, what: str, names: Mapping[object, K], which: str) -> dict[K, list[str]]:
    """``given`` checked as a mapping of the places ``names`` knows to lists of card texts."""
    if not isinstance(given, Mapping):
        refuse_type("invalid_position", what, "a mapping of places to lists of cards", given)
    checked: dict[K, list[str]] = {}
    for name, cards in given.items():
        place = names.get(name) if isinstance(name, int | str) and not isinstance(name, bool) else None
        if place is None:
            raise InvalidPositionError(f"no {what[:-1]} {quoted(name)}: {which}")
        if isinstance(cards, str) or not isinstance(cards, list | tuple):
            refuse_type("invalid_position", f"{what[:-1]} {place}", "a list of card texts", cards)
        if not all(isinstance(card, str) for card in cards):
            raise ArgumentTypeError("invalid_position", f"{what[:-1]} {place} must hold card texts only")
        checked[place] = list(cards)
    return checked


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
