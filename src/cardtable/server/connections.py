"""One WebSocket attached to a table, with its own outgoing queue.

Why a queue and a writer task per connection: a broadcast runs under the table's lock and must not
wait for the network, and one slow client must not hold up the others. Frames are queued (order kept)
and written by the connection's task; a client that stops reading is dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

from starlette.websockets import WebSocket

if TYPE_CHECKING:
    from .tables import LiveTable

log = logging.getLogger("cardtable.server")

SEND_QUEUE_LIMIT = 512  # frames waiting for one slow client before it is dropped

_background: set[asyncio.Task[Any]] = set()  # asyncio keeps only weak references to tasks


def spawn(coro: Any) -> asyncio.Task[Any]:
    """Start a fire-and-forget task and keep it alive until it ends."""
    task = asyncio.get_running_loop().create_task(coro)
    _background.add(task)
    task.add_done_callback(_background.discard)
    return task


class Connection:
    """One WebSocket attached to a table, as one seat (``None`` = spectator).

    Frames are queued and written by the connection's own task, so a slow client never holds up a
    table's lock or the other clients; ``log_sent`` is how much of this seat's log it already has.
    """

    def __init__(self, ws: WebSocket, table: "LiveTable", seat: int | None) -> None:
        self.ws = ws
        self.table = table
        self.seat = seat
        self.log_sent = 0
        self.closed = False
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._sender = asyncio.create_task(self._send_loop())

    def send(self, text: str) -> None:
        if self.closed:
            return
        if self._queue.qsize() >= SEND_QUEUE_LIMIT:
            log.warning("table %s: dropping a client that does not read its frames", self.table.row.id)
            self.closed = True
            self._queue.put_nowait(None)
            spawn(self._close(1008))
            return
        self._queue.put_nowait(text)

    async def _send_loop(self) -> None:
        try:
            while True:
                text = await self._queue.get()
                if text is None:
                    return
                await self.ws.send_text(text)
        except Exception:  # the client went away; the receive loop will notice too
            self.closed = True

    async def _close(self, code: int) -> None:
        with contextlib.suppress(Exception):
            await self.ws.close(code)

    async def finish(self) -> None:
        """Flush queued frames and stop the sender (called when the receive loop ends)."""
        self.closed = True
        self._queue.put_nowait(None)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._sender, timeout=5)
