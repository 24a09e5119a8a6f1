"""The end of a game that needs no more thought: only foundation moves are left to play.

:func:`finishing_run` is the one place that decides whether the board may offer "Dokończ" /
"Finish": the rest of the game must be a plain run of moves from piles to foundations,
with no pile-to-pile move, no reshuffle and no card still face down.

Why playing any foundation move at each step is enough: a foundation move never takes a
move away from another (it uncovers a card and advances a foundation), and of the two
copies of a card one belongs on the rising foundation of its suit and the other on the
falling one, so which copy goes first does not matter. If some order of foundation moves
wins, every order does.

>>> from crescent_widget import Game
>>> ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
>>> found = [[r + s for r in ranks] for s in "SHCD"] + [[r + s for r in reversed(ranks)] for s in "SHCD"]
>>> found[4] = found[4][:-2]                    # A♠ and 2♠ are not home yet
>>> game = Game.from_layout([["AS", "2S"]] + [[] for _ in range(15)], found)
>>> [str(m) for m in finishing_run(game)]       # 2♠, then A♠ under it
['1-F5', '1-F5']
>>> game = Game.from_layout([["2S", "AS"]] + [[] for _ in range(15)], found)
>>> finishing_run(game)                         # A♠ covers 2♠: no foundation takes it
()
"""

from __future__ import annotations

from .game import Game
from .moves import PILES, Move


def finishing_run(game: Game) -> tuple[Move, ...]:
    """The pile-to-foundation moves that win the game from here, in order; ``()`` if there is no such run.

    Empty too when the game is over, and while a card is face down (offering to finish
    would tell the player something about cards they cannot see). ``game`` is not changed.
    """
    if game.status != "playing" or any(game.face_down(n) for n in range(1, PILES + 1)):
        return ()
    trial = game.copy()
    run: list[Move] = []
    while trial.status == "playing":
        home = next((m for m in trial.legal_moves() if m.src.is_pile and m.dst.is_foundation), None)
        if home is None:
            return ()
        trial.move(home)
        run.append(home)
    return tuple(run) if trial.status == "won" else ()
