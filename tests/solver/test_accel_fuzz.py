"""Malformed input at every entry point of both searches: the same refusal, or the same answer.

Hypothesis builds states and relaxed positions from valid ones (``random_states``) with
one or more faults: wrong types (lists, bytearrays, bools, floats, strings, subclasses),
values out of range, huge ints, too many cards, a card three times, oversized piles,
unfolded or half-joined foundations, flags without a reshuffle, wrong tuple lengths. Each
goes, with fuzzed seeds, flags and budgets, to:

- the pure-Python :class:`~crescent_widget.solver.search.dive_and_proof.Search` and
  :class:`~crescent_widget.solver.search.relaxed.RelaxedSearch`;
- the compiled core as the solver uses it (:func:`~crescent_widget.solver.search.backends.checked`);
- the compiled core on its own (``crescent_accel.Search``, ``RelaxedSearch``, ``expand``),
  which must defend itself: it refuses exactly what the package refuses, with the same
  kind of error (``TypeError``, ``ValueError``) led by the same reason code.

Accepted input must give the same answer everywhere: a short scripted search, or the
same successors. Also here: each of the compiled core's crashes that a hostile tester
found, and a ``stop`` callback that calls its own running search. ``scripts/test-sanitized``
runs this file under AddressSanitizer and UndefinedBehaviorSanitizer.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crescent_widget import Game
from crescent_widget.checks import check_flag
from crescent_widget.errors import ArgumentTypeError, CrescentError
from crescent_widget.solver.search.backends import Engines, checked
from crescent_widget.solver.search.checks import SearchBusyError, check_state
from crescent_widget.solver.search.dive_and_proof import Search
from crescent_widget.solver.search.expand import expand
from crescent_widget.solver.search.relaxed import FOREIGN, OWN, RelaxedSearch, relaxed
from crescent_widget.solver.search.state import from_game
from random_states import random_state

EXAMPLES = int(os.environ.get("CRESCENT_FUZZ_EXAMPLES", "150"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
Outcome = tuple[Any, ...]


@pytest.fixture(scope="module")
def compiled(accel: ModuleType) -> Engines:
    return checked(accel.Search, accel.RelaxedSearch)


def kind(error: BaseException) -> str:
    if isinstance(error, TypeError):
        return "TypeError"
    return "RuntimeError" if isinstance(error, (RuntimeError, SearchBusyError)) else "ValueError"


def package(call: Callable[[], object]) -> Outcome:
    """What a package search answers, or its refusal: a package error and nothing else."""
    try:
        return ("answer", call())
    except CrescentError as error:
        return ("refused", type(error).__name__, error.reason, kind(error))


def raw(call: Callable[[], object]) -> Outcome:
    """What the compiled core alone answers, or its refusal as (kind, reason code)."""
    try:
        return ("answer", call())
    except (TypeError, ValueError, RuntimeError) as error:
        reason, colon, _ = str(error).partition(": ")
        return ("refused", kind(error), reason if colon else f"no reason code: {error}")


def same_decision(python: Outcome, core: Outcome) -> None:
    """The compiled core alone refuses what the package refuses, as the same kind and reason."""
    if python[0] == "refused":
        assert core == ("refused", python[3], python[2]), (python, core)
    else:
        assert core == python


# ------------------------------------------------------------------ inputs


class IntSub(int):
    pass


class BytesSub(bytes):
    pass


class TupleSub(tuple):  # type: ignore[type-arg]
    pass


HUGE = [2**63, 2**64 + 1, 2**70, -(2**70), 2**2000]
ODD_VALUES = [True, False, 1.0, 2.5, "3", None, b"\x01", IntSub(3), [1]]
TOP_VALUES = [-1, 0, 5, 11, 12, 13, 98, 99, 100, 255, 256, *HUGE]
LEFT_VALUES = [-1, 0, 1, 3, 4, 5, 9, 255, 256, *HUGE]


@st.composite
def states(draw: st.DrawFn) -> object:
    """A valid state with up to three faults (none, now and then: accepted input too)."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    state = random_state(rng)[0]
    piles, fnd, left = list(state[0]), list(state[1]), state[2]
    shape: Callable[[list[Any], list[Any], Any], object] = lambda p, f, n: (tuple(p), tuple(f), n)  # noqa: E731
    odd: dict[int, Callable[[bytes], object]] = {}  # piles of another type, made last
    for _ in range(draw(st.integers(0, 3))):
        fault = draw(st.sampled_from(FAULTS))
        pile = draw(st.integers(0, 15))
        if fault == "card":
            if piles[pile]:
                at = draw(st.integers(0, len(piles[pile]) - 1))
                cards = bytearray(piles[pile])
                cards[at] = draw(st.integers(0, 255))
                piles[pile] = bytes(cards)
        elif fault == "add":
            piles[pile] += bytes(draw(st.lists(st.integers(0, 60), min_size=1, max_size=4)))
        elif fault == "copy":
            piles[pile] = piles[draw(st.integers(0, 15))]
        elif fault == "big":
            piles[pile] = bytes(range(draw(st.integers(12, 40))))
        elif fault == "two_decks":
            piles, fnd = [bytes(range(13))] * 16, [0, 0, 0, 0, 12, 12, 12, 12]
        elif fault == "remove":
            piles[pile] = piles[pile][1:]
        elif fault == "top":
            fnd[draw(st.integers(0, 7))] = draw(st.sampled_from(TOP_VALUES))
        elif fault == "unfold":
            suit, asc = draw(st.integers(0, 3)), draw(st.integers(0, 11))
            fnd[suit], fnd[suit + 4] = asc, asc + 1
        elif fault == "left":
            left = draw(st.sampled_from(LEFT_VALUES))
        elif fault == "odd_top":
            fnd[draw(st.integers(0, 7))] = draw(st.sampled_from(ODD_VALUES))
        elif fault == "odd_left":
            left = draw(st.sampled_from(ODD_VALUES))
        elif fault == "odd_pile":
            odd[pile] = draw(st.sampled_from([bytearray, list, BytesSub, str, lambda _: None, memoryview]))
        else:
            shape = draw(st.sampled_from(SHAPES))
    return shape([odd[n](p) if n in odd else p for n, p in enumerate(piles)], fnd, left)


