"""uvicorn's WebSocket protocol with a lingering close after a protocol failure (e.g. 1009, too big).

Why: when a client's message passes the size limit, websockets fails the connection with close code
1009 and uvicorn closes the TCP connection at once. A client still sending the rest of its message
(10 MB in 64 KB fragments, say) has data in flight; closing a socket with unread data makes the kernel
answer with a reset, and a reset throws away whatever the client had not read yet, the close frame
included, so the client saw a dropped connection instead of 1009. Here the server sends the close frame
and its end of the stream, then keeps reading and discarding for at most ``LINGER_SECONDS`` (or until
the client closes its side) before closing, as TCP's lingering close in HTTP servers does.
"""

from __future__ import annotations

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

LINGER_SECONDS = 2.0  # at most this long spent discarding a failed client's remaining bytes


class LingeringCloseProtocol(WebSocketsSansIOProtocol):
    """``WebSocketsSansIOProtocol`` whose close after a parser failure lets the close frame arrive."""

    def handle_parser_exception(self) -> None:
        if self.close_sent and self.close_timer is not None:
            return  # lingering: the parser discards what still arrives
        close = self.conn.close_sent
        if close is not None:
            self.queue.put_nowait({"type": "websocket.disconnect", "code": close.code, "reason": close.reason})
        output = self.conn.data_to_send()  # the close frame, then b"" for the end of our stream
        self.transport.write(b"".join(output))
        self.close_sent = True
        self.stop_keepalive()
        if output and output[-1] == b"" and self.transport.can_write_eof():
            self.transport.write_eof()
        # ``close_timer`` set also keeps run_asgi from closing the transport when the app returns
        self.close_timer = self.loop.call_later(LINGER_SECONDS, self.transport.close)

    def eof_received(self) -> None:
        if self.close_sent and self.close_timer is not None:  # the client is done sending: close now
            self.transport.close()


__all__ = ["LINGER_SECONDS", "LingeringCloseProtocol"]
