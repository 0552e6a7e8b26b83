"""A scenario for every card with an ability (CC-12): build the situation, act, check the outcome.

Each test names the card (by id and title) and the rule or primitive it exercises. States are built
directly (cards placed with ``move_card``, an action window on the stack), so one ability is tested
in isolation; the conformance suite covers their interplay in random play.
"""

from __future__ import annotations

from typing import Any, Sequence

import pytest

from cardtable.core import Action
from cardtable.engine import EXHAUSTED, Frame, Op, emit, lasting_total
from cardtable.games.call_of_cthulhu import DEFINITION as G
from cardtable.games.call_of_cthulhu.state import INSANE, CocState, zones_for

class Stop(Op[CocState]):
    """Test-only bottom of the stack: once the built situation has played out, the state waits here."""

    name = "test.stop"

    def run(self, st: CocState, frame: Frame) -> None:
        st.ask(0, "stop", "the scenario is over", [Action(0, "stop")])


if "test.stop" not in CocState.OPS:
    CocState.OPS.add(Stop())

FACTION_RES = ("Harbor Patrolman", "Graduate Archivist", "Speakeasy Bouncer", "Deep One Raider",
               "Yellow-Robed Acolyte", "Keyholder Initiate", "Grove Celebrant")


class Table:
    """A built state plus the instance ids of the named cards (title -> ids, in placement order)."""

    def __init__(self, st: CocState, ids: dict[str, list[int]]) -> None:
        self.st, self.ids = st, ids
        self.started = False

    def autopay(self) -> None:
        """Pay with the first domain offered (which domain pays is not what these tests are about)."""
        d = self.st.decision
        while d is not None and (d.kind == "pay" or (d.kind in ("window:interrupt", "window:reaction")
                                                     and [o.kind for o in d.options] == ["pass"])):
            self.st.apply(d.options[0])  # also: pass a response window that offers nothing but "pass"
            d = self.st.decision

    def go(self) -> None:
        """Run to the first decision (lazily, so a test may adjust the built state first)."""
        if not self.started:
            self.started = True
            self.st.start()
        self.autopay()

    def __getitem__(self, title: str) -> int:
        return self.ids[title][0]

    def options(self) -> list[Any]:
        self.go()
        return list(self.st.legal_actions())

    def do(self, kind: str, **params: Any) -> None:
        self.go()
        for o in self.st.legal_actions():
            if o.kind == kind and all(o.get(k) == v for k, v in params.items()):
                self.st.apply(o)
                self.autopay()
                return
        raise AssertionError(f"no legal {kind} {params}; options: {[str(o) for o in self.st.legal_actions()]}")

    def can(self, kind: str, **params: Any) -> bool:
        self.go()
        return any(o.kind == kind and all(o.get(k) == v for k, v in params.items()) for o in self.st.legal_actions())

    def use(self, title: str, k: int = 0) -> None:
        self.do("use", card=self.ids[title][k])

    def play(self, title: str, k: int = 0) -> None:
        self.do("play", card=self.ids[title][k])

    def pick(self, c: int) -> None:
        self.do("pick", card=c)

    def pass_(self) -> None:
        self.do("pass")

    def yes(self) -> None:
        self.do("yes")

    def choose(self, label: str) -> None:
        self.go()
        for o in self.st.legal_actions():
            if o.kind == "choose" and label in str(o.get("label")):
                self.st.apply(o)
                self.autopay()
                return
        raise AssertionError(f"no choice {label!r}: {self.options()}")

    @property
    def kind(self) -> str:
        self.go()
        d = self.st.decision
        assert d is not None
        return d.kind

    def zone(self, c: int) -> str:
        return self.st.table.zone_name(c)


def build(play: Sequence[Sequence[str]] = ((), ()), hand: Sequence[Sequence[str]] = ((), ()),
          discard: Sequence[Sequence[str]] = ((), ()), deck: Sequence[Sequence[str]] | None = None,
          rows: Sequence[str] = ("ST01", "ST04", "ST05"), active: int = 0, phase: str = "operations",
          window: str | None = "ops", res: Sequence[Sequence[Sequence[str]]] | None = None,
          committed: dict[str, int] | None = None, turn: int = 3) -> Table:
    """A state in an action window with the given cards; ``committed`` maps a title to a story slot."""
    opts = G.parse_options(1, None)
    st = CocState.blank(G, 1, 2, opts, zones_for(2))
    assert isinstance(st, CocState)
    t = st.table
    ids: dict[str, list[int]] = {}
    defs = G.defs

    def add(title: str, owner: int, zone: str, record: bool = True) -> int:
        i = t.add(defs.index(title), owner, zone)
        if record:
            ids.setdefault(st.card(i).title, []).append(i)
        return i

    for p in (0, 1):
        for title in (deck[p] if deck is not None else ("Motor Car",) * 8):
            add(title, p, f"deck:{p}", record=deck is not None)
        for d in range(3):
            for title in (res[p][d] if res is not None else FACTION_RES):
                r = t.add(defs.index(title), p, f"res:{p}:{d}")
                t.reveal_to_all(r)
        for title in hand[p]:
            add(title, p, f"hand:{p}")
        for title in discard[p]:
            add(title, p, f"discard:{p}")
        for title in play[p]:
            i = add(title, p, f"play:{p}")
            t.reveal_to_all(i)
            st.vars["seq"] += 1
            t.add_counter(i, "seq", st.vars["seq"])
    for s in opts["story_cards"]:
        t.add(s, -1, "story_deck")
    story_ids = {st.card(i).id: i for i in t.cards("story_deck")}
    for slot, sid in enumerate(rows):
        i = story_ids[sid]
        st.move_card(i, f"row:{slot}")
        t.reveal_to_all(i)
        ids.setdefault(st.card(i).title, []).append(i)
    for title, slot in (committed or {}).items():
        for i in ids[title]:
            t.add_counter(i, "story", slot + 1)
    st.vars.update(active=active, first=active, turn=turn, phase=phase)
    if window is None:  # the test makes something happen itself (``emit`` then ``_advance``)
        st.stack = [Frame("test.stop")]
        return Table(st, ids)
    after = {"ops": "story", "attack": "end", "defend": "end", "story_end": "end", "turn_end": "end_triggers"}[window]
    win = Frame("engine.window", {"name": window, "player": active, "passes": 0, "event": None})
    # the window's phase does not end after it (lasting effects stay observable), except at the turn's end
    st.stack = [Frame("test.stop"), Frame("cc.turn", {"stage": after}), win] if window == "turn_end" else [Frame("test.stop"), win]
    return Table(st, ids)


def story_slot(tb: Table, sid: str) -> int:
    i = tb.st.table.cards("row:0") + tb.st.table.cards("row:1") + tb.st.table.cards("row:2")
    for s in i:
        if tb.st.card(s).id == sid:
            return int(tb.zone(s)[4:])
    raise AssertionError(sid)


def test_every_card_with_an_ability_compiles_and_none_is_unsupported() -> None:
    """CC-12: the card-data check reports nothing; every pool ability is carried out."""
    assert G.check_card_data() == []
    from cardtable.games.call_of_cthulhu.effects import unsupported_cards

    assert unsupported_cards(G.defs) == []


# ---- The Agency ---------------------------------------------------------------------------------------


def test_AG02_desk_sergeant_search_deck_for_a_weapon() -> None:
    """AG02 Precinct Desk Sergeant: exhaust_self, search_deck (CC-9.8: found card shown, deck shuffled)."""
    tb = build(play=(("Precinct Desk Sergeant",), ()), deck=(("Stray Dog",) * 4 + ("Service Revolver",), ("Stray Dog",) * 4))
    tb.use("Precinct Desk Sergeant")
    assert tb.kind == "hidden_pick"
    tb.pick(tb["Service Revolver"])
    assert tb.zone(tb["Service Revolver"]) == "hand:0"
    assert tb.st.exhausted(tb["Precinct Desk Sergeant"])
    assert not tb.can("use", card=tb["Precinct Desk Sergeant"])  # exhausted, and once per turn


