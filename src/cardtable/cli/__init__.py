"""The ``cardtable`` command: list games, play in the terminal, simulate bot matches, replay records.

Every command catches cardtable's own errors (and unreadable files) at its boundary and prints one red
line to stderr with exit code 2; a traceback means a bug (see :mod:`.common`). Game-specific wording
lives in :mod:`cardtable.tui`, so this package stays the same for every game.

One module per command group; this one only builds the typer ``app`` and registers the commands, in
the order ``cardtable --help`` lists them.
"""

from __future__ import annotations

import typer

from .help import Command, Group
from .cards import cards_cmd
from .decks import deck_app, decks_cmd
from .info import games_cmd, rules_cmd
from .play import play_cmd
from .replay import replay_cmd
from .serve import serve_cmd
from .simulate import simulate_cmd

app = typer.Typer(
    name="cardtable",
    help="Rules-enforced card games: play against bots, simulate bot matches, replay saved games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
    cls=Group,
)

app.command("serve", cls=Command)(serve_cmd)
app.command("games", cls=Command)(games_cmd)
app.command("rules", cls=Command)(rules_cmd)
app.command("cards", cls=Command)(cards_cmd)
app.command("decks", cls=Command)(decks_cmd)
app.add_typer(deck_app, name="deck", cls=Group)
app.command("play", cls=Command)(play_cmd)
app.command("replay", cls=Command)(replay_cmd)
app.command("simulate", cls=Command)(simulate_cmd)


def main() -> None:
    """Entry point of the ``cardtable`` script and of ``python -m cardtable``."""
    app()


__all__ = ["app", "main"]
