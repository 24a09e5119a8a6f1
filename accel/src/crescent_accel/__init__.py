"""crescent-widget's optional compiled search core.

The solver in :mod:`crescent_widget.solver` uses this module when it is installed and
its :data:`ALGORITHM` matches the pure-Python search's; otherwise it uses the pure-Python
search, which stays complete (it is what runs in the browser). Both give the same answers:
the same successors in the same order, and with a node budget the same line, node counts
and verdict (``tests/solver/test_accel.py`` checks that).

It takes exactly what the pure-Python search takes, and checks every input before it
touches memory: a malformed state, relaxed position, seed, flag or budget raises a plain
``TypeError`` (a wrong type) or ``ValueError`` (a wrong value) whose message starts with
the package's reason code (``"invalid_position: ..."``), and a ``stop`` callback that
calls its own running search gets a ``RuntimeError`` (``"search_busy: ..."``).
:mod:`crescent_widget.solver` runs the same checks first and raises its own errors.
"""

from ._core import ALGORITHM, RelaxedSearch, Search, expand

__all__ = ["ALGORITHM", "RelaxedSearch", "Search", "expand"]