def _fire(tb: Table, kind: str, **data: Any) -> None:
    """Emit event ``kind`` in a started game with no decision pending and run the trigger procedure
    (CC-12.3), so its interrupts and reactions are offered at once."""
    tb.started = True
    tb.st._decision = None
    emit(tb.st, kind, **data)
    tb.st._advance()


def _struggle_won(tb: Table, type_: str, slot: int, winner: int) -> None:
    """Emit a struggle_won outside story resolution (so reactions are offered at once, not queued)."""
    _fire(tb, "struggle_won", type=type_, slot=slot, winner=winner, loser=1 - winner, strength=1)


def test_AG03_bureau_marksman_wounds_a_character_at_its_story_after_a_combat_win() -> None:
    """AG03 Bureau Marksman: reaction struggle_won(combat, you, source_story) → wound (CC-12.3 step 5)."""
    tb = build(window=None, play=(("Bureau Marksman",), ("Hired Muscle",)), committed={"Bureau Marksman": 0, "Hired Muscle": 0})
    _struggle_won(tb, "combat", 0, 0)
    tb.use("Bureau Marksman")
    assert tb.st.wounds(tb["Hired Muscle"]) == 1


def test_AG05_riot_squad_veteran_exhausts_when_wounded() -> None:
    """AG05 Riot Squad Veteran: forced after wounded(self) → exhaust (CC-12.3 step 4)."""
    tb = build(window=None, play=(("Riot Squad Veteran",), ()))
    st = tb.st
    _fire(tb, "wounded", card=tb["Riot Squad Veteran"], n=1)
    assert st.exhausted(tb["Riot Squad Veteran"]) and st.wounds(tb["Riot Squad Veteran"]) == 1


def test_AG06_triage_moves_a_wound_to_a_committed_enemy() -> None:
    """AG06 Triage Under Fire: move_wound (not "wounding"; CC-9.4), targets chosen before costs."""
    tb = build(play=(("Hired Muscle",), ("Stray Dog",)), hand=(("Triage Under Fire",), ()), committed={"Stray Dog": 1})
    tb.st.table.add_counter(tb["Hired Muscle"], "wounds", 1)
    tb.play("Triage Under Fire")
    assert tb.st.wounds(tb["Hired Muscle"]) == 0
    # the dog had durability 1: one wound destroys it
    assert tb.zone(tb["Stray Dog"]) == "discard:1"


@pytest.mark.parametrize("saved", ["Inspector Hale Mercer", "Harbor Patrolman"])
def test_AG07_pulled_from_the_wreck_returns_an_agency_character_instead_of_destruction(saved: str) -> None:
    """AG07 Pulled From the Wreck (core v2): interrupt event from hand; replace(destroyed → return_to_hand)
    for any Agency character its player controls (v1 named only Detectives, of which the pool has one)."""
    tb = build(window=None, play=((saved,), ()), hand=(("Pulled From the Wreck",), ()))
    _fire(tb, "destroyed", card=tb[saved])
    tb.use("Pulled From the Wreck")
    assert tb.zone(tb[saved]) == "hand:0"
    assert tb.zone(tb["Pulled From the Wreck"]) == "discard:0"


def test_AG07_pulled_from_the_wreck_is_not_offered_for_a_character_of_another_faction() -> None:
    """AG07: the trigger procedure (CC-12.3) offers an interrupt only when its trigger matches: a Miskatonic character's
    destruction is not an Agency character's, so the card stays in hand and the character is destroyed."""
    tb = build(window=None, play=(("Graduate Archivist",), ()), hand=(("Pulled From the Wreck",), ()))
    st = tb.st
    _fire(tb, "destroyed", card=tb["Graduate Archivist"])
    decision = st.decision
    offered = [] if decision is None else [o for o in decision.options if o.get("card") == tb["Pulled From the Wreck"]]
    assert not offered
    assert tb.zone(tb["Pulled From the Wreck"]) == "hand:0"


@pytest.mark.parametrize("support,icon", [("Service Revolver", 1), ("Annotated Grimoire", 2), ("The Pallid Mask", 0),
                                           ("Sacrificial Sickle", 1)])
def test_attached_supports_give_icons_while_attached(support: str, icon: int) -> None:
    """AG08 Service Revolver, MU07 Annotated Grimoire, HA02 The Pallid Mask, SN11 Sacrificial Sickle:
    passive modify_icons on the host (while_attached; computed, never stored)."""
    tb = build(play=(("Idol Keeper",), ()), hand=((support,), ()))
    before = tb.st.icons(tb["Idol Keeper"], icon)
    tb.play(support)
    if tb.kind == "attach_host":
        tb.pick(tb["Idol Keeper"])
    assert tb.st.icons(tb["Idol Keeper"], icon) == before + 1
    assert not tb.st.lasting  # passives are not stored
    tb.st.move_card(tb[support], "discard:0")
    assert tb.st.icons(tb["Idol Keeper"], icon) == before


def test_AG10_protective_custody_prevents_wounds() -> None:
    """AG10 Protective Custody: prevent(wound) until end of phase (CC-12.4 "cannot")."""
    tb = build(play=(("Hired Muscle",), ()), hand=(("Protective Custody",), ()))
    tb.play("Protective Custody")
    st = tb.st
    _fire(tb, "wounded", card=tb["Hired Muscle"], n=1)
    assert st.wounds(tb["Hired Muscle"]) == 0
    from cardtable.engine import expire

    expire(st, "end_of_phase")
    assert not st.effects_prevented("wound", tb["Hired Muscle"])


def test_AG11_evidence_locker_draws_after_an_investigation_win() -> None:
    """AG11 Evidence Locker: reaction struggle_won(investigation, you), cost exhaust_self → draw."""
    tb = build(window=None, play=(("Evidence Locker",), ()))
    _struggle_won(tb, "investigation", 0, 0)
    hand = len(tb.st.table.cards("hand:0"))
    tb.use("Evidence Locker")
    assert len(tb.st.table.cards("hand:0")) == hand + 1 and tb.st.exhausted(tb["Evidence Locker"])


def test_AG12_dispatcher_boosts_detectives_at_its_story() -> None:
    """AG12 Night Shift Dispatcher: passive with condition self_state committed, filter committed_to source_story."""
    tb = build(play=(("Night Shift Dispatcher", "Inspector Hale Mercer"), ()))
    st = tb.st
    assert st.skill(tb["Inspector Hale Mercer"]) == 3
    for title in ("Night Shift Dispatcher", "Inspector Hale Mercer"):
        st.table.add_counter(tb[title], "story", 1)
    assert st.skill(tb["Inspector Hale Mercer"]) == 4


# ---- Miskatonic -----------------------------------------------------------------------------------------


def test_MU01_graduate_archivist_draws_on_entering_play() -> None:
    """MU01 Graduate Archivist: reaction enters_play(self) → draw 1."""
    tb = build(hand=(("Graduate Archivist",), ()))
    tb.play("Graduate Archivist")
    tb.use("Graduate Archivist")
    assert len(tb.st.table.cards("hand:0")) == 1


def test_MU02_professor_restores_an_insane_character() -> None:
    """MU02 Professor of Dead Tongues: exhaust_self → restore (stays exhausted, CC-9.3)."""
    tb = build(play=(("Professor of Dead Tongues", "Stray Dog"), ()))
    tb.st.table.set_flag(tb["Stray Dog"], INSANE)
    tb.use("Professor of Dead Tongues")
    assert not tb.st.insane(tb["Stray Dog"]) and tb.st.exhausted(tb["Stray Dog"])


