"""A real server process with a search running: SIGTERM ends it promptly, SIGKILL leaves no orphans."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Iterator

import httpx
import pytest

LONG = "ismcts:120s"  # far longer than any bound the tests allow for: a hang would show


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _children(pid: int) -> dict[int, str]:
    """Direct children of ``pid``: their pid and command line."""
    out: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        ppid = int(stat.rpartition(")")[2].split()[1])
        if ppid == pid:
            out[int(entry.name)] = cmdline
    return out


def _alive(pid: int) -> bool:
    """True while ``pid`` runs; a zombie (dead, waiting for a reaper) counts as gone."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    state = next((line.split()[1] for line in status.splitlines() if line.startswith("State:")), "?")
    return state not in ("Z", "X")


def _wait(pred: object, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not pred():  # type: ignore[operator]
        assert time.monotonic() < deadline, f"timed out waiting: {what}"
        time.sleep(0.1)


@pytest.fixture
def searching_server(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[str], dict[int, str]]]:
    """``cardtable serve`` with a table of long searches under way; yields it and its helper processes."""
    port = _free_port()
    log = open(tmp_path / "server.log", "w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardtable", "serve", "--port", str(port), "--db", f"sqlite:///{tmp_path / 's.db'}",
         "--bot-max-seconds", "120", "--bot-move-timeout", "300"],
        stdout=subprocess.PIPE, stderr=log, text=True)
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == f"cardtable table: http://127.0.0.1:{port}/"
        base = f"http://127.0.0.1:{port}"

        def up() -> bool:
            try:
                return httpx.get(f"{base}/api/games", timeout=2).status_code == 200
            except httpx.HTTPError:
                return False

        _wait(up, 60, "the server to answer")
        resp = httpx.post(f"{base}/api/tables", json={"game": "two-mists", "players": 3, "seats": [LONG] * 3},
                          timeout=30)
        assert resp.status_code == 201, resp.text
        _wait(lambda: any("spawn_main" in c for c in _children(proc.pid).values()), 60, "a bot worker to start")
        time.sleep(1.0)  # let it get into its search
        helpers = _children(proc.pid)
        assert any("spawn_main" in c for c in helpers.values()), helpers
        yield proc, helpers
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=30)
        log.close()


def test_sigterm_with_a_search_running_exits_within_seconds(
        searching_server: tuple[subprocess.Popen[str], dict[int, str]]) -> None:
    proc, helpers = searching_server
    started = time.monotonic()
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        raise AssertionError("the server was still running 20 s after SIGTERM (waiting for a 120 s search?)")
    assert time.monotonic() - started < 20
    _wait(lambda: not any(_alive(p) for p in helpers), 20, f"the helper processes {helpers} to exit")


def test_sigkill_of_the_server_takes_its_workers_and_resource_tracker_with_it(
        searching_server: tuple[subprocess.Popen[str], dict[int, str]]) -> None:
    proc, helpers = searching_server
    workers = [p for p, c in helpers.items() if "spawn_main" in c]
    tracker = [p for p, c in helpers.items() if "resource_tracker" in c]
    assert workers and tracker, helpers
    proc.kill()
    proc.wait(timeout=30)
    _wait(lambda: not any(_alive(p) for p in workers), 20, f"the bot workers {workers} to exit after SIGKILL")
    _wait(lambda: not any(_alive(p) for p in tracker), 20, f"the resource tracker {tracker} to exit after SIGKILL")
