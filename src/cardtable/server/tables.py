"""Live tables: the ``State`` of each game in play, who is connected to it, and its bots.

Why one lock per table: every change to a table (an action, a seat being claimed) goes validate ->
commit to the database -> swap in the new state -> broadcast, and nothing else may interleave with
it, or two players could both answer the same decision or a frame could go out before its action is
on disk. Tables do not share anything, so they never wait for each other (except inside SQLite, which
has one writer).

The database is the source of truth. An action is applied to a *clone* of the state, committed, and
only then does the clone replace the live state and get broadcast; if the commit fails nothing in
memory changed. On start-up every unfinished table is rebuilt by replaying its stored actions.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from dataclasses import replace
from typing import Any, Callable, Iterable

from starlette.websockets import WebSocket

from ..core import Action, GameDefinition, IllegalActionError, Rng, SetupError, State, mix_seed
from ..core.events import log_for
from ..registry import load_game
from . import autopass, frames
from ..bots.base import DEFAULT_BOT_LIMITS, BotLimits
from .botrun import BotFailed, BotRunner, MoveTimeout
from .clientframes import HintFrame, PingFrame, PrefsFrame, parse_client_frame
from .hints import HINT_SECONDS, hint_frame, hint_input
from .connections import Connection, spawn
from .settings import ServerSettings
from .store import ActionWriter, SeatTaken, SeatToken, Store, StoreUnavailable, TableRow, utcnow
from .tokens import hash_token, new_table_id, new_token, token_matches

log = logging.getLogger("cardtable.server")

HUMAN = "human"
EXPIRED = "expired"
CLOSED_STATUSES = ("finished", EXPIRED)  # a table in one of these takes no more moves or seats

class TableError(Exception):
    """A request about a table that cannot be honoured; ``status`` is the HTTP status to answer."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


class BadToken(Exception):
    """A WebSocket token that matches no seat of the table (protocol: close with 4403)."""


# --- a live table ------------------------------------------------------------------------------------
class LiveTable:
    """A table in memory: its set-up row, state, seat tokens, connections and running bot.

    A table whose seats choose their decks on joining (``row.undealt``) has no state until the last
    deck arrives: ``dealt`` is false, ``decks`` holds the seats' decks known so far (hidden: only the
    deal reads them) and ``state`` must not be read.
    """

    def __init__(self, row: TableRow, game: GameDefinition, state: State | None, tokens: list[SeatToken],
                 now: float | None = None, creator: str | None = None, decks: dict[int, Any] | None = None) -> None:
        self.row = row
        self.game = game
        self._state = state
        self.decks: dict[int, Any] = dict(decks or {})
        self.token_hashes: dict[int, str] = {t.seat: t.token_hash for t in tokens}
        self.claimed: set[int] = {t.seat for t in tokens if t.claimed}
        self.status = row.status
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.thinking: set[int] = set()
        self.hinting: set[int] = set()  # seats whose hint is being computed (one in flight per seat)
        self.hints_given: dict[int, tuple[int, dict[str, Any]]] = {}  # seat -> (seq, hint payload) last computed
        self.bot_task: asyncio.Task[None] | None = None
        self.last_active = time.monotonic() if now is None else now  # last move or seat taken (for expiry)
        self.creator = creator  # the creating client's address, for the cap on waiting tables (memory only)
        self._logs: dict[int | None, tuple[list[dict[str, Any]], int]] = {}
        self.prefs: dict[int, autopass.SeatPrefs] = {
            int(s): autopass.SeatPrefs.from_dict(p) for s, p in (row.seat_prefs or {}).items()}
        self.pass_kinds = autopass.pass_kinds_for(row.game_id)
        self.auto_sent: dict[int, list[dict[str, Any]]] = {}  # seat -> auto moves not yet in a frame to it

    def prefs_of(self, seat: int) -> autopass.SeatPrefs:
        return self.prefs.get(seat) or autopass.SeatPrefs()

    def seat_log(self, seat: int | None) -> list[dict[str, Any]]:
        """``state.log(seat)``, kept up to date incrementally (a broadcast needs it for every seat).

        Events are append-only and shared by clones, so only the events added since the last call are
        filtered. Do not mutate the returned list. A game that overrides ``State.log`` gets no shortcut.
        An undealt table has no log yet.
        """
        if self._state is None:
            return []
        state = self.state
        if type(state).log is not State.log:
            return state.log(seat)
        events = state.events
        cached, done = self._logs.get(seat, ([], 0))
        if done > len(events):  # cannot happen with append-only events; recompute to be safe
            cached, done = [], 0
        if done < len(events):
            cached.extend(log_for(events[done:], seat))
            self._logs[seat] = (cached, len(events))
        return cached

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def dealt(self) -> bool:
        return self._state is not None

    @property
    def state(self) -> State:
        if self._state is None:
            raise RuntimeError(f"table {self.row.id} is not dealt yet")
        return self._state

    @state.setter
    def state(self, value: State) -> None:
        self._state = value

    @property
    def seq(self) -> int:
        return 0 if self._state is None else len(self._state.history)

    def needs_deck(self) -> list[int]:
        """The seats whose player must still join with a deck before the game is dealt."""
        if self.dealt:
            return []
        return [s for s in self.row.deck_seats if s not in self.claimed]

    def human_seats(self) -> list[int]:
        return [s for s, kind in enumerate(self.row.seats) if kind == HUMAN]

    def status_now(self) -> str:
        """What the status should be given the state and claimed seats."""
        if not self.dealt:
            return "waiting"
        if self.state.is_terminal:
            return "finished"
        if any(s not in self.claimed for s in self.human_seats()):
            return "waiting"
        return "playing"

    def summary(self) -> dict[str, Any]:
        return table_summary(self.row, self.status, self.claimed)


