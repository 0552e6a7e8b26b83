"""The instance's own PostgreSQL connection: its liveness lock and the cluster's events (LISTEN/NOTIFY).

Why one dedicated connection: the session advisory lock keyed by the instance id must live exactly
as long as the instance (PostgreSQL drops it when the process dies, which is how the others learn at
once that its tables are free, leases.py), and LISTEN needs a connection that is never returned to a
pool. Events are small text payloads on one channel, ``<kind> <table id> [<value>]``:

* ``handover <table> <instance>``: the instance asks the owner to let the table go (a client reached
  it, through the proxy, for a table another instance runs);
* ``watching <table> <n>``: the owner's count of spectators of a table, so that every instance's
  lobby answers the same.

Sending goes through the store's pooled connections (``pg_notify``); PostgreSQL delivers to every
listening session, the sender's included, once the sending transaction commits.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Awaitable, Callable

import psycopg
from sqlalchemy.engine import make_url

from .leases import LOCK_CLASS

CHANNEL = "cardtable_cluster"

log = logging.getLogger("cardtable.server")

Handler = Callable[[str, str, str], Awaitable[None]]


class InstanceTaken(Exception):
    """Another running instance already uses this instance id."""


def libpq_url(db_url: str) -> str:
    """``postgresql+psycopg://...`` as libpq reads it."""
    return make_url(db_url).set(drivername="postgresql").render_as_string(hide_password=False)


def check_instance_free(db_url: str, instance_id: str, attempts: int = 20) -> None:
    """Raise ``InstanceTaken`` if a running instance holds ``instance_id`` (checked before the server starts,
    so that the mistake is one line, not a failed start-up; a restarted instance's old session may take a
    moment to close, hence the retries)."""
    import time

    for attempt in range(attempts):
        with psycopg.connect(libpq_url(db_url), autocommit=True, connect_timeout=10) as conn:
            row = conn.execute("SELECT pg_try_advisory_lock(%s, hashtext(%s))", (LOCK_CLASS, instance_id)).fetchone()
            if row and row[0]:
                conn.execute("SELECT pg_advisory_unlock(%s, hashtext(%s))", (LOCK_CLASS, instance_id))
                return
        if attempt < attempts - 1:
            time.sleep(0.25)
    raise InstanceTaken(f"instance id {instance_id!r} is in use by another running cardtable server on this "
                        f"database; give each instance its own --instance-id")


class Bus:
    """Holds the instance's liveness lock and hands every cluster event to ``handler(kind, table, value)``."""

    def __init__(self, db_url: str, instance_id: str, handler: Handler) -> None:
        self.url = libpq_url(db_url)
        self.me = instance_id
        self.handler = handler
        self.conn: psycopg.AsyncConnection[tuple[object, ...]] | None = None
        self._task: asyncio.Task[None] | None = None
        self.healthy = False

    async def start(self, attempts: int = 20) -> None:
        """Connect, take the instance lock (waiting a little: a restarted instance's old session may
        still be closing) and LISTEN; ``InstanceTaken`` if another live instance holds the id."""
        self.conn = await self._connect(attempts)
        self.healthy = True
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def _connect(self, attempts: int) -> "psycopg.AsyncConnection[tuple[object, ...]]":
        for attempt in range(attempts):
            conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True, connect_timeout=10,
                                                         application_name=f"cardtable:{self.me}"[:63])
            got = await (await conn.execute("SELECT pg_try_advisory_lock(%s, hashtext(%s))",
                                            (LOCK_CLASS, self.me))).fetchone()
            if got and got[0]:
                await conn.execute(f"LISTEN {CHANNEL}")
                return conn
            await conn.close()
            if attempt < attempts - 1:
                await asyncio.sleep(0.25)
        raise InstanceTaken(f"instance id {self.me!r} is in use by another running cardtable server")

    async def _run(self) -> None:
        """Listen; when the connection breaks, report unhealthy (the proxy stops sending us players; the
        others may take our tables, and the store's fence stops our writes to them) and reconnect."""
        while True:
            conn = self.conn
            if conn is not None:
                try:
                    await self._listen(conn)
                except asyncio.CancelledError:
                    raise
                except Exception as err:
                    log.error("cluster: lost the instance connection to PostgreSQL (%s); unhealthy until it is "
                              "back, and this instance's tables may move", err)
                self.healthy = False
                with contextlib.suppress(Exception):
                    await conn.close()
                self.conn = None
            await asyncio.sleep(1.0)
            try:
                self.conn = await self._connect(attempts=4)
            except asyncio.CancelledError:
                raise
            except Exception as err:
                log.debug("cluster: reconnecting to PostgreSQL failed (%s)", err)
                continue
            self.healthy = True
            log.warning("cluster: instance connection to PostgreSQL is back")

    async def _listen(self, conn: "psycopg.AsyncConnection[tuple[object, ...]]") -> None:
        async for note in conn.notifies():
            kind, _, rest = note.payload.partition(" ")
            table, _, value = rest.partition(" ")
            try:
                await self.handler(kind, table, value)
            except Exception:
                log.exception("cluster event %r failed", note.payload)

    async def stop(self) -> None:
        self.healthy = False
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(BaseException):
                await self._task
        if self.conn is not None:
            with contextlib.suppress(Exception):
                await self.conn.close()


__all__ = ["Bus", "CHANNEL", "InstanceTaken", "check_instance_free", "libpq_url"]
