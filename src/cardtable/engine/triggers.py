"""Abilities, the trigger procedure for one event, and action/response windows.

The procedure for an event E (the shape all three card games share; each game's order rules plug in):

1. *interrupts* naming E are offered, active player first, alternating, until every player has
   passed in succession; one may cancel E (``cancel_event``) or replace it;
2. unless cancelled, E happens (the game's ``perform``);
3. the game's state checks run;
4. *forced* abilities triggered by E resolve — when several, a player the game names orders them;
5. *reactions* to E are offered like interrupts (or queued, if the game says so, e.g. during a
   phase in which no window may open).

Each ability used is itself a sequence of frames the game pushes (``use_ability``), so anything it
does goes through this same procedure.

**Who is asked.** A window asks a player if he has a usable option — or if he holds hidden cards
and the game says, from public facts only, that such cards could answer E (``hidden_could_answer``).
Asking only players with a real option would tell the others, through whose turn it is, that they
hold one. Front-ends and bots may auto-pass when the only option is "pass".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Sequence

from ..core import Action, Decision, shared_action
from ..core.actions import DECISION_SETTERS
from .frames import Frame, freeze, thaw
from .modifiers import is_used, mark_used
from .ops import Op, OpTable
from .prompts import Order

if TYPE_CHECKING:
    from .state import CardState

INTERRUPT, FORCED, REACTION, ACTION, PASSIVE = "interrupt", "forced", "reaction", "action", "passive"

EventData = tuple[tuple[str, Any], ...]


@dataclass(frozen=True, slots=True)
class Ability:
    """One compiled ability of a card definition (built once, at card-data load; never in a state).

    ``when`` tests a triggering event (``(st, source, kind, data) -> bool``); ``condition`` whether it
    may be used now (``(st, source, player) -> bool``); ``limit`` the timing that resets its use (e.g.
    "end_of_turn"); ``zones`` where the source must be for it to work (``{p}`` = its controller; None
    means in play); ``program`` is the game's compiled effect, opaque to the engine.
    """

    kind: str
    index: int
    event: str | None = None
    when: Callable[..., bool] | None = None
    condition: Callable[..., bool] | None = None
    limit: str | None = None
    optional: bool = True
    zones: tuple[str, ...] | None = None
    program: Any = None
    text: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


def source_in_place(st: "CardState", source: int, ability: Ability) -> bool:
    t = st.table
    if ability.zones is None:
        return t.in_play(source)
    here = t.zone_name(source)
    return any(here == z.format(p=t.ctrl[source]) for z in ability.zones)


def usable(st: "CardState", player: int, source: int, ability: Ability, kind: str | None = None,
           data: EventData = ()) -> bool:
    """May ``player`` use ``ability`` of ``source`` now (for E = ``kind``/``data``, if it triggers)?"""
    t = st.table
    if t.ctrl[source] != player or not source_in_place(st, source, ability):
        return False
    if ability.limit is not None and is_used(st, source, ability.index, ability.limit):
        return False
    if kind is not None and (ability.event != kind or (ability.when is not None and not ability.when(st, source, kind, dict(data)))):
        return False
    if ability.condition is not None and not ability.condition(st, source, player):
        return False
    return st.can_use(player, source, ability, kind, data)


def matching(st: "CardState", ability_kind: str, player: int | None, kind: str | None, data: EventData = ()) -> list[tuple[int, Ability]]:
    """(source, ability) pairs of ``ability_kind`` usable now (by ``player``, or by anyone if None)."""
    if not st.may_trigger(ability_kind, kind):
        return []
    defs = st.trigger_defs(ability_kind, kind)
    if defs is not None and not defs:
        return []
    sources = st.trigger_sources() if defs is None else st.trigger_sources_for(defs)
    if not sources:
        return []
    out = []
    t = st.table
    ctrl, zone, in_play_zone, abilities_of, used = t.ctrl, t.zone, t.in_play_zone, st.abilities_of, st.used
    ev: dict[str, Any] | None = None
    # ``usable`` inlined, its tests in its order (this runs for every event and window)
    for i in sources:
        who = ctrl[i]
        if player is not None and who != player:
            continue  # (before its abilities are listed: half the sources are the other seats')
        for ab in abilities_of(i):
            if ab.kind != ability_kind:
                continue
            if ab.zones is None:
                if not in_play_zone[zone[i]]:
                    continue
            elif not source_in_place(st, i, ab):
                continue
            if ab.limit is not None and (i, ab.index, ab.limit) in used:
                continue
            if kind is not None:
                if ab.event != kind:
                    continue
                if ab.when is not None:
                    if ev is None:
                        ev = dict(data)
                    if not ab.when(st, i, kind, ev.copy()):
                        continue
            if ab.condition is not None and not ab.condition(st, i, who):
                continue
            if st.can_use(who, i, ab, kind, data):
                out.append((i, ab))
    return out


def begin_use(st: "CardState", player: int, source: int, ability: Ability, kind: str | None, data: EventData) -> None:
    """Mark the limit and hand over to the game, which pushes the ability's frames."""
    if ability.limit is not None:
        mark_used(st, source, ability.index, ability.limit)
    st.use_ability(player, source, ability, kind, data)


