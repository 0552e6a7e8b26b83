"""CPU-heavy request work (deck imports and checks, replays of long games) off the event loop, within bounds.

Why: one event loop serves every table. A request that computes for a second on it (a 20 KB deck list
of misspelt names once did) freezes every other player's moves and pings for that second; one
anonymous client sending such a request every second stalled the whole server. So such work runs in a
small pool of worker processes (``spawn``ed, dying with the server), never on the loop, and:

* each request's work is capped where it is computed (e.g. deck imports fuzzy-match only the lines
  they report);
* at most ``heavy_queue`` jobs are in flight or waiting at once, and at most ``heavy_per_client`` of
  one client: past that a request is refused at once (503 ``busy``, 429 ``rate_limited``) instead of
  queueing without end;
* each client has a budget of worker seconds per ``rate_window`` (``heavy_budget``): a client that
  has spent it gets 429 with the wait, however cheap each of its requests looked.

With ``kind="thread"`` (the tests' setting, as for bots) the jobs run in a thread pool instead.
A job is a top-level function and plain arguments; it returns ``("ok", payload)`` or
``("error", (status, code, message))`` so that refusals cross the process boundary as data.
"""

from __future__ import annotations

import asyncio
import collections
import math
import multiprocessing
import os
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Callable, Literal

from ..registry import custom_card_sets
from .limits import RateLimited
from .tables import TableError

HeavyKind = Literal["process", "thread"]
Reply = tuple[str, Any]


def _worker_start(parent_pid: int, card_sets: Any = None) -> None:
    from ..registry import restore_card_sets
    from .botrun import _die_with_parent

    _die_with_parent(parent_pid)
    restore_card_sets(card_sets or {})  # the server's custom card sets (``serve --cards``)


def timed(job: Callable[..., Any], *args: Any) -> tuple[Reply, float, int]:
    """Worker side: run ``job(*args)``; its reply, the CPU seconds it took and the worker's pid."""
    start = time.thread_time()  # the job runs on this thread, in a worker process or a pool thread
    try:
        reply: Reply = ("ok", job(*args))
    except TableError as err:
        reply = ("error", (err.status, err.code, err.message))
    spent = time.thread_time() - start
    return reply, spent, os.getpid()


class HeavyWork:
    """The pool and its bounds (lives on the server's event loop; the pool starts on first use)."""

    def __init__(self, kind: HeavyKind, workers: int, queue: int, per_client: int, budget: float,
                 window: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.kind = kind
        self.workers = max(1, workers)
        self.queue = queue
        self.per_client = per_client
        self.budget = budget
        self.window = window
        self.clock = clock
        self._pool: Executor | None = None
        self._in_flight = 0
        self._of_client: dict[str, int] = {}
        self._spent: dict[str, collections.deque[tuple[float, float]]] = {}
        self.last_pid: int | None = None  # the process that ran the last job (tests: it is not ours)

    def _executor(self) -> Executor:
        if self._pool is None:
            if self.kind == "process":
                self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                                 initializer=_worker_start,
                                                 initargs=(os.getpid(), custom_card_sets()))
            else:
                self._pool = ThreadPoolExecutor(self.workers, thread_name_prefix="cardtable-heavy")
        return self._pool

    def spent(self, client: str) -> float:
        """Worker seconds ``client`` used in the current window."""
        entries = self._spent.get(client)
        if not entries:
            return 0.0
        now = self.clock()
        while entries and entries[0][0] <= now - self.window:
            entries.popleft()
        return sum(cost for _, cost in entries)

    def _admit(self, client: str) -> None:
        if self.budget > 0:
            used = self.spent(client)
            if used >= self.budget:
                oldest = self._spent[client][0][0]
                wait = max(1, math.ceil(oldest + self.window - self.clock()))
                raise RateLimited(f"your address used {used:.1f} s of server time for deck checks, imports and "
                                  f"replays in the last {self.window:g} s (at most {self.budget:g} s); try again "
                                  f"in {wait} s", wait)
        if self.per_client and self._of_client.get(client, 0) >= self.per_client:
            raise RateLimited(f"your address already has {self.per_client} such requests running; wait for them",
                              1)
        if self.queue and self._in_flight >= self.queue:
            raise TableError(503, "busy", "the server is busy with other players' deck checks and replays; "
                                          "try again in a moment")

    async def run(self, client: str, job: Callable[..., Any], *args: Any) -> Any:
        """``job(*args)`` in a worker, counted against ``client``; its payload, or its ``TableError``."""
        self._admit(client)
        self._in_flight += 1
        self._of_client[client] = self._of_client.get(client, 0) + 1
        try:
            loop = asyncio.get_running_loop()
            try:
                reply, cost, pid = await loop.run_in_executor(self._executor(), timed, job, *args)
            except BrokenProcessPool:  # a worker died (killed, out of memory): start afresh next time
                self._pool = None
                raise TableError(503, "busy", "a server worker stopped; try again") from None
        finally:
            self._in_flight -= 1
            left = self._of_client.get(client, 1) - 1
            if left > 0:
                self._of_client[client] = left
            else:
                self._of_client.pop(client, None)
        self.last_pid = pid
        if self.budget > 0:
            self._spent.setdefault(client, collections.deque()).append((self.clock(), cost))
            if len(self._spent) > 10_000:
                for key in [k for k in self._spent if self.spent(k) == 0.0]:
                    del self._spent[key]
        status, payload = reply
        if status == "error":
            raise TableError(*payload)
        return payload

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


__all__ = ["HeavyKind", "HeavyWork", "timed"]