def test_MU04_night_librarian_draws_at_turn_end_with_a_small_hand() -> None:
    """MU04 Night Librarian: forced turn_end(you), if hand_size ≤ 2 → draw."""
    tb = build(play=(("Night Librarian",), ()), window="turn_end")
    tb.go()
    assert len(tb.st.table.cards("hand:0")) == 1


def test_MU05_campus_physician_pays_to_heal_every_wound() -> None:
    """MU05 Campus Physician: pay(1) (CC-6.9, no match needed) → heal all."""
    tb = build(play=(("Campus Physician", "Riot Squad Veteran"), ()))
    tb.st.table.add_counter(tb["Riot Squad Veteran"], "wounds", 2)
    tb.use("Campus Physician")
    if tb.kind == "pay":
        tb.do("choose", index=0)
    assert tb.st.wounds(tb["Riot Squad Veteran"]) == 0
    assert sum(tb.st.vars["drained"][:3]) == 1


def test_MU06_restricted_stacks_discards_then_draws_two() -> None:
    """MU06 The Restricted Stacks: costs exhaust_self + discard_from_hand (a private pick) → draw 2."""
    tb = build(play=(("The Restricted Stacks",), ()), hand=(("Stray Dog", "Hired Muscle"), ()))
    tb.use("The Restricted Stacks")
    assert tb.kind == "hidden_pick"
    assert all(f.op != "cc.hand_pick" or "cands" not in f.args for f in tb.st.stack)  # no hidden id on the stack
    tb.pick(tb["Hired Muscle"])
    assert tb.zone(tb["Hired Muscle"]) == "discard:0"
    assert len(tb.st.table.cards("hand:0")) == 3


def test_MU08_sudden_insight_draws_two_then_discards_one() -> None:
    """MU08 Sudden Insight: effect then (CC-12.4: "then" after a full success)."""
    tb = build(hand=(("Sudden Insight",), ()))
    tb.play("Sudden Insight")
    assert tb.kind == "hidden_pick"
    c = tb.st.table.cards("hand:0")[0]
    tb.pick(c)
    assert len(tb.st.table.cards("hand:0")) == 1 and tb.zone(c) == "discard:0"


def test_MU09_counter_incantation_cancels_an_opponents_event() -> None:
    """MU09 Counter-Incantation: interrupt card_played(event, opponent) → cancel; the event is still discarded (CC-12.3.2)."""
    res = [[["Graduate Archivist"] * 4] * 3, [["Yellow-Robed Acolyte"] * 4] * 3]
    tb = build(play=(("Hired Muscle",), ()), hand=(("Counter-Incantation",), ("Hollow Gaze",)), active=1, res=res)
    tb.play("Hollow Gaze")
    tb.use("Counter-Incantation")
    while tb.kind.startswith("window") and not tb.can("play"):
        tb.pass_()
    assert tb.st.skill(tb["Hired Muscle"]) == 1
    assert tb.zone(tb["Hollow Gaze"]) == "discard:1" and tb.zone(tb["Counter-Incantation"]) == "discard:0"


def test_cc_6_5_an_interrupt_event_from_hand_records_what_it_overpaid() -> None:
    """CC-6.5: an event played from hand as an interrupt (MU09 Counter-Incantation, cost 2, from a domain of 4)
    is declared, paid, then logged as played with its cost and the overpaid amount, like a card played in a
    window (Hollow Gaze, cost 2, also from a domain of 4)."""
    res = [[["Graduate Archivist"] * 4] * 3, [["Yellow-Robed Acolyte"] * 4] * 3]
    tb = build(play=(("Hired Muscle",), ()), hand=(("Counter-Incantation",), ("Hollow Gaze",)), active=1, res=res)
    tb.play("Hollow Gaze")
    tb.use("Counter-Incantation")
    played = {e["title"]: e for e in tb.st.log(None) if e["kind"] == "played"}
    assert played["Hollow Gaze"]["cost"] == 2 and played["Hollow Gaze"]["overpaid"] == 2
    assert played["Counter-Incantation"]["cost"] == 2 and played["Counter-Incantation"]["overpaid"] == 2
    kinds = [e["kind"] for e in tb.st.log(None) if e.get("title") == "Counter-Incantation"]
    assert kinds.index("declared") < kinds.index("played")


def test_MU10_return_to_reason_restores_and_readies() -> None:
    """MU10 Return to Reason: restore(ready: true)."""
    tb = build(play=(("Stray Dog",), ()), hand=(("Return to Reason",), ()))
    tb.st.table.set_flag(tb["Stray Dog"], INSANE)
    tb.play("Return to Reason")
    assert not tb.st.insane(tb["Stray Dog"]) and not tb.st.exhausted(tb["Stray Dog"])


def test_MU11_dean_makes_miskatonic_events_cheaper_minimum_1() -> None:
    """MU11 Dean of Antiquities: passive modify_cost −1, minimum 1 (CC-6.10)."""
    tb = build(play=(("Dean of Antiquities",), ()), hand=(("Counter-Incantation", "Return to Reason"), ()))
    assert tb.st.actual_cost(tb["Counter-Incantation"]) == 1
    assert tb.st.actual_cost(tb["Return to Reason"]) == 1  # 1 − 1, floored at 1


def test_MU12_reading_room_scholar_returns_itself_for_a_tome() -> None:
    """MU12 Reading Room Scholar: return_self_to_hand cost → return_from_discard(Tome)."""
    tb = build(play=(("Reading Room Scholar",), ()), discard=(("Annotated Grimoire",), ()))
    tb.use("Reading Room Scholar")
    assert tb.zone(tb["Reading Room Scholar"]) == "hand:0" and tb.zone(tb["Annotated Grimoire"]) == "hand:0"


# ---- Syndicate ------------------------------------------------------------------------------------------


def test_SY02_rum_warehouse_allows_an_extra_resource() -> None:
    """SY02 Rum Warehouse: reaction phase_start(resource, you) → extra_resource_phase_attach (CC-5.30)."""
    tb = build(window=None, play=(("Rum Warehouse",), ()), hand=(("Stray Dog", "Hired Muscle", "Motor Car"), ()))
    tb.st.stack = [Frame("test.stop"), Frame("cc.turn", {"stage": "resource"})]
    tb.use("Rum Warehouse")
    tb.do("resource", card=tb["Stray Dog"], domain=0)
    assert tb.kind == "resource"  # a second attach is offered
    tb.do("resource", card=tb["Hired Muscle"], domain=1)
    assert tb.zone(tb["Hired Muscle"]) == "res:0:1"
    assert tb.kind != "resource"  # and no third


def test_SY03_mob_enforcer_exhausts_a_ready_enemy_after_a_combat_win() -> None:
    """SY03 Mob Enforcer: reaction struggle_won(combat, source_story) → exhaust a ready character."""
    tb = build(window=None, play=(("Mob Enforcer",), ("Hired Muscle",)), committed={"Mob Enforcer": 0})
    _struggle_won(tb, "combat", 0, 0)
    tb.use("Mob Enforcer")
    assert tb.st.exhausted(tb["Hired Muscle"])


def test_SY04_accountant_attaches_a_hand_card_as_a_resource() -> None:
    """SY04 The Accountant: attach_as_resource from hand (private pick) to a chosen domain."""
    tb = build(play=(("The Accountant",), ()), hand=(("Stray Dog", "Hired Muscle"), ()))
    tb.use("The Accountant")
    tb.choose("domain 2")
    tb.pick(tb["Hired Muscle"])
    assert tb.zone(tb["Hired Muscle"]) == "res:0:1"


