"""Numbered actions, and the legal ones of a game kept up to date one place at a time.

Every action has a number: ``24 * src.index + dst.index`` for a move between two places
(:attr:`~crescent_widget.engine.moves.Place.index`: piles 0–15, F1–F8 16–23), and
:data:`RESHUFFLE_ACTION` (576) for the reshuffle; :data:`ACTION_COUNT` (577) in all. Most
numbers never name a legal move (a pile onto itself, a foundation back to a pile), which
keeps the numbering plain arithmetic.

:class:`LegalActions` follows a :class:`~crescent_widget.engine.game.Game` through its
public API: after each action it re-reads only the places the action touched, since a
move's legality depends on its two places alone. A bot or an environment that asks for
the legal actions at every step pays for two places instead of the whole position
(``Game.legal_moves`` judges all of them each time). It judges with the tables of
:mod:`.rules` from the tops and sizes alone; the tests hold it equal to ``Game.legal_moves``
over random games, reshuffles and undos included.

>>> from crescent_widget import Game, Move
>>> action_number(Move.parse("13-14")), action_move(301), action_move(RESHUFFLE_ACTION)
(301, Move.parse('13-14'), Move.parse('R'))
>>> g = Game("CR1-N-AAAAAAB"); legal = LegalActions(g)
>>> legal.moves() == sorted(g.legal_moves()), legal.bits[RESHUFFLE_ACTION]
(True, 1)
>>> legal.update(g, g.move("13-14")); legal.moves() == sorted(g.legal_moves())
True
"""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING, Final

from ..errors import InvalidMoveError, quoted
from .codes import base_cards
from .moves import ANY_FOUNDATION, FIRST_FOUNDATION_INDEX, PILES, RESHUFFLE, Move, Place
from .rules import FOUNDATION_NEXT, MAX_PILE, PILE_DOWN, PILE_UP, SUIT

if TYPE_CHECKING:
    from .game import Game

PLACE_COUNT: Final = 24
RESHUFFLE_ACTION: Final = PLACE_COUNT * PLACE_COUNT
ACTION_COUNT: Final = RESHUFFLE_ACTION + 1
EMPTY: Final = -1  # the top of an empty pile


def action_number(move: Move) -> int:
    """The number of a move with concrete places (``24 * src.index + dst.index``), or 576 for ``R``.

    Raises:
        InvalidMoveError: ``move`` is not a Move, or its destination is the ``F`` shorthand.
    """
    if not isinstance(move, Move):
        raise InvalidMoveError(f"an action number is made from a Move, got {type(move).__name__}")
    if move.is_reshuffle:
        return RESHUFFLE_ACTION
    src, dst = move
    if dst == ANY_FOUNDATION:  # a Move names real places: only the shorthand has no number
        raise InvalidMoveError(f"no action number for {move!r}: give concrete places (13-F1, not 13-F)")
    return PLACE_COUNT * src.index + dst.index


def action_move(number: int) -> Move:
    """The move an action number stands for (the inverse of :func:`action_number`).

    Any integer type is taken (numpy's too: ``env.action_space.sample()`` gives one).

    Raises:
        InvalidMoveError: ``number`` is not an integer from 0 to 576.
    """
    try:
        value = -1 if isinstance(number, bool) else operator.index(number)
    except TypeError:
        value = -1
    if not 0 <= value < ACTION_COUNT:
        raise InvalidMoveError(f"an action number is an int from 0 to {ACTION_COUNT - 1}, got {quoted(number)}")
    return ACTION_MOVES[value]


