"""Persistence of tables, their actions and seat tokens (SQLAlchemy 2, SQLite or PostgreSQL).

Why this shape: a table is fully described by its set-up (game, version, card sets, players, options,
seed, seat kinds) plus its list of accepted actions, so that is all the database holds; the live
``State`` is rebuilt by replaying the actions. An action row is committed before the server tells
anyone about it, so a crash can lose nothing that a player has seen.

The engine is synchronous on purpose (simple, and both drivers are mature); callers run every method
through :meth:`Store.run`, which uses the store's own thread pool so the event loop never blocks. For
SQLite that pool has one thread: SQLite allows one writer at a time anyway, and one thread means no
``database is locked`` retries. SQLite files use WAL with ``synchronous=FULL``: every commit is on disk
(fsync of the WAL) before it returns, so an acknowledged move survives a power cut too, not only a
crash of the process (docs/web.md, "Durability").

A write the database refuses for a reason outside the request (disk full, I/O error, connection
lost) raises :class:`StoreUnavailable`; the log says so once per run of failures and once when writes
work again, instead of a traceback per refused request.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import sqlite3
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Callable, TypeVar

from sqlalchemy import (
    JSON, BigInteger, Boolean, Column, DateTime, Engine, ForeignKey, Integer, MetaData, String, Table, bindparam,
    create_engine, event, func, insert, inspect, select, update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError

T = TypeVar("T")

log = logging.getLogger("cardtable.server")

metadata = MetaData()

tables_t = Table(
    "tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(100), nullable=False),
    Column("game_id", String(64), nullable=False),
    Column("game_version", String(32), nullable=False),
    Column("card_sets", JSON, nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("seats", JSON, nullable=False),  # kind per seat: "human", "random", "ismcts:200", ...
    Column("admin_token_hash", String(64), nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("created", DateTime(timezone=True), nullable=False),
    # added later (``_ADDED_COLUMNS``): older databases get them on start-up
    Column("practice", Boolean, nullable=False, default=False),  # the seed was chosen by a participant
    Column("creator_seat", Integer, nullable=True),  # the seat the creator keeps; Join never hands it out
    Column("deck_seats", JSON, nullable=True),  # seats whose deck is chosen on joining (None: none)
    Column("undealt", Boolean, nullable=False, default=False),  # waits for a deck: no state, no actions yet
    Column("open_seats", JSON, nullable=True),  # human seats anyone may Join (others wait for their invite link)
    Column("seat_prefs", JSON, nullable=True),  # seat -> its stops (full control, pass-until mode; autopass.py)
    Column("card_set_hashes", JSON, nullable=True),  # every card set by id and content hash (None: not recorded)
    Column("hints", Boolean, nullable=False, default=True),  # seats may ask for a hint (the host may turn it off)
)

# Columns added to ``tables`` after its first release, with the SQL default existing rows get.
_ADDED_COLUMNS = {"practice": "BOOLEAN NOT NULL DEFAULT FALSE", "creator_seat": "INTEGER", "deck_seats": "JSON",
                  "undealt": "BOOLEAN NOT NULL DEFAULT FALSE", "open_seats": "JSON",
                  "seat_prefs": "JSON", "card_set_hashes": "JSON", "hints": "BOOLEAN NOT NULL DEFAULT TRUE"}

actions_t = Table(
    "actions", metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seq", Integer, primary_key=True),  # the seq of the decision this action answered (0-based)
    Column("action", JSON, nullable=False),
)

seat_tokens_t = Table(
    "seat_tokens", metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("token_hash", String(64), nullable=False),
    Column("claimed", Boolean, nullable=False, default=False),
)

# The deck of each seat of a table that deals once every deck is known (docs/web.md, "Choosing a deck on
# joining"): the value of the game's deck option for that seat (a ready deck's name or a saved deck's
# ``option_value``). Hidden information: nothing but the deal reads it.
seat_decks_t = Table(
    "seat_decks", metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("deck", JSON, nullable=False),
)

# Saved decks of the deck builder (docs/web.md, "Deck builder"): an owner is a token held by one browser
# (only its SHA-256 is stored, as for seat tokens); its decks are found by id *and* owner, so a deck id
# alone opens nothing.
deck_owners_t = Table(
    "deck_owners", metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("created", DateTime(timezone=True), nullable=False),
)

saved_decks_t = Table(
    "saved_decks", metadata,
    Column("id", String(32), primary_key=True),
    Column("owner_hash", String(64), ForeignKey("deck_owners.token_hash", ondelete="CASCADE"), nullable=False,
           index=True),
    Column("game_id", String(64), nullable=False),
    Column("name", String(100), nullable=False),
    Column("sections", JSON, nullable=False),  # section name -> {card id: copies}
    Column("created", DateTime(timezone=True), nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False),
)


# Statements of the hot path, built once: SQLAlchemy memoizes a statement's cache key on the object,
# so reusing it skips re-deriving the key (a large part of the cost of a small insert).
_INSERT_ACTION = insert(actions_t)
_INSERT_TABLE = insert(tables_t)
_INSERT_SEAT_TOKENS = insert(seat_tokens_t)
_SET_STATUS = update(tables_t).where(tables_t.c.id == bindparam("tid")).values(status=bindparam("new_status"))
_CLAIM = (update(seat_tokens_t)
          .where(seat_tokens_t.c.table_id == bindparam("tid"), seat_tokens_t.c.seat == bindparam("claim_seat"))
          .values(claimed=True))
_CLAIM_NEW_TOKEN = (update(seat_tokens_t)
                    .where(seat_tokens_t.c.table_id == bindparam("tid"), seat_tokens_t.c.seat == bindparam("claim_seat"))
                    .values(claimed=True, token_hash=bindparam("new_hash")))


@dataclass(frozen=True, slots=True)
class TableRow:
    """One row of ``tables``: everything needed to set the game up again."""

    id: str
    name: str
    game_id: str
    game_version: str
    card_sets: dict[str, Any]
    players: int
    options: dict[str, Any]
    seed: int
    seats: list[str]
    admin_token_hash: str
    status: str
    created: datetime
    practice: bool = False
    creator_seat: int | None = None
    deck_seats: tuple[int, ...] = ()  # seats whose player chooses the deck on joining
    undealt: bool = False  # the game is dealt when the last of those decks arrives
    open_seats: tuple[int, ...] | None = ()  # human seats Join may hand to anyone; None: a table stored before
                                             # seats were kept for their links (every human seat was open)
    seat_prefs: dict[int, dict[str, Any]] | None = None  # seat -> its stops (``autopass.SeatPrefs.to_dict``)
    card_set_hashes: list[dict[str, Any]] | None = None  # the game's sets by id and content hash (records keep them)
    hints: bool = True  # seats may ask the server for a hint (docs/web.md, "Hints"); the host may turn it off


@dataclass(frozen=True, slots=True)
class SavedDeckRow:
    """One saved deck (its owner is known to whoever found it: lookups always name the owner)."""

    id: str
    game_id: str
    name: str
    sections: dict[str, dict[str, int]]
    created: datetime
    updated: datetime


class TooManyDecks(Exception):
    """The owner already keeps the most decks allowed; nothing was stored."""


@dataclass(frozen=True, slots=True)
class SeatToken:
    seat: int
    token_hash: str
    claimed: bool


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")  # acknowledged = on disk, power cuts included
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=5000")
    cur.close()


class StoreUnavailable(Exception):
    """The database refused a write for a reason outside the request (disk full, I/O error, lost connection).

    Nothing was stored; the same write may succeed later. ``reason`` is the database's own words.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class _WriteHealth:
    """Logs a run of failed writes once (at its first failure) and once more when writes work again."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._failures = 0

    def failed(self, reason: str) -> None:
        with self._lock:
            self._failures += 1
            first = self._failures == 1
        if first:
            log.error("the database refuses writes (%s): players are told that nothing was stored and to try "
                      "again; nothing acknowledged is lost. Said once until a write succeeds.", reason)
        else:
            log.debug("the database still refuses writes (%s)", reason)

    def succeeded(self) -> None:
        if not self._failures:  # the common case, without the lock
            return
        with self._lock:
            failures, self._failures = self._failures, 0
        if failures:
            log.warning("database writes work again (%d refused meanwhile)", failures)


def _write(method: Callable[..., T]) -> Callable[..., T]:
    """Decorate a ``Store`` write: transient database failures become ``StoreUnavailable``, logged once."""

    @functools.wraps(method)
    def wrapper(self: "Store", *args: Any, **kwargs: Any) -> T:
        try:
            result = method(self, *args, **kwargs)
        except (OperationalError, sqlite3.OperationalError) as err:
            orig = getattr(err, "orig", None) or err
            reason = " ".join(str(orig).split()) or type(orig).__name__
            self.health.failed(reason)
            raise StoreUnavailable(reason) from err
        self.health.succeeded()
        return result

    return wrapper


def _utc(value: datetime) -> datetime:
    return value.replace(tzinfo=timezone.utc) if value.tzinfo is None else value  # SQLite keeps no zone


def _row_to_deck(row: Any) -> SavedDeckRow:
    sections = {str(k): {str(c): int(n) for c, n in dict(v).items()} for k, v in dict(row.sections).items()}
    return SavedDeckRow(id=row.id, game_id=row.game_id, name=row.name, sections=sections,
                        created=_utc(row.created), updated=_utc(row.updated))


def _row_to_table(row: Any) -> TableRow:
    created = row.created
    if created.tzinfo is None:  # SQLite keeps no zone; we always write UTC
        created = created.replace(tzinfo=timezone.utc)
    return TableRow(
        id=row.id, name=row.name, game_id=row.game_id, game_version=row.game_version,
        card_sets=dict(row.card_sets), players=row.players, options=dict(row.options), seed=int(row.seed),
        seats=list(row.seats), admin_token_hash=row.admin_token_hash, status=row.status, created=created,
        practice=bool(row.practice), creator_seat=row.creator_seat,
        deck_seats=tuple(int(s) for s in row.deck_seats or ()), undealt=bool(row.undealt),
        open_seats=None if row.open_seats is None else tuple(int(s) for s in row.open_seats),
        seat_prefs={int(k): dict(v) for k, v in (row.seat_prefs or {}).items() if isinstance(v, dict)},
        card_set_hashes=None if row.card_set_hashes is None else list(row.card_set_hashes),
        hints=True if row.hints is None else bool(row.hints),
    )


class SeatTaken(Exception):
    """The seat was claimed meanwhile (another server process, or a record of it already stored)."""


class Store:
    """All database access. Methods are blocking; call them through :meth:`run` from async code."""

    def __init__(self, db_url: str) -> None:
        url = make_url(db_url)
        self.is_sqlite = url.get_backend_name() == "sqlite"
        if self.is_sqlite:
            self.engine: Engine = create_engine(url, connect_args={"check_same_thread": False})
            event.listen(self.engine, "connect", _sqlite_pragmas)
            workers = 1
        else:  # fail within seconds, not minutes, when the server is unreachable (unless the URL says)
            connect_args: dict[str, Any] = {}
            if url.get_backend_name() == "postgresql" and "connect_timeout" not in url.query:
                connect_args["connect_timeout"] = 10
            self.engine = create_engine(url, pool_size=4, max_overflow=4, pool_pre_ping=True,
                                        connect_args=connect_args)
            workers = 4
        self._executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="cardtable-db")
        self.health = _WriteHealth()

    # --- plumbing ---------------------------------------------------------------------------------
    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """Run blocking ``fn(*args)`` on the store's threads and await its result."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, functools.partial(fn, *args))

    def create_schema(self) -> None:
        """Create missing tables and columns. On PostgreSQL under an advisory lock: servers starting together
        on one database (a cluster, docs/web.md "Scaling") would otherwise race on ``CREATE TABLE``."""
        if self.is_sqlite:
            self._create_schema()
            return
        with self.engine.connect() as guard:
            guard.exec_driver_sql("SELECT pg_advisory_lock(728, 0)")
            try:
                self._create_schema()
            finally:
                guard.exec_driver_sql("SELECT pg_advisory_unlock(728, 0)")
                guard.commit()

    def _create_schema(self) -> None:
        metadata.create_all(self.engine)
        with self.engine.begin() as conn:  # a database made by an older version lacks the newer columns
            present = {c["name"] for c in inspect(conn).get_columns("tables")}
            for name, ddl in _ADDED_COLUMNS.items():
                if name not in present:
                    conn.exec_driver_sql(f"ALTER TABLE tables ADD COLUMN {name} {ddl}")

    def _fence(self, conn: Any, table_ids: list[str]) -> None:
        """Raise before a batch of moves and claims is written if this process may not write to those
        tables; nothing to check for one process (a cluster's store checks its leases, cluster/leases.py)."""

    def _after_insert_table(self, conn: Any, row: TableRow) -> None:
        """More to store in the transaction of a new table (a cluster's store: the lease of a bots-only table)."""

    def check_writable(self) -> None:
        """Raise if the database refuses writes (a read-only file, role or replica): a no-op update."""
        with self.engine.begin() as conn:
            conn.execute(update(tables_t).where(tables_t.c.id == "").values(status=tables_t.c.status))

    def close(self) -> None:
        self._executor.shutdown(wait=True)
        self.engine.dispose()

    # --- tables -----------------------------------------------------------------------------------
    @_write
    def insert_table(self, row: TableRow, seat_hashes: dict[int, str], decks: dict[int, Any] | None = None) -> None:
        """Store a new table, its seat tokens and (a table dealt later) the decks known so far."""
        with self.engine.begin() as conn:
            conn.execute(_INSERT_TABLE, dict(
                id=row.id, name=row.name, game_id=row.game_id, game_version=row.game_version,
                card_sets=row.card_sets, players=row.players, options=row.options, seed=row.seed,
                seats=row.seats, admin_token_hash=row.admin_token_hash, status=row.status, created=row.created,
                practice=row.practice, creator_seat=row.creator_seat,
                deck_seats=list(row.deck_seats) if row.deck_seats else None, undealt=row.undealt,
                open_seats=None if row.open_seats is None else list(row.open_seats),
                card_set_hashes=row.card_set_hashes,
                hints=row.hints,
            ))
            if seat_hashes:
                conn.execute(_INSERT_SEAT_TOKENS, [
                    {"table_id": row.id, "seat": s, "token_hash": h, "claimed": False}
                    for s, h in sorted(seat_hashes.items())
                ])
            if decks:
                conn.execute(insert(seat_decks_t), [{"table_id": row.id, "seat": s, "deck": d}
                                                    for s, d in sorted(decks.items())])
            self._after_insert_table(conn, row)

    def seat_decks(self, table_id: str) -> dict[int, Any]:
        """The decks stored for a table dealt once they are all known (seat -> deck option value)."""
        query = select(seat_decks_t.c.seat, seat_decks_t.c.deck).where(seat_decks_t.c.table_id == table_id)
        with self.engine.connect() as conn:
            return {int(r.seat): r.deck for r in conn.execute(query)}

    @_write
    def join_with_deck(self, table_id: str, seat: int | None, token_hash: str | None, deck: Any | None, status: str,
                       dealt: tuple[dict[str, Any], dict[int, Any]] | None = None) -> None:
        """One transaction: ``seat`` claimed with a new token (``token_hash``; ``None`` keeps the token) and
        its ``deck`` stored; with ``dealt`` = (the dealt game's options, decks filled in by the host) the
        table is marked dealt with those options. ``SeatTaken`` (nothing stored) when the seat was claimed
        or its deck stored already, so two racing joins cannot both succeed even across processes."""
        with self.engine.begin() as conn:
            self._fence(conn, [table_id])
            if deck is not None:
                if seat is None or token_hash is None:
                    raise ValueError("a seat that brings its deck is named and gets a new token")
                claimed = conn.execute(
                    update(seat_tokens_t)
                    .where(seat_tokens_t.c.table_id == table_id, seat_tokens_t.c.seat == seat,
                           seat_tokens_t.c.claimed == False)  # noqa: E712
                    .values(claimed=True, token_hash=token_hash)).rowcount
                if claimed != 1:
                    raise SeatTaken()
                conn.execute(insert(seat_decks_t).values(table_id=table_id, seat=seat, deck=deck))
            if dealt is not None:
                options, fills = dealt
                if fills:
                    conn.execute(insert(seat_decks_t), [{"table_id": table_id, "seat": s, "deck": d}
                                                        for s, d in sorted(fills.items())])
                done = conn.execute(update(tables_t).where(tables_t.c.id == table_id, tables_t.c.undealt == True)  # noqa: E712
                                    .values(options=options, undealt=False, status=status)).rowcount
                if done != 1:
                    raise SeatTaken()
            else:
                conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(status=status))

    def get_table(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(tables_t).where(tables_t.c.id == table_id)).first()
        return None if row is None else _row_to_table(row)

    def list_tables(self, limit: int = 200, status: str | None = None) -> list[TableRow]:
        query = select(tables_t).order_by(tables_t.c.created.desc(), tables_t.c.id).limit(limit)
        if status is not None:
            query = query.where(tables_t.c.status == status)
        with self.engine.connect() as conn:
            return [_row_to_table(r) for r in conn.execute(query)]

    def unfinished_tables(self) -> list[TableRow]:
        """Tables to rebuild on start-up: not finished and not expired (an expired table stays closed)."""
        query = (select(tables_t).where(tables_t.c.status.not_in(("finished", "expired")))
                 .order_by(tables_t.c.created))
        with self.engine.connect() as conn:
            return [_row_to_table(r) for r in conn.execute(query)]

    @_write
    def set_open_seats(self, table_id: str, seats: tuple[int, ...]) -> None:
        """The host opened a seat to anyone: the table's new list of open seats."""
        with self.engine.begin() as conn:
            self._fence(conn, [table_id])
            conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(open_seats=list(seats)))

    @_write
    def set_seat_prefs(self, table_id: str, prefs: dict[int, dict[str, Any]]) -> None:
        """A seat changed its stops (full control, pass-until): the table's prefs of every seat."""
        with self.engine.begin() as conn:
            conn.execute(update(tables_t).where(tables_t.c.id == table_id)
                         .values(seat_prefs={str(k): v for k, v in prefs.items()}))

    @_write
    def set_hints(self, table_id: str, enabled: bool) -> None:
        """The host turned hints on or off for every seat of the table."""
        with self.engine.begin() as conn:
            conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(hints=enabled))

    @_write
    def set_status(self, table_id: str, status: str) -> None:
        with self.engine.begin() as conn:
            self._fence(conn, [table_id])
            conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(status=status))

    # --- seat tokens ------------------------------------------------------------------------------
    def seat_tokens(self, table_ids: list[str]) -> dict[str, list[SeatToken]]:
        """Seat tokens of several tables at once (the lobby lists many)."""
        out: dict[str, list[SeatToken]] = {t: [] for t in table_ids}
        if not table_ids:
            return out
        query = (select(seat_tokens_t).where(seat_tokens_t.c.table_id.in_(table_ids))
                 .order_by(seat_tokens_t.c.table_id, seat_tokens_t.c.seat))
        with self.engine.connect() as conn:
            for r in conn.execute(query):
                out[r.table_id].append(SeatToken(r.seat, r.token_hash, bool(r.claimed)))
        return out

    def claim_seat(self, table_id: str, seat: int, token_hash: str | None, status: str | None) -> None:
        """Mark ``seat`` claimed (and give it a new token hash if one is passed); update the status."""
        self.append_actions([PendingClaim(table_id, seat, token_hash, status)])

    # --- actions ----------------------------------------------------------------------------------
    def append_action(self, table_id: str, seq: int, action: dict[str, Any], status: str | None = None) -> None:
        """Commit one accepted action (and the table's new status, in the same transaction)."""
        self.append_actions([PendingAction(table_id, seq, action, status)])

    @_write
    def append_actions(self, batch: list["PendingAction | PendingClaim"]) -> None:
        """Commit several tables' actions and seat claims in one transaction (group commit; see ``ActionWriter``)."""
        statuses = [{"tid": p.table_id, "new_status": p.status} for p in batch if p.status is not None]
        actions = [{"table_id": p.table_id, "seq": p.seq, "action": p.action} for p in batch
                   if type(p) is PendingAction]
        claims = [{"tid": p.table_id, "claim_seat": p.seat} for p in batch
                  if type(p) is PendingClaim and p.token_hash is None]
        new_tokens = [{"tid": p.table_id, "claim_seat": p.seat, "new_hash": p.token_hash} for p in batch
                      if type(p) is PendingClaim and p.token_hash is not None]
        with self.engine.begin() as conn:
            if self.is_sqlite:  # the hot path: plain DB-API statements, no SQLAlchemy compile/execute layers
                self._append_sqlite(conn, actions, claims, new_tokens, statuses)
                return
            self._fence(conn, sorted({p.table_id for p in batch}))
            if actions:
                conn.execute(_INSERT_ACTION, actions)
            if claims:
                conn.execute(_CLAIM, claims)
            if new_tokens:
                conn.execute(_CLAIM_NEW_TOKEN, new_tokens)
            if statuses:
                conn.execute(_SET_STATUS, statuses)

    @staticmethod
    def _append_sqlite(conn: Any, actions: list[dict[str, Any]], claims: list[dict[str, Any]],
                       new_tokens: list[dict[str, Any]], statuses: list[dict[str, Any]]) -> None:
        """``append_actions``' statements on SQLite's DB-API cursor, inside ``conn``'s transaction.

        The same rows as the SQLAlchemy statements: JSON is stored as ``json.dumps`` text (SQLAlchemy's
        default serializer, so reads are unchanged) and booleans as 1.
        """
        cur = conn.connection.cursor()
        try:
            if actions:
                cur.executemany("INSERT INTO actions (table_id, seq, action) VALUES (?, ?, ?)",
                                [(a["table_id"], a["seq"], json.dumps(a["action"])) for a in actions])
            if claims:
                cur.executemany("UPDATE seat_tokens SET claimed=1 WHERE table_id = ? AND seat = ?",
                                [(c["tid"], c["claim_seat"]) for c in claims])
            if new_tokens:
                cur.executemany("UPDATE seat_tokens SET claimed=1, token_hash=? WHERE table_id = ? AND seat = ?",
                                [(c["new_hash"], c["tid"], c["claim_seat"]) for c in new_tokens])
            if statuses:
                cur.executemany("UPDATE tables SET status=? WHERE id = ?",
                                [(u["new_status"], u["tid"]) for u in statuses])
        finally:
            cur.close()

    def actions(self, table_id: str) -> list[dict[str, Any]]:
        query = select(actions_t.c.seq, actions_t.c.action).where(actions_t.c.table_id == table_id).order_by(actions_t.c.seq)
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        for expected, row in enumerate(rows):
            if row.seq != expected:
                raise RuntimeError(f"table {table_id}: action {expected} is missing from the database")
        return [dict(r.action) for r in rows]

    def count_actions(self, table_id: str) -> int:
        query = select(func.count()).select_from(actions_t).where(actions_t.c.table_id == table_id)
        with self.engine.connect() as conn:
            return int(conn.execute(query).scalar_one())


    # --- saved decks ------------------------------------------------------------------------------
    @_write
    def insert_deck_owner(self, token_hash: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(deck_owners_t).values(token_hash=token_hash, created=utcnow()))

    def deck_owner_exists(self, token_hash: str) -> bool:
        query = select(deck_owners_t.c.token_hash).where(deck_owners_t.c.token_hash == token_hash)
        with self.engine.connect() as conn:
            return conn.execute(query).first() is not None

    @_write
    def insert_deck(self, owner_hash: str, row: SavedDeckRow, cap: int) -> None:
        """Store a new deck of ``owner_hash``; ``TooManyDecks`` (nothing stored) if it already keeps ``cap``.

        The count and the insert share one transaction, so parallel saves cannot pass the cap together
        on PostgreSQL (the owner's row is locked) nor on SQLite (one writer at a time).
        """
        with self.engine.begin() as conn:
            lock = select(deck_owners_t.c.token_hash).where(deck_owners_t.c.token_hash == owner_hash)
            if not self.is_sqlite:
                lock = lock.with_for_update()
            conn.execute(lock)
            count = select(func.count()).select_from(saved_decks_t).where(saved_decks_t.c.owner_hash == owner_hash)
            if int(conn.execute(count).scalar_one()) >= cap:
                raise TooManyDecks()
            conn.execute(insert(saved_decks_t).values(
                id=row.id, owner_hash=owner_hash, game_id=row.game_id, name=row.name, sections=row.sections,
                created=row.created, updated=row.updated))

    def get_deck(self, owner_hash: str, deck_id: str) -> SavedDeckRow | None:
        query = select(saved_decks_t).where(saved_decks_t.c.id == deck_id, saved_decks_t.c.owner_hash == owner_hash)
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        return None if row is None else _row_to_deck(row)

    def list_decks(self, owner_hash: str, game_id: str | None = None) -> list[SavedDeckRow]:
        """The owner's decks, most recently changed first."""
        query = (select(saved_decks_t).where(saved_decks_t.c.owner_hash == owner_hash)
                 .order_by(saved_decks_t.c.updated.desc(), saved_decks_t.c.id))
        if game_id is not None:
            query = query.where(saved_decks_t.c.game_id == game_id)
        with self.engine.connect() as conn:
            return [_row_to_deck(r) for r in conn.execute(query)]

    @_write
    def update_deck(self, owner_hash: str, deck_id: str, name: str, sections: dict[str, dict[str, int]],
                    updated: datetime) -> bool:
        """Change the owner's deck; False when the owner has no deck ``deck_id``."""
        query = (update(saved_decks_t)
                 .where(saved_decks_t.c.id == deck_id, saved_decks_t.c.owner_hash == owner_hash)
                 .values(name=name, sections=sections, updated=updated))
        with self.engine.begin() as conn:
            return bool(conn.execute(query).rowcount)

    @_write
    def delete_deck(self, owner_hash: str, deck_id: str) -> bool:
        query = saved_decks_t.delete().where(saved_decks_t.c.id == deck_id, saved_decks_t.c.owner_hash == owner_hash)
        with self.engine.begin() as conn:
            return bool(conn.execute(query).rowcount)


