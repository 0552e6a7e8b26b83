"""Frames sent by clients (docs/protocol.md), parsed strictly with pydantic.

Why strict: a frame with an unknown field or a string where a number belongs is refused as
``malformed`` with a message naming the field, rather than half-understood; the engine then only
ever sees well-formed actions.
"""

from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, StrictBool, StrictInt, ValidationError


class ActFrame(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["act"]
    seq: StrictInt
    action: dict[str, Any]


class HintFrame(BaseModel):
    """A seat asks for a hint at its decision ``seq`` (docs/web.md, "Hints")."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["hint"]
    seq: StrictInt


class PingFrame(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["ping"]


class PrefsFrame(BaseModel):
    """A seat's stops: ``full_control`` (bool) and/or ``pass_until`` ("turn", "event" or null to cancel)."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["prefs"]
    full_control: StrictBool | None = None
    pass_until: Literal["turn", "event"] | None = None


def _frame_problem(err: ValidationError) -> str:
    parts = []
    for e in err.errors()[:3]:
        loc = ".".join(str(p) for p in e["loc"] if p not in ("ActFrame", "PingFrame", "PrefsFrame", "HintFrame"))
        if e["type"] == "extra_forbidden":
            parts.append(f"unknown field {loc!r}")
        elif e["type"] == "missing":
            parts.append(f"missing field {loc!r}")
        else:
            parts.append(f"{loc}: {e['msg']}" if loc else e["msg"])
    return "; ".join(parts)


MAX_DEPTH = 16  # no frame of the protocol nests deeper than a few levels


def json_depth_exceeds(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether ``text`` opens more than ``limit`` nested arrays/objects, counted without parsing.

    Why before ``json.loads``: the standard parser recurses once per level, and ``[[[…]]]`` of a few
    thousand levels (well under the frame limit) raises ``RecursionError`` and used to end the
    connection. Brackets inside strings are skipped.
    """
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return True
        elif ch in "]}":
            depth -= 1
    return False


def parse_client_frame(text: str) -> ActFrame | PingFrame | PrefsFrame | HintFrame:
    """Parse one client frame or raise ``ValueError`` with a message a person can act on."""
    if text.count("[") + text.count("{") > MAX_DEPTH and json_depth_exceeds(text):
        raise ValueError(f"the frame nests arrays or objects more than {MAX_DEPTH} levels deep")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise ValueError(f"the frame is not valid JSON ({err.msg} at character {err.pos})") from None
    except RecursionError:  # pragma: no cover - the depth check comes first
        raise ValueError("the frame nests arrays or objects too deeply") from None
    if not isinstance(data, dict):
        raise ValueError("a frame must be a JSON object such as {\"type\": \"ping\"}")
    kind = data.get("type")
    if kind == "act":
        # the well-formed act frame, checked by hand (pydantic is only needed to explain a bad one)
        if len(data) == 3 and type(data.get("seq")) is int and type(data.get("action")) is dict:
            return ActFrame.model_construct(type="act", seq=data["seq"], action=data["action"])
        try:
            return ActFrame.model_validate(data)
        except ValidationError as err:
            raise ValueError(f"bad act frame: {_frame_problem(err)}") from None
    if kind == "ping":
        try:
            return PingFrame.model_validate(data)
        except ValidationError as err:
            raise ValueError(f"bad ping frame: {_frame_problem(err)}") from None
    if kind == "prefs":
        try:
            frame = PrefsFrame.model_validate(data)
        except ValidationError as err:
            raise ValueError(f"bad prefs frame: {_frame_problem(err)}") from None
        if not {"full_control", "pass_until"} & frame.model_fields_set:
            raise ValueError("bad prefs frame: give 'full_control' (true/false) and/or 'pass_until' "
                             "(\"turn\", \"event\" or null)")
        if "full_control" in frame.model_fields_set and frame.full_control is None:
            raise ValueError("bad prefs frame: full_control: must be true or false")
        return frame
    if kind == "hint":
        try:
            return HintFrame.model_validate(data)
        except ValidationError as err:
            raise ValueError(f"bad hint frame: {_frame_problem(err)}") from None
    raise ValueError(f"unknown frame type {kind!r}; expected \"act\", \"hint\", \"ping\" or \"prefs\"")
