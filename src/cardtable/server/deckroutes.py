"""The deck builder's HTTP API (docs/protocol.md, "Deck builder"): a game's deck format, live checks with
the game's own validator, text import, and saved decks kept per browser.

Why an owner token and not accounts: the builder is for friends at a table, so a browser gets an
unguessable token (``POST /api/deck-owners``) and keeps it in its local storage; the server stores
only its SHA-256 (``tokens.hash_token``) and finds a deck by its id *and* that hash, so an id alone
opens nothing and another owner's deck answers 404 exactly as a missing one does. The token travels in
the ``X-Deck-Owner`` header, never in a URL (no log, no history, no ``Referer`` holds it), and a custom
header cannot be sent by another site without a CORS preflight the server never grants; the Guard's
Origin / Sec-Fetch-Site checks refuse cross-site writes besides.

Nothing here names a game: everything goes through ``deckformat`` (the ``decklists`` facet and the
card catalog).
"""

from __future__ import annotations

from typing import Any, Callable

from fastapi import FastAPI, Header, Query, Request
from fastapi.responses import PlainTextResponse, Response
from pydantic import BaseModel, ConfigDict, Field, field_validator

from ..registry import game_ids
from .deckformat import (DeckFormat, DeckInputError, clean_sections, deck_format, deck_text, option_value,
                         problems_of, violations_json)
from . import heavy_jobs
from .facets import ready_deck_name
from .heavy import HeavyWork
from .limits import RateLimiter
from .schemas import check_display_text, error_responses
from .settings import ServerSettings
from .store import SavedDeckRow, Store, TooManyDecks, utcnow
from .tables import TableError
from .tokens import hash_token, new_table_id, new_token

OWNER_HEADER = "X-Deck-Owner"
MAX_TEXT_CHARS = 20_000

Sections = dict[str, dict[str, int]]


def _plain_name(value: str | None) -> str | None:
    if value is None:
        return None
    value = check_display_text(value, "the deck name").strip()
    if not value:
        raise ValueError("the deck name must not be blank")
    return value


class CheckDeckBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    name: str | None = Field(default=None, max_length=100)
    sections: Sections = Field(description="section name (GET /api/games/{id}/deck-format) -> {card id: copies}")

    @field_validator("name")
    @classmethod
    def _name_is_plain(cls, value: str | None) -> str | None:
        return _plain_name(value)


class SaveDeckBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    game: str = Field(min_length=1, max_length=64)
    name: str = Field(min_length=1, max_length=100)
    sections: Sections

    @field_validator("name")
    @classmethod
    def _name_is_plain(cls, value: str | None) -> str | None:
        return _plain_name(value)


class UpdateDeckBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    name: str | None = Field(default=None, min_length=1, max_length=100, description="a new name (rename)")
    sections: Sections | None = Field(default=None, description="the new card list, replacing the old one")

    @field_validator("name")
    @classmethod
    def _name_is_plain(cls, value: str | None) -> str | None:
        return _plain_name(value)


class CopyDeckBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    name: str | None = Field(default=None, min_length=1, max_length=100, description="default: 'Copy of …'")

    @field_validator("name")
    @classmethod
    def _name_is_plain(cls, value: str | None) -> str | None:
        return _plain_name(value)


class ImportTextBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    text: str = Field(max_length=MAX_TEXT_CHARS, description="'3 Card Name' lines, 'Section:' headers")


