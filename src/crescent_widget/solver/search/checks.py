"""What a search accepts: one check of each kind of input, for both backends.

The pure-Python search and the compiled core (``crescent_accel``) take the same inputs:
a state (:func:`check_state`), a seed, a ``prune`` flag, budgets of work and a ``stop``
callback; the one-suit bound's relaxed search takes a relaxed position
(:func:`~.relaxed.check_relaxed`). Both backends run these checks before they start
(:class:`~.dive_and_proof.Search` itself, and the compiled core through :mod:`.backends`), so a
bad input gets the same error from either: :class:`~crescent_widget.errors.ArgumentTypeError`
for a wrong type, a ``ValueError`` subclass for a wrong value, each with its ``reason``.

The compiled core applies the same rules again in C, to keep its memory safe when it is
called on its own; its plain ``TypeError`` and ``ValueError`` messages start with the same
reason code (``"invalid_position: ..."``), and :func:`translated` turns them into these
errors. ``tests/solver/test_accel_fuzz.py`` holds the two to the same decisions.

A valid state is a Crescent position: 16 piles of at most 13 cards, canonical foundation
tops, 0 to 4 reshuffles left (variant F deals 4), and no card more than twice, counting
the cards the foundations hold (so at most 104 cards).

>>> from crescent_widget import Game
>>> from .state import from_game
>>> check_state(from_game(Game.from_number(1)))
>>> piles = (bytes(range(13)),) * 16
>>> check_state((piles, (0, 0, 0, 0, 12, 12, 12, 12), 3))
Traceback (most recent call last):
...
crescent_widget.errors.InvalidPositionError: card 0 (A♠) is held 3 times (the foundations hold 1): a card is dealt twice
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Final, NoReturn

from ...checks import check_int, refuse_type
from ...engine.cards import card_text
from ...engine.codes import VARIANT_RESHUFFLES
from ...engine.rules import MAX_PILE
from ...errors import ArgumentTypeError, CrescentError, InvalidOptionError, InvalidPositionError, quoted
from .state import JOINED

MAX_RESHUFFLES: Final = max(VARIANT_RESHUFFLES.values())
NPILES: Final = 16


class InvalidBudgetError(CrescentError):
    """A search budget that is not a number >= 0 (``reason`` ``invalid_budget``)."""

    def __init__(self, detail: str) -> None:
        super().__init__("invalid_budget", detail)


BUSY_DETAIL: Final = "this search is running: it cannot be called from its own stop callback or another thread"


class SearchBusyError(CrescentError):
    """A search was called again while it runs, from its own ``stop`` callback or from
    another thread (``reason`` ``search_busy``). Raised in the callback: if the callback
    lets it out, the running call ends with it, as with any error of the callback, and the
    search stays usable."""

    def __init__(self, detail: str = BUSY_DETAIL) -> None:
        super().__init__("search_busy", detail)


def _position(detail: str) -> NoReturn:
    raise InvalidPositionError(detail)


def held(asc: int, desc: int) -> bytes:
    """How many copies of each rank (0 = Ace ... 12 = King) a suit's foundations hold.

    >>> list(held(2, 11)), list(held(JOINED, JOINED)) == [1] * 13
    ([1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1], True)
    """
    if asc == JOINED:
        return bytes([1] * 13)
    return bytes((rank <= asc) + (rank >= desc) for rank in range(13))


def check_tops(asc: int, desc: int, what: str) -> None:
    """A suit's canonical foundation tops (ints already): ranks 0-12, or JOINED on both, folded."""
    for top in (asc, desc):
        if not (0 <= top <= 12 or top == JOINED):
            _position(f"{what}'s foundation top {quoted(top)} is neither a rank index 0-12 nor JOINED (99)")
    if (asc == JOINED) != (desc == JOINED):
        _position(f"{what} is joined on one foundation only: JOINED (99) goes on both")
    if desc == asc + 1:
        _position(f"{what}'s foundations hold each rank once ({asc}, {desc}): that is written JOINED (99) on both")


def check_reshuffles(left: int) -> None:
    """Reshuffles left (an int already): from 0 to :data:`MAX_RESHUFFLES`."""
    if not 0 <= left <= MAX_RESHUFFLES:
        _position(f"reshuffles_left {quoted(left)} is outside 0-{MAX_RESHUFFLES}")


