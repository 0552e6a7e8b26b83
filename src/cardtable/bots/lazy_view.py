"""A seat's view, built only if a bot reads it.

Why: building ``state.view(seat)`` is the most expensive call of a bot's turn, and the random bot
never reads it. Drivers that call bots in-process (the simulator, the Gymnasium env) hand them this
instead of the dict; the bot contract is unchanged — a read-only mapping of the seat's view, as it
was when the bot was asked (the driver applies the bot's action only after ``act`` returns).
"""

from __future__ import annotations

from typing import Any, Iterator, Mapping

from ..core import State


class LazyView(Mapping[str, Any]):
    """``state.view(seat)``, built on first access."""

    __slots__ = ("_state", "_seat", "_view")

    def __init__(self, state: State, seat: int) -> None:
        self._state, self._seat = state, seat
        self._view: dict[str, Any] | None = None

    def _get(self) -> dict[str, Any]:
        if self._view is None:
            self._view = self._state.view(self._seat)
        return self._view

    def __getitem__(self, key: str) -> Any:
        return self._get()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())


__all__ = ["LazyView"]
