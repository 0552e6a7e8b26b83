"""The web table: lobby HTTP API, the WebSocket of docs/protocol.md, and the static browser client.

Why this module is thin: routes only translate HTTP/WebSocket to calls on the ``TableManager``
(tables.py), which owns every live table, and on the ``Store`` (store.py); the frames themselves are
built in frames.py. That keeps each rule of the protocol in exactly one place.
"""

from __future__ import annotations

import contextlib
import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any, AsyncIterator

from fastapi import FastAPI, Header, Query, Request, WebSocket
from fastapi.responses import FileResponse, HTMLResponse
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool

from ..core.state import RECORD_FORMAT
from ..registry import game_ids, list_games, load_game
from . import frames
from ..bots.base import DEFAULT_BOT_LIMITS, BotLimits
from .botrun import BotRunner, ExecutorKind
from .deckroutes import OWNER_HEADER, install_deck_routes
from .errors import install_error_handlers
from .facets import has_decks, presentation_of, ready_decks_of, seat_choices_of
from . import heavy_jobs
from .guard import Guard
from .health import install_health
from .heavy import HeavyWork
from .limits import RateLimiter
from .reports import install_reports
from .schemas import CreateTableBody, DealBody, HintsBody, JoinBody, error_responses
from .settings import ServerSettings
from .store import Store
from .tables import EXPIRED, BadToken, TableError, TableManager, table_summary
from .tokens import token_matches

if TYPE_CHECKING:
    from .cluster import ClusterSettings

log = logging.getLogger("cardtable.server")

DEFAULT_STATIC_DIR = Path(__file__).resolve().parent.parent / "web" / "static"

_NO_CLIENT_PAGE = """<!doctype html><meta charset="utf-8"><title>cardtable</title>
<h1>cardtable</h1><p>The browser client is not installed (no {missing}).
The API is running: see <a href="/api/tables">/api/tables</a> and <a href="/api/games">/api/games</a>.</p>"""