def check_ints(values: tuple[object, ...], what: str) -> None:
    """Every one of ``values`` is exactly an int (no bool, no subclass)."""
    for value in values:
        if type(value) is not int:
            refuse_type("invalid_position", what, "an int", value)


def check_state(state: object) -> None:
    """Refuse anything but a Crescent position in the solver's form (see the module text).

    Every type is checked before any value, so that an input wrong in both ways gets the
    same error from either backend: the compiled core checks in the same order.

    Raises:
        ArgumentTypeError: not ``(tuple of 16 bytes, tuple of 8 ints, int)``, exactly those
            types (no subclasses, no bools).
        InvalidPositionError: a value out of range, a pile over 13 cards, unfolded or half
            joined foundations, or a card held more than twice.
    """
    if type(state) is not tuple or len(state) != 3:
        refuse_type("invalid_position", "a solver state", "a tuple (piles, foundations, reshuffles_left)", state)
    piles, fnd, left = state
    if type(piles) is not tuple or len(piles) != NPILES:
        refuse_type("invalid_position", "a state's piles", "a tuple of 16 bytes", piles)
    if type(fnd) is not tuple or len(fnd) != 8:
        refuse_type("invalid_position", "a state's foundations", "a tuple of 8 ints", fnd)
    for pile in piles:
        if type(pile) is not bytes:
            refuse_type("invalid_position", "a pile", "bytes", pile)
    check_ints((*fnd, left), "a foundation top or reshuffles_left")
    counts = [0] * 52
    for number, pile in enumerate(piles):
        if len(pile) > MAX_PILE:
            _position(f"pile {number} holds {len(pile)} cards: at most {MAX_PILE} fit")
        for card in pile:
            if card >= 52:
                _position(f"card {card} in pile {number} is not a card int 0-51")
            counts[card] += 1
    for suit in range(4):
        check_tops(fnd[suit], fnd[suit + 4], f"suit {suit}")
        copies = held(fnd[suit], fnd[suit + 4])
        for rank in range(13):
            card = suit * 13 + rank
            if counts[card] + copies[rank] > 2:
                _position(
                    f"card {card} ({card_text(card, 'en')}) is held {counts[card] + copies[rank]} times "
                    f"(the foundations hold {copies[rank]}): a card is dealt twice"
                )
    check_reshuffles(left)


def check_seconds(seconds: object) -> float:
    """A time budget: a finite number >= 0 (an int or a float, not a bool), as a float.

    >>> check_seconds(2), check_seconds(0.5)
    (2.0, 0.5)
    >>> check_seconds(float("nan"))
    Traceback (most recent call last):
    ...
    crescent_widget.solver.search.checks.InvalidBudgetError: seconds must be a finite number >= 0, got nan
    >>> check_seconds(2**2000)
    Traceback (most recent call last):
    ...
    crescent_widget.solver.search.checks.InvalidBudgetError: seconds must be a finite number >= 0, got a huge int
    >>> check_seconds("1")
    Traceback (most recent call last):
    ...
    crescent_widget.errors.ArgumentTypeError: seconds must be an int or a float, not str
    """
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
        refuse_type("invalid_budget", "seconds", "an int or a float", seconds)
    try:
        number = float(seconds)
    except OverflowError:  # an int beyond every float: longer than any clock can count
        raise InvalidBudgetError("seconds must be a finite number >= 0, got a huge int") from None
    if not (math.isfinite(number) and number >= 0):
        raise InvalidBudgetError(f"seconds must be a finite number >= 0, got {seconds!r}")
    return number


def check_nodes(nodes: object, *, default: int | None = None) -> int:
    """A budget of work in positions: an int >= 0, however big (not a bool); ``None`` is
    ``default`` where the function has one (a budget of positions alone), else refused.

    >>> check_nodes(10**30) == 10**30, check_nodes(None, default=5)
    (True, 5)
    """
    if nodes is None and default is not None:
        return default
    if type(nodes) is not int:
        refuse_type("invalid_budget", "nodes", "an int", nodes)
    if nodes < 0:
        raise InvalidBudgetError(f"nodes must be an int >= 0, got {nodes!r}")
    return nodes


