"""Auto-pass (issue 23): the server takes a human seat's decisions that have nothing to decide.

What is proved here, over the protocol: single-option and pass-only decisions never reach a human seat
(unless it asked for full control, which is stored with the table and survives a restart); the moves
taken are ordinary engine actions, stored in order, so the record replays to the same state; bots are
untouched; the seat's own frames list the auto moves, and frames to the other seat and to spectators
are exactly what replaying the stored record gives them (no marker, nothing more).
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from cardtable.core import Action, Decision
from cardtable.registry import load_game
from cardtable.server import autopass
from cardtable.server.frames import state_frame

from .autopass_measure import PASS_KINDS, play
from .wsplay import is_state, make_client, recv, recv_until, sync

GAME = "call-of-cthulhu"


def _create(client: Any, seats: list[str], seed: int = 5, game: str = GAME) -> dict[str, Any]:
    resp = client.post("/api/tables", json={"game": game, "players": len(seats), "seats": seats, "seed": seed,
                                            "practice": True})
    assert resp.status_code == 201, resp.text
    return resp.json()  # type: ignore[no-any-return]


def _nothing_to_decide(d: dict[str, Any]) -> bool:
    return len(d["options"]) == 1 or {o["kind"] for o in d["options"]} <= PASS_KINDS


def _not_concede(d: dict[str, Any]) -> dict[str, Any]:
    """The last option that does not end the game (variety: not always the first)."""
    return [o for o in d["options"] if o["kind"] != "concede"][-1]  # type: ignore[no-any-return]


# --- the policy, without a server --------------------------------------------------------------------
def _decision(*kinds: str) -> Decision:
    return Decision(0, "window", "?", tuple(Action(0, k) for k in kinds))


def test_policy_takes_single_and_pass_only_options_unless_full_control() -> None:
    kinds = frozenset({"pass", "decline"})
    none = dict(view=lambda: {}, log_len=lambda: 0, presentation=None)
    free = autopass.SeatPrefs()
    assert autopass.choose(_decision("play"), free, kinds, **none)[0] == Action(0, "play")
    assert autopass.choose(_decision("pass", "decline"), free, kinds, **none)[0] == Action(0, "pass")
    assert autopass.choose(_decision("play", "pass"), free, kinds, **none)[0] is None
    full = autopass.SeatPrefs(full_control=True)
    assert autopass.choose(_decision("pass"), full, kinds, **none)[0] is None
    # a pass-until mode takes the pass of a real decision, and ends at a decision offering no pass
    until = autopass.SeatPrefs(full_control=True, pass_until="event", mark=("log", 3))
    assert autopass.choose(_decision("play", "pass"), until, kinds, **none) == (Action(0, "pass"), until)
    action, after = autopass.choose(_decision("play", "use"), until, kinds, **none)
    assert action is None and after == autopass.SeatPrefs(full_control=True)
    # ... or when something new shows in the seat's log
    grown = dict(none, log_len=lambda: 4)
    assert autopass.choose(_decision("play", "pass"), until, kinds, **grown) == (None, autopass.SeatPrefs(True))


# --- over the protocol ----------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["call-of-cthulhu", "million-arthur", "mythos"])
def test_no_single_option_or_pass_only_decision_reaches_a_human(sqlite_url: str, game: str) -> None:
    count = play(sqlite_url, game, max_decisions=40, keep_frames=True)
    decisions = [f["decision"] for f in count.frames if is_state(f) and f["decision"] is not None]
    assert decisions and not [d for d in decisions if _nothing_to_decide(d)]
    assert count.auto > 0
    autos = [a for f in count.frames if is_state(f) for a in f.get("auto", ())]
    assert all(a["action"]["player"] == 0 for a in autos)  # only the human seat's own moves, never the bot's


def test_full_control_brings_every_stop_back_and_survives_a_restart(sqlite_url: str) -> None:
    with make_client(sqlite_url) as client:
        created = _create(client, ["human", "heuristic"])
        tid, token = created["table_id"], created["seats"][0]["token"]
        with client.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws:
            assert recv(ws)["prefs"] == {"full_control": False, "pass_until": None}
            ws.send_json({"type": "prefs", "full_control": True})
            prefs = recv_until(ws, lambda f: f["type"] == "prefs")
            assert prefs == {"type": "prefs", "seat": 0, "full_control": True, "pass_until": None}
    with make_client(sqlite_url) as client:  # a new server on the same database
        with client.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws:
            assert recv(ws)["prefs"] == {"full_control": True, "pass_until": None}
            seen = 0
            acted = -1
            while True:  # answer with the first option until a single-option decision is asked
                frame = recv_until(ws, lambda f: is_state(f) and f["decision"] is not None and f["seq"] != acted)
                assert "auto" not in frame
                d = frame["decision"]
                if _nothing_to_decide(d):
                    break
                seen += 1
                assert seen < 60, "no single-option decision reached the seat in full control"
                acted = frame["seq"]
                ws.send_json({"type": "act", "seq": acted, "action": d["options"][0]})
            ws.send_json({"type": "prefs", "full_control": False})  # back to auto-pass: it is taken at once
            after = recv_until(ws, lambda f: is_state(f) and f.get("auto"))
            assert after["auto"][0]["seq"] == frame["seq"] and after["auto"][0]["action"] == d["options"][0]


def test_record_is_the_engines_actions_and_other_seats_see_only_the_moves(sqlite_url: str) -> None:
    with make_client(sqlite_url) as client:
        created = _create(client, ["human", "heuristic"], seed=9)
        tid, token = created["table_id"], created["seats"][0]["token"]
        with client.websocket_connect(f"/ws/tables/{tid}?watch=1") as spectator, \
                client.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws:
            own: list[dict[str, Any]] = []
            acted = -1
            for _ in range(30):
                frame = recv_until(ws, lambda f: is_state(f) and f["decision"] is not None and f["seq"] != acted,
                                   seen=own)
                own.append(frame)
                acted = frame["seq"]
                ws.send_json({"type": "act", "seq": acted, "action": _not_concede(frame["decision"])})
            own += sync(ws)
            watched = [f for f in sync(spectator) if is_state(f)]
            manager = client.app.state.manager  # type: ignore[attr-defined]
            live = manager.tables[tid]
            # the bot may still be moving towards the seat's next decision: wait until the table rests
            deadline = time.monotonic() + 20
            while True:
                seq = live.seq
                stored = manager.store.actions(tid)
                d = live.state.decision
                if len(stored) == seq == live.seq and (d is None or d.player == 0):
                    break
                assert time.monotonic() < deadline, f"the table never came to rest: {len(stored)}, {seq}, {d}"
                time.sleep(0.05)
            watched += [f for f in sync(spectator) if is_state(f)]
            row = live.row
    game = load_game(GAME)
    state = game.new_game(seed=row.seed, players=row.players, options=row.options or None)
    by_seq: dict[int, Any] = {0: state.clone()}
    for k, raw in enumerate(stored):
        state.apply(Action.from_dict(raw))
        by_seq[k + 1] = state.clone()
    assert len(stored) == live.seq and state.view(None) == live.state.view(None)  # replays identically
    autos = [a for f in own if is_state(f) for a in f.get("auto", ())]
    assert autos and all(stored[a["seq"]] == a["action"] for a in autos)  # auto moves are stored actions
    # every frame to the spectator is what the replayed record gives it, with no trace of auto-pass
    for f in watched:
        assert "auto" not in f
        expect = state_frame(by_seq[f["seq"]], None, seq=f["seq"], log_start=f["log_start"],
                             thinking=f["thinking"], status=f["status"])
        assert f == expect
    # the seat's own frames too, apart from the list of its auto moves
    for f in own:
        if is_state(f):
            expect = state_frame(by_seq[f["seq"]], 0, seq=f["seq"], log_start=f["log_start"],
                                 thinking=f["thinking"], status=f["status"], auto=f.get("auto"))
            assert f == expect


def test_pass_until_my_turn_passes_real_decisions_and_clears_itself(sqlite_url: str) -> None:
    with make_client(sqlite_url) as client:
        created = _create(client, ["human", "heuristic"], seed=5)
        tid, token = created["table_id"], created["seats"][0]["token"]
        with client.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws:
            recv(ws)
            acted = -1
            # play until a decision that offers a pass among real options
            while True:
                frame = recv_until(ws, lambda f: is_state(f) and f["decision"] is not None and f["seq"] != acted)
                kinds = {o["kind"] for o in frame["decision"]["options"]}
                if "pass" in kinds and len(kinds) > 1:
                    break
                acted = frame["seq"]
                ws.send_json({"type": "act", "seq": acted, "action": frame["decision"]["options"][0]})
            start_turn = (frame["view"]["vars"]["turn"], frame["view"]["vars"]["active"])
            ws.send_json({"type": "prefs", "pass_until": "turn"})
            seen: list[dict[str, Any]] = []
            cleared = recv_until(ws, lambda f: f["type"] == "prefs" and f["pass_until"] is None, seen=seen)
            assert cleared["seat"] == 0
            nxt = recv_until(ws, lambda f: is_state(f) and f["decision"] is not None, seen=seen)
            moves = [a for f in seen if is_state(f) for a in f.get("auto", ())]
            assert moves and any(a["action"]["kind"] == "pass" for a in moves)
            v = nxt["view"]["vars"]
            # stopped at the seat's own next turn, or earlier at a decision that offers no pass
            assert (v["active"] == 0 and (v["turn"], v["active"]) != start_turn) or \
                "pass" not in {o["kind"] for o in nxt["decision"]["options"]}


@pytest.mark.parametrize("frame,needle", [
    ({"type": "prefs"}, "give 'full_control'"),
    ({"type": "prefs", "full_control": "yes"}, "full_control"),
    ({"type": "prefs", "full_control": None}, "true or false"),
    ({"type": "prefs", "pass_until": "forever"}, "pass_until"),
    ({"type": "prefs", "full_control": True, "stops": []}, "unknown field 'stops'"),
])
def test_bad_prefs_frames_are_refused(sqlite_url: str, frame: dict[str, Any], needle: str) -> None:
    with make_client(sqlite_url) as client:
        created = _create(client, ["human", "heuristic"])
        tid, token = created["table_id"], created["seats"][0]["token"]
        with client.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws:
            ws.send_json(frame)
            err = recv_until(ws, lambda f: f["type"] == "error")
            assert err["reason"] == "malformed" and needle in err["message"], err
        with client.websocket_connect(f"/ws/tables/{tid}?watch=1") as spectator:
            spectator.send_json({"type": "prefs", "full_control": True})
            assert recv_until(spectator, lambda f: f["type"] == "error")["reason"] == "wrong_seat"
