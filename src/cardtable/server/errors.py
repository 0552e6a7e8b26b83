"""HTTP errors as ``{"error": {"code", "message"}}`` with a 4xx status — never a traceback.

Why: the lobby is used by people (through the browser client) and by scripts; both need one stable
shape, a machine-readable ``code`` and a sentence saying what to change. FastAPI's own validation
errors are rewritten into that shape here.
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match

from .store import StoreUnavailable
from .tables import TableError

log = logging.getLogger("cardtable.server")

_STATUS_CODES = {400: "bad_request", 401: "unauthorized", 403: "forbidden", 404: "not_found",
                 405: "method_not_allowed", 409: "conflict", 413: "too_large", 422: "invalid_request",
                 429: "rate_limited", 431: "too_large"}


def error_response(status: int, code: str, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status, headers=headers)


def _field(loc: tuple[Any, ...]) -> str:
    parts = [str(p) for p in loc if p not in ("body", "query", "path")]
    return ".".join(parts)


def describe_validation(errors: list[dict[str, Any]]) -> str:
    """One readable sentence per problem, e.g. ``unknown field 'colour'; 'players' must be an integer``."""
    out = []
    for e in errors[:5]:
        field = _field(tuple(e.get("loc", ())))
        kind = e.get("type", "")
        if kind == "json_invalid":
            out.append(f"the body is not valid JSON ({e.get('ctx', {}).get('error', 'syntax error')})")
        elif kind == "extra_forbidden":
            out.append(f"unknown field {field!r}")
        elif kind in ("model_attributes_type", "dict_type", "model_type") and not field:
            out.append("the body must be a JSON object (sent with Content-Type: application/json)")
        elif kind == "missing":
            out.append(f"field {field!r} is required" if field else "a JSON body is required")
        elif field:
            out.append(f"{field!r}: {e.get('msg', 'invalid')}")
        else:
            out.append(str(e.get("msg", "invalid request")))
    if len(errors) > 5:
        out.append(f"and {len(errors) - 5} more")
    return "; ".join(out)


def _allowed_methods(request: Request) -> list[str]:
    """Every method some route of the app accepts at this request's path."""
    methods: set[str] = set()
    for route in request.app.router.routes:
        match, _ = route.matches(request.scope)
        if match != Match.NONE:
            methods |= set(getattr(route, "methods", None) or ())
    return sorted(methods)


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(RequestValidationError)
    async def _validation(_: Request, exc: RequestValidationError) -> JSONResponse:
        return error_response(422, "invalid_request", describe_validation(list(exc.errors())))

    @app.exception_handler(TableError)
    async def _table(_: Request, exc: TableError) -> JSONResponse:
        retry_after = getattr(exc, "retry_after", None)
        headers = {"Retry-After": str(retry_after)} if retry_after is not None else None
        return error_response(exc.status, exc.code, exc.message, headers)

    @app.exception_handler(StoreUnavailable)
    async def _store(_: Request, exc: StoreUnavailable) -> JSONResponse:  # logged by the store, once per burst
        return error_response(503, "unavailable", f"the server could not store this ({exc.reason}); nothing "
                                                  f"changed, try again in a moment", {"Retry-After": "5"})

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = _STATUS_CODES.get(exc.status_code, "error")
        message = exc.detail if isinstance(exc.detail, str) else code.replace("_", " ")
        if exc.status_code == 400 and isinstance(exc.__cause__, RecursionError):  # FastAPI's body parsing
            message = "the body nests arrays or objects too deeply"
        if exc.status_code == 404 and message == "Not Found":
            message = f"nothing at {request.url.path}; the API lives under /api (see /api/docs)"
        headers = dict(exc.headers or {})
        if exc.status_code == 405:
            # RFC 9110: a 405 lists every method the resource supports. Starlette only names the first
            # route that matched the path (e.g. POST of /api/tables, not its GET), so collect them all.
            headers["Allow"] = ", ".join(_allowed_methods(request))
        return error_response(exc.status_code, code, message, headers)

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error on %s %s", request.method, request.url.path)
        return error_response(500, "internal", "the server failed on this request; it has been logged")