def check_deadline(deadline: object) -> float:
    """A ``time.perf_counter`` time to stop by: any number (not a bool, not NaN); ``None`` or
    ``inf`` is none, and a time past every float too.

    >>> check_deadline(None), check_deadline(12)
    (inf, 12.0)
    """
    if deadline is None:
        return math.inf
    if isinstance(deadline, bool) or not isinstance(deadline, (int, float)):
        refuse_type("invalid_budget", "deadline", "None or a time.perf_counter() time", deadline)
    try:
        moment = float(deadline)
    except OverflowError:  # an int past every float: later, or earlier, than any clock reads
        moment = math.inf if deadline > 0 else -math.inf
    if math.isnan(moment):
        raise InvalidBudgetError("deadline must be a time, got nan")
    return moment


Budget = tuple[float | None, int | None]


def check_budget(seconds: object, nodes: object, *, default: float) -> Budget:
    """The budget of a function that searches, as every such function reads it: ``(seconds, nodes)``.

    ``seconds`` is wall time (:func:`check_seconds`), ``nodes`` positions searched
    (:func:`check_nodes`: the same answer on any machine and either backend). ``None``
    means "not given": with neither given, the function's ``default`` seconds; with both,
    whichever runs out first. Every public function with a budget (``solve``, ``hint``,
    ``winnability``, ``move_check``, ``review``, a survey, the table's and the widget's
    twins) reads it here, so ``None`` means the same everywhere.

    >>> check_budget(None, None, default=5.0), check_budget(None, 1000, default=5.0), check_budget(2, None, default=5.0)
    ((5.0, None), (None, 1000), (2.0, None))

    Raises:
        InvalidBudgetError: NaN, infinite or negative.
        ArgumentTypeError: not a number (``nodes``: not an int), or a bool.
    """
    if seconds is None and nodes is None:
        return check_seconds(default), None
    return (
        None if seconds is None else check_seconds(seconds),
        None if nodes is None else check_nodes(nodes),
    )


def check_game(game: object) -> None:
    """The solver's public functions take a :class:`~crescent_widget.Game`, nothing else."""
    from ...engine.game import Game  # the engine does not import the solver; this keeps it so

    if not isinstance(game, Game):
        refuse_type("invalid_option", "game", "a Game (Game(code) reads a game code)", game)


def check_limit(limit: object, what: str = "limit") -> int:
    """A search's budget of work: any int (a negative one does no work)."""
    return check_int(limit, what, "invalid_budget")


def check_seed(seed: object) -> int:
    """A seed of the dives' noise: any int, as ``random.Random`` takes it."""
    return check_int(seed, "seed")


def check_stop(stop: object) -> Callable[[], object] | None:
    """A dive's ``stop`` callback: None, or anything callable."""
    if stop is not None and not callable(stop):
        refuse_type("invalid_option", "stop", "None or a callable", stop)
    return stop


_ERRORS: Final[dict[str, Callable[[str], CrescentError]]] = {
    "invalid_position": InvalidPositionError,
    "invalid_budget": InvalidBudgetError,
    "invalid_option": InvalidOptionError,
    "search_busy": SearchBusyError,
}


def translated(error: Exception) -> Exception:
    """The package's error for an error of the compiled core, or ``error`` itself.

    The core's ``TypeError``, ``ValueError`` and ``RuntimeError`` start with a reason code:

    >>> err = translated(ValueError("invalid_position: pile 3 holds 14 cards"))
    >>> type(err).__name__, err.reason, str(err)
    ('InvalidPositionError', 'invalid_position', 'pile 3 holds 14 cards')
    >>> translated(TypeError("invalid_budget: limit must be an int, not str")).reason
    'invalid_budget'
    >>> translated(ZeroDivisionError("division by zero"))
    ZeroDivisionError('division by zero')
    """
    if not isinstance(error, (TypeError, ValueError, RuntimeError)) or isinstance(error, CrescentError):
        return error
    reason, colon, detail = str(error).partition(": ")
    if not colon or reason not in _ERRORS:
        return error
    if isinstance(error, TypeError):
        return ArgumentTypeError(reason, detail)
    return _ERRORS[reason](detail)
