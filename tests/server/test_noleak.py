"""No frame tells a seat more than its view and log (TM-12): resampling what the seat cannot see
changes none of its frames, and spectators never receive a character that is still hidden."""

from __future__ import annotations

import json
import random
from typing import Any

import cardtable
from cardtable.core import State
from cardtable.games.two_mists.catalog import CHARACTER_ORDER
from cardtable.server.frames import dumps, state_frame

from .wsplay import create_table, is_state, make_client, play_first_legal, recv

GAME = cardtable.load_game("two-mists")


def _frames(state: State, seat: int | None, seq: int, log_starts: list[int]) -> list[str]:
    """Every state frame ``seat`` could receive in ``state``: on connect (log from 0), incremental, and
    in each status/thinking variant."""
    out = []
    for status, thinking in [("playing", []), ("waiting", []), ("playing", [2])]:
        for start in log_starts:
            out.append(dumps(state_frame(state, seat, seq=seq, log_start=start, thinking=thinking, status=status)))
    return out


def test_resampling_hidden_information_changes_no_frame() -> None:
    checked = 0
    for players in (3, 4):
        for seed in range(12):
            state = GAME.new_game(seed=seed, players=players)
            rng = random.Random(seed)
            previous_len: dict[int | None, int] = {}
            seq = 0
            while True:
                for seat in [None, *range(players)]:
                    starts = sorted({0, previous_len.get(seat, 0)})
                    mine = _frames(state, seat, seq, starts)
                    for k in range(2):
                        sampled = state.determinize(seat, seed=seed * 100 + k)
                        assert _frames(sampled, seat, seq, starts) == mine, \
                            f"{players}p seed {seed} seq {seq} seat {seat}: a frame depends on hidden information"
                        checked += 1
                    previous_len[seat] = len(state.log(seat))
                if state.is_terminal:
                    break
                state.apply(rng.choice(state.legal_actions()))
                seq += 1
    assert checked > 1000


def _hidden_characters(state: Any) -> set[str]:
    """Characters nobody may see yet: unrevealed seats' and the unrevealed centre card."""
    if state.is_terminal:
        return set()
    hidden = {CHARACTER_ORDER[c] for c, shown in zip(state.chars, state.revealed) if not shown}
    if not state.centre_revealed:
        hidden.add(CHARACTER_ORDER[state.centre])
    return hidden


def test_spectators_never_receive_an_unrevealed_character(sqlite_url: str) -> None:
    with make_client(sqlite_url) as client:
        games = []
        for seed, seats in [(31, ["random", "heuristic", "random", "random"]), (32, ["human", "random", "heuristic"]),
                            (33, ["human", "random", "random", "random"])]:
            created = create_table(client, seats, seed=seed)
            tid = created["table_id"]
            with client.websocket_connect(f"/ws/tables/{tid}") as watcher:
                watched = [recv(watcher)]
                if seats[0] == "human":
                    with client.websocket_connect(f"/ws/tables/{tid}?token={created['seats'][0]['token']}") as ws:
                        recv(ws)
                        play_first_legal(ws)
                last, frames = play_first_legal(watcher)
                watched += frames
            record = client.get(f"/api/tables/{tid}/record", params={"token": created["admin_token"]}).json()
            games.append((record, watched, last))

    for record, watched, last in games:
        states = [cardtable.replay({**record, "actions": record["actions"][:k]}) for k in range(len(record["actions"]) + 1)]
        hidden_at_start = _hidden_characters(states[0])
        assert len(hidden_at_start) >= 4  # the test has teeth: most characters start hidden
        assert last["status"] == "finished"
        for frame in watched:
            text = json.dumps(frame)
            hidden = _hidden_characters(states[frame["seq"]]) if is_state(frame) else hidden_at_start
            leaked = [name for name in hidden if f'"{name}"' in text]
            assert not leaked, f"a spectator frame at seq {frame.get('seq')} shows hidden {leaked}"
            if is_state(frame):
                assert frame["decision"] is None
                assert frame["view"] == states[frame["seq"]].view(None)
        # the incremental logs add up to exactly the spectator's log
        logs = [f for f in watched if is_state(f)]
        assert logs[0]["log_start"] == 0
        joined = [event for f in logs for event in f["log"]]
        assert joined == states[-1].log(None)
