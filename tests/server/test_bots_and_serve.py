"""Server-side bots see only their seat's view and decision and fail safe; ``python -m cardtable.server`` runs."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

import cardtable
from cardtable.server import botrun

from .wsplay import create_table, make_client, play_first_legal, recv


def _watch_to_end(client: Any, tid: str) -> dict[str, Any]:
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        recv(ws)
        last, _ = play_first_legal(ws)
    return last


def test_bots_get_exactly_their_view_and_decision(sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[int, dict[str, Any], Any, int, int]] = []
    original = botrun.compute_move

    def spy(spec: str, game_id: str, bot_seed: int, view: dict[str, Any], decision: Any, rng_seed: int) -> Any:
        calls.append((decision.player, view, decision, bot_seed, rng_seed))
        return original(spec, game_id, bot_seed, view, decision, rng_seed)

    monkeypatch.setattr(botrun, "compute_move", spy)
    with make_client(sqlite_url) as client:
        created = create_table(client, ["random", "heuristic", "random"], seed=17)
        last = _watch_to_end(client, created["table_id"])
        record = client.get(f"/api/tables/{created['table_id']}/record",
                            params={"token": created["admin_token"]}).json()
    assert last["status"] == "finished" and len(calls) == len(record["actions"])
    state = cardtable.load_game("two-mists").new_game(seed=17, players=3)
    for seq, (seat, view, decision, bot_seed, rng_seed) in enumerate(calls):
        assert seat == state.to_act
        assert view == state.view(seat), f"seq {seq}: the bot was shown more (or less) than its view"
        assert decision == state.decision
        assert (bot_seed, rng_seed) == botrun.bot_seeds(17, seat, seq)
        state.apply(record["actions"][seq])
    assert state.is_terminal


def test_a_failing_bot_is_replaced_by_a_legal_move(sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    original = botrun.compute_move

    def flaky(spec: str, game_id: str, bot_seed: int, view: dict[str, Any], decision: Any, rng_seed: int) -> Any:
        if decision.player == 1:
            raise RuntimeError("bot crashed")
        if decision.player == 2:
            return {"player": 2, "kind": "fly"}  # not a legal option
        return original(spec, game_id, bot_seed, view, decision, rng_seed)

    monkeypatch.setattr(botrun, "compute_move", flaky)
    with make_client(sqlite_url) as client:
        created = create_table(client, ["random", "random", "random"], seed=23)
        last = _watch_to_end(client, created["table_id"])
        record = client.get(f"/api/tables/{created['table_id']}/record",
                            params={"token": created["admin_token"]}).json()
    assert last["status"] == "finished"
    assert cardtable.replay(record).outcome.to_dict() == last["outcome"]  # type: ignore[union-attr]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_python_m_cardtable_server_prints_url_and_serves(tmp_path: Path) -> None:
    port = _free_port()
    db = tmp_path / "served.db"
    proc = subprocess.Popen([sys.executable, "-m", "cardtable.server", "--port", str(port), "--db", f"sqlite:///{db}",
                             "--log-level", "warning"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == f"cardtable table: http://127.0.0.1:{port}/"
        deadline = time.monotonic() + 30
        while True:
            try:
                games = httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=2).json()
                break
            except httpx.HTTPError:
                assert time.monotonic() < deadline, "the server never answered"
                time.sleep(0.1)
        assert "two-mists" in [g["id"] for g in games]
        assert db.exists()
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    assert proc.returncode in (0, -15)


def test_python_m_cardtable_server_help() -> None:
    done = subprocess.run([sys.executable, "-m", "cardtable.server", "--help"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "--db" in done.stdout and "--port" in done.stdout


def test_tokens_are_kept_out_of_server_logs() -> None:
    import logging

    from cardtable.server import _RedactTokens

    record = logging.LogRecord("uvicorn.error", logging.INFO, __file__, 1, '%s - "WebSocket %s" [accepted]',
                               ("127.0.0.1:5000", "/ws/tables/abc?token=s3cr3t-T0ken_x&watch=1"), None)
    assert _RedactTokens().filter(record)
    assert "s3cr3t" not in record.getMessage() and "token=" in record.getMessage()
    assert "watch=1" in record.getMessage()
