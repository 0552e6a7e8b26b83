"""Count the decisions that reach a human seat over the protocol (issue 23), with auto-pass or in full control.

The human seat is played by the heuristic bot through the WebSocket, as a person would answer what the
server asks; the other seat is the server's heuristic bot. Run as a script to print the figures:
``PYTHONPATH=src python tests/server/autopass_measure.py`` (a temporary SQLite file is used).
"""

from __future__ import annotations

import sys
import tempfile
from dataclasses import dataclass, field
from typing import Any

from cardtable.bots import make_bot
from cardtable.core import Action, Decision

try:
    from .wsplay import is_state, make_client, recv
except ImportError:  # run as a script
    from wsplay import is_state, make_client, recv  # type: ignore[no-redef]

GAMES = ("call-of-cthulhu", "million-arthur", "mythos")
PASS_KINDS = {"pass", "decline"}


@dataclass
class Count:
    decisions: int = 0  # decisions that reached the human
    single: int = 0  # ... with a single option
    pass_only: int = 0  # ... whose every option passes
    auto: int = 0  # moves the server took for the human
    first_real: int | None = None  # decisions answered before the first with a real choice
    kinds: dict[str, int] = field(default_factory=dict)
    frames: list[dict[str, Any]] = field(default_factory=list)

    def line(self, game: str, label: str) -> str:
        return (f"{game:16} {label:13} decisions reaching the human {self.decisions:4}, single-option "
                f"{self.single:3}, pass-only {self.pass_only:3}, taken automatically {self.auto:4}, "
                f"answered before the first real choice {self.first_real}")


def to_decision(d: dict[str, Any]) -> Decision:
    return Decision(d["player"], d["kind"], d["prompt"], tuple(Action.from_dict(o) for o in d["options"]))


def play(db_url: str, game: str, *, seed: int = 3, full_control: bool = False, max_decisions: int = 80,
         keep_frames: bool = False) -> Count:
    """Play the human seat 0 for up to ``max_decisions`` decisions; returns what reached it."""
    count = Count()
    chooser = make_bot("heuristic", game, seed)
    with make_client(db_url) as client:
        resp = client.post("/api/tables", json={"game": game, "players": 2, "seats": ["human", "heuristic"],
                                                "seed": seed, "practice": True})
        assert resp.status_code == 201, resp.text
        body = resp.json()
        with client.websocket_connect(f"/ws/tables/{body['table_id']}?token={body['seats'][0]['token']}") as ws:
            hello = recv(ws)
            assert hello["type"] == "hello"
            if full_control:
                ws.send_json({"type": "prefs", "full_control": True})
            acted = -1
            while count.decisions < max_decisions:
                frame = recv(ws, 60)
                assert frame["type"] != "error", frame
                if keep_frames:
                    count.frames.append(frame)
                if not is_state(frame):
                    continue
                count.auto += len(frame.get("auto", ()))
                if frame["status"] == "finished":
                    break
                d = frame["decision"]
                if d is None or frame["seq"] == acted:
                    continue
                acted = frame["seq"]
                count.decisions += 1
                kinds = {o["kind"] for o in d["options"]}
                count.kinds[d["kind"]] = count.kinds.get(d["kind"], 0) + 1
                if len(d["options"]) == 1:
                    count.single += 1
                elif kinds <= PASS_KINDS:
                    count.pass_only += 1
                elif count.first_real is None:
                    count.first_real = count.decisions - 1
                action = chooser.act(frame["view"], to_decision(d))
                ws.send_json({"type": "act", "seq": frame["seq"], "action": action.to_dict()})
    return count


def main() -> None:
    games = sys.argv[1:] or list(GAMES)
    with tempfile.TemporaryDirectory() as tmp:
        for game in games:
            for label, full in (("full control", True), ("auto-pass", False)):
                c = play(f"sqlite:///{tmp}/{game}-{label[0]}.db", game, full_control=full, max_decisions=10_000)
                print(c.line(game, label), flush=True)


if __name__ == "__main__":
    main()
