"""Hints (docs/web.md, "Hints"): a seat asks, the strong bot answers from that seat's view only, in the bot
pool, one hint in flight per seat; the host can turn hints off for everyone."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

import cardtable
from cardtable.bots.strong import StrongBot
from cardtable.bots.heuristic import load_policy
from cardtable.bots.lazy_view import LazyView
from cardtable.core import Rng
from cardtable.server import hints, tables
from cardtable.server.hints import hint_input

from .wsplay import create_table, make_client, my_turn, recv, recv_until

FAST = 0.05  # seconds of search per hint in these tests


@pytest.fixture(autouse=True)
def quick_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tables, "HINT_SECONDS", FAST)


def _spy(monkeypatch: pytest.MonkeyPatch, delay: float = 0.0) -> list[tuple[Any, ...]]:
    calls: list[tuple[Any, ...]] = []
    lock = threading.Lock()
    original = hints.compute_hint

    def spy(game_id: str, view: dict[str, Any], decision: Any, rng_seed: int, seconds: float) -> Any:
        with lock:
            calls.append((game_id, view, decision, rng_seed, seconds))
        time.sleep(delay)
        return original(game_id, view, decision, rng_seed, seconds)

    monkeypatch.setattr(hints, "compute_hint", spy)
    return calls


def _my_decision(ws: Any) -> dict[str, Any]:
    recv(ws)  # hello
    return recv_until(ws, my_turn)


def test_a_hint_comes_from_the_seat_view_and_names_an_option_with_a_reason(sqlite_url: str,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _spy(monkeypatch)
    with make_client(sqlite_url) as client:
        created = create_table(client, ["human", "heuristic", "heuristic"], seed=5)
        token = created["seats"][0]["token"]
        with client.websocket_connect(f"/ws/tables/{created['table_id']}?token={token}") as ws:
            frame = _my_decision(ws)
            ws.send_json({"type": "hint", "seq": frame["seq"]})
            hint = recv_until(ws, lambda f: f.get("type") in ("hint", "error"))
    assert hint["type"] == "hint" and hint["seq"] == frame["seq"]
    options = frame["decision"]["options"]
    assert 0 <= hint["option"] < len(options) and hint["action"] == options[hint["option"]]
    assert hint["reason"].startswith(f"Suggested: option {hint['option'] + 1}")
    assert 1 <= len(hint["estimates"]) <= 3 and all(0 <= e["win"] <= 1 for e in hint["estimates"])
    (game_id, view, decision, _seed, seconds), = calls
    assert game_id == "two-mists" and seconds == FAST
    assert view == frame["view"], "the hint was computed from more (or less) than the seat's view"
    assert decision.to_dict() == frame["decision"]


def test_the_hint_input_does_not_change_when_hidden_cards_are_resampled() -> None:
    """Every hidden card and secret of the other seats resampled: the hint's input (view, decision) and
    the strong bot's analysis of it are the same, so a hint cannot carry hidden information."""
    game = cardtable.load_game("call-of-cthulhu")
    policy = load_policy("call-of-cthulhu")
    state, rng, checked, step = game.new_game(seed=3, players=2), Rng(3), 0, 0
    while not state.is_terminal and checked < 4:
        d = state.decision
        assert d is not None
        step += 1
        if step % 40 == 25 and len(d.options) > 1:
            view, decision = hint_input(state, d.player)
            first = StrongBot("call-of-cthulhu", 1, rounds=2, depth=6).analyse(view, decision, Rng(9))
            for k in range(3):
                sampled = state.determinize(d.player, seed=k)
                assert hint_input(sampled, d.player) == (view, decision)
                again = StrongBot("call-of-cthulhu", 1, rounds=2, depth=6).analyse(
                    hint_input(sampled, d.player)[0], decision, Rng(9))
                assert again.ranked == first.ranked
            checked += 1
        state.apply(policy(LazyView(state, d.player), d, rng))
    assert checked >= 3


def test_hints_off_refuses_with_a_clear_message_and_the_host_can_turn_them_on(sqlite_url: str,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _spy(monkeypatch)
    with make_client(sqlite_url) as client:
        created = create_table(client, ["human", "random", "random"], seed=5, hints=False)
        tid, token = created["table_id"], created["seats"][0]["token"]
        assert client.get(f"/api/tables/{tid}").json()["hints"] is False
        with client.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws:
            frame = _my_decision(ws)
            ws.send_json({"type": "hint", "seq": frame["seq"]})
            refused = recv_until(ws, lambda f: f.get("type") == "error")
            assert refused["reason"] == "hints_off" and "turned hints off" in refused["message"]
            wrong = client.post(f"/api/tables/{tid}/hints", json={"token": token, "enabled": True})
            assert wrong.status_code == 403
            on = client.post(f"/api/tables/{tid}/hints", json={"token": created["admin_token"], "enabled": True})
            assert on.status_code == 200 and on.json()["hints"] is True
            hello = recv_until(ws, lambda f: f.get("type") == "hello")
            assert hello["table"]["hints"] is True  # every seat sees the setting
            ws.send_json({"type": "hint", "seq": frame["seq"]})
            assert recv_until(ws, lambda f: f.get("type") in ("hint", "error"))["type"] == "hint"
        off = client.post(f"/api/tables/{tid}/hints", json={"token": created["admin_token"], "enabled": False})
        assert off.json()["hints"] is False
    assert len(calls) == 1


def test_a_flood_of_hint_requests_computes_one_hint(sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _spy(monkeypatch, delay=0.5)
    with make_client(sqlite_url) as client:
        created = create_table(client, ["human", "random", "random"], seed=5)
        tid, token = created["table_id"], created["seats"][0]["token"]
        with client.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws:
            frame = _my_decision(ws)
            for _ in range(30):
                ws.send_json({"type": "hint", "seq": frame["seq"]})
            got: list[dict[str, Any]] = []
            recv_until(ws, lambda f: f.get("type") == "hint", seen=got)
            busy = [f for f in got if f.get("type") == "error"]
            assert busy and all(f["reason"] == "hint_busy" for f in busy)
            ws.send_json({"type": "hint", "seq": frame["seq"]})  # asked again: the same answer, not recomputed
            assert recv_until(ws, lambda f: f.get("type") in ("hint", "error"))["type"] == "hint"
            ws.send_json({"type": "hint", "seq": frame["seq"] + 1})
            assert recv_until(ws, lambda f: f.get("type") == "error")["reason"] == "stale"
        with client.websocket_connect(f"/ws/tables/{tid}") as watcher:
            recv(watcher)
            watcher.send_json({"type": "hint", "seq": frame["seq"]})
            assert recv_until(watcher, lambda f: f.get("type") == "error")["reason"] == "wrong_seat"
    assert len(calls) == 1
