"""The terminal player (``python -m crescent_widget``), driven as a user does: a real process and its stdin."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from crescent_widget.table import Table
from crescent_widget.table.terminal import play
from crescent_widget.words.i18n import label
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
    assert label("confirm_reshuffle", "en") in done.stdout, "the first r only says what a reshuffle costs"
    assert "! Moves before a reshuffle cannot be taken back" in done.stdout
    assert "There is no move to undo" not in done.stdout


def test_teaching_warns_before_a_losing_move_and_waits_for_y() -> None:
    out: list[str] = []
    commands = iter(["2-1", "x", "2-1", "y", "q"])
    table = play(Table.from_game(one_wrong_move(), lang="en", teach=True), lambda _prompt: next(commands), out.append)
    warning = "? Careful: after this move the game can no longer be won. y: go ahead, x: take it back"
    assert out.count(warning) == 2
    assert table.game.move_count == 1 and table.view().status == "blocked"
    assert any(line.startswith("Move 1: A♠ from pile 2 onto 2♠ on pile 1") for line in out)
    assert any("A♠ went onto 2♠" in line for line in out), "teaching mode explains the move"


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


def test_a_bad_code_is_a_usage_error() -> None:
    done = crescent("CR9-X", commands="")
    assert done.returncode == 2 and "invalid game code" in done.stderr and "Traceback" not in done.stderr
