"""Play Crescent in a terminal: ``python -m crescent_widget [CODE] [--lang en] [--teach]``.

Type a move as ``13-14`` or ``13-F``; ``?`` lists the other commands (reshuffle, undo,
hint, "still winnable?", teaching mode, language, new game, quit).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable

from .errors import CrescentError
from .table.table import Table
from .table.terminal import play
from .words.i18n import DEFAULT_LANG, LANGS


def main(argv: Iterable[str] | None = None) -> int:
    """The ``crescent`` command."""
    parser = argparse.ArgumentParser(prog="crescent", description="Play Crescent patience in a terminal.")
    parser.add_argument("code", nargs="?", help="a game code such as CR1-N-AAAAAAB (default: a random deal)")
    parser.add_argument("--lang", default=DEFAULT_LANG, choices=LANGS, help="language (default: %(default)s)")
    parser.add_argument("--teach", action="store_true", help="teaching mode: explain moves, warn before a losing one")
    args = parser.parse_args(None if argv is None else list(argv))
    try:
        table = Table(args.code, lang=args.lang, teach=args.teach)
    except CrescentError as err:
        parser.error(str(err))
    play(table, input, print)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:  # Ctrl-C before the game started (e.g. while dealing)
        sys.exit(130)