def create_app(db_url: str, *, static_dir: str | Path | None = None, bot_executor: ExecutorKind = "process",
               bot_workers: int | None = None, bot_limits: BotLimits = DEFAULT_BOT_LIMITS,
               bot_move_timeout: float | None = None, settings: ServerSettings | None = None,
               reports_dir: str | Path | None = "reports", cluster: "ClusterSettings | None" = None) -> FastAPI:
    """Build the server for the database at ``db_url`` (``sqlite:///file.db`` or ``postgresql+psycopg://…``).

    ``static_dir`` holds the browser client (default ``cardtable/web/static``); the server starts
    without it. Bots run in a process pool by default; ``bot_executor="thread"`` runs them in threads.
    ``bot_limits`` bounds the bots' budgets and ``bot_move_timeout`` each move (docs/web.md, "Bot limits").
    Costly requests (deck checks and imports, replays) run in worker processes, or threads with
    ``bot_executor="thread"`` (heavy.py). ``settings`` holds every other limit (docs/web.md, "Limits"); the default answers for ``localhost``
    and IP addresses only. ``reports_dir`` is the folder of finished balance reports served at
    ``/reports/`` (``None``: none). ``cluster`` makes the server one instance of a cluster on a shared
    PostgreSQL database (cluster/, docs/web.md "Scaling").
    """
    from . import install_token_redaction

    install_token_redaction()
    settings = settings or ServerSettings.load()
    bots = BotRunner(bot_executor, bot_workers, bot_limits, bot_move_timeout)
    manager: TableManager
    if cluster is None:
        store = Store(db_url)
        manager = TableManager(store, bots, settings)
    else:
        from .cluster import build

        store, manager = build(db_url, cluster, bots, settings)
    heavy = HeavyWork(bot_executor, settings.heavy_workers, settings.heavy_queue, settings.heavy_per_client,
                      settings.heavy_budget, settings.rate_window)
    static = Path(static_dir) if static_dir is not None else DEFAULT_STATIC_DIR
    create_limit = RateLimiter("new tables", settings.create_rate, settings.rate_window)
    refused_limit = RateLimiter("refused table creations", settings.create_refused_rate, settings.rate_window)
    join_limit = RateLimiter("joins", settings.join_rate, settings.rate_window)
    sockets_of: dict[str, int] = {}  # open WebSockets per client address

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        await manager.start()
        try:
            yield
        finally:
            await manager.stop()
            await run_in_threadpool(bots.close)
            heavy.close()
            await run_in_threadpool(store.close)

    app = FastAPI(title="cardtable", lifespan=lifespan, docs_url="/api/docs", openapi_url="/api/openapi.json",
                  redoc_url=None)
    app.state.store = store
    app.state.manager = manager
    app.state.settings = settings
    app.state.heavy = heavy
    install_error_handlers(app)
    install_health(app, manager)
    app.add_middleware(Guard, allowed_hosts=lambda: settings.allowed_hosts,
                       max_body_bytes=lambda: settings.max_body_bytes, max_header_bytes=lambda: settings.max_header_bytes)

    # --- lobby API ----------------------------------------------------------------------------
    @app.get("/api/games", responses=error_responses(422))
    async def games() -> list[dict[str, Any]]:
        from ..bots import BOT_KINDS

        return [{"id": g.id, "name": g.name, "min_players": g.min_players, "max_players": g.max_players,
                 "version": g.version, "bots": list(BOT_KINDS), "presentation": presentation_of(g.id) is not None,
                 "decks": has_decks(g.id), "seat_choices": bool(seat_choices_of(g.id)),
                 "renderer": renderer_for(g.id)} for g in list_games()]

    def renderer_for(game_id: str) -> str:
        """Which browser module draws the game: its own ``renderers/<id>.js``, else the shared card table
        when it declares a presentation, else the generic one (read by table.js)."""
        if (static / "renderers" / f"{game_id}.js").is_file():
            return game_id
        return "cardtable" if presentation_of(game_id) is not None else "generic"

    @app.get("/api/games/{game_id}/presentation", responses=error_responses(404, 422))
    async def game_presentation(game_id: str) -> dict[str, Any]:
        """How the game's table is drawn (``cardtable.engine.presentation``): read by the shared card-table
        renderer of the browser. 404 for a game that declares none (it is drawn by its own renderer)."""
        _known_game(game_id)
        declared = presentation_of(game_id)
        if declared is None:
            raise TableError(404, "no_presentation", f"{game_id} declares no presentation (its table is drawn by "
                                                     f"its own renderer or the generic one)")
        return declared

    @app.get("/api/games/{game_id}/decks", responses=error_responses(404, 422))
    async def game_decks(game_id: str) -> list[dict[str, Any]]:
        """The game's ready decks, one of which each seat may be given at table creation (``decks``);
        ``[]`` for a game without decks."""
        _known_game(game_id)
        return ready_decks_of(game_id)

    @app.get("/api/games/{game_id}/seat_choices", responses=error_responses(404, 422))
    async def game_seat_choices(game_id: str) -> list[dict[str, Any]]:
        """What each seat may pick at table creation besides its deck (``seat_choices``: key, label,
        default and choices); ``[]`` for a game with nothing more to pick."""
        _known_game(game_id)
        return seat_choices_of(game_id)

    def _known_game(game_id: str) -> None:
        if game_id not in game_ids():
            raise TableError(404, "no_game", f"there is no game {game_id!r}; known games: {', '.join(game_ids())}")

    @app.get("/api/games/{game_id}/cards", responses=error_responses(404, 422))
    async def game_cards(game_id: str) -> dict[str, Any]:
        """The game's public card catalog (``GameDefinition.card_catalog``), read by the browser renderer."""
        if game_id not in game_ids():
            raise TableError(404, "no_game", f"there is no game {game_id!r}; known games: {', '.join(game_ids())}")
        return load_game(game_id).card_catalog()

    @app.get("/api/games/{game_id}/rules", responses=error_responses(404, 422))
    async def game_rules(game_id: str) -> dict[str, Any]:
        """The game explained for a newcomer (``GameDefinition.how_to_play``): the "How to play" panel."""
        if game_id not in game_ids():
            raise TableError(404, "no_game", f"there is no game {game_id!r}; known games: {', '.join(game_ids())}")
        return load_game(game_id).how_to_play()

    saved_deck_options, join_deck = install_deck_routes(app, store, settings, client_address, heavy)

    @app.post("/api/tables", status_code=201, responses=error_responses(400, 401, 403, 404, 409, 413, 422, 429))
    async def create_table(body: CreateTableBody, request: Request,
                           x_deck_owner: str | None = Header(default=None, alias=OWNER_HEADER, max_length=200,
                                                             description="needed with 'saved_decks'")) -> dict[str, Any]:
        client = client_address(request)
        refused_limit.check(client)
        create_limit.hit(client)  # counted now, so that concurrent requests cannot pass the rate together
        try:
            custom = await saved_deck_options(body.game, body.players, body.saved_decks, x_deck_owner)
            table, admin_token, seat_tokens = await manager.create_table(
                game_id=body.game, players=body.players, seats=body.seats, options=body.options, seed=body.seed,
                name=body.name, practice=body.practice, client=client, decks=body.decks, custom_decks=custom,
                seat_choices=body.seat_choices, deck_seats=body.deck_seats, open_seats=body.open_seats,
                hints=body.hints)
        except TableError:  # a refused creation spends the (higher) allowance of refusals, not of tables
            create_limit.refund(client)
            refused_limit.hit(client)
            raise
        seats = []
        for seat, kind in enumerate(table.row.seats):
            entry: dict[str, Any] = {"seat": seat, "kind": kind}
            if seat in seat_tokens:
                entry["token"] = seat_tokens[seat]
                entry["invite_url"] = invite_url(table.id, seat_tokens[seat])
            elif seat in table.row.deck_seats:  # no token: the seat is had by joining with a deck
                entry["deck_on_join"] = True
                entry["join_url"] = f"/?join={table.id}&seat={seat}"
            seats.append(entry)
        return {"table_id": table.id, "admin_token": admin_token, "seats": seats, "practice": table.row.practice,
                "creator_seat": table.row.creator_seat, "watch_url": f"/table/{table.id}?watch=1"}

    @app.get("/api/tables", responses=error_responses(422))
    async def list_tables(status: str | None = Query(default=None, pattern="^(waiting|playing|finished|expired)$"),
                          limit: int = Query(default=200, ge=1, le=1000)) -> list[dict[str, Any]]:
        rows = await store.run(store.list_tables, limit, status)
        tokens = await store.run(store.seat_tokens, [r.id for r in rows])
        return [table_summary(r, r.status, [t.seat for t in tokens[r.id] if t.claimed]) | {"watching": manager.watching(r.id)}
                for r in rows]

    @app.get("/api/tables/{table_id}", responses=error_responses(404, 422))
    async def get_table(table_id: str) -> dict[str, Any]:
        row = await _row(table_id)
        tokens = await store.run(store.seat_tokens, [table_id])
        return table_summary(row, row.status, [t.seat for t in tokens[table_id] if t.claimed])

    @app.post("/api/tables/{table_id}/join", responses=error_responses(400, 403, 404, 409, 413, 422, 429))
    async def join(table_id: str, request: Request, body: JoinBody | None = None,
                   x_deck_owner: str | None = Header(default=None, alias=OWNER_HEADER, max_length=200,
                                                     description="needed with 'saved_deck'")) -> dict[str, Any]:
        """Take a free seat; a seat that chooses its deck on joining needs ``deck`` or ``saved_deck``, checked
        by the game's validator before the seat is taken (the last one deals the game)."""
        join_limit.hit(client_address(request))
        body = body or JoinBody()
        if body.deck is None and body.saved_deck is None:
            seat, token = await manager.join(table_id, body.seat)
        else:
            table = await manager.get(table_id)
            if table is None:
                raise TableError(404, "no_table", f"there is no table {table_id!r}")
            deck = await join_deck(table.row.game_id, body.deck, body.saved_deck, x_deck_owner)
            seat, token = await manager.join_with_deck(table_id, body.seat, deck)
        return {"seat": seat, "token": token, "invite_url": invite_url(table_id, token)}

    @app.post("/api/tables/{table_id}/deal", responses=error_responses(400, 403, 404, 409, 413, 422))
    async def deal(table_id: str, body: DealBody) -> dict[str, Any]:
        """The host (admin token) deals a table still waiting for decks: each missing seat gets a ready deck
        drawn from the seed and is then joined without choosing one."""
        filled = await manager.deal(table_id, body.token)
        return {"table_id": table_id, "drawn": sorted(filled)}

    @app.post("/api/tables/{table_id}/seats/{seat}/open", responses=error_responses(400, 403, 404, 409, 413, 422))
    async def open_seat(table_id: str, seat: int, body: DealBody) -> dict[str, Any]:
        """The host (admin token) opens a seat kept for its invite link to anyone in the lobby (the friend did
        not come, say): Join may then hand it out. Answers the table's summary."""
        table = await manager.open_seat(table_id, seat, body.token)
        return table.summary()

    @app.post("/api/tables/{table_id}/hints", responses=error_responses(400, 403, 404, 409, 413, 422))
    async def set_hints(table_id: str, body: HintsBody) -> dict[str, Any]:
        """The host (admin token) turns hints on or off for every seat; every seat sees the change in the
        table summary (a new ``hello`` frame). Answers the table's summary."""
        table = await manager.set_hints(table_id, body.enabled, body.token)
        return table.summary()

    @app.get("/api/tables/{table_id}/record", responses=error_responses(403, 404, 409, 422))
    async def record(table_id: str, token: str = Query(default="", max_length=200)) -> dict[str, Any]:
        """The whole game with its seed: hidden information, so nobody (not even the admin token) gets it
        before the game is over."""
        row = await _row(table_id)
        if row.status != "finished":
            raise TableError(409, "not_finished", "the record (with the seed and every hidden card) is available "
                                                  "once the game is over, to its admin and seat tokens")
        allowed = bool(token) and token_matches(token, row.admin_token_hash)
        if not allowed and token:
            tokens = await store.run(store.seat_tokens, [table_id])
            allowed = any(token_matches(token, t.token_hash) for t in tokens[table_id])
        if not allowed:
            raise TableError(403, "forbidden", "pass ?token= with the table's admin token or a seat token")
        actions = await store.run(store.actions, table_id)
        game_record: dict[str, Any] = {
            "format": RECORD_FORMAT, "game": row.game_id, "version": row.game_version,
            "card_sets": row.card_sets, "players": row.players, "options": row.options, "seed": row.seed,
            "actions": actions,
        }
        if row.card_set_hashes:
            game_record["card_set_hashes"] = row.card_set_hashes
        return game_record

    @app.get("/api/tables/{table_id}/replay", responses=error_responses(404, 409, 422, 429, 503))
    async def replay(table_id: str, request: Request, seat: str = Query(default="all", max_length=8),
                     upto: int | None = Query(default=None, ge=0)) -> dict[str, Any]:
        row = await _row(table_id)
        if row.status != "finished":
            raise TableError(409, "not_finished", "replays are available once the game is over")
        actions = await store.run(store.actions, table_id)
        return await heavy.run(client_address(request), heavy_jobs.replay, row, actions, seat, upto)  # type: ignore[no-any-return]

    async def _row(table_id: str) -> Any:
        row = await store.run(store.get_table, table_id)
        if row is None:
            raise TableError(404, "no_table", f"there is no table {table_id!r}")
        return row

    # --- WebSocket ----------------------------------------------------------------------------
    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str, token: str | None = None,
                           watch: str | None = None) -> None:
        client = websocket.client.host if websocket.client else "unknown"
        await websocket.accept()
        cap = settings.max_sockets
        if cap and sockets_of.get(client, 0) >= cap:
            await _close_with(websocket, "too_many_sockets", f"your address already has {cap} table connections "
                                                             f"open; close some tabs and reload", 4429)
            return
        sockets_of[client] = sockets_of.get(client, 0) + 1
        try:
            await _serve_socket(websocket, table_id, token)
        finally:
            left = sockets_of.get(client, 1) - 1
            if left > 0:
                sockets_of[client] = left
            else:
                sockets_of.pop(client, None)

    async def _serve_socket(websocket: WebSocket, table_id: str, token: str | None) -> None:
        try:
            table = await manager.get(table_id)
        except TableError as err:
            await _close_with(websocket, err.code, err.message, 4503 if err.status == 503 else 4409)
            return
        if table is None:
            await _close_with(websocket, "not_found", f"there is no table {table_id!r}", 4404)
            return
        if table.status == EXPIRED:
            await _close_with(websocket, EXPIRED, "this table expired: nobody moved for too long; start a new one "
                                                  "from the lobby", 4410)
            return
        try:
            conn = await manager.connect(table, websocket, token or None)
        except BadToken:
            await _close_with(websocket, "bad_token", "this token opens no seat at this table; ask for a new "
                                                      "invite link or watch without a token", 4403)
            return
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:
                    raw = message.get("bytes") or b""
                    try:
                        text = raw.decode("utf-8")
                    except UnicodeDecodeError:
                        text = "\x00not utf-8"  # parsed as malformed below
                await manager.handle_frame(conn, text)
        except Exception:  # the socket broke; drop this connection only
            log.debug("table %s: connection ended", table_id, exc_info=True)
        finally:
            await manager.disconnect(conn)

    # --- the browser client -------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def index() -> Any:
        page = static / "index.html"
        if page.is_file():
            return FileResponse(page, media_type="text/html")
        return HTMLResponse(_NO_CLIENT_PAGE.format(missing=page))

    @app.get("/decks", include_in_schema=False)
    async def deck_builder_page() -> Any:
        page = static / "decks.html"
        if page.is_file():
            return FileResponse(page, media_type="text/html")
        return HTMLResponse(_NO_CLIENT_PAGE.format(missing=page))

    @app.get("/table/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> Any:
        page = static / "table.html"
        if page.is_file():
            return FileResponse(page, media_type="text/html")
        return HTMLResponse(_NO_CLIENT_PAGE.format(missing=page))

    if reports_dir is not None:
        install_reports(app, Path(reports_dir).resolve())

    if static.is_dir():
        app.mount("/static", StaticFiles(directory=static), name="static")
    else:
        log.warning("no browser client at %s; serving the API only", static)

    return app


def client_address(request: Request) -> str:
    """Who is asking, for per-client limits: the peer's address (uvicorn puts a trusted proxy's client here)."""
    return request.client.host if request.client else "unknown"


def invite_url(table_id: str, token: str) -> str:
    return f"/table/{table_id}?token={token}"


async def _close_with(websocket: WebSocket, reason: str, message: str, code: int) -> None:
    with contextlib.suppress(Exception):
        await websocket.send_text(frames.dumps(frames.error_frame(reason, message)))
        await websocket.close(code)


__all__ = ["create_app", "invite_url"]
