"""``cardtable serve``: start the web table from the command line."""

from __future__ import annotations

from pathlib import Path
from typing import Optional, Sequence

import typer

from ..core.errors import CardDataError
from .common import UserError, boundary


def card_set_owner(path: Path) -> str:
    """The one card game whose schema accepts the set(s) at ``path`` (``serve --cards`` without ``GAME=``);
    a ``UserError`` naming each game's first complaint when none does, or the games when several do."""
    from ..registry import game_ids, load_game

    taken, why = [], []
    for game_id in game_ids():
        game = load_game(game_id)
        if not hasattr(game, "with_card_sets"):
            continue
        try:
            game.with_card_sets([path])
        except CardDataError as err:
            why.append(f"{game_id}: {str(err).splitlines()[0]}")
        else:
            taken.append(game_id)
    if len(taken) == 1:
        return taken[0]
    if not taken:
        raise UserError(f"--cards {path}: not a card set of any game ({'; '.join(why)})")
    raise UserError(f"--cards {path}: a set of {' and of '.join(taken)}; say which with --cards GAME={path}")


def load_server_cards(specs: Sequence[str]) -> dict[str, list[Path]]:
    """``--cards [GAME=]FILE_OR_DIR`` values loaded for the whole server (``registry.use_card_sets``)."""
    from ..registry import game_ids, use_card_sets

    by_game: dict[str, list[Path]] = {}
    for spec in specs:
        game_id, sep, raw = spec.partition("=")
        if not sep or game_id not in game_ids():
            game_id, raw = "", spec
        path = Path(raw)
        if not path.exists():
            raise UserError(f"--cards {raw}: no such card set file or directory")
        by_game.setdefault(game_id or card_set_owner(path), []).append(path)
    for game_id, paths in by_game.items():
        use_card_sets(game_id, paths)
    return by_game


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
    cards: list[str] = typer.Option(
        [], "--cards", metavar="[GAME=]FILE_OR_DIR",
        help="A custom card set for the lobby and deck builder (repeatable): a set file or a directory of them "
             "(its decks/ folder adds ready decks). The game is the one whose card format the file has; "
             "GAME= names it."),
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

        for game_id, paths in load_server_cards(cards).items():
            typer.echo(f"Custom card sets for {game_id}: {', '.join(map(str, paths))}")
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