_PLAIN = (int, str, bool, type(None))


def emit(st: "CardState", kind: str, **data: Any) -> None:
    """Push event ``kind``: the full procedure (interrupts, perform, checks, forced, reactions) runs next.

    The frame is ``st.push(EventOp.name, kind=kind, data=..., stage="interrupt", cancelled=False)``
    built directly: each value is frozen on its own, so the sorted pairs need no second walk (the
    hottest push of every card game), and when every value is plain already they are kept as sorted."""
    frame = Frame.__new__(Frame)
    frame.op, frame.got = EventOp.name, None
    pairs = sorted(data.items())
    for _k, v in pairs:
        if type(v) not in _PLAIN:  # a value to freeze (seldom): the pairs are built again
            pairs = [(k, v if type(v) in _PLAIN else freeze(v)) for k, v in pairs]
            break
    frame.args = {"kind": kind if type(kind) is str else freeze(kind), "data": tuple(pairs),
                  "stage": "interrupt", "cancelled": False}
    st.stack.append(frame)


def cancel_event(st: "CardState") -> bool:
    """Cancel the event whose interrupts are being resolved (the nearest one still to happen)."""
    for k in range(len(st.stack) - 1, -1, -1):
        f = st.stack[k]
        if f.op == EventOp.name and f["stage"] in ("interrupt", "perform") and not f["cancelled"]:
            st.stack[k] = f.evolve(cancelled=True)
            return True
    return False


def event_args(frame: Frame) -> dict[str, Any]:
    return dict(frame["data"])