FAULTS = ["card", "add", "copy", "big", "two_decks", "remove", "top", "unfold", "left"]
FAULTS += ["odd_top", "odd_left", "odd_pile", "shape"]
SHAPES: list[Callable[[list[Any], list[Any], Any], object]] = [
    lambda p, f, n: [tuple(p), tuple(f), n],
    lambda p, f, n: (tuple(p), tuple(f)),
    lambda p, f, n: (tuple(p), tuple(f), n, 0),
    lambda p, f, n: (tuple(p[:15]), tuple(f), n),
    lambda p, f, n: ((*p, b""), tuple(f), n),
    lambda p, f, n: (tuple(p), tuple(f[:7]), n),
    lambda p, f, n: (tuple(p), (*f, 0), n),
    lambda p, f, n: (p, tuple(f), n),
    lambda p, f, n: (tuple(p), f, n),
    lambda p, f, n: TupleSub((tuple(p), tuple(f), n)),
    lambda p, f, n: (TupleSub(p), tuple(f), n),
    lambda p, f, n: None,
    lambda p, f, n: "state",
    lambda p, f, n: (),
]
SEEDS = st.sampled_from([0, 1, -3, 2**70, -(2**70), "1", 1.5, None, True, IntSub(1)])
FLAGS = st.sampled_from([True, False, True, False, 1, 0, None, "yes"])
LIMITS = st.sampled_from([0, 1, 40, -1, *HUGE, 1.5, "3", None, True, IntSub(5)])


