"""Build exact Mythos situations for tests: cards where a test wants them, then run to the first decision.

Why: a rule test should state its situation in a few lines (who holds what, what lies in which Story
Deck, where in the round the game is) instead of playing a seeded game until it happens by chance.
``build`` lays out the table with real pool cards (by id or title), chooses the investigator sides,
puts the round frame at ``at`` (a stage of ``my.round``: ``start``, ``refill``, ``play``, ``battle``,
``end``, ``adjust``, ``check``) and runs the engine to the first decision::

    sc = build(players=2, hands=(["Dockside Sailor"], []), story=([S("Innsmouth Wharf")], []))
    sc.act("play", card=sc.id("Dockside Sailor"))

Decks are listed top card first; every other zone bottom (oldest) first. A Story Deck card is a title
or an ``S`` (crosswise / inverted); an attachment is an ``A`` naming its host's title.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

from ...engine import FACE_DOWN
from ...engine.scenario import Scenario as BaseScenario, act, game_with, refuse
from . import DEFINITION
from .schema import DIMENSIONS
from .state import CROSSWISE, INVERTED, MyState

FILLER = "Restful Sleep"  # an event with no requirement: the default deck content
INVESTIGATORS = ("Whitcomb / Harlan", "Pell / Quill", "Whitcomb / Harlan", "Pell / Quill")


@dataclass(frozen=True)
class S:
    """A Story Deck card and its orientation (MY-3.5)."""

    ref: str
    crosswise: bool = False
    inverted: bool = False


@dataclass(frozen=True)
class A:
    """A card attached to the most recent placed card titled ``host`` in the same area (MY-3.4)."""

    ref: str
    host: str
    down: bool = False


@dataclass
class Scenario(BaseScenario):
    """A built table (``engine.scenario.Scenario``: ``id``, ``act``, ``refuse``, ``kinds``) and Mythos reads."""

    def pass_use_step(self) -> None:
        """Pass through the battle use step (MY-9.2): a player whose hand is not empty is asked there, since
        it might hold a battle event (MY-6.10.3)."""
        while self.st.decision is not None and self.st.decision.kind == "battle_use":
            self.act("pass")

    def plays(self) -> set[tuple[Any, Any]]:
        return {(o.get("card"), o.get("host")) for o in self.st.legal_actions() if o.kind == "play"}

    def zone(self, name: str) -> list[int]:
        return list(self.st.table.cards(name))

    def titles(self, name: str) -> list[str]:
        return [self.st.card(i).title for i in self.st.table.cards(name)]


PerSeat = Sequence[Sequence[Any]]


def build(*, players: int = 2, hands: PerSeat | None = None, decks: PerSeat | None = None,
          discard: PerSeat | None = None, story: PerSeat | None = None, threat: PerSeat | None = None,
          gods: PerSeat | None = None, allies: PerSeat | None = None, items: PerSeat | None = None,
          events: PerSeat | None = None, adventures: PerSeat | None = None, sides: Sequence[int] | None = None,
          sanity: Sequence[int] | None = None, investigators: Sequence[str] = INVESTIGATORS,
          had_location: Sequence[int] | None = None, position: Sequence[tuple[str, str, str | None]] | None = None,
          active: int = 0, first: int = 0, round: int = 2, at: str = "play", time: str = "Day",
          passes: tuple[int, int] = (-1, 0), skip: Sequence[int] | None = None, seed: int = 1,
          options: Mapping[str, Any] | None = None, card_sets: Sequence[Path | str] | None = None) -> Scenario:
    """Lay out a table and run to its first decision (module docstring). ``decks`` default to twenty
    ``FILLER`` cards each; sides default to side 0, Sanity to the side's starting Sanity; a seat with
    a Location or Travel Event in its Story Deck has had one (MY-6.3.4) unless ``had_location`` says.
    ``card_sets``: custom set files or directories whose cards may be placed too."""
    g = game_with(DEFINITION, card_sets)
    pool = g.pool
    n = players
    empty: PerSeat = [()] * n
    sc = Scenario.blank(g, seed, n, g.parse_options(seed, n, dict(options or {})), lambda r: pool[pool.index(r)].title)
    st: MyState = sc.st
    t = st.table

    def add(ref: str, owner: int, zone: str) -> int:
        return sc.place(ref, owner, zone, not zone.startswith(("deck", "hand", "threat")))

    home = pool.regions.index("Lovecraft Country")
    st.vars.update(side=list(sides or [0] * n), sanity=[0] * n, max_mod=[0] * n, skip=list(skip or [0] * n),
                   had_location=[0] * n, pos_dim=[0] * n, pos_region=[home] * n, pos_sub=[-1] * n,
                   turn_end=[0] * n)
    for p in range(n):
        add(investigators[p], p, f"inv:{p}")
        for ref in reversed(list((decks or [[FILLER] * 20] * n)[p])):
            add(ref, p, f"deck:{p}")
        for ref in (hands or empty)[p]:
            add(ref, p, f"hand:{p}")
        for ref in (discard or empty)[p]:
            add(ref, p, f"discard:{p}")
        for spec in (story or empty)[p]:
            s = spec if isinstance(spec, S) else S(spec)
            i = add(s.ref, p, f"story:{p}")
            t.set_flags(i, (CROSSWISE if s.crosswise else 0) | (INVERTED if s.inverted else 0))
            if st.card(i).type in ("location", "travel_event"):
                st.vars["had_location"][p] = 1
                if not s.crosswise:
                    st.set_position(p, st.card(i))
        for ref in (threat or empty)[p]:
            i = add(ref, p, f"threat:{p}")
            t.set_flag(i, FACE_DOWN)
        for zone, specs in (("god", gods), ("ally", allies), ("item", items), ("event", events),
                            ("adventures", adventures)):
            for spec in (specs or empty)[p]:
                if isinstance(spec, A):
                    i = add(spec.ref, p, f"{zone}:{p}")
                    t.attach(i, sc.id(spec.host, f"{zone}:{p}"))
                    if spec.down:
                        t.set_flag(i, FACE_DOWN)
                else:
                    add(spec, p, f"{zone}:{p}")
        side = st.investigator(p)
        assert side is not None
        st.vars["sanity"][p] = (sanity or [side.starting_sanity for _ in range(n)])[p]
    if had_location is not None:
        st.vars["had_location"] = list(had_location)
    if position is not None:
        for p, (dim, region, sub) in enumerate(position):
            st.vars["pos_dim"][p] = DIMENSIONS.index(dim)
            st.vars["pos_region"][p] = pool.regions.index(region)
            st.vars["pos_sub"][p] = pool.subregions.index(sub) if sub else -1
    phase = {"start": "refill", "refill": "refill", "play": "card_play", "battle": "battle"}.get(at, "end_of_round")
    st.vars.update(round=round, active=active, first=first, time=time, phase=phase, pass_init=passes[0],
                   pass_count=passes[1])
    st.push("my.round", stage=at, k=0) if at == "adjust" else st.push("my.round", stage=at)
    st.start()
    return sc
