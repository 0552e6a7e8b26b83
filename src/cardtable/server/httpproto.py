"""uvicorn's h11 protocol with deadlines for the request head and body (slow or half-sent requests).

Why: uvicorn closes a keep-alive connection that stays idle between requests, but a connection that
sends half a request line, or headers a byte a minute, is kept open for ever; enough of them fill the
process's file descriptors and new players get empty replies. Here every request must have its head
within ``header_timeout`` seconds of its first byte (or of the connection opening) and its body
within ``body_timeout`` seconds of the head, or the connection is closed. A WebSocket upgrade ends
the deadlines for good (the socket is then the table's business): uvicorn hands the transport to the
WebSocket protocol in the middle of ``data_received``, while h11 still believes the client is sending
the upgrade request's body, so every later look at h11's state must be skipped or it would arm the
body deadline again and close a live table socket ``body_timeout`` seconds later.
"""

from __future__ import annotations

import asyncio
from typing import Any

import h11
from uvicorn.config import Config
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import ServerState


class DeadlineH11Protocol(H11Protocol):
    """``H11Protocol`` plus the head/body deadlines (``config.cardtable_header_timeout`` and ``_body_timeout``)."""

    def __init__(self, config: Config, server_state: ServerState, app_state: dict[str, Any],
                 _loop: asyncio.AbstractEventLoop | None = None) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self.header_timeout: float = getattr(config, "cardtable_header_timeout", 10.0)
        self.body_timeout: float = getattr(config, "cardtable_body_timeout", 30.0)
        self._deadline: asyncio.TimerHandle | None = None
        self._deadline_for: str | None = None  # "head" or "body"
        self._upgraded = False  # the transport now belongs to a WebSocket protocol: no deadline applies

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm("head", self.header_timeout)

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._upgraded:  # not reached once the transport has a new protocol; kept as a guard
            return
        if self.conn.their_state is h11.IDLE and self._deadline is None:
            self._arm("head", self.header_timeout)  # the first byte of a further request on this connection
        super().data_received(data)
        self._follow_state()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._follow_state()

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        self._upgraded = True
        self._disarm()
        super().handle_websocket_upgrade(event)

    def _follow_state(self) -> None:
        """Move the deadline along with h11's view of the client's request."""
        if self._upgraded or self.transport.is_closing():
            self._disarm()
            return
        state = self.conn.their_state
        if state is h11.SEND_BODY:
            if self._deadline_for != "body":
                self._arm("body", self.body_timeout)
        elif state is h11.IDLE:
            if self._deadline_for == "body":
                self._disarm()
        else:  # DONE, MUST_CLOSE, CLOSED, ERROR, SWITCHED_PROTOCOL: nothing left to wait for
            self._disarm()

    def _arm(self, what: str, seconds: float) -> None:
        self._disarm()
        if self._upgraded:
            return
        self._deadline_for = what
        self._deadline = self.loop.call_later(seconds, self._expired)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
        self._deadline = None
        self._deadline_for = None

    def _expired(self) -> None:
        what = self._deadline_for
        self._deadline = None
        self._deadline_for = None
        if self._upgraded or self.transport.is_closing():
            return
        self.logger.info("closing a connection that did not send its request %s in time", what)
        if self.cycle is not None and not self.cycle.response_complete:
            self.cycle.disconnected = True
            self.cycle.message_event.set()
        self.transport.close()


__all__ = ["DeadlineH11Protocol"]
