"""Running bots off the event loop, deterministically.

Why: a search bot (``ismcts``) burns CPU for a noticeable time; run on the event loop it would freeze
every table, and run in a thread it would still fight the loop for the GIL. So by default bots run in
a small process pool (``spawn``ed, so no forked copies of the server's threads or sockets). A thread
pool is available for tests and for cheap bots.

Cheap bots (``random``, ``heuristic``: well under a millisecond a move) run in a thread instead:
shipping the view to another process and back costs more than their whole move.

A bot gets only what a seat gets — ``view(seat)`` and the pending decision — and a fresh bot object and
``Rng`` seeded from (table seed, seat, seq) for every move, so the move depends on nothing but the
game so far: a server restarted mid-game recomputes exactly the move it would have made.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, Literal

from ..core import Decision, Rng, mix_seed

ExecutorKind = Literal["process", "thread"]

CHEAP_KINDS = frozenset({"random", "heuristic"})  # run in a thread even when searches use processes


def bot_seeds(table_seed: int, seat: int, seq: int) -> tuple[int, int]:
    """(seed of the bot object, seed of the move's ``Rng``) for ``seat`` answering decision ``seq``."""
    return mix_seed(table_seed, "bot", seat), mix_seed(table_seed, "move", seat, seq)


def compute_move(spec: str, game_id: str, bot_seed: int, view: dict[str, Any], decision: Decision,
                 rng_seed: int) -> dict[str, Any]:
    """Worker entry point: the action ``spec`` picks, as a dict (runs in the pool)."""
    from ..bots import make_bot

    bot = make_bot(spec, game_id, bot_seed)
    return bot.act(view, decision, Rng(rng_seed)).to_dict()


def _warm_up() -> None:
    """Import the engine and bots once per worker, so the first move is not slow."""
    from .. import bots, registry  # noqa: F401


def default_workers() -> int:
    """One core for the event loop, the rest for bots (at least one)."""
    return max(1, (os.cpu_count() or 2) - 1)


class BotRunner:
    """Owns the executors bots run in; created lazily so a server without bots starts no processes."""

    def __init__(self, kind: ExecutorKind = "process", workers: int | None = None) -> None:
        self.kind = kind
        self.workers = workers or default_workers()
        self._executor: Executor | None = None
        self._threads: ThreadPoolExecutor | None = None

    def _get(self, spec: str) -> Executor:
        if self.kind == "thread" or spec.partition(":")[0].strip().lower() in CHEAP_KINDS:
            if self._threads is None:
                self._threads = ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="cardtable-bot")
            return self._threads
        if self._executor is None:
            self._executor = ProcessPoolExecutor(
                max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"), initializer=_warm_up,
            )
        return self._executor

    async def move(self, spec: str, game_id: str, table_seed: int, seat: int, seq: int,
                   view: dict[str, Any], decision: Decision) -> dict[str, Any]:
        bot_seed, rng_seed = bot_seeds(table_seed, seat, seq)
        loop = asyncio.get_running_loop()
        executor = self._get(spec)
        try:
            return await loop.run_in_executor(executor, compute_move, spec, game_id, bot_seed, view, decision, rng_seed)
        except BrokenExecutor:  # a worker died (killed, out of memory): start a fresh pool next time
            if executor is self._executor:
                self._executor = None
                executor.shutdown(wait=False, cancel_futures=True)
            raise

    def close(self) -> None:
        for executor in (self._executor, self._threads):
            if executor is not None:
                executor.shutdown(wait=True, cancel_futures=True)
        self._executor = self._threads = None
