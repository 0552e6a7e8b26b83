"""``effects_ops.startable``'s kept plans and its self costs first answer as the plain computation does.

Why: ``startable`` (may an ability or an action event start now: condition, costs, enough targets) reads a plan kept
per ability (``_ref_plan``), tests the costs that read only the source's zone and flags ("exhaust this card") before
the rest, and counts each card choice's candidates with ``has_enough`` (the zones walked in place) instead of building
``card_cands``' lists. Every test is a pure yes or no, so the answer must be the one the plain order gives. These tests
compare, on positions of seeded random games, every ability of every card in play and every action event in a hand,
for both seats, with ``_plain_startable`` (the computation before the plans), and ``has_enough`` with ``card_cands``.
"""

from __future__ import annotations

import random
from typing import Any

from cardtable.games.call_of_cthulhu import GAME
from cardtable.games.call_of_cthulhu import effects_ops
from cardtable.games.call_of_cthulhu.effect_choices import card_cands, cands_for, choice_fields, cost_payable, has_enough, hidden_count
from cardtable.games.call_of_cthulhu.effects import _lki_slot
from cardtable.games.call_of_cthulhu.filters import Ctx, ability_model, condition_holds
from cardtable.games.call_of_cthulhu.state import HAND_ZONE_IDS, INSANE, PLAY_ZONES, ROW_ZONES, CocState
from cardtable.engine import EXHAUSTED, CardState
from cardtable.testing.positions import random_positions


def _positions(games: int = 6) -> list[CocState]:
    return list(random_positions(GAME, 2, games, 26, lambda st, rng: rng.random() < 0.25))  # type: ignore[arg-type]


def _plain_startable(st: CocState, p: int, source: int, ref: tuple[int, int], ev: dict[str, Any],
                     include_card_cost: bool) -> bool:
    """``startable`` as it read before the plans: condition, card cost, every cost in order, then the choices."""
    model = ability_model(st, ref)
    condition, costs, steps = effects_ops._plan(model)
    ctx = Ctx(p, source, ref, 0, None, ev)
    if st.card(source).type != "story":
        ctx.slot = _lki_slot(st, source, ev)
    if condition is not None and not condition_holds(st, condition, ctx):
        return False
    if include_card_cost:
        if not st.steadfast_ok(p, source):
            return False
        cost = st.actual_cost(source)
        if cost > 0 and not st.paying_domains(p, source, cost):
            return False
    for cost in costs:
        if not cost_payable(st, cost, ctx):
            return False
    for prim, field, kind, need in steps:
        if field is None:
            if hidden_count(st, f"hand:{p}", kind, ctx) < need:
                return False
            continue
        found = card_cands(st, prim, field, ctx, enough=need) if kind == "card" else cands_for(st, prim, field, kind, ctx)
        if len(found) < need:
            return False
    return True


def _asked(st: CocState) -> list[tuple[int, int, tuple[int, int], bool]]:
    """(seat, source, ref, include_card_cost) of every ability a listing could ask about: in play, in the story row and in hands."""
    t = st.table
    out = []
    for z in PLAY_ZONES + ROW_ZONES + HAND_ZONE_IDS:
        for i in t.zones[z]:
            d = st.card(i)
            for k, _ab in enumerate(d.abilities):
                for p in (0, 1):
                    out.append((p, i, (d.index, k), d.type == "event"))
    return out


def test_cc_6_11_startable_answers_as_the_plain_order() -> None:
    asked = started = 0
    for st in _positions():
        for p, i, ref, card_cost in _asked(st):
            got = effects_ops.startable(st, p, i, ref, {}, include_card_cost=card_cost)
            assert got == _plain_startable(st, p, i, ref, {}, card_cost), (st.card(i).title, ref, p)
            asked += 1
            started += got
    assert asked > 2000 and 0 < started < asked


def test_cc_6_11_a_quick_refusal_is_a_refusal() -> None:
    """``quick_refused`` (the phase, self costs and flagged-card counts, asked by ``window_actions`` before a hand's
    costs) says yes only where ``startable`` says no, and it does refuse some (else the window's gate would be idle)."""
    refused = 0
    for st in _positions():
        for p, i, ref, card_cost in _asked(st):
            if effects_ops.quick_refused(st, i, ref):
                assert not _plain_startable(st, p, i, ref, {}, card_cost), (st.card(i).title, ref, p)
                refused += 1
    assert refused > 200


