"""Deal numbers this project's solver has won, so a player can ask for a winnable deal.

The list is read by the engine (:mod:`crescent_widget.engine.winnable`), which deals
from it without the solver; the solver's API names the same two functions.

>>> 3 in winnable_numbers()
True
"""

from __future__ import annotations

from ..engine.winnable import random_winnable_number as random_winnable_number  # noqa: PLC0414  (a re-export)
from ..engine.winnable import winnable_numbers as winnable_numbers  # noqa: PLC0414  (a re-export)
