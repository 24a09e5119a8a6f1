"""The terminal player (``python -m crescent_widget``), driven as a user does: a real process and its stdin."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import pytest

from crescent_widget import Game
from crescent_widget.lessons import LESSONS
from crescent_widget.table import Table
from crescent_widget.table.terminal import play
from crescent_widget.words.i18n import label, message
from widget_support import DEAL, one_wrong_move


def crescent(*args: str, commands: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "crescent_widget", *args],
        input=commands,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_moves_refusals_and_end_of_input() -> None:
    done = crescent(DEAL, "--lang", "en", commands="13-14\n14-1\nm\n")  # no "q": the input just ends
    assert done.returncode == 0 and done.stderr == ""
    assert "Move 1: A♠ from pile 13 onto K♠ on pile 14" in done.stdout
    assert "! Must be the same suit" in done.stdout
    assert "Moves: 1" in done.stdout and "13-15" not in done.stdout


def test_a_move_or_a_refusal_after_one_r_says_the_reshuffle_was_not_done_once() -> None:
    done = crescent(DEAL, "--lang", "en", commands="13-14\nr\n5-F\nr\n1-2\n")
    assert done.returncode == 0 and done.stderr == ""
    assert "> Reshuffle not done. Move 2: 2♥ from pile 5 onto A♥ on foundation F2\n" in done.stdout
    assert "> Reshuffle not done.\n! Must be one rank higher or lower\n" in done.stdout
    assert done.stdout.count("Reshuffle not done.") == 2, "once each: not again as a note"
    assert "Reshuffles left: 2" not in done.stdout


def test_help_hint_winnable_and_language() -> None:
    done = crescent(DEAL, "--lang", "en", commands="?\nh\nw\nl\n13-14\nq\n")
    assert done.returncode == 0 and done.stderr == ""
    out = done.stdout
    assert label("terminal_help", "en") in out
    assert "(" in out and ("This move" in out or "No win found" in out), "the hint names a move"
    assert label("winnable_winnable", "en") in out or label("winnable_unknown", "en") in out
    assert "Język: polski." in out and "Ruch 1: A♠ ze stosu 13 na K♠ na stosie 14" in out
    assert label("terminal_prompt", "pl") in out, "the prompt follows the language"


def test_undo_after_a_reshuffle_says_why() -> None:
    done = crescent(DEAL, "--lang", "en", commands="13-14\n5-F\nr\nr\nu\nq\n")
    assert label("terminal_confirm_reshuffle", "en") in done.stdout, "the first r only says what a reshuffle costs"
    assert "! Moves before a reshuffle cannot be taken back" in done.stdout
    assert "There is no move to undo" not in done.stdout


def test_teaching_warns_before_a_losing_move_and_waits_for_y() -> None:
    out: list[str] = []
    commands = iter(["2-1", "x", "2-1", "y", "q"])
    table = play(Table.from_game(one_wrong_move(), lang="en", teach=True), lambda _prompt: next(commands), out.append)
    why = "A♠ lies on 2♠, which must reach a foundation first, and A♠ has nowhere else to go."  # the dead end
    warning = f"? Careful: after this move the game can no longer be won. {why}"
    assert out.count(warning) == 2, "the warning is printed once each time the move is held"
    assert out.count("y: go ahead, x: take it back") == 2
    assert not any(line.startswith("Careful") for line in out), "no second copy as an announcement"
    assert "Move 2-1 taken back; nothing was played." in out
    assert table.game.move_count == 1 and table.view().status == "blocked"
    assert any(line.startswith("Move 1: A♠ from pile 2 onto 2♠ on pile 1") for line in out)
    assert any("A♠ went onto 2♠" in line for line in out), "teaching mode explains the move"


@pytest.fixture(autouse=True)
def _ctrl_c_as_from_a_terminal() -> Iterator[None]:
    """The commands started here get Ctrl-C as a terminal's foreground program does. A test run
    that a shell started in the background has SIGINT ignored, a child inherits an ignored
    signal, and Python then installs no KeyboardInterrupt: a Ctrl-C would do nothing at all
    and the command would wait at its prompt. A handled signal is reset to the default at exec.
    """
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


def test_ctrl_c_at_the_prompt_leaves_cleanly() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "crescent_widget", DEAL],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    deadline = time.monotonic() + 60
    seen = ""
    while "ruch (" not in seen and time.monotonic() < deadline:  # wait for the prompt
        seen += os.read(process.stdout.fileno(), 4096).decode()
    process.send_signal(signal.SIGINT)
    _out, err = process.communicate(timeout=60)
    assert process.returncode == 0
    assert "Traceback" not in err and "KeyboardInterrupt" not in err


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (["CR9-X"], "crescent: błąd: Nieprawidłowy kod gry: oczekiwano CR1-V-LLLLLLL"),
        (["CR9-X", "--lang", "en"], "crescent: error: invalid game code 'CR9-X': expected CR1-V-LLLLLLL"),
        (["--lang", "de"], "crescent: błąd: --lang przyjmuje pl albo en, nie 'de'"),
        (["--lang", "de", "--help"], "crescent: błąd: --lang przyjmuje pl albo en, nie 'de'"),
        (["--lang"], "crescent: błąd: --lang przyjmuje pl albo en, nie ''"),
        (["--lang", "--teach"], "crescent: błąd: --lang przyjmuje pl albo en, nie ''"),
        (["CR1-N-AAAAAAB", "extra"], "crescent: błąd: nieznane argumenty: extra"),
        (["--lang", "en", "--bogus"], "crescent: error: unrecognised arguments: --bogus"),
        (["7"], "crescent: błąd: Nieprawidłowy kod gry"),
        (["--lesson", "10"], "crescent: błąd: --lesson przyjmuje numer lekcji od 1 do 9, nie '10'"),
        (["--lesson", "x", "--lang", "en"], "crescent: error: --lesson takes a lesson number from 1 to 9, not 'x'"),
        (["--lesson", "-1", "--lang", "en"], "crescent: error: --lesson takes a lesson number from 1 to 9, not '-1'"),
        (["CR1-N-AAAAAAB", "--lesson", "2"], "crescent: błąd: lekcja rozdaje własną pozycję"),
    ],
)
def test_an_argument_mistake_is_one_line_in_the_commands_language(args: list[str], error: str) -> None:
    done = crescent(*args, commands="")
    usage, said = done.stderr.splitlines()
    assert done.returncode == 2 and done.stdout == ""
    assert (
        usage == ("usage: " if "en" in args else "użycie: ") + "crescent [CODE] [--lang {pl,en}] [--teach] [--lesson N]"
    )
    assert said.startswith(error), said


@pytest.mark.parametrize(
    ("lang", "words"),
    [("pl", ["argumenty:", "przykłady:", "--lang en"]), ("en", ["arguments:", "examples:", "--lang pl"])],
)
def test_help_speaks_the_language_asked_and_gives_examples(lang: str, words: list[str]) -> None:
    done = crescent("--lang", lang, "--help", commands="")
    assert done.returncode == 0 and done.stderr == ""
    for word in words:
        assert word in done.stdout, done.stdout
    examples = [line.split() for line in done.stdout.splitlines() if line.startswith("  crescent ")]
    assert len(examples) == 4 and examples[1][:4] == ["crescent", "CR1-N-AAAAAAB", "--lang", "en"]
    assert examples[3][:3] == ["crescent", "--lesson", "3"]
    other = "usage: " if lang == "pl" else "użycie: "
    assert other not in done.stdout and "options:" not in done.stdout and "positional" not in done.stdout


def _session(table: Table, commands: list[str]) -> list[str]:
    """What the terminal prints for ``commands`` (the horseshoe diagrams left out)."""
    out: list[str] = []
    lines = iter([*commands, "q"])
    play(table, lambda _prompt: next(lines), out.append)
    return [line for line in out if "\n" not in line and line]


def test_a_win_is_said_on_a_line_of_its_own_with_the_wins_and_the_streak(tmp_path: Path) -> None:
    from crescent_widget.solver import solve
    from crescent_widget.stats import StatsBook

    line = solve(Game(DEAL), nodes=2_000_000).line
    table = Table(DEAL, lang="en", stats=StatsBook(tmp_path / "s.sqlite3"))
    for move in line[:-1]:
        table.move(move, by_player=False)
    out = _session(table, [str(line[-1])])
    assert out[0].startswith("Move ") and out[0].endswith("on foundation F1."), out
    assert out[1] == "You won! Every card is on a foundation. Wins: 1, streak: 1", out
    assert table.stats.text().splitlines()[1].split()[:4] == ["Crescent", "1", "1", "100%"], "`stats` prints it"


def test_refusals_are_one_clean_sentence_in_both_languages() -> None:
    for lang, expected in (("en", "! Not a valid move: piles are 1–16, foundations F1–F8"),
                           ("pl", "! Nieprawidłowy ruch: stosy mają numery 1–16, fundamenty F1–F8")):  # fmt: skip
        out = _session(Table(DEAL, lang=lang), ["f9-1", "xyz", "13-99"])
        assert out == [expected] * 3, out
    out = _session(Table(DEAL, lang="en"), ["14-1"])
    assert out == ["! Must be the same suit"], "each refusal is given once"


def test_new_game_in_progress_speaks_terminal_words() -> None:
    for lang in ("en", "pl"):
        out = _session(Table(DEAL, lang=lang), ["13-14", "n"])
        assert out[-1] == label("terminal_confirm_new_game", lang)
        assert label("confirm_new_game", lang) not in out, "no widget wording (a button to press)"
    table = Table(DEAL, lang="en")
    _session(table, ["13-14", "n", "n"])
    assert table.game.code != DEAL or table.game.move_count == 0, "the second n deals"


def test_the_end_of_the_game_is_a_sentence_of_its_own_and_w_after_a_win() -> None:
    for lang in ("en", "pl"):
        table = Table.from_game(one_wrong_move(), lang=lang)
        out = _session(table, ["2-1"])
        assert out[-1] == label("blocked", lang) and out[-2].endswith(".")
        assert label("blocked", lang) not in out[-2]
    won = Game.from_layout(*_one_move_from_winning(), reshuffles_left=0)
    for lang in ("en", "pl"):
        out = _session(Table.from_game(won.copy(), lang=lang), ["1-F", "w"])
        assert out[-2] == label("won", lang) and out[-1] == label("won", lang), out
        assert label("winnable_winnable", lang) not in out, "a won game is not 'still winnable'"


def test_t_with_a_held_move_takes_it_back() -> None:
    table = Table.from_game(one_wrong_move(), lang="pl", teach=True)
    out = _session(table, ["2-1", "t", "y"])
    assert label("terminal_taken_back", "pl", move="2-1") in out
    assert out[-1] == "! " + message("nothing_pending", "pl"), "y finds nothing held any more"
    assert table.pending is None and table.game.move_count == 0


def _one_move_from_winning() -> tuple[list[list[str]], list[list[str]]]:
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    foundations = [[r + s for r in ranks] for s in "SHCD"] + [[r + s for r in reversed(ranks)] for s in "SHCD"]
    foundations[0] = foundations[0][:-1]  # K♠ waits on pile 1
    return [["KS"]] + [[] for _ in range(15)], foundations


def _crescent_process(*args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "crescent_widget", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


# The package's code that runs before the command's own first line (``__main__``'s quiet hook):
# ``crescent_widget/__init__.py`` and the loader it imports, run by the import of the package.
BEFORE_THE_HOOK = tuple(f"crescent_widget{os.sep}{name}" for name in ("__init__.py", "lazy.py"))
# Modules the command imports after its hook is set (first, mid-way, last): a Ctrl-C is sent
# as each has been imported, so that it surely lands after the hook however slow the machine.
AFTER_THE_HOOK = ("crescent_widget.command", "crescent_widget.engine.game", "crescent_widget.table.terminal")


def _start_up_commands() -> list[list[str]]:
    return [[sys.executable, "-m", "crescent_widget", DEAL], [str(Path(sys.executable).with_name("crescent")), DEAL]]


def _package_frames(err: bytes) -> list[bytes]:
    return [line for line in err.splitlines() if b"crescent_widget" + os.sep.encode() in line]


def test_ctrl_c_during_start_up_leaves_quietly() -> None:
    """Ctrl-C at any moment of the start-up: never a traceback from the package's code.

    The interpreter's own start-up comes first (a few milliseconds; ``python -m`` adds
    runpy's imports), then the package's two-line ``__init__`` that the import of its
    ``__main__`` runs: both are out of the command's reach, and a Ctrl-C there shows
    Python's own traceback, with no frame of the package but that ``__init__``'s. From the
    command's first line on, its hook keeps a Ctrl-C quiet. The delays are a sweep over that
    early part; how far the start-up got by then depends on the machine's load, so a frame
    of any other of the package's files fails wherever the Ctrl-C landed.
    """
    for command in _start_up_commands():
        for delay in (0.0, 0.01, 0.02, 0.03, 0.04, 0.05, 0.07, 0.1):
            process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            time.sleep(delay)
            process.send_signal(signal.SIGINT)
            _out, err = process.communicate(timeout=60)
            late = [line for line in _package_frames(err) if not any(name.encode() in line for name in BEFORE_THE_HOOK)]
            assert late == [], (command[-2], delay, err.decode(errors="replace")[-400:])


def _read_errors(stream: IO[bytes], module: str, lines: list[bytes], imported: threading.Event) -> None:
    """Keep every line of ``stream`` in ``lines``; set ``imported`` once Python reports ``module`` imported."""
    for line in stream:
        lines.append(line)
        if line.rstrip().endswith(f" {module}".encode()):
            imported.set()


@pytest.mark.parametrize("module", AFTER_THE_HOOK)
def test_ctrl_c_once_the_command_has_started_up_leaves_quietly(module: str) -> None:
    """A Ctrl-C sent once ``module`` is imported (Python reports each import as it ends:
    ``PYTHONPROFILEIMPORTTIME``), so after the hook whatever the load: no traceback at all,
    and the command ends on it (its input stays open: nothing else would end it)."""
    for command in _start_up_commands():
        process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONPROFILEIMPORTTIME": "1"},
        )
        assert process.stderr is not None
        imported = threading.Event()
        lines: list[bytes] = []
        reader = threading.Thread(target=_read_errors, args=(process.stderr, module, lines, imported), daemon=True)
        reader.start()
        assert imported.wait(timeout=60), (command[-2], f"{module} was never imported", b"".join(lines)[-400:])
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=60)
        finally:
            process.kill()  # only if the wait failed: it has ended otherwise
            assert process.stdin is not None
            process.stdin.close()
        reader.join(timeout=60)
        err = b"".join(line for line in lines if not line.startswith(b"import time:"))
        assert b"Traceback" not in err and _package_frames(err) == [], (command[-2], module, err.decode()[-400:])


@pytest.mark.parametrize(("raised", "quiet"), [("KeyboardInterrupt", True), ("ValueError", False)])
def test_a_ctrl_c_that_python_wraps_in_another_error_is_still_quiet(raised: str, quiet: bool) -> None:
    """A Ctrl-C landing while an imported module makes a class may reach the top as a
    ``RuntimeError`` caused by the KeyboardInterrupt (``__set_name__``, Python 3.11): seen
    under load. The command's hook knows it by its cause; any other error still shows."""
    code = textwrap.dedent(f"""
        import crescent_widget.__main__

        class Interrupting:
            def __set_name__(self, owner, name):
                raise {raised}  # where the Ctrl-C landed

        class Made:
            field = Interrupting()
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=60, check=False)
    assert done.returncode != 0
    assert (done.stderr == b"") == quiet, done.stderr.decode(errors="replace")[-400:]


def test_a_closed_pipe_ends_quietly() -> None:
    process = _crescent_process(DEAL)
    assert process.stdout is not None and process.stdin is not None
    process.stdout.read(10)
    process.stdout.close()  # the reader goes away, as `crescent | head -1` does
    _out, err = process.communicate(input=b"13-14\nm\n" * 50, timeout=60)
    assert process.returncode == 0 and err == b"", err[-300:]


def test_crescent_piped_into_head_ends_quietly() -> None:
    script = Path(sys.executable).with_name("crescent")
    shell = f"yes 13-14 | head -200 | {script} {DEAL} | head -1"
    done = subprocess.run(["bash", "-c", shell], capture_output=True, text=True, timeout=60, check=False)
    assert done.stderr == "" and done.returncode == 0, done.stderr[-300:]
    assert len(done.stdout.splitlines()) == 1


def test_any_bytes_on_stdin_are_refused_moves() -> None:
    process = _crescent_process(DEAL, "--lang", "en")
    out, err = process.communicate(input=b"\xff\xfe13-14\n\x80\x00\n13-14\n", timeout=60)
    assert process.returncode == 0 and err == b"", err[-300:]
    text = out.decode()
    assert text.count("! Not a valid move") == 2 and "Move 1: A♠ from pile 13 onto K♠ on pile 14" in text


def test_end_of_input_and_no_input_at_all() -> None:
    process = subprocess.run(
        [sys.executable, "-m", "crescent_widget", DEAL],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert process.returncode == 0 and process.stderr == b""
    closed = subprocess.run(
        [
            sys.executable,
            "-c",
            "import os, sys; os.close(0); from crescent_widget.__main__ import main; sys.exit(main(['CR1-N-AAAAAAB']))",
        ],
        capture_output=True,
        timeout=60,
        check=False,
        stdin=None,
    )
    assert closed.returncode == 0 and b"Traceback" not in closed.stderr, closed.stderr[-300:]


def test_reshuffle_asks_in_terminal_words_and_a_line_of_moves_plays_in_order() -> None:
    for lang in ("en", "pl"):
        table = Table(DEAL, lang=lang)
        out = _session(table, ["13-14", "r"])
        assert out[-1] == label("terminal_confirm_reshuffle", lang) and table.game.reshuffles_left == 3
        assert label("confirm_reshuffle", lang) not in out, "no widget wording (a button to press)"
        _session(table, ["r"])
        assert table.game.reshuffles_left == 2, "the second r reshuffles"
    table = Table(DEAL, lang="en")
    out = _session(table, ["13-14 5-F r 14-1 3-F"])
    assert [str(a) for a in table.game.actions] == ["13-14", "5-F2", "R"], "played in order, stopped at the refusal"
    assert out[-1] == "! Must be the same suit"


def test_the_prompt_names_the_review_and_review_answers() -> None:
    # The prompt is what a new player reads first: every command it lists works.
    done = crescent(DEAL, "--lang", "en", commands="13-14\nreview\nq\n")
    assert done.returncode == 0 and done.stderr == ""
    assert "review, ? = help" in done.stdout
    assert "never lost" in done.stdout


def test_a_closed_standard_output_is_a_usage_error() -> None:
    # Python starts with sys.stdout None: the game has no one to show itself to.
    script = Path(sys.executable).with_name("crescent")
    done = subprocess.run(
        ["bash", "-c", f"{script} {DEAL} --lang en >&- </dev/null"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr[-300:]
    assert done.stderr.splitlines()[-1] == "crescent: error: no standard output to show the game on"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
def test_an_output_that_cannot_be_written_is_one_line() -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "crescent_widget", DEAL],
            input=b"13-14\nq\n",
            stdout=full,
            stderr=subprocess.PIPE,
            timeout=60,
            check=False,
        )
    assert (
        done.returncode == 1 and done.stderr == b"crescent: error: cannot write the output: No space left on device\n"
    )


# ---------------------------------------------------------------- lessons and statistics


def test_lesson_3_plays_in_the_terminal_with_its_task_verdicts_and_commands() -> None:
    done = crescent("--lesson", "3", "--lang", "en", commands="10-3\n3-F2\n10-14\nnext\nagain\nq\n")
    assert done.returncode == 0 and done.stderr == ""
    out = done.stdout
    lesson = LESSONS[2]
    assert out.startswith(f"{lesson.title.text('en')}\n{lesson.rule.text('en')}\n{lesson.task.text('en')}\n")
    assert "✗ Not yet: A♠ is not the same suit as K♥ on pile 3. Hint: " in out, "the reason, of the cards tried"
    assert "! Must be the same suit" not in out, "the verdict says it once"
    assert "It is taken back." in out and "✓ Right! A♠ went onto K♠ on pile 14" in out
    assert out.count(label("terminal_lesson_commands", "en")) >= 2, "the panel's, and again once the task is done"
    assert out.count(LESSONS[3].title.text("en")) == 2, "next, then again: lesson 4's panel each time"


def test_a_lesson_in_polish_and_the_last_lessons_next() -> None:
    done = crescent("--lesson", "9", commands="dalej\nznowu\nq\n")
    assert done.returncode == 0 and done.stderr == ""
    assert LESSONS[8].title.text("pl") in done.stdout
    assert label("terminal_last_lesson", "pl") in done.stdout
    plain = crescent(DEAL, "--lang", "en", commands="again\nq\n")
    assert label("terminal_no_lesson", "en") in plain.stdout


def test_stats_shows_the_players_statistics_across_sessions(tmp_path: Path) -> None:
    env = {**os.environ, "CRESCENT_STATS_PATH": str(tmp_path / "s.sqlite3")}

    def session(commands: str) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "crescent_widget", DEAL, "--lang", "en"],
            input=commands, capture_output=True, text=True, timeout=120, check=False, env=env,
        )  # fmt: skip
        assert done.returncode == 0 and done.stderr == ""
        return done.stdout

    assert label("stats_none", "en") in session("stats\nq\n")
    session("13-14\nn\nn\nq\n")  # a move, then a new game: a game lost
    out = session("statystyki\nq\n")
    row = next(line for line in out.splitlines() if line.startswith("Crescent "))
    assert row.split()[1:3] == ["1", "0"], row
    off = subprocess.run(
        [sys.executable, "-m", "crescent_widget", DEAL, "--lang", "en"],
        input="stats\n", capture_output=True, text=True, timeout=120, check=False, env={**env, "CRESCENT_STATS": "0"},
    )  # fmt: skip
    assert label("stats_off", "en") in off.stdout


def _in_a_terminal(*args: str, keys: list[bytes]) -> str:
    """Run the command on a pseudo-terminal, as a player's shell does; type ``keys`` one
    line at a time, each once the prompt is back; return what the terminal showed."""
    import pty

    main, child = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "crescent_widget", *args],
        stdin=child, stdout=child, stderr=child, close_fds=True,
        env={**os.environ, "TERM": "xterm", "INPUTRC": "/dev/null"},
    )  # fmt: skip
    os.close(child)
    shown = b""

    def read_until(marker: bytes, seconds: float = 60) -> None:
        nonlocal shown
        deadline = time.monotonic() + seconds
        while shown.count(marker) < prompts and time.monotonic() < deadline:
            try:
                shown += os.read(main, 4096)
            except OSError:
                break

    prompt = label("terminal_prompt", "en").strip().encode()
    prompts = 1
    read_until(prompt)
    for key in keys:
        os.write(main, key)
        prompts += 1
        read_until(prompt)
    os.write(main, b"q\r")
    try:
        process.wait(timeout=60)
    finally:
        process.kill()
        with contextlib.suppress(OSError):
            while chunk := os.read(main, 4096):
                shown += chunk
        os.close(main)
    return shown.decode(errors="replace")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a pseudo-terminal and GNU readline (Linux)")
def test_the_prompt_edits_lines_recalls_them_and_completes_commands() -> None:
    pytest.importorskip("readline")
    shown = _in_a_terminal(DEAL, "--lang", "en", keys=[b"m\r", b"\x1b[A\r", b"agai\t\r"])
    moves = " ".join(str(move) for move in Table(DEAL).legal_moves())
    assert shown.count(moves) == 2, "the Up arrow recalled m, and Enter ran it again"
    assert "^[[A" not in shown and "Not a valid move" not in shown, "no escape read as a move"
    assert label("terminal_no_lesson", "en") in shown, "Tab completed again"