def table_summary(row: TableRow, status: str, claimed: Iterable[int]) -> dict[str, Any]:
    """The lobby's description of a table (docs/protocol.md, ``GET /api/tables``).

    ``practice`` says the seed was chosen by a participant (who may then know the whole deal), so every
    seat sees it in the lobby and in the ``hello`` frame. ``reserved`` marks an unclaimed human seat that
    waits for its invite link (the creator's own, and every seat the host invited someone to): Join never
    hands it out. ``open`` marks an unclaimed seat Join may give to anyone (the host left it open, or its
    player brings a deck on joining). ``deck_on_join`` marks a seat whose player brings a deck when
    joining (the key is left out for other seats); ``needs_deck`` lists those still to come before the game is dealt (``dealt``). Which deck a
    seat chose is never said.
    """
    claimed = set(claimed)
    joinable = joinable_seats(row)
    needs = [s for s in row.deck_seats if s not in claimed] if row.undealt else []
    return {
        "table_id": row.id,
        "name": row.name,
        "game": row.game_id,
        "players": row.players,
        "status": status,
        "practice": row.practice,
        "hints": row.hints,
        "seats": [{"seat": s, "kind": kind, "claimed": kind != HUMAN or s in claimed,
                   "reserved": kind == HUMAN and s not in claimed and s not in joinable,
                   "open": kind == HUMAN and s not in claimed and s in joinable,
                   **({"deck_on_join": True} if s in row.deck_seats else {})}
                  for s, kind in enumerate(row.seats)],
        "dealt": not row.undealt,
        "needs_deck": needs,
        "created": row.created.isoformat().replace("+00:00", "Z"),
    }


def _open_seats(asked: list[int] | None, kinds: list[str], on_join: Iterable[int], creator: int | None) -> tuple[int, ...]:
    """The seats the creator leaves open to anyone, checked: human seats with an invite link, not their own."""
    out = sorted(set(asked or ()))
    on_join = set(on_join)
    for seat in out:
        if not 0 <= seat < len(kinds) or kinds[seat] != HUMAN:
            raise TableError(422, "bad_open_seats", f"open_seats: seat {seat} is not a human seat of this table")
        if seat == creator:
            raise TableError(422, "bad_open_seats", f"open_seats: seat {seat} is the creator's own seat (the first "
                                                    f"human seat); it cannot be left open to anyone")
        if seat in on_join:
            raise TableError(422, "bad_open_seats", f"open_seats: seat {seat} already chooses its deck on joining, "
                                                    f"which makes it open; list it once")
    return tuple(out)


def joinable_seats(row: TableRow) -> frozenset[int]:
    """Human seats Join may hand out (when unclaimed): those the host left open and those whose player
    brings a deck on joining, never the creator's. Every other human seat waits for its invite link."""
    if row.open_seats is None:  # stored before seats were kept for their links: as then, all but the creator's
        return frozenset(s for s, kind in enumerate(row.seats) if kind == HUMAN and s != row.creator_seat)
    return frozenset(s for s in (*row.open_seats, *row.deck_seats) if s != row.creator_seat)


def rebuild_state(row: TableRow, actions: list[dict[str, Any]], game: GameDefinition | None = None) -> State:
    """Set the game up from ``row`` and replay ``actions`` (raises if the record no longer applies)."""
    game = game or load_game(row.game_id)
    _check_version(row, game)
    if row.undealt:
        raise TableError(409, "not_dealt", f"table {row.id} is not dealt yet: seat(s) still choose their deck")
    state = game.new_game(seed=row.seed, players=row.players, options=row.options or None)
    for raw in actions:
        state.apply(Action.from_dict(raw))
    return state


def _check_version(row: TableRow, game: GameDefinition) -> None:
    if row.game_version != game.info.version:
        raise TableError(409, "version_mismatch",
                         f"table {row.id} was played with {row.game_id} version {row.game_version}; "
                         f"this server has version {game.info.version}")
    if row.card_set_hashes is not None:  # tables stored before sets were hashed have none
        mismatch = game.check_record_sets(row.card_set_hashes)
        if mismatch is not None:
            raise TableError(409, "card_sets_mismatch", f"table {row.id} cannot be resumed with this server's "
                                                        f"cards: {mismatch}")


def validate_seat_kinds(seats: list[str], game_id: str, limits: BotLimits = DEFAULT_BOT_LIMITS) -> list[str]:
    """Normalise the seat kinds (``human`` or a bot spec within ``limits``); raise ``TableError`` naming a bad one."""
    from ..bots import BOT_KINDS, make_bot

    out = []
    for seat, spec in enumerate(seats):
        spec = spec.strip()
        if spec.lower() == HUMAN:
            out.append(HUMAN)
            continue
        try:
            make_bot(spec, game_id, 0, limits=limits)
        except SetupError as err:
            hint = ' (or "human")' if "unknown bot" in str(err) else ""
            raise TableError(422, "bad_seat", f"seat {seat}: {err}{hint}") from None
        except Exception as err:  # a bot that fails to build is a bad spec too, not a server error
            raise TableError(422, "bad_seat", f"seat {seat}: bot {spec!r} cannot be built: {err}; "
                                              f"kinds: human, {', '.join(BOT_KINDS)}") from None
        out.append(spec.lower())
    return out


def _deck_seats(deck_seats: list[int] | None, kinds: list[str], decks: list[str | None] | None,
                custom: dict[int, Any] | None) -> list[int]:
    """The seats choosing their deck on joining, checked: human seats, each once, given no deck now."""
    if not deck_seats:
        return []
    out: list[int] = []
    for seat in deck_seats:
        if not 0 <= seat < len(kinds):
            raise TableError(422, "bad_deck_seats", f"deck_seats: there is no seat {seat} at a {len(kinds)}-seat table")
        if kinds[seat] != HUMAN:
            raise TableError(422, "bad_deck_seats", f"deck_seats: seat {seat} is a bot ({kinds[seat]}); a bot plays "
                                                    f"a ready deck (name it in 'decks', or leave it drawn)")
        if seat in out:
            raise TableError(422, "bad_deck_seats", f"deck_seats: seat {seat} is listed twice")
        if (decks is not None and seat < len(decks) and decks[seat] is not None) or (custom and seat in custom):
            raise TableError(422, "bad_deck_seats", f"seat {seat}: its player chooses the deck on joining, so give "
                                                    f"it no deck now (null in 'decks' and 'saved_decks')")
        out.append(seat)
    return sorted(out)


