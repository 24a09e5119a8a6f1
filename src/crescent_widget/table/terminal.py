"""Play Crescent in a terminal, on the same :class:`~crescent_widget.table.Table` as the widget.

The terminal reads one command a line (or a line of moves: ``13-14 5-F R``, as the
solver prints a winning line) and prints what the table's view says, one
sentence a line: refusals (the catalogue's sentence for the reason, in both languages),
announcements, the note (hints, the teaching mode's explanations, a lesson's verdicts) and,
when the position changed, the horseshoe. A lesson on the table shows its title, rule and
task first; ``again`` and ``next`` are its Try again and Next lesson. ``stats`` prints the
player's statistics. ``?`` or ``help`` lists the commands. End of input (Ctrl-D) and
Ctrl-C leave cleanly. Where the standard library's :mod:`readline` exists and the input is
a terminal, :func:`line_editing` gives the prompt line editing, history (the Up arrow) and
Tab completion of the commands and the legal moves.

>>> from crescent_widget.table import Table
>>> lines = iter(["13-14", "14-1", "f9-1", "q"])
>>> out: list[str] = []
>>> _ = play(Table("CR1-N-AAAAAAB", lang="en"), lambda prompt: next(lines), out.append)
>>> out[1], out[3]
('Move 1: A♠ from pile 13 onto K♠ on pile 14', '! Must be the same suit')
>>> out[4]
'! Not a valid move: piles are 1–16, foundations F1–F8'
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from ..engine.records import RecordError
from ..errors import CrescentError
from ..words.announcements import refusal
from ..words.i18n import REASONS, Lang, label, message
from .review import REVIEW_SECONDS
from .table import Table, TableView

QUIT = frozenset({"q", "quit", "exit", "koniec"})
HELP = frozenset({"?", "h?", "help", "pomoc"})
CONFIRM = frozenset({"y", "yes", "tak"})  # "t" alone toggles the teaching mode
CANCEL = "x"  # the teaching mode's "take it back"
REDO = frozenset({"redo", "ponów", "ponow"})
STATS = frozenset({"stats", "statystyki"})
AGAIN = frozenset({"again", "znowu"})  # a lesson's Try again
NEXT = frozenset({"next", "dalej"})  # a lesson's Next lesson
# The words Tab completes (the legal moves too); the one-letter commands need no completing.
COMMANDS = (
    "again", "help", "next", "quit", "redo", "review", "stats",
    "dalej", "koniec", "pomoc", "ponów", "statystyki", "znowu",
)  # fmt: skip
VERDICT_MARKS = {"right": "✓ ", "wrong": "✗ "}


def play(table: Table, read: Callable[[str], str], write: Callable[[str], object]) -> Table:
    """Run the read–act–show loop until ``q``, end of input or Ctrl-C; returns the table."""
    if table.lesson is not None:
        write(lesson_text(table))
    write(table.game.diagram(table.lang))
    try:
        while True:
            command = read(label("terminal_prompt", table.lang)).strip().lower()
            if command in QUIT:
                break
            run_command(table, command, write)
    except (EOFError, KeyboardInterrupt):
        write("")  # end the prompt's line
    return table


def run_command(table: Table, command: str, write: Callable[[str], object]) -> None:
    """Carry out one command and print what changed."""
    before = table.view()
    position = _position(table)
    refused: CrescentError | None = None
    try:
        if not do_command(table, command, write):
            return
    except CrescentError as err:
        refused = err
    show(before, table.view(), refused, write)
    if _position(table) != position:  # a wrong answer a lesson took back leaves the horseshoe as it was
        write(table.game.diagram(table.lang))


def _position(table: Table) -> tuple[object, ...]:
    game = table.game
    return game.code, game.position_key, game.move_count


def terminal_refusal(err: CrescentError, lang: Lang) -> str:
    """A refusal as the terminal prints it: the catalogue's one sentence for its reason.

    The engine's English detail (``no such place: 'F9' …``) is for code and logs; a
    player reads the same clean sentence in either language.
    """
    if err.reason in REASONS and not isinstance(err, RecordError):
        return message(err.reason, lang)
    return refusal(err, lang)


def do_command(table: Table, command: str, write: Callable[[str], object]) -> bool:
    """Do one command; returns whether the table's view may have changed."""
    lang = table.lang
    if not command:
        return False
    if command in HELP:
        write(label("terminal_help", lang))
        return False
    if command == "m":
        write(" ".join(str(m) for m in table.legal_moves()) or label("terminal_no_moves", lang))
        return False
    if command == "l":
        table.lang = "en" if lang == "pl" else "pl"
        write(label("terminal_language", table.lang))
        write(table.game.diagram(table.lang))
        return False
    if command == "review":
        write(review_text(table))
        return False
    if command == "practice":
        table.practice()
        return True
    if command in STATS:
        write(table.stats.text(lang))
        return False
    if command in AGAIN or command in NEXT:
        return lesson_command(table, command in NEXT, write)
    if command == "t":
        held = table.pending
        table.teach = not table.teach  # off: a held move is dropped with the mode
        write(label("terminal_teach_on" if table.teach else "terminal_teach_off", lang))
        if held is not None and table.pending is None:
            write(label("terminal_taken_back", lang, move=str(held)))
        return False
    if command == CANCEL:
        held = table.pending
        table.cancel()
        write(label("terminal_taken_back", lang, move=str(held)))
        return False
    if command == "n" and not table.new_game():
        write(label("terminal_confirm_new_game", lang))
        return False
    if command == "n":
        return True
    if command == "w" and table.game.status == "won":
        write(label("won", lang))
        return False
    if command == "r":
        if not table.reshuffle() and table.pending is None:  # asked for a second r, not held by teaching
            write(label("terminal_confirm_reshuffle", lang))
            return False
        return True
    if len(command.split()) > 1:
        play_line(table, command.split())
        return True
    simple: dict[str, Callable[[], object]] = {
        "u": table.undo,
        "h": table.hint,
        "w": table.still_winnable,
    }
    if command in CONFIRM:
        table.confirm()
    elif command in REDO:
        table.redo()
    elif command in simple:
        simple[command]()
    else:
        table.move(command)
    return True