def test_SY05_protection_racket_drains_an_enemy_domain() -> None:
    """SY05 Protection Racket: drain_domain (choose an undrained domain of the opponent)."""
    tb = build(hand=(("Protection Racket",), ()))
    tb.play("Protection Racket")
    tb.choose("domain 3")
    if tb.kind == "pay":
        tb.do("choose", index=0)
    assert tb.st.drained(1, 2)


def test_SY06_shakedown_discards_an_enemy_resource() -> None:
    """SY06 Shakedown: remove_resource (a resource card of the opponent → discard)."""
    res = [[["Speakeasy Bouncer"] * 4] * 3, [list(FACTION_RES)] * 3]
    tb = build(hand=(("Shakedown",), ()), res=res)
    target = tb.st.table.cards("res:1:0")[0]
    tb.play("Shakedown")
    tb.pick(target)
    if tb.kind == "pay":
        tb.do("choose", index=0)
    assert tb.zone(target) == "discard:1"


def test_SY07_alderman_takes_control_until_end_of_turn() -> None:
    """SY07 Alderman on the Take: pay(2) → take_control until end of turn; it goes back (CC-5.60)."""
    tb = build(play=(("Alderman on the Take",), ("Hired Muscle",)))
    tb.use("Alderman on the Take")
    if tb.kind == "pay":
        tb.do("choose", index=0)
    assert tb.zone(tb["Hired Muscle"]) == "play:0"
    from cardtable.games.call_of_cthulhu.effects import return_control

    return_control(tb.st, "end_of_turn")
    assert tb.zone(tb["Hired Muscle"]) == "play:1"


def test_SY08_getaway_driver_uncommits_during_the_story_phase() -> None:
    """SY08 Getaway Driver: condition phase story; exhaust_self → uncommit."""
    tb = build(play=(("Getaway Driver", "Hired Muscle"), ()), phase="story", window="attack", committed={"Hired Muscle": 0})
    tb.use("Getaway Driver")
    assert tb.st.committed_slot(tb["Hired Muscle"]) is None


def test_SY09_cooked_books_needs_three_syndicate_characters() -> None:
    """SY09 Cooked Books: if count ≥ 3 → add_success at a story with your committed character."""
    tb = build(play=(("Speakeasy Bouncer", "Mob Enforcer", "Crew Boss"), ()), hand=(("Cooked Books",), ()),
               committed={"Crew Boss": 1})
    tb.play("Cooked Books")
    if tb.kind == "pay":
        tb.do("choose", index=0)
    assert tb.st.vars["tokens"][2 * 1 + 0] == 1


def test_SY10_drum_fed_chopper_gives_skill() -> None:
    """SY10 Drum-Fed Chopper: passive modify_skill +1 on the host."""
    tb = build(play=(("Stray Dog",), ()), hand=(("Drum-Fed Chopper",), ()))
    tb.play("Drum-Fed Chopper")
    if tb.kind == "attach_host":
        tb.pick(tb["Stray Dog"])
    if tb.kind == "pay":
        tb.do("choose", index=0)
    assert tb.st.skill(tb["Stray Dog"]) == 1


def test_SY11_crew_boss_commits_another_syndicate_character() -> None:
    """SY11 Crew Boss: commit (no exhaust, CC-8.4) to source_story."""
    tb = build(play=(("Crew Boss", "Speakeasy Bouncer"), ()), phase="story", window="attack", committed={"Crew Boss": 2})
    tb.use("Crew Boss")
    assert tb.st.committed_slot(tb["Speakeasy Bouncer"]) == 2 and not tb.st.exhausted(tb["Speakeasy Bouncer"])


# ---- Cthulhu ---------------------------------------------------------------------------------------------


def test_CT02_drowned_cultist_sacrifices_itself_to_wound() -> None:
    """CT02 Drowned Cultist: sacrifice_self → wound a committed character."""
    tb = build(play=(("Drowned Cultist",), ("Hired Muscle",)), committed={"Hired Muscle": 0})
    tb.use("Drowned Cultist")
    assert tb.zone(tb["Drowned Cultist"]) == "discard:0" and tb.st.wounds(tb["Hired Muscle"]) == 1


def test_CT04_tidal_horror_destroys_a_wounded_enemy_at_its_story() -> None:
    """CT04 Tidal Horror: reaction → destroy (filter wounds ≥ 1, committed_to source_story)."""
    tb = build(window=None, play=(("Tidal Horror",), ("Hired Muscle",)), committed={"Tidal Horror": 0, "Hired Muscle": 0})
    tb.st.table.add_counter(tb["Hired Muscle"], "wounds", 1)
    _struggle_won(tb, "combat", 0, 0)
    tb.use("Tidal Horror")
    assert tb.zone(tb["Hired Muscle"]) == "discard:1"


def test_CT05_tide_destroys_each_uncommitted_low_skill_character() -> None:
    """CT05 The Tide Swallows the Pier: for_each (untargeted) → destroy it."""
    res = [[["Deep One Raider"] * 4] * 3, [list(FACTION_RES)] * 3]
    tb = build(play=(("Stray Dog", "Tidal Horror"), ("Hired Muscle", "Old Sea Captain")), hand=(("The Tide Swallows the Pier",), ()),
               res=res)
    tb.play("The Tide Swallows the Pier")
    if tb.kind == "pay":
        tb.do("choose", index=0)
    assert tb.zone(tb["Stray Dog"]) == "discard:0" and tb.zone(tb["Hired Muscle"]) == "discard:1"
    assert tb.zone(tb["Tidal Horror"]) == "play:0" and tb.zone(tb["Old Sea Captain"]) == "play:1"


def test_CT06_dreamer_wounds_another_character_on_entry() -> None:
    """CT06 Dreamer Beneath the Waves: forced enters_play(self) → wound another character you control."""
    tb = build(play=(("Hired Muscle",), ()), hand=(("Dreamer Beneath the Waves",), ()))
    tb.play("Dreamer Beneath the Waves")
    if tb.kind == "pay":
        tb.do("choose", index=0)
    assert tb.st.wounds(tb["Hired Muscle"]) == 1


def test_CT07_crushing_surge_removes_an_investigation_struggle() -> None:
    """CT07 Crushing Surge: remove_struggles until end of phase (CC-8.13 counts it)."""
    from cardtable.games.call_of_cthulhu.rules import struggle_count

    tb = build(hand=(("Crushing Surge",), ()), phase="story", window="attack")
    slot = story_slot(tb, "ST01")
    tb.play("Crushing Surge")
    tb.pick(tb.st.story_at(slot))  # type: ignore[arg-type]
    if tb.kind == "pay":
        tb.do("choose", index=0)
    assert struggle_count(tb.st, slot, 3) == 0


@pytest.mark.parametrize("support", ["Sunken Idol", "Coral Carapace"])
def test_toughness_supports(support: str) -> None:
    """CT08 Sunken Idol (Deep Ones you control) and CT12 Coral Carapace (host): passive modify_toughness."""
    tb = build(play=(("Deep One Raider",), ()), hand=((support,), ()))
    assert tb.st.durability(tb["Deep One Raider"]) == 1
    tb.play(support)
    if tb.kind == "attach_host":
        tb.pick(tb["Deep One Raider"])
    if tb.kind == "pay":
        tb.do("choose", index=0)
    assert tb.st.durability(tb["Deep One Raider"]) == 2


def test_CT09_pull_of_the_deep_counts_terror_as_combat() -> None:
    """CT09 Pull of the Deep: count_icons_as(terror → combat) at a story."""
    from cardtable.games.call_of_cthulhu.rules import strength

    tb = build(play=(("Yellow-Robed Acolyte",), ()), hand=(("Pull of the Deep",), ()), committed={"Yellow-Robed Acolyte": 0})
    assert strength(tb.st, 0, 0, 1) == 0
    tb.play("Pull of the Deep")
    tb.pick(tb.st.story_at(0))  # type: ignore[arg-type]
    assert strength(tb.st, 0, 0, 1) == 1 and strength(tb.st, 0, 0, 0) == 0


