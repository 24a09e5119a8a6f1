"""Play Crescent in a terminal: ``python -m crescent_widget [CODE] [--lang en]``.

Type a move as ``13-14`` or ``13-F``, ``r`` to reshuffle, ``u`` to undo, ``m`` to list
the legal moves, ``n`` for a new game and ``q`` to quit.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable

from .errors import CrescentError
from .game import Game
from .i18n import check_lang

PROMPT = {"en": "move (13-14, 13-F, r, u, m, n, q)> ", "pl": "ruch (13-14, 13-F, r, u, m, n, q)> "}


def play(game: Game, lang: str, read: Callable[[str], str], write: Callable[[str], object]) -> Game:
    """Run the read–move–draw loop until ``q`` or end of input; returns the last game."""
    write(game.diagram(lang))
    while True:
        try:
            command = read(PROMPT[lang]).strip().lower()
        except EOFError:
            return game
        try:
            if command in ("q", "quit", "exit"):
                return game
            if command == "u":
                game.undo()
            elif command == "r":
                game.reshuffle()
            elif command == "n":
                game = Game(clock=game._clock)
            elif command == "m":
                write(" ".join(str(m) for m in game.legal_moves()) or "-")
                continue
            elif command:
                game.move(command)
            else:
                continue
        except CrescentError as err:
            write(f"! {err.text(lang)}")
            continue
        write(game.diagram(lang))


def main(argv: Iterable[str] | None = None) -> int:
    """The ``crescent`` command."""
    parser = argparse.ArgumentParser(prog="crescent", description="Play Crescent patience in a terminal.")
    parser.add_argument("code", nargs="?", help="a game code such as CR1-N-AAAAAAB (default: a random deal)")
    parser.add_argument("--lang", default="pl", choices=["pl", "en"], help="language (default: pl)")
    args = parser.parse_args(None if argv is None else list(argv))
    try:
        game = Game(args.code)
    except CrescentError as err:
        parser.error(str(err))
    play(game, check_lang(args.lang), input, print)
    return 0


if __name__ == "__main__":
    sys.exit(main())
