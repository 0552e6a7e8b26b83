"""Actions (what a player chose) and decisions (what the engine is waiting for).

Both are small frozen values holding only ids and numbers, so they hash, compare by value, cross
process boundaries and serialise to JSON. Games pre-build their actions once, so listing the legal
actions on the hot path allocates nothing new.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Mapping

from .errors import IllegalActionError

Param = int | str | None
_ALLOWED_VALUE_TYPES = (int, str, type(None))


@dataclass(frozen=True, slots=True)
class Action:
    """A choice by ``player``: a ``kind`` plus a few named parameters, e.g. ``take slot=A2``."""

    player: int
    kind: str
    params: tuple[tuple[str, Param], ...] = ()

    def get(self, key: str, default: Param = None) -> Param:
        """The value of parameter ``key`` (or ``default``)."""
        for k, v in self.params:
            if k == key:
                return v
        return default

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"player": self.player, "kind": self.kind}
        d.update(self.params)
        return d

    @classmethod
    def from_dict(cls, data: Any) -> "Action":
        """Parse a JSON-like dict; anything malformed raises ``IllegalActionError`` (rule CORE-1)."""
        if not isinstance(data, Mapping):
            raise IllegalActionError("CORE-1", f"an action must be a mapping, not {type(data).__name__}")
        player, kind = data.get("player"), data.get("kind")
        if not isinstance(player, int) or isinstance(player, bool):
            raise IllegalActionError("CORE-1", "an action needs an integer 'player'")
        if not isinstance(kind, str) or not kind:
            raise IllegalActionError("CORE-1", "an action needs a non-empty string 'kind'")
        params = []
        for key in sorted(k for k in data if k not in ("player", "kind")):
            value = data[key]
            if not isinstance(key, str) or isinstance(value, bool) or not isinstance(value, _ALLOWED_VALUE_TYPES):
                raise IllegalActionError("CORE-1", f"action parameter {key!r} must be an int, a string or null")
            params.append((key, value))
        return cls(player, kind, tuple(params))

    def __str__(self) -> str:
        args = " ".join(f"{k}={v}" for k, v in self.params)
        return f"P{self.player} {self.kind}{' ' + args if args else ''}"


@lru_cache(maxsize=16384)
def shared_action(player: int, kind: str, params: tuple[tuple[str, Param], ...] = ()) -> Action:
    """``Action(player, kind, params)``, one object per value: an action is immutable, and the same few
    (a seat's pass, a pick of card 17) are listed at decision after decision, so rules that build options
    in a hot path take them from here instead of constructing them again (equal either way)."""
    return Action(player, kind, params)


@dataclass(frozen=True, slots=True)
class Decision:
    """The engine is waiting for ``player`` to pick one of ``options`` (never empty)."""

    player: int
    kind: str
    prompt: str
    options: tuple[Action, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "kind": self.kind,
            "prompt": self.prompt,
            "options": [a.to_dict() for a in self.options],
        }


# ``Decision``'s slot setters (its slots' member descriptors). The engine builds one decision per step
# (``CardState.ask``, the trigger windows) as ``object.__new__(Decision)`` with its four slots set by these:
# the same object as ``Decision(...)``, without the frozen dataclass's ``__init__`` and without
# ``object.__setattr__`` finding each slot by name (about 0.6 µs -> 0.35 µs a decision).
# (read from the class dict: on the class, a slot's name is its member descriptor, which type checkers do not model)
DECISION_SETTERS: tuple[Any, ...] = tuple(vars(Decision)[slot].__set__
                                          for slot in ("player", "kind", "prompt", "options"))
