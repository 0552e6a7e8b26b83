"""Request bodies of the lobby API, validated by pydantic; unknown fields are refused.

Refusing unknown fields (``extra="forbid"``) turns a typo such as ``"player": 4`` into an error that
names the field, instead of a silently ignored setting.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

# Characters that reorder or hide the text around them (Trojan Source): a table name using them could
# show one thing and be another.
_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def check_display_text(value: str, what: str) -> str:
    """Refuse control characters and bidirectional overrides in text shown to other people."""
    for ch in value:
        if ch in _BIDI_CONTROLS:
            raise ValueError(f"{what} may not contain the bidirectional control character U+{ord(ch):04X}")
        if unicodedata.category(ch) in ("Cc", "Cf") and ch != "\u200d":  # ZWJ builds emoji; others hide text
            raise ValueError(f"{what} may not contain the control character U+{ord(ch):04X}")
    return value


class CreateTableBody(BaseModel):
    """``strict``: ``"players": "3"`` or ``"turn_cap": true`` is refused rather than converted."""

    model_config = ConfigDict(extra="forbid", strict=True)

    game: str = Field(min_length=1, max_length=64, description="game id, one of GET /api/games")
    players: int = Field(ge=1, le=16)
    seats: list[str] = Field(min_length=1, max_length=16,
                             description='one kind per seat: "human" or a bot spec ("random", "ismcts:200")')
    options: dict[str, Any] | None = None
    seed: int | None = Field(default=None, ge=0, lt=2**63,
                             description="only for a practice table (whoever picks the seed can know the deal)")
    practice: bool = Field(default=False, description="a practice table: a chosen seed is allowed, and "
                                                      "every seat is told")
    name: str | None = Field(default=None, max_length=100)
    decks: list[str | None] | None = Field(
        default=None, min_length=1, max_length=16,
        description="for a game with ready decks (GET /api/games/{id}/decks): one per seat, a ready deck's name "
                    "or stem, or null for one drawn from the seed")

    saved_decks: list[str | None] | None = Field(
        default=None, min_length=1, max_length=16,
        description="for a game with decks: one per seat, the id of a saved deck of the owner token sent in "
                    "X-Deck-Owner (GET /api/decks), or null for none (that seat's entry of 'decks' decides)")

    seat_choices: dict[str, list[str | None]] | None = Field(
        default=None, max_length=8,
        description="for a game with seat choices (GET /api/games/{id}/seat_choices): choice key -> one value "
                    "per seat, or null for the default (a card a seat brings besides its deck, say)")

    deck_seats: list[int] | None = Field(
        default=None, max_length=16,
        description="for a game with decks: human seats whose player chooses the deck when joining (POST "
                    "/api/tables/{id}/join with 'deck' or 'saved_deck'); the game is dealt when the last arrives")

    open_seats: list[int] | None = Field(
        default=None, max_length=16,
        description="human seats anyone who sees the lobby may take with Join (POST /api/tables/{id}/join); every "
                    "other human seat is kept for its invite link (the host can open it later). Never the "
                    "creator's own seat (the first human seat)")

    hints: bool = Field(default=True, description="seats may ask the server for a hint at their decision (the "
                                                  "strong bot's suggestion from that seat's view); the host can "
                                                  "turn this off later (POST /api/tables/{id}/hints)")

    @field_validator("deck_seats", "open_seats")
    @classmethod
    def _deck_seats_are_seats(cls, value: list[int] | None) -> list[int] | None:
        if any(not 0 <= s < 16 for s in value or []):
            raise ValueError("a seat number is from 0 to 15")
        return value

    @field_validator("seat_choices")
    @classmethod
    def _seat_choices_are_short(cls, value: dict[str, list[str | None]] | None) -> dict[str, list[str | None]] | None:
        for key, picks in (value or {}).items():
            if not 1 <= len(key) <= 40 or len(picks) > 16:
                raise ValueError("a seat choice key is 1 to 40 letters long, with at most 16 values")
            for pick in picks:
                if pick is not None and not 1 <= len(pick) <= 100:
                    raise ValueError("a seat choice value is 1 to 100 letters long (or null for the default)")
        return value

    @field_validator("saved_decks")
    @classmethod
    def _deck_ids_are_short(cls, value: list[str | None] | None) -> list[str | None] | None:
        for deck_id in value or []:
            if deck_id is not None and not 1 <= len(deck_id) <= 32:
                raise ValueError("a saved deck id is 1 to 32 letters long (or null)")
        return value

    @field_validator("decks")
    @classmethod
    def _deck_names_are_short(cls, value: list[str | None] | None) -> list[str | None] | None:
        for name in value or []:
            if name is not None and not 1 <= len(name) <= 100:
                raise ValueError("a deck name is 1 to 100 letters long (or null for a deck drawn from the seed)")
        return value

    @field_validator("name")
    @classmethod
    def _name_is_plain(cls, value: str | None) -> str | None:
        return None if value is None else check_display_text(value, "the table name")


class JoinBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    seat: int | None = Field(default=None, ge=0, le=1000)
    deck: str | None = Field(default=None, min_length=1, max_length=100,
                             description="for a seat that chooses its deck on joining: a ready deck's name or stem")
    saved_deck: str | None = Field(default=None, min_length=1, max_length=32,
                                   description="... or the id of a saved deck of the owner sent in X-Deck-Owner")


class DealBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    token: str = Field(min_length=1, max_length=200, description="the table's admin token (of POST /api/tables)")


class HintsBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    token: str = Field(min_length=1, max_length=200, description="the table's admin token (of POST /api/tables)")
    enabled: bool = Field(description="true: every seat may ask for hints; false: nobody may")


class ErrorDetail(BaseModel):
    code: str = Field(description="machine-readable reason, e.g. no_table, bad_seat, invalid_request")
    message: str = Field(description="a sentence saying what to change")


class ErrorBody(BaseModel):
    """Every 4xx/5xx answer of the API: one shape, documented in the OpenAPI schema for each route."""

    error: ErrorDetail


_ERROR_MEANINGS = {
    400: "the body could not be read (not JSON, wrong encoding)",
    401: "the request needs a token (a deck owner token in X-Deck-Owner) and has none",
    403: "the token does not allow this",
    404: "no such table, game or saved deck",
    409: "the table's state does not allow this now",
    413: "the request body is larger than the server's limit",
    429: "too many requests from this address, or too many tables waiting; see Retry-After",
    422: "the request is well-formed but its values are not acceptable; the message says which",
    503: "the server is too busy for this costly request now (deck checks, imports, replays); try again",
}


def error_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The ``responses=`` argument of a route that can answer with these error statuses."""
    return {status: {"model": ErrorBody, "description": _ERROR_MEANINGS[status]} for status in statuses}
