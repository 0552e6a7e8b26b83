"""A seat's view, built only if a bot reads it — and on a card game, only the parts it reads.

Why: building ``state.view(seat)`` is the most expensive call of a bot's turn, and the random bot
never reads it; a heuristic bot reads a few parts (a card game's ``lazy_view`` computes each part,
down to one card's effective value, when first read: ``cardtable.engine.lazy``). Drivers that call bots in-process (the simulator, the Gymnasium env) hand them this
instead of the dict; the bot contract is unchanged — a read-only mapping of the seat's view, as it
was when the bot was asked (the driver applies the bot's action only after ``act`` returns).
"""

from __future__ import annotations

from typing import Any, Iterator, Mapping

from ..core import State


class LazyView(Mapping[str, Any]):
    """``state.view(seat)``, built on first access (``state.lazy_view(seat)`` where the state has one)."""

    __slots__ = ("_state", "_seat", "_view")

    def __init__(self, state: State, seat: int) -> None:
        self._state, self._seat = state, seat
        self._view: Mapping[str, Any] | None = None

    def _get(self) -> Mapping[str, Any]:
        if self._view is None:
            lazy = getattr(self._state, "lazy_view", None)
            self._view = lazy(self._seat) if lazy is not None else self._state.view(self._seat)
        return self._view

    def __getitem__(self, key: str) -> Any:
        return self._get()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())


__all__ = ["LazyView"]
