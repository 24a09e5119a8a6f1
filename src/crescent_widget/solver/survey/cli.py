"""The solver's command line: solve one deal, survey a range of deals, or check a survey's results.

Usage::

    python -m crescent_widget.solver CR1-N-AAAAAAB            # one deal: verdict and winning line
    python -m crescent_widget.solver 7 --json                  # ... as JSON
    python -m crescent_widget.solver 1-1000 --seconds 2 --jobs 2 --out results.jsonl
    python -m crescent_widget.solver 1-100000 --seconds 2 --cluster tcp://HOST:8786 --out results.jsonl
    python -m crescent_widget.solver 1-10000 --cluster local --jobs 2 --retry-seconds 20 --out results.jsonl
    python -m crescent_widget.solver --verify results.jsonl

Deals run in local processes (``--jobs``), on a Dask ``LocalCluster`` (``--cluster
local``) or on a running Dask scheduler (``--cluster ADDRESS``). ``--out`` gets one JSON
line per deal as it finishes; rerunning the same command skips the deals already there.
A progress bar with the rate and the time left goes to stderr; the summary (counts, win
rate with a 95% Wilson interval, time percentiles) to stdout. ``--verify`` replays every
won line of a results file through the engine.

Deals are numbers (``7``), ranges (``1-1000``), game codes (``CR1-N-AAAAAAH``) or a comma
list of them. One deal prints its verdict and its winning line, a dozen moves a line as a game record
writes them; the terminal player (``crescent CODE``) plays a line of moves as it is
typed or pasted.

A mistake in the arguments names the option and what it accepts; a file or cluster that
cannot be used is one line on stderr and exit status 2, never a traceback.

>>> parse_range("1-3,7,CR1-N-AAAAAAK")
[1, 2, 3, 7, 10]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import sys
import time
from pathlib import Path
from typing import Any

from ...command import INTERRUPTED, as_command
from ...engine.codes import format_code
from ...errors import ArgumentTypeError, CrescentError, InvalidOptionError, quoted
from .cluster import CLUSTER_ADDRESS, MAX_JOBS
from .progress import Progress
from .results import current, results_text
from .runner import NoProcessesError, Record, ResultsFile, check_processes, run_survey
from .summary import summarise

__all__ = ["main", "parse_range", "same_files", "solve_one"]

MAX_DEALS = 10_000_000
USAGE_ERROR = 2
PROG = "python -m crescent_widget.solver"
# Short: argparse prints the usage above every argument error, and the options are in --help.
USAGE = "%(prog)s [options] DEALS\n       %(prog)s --verify FILE"
EXAMPLES = """\
examples:
  one deal: its verdict and a winning line to paste into `crescent` (--json: as JSON)
    %(prog)s CR1-N-AAAAAAB
  a survey of deals 1-1000 on two processes; the same command again resumes it
    %(prog)s 1-1000 --seconds 2 --jobs 2 --out results.jsonl
  on a Dask cluster (extra "survey"), the unknowns solved again with 20 s each
    %(prog)s 1-100000 --cluster tcp://HOST:8786 --retry-seconds 20 --out results.jsonl
  replay every won line of a results file through the engine
    %(prog)s --verify results.jsonl

