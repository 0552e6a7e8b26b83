"""Per-client rate limits: how many tables or joins one address may make per window.

Why a sliding window of timestamps: it is exact (no burst of twice the rate at a window's edge),
the ``Retry-After`` it gives is the true wait, and it costs at most ``rate`` floats per active client.
Clients are told apart by their address as the server sees it (behind a reverse proxy, uvicorn's
``--forwarded-allow-ips`` makes that the real client's).
"""

from __future__ import annotations

import collections
import math
import time
from typing import Callable

from .tables import TableError


class RateLimited(TableError):
    """HTTP 429 with a ``Retry-After`` (seconds)."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(429, "rate_limited", message)
        self.retry_after = retry_after


class RateLimiter:
    """At most ``rate`` events per ``window`` seconds per key (``rate`` 0 = unlimited)."""

    def __init__(self, what: str, rate: int, window: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.what = what
        self.rate = rate
        self.window = window
        self.clock = clock
        self._events: dict[str, collections.deque[float]] = {}

    def hit(self, key: str) -> None:
        """Count one event for ``key``, or raise ``RateLimited`` (nothing counted) if over the rate."""
        self._check(key, count=True)

    def check(self, key: str) -> None:
        """Raise ``RateLimited`` if ``key`` is at its rate now; count nothing."""
        self._check(key, count=False)

    def _check(self, key: str, count: bool) -> None:
        if self.rate <= 0:
            return
        now = self.clock()
        events = self._events.get(key)
        if events is None:
            if len(self._events) > 10_000:
                self._prune(now)
            events = self._events[key] = collections.deque()
        while events and events[0] <= now - self.window:
            events.popleft()
        if len(events) >= self.rate:
            wait = max(1, math.ceil(events[0] + self.window - now))
            raise RateLimited(f"too many {self.what} from your address: at most {self.rate} per "
                              f"{self.window:g} s; try again in {wait} s", wait)
        if count:
            events.append(now)

    def refund(self, key: str) -> None:
        """Take back the last event counted for ``key`` (the request it allowed was refused after all)."""
        events = self._events.get(key)
        if events:
            events.pop()

    def _prune(self, now: float) -> None:
        for key in [k for k, ev in self._events.items() if not ev or ev[-1] <= now - self.window]:
            del self._events[key]


__all__ = ["RateLimited", "RateLimiter"]
