"""Play a policy over many deals: in this process, in worker processes, or on a Dask cluster.

>>> from crescent_widget.bots import greedy
>>> [(p.deal, p.status, p.cards_left) for p in play_many([1, 2], greedy)]
[(1, 'stopped', 75), (2, 'stopped', 85)]
>>> print(play_many([1], greedy)[0].record)
CR1-N-AAAAAAB
3-F7 1-F7 5-F2 15-F1 R 7-F1 16-F1 R 3-F8 2-F8 4-F2 6-F2
7-F5 10-F3 13-F2 1-F2 15-F6 4-F6 13-F6 R 7-F8 15-F7 15-F8 12-F8
"""

from __future__ import annotations

import importlib
import multiprocessing
import pickle
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any, Final, Literal

from ..engine.codes import VARIANT_RESHUFFLES, check_deal_number
from ..engine.game import Game
from ..engine.positions import CARD_COUNT
from ..errors import CrescentError, IllegalMoveError, InvalidMoveError, InvalidOptionError, quoted
from ..solver.cluster import dask_client
from ..solver.survey import MAX_JOBS, check_processes
from .policies import Policy

MAX_ACTIONS: Final = 1000
CHUNKS_PER_JOB: Final = 4  # a few chunks per worker even out deals of unequal length
PlayStatus = Literal["won", "blocked", "stopped"]


class PolicyError(CrescentError):
    """A policy gave an action the game refused (``reason`` ``policy_action``)."""

    def __init__(self, detail: str) -> None:
        super().__init__("policy_action", detail)


@dataclass(frozen=True)
class Played:
    """One game a policy played.

    Attributes:
        deal: the deal number; ``code``: its game code.
        status: ``"won"``, ``"blocked"``, or ``"stopped"`` (the policy gave ``None``, or
            ``max_actions`` ran out while the game went on).
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


def play(deal: int, policy: Policy, *, variant: str = "N", max_actions: int = MAX_ACTIONS) -> Played:
    """Play one deal with ``policy`` until the game ends, the policy stops, or ``max_actions`` are played.

    Raises:
        PolicyError: the policy gave an action the game refused (malformed or illegal).
    """
    game = Game.from_number(deal, variant)
    for _ in range(max_actions):
        if game.status != "playing":
            break
        action = policy(game)
        if action is None:
            break
        try:
            game.move(action)  # checked by the game, refused below
        except (IllegalMoveError, InvalidMoveError) as error:
            raise PolicyError(
                f"deal {deal} ({game.code}), after {game.move_count} moves: the policy gave {quoted(action)}, "
                f"which the game refuses: {error}"
            ) from None
    status = game.status
    code = game.code
    assert code is not None  # a dealt game has its code
    return Played(
        deal=deal,
        code=code,
        status="stopped" if status == "playing" else status,
        cards_left=CARD_COUNT - sum(len(f) for f in game.foundations),
        moves=game.move_count,
        reshuffles_left=game.reshuffles_left,
        record=game.record(),
    )


def _play_chunk(policy_bytes: bytes, deals: list[int], variant: str, max_actions: int) -> list[Played]:
    policy = pickle.loads(policy_bytes)
    return [play(deal, policy, variant=variant, max_actions=max_actions) for deal in deals]


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


def _check(
    deals: Iterable[int], policy: Policy, *, variant: str, jobs: int, cluster: object, max_actions: int
) -> list[int]:
    if isinstance(deals, str | bytes) or not isinstance(deals, Iterable):
        raise InvalidOptionError(f"deals must be an iterable of deal numbers, got {quoted(deals)}")
    numbers = [check_deal_number(deal) for deal in deals]
    if not callable(policy):
        raise InvalidOptionError(f"policy must be callable as policy(game) -> action, got {quoted(policy)}")
    if not isinstance(variant, str) or variant not in VARIANT_RESHUFFLES:
        raise InvalidOptionError(f"variant must be one of {', '.join(VARIANT_RESHUFFLES)}, got {quoted(variant)}")
    if isinstance(max_actions, bool) or not isinstance(max_actions, int) or max_actions < 1:
        raise InvalidOptionError(f"max_actions must be an int >= 1, got {quoted(max_actions)}")
    if isinstance(jobs, bool) or not isinstance(jobs, int) or not 1 <= jobs <= MAX_JOBS:
        raise InvalidOptionError(f"jobs must be an int from 1 to {MAX_JOBS}, got {quoted(jobs)}")
    if cluster is not None and not isinstance(cluster, str) and not callable(getattr(cluster, "submit", None)):
        raise InvalidOptionError(
            f"cluster must be 'local', a scheduler address or a dask Client, got {quoted(cluster)}"
        )
    return numbers


def play_many(
    deals: Iterable[int],
    policy: Policy,
    *,
    variant: str = "N",
    jobs: int = 1,
    cluster: str | Any | None = None,
    max_actions: int = MAX_ACTIONS,
) -> list[Played]:
    """Play ``policy`` over every deal; return one :class:`Played` per deal, in the order given.

    Args:
        deals: deal numbers (``range(1, 1001)``).
        policy: ``policy(game) -> action`` (see :mod:`crescent_widget.bots.policies`).
        variant: ``"N"``, ``"F"`` or ``"H"``.
        jobs: worker processes (1: in this process); with ``cluster="local"``, Dask workers.
        cluster: ``None`` (local processes), ``"local"`` (a Dask ``LocalCluster``), a scheduler
            address (``tcp://host:8786``), or a ``distributed.Client`` (left open), as the survey's.
        max_actions: actions at most per game (a policy may shuttle a card back and forth for ever).

    Raises:
        InvalidOptionError: a bad argument, or a policy that cannot be sent to workers.
        InvalidCodeError: a deal number out of range.
        PolicyError: the policy gave an action the game refused.
        NoProcessesError: processes or a cluster asked for in the browser.
    """
    numbers = _check(deals, policy, variant=variant, jobs=jobs, cluster=cluster, max_actions=max_actions)
    check_processes(jobs, cluster if cluster is None or isinstance(cluster, str) else "client")
    if not numbers:
        return []
    if cluster is None and jobs == 1:
        return [play(deal, policy, variant=variant, max_actions=max_actions) for deal in numbers]
    blob = _pack(policy)
    count = min(len(numbers), jobs * CHUNKS_PER_JOB)
    chunks = [numbers[i::count] for i in range(count)]  # interleaved: neighbouring deals spread over workers
    if cluster is None:
        from concurrent.futures import ProcessPoolExecutor  # here: the browser (Pyodide) has no processes

        with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
            results = list(pool.map(_play_chunk, [blob] * count, chunks, [variant] * count, [max_actions] * count))
    else:
        with dask_client(jobs, cluster) as client:
            futures = [client.submit(_play_chunk, blob, chunk, variant, max_actions, pure=False) for chunk in chunks]
            results = client.gather(futures)
    by_deal = {played.deal: played for chunk in results for played in chunk}
    return [by_deal[deal] for deal in numbers]