exit status: 0 done; 1 --verify found a problem, or the output could not be written;
2 a mistake in the arguments, or a file or cluster that cannot be used; 130 stopped by
Ctrl-C (a survey with --out resumes when the same command runs again)."""
# ASCII digits only: str.isdigit() also takes '²', which int() refuses.
_DIGITS = re.compile(r"[0-9]+")


def parse_range(text: str) -> list[int]:
    """Deal numbers from ``"1-1000"``, ``"5"``, a game code, or a comma list of them.

    Raises:
        InvalidOptionError: a part is not a deal number, a range or a game code of the
            standard game, or the deals are more than :data:`MAX_DEALS`.
        ArgumentTypeError: ``text`` is not a str.
    """
    from ...engine.codes import DEAL_COUNT, parse_code

    if not isinstance(text, str):
        raise ArgumentTypeError("invalid_option", f"deals must be text such as '1-1000', not {type(text).__name__}")
    numbers: list[int] = []
    for part in text.split(","):
        item = part.strip()
        if item[:3].upper() == "CR1":
            try:
                number, variant = parse_code(item)
            except ValueError as err:
                raise InvalidOptionError(f"not a game code: {quoted(item)} ({err})") from None
            if variant != "N":
                raise InvalidOptionError(f"{item}: a survey solves the standard game (variant N); solve it alone")
            numbers.append(number)
            continue
        low, sep, high = item.partition("-")
        if not (_DIGITS.fullmatch(low) and (not sep or _DIGITS.fullmatch(high))):
            raise InvalidOptionError(
                f"not a deal, range or game code: {quoted(item)} (use 7, 1-1000, CR1-N-AAAAAAH or 1-5,9)"
            )
        # A number longer than any deal's is out of range, and past Python's int() limit too.
        longest = len(str(DEAL_COUNT))
        first = int(low) if len(low) <= longest else DEAL_COUNT
        last = (int(high) if len(high) <= longest else DEAL_COUNT) if sep else first
        if first < 1 or last < first or last >= DEAL_COUNT:
            raise InvalidOptionError(
                f"not a deal range: {quoted(item)} (deals are 1 to {DEAL_COUNT - 1:,}, low to high)"
            )
        if len(numbers) + last - first + 1 > MAX_DEALS:
            raise InvalidOptionError(f"{quoted(text)} holds more than {MAX_DEALS:,} deals, the most one survey takes")
        numbers.extend(range(first, last + 1))
    return numbers


def solve_one(task: tuple[int, float | None, int | None]) -> dict[str, Any]:
    """Solve one deal (runs in a worker process) and return its JSON-ready record."""
    from .runner import solve_deal

    return solve_deal(*task)


def _number(text: str, what: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a number; give {what}") from None
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is out of range; give {what}")
    return value


def _seconds(text: str) -> float:
    return _number(text, "a finite number of seconds from 0 up, such as 2 or 0.5")


def _whole(text: str, what: str, low: int, high: int | None = None) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number; give {what}") from None
    if value < low or (high is not None and value > high):
        raise argparse.ArgumentTypeError(f"{value} is out of range; give {what}")
    return value


def _nodes(text: str) -> int:
    return _whole(text, "a whole number of positions from 1 up, such as 300000", 1)


def _jobs(text: str) -> int:
    return _whole(text, f"a whole number of worker processes from 1 to {MAX_JOBS}", 1, MAX_JOBS)


def fail(message: str) -> int:
    """Say what cannot be used, in one line on stderr; returns the usage-error status."""
    sys.stderr.write(f"{PROG}: error: {message}\n")
    return USAGE_ERROR


def verify(path: str, parquet: str | None = None) -> int:
    """Check every line of a results file (won lines replayed through the engine); 0 if all hold.

    With ``parquet``, a file whose every line holds is also written there as Parquet
    (:func:`~crescent_widget.solver.survey.parquet.write_parquet`): how a survey is published.
    """
    from .runner import record_problem

    problems: list[str] = []
    records: list[Record] = []
    counts = {"won": 0, "lost": 0, "unknown": 0}
    seen: set[int] = set()
    try:
        lines = results_text(path).splitlines()
    except OSError as err:
        return fail(f"--verify {path}: cannot read it ({err.strerror or err})")
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = current(json.loads(line))
        except (ValueError, RecursionError):
            record = None
        problem = "not a JSON line" if record is None else record_problem(record)
        if problem is None and record["deal"] in seen:
            problem = "deal written twice"
        if problem is None:
            seen.add(record["deal"])
            counts[record["status"]] += 1
            records.append(record)
        else:
            problems.append(f"line {number}: {problem}")
    if not seen and problems:
        return fail(f"--verify {path}: not a survey results file (no line is a deal's record)")
    for problem in problems:
        print(problem)
    bad = len(problems)
    print(f"{sum(counts.values())} deals ({counts}); won lines replayed by the engine; {bad} problems")
    if parquet is not None:
        if bad:
            print(f"--parquet {parquet}: not written, since the file has problems")
        else:
            status = _write_parquet(parquet, records)
            if status:
                return status
            print(f"{len(records)} deals written to {parquet} (Parquet)")
    return 1 if bad else 0


def _write_parquet(path: str, records: list[Record]) -> int:
    """Write the Parquet file; 0, or the one-line refusal's status."""
    from .parquet import write_parquet

    try:
        write_parquet(records, path)
    except CrescentError as error:  # no pyarrow
        return fail(f"--parquet {path}: {error}")
    except OSError as error:
        return fail(f"--parquet {path}: cannot write it ({error.strerror or error})")
    return 0