def test_CT10_spawn_of_the_trench_cancels_its_destruction() -> None:
    """CT10 Spawn of the Deep Trench: interrupt destroyed(self), cost discard_from_hand → cancel."""
    tb = build(window=None, play=(("Spawn of the Deep Trench",), ()), hand=(("Stray Dog",), ()))
    _fire(tb, "destroyed", card=tb["Spawn of the Deep Trench"])
    tb.use("Spawn of the Deep Trench")
    tb.pick(tb["Stray Dog"])  # a hidden pick is asked even with one candidate (D-CT-27)
    assert tb.zone(tb["Spawn of the Deep Trench"]) == "play:0" and tb.zone(tb["Stray Dog"]) == "discard:0"


def test_CT11_idol_keeper_sacrifices_a_cultist_for_invulnerability() -> None:
    """CT11 Idol Keeper: sacrifice(filter) cost → grant_keyword invulnerability until end of phase."""
    tb = build(play=(("Idol Keeper", "Drowned Cultist", "Hired Muscle"), ()))
    tb.use("Idol Keeper")
    tb.pick(tb["Hired Muscle"])
    assert tb.zone(tb["Drowned Cultist"]) == "discard:0"
    assert tb.st.has_keyword(tb["Hired Muscle"], "invulnerability")


# ---- Hastur ----------------------------------------------------------------------------------------------


def test_HA03_playwright_drives_an_enemy_insane_after_a_terror_win() -> None:
    """HA03 Playwright of Carcosa: reaction → drive_insane (lacks willpower, committed_to source_story)."""
    tb = build(window=None, play=(("Playwright of Carcosa",), ("Hired Muscle",)), committed={"Playwright of Carcosa": 0, "Hired Muscle": 0})
    _struggle_won(tb, "terror", 0, 0)
    tb.use("Playwright of Carcosa")
    assert tb.st.insane(tb["Hired Muscle"])


def test_HA04_verse_drives_insane_a_committed_character_without_terror() -> None:
    """HA04 A Verse Best Left Unread: condition phase story → drive_insane (icons terror 0)."""
    tb = build(play=((), ("Hired Muscle",)), hand=(("A Verse Best Left Unread",), ()), phase="story", window="attack",
               committed={"Hired Muscle": 0})
    tb.play("A Verse Best Left Unread")
    if tb.kind == "pay":
        tb.do("choose", index=0)
    assert tb.st.insane(tb["Hired Muscle"])


def test_HA05_hollow_gaze_sets_skill_to_zero() -> None:
    """HA05 Hollow Gaze: set_skill 0 until end of phase."""
    res = [[["Yellow-Robed Acolyte"] * 4] * 3, [list(FACTION_RES)] * 3]
    tb = build(play=((), ("Old Sea Captain",)), hand=(("Hollow Gaze",), ()), res=res)
    tb.play("Hollow Gaze")
    if tb.kind == "pay":
        tb.do("choose", index=0)
    assert tb.st.skill(tb["Old Sea Captain"]) == 0


def test_HA06_herald_strips_willpower_at_its_story() -> None:
    """HA06 Herald of the Tattered King: passive remove_keyword (willpower) while committed."""
    tb = build(play=(("Herald of the Tattered King",), ("Old Sea Captain",)),
               committed={"Herald of the Tattered King": 1, "Old Sea Captain": 1})
    assert not tb.st.has_keyword(tb["Old Sea Captain"], "willpower")
    tb.st.table.add_counter(tb["Herald of the Tattered King"], "story", -2)
    assert tb.st.has_keyword(tb["Old Sea Captain"], "willpower")


def test_HA07_unmasking_blanks_text() -> None:
    """HA07 Unmasking: blank_text until end of turn — keywords and abilities gone."""
    tb = build(play=((), ("Precinct Desk Sergeant",)), hand=(("Unmasking",), ()))
    tb.play("Unmasking")
    assert not tb.st.has_keyword(tb["Precinct Desk Sergeant"], "heroic")
    assert tb.st.abilities_of(tb["Precinct Desk Sergeant"]) == ()


def test_HA08_lost_in_carcosa_cancels_a_restore() -> None:
    """HA08 Lost in Carcosa: interrupt restored(opponent's character) → cancel."""
    tb = build(window=None, play=((), ("Stray Dog",)), hand=(("Lost in Carcosa",), ()))
    st = tb.st
    st.table.set_flag(tb["Stray Dog"], INSANE)
    st._decision = None
    emit(st, "restored", card=tb["Stray Dog"], ready=False)
    st._advance()
    tb.use("Lost in Carcosa")
    assert st.insane(tb["Stray Dog"])


def test_HA09_babbling_wretch_draws_when_an_enemy_goes_insane() -> None:
    """HA09 Babbling Wretch: reaction goes_insane(opponent) → draw, once per turn."""
    tb = build(window=None, play=(("Babbling Wretch",), ("Stray Dog", "Hired Muscle")))
    st = tb.st
    _fire(tb, "goes_insane", card=tb["Stray Dog"])
    tb.use("Babbling Wretch")
    assert len(st.table.cards("hand:0")) == 1


def test_HA10_sign_carver_goes_insane_to_drive_another_insane() -> None:
    """HA10 Sign-Carver: self_goes_insane cost → drive_insane (cost ≤ 2, lacks willpower)."""
    tb = build(play=(("Sign-Carver",), ("Hired Muscle",)))
    tb.use("Sign-Carver")
    assert tb.st.insane(tb["Sign-Carver"]) and tb.st.insane(tb["Hired Muscle"])


def test_HA12_theater_lowers_enemy_skill_at_its_story() -> None:
    """HA12 Theater of the Yellow Sign: passive on a story (this_story) −1 skill to enemies without willpower."""
    tb = build(play=(("Theater of the Yellow Sign",), ("Old Sea Captain", "Inspector Hale Mercer")),
               committed={"Old Sea Captain": 0, "Inspector Hale Mercer": 0})
    tb.st.table.attach(tb["Theater of the Yellow Sign"], tb.st.story_at(0))  # type: ignore[arg-type]
    assert tb.st.skill(tb["Inspector Hale Mercer"]) == 2 and tb.st.skill(tb["Old Sea Captain"]) == 2


# ---- Yog-Sothoth ------------------------------------------------------------------------------------------


def test_YS01_keyholder_reorders_the_top_of_the_deck() -> None:
    """YS01 Keyholder Initiate: look_at_top 3, reorder (positions, not ids, on the stack)."""
    tb = build(hand=(("Keyholder Initiate",), ()), deck=(("Stray Dog", "Hired Muscle", "Travelling Occultist", "Old Sea Captain"),
                                                         ("Stray Dog",) * 4))
    tb.play("Keyholder Initiate")
    tb.use("Keyholder Initiate")
    assert tb.kind == "reorder_deck"
    tb.do("next", item=2)
    tb.do("next", item=1)
    top = tb.st.table.cards("deck:0")[-1]
    assert tb.st.card(top).title == "Hired Muscle"


def test_YS02_scholar_mills_itself_to_return_an_event() -> None:
    """YS02 Scholar of the Outer Gate: discard_from_deck_top 2 → return_from_discard (Yog-Sothoth event)."""
    tb = build(play=(("Scholar of the Outer Gate",), ()), discard=(("Gate Between Moments",), ()))
    tb.use("Scholar of the Outer Gate")
    assert tb.zone(tb["Gate Between Moments"]) == "hand:0" and len(tb.st.table.cards("deck:0")) == 6