class EventOp(Op["CardState"]):
    """Runs the trigger procedure for one event (module docstring). Args: kind, data, stage, cancelled."""

    name = "engine.event"

    def run(self, st: "CardState", frame: Frame) -> None:
        """Walk the stages in one call while nothing needs a frame of its own (the common case)."""
        args = frame.args
        stage, kind, data = args["stage"], args["kind"], args["data"]
        # each asking stage is skipped for a kind its gate leaves out (``CardState.event_gates``): its answer is no
        gates = st.event_gates()
        if stage == "interrupt":
            if (gates is None or kind in gates[0]) and st.respondable(INTERRUPT, kind, data):
                st.replace(frame.evolve(stage="perform"))
                first = st.first_to_respond()
                _push_window(st, INTERRUPT, first if type(first) is int else freeze(first), (kind, data))
                return
            stage = "perform"
        if stage == "perform":
            if args["cancelled"]:
                st.pop()
                st.note("cancelled", {"event": kind, **{k: thaw(v) for k, v in data}})
                return
            stack = st.stack
            depth = len(stack)
            checking = Frame.__new__(Frame)  # ``frame.evolve(stage="checks")``, built directly (every event)
            checking.op, checking.args, checking.got = frame.op, {**args, "stage": "checks"}, None
            stack[-1] = checking
            st.perform(kind, dict(data))
            if len(st.stack) != depth or st._decision is not None or st._outcome is not None:
                return
            # The checks run on that same frame, not on one evolved to "forced" first: nothing reads an
            # event frame's stage but this op (and ``cancel_event``, for which both are past), so the
            # copy is made only when the checks stop the walk — the stack then holds what it always did.
            st.state_checks_after(kind)
            stack = st.stack
            if len(stack) != depth or st._decision is not None or st._outcome is not None:
                if len(stack) >= depth and stack[depth - 1] is checking:
                    stack[depth - 1] = frame.evolve(stage="forced")
                return
            stage = "forced"
        elif stage == "checks":
            depth = len(st.stack)
            st.replace(frame.evolve(stage="forced"))
            st.state_checks_after(kind)
            if len(st.stack) != depth or st._decision is not None or st._outcome is not None:
                return
            stage = "forced"
        if stage == "forced":
            found = matching(st, FORCED, None, kind, data) if gates is None or kind in gates[1] else []
            if found:
                refs = ability_refs(found)
                st.replace(frame.evolve(stage="forced_order", refs=refs).receive(tuple(range(len(refs)))))
                if len(refs) > 1:
                    st.push(Order.name, player=st.orderer(kind), items=tuple(range(len(refs))), ordered=(),
                            kind="order_forced", prompt="Order the forced effects (the first chosen resolves first)")
                return
            stage = "reaction"
        if stage == "forced_order":
            refs, order = args["refs"], frame.got or ()
            st.replace(frame.evolve(stage="reaction", refs=()))
            for k in reversed(order):
                source, index = refs[k]
                begin_use(st, st.table.ctrl[source], source, st.abilities_of(source)[index], kind, data)
            return
        if stage == "reaction":
            st.stack.pop()  # (``st.pop()``)
            if (gates is None or kind in gates[2]) and st.respondable(REACTION, kind, data):
                if st.defer_reactions(kind, data):
                    return
                first = st.first_to_respond()
                _push_window(st, REACTION, first if type(first) is int else freeze(first), (kind, data))


_new_decision = object.__new__  # ``WindowOp.run``'s construction of a ``Decision`` (with ``DECISION_SETTERS``)
_set_player, _set_kind, _set_prompt, _set_options = DECISION_SETTERS

_PASSES: dict[int, Action] = {}
_WINDOW_KINDS: dict[str, str] = {}  # window name -> its decisions' kind, "window:<name>" (built once per name)


def _pass(player: int) -> Action:
    """``Action(player, "pass")``, built once per seat (actions are values: a shared one is the same action)."""
    action = _PASSES.get(player)
    if action is None:
        action = _PASSES[player] = Action(player, "pass")
    return action


def open_window(st: "CardState", name: str, first: int, event: tuple[str, EventData] | None = None) -> None:
    """Push a window: priority from ``first``, closes when every player has passed in succession.

    The frame is ``st.push(WindowOp.name, name=name, player=first, passes=0, event=event, answered=())``
    built directly, like ``emit``'s: only the event (if any) needs freezing."""
    _push_window(st, name if type(name) is str else freeze(name), first if type(first) is int else freeze(first),
                 None if event is None else freeze(event))


def _push_window(st: "CardState", name: str, first: int, event: Any) -> None:
    """``open_window``'s frame from frame values (nothing to freeze): the event procedure opens its windows
    with ``(kind, data)`` read from its own frame, frozen already, so they skip the walk over the data."""
    frame = Frame.__new__(Frame)
    frame.op, frame.got = WindowOp.name, None
    frame.args = {"name": name, "player": first, "passes": 0, "event": event, "answered": ()}
    st.stack.append(frame)