ACTION_MOVES: Final = (
    *(Move.from_indices(n // PLACE_COUNT, n % PLACE_COUNT) for n in range(RESHUFFLE_ACTION)),
    RESHUFFLE,
)
"""Every action's Move by number, made once (``ACTION_MOVES[n]`` is :func:`action_move` unchecked)."""
_PLACES: Final = tuple(Place.from_index(index) for index in range(PLACE_COUNT))
# A foundation's partner: the other foundation of its suit (F1 and F5 hold the spades).
_PARTNER: Final = tuple(FIRST_FOUNDATION_INDEX + (i + 4) % 8 for i in range(8))
_BASES: Final = tuple(base_cards())  # a foundation down to its base card is locked


class LegalActions:
    """The legal actions of a game, as 577 bytes (1: legal), kept up to date by :meth:`update`.

    Built from a game through its public API. After every action played on that game,
    call :meth:`update` with the Move it returned (or ``RESHUFFLE``); it re-reads the
    places the action touched. ``bits`` is a ``bytearray``; ``numpy.frombuffer`` views it
    without copying.

    Attributes:
        bits: ``bits[n]`` is 1 when action ``n`` is legal now (see :func:`action_number`).
    """

    __slots__ = ("_dst_of", "_pile_moves", "_piles_by_top", "_sizes", "_src_of", "_tops", "bits")

    def __init__(self, game: Game) -> None:
        self.bits = bytearray(ACTION_COUNT)
        self._tops = [EMPTY] * PLACE_COUNT
        self._sizes = [0] * PLACE_COUNT
        self._dst_of: list[set[int]] = [set() for _ in range(PLACE_COUNT)]
        self._src_of: list[set[int]] = [set() for _ in range(PLACE_COUNT)]
        self._piles_by_top: dict[int, set[int]] = {}
        self._pile_moves = 0
        self.refresh(game)

    def refresh(self, game: Game) -> None:
        """Read the whole position again (after a reshuffle, an undo, or anything else)."""
        for index in range(PLACE_COUNT):
            self._read(game, index)
        for index in range(PLACE_COUNT):
            self._judge(index)
        self.bits[RESHUFFLE_ACTION] = game.check("R") is None

    def update(self, game: Game, action: Move) -> None:
        """Follow one action just played on ``game``: the Move it returned, or ``RESHUFFLE``."""
        if action.is_reshuffle:  # every pile may have a new top; the foundations stay
            for index in range(PILES):
                self._read(game, index)
            for index in range(PILES):
                self._judge(index)
            self.bits[RESHUFFLE_ACTION] = game.check("R") is None
            return
        src, dst = action.src.index, action.dst.index
        self._read(game, src)
        self._read(game, dst)
        self._judge(src)
        self._judge(dst)
        if dst >= FIRST_FOUNDATION_INDEX and not self._pile_moves:  # perhaps the last card: a win ends reshuffles
            self.bits[RESHUFFLE_ACTION] = game.check("R") is None

    def moves(self) -> list[Move]:
        """The legal moves (reshuffle not included), in action-number order."""
        bits = self.bits
        return [ACTION_MOVES[n] for n in range(RESHUFFLE_ACTION) if bits[n]]

    def top(self, index: int) -> int:
        """The top card (an engine card int, 0–51) of the place at engine index ``index``; -1 if empty."""
        return self._tops[index]

    def size(self, index: int) -> int:
        """How many cards the place at engine index ``index`` holds (face-down ones too)."""
        return self._sizes[index]

    @property
    def pile_moves(self) -> int:
        """How many legal moves start from a pile (while any does, the game is still playing)."""
        return self._pile_moves

    # ------------------------------------------------------------------ internals

    def _read(self, game: Game, index: int) -> None:
        place = _PLACES[index]
        top = game.top_index(place)
        if index < PILES:
            old = self._tops[index]
            if old != top:
                if old != EMPTY:
                    self._piles_by_top[old].discard(index)
                if top != EMPTY:
                    self._piles_by_top.setdefault(top, set()).add(index)
            self._sizes[index] = game.pile_size(place)
        else:  # a foundation's size follows from its top: it runs without a gap from its base
            rank = top % 13 + 1
            self._sizes[index] = rank if index < FIRST_FOUNDATION_INDEX + 4 else 14 - rank
        self._tops[index] = top

    def _legal(self, src: int, dst: int) -> bool:
        card = self._tops[src]
        if card == EMPTY or src == dst:
            return False
        if dst < PILES:
            top = self._tops[dst]
            return (
                src < PILES
                and top != EMPTY
                and self._sizes[dst] < MAX_PILE
                and (card == PILE_UP[top] or card == PILE_DOWN[top])
            )
        if src >= PILES and (
            card == _BASES[src - FIRST_FOUNDATION_INDEX] or _PARTNER[src - FIRST_FOUNDATION_INDEX] != dst
        ):
            return False
        return FOUNDATION_NEXT[dst - FIRST_FOUNDATION_INDEX][self._tops[dst]] == card

    def _set(self, src: int, dst: int, legal: bool) -> None:
        number = PLACE_COUNT * src + dst
        if self.bits[number] == legal:
            return
        self.bits[number] = legal
        if legal:
            self._dst_of[src].add(dst)
            self._src_of[dst].add(src)
        else:
            self._dst_of[src].discard(dst)
            self._src_of[dst].discard(src)
        if src < PILES:
            self._pile_moves += 1 if legal else -1

    def _judge(self, index: int) -> None:
        """Judge again every move from or to the place at ``index`` that could be legal."""
        set_bit = self._set
        for dst in tuple(self._dst_of[index]):
            set_bit(index, dst, False)
        for src in tuple(self._src_of[index]):
            set_bit(src, index, False)
        top = self._tops[index]
        if top == EMPTY:
            return
        by_top, sizes = self._piles_by_top, self._sizes
        if index < PILES:
            # Pile neighbours are symmetric (c fits on t exactly when t fits on c), so a pile
            # whose top is a neighbour takes this card, or gives it one, unless it is full.
            fits_here = sizes[index] < MAX_PILE
            for neighbour in (PILE_UP[top], PILE_DOWN[top]):
                for other in by_top.get(neighbour, ()):
                    if sizes[other] < MAX_PILE:
                        set_bit(index, other, True)
                    if fits_here:
                        set_bit(other, index, True)
            suit = SUIT[top]
            for foundation in (FIRST_FOUNDATION_INDEX + suit, FIRST_FOUNDATION_INDEX + 4 + suit):
                if FOUNDATION_NEXT[foundation - FIRST_FOUNDATION_INDEX][self._tops[foundation]] == top:
                    set_bit(index, foundation, True)
            return
        wanted = FOUNDATION_NEXT[index - FIRST_FOUNDATION_INDEX][top]
        for other in by_top.get(wanted, ()) if wanted != -1 else ():
            set_bit(other, index, True)
        partner = _PARTNER[index - FIRST_FOUNDATION_INDEX]
        set_bit(index, partner, self._legal(index, partner))
        set_bit(partner, index, self._legal(partner, index))
