"""``python -m cardtable.server [--host H] [--port P] [--db URL] [bot limits]``: run the web table."""

from __future__ import annotations

import argparse
import os
import sys

from . import serve
from .settings import settings_from_flags


def main(argv: list[str] | None = None) -> None:
    from ..bots.base import DEFAULT_BOT_LIMITS, BotLimits
    from ..core import SetupError
    from .startup import ServeError

    parser = argparse.ArgumentParser(prog="python -m cardtable.server", description="Run the cardtable web table.")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument("--db", default="sqlite:///cardtable.db",
                        help="database URL: sqlite:///file.db (default sqlite:///cardtable.db) or "
                             "postgresql+psycopg://user@host/db")
    parser.add_argument("--log-level", default="info", choices=["critical", "error", "warning", "info", "debug"])
    parser.add_argument("--bot-max-iterations", type=int, default=DEFAULT_BOT_LIMITS.max_iterations,
                        help=f"largest ismcts budget a table may ask for (default {DEFAULT_BOT_LIMITS.max_iterations})")
    parser.add_argument("--bot-max-seconds", type=float, default=DEFAULT_BOT_LIMITS.max_seconds,
                        help=f"largest ismcts time budget in seconds (default {DEFAULT_BOT_LIMITS.max_seconds:g})")
    parser.add_argument("--bot-move-timeout", type=float, default=None,
                        help="hard limit of one bot move in seconds, then a fallback move is played "
                             "(default: 15, or twice --bot-max-seconds if that is more)")
    parser.add_argument("--allowed-host", action="append", default=[], metavar="NAME",
                        help="a host name players use to reach the server (repeatable; IP addresses always work)")
    parser.add_argument("--limit", action="append", default=[], metavar="NAME=VALUE",
                        help="change one limit (repeatable), e.g. --limit create_rate=20; see docs/web.md")
    parser.add_argument("--instance-id", default=os.environ.get("CARDTABLE_INSTANCE_ID") or None, metavar="NAME",
                        help="run as one instance of a cluster sharing the PostgreSQL --db with others "
                             "(unique name; env CARDTABLE_INSTANCE_ID); see docs/web.md, 'Scaling'")
    parser.add_argument("--lease-ttl", type=float, default=5.0,
                        help="cluster: seconds an instance counts as alive after its last heartbeat; then its "
                             "tables may be taken over (default 5)")
    args = parser.parse_args(argv)
    try:
        settings = settings_from_flags(args.limit, args.allowed_host)
    except ValueError as err:
        parser.exit(2, f"{parser.prog}: {err}\n")
    try:
        limits = BotLimits(args.bot_max_iterations, args.bot_max_seconds)
        serve(host=args.host, port=args.port, db_url=args.db, log_level=args.log_level, settings=settings,
              bot_limits=limits, bot_move_timeout=args.bot_move_timeout, instance_id=args.instance_id,
              lease_ttl=args.lease_ttl)
    except (ServeError, SetupError) as err:
        print(f"error: {err}", file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
