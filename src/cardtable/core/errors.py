"""Errors the engine raises at its boundaries.

Every refusal carries the ID of the rule it enforces, so a person (or a log line) can look the rule
up instead of guessing why the engine said no.
"""

from __future__ import annotations


class CardtableError(Exception):
    """Base class: anything cardtable raises on purpose and a front-end may show as one line."""


class IllegalActionError(CardtableError):
    """An action that is not one of the current legal actions.

    ``rule`` is a rule ID from the game's rules document (or ``CORE-…`` for engine-level checks such as a
    malformed action); ``message`` is a sentence for the person who tried it. The state is unchanged.
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"[{rule}] {message}")
        self.rule = rule
        self.message = message


class CardDataError(CardtableError):
    """A card file that cannot be loaded; the message names the file, card and field."""


class SetupError(CardtableError):
    """A game that cannot be created as asked (player count, options, unknown game id)."""


class RecordError(CardtableError):
    """A saved record or snapshot that is malformed or does not reproduce."""