class WindowOp(Op["CardState"]):
    """A window of alternating priority. Args: name, player (who has priority), passes, event, answered.

    ``answered`` lists the (source, ability) pairs already used in this window: an interrupt or a
    reaction answers one occurrence of its event once, however often priority comes back round.

    For ``interrupt`` and ``reaction`` windows the options are the usable abilities of that kind
    answering ``event``; for any other name they are the game's ``window_actions``. Options are
    ``use card= ability=`` (abilities) or the game's own actions, plus ``pass``.
    """

    name = "engine.window"

    def run(self, st: "CardState", frame: Frame) -> None:
        args = frame.args
        p, name, event = args["player"], args["name"], args["event"]
        # the options: the answering abilities not used in this window yet, or the game's own window listing
        if name in (INTERRUPT, REACTION) and event is not None:
            found = matching(st, name, p, event[0], event[1])
            if found:
                answered = args.get("answered") or ()
                options = [shared_action(p, "use", (("ability", ab.index), ("card", i))) for i, ab in found
                           if (i, ab.index) not in answered]
            else:
                options = []
        else:
            options = st.window_options(name, p)
        if not options and not st.hidden_could_answer(p, name, event[0] if event is not None else None):
            self._passed(st, frame)  # nobody could answer: no question (see ``_must_ask``)
            return
        kind = _WINDOW_KINDS.get(name)
        if kind is None:
            kind = _WINDOW_KINDS[name] = f"window:{name}"
        # ``st.ask`` inlined, its ``Decision`` built the same way (the frozen dataclass's ``__init__`` without its
        # per-field indirection): the options are never empty (``pass`` is always one)
        d = _new_decision(Decision)
        _set_player(d, p)
        _set_kind(d, kind)
        _set_prompt(d, st.window_prompt(name, p, event))
        pass_ = _PASSES.get(p)  # (``_pass``, its common case read inline: every window decision)
        _set_options(d, (*options, pass_ if pass_ is not None else _pass(p)))
        st._decision = d

    @staticmethod
    def _must_ask(st: "CardState", frame: Frame, p: int) -> bool:
        """Ask even without options when hidden cards could answer (see the module docstring)."""
        args = frame.args
        name, event = args["name"], args["event"]
        kind = event[0] if event is not None else None
        return st.hidden_could_answer(p, name, kind)

    @staticmethod
    def _passed(st: "CardState", frame: Frame) -> None:
        """The seat passes: the window closes once every seat in a row has, else the next seat is asked."""
        args = frame.args
        passes = args["passes"] + 1
        if passes >= st.players:
            st.stack.pop()
            st.window_closed(args["name"])
        else:
            st.stack[-1] = frame.evolve(player=(args["player"] + 1) % st.players, passes=passes)

    def answer(self, st: "CardState", frame: Frame, action: Action) -> None:
        args = frame.args
        if action.kind == "pass":
            self._passed(st, frame)
            return
        p = args["player"]
        st.replace(frame.evolve(player=(p + 1) % st.players, passes=0))
        if action.kind == "use":
            source, index = action.get("card"), action.get("ability")
            assert isinstance(source, int) and isinstance(index, int)
            ab = st.abilities_of(source)[index]
            event = args["event"]
            kind, data = (event[0], event[1]) if event is not None else (None, ())
            if event is not None:  # an ability answers one occurrence of its event once
                st.replace(st.stack[-1].evolve(answered=(*(args.get("answered") or ()), (source, index))))
            begin_use(st, p, source, ab, kind, data)
        else:
            st.start_action(args["name"], action)


TRIGGERS = OpTable()
TRIGGERS.add(EventOp())
TRIGGERS.add(WindowOp())


def ability_refs(found: Sequence[tuple[int, Ability]]) -> tuple[tuple[int, int], ...]:
    return tuple((i, ab.index) for i, ab in found)
