"""Bots on the server are bounded: budgets, a hard time limit per move, fair turns on the workers."""

from __future__ import annotations

import asyncio
import logging
import os
import time
from pathlib import Path
from typing import Any

import pytest

import cardtable
from cardtable.bots import BotLimits
from cardtable.core import Rng, mix_seed
from cardtable.server import botrun
from cardtable.server.botrun import BotRunner, MoveTimeout

from .wsplay import create_table, make_client, play_first_legal, recv

GAME = cardtable.load_game("two-mists")


def _position() -> tuple[dict[str, Any], Any]:
    """A view and decision with several options (so a search really searches)."""
    state = GAME.new_game(seed=3, players=4)
    while state.decision is not None and len(state.decision.options) < 2:
        state.apply(state.decision.options[0])
    assert state.decision is not None
    return state.view(state.decision.player), state.decision


@pytest.mark.parametrize("spec,needle", [
    ("ismcts:2000000000", "at most 5000 ismcts iterations"),
    ("ismcts:99999999s", "at most 5 s of ismcts search"),
])
def test_api_refuses_budgets_over_the_maximum(sqlite_url: str, spec: str, needle: str) -> None:
    with make_client(sqlite_url) as client:
        resp = client.post("/api/tables", json={"game": "two-mists", "players": 3, "seats": ["human", spec, "random"]})
        assert resp.status_code == 422, resp.text
        assert resp.json()["error"]["code"] == "bad_seat" and needle in resp.json()["error"]["message"]
        assert client.get("/api/tables").json() == []  # nothing was created


def test_api_limits_are_configurable(sqlite_url: str) -> None:
    with make_client(sqlite_url, bot_limits=BotLimits(max_iterations=50, max_seconds=0.5)) as client:
        resp = client.post("/api/tables", json={"game": "two-mists", "players": 3, "seats": ["human", "ismcts:51", "random"]})
        assert resp.status_code == 422 and "at most 50 ismcts iterations" in resp.json()["error"]["message"]
        resp = client.post("/api/tables", json={"game": "two-mists", "players": 3, "seats": ["human", "ismcts:1s", "random"]})
        assert resp.status_code == 422 and "at most 0.5 s" in resp.json()["error"]["message"]
        create_table(client, ["human", "ismcts:50", "ismcts:0.5s"])


