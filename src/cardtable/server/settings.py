"""Every limit of the web table in one place (docs/web.md, "Limits").

Why one pydantic object: a limit that lives as a constant in the module that enforces it cannot be
changed by whoever runs the server, nor listed in one table of the docs. ``ServerSettings`` is built
from defaults, then ``CARDTABLE_<NAME>`` environment variables, then ``--limit name=value`` flags of
``cardtable serve`` (later wins), and every value is checked strictly: a typo or a negative timeout is
refused with a message naming the setting, before the server starts.
"""

from __future__ import annotations

import json
import os
from typing import Any, Mapping

from pydantic import BaseModel, ConfigDict, Field, ValidationError

ENV_PREFIX = "CARDTABLE_"


class ServerSettings(BaseModel):
    """Limits and trust settings of one server; the defaults suit a server for friends on the internet."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    # --- who may talk to the server --------------------------------------------------------------
    allowed_hosts: tuple[str, ...] = Field(
        default=("localhost",),
        description="host names the server answers for (Host header, WebSocket Origin); IP addresses are "
                    "always accepted, since DNS rebinding needs a name")

    # --- rates, per client address ---------------------------------------------------------------
    create_rate: int = Field(default=10, ge=0, description="tables one client may create per rate window (0 = no limit)")
    create_refused_rate: int = Field(default=60, ge=0, description="refused table creations (a 4xx after the body "
                                                                   "was read) one client may make per rate window; "
                                                                   "they do not count against create_rate (0 = no limit)")
    join_rate: int = Field(default=30, ge=0, description="joins one client may make per rate window (0 = no limit)")
    deck_rate: int = Field(default=600, ge=0, description="deck-builder requests that check, import or change a "
                                                          "saved deck, per client per rate window (0 = no limit)")
    deck_owner_rate: int = Field(default=5, ge=0, description="deck owner tokens one client may get per rate window "
                                                              "(0 = no limit)")
    rate_window: float = Field(default=60.0, gt=0, description="seconds over which the rates count")

    # --- caps, per client address ----------------------------------------------------------------
    max_waiting_tables: int = Field(default=10, ge=0, description="tables one client may have waiting for players "
                                                          "at once (0 = no limit)")
    max_sockets: int = Field(default=32, ge=0, description="WebSockets one client may hold open at once (0 = no limit)")

    # --- costly requests (deck checks and imports, replays): worker processes, bounds, budget --------
    heavy_workers: int = Field(default=1, ge=1, description="worker processes for costly requests (deck checks and "
                                                            "imports, replays), never run on the event loop")
    heavy_queue: int = Field(default=16, ge=0, description="costly requests running or waiting at once, from everyone "
                                                           "(503 beyond; 0 = no limit)")
    heavy_per_client: int = Field(default=2, ge=0, description="costly requests one client may have running at once "
                                                               "(429 beyond; 0 = no limit)")
    heavy_budget: float = Field(default=20.0, ge=0, description="worker seconds of costly requests one client may "
                                                                "use per rate window (429 beyond; 0 = no limit)")

    # --- saved decks, per owner token ------------------------------------------------------------
    max_decks_per_owner: int = Field(default=100, ge=1, description="saved decks one owner token may keep")
    max_deck_cards: int = Field(default=250, ge=1, description="cards in one saved or checked deck, all sections")

    # --- requests --------------------------------------------------------------------------------
    max_body_bytes: int = Field(default=64 * 1024, ge=1024, description="largest HTTP request body (413 beyond)")
    header_timeout: float = Field(default=10.0, gt=0, description="seconds a client has to send a request's headers")
    body_timeout: float = Field(default=30.0, gt=0, description="seconds a client has to send a request's body")
    keep_alive_timeout: float = Field(default=5.0, gt=0, description="seconds an idle keep-alive connection stays open")
    max_header_bytes: int = Field(default=16 * 1024, ge=1024, description="largest request head (h11's incomplete-event limit)")

    # --- expiry ----------------------------------------------------------------------------------
    unjoined_ttl: float = Field(default=24 * 3600.0, gt=0, description="seconds a table may wait with no human seat "
                                                               "ever opened before it expires")
    idle_ttl: float = Field(default=7 * 24 * 3600.0, gt=0, description="seconds an unfinished table may go without a "
                                                               "move or a seat being taken before it expires")
    sweep_interval: float = Field(default=60.0, gt=0, description="seconds between two checks for expired tables")

    @classmethod
    def load(cls, overrides: Mapping[str, Any] | None = None, environ: Mapping[str, str] | None = None,
             base: "ServerSettings | None" = None) -> "ServerSettings":
        """``base`` (or the defaults), then ``CARDTABLE_*`` variables of ``environ``, then ``overrides``.

        Raises ``ValueError`` with a message naming the bad setting. Values given as text (from the
        environment or ``name=value`` flags) are read as JSON when they parse, so ``10`` is a number;
        a comma-separated ``allowed_hosts`` is a list.
        """
        environ = os.environ if environ is None else environ
        values: dict[str, Any] = dict(base.model_dump()) if base is not None else {}
        for name in cls.model_fields:
            raw = environ.get(ENV_PREFIX + name.upper())
            if raw is not None:
                values[name] = _from_text(name, raw)
        for name, value in (overrides or {}).items():
            if name not in cls.model_fields:
                known = ", ".join(cls.model_fields)
                raise ValueError(f"unknown limit {name!r}; known: {known}")
            values[name] = _from_text(name, value) if isinstance(value, str) else value
        try:
            return cls.model_validate(values)
        except ValidationError as err:
            problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in err.errors())
            raise ValueError(f"bad server setting: {problems}") from None

    def with_hosts(self, *hosts: str) -> "ServerSettings":
        """These settings with ``hosts`` added to ``allowed_hosts``."""
        merged = tuple(dict.fromkeys([*self.allowed_hosts, *(h.lower() for h in hosts)]))
        return self.model_copy(update={"allowed_hosts": merged})


def settings_from_flags(limits: list[str] | None, allowed_hosts: list[str] | None,
                        environ: Mapping[str, str] | None = None) -> ServerSettings:
    """``--limit name=value`` and ``--allowed-host name`` flags (over ``CARDTABLE_*`` variables).

    Raises ``ValueError`` naming the bad flag or setting.
    """
    overrides: dict[str, Any] = {}
    for item in limits or []:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise ValueError(f"bad --limit {item!r}: use name=value, e.g. --limit create_rate=20")
        overrides[name.strip()] = value.strip()
    settings = ServerSettings.load(overrides, environ)
    return settings.with_hosts(*(h.strip() for h in allowed_hosts or [] if h.strip()))


def _from_text(name: str, raw: str) -> Any:
    if name == "allowed_hosts":
        return tuple(h.strip().lower() for h in raw.split(",") if h.strip())
    try:
        return json.loads(raw)
    except ValueError:
        return raw


def describe_limits() -> str:
    """One line per setting (name, default, meaning): the ``--limit`` help and the docs' table."""
    lines = []
    for name, field in ServerSettings.model_fields.items():
        lines.append(f"{name} (default {field.default!r}): {field.description}")
    return "\n".join(lines)


__all__ = ["ENV_PREFIX", "ServerSettings", "describe_limits", "settings_from_flags"]
