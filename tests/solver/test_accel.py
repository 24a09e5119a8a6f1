"""The compiled search core (``crescent_accel``) against the pure-Python search.

- Move generation: ``crescent_accel.expand`` against the pure-Python ``expand`` on a
  million positions (``CRESCENT_ACCEL_POSITIONS`` to change the count), random valid
  states and engine playouts, with prune and reshuffle on and off, and with the proof's
  stubborn set: the same successors, in the same order, with the same scores and the
  same types.
- Search: ``solve`` through each backend gives the same verdict, line and node counts for
  a node budget and a seed; a scripted sequence of dives and proofs leaves both searches
  with the same attributes after every call.
- Bad input to the compiled core is refused with TypeError or ValueError (checked in a
  child process, so that a crash is reported as such).

Without the compiled core these tests skip, except in CI (``CI`` set), where a missing
accelerator is a failure: CI tests both paths (``scripts/test`` runs the solver's tests
again with ``CRESCENT_SOLVER=python``).
"""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from types import ModuleType
from typing import Any

import pytest

from crescent_widget import Game
from crescent_widget.solver import backend
from crescent_widget.solver.api import Solving, run
from crescent_widget.solver.search.dive_and_proof import ALGORITHM, Search
from crescent_widget.solver.search.relaxed import RelaxedSearch, relaxed
from crescent_widget.solver.search.state import State, from_game
from crescent_widget.solver.search.watch import finish_steps
from random_states import compare_expand, playout_states, random_state, state_layout, to_game

SEEDS = (0, 1, 7, 2**40 + 3)
POSITIONS = int(os.environ.get("CRESCENT_ACCEL_POSITIONS", "1000000"))
WORKERS = 2