def same_files(paths: dict[str, str | None]) -> tuple[str, str] | None:
    """The first two options whose paths name the same file, or ``None``.

    Paths are compared as the files they name: resolved (``./r.jsonl`` and ``r.jsonl``,
    symbolic links) and, for files that exist, by device and inode (hard links too).

    >>> same_files({"--out": "r.jsonl", "--json": "./r.jsonl", "--winnable-out": None})
    ('--out', '--json')
    """
    given = [(option, Path(path)) for option, path in paths.items() if path not in (None, "-")]
    for index, (first, first_path) in enumerate(given):
        for second, second_path in given[index + 1 :]:
            if _same_file(first_path, second_path):
                return first, second
    return None


def _same_file(first: Path, second: Path) -> bool:
    try:
        if first.exists() and second.exists():
            return os.path.samefile(first, second)
    except OSError:  # unreadable: judged by the resolved names below
        pass
    return first.resolve() == second.resolve()


def one_deal(code: str, seconds: float | None, nodes: int | None, *, as_json: bool) -> int:
    """Solve one deal and print its verdict and winning line (or, with ``as_json``, its record).

    Raises:
        InvalidCodeError: ``code`` is not a game code.
    """
    from ...engine.codes import parse_code
    from ...engine.game import Game
    from ...engine.records import format_record
    from ..api import solve

    game = Game(code)
    result = solve(game, seconds=seconds, nodes=nodes)
    line = [str(move) for move in result.line]
    if as_json:
        number = parse_code(code).number
        record = {"deal": number, "code": game.code, "status": result.status, "seconds": round(result.seconds, 4),
                  "nodes": result.nodes, "states_stored": result.states_stored, "line": line,
                  **({"proof": result.proof} if result.proof else {})}  # fmt: skip
        print(json.dumps(record, indent=1))
        return 0
    spent = f"{result.seconds:.2f} s, {result.nodes:,} positions"
    budget = "--seconds" if nodes is None else "--nodes"  # the one the budget was given in
    verdict = {
        "won": f"{game.code}: winnable, proven by the line below ({_actions(line)}; {spent}).",
        "lost": f"{game.code}: cannot be won, proven ({spent}).",
        "unknown": f"{game.code}: not known; no proof within the budget ({spent}). Try more {budget}.",
    }[result.status]
    print(verdict)
    if line:
        print(f"Play it in the terminal: crescent {game.code}, then paste these lines.")
        print(format_record(str(game.code), result.line).split("\n", 1)[1])
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        usage=USAGE,
        description=(__doc__ or "").split("\n")[0],
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "deals",
        nargs="?",
        metavar="DEALS",
        help="deals: a number (7), a range (1-1000), a game code (CR1-N-AAAAAAH), or a comma list",
    )
    parser.add_argument("--seconds", type=_seconds, default=2.0, help="budget per deal (default 2)")
    parser.add_argument("--nodes", type=_nodes, default=None, help="node budget per deal instead of time")
    parser.add_argument("--retry-seconds", type=_seconds, default=None, help="solve unknowns again with this budget")
    parser.add_argument("--retry-nodes", type=_nodes, default=None, help="... or with this node budget")
    parser.add_argument("--jobs", type=_jobs, default=1, help=f"worker processes, 1 to {MAX_JOBS} (default 1)")
    parser.add_argument("--cluster", metavar="ADDRESS", help="Dask scheduler address, or 'local' for a LocalCluster")
    parser.add_argument(
        "--out", metavar="FILE", help="append one JSON line per deal; a rerun skips deals already there"
    )
    parser.add_argument(
        "--json",
        metavar="FILE",
        nargs="?",
        const="-",
        help="one deal: print its record as JSON; a survey: write all per-deal results as one JSON document to FILE",
    )
    parser.add_argument("--winnable-out", metavar="FILE", help="write the won deal numbers, one a line")
    parser.add_argument(
        "--parquet",
        metavar="FILE",
        help="a survey, or --verify: also write the results as Parquet (extra 'parquet'), for pandas, polars, DuckDB",
    )
    parser.add_argument("--verify", metavar="FILE", help="check a results file with the engine, then exit")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.verify:
        if args.deals is not None:
            # It checks the whole file: deals beside it would be silently ignored.
            parser.error(f"--verify checks a whole results file: give it alone, without the deals {args.deals[:40]!r}")
        if args.parquet is not None:
            clash = same_files({"--verify": args.verify, "--parquet": args.parquet})
            if clash or Path(args.parquet).is_dir():
                return fail(f"--parquet {args.parquet}: would overwrite --verify's file; give another path")
        return verify(args.verify, args.parquet)
    if args.deals is None:
        parser.error("give a deal, a range such as 1-1000 or a game code (or --verify FILE)")
    try:
        check_processes(args.jobs, args.cluster)
    except NoProcessesError as error:
        parser.error(str(error))
    seconds = None if args.nodes is not None else args.seconds
    target = args.deals.strip()
    survey_options = (args.out, args.winnable_out, args.parquet, args.cluster, args.retry_seconds, args.retry_nodes)
    single = "," not in target and (target[:3].upper() == "CR1" or _DIGITS.fullmatch(target) is not None)
    if single and not any(survey_options) and args.json in (None, "-"):
        try:
            code = target if target[:3].upper() == "CR1" else format_code(parse_range(target)[0])
            return one_deal(code, seconds, args.nodes, as_json=args.json == "-")
        except ValueError as error:  # the package's errors (a bad code) and parse_range's
            parser.error(str(error))
    try:
        numbers = parse_range(args.deals)
    except ValueError as error:
        parser.error(str(error))
    if args.cluster not in (None, "local") and not CLUSTER_ADDRESS.fullmatch(args.cluster):
        parser.error(
            f"argument --cluster: {args.cluster[:40]!r} is not 'local' or a scheduler address such as tcp://HOST:8786"
        )
    # Before the survey, not after it: its results would be lost.
    problem = _output_problem(args)
    if problem:
        return fail(problem)
    try:
        out = ResultsFile(args.out) if args.out else None
    except CrescentError as error:
        return fail(str(error))
    try:
        return _survey(args, numbers, seconds, out)
    except CrescentError as error:  # a backend that cannot run, a budget, a cluster without Dask
        return fail(f"the survey: {error}")
    except (OSError, TimeoutError) as error:
        return fail(f"{'--cluster ' + args.cluster if args.cluster else 'the survey'}: {error}")
    finally:
        if out:
            out.close()


