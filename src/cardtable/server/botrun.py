"""Running bots off the event loop, deterministically, within bounds.

Why: a search bot (``ismcts``) burns CPU for a noticeable time; run on the event loop it would freeze
every table, and run in a thread it would still fight the loop for the GIL. So by default searches
run in a small pool of worker processes (``spawn``ed, so no forked copies of the server's threads or
sockets). A thread pool is available for tests.

Cheap bots (``random``, ``heuristic``: well under a millisecond a move) run in a thread instead:
shipping the view to another process and back costs more than their whole move, and they never
queue behind a search.

A bot gets only what a seat gets — ``view(seat)`` and the pending decision — and a fresh bot object and
``Rng`` seeded from (table seed, seat, seq) for every move, so the move depends on nothing but the
game so far: a server restarted mid-game recomputes exactly the move it would have made.

Bounds, because a table's creator may be anyone (docs/web.md, "Bot limits"):

* a budget is at most ``BotLimits`` (checked when the table is created; a table stored before the
  limits existed plays at the maximum);
* every move has a hard time limit (``move_timeout``). A search worker that overruns it is killed and
  replaced, and the caller gets :class:`MoveTimeout` (the table then plays its deterministic fallback);
* searches wait for a worker in arrival order, and a table has at most one move in flight, so tables
  take turns on the workers and none can starve the others;
* shutdown kills running searches instead of waiting for them; and workers die with the server,
  even when it is SIGKILLed (``PR_SET_PDEATHSIG`` on Linux, plus a parent-pid watchdog thread).
"""

from __future__ import annotations

import asyncio
import collections
import ctypes
import logging
import multiprocessing
import os
import signal
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.connection import Connection
from typing import Any, Literal

from ..bots.base import DEFAULT_BOT_LIMITS, BotLimits, parse_bot_spec
from ..core import Decision, Rng, mix_seed
from ..registry import custom_card_sets

log = logging.getLogger("cardtable.server")

ExecutorKind = Literal["process", "thread"]

CHEAP_KINDS = frozenset({"random", "heuristic"})  # run in a thread even when searches use processes
DEFAULT_MOVE_TIMEOUT = 15.0  # seconds; at least twice the largest time budget (see default_move_timeout)
_START_TIMEOUT = 120.0  # seconds a new worker may take to start (imports on a loaded machine)
_KILL_GRACE = 2.0  # seconds to wait for a SIGKILLed worker to be reaped
_PR_SET_PDEATHSIG = 1


class BotFailed(Exception):
    """The bot produced no move (it raised, or its worker died); the table plays its fallback."""


class MoveTimeout(BotFailed):
    """The bot did not answer within the move time limit."""


def bot_seeds(table_seed: int, seat: int, seq: int) -> tuple[int, int]:
    """(seed of the bot object, seed of the move's ``Rng``) for ``seat`` answering decision ``seq``."""
    return mix_seed(table_seed, "bot", seat), mix_seed(table_seed, "move", seat, seq)


def compute_move(spec: str, game_id: str, bot_seed: int, view: dict[str, Any], decision: Decision,
                 rng_seed: int) -> dict[str, Any]:
    """Worker entry point: the action ``spec`` picks, as a dict (``spec`` is already within the limits)."""
    from ..bots import make_bot

    bot = make_bot(spec, game_id, bot_seed, limits=None)
    return bot.act(view, decision, Rng(rng_seed)).to_dict()


HINT_JOB = "hint"  # a job tuple starting with this is a hint (``hints.compute_hint``), not a move


def run_job(job: tuple[Any, ...]) -> dict[str, Any]:
    """Run one job of a worker: a move (``compute_move``) or a hint (``hints.compute_hint``)."""
    if job and job[0] == HINT_JOB:
        from .hints import compute_hint

        return compute_hint(*job[1:])
    return compute_move(*job)


def default_workers() -> int:
    """One core for the event loop, the rest for bots (at least one)."""
    return max(1, (os.cpu_count() or 2) - 1)


def default_move_timeout(limits: BotLimits) -> float:
    """The hard limit of one move: generous against a loaded machine, far below "forever"."""
    return max(DEFAULT_MOVE_TIMEOUT, 2 * limits.max_seconds)


# --- the worker process --------------------------------------------------------------------------
def _die_with_parent(parent_pid: int) -> None:
    """Make this process exit when ``parent_pid`` (the server) does, however it dies.

    ``PR_SET_PDEATHSIG`` has the kernel SIGKILL us when the parent goes; the check after it covers a
    parent that died before the call, and the watchdog thread covers systems without ``prctl``.
    """
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent_pid:
        os._exit(0)

    def watch() -> None:
        while True:
            time.sleep(1.0)
            if os.getppid() != parent_pid:
                os._exit(0)

    threading.Thread(target=watch, name="cardtable-parent-watch", daemon=True).start()