def script(search_type: Any, state: object, seed: object, prune: object, limit: object) -> Outcome:
    """A short search and everything it shows; ``limit`` is the first call's budget."""
    search = search_type(state, seed=seed, prune=prune)
    polls = 0

    def stop() -> bool:
        nonlocal polls
        polls += 1
        return polls % 2 == 0

    # A huge budget goes to a dive that its stop ends within two polls: a proof with it would
    # search a big position to the end in pure Python (minutes), which is not what is tested.
    capped = min(limit, 400) if type(limit) is int else limit
    first = [search.prove(capped), search.dive(limit, stop)]
    answers = [*first, search.prove(150), search.dive(60), search.dive(200, stop), search.prove(100)]
    names = ("root", "prune", "nodes", "stored", "dives", "proof_nodes", "proof_done", "dead_marks", "best_line")
    return (*answers, polls, *(getattr(search, name) for name in names))


@FUZZ
@given(state=states(), seed=SEEDS, prune=FLAGS, limit=LIMITS)
def test_search_refuses_alike_or_answers_alike(
    accel: ModuleType, compiled: Engines, *, state: object, seed: object, prune: object, limit: object
) -> None:
    python = package(lambda: script(Search, state, seed, prune, limit))
    assert package(lambda: script(compiled.search, state, seed, prune, limit)) == python
    same_decision(python, raw(lambda: script(accel.Search, state, seed, prune, limit)))


def python_expand(state: object, prune: object, reshuffle: object, stubborn: object) -> object:
    """The pure-Python expand behind the package's checks, as the compiled expand is called."""
    check_state(state)
    for value, name in ((prune, "prune"), (reshuffle, "reshuffle"), (stubborn, "stubborn")):
        check_flag(value, name)
    return expand(state, (), prune=prune, reshuffle=reshuffle, stubborn=stubborn)  # type: ignore[arg-type]


@FUZZ
@given(state=states(), prune=FLAGS, reshuffle=FLAGS, stubborn=FLAGS)
def test_expand_refuses_alike_or_answers_alike(
    accel: ModuleType, state: object, prune: object, reshuffle: object, stubborn: object
) -> None:
    python = package(lambda: python_expand(state, prune, reshuffle, stubborn))
    same_decision(python, raw(lambda: accel.expand(state, prune, reshuffle, stubborn)))


