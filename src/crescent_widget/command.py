"""How the package's commands (``crescent``, ``python -m crescent_widget.solver``) end.

Whatever happens to their input and output, they end without a traceback: quietly when
the reader of their output goes away (``crescent | head -1``) or at a Ctrl-C, in one line
on standard error when their output cannot be written (a full disk).
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable

INTERRUPTED = 130  # the shell's status for a command ended by Ctrl-C
WRITE_FAILED = 1


def as_command(main: Callable[[], int], prog: str) -> int:
    """``main()``'s exit status, or the status of how its output or a Ctrl-C ended it."""
    try:
        try:
            return main()
        finally:
            # Here, not at exit: an output that cannot be written is then caught below.
            if sys.stdout is not None:
                sys.stdout.flush()
    except KeyboardInterrupt:
        return INTERRUPTED
    except BrokenPipeError:  # the reader went away: nobody to tell
        _drop_output()
        return 0
    except OSError as error:
        _drop_output()
        with contextlib.suppress(OSError):
            sys.stderr.write(f"{prog}: error: cannot write the output: {error.strerror or error}\n")
        return WRITE_FAILED


def _drop_output() -> None:
    """Point standard output at nothing: Python flushes it again at exit and would complain."""
    if sys.stdout is not None:
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
