"""Events: the log of what happened, each with its own visibility.

An event is recorded once with who may see it. ``visible_to=None`` means everyone; otherwise only
the listed seats see ``data``, and the others see ``redacted`` if it is given (e.g. "seat 2 has
pointed") or nothing at all. Every log view (per seat, spectator, replay) is derived from this.
"""

from __future__ import annotations

from typing import Any, Iterable

EventData = dict[str, Any]


class Event:
    """One past-tense happening. Immutable by convention: clones share event objects."""

    __slots__ = ("kind", "data", "visible_to", "redacted")

    def __init__(
        self,
        kind: str,
        data: EventData,
        visible_to: frozenset[int] | None = None,
        redacted: EventData | None = None,
    ) -> None:
        self.kind = kind
        self.data = data
        self.visible_to = visible_to
        self.redacted = redacted

    def seen_by(self, seat: int | None) -> EventData | None:
        """The event as ``seat`` sees it (``None`` = spectator), or ``None`` if invisible to it."""
        if self.visible_to is None or (seat is not None and seat in self.visible_to):
            return {"kind": self.kind, **self.data}
        if self.redacted is not None:
            return {"kind": self.kind, **self.redacted}
        return None

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "data": self.data,
            "visible_to": None if self.visible_to is None else sorted(self.visible_to),
            "redacted": self.redacted,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Event":
        vis = d.get("visible_to")
        return cls(d["kind"], dict(d["data"]), None if vis is None else frozenset(vis), d.get("redacted"))


def log_for(events: Iterable[Event], seat: int | None) -> list[EventData]:
    """The log as ``seat`` may see it, in order."""
    out = []
    for event in events:
        seen = event.seen_by(seat)
        if seen is not None:
            out.append(seen)
    return out
