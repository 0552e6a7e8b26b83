"""Build exact Million Arthur situations for tests: cards where a test wants them, then run to the first
decision.

Why: a rule test should state its situation in a few lines (who holds what, what stands in which
area, where in the turn the game is) instead of playing a seeded game until it happens by chance.
``build`` lays out the table with real pool cards (by id or name), puts the turn frame at the stage
``at`` (a stage of ``ma.turn``: ``begin``, ``draw``, ``charge``, ``first``, ``second``, ``attack``,
``chain_t``, ``refresh_triggers``, ``refresh``, ``clean_hand_t``, ``end``; or ``setup``: the end of
setup, where ``game_start`` fires before turn 1 begins) and runs the engine to the first decision::

    sc = build(battle=([K("Cinder Page")], ["Moss Warden"]), at="attack")
    sc.act("act", card=sc.id("Cinder Page"))
    sc.act("done")                        # N declares no blockers

Decks are listed top card first; every other zone bottom (oldest) first. A knight is a name or a
``K`` (with ``rested`` and the cards ``under`` it, bottom first); a chain card a name or ``Ch``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from ...core import Action, IllegalActionError
from ...engine import EXHAUSTED, FACE_DOWN
from . import DEFINITION
from .state import MaState, colour_bit, zones_for

FILLER = "Harbour Duelist"  # a vanilla blue knight without a burst icon: the default deck content
LEADERS = ("Arthur of the Ember Road", "Arthur of the Gilded Ledger")


@dataclass(frozen=True)
class K:
    """A knight in a base or battle area: its top card, rested or not, and the cards under it."""

    ref: str
    rested: bool = False
    under: tuple[str, ...] = ()


@dataclass(frozen=True)
class Ch:
    """A chain card, face up or face down."""

    ref: str
    down: bool = False


@dataclass
class Scenario:
    st: MaState
    ids: dict[str, list[tuple[str, int]]] = field(default_factory=dict)  # name -> [(zone, id)]

    def id(self, ref: str, zone: str | None = None, n: int = 0) -> int:
        """The id of the ``n``-th placed card ``ref`` in ``zone`` (default: any zone but a deck)."""
        name = DEFINITION.pool[DEFINITION.pool.index(ref)].name
        found = [i for z, i in self.ids.get(name, []) if z == zone or zone is None and not z.startswith("deck")]
        if len(found) <= n:
            raise KeyError(f"no card {ref!r} #{n} placed{' in ' + zone if zone else ''}")
        return found[n]

    def act(self, kind: str, **params: Any) -> None:
        act(self.st, kind, **params)

    def refuse(self, kind: str, **params: Any) -> IllegalActionError:
        d = self.st.decision
        assert d is not None
        return refuse(self.st, Action(d.player, kind, tuple(sorted(params.items()))))

    def block(self, *cards: int) -> None:
        """Declare these blockers at the open block decision, then ``done`` if it is still asked."""
        d = self.st.decision
        assert d is not None and d.kind == "block", f"not at a block decision: {d}"
        for c in cards:
            self.act("pick", card=c)
        if self.st.decision is not None and self.st.decision.kind == "block":
            self.act("done")

    def kinds(self) -> set[str]:
        return {o.kind for o in self.st.legal_actions()}


def act(st: MaState, kind: str, **params: Any) -> None:
    """Apply the legal option of ``kind`` with ``params`` (fails loudly, listing the options, if none)."""
    d = st.decision
    for option in st.legal_actions():
        if option.kind == kind and all(option.get(k) == v for k, v in params.items()) \
                and len(option.params) == len(params):
            st.apply(option)
            return
    raise AssertionError(f"no legal {kind} {params} at {d.kind if d else None}; "
                         f"options: {[str(o) for o in st.legal_actions()]}")


def refuse(st: MaState, action: Action) -> IllegalActionError:
    """Apply an action that must be refused; return the error after checking nothing changed."""
    before = st.to_dict()
    try:
        st.apply(action)
    except IllegalActionError as err:
        assert st.to_dict() == before, "a refused action changed the state"
        return err
    raise AssertionError(f"{action} was accepted")


PerSeat = Sequence[Sequence[Any]]


def build(*, hands: PerSeat = ((), ()), decks: PerSeat | None = None, base: PerSeat = ((), ()),
          battle: PerSeat = ((), ()), chain: PerSeat = ((), ()), discard: PerSeat = ((), ()),
          leaders: Sequence[str | None] = LEADERS, hp: tuple[int, int] = (20, 20), active: int = 0, turn: int = 3,
          first: int = 0, at: str = "first", spent: tuple[int, int] = (0, 0),
          base_colours: Sequence[Sequence[str]] = ((), ()), seed: int = 1,
          options: Mapping[str, Any] | None = None) -> Scenario:
    """Lay out a table and run to its first decision (module docstring). ``decks`` default to ten
    ``FILLER`` cards each."""
    g = DEFINITION
    pool = g.pool
    opts = g.parse_options(seed, dict(options or {}))
    st = MaState.blank(g, seed, 2, opts, zones_for(2))
    assert isinstance(st, MaState)
    t = st.table
    sc = Scenario(st)

    def add(ref: str, owner: int, zone: str) -> int:
        d = pool[pool.index(ref)]
        i = t.add(d.index, owner, zone)
        if not zone.startswith(("deck", "hand")):
            t.reveal_to_all(i)
        sc.ids.setdefault(d.name, []).append((zone, i))
        return i

    for p in range(2):
        lead = leaders[p]
        if lead is not None:
            add(lead, p, f"leader:{p}")
        for ref in reversed(list((decks or ([FILLER] * 10, [FILLER] * 10))[p])):
            add(ref, p, f"deck:{p}")
        for ref in hands[p]:
            add(ref, p, f"hand:{p}")
        for area, specs in (("base", base[p]), ("battle", battle[p])):
            for spec in specs:
                k = spec if isinstance(spec, K) else K(spec)
                unders = [add(u, p, f"{area}:{p}") for u in k.under]
                top = add(k.ref, p, f"{area}:{p}")
                for u in unders:
                    t.attach(u, top)
                if k.rested:
                    t.set_flag(top, EXHAUSTED)
        for spec in chain[p]:
            c = spec if isinstance(spec, Ch) else Ch(spec)
            i = add(c.ref, p, f"chain:{p}")
            if c.down:
                t.set_flag(i, FACE_DOWN)
        for ref in discard[p]:
            add(ref, p, f"discard:{p}")
    st.vars.update(turn=turn, active=active, first=first, hp=list(hp), spent=list(spent),
                   base_colours=[sum(colour_bit(c) for c in base_colours[p]) for p in range(2)])
    if at == "setup":
        st.push("ma.setup", stage="go")
    else:
        st.push("ma.turn", stage=at)
    st.start()
    return sc


def submit_both(sc: Scenario, t_items: Sequence[tuple[str, dict[str, Any]]] = (),
                n_items: Sequence[tuple[str, dict[str, Any]]] = ()) -> None:
    """Drive one secret step: T's items and ``submit``, then N's."""
    for kind, params in t_items:
        sc.act(kind, **params)
    sc.act("submit")
    for kind, params in n_items:
        sc.act(kind, **params)
    sc.act("submit")
