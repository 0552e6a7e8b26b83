"""Secrets handed to players: seat tokens and the table's admin token.

Only a token's SHA-256 is ever stored, so a leaked database does not let anyone take a seat, and
tokens are compared with ``hmac.compare_digest`` so the time a check takes says nothing about how
much of a guess was right.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_token() -> str:
    """A fresh unguessable token (32 URL-safe characters, 192 bits)."""
    return secrets.token_urlsafe(24)


def new_table_id() -> str:
    """A short table id for URLs; not a secret (tables are listed in the lobby)."""
    return secrets.token_hex(5)


def hash_token(token: str) -> str:
    """The hex SHA-256 of ``token`` — what the database holds."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(token: str, stored_hash: str | None) -> bool:
    """Whether ``token`` hashes to ``stored_hash``, in constant time."""
    if stored_hash is None:
        return False
    return hmac.compare_digest(hash_token(token), stored_hash)
