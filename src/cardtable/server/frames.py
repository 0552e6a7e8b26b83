"""The frames of docs/protocol.md, built as plain dicts from what one seat may know.

Why a module of pure functions: the no-leak guarantee of the web table is that every seat-facing
payload comes from ``state.view(seat)`` and ``state.log(seat)`` only. Keeping frame construction here,
away from sockets and locks, lets a test build every frame a seat would receive and check that
resampling everything hidden from that seat (``state.determinize``) changes none of them.
"""

from __future__ import annotations

import json
from typing import Any, Iterable

from ..core import State
from ..engine.presentation import LogWords, log_words
from ..engine.whynot import why_not
from .autopass import presentation_for

MAX_FRAME_BYTES = 16 * 1024


_orjson: Any
try:  # optional speed-up: orjson encodes a frame several times faster than the standard library
    import orjson as _orjson
except ImportError:  # pragma: no cover - depends on what is installed
    _orjson = None


def _dumps_std(obj: Any) -> str:
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


def _dumps_orjson(obj: Any) -> str:
    try:  # frames nearly always have string keys only, and orjson is about twice as fast without the option
        return str(_orjson.dumps(obj).decode())
    except TypeError:  # a non-string key (or something orjson cannot encode, which raises again below)
        return str(_orjson.dumps(obj, option=_orjson.OPT_NON_STR_KEYS).decode())


dumps = _dumps_std if _orjson is None else _dumps_orjson
dumps.__doc__ = "Compact JSON, the wire format of every frame (orjson when installed, else the standard library)."


def decision_for(state: State, seat: int | None, status: str) -> dict[str, Any] | None:
    """The pending decision, only for the seat that must take it and only while the table plays."""
    decision = state.decision
    if seat is None or decision is None or decision.player != seat or status != "playing":
        return None
    return decision.to_dict()


def state_frame(
    state: State,
    seat: int | None,
    *,
    seq: int,
    log_start: int,
    thinking: Iterable[int],
    status: str,
    view: dict[str, Any] | None = None,
    log: list[dict[str, Any]] | None = None,
    auto: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """A ``state`` frame for ``seat`` holding its log from ``log_start`` on.

    ``seq`` (the number of actions so far, public) is passed in rather than read from the state's
    history, so the frame depends on nothing but the seat's view and log.

    ``view``/``log`` may be passed when already computed for this seat (a broadcast computes them
    once per seat, not once per connection); they must be ``state.view(seat)``/``state.log(seat)``.
    ``auto`` (the seat's own frames only): the moves the server took for this seat since its previous
    frame (auto-pass); the key is left out when there are none, so other seats' frames do not change.
    ``why_not`` (the deciding seat's frame only, when some card in its hand cannot be played now): the
    engine's refusal of playing each such card, computed on a state rebuilt from the seat's view and log
    (:mod:`cardtable.engine.whynot`), so it holds nothing the view does not.
    """
    if view is None:
        view = state.view(seat)
    if log is None:
        log = state.log(seat)
    outcome = state.outcome
    frame = {
        "type": "state",
        "seq": seq,
        "view": view,
        "log": log[log_start:],
        "log_start": log_start,
        "decision": decision_for(state, seat, status),
        "thinking": sorted(thinking),
        "status": status,
        "outcome": None if outcome is None else outcome.to_dict(),
    }
    words = log_words(state.game.info.id)
    if words is not None:
        frame["lines"] = log_lines_for(words, log, view, seat, log_start)
    if auto:
        frame["auto"] = list(auto)
    if frame["decision"] is not None:
        reasons = why_not(state, seat, presentation_for(state.game.info.id), view)
        if reasons:
            frame["why_not"] = reasons
    return frame


def log_lines_for(words: LogWords, log: list[dict[str, Any]], view: dict[str, Any], seat: int | None,
                  log_start: int) -> list[list[Any]]:
    """``[head, text]`` for each event of ``log[log_start:]``: the shared log sentences of a card game as
    the seat reads them ("you", its cards by title), which the terminal prints too. ``head`` is the index of
    the log line that shows the event: its own, or the first of a run of repeated events it joins (that
    line then reads ``text``, and the event has no line of its own). Built from the seat's log and view
    only, like everything else in the frame."""
    return [[head, text] for head, text in words.lines(log, view, seat, start=log_start)]


def undealt_frame(needs_deck: list[int], status: str = "waiting") -> dict[str, Any]:
    """The ``state`` frame of a table not dealt yet (seats still choose their decks on joining): no view,
    no log and no decision for anyone, so nothing hidden exists to leak; ``needs_deck`` lists the seats
    still to join with a deck."""
    return {"type": "state", "seq": 0, "view": None, "log": [], "log_start": 0, "decision": None, "thinking": [],
            "status": status, "outcome": None, "needs_deck": list(needs_deck)}


def hello_frame(seat: int | None, summary: dict[str, Any], game_id: str,
                prefs: dict[str, Any] | None = None) -> dict[str, Any]:
    """``prefs`` (a seat's own connection only): its stops, ``{"full_control", "pass_until"}``."""
    out = {"type": "hello", "seat": seat, "table": summary, "game": game_id}
    if prefs is not None:
        out["prefs"] = prefs
    return out


def prefs_frame(seat: int, prefs: dict[str, Any]) -> dict[str, Any]:
    """A seat's stops changed (it asked, or a pass-until mode was reached): to that seat's connections only."""
    return {"type": "prefs", "seat": seat, **prefs}


def error_frame(reason: str, message: str, rule: str | None = None) -> dict[str, Any]:
    return {"type": "error", "reason": reason, "message": message, "rule": rule}


PONG = dumps({"type": "pong"})