def _output_problem(args: argparse.Namespace) -> str | None:
    """Why the survey's output paths cannot be used (each its own file, in a directory that exists), or None."""
    outputs = {"--out": args.out, "--json": args.json, "--winnable-out": args.winnable_out, "--parquet": args.parquet}
    clash = same_files(outputs)
    if clash:
        first, second = clash
        return f"{second} {outputs[second]}: the same file as {first} {outputs[first]}; give each output its own file"
    for option, path in outputs.items():
        if option == "--out" or path in (None, "-"):
            continue  # --out is checked as it opens (ResultsFile)
        if Path(path).is_dir():
            return f"{option} {path}: is a directory (give the path of a file)"
        directory = Path(path).resolve().parent
        if not directory.is_dir():
            return f"{option} {path}: the directory {Path(path).parent} does not exist"
        if not os.access(directory, os.W_OK) or (Path(path).exists() and not os.access(path, os.W_OK)):
            return f"{option} {path}: cannot be written (no permission)"
    return None


def _survey(args: argparse.Namespace, numbers: list[int], seconds: float | None, out: ResultsFile | None) -> int:
    """Solve the deals not yet in ``out``, write each as it finishes, and print the summary."""
    if out and out.problems:
        taken_out = (
            "1 bad line taken out; its deal is"
            if len(out.problems) == 1
            else f"{len(out.problems)} bad lines taken out; their deals are"
        )
        sys.stderr.write(f"{args.out}: {taken_out} solved again:\n")
        sys.stderr.writelines(f"  {problem}\n" for problem in out.problems)
    done = {n: out.records[n] for n in numbers if n in out.records} if out else {}
    todo = [n for n in numbers if n not in done]
    if done:
        sys.stderr.write(f"{len(done)} of {len(numbers)} deals already in {args.out}; solving {len(todo)}\n")
    records = list(done.values())
    progress: Progress | None = None
    started = time.perf_counter()
    stopped = False
    try:
        survey = run_survey(
            todo,
            seconds=seconds,
            nodes=args.nodes,
            retry_seconds=args.retry_seconds,
            retry_nodes=args.retry_nodes,
            jobs=args.jobs,
            cluster=args.cluster,
        )
        for record in survey:
            if out:
                out.add(record)
            records.append(record)
            # The bar starts with the first deal back: a cluster that cannot be reached
            # (found on the way to it) then gets its one error line, no empty bar above.
            progress = progress or Progress(len(todo), sys.stderr)
            progress.update(record)
    except KeyboardInterrupt:
        stopped = True
    if progress is not None:
        progress.close()
    records.sort(key=lambda r: r["deal"])
    if args.json == "-":
        print(json.dumps({"seconds": seconds, "nodes": args.nodes, "results": records}, indent=1))
    else:
        print(summarise(records, time.perf_counter() - started))
    if stopped:
        print(f"stopped: {len(records)} of {len(numbers)} deals done; run the same command again to resume")
        return INTERRUPTED
    return _write_outputs(args, seconds, records)