def _worker_main(conn: Connection, parent_pid: int, card_sets: Any = None) -> None:
    """Answer jobs ``(spec, game_id, bot_seed, view, decision, rng_seed)`` until the pipe closes."""
    _die_with_parent(parent_pid)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C in the terminal is for the server, not us
    from .. import bots  # noqa: F401
    from ..registry import game_ids, load_game, restore_card_sets

    try:
        restore_card_sets(card_sets or {})  # the server's custom card sets (``serve --cards``)
    except Exception:  # the server checked them at start; a set changed since fails its moves later
        pass

    for game_id in game_ids():  # load every game (card data) now, so a first move is not slow
        try:
            load_game(game_id)
        except Exception:  # a broken game fails its own moves later, with its own error
            pass
    conn.send(("ready", None))  # the start-up above does not count against the first move's time limit
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        try:
            reply: tuple[str, Any] = ("ok", run_job(job))
        except Exception as err:  # reported to the server, which plays the fallback
            reply = ("error", f"{type(err).__name__}: {err}"[:500])
        conn.send(reply)


class _Worker:
    """One search process and the server's end of its pipe."""

    def __init__(self, ctx: Any) -> None:
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=_worker_main, args=(child, os.getpid(), custom_card_sets()), name="cardtable-bot",
                                   daemon=True)
        self.process.start()
        child.close()
        self.ready = False  # set once the worker said it has started

    def kill(self) -> None:
        """Stop the process now (a search in progress is abandoned; it holds nothing to clean up) and reap it."""
        if self.process.is_alive():
            self.process.kill()
        self.process.join(_KILL_GRACE)
        self.conn.close()


async def _receive(conn: Connection) -> Any:
    """``conn.recv()`` without blocking the loop (waits for the pipe to be readable first)."""
    loop = asyncio.get_running_loop()
    ready: asyncio.Future[None] = loop.create_future()
    fd = conn.fileno()

    def readable() -> None:
        if not ready.done():
            ready.set_result(None)

    loop.add_reader(fd, readable)
    try:
        await ready
    finally:
        loop.remove_reader(fd)
    return conn.recv()  # a reply is one small write, so it is all there; EOFError if the worker died


def _raise_if_cancelled() -> None:
    """Python 3.11's ``wait_for`` returns the inner result, and drops the cancellation, when the task is
    cancelled just as that result arrives; the request stays counted on the task, so raise it here
    (otherwise a move cancelled at that moment would go on and hold a worker for its whole search)."""
    task = asyncio.current_task()
    if task is not None and task.cancelling():
        raise asyncio.CancelledError


