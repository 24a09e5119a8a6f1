"""The Crescent game: position, rules, reshuffle, undo, status and saves.

:class:`Game` is the single judge of legality. Its state is kept as plain lists of
card ints so that a solver or a random playout runs millions of moves through the
same rules a click does.

>>> g = Game("CR1-N-AAAAAAB")
>>> g.top(13), g.top(14)
(Card.parse('AS'), Card.parse('KS'))
>>> g.move(13, 14)
Move.parse('13-14')
>>> g.check(14, 1)
'same_suit'
>>> g.move_count, g.undo(), g.move_count
(1, Move.parse('13-14'), 0)
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Final, Literal

from ..errors import (
    ArgumentTypeError,
    HiddenCardsError,
    IllegalMoveError,
    InvalidCodeError,
    InvalidMoveError,
    InvalidOptionError,
    InvalidPositionError,
    quoted,
)
from ..lang import DEFAULT_LANG
from .cards import ASCII_TEXT, Card
from .codes import (
    FACE_DOWN_DEAL,
    VARIANT_RESHUFFLES,
    base_cards,
    check_variant,
    deal,
    format_code,
    parse_code,
    random_deal_number,
)
from .moves import (
    FIRST_FOUNDATION_INDEX,
    PILES,
    RESHUFFLE,
    RESHUFFLE_INDEX,
    RESHUFFLE_PLACE,
    Move,
    PlaceLike,
)
from .positions import (
    CARD_COUNT,
    check_face_down,
    check_position,
    check_reshuffles,
    format_position,
    parse_layout,
    parse_position,
)
from .records import RESULTS, GameRecord, format_record, from_save, to_save
from .restore import check_clock, checked_state
from .rules import can_progress, legal_pairs, move_reason, reshuffle_piles
from .views import PositionView
from .winnable import random_winnable_number

Status = Literal["playing", "won", "blocked"]
UNDO_LIMIT: Final = 100

MoveArg = Move | PlaceLike


class Game(PositionView):
    """One game of Crescent.

    Args:
        code: a game code such as ``"CR1-N-AAAAAAB"``; ``None`` deals a random game.
        variant: for a random deal, ``"N"`` (standard, the default), ``"F"`` (Crescent
            Four: a fourth reshuffle) or ``"H"`` (face-down deal); a code names its own.
        clock: a function returning seconds (``time.monotonic`` by default); tests
            inject their own so that nothing sleeps.

    Raises:
        InvalidCodeError: the code is malformed or names an unimplemented variant.
        InvalidOptionError: ``clock`` is not a function returning seconds.

    A Game is not thread-safe: it is a plain mutable object, like python-chess's
    ``Board``. Share one between threads only behind a lock, or through a
    :class:`~crescent_widget.table.Table`, which serializes its actions and views.
    Every way a game enters from outside (a code, :meth:`from_layout`,
    :meth:`from_position`, :meth:`from_dict`, :meth:`from_record`, a pickle or
    ``copy.deepcopy`` through ``__setstate__``) is checked: only a legal position that
    follows from its start by its actions loads. Two games are equal when their positions
    are (:meth:`position`), whatever led to them.
    """

    __slots__ = (
        "_clock",
        "_code",
        "_face_down",
        "_found_count",
        "_foundations",
        "_history",
        "_last_action_at",
        "_log",
        "_move_count",
        "_piles",
        "_places",
        "_reshuffles_left",
        "_revision",
        "_start",
        "_started_at",
        "_status_cache",
        "_variant",
    )

    def __init__(
        self, code: str | None = None, *, variant: str | None = None, clock: Callable[[], float] | None = None
    ) -> None:
        if code is None:
            code = format_code(random_deal_number(), variant or "N")
        number, code_variant = parse_code(code)
        if variant is not None and check_variant(variant) != code_variant:
            raise InvalidCodeError(f"game code {quoted(code)} is variant {code_variant}, not {quoted(variant)}")
        variant = code_variant
        clock = check_clock(clock)
        piles = deal(number)
        self._setup(piles, [[base] for base in base_cards()], variant, format_code(number, variant), clock)
        if FACE_DOWN_DEAL[variant]:
            self._face_down = [len(pile) - 1 for pile in piles]

    def _setup(  # noqa: PLR0917  (private; every caller passes the full state)
        self,
        piles: list[list[int]],
        foundations: list[list[int]],
        variant: str,
        code: str | None,
        clock: Callable[[], float] | None,
        reshuffles_left: int | None = None,
    ) -> None:
        self._piles = piles
        self._foundations = foundations
        self._places = piles + foundations  # the same list objects, indexed by place
        self._variant = variant
        self._code = code
        self._reshuffles_left = VARIANT_RESHUFFLES[variant] if reshuffles_left is None else reshuffles_left
        # (src, dst, flipped, move): flipped is 1 when the move turned a face-down card up;
        # the played Move is kept so that undo and `history` hand it back without rebuilding it.
        self._history: deque[tuple[int, int, int, Move]] = deque(maxlen=UNDO_LIMIT)
        self._face_down = [0] * PILES  # face-down cards at the bottom of each pile
        self._log: list[tuple[int, int]] = []  # engine indices of every action since the start; undo pops
        self._start: tuple[list[list[int]], list[list[int]], int, list[int]] | None = None
        self._move_count = 0
        self._found_count = sum(len(f) for f in foundations)
        self._clock = clock or time.monotonic
        self._started_at: float | None = None
        self._last_action_at = 0.0
        self._revision = 0
        self._status_cache: tuple[int, Status] = (-1, "playing")

    # ----------------------------------------------------------------- constructors

    @classmethod
    def from_number(cls, number: int, variant: str = "N", *, clock: Callable[[], float] | None = None) -> Game:
        """The game of a deal number: ``Game.from_number(1).code == 'CR1-N-AAAAAAB'``.

        Raises:
            InvalidCodeError: the number is out of range or the variant unknown.
        """
        return cls(format_code(number, variant), clock=clock)

    @classmethod
    def random(cls, winnable: bool = False, *, variant: str = "N", clock: Callable[[], float] | None = None) -> Game:
        """A random deal; with ``winnable=True``, one the solver has proven winnable (at once).

        A deal won in the standard game is winnable in Crescent Four too (one more
        reshuffle, never forced), and in the face-down deal by a player who guesses well.

        >>> Game.random(winnable=True).status
        'playing'
        >>> Game.random(variant="F").reshuffles_left
        4
        """
        if not isinstance(winnable, bool):
            raise InvalidOptionError(f"winnable must be True or False, got {quoted(winnable)}")
        if not winnable:
            return cls(variant=variant, clock=clock)
        return cls.from_number(random_winnable_number(), variant, clock=clock)

    @classmethod
    def from_layout(
        cls,
        piles: list[list[str]],
        foundations: list[list[str]],
        reshuffles_left: int = 3,
        *,
        variant: str = "N",
        face_down: list[int] | None = None,
        clock: Callable[[], float] | None = None,
    ) -> Game:
        """A game from any position, for teaching and tests.

        Args:
            piles: 16 lists of card texts, bottom to top (an empty list is an emptied pile).
            foundations: 8 lists, F1–F8, base first.
            reshuffles_left: 0 up to the variant's allowance.
            variant: ``"N"``, ``"F"`` (Crescent Four) or ``"H"`` (face-down deal).
            face_down: for variant ``H``, how many cards at the bottom of each pile are
                face down (the top card of a pile is always face up). Default: none.

        Raises:
            InvalidPositionError: the cards are not 104 with each exactly twice, a pile
                holds more than 13, a foundation is out of sequence, or the count is off.

        >>> start = Game("CR1-N-AAAAAAB")
        >>> piles = [[c.ascii for c in p] for p in start.piles]
        >>> piles[0], piles[1] = piles[0][:2], piles[1] + piles[0][2:]  # 4 cards from pile 1 onto 2
        >>> g = Game.from_layout(piles, [["AS"], ["AH"], ["AC"], ["AD"], ["KS"], ["KH"], ["KC"], ["KD"]], 1)
        >>> len(g.pile(1)), len(g.pile(2)), g.reshuffles_left, g.code
        (2, 10, 1, None)
        """
        check_variant(variant)
        pile_ints, found_ints = parse_layout(piles, foundations)
        return cls._from_cards(pile_ints, found_ints, reshuffles_left, variant, face_down, clock)

    @classmethod
    def _from_cards(  # noqa: PLR0917  (private; both callers pass the full position)
        cls,
        piles: list[list[int]],
        foundations: list[list[int]],
        reshuffles_left: object,
        variant: str,
        face_down: object,
        clock: Callable[[], float] | None,
    ) -> Game:
        """A game at a position of card ints, every rule of a position checked first."""
        check_position(piles, foundations)
        left = check_reshuffles(reshuffles_left, VARIANT_RESHUFFLES[variant])
        clock = check_clock(clock)
        # A constructor: `self` is the game being built (the stdlib's idiom, e.g. pathlib).
        self = cls.__new__(cls)
        self._setup(piles, foundations, variant, None, clock, left)
        self._face_down = check_face_down(face_down, piles, FACE_DOWN_DEAL[variant])
        self._start = ([p[:] for p in piles], [f[:] for f in foundations], left, self._face_down[:])
        return self

    @classmethod
    def from_position(cls, text: str, *, clock: Callable[[], float] | None = None) -> Game:
        """A game at the position a position text describes (see :meth:`position`).

        Like :meth:`from_layout` it has no game code and no history: it starts there.

        Raises:
            InvalidPositionError: the text is not a position text, or the position breaks
                the rules of a position (each card twice, piles of at most 13 …).

        >>> g = Game("CR1-H-AAAAAAB"); _ = g.move("13-14")
        >>> again = Game.from_position(g.position())
        >>> again == g, again.code, again.face_down(1)
        (True, None, 5)
        """
        piles, foundations, left, variant, face_down = parse_position(text)
        return cls._from_cards(piles, foundations, left, variant, face_down, clock)

    @classmethod
    def from_dict(cls, data: dict[str, Any], *, clock: Callable[[], float] | None = None) -> Game:
        """Restore a game saved with :meth:`to_dict`.

        The save's moves are replayed from its start (the deal of its code, or its
        layout), so only a position that really follows from them loads.

        Raises:
            InvalidPositionError: the save is incomplete, damaged (its checksum no
                longer matches) or inconsistent (its moves do not lead to its position).
        """
        # A constructor: `self` is the game being built (the stdlib's idiom, e.g. pathlib).
        self, undo_depth, elapsed = from_save(data, cls, clock)
        while len(self._history) > undo_depth:
            self._history.popleft()
        if self._log or elapsed:
            now = self._clock()
            self._started_at, self._last_action_at = now - elapsed, now
        return self

    def to_dict(self) -> dict[str, Any]:
        """The game as plain JSON data, restorable with :meth:`from_dict`.

        Holds the code (or the start layout), every action since the start, the
        position, the undo depth and the clock, sealed with a checksum.

        >>> import json
        >>> g = Game("CR1-N-AAAAAAB"); _ = g.move("13-14")
        >>> Game.from_dict(json.loads(json.dumps(g.to_dict()))).pile(14)[-1]
        Card.parse('AS')
        """
        return to_save(self)

    @classmethod
    def from_record(cls, text: str, *, clock: Callable[[], float] | None = None) -> Game:
        """Replay a text record (see :meth:`record`); its headers are read and set aside
        (:class:`~crescent_widget.engine.records.GameRecord` keeps them).

        Raises:
            InvalidCodeError: the record's code is malformed.
            RecordError: an entry is malformed or illegal; ``.number`` says which.
            InvalidPositionError: a malformed header line, or a result token (``won``,
                ``blocked``, ``*``) that the moves do not reach.
        """
        return GameRecord.parse(text).game(clock=clock)

    def record(self, headers: Mapping[str, str] | None = None) -> str:
        """The game as a text record: ``headers`` (``[Key "value"]`` lines, as PGN's), its code,
        every move and reshuffle since the deal, and its result (``won``, ``blocked``, or ``*``
        while it is played).

        >>> print(Game("CR1-N-AAAAAAB").record({"Player": "Ann", "Date": "2026.11.01"}))
        [Player "Ann"]
        [Date "2026.11.01"]
        CR1-N-AAAAAAB
        *

        Raises:
            InvalidPositionError: a position made with :meth:`from_layout` has no game code to
                replay from (save it with :meth:`to_dict` instead).
            InvalidOptionError: a header key that is not a word, or a value with a line break.
        """
        if self._code is None:
            raise InvalidPositionError("a position made with from_layout has no game code; use to_dict() to save it")
        return format_record(self._code, self.actions, headers=headers, result=RESULTS[self.status])

    def root(self) -> Game:
        """A new game at this game's start: its deal, or the layout it was made from (as python-chess's ``root``).

        >>> g = Game("CR1-N-AAAAAAB"); _ = g.move("13-14"); g.reshuffle()
        >>> start = g.root()
        >>> start.code, start.move_count, start.reshuffles_left
        ('CR1-N-AAAAAAB', 0, 3)
        >>> start.position_key == Game("CR1-N-AAAAAAB").position_key
        True
        """
        layout = self.start_layout
        if layout is None:
            return Game(self._code, clock=self._clock)
        return Game.from_layout(**layout, variant=self._variant, clock=self._clock)

    def at(self, actions: int) -> Game:
        """A new game: this one after its first ``actions`` actions (0: :meth:`root`; moves and
        reshuffles count alike, as in :attr:`actions`).

        A review's positions are numbered so: ``game.at(found.turning_point - 1)`` is the
        position before the action that lost the game. This game is not changed.

        Raises:
            ArgumentTypeError: ``actions`` is not an int.
            InvalidOptionError: ``actions`` is not from 0 to ``len(game.actions)``.

        >>> g = Game("CR1-N-AAAAAAB"); _ = g.move("13-14"); g.reshuffle(); _ = g.move("1-8")
        >>> g.at(1).actions, g.at(2).reshuffles_left, g.at(3) == g
        ((Move.parse('13-14'),), 2, True)
        """
        if isinstance(actions, bool) or not isinstance(actions, int):
            raise ArgumentTypeError("invalid_option", f"actions must be an int, not {type(actions).__name__}")
        if not 0 <= actions <= len(self._log):
            raise InvalidOptionError(f"actions must be from 0 to {len(self._log)} (the game's), got {actions}")
        game = self.root()
        for src, dst in self._log[:actions]:
            game.move(Move.from_indices(src, dst))  # checked again: the log is this game's own
        return game

    def perft(self, depth: int) -> int:
        """The number of sequences of ``depth`` legal actions from this position (reshuffles included).

        As chess engines count them to pin their move generators: ``perft(1)`` is
        ``len(legal_actions())``, and each deeper count adds every action of every
        position before it (:mod:`crescent_widget.engine.perft`; the documentation's
        rules page has deal 1's table). Face-down cards count as the cards they are.

        Raises:
            ArgumentTypeError: ``depth`` is not an int.
            InvalidOptionError: ``depth`` is negative.

        >>> Game.from_number(1).perft(2)
        220
        """
        from .perft import perft

        if isinstance(depth, bool) or not isinstance(depth, int):
            raise ArgumentTypeError("invalid_option", f"depth must be an int, not {type(depth).__name__}")
        if depth < 0:
            raise InvalidOptionError(f"depth must be 0 or more, got {depth}")
        return perft(self._places, self._reshuffles_left, depth)

    def rewound(self, actions: int) -> Game:
        """A new game at the position after this game's first ``actions`` actions, with its
        record up to there, and its clock going on from this game's time: a take-back to an
        earlier point of the same game (a review's better move, a practice), not a new deal.
        Undo reaches back only to the last reshuffle; this reaches any point (as :meth:`at`
        does, which starts the clock afresh).

        >>> g = Game("CR1-N-AAAAAAB"); _ = g.move("13-14"); g.reshuffle(); _ = g.move("4-13")
        >>> back = g.rewound(1)
        >>> [str(m) for m in back.actions], back.reshuffles_left, back.started
        (['13-14'], 3, True)

        Raises:
            InvalidOptionError: ``actions`` is not an int from 0 to the number of actions.
        """
        if isinstance(actions, bool) or not isinstance(actions, int) or not 0 <= actions <= len(self._log):
            raise InvalidOptionError(f"actions must be an int from 0 to {len(self._log)}, got {quoted(actions)}")
        state = self.at(actions).__getstate__()
        if self._started_at is not None:
            now = self._clock()
            state = (*state[:-2], now - self.elapsed, now)  # the clock's start and last action come last
        return self._rebuilt(state)

    def revealed(self) -> Game:
        """This game with every card face up: the same start and actions, nothing hidden.

        For what looks back at a face-down deal (variant ``H``) once it has ended, such as the
        game review: it sees the cards as the engine knows them, those the player turned up
        as they were turned and those still face down at the end. While the game is being
        played and still hides cards they never leave the engine, so that is refused. The
        face-down deal comes back as a game from a layout (its start, face up; no code); any
        other game as a :meth:`copy`.

        Raises:
            HiddenCardsError: face-down cards remain and the game is still being played.

        >>> g = Game("CR1-H-AAAAAAB")
        >>> g.revealed()
        Traceback (most recent call last):
        ...
        crescent_widget.errors.HiddenCardsError: Some cards are face down; the game can be reviewed once it is over
        >>> Game("CR1-N-AAAAAAB").revealed().code
        'CR1-N-AAAAAAB'
        """
        if not FACE_DOWN_DEAL[self._variant]:
            return self.copy()
        if any(self._face_down) and self.status == "playing":
            raise HiddenCardsError  # its catalogue text: the game can be reviewed once it is over
        if self._start is None:
            code = self._code
            assert code is not None  # a game has a code or a start layout
            piles, foundations, left = deal(parse_code(code).number), [[base] for base in base_cards()], None
        else:
            piles, foundations, left, _face_down = self._start
        shown = Game._from_cards(
            [p[:] for p in piles],
            [f[:] for f in foundations],
            VARIANT_RESHUFFLES[self._variant] if left is None else left,
            self._variant,
            None,
            self._clock,
        )
        for action in self.actions:
            shown.move(action)
        return shown

    def copy(self) -> Game:
        """An independent copy with the same position, history and clock (the clock function is shared)."""
        return self._rebuilt(self.__getstate__())

    __copy__ = copy  # the game's own state needs no checking (``__setstate__`` checks a foreign one)

    @classmethod
    def _rebuilt(cls, state: tuple[Any, ...]) -> Game:
        # A constructor: `self` is the game being built (the stdlib's idiom, e.g. pathlib).
        self = cls.__new__(cls)
        self._restore(state)
        return self

    def __getstate__(self) -> tuple[Any, ...]:
        # copy.copy() builds the copy with __setstate__, so that only `self` touches private state.
        return (
            [p[:] for p in self._piles],
            [f[:] for f in self._foundations],
            self._variant,
            self._code,
            self._clock,
            self._reshuffles_left,
            tuple(self._history),
            self._face_down[:],
            self._log[:],
            self._start,
            self._move_count,
            self._started_at,
            self._last_action_at,
        )

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        """Load a state from outside (a pickle, ``copy.deepcopy``), checked first.

        Raises:
            InvalidPositionError: the state is malformed, its position is not legal, or it
                does not follow from its start by its actions (see :mod:`.restore`).
        """
        self._restore(checked_state(type(self), state))

    def _restore(self, state: tuple[Any, ...]) -> None:
        piles, foundations, variant, code, clock, left, history, face_down, log, start, moves, started, last = state
        self._setup(piles, foundations, variant, code, clock, left)
        self._history.extend(history)
        self._face_down, self._log, self._start, self._move_count = face_down, log, start, moves
        self._started_at, self._last_action_at = started, last

    # ------------------------------------------------------------------- reading

    @property
    def code(self) -> str | None:
        """The game code of the deal, or ``None`` for a position made with :meth:`from_layout`."""
        return self._code

    @property
    def variant(self) -> str:
        """The variant letter (``"N"``: the standard game)."""
        return self._variant

    @property
    def reshuffles_left(self) -> int:
        """How many reshuffles remain."""
        return self._reshuffles_left

    @property
    def move_count(self) -> int:
        """Moves made (a reshuffle is not a move; undo takes one off)."""
        return self._move_count

    def can_undo(self) -> bool:
        """Whether :meth:`undo` would work, as :meth:`can_move` answers for a move.

        Undo has the three calls a move has: :meth:`check_undo` gives the reason a refusal
        would carry (as :meth:`check`), ``can_undo()`` the yes or no (as :meth:`can_move`),
        :meth:`undo` the action.

        >>> g = Game("CR1-N-AAAAAAB"); g.can_undo()
        False
        """
        return bool(self._history)

    @property
    def start_layout(self) -> dict[str, Any] | None:
        """For a position made with :meth:`from_layout`: the arguments it was made from, else ``None``.

        Every card of the start is in it, face-down ones included (it is what was given).

        >>> Game("CR1-N-AAAAAAB").start_layout is None
        True
        """
        if self._start is None:
            return None
        piles, foundations, reshuffles_left, face_down = self._start
        return {
            "piles": [[ASCII_TEXT[c] for c in p] for p in piles],
            "foundations": [[ASCII_TEXT[c] for c in f] for f in foundations],
            "reshuffles_left": reshuffles_left,
            "face_down": face_down[:],
        }

    @property
    def tops(self) -> tuple[Card | None, ...]:
        """The top card of every place, indexed by :attr:`Place.index` (piles 0–15, then F1–F8).

        A pile's top card is always face up; ``None`` marks an empty pile. For one place,
        :meth:`top` takes the Place itself.

        >>> g = Game("CR1-N-AAAAAAB"); m = Move.parse("13-14")
        >>> g.tops[m.src.index], g.top(m.dst), g.sizes[m.src.index]
        (Card.parse('AS'), Card.parse('KS'), 6)
        """
        return tuple(Card.from_index(cards[-1]) if cards else None for cards in self._places)

    @property
    def sizes(self) -> tuple[int, ...]:
        """How many cards every place holds (face-down ones too), indexed like :attr:`tops` (by :attr:`Place.index`)."""
        return tuple(len(cards) for cards in self._places)

    @property
    def history(self) -> tuple[Move, ...]:
        """The undoable moves, oldest first."""
        return tuple(move for _, _, _, move in self._history)

    @property
    def actions(self) -> tuple[Move, ...]:
        """Every move and reshuffle since the start, in order (an undone move is gone)."""
        return tuple(Move.from_indices(s, d) for s, d in self._log)

    @property
    def revision(self) -> int:
        """A counter that changes with every change of the game's state (for caches).

        The engine's own: a table's ``rev`` (which a widget's ``rev`` trait mirrors) counts
        every change of what the table shows (a selection, a note, a lesson's verdict), and a
        front end's intents quote that one.
        """
        return self._revision

    @property
    def position_key(self) -> tuple[object, ...]:
        """A hashable key, equal for two games exactly when their positions play the same.

        It holds what the rules read: the cards of each pile (face-down ones only counted,
        so the key never tells what they are), how full each foundation is, and the
        reshuffles left. History, move count and clock are not part of it, so a position
        reached again by other moves has the same key.

        >>> g = Game("CR1-N-AAAAAAB"); start = g.position_key
        >>> _ = g.move("13-14"); g.position_key == start
        False
        >>> _ = g.undo(); g.position_key == start
        True
        """
        piles = tuple(
            (down, *pile[down:]) for pile, down in zip(self._piles, self._face_down, strict=True)
        )  # the pile's length follows from `down` and its face-up cards
        return (piles, tuple(map(len, self._foundations)), self._reshuffles_left)

    def position(self) -> str:
        """The position as one line of text, which :meth:`from_position` reads back (as chess's FEN).

        The piles bottom to top (face-down cards in small letters), the foundations' top
        cards, the reshuffles left and the variant; the rules page of the documentation
        describes it field by field. History, move count, clock and game code are not part
        of it: two games with the same position text are equal (``==``).

        >>> g = Game("CR1-N-AAAAAAB"); _ = g.move("13-14")
        >>> text = g.position(); text.split("/")[12:14], text.split()[1:]
        (['10H5HKHJD9D', 'JS4D8C7S5SKSAS'], ['AS/AH/AC/AD/KS/KH/KC/KD', '3', 'N'])
        >>> Game.from_position(text).position() == text
        True
        """
        return format_position(self._piles, self._face_down, self._foundations, self._reshuffles_left, self._variant)

    def __eq__(self, other: object) -> bool:
        """Two games are equal when their positions are (:meth:`position`), whatever led there."""
        if not isinstance(other, Game):
            return NotImplemented
        return (
            self._piles == other._piles
            and self._face_down == other._face_down
            and self._reshuffles_left == other._reshuffles_left
            and self._variant == other._variant
            and [len(f) for f in self._foundations] == [len(f) for f in other._foundations]
        )

    def __hash__(self) -> int:
        """The hash of the position: it changes as the game is played.

        Keep a game in a set or as a dict key only while it stands still; to remember
        positions across moves, keep their :meth:`position` texts (or :attr:`position_key`).
        """
        return hash(
            (
                tuple(map(tuple, self._piles)),
                tuple(self._face_down),
                tuple(map(len, self._foundations)),
                self._reshuffles_left,
                self._variant,
            )
        )

    @property
    def status(self) -> Status:
        """``"won"``, ``"blocked"`` or ``"playing"``.

        Blocked: no useful reshuffle is left and no pile card can move, now or after
        any foundation-to-foundation moves (see :func:`~crescent_widget.engine.rules.can_progress`).
        """
        revision, status = self._status_cache
        if revision != self._revision:
            if self._found_count == CARD_COUNT:
                status = "won"
            elif can_progress(self._places) or self._reshuffle_useful():
                status = "playing"
            else:
                status = "blocked"
            self._status_cache = (self._revision, status)
        return status

    @property
    def started(self) -> bool:
        """Whether the clock runs: it starts with the first move or reshuffle."""
        return self._started_at is not None

    @property
    def elapsed(self) -> float:
        """Seconds from the first action to now, or to the last action once the game ended."""
        if self._started_at is None:
            return 0.0
        end = self._last_action_at if self.status != "playing" else self._clock()
        return max(0.0, end - self._started_at)

    # --------------------------------------------------------------------- rules

    def _reason(self, move: Move) -> tuple[str | None, Move]:
        """The first rule a coerced move (not the reshuffle) breaks, or None; and the move, destination concrete."""
        src, dst = move.src.index, move.dst.index
        reason, concrete = move_reason(self._places, src, dst)
        return reason, move if concrete == dst else Move.from_indices(src, concrete)

    def _coerce(self, src: MoveArg, dst: PlaceLike | None) -> Move:
        """The move the arguments name, every place checked; the reshuffle comes back as RESHUFFLE itself."""
        if dst is not None:
            return Move(_place_arg(src), dst)
        if isinstance(src, Move):  # its constructor refused any place that does not exist
            return RESHUFFLE if src[0] == RESHUFFLE_PLACE else src
        if isinstance(src, str):
            return Move.parse(src)
        raise InvalidMoveError(f"give a move as 'SRC-DST' text, a Move, or two places; got {quoted(src)}")

    def check(self, src: MoveArg, dst: PlaceLike | None = None) -> str | None:
        """The reason code a move would be refused with, or ``None`` if it is legal.

        Takes the same arguments as :meth:`move`; ``check("R")`` checks a reshuffle.

        Raises:
            InvalidMoveError: the move is malformed (pile 17, ``"X3"``).

        >>> Game("CR1-N-AAAAAAB").check(3, 3)
        'same_place'
        """
        move = self._coerce(src, dst)
        if move is RESHUFFLE:  # _coerce gives the reshuffle as this one value
            return self._reshuffle_reason()
        return self._reason(move)[0]

    def can_move(self, src: MoveArg, dst: PlaceLike | None = None) -> bool:
        """Whether :meth:`move` with these arguments would succeed."""
        return self.check(src, dst) is None

    def resolve(self, src: MoveArg, dst: PlaceLike | None = None) -> Move:
        """The move :meth:`move` would play, with a concrete destination; plays nothing.

        ``F`` becomes the foundation that takes the card, so nobody has to play a move on
        a copy to learn where it goes.

        Raises:
            InvalidMoveError: the move is malformed.
            IllegalMoveError: the rules forbid it (``.reason``, as :meth:`check` gives).

        >>> Game("CR1-N-AAAAAAB").resolve("5-F")
        Move.parse('5-F2')
        """
        move = self._coerce(src, dst)
        if move is RESHUFFLE:  # _coerce gives the reshuffle as this one value
            reason = self._reshuffle_reason()
        else:
            reason, move = self._reason(move)
        if reason is not None:
            raise IllegalMoveError(reason)
        return move

    def move(self, src: MoveArg, dst: PlaceLike | None = None) -> Move:
        """Play a move and return it with a concrete destination.

        Accepts ``move(10, 14)``, ``move("13", "F")``, ``move("13-F1")``, ``move(Move)``,
        and ``move("R")`` for a reshuffle.

        Raises:
            InvalidMoveError: the move is malformed; nothing changes.
            IllegalMoveError: the rules forbid it (``.reason``); nothing changes.
        """
        # resolve()'s steps, inlined: this is the hot path of every playout and click.
        move = self._coerce(src, dst)
        if move is RESHUFFLE:  # _coerce gives the reshuffle as this one value
            self.reshuffle()  # refuses with the reasons resolve() gives
            return move
        reason, move = self._reason(move)
        if reason is not None:
            raise IllegalMoveError(reason)
        self._apply(move)
        return move

    def _apply(self, move: Move) -> None:
        """Play a checked move with a concrete destination, without checking again."""
        src, dst = move.src.index, move.dst.index
        places = self._places
        source = places[src]
        places[dst].append(source.pop())
        flipped = 0
        if src < PILES and self._face_down[src] and self._face_down[src] >= len(source):
            self._face_down[src] -= 1  # the uncovered card turns face up
            flipped = 1
        self._found_count += (dst >= FIRST_FOUNDATION_INDEX) - (src >= FIRST_FOUNDATION_INDEX)
        self._history.append((src, dst, flipped, move))
        self._log.append((src, dst))
        self._move_count += 1
        self._touch()

    def _touch(self) -> None:
        self._revision += 1
        now = self._clock()
        if self._started_at is None:
            self._started_at = now
        self._last_action_at = now

    def check_undo(self) -> str | None:
        """The reason code :meth:`undo` would be refused with, or ``None`` if it would work.

        ``nothing_to_undo`` (no move yet), ``undo_after_reshuffle`` (moves before a
        reshuffle cannot be taken back) or ``undo_limit`` (only the last 100 can).

        >>> g = Game("CR1-N-AAAAAAB"); _ = g.move("13-14"); g.reshuffle()
        >>> g.check_undo(), g.can_undo()
        ('undo_after_reshuffle', False)
        """
        return None if self._history else self._undo_refusal()

    def _undo_refusal(self) -> str:
        """Why undo is refused, once the history is known to be empty."""
        if not self._move_count:
            return "nothing_to_undo"
        if self._log and self._log[-1][0] == RESHUFFLE_INDEX:
            return "undo_after_reshuffle"
        return "undo_limit"

    def undo(self) -> Move:
        """Take back the last move and return it.

        Raises:
            IllegalMoveError: the reason :meth:`check_undo` gives.
        """
        if not self._history:  # the reason is worked out only for a refusal (undo is hot)
            raise IllegalMoveError(self._undo_refusal())
        src, dst, flipped, move = self._history.pop()
        self._log.pop()
        if flipped:
            self._face_down[src] += 1  # an undone move hides again what it uncovered
        places = self._places
        places[src].append(places[dst].pop())
        self._found_count += (src >= FIRST_FOUNDATION_INDEX) - (dst >= FIRST_FOUNDATION_INDEX)
        self._move_count -= 1
        self._touch()
        return move

    def _reshuffle_useful(self) -> bool:
        return self._reshuffles_left > 0 and any(len(p) >= 2 for p in self._piles)

    def _reshuffle_reason(self) -> str | None:
        if self._found_count == CARD_COUNT:
            return "game_over"
        if self._reshuffles_left <= 0:
            return "no_reshuffles"
        return None

    def reshuffle(self) -> None:
        """Move the bottom card of every pile of two or more cards to its top.

        Not a move: the move counter stays, and the undo history starts again.

        Raises:
            IllegalMoveError: ``no_reshuffles`` when none are left, ``game_over`` after a win.
        """
        reason = self._reshuffle_reason()
        if reason is not None:
            raise IllegalMoveError(reason)
        reshuffle_piles(self._piles)
        for index, pile in enumerate(self._piles):
            if len(pile) >= 2 and self._face_down[index]:
                self._face_down[index] -= 1  # the bottom card came to the top face up
        self._reshuffles_left -= 1
        self._history.clear()
        self._log.append((RESHUFFLE_INDEX, RESHUFFLE_INDEX))
        self._touch()

    def _legal_pairs(self) -> Iterator[tuple[int, int]]:
        return legal_pairs(self._places)

    def legal_moves(self) -> list[Move]:
        """Every legal move now, with concrete destinations (reshuffle not included).

        >>> [str(m) for m in Game("CR1-N-AAAAAAB").legal_moves()][:4]
        ['1-3', '3-F7', '3-1', '3-7']
        """
        return [Move.from_indices(s, d) for s, d in self._legal_pairs()]

    def legal_actions(self) -> list[Move]:
        """Every legal action now: the legal moves (as :meth:`legal_moves`), then ``R`` when a reshuffle is allowed.

        A bot picks from this one list; a reshuffle is legal while one is left, even when
        it changes nothing (as :meth:`check` judges ``"R"``).

        >>> g = Game("CR1-N-AAAAAAB")
        >>> g.legal_actions() == [*g.legal_moves(), RESHUFFLE]
        True
        """
        actions = [Move.from_indices(s, d) for s, d in self._legal_pairs()]
        if self._reshuffle_reason() is None:
            actions.append(RESHUFFLE)
        return actions

    # -------------------------------------------------------------------- display

    def diagram(self, lang: str = DEFAULT_LANG) -> str:
        """The horseshoe as text: top cards with pile number and count, foundations inside."""
        from ..drawings.text import render_text

        return render_text(self, lang)

    def svg(self, lang: str = DEFAULT_LANG, highlight: Move | str | None = None) -> str:
        """The horseshoe as SVG text; ``highlight`` outlines a move's source and destination.

        Raises:
            InvalidMoveError: ``highlight`` is not a move.
        """
        from ..drawings.svg import render_svg

        move = None if highlight is None else self._coerce(highlight, None)
        return render_svg(self, lang=lang, highlight=move)

    def _repr_svg_(self) -> str:
        return self.svg()

    def __str__(self) -> str:
        return self.diagram("en")

    def __repr__(self) -> str:
        where = self._code or "custom position"
        return f"<Game {where} moves={self._move_count} reshuffles_left={self._reshuffles_left} status={self.status}>"


def _place_arg(src: MoveArg) -> PlaceLike:
    if isinstance(src, Move):
        raise InvalidMoveError("give either a Move or two places, not both")
    return src
