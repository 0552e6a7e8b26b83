"""Request bodies of the lobby API, validated by pydantic; unknown fields are refused.

Refusing unknown fields (``extra="forbid"``) turns a typo such as ``"player": 4`` into an error that
names the field, instead of a silently ignored setting.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class CreateTableBody(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: str = Field(min_length=1, max_length=64, description="game id, one of GET /api/games")
    players: int = Field(ge=1, le=16)
    seats: list[str] = Field(min_length=1, max_length=16,
                             description='one kind per seat: "human" or a bot spec ("random", "ismcts:200")')
    options: dict[str, Any] | None = None
    seed: int | None = Field(default=None, ge=0, lt=2**63)
    name: str | None = Field(default=None, max_length=100)


class JoinBody(BaseModel):
    model_config = ConfigDict(extra="forbid")

    seat: int | None = Field(default=None, ge=0)


class ErrorDetail(BaseModel):
    code: str = Field(description="machine-readable reason, e.g. no_table, bad_seat, invalid_request")
    message: str = Field(description="a sentence saying what to change")


class ErrorBody(BaseModel):
    """Every 4xx/5xx answer of the API: one shape, documented in the OpenAPI schema for each route."""

    error: ErrorDetail


_ERROR_MEANINGS = {
    400: "the body could not be read (not JSON, wrong encoding)",
    403: "the token does not allow this",
    404: "no such table or game",
    409: "the table's state does not allow this now",
    422: "the request is well-formed but its values are not acceptable; the message says which",
}


def error_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The ``responses=`` argument of a route that can answer with these error statuses."""
    return {status: {"model": ErrorBody, "description": _ERROR_MEANINGS[status]} for status in statuses}