def _write_outputs(args: argparse.Namespace, seconds: float | None, records: list[Record]) -> int:
    """Write --json FILE, --winnable-out and --parquet; 0, or the one-line refusal's status."""
    if args.parquet:
        status = _write_parquet(args.parquet, records)
        if status:
            return status
    for option, path in (("--json", args.json), ("--winnable-out", args.winnable_out)):
        if path in (None, "-"):
            continue
        try:
            with open(path, "w", encoding="utf-8") as handle:
                if option == "--json":
                    json.dump({"seconds": seconds, "nodes": args.nodes, "results": records}, handle, indent=1)
                else:
                    handle.write("# Deal numbers won by crescent_widget.solver; each line replayed by the engine.\n")
                    handle.writelines(f"{r['deal']}\n" for r in records if r["status"] == "won")
        except OSError as error:
            return fail(f"{option} {path}: cannot write it ({error.strerror or error})")
    return 0


def _actions(line: list[str]) -> str:
    reshuffles = line.count("R")
    return f"{len(line) - reshuffles} moves, {reshuffles} reshuffle{'' if reshuffles == 1 else 's'}"


def run() -> int:
    """:func:`main` as a command: never a traceback for its output or a Ctrl-C
    (:func:`crescent_widget.command.as_command`)."""
    return as_command(main, PROG)


if __name__ == "__main__":
    raise SystemExit(run())
