"""The web table server: lobby API, WebSocket play (docs/protocol.md) and the browser client.

``serve()`` is what ``cardtable serve`` and ``python -m cardtable.server`` run. The server is an
optional part of cardtable (``pip install 'cardtable[web]'``); the engine never imports it.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fastapi import FastAPI

    from ..bots.base import BotLimits

MAX_WS_MESSAGE = 1024 * 1024  # larger than the protocol's 16 KiB so that we can answer "too_large"


def create_app(db_url: str, **kwargs: Any) -> "FastAPI":
    """See :func:`cardtable.server.app.create_app` (imported lazily: FastAPI is an optional extra)."""
    from .app import create_app as _create_app

    return _create_app(db_url, **kwargs)


class _RedactTokens(logging.Filter):
    """Seat and admin tokens travel in URLs (``?token=``); keep them out of the server's logs."""

    _TOKEN = re.compile(r"(token=)[^&\s\"']+")

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(self._TOKEN.sub(r"\1…", a) if isinstance(a, str) else a for a in record.args)
        if isinstance(record.msg, str) and "token=" in record.msg:
            record.msg = self._TOKEN.sub(r"\1…", record.msg)
        return True


def serve(host: str = "127.0.0.1", port: int = 8000, db_url: str = "sqlite:///cardtable.db",
          log_level: str = "info", *, bot_limits: "BotLimits | None" = None, bot_move_timeout: float | None = None,
          bot_workers: int | None = None) -> None:
    """Run the server until interrupted, printing the URL to open.

    Raises ``ServeError`` (one line to show, before anything was printed) when the database cannot
    be used, the port cannot be had, or the bot settings contradict each other.
    """
    import uvicorn

    from ..bots.base import DEFAULT_BOT_LIMITS
    from .botrun import default_move_timeout
    from .startup import ServeError, bind_listener, check_database

    limits = bot_limits or DEFAULT_BOT_LIMITS
    if bot_move_timeout is not None and not bot_move_timeout > limits.max_seconds:
        raise ServeError(f"--bot-move-timeout ({bot_move_timeout:g} s) must be longer than --bot-max-seconds "
                         f"({limits.max_seconds:g} s), the largest time budget a bot may have; leave it out to get "
                         f"{default_move_timeout(limits):g} s")
    check_database(db_url)
    sock = bind_listener(host, port)
    app = create_app(db_url, bot_limits=limits, bot_move_timeout=bot_move_timeout, bot_workers=bot_workers)
    config = uvicorn.Config(app, host=host, port=port, ws_max_size=MAX_WS_MESSAGE, log_level=log_level,
                            timeout_graceful_shutdown=5)  # configures uvicorn's loggers
    for name in ("uvicorn.access", "uvicorn.error"):
        logging.getLogger(name).addFilter(_RedactTokens())
    shown = f"[{host}]" if ":" in host else host
    print(f"cardtable table: http://{shown}:{port}/", flush=True)
    uvicorn.Server(config).run(sockets=[sock])


__all__ = ["create_app", "serve"]
