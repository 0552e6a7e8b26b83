"""``cardtable serve`` that cannot start says why in one line, exits 2, and never prints a URL first."""

from __future__ import annotations

import socket
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _serve(*args: str, module: str = "cardtable") -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", module] + (["serve"] if module == "cardtable" else [])
    return subprocess.run([*cmd, *args], capture_output=True, text=True, timeout=120)


def _assert_one_line(done: subprocess.CompletedProcess[str], *needles: str) -> str:
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    assert "http://" not in done.stdout and "Traceback" not in done.stderr + done.stdout
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    for needle in needles:
        assert needle in lines[0], lines[0]
    return lines[0]


@pytest.mark.parametrize("db,needles", [
    ("foo://bar", ["unknown kind of database 'foo'", "sqlite:///"]),
    ("notaurl", ["'notaurl' is not a database URL", "postgresql+psycopg://"]),
    ("postgresql+psycopg2://u@127.0.0.1/x", ["driver", "psycopg2 is missing"]),
])
def test_a_bad_database_url(db: str, needles: list[str]) -> None:
    _assert_one_line(_serve("--port", str(_free_port()), "--db", db), *needles)


def test_a_sqlite_file_in_a_missing_directory(tmp_path: Path) -> None:
    missing = tmp_path / "no" / "such" / "dir"
    line = _assert_one_line(_serve("--port", str(_free_port()), "--db", f"sqlite:///{missing / 'x.db'}"),
                            "does not exist", f"mkdir -p {missing}")
    assert not missing.exists() and str(missing) in line


def test_an_unreachable_postgresql() -> None:
    port = _free_port()  # nothing listens there
    _assert_one_line(_serve("--port", str(_free_port()), "--db", f"postgresql+psycopg://cardtable@127.0.0.1:{port}/x"),
                     f"127.0.0.1:{port}", "refused", "check that the server is running")


def test_a_read_only_sqlite_database(tmp_path: Path) -> None:
    path = tmp_path / "ro.db"
    sqlite3.connect(path).close()
    before = path.read_bytes()
    _assert_one_line(_serve("--port", str(_free_port()), "--db", f"sqlite:///file:{path}?mode=ro&uri=true"),
                     "read-only", "may write to")
    assert path.read_bytes() == before


def test_a_read_only_postgresql(pg_url: str) -> None:
    url = make_url(pg_url).update_query_dict({"options": "-c default_transaction_read_only=on"})
    _assert_one_line(_serve("--port", str(_free_port()), "--db", url.render_as_string(hide_password=False)),
                     "read-only")


def test_a_port_in_use(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        _assert_one_line(_serve("--port", str(port), "--db", f"sqlite:///{tmp_path / 'x.db'}"),
                         f"port {port}", "already in use", "--port")
        _assert_one_line(_serve("--port", str(port), "--db", f"sqlite:///{tmp_path / 'x.db'}",
                                module="cardtable.server"), "already in use")


def test_an_unknown_host_and_contradictory_bot_settings(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'x.db'}"
    _assert_one_line(_serve("--host", "no-such-host.invalid", "--port", str(_free_port()), "--db", db), "--host")
    _assert_one_line(_serve("--port", str(_free_port()), "--db", db, "--bot-move-timeout", "2"),
                     "--bot-move-timeout", "--bot-max-seconds")
