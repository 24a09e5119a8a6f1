"""Play Crescent in a terminal: ``python -m crescent_widget [CODE] [--lang en] [--teach] [--lesson N]``.

Type a move as ``13-14`` or ``13-F``; ``?`` lists the other commands (reshuffle, undo,
hint, "still winnable?", teaching mode, language, new game, statistics, a lesson's Try
again and Next lesson, quit). ``--lesson 3`` plays lesson 3 of the course, judged move by
move as on the board. The player's statistics are kept, as the widget keeps them.

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
from typing import NoReturn  # noqa: E402

from .command import as_command  # noqa: E402
from .errors import CrescentError  # noqa: E402
from .table.table import Table  # noqa: E402
from .table.terminal import line_editing, play  # noqa: E402
from .words.i18n import DEFAULT_LANG, LANGS, Lang, label  # noqa: E402


def main(argv: Iterable[str] | None = None) -> int:
    """The ``crescent`` command; returns its exit status."""
    # A Ctrl-C while dealing or drawing, before the game loop takes over, ends it too.
    return as_command(lambda: _main(argv), "crescent")


def _main(argv: Iterable[str] | None) -> int:
    arguments = sys.argv[1:] if argv is None else list(argv)
    asked = _asked_lang(arguments)
    lang: Lang = "en" if asked == "en" else "pl" if asked == "pl" else DEFAULT_LANG
    parser = _parser(lang)
    if asked not in LANGS:  # a language it does not speak, or --lang with nothing after it
        parser.error(label("terminal_command_bad_lang", lang, given=repr(asked or "")[:40]))
    args, unknown = parser.parse_known_args(arguments)
    if unknown:
        parser.error(label("terminal_command_unknown", lang, given=" ".join(unknown)))
    lesson = _lesson_number(parser, args.lesson, lang)
    if lesson is not None and args.code is not None:
        parser.error(label("terminal_command_lesson_and_code", lang))
    try:
        table = Table(args.code, lang=lang, teach=args.teach, stats=True, lesson=lesson)
    except CrescentError as err:
        parser.error(err.text(lang))
    if sys.stdout is None:  # started with its standard output closed (crescent >&-)
        parser.error(label("terminal_command_no_output", lang))
    for stream in (sys.stdin, sys.stdout):
        if stream is not None and hasattr(stream, "reconfigure"):
            # Any bytes in, any text out: a stray byte is a refused move, not a UnicodeDecodeError.
            stream.reconfigure(errors="replace")
    line_editing(table)
    try:
        play(table, _read_line, print)
    finally:
        table.close()
    return 0


def _lesson_number(parser: argparse.ArgumentParser, given: str | None, lang: Lang) -> int | None:
    """The lesson ``--lesson`` names (1 to the course's length), or ``None`` without it."""
    if given is None:
        return None
    from .lessons import LESSONS

    if not given.isdigit() or not 1 <= int(given) <= len(LESSONS):
        parser.error(label("terminal_command_bad_lesson", lang, count=len(LESSONS), given=repr(given)[:40]))
    return int(given)


def _asked_lang(arguments: list[str]) -> str | None:
    """What ``--lang`` says among ``arguments`` (None: nothing after it), read before the rest,
    since the help and the errors speak it."""
    first_look = argparse.ArgumentParser(add_help=False)
    first_look.add_argument("--lang", nargs="?", default=DEFAULT_LANG)
    asked: str | None = first_look.parse_known_args(arguments)[0].lang
    return asked


class _Parser(argparse.ArgumentParser):
    """argparse in the command's language: its usage line and its error line."""

    def __init__(self, lang: Lang) -> None:
        super().__init__(
            prog="crescent",
            usage="%(prog)s [CODE] [--lang {pl,en}] [--teach] [--lesson N]",
            description=label("terminal_command_description", lang),
            epilog=label("terminal_command_examples", lang),
            formatter_class=argparse.RawDescriptionHelpFormatter,
            add_help=False,
        )
        self.lang = lang

    def format_usage(self) -> str:
        return self._in_language(super().format_usage())

    def format_help(self) -> str:
        return self._in_language(super().format_help())

    def _in_language(self, text: str) -> str:
        english = "usage: "  # argparse's own word, before the usage it formats
        return label("terminal_command_usage", self.lang) + text[len(english) :] if text.startswith(english) else text

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: {label('terminal_command_error', self.lang)}: {message}\n")


def _parser(lang: Lang) -> _Parser:
    parser = _Parser(lang)
    # One group with a title in the language, in place of argparse's English ones.
    group = parser.add_argument_group(label("terminal_command_arguments", lang))
    group.add_argument("code", nargs="?", metavar="CODE", help=label("terminal_command_code", lang))
    # Checked before parsing (_asked_lang), so that a wrong language gets the command's own sentence.
    group.add_argument("--lang", default=DEFAULT_LANG, metavar="{pl,en}", help=label("terminal_command_lang", lang))
    group.add_argument("--teach", action="store_true", help=label("terminal_command_teach", lang))
    group.add_argument("--lesson", metavar="N", help=label("terminal_command_lesson", lang))
    group.add_argument("-h", "--help", action="help", help=label("terminal_command_help", lang))
    return parser


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
