"""Frames: the units of work on a card game's resolution stack.

Why frames are plain values: the stack is part of the game state, so it must clone by copying a list,
serialise to JSON and compare by value. A frame therefore holds only the *name* of the operation that
runs it (looked up in the game's op table, never a callable) and a small, immutable set of arguments.
A frame is never changed in place; an op replaces it with an evolved copy.
"""

from __future__ import annotations

from typing import Any, Iterator, Mapping

Value = Any  # int | str | bool | None | tuple[Value, ...] — checked by ``freeze``


def freeze(value: Any) -> Value:
    """Turn JSON data back into frame values (lists become tuples), refusing anything else."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if type(value) is tuple and _frozen(value):
        return value  # already a frame value (the common case on the hot path)
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    raise ValueError(f"a frame value must be an int, a string, a bool, null or a list of them, not {type(value).__name__}")


def _frozen(value: tuple[Any, ...]) -> bool:
    """Is this tuple already a frame value (only None, ints, strings, bools and such tuples, nested)?"""
    for v in value:
        t = type(v)
        if t is tuple:
            if not _frozen(v):
                return False
        elif not (v is None or t is int or t is str or t is bool):
            return False
    return True


def thaw(value: Value) -> Any:
    """Frame values as JSON data (tuples become lists)."""
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    return value


class Frame:
    """``op`` names the handler; ``args`` are its named arguments; ``got`` is what a child frame returned."""

    __slots__ = ("op", "args", "got")

    def __init__(self, op: str, args: Mapping[str, Value] | None = None, got: Value = None) -> None:
        self.op = op
        self.args: dict[str, Value] = dict(args or {})
        self.got = got

    def __getitem__(self, key: str) -> Value:
        return self.args[key]

    def get(self, key: str, default: Value = None) -> Value:
        return self.args.get(key, default)

    def evolve(self, **changes: Value) -> "Frame":
        """A copy with some arguments changed (and the child's result cleared)."""
        frame = Frame.__new__(Frame)
        frame.op, frame.args, frame.got = self.op, {**self.args, **changes}, None
        return frame

    def receive(self, value: Value) -> "Frame":
        """A copy holding ``value`` as the result handed up by the frame that just finished.

        The copy shares this frame's ``args`` dict: no frame's arguments are ever changed in place
        (an op replaces its frame with an evolved copy), so two frames may hold the same dict."""
        frame = Frame.__new__(Frame)
        frame.op, frame.args, frame.got = self.op, self.args, value
        return frame

    def __iter__(self) -> Iterator[str]:
        return iter(self.args)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Frame) and (self.op, self.args, self.got) == (other.op, other.args, other.got)

    def __hash__(self) -> int:  # frames are compared, rarely hashed; keep it consistent with __eq__
        return hash((self.op, tuple(sorted(self.args.items())), self.got))

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.args.items())
        got = "" if self.got is None else f" got={self.got!r}"
        return f"<{self.op} {args}{got}>"

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"op": self.op, "args": {k: thaw(v) for k, v in self.args.items()}}
        if self.got is not None:
            d["got"] = thaw(self.got)
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "Frame":
        op, args = d.get("op"), d.get("args", {})
        if not isinstance(op, str) or not isinstance(args, Mapping):
            raise ValueError("a frame needs a string 'op' and a mapping 'args'")
        return cls(op, {str(k): freeze(v) for k, v in args.items()}, freeze(d.get("got")))
