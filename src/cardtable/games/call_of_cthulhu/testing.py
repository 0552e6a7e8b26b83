"""Build exact Call of Cthulhu situations for tests: cards where a test wants them, then run to the first decision.

Why: a rule test should state its situation in a few lines (who holds what, which domain is drained,
which character is committed where, where in the turn the game stands) rather than play a seeded game
until the situation happens by chance. ``build`` lays out the table with real pool cards (by id or
title, ``cards/core.yaml``), puts the resolution stack where the turn would be, and runs the engine to
the first decision, exactly as a game in progress would.

A card in play is a title or a ``Card`` with its states::

    sc = build(play=([Card("Harbor Patrolman", exhausted=True, story=0)], ["Stray Dog"]),
               domains=((["Harbor Patrolman"], [], []), ([], [], [])), at="ops")
    sc.act("play", card=sc.id("Harbor Patrolman", zone="hand:0"))
    sc.pass_until("commit_attack")

Decks are listed top card first; every other zone bottom (oldest) first. ``at`` names where the turn
stands (see ``AT``): a phase step of ``cc.turn``, a story-phase step, or ``resolve:<slot>`` (the start
of one story's resolution, the AP having chosen it).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

from ...engine import EXHAUSTED, Frame
from ...engine.scenario import Scenario as BaseScenario, game_with, refuse
from . import DEFINITION
from .state import INSANE, STORY_ROW_SIZE, CocState

FILLER = "Stray Dog"  # a vanilla neutral card: the default deck content
DEFAULT_ROW = ("The Drowned Bell of Innsmouth", "The Silent Observatory", "The Coast Road at Midnight")

# where the turn can stand: the cc.turn stage to start from (and the phase it belongs to)
TURN_STAGES = {"refresh": "refresh", "ready": "refresh", "restore": "refresh", "domains": "refresh",
               "w_refresh": "refresh", "draw": "refresh", "w_draw": "draw", "resource": "draw",
               "w_resource": "resource", "ops": "resource", "story": "operations", "end": "story",
               "end_triggers": "end_of_turn", "next": "end_of_turn"}
STORY_STAGES = ("attack", "w_attack", "defend", "w_defend", "resolve", "queued", "w_story_end")
AT = tuple(TURN_STAGES) + STORY_STAGES + tuple(f"resolve:{s}" for s in range(STORY_ROW_SIZE))


@dataclass(frozen=True)
class Card:
    """A card in play and its states (CC-3.10–3.17).

    ``story``: the slot (0–2) it is committed to; ``host``: an attachment's host, as an index into the
    same player's ``play`` list, or ``"row:N"`` for the story in slot N.
    """

    ref: str
    exhausted: bool = False
    insane: bool = False
    wounds: int = 0
    story: int | None = None
    host: int | str | None = None


CardSpec = str | Card
PerSeat = Sequence[Sequence[CardSpec]]


@dataclass
class Scenario(BaseScenario):
    """A built state, the ids of the cards placed (``engine.scenario.Scenario``: ``id``, ``refuse``,
    ``kinds``), and the Call of Cthulhu ways to drive it (response windows passed as they open)."""

    def act(self, kind: str, **params: Any) -> None:
        act(self.st, kind, **params)

    def pass_until(self, kind_prefix: str, limit: int = 60) -> None:
        pass_until(self.st, kind_prefix, limit)

    def pass_until_turn(self, turn: int) -> None:
        pass_until_turn(self.st, turn)

    def commit(self, *pairs: tuple[int, int]) -> None:
        """Declare (card, slot) pairs at the open commit decision, then ``done`` if it is still asked."""
        d = self.st.decision
        assert d is not None and d.kind.startswith("commit_"), f"not at a commit decision: {d}"
        kind = d.kind
        for card, slot in pairs:
            act(self.st, "commit", card=card, story=slot)
        if self.st.decision is not None and self.st.decision.kind == kind:
            act(self.st, "done")


def _ref(spec: CardSpec) -> Card:
    return spec if isinstance(spec, Card) else Card(spec)


Titles = Sequence[Sequence[str]]  # per seat: card titles or ids


def build(*, hands: Titles = ((), ()), decks: Titles | None = None, play: PerSeat = ((), ()),
          discard: Titles = ((), ()), won: Titles = ((), ()),
          domains: Sequence[Sequence[Sequence[str]]] = (((), (), ()), ((), (), ())),
          drained: Sequence[Sequence[int]] = ((), ()), row: Sequence[str | None] = DEFAULT_ROW,
          story_deck: Sequence[str] | None = None, tokens: Mapping[int, tuple[int, int]] | None = None,
          active: int = 0, turn: int = 3, first: int = 0, at: str = "ops", resourced: bool = False,
          seed: int = 1, options: Mapping[str, Any] | None = None, run: bool = True,
          card_sets: Sequence[Path | str] | None = None) -> Scenario:
    """Lay out a table and run to its first decision (module docstring).

    ``domains[p][d]``: the resource cards under player ``p``'s domain ``d``; ``drained[p]``: his drained
    domains; ``tokens[slot] = (seat 0's, seat 1's)``; ``story_deck`` top first (default: the rest of
    the first story set, in set order); ``decks`` default to ten copies of ``FILLER`` each. ``run=False``
    leaves the engine unstarted (to read what the rules compute in exactly this layout). ``card_sets``:
    custom set files or directories whose cards may be placed too.
    """
    if at not in AT:
        raise ValueError(f"at={at!r}: expected one of {', '.join(AT)}")
    g = game_with(DEFINITION, card_sets)
    defs = g.defs
    opts = g.parse_options(seed, dict(options or {}))
    sc = Scenario.blank(g, seed, 2, opts, lambda r: defs[defs.index(r)].title)
    st: CocState = sc.st
    t = st.table

    def add(ref: str, owner: int, zone: str) -> int:
        return sc.place(ref, owner, zone, zone.startswith(("play", "row", "res", "discard", "won")))

    story_titles = [defs[k].title for k in opts["story_cards"]]
    in_row = [r for r in row if r is not None]
    if story_deck is None:
        taken = {defs[defs.index(r)].title for r in in_row} | {defs[defs.index(r)].title for p in won for r in p}
        story_deck = [s for s in story_titles if s not in taken]
    for ref in reversed(list(story_deck)):
        add(ref, -1, "story_deck")
    for slot, in_slot in enumerate(row):
        if in_slot is not None:
            add(in_slot, -1, f"row:{slot}")
    for p in (0, 1):
        deck: list[str] = [FILLER] * 10 if decks is None else list(decks[p])
        for ref in reversed(deck):
            add(ref, p, f"deck:{p}")
        for ref in hands[p]:
            add(ref, p, f"hand:{p}")
        for ref in discard[p]:
            add(ref, p, f"discard:{p}")
        for ref in won[p]:
            add(ref, -1, f"won:{p}")
        for d, cards in enumerate(domains[p]):
            for ref in cards:
                add(ref, p, f"res:{p}:{d}")
        placed: list[int] = []
        for spec in play[p]:
            c = _ref(spec)
            i = add(c.ref, p, f"play:{p}")
            placed.append(i)
            st.vars["seq"] += 1
            t.add_counter(i, "seq", st.vars["seq"])
            if c.exhausted:
                t.set_flag(i, EXHAUSTED)
            if c.insane:
                t.set_flag(i, INSANE)
            if c.wounds:
                t.add_counter(i, "wounds", c.wounds)
            if c.story is not None:
                t.add_counter(i, "story", c.story + 1)
        for spec, i in zip(play[p], placed):
            c = _ref(spec)
            if isinstance(c.host, int):
                t.attach(i, placed[c.host])
            elif isinstance(c.host, str):
                story = st.story_at(int(c.host.split(":")[1]))
                assert story is not None, f"{c.ref}: no story in {c.host}"
                t.attach(i, story)
        for d in drained[p]:
            st.vars["drained"][3 * p + d] = 1
    for slot, (a, b) in (tokens or {}).items():
        st.vars["tokens"][2 * slot] = a
        st.vars["tokens"][2 * slot + 1] = b
    st.vars.update(active=active, turn=turn, first=first, resourced=int(resourced))
    st.stack = _stack_for(st, at)
    if run:
        st.start()
        settle(st)
    return sc


def _stack_for(st: CocState, at: str) -> list[Frame]:
    """The resolution stack of a turn standing at ``at`` (see ``AT``)."""
    if at in TURN_STAGES:
        st.vars["phase"] = TURN_STAGES[at]
        return [Frame("cc.turn", {"stage": at})]
    st.vars["phase"] = "story"
    turn = Frame("cc.turn", {"stage": "end"})
    if at.startswith("resolve:"):
        slot = int(at.split(":")[1])
        st.vars["story_phase"] = 2
        return [turn, Frame("cc.story", {"stage": "queued"}), Frame("cc.stories", {"handled": (slot,), "cands": ()}),
                Frame("cc.resolve", {"slot": slot, "story": st.story_at(slot), "stage": "start", "t": 0, "fought": 0})]
    if at == "queued":
        st.vars["story_phase"] = 2
    return [turn, Frame("cc.story", {"stage": at})]


def act(st: CocState, kind: str, **params: Any) -> None:
    """Apply the legal option of ``kind`` with ``params`` (fails loudly, listing the options, if none)."""
    d = st.decision
    for option in st.legal_actions():
        if option.kind == kind and all(option.get(k) == v for k, v in params.items()):
            st.apply(option)
            settle(st)
            return
    raise AssertionError(f"no legal {kind} {params} at {d.kind if d else None}; "
                         f"options: {[str(o) for o in st.legal_actions()]}")


RESPONSE_WINDOWS = ("window:interrupt", "window:reaction")


def settle(st: CocState) -> None:
    """Pass the response windows where "pass" is the only option (CC-5.7: a player with nothing to
    do passes), so a test sees the outcome of its action rather than the empty offers around it."""
    for _ in range(40):
        d = st.decision
        if d is None or d.kind not in RESPONSE_WINDOWS or len(d.options) != 1:
            return
        st.apply(d.options[0])


def pass_until(st: CocState, kind_prefix: str, limit: int = 60) -> None:
    """Pass windows (and decline optional picks) until a decision whose kind starts with ``kind_prefix``."""
    for _ in range(limit):
        d = st.decision
        assert d is not None, f"the game ended ({st.outcome}) before {kind_prefix}"
        if d.kind.startswith(kind_prefix):
            return
        kinds = {o.kind for o in d.options}
        if "pass" in kinds:
            act(st, "pass")
        elif d.kind == "resource":
            act(st, "no_resource")
        elif d.kind.startswith("commit_"):
            act(st, "done")
        else:
            raise AssertionError(f"stopped at {d.kind} before {kind_prefix}: {[str(o) for o in d.options]}")
    raise AssertionError(f"never reached {kind_prefix}")


def pass_until_turn(st: CocState, turn: int, limit: int = 80) -> None:
    """Pass windows (and decline optional steps) until turn ``turn`` has begun."""
    for _ in range(limit):
        if st.vars["turn"] >= turn:
            return
        d = st.decision
        assert d is not None, f"the game ended ({st.outcome}) before turn {turn}"
        kinds = {o.kind for o in d.options}
        if "pass" in kinds:
            act(st, "pass")
        elif d.kind == "resource":
            act(st, "no_resource")
        elif "done" in kinds:
            act(st, "done")
        else:
            raise AssertionError(f"stopped at {d.kind} before turn {turn}: {[str(o) for o in d.options]}")
    raise AssertionError(f"never reached turn {turn}")