def test_cc_6_14_window_listing_as_each_card_asked_plainly() -> None:
    """Every action window of seeded games lists the hand's plays ``can_play`` allows, card by card, in hand order."""
    rng = random.Random(11)
    listed = 0
    for seed in range(4):
        st = GAME.new_game(seed=seed, players=2)
        while not st.is_terminal:
            args = st.stack[-1].args
            name = args.get("name")
            if st.decision.kind.startswith("window:") and name not in ("interrupt", "reaction"):
                p = args["player"]
                plain = []
                for i in st.table.cards(f"hand:{p}"):
                    for x in st.x_values(p, i):
                        if st.card(i).type in ("character", "support", "event") and st.can_play(p, i, x):
                            plain.append((i, x))
                got = [(a.get("card"), a.get("x") or 0) for a in st.window_actions(name, p)]
                assert got == plain
                listed += 1
            st.apply(rng.choice(st.legal_actions()))
    assert listed > 200


def test_cc_12_1_window_options_list_what_the_generic_path_lists() -> None:
    """``CocState.window_options`` (the hand's plays and the seat's action abilities in one pass) gives exactly the
    engine's generic listing (``CardState.window_options``: ``window_actions``, then ``matching``) at every action
    window of seeded random games, for both seats, at the same stamp again (the kept walk), and after flags and
    control, which the stamp does not count, are changed in place."""
    rng = random.Random(5)
    compared = with_uses = changed = 0
    for seed in range(6):
        st = GAME.new_game(seed=seed, players=2)
        while not st.is_terminal:
            name = st.stack[-1].args.get("name")
            if st.decision.kind.startswith("window:") and name not in ("interrupt", "reaction"):
                for p in (0, 1):
                    got = st.window_options(name, p)
                    assert got == CardState.window_options(st, name, p), (name, p)
                    compared += 1
                    with_uses += any(a.kind == "use" for a in got)
                if rng.random() < 0.3:  # flags and control are not stamped: changed in place, the kept walk must follow
                    other = st.clone()
                    t = other.table
                    other.window_options(name, 0)  # (fills the memo at this stamp)
                    for i in t.cards("play:0") + t.cards("play:1"):
                        t.flags[i] ^= rng.choice((INSANE, EXHAUSTED, 0))
                        if rng.random() < 0.2:
                            t.ctrl[i] = 1 - t.ctrl[i]
                    for p in (0, 1):
                        assert other.window_options(name, p) == CardState.window_options(other, name, p), (name, p)
                        changed += 1
            st.apply(rng.choice(st.legal_actions()))
    assert compared > 500 and with_uses > 20 and changed > 100


def test_cc_7_32_has_host_is_hosts_for_found() -> None:
    """``CocState.has_host`` (the operations listing's stop-at-the-first host test) answers ``bool(hosts_for)`` for
    every attachment support of the pool, for both seats, on seeded positions."""
    supports = [d.index for d in GAME.deftuple if d.type == "support" and d.attach_to is not None]
    asked = found = 0
    for st in _positions(4):
        t = st.table
        i = t.cards("hand:0")[0] if t.cards("hand:0") else t.cards("deck:0")[0]
        keep = t.defn[i]
        for k in supports:
            t.defn[i] = k  # (the one card asked about, its definition redrawn in place as ``CardState.sample`` does)
            t.defs_rewritten()
            for p in (0, 1):
                got = st.has_host(p, i)
                assert got == bool(st.hosts_for(p, i)), (GAME.deftuple[k].title, p)
                asked += 1
                found += got
        t.defn[i] = keep
        t.defs_rewritten()
    assert asked > 100 and 0 < found < asked


def test_cc_6_11_has_enough_counts_as_card_cands() -> None:
    asked = 0
    for st in _positions(4):
        for p, i, ref, _card_cost in _asked(st):
            model = ability_model(st, ref)
            ctx = Ctx(p, i, ref, 0, None, {})
            for prim in model.effect if isinstance(model.effect, list) else [model.effect]:
                for field, kind in choice_fields(prim):
                    if kind != "card":
                        continue
                    for need in (1, 2):
                        assert has_enough(st, prim, field, ctx, need) == (
                            len(card_cands(st, prim, field, ctx, enough=need)) >= need), (st.card(i).title, field)
                        asked += 1
    assert asked > 500


