"""Play a policy over many deals: in this process, in worker processes, or on a Dask cluster.

>>> from crescent_widget.bots import greedy
>>> results = play_many([1, 2], greedy)
>>> [(p.deal, p.status, p.cards_left) for p in results], results.win_rate().count
([(1, 'resigned', 75), (2, 'resigned', 85)], 0)
>>> print(play_many([1], greedy)[0].record)
CR1-N-AAAAAAB
3-F7 1-F7 5-F2 15-F1 R 7-F1 16-F1 R 3-F8 2-F8 4-F2 6-F2
7-F5 10-F3 13-F2 1-F2 15-F6 4-F6 13-F6 R 7-F8 15-F7 15-F8 12-F8
*

A policy that asks for randomness gets it from the runner: give it a parameter named
``rng`` (a ``numpy.random.Generator``) or ``seed`` (an int). Both follow from the game's code
and ``play_many``'s ``seed`` alone, so the games are the same however the deals are split
among workers:

>>> def any_move(game, rng):
...     actions = game.legal_actions()
...     return actions[rng.integers(len(actions))] if actions else None
>>> play_many([5, 6], any_move, max_actions=50) == play_many([6, 5], any_move, max_actions=50)[::-1]
True
"""

from __future__ import annotations

import hashlib
import importlib
import inspect
import multiprocessing
import pickle
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any, Final, Literal

from ..checks import check_int, refuse_type
from ..engine.codes import check_deal_number, check_variant
from ..engine.game import Game
from ..engine.positions import CARD_COUNT
from ..errors import CrescentError, IllegalMoveError, InvalidMoveError, InvalidOptionError, quoted
from ..solver.survey.cluster import check_workers, dask_client
from ..solver.survey.runner import check_processes
from ..solver.survey.summary import Proportion
from .policies import Policy

MAX_ACTIONS: Final = 1000
CHUNKS_PER_JOB: Final = 4  # a few chunks per worker even out deals of unequal length
PlayStatus = Literal["won", "blocked", "resigned", "max_actions"]
STATUSES: Final = ("won", "blocked", "resigned", "max_actions")
SEED_BITS: Final = 64


class PolicyError(CrescentError):
    """A policy gave an action the game refused (``reason`` ``policy_action``)."""

    def __init__(self, detail: str) -> None:
        super().__init__("policy_action", detail)


@dataclass(frozen=True)
class Played:
    """One game a policy played.

    Attributes:
        deal: the deal number; ``code``: its game code.
        status: how the game ended: ``"won"``; ``"blocked"`` (no legal action left);
            ``"resigned"`` (the policy gave ``None`` while the game went on); or
            ``"max_actions"`` (the cap ran out while the game went on).
        cards_left: cards still on the piles (0 for a win).
        moves: moves made (reshuffles are not moves); ``reshuffles_left`` at the end.
        record: the game's text record (``Game.record``): replay it with :meth:`game`.
    """

    deal: int
    code: str
    status: PlayStatus
    cards_left: int
    moves: int
    reshuffles_left: int
    record: str

    def game(self) -> Game:
        """The game at its end, replayed from the record."""
        return Game.from_record(self.record)

    def to_dict(self) -> dict[str, Any]:
        """The fields as a dict (one row of a table)."""
        return asdict(self)