def test_YS03_gate_swaps_a_story() -> None:
    """YS03 Gate Between Moments: swap_story (to the bottom, tokens go, the row refills)."""
    tb = build(hand=(("Gate Between Moments",), ()))
    old = tb.st.story_at(0)
    tb.st.vars["tokens"][1] = 2
    tb.play("Gate Between Moments")
    tb.pick(old)  # type: ignore[arg-type]
    if tb.kind == "pay":
        tb.do("choose", index=0)
    assert tb.zone(old) == "story_deck" and tb.st.story_at(0) not in (None, old) and tb.st.vars["tokens"][1] == 0  # type: ignore[arg-type]


def test_YS04_temporal_drift_moves_success_tokens() -> None:
    """YS04 Temporal Drift: move_success (same side, up to 2)."""
    res = [[["Keyholder Initiate"] * 4] * 3, [list(FACTION_RES)] * 3]
    tb = build(hand=(("Temporal Drift",), ()), res=res)
    tb.st.vars["tokens"][0] = 3
    tb.play("Temporal Drift")  # the only story with your tokens is chosen as the source at once
    tb.pick(tb.st.story_at(2))  # type: ignore[arg-type]
    if tb.kind == "pay":
        tb.do("choose", index=0)
    assert tb.st.vars["tokens"][0] == 1 and tb.st.vars["tokens"][4] == 2


def test_YS05_mnemonic_leech_mills_the_opponent() -> None:
    """YS05 Mnemonic Leech: reaction struggle_won(arcane, source_story) → mill 2."""
    tb = build(window=None, play=(("Mnemonic Leech",), ()), committed={"Mnemonic Leech": 0})
    _struggle_won(tb, "arcane", 0, 0)
    tb.use("Mnemonic Leech")
    assert len(tb.st.table.cards("deck:1")) == 6 and len(tb.st.table.cards("discard:1")) == 2


def test_YS06_outsiders_whisper_discards_at_random() -> None:
    """YS06 Outsider's Whisper: discard_from_hand(chooser: random) — nobody chooses."""
    tb = build(hand=(("Outsider's Whisper",), ("Stray Dog", "Hired Muscle")))
    tb.play("Outsider's Whisper")
    assert len(tb.st.table.cards("hand:1")) == 1 and len(tb.st.table.cards("discard:1")) == 1


def test_YS07_silver_key_spends_a_token_to_bounce_a_character() -> None:
    """YS07 The Silver Key: costs exhaust_self + remove_success_tokens → return_to_hand."""
    tb = build(play=(("The Silver Key",), ("Hired Muscle",)))
    tb.st.vars["tokens"][2] = 1
    tb.use("The Silver Key")
    assert tb.zone(tb["Hired Muscle"]) == "hand:1" and tb.st.vars["tokens"][2] == 0


def test_YS08_spheres_converge_shuffles_a_character_into_its_deck() -> None:
    """YS08 Spheres Converge: shuffle_into_deck (its owner's deck)."""
    tb = build(play=((), ("Hired Muscle",)), hand=(("Spheres Converge",), ()))
    tb.play("Spheres Converge")
    if tb.kind == "pay":
        tb.do("choose", index=0)
    assert tb.zone(tb["Hired Muscle"]) == "deck:1"


def test_YS09_timeless_librarian_puts_a_discard_on_top_of_the_deck() -> None:
    """YS09 The Timeless Librarian: reaction story_resolved(source_story) → put_on_deck from discard."""
    tb = build(window=None, play=(("The Timeless Librarian",), ()), discard=(("Hired Muscle",), ()), committed={"The Timeless Librarian": 0})
    st = tb.st
    _fire(tb, "story_resolved", slot=0)
    tb.use("The Timeless Librarian")
    assert st.table.cards("deck:0")[-1] == tb["Hired Muscle"]


def test_YS10_wanderer_reveals_the_opponents_hand() -> None:
    """YS10 Between-Spaces Wanderer: reveal (the hand becomes known to every seat)."""
    tb = build(play=(("Between-Spaces Wanderer",), ()), hand=((), ("Hired Muscle",)))
    tb.use("Between-Spaces Wanderer")
    assert tb.st.table.face_visible(tb["Hired Muscle"], 0)


def test_YS11_warp_of_fate_takes_an_opponents_token() -> None:
    """YS11 Warp of Fate: interrupt success_token_placed(opponent) → replace with a token on your side."""
    res = [[["Keyholder Initiate"] * 4] * 3, [list(FACTION_RES)] * 3]
    tb = build(window=None, hand=(("Warp of Fate",), ()), res=res)
    st = tb.st
    _fire(tb, "success_token_placed", slot=1, player=1)
    tb.use("Warp of Fate")
    if tb.kind == "pay":
        tb.do("choose", index=0)
    assert st.vars["tokens"][2 * 1 + 1] == 0 and st.vars["tokens"][2 * 1 + 0] == 1


def test_YS12_eon_clock_counts_chimes_then_adds_success() -> None:
    """YS12 The Eon Clock: forced place_counter at turn start; action remove_counter 3, then add_success."""
    tb = build(play=(("The Eon Clock",), ()))
    tb.st.table.add_counter(tb["The Eon Clock"], "chime", 3)
    tb.use("The Eon Clock")
    tb.pick(tb.st.story_at(1))  # type: ignore[arg-type]
    assert tb.st.vars["tokens"][2] == 1 and tb.st.table.counter(tb["The Eon Clock"], "chime") == 0


# ---- Shub-Niggurath -----------------------------------------------------------------------------------------


def test_SN02_grove_celebrant_draws_when_sacrificed() -> None:
    """SN02 Grove Celebrant: reaction sacrificed(self), answered from the discard pile."""
    tb = build(window=None, play=(("Grove Celebrant", "Feral Devotee"), ()))
    st = tb.st
    _fire(tb, "sacrificed", card=tb["Grove Celebrant"])
    tb.use("Grove Celebrant")
    assert len(st.table.cards("hand:0")) == 1


def test_SN03_litter_puts_a_cheap_character_into_play_from_hand() -> None:
    """SN03 Litter of the Black Goat: put_into_play from hand (private pick, CC-6.15 ignores costs)."""
    tb = build(hand=(("Litter of the Black Goat", "Dark Young Sapling", "The Mother in the Grove"), ()))
    tb.play("Litter of the Black Goat")
    if tb.kind == "pay":
        tb.do("choose", index=0)
    tb.pick(tb["Dark Young Sapling"])  # asked even with one candidate (D-CT-27)
    assert tb.zone(tb["Dark Young Sapling"]) == "play:0" and tb.zone(tb["The Mother in the Grove"]) == "hand:0"


def test_SN04_matron_boosts_other_cultists() -> None:
    """SN04 Goat-Horned Matron: passive +1 skill to other Cultists you control."""
    tb = build(play=(("Goat-Horned Matron", "Feral Devotee"), ("Drowned Cultist",)))
    assert tb.st.skill(tb["Feral Devotee"]) == 2 and tb.st.skill(tb["Goat-Horned Matron"]) == 3
    assert tb.st.skill(tb["Drowned Cultist"]) == 1


def test_SN05_blood_offering_sacrifices_as_an_extra_cost() -> None:
    """SN05 Blood Offering: sacrifice(filter) as an event's extra cost → draw 2."""
    tb = build(play=(("Stray Dog",), ()), hand=(("Blood Offering",), ()))
    tb.play("Blood Offering")
    assert tb.zone(tb["Stray Dog"]) == "discard:0" and len(tb.st.table.cards("hand:0")) == 2


def test_SN06_fertile_altar_discounts_the_next_shub_character() -> None:
    """SN06 Fertile Altar: modify_cost −1, scope next, until end of turn — spent by the next play."""
    tb = build(play=(("Fertile Altar", "Feral Devotee"), ()), hand=(("Spawn in the Woods",), ()))
    st = tb.st
    _fire(tb, "sacrificed", card=tb["Feral Devotee"])
    tb.use("Fertile Altar")
    assert st.actual_cost(tb["Spawn in the Woods"]) == 2
    tb.play("Spawn in the Woods")
    if tb.kind == "pay":
        tb.do("choose", index=0)
    assert not [e for e in st.lasting if e[0] == "cost"]


