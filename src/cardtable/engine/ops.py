"""Operations: what runs a frame, and the table a game registers them in.

Why ops are looked up by name: a frame on the stack must stay plain data (see ``frames.py``), so it
names its op; the op is a stateless object the game registers once. An op either finishes its frame
(``st.pop``/``st.ret``), replaces it with the next step (``st.replace``), pushes child frames, or asks a
decision (``st.ask``) — in which case ``answer`` is called with the chosen action.

Rule for every op, which makes a saved or sampled state resumable: ``run`` must not change the state
before it asks. A frame that is waiting for an answer can then be run again after loading and will
ask the very same question.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Generic, TypeVar

from ..core import Action, IllegalActionError

if TYPE_CHECKING:
    from ..core import Rng
    from .frames import Frame
    from .state import CardState


StepFn = TypeVar("StepFn", bound=Callable[..., None])
S = TypeVar("S", bound="CardState")


class Op(Generic[S]):
    """Base of every op. Subclasses implement ``run`` and, if they ask, ``answer``.

    Generic in the state class, so a game's op may take its own state type (``Op[MyState]``).
    """

    name = "op"

    def run(self, st: S, frame: "Frame") -> None:
        raise NotImplementedError

    def answer(self, st: S, frame: "Frame", action: Action) -> None:
        raise IllegalActionError("ENGINE-1", f"{self.name} does not take answers")

    def sample(self, st: S, frame: "Frame", rng: "Rng") -> Any:
        """For secret choices: a value this frame could have returned, drawn with ``rng``."""
        raise NotImplementedError(f"{self.name} cannot be resampled")


class FunctionOp(Op[Any]):
    """An op that never asks: one function doing one step (the common case for game steps)."""

    def __init__(self, name: str, fn: Callable[[Any, "Frame"], None]) -> None:
        self.name = name
        self.fn = fn
        # ``op.run(st, frame)`` calls the step itself (an instance attribute is not bound): no wrapper call per step
        self.run = fn  # type: ignore[method-assign, assignment]

    def run(self, st: "CardState", frame: "Frame") -> None:
        self.fn(st, frame)


class HiddenPick(Op[S]):
    """A choice among the chooser's own hidden cards, one ``pick`` at a time, then ``done``.

    The picks so far live in the chooser's secrets (``st.secrets[player]``), so the public stack names
    no hidden card; a game's ``run`` offers the fitting cards left (and ``done``) and calls ``_finish``
    at its maximum. ``done`` returns the picked cards to the frame beneath (``st.ret``)."""

    def answer(self, st: S, frame: Any, action: Any) -> None:
        p = frame["player"]
        chosen = tuple(st.secrets.get(p, ()))
        if action.kind == "done":
            self._finish(st, frame, chosen)
        else:
            st.secrets[p] = chosen + (action.get("card"),)

    @staticmethod
    def _finish(st: Any, frame: Any, chosen: tuple[Any, ...]) -> None:
        st.secrets.pop(frame["player"], None)
        st.ret(chosen)  # the frame beneath uses it at once (the cards leave the hidden zone, or are revealed)


class OpTable:
    """The ops a game uses: the engine's own plus the game's. Names are unique."""

    def __init__(self, *tables: "OpTable") -> None:
        self.ops: dict[str, Op[Any]] = {}
        # name -> the op's ``run``, bound once: the engine loop calls ``runs[frame.op](st, frame)`` at every
        # step instead of looking the method up and binding it again (ops are stateless and registered
        # once, so the bound method is the op's for good)
        self.runs: dict[str, Callable[[Any, "Frame"], None]] = {}
        for table in tables:
            for op in table.ops.values():
                self.add(op)

    def add(self, op: Op[Any]) -> Op[Any]:
        if op.name in self.ops:
            raise ValueError(f"op {op.name!r} is registered twice")
        self.ops[op.name] = op
        self.runs[op.name] = op.run
        return op

    def step(self, name: str) -> Callable[[StepFn], StepFn]:
        """Decorator: register a function ``(state, frame) -> None`` as a non-asking op called ``name``."""
        def register(fn: StepFn) -> StepFn:
            self.add(FunctionOp(name, fn))
            return fn
        return register

    def __getitem__(self, name: str) -> Op[Any]:
        return self.ops[name]

    def __contains__(self, name: str) -> bool:
        return name in self.ops
