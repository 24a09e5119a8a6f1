"""Play Crescent in a terminal: ``python -m crescent_widget [CODE] [--lang en] [--teach]``.

Type a move as ``13-14`` or ``13-F``; ``?`` lists the other commands (reshuffle, undo,
hint, "still winnable?", teaching mode, language, new game, quit).

The command ends cleanly however its input and output end: Ctrl-C at any moment (from
its first milliseconds, while it imports and deals), end of input, a closed pipe
(``crescent | head -1``) and bytes that are not UTF-8 on its input.
"""

# No ``from __future__`` import: it would load a module before the hook below is set.
import sys


def _quiet_interrupt(kind: type[BaseException], value: BaseException, traceback: object) -> None:
    """Ctrl-C before the game loop catches it ends the command without a traceback."""
    if _interrupted(value):
        return  # Python then exits as killed by SIGINT, as a shell expects
    _previous_hook(kind, value, traceback)  # type: ignore[arg-type]  # the hook's own arguments


def _interrupted(error: BaseException | None) -> bool:
    """Whether ``error`` is a Ctrl-C, or an error a Ctrl-C caused: one that lands while a class of
    an imported module is being made comes out as ``RuntimeError("Error calling __set_name__ …")``
    (Python 3.11) with the KeyboardInterrupt as its cause."""
    for _ in range(10):  # a short chain: a cycle of causes must not hang the exit
        if error is None:
            return False
        if isinstance(error, KeyboardInterrupt):
            return True
        error = error.__cause__ or error.__context__
    return False


# First of all, before the imports below (they take most of the start-up): a Ctrl-C
# during them reaches this hook instead of printing an import's traceback.
_previous_hook = sys.excepthook
sys.excepthook = _quiet_interrupt

import argparse  # noqa: E402
from collections.abc import Iterable  # noqa: E402

from .command import as_command  # noqa: E402
from .errors import CrescentError  # noqa: E402
from .table.table import Table  # noqa: E402
from .table.terminal import play  # noqa: E402
from .words.i18n import DEFAULT_LANG, LANGS  # noqa: E402


def main(argv: Iterable[str] | None = None) -> int:
    """The ``crescent`` command; returns its exit status."""
    # A Ctrl-C while dealing or drawing, before the game loop takes over, ends it too.
    return as_command(lambda: _main(argv), "crescent")


def _main(argv: Iterable[str] | None) -> int:
    parser = argparse.ArgumentParser(prog="crescent", description="Play Crescent patience in a terminal.")
    parser.add_argument("code", nargs="?", help="a game code such as CR1-N-AAAAAAB (default: a random deal)")
    parser.add_argument("--lang", default=DEFAULT_LANG, choices=LANGS, help="language (default: %(default)s)")
    parser.add_argument("--teach", action="store_true", help="teaching mode: explain moves, warn before a losing one")
    args = parser.parse_args(None if argv is None else list(argv))
    try:
        table = Table(args.code, lang=args.lang, teach=args.teach)
    except CrescentError as err:
        parser.error(str(err))
    if sys.stdout is None:  # started with its standard output closed (crescent >&-)
        parser.error("no standard output to show the game on")
    for stream in (sys.stdin, sys.stdout):
        if stream is not None and hasattr(stream, "reconfigure"):
            # Any bytes in, any text out: a stray byte is a refused move, not a UnicodeDecodeError.
            stream.reconfigure(errors="replace")
    play(table, _read_line, print)
    return 0


def _read_line(prompt: str) -> str:
    """``input``, with a missing or unreadable standard input read as its end."""
    if sys.stdin is None:
        raise EOFError
    try:
        return input(prompt)
    except BrokenPipeError:
        raise  # standard output closed: main() ends quietly
    except OSError as err:  # standard input closed or gone (a bad descriptor, a hung-up terminal)
        raise EOFError from err


if __name__ == "__main__":
    sys.exit(main())
