"""Several threads driving one Table: its lock keeps the game and the session consistent."""

from __future__ import annotations

import pickle
import random
import sys
import threading
import time

from crescent_widget import CrescentError, Game
from crescent_widget.engine.positions import check_position
from crescent_widget.table import Table


def _drive(table: Table, seed: int, until: float, failures: list[BaseException]) -> None:
    rng = random.Random(seed)
    while time.monotonic() < until:
        try:
            kind = rng.randrange(5)
            if kind == 0:
                moves = table.legal_moves()
                if moves:
                    table.move(rng.choice(moves))
            elif kind == 1:
                table.tap(rng.randrange(1, 17))
            elif kind == 2:
                table.undo()
            elif kind == 3:
                view = table.view()
                assert sum(size for _, size in view.piles) + sum(size for _, size in view.foundations) == 104
            else:
                table.reshuffle() if rng.random() < 0.05 else table.double_tap(rng.randrange(1, 17))
        except CrescentError:
            pass  # a refused action: the table said why
        except BaseException as err:  # anything else is the corruption this test looks for
            failures.append(err)
            return


def test_threads_sharing_a_table_leave_it_consistent() -> None:
    table = Table("CR1-N-AAAAAAB", lang="en")
    failures: list[BaseException] = []
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as the interpreter can: races show at once
    try:
        until = time.monotonic() + 1.0
        threads = [threading.Thread(target=_drive, args=(table, seed, until, failures)) for seed in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert failures == []
    game = table.game
    piles = [[card.index for card in pile] for pile in game.piles]
    foundations = [[card.index for card in found] for found in game.foundations]
    check_position(piles, foundations)  # no card lost or doubled, every foundation on its base
    restored = pickle.loads(pickle.dumps(game))
    assert restored.piles == game.piles and restored.move_count == game.move_count
    assert table.view().move_count == game.move_count
    assert Game.from_record(game.record()).piles == game.piles
