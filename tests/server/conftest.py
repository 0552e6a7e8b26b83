"""Fixtures for the web table tests: database URLs for SQLite files and a throwaway PostgreSQL.

PostgreSQL comes from ``CARDTABLE_TEST_PG_URL`` (a server whose user may ``CREATE DATABASE``) or is
started here from Debian's binaries (``apt-get install postgresql``; ``scripts/ci-system-deps``) in a
temporary directory on a free loopback port, as the ``postgres`` user when we run as root (``initdb``
refuses root). Missing binaries make the tests FAIL, never skip: CI must run them.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path
from typing import Iterator

import pytest
from sqlalchemy.engine import make_url


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _pg_bindir() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    return Path(found[-1]).parent if found else None


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    """A SQLAlchemy URL of a PostgreSQL server (admin user, ``postgres`` database)."""
    url = os.environ.get("CARDTABLE_TEST_PG_URL")
    if url:
        yield url
        return
    bindir = _pg_bindir()
    if bindir is None:
        pytest.fail("PostgreSQL is not installed: run scripts/ci-system-deps (apt-get install postgresql) "
                    "or set CARDTABLE_TEST_PG_URL=postgresql+psycopg://user@host:port/db")
    root = Path(tempfile.mkdtemp(prefix="cardtable-pg-"))
    as_user: list[str] = []
    if os.geteuid() == 0:
        try:
            shutil.chown(root, "postgres", "postgres")
        except LookupError:
            pytest.fail("running as root but there is no 'postgres' user to run initdb as "
                        "(it comes with Debian's postgresql package)")
        as_user = ["runuser", "-u", "postgres", "--"]
    data, logfile, port = root / "data", root / "server.log", _free_port()

    def run(*cmd: str) -> None:
        done = subprocess.run([*as_user, *cmd], capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            log = logfile.read_text() if logfile.exists() else ""
            pytest.fail(f"{' '.join(cmd)} failed:\n{done.stdout}\n{done.stderr}\n{log}")

    run(str(bindir / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync")
    options = f"-c listen_addresses=127.0.0.1 -p {port} -c unix_socket_directories='' -c fsync=off"
    run(str(bindir / "pg_ctl"), "-D", str(data), "-l", str(logfile), "-o", options, "-w", "-t", "60", "start")
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*as_user, str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"],
                       capture_output=True, timeout=60)
        shutil.rmtree(root, ignore_errors=True)


def _libpq(url: str) -> str:
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


@pytest.fixture
def pg_url(pg_server: str) -> Iterator[str]:
    """A fresh, empty database on the test PostgreSQL server, dropped afterwards."""
    import psycopg

    name = f"cardtable_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(_libpq(pg_server), autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield make_url(pg_server).set(database=name).render_as_string(hide_password=False)
    finally:
        with psycopg.connect(_libpq(pg_server), autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'cardtable.db'}"


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Each persistence test runs on a SQLite file and on a real PostgreSQL server."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'cardtable.db'}"
    return str(request.getfixturevalue("pg_url"))