def install_deck_routes(app: FastAPI, store: Store, settings: ServerSettings, client_address: Callable[[Request], str],
                        heavy: HeavyWork) -> tuple[Callable[..., Any], Callable[..., Any]]:
    """Add the deck-builder routes to ``app``; returns ``saved_deck_options``, which the table route uses
    to turn the saved decks chosen for a new table into the game's deck option values, and ``join_deck``,
    which the join route uses for the deck a joiner brings. Checks and imports run in ``heavy``'s
    workers (heavy.py), counted against the client's budget."""
    deck_limit = RateLimiter("deck requests", settings.deck_rate, settings.rate_window)
    owner_limit = RateLimiter("deck owner tokens", settings.deck_owner_rate, settings.rate_window)

    def fmt_of(game_id: str) -> DeckFormat:
        if game_id not in game_ids():
            raise TableError(404, "no_game", f"there is no game {game_id!r}; known games: {', '.join(game_ids())}")
        fmt = deck_format(game_id)
        if fmt is None:
            raise TableError(404, "no_decks", f"{game_id} has no deck lists, so there is no deck to build")
        return fmt

    def clean(fmt: DeckFormat, sections: Sections) -> Sections:
        try:
            return clean_sections(fmt, sections, settings.max_deck_cards)
        except DeckInputError as err:
            raise TableError(422, "bad_deck", str(err)) from None

    async def owner_of(token: str | None) -> str:
        if not token:
            raise TableError(401, "no_owner", f"send your deck owner token in the {OWNER_HEADER} header "
                                              f"(POST /api/deck-owners gives one)")
        hashed = hash_token(token)
        if not await store.run(store.deck_owner_exists, hashed):
            raise TableError(403, "bad_owner", "this deck owner token is not known here; get a new one with "
                                               "POST /api/deck-owners")
        return hashed

    async def deck_of(owner: str, deck_id: str) -> SavedDeckRow:
        row = await store.run(store.get_deck, owner, deck_id)
        if row is None:
            raise TableError(404, "no_deck", f"you have no saved deck {deck_id!r}")
        return row

    def summary(row: SavedDeckRow) -> dict[str, Any]:
        fmt = deck_format(row.game_id)
        problems = problems_of(fmt, row.name, row.sections) if fmt is not None else []
        return {"id": row.id, "game": row.game_id, "name": row.name,
                "cards": {s: sum(p.values()) for s, p in row.sections.items()},
                "legal": fmt is not None and not problems, "updated": _iso(row.updated)}

    def full(row: SavedDeckRow) -> dict[str, Any]:
        fmt = deck_format(row.game_id)
        problems = problems_of(fmt, row.name, row.sections) if fmt is not None else []
        return {**summary(row), "sections": row.sections, "problems": violations_json(problems),
                "created": _iso(row.created)}

    # --- a game's format, checks and text lists (no owner needed) -----------------------------------
    @app.get("/api/games/{game_id}/deck-format", responses=error_responses(404, 422))
    async def game_deck_format(game_id: str) -> dict[str, Any]:
        """The sections of a deck of this game, the catalog field holding card titles, the ready decks as
        card lists (to start from), and the server's deck limits."""
        fmt = fmt_of(game_id)
        return {**fmt.to_dict(), "limits": {"max_cards": settings.max_deck_cards,
                                            "max_decks": settings.max_decks_per_owner, "max_name": 100}}

    @app.post("/api/games/{game_id}/deck-check", responses=error_responses(400, 403, 404, 413, 422, 429, 503))
    async def check_deck(game_id: str, body: CheckDeckBody, request: Request) -> dict[str, Any]:
        """Every deck rule the deck breaks, each with its rule ID (the validator of ``cardtable deck validate``)."""
        client = client_address(request)
        deck_limit.hit(client)
        fmt_of(game_id)
        return await heavy.run(client, heavy_jobs.check_deck, game_id, body.name or "deck", body.sections,  # type: ignore[no-any-return]
                               settings.max_deck_cards)

    @app.post("/api/games/{game_id}/deck-import", responses=error_responses(400, 403, 404, 413, 422, 429, 503))
    async def import_deck(game_id: str, body: ImportTextBody, request: Request) -> dict[str, Any]:
        """A text list read into sections (nothing is saved); a bad line is a 422 naming it by number."""
        client = client_address(request)
        deck_limit.hit(client)
        fmt_of(game_id)
        return await heavy.run(client, heavy_jobs.import_deck, game_id, body.text, settings.max_deck_cards)  # type: ignore[no-any-return]

    # --- owners and their saved decks --------------------------------------------------------------
    @app.post("/api/deck-owners", status_code=201, responses=error_responses(403, 429))
    async def new_owner(request: Request) -> dict[str, Any]:
        """A new deck owner token: keep it secret, it is the key to the decks saved with it."""
        owner_limit.hit(client_address(request))
        token = new_token()
        await store.run(store.insert_deck_owner, hash_token(token))
        return {"owner_token": token}

    owner_header = Header(default=None, alias=OWNER_HEADER, max_length=200,
                          description="the deck owner token of POST /api/deck-owners")

    @app.get("/api/decks", responses=error_responses(401, 403, 422))
    async def list_decks(game: str | None = Query(default=None, max_length=64),
                         x_deck_owner: str | None = owner_header) -> list[dict[str, Any]]:
        """Your saved decks (of one game with ``?game=``), most recently changed first."""
        owner = await owner_of(x_deck_owner)
        return [summary(r) for r in await store.run(store.list_decks, owner, game)]

    @app.post("/api/decks", status_code=201, responses=error_responses(400, 401, 403, 404, 409, 413, 422, 429))
    async def save_deck(body: SaveDeckBody, request: Request,
                        x_deck_owner: str | None = owner_header) -> dict[str, Any]:
        deck_limit.hit(client_address(request))
        owner = await owner_of(x_deck_owner)
        fmt = fmt_of(body.game)
        now = utcnow()
        row = SavedDeckRow(new_table_id() + new_table_id(), body.game, body.name, clean(fmt, body.sections), now, now)
        await insert(owner, row)
        return full(row)

    async def insert(owner: str, row: SavedDeckRow) -> None:
        try:
            await store.run(store.insert_deck, owner, row, settings.max_decks_per_owner)
        except TooManyDecks:
            raise TableError(409, "too_many_decks", f"you already keep {settings.max_decks_per_owner} saved decks; "
                                                    f"delete one before saving another") from None

    @app.get("/api/decks/{deck_id}", responses=error_responses(401, 403, 404, 422))
    async def get_deck(deck_id: str, x_deck_owner: str | None = owner_header) -> dict[str, Any]:
        return full(await deck_of(await owner_of(x_deck_owner), deck_id))

    @app.put("/api/decks/{deck_id}", responses=error_responses(400, 401, 403, 404, 413, 422, 429))
    async def update_deck(deck_id: str, body: UpdateDeckBody, request: Request,
                          x_deck_owner: str | None = owner_header) -> dict[str, Any]:
        """Rename the deck (``name``) and/or replace its cards (``sections``)."""
        deck_limit.hit(client_address(request))
        owner = await owner_of(x_deck_owner)
        row = await deck_of(owner, deck_id)
        fmt = fmt_of(row.game_id)
        name = body.name if body.name is not None else row.name
        sections = clean(fmt, body.sections) if body.sections is not None else row.sections
        now = utcnow()
        if not await store.run(store.update_deck, owner, deck_id, name, sections, now):
            raise TableError(404, "no_deck", f"you have no saved deck {deck_id!r}")
        return full(SavedDeckRow(row.id, row.game_id, name, sections, row.created, now))

    @app.post("/api/decks/{deck_id}/copy", status_code=201,
              responses=error_responses(400, 401, 403, 404, 409, 413, 422, 429))
    async def copy_deck(deck_id: str, request: Request, body: CopyDeckBody | None = None,
                        x_deck_owner: str | None = owner_header) -> dict[str, Any]:
        deck_limit.hit(client_address(request))
        owner = await owner_of(x_deck_owner)
        row = await deck_of(owner, deck_id)
        name = body.name if body is not None and body.name else f"Copy of {row.name}"[:100]
        now = utcnow()
        copy = SavedDeckRow(new_table_id() + new_table_id(), row.game_id, name, row.sections, now, now)
        await insert(owner, copy)
        return full(copy)

    @app.delete("/api/decks/{deck_id}", status_code=204, response_class=Response,
                responses=error_responses(401, 403, 404, 422, 429))
    async def delete_deck(deck_id: str, request: Request, x_deck_owner: str | None = owner_header) -> Response:
        deck_limit.hit(client_address(request))
        owner = await owner_of(x_deck_owner)
        if not await store.run(store.delete_deck, owner, deck_id):
            raise TableError(404, "no_deck", f"you have no saved deck {deck_id!r}")
        return Response(status_code=204)

    @app.get("/api/decks/{deck_id}/text",
             responses={200: {"content": {"text/plain": {"schema": {"type": "string"}}},
                              "description": "the deck as a text list"},
                        **error_responses(401, 403, 404, 422)})
    async def deck_as_text(deck_id: str, x_deck_owner: str | None = owner_header) -> PlainTextResponse:
        row = await deck_of(await owner_of(x_deck_owner), deck_id)
        return PlainTextResponse(deck_text(fmt_of(row.game_id), row.name, row.sections))

    # --- saved decks at a new table ----------------------------------------------------------------
    async def saved_deck_options(game_id: str, players: int, saved: list[str | None] | None,
                                 token: str | None) -> dict[int, Any] | None:
        """Seat -> the game's option value of the owner's saved deck chosen for it; a 422 naming the seat
        and every rule an illegal one breaks."""
        if saved is None or all(d is None for d in saved):
            return None
        if len(saved) != players:
            raise TableError(422, "bad_decks", f"'saved_decks' lists {len(saved)} deck(s) but 'players' is {players}: "
                                               f"give one per seat (null for none)")
        fmt = deck_format(game_id) if game_id in game_ids() else None
        if fmt is None:
            raise TableError(422, "no_decks", f"{game_id} has no decks to choose from; leave out 'saved_decks'")
        owner = await owner_of(token)
        out: dict[int, Any] = {}
        for seat, deck_id in enumerate(saved):
            if deck_id is None:
                continue
            row = await deck_of(owner, deck_id)
            if row.game_id != game_id:
                raise TableError(422, "bad_deck", f"seat {seat}: your deck {row.name!r} is a {row.game_id} deck")
            problems = problems_of(fmt, row.name, row.sections)
            if problems:
                said = "; ".join(f"{v.rule_id}: {v.message}" for v in problems[:8])
                raise TableError(422, "illegal_deck", f"seat {seat}: your deck {row.name!r} is not legal: {said}")
            out[seat] = option_value(fmt, row.name, row.sections)
        return out

    async def join_deck(game_id: str, ready: str | None, saved: str | None, token: str | None) -> Any:
        """The deck a joiner brings as the game's option value: a ready deck (``ready``, a name or stem) or a
        saved deck of the owner ``token`` (``saved``; another owner's answers 404 as a missing one),
        checked with the game's own validator: 422 ``illegal_deck`` listing each broken rule by its ID."""
        if ready is not None and saved is not None:
            raise TableError(422, "bad_decks", "bring either a ready deck ('deck') or a saved deck ('saved_deck'), "
                                               "not both")
        fmt = deck_format(game_id) if game_id in game_ids() else None
        if fmt is None:
            raise TableError(422, "no_decks", f"{game_id} has no decks to choose from; join without one")
        if ready is not None:
            name = ready_deck_name(game_id, ready)
            listed = next((r for r in fmt.ready if r["name"] == name), None)
            if listed is not None:
                _refuse_illegal(fmt, name, listed["sections"], "the ready deck")
            return name
        owner = await owner_of(token)
        row = await deck_of(owner, str(saved))
        if row.game_id != game_id:
            raise TableError(422, "bad_deck", f"your deck {row.name!r} is a {row.game_id} deck; this table plays "
                                              f"{game_id}")
        _refuse_illegal(fmt, row.name, row.sections, "your deck")
        return option_value(fmt, row.name, row.sections)

    return saved_deck_options, join_deck


def _refuse_illegal(fmt: DeckFormat, name: str, sections: Sections, whose: str) -> None:
    problems = problems_of(fmt, name, sections)
    if problems:
        said = "; ".join(f"{v.rule_id}: {v.message}" for v in problems[:8])
        raise TableError(422, "illegal_deck", f"{whose} {name!r} is not legal: {said}")


def _iso(value: Any) -> str:
    return str(value.isoformat()).replace("+00:00", "Z")


__all__ = ["OWNER_HEADER", "install_deck_routes"]
