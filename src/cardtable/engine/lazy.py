"""Mappings whose values are computed when first read: a seat's view, part by part.

Why: a bot reads a few parts of a view (the cards in hand, one card's effective value), but building the
whole view computes every effective characteristic of every card in play — most of a heuristic
bot's turn went there. ``CardState.lazy_view`` hands an in-process bot a ``Lazy`` mapping instead;
``CardState.view`` is that same mapping made into plain dicts (``materialize``), so the parts a bot
reads are exactly the parts of the full view — one code path, not two that could drift apart.

A ``Lazy`` mapping is a snapshot only while the state does not change: drivers read it between
being asked and applying the answer (the bot contract), never keep it.
"""

from __future__ import annotations

from typing import Any, Callable, Iterator, Mapping

Thunk = Callable[[], Any]


class Lazy(Mapping[str, Any]):
    """A read-only mapping of fixed keys (in order) whose values come from thunks, each called once."""

    __slots__ = ("_thunks", "_values")

    def __init__(self, thunks: Mapping[str, Thunk]) -> None:
        self._thunks = thunks
        self._values: dict[str, Any] = {}

    def __getitem__(self, key: str) -> Any:
        values = self._values
        if key in values:
            return values[key]
        value = values[key] = self._thunks[key]()  # KeyError for an unknown key, as a dict
        return value

    def get(self, key: str, default: Any = None) -> Any:
        if key in self._thunks:
            return self[key]
        return default

    def __contains__(self, key: object) -> bool:
        return key in self._thunks

    def __iter__(self) -> Iterator[str]:
        return iter(self._thunks)

    def __len__(self) -> int:
        return len(self._thunks)

    def __repr__(self) -> str:
        return f"Lazy({materialize(self)!r})"


class LazyRows(Lazy):
    """A ``Lazy`` mapping whose keys name rows: ``make(code)`` builds the value of the key with that code.

    For a view's many similar entries (its cards): one function, no thunk per entry."""

    __slots__ = ("_make",)

    def __init__(self, codes: Mapping[str, Any], make: Callable[[Any], Any]) -> None:
        super().__init__(codes)
        self._make = make

    def __getitem__(self, key: str) -> Any:
        values = self._values
        if key in values:
            return values[key]
        value = values[key] = self._make(self._thunks[key])
        return value


def materialize(value: Any) -> Any:
    """``value`` with every ``Lazy`` mapping in it (at any depth of dicts and lists) made a plain dict."""
    if isinstance(value, Lazy):
        return {k: materialize(value[k]) for k in value}
    if type(value) is dict:
        return {k: materialize(v) for k, v in value.items()}
    if type(value) is list:
        return [materialize(v) for v in value]
    return value


def shared(build: Callable[[], dict[str, Any]]) -> Callable[[str], Thunk]:
    """Thunks for several keys that one computation yields together (``build`` runs at most once)."""
    memo: list[dict[str, Any]] = []

    def part(key: str) -> Thunk:
        def thunk() -> Any:
            if not memo:
                memo.append(build())
            return memo[0][key]
        return thunk
    return part


__all__ = ["Lazy", "LazyRows", "materialize", "shared"]