# --- the manager ---------------------------------------------------------------------------------
class TableManager:
    """Creates, loads and runs tables; the only code that changes a live table."""

    def __init__(self, store: Store, bots: BotRunner, settings: ServerSettings | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.settings = settings or ServerSettings()
        self.clock = clock
        self.store = store
        self.writer = ActionWriter(store)
        self.bots = bots
        self.tables: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Future[LiveTable | None]] = {}
        self._stopping = False
        self._sweeper: asyncio.Task[None] | None = None

    # --- life cycle -------------------------------------------------------------------------------
    async def start(self) -> None:
        """Rebuild every unfinished table from the database and let its bots continue."""
        await self.store.run(self.store.create_schema)
        rows = await self.store.run(self.store.unfinished_tables)
        tokens = await self.store.run(self.store.seat_tokens, [r.id for r in rows])
        for row in rows:
            decks: dict[int, Any] = {}
            try:
                if row.undealt:  # waits for decks: nothing to replay, only the decks known so far
                    _check_version(row, load_game(row.game_id))
                    decks = await self.store.run(self.store.seat_decks, row.id)
                    state: State | None = None
                else:
                    actions = await self.store.run(self.store.actions, row.id)
                    state = rebuild_state(row, actions)
            except Exception as err:  # one broken table must not keep the server down
                log.error("table %s cannot be rebuilt and stays closed: %s", row.id, err)
                continue
            table = LiveTable(row, load_game(row.game_id), state, tokens.get(row.id, []), now=self.clock(),
                              decks=decks)
            self.tables[row.id] = table
            await self._sync_status(table)
            async with table.lock:
                try:
                    await self._auto_moves(table)
                except Exception:  # a store that cannot take the prefs now: the person is asked as usual
                    log.exception("table %s: auto-pass failed on start-up", row.id)
                self._kick_bots(table)
        if rows:
            log.info("rebuilt %d unfinished table(s)", len(self.tables))
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())

    async def stop(self) -> None:
        self._stopping = True
        tasks = [t.bot_task for t in self.tables.values() if t.bot_task is not None]
        if self._sweeper is not None:
            tasks.append(self._sweeper)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task

    # --- expiry -----------------------------------------------------------------------------------
    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.settings.sweep_interval)
            try:
                await self.expire_idle()
            except Exception:  # a failed sweep (database down) is retried at the next one
                log.exception("could not expire idle tables")

    def _expiry_due(self, table: LiveTable, now: float) -> bool:
        if table.status not in ("waiting", "playing"):
            return False
        idle = now - table.last_active
        never_joined = table.status == "waiting" and not (table.claimed & set(table.human_seats()))
        return idle >= self.settings.idle_ttl or (never_joined and idle >= self.settings.unjoined_ttl)

    async def expire_idle(self) -> list[str]:
        """Expire every table nobody ever joined within ``unjoined_ttl`` or that has not moved for ``idle_ttl``.

        An expired table is marked ``expired`` in the database (so a restart does not bring it back),
        its sockets are closed and it leaves memory. Returns the ids expired.
        """
        now = self.clock()
        done = []
        for table in [t for t in self.tables.values() if self._expiry_due(t, now)]:
            async with table.lock:
                if not self._expiry_due(table, self.clock()):
                    continue
                await self.store.run(self.store.set_status, table.id, EXPIRED)
                table.status = EXPIRED
                if table.bot_task is not None:
                    table.bot_task.cancel()
                    table.bot_task = None
                table.thinking = set()
                for conn in list(table.connections):
                    conn.send(frames.dumps(frames.error_frame(
                        EXPIRED, "this table expired: nobody moved for too long; start a new one from the lobby")))
                    conn.close_soon(4410)
                self.tables.pop(table.id, None)
                done.append(table.id)
        if done:
            log.info("expired %d idle table(s)", len(done))
        return done

    def watching(self, table_id: str) -> int:
        """Spectators (sockets without a seat) of a table, for the lobby."""
        table = self.tables.get(table_id)
        return 0 if table is None else sum(1 for c in table.connections if c.seat is None)

    def waiting_tables_of(self, client: str) -> int:
        return sum(1 for t in self.tables.values() if t.creator == client and t.status == "waiting")

    # --- creating and finding tables --------------------------------------------------------------
    async def create_table(self, *, game_id: str, players: int, seats: list[str], options: dict[str, Any] | None,
                           seed: int | None, name: str | None, practice: bool = False,
                           client: str | None = None,
                           decks: list[str | None] | None = None,
                           custom_decks: dict[int, Any] | None = None,
                           seat_choices: dict[str, list[str | None]] | None = None,
                           deck_seats: list[int] | None = None,
                           open_seats: list[int] | None = None,
                           hints: bool = True) -> tuple[LiveTable, str, dict[int, str]]:
        """Create a table; returns it, the admin token and a token per human seat.

        Only a ``practice`` table may have a seed chosen by its creator: whoever picks the seed can
        compute the whole deal, so on any other table the server draws it and keeps it to itself until
        the game ends. ``client`` (the creator's address) counts towards its cap on waiting tables.
        ``decks`` (one ready deck name per seat, ``None`` = drawn from the seed) becomes the game's deck
        option (``facets.with_deck_choice``), so it is stored and replayed like any other option;
        ``custom_decks`` (seat -> a saved deck as the option's value) replaces a seat's ready deck;
        ``seat_choices`` (key -> one pick per seat) sets the game's declared per-seat options
        (``facets.with_seat_choices``).

        ``deck_seats`` names human seats whose player chooses the deck when joining (``join_with_deck``):
        such a table is stored undealt, with the decks of the other seats, and is dealt when the last
        deck arrives (or the host deals). The deal is tried at once with drawn decks, so bad options are
        refused now, not when a friend joins; the creator keeps the first human seat not among them.

        ``hints``: whether seats may ask for a hint (``hints.py``); stored with the table, shown in its summary.
        """
        from .facets import deck_option, deck_values, with_deck_choice, with_seat_choices

        if seed is not None and not practice:
            raise TableError(422, "seed_needs_practice",
                             "a seed can only be chosen for a practice table (add \"practice\": true; every seat "
                             "then sees that the deal may be known to whoever chose it)")
        try:
            game = load_game(game_id)
        except SetupError as err:
            raise TableError(422, "unknown_game", str(err)) from None
        info = game.info
        if not info.min_players <= players <= info.max_players:
            raise TableError(422, "bad_players",
                             f"{info.name} is for {info.min_players} to {info.max_players} players, not {players}")
        if len(seats) != players:
            raise TableError(422, "bad_seats", f"'seats' lists {len(seats)} seat(s) but 'players' is {players}: "
                                               f"give one kind per seat")
        kinds = validate_seat_kinds(seats, game_id, self.bots.limits)
        cap = self.settings.max_waiting_tables
        if client is not None and cap and HUMAN in kinds and self.waiting_tables_of(client) >= cap:
            raise TableError(429, "too_many_waiting",
                             f"your address already has {cap} tables waiting for players; start one of them "
                             f"or wait for them to expire before creating another")
        if seed is None:
            seed = Rng(mix_seed(new_token())).next64() >> 1
        on_join = _deck_seats(deck_seats, kinds, decks, custom_decks)
        known: dict[int, Any] = {}
        if on_join:  # dealt when the last deck arrives: try the deal now, with a drawn deck for each of them
            options = with_seat_choices(game_id, players, seat_choices, options)
            values = deck_values(game_id, players, decks, options, seed, custom_decks)
            known = {s: v for s, v in enumerate(values) if s not in on_join}
            trial = {**(options or {}), deck_option(game_id): values}
        else:
            options = with_deck_choice(game_id, players, decks, options, seed, custom_decks)
            options = with_seat_choices(game_id, players, seat_choices, options)
            trial = options or {}
        try:
            state: State | None = game.new_game(seed=seed, players=players, options=trial or None)
        except SetupError as err:
            raise TableError(422, "bad_options", str(err)) from None
        assert state is not None
        stored = dict(state.options)
        if on_join:
            state, stored = None, dict(options or {})  # the trial deal is dropped: nobody sees it
        table_id = new_table_id()
        admin_token = new_token()
        seat_tokens = {s: new_token() for s, k in enumerate(kinds) if k == HUMAN and s not in on_join}
        opened = _open_seats(open_seats, kinds, on_join, min(seat_tokens) if seat_tokens else None)
        hashes = {s: hash_token(t) for s, t in seat_tokens.items()}
        hashes |= {s: hash_token(new_token()) for s in on_join}  # a token nobody holds: Join gives the seat
        row = TableRow(
            id=table_id, name=(name or "").strip() or f"{info.name} {table_id}", game_id=game_id,
            game_version=info.version, card_sets=dict(game.card_set_versions),
            card_set_hashes=game.card_set_hashes or None, players=players,
            options=stored, seed=seed, seats=kinds, admin_token_hash=hash_token(admin_token),
            status="waiting" if hashes else "playing", created=utcnow(), practice=practice,
            creator_seat=min(seat_tokens) if seat_tokens else None, deck_seats=tuple(on_join), undealt=bool(on_join),
            open_seats=opened, hints=hints,
        )
        await self.store.run(self.store.insert_table, row, hashes, known)
        table = LiveTable(row, game, state, [SeatToken(s, h, False) for s, h in hashes.items()],
                          now=self.clock(), creator=client, decks=known)
        self.tables[table_id] = table
        async with table.lock:
            self._kick_bots(table)
        return table, admin_token, seat_tokens

    async def get(self, table_id: str) -> LiveTable | None:
        """The live table, loading it (finished ones too) from the database if it is not in memory."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        pending = self._loading.get(table_id)
        if pending is not None:
            return await pending
        future: asyncio.Future[LiveTable | None] = asyncio.get_running_loop().create_future()
        self._loading[table_id] = future
        try:
            table = await self._load(table_id)
            future.set_result(table)
            return table
        except BaseException as err:
            future.set_exception(err)
            future.exception()  # mark retrieved
            raise
        finally:
            del self._loading[table_id]

    async def _load(self, table_id: str) -> LiveTable | None:
        row = await self.store.run(self.store.get_table, table_id)
        if row is None:
            return None
        actions = await self.store.run(self.store.actions, table_id)
        tokens = await self.store.run(self.store.seat_tokens, [table_id])
        decks = await self.store.run(self.store.seat_decks, table_id) if row.undealt else {}
        try:
            if row.undealt:
                _check_version(row, load_game(row.game_id))
                state: State | None = None
            else:
                state = rebuild_state(row, actions)
        except TableError:
            raise
        except Exception as err:  # the stored game no longer replays (rules changed under it)
            raise TableError(409, "unplayable", f"table {table_id} cannot be rebuilt with this version of "
                                                f"{row.game_id}: {err}") from None
        table = LiveTable(row, load_game(row.game_id), state, tokens[table_id], now=self.clock(), decks=decks)
        if row.status != EXPIRED:  # an expired table is answered from the database, never kept
            self.tables[table_id] = table
        return table

    def _forget_if_idle(self, table: LiveTable) -> None:
        """Finished tables leave memory when nobody watches; they are reloaded on demand."""
        if table.status in CLOSED_STATUSES and not table.connections and table.bot_task is None:
            self.tables.pop(table.id, None)

    # --- seats ------------------------------------------------------------------------------------
    async def join(self, table_id: str, seat: int | None) -> tuple[int, str]:
        """Claim a free human seat (``seat`` or the first free one); returns (seat, its new token).

        The seat gets a fresh token: an invite link made for it earlier and never opened stops working,
        so a seat is never held by two people who do not know about each other. The creator's own seat
        (``row.creator_seat``) is never handed out here. Claims are serialized by the table's lock and
        committed with the new token in one transaction; ``connect`` checks a token again under the same
        lock, so an invite link opened while a Join takes its seat is refused, not shared.
        """
        table = await self.get(table_id)
        if table is None:
            raise TableError(404, "no_table", f"there is no table {table_id!r}")
        async with table.lock:
            seat = self._free_seat(table, seat, with_deck=False)
            token = new_token()
            await self._claim(table, seat, hash_token(token))
            return seat, token

    def _free_seat(self, table: LiveTable, seat: int | None, with_deck: bool) -> int:
        """The seat a Join takes (``seat`` or the first free one that fits): TableError when none fits.

        While the table is undealt a seat in ``deck_seats`` is taken only with a deck and every other
        seat only without one; ``seat=None`` picks the first free seat of the kind the request is."""
        if table.status == "finished":
            self._forget_if_idle(table)
            raise TableError(409, "finished", "this game is over; there is no seat to join")
        if table.status == EXPIRED:
            raise TableError(409, EXPIRED, "this table expired; there is no seat to join")
        joinable = joinable_seats(table.row)
        free = [s for s in table.human_seats() if s not in table.claimed and s in joinable]
        waiting = table.needs_deck()
        if seat is None:
            fitting = [s for s in free if (s in waiting) == with_deck]
            if fitting:
                return fitting[0]
            if with_deck:
                raise TableError(409, "no_deck_seat", "no free seat at this table takes a deck now"
                                 + (f"; join seat {free[0]} without one" if free else "; watch it instead"))
            if free:
                raise TableError(422, "deck_needed", f"the free seat(s) {free} choose their deck on joining: send "
                                                     f"'deck' (a ready deck) or 'saved_deck' (one of yours)")
            raise TableError(409, "no_free_seat", "no human seat at this table is free to join (each is taken or "
                                                  "kept for its invite link); watch it instead")
        if not 0 <= seat < table.row.players:
            raise TableError(422, "bad_seat", f"seat must be between 0 and {table.row.players - 1}, not {seat}")
        if table.row.seats[seat] != HUMAN:
            raise TableError(409, "seat_is_bot", f"seat {seat} is played by a bot ({table.row.seats[seat]})"
                                                 + (f"; free human seats: {free}" if free else ""))
        if seat not in table.claimed and seat not in joinable:
            whose = "the table's creator" if seat == table.row.creator_seat else "the player its invite link was sent to"
            raise TableError(409, "seat_reserved", f"seat {seat} is kept for {whose}"
                                                   + (f"; free human seats: {free}" if free else
                                                      "; the host can open it to anyone"))
        if seat not in free:
            raise TableError(409, "seat_taken", f"seat {seat} is already taken"
                                                + (f"; free human seats: {free}" if free else ""))
        if with_deck and seat not in waiting:
            raise TableError(409, "no_deck_wanted", f"seat {seat} does not choose its deck on joining"
                             + (" (the table is dealt)" if table.dealt else "") + "; join it without a deck")
        if not with_deck and seat in waiting:
            raise TableError(422, "deck_needed", f"seat {seat} chooses its deck on joining: send 'deck' (a ready "
                                                 f"deck) or 'saved_deck' (one of yours)")
        return seat

    async def join_with_deck(self, table_id: str, seat: int | None, deck: Any) -> tuple[int, str]:
        """Claim a seat that chooses its deck on joining, with ``deck`` (a value of the game's deck option,
        already checked by the game's validator); returns (seat, its token).

        Under the table lock: the seat is checked, and when this is the last deck missing the game is dealt
        from the table's seed and the decks (a deal the game refuses is a 422 and changes nothing); then
        the claim, the deck and the deal are committed in one transaction before anyone is told. Two
        racing joins for one seat: the lock (and, across processes, the conditional update of the
        stored claim) lets exactly one win; the other gets 409 ``seat_taken``.
        """
        table = await self.get(table_id)
        if table is None:
            raise TableError(404, "no_table", f"there is no table {table_id!r}")
        async with table.lock:
            seat = self._free_seat(table, seat, with_deck=True)
            decks = {**table.decks, seat: deck}
            token = new_token()
            await self._commit_decks(table, decks, {seat: hash_token(token)}, seat)
            return seat, token

    async def _hosted(self, table_id: str, admin_token: str, what: str) -> LiveTable:
        """The table, for a request only its host may make (404 for no such table, 403 for another token)."""
        table = await self.get(table_id)
        if table is None:
            raise TableError(404, "no_table", f"there is no table {table_id!r}")
        if not token_matches(admin_token, table.row.admin_token_hash):
            raise TableError(403, "forbidden", f"only the table's host (its admin token) may {what}")
        return table

    async def open_seat(self, table_id: str, seat: int, admin_token: str) -> LiveTable:
        """The host (admin token) opens an unclaimed invited seat to anyone: Join may then hand it out (with
        a new token, so the invite link sent earlier stops working once someone joins)."""
        table = await self._hosted(table_id, admin_token, "open a seat")
        async with table.lock:
            if table.status in CLOSED_STATUSES:
                raise TableError(409, table.status, f"this table is {table.status}; there is no seat to open")
            if not 0 <= seat < table.row.players or table.row.seats[seat] != HUMAN:
                raise TableError(422, "bad_seat", f"seat {seat} is not a human seat of this table")
            if seat in table.claimed:
                raise TableError(409, "seat_taken", f"seat {seat} is already taken")
            if seat == table.row.creator_seat:
                raise TableError(409, "seat_reserved", f"seat {seat} is your own seat as the table's creator; "
                                                       f"open it with your invite link")
            if seat not in joinable_seats(table.row):
                opened = tuple(sorted({*(table.row.open_seats or ()), seat}))
                await self.store.run(self.store.set_open_seats, table.id, opened)
                table.row = replace(table.row, open_seats=opened)
            return table

    async def set_hints(self, table_id: str, enabled: bool, admin_token: str) -> LiveTable:
        """The host (admin token) turns hints on or off for every seat; each connection gets a new ``hello``
        with the table summary, so every seat sees the setting."""
        table = await self._hosted(table_id, admin_token, "turn hints on or off")
        async with table.lock:
            if table.status in CLOSED_STATUSES:
                raise TableError(409, table.status, f"this table is {table.status}")
            if table.row.hints != enabled:
                await self.store.run(self.store.set_hints, table.id, enabled)
                table.row = replace(table.row, hints=enabled)
            summary = table.summary()
            for conn in list(table.connections):
                conn.send(frames.dumps(frames.hello_frame(conn.seat, summary, table.row.game_id)))
            return table

    async def deal(self, table_id: str, admin_token: str) -> dict[int, str]:
        """The host deals now: every seat still waiting for its deck gets a ready deck drawn from the seed
        (``facets.drawn_ready_deck``) and becomes an ordinary seat that Join hands out without a deck.
        Returns nothing secret: the seats so filled, with the word ``drawn``."""
        from .facets import drawn_ready_deck

        table = await self.get(table_id)
        if table is None:
            raise TableError(404, "no_table", f"there is no table {table_id!r}")
        if not token_matches(admin_token, table.row.admin_token_hash):
            raise TableError(403, "forbidden", "only the table's host (its admin token) may deal")
        async with table.lock:
            if table.status in CLOSED_STATUSES:
                raise TableError(409, table.status, f"this table is {table.status}")
            if table.dealt:
                raise TableError(409, "dealt", "this table is dealt already")
            missing = table.needs_deck()
            fills = {s: drawn_ready_deck(table.row.game_id, table.row.seed, s) for s in missing}
            await self._commit_decks(table, {**table.decks, **fills}, {}, None, fills)
            return {s: "drawn" for s in fills}

    async def _commit_decks(self, table: LiveTable, decks: dict[int, Any], new_hashes: dict[int, str],
                            seat: int | None, fills: dict[int, Any] | None = None) -> None:
        """Store a seat's deck (and its claim) and, once every seat has one, the deal (under the table lock)."""
        from .facets import deck_option

        claimed = table.claimed | set(new_hashes)
        state: State | None = None
        if len(decks) == table.row.players:
            options = {**table.row.options, deck_option(table.row.game_id): [decks[s] for s in range(table.row.players)]}
            try:
                state = table.game.new_game(seed=table.row.seed, players=table.row.players, options=options)
            except SetupError as err:
                raise TableError(422, "bad_deck", f"the game cannot be dealt with this deck: {err}") from None
        status = "waiting" if state is None or any(s not in claimed for s in table.human_seats()) else (
            "finished" if state.is_terminal else "playing")
        dealt = (dict(state.options), dict(fills or {})) if state is not None else None
        try:
            await self.store.run(self.store.join_with_deck, table.id, seat, new_hashes.get(seat) if seat is not None
                                 else None, decks.get(seat) if seat is not None else None, status, dealt)
        except SeatTaken:
            raise TableError(409, "seat_taken", "that seat was just taken by someone else") from None
        table.decks = decks
        table.claimed = claimed
        table.token_hashes.update(new_hashes)
        table.last_active = self.clock()
        table.status = status
        if state is not None:
            table.row = replace(table.row, options=dict(state.options), undealt=False)
            table.state = state
            summary = table.summary()
            await self._auto_moves(table)
            for conn in list(table.connections):  # the summary now says dealt; the first real state follows
                conn.send(frames.dumps(frames.hello_frame(
                    conn.seat, summary, table.row.game_id,
                    table.prefs_of(conn.seat).public() if conn.seat is not None else None)))
        self._kick_bots(table)
        self._broadcast(table)

    async def _claim(self, table: LiveTable, seat: int, token_hash: str | None) -> None:
        """Mark ``seat`` claimed (under the table lock); start the game if it was the last free seat."""
        claimed = table.claimed | {seat}
        status = "waiting" if not table.dealt else "finished" if table.state.is_terminal else (
            "waiting" if any(s not in claimed for s in table.human_seats()) else "playing")
        changed = status != table.status
        await self.writer.claim(table.id, seat, token_hash, status if changed else None)
        table.claimed = claimed
        table.last_active = self.clock()
        if token_hash is not None:
            table.token_hashes[seat] = token_hash
            self._revoke_others(table, seat, token_hash)
        if changed:
            table.status = status
            await self._auto_moves(table)
            self._kick_bots(table)
            self._broadcast(table)

    def _revoke_others(self, table: LiveTable, seat: int, token_hash: str) -> None:
        """Close at once every socket of ``seat`` opened with a token other than ``token_hash``."""
        for conn in list(table.connections):
            if conn.seat == seat and conn.token_hash != token_hash:
                table.connections.discard(conn)
                conn.send(frames.dumps(frames.error_frame(
                    "bad_token", f"seat {seat} was given to someone else; this link no longer opens it")))
                conn.close_soon(4403)

    async def _sync_status(self, table: LiveTable) -> None:
        status = table.status_now()
        if status != table.status:
            await self.store.run(self.store.set_status, table.id, status)
            table.status = status

    def seat_for_token(self, table: LiveTable, token: str) -> tuple[bool, int | None]:
        """(valid, seat): a seat token gives its seat; the admin token watches (seat ``None``)."""
        found: int | None = None
        for seat, stored in table.token_hashes.items():  # check all: time does not depend on the seat
            if token_matches(token, stored):
                found = seat
        if found is not None:
            return True, found
        return token_matches(token, table.row.admin_token_hash), None

    # --- connections ------------------------------------------------------------------------------
    async def connect(self, table: LiveTable, ws: WebSocket, token: str | None) -> Connection:
        """Attach a WebSocket; sends ``hello`` and the full state. Raises ``BadToken``."""
        seat: int | None = None
        if token:
            ok, seat = self.seat_for_token(table, token)
            if not ok:
                raise BadToken()
        async with table.lock:
            if seat is not None and not token_matches(token or "", table.token_hashes.get(seat)):
                raise BadToken()  # a Join gave the seat a new token while this socket waited for the lock
            if seat is not None and seat not in table.claimed and table.status not in CLOSED_STATUSES:
                await self._claim(table, seat, None)  # broadcasts if the table starts
            conn = Connection(ws, table, seat, table.token_hashes.get(seat) if seat is not None else None)
            conn.send(frames.dumps(frames.hello_frame(seat, table.summary(), table.row.game_id,
                                                      table.prefs_of(seat).public() if seat is not None else None)))
            if not table.dealt:
                conn.send(frames.dumps(frames.undealt_frame(table.needs_deck(), table.status)))
                table.connections.add(conn)
                return conn
            log_now = table.seat_log(seat)
            conn.send(frames.dumps(frames.state_frame(
                table.state, seat, seq=table.seq, log_start=0, thinking=table.thinking, status=table.status, log=log_now)))
            conn.log_sent = len(log_now)
            table.connections.add(conn)
        return conn

    async def disconnect(self, conn: Connection) -> None:
        table = conn.table
        table.connections.discard(conn)
        await conn.finish()
        self._forget_if_idle(table)

    # --- actions ----------------------------------------------------------------------------------
    async def handle_frame(self, conn: Connection, text: str) -> None:
        """Handle one client frame; a refusal goes back to this connection only and changes nothing."""
        if len(text) > frames.MAX_FRAME_BYTES or len(text.encode("utf-8")) > frames.MAX_FRAME_BYTES:
            return self._refuse(conn, "too_large", f"frames are limited to {frames.MAX_FRAME_BYTES} bytes")
        try:
            frame = parse_client_frame(text)
        except ValueError as err:
            return self._refuse(conn, "malformed", str(err))
        if isinstance(frame, PingFrame):
            conn.send(frames.PONG)
            return None
        if isinstance(frame, PrefsFrame):
            return await self._set_prefs(conn, frame)
        if isinstance(frame, HintFrame):
            return await self._hint(conn, frame.seq)
        try:
            action = Action.from_dict(frame.action)
        except IllegalActionError as err:
            return self._refuse(conn, "malformed", f"bad action: {err.message}")
        if conn.seat is None:
            return self._refuse(conn, "wrong_seat", "you are watching this table; spectators cannot act")
        if action.player != conn.seat:
            return self._refuse(conn, "wrong_seat", f"you hold seat {conn.seat}; this action is for seat {action.player}")
        table = conn.table
        async with table.lock:
            if conn.closed or conn not in table.connections:
                return self._refuse(conn, "bad_token", "this connection no longer holds a seat")
            if frame.seq != table.seq:
                return self._refuse(conn, "stale", f"the table is at seq {table.seq}; your action answered seq "
                                                   f"{frame.seq} (use the latest state frame)")
            if table.status == "finished":
                return self._refuse(conn, "not_your_turn", "the game is over")
            if table.status == EXPIRED:
                return self._refuse(conn, EXPIRED, "this table expired")
            if table.status == "waiting":
                missing = [s for s in table.human_seats() if s not in table.claimed]
                return self._refuse(conn, "not_your_turn", f"the table is waiting for seat(s) "
                                                           f"{', '.join(map(str, missing))} to be taken")
            if table.state.to_act != conn.seat:
                return self._refuse(conn, "not_your_turn", f"it is seat {table.state.to_act}'s decision, not yours")
            try:
                await self._commit(table, action)
            except IllegalActionError as err:
                return self._refuse(conn, "illegal", err.message, err.rule)
            except StoreUnavailable as err:  # logged by the store, once per run of failures
                return self._refuse(conn, "internal", f"the server could not store your move ({err.reason}); "
                                                      f"nothing changed, try again in a moment")
            except Exception:
                log.exception("table %s: could not store an action", table.id)
                return self._refuse(conn, "internal", "the server could not store your action; nothing changed, "
                                                      "try again")
        return None

    # --- hints ------------------------------------------------------------------------------------
    async def _hint(self, conn: Connection, seq: int) -> None:
        """A seat asks for a hint at its decision ``seq``: refused unless hints are on and it is that seat's
        decision; answered from the seat's last hint when it asked at this decision already; refused while
        its hint is being computed (one in flight per seat); else computed in the bot pool."""
        table = conn.table
        seat = conn.seat
        if seat is None:
            return self._refuse(conn, "wrong_seat", "you are watching this table; only a seat can ask for a hint")
        async with table.lock:
            if conn.closed or conn not in table.connections:
                return self._refuse(conn, "bad_token", "this connection no longer holds a seat")
            if not table.row.hints:
                return self._refuse(conn, "hints_off", "the table's host turned hints off for this table")
            if table.status != "playing" or not table.dealt:
                return self._refuse(conn, "not_your_turn", f"there is no decision to hint at: the table is "
                                                           f"{table.status}")
            if seq != table.seq:
                return self._refuse(conn, "stale", f"the table is at seq {table.seq}; your hint asked about seq {seq}")
            if table.state.to_act != seat:
                return self._refuse(conn, "not_your_turn", f"a hint is for your own decision; it is seat "
                                                           f"{table.state.to_act}'s turn")
            given = table.hints_given.get(seat)
            if given is not None and given[0] == seq:
                conn.send(frames.dumps(hint_frame(seq, given[1])))
                return None
            if seat in table.hinting:
                return self._refuse(conn, "hint_busy", "your hint is being worked out; it arrives in a moment")
            view, decision = hint_input(table.state, seat)
            table.hinting.add(seat)
        spawn(self._compute_hint(table, seat, seq, view, decision))
        return None

    async def _compute_hint(self, table: LiveTable, seat: int, seq: int, view: dict[str, Any], decision: Any) -> None:
        payload: dict[str, Any] | None = None
        problem = "the hint could not be worked out; try again"
        try:
            payload = await self.bots.hint(table.row.game_id, table.row.seed, seat, seq, view, decision, HINT_SECONDS)
        except asyncio.CancelledError:
            table.hinting.discard(seat)
            raise
        except MoveTimeout:
            problem = "the hint took too long to work out (the server is busy); try again"
        except BotFailed as err:
            log.warning("table %s: hint for seat %d failed (%s)", table.id, seat, err)
        except Exception:
            log.exception("table %s: hint for seat %d failed", table.id, seat)
        async with table.lock:
            table.hinting.discard(seat)
            if table.seq != seq:
                return  # the decision is gone: the hint is of no use any more
            targets = [c for c in table.connections if c.seat == seat and not c.closed]
            if payload is None:
                for conn in targets:
                    self._refuse(conn, "hint_failed", problem)
                return
            table.hints_given[seat] = (seq, payload)
            text = frames.dumps(hint_frame(seq, payload))
            for conn in targets:
                conn.send(text)

    def _refuse(self, conn: Connection, reason: str, message: str, rule: str | None = None) -> None:
        conn.send(frames.dumps(frames.error_frame(reason, message, rule)))

    async def _commit(self, table: LiveTable, action: Action) -> None:
        """Apply ``action`` (under the table lock): check, commit, swap the state in, take the auto-pass
        moves that follow (``_auto_moves``), tell everyone.

        Raises ``IllegalActionError`` (nothing changed) if the action is not legal.
        """
        await self._store_move(table, action)
        await self._auto_moves(table)
        self._kick_bots(table)
        self._broadcast(table)

    async def _store_move(self, table: LiveTable, action: Action) -> None:
        """Check ``action``, commit it to the database, then swap the new state in (under the table lock)."""
        new_state = table.state.clone()
        new_state.apply(action)  # raises before anything is stored
        status = "finished" if new_state.is_terminal else None
        await self.writer.append(table.id, table.seq, action.to_dict(), status)
        table.state = new_state
        table.last_active = self.clock()
        if status is not None:
            table.status = status

    MAX_AUTO_MOVES = 2000  # in one go: far more than any game's run of pass windows

    async def _auto_moves(self, table: LiveTable) -> int:
        """Take, one by one, every decision auto-pass takes for a human seat now (under the table lock).

        Each auto move is an ordinary engine action, stored like any other before anyone is told; the
        seat's own next ``state`` frame lists it under ``auto``. A move that cannot be stored stops the run
        (the person is then asked as usual). Returns how many moves were taken."""
        taken = 0
        presentation = None
        while taken < self.MAX_AUTO_MOVES and not self._stopping and table.dealt and table.status == "playing":
            state = table.state
            decision, seat = state.decision, state.to_act
            if decision is None or seat is None or table.row.seats[seat] != HUMAN:
                break
            prefs = table.prefs_of(seat)
            if prefs.pass_until is not None and presentation is None:
                presentation = autopass.presentation_for(table.row.game_id)
            action, after = autopass.choose(
                decision, prefs, table.pass_kinds, view=lambda: state.view(seat),
                log_len=lambda: len(table.seat_log(seat)), presentation=presentation)
            if after != prefs:
                await self._store_prefs(table, seat, after)
            if action is None:
                break
            seq = table.seq
            try:
                await self._store_move(table, action)
            except Exception:
                log.exception("table %s: could not take the auto-pass move of seat %d; asking instead", table.id, seat)
                break
            taken += 1
            notes = table.auto_sent.setdefault(seat, [])
            notes.append({"seq": seq, "decision": decision.kind, "prompt": decision.prompt, "action": action.to_dict()})
            del notes[:-100]
            if after.pass_until == "event":
                table.prefs[seat] = autopass.after_move(after, len(table.seat_log(seat)))
        return taken

    async def _store_prefs(self, table: LiveTable, seat: int, prefs: autopass.SeatPrefs) -> None:
        """Store a seat's stops with the table, then tell that seat's connections (``prefs`` frame)."""
        stored = {s: p.to_dict() for s, p in {**table.prefs, seat: prefs}.items()}
        await self.store.run(self.store.set_seat_prefs, table.id, stored)
        table.prefs[seat] = prefs
        table.row = replace(table.row, seat_prefs=stored)
        text = frames.dumps(frames.prefs_frame(seat, prefs.public()))
        for conn in list(table.connections):
            if conn.seat == seat:
                conn.send(text)

    async def _set_prefs(self, conn: Connection, frame: PrefsFrame) -> None:
        """A ``prefs`` frame: the seat turns full control on/off or starts/cancels a pass-until mode."""
        if conn.seat is None:
            return self._refuse(conn, "wrong_seat", "you are watching this table; spectators have no stops to set")
        seat, table = conn.seat, conn.table
        async with table.lock:
            if conn.closed or conn not in table.connections:
                return self._refuse(conn, "bad_token", "this connection no longer holds a seat")
            if table.status in CLOSED_STATUSES:
                return self._refuse(conn, table.status, f"this table is {table.status}")
            old = table.prefs_of(seat)
            given = frame.model_fields_set
            full = frame.full_control if "full_control" in given and frame.full_control is not None else old.full_control
            mode = frame.pass_until if "pass_until" in given else old.pass_until
            mark = old.mark if mode == old.pass_until and "pass_until" not in given else ()
            if mode is not None and not mark and table.dealt:
                mark = autopass.start_mark(mode, table.state.view(seat), len(table.seat_log(seat)),
                                           autopass.presentation_for(table.row.game_id))
            new = autopass.SeatPrefs(full_control=full, pass_until=mode, mark=tuple(mark))
            try:
                await self._store_prefs(table, seat, new)
            except Exception:
                log.exception("table %s: could not store the stops of seat %d", table.id, seat)
                return self._refuse(conn, "internal", "the server could not store that setting; nothing changed, "
                                                      "try again")
            if await self._auto_moves(table):
                self._kick_bots(table)
                self._broadcast(table)
        return None

    def _broadcast(self, table: LiveTable) -> None:
        """Queue a ``state`` frame for every connection, each built from that connection's seat.

        An undealt table sends every connection the same frame (which seats still need a deck), and with
        the game's first ``state`` frame after the deal a ``hello`` with the new table summary."""
        if not table.dealt:
            waiting = frames.dumps(frames.undealt_frame(table.needs_deck(), table.status))
            for conn in list(table.connections):
                conn.send(waiting)
            return
        state = table.state
        auto, table.auto_sent = table.auto_sent, {}  # each seat's own auto moves go to that seat only
        per_seat: dict[int | None, tuple[dict[str, Any], list[dict[str, Any]]]] = {}
        texts: dict[tuple[int | None, int], str] = {}
        for conn in list(table.connections):
            seat = conn.seat
            if seat not in per_seat:
                per_seat[seat] = (state.view(seat), table.seat_log(seat))
            view, log_now = per_seat[seat]
            key = (seat, conn.log_sent)
            text = texts.get(key)
            if text is None:
                text = texts[key] = frames.dumps(frames.state_frame(
                    state, seat, seq=table.seq, log_start=conn.log_sent, thinking=table.thinking, status=table.status,
                    view=view, log=log_now, auto=auto.get(seat) if seat is not None else None))
            conn.send(text)
            conn.log_sent = len(log_now)

    # --- bots -------------------------------------------------------------------------------------
    def _kick_bots(self, table: LiveTable) -> None:
        """If a bot must act now, start computing its move (call under the table lock)."""
        if self._stopping or table.status != "playing" or table.bot_task is not None:
            return
        seat = table.state.to_act
        if seat is None or table.row.seats[seat] == HUMAN:
            return
        decision = table.state.decision
        assert decision is not None
        table.thinking = {seat}
        table.bot_task = asyncio.create_task(
            self._bot_turn(table, seat, table.seq, table.state.view(seat), decision))

    async def _bot_turn(self, table: LiveTable, seat: int, seq: int, view: dict[str, Any], decision: Any) -> None:
        spec = table.row.seats[seat]
        try:
            raw = await self.bots.move(spec, table.row.game_id, table.row.seed, seat, seq, view, decision,
                                       label=table.id)
            action: Action | None = Action.from_dict(raw)
        except asyncio.CancelledError:
            raise
        except MoveTimeout:  # logged by the runner, once
            action = None
        except BotFailed as err:
            log.warning("table %s: bot %s (seat %d) failed (%s); playing a fallback move", table.id, spec, seat, err)
            action = None
        except Exception:
            log.exception("table %s: bot %s (seat %d) failed; playing a random legal option", table.id, spec, seat)
            action = None
        async with table.lock:
            table.bot_task = None
            table.thinking.discard(seat)
            if table.seq != seq or table.status != "playing" or self._stopping:
                return
            if action is None or action not in decision.options:
                if action is not None:
                    log.error("table %s: bot %s (seat %d) chose %s, which is not legal", table.id, spec, seat, action)
                action = Rng(mix_seed(table.row.seed, "fallback", seat, seq)).choice(decision.options)
            try:
                await self._commit(table, action)
            except Exception as err:
                if not isinstance(err, StoreUnavailable):  # that one the store has logged, once
                    log.exception("table %s: could not store the move of bot seat %d; retrying", table.id, seat)
                self._broadcast(table)
                spawn(self._retry_bots(table))
        self._forget_if_idle(table)

    async def _retry_bots(self, table: LiveTable, delay: float = 1.0) -> None:
        await asyncio.sleep(delay)
        async with table.lock:
            self._kick_bots(table)