@st.composite
def relaxed_starts(draw: st.DrawFn) -> object:
    """A relaxed position of a valid state with up to three faults."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    state = random_state(rng)[0]
    piles, asc, desc, left = relaxed(state, draw(st.integers(0, 3)))
    work: list[Any] = list(piles)
    shaped: Callable[[list[Any], Any, Any, Any], object] = lambda p, a, d, n: (tuple(p), a, d, n)  # noqa: E731
    odd: dict[int, Callable[[bytes], object]] = {}
    for _ in range(draw(st.integers(0, 3))):
        fault = draw(st.sampled_from(RELAXED_FAULTS))
        at = draw(st.integers(0, max(0, len(work) - 1)))
        if fault == "no_left":  # the flags say a reshuffle is left
            left = 0
        elif fault == "foreign":
            work = [bytes([FOREIGN]) + p[1:] if p[:1] in (bytes([FOREIGN]), bytes([OWN])) else p for p in work]
        elif fault == "flag_one" and work:
            work[at] = bytes([draw(st.sampled_from([FOREIGN, OWN]))]) + work[at]
        elif fault == "unflag" and work:
            work[at] = work[at][1:]
        elif fault == "rank" and work:
            work[at] = work[at] + bytes([draw(st.integers(0, 255))])
        elif fault == "triple":
            work.append(bytes([3, 3, 3]))
        elif fault == "many":
            work += [bytes([rank % 13]) for rank in range(draw(st.integers(1, 20)))]
        elif fault == "long":
            work.append(bytes(draw(st.integers(20, 40))))
        elif fault == "empty":
            work.append(b"")
        elif fault == "tops":
            asc, desc = draw(st.sampled_from(TOP_VALUES + ODD_VALUES)), draw(st.sampled_from(TOP_VALUES))
        elif fault == "left":
            left = draw(st.sampled_from(LEFT_VALUES + ODD_VALUES))
        elif fault == "odd_pile" and work:
            odd[at] = draw(st.sampled_from([bytearray, list, BytesSub, str]))
        elif fault == "shape":
            shaped = draw(st.sampled_from(RELAXED_SHAPES))
    return shaped([odd[n](p) if n in odd else p for n, p in enumerate(work)], asc, desc, left)


RELAXED_FAULTS = ["no_left", "foreign", "flag_one", "unflag", "rank", "triple", "many", "long", "empty"]
RELAXED_FAULTS += ["tops", "left", "odd_pile", "shape"]
RELAXED_SHAPES: list[Callable[[list[Any], Any, Any, Any], object]] = [
    lambda p, a, d, n: [tuple(p), a, d, n],
    lambda p, a, d, n: (tuple(p), a, d),
    lambda p, a, d, n: (tuple(p), a, d, n, 0),
    lambda p, a, d, n: (p, a, d, n),
    lambda p, a, d, n: TupleSub((tuple(p), a, d, n)),
    lambda p, a, d, n: (TupleSub(p), a, d, n),
    lambda p, a, d, n: None,
]


def relaxed_script(search_type: Any, start: object, budget: object) -> Outcome:
    search = search_type(start)
    answers = [search.run(budget), search.run(300), search.nodes, search.run(3000), search.nodes]
    return tuple(answers)


@FUZZ
@given(start=relaxed_starts(), budget=LIMITS)
def test_relaxed_search_refuses_alike_or_answers_alike(
    accel: ModuleType, compiled: Engines, start: object, budget: object
) -> None:
    python = package(lambda: relaxed_script(RelaxedSearch, start, budget))
    assert package(lambda: relaxed_script(compiled.relaxed, start, budget)) == python
    same_decision(python, raw(lambda: relaxed_script(accel.RelaxedSearch, start, budget)))


@FUZZ
@given(stop=st.sampled_from([None, 5, "x", b"", lambda: False, lambda: True]), limit=LIMITS)
def test_a_dive_takes_a_callable_or_none_for_stop(
    accel: ModuleType, compiled: Engines, stop: object, limit: object
) -> None:
    root = random_state(random.Random(4))[0]

    def dive(search_type: Any) -> Callable[[], object]:
        return lambda: search_type(root, seed=2).dive(limit, stop)

    python = package(dive(Search))
    assert package(dive(compiled.search)) == python
    same_decision(python, raw(dive(accel.Search)))


# ----------------------------------------------- the crashes a tester found


def test_a_state_of_208_cards_is_refused_not_a_crash(accel: ModuleType, compiled: Engines) -> None:
    state = ((bytes(range(13)),) * 16, (0, 0, 0, 0, 12, 12, 12, 12), 3)  # it overflowed the key buffer
    with pytest.raises(ValueError, match=r"^invalid_position: "):
        accel.Search(state).prove(10_000)
    for search_type in (Search, compiled.search):
        with pytest.raises(CrescentError) as refused:
            search_type(state).prove(10_000)
        assert refused.value.reason == "invalid_position"


def test_a_card_three_times_is_refused_before_the_stubborn_sets_see_it(accel: ModuleType) -> None:
    # Three copies on pile tops with no reshuffle left: the stubborn sets' card table holds
    # two places per card, and a third was written past it.
    piles = (bytes([5]), bytes([5]), bytes([5]), bytes([18])) + (b"",) * 12
    state = (piles, (0, 0, 0, 0, 12, 12, 12, 12), 0)
    for call in (lambda: accel.expand(state, True, True, True), lambda: accel.Search(state).prove(100)):
        with pytest.raises(ValueError, match=r"^invalid_position: card 5 is held 3 times"):
            call()
    with pytest.raises(CrescentError, match="held 3 times"):
        Search(state)


def test_a_flagged_relaxed_start_needs_a_reshuffle_left(accel: ModuleType, compiled: Engines) -> None:
    # With no OWN pile the flags are spent by a reshuffle; with none left, the count wrapped
    # to 255 and the search answered "lost" for a suit that goes up at once.
    start = ((bytes([FOREIGN, 5]),), 4, 12, 0)
    with pytest.raises(ValueError, match=r"^invalid_position: flags"):
        accel.RelaxedSearch(start)
    for search_type in (RelaxedSearch, compiled.relaxed):
        with pytest.raises(CrescentError) as refused:
            search_type(start)
        assert refused.value.reason == "invalid_position"
    assert RelaxedSearch(((bytes([5]),), 4, 12, 0)).run(100) is False  # the same suit without flags: won


@pytest.mark.parametrize("call", ["dive", "prove"])
def test_a_stop_callback_that_calls_its_own_search_is_refused(accel: ModuleType, compiled: Engines, call: str) -> None:
    # It hung the compiled core and read past its heap: both searches share their tables
    # with the running dive. Now the inner call is refused, and the search goes on.
    root = from_game(Game.from_number(1))
    seen: dict[str, list[str]] = {}

    def run(search_type: Any, label: str) -> Outcome:
        search = search_type(root, seed=5)
        errors = seen.setdefault(label, [])

        def stop() -> bool:
            try:
                getattr(search, call)(50)
            except (SearchBusyError, RuntimeError) as error:
                errors.append(f"{type(error).__name__}: {error}")
            return False

        return (search.dive(300, stop), search.dive(300), search.prove(500), search.nodes, search.best_line)

    python = run(Search, "python")
    assert run(compiled.search, "compiled") == python
    assert run(accel.Search, "raw") == python
    assert seen["python"] and seen["compiled"] == seen["python"]
    assert all(error.startswith("SearchBusyError: ") for error in seen["python"])
    assert all(error.startswith("RuntimeError: search_busy: ") for error in seen["raw"])
    assert len(seen["raw"]) == len(seen["python"])


def test_a_busy_refusal_let_out_of_the_callback_ends_the_dive_and_leaves_the_search_usable(compiled: Engines) -> None:
    for search_type in (Search, compiled.search):
        search = search_type(from_game(Game.from_number(1)), seed=5)
        with pytest.raises(SearchBusyError) as refused:
            search.dive(1000, lambda search=search: search.dive(10))  # type: ignore[misc]
        assert refused.value.reason == "search_busy" and refused.value.text("pl") != refused.value.text("en")
        assert search.prove(200) is None or search.proof_done


def test_type_errors_are_type_errors_and_package_errors(compiled: Engines) -> None:
    for search_type in (Search, compiled.search):
        with pytest.raises(ArgumentTypeError) as refused:
            search_type([(b"",) * 16, (99,) * 8, 0])
        assert isinstance(refused.value, TypeError) and refused.value.reason == "invalid_position"


def test_the_fuzzed_inputs_are_of_every_kind() -> None:
    # The fuzz tests prove little if their inputs were all refused, or all for one reason:
    # a fixed sample of each strategy holds accepted input and both kinds of refusal.
    from crescent_widget.solver.search.relaxed import check_relaxed

    found: dict[str, dict[str, int]] = {"state": {}, "relaxed": {}}

    def count(name: str, check: Callable[[object], None], value: object) -> None:
        outcome = package(lambda: check(value))
        label = "accepted" if outcome[0] == "answer" else outcome[3]
        found[name][label] = found[name].get(label, 0) + 1

    @settings(max_examples=400, database=None, derandomize=True)
    @given(state=states(), start=relaxed_starts())
    def sample(state: object, start: object) -> None:
        count("state", check_state, state)
        count("relaxed", check_relaxed, start)

    sample()
    print(found)
    for name, labels in found.items():
        assert min(labels.get(label, 0) for label in ("accepted", "TypeError", "ValueError")) >= 25, (name, labels)
