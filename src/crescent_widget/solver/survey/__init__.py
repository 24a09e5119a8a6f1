"""Winnability surveys over many deals: local processes or a Dask cluster, resumable.

- :mod:`.resume`: :func:`survey`, the whole survey in one call (resumes, returns the table);
- :mod:`.runner`: solve each deal and append its record to a results file
  (:func:`run_survey`, :class:`ResultsFile`);
- :mod:`.cluster`: where the work runs (the one check of ``jobs`` and ``cluster``, the Dask client);
- :mod:`.summary`: what a survey found (:func:`summarise`: proven counts, the range of the win rate);
- :mod:`.progress`: the progress bar;
- :mod:`.results`: a results file read back as a table (:func:`read_survey`, :class:`SurveyResults`);
- :mod:`.parquet`: the results as Parquet (:func:`write_parquet`);
- :mod:`.cli`: the command line, ``python -m crescent_widget.solver``.

>>> from crescent_widget.solver.survey import survey
>>> [record["status"] for record in survey([1], nodes=300_000, progress=False)]
['won']
"""

from __future__ import annotations

from .parquet import write_parquet
from .results import SurveyResults, read_survey
from .resume import survey
from .runner import ResultsFile, SurveyFileError, run_survey, solve_deal
from .summary import Proportion, SurveySummary, summarise, wilson_interval

__all__ = [
    "Proportion",
    "ResultsFile",
    "SurveyFileError",
    "SurveyResults",
    "SurveySummary",
    "read_survey",
    "run_survey",
    "solve_deal",
    "summarise",
    "survey",
    "wilson_interval",
    "write_parquet",
]