def lesson_text(table: Table) -> str:
    """The lesson's panel as text: its title, rule and task, and its commands."""
    panel, lang = table.view().lesson_panel, table.lang
    parts = [str(panel["title"]), str(panel["rule"]), str(panel["task"]), label("terminal_lesson_commands", lang)]
    return "\n".join(parts)


def lesson_command(table: Table, forward: bool, write: Callable[[str], object]) -> bool:
    """A lesson's Try again (``again``) or Next lesson (``next``): the panel and the horseshoe
    again; returns ``False`` (what changed is printed here)."""
    lang = table.lang
    if table.lesson is None:
        write(label("terminal_no_lesson", lang))
        return False
    if forward and table.next_lesson() is None:
        write(label("terminal_last_lesson", lang))
        return False
    if not forward:
        table.retry_lesson()
    write(lesson_text(table))
    write(table.game.diagram(lang))
    return False


def review_text(table: Table) -> str:
    """The game review's words (the same as the widget's and the API's), in the table's language.

    The table reviews its game (so that ``practice`` starts from this review) and leaves the
    replay a board would open at once: the terminal prints the words instead.
    """
    found = table.review(REVIEW_SECONDS)
    table.replay_stop()
    return found.text(table.lang)


def play_line(table: Table, moves: list[str]) -> None:
    """Play a line of moves typed or pasted on one line (``13-14 5-F R …``), in order.

    The line was written out whole (a solver's line, a record), so each move is played
    as given: no reshuffle asks for a second press and the teaching mode holds none back.
    The first refused move stops the line; the refusal is shown as any other.
    """
    for move in moves:
        table.move(move, by_player=False)


def show(before: TableView, after: TableView, refused: CrescentError | None, write: Callable[[str], object]) -> None:
    """Print the new parts of the view, one sentence a line: refusal, announcement, note, held move."""
    lang = after.lang
    held = after.pending_move and after.pending_move != before.pending_move
    verdict = after.note_tone and (after.note != before.note or after.announce_id != before.announce_id)
    if refused is not None and not verdict:  # a lesson's verdict says why itself, of the cards tried
        if after.cancelled:  # "Reshuffle not done.": the refusal is not all that happened
            write(after.cancelled)
        write(f"! {terminal_refusal(refused, lang)}")
    elif refused is None and after.announce_id != before.announce_id and after.announcement and not held:
        for sentence in _with_game_end(after.announcement, before.status, after.status, lang):
            if not verdict or sentence != after.note:  # the verdict is printed once, marked, below
                write(sentence)
    if verdict:
        write(VERDICT_MARKS.get(after.note_tone, "") + after.note)
        if after.lesson_panel.get("solved") and not before.lesson_panel.get("solved"):
            write(label("terminal_lesson_commands", lang))
    elif after.note and after.note != before.note and after.note not in after.announcement:
        write(after.note)
    if held:
        write(f"? {after.warning}")
        write(label("terminal_pending", lang))


def _with_game_end(announcement: str, before: str, after: str, lang: Lang) -> list[str]:
    """The announcement, with the sentence saying that the game just ended (and what a win adds:
    the wins and the streak) on a line of its own."""
    end = label(after, lang) if after != before and after in ("won", "blocked") else ""
    head, found, tail = announcement.partition(" " + end) if end else (announcement, "", "")
    return [head, end + tail] if found else [announcement]


def line_editing(table: Table) -> bool:
    """Give the prompt line editing, history (the Up arrow recalls an earlier line) and Tab
    completion of the commands and the legal moves, where the standard library's
    :mod:`readline` exists (not on Windows, nor in a browser) and the input is a terminal;
    whether it did. A pipe keeps plain ``input()``: readline would write its escapes there.
    """
    if sys.stdin is None or not sys.stdin.isatty():
        return False
    try:
        import readline
    except ImportError:
        return False

    def complete(text: str, state: int) -> str | None:
        words = [*COMMANDS, *(str(move) for move in table.legal_moves())]
        found = sorted({word for word in words if word.startswith(text.lower())})
        return found[state] if state < len(found) else None

    readline.set_completer(complete)
    readline.set_completer_delims(" \t")
    # GNU readline and macOS's libedit bind Tab differently.
    libedit = "libedit" in (readline.__doc__ or "")
    readline.parse_and_bind("bind ^I rl_complete" if libedit else "tab: complete")
    return True
