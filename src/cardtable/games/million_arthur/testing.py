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

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

from ...engine import EXHAUSTED, FACE_DOWN
from ...engine.scenario import Scenario as BaseScenario, act, game_with, refuse
from . import DEFINITION
from .state import MaState, colour_bit

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
class Scenario(BaseScenario):
    """A built table (``engine.scenario.Scenario``: ``id``, ``act``, ``refuse``, ``kinds``) and the secret
    block step."""

    def block(self, *cards: int) -> None:
        """Declare these blockers at the open block decision, then ``done`` if it is still asked."""
        d = self.st.decision
        assert d is not None and d.kind == "block", f"not at a block decision: {d}"
        for c in cards:
            self.act("pick", card=c)
        if self.st.decision is not None and self.st.decision.kind == "block":
            self.act("done")


PerSeat = Sequence[Sequence[Any]]


def build(*, hands: PerSeat = ((), ()), decks: PerSeat | None = None, base: PerSeat = ((), ()),
          battle: PerSeat = ((), ()), chain: PerSeat = ((), ()), discard: PerSeat = ((), ()),
          leaders: Sequence[str | None] = LEADERS, hp: tuple[int, int] = (20, 20), active: int = 0, turn: int = 3,
          first: int = 0, at: str = "first", spent: tuple[int, int] = (0, 0),
          base_colours: Sequence[Sequence[str]] = ((), ()), seed: int = 1,
          options: Mapping[str, Any] | None = None, card_sets: Sequence[Path | str] | None = None) -> Scenario:
    """Lay out a table and run to its first decision (module docstring). ``decks`` default to ten
    ``FILLER`` cards each; ``card_sets``: custom set files or directories whose cards may be placed too."""
    g = game_with(DEFINITION, card_sets)
    pool = g.pool
    sc = Scenario.blank(g, seed, 2, g.parse_options(seed, dict(options or {})), lambda r: pool[pool.index(r)].name)
    st: MaState = sc.st
    t = st.table

    def add(ref: str, owner: int, zone: str) -> int:
        return sc.place(ref, owner, zone, not zone.startswith(("deck", "hand")))

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


def deck_with_custom_knight(deck_text: str, card_id: str) -> str:
    """A ready deck's YAML text with its first three-copy plain knight (no burst, no type restriction)
    replaced by three copies of ``card_id``: a custom-set test deck that stays legal whatever the shipped
    list holds after a deck revision."""
    import re

    from .catalog import load_pool

    attrs = load_pool().attributes()
    plain = next(m for m in re.finditer(r"^(\s*)([A-Z]+-\w+): 3\b.*$", deck_text, flags=re.MULTILINE)
                 if attrs[m[2]]["kind"] == "knight" and not attrs[m[2]]["burst"]
                 and attrs[m[2]]["restriction"] == "none")
    return deck_text[:plain.start()] + f"{plain[1]}{card_id}: 3" + deck_text[plain.end():]