@pytest.fixture
def no_choice(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    monkeypatch.delenv("CRESCENT_SOLVER", raising=False)
    return monkeypatch


def test_the_solver_uses_the_accel(accel: ModuleType, no_choice: pytest.MonkeyPatch) -> None:
    assert accel.ALGORITHM == ALGORITHM, "crescent_accel mirrors another search: reinstall it"
    assert backend() == "accel"
    assert isinstance(run(Game.from_number(3), nodes=1000)[1], accel.Search)
    no_choice.setenv("CRESCENT_SOLVER", "python")
    assert backend() == "python"
    assert isinstance(run(Game.from_number(3), nodes=1000)[1], Search)


def test_random_states_are_engine_positions() -> None:
    """The generator makes only positions the engine accepts, and of every kind."""
    rng = random.Random(11)
    kinds = {"joined": 0, "no_reshuffle_small": 0, "full_pile": 0, "empty_pile": 0, "over_60_cards": 0}
    for _ in range(1500):
        state, tops = random_state(rng)
        assert from_game(to_game(state, tops)) == state
        cards = sum(map(len, state[0]))
        kinds["joined"] += 99 in state[1]
        kinds["no_reshuffle_small"] += not state[2] and cards <= 20
        kinds["full_pile"] += any(len(p) == 13 for p in state[0])
        kinds["empty_pile"] += any(not p for p in state[0])
        kinds["over_60_cards"] += cards > 60
    assert min(kinds.values()) > 100, kinds


def test_expand_matches_on_a_million_positions(
    accel: ModuleType, record_property: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    started = time.perf_counter()
    share = POSITIONS // WORKERS
    counts = [share + (POSITIONS % WORKERS if n == 0 else 0) for n in range(WORKERS)]
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(WORKERS, mp_context=spawn) as pool:
        results = list(pool.map(compare_expand, range(WORKERS), counts, [min(30, n // 2000) for n in counts]))
    total: dict[str, int] = {}
    for result in results:
        for key, value in result["counts"].items():
            total[key] = total.get(key, 0) + value
    mismatches = [m for result in results for m in result["mismatches"]]
    summary = f"accel.expand vs expand: {total['positions']:,} positions, {len(mismatches)} mismatching"
    record_property("accel_expand_positions", total["positions"])
    with capsys.disabled():
        print(f"\n{summary} ({time.perf_counter() - started:.0f} s; {json.dumps(total)})")
    assert not mismatches, "\n".join(mismatches)
    assert total["positions"] == POSITIONS
    # Every kind of position took part, and the pruning rules fired often.
    if POSITIONS >= 100_000:
        for key in ("safe", "dead", "reshuffle", "joined", "full_pile", "no_move", "playout_positions", "stubborn_cut"):
            assert total[key] > POSITIONS // 1000, (key, total)


def outcome(game: Game, nodes: int, seed: int, prune: bool = True) -> tuple[object, ...]:
    result, search = run(game, nodes=nodes, seed=seed, prune=prune)
    found = (result.status, result.line, result.nodes, result.states_stored, result.proof_nodes)
    return (*found, search.dives, search.dead_marks, search.proof_done, search.best_line, search.stored)


def both(monkeypatch: pytest.MonkeyPatch, game: Game, nodes: int, seed: int, prune: bool = True) -> tuple[Any, Any]:
    monkeypatch.setenv("CRESCENT_SOLVER", "python")
    python = outcome(game, nodes, seed, prune)
    monkeypatch.setenv("CRESCENT_SOLVER", "accel")
    return python, outcome(game, nodes, seed, prune)


def mid_game_positions(count: int) -> list[Game]:
    """Positions of engine playouts after 15 to 60 moves, and random endgames."""
    rng = random.Random(5)
    games: list[Game] = []
    for state in playout_states(rng, count, 61):
        if rng.random() < 1 / 20:
            games.append(Game.from_layout(*state_layout(state)))
    games = games[: count // 2]
    while len(games) < count:
        games.append(to_game(*random_state(rng)))
    return games


def test_solve_gives_the_same_answer_through_both_backends(accel: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    statuses: dict[str, int] = {}
    checked = 0
    for number in range(1, 51):
        seed = SEEDS[number % len(SEEDS)]
        python, compiled = both(monkeypatch, Game.from_number(number), 8_000, seed)
        assert compiled == python, f"deal {number}, seed {seed}"
        statuses[python[0]] = statuses.get(python[0], 0) + 1
        checked += 1
    for index, game in enumerate(mid_game_positions(200)):
        seed, prune = SEEDS[index % len(SEEDS)], index % 5 != 0
        python, compiled = both(monkeypatch, game, 4_000, seed, prune)
        assert compiled == python, f"seed {seed}, prune {prune}: {game.to_dict()}"
        statuses[python[0]] = statuses.get(python[0], 0) + 1
        checked += 1
    assert checked == 250
    print(statuses)
    assert min(statuses.get(status, 0) for status in ("won", "lost", "unknown")) >= 10, statuses


def resumed(game: Game, budgets: tuple[int, ...], seed: int) -> list[tuple[object, ...]]:
    """What a search of ``game`` says after each of ``budgets`` (work so far), resumed each time."""
    solving = Solving(game, seed=seed)
    found = []
    for nodes in budgets:
        result = finish_steps(solving.steps(nodes=nodes))
        found.append((result.status, result.line, result.nodes, result.proof_nodes, solving.search.dives))
    return found


def test_a_resumed_search_answers_the_same_through_both_backends(
    accel: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    statuses: set[object] = set()
    for index, game in enumerate(mid_game_positions(40)):
        seed = SEEDS[index % len(SEEDS)]
        monkeypatch.setenv("CRESCENT_SOLVER", "python")
        python = resumed(game, (500, 1_500, 4_000), seed)
        monkeypatch.setenv("CRESCENT_SOLVER", "accel")
        assert resumed(game, (500, 1_500, 4_000), seed) == python, game.to_dict()
        statuses.update(step[0] for step in python)
    assert {"won", "unknown"} <= statuses, statuses


ATTRIBUTES = (
    "root",
    "prune",
    "nodes",
    "stored",
    "dives",
    "proof_nodes",
    "proof_done",
    "dead_marks",
    "suit_cuts",
    "suit_nodes",
    "best_line",
)


def scripted(search_type: Any, root: State, seed: int, prune: bool) -> list[object]:
    """Every return value and attribute along a fixed sequence of dives and proofs."""
    search = search_type(root, seed=seed, prune=prune)
    polls = 0

    def stop() -> bool:
        nonlocal polls
        polls += 1
        return polls % 4 == 0

    log: list[object] = [tuple(getattr(search, name) for name in ATTRIBUTES)]
    steps: list[tuple[str, int, bool]] = [("prove", 300, False), ("dive", 200, False), ("dive", 1500, True)]
    steps += [("prove", 1, False), ("dive", 0, False), ("prove", 0, False), ("prove", 2000, False)]
    steps += [("dive", 300, True), ("dive", 300, False), ("prove", 4000, False), ("dive", 300, False)]
    for kind, limit, polled in steps:
        returned = search.prove(limit) if kind == "prove" else search.dive(limit, stop if polled else None)
        log.append((kind, limit, returned, polls, tuple(getattr(search, name) for name in ATTRIBUTES)))
    return log


@pytest.mark.parametrize("seed", SEEDS)
def test_a_scripted_search_leaves_the_same_state(accel: ModuleType, seed: int) -> None:
    rng = random.Random(seed)
    roots = [from_game(Game.from_number(rng.randint(1, 10_000))) for _ in range(2)]
    roots += [random_state(rng)[0] for _ in range(10)]
    roots.append(((b"",) * 16, (99, 99, 99, 99, 99, 99, 99, 99), 0))  # already won
    for index, root in enumerate(roots):
        prune = index % 3 != 2
        assert scripted(accel.Search, root, seed, prune) == scripted(Search, root, seed, prune), (root, seed, prune)


def test_relaxed_search_matches_on_thousands_of_positions(accel: ModuleType) -> None:
    # The one-suit bound's search, resumed in slices as the bound does: the same verdict
    # and the same count after every slice, on each suit of random states and played ones.
    rng = random.Random(11)
    states = [random_state(rng)[0] for _ in range(700)]
    states += [state for state in playout_states(rng, 8, 200) if rng.random() < 0.1]
    verdicts: dict[object, int] = {}
    for state in states:
        for suit in range(4):
            start = relaxed(state, suit)
            if not start[0]:
                continue
            python, compiled = RelaxedSearch(start), accel.RelaxedSearch(start)
            for budget in (1, 7, 100, 1000, 4000, 5):
                answer = python.run(budget)
                assert (compiled.run(budget), compiled.nodes) == (answer, python.nodes), (start, budget)
            verdicts[answer] = verdicts.get(answer, 0) + 1
    assert min(verdicts.get(key, 0) for key in (True, False, None)) > 50, verdicts


def test_the_proofs_one_suit_check_cuts_the_same_states(accel: ModuleType) -> None:
    # Positions of playouts, proved in slices: after every slice both searches hold the
    # same attributes (the relaxed positions counted alike), and the check cuts in some.
    rng = random.Random(5)
    states = [state for state in playout_states(rng, 40, 150) if rng.random() < 0.03]
    cuts = 0
    for state in states:
        python, compiled = Search(state), accel.Search(state)
        for limit in (30, 300, 3000, 6000):
            assert compiled.prove(limit) == python.prove(limit), state
            assert [getattr(compiled, name) for name in ATTRIBUTES] == [getattr(python, name) for name in ATTRIBUTES]
        cuts += python.suit_cuts > 0
    assert len(states) > 100
    assert cuts > 10, cuts


@pytest.mark.parametrize("seed", [-3, 2**64 + 5, 2**200 + 1])
def test_seeds_beyond_64_bits_and_negative_seeds_match(accel: ModuleType, seed: int) -> None:
    # random.Random takes any int (the absolute value): the compiled core seeds the same way.
    root = from_game(Game.from_number(4))
    assert scripted(accel.Search, root, seed, True) == scripted(Search, root, seed, True)


BAD_INPUT_CHECK = r"""
import json, sys
import crescent_accel as accel
from crescent_widget import Game
from crescent_widget.solver.search.state import from_game

good = from_game(Game.from_number(1))
piles, fnd, left = good

def with_pile(pile):
    return (piles[:3] + (pile,) + piles[4:], fnd, left)

def with_fnd(*values):
    return (piles, tuple(values) + fnd[len(values):], left)

# Each case must raise TypeError or ValueError (an int too big for C too, as Python refuses it).
must_refuse = {
    "None": None, "an int": 5, "a str": "state", "empty tuple": (), "one item": (piles,),
    "two items": (piles, fnd), "four items": (piles, fnd, left, 0),
    "15 piles": (piles[:15], fnd, left), "17 piles": (piles + (b"",), fnd, left), "piles None": (None, fnd, left),
    "pile str": with_pile("abc"), "pile list": with_pile([1, 2]), "pile None": with_pile(None),
    "pile int": with_pile(7),
    "card 52 on top": with_pile(bytes([1, 52])), "card 52 below": with_pile(bytes([52, 1])),
    "card 255": with_pile(bytes([255])), "card 99": with_pile(bytes([99])),
    "pile of 14": with_pile(bytes(range(14))), "pile of 200": with_pile(bytes(200)),
    "7 foundations": (piles, fnd[:7], left), "9 foundations": (piles, fnd + (0,), left),
    "fnd None": (piles, None, left),
    "foundation -1": with_fnd(-1), "foundation 13": with_fnd(13), "foundation 98": with_fnd(98),
    "foundation 100": with_fnd(100), "half joined": with_fnd(99),
    "half joined desc": (piles, fnd[:4] + (99,) + fnd[5:], left),
    "foundation str": with_fnd("3"), "foundation float": with_fnd(2.0), "foundation None": with_fnd(None),
    "foundation 2**70": with_fnd(2**70), "foundation -2**70": with_fnd(-(2**70)),
    "left -1": (piles, fnd, -1), "left str": (piles, fnd, "1"), "left None": (piles, fnd, None),
    "left float": (piles, fnd, 1.5), "left 2**70": (piles, fnd, 2**70),
}
# Each case may be accepted or refused, but must not crash.
must_survive = {
    "state as list": [piles, fnd, left], "piles as list": (list(piles), fnd, left),
    "fnd as list": (piles, list(fnd), left), "pile bytearray": with_pile(bytearray(piles[3])),
    "pile memoryview": with_pile(memoryview(piles[3])), "not folded joined": with_fnd(3, 0, 0, 0, 4),
    "left 9": (piles, fnd, 9), "left True": (piles, fnd, True), "empty piles": ((b"",) * 16, fnd, left),
    "three copies": with_pile(piles[0][:1] * 3),
}

def attempt(label, call, refuse):
    print(json.dumps({"label": label, "refuse": refuse, "start": True}), flush=True)
    try:
        call()
        outcome = "returned"
    except Exception as error:
        outcome = type(error).__name__
    print(json.dumps({"label": label, "refuse": refuse, "outcome": outcome}), flush=True)

for label, state in must_refuse.items():
    attempt("expand " + label, lambda: accel.expand(state), True)
    attempt("expand unpruned " + label, lambda: accel.expand(state, False, False), True)
    attempt("Search " + label, lambda: accel.Search(state).dive(50), True)
for label, state in must_survive.items():
    attempt("expand " + label, lambda: accel.expand(state), False)
    attempt("Search " + label, lambda: (accel.Search(state).dive(50), accel.Search(state).prove(50)), False)

search = accel.Search(good, seed=3)
attempt("seed str", lambda: accel.Search(good, seed="x"), True)
attempt("seed float", lambda: accel.Search(good, seed=1.5), False)
attempt("seed None", lambda: accel.Search(good, seed=None), False)
attempt("dive limit str", lambda: search.dive("x"), True)
attempt("prove limit str", lambda: search.prove("x"), True)
attempt("dive limit None", lambda: search.dive(None), True)
attempt("dive limit -1", lambda: search.dive(-1), False)
attempt("prove limit -1", lambda: search.prove(-1), False)
attempt("dive limit 2**70", lambda: search.dive(2**70, lambda: True), False)
attempt("prove limit 2**70", lambda: accel.Search(((b"",) * 16, fnd, left)).prove(2**70), False)
attempt("dive stop not callable", lambda: search.dive(1000, 5), False)
attempt("dive stop raising", lambda: search.dive(1000, lambda: 1 / 0), True)
attempt("dive stop returning a str", lambda: search.dive(1000, lambda: "yes"), False)
attempt("search usable after all that", lambda: (search.dive(300), search.prove(300)), False)
attempt("expand no args", lambda: accel.expand(), True)
attempt("Search no args", lambda: accel.Search(), True)
relaxed_good = ((bytes([3, 4]), bytes([9])), 2, 11, 1)
must_refuse_relaxed = {
    "None": None, "a list": list(relaxed_good), "three items": relaxed_good[:3],
    "piles list": ([bytes([3])], 2, 11, 1), "pile str": (("ab",), 2, 11, 1),
    "empty pile": ((b"",), 2, 11, 1), "rank 13": ((bytes([13]),), 2, 11, 1),
    "17 piles": ((bytes([1]),) * 17, 2, 11, 1), "27 cards": ((bytes(27),), 2, 11, 1),
    "ascending 13": (relaxed_good[0], 13, 11, 1), "descending -1": (relaxed_good[0], 2, -1, 1),
    "half joined": (relaxed_good[0], 99, 11, 1), "top str": (relaxed_good[0], "2", 11, 1),
    "top 2**70": (relaxed_good[0], 2**70, 11, 1), "left -1": (relaxed_good[0], 2, 11, -1),
    "left 256": (relaxed_good[0], 2, 11, 256), "left float": (relaxed_good[0], 2, 11, 1.0),
}
for label, start in must_refuse_relaxed.items():
    attempt("RelaxedSearch " + label, lambda: accel.RelaxedSearch(start).run(100), True)
may_take_relaxed = {
    "unsorted piles": ((bytes([9]), bytes([3, 4])), 2, 11, 1), "no piles": ((), 4, 4, 0),
    "joined": ((bytes([5]),), 99, 99, 0), "16 piles of 1": (tuple(bytes([r % 13]) for r in range(16)), 0, 12, 2),
}
for label, start in may_take_relaxed.items():
    attempt("RelaxedSearch " + label, lambda: accel.RelaxedSearch(start).run(10_000), False)
relaxed_search = accel.RelaxedSearch(relaxed_good)
attempt("relaxed budget str", lambda: relaxed_search.run("x"), True)
attempt("relaxed budget -1", lambda: relaxed_search.run(-1), False)
attempt("relaxed budget 2**70", lambda: relaxed_search.run(2**70), False)
attempt("relaxed again after its verdict", lambda: relaxed_search.run(10), False)
attempt("RelaxedSearch no args", lambda: accel.RelaxedSearch(), True)
print(json.dumps({"done": True}), flush=True)
"""


def test_bad_input_is_refused_cleanly(accel: ModuleType) -> None:
    # A child process: a crash there is reported below, instead of ending the test run.
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    done = subprocess.run(
        [sys.executable, "-c", BAD_INPUT_CHECK], capture_output=True, text=True, timeout=120, env=env, check=False
    )
    lines = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    last = lines[-1] if lines else {}
    assert done.returncode == 0 and last.get("done"), (
        f"the compiled core crashed (exit code {done.returncode}) on {last.get('label')!r}: {done.stderr[-2000:]}"
    )
    allowed = {"TypeError", "ValueError", "ZeroDivisionError"}
    outcomes = [line for line in lines if "outcome" in line]
    refused = [line for line in outcomes if line["refuse"]]
    wrong = [f"{line['label']}: {line['outcome']}" for line in refused if line["outcome"] not in allowed]
    assert not wrong, wrong
    assert {line["outcome"] for line in outcomes if line["label"] == "dive stop raising"} == {"ZeroDivisionError"}
    assert len(outcomes) > 150


def test_the_search_lets_other_threads_run(accel: ModuleType) -> None:
    """With the GIL held for a whole dive, a thread waiting for it would wake only after the dive.

    The switch interval is made huge, so that the interpreter never takes the GIL away
    from the diving thread: only the core's own release lets this thread run meanwhile,
    and so see the dive unfinished (and refused: another thread's dive is running).
    The dive says it has begun from inside itself (its first stop check, with the dive
    running), and it ends only when this thread has looked (the stop check then says
    stop), so what this thread sees does not depend on how the two threads are scheduled.
    """
    import threading

    from crescent_widget.solver.search.checks import SearchBusyError

    # Deal 8's first dive finds no win within millions of positions: it runs until told to stop.
    search = accel.Search(from_game(Game.from_number(8)), seed=0)
    inside, looked, finished = threading.Event(), threading.Event(), threading.Event()

    def stop() -> bool:
        inside.set()  # called by the running dive: it is under way
        return looked.is_set()

    def dive() -> None:
        search.dive(50_000_000, stop)
        finished.set()

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1000.0)
    try:
        thread = threading.Thread(target=dive)
        thread.start()
        assert inside.wait(timeout=60), "the dive never checked its stop callback"
        running = not finished.is_set()
        try:
            with pytest.raises(RuntimeError, match=r"^search_busy: .*another thread") as refused:
                search.dive(10)
        finally:
            looked.set()
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert running, "the dive held the GIL until it ended"
    assert finished.is_set() and search.nodes > 0
    assert not isinstance(refused.value, SearchBusyError)  # the raw core's RuntimeError, as documented
    search.dive(10)  # once the dive ended, the search takes calls again