@dataclass(slots=True)
class PendingAction:
    table_id: str
    seq: int
    action: dict[str, Any]
    status: str | None = None


@dataclass(slots=True)
class PendingClaim:
    table_id: str
    seat: int
    token_hash: str | None = None  # a new token hash for the seat, or None to keep its token
    status: str | None = None


class ActionWriter:
    """Group commit: actions of many tables that arrive while a commit runs share the next one.

    Why: a commit costs far more than an inserted row (transaction set-up, a WAL write, a thread
    hand-off), so under load committing one action per transaction would cap the whole server's
    throughput. Each caller still awaits its own commit, so "committed before acknowledged" holds
    per action. A batch that fails is retried one action at a time, so one bad action (say, a
    duplicate seq) fails only its own caller.

    Seat claims (``claim``) go through the same queue: a table start no longer costs a transaction
    (and a thread hand-off) per seat.
    """

    def __init__(self, store: Store, max_batch: int = 256) -> None:
        self.store = store
        self.max_batch = max_batch
        self._pending: list[tuple[PendingAction | PendingClaim, asyncio.Future[None]]] = []
        self._flushing = False

    async def append(self, table_id: str, seq: int, action: dict[str, Any], status: str | None = None) -> None:
        """Return once the action is committed; raise what the database raised otherwise."""
        await self._submit(PendingAction(table_id, seq, action, status))

    async def claim(self, table_id: str, seat: int, token_hash: str | None, status: str | None = None) -> None:
        """``Store.claim_seat`` through the group commit: return once committed."""
        await self._submit(PendingClaim(table_id, seat, token_hash, status))

    async def _submit(self, item: "PendingAction | PendingClaim") -> None:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((item, future))
        if not self._flushing:
            self._flushing = True
            asyncio.get_running_loop().create_task(self._flush())
        await future

    async def _flush(self) -> None:
        try:
            while self._pending:
                batch, self._pending = self._pending[:self.max_batch], self._pending[self.max_batch:]
                try:
                    await self.store.run(self.store.append_actions, [p for p, _ in batch])
                except Exception as err:
                    if len(batch) == 1:
                        _fail(batch[0][1], err)
                        continue
                    for item, future in batch:  # find the culprit: commit one by one
                        try:
                            await self.store.run(self.store.append_actions, [item])
                        except Exception as one:
                            _fail(future, one)
                        else:
                            _done(future)
                    continue
                for _, future in batch:
                    _done(future)
        finally:
            self._flushing = False


def _done(future: "asyncio.Future[None]") -> None:
    if not future.done():
        future.set_result(None)


def _fail(future: "asyncio.Future[None]", err: BaseException) -> None:
    if not future.done():
        future.set_exception(err)


def utcnow() -> datetime:
    return datetime.now(timezone.utc)
