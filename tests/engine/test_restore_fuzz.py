"""A state handed to ``Game.__setstate__`` (a pickle, ``copy.deepcopy``, hand-made) loads only as
the engine's own values: whatever it is given, a loaded game holds what the engine rebuilt.

A state whose values merely compare equal to the real ones (floats for ints, plain tuples or
lists for moves and entries) loads the same game, and that game then undoes, plays, saves and
pickles as the real one does; anything else is refused with the package's error, never with
an error from inside a value it was given.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crescent_widget import CrescentError, Game
from crescent_widget.engine.moves import Move, Place
from crescent_widget.errors import InvalidPositionError

FIELDS = ("piles", "foundations", "variant", "code", "clock", "left", "history", "face_down", "log", "start",
          "moves", "started", "last")  # fmt: skip


class Hostile:
    """A value whose every method a check might call raises: a check must not call them."""

    def _refuse(self, *args: object) -> Any:
        raise RuntimeError("a check called a method of a value it was given")

    __eq__ = __ne__ = __lt__ = __len__ = __iter__ = __bool__ = __index__ = __int__ = __float__ = _refuse
    __hash__ = __getitem__ = __contains__ = __sub__ = __add__ = _refuse


def played_game(seed: int) -> Game:
    """A game of a random deal and variant (or a layout), some random actions into it."""
    rng = random.Random(seed)
    variant = rng.choice("NFH")
    game = Game.from_number(rng.randint(1, 10_000), variant)
    if rng.random() < 0.25:  # a layout game: it has a start layout instead of a code
        layout = [[card.ascii for card in pile] for pile in game.piles] if variant != "H" else None
        if layout is not None:
            bases = [[card.ascii for card in f] for f in game.foundations]
            game = Game.from_layout(layout, bases, rng.randint(0, 3), variant=variant)
    for _ in range(rng.randint(0, 40)):
        actions = game.legal_actions()
        if not actions:
            break
        game.move(rng.choice(actions))
    return game


def twin(value: object, rng: random.Random) -> object:
    """A value equal (``==``) to ``value`` built of other types: a float or a plain int for an int or
    a Place, a plain tuple for a Move; lists and tuples stay what they are."""
    if isinstance(value, bool) or not isinstance(value, int | tuple | list):
        return value  # None, text, the clock, the times
    if isinstance(value, int):
        return float(value) if rng.random() < 0.5 else int(value)
    items = [twin(item, rng) for item in value]
    return items if isinstance(value, list) else tuple(items)


def plain(value: object) -> bool:
    """Whether a loaded state holds the engine's own values: exact ints, Places and Moves, no floats
    where ints belong, no foreign object."""
    if isinstance(value, Move):
        return type(value.src) is Place and type(value.dst) is Place
    if isinstance(value, tuple | list):
        return type(value) in (tuple, list) and all(plain(item) for item in value)
    return value is None or type(value) in (int, float, str, bool) or callable(value)


def load(state: object) -> Game:
    game = Game.__new__(Game)
    game.__setstate__(state)  # type: ignore[arg-type]
    return game


def behaves_as(loaded: Game, original: Game) -> None:
    """``loaded`` is ``original``'s game (its undo history perhaps a shorter tail, as a save may
    keep): the same position and actions, the engine's own values, and it undoes, plays, saves
    and pickles as the original does."""
    depth = len(loaded.history)
    assert loaded == original and loaded.actions == original.actions
    assert loaded.history == original.history[len(original.history) - depth :]
    state = loaded.__getstate__()
    assert plain(state), state
    assert all(type(entry[0]) is int and type(entry[3]) is Move for entry in state[6])
    assert type(state[11]) in (float, type(None)) and type(state[12]) is float
    assert pickle.loads(pickle.dumps(loaded)) == loaded
    assert Game.from_dict(loaded.to_dict()) == loaded
    loaded.legal_actions()
    same = original.copy()
    for _ in range(depth):
        assert loaded.undo() == same.undo()
        assert loaded == same
    assert not loaded.can_undo()
    if loaded.legal_moves():
        move = loaded.legal_moves()[0]
        assert loaded.move(move) == same.move(move)


@given(seed=st.integers(0, 10**6), data=st.data())
@settings(max_examples=120, deadline=None)
def test_a_state_of_equal_values_loads_the_engines_own_game(seed: int, data: st.DataObject) -> None:
    """Floats for ints, plain tuples for moves, lists for tuples: the same game, rebuilt."""
    original = played_game(seed)
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    state = list(original.__getstate__())
    for index in data.draw(st.sets(st.sampled_from([0, 1, 5, 6, 7, 8, 9, 10, 11, 12]), min_size=1)):
        if index == 11 and state[11] is None:
            continue
        state[index] = twin(state[index], rng)
    loaded = load(tuple(state))
    behaves_as(loaded, original)


JUNK = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(2**70), 2**70),
        st.floats(allow_nan=True, allow_infinity=True),
        st.text(max_size=4),
        st.binary(max_size=3),
        st.builds(Hostile),
        st.sampled_from([Move.parse("13-14"), Place.parse("F1"), 13.5, 2**2000]),
    ),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.lists(inner, max_size=4).map(tuple)),
    max_leaves=12,
)


def test_an_undo_history_of_floats_or_plain_tuples_loads_as_the_engines_own() -> None:
    """The reproduction: entries equal to the real ones, of other types, used to load as given
    and make ``undo()`` raise ``TypeError`` (floats as list indices) or ``AttributeError``."""
    original = Game.from_number(1)
    for _ in range(3):
        original.move(original.legal_moves()[0])
    state = original.__getstate__()
    floats = tuple((float(src), float(dst), float(flipped), move) for src, dst, flipped, move in state[6])
    tuples = tuple((src, dst, flipped, tuple(move)) for src, dst, flipped, move in state[6])
    for history in (floats, tuples, list(tuples)):
        loaded = load((*state[:6], history, *state[7:]))
        behaves_as(loaded, original)
        behaves_as(pickle.loads(crafted_pickle((*state[:6], history, *state[7:]))), original)


def crafted_pickle(state: tuple[object, ...]) -> bytes:
    """The bytes of a pickle of a :class:`Game` whose state is ``state``, as a hand-edited file holds."""

    class Crafted:
        def __reduce__(self) -> tuple[object, ...]:
            return object.__new__, (Game,), state  # a Game made, then given this state, as pickle does

    return pickle.dumps(Crafted())


@given(seed=st.integers(0, 10**6), data=st.data())
@settings(max_examples=300, deadline=None)
def test_any_changed_state_is_refused_or_loads_the_engines_own_game(seed: int, data: st.DataObject) -> None:
    """Junk anywhere in a real state (one field, one entry, one card): the package's error, or the
    game the engine rebuilds, which then plays as the original."""
    original = played_game(seed)
    state: list[Any] = list(original.__getstate__())
    index = data.draw(st.integers(0, len(FIELDS) - 1), label="field")
    where = data.draw(st.sampled_from(["whole", "item", "deep"]), label="where")
    junk = data.draw(JUNK, label="junk")
    value = state[index]
    if where != "whole" and isinstance(value, tuple | list) and value:
        value = [list(item) if isinstance(item, tuple | list) and where == "deep" else item for item in value]
        at = data.draw(st.integers(0, len(value) - 1), label="at")
        if where == "deep" and isinstance(value[at], list) and value[at]:
            inner = data.draw(st.integers(0, len(value[at]) - 1), label="inner")
            value[at][inner] = junk if data.draw(st.booleans()) else twin(value[at][inner], random.Random(seed))
        else:
            value[at] = junk if data.draw(st.booleans()) else twin(value[at], random.Random(seed))
        state[index] = value if data.draw(st.booleans()) else tuple(value)
    else:
        state[index] = junk
    try:
        loaded = load(tuple(state))
    except CrescentError:
        return
    behaves_as(loaded, original)


class HostileText(str):
    """Text that writes as JSON but whose comparisons raise: a check must not compare it."""

    __eq__ = __ne__ = __hash__ = Hostile._refuse


class HostileList(list):  # type: ignore[type-arg]
    """A list that writes as JSON but raises when iterated or compared."""

    __iter__ = __eq__ = __ne__ = Hostile._refuse


class HostileDict(dict):  # type: ignore[type-arg]
    __eq__ = __ne__ = items = keys = values = Hostile._refuse


def test_a_save_made_of_look_alikes_loads_as_the_plain_json_it_writes_or_is_refused() -> None:
    """``Game.from_dict`` reads a save as the JSON it stands for: subclasses of str, int and list
    load the same game as the real save, and whatever raises inside them is refused as no JSON."""
    original = played_game(7)
    save = original.to_dict()
    look_alike = {**save, "format": HostileText(save["format"]), "elapsed": float(save["elapsed"])}
    loaded = Game.from_dict(look_alike)
    assert loaded == original and loaded.actions == original.actions
    assert type(loaded.to_dict()["format"]) is str
    for broken in ({**save, "actions": HostileList(save["actions"])}, HostileDict(save), {**save, "start": Hostile()}):
        try:
            Game.from_dict(broken)
        except CrescentError:
            continue
        raise AssertionError("a save that is no JSON data loaded")


@pytest.mark.parametrize("ago", [1e9, 1e12, 1e300])
def test_a_clock_started_longer_ago_than_a_save_holds_is_refused(ago: float) -> None:
    """Times a save could not hold (``elapsed`` under 10^9 s) are refused on load, as the save
    refuses them: loaded, the game could not be saved again."""
    original = played_game(3)
    state = list(original.__getstate__())
    state[11] = state[12] - ago  # the clock's start, 'ago' seconds before the last action
    with pytest.raises(InvalidPositionError, match="seconds of play"):
        load(tuple(state))
    state[11] = state[12] - 5.0
    assert Game.from_dict(load(tuple(state)).to_dict()) == original
