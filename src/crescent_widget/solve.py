"""Deprecated: the solver's command line is ``python -m crescent_widget.solver`` (:mod:`crescent_widget.solver.cli`).

This name, beside :func:`crescent_widget.solver.solve`, named two things; it still runs the
command line and gives the same names for one release, with a ``DeprecationWarning``.
"""

import warnings

from .solver.cli import main, parse_range, percentile, run, solve_one, summarise, wilson_interval

__all__ = ["main", "parse_range", "percentile", "run", "solve_one", "summarise", "wilson_interval"]

warnings.warn(
    "crescent_widget.solve is deprecated: use python -m crescent_widget.solver, or crescent_widget.solver.cli",
    DeprecationWarning,
    stacklevel=1 if __name__ == "__main__" else 2,
)

if __name__ == "__main__":
    raise SystemExit(run())