def test_an_event_windows_kept_prompt_is_the_one_made_afresh() -> None:
    """``CocState.window_prompt`` keeps an event window's prompt under (event, window, table, stamp): every prompt of
    seeded games equals the one a clone (which starts without the memo) makes, and after a card's definition is
    redrawn in place (as ``CardState.sample`` does, then ``defs_rewritten``) the prompt names the new title."""
    rng = random.Random(7)
    kept = redrawn = 0
    for seed in range(4):
        st = GAME.new_game(seed=seed, players=2)
        while not st.is_terminal:
            d = st.decision
            args = st.stack[-1].args
            event = args.get("event")
            if d.kind.startswith("window:") and event is not None:
                assert d.prompt == st.clone().window_prompt(args["name"], args["player"], event)
                kept += st._prompt_memo[0] is event
                card = dict(event[1]).get("card")
                if type(card) is int and redrawn < 20:
                    other = st.clone()
                    t = other.table
                    assert other.window_prompt(args["name"], args["player"], event) == d.prompt  # (fills its memo)
                    t.defn[card] = next(k for k in sorted(set(t.defn)) if GAME.deftuple[k].title != other.card(card).title)
                    t.defs_rewritten()
                    got = other.window_prompt(args["name"], args["player"], event)
                    del other._prompt_memo
                    assert got == other.window_prompt(args["name"], args["player"], event) != d.prompt
                    redrawn += 1
            st.apply(rng.choice(st.legal_actions()))
    assert kept > 100 and redrawn == 20


def test_cc_12_4_an_exhaust_or_sacrifice_cost_is_payable_as_its_candidate_list_says() -> None:
    """``cost_payable`` counts an exhaust or sacrifice cost's cards in place (``_cost_enough``: control and flags
    first, stopping at the card that makes enough); the answer must be ``len(_cost_cands(...)) >= need`` for every
    such cost of every ability, for both seats, on seeded positions, and both answers must occur."""
    from cardtable.games.call_of_cthulhu import schema as S
    from cardtable.games.call_of_cthulhu.effect_choices import _cost_cands

    answers = []
    for st in _positions():
        for p, i, ref, _card_cost in _asked(st):
            model = ability_model(st, ref)
            for cost in getattr(model, "cost", ()) or ():
                if not isinstance(cost, (S.ExhaustCost, S.SacrificeCost)):
                    continue
                spec = cost.exhaust if isinstance(cost, S.ExhaustCost) else cost.sacrifice
                ctx = Ctx(p, i, ref, 0, None, {})
                plain = len(_cost_cands(st, cost, ctx)) >= (spec.choose or 1)
                assert cost_payable(st, cost, ctx) == plain, (st.card(i).title, ref, p)
                answers.append(plain)
    assert len(answers) > 100 and any(answers) and not all(answers)


def _plain_flag_count(st: CocState, names: tuple[str, ...], quick: Any) -> int:
    """How many cards of the zones ``names`` pass ``_QUICK``'s test, card by card (what the flag steps count)."""
    t = st.table
    return sum(1 for name in names for c in t.zones[t.zone_ids[name]] if quick(t, c))


def test_cc_6_11_flag_steps_count_as_their_tests_card_by_card() -> None:
    """A plan's flag steps count with a mask test, and the wounded with a count kept for the table's stamp
    (``effects_ops._wounded_in``): each count agrees with ``_QUICK``'s test made card by card, also after flags
    change in place (which the stamp does not count) and when asked again at the same stamp."""
    from cardtable.games.call_of_cthulhu.effect_choices import _QUICK, QUICK_AS_DATA

    checked = 0
    for st in _positions():
        for quick in _QUICK.values():
            how, mask, on = QUICK_AS_DATA.get(quick, ("call", 0, True))
            for names in (("play:0", "play:1"), ("play:0",), ("play:1", "row:0")):
                want = _plain_flag_count(st, names, quick)
                if how == "wounded":
                    assert effects_ops._wounded_in(st, names) == want
                    assert effects_ops._wounded_in(st, names) == want  # (kept)
                elif how == "flag":
                    t = st.table
                    got = sum(1 for name in names for c in t.zones[t.zone_ids[name]]
                              if bool(t.flags[c] & mask) == on)
                    assert got == want
                checked += 1
        probe = st.clone()  # flags change in place: the wounded count is not about flags, the flag counts read them anew
        for i in probe.table.zones[PLAY_ZONES[0]]:
            probe.table.set_flag(i, EXHAUSTED)
        for p, i, ref, _card_cost in _asked(probe):
            plan = effects_ops._ref_plan(probe, ref)
            plain_ok = all(_plain_flag_count(probe, names, quick) >= need
                           for names, quick, need, _how, _mask, _on in plan[6])
            if plan[6]:
                phase_ok = plan[1] is None or plan[1].phase is None or probe.vars["phase"] == plan[1].phase
                if phase_ok and not plan[4]:  # (no self cost, right phase: the flag steps decide alone)
                    assert effects_ops._quick_ok(probe, i, plan) == plain_ok, (probe.card(i).title, ref)
    assert checked > 100
