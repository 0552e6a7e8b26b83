"""Client frames fuzzed: any text a client sends is either a frame or a readable ValueError, and any
action inside an act frame is either applied or refused with the rule it breaks — nothing else escapes.

The end-to-end rejection tests (test_rejections.py) show each refusal over a real socket; this one
feeds the same parsing and the engine thousands of generated inputs.
"""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

import cardtable
from cardtable.core import Action, IllegalActionError
from cardtable.server.clientframes import ActFrame, PingFrame, parse_client_frame

_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10**20) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
_KEYS = st.sampled_from(["type", "seq", "action", "player", "kind", "slot", "seat", "at", "extra"])
_FRAMES = st.dictionaries(_KEYS, _JSON | st.sampled_from(["act", "ping", "take", "point", "A1", "centre", 0, 1]),
                          max_size=4)


@settings(max_examples=400, deadline=None, derandomize=True, database=None)
@given(text=st.text(max_size=60) | _JSON.map(json.dumps) | _FRAMES.map(json.dumps))
def test_any_client_text_is_a_frame_or_a_readable_value_error(text: str) -> None:
    try:
        frame = parse_client_frame(text)
    except ValueError as err:
        assert str(err) and "Traceback" not in str(err)
    else:
        assert isinstance(frame, (ActFrame, PingFrame))


_STATE = cardtable.load_game("two-mists").new_game(seed=5, players=4)


@settings(max_examples=400, deadline=None, derandomize=True, database=None)
@given(action=_JSON | st.fixed_dictionaries(
    {"player": st.integers(-1, 4) | _JSON, "kind": st.sampled_from(["take", "pass", "target", "point", "x"]) | _JSON},
    optional={"slot": st.sampled_from(["A1", "E2", "Z9"]) | _JSON, "seat": st.integers(-1, 5) | _JSON,
              "at": st.sampled_from(["centre", 1, 9]) | _JSON}))
def test_any_action_payload_is_applied_or_refused_naming_a_rule(action: object) -> None:
    state = _STATE.clone()
    before = state.to_dict()
    try:
        state.apply(action)  # type: ignore[arg-type]
    except IllegalActionError as err:
        assert err.rule and str(err)
        assert state.to_dict() == before
    else:
        assert isinstance(Action.from_dict(action), Action) and len(state.history) == 1
