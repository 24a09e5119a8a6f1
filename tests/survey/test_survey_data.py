"""The published survey data and the shipped winnable list tell the same story."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from crescent_widget import Game
from crescent_widget.solver import check_win, winnable_numbers

DATA = Path(__file__).resolve().parents[2] / "data" / "survey-1-10000.jsonl.gz"


def test_the_winnable_list_is_exactly_the_surveys_won_deals() -> None:
    with gzip.open(DATA, "rt", encoding="utf-8") as handle:
        records = [json.loads(line) for line in handle]
    assert [record["deal"] for record in records] == list(range(1, 10_001))
    won = {record["deal"] for record in records if record["status"] == "won"}
    assert won == set(winnable_numbers())
    # The lines added last (search algorithm 7) replay to a win; --verify checks them all.
    latest = [record for record in records if record.get("algorithm") == 7 and record["status"] == "won"]
    assert len(latest) == 14
    for record in latest:
        game = Game.from_number(record["deal"])
        assert game.code == record["code"]
        assert check_win(game, record["moves"])
