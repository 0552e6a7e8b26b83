"""``python -m cardtable`` runs the command-line interface."""

from .cli import main

main()
