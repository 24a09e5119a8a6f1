"""Deal numbers known to be winnable, so a player can ask for a winnable deal.

``winnable.txt`` beside this module lists them, one per line (``#`` starts a comment). It
is written by ``python -m crescent_widget.solver RANGE --winnable-out FILE`` and every
number in it comes from a line the engine replayed to a win. The list is data about
deals, as game codes are, so the engine reads it without the solver that found it.

>>> numbers = winnable_numbers()
>>> 3 in numbers
True
>>> random_winnable_number() in numbers
True
"""

from __future__ import annotations

import random
from functools import cache
from importlib import resources

from ..errors import ArgumentTypeError


@cache
def winnable_numbers() -> frozenset[int]:
    """Every deal number in the shipped list."""
    text = resources.files(__package__).joinpath("winnable.txt").read_text(encoding="ascii")
    lines = (line.partition("#")[0].strip() for line in text.splitlines())
    return frozenset(int(line) for line in lines if line)


@cache
def _sorted_numbers() -> tuple[int, ...]:
    return tuple(sorted(winnable_numbers()))


def random_winnable_number(rng: random.Random | None = None) -> int:
    """A deal number drawn uniformly from the shipped winnable list.

    Raises:
        ArgumentTypeError: ``rng`` is neither None nor a ``random.Random``.
    """
    if rng is not None and not isinstance(rng, random.Random):
        raise ArgumentTypeError("invalid_option", f"rng must be None or a random.Random, not {type(rng).__name__}")
    return (rng or random.SystemRandom()).choice(_sorted_numbers())
