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
) -> None:
    """Start the web table (lobby, tables, bots) and print the URL to open."""
    with boundary():
        try:
            from ..server import serve  # imported here: the web extra is optional
            from ..server.startup import ServeError
        except ImportError as err:
            raise UserError(f"the web table needs the web extra: pip install 'cardtable[web]' ({err.name} is missing)")
        from ..bots.base import BotLimits

        try:
            serve(host=host, port=port, db_url=db, bot_limits=BotLimits(bot_max_iterations, bot_max_seconds),
                  bot_move_timeout=bot_move_timeout)
        except ServeError as err:
            raise UserError(str(err)) from None
