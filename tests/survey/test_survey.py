"""The survey command against a real Dask scheduler and workers started here on loopback.

Covers streaming results, stop-and-resume (a killed client and a half-written last line),
and a worker killed while it solves a deal. Needs the ``[survey]`` extra: a missing Dask is
a failure, not a skip.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from distributed import Client

from crescent_widget import Game
from crescent_widget.solver import check_win

SURVEY = [sys.executable, "-m", "crescent_widget.solver"]
WORKER = [sys.executable, "-m", "distributed.cli.dask_worker", "--nthreads", "1", "--no-nanny"]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _start(args: list[str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=30)


class Cluster:
    """A scheduler and one-thread workers (no nanny: a killed worker stays dead)."""

    def __init__(self, workers: int) -> None:
        self.address = f"tcp://127.0.0.1:{_free_port()}"
        port = self.address.rsplit(":", 1)[1]
        self.scheduler = _start(
            [
                sys.executable,
                "-m",
                "distributed.cli.dask_scheduler",
                "--host",
                "127.0.0.1",
                "--port",
                port,
                "--dashboard-address",
                "127.0.0.1:0",
            ]
        )
        self.workers = [
            _start([*WORKER, self.address, "--host", "127.0.0.1", "--dashboard-address", "127.0.0.1:0"])
            for _ in range(workers)
        ]
        self.client = Client(self.address, timeout=60)
        self.client.wait_for_workers(workers, timeout=60)

    def close(self) -> None:
        self.client.close()
        for process in [*self.workers, self.scheduler]:
            _stop(process)


@pytest.fixture
def cluster() -> Iterator[Cluster]:
    started = Cluster(workers=2)
    try:
        yield started
    finally:
        started.close()


def _lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def _wait_for_lines(path: Path, count: int, process: subprocess.Popen[bytes], timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if path.exists() and len(path.read_text().splitlines()) >= count:
            return
        assert process.poll() is None, "the survey ended early"
        time.sleep(0.05)
    raise AssertionError(f"fewer than {count} lines after {timeout}s")


def _check_complete(path: Path, deals: range) -> None:
    records = _lines(path)
    assert sorted(int(str(r["deal"])) for r in records) == list(deals)  # each deal once
    for record in records:
        if record["status"] == "won":
            assert check_win(Game(str(record["code"])), record["line"])  # type: ignore[arg-type]
    verified = subprocess.run(
        [*SURVEY, "--verify", str(path)], check=False, capture_output=True, text=True, timeout=120
    )
    assert verified.returncode == 0 and "0 problems" in verified.stdout, verified.stdout


def test_survey_on_a_real_scheduler_streams_every_deal(cluster: Cluster, tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    done = subprocess.run(
        [*SURVEY, "1-10", "--seconds", "0.5", "--cluster", cluster.address, "--out", str(out)],
        check=False,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stderr
    assert "deals 10:" in done.stdout and "Wilson" in done.stdout and "p90" in done.stdout
    assert "10/10" in done.stderr and "ETA" in done.stderr and "deals/s" in done.stderr
    _check_complete(out, range(1, 11))


def test_stopped_survey_resumes_without_losing_or_repeating_a_deal(cluster: Cluster, tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    command = [*SURVEY, "1-24", "--seconds", "0.5", "--cluster", cluster.address, "--out", str(out)]
    first = _start(command)
    _wait_for_lines(out, 4, first)
    _stop(first)  # killed, as a job scheduler or a lost terminal would
    with out.open("a") as handle:
        handle.write('{"deal": 99, "code": "CR1-N-AA')  # a line the kill cut in half
    kept = len(out.read_text().splitlines()) - 1
    assert 4 <= kept < 24
    second = subprocess.run(command, check=False, capture_output=True, text=True, timeout=240)
    assert second.returncode == 0, second.stderr
    assert f"{kept} of 24 deals already in" in second.stderr
    assert "deals 24:" in second.stdout
    _check_complete(out, range(1, 25))
    again = subprocess.run(command, check=False, capture_output=True, text=True, timeout=120)  # nothing left to do
    assert "24 of 24 deals already in" in again.stderr
    _check_complete(out, range(1, 25))


def test_a_worker_killed_mid_deal_gets_its_deal_retried_elsewhere(cluster: Cluster, tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    survey = _start([*SURVEY, "1-16", "--seconds", "1", "--cluster", cluster.address, "--out", str(out)])
    _wait_for_lines(out, 2, survey)
    deadline = time.monotonic() + 60
    victim = None
    while victim is None and time.monotonic() < deadline:  # a worker busy with a deal right now
        busy = [address for address, keys in cluster.client.processing().items() if keys]
        victim = busy[0] if busy else None
    assert victim is not None
    pid = cluster.client.run(os.getpid, workers=[victim])[victim]
    os.kill(pid, signal.SIGKILL)
    assert survey.wait(timeout=240) == 0
    _check_complete(out, range(1, 17))
    assert len(cluster.client.nthreads()) == 1  # the survey finished on the one worker left


def test_local_cluster_and_refused_budgets(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    done = subprocess.run(
        [*SURVEY, "1-3", "--seconds", "0.5", "--cluster", "local", "--jobs", "1", "--out", str(out)],
        check=False,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stderr
    _check_complete(out, range(1, 4))
    for bad in (["--seconds", "nan"], ["--seconds", "-1"], ["--seconds", "inf"], ["--jobs", "-2"]):
        refused = subprocess.run([*SURVEY, "1-2", *bad], check=False, capture_output=True, text=True, timeout=60)
        assert refused.returncode == 2 and "give" in refused.stderr
    refused = subprocess.run([*SURVEY, "5-1"], check=False, capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2 and "not a deal range" in refused.stderr
