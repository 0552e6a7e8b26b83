"""``cardtable serve``: start the web table from the command line."""

from __future__ import annotations

import typer

from .common import UserError, boundary


def serve_cmd(
    host: str = typer.Option("127.0.0.1", help="Address to listen on (0.0.0.0 to let friends on your network in)."),
    port: int = typer.Option(8000, min=1, max=65535, help="Port to listen on."),
    db: str = typer.Option("sqlite:///cardtable.db", "--db",
                           help="Database URL: sqlite:///file.db (created on first start) or postgresql+psycopg://..."),
) -> None:
    """Start the web table (lobby, tables, bots) and print the URL to open."""
    with boundary():
        try:
            from ..server import serve  # imported here: the web extra is optional
        except ImportError as err:
            raise UserError(f"the web table needs the web extra: pip install 'cardtable[web]' ({err.name} is missing)")
        serve(host=host, port=port, db_url=db)
