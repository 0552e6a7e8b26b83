"""One WebSocket attached to a table, with its own outgoing queue.

Why a queue and a writer task per connection: a broadcast runs under the table's lock and must not
wait for the network, and one slow client must not hold up the others. A frame the socket takes at
once is written directly; when a write has to wait, it and the frames after it (order kept) are
written by the connection's task; a client that stops reading is dropped.
"""

from __future__ import annotations

import asyncio
import collections
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

    A frame is written at once when nothing is waiting and the socket accepts it without waiting
    (the usual case: writing only fills the transport's buffer). Otherwise it is queued, in order, and
    written by a task of the connection's own, so a slow client never holds up a table's lock or the
    other clients; ``log_sent`` is how much of this seat's log it already has.
    """

    def __init__(self, ws: WebSocket, table: "LiveTable", seat: int | None, token_hash: str | None = None) -> None:
        self.ws = ws
        self.table = table
        self.seat = seat
        self.token_hash = token_hash  # the seat token this socket was opened with (revoked when it changes)
        self.log_sent = 0
        self.closed = False
        self._queue: collections.deque[str] = collections.deque()
        self._sender: asyncio.Task[None] | None = None  # set while a write waits for the network

    def send(self, text: str) -> None:
        if self.closed:
            return
        if self._sender is not None:  # a write is waiting: queue behind it, in order
            if len(self._queue) >= SEND_QUEUE_LIMIT:
                log.warning("table %s: dropping a client that does not read its frames", self.table.row.id)
                self.closed = True
                spawn(self._close(1008))
                return
            self._queue.append(text)
            return
        coro = self.ws.send_text(text)
        try:
            waiting = coro.send(None)  # run the write up to its first real wait, if any
        except StopIteration:
            return  # written (to the transport's buffer) without waiting
        except Exception:  # the client went away; the receive loop will notice too
            self.closed = True
            return
        self._sender = asyncio.get_running_loop().create_task(self._finish_write(coro, waiting))

    async def _finish_write(self, coro: Any, waiting: Any) -> None:
        """Drive a write that had to wait to its end, then write the frames queued meanwhile."""
        try:
            while True:
                try:
                    if waiting is None:  # a bare yield (sleep(0))
                        await asyncio.sleep(0)
                    else:
                        await asyncio.wait([waiting])
                except asyncio.CancelledError:  # the connection is being shut down
                    coro.close()
                    raise
                try:
                    waiting = coro.send(None)
                except StopIteration:
                    break
                except (Exception, asyncio.CancelledError):  # the client went away
                    self.closed = True
                    return
            while self._queue:
                await self.ws.send_text(self._queue.popleft())
        except Exception:  # the client went away; the receive loop will notice too
            self.closed = True
        finally:
            self._sender = None

    def close_soon(self, code: int) -> None:
        """Stop sending (after the frames already queued) and close the socket with ``code``."""
        if self.closed:
            return
        self.closed = True
        spawn(self._flush_and_close(code))

    async def _flush_and_close(self, code: int) -> None:
        sender = self._sender
        if sender is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(sender, timeout=5)
        await self._close(code)

    async def _close(self, code: int) -> None:
        with contextlib.suppress(Exception):
            await self.ws.close(code)

    async def finish(self) -> None:
        """Flush queued frames and stop sending (called when the receive loop ends)."""
        self.closed = True
        sender = self._sender
        if sender is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(sender, timeout=5)