def test_a_bot_over_the_move_time_limit_plays_the_deterministic_fallback(
        sqlite_url: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    original = botrun.compute_move
    slow_seqs: list[int] = []

    def slow(spec: str, game_id: str, bot_seed: int, view: dict[str, Any], decision: Any, rng_seed: int) -> Any:
        if decision.player == 1:
            slow_seqs.append(len(view["log"]) if "log" in view else -1)
            time.sleep(2.0)
        return original(spec, game_id, bot_seed, view, decision, rng_seed)

    monkeypatch.setattr(botrun, "compute_move", slow)
    caplog.set_level(logging.DEBUG, logger="cardtable.server")
    with make_client(sqlite_url, bot_move_timeout=0.5, bot_workers=4) as client:
        created = create_table(client, ["random", "heuristic", "random"], seed=29)
        tid = created["table_id"]
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            recv(ws)
            last, _ = play_first_legal(ws, timeout=60)
        record = client.get(f"/api/tables/{tid}/record", params={"token": created["admin_token"]}).json()
    assert last["status"] == "finished" and slow_seqs, "seat 1 never had to move"
    # Every move of seat 1 is the fallback: a function of (table seed, seat, seq) only.
    state = GAME.new_game(seed=29, players=3)
    fallbacks = 0
    for seq, action in enumerate(record["actions"]):
        decision = state.decision
        assert decision is not None
        if decision.player == 1:
            expected = Rng(mix_seed(29, "fallback", 1, seq)).choice(decision.options)
            assert action == expected.to_dict(), f"seq {seq}: not the fallback move"
            fallbacks += 1
        state.apply(action)
    assert fallbacks == len(slow_seqs)
    warnings = [r for r in caplog.records if r.levelno >= logging.WARNING and "limit" in r.getMessage()]
    assert len(warnings) == 1, [r.getMessage() for r in warnings]  # logged once, not per move
    assert "seat 1" in warnings[0].getMessage() and warnings[0].exc_info is None


def test_a_stored_table_over_the_limits_plays_at_the_maximum(sqlite_url: str, caplog: pytest.LogCaptureFixture) -> None:
    big = BotLimits(max_iterations=2_000_000_000, max_seconds=1e9)
    with make_client(sqlite_url, bot_limits=big) as client:  # created before the limits were lowered
        created = create_table(client, ["human", "ismcts:2000000000", "ismcts:99999999s"], seed=31)
    caplog.set_level(logging.WARNING, logger="cardtable.server")
    with make_client(sqlite_url, bot_limits=BotLimits(max_iterations=3, max_seconds=0.01)) as client:
        with client.websocket_connect(f"/ws/tables/{created['table_id']}?token={created['seats'][0]['token']}") as ws:
            recv(ws)
            last, _ = play_first_legal(ws, timeout=60)
    assert last["status"] == "finished"
    said = [r.getMessage() for r in caplog.records if "over this server's limits" in r.getMessage()]
    assert len(said) == 2 and any("plays as ismcts:3" in m for m in said) and any("ismcts:0.01s" in m for m in said)


# --- the search pool (real worker processes) ----------------------------------------------------------
def test_a_search_over_the_time_limit_is_killed_and_its_worker_replaced() -> None:
    view, decision = _position()

    async def scenario() -> tuple[list[int], list[int], dict[str, Any]]:
        runner = BotRunner("process", workers=1, limits=BotLimits(max_seconds=60), move_timeout=3.0)
        try:
            await runner.move("ismcts:1", "two-mists", 1, decision.player, 0, view, decision)  # warm a worker up
            before = runner.worker_pids
            started = time.monotonic()
            with pytest.raises(MoveTimeout):
                await runner.move("ismcts:60s", "two-mists", 1, decision.player, 0, view, decision)
            assert time.monotonic() - started < 30  # it did not wait for the 60 s search
            after_timeout = runner.worker_pids
            action = await runner.move("ismcts:2", "two-mists", 1, decision.player, 0, view, decision)
            return before, after_timeout, action
        finally:
            runner.close()

    before, after_timeout, action = asyncio.run(scenario())
    assert len(before) == 1 and after_timeout == []
    assert not _alive(before[0]), "the overrunning worker still runs"
    assert any(action == a.to_dict() for a in decision.options)


def test_searches_are_served_in_arrival_order_and_cheap_bots_never_wait_behind_them() -> None:
    view, decision = _position()

    async def scenario() -> tuple[list[str], bool]:
        runner = BotRunner("process", workers=1, move_timeout=60)
        order: list[str] = []
        try:
            await runner.move("ismcts:1", "two-mists", 1, decision.player, 0, view, decision)  # warm-up

            async def search(name: str, spec: str) -> None:
                await runner.move(spec, "two-mists", 1, decision.player, 0, view, decision, label=name)
                order.append(name)

            long = asyncio.ensure_future(search("A", "ismcts:5s"))
            await asyncio.sleep(0.05)
            queued = [asyncio.ensure_future(search(name, "ismcts:3")) for name in "BCD"]
            await asyncio.sleep(0.05)
            await runner.move("random", "two-mists", 1, decision.player, 0, view, decision)  # a thread: no queue
            search_still_running = not long.done()
            await asyncio.gather(long, *queued)
            return order, search_still_running
        finally:
            runner.close()

    order, search_still_running = asyncio.run(scenario())
    assert order == ["A", "B", "C", "D"]
    assert search_still_running  # the random bot did not wait for the 5 s search


def test_closing_the_runner_kills_a_running_search_at_once() -> None:
    view, decision = _position()

    async def scenario() -> tuple[list[int], float]:
        runner = BotRunner("process", workers=1, limits=BotLimits(max_seconds=120), move_timeout=300)
        task = asyncio.ensure_future(runner.move("ismcts:120s", "two-mists", 1, decision.player, 0, view, decision))
        while not runner.worker_pids:
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.5)
        pids = runner.worker_pids
        task.cancel()
        started = time.monotonic()
        with pytest.raises(asyncio.CancelledError):
            await task
        runner.close()
        return pids, time.monotonic() - started

    pids, took = asyncio.run(scenario())
    gone_by = time.monotonic() + 10  # SIGKILL is immediate, but on a loaded machine the exit is scheduled late
    while any(_alive(p) for p in pids) and time.monotonic() < gone_by:
        time.sleep(0.05)
    assert took < 10 and pids and not any(_alive(p) for p in pids)


def _alive(pid: int) -> bool:
    """True while ``pid`` runs (a zombie waiting to be reaped by someone else counts as gone)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    state = next((line.split()[1] for line in status.splitlines() if line.startswith("State:")), "?")
    return state not in ("Z", "X")


def test_alive_helper() -> None:
    assert _alive(os.getpid()) and not _alive(2**22 + 12345)


def test_a_cancel_that_arrives_with_the_workers_reply_is_not_lost() -> None:
    """Python 3.11's ``wait_for`` returns the reply and drops a cancel that arrives in the same loop turn;
    the search pool re-raises it (``_raise_if_cancelled``), so a cancelled move never holds a worker on."""
    from cardtable.server.botrun import _raise_if_cancelled

    async def scenario() -> str:
        loop = asyncio.get_running_loop()

        async def waiting_for_a_reply() -> str:
            reply: asyncio.Future[str] = loop.create_future()
            me = asyncio.current_task()
            assert me is not None

            def reply_and_cancel() -> None:
                reply.set_result("move")
                me.cancel()

            loop.call_soon(reply_and_cancel)
            got = await asyncio.wait_for(reply, 5)
            _raise_if_cancelled()
            return got

        try:
            return await asyncio.create_task(waiting_for_a_reply())
        except asyncio.CancelledError:
            return "cancelled"

    assert asyncio.run(scenario()) == "cancelled"
