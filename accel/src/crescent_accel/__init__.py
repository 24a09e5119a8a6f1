"""crescent-widget's optional compiled search core.

The solver in :mod:`crescent_widget.solver` uses this module when it is installed and
its :data:`ALGORITHM` matches the pure-Python search's; otherwise it uses the pure-Python
search, which stays complete (it is what runs in the browser). Both give the same answers:
the same successors in the same order, and with a node budget the same line, node counts
and verdict (``tests/test_accel.py`` checks that).
"""

from ._core import ALGORITHM, RelaxedSearch, Search, expand

__all__ = ["ALGORITHM", "RelaxedSearch", "Search", "expand"]