class SearchPool:
    """Worker processes for searches, handed out strictly in arrival order (fair across tables).

    Lives on one event loop. Workers are started lazily, from the loop's thread (the thread that
    starts a process is the "parent" ``PR_SET_PDEATHSIG`` watches).
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self._ctx = multiprocessing.get_context("spawn")
        self._all: set[_Worker] = set()
        self._idle: list[_Worker] = []
        self._waiters: collections.deque[asyncio.Future[_Worker]] = collections.deque()
        self._closed = False

    @property
    def pids(self) -> list[int]:
        return sorted(w.process.pid for w in self._all if w.process.pid is not None)

    async def run(self, job: tuple[Any, ...], timeout: float) -> dict[str, Any]:
        """Run ``run_job(job)`` in a worker; raise ``MoveTimeout``/``BotFailed`` if it gives none."""
        worker = await self._acquire()
        try:
            if not worker.ready:
                await asyncio.wait_for(_receive(worker.conn), _START_TIMEOUT)
                _raise_if_cancelled()
                worker.ready = True
        except BaseException as err:
            self._discard(worker)
            if isinstance(err, (asyncio.TimeoutError, EOFError, OSError)):
                raise BotFailed(f"a bot worker process did not start ({type(err).__name__})") from None
            raise
        try:
            worker.conn.send(job)
            status, payload = await asyncio.wait_for(_receive(worker.conn), timeout)
        except asyncio.TimeoutError:
            self._discard(worker)
            raise MoveTimeout(f"no move within the {timeout:g} s limit") from None
        except (EOFError, OSError) as err:
            self._discard(worker)
            raise BotFailed(f"the bot's worker process died ({type(err).__name__})") from None
        except BaseException:  # cancelled (shutdown, table gone): abandon the search
            self._discard(worker)
            raise
        self._release(worker)
        _raise_if_cancelled()
        if status != "ok":
            raise BotFailed(str(payload))
        return payload  # type: ignore[no-any-return]

    async def _acquire(self) -> _Worker:
        if self._closed:
            raise BotFailed("the server is shutting down")
        if self._idle:
            return self._idle.pop()
        if len(self._all) < self.size:
            return self._spawn()
        waiter: asyncio.Future[_Worker] = asyncio.get_running_loop().create_future()
        self._waiters.append(waiter)
        try:
            return await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():  # handed a worker just as we were cancelled
                self._release(waiter.result())
            raise

    def _spawn(self) -> _Worker:
        worker = _Worker(self._ctx)
        self._all.add(worker)
        return worker

    def _release(self, worker: _Worker) -> None:
        while self._waiters:
            waiter = self._waiters.popleft()
            if not waiter.done():
                waiter.set_result(worker)
                return
        self._idle.append(worker)

    def _discard(self, worker: _Worker) -> None:
        self._all.discard(worker)
        worker.kill()
        if not self._closed and any(not w.done() for w in self._waiters):
            self._release(self._spawn())

    def close(self) -> None:
        """Kill every worker now (running searches are abandoned: shutdown must not wait for them)."""
        self._closed = True
        workers, self._all, self._idle = list(self._all), set(), []
        for worker in workers:
            worker.kill()


class BotRunner:
    """Runs bot moves: cheap bots in threads, searches in a :class:`SearchPool` (or threads, for tests).

    ``limits`` bounds the budget of a spec (a stored spec above them plays at the maximum);
    ``move_timeout`` is the hard limit of one move in seconds (default: :func:`default_move_timeout`).
    """

    def __init__(self, kind: ExecutorKind = "process", workers: int | None = None,
                 limits: BotLimits = DEFAULT_BOT_LIMITS, move_timeout: float | None = None) -> None:
        self.kind = kind
        self.workers = workers or default_workers()
        self.limits = limits
        self.move_timeout = move_timeout if move_timeout is not None else default_move_timeout(limits)
        if not self.move_timeout > 0:
            raise ValueError(f"the move time limit must be positive, not {move_timeout!r}")
        self._pool: SearchPool | None = None
        self._threads: ThreadPoolExecutor | None = None
        self._warned: set[tuple[str, ...]] = set()

    @property
    def worker_pids(self) -> list[int]:
        """Process ids of the search workers now running (for tests and diagnostics)."""
        return self._pool.pids if self._pool is not None else []

    def _warn_once(self, key: tuple[str, ...], message: str, *args: Any) -> None:
        if key in self._warned:
            log.debug(message, *args)
        else:
            self._warned.add(key)
            log.warning(message + " (logged once)", *args)

    def _bounded(self, spec: str, label: str) -> str:
        parsed = parse_bot_spec(spec, None)
        bounded = parsed.within(self.limits)
        if bounded != parsed:
            self._warn_once(("limit", label, spec), "table %s: bot %s is over this server's limits; it plays as %s",
                            label, spec, bounded.text)
        return bounded.text

    async def move(self, spec: str, game_id: str, table_seed: int, seat: int, seq: int,
                   view: dict[str, Any], decision: Decision, label: str = "") -> dict[str, Any]:
        """The bot's action as a dict. Raises ``MoveTimeout`` past the time limit, ``BotFailed`` if it broke."""
        bot_seed, rng_seed = bot_seeds(table_seed, seat, seq)
        spec = self._bounded(spec, label)
        job = (spec, game_id, bot_seed, view, decision, rng_seed)
        try:
            if self.kind == "process" and spec.partition(":")[0] not in CHEAP_KINDS:
                if self._pool is None:
                    self._pool = SearchPool(self.workers)
                return await self._pool.run(job, self.move_timeout)
            return await self._in_thread(job)
        except MoveTimeout as err:
            self._warn_once(("timeout", label, str(seat)), "table %s: bot %s (seat %d) gave %s; playing a fallback "
                            "move", label, spec, seat, err)
            raise

    async def hint(self, game_id: str, table_seed: int, seat: int, seq: int, view: dict[str, Any],
                   decision: Decision, seconds: float) -> dict[str, Any]:
        """A hint for ``seat`` (``hints.compute_hint``), run like a search move: in the pool (or a thread),
        with the move time limit, its budget cut to this server's largest time budget."""
        from .hints import hint_seed

        seconds = min(seconds, self.limits.max_seconds)
        job = (HINT_JOB, game_id, view, decision, hint_seed(table_seed, seat, seq), seconds)
        if self.kind == "process":
            if self._pool is None:
                self._pool = SearchPool(self.workers)
            return await self._pool.run(job, self.move_timeout)
        return await self._in_thread(job)

    async def _in_thread(self, job: tuple[Any, ...]) -> dict[str, Any]:
        """``run_job(job)`` in a thread; the time limit counts from when the thread starts it.

        A thread cannot be stopped: past the limit we stop waiting, and the thread ends by itself
        (budgets are bounded).
        """
        if self._threads is None:
            self._threads = ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="cardtable-bot")
        loop = asyncio.get_running_loop()
        started: asyncio.Future[None] = loop.create_future()

        def mark_started() -> None:
            if not started.done():
                started.set_result(None)

        def run() -> dict[str, Any]:
            loop.call_soon_threadsafe(mark_started)
            return run_job(job)

        future = loop.run_in_executor(self._threads, run)
        either: set[asyncio.Future[Any]] = {started, future}
        await asyncio.wait(either, return_when=asyncio.FIRST_COMPLETED)
        try:
            return await asyncio.wait_for(future, self.move_timeout)
        except asyncio.TimeoutError:
            raise MoveTimeout(f"no move within the {self.move_timeout:g} s limit") from None
        finally:
            started.cancel()

    def close(self) -> None:
        """Stop all bots now: search workers are killed, idle threads end (a running thread move is bounded)."""
        if self._pool is not None:
            self._pool.close()
        if self._threads is not None:
            self._threads.shutdown(wait=False, cancel_futures=True)
        self._pool = self._threads = None
