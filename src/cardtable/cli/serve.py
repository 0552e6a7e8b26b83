"""``cardtable serve``: start the web table from the command line."""

from __future__ import annotations

from typing import Optional

import typer

from .common import UserError, boundary


def serve_cmd(
    host: str = typer.Option("127.0.0.1", help="Address to listen on (0.0.0.0 to let friends on your network in)."),
    port: int = typer.Option(8000, min=1, max=65535, help="Port to listen on."),
    db: str = typer.Option("sqlite:///cardtable.db", "--db",
                           help="Database URL: sqlite:///file.db (created on first start) or postgresql+psycopg://..."),
    bot_max_iterations: int = typer.Option(5000, min=1, help="Largest ismcts budget a table may ask for (iterations)."),
    bot_max_seconds: float = typer.Option(5.0, min=0.001, help="Largest ismcts time budget a table may ask for (s)."),
    bot_move_timeout: Optional[float] = typer.Option(
        None, min=0.001, help="Hard limit of one bot move (s); then a fallback move is played. "
                              "Default: 15, or twice --bot-max-seconds if that is more."),
    allowed_host: list[str] = typer.Option(
        [], "--allowed-host", metavar="NAME",
        help="A host name players use to reach the server (repeatable; IP addresses always work). Needed "
             "with --host 0.0.0.0 behind a DNS name. Env: CARDTABLE_ALLOWED_HOSTS=a,b."),
    reports: str = typer.Option("reports", "--reports", metavar="FOLDER",
                                help="Folder of finished balance reports (cardtable simulate --report) shown at /reports/."),
    limit: list[str] = typer.Option(
        [], "--limit", metavar="NAME=VALUE",
        help="Change one limit, e.g. --limit create_rate=20 (repeatable; env: CARDTABLE_<NAME>). "
             "The limits are listed in docs/web.md under 'Limits'."),
    instance_id: Optional[str] = typer.Option(
        None, "--instance-id", metavar="NAME", envvar="CARDTABLE_INSTANCE_ID",
        help="Run as one instance of a cluster sharing the PostgreSQL --db with others (a unique name); "
             "see docs/web.md, 'Scaling'."),
    lease_ttl: float = typer.Option(5.0, min=0.5, help="Cluster: seconds an instance counts as alive after its last "
                                                       "heartbeat; then its tables may be taken over."),
) -> None:
    """Start the web table (lobby, tables, bots) and print the URL to open."""
    with boundary():
        try:
            from ..server import serve  # imported here: the web extra is optional
            from ..server.settings import settings_from_flags
            from ..server.startup import ServeError
        except ImportError as err:
            raise UserError(f"the web table needs the web extra: pip install 'cardtable[web]' ({err.name} is missing)")
        from ..bots.base import BotLimits

        try:
            settings = settings_from_flags(limit, allowed_host)
        except ValueError as err:
            raise UserError(str(err)) from None
        try:
            serve(host=host, port=port, db_url=db, settings=settings,
                  bot_limits=BotLimits(bot_max_iterations, bot_max_seconds), bot_move_timeout=bot_move_timeout,
                  reports_dir=reports, instance_id=instance_id, lease_ttl=lease_ttl)
        except ServeError as err:
            raise UserError(str(err)) from None
