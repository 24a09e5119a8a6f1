"""``python -m crescent_widget.solver``: the solver's command line (:mod:`.survey.cli`)."""

from .survey.cli import run

raise SystemExit(run())
