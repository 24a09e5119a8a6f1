"""The published survey of deals 10,001–100,000: whole, in order, and its won lines replay."""

from __future__ import annotations

import gzip
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pandas
import pytest

from crescent_widget import Game
from crescent_widget.solver import check_win

DATA = Path(__file__).resolve().parents[2] / "data"
LINES = DATA / "survey-10001-100000.jsonl.gz"
TWIN = DATA / "survey-10001-100000.parquet"


@pytest.fixture(scope="module")
def records() -> list[dict[str, Any]]:
    with gzip.open(LINES, "rt", encoding="utf-8") as handle:
        return [json.loads(line) for line in handle]


def test_every_deal_is_there_once_in_order_with_its_own_code(records: list[dict[str, Any]]) -> None:
    assert [record["deal"] for record in records] == list(range(10_001, 100_001))
    assert Counter(record["status"] for record in records) == {"won": 89_936, "unknown": 64}
    for record in random.Random(7).sample(records, 500):
        assert Game.from_number(record["deal"]).code == record["code"]


def test_a_sample_of_won_lines_replays_to_a_win(records: list[dict[str, Any]]) -> None:
    # --verify replays every line (data/README.md); a test replays a seeded sample of them.
    won = [record for record in records if record["status"] == "won"]
    for record in random.Random(11).sample(won, 300):
        assert check_win(Game(record["code"]), record["line"]), record["deal"]


def test_the_parquet_twin_holds_the_same_rows(records: list[dict[str, Any]]) -> None:
    frame = pandas.read_parquet(TWIN, columns=["deal", "status", "nodes"])
    assert list(frame["deal"]) == [record["deal"] for record in records]
    assert list(frame["status"].astype(str)) == [record["status"] for record in records]
    assert list(frame["nodes"]) == [record["nodes"] for record in records]
