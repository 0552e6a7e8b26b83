"""Checks made before the server prints its URL: the database works and the port is free.

Why: these are the mistakes of whoever starts a server (a typo in ``--db``, a missing directory,
PostgreSQL not running, a read-only file, a port already taken). Found later, inside uvicorn's
start-up, they end as a traceback after the URL was already printed, which reads as "the server is
up". Found here, they are one line saying what is wrong and what to do (``cardtable serve`` exits 2).
"""

from __future__ import annotations

import errno
import socket
from pathlib import Path

from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, NoSuchModuleError, SQLAlchemyError

from .store import Store

URL_FORMS = "sqlite:///path/to/file.db or postgresql+psycopg://user@host/dbname"


class ServeError(Exception):
    """The server cannot start; the message is one line for the person starting it."""


def check_database(db_url: str) -> None:
    """Open the database as the server will, create its tables and prove it accepts writes."""
    try:
        url = make_url(db_url)
    except ArgumentError:
        raise ServeError(f"--db {db_url!r} is not a database URL: use {URL_FORMS}") from None
    shown = db_url if url.password is None else url.render_as_string(hide_password=True)
    if url.get_backend_name() == "sqlite":
        _check_sqlite_path(url)
    try:
        store = Store(db_url)
    except NoSuchModuleError:
        raise ServeError(f"--db {shown!r}: unknown kind of database {url.drivername!r}; use {URL_FORMS}") from None
    except ImportError as err:
        raise ServeError(f"--db {shown!r}: the driver for {url.drivername!r} is not installed ({err.name} is "
                         f"missing); install it, or use {URL_FORMS}") from None
    except SQLAlchemyError as err:
        raise ServeError(f"--db {shown!r} cannot be used: {_first_line(err)}; use {URL_FORMS}") from None
    try:
        store.create_schema()
        store.check_writable()
    except DBAPIError as err:
        raise ServeError(_explain(url, shown, err)) from None
    except SQLAlchemyError as err:
        raise ServeError(f"the database {shown} cannot be used: {_first_line(err)}") from None
    finally:
        store.close()


def _check_sqlite_path(url: URL) -> None:
    name = url.database or ""
    if not name or name == ":memory:" or name.startswith("file:"):
        return
    path = Path(name)
    if path.is_dir():
        raise ServeError(f"--db: {name} is a directory; name a file in it, e.g. sqlite:///{path / 'cardtable.db'}")
    if not path.parent.is_dir():
        raise ServeError(f"--db: the directory {path.parent} of the SQLite file {name} does not exist; "
                         f"create it first (mkdir -p {path.parent}) or pass another --db")


def _explain(url: URL, shown: str, err: DBAPIError) -> str:
    detail = _first_line(err.orig if err.orig is not None else err)
    low = str(err).lower()
    if "readonly" in low or "read-only" in low:
        return (f"the database {shown} is read-only ({detail}); the server must write every move: give it a "
                f"database it may write to (check the file's permissions, or the PostgreSQL role/server)")
    if url.get_backend_name() == "sqlite":
        return f"cannot open the SQLite database {url.database} ({detail}); check that its directory is writable"
    where = f"{url.host or 'localhost'}:{url.port or 5432}"
    return (f"cannot use the database at {where} ({detail}); check that the server is running there and "
            f"that --db names the right user and database")


def _first_line(err: BaseException) -> str:
    text = str(err).strip()
    if text.startswith("("):  # SQLAlchemy's "(module.Error) message": keep the message
        text = text.partition(")")[2].strip() or text
    return " ".join(text.splitlines()[0].split()) if text else type(err).__name__


def bind_listener(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` for uvicorn to listen on; ``ServeError`` if that is impossible."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as err:
        raise ServeError(f"--host {host!r} is not an address of this machine ({err.strerror}); use e.g. "
                         f"127.0.0.1, or 0.0.0.0 to let your network in") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does: restart at once
    try:
        sock.bind(address)
    except OSError as err:
        sock.close()
        if err.errno == errno.EADDRINUSE:
            raise ServeError(f"port {port} on {host} is already in use (another server running?); stop it or "
                             f"pick another port with --port") from None
        if err.errno == errno.EACCES:
            raise ServeError(f"not allowed to listen on port {port} (ports below 1024 need root); pick another "
                             f"with --port, e.g. --port 8000") from None
        if err.errno == errno.EADDRNOTAVAIL:
            raise ServeError(f"--host {host} is not an address of this machine; use e.g. 127.0.0.1, or 0.0.0.0 "
                             f"to let your network in") from None
        raise ServeError(f"cannot listen on {host}:{port}: {err.strerror}") from None
    return sock


__all__ = ["ServeError", "bind_listener", "check_database"]
