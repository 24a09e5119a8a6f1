"""``python -m crescent_widget.solver``: the solver's command line (:mod:`.cli`)."""

from .cli import run

raise SystemExit(run())