def test_SN07_spawn_in_the_woods_chooses_at_turn_end() -> None:
    """SN07 Spawn in the Woods: forced turn_end → choose_one (sacrifice a Cultist or wound itself)."""
    tb = build(play=(("Spawn in the Woods", "Feral Devotee"), ()), window="turn_end")
    tb.choose("wound")
    assert tb.st.wounds(tb["Spawn in the Woods"]) == 1


def test_SN08_whispering_pines_returns_a_character_into_play() -> None:
    """SN08 Whispering Pines Coven: return_from_discard to play."""
    tb = build(discard=(("Feral Devotee",), ()), hand=(("Whispering Pines Coven",), ()))
    tb.play("Whispering Pines Coven")
    if tb.kind == "pay":
        tb.do("choose", index=0)
    assert tb.zone(tb["Feral Devotee"]) == "play:0"


def test_cc_3_2_and_cc_3_10_a_card_that_left_play_exhausted_comes_back_ready() -> None:
    """CC-3.2: a card that leaves play is a new object, so an exhausted (or insane) character discarded from play
    lies upright and face up in the pile; CC-3.10: put back into play from there (SN08), it enters ready."""
    tb = build(play=(("Feral Devotee",), ()), hand=(("Whispering Pines Coven",), ()))
    t, devotee = tb.st.table, tb["Feral Devotee"]
    t.set_flag(devotee, EXHAUSTED)
    t.set_flag(devotee, INSANE)
    tb.st.move_card(devotee, "discard:0")  # destroyed, as combat or a sacrifice does
    assert not t.flags[devotee] & (EXHAUSTED | INSANE)
    tb.play("Whispering Pines Coven")
    if tb.kind == "pay":
        tb.do("choose", index=0)
    assert tb.zone(devotee) == "play:0" and not tb.st.exhausted(devotee) and not tb.st.insane(devotee)


def test_SN09_feral_devotee_sacrifices_itself_to_ready() -> None:
    """SN09 Feral Devotee: sacrifice_self → ready an exhausted character."""
    tb = build(play=(("Feral Devotee", "Hired Muscle"), ()))
    tb.st.table.set_flag(tb["Hired Muscle"], EXHAUSTED)
    tb.use("Feral Devotee")
    assert not tb.st.exhausted(tb["Hired Muscle"])


def test_SN10_rite_boosts_each_committed_cultist() -> None:
    """SN10 Rite of Many Mouths: for_each committed Cultist → +1 skill until end of phase."""
    res = [[["Grove Celebrant"] * 4] * 3, [list(FACTION_RES)] * 3]
    tb = build(play=(("Feral Devotee", "Drowned Cultist"), ()), hand=(("Rite of Many Mouths",), ()), phase="story",
               window="attack", committed={"Feral Devotee": 0}, res=res)
    tb.play("Rite of Many Mouths")
    if tb.kind == "pay":
        tb.do("choose", index=0)
    assert tb.st.skill(tb["Feral Devotee"]) == 2 and tb.st.skill(tb["Drowned Cultist"]) == 1


def test_SN12_mother_searches_for_a_cheap_character_into_play() -> None:
    """SN12 The Mother in the Grove: forced turn_start → search_deck to play."""
    tb = build(window=None, play=(("The Mother in the Grove",), ()), deck=(("Stray Dog", "Feral Devotee", "Stray Dog"), ("Stray Dog",) * 4))
    _fire(tb, "turn_start", player=0)
    tb.pick(tb["Feral Devotee"])
    assert tb.zone(tb["Feral Devotee"]) == "play:0"


# ---- Neutral ---------------------------------------------------------------------------------------------


def test_NE04_sea_captain_exhausts_another_for_skill() -> None:
    """NE04 Old Sea Captain: exhaust(filter) cost → +2 skill, once per phase."""
    tb = build(play=(("Old Sea Captain", "Stray Dog"), ()))
    tb.use("Old Sea Captain")
    assert tb.st.skill(tb["Old Sea Captain"]) == 4 and tb.st.exhausted(tb["Stray Dog"])
    assert not tb.can("use", card=tb["Old Sea Captain"])


def test_NE05_elder_sign_grants_willpower() -> None:
    """NE05 Elder Sign Amulet: passive grant_keyword willpower on the host."""
    tb = build(play=(("Hired Muscle",), ()), hand=(("Elder Sign Amulet",), ()))
    tb.play("Elder Sign Amulet")
    if tb.kind == "attach_host":
        tb.pick(tb["Hired Muscle"])
    if tb.kind == "pay":
        tb.do("choose", index=0)
    assert tb.st.has_keyword(tb["Hired Muscle"], "willpower")


def test_NE06_first_aid_kit_heals_one_wound() -> None:
    """NE06 First Aid Kit: exhaust_self → heal 1."""
    tb = build(play=(("First Aid Kit", "Riot Squad Veteran"), ()))
    tb.st.table.add_counter(tb["Riot Squad Veteran"], "wounds", 2)
    tb.use("First Aid Kit")
    assert tb.st.wounds(tb["Riot Squad Veteran"]) == 1


def test_NE07_bribe_the_clerk_grants_resource_match() -> None:
    """NE07 Bribe the Clerk: grant_resource_match until end of phase (CC-6.7)."""
    res = [[["Stray Dog"] * 4] * 3, [list(FACTION_RES)] * 3]
    tb = build(hand=(("Bribe the Clerk", "Graduate Archivist"), ()), res=res)
    assert not tb.can("play", card=tb["Graduate Archivist"])
    tb.play("Bribe the Clerk")
    if tb.kind == "pay":
        tb.do("choose", index=0)
    assert tb.can("play", card=tb["Graduate Archivist"])
    tb.play("Graduate Archivist")  # declared face up (D-CT-16), it is still a card played from hand: payable
    if tb.kind == "pay":
        tb.do("choose", index=0)
    assert tb.zone(tb["Graduate Archivist"]) == "play:0"


def test_NE08_lucky_break_choose_one() -> None:
    """NE08 Lucky Break: choose_one (options without a legal target are not offered)."""
    tb = build(hand=(("Lucky Break",), ()))
    tb.play("Lucky Break")
    assert len(tb.st.table.cards("hand:0")) == 1  # only "draw" was possible


def test_NE09_dynamite_discards_a_support() -> None:
    """NE09 Dynamite Bundle: discard_from_play (a support)."""
    tb = build(play=((), ("First Aid Kit",)), hand=(("Dynamite Bundle",), ()))
    tb.play("Dynamite Bundle")
    if tb.kind == "pay":
        tb.do("choose", index=0)
    assert tb.zone(tb["First Aid Kit"]) == "discard:1"


def test_NE11_dockhand_wounds_itself_for_an_extra_combat_struggle() -> None:
    """NE11 Stubborn Dockhand: wound_self cost → add_boosters(combat) at its story."""
    from cardtable.games.call_of_cthulhu.rules import struggle_count

    tb = build(play=(("Stubborn Dockhand",), ()), phase="story", window="attack", committed={"Stubborn Dockhand": 0})
    before = struggle_count(tb.st, 0, 1)
    tb.use("Stubborn Dockhand")
    assert tb.st.wounds(tb["Stubborn Dockhand"]) == 1 and struggle_count(tb.st, 0, 1) == before + 1


def test_NE12_sanatorium_refreshes_a_domain() -> None:
    """NE12 Quiet Sanatorium: exhaust_self → refresh_domain."""
    tb = build(play=(("Quiet Sanatorium",), ()))
    tb.st.vars["drained"][1] = 1
    tb.use("Quiet Sanatorium")
    assert tb.st.vars["drained"][1] == 0


