"""The server's front door: Host and Origin checks, cross-site refusals, body size and security headers.

Why an ASGI middleware rather than checks in each route: these rules hold for every request
(including static files and requests no route matches), and a body must be refused while it is being
received, before any route reads it into memory.

* **Host** (HTTP and WebSocket): a page of another site that resolves its own name to 127.0.0.1 (DNS
  rebinding) reaches the server with its own name in ``Host``; only the configured names and IP
  literals are answered.
* **Origin** (WebSocket) and **Origin / Sec-Fetch-Site** (POST and other unsafe methods): a browser
  names the page that made the request; anything but this server itself is refused. Clients that
  are not browsers send neither header and are not affected.
* **Head size**: the request line and headers are bounded too (a complete head passes h11's limit).
* **Body size**: a ``Content-Length`` over the limit is refused at once; a streamed (chunked) body is
  counted as it arrives and refused when it passes the limit, and the connection is closed.
* **HEAD** is answered for every resource GET answers (as GET, without the body).
* **Security headers** on every response: the client is same-origin scripts and styles only, is
  never framed, and never sends a ``Referer`` (seat tokens live in URLs).
"""

from __future__ import annotations

import ipaddress
import json
from typing import Any, Awaitable, Callable, Iterable
from urllib.parse import urlsplit

from starlette.exceptions import HTTPException as StarletteHTTPException

Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS: list[tuple[bytes, bytes]] = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
]
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def host_name(host_header: str) -> str:
    """The name part of a ``Host`` value (``Example.org:8000`` -> ``example.org``, ``[::1]:80`` -> ``::1``)."""
    value = host_header.strip().lower()
    if value.startswith("["):
        return value[1:].split("]", 1)[0]
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


def is_ip_literal(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def host_allowed(host_header: str, allowed: Iterable[str]) -> bool:
    """Whether the server answers for this ``Host``: an IP literal, or a configured name (``*`` = any)."""
    name = host_name(host_header)
    if not name:
        return False
    allowed = {a.lower() for a in allowed}
    return "*" in allowed or is_ip_literal(name) or name in allowed


def same_origin(origin: str, host_header: str) -> bool:
    """Whether a browser's ``Origin`` names the host and port the request was sent to."""
    if not origin or origin == "null":
        return False
    parts = urlsplit(origin)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return False
    netloc = parts.netloc.lower()
    host = host_header.strip().lower()
    default = {"http": ":80", "https": ":443"}[parts.scheme]
    return netloc == host or netloc + default == host or netloc == host + default


def _headers(scope: Scope) -> dict[str, str]:
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}


class Guard:
    """The middleware (wrap the whole app: ``Guard(app, settings)``)."""

    def __init__(self, app: ASGIApp, allowed_hosts: Callable[[], Iterable[str]], max_body_bytes: Callable[[], int],
                 max_header_bytes: Callable[[], int] = lambda: 16 * 1024) -> None:
        self.app = app
        self.allowed_hosts = allowed_hosts
        self.max_body_bytes = max_body_bytes
        self.max_header_bytes = max_header_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        head = len(scope.get("raw_path") or b"") + len(scope.get("query_string") or b"") + sum(
            len(k) + len(v) + 4 for k, v in scope.get("headers", []))
        if head > self.max_header_bytes():  # h11 bounds a head that arrives in pieces, not a whole one
            await self._refuse(scope, send, 431, "too_large",
                               f"the request line and headers are limited to {self.max_header_bytes()} bytes",
                               close=True)
            return
        headers = _headers(scope)
        host = headers.get("host", "")
        if not host_allowed(host, self.allowed_hosts()):
            shown = host_name(host) or "(none)"
            await self._refuse(scope, send, 400, "bad_host",
                               f"this server does not answer for the host {shown!r}; its operator can allow it "
                               f"with `cardtable serve --allowed-host {shown}`")
            return
        if kind == "websocket":
            origin = headers.get("origin")
            if origin is not None and not same_origin(origin, host):
                await self._refuse(scope, send, 403, "cross_site",
                                   f"WebSockets from another site ({origin}) are refused")
                return
            await self.app(scope, receive, send)
            return

        if scope["method"] not in SAFE_METHODS:
            fetch_site = headers.get("sec-fetch-site")
            origin = headers.get("origin")
            if (fetch_site is not None and fetch_site not in ("same-origin", "none")) or (
                    origin is not None and not same_origin(origin, host)):
                await self._refuse(scope, send, 403, "cross_site",
                                   "requests that change something must come from this server's own pages")
                return
        limit = self.max_body_bytes()
        length = headers.get("content-length")
        if length is not None and (not length.strip().isdigit() or int(length) > limit):
            await self._refuse(scope, send, 413, "too_large", f"request bodies are limited to {limit} bytes",
                               close=True)
            return
        send = _with_security_headers(send)
        if scope["method"] == "HEAD":  # RFC 9110: HEAD is GET without the body, for every resource
            scope, send = {**scope, "method": "GET"}, _without_body(send)
        await self.app(scope, _counting(receive, limit), send)

    @staticmethod
    async def _refuse(scope: Scope, send: Send, status: int, code: str, message: str, close: bool = False) -> None:
        if scope["type"] == "websocket":  # before accept: the handshake is answered with HTTP 403
            await send({"type": "websocket.close", "code": 1008, "reason": message[:120]})
            return
        body = json.dumps({"error": {"code": code, "message": message}}).encode()
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                   *SECURITY_HEADERS]
        if close:
            headers.append((b"connection", b"close"))
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})


def _counting(receive: Receive, limit: int) -> Receive:
    """``receive`` that refuses (HTTP 413, connection closed) a body growing past ``limit`` bytes."""
    seen = 0

    async def wrapped() -> Message:
        nonlocal seen
        message = await receive()
        if message["type"] == "http.request":
            seen += len(message.get("body", b""))
            if seen > limit:
                raise StarletteHTTPException(413, f"request bodies are limited to {limit} bytes",
                                             headers={"Connection": "close"})
        return message

    return wrapped


def _without_body(send: Send) -> Send:
    async def wrapped(message: Message) -> None:
        if message["type"] == "http.response.body":
            message = {**message, "body": b""}
        await send(message)

    return wrapped


def _with_security_headers(send: Send) -> Send:
    async def wrapped(message: Message) -> None:
        if message["type"] == "http.response.start":
            present = {k.lower() for k, _ in message.get("headers", [])}
            extra = [(k, v) for k, v in SECURITY_HEADERS if k not in present]
            message = {**message, "headers": [*message.get("headers", []), *extra]}
        await send(message)

    return wrapped


__all__ = ["CONTENT_SECURITY_POLICY", "Guard", "host_allowed", "host_name", "same_origin"]
