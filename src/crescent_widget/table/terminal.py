"""Play Crescent in a terminal, on the same :class:`~crescent_widget.table.Table` as the widget.

The terminal reads one command a line and prints what the table's view says: refusals,
announcements, the note (hints, the teaching mode's explanations) and, when the
position changed, the horseshoe. ``?`` or ``help`` lists the commands. End of input
(Ctrl-D) and Ctrl-C leave cleanly.

>>> from crescent_widget.table import Table
>>> lines = iter(["13-14", "14-1", "q"])
>>> out: list[str] = []
>>> _ = play(Table("CR1-N-AAAAAAB", lang="en"), lambda prompt: next(lines), out.append)
>>> out[1], out[3]
('Move 1: A♠ from pile 13 onto K♠ on pile 14', '! Must be the same suit')
"""

from __future__ import annotations

from collections.abc import Callable

from ..errors import CrescentError
from ..words.i18n import label
from .review import REVIEW_SECONDS
from .table import Table, TableView

QUIT = frozenset({"q", "quit", "exit"})
HELP = frozenset({"?", "h?", "help", "pomoc"})
CONFIRM = frozenset({"y", "yes", "t", "tak"})


def play(table: Table, read: Callable[[str], str], write: Callable[[str], object]) -> Table:
    """Run the read–act–show loop until ``q``, end of input or Ctrl-C; returns the table."""
    write(table.game.diagram(table.lang))
    try:
        while True:
            command = read(label("terminal_prompt", table.lang)).strip().lower()
            if command in QUIT:
                break
            run(table, command, write)
    except (EOFError, KeyboardInterrupt):
        write("")  # end the prompt's line
    return table


def run(table: Table, command: str, write: Callable[[str], object]) -> None:
    """Carry out one command and print what changed."""
    before = table.view()
    game, revision = table.game, table.game.revision
    refused = False
    try:
        if not act(table, command, write):
            return
    except CrescentError:
        refused = True  # the table's view says why
    show(before, table.view(), refused, write)
    if table.game is not game or table.game.revision != revision:
        write(table.game.diagram(table.lang))


def act(table: Table, command: str, write: Callable[[str], object]) -> bool:
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
    if command == "t":
        table.teach = not table.teach
        write(label("terminal_teach_on" if table.teach else "terminal_teach_off", lang))
        return False
    simple: dict[str, Callable[[], object]] = {
        "r": table.reshuffle,
        "u": table.undo,
        "n": table.new_game,
        "h": table.hint,
        "w": table.check_winnable,
        "x": table.take_back,
    }
    if command in CONFIRM:
        table.confirm()
    elif command in simple:
        simple[command]()
    else:
        table.move(command)
    return True


def review_text(table: Table) -> str:
    """The game review's words (the same as the widget's and the API's), in the table's language."""
    from ..solver.review import review

    return review(table.game, seconds=REVIEW_SECONDS).text(table.lang)


def show(before: TableView, after: TableView, refused: bool, write: Callable[[str], object]) -> None:
    """Print the new parts of the view: refusal, announcement, note, a held move's warning."""
    if refused:
        write(f"! {after.message}")
    elif after.announce_id != before.announce_id and after.announcement:
        write(after.announcement)
    if after.note and after.note not in (before.note, after.announcement):
        write(after.note)
    if after.pending_move and after.pending_move != before.pending_move:
        write(f"? {after.warning} {label('terminal_pending', after.lang)}")
