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


def install_token_redaction() -> None:
    """Add the token filter to uvicorn's loggers (once; filters survive uvicorn's logging set-up)."""
    for name in ("uvicorn.access", "uvicorn.error"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, _RedactTokens) for f in logger.filters):
            logger.addFilter(_RedactTokens())


def default_allowed_hosts(host: str) -> tuple[str, ...]:
    """The names a server bound to ``host`` answers for without ``--allowed-host``.

    IP addresses are always accepted (see guard.py); a wildcard bind also accepts this machine's
    own names, which is how friends on the same network usually reach it.
    """
    import socket

    names = ["localhost"]
    if host in ("0.0.0.0", "::", ""):
        names += [socket.gethostname().lower(), socket.getfqdn().lower()]
    elif not _is_ip(host):
        names.append(host.lower())
    return tuple(dict.fromkeys(names))


def _is_ip(host: str) -> bool:
    import ipaddress

    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def uvicorn_config(app: Any, host: str, port: int, settings: Any, log_level: str = "info") -> Any:
    """uvicorn's ``Config`` with the settings' timeouts and h11 limits, the head/body deadlines and the
    WebSocket protocol whose close after an oversized message reaches the client (wsclose.py)."""
    import uvicorn

    from .httpproto import DeadlineH11Protocol
    from .wsclose import LingeringCloseProtocol

    config = uvicorn.Config(app, host=host, port=port, ws_max_size=MAX_WS_MESSAGE, log_level=log_level,
                            timeout_graceful_shutdown=5, http=DeadlineH11Protocol, ws=LingeringCloseProtocol,
                            timeout_keep_alive=settings.keep_alive_timeout,  # type: ignore[arg-type]
                            h11_max_incomplete_event_size=settings.max_header_bytes)
    config.cardtable_header_timeout = settings.header_timeout  # type: ignore[attr-defined]
    config.cardtable_body_timeout = settings.body_timeout  # type: ignore[attr-defined]
    return config


def serve(host: str = "127.0.0.1", port: int = 8000, db_url: str = "sqlite:///cardtable.db",
          log_level: str = "info", settings: Any = None, *, bot_limits: "BotLimits | None" = None,
          bot_move_timeout: float | None = None, bot_workers: int | None = None,
          reports_dir: str | None = "reports", instance_id: str | None = None, lease_ttl: float = 5.0) -> None:
    """Run the server until interrupted, printing the URL to open.

    ``settings`` is a ``ServerSettings`` (default: from ``CARDTABLE_*`` variables); the names the
    server answers for always include ``default_allowed_hosts(host)``. Raises ``ServeError`` (one
    line to show, before anything was printed) when the database cannot be used, the port cannot be
    had, or the bot settings contradict each other.

    ``instance_id`` (opt-in) makes this server one instance of a cluster sharing the PostgreSQL
    database at ``db_url`` with others (docs/web.md, "Scaling"); ``lease_ttl`` is how long it counts as
    alive after its last heartbeat (then its tables may be taken over).
    """
    import uvicorn

    from ..bots.base import DEFAULT_BOT_LIMITS
    from .botrun import default_move_timeout
    from .settings import ServerSettings
    from .startup import ServeError, bind_listener, check_database

    limits = bot_limits or DEFAULT_BOT_LIMITS
    if bot_move_timeout is not None and not bot_move_timeout > limits.max_seconds:
        raise ServeError(f"--bot-move-timeout ({bot_move_timeout:g} s) must be longer than --bot-max-seconds "
                         f"({limits.max_seconds:g} s), the largest time budget a bot may have; leave it out to get "
                         f"{default_move_timeout(limits):g} s")
    settings = (settings or ServerSettings.load()).with_hosts(*default_allowed_hosts(host))
    cluster = cluster_settings(instance_id, lease_ttl, db_url)
    check_database(db_url)
    if cluster is not None:
        from .cluster.bus import InstanceTaken, check_instance_free

        try:
            check_instance_free(db_url, cluster.instance_id)
        except InstanceTaken as err:
            raise ServeError(str(err)) from None
    sock = bind_listener(host, port)
    app = create_app(db_url, settings=settings, bot_limits=limits, bot_move_timeout=bot_move_timeout,
                     bot_workers=bot_workers, reports_dir=reports_dir, cluster=cluster)
    config = uvicorn_config(app, host, port, settings, log_level)  # configures uvicorn's loggers
    install_token_redaction()
    shown = f"[{host}]" if ":" in host else host
    print(f"cardtable table: http://{shown}:{port}/", flush=True)
    uvicorn.Server(config).run(sockets=[sock])


def cluster_settings(instance_id: str | None, lease_ttl: float, db_url: str) -> Any:
    """The ``ClusterSettings`` of ``--instance-id`` (``None`` without one); ``ServeError`` when they cannot work."""
    from sqlalchemy.engine import make_url

    from .startup import ServeError

    if not instance_id:
        return None
    from .cluster import ClusterSettings

    try:
        backend = make_url(db_url).get_backend_name()
    except Exception:
        backend = ""
    if backend != "postgresql":
        raise ServeError("--instance-id makes this server one instance of a cluster, which shares a PostgreSQL "
                         "database: pass --db postgresql+psycopg://user@host/db")
    try:
        return ClusterSettings(instance_id, lease_ttl=lease_ttl, heartbeat=min(1.0, lease_ttl / 3))
    except ValueError as err:
        raise ServeError(str(err)) from None


__all__ = ["cluster_settings", "create_app", "serve"]
