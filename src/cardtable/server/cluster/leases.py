"""Table leases in PostgreSQL: which instance owns which live table, and for how long.

Why a row per table naming its owner, a heartbeat row per instance and a per-instance advisory lock:
the lease row is the single place that says who owns a table, and it is only ever changed by one
conditional ``INSERT ... ON CONFLICT DO UPDATE ... WHERE`` statement, which PostgreSQL runs under the
row's lock, so two instances racing for one table cannot both get it. Each instance renews one row
of ``cluster_instances`` per heartbeat (not one per table: 10,000 tables cost the same as one).
Another instance may take a lease over when its owner's heartbeat has run out (a hung instance), or
at once when the owner is known dead: each instance holds a session advisory lock keyed by its id on
its listening connection (bus.py), and PostgreSQL drops that lock the moment the process dies (its
socket closes), so ``pg_try_advisory_xact_lock`` on the owner's key succeeds only if it is gone.

Writes are fenced: every batch of moves and seat claims (``FencedStore``) first locks the lease rows
of its tables ``FOR SHARE`` and checks that this instance still owns them, in the same transaction
as the insert. A takeover waits for that transaction, and an old owner that lost its lease cannot
write after it: nothing acknowledged is lost and no move is accepted twice.

Times come from the database's clock (``now()``), never the instances', so clocks need not agree.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, text

from dataclasses import dataclass

from ..store import SeatToken, Store, StoreUnavailable, TableRow

LOCK_CLASS = 727  # first key of the instances' advisory locks, the second is hashtext(id) (728: the schema's)

SCHEMA = """
CREATE TABLE IF NOT EXISTS cluster_instances (
    id VARCHAR(64) PRIMARY KEY,
    expires TIMESTAMPTZ NOT NULL
);
CREATE TABLE IF NOT EXISTS table_leases (
    table_id VARCHAR(32) PRIMARY KEY,
    owner VARCHAR(64) NOT NULL,
    epoch BIGINT NOT NULL DEFAULT 0,
    since TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS table_leases_owner ON table_leases (owner);
"""

# The owner of a lease row is gone when its heartbeat ran out or its liveness lock is free (it died).
_OWNER_GONE = (f"(NOT EXISTS (SELECT 1 FROM cluster_instances i WHERE i.id = table_leases.owner AND i.expires > now())"
               f" OR pg_try_advisory_xact_lock({LOCK_CLASS}, hashtext(table_leases.owner)))")

ACQUIRE = text(f"""
INSERT INTO table_leases (table_id, owner) VALUES (:tid, :me)
ON CONFLICT (table_id) DO UPDATE SET owner = EXCLUDED.owner, since = now(), epoch = table_leases.epoch + 1
WHERE table_leases.owner = EXCLUDED.owner OR {_OWNER_GONE}
RETURNING epoch
""")

ACQUIRE_UNFINISHED = text(f"""
INSERT INTO table_leases (table_id, owner)
SELECT CAST(:tid AS VARCHAR), CAST(:me AS VARCHAR)
WHERE EXISTS (SELECT 1 FROM tables WHERE id = CAST(:tid AS VARCHAR) AND status NOT IN ('finished', 'expired'))
ON CONFLICT (table_id) DO UPDATE SET owner = EXCLUDED.owner, since = now(), epoch = table_leases.epoch + 1
WHERE table_leases.owner = EXCLUDED.owner OR {_OWNER_GONE}
RETURNING epoch
""")

OWNER = text("SELECT owner FROM table_leases WHERE table_id = :tid")
BEAT = text("INSERT INTO cluster_instances (id, expires) VALUES (:me, now() + make_interval(secs => :ttl)) "
            "ON CONFLICT (id) DO UPDATE SET expires = EXCLUDED.expires")
HELD = text("SELECT table_id FROM table_leases WHERE owner = :me")
RELEASE = text("DELETE FROM table_leases WHERE owner = :me AND table_id = ANY(:tids)")
RELEASE_ALL = text("DELETE FROM table_leases WHERE owner = :me")
LEAVE = text("DELETE FROM cluster_instances WHERE id = :me")
FENCE = text("SELECT table_id FROM table_leases WHERE table_id = ANY(:tids) AND owner = :me FOR SHARE")
ADOPTABLE = text(f"""
SELECT t.id FROM tables t LEFT JOIN table_leases ON table_leases.table_id = t.id
WHERE t.status = 'playing' AND (table_leases.table_id IS NULL OR (table_leases.owner <> :me AND NOT EXISTS (
    SELECT 1 FROM cluster_instances i WHERE i.id = table_leases.owner AND i.expires > now())))
ORDER BY t.created LIMIT :n
""")
EXPIRE_UNJOINED = text("""
UPDATE tables t SET status = 'expired'
WHERE t.status = 'waiting' AND t.created < now() - make_interval(secs => :secs)
  AND NOT EXISTS (SELECT 1 FROM table_leases l WHERE l.table_id = t.id)
  AND NOT EXISTS (SELECT 1 FROM seat_tokens s WHERE s.table_id = t.id AND s.claimed)
RETURNING t.id
""")


@dataclass(frozen=True)
class Loaded:
    """What ``lease_and_read`` found: the table's row (``None``: no such table, or ``owner`` holds it)."""

    row: TableRow | None
    owner: str | None  # another live instance that holds the lease
    actions: list[dict[str, Any]]
    tokens: list[SeatToken]
    decks: dict[int, Any]


class LeaseLost(StoreUnavailable):
    """This instance no longer owns a table it tried to write to (another instance took it over)."""

    def __init__(self, table_ids: list[str]) -> None:
        super().__init__(f"the table moved to another server ({', '.join(table_ids)})")
        self.table_ids = table_ids


class FencedStore(Store):
    """A ``Store`` that writes moves, claims and table changes only while holding their leases.

    A new table without human seats (bots only) gets its lease in the transaction that stores it, so
    no other instance can adopt it between the insert and the first bot move; a table with human
    seats is stored without one and is leased by whichever instance its players reach first.
    """

    def __init__(self, db_url: str, instance_id: str, ttl: float) -> None:
        super().__init__(db_url)
        if self.is_sqlite:
            raise ValueError("a cluster needs PostgreSQL (--db postgresql+psycopg://...); SQLite is one process's")
        self.me = instance_id
        self.ttl = ttl

    def _create_schema(self) -> None:
        super()._create_schema()
        with self.engine.begin() as conn:
            conn.exec_driver_sql(SCHEMA)

    def _fence(self, conn: Connection, table_ids: list[str]) -> None:
        held = {r[0] for r in conn.execute(FENCE, {"tids": table_ids, "me": self.me})}
        lost = [t for t in table_ids if t not in held]
        if lost:
            raise LeaseLost(lost)

    def _after_insert_table(self, conn: Connection, row: TableRow) -> None:
        if "human" not in row.seats:
            conn.execute(ACQUIRE, {"tid": row.id, "me": self.me, "ttl": self.ttl})

    # --- leases -----------------------------------------------------------------------------------
    def acquire(self, table_id: str) -> str | None:
        """Take the lease of ``table_id`` (or renew ours): ``None`` when we own it, else the live owner."""
        with self.engine.begin() as conn:
            if conn.execute(ACQUIRE, {"tid": table_id, "me": self.me, "ttl": self.ttl}).first() is not None:
                return None
            owner: Any = conn.execute(OWNER, {"tid": table_id}).scalar()
        return str(owner) if owner is not None else "?"

    def lease_and_read(self, table_id: str) -> "Loaded":
        """Everything loading a table needs, in one call (one hop off the event loop): the lease of an
        unfinished table (taken, or the live owner named), then — read after the lease, so every move the
        old owner committed is in — the row, its moves, seat tokens and known decks. A finished or
        expired table is read without a lease (nobody writes to it)."""
        with self.engine.begin() as conn:
            got = conn.execute(ACQUIRE_UNFINISHED, {"tid": table_id, "me": self.me}).first() is not None
            owner = None if got else conn.execute(OWNER, {"tid": table_id}).scalar()
        if owner is not None and owner != self.me:
            return Loaded(None, str(owner), [], [], {})
        row = self.get_table(table_id)
        if row is None:
            return Loaded(None, None, [], [], {})
        if not got and row.status not in ("finished", "expired"):  # its owner let it go between our two reads
            return self.lease_and_read(table_id)
        actions = self.actions(table_id)
        tokens = self.seat_tokens([table_id])[table_id]
        decks = self.seat_decks(table_id) if row.undealt else {}
        return Loaded(row, None, actions, tokens, decks)

    def beat(self) -> set[str]:
        """The heartbeat: push this instance's expiry forward (one row, however many tables it runs);
        returns the ids of the tables it still owns."""
        with self.engine.begin() as conn:
            conn.execute(BEAT, {"me": self.me, "ttl": self.ttl})
            return {r[0] for r in conn.execute(HELD, {"me": self.me})}

    def release(self, table_ids: list[str]) -> None:
        if not table_ids:
            return
        with self.engine.begin() as conn:
            conn.execute(RELEASE, {"me": self.me, "tids": table_ids})

    def release_all(self) -> None:
        """Leave the cluster: give up every lease and the heartbeat row."""
        with self.engine.begin() as conn:
            conn.execute(RELEASE_ALL, {"me": self.me})
            conn.execute(LEAVE, {"me": self.me})

    def adoptable(self, limit: int) -> list[str]:
        """Tables in play whose owner's heartbeat ran out, or that nobody leases (bots wait for an owner)."""
        with self.engine.connect() as conn:
            return [r[0] for r in conn.execute(ADOPTABLE, {"me": self.me, "n": limit})]

    def count_waiting(self, table_ids: list[str]) -> int:
        """How many of ``table_ids`` still wait for players (the cap on one client's waiting tables)."""
        if not table_ids:
            return 0
        with self.engine.connect() as conn:
            return int(conn.execute(text("SELECT count(*) FROM tables WHERE id = ANY(:t) AND status = 'waiting'"),
                                    {"t": table_ids}).scalar_one())

    def expire_unjoined(self, seconds: float) -> list[str]:
        """Expire waiting tables that nobody leases and nobody ever joined within ``seconds`` of their creation
        (a table with human seats lives on no instance until someone comes, so no instance's sweep sees it)."""
        with self.engine.begin() as conn:
            return [r[0] for r in conn.execute(EXPIRE_UNJOINED, {"secs": seconds})]

    def notify(self, channel: str, payload: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(text("SELECT pg_notify(:c, :p)"), {"c": channel, "p": payload})


__all__ = ["FencedStore", "LOCK_CLASS", "LeaseLost"]