def game_seed(code: str, seed: int = 0) -> int:
    """The seed a policy gets for one game: from the game's code and the batch's ``seed`` alone.

    >>> game_seed("CR1-N-AAAAAAB") == game_seed("CR1-N-AAAAAAB") != game_seed("CR1-N-AAAAAAB", 1)
    True
    """
    digest = hashlib.sha256(f"{seed}:{code}".encode()).digest()
    return int.from_bytes(digest[: SEED_BITS // 8], "big")


def _randomness(policy: Policy) -> str | None:
    """Which randomness the policy asks for: a parameter named ``rng`` or ``seed``, or none."""
    try:
        parameters = inspect.signature(policy).parameters
    except (TypeError, ValueError):  # a builtin without a signature asks for nothing
        return None
    return next((name for name in ("rng", "seed") if name in parameters), None)


def _check_play(policy: object, variant: object, max_actions: object, seed: object) -> None:
    """The checks :func:`play` and :func:`play_many` share, so that they refuse alike."""
    if not callable(policy):
        refuse_type("invalid_option", "policy", "callable as policy(game) -> action", policy)
    check_variant(variant)
    if check_int(max_actions, "max_actions") < 1:
        raise InvalidOptionError(f"max_actions must be 1 or more, got {quoted(max_actions)}")
    check_int(seed, "seed")


def play(deal: int, policy: Policy, *, variant: str = "N", max_actions: int = MAX_ACTIONS, seed: int = 0) -> Played:
    """Play one deal with ``policy`` until the game ends, the policy stops, or ``max_actions`` are played.

    A policy with a parameter named ``rng`` gets a ``numpy.random.Generator``, one named
    ``seed`` an int, both from :func:`game_seed` (the game's code and ``seed``).

    Raises:
        PolicyError: the policy gave an action the game refused (malformed or illegal).
        InvalidCodeError: ``deal`` is not a deal number.
        InvalidOptionError, ArgumentTypeError: a bad argument (as :func:`play_many` refuses it).
    """
    check_deal_number(deal)
    _check_play(policy, variant, max_actions, seed)
    return _play(deal, policy, variant, max_actions, seed)


def _play(deal: int, policy: Policy, variant: str, max_actions: int, seed: int) -> Played:
    game = Game.from_number(deal, variant)
    code = game.code
    assert code is not None  # a dealt game has its code
    wants = _randomness(policy)
    extra: dict[str, Any] = {}
    if wants == "seed":
        extra["seed"] = game_seed(code, seed)
    elif wants == "rng":
        numpy: Any = importlib.import_module("numpy")  # typed Any: only this call of numpy is used
        extra["rng"] = numpy.random.default_rng(game_seed(code, seed))
    status: PlayStatus = "max_actions"
    for _ in range(max_actions):
        if game.status != "playing":
            break
        action = policy(game, **extra)
        if action is None:
            status = "resigned"
            break
        try:
            game.move(action)  # checked by the game, refused below
        except (IllegalMoveError, InvalidMoveError) as error:
            raise PolicyError(
                f"deal {deal} ({code}), after {game.move_count} moves: the policy gave {quoted(action)}, "
                f"which the game refuses: {error}"
            ) from None
    if game.status != "playing":
        status = game.status
    return Played(
        deal=deal,
        code=code,
        status=status,
        cards_left=CARD_COUNT - sum(len(f) for f in game.foundations),
        moves=game.move_count,
        reshuffles_left=game.reshuffles_left,
        record=game.record(),
    )


class PlayedGames(list[Played]):
    """The games of a batch, one :class:`Played` per deal in the order asked: a list, and a table.

    >>> from crescent_widget.bots import greedy
    >>> results = play_many(range(1, 21), greedy)
    >>> results.counts()
    {'won': 0, 'blocked': 0, 'resigned': 20, 'max_actions': 0}
    >>> print(results.win_rate())
    0.0% (95% Wilson interval 0.0%-16.1%)
    """

    def counts(self) -> dict[str, int]:
        """How many games ended each way, every status named (see :class:`Played`)."""
        return {status: sum(p.status == status for p in self) for status in STATUSES}

    def win_rate(self) -> Proportion:
        """The share of games won, with its 95% Wilson interval."""
        return Proportion.from_counts(sum(p.status == "won" for p in self), len(self))

    def to_frame(self) -> Any:
        """The games as a pandas ``DataFrame``, one row per game (:meth:`Played.to_dict`'s
        columns; ``status`` a categorical of the four endings).

        Raises:
            MissingPandasError: pandas is not installed.
        """
        from ..solver.survey.results import MissingPandasError

        try:
            pandas: Any = importlib.import_module("pandas")  # typed Any: pandas' stubs are a separate package
        except ImportError:
            raise MissingPandasError from None
        columns = list(Played.__dataclass_fields__)
        frame = pandas.DataFrame([p.to_dict() for p in self], columns=columns)
        return frame.astype({"status": pandas.CategoricalDtype(STATUSES)})


def _play_chunk(policy_bytes: bytes, deals: list[int], variant: str, max_actions: int, seed: int) -> list[Played]:
    policy = pickle.loads(policy_bytes)
    return [_play(deal, policy, variant, max_actions, seed) for deal in deals]


def _pack(policy: Policy) -> bytes:
    """The policy as bytes for a worker; cloudpickle (Dask's) also carries one defined in a notebook."""
    try:
        cloudpickle: Any = importlib.import_module("cloudpickle")
        return bytes(cloudpickle.dumps(policy))
    except ImportError:  # pragma: no cover - cloudpickle comes with Dask
        pass
    except Exception as error:  # whatever pickling raises, the answer is the same
        raise InvalidOptionError(f"the policy cannot be sent to worker processes: {error}") from None
    try:
        return pickle.dumps(policy)
    except Exception as error:
        raise InvalidOptionError(
            f"the policy cannot be sent to worker processes ({error}): define it at module level, or "
            "install cloudpickle"
        ) from None


def _check_deals(deals: object) -> list[int]:
    if isinstance(deals, str | bytes) or not isinstance(deals, Iterable):
        refuse_type("invalid_option", "deals", "an iterable of deal numbers, such as range(1, 101)", deals)
    return [check_deal_number(deal) for deal in deals]


def play_many(
    deals: Iterable[int],
    policy: Policy,
    *,
    variant: str = "N",
    jobs: int = 1,
    cluster: str | Any | None = None,
    max_actions: int = MAX_ACTIONS,
    seed: int = 0,
) -> PlayedGames:
    """Play ``policy`` over every deal; return one :class:`Played` per deal, in the order given,
    as a :class:`PlayedGames` (a list with ``counts()``, ``win_rate()`` and ``to_frame()``).

    Args:
        deals: deal numbers (``range(1, 1001)``).
        policy: ``policy(game) -> action`` (see :mod:`crescent_widget.bots.policies`).
        variant: ``"N"``, ``"F"`` or ``"H"``.
        jobs: worker processes (1: in this process); with ``cluster="local"``, Dask workers.
        cluster: ``None`` (local processes), ``"local"`` (a Dask ``LocalCluster``), a scheduler
            address (``tcp://host:8786``), or a ``distributed.Client`` (left open), as the survey's.
        max_actions: actions at most per game (a policy may shuttle a card back and forth for ever).
        seed: the batch's seed: a policy that asks for ``rng`` or ``seed`` gets one made from it
            and each game's code (:func:`game_seed`), the same in any process.

    Raises:
        InvalidOptionError, ArgumentTypeError: a bad argument (``jobs`` and ``cluster`` are refused
            as :func:`~crescent_widget.solver.survey.runner.run_survey` refuses them), or a
            policy that cannot be sent to workers.
        InvalidCodeError: a deal number out of range.
        PolicyError: the policy gave an action the game refused.
        NoProcessesError: processes or a cluster asked for in the browser.
    """
    numbers = _check_deals(deals)
    _check_play(policy, variant, max_actions, seed)
    check_workers(jobs, cluster)
    check_processes(jobs, cluster)
    if not numbers:
        return PlayedGames()
    if cluster is None and jobs == 1:
        return PlayedGames(_play(deal, policy, variant, max_actions, seed) for deal in numbers)
    blob = _pack(policy)
    count = min(len(numbers), jobs * CHUNKS_PER_JOB)
    chunks = [numbers[i::count] for i in range(count)]  # interleaved: neighbouring deals spread over workers
    if cluster is None:
        from concurrent.futures import ProcessPoolExecutor  # here: the browser (Pyodide) has no processes

        with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
            results = list(
                pool.map(_play_chunk, [blob] * count, chunks, [variant] * count, [max_actions] * count, [seed] * count)
            )
    else:
        with dask_client(jobs, cluster) as client:
            futures = [
                client.submit(_play_chunk, blob, chunk, variant, max_actions, seed, pure=False) for chunk in chunks
            ]
            results = client.gather(futures)
    by_deal = {played.deal: played for chunk in results for played in chunk}
    return PlayedGames(by_deal[deal] for deal in numbers)