# ---- Stories: win effects (CC-7.3, CC-8.20 step 6) and a passive ---------------------------------------------


def _win(tb: Table, sid: str, p: int = 0) -> None:
    st = tb.st
    slot = story_slot(tb, sid)
    st.vars["tokens"][2 * slot + p] = 4
    tb.started = True
    st._decision = None
    st.push("cc.token", slot=slot, player=p)
    st._advance()


def test_ST01_drowned_bell_draws_two() -> None:
    tb = build(rows=("ST01", "ST02", "ST03"))
    _win(tb, "ST01")
    assert len(tb.st.table.cards("hand:0")) == 2


def test_ST02_ashes_may_restore_and_ready() -> None:
    tb = build(play=(("Stray Dog",), ()), rows=("ST02", "ST01", "ST03"))
    tb.st.table.set_flag(tb["Stray Dog"], INSANE)
    _win(tb, "ST02")
    tb.yes()
    assert not tb.st.insane(tb["Stray Dog"]) and not tb.st.exhausted(tb["Stray Dog"])


def test_ST03_map_removes_opponent_tokens() -> None:
    tb = build(rows=("ST03", "ST01", "ST02"))
    tb.st.vars["tokens"][2 * 1 + 1] = 3
    _win(tb, "ST03")
    tb.yes()
    assert tb.st.vars["tokens"][3] == 1


def test_ST04_observatory_each_player_draws() -> None:
    tb = build(rows=("ST04", "ST01", "ST02"))
    _win(tb, "ST04")
    assert len(tb.st.table.cards("hand:0")) == 1 and len(tb.st.table.cards("hand:1")) == 1


def test_ST05_burning_warehouse_may_destroy_an_exhausted_enemy() -> None:
    tb = build(play=((), ("Hired Muscle",)), rows=("ST05", "ST01", "ST02"))
    tb.st.table.set_flag(tb["Hired Muscle"], EXHAUSTED)
    _win(tb, "ST05")
    tb.yes()
    assert tb.zone(tb["Hired Muscle"]) == "discard:1"


def test_ST06_hungry_orchard_passive_and_win_effect() -> None:
    """ST06: passive +1 skill to cheap characters committed there; may attach a hand card as a resource."""
    tb = build(play=(("Stray Dog",), ()), hand=(("Hired Muscle",), ()), rows=("ST06", "ST01", "ST02"),
               committed={"Stray Dog": 0})
    assert tb.st.skill(tb["Stray Dog"]) == 1
    tb.st.table.add_counter(tb["Stray Dog"], "story", -1)
    _win(tb, "ST06")
    tb.yes()
    tb.choose("domain 1")
    tb.pick(tb["Hired Muscle"])  # asked even with one candidate (D-CT-27)
    assert tb.zone(tb["Hired Muscle"]) == "res:0:0"


def test_ST07_threshold_raises_the_opponents_victory_threshold() -> None:
    tb = build(rows=("ST07", "ST01", "ST02"))
    _win(tb, "ST07")
    assert tb.st.threshold(1) == 4 and tb.st.threshold(0) == 3


def test_ST08_coast_road_refreshes_each_drained_domain() -> None:
    tb = build(rows=("ST08", "ST01", "ST02"))
    tb.st.vars["drained"][0:3] = [1, 1, 0]
    _win(tb, "ST08")
    assert tb.st.vars["drained"][0:3] == [0, 0, 0]


def test_ST09_rumours_may_search_for_a_support() -> None:
    tb = build(rows=("ST09", "ST01", "ST02"), deck=(("Stray Dog", "First Aid Kit", "Stray Dog"), ("Stray Dog",) * 4))
    _win(tb, "ST09")
    tb.yes()
    tb.pick(tb["First Aid Kit"])
    assert tb.zone(tb["First Aid Kit"]) == "hand:0"


def test_ST10_last_train_adds_a_success_token() -> None:
    tb = build(rows=("ST10", "ST01", "ST02"))
    _win(tb, "ST10")
    tb.pick(tb.st.story_at(1))  # type: ignore[arg-type]
    assert tb.st.vars["tokens"][2] == 1


def test_lasting_effects_end_with_their_phase() -> None:
    """CC-5.61: an action's modifier without a stated duration ends with the phase (default end_of_phase)."""
    tb = build(play=(("Old Sea Captain", "Stray Dog"), ()))
    tb.use("Old Sea Captain")
    from cardtable.engine import expire

    expire(tb.st, "end_of_phase")
    assert lasting_total(tb.st, "skill", tb["Old Sea Captain"]) == 0


def test_every_card_with_an_ability_has_a_scenario_here() -> None:
    """The coverage check: each card id with text abilities or a win effect is cited by a test in this file."""
    from pathlib import Path

    text = Path(__file__).read_text(encoding="utf-8")
    cited = {d.id for d in G.defs.defs if d.id in text}
    missing = [f"{d.id} {d.title}" for d in G.defs.defs
               if (d.abilities or d.win_effect is not None) and d.id not in cited]
    assert missing == []


def test_hidden_hands_are_asked_only_for_events_a_hand_card_could_answer() -> None:
    """Engine information rule: a seat holding cards is asked in a response window only if some card of the
    pool could answer that event *from hand* (Grove Celebrant answers ``sacrificed`` from the discard pile)."""
    assert G.hand_trigger_events["interrupt"] == frozenset({"card_played", "destroyed", "restored", "success_token_placed"})
    assert "sacrificed" not in G.hand_trigger_events["reaction"]
    assert G.discard_triggers == frozenset({G.defs.index("Grove Celebrant"), G.defs.index("Stray Dog")})


def test_CT01_deep_one_raider_readies_after_losing_terror() -> None:
    """CT01 Deep One Raider: reaction struggle_lost(terror, you, source_story) → ready self."""
    tb = build(window=None, play=(("Deep One Raider",), ()), committed={"Deep One Raider": 0})
    st = tb.st
    st.table.set_flag(tb["Deep One Raider"], EXHAUSTED)
    _fire(tb, "struggle_lost", type="terror", slot=0, player=0)
    tb.use("Deep One Raider")
    assert not st.exhausted(tb["Deep One Raider"])


def test_HA11_shrieking_byakhee_weakens_an_enemy_when_committed() -> None:
    """HA11 Shrieking Byakhee: reaction committed(self) → modify_skill −1 on an opponent's character."""
    tb = build(window=None, play=(("Shrieking Byakhee",), ("Old Sea Captain",)))
    st = tb.st
    _fire(tb, "committed", card=tb["Shrieking Byakhee"], slot=0, player=0, exhaust=True, role="attack")
    tb.use("Shrieking Byakhee")
    assert st.skill(tb["Old Sea Captain"]) == 1


def test_NE02_travelling_occultist_draws_after_a_story_win() -> None:
    """NE02 Travelling Occultist: reaction story_won(you) → draw 1."""
    tb = build(play=(("Travelling Occultist",), ()), rows=("ST04", "ST01", "ST02"))
    _win(tb, "ST04")  # each player draws 1 (the win effect), then the reaction
    tb.use("Travelling Occultist")
    assert len(tb.st.table.cards("hand:0")) == 2


def test_NE03_stray_dog_returns_from_the_discard_pile_after_a_story_win() -> None:
    """NE03 Stray Dog: reaction from the discard pile (zone: discard) story_won(you) → return_to_hand self."""
    tb = build(discard=(("Stray Dog",), ()), rows=("ST04", "ST01", "ST02"))
    _win(tb, "ST04")
    tb.use("Stray Dog")
    assert tb.zone(tb["Stray Dog"]) == "hand:0"
