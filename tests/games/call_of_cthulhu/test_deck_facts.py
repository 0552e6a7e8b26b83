"""``CocState.facts`` (the pool's indexes narrowed to one game's definitions) answers as the pool's do.

Why: trigger listings and passive scans read the narrowed sets (``DeckFacts``), kept on the table
(``CardTable.defs_memo``) from the first read until ``defn`` changes. These tests compare every narrowed
answer with the pool's on positions of seeded random games, and check that a state whose hidden
definitions are redrawn (a determinized state, a search deal) holds the facts of its own definitions,
never its template's. ``committed_at`` keeps its answers under the table's ``stamp``: every answer of
seeded games is compared with a fresh walk."""

from __future__ import annotations

import random

from cardtable.bots.deals import DealSampler
from cardtable.core import Rng
from cardtable.engine.triggers import matching
from cardtable.games.call_of_cthulhu import GAME
from cardtable.games.call_of_cthulhu import effects
from cardtable.games.call_of_cthulhu.state import CocState, deck_facts
from cardtable.testing.positions import random_positions


def _positions(games: int = 5) -> list[CocState]:
    return list(random_positions(GAME, 2, games, 11, lambda st, rng: rng.random() < 0.2))  # type: ignore[arg-type]


def _fresh(st: CocState) -> None:
    """The facts are those of the state's own definitions, as if built now."""
    assert st.facts() == deck_facts(GAME, frozenset(st.table.defn))


def test_cc_12_1_narrowed_trigger_sets_list_the_same_sources() -> None:
    asked = 0
    for st in _positions():
        _fresh(st)
        for (kind, event), pool in GAME.trigger_defs.items():
            narrowed = st.trigger_defs(kind, event)
            assert st.trigger_sources_for(narrowed) == st.trigger_sources_for(pool), (kind, event)
            assert st.may_trigger(kind, event) <= ((kind, event) in GAME.trigger_pairs)
            for p in (None, 0, 1):
                if kind in ("interrupt", "reaction", "forced") and event is None:
                    continue  # (asked only with an event)
                assert matching(st, kind, p, event) == _pool_matching(st, kind, p, event), (kind, event, p)
                asked += 1
    assert asked > 1000


def _pool_matching(st: CocState, kind: str, p: int | None, event: str | None) -> list[tuple[int, object]]:
    """``matching`` over the pool's sets (the facts left out)."""
    memo = st.table.defs_memo
    pool = deck_facts(GAME, frozenset(range(len(GAME.deftuple))))
    st.table.defs_memo = pool
    try:
        return matching(st, kind, p, event)
    finally:
        st.table.defs_memo = memo


def test_cc_7_21_narrowed_passive_sets_give_the_same_totals() -> None:
    stats = list(GAME.passive_stat_defs) + ["icon:terror", "kw:fast"]
    for st in _positions(3):
        cards = [i for z in st.PASSIVE_ZONES for i in st.table.zones[z]]
        for i in cards:
            for stat in stats:
                got = effects.passive_total(st, stat, i)
                st.table.defs_memo = deck_facts(GAME, frozenset(range(len(GAME.deftuple))))
                assert effects.passive_total(st, stat, i) == got
                st.table.defs_memo = None
        got = effects.cost_sources(st)
        st.table.defs_memo = deck_facts(GAME, frozenset(range(len(GAME.deftuple))))
        assert effects.cost_sources(st) == got
        st.table.defs_memo = None


def test_redrawn_definitions_never_keep_the_template_facts() -> None:
    st = GAME.new_game(seed=3, players=2)
    for _ in range(40):
        st.apply(random.Random(5).choice(st.legal_actions()))
    before = st.facts()
    view = st.view(0)
    sampler = DealSampler(GAME, view)
    rng = Rng(9)
    for _ in range(12):
        deal = sampler.sample(rng)
        assert isinstance(deal, CocState)
        _fresh(deal)
        deal.legal_actions()
    det = st.determinize(1, seed=4)
    assert isinstance(det, CocState)
    _fresh(det)
    assert st.facts() is before  # the original's are its own still
    copy = st.clone()
    copy.table.defn[copy.table.zones[copy.table.zone_ids["deck:1"]][0]] = 0
    copy.table.defs_rewritten()
    _fresh(copy)
    _fresh(st)


def test_instances_added_after_a_read_are_counted() -> None:
    st = GAME.new_game(seed=1, players=2)
    st.facts()
    extra = next(d.index for d in GAME.deftuple if d.index not in set(st.table.defn))
    st.table.add(extra, 0, "hand:0")
    _fresh(st)


def test_cc_8_3_kept_committed_lists_agree_with_the_walk(monkeypatch: object) -> None:
    """``committed_at`` answers from what it kept under the table's ``stamp``; every answer of seeded random
    and heuristic games (mid-frame ones included: each call is checked) equals a fresh walk of the table."""
    from cardtable.bots import make_bot

    kept = CocState.committed_at
    asked = []

    def checked(self: CocState, slot: int, p: int | None = None) -> list[int]:
        got = kept(self, slot, p)
        assert got == self._committed_walk(slot, p), (slot, p)
        asked.append(1)
        return got

    monkeypatch.setattr(CocState, "committed_at", checked)  # type: ignore[attr-defined]
    rng = random.Random(3)
    for seed in range(4):
        st = GAME.new_game(seed=seed, players=2)
        while not st.is_terminal:
            st.apply(rng.choice(st.legal_actions()))
            if rng.random() < 0.05:
                st = st.clone()  # a clone keeps nothing of its original's lists
    st = GAME.new_game(seed=100, players=2)
    bots = [make_bot("heuristic", "call-of-cthulhu", seed=p) for p in range(2)]
    while not st.is_terminal:
        d = st.decision
        assert d is not None
        st.apply(bots[d.player].act(st.view(d.player), d))
    assert len(asked) > 1000


# event kinds the rules emit (rules.py, effect_primitives.py), whether or not a card of the pool answers them
_EMITTED = ("card_drawn", "committed", "success_token_placed", "struggle_won", "struggle_lost", "readied", "card_played",
            "uncommitted", "enters_play", "domain_refreshed", "story_resolution_start", "turn_start", "phase_start",
            "resource_attached", "turn_end", "story_resolved", "exhausted", "goes_insane", "restored", "story_won",
            "wounded", "destroyed", "sacrificed", "milled", "discarded_from_hand", "deck_shuffled",
            "shuffled_into_deck", "success_removed", "returned_to_hand", "domain_drained", "healed",
            "threshold_changed", "control_changed", "discarded_from_play", "put_on_deck")


def test_cc_12_3_an_event_kind_outside_loud_events_has_no_window_forced_effect_or_reaction() -> None:
    """``loud_events`` lets the event procedure skip ``respondable`` and ``matching`` for a kind: both must answer no
    for it, on seeded positions, in and out of story resolution (where reactions are queued, CC-5.6)."""
    kinds = set(_EMITTED) | {e for _a, e in GAME.trigger_pairs if e is not None}
    quiet = 0
    for st in _positions():
        loud = st.loud_events()
        assert loud == deck_facts(GAME, frozenset(st.table.defn)).loud_events
        for story_phase in (0, 2):
            probe = st.clone()
            probe.vars["story_phase"] = story_phase
            for kind in kinds - set(loud):
                assert not probe.respondable("interrupt", kind, ())
                assert not probe.respondable("reaction", kind, ())
                assert matching(probe, "forced", None, kind, ()) == []
                quiet += 1
        interrupts, forced, reactions = st.event_gates()  # each stage's own gate: outside it, that stage answers no
        assert interrupts | forced | reactions == loud
        for story_phase in (0, 2):
            probe = st.clone()
            probe.vars["story_phase"] = story_phase
            for kind in kinds:
                if kind not in interrupts:
                    assert not probe.respondable("interrupt", kind, ())
                if kind not in forced:
                    assert matching(probe, "forced", None, kind, ()) == []
                if kind not in reactions:
                    assert not probe.respondable("reaction", kind, ())
        for kind in loud:  # a loud kind is one the pool's gate or the game's forced abilities let through
            assert ("interrupt", kind) in GAME.trigger_pairs or ("reaction", kind) in GAME.trigger_pairs \
                or st.may_trigger("forced", kind)
    assert quiet > 100


def _plain_passive_sources(st: CocState, pdefs: frozenset[int]) -> list[tuple[int, int]]:
    """``effects._passive_sources`` as a plain walk (nothing kept)."""
    t = st.table
    return [(i, t.defn[i]) for z in st.PASSIVE_ZONES for i in t.zones[z] if t.defn[i] in pdefs
            and not t.flags[i] & effects.INSANE and not (st.lasting and effects.lasting_total(st, "blank", i) > 0)]


def _plain_struggle_count(st: CocState, slot: int, kind: int) -> int:
    """``rules.struggle_count`` as a plain walk (CC-8.13; nothing kept)."""
    from cardtable.games.call_of_cthulhu.defs import STRUGGLES
    from cardtable.games.call_of_cthulhu.state import INSANE, PLAY_ZONES

    story = st.story_at(slot)
    if story is None:
        return 0
    t = st.table
    n = st.card(story).struggles[kind]
    chars = [i for i in st.committed_at(slot) if not t.flags[i] & INSANE]
    n += sum(st.card(i).boosters[kind] for i in chars)
    n += sum(st.card(a).boosters[kind] for z in PLAY_ZONES for a in t.zones[z]
             if st.card(a).type == "support" and t.host[a] in set(chars) | {story})
    n += effects.lasting_total(st, f"boost:{STRUGGLES[kind]}", story) - effects.lasting_total(st, f"unboost:{STRUGGLES[kind]}", story)
    return max(0, n)


def test_walks_kept_for_the_stamp_answer_as_a_fresh_walk() -> None:
    """``CocState.stamped`` keeps walks that read only zones, counters and definitions (``_passive_sources``'
    candidates, the boosting supports of ``struggle_count``, the state checks' wounded, unique and printed
    Heroic/Villainous cards); flags, hosts and lasting effects are read at every call. Every answer on
    seeded positions equals a plain walk, asked twice at one stamp (the second from the kept walk), and again after
    a flag and a host changed in place (which the stamp does not count)."""
    from cardtable.games.call_of_cthulhu.rules import _CHECK_WALK, _check_walk, struggle_count
    from cardtable.games.call_of_cthulhu.state import INSANE, PLAY_ZONES

    sets = [GAME.passive_defs, *GAME.passive_stat_defs.values()]
    compared = 0
    for st in _positions(8):
        for _round in range(2):
            for pdefs in sets:
                assert effects._passive_sources(st, pdefs) == _plain_passive_sources(st, pdefs)
                compared += 1
            for slot in range(3):
                for kind in range(4):
                    assert struggle_count(st, slot, kind) == _plain_struggle_count(st, slot, kind), (slot, kind)
                    compared += 1
            kept = st.stamped().setdefault(_CHECK_WALK, _check_walk(st))  # the state checks' walk (iv)-(vi)
            assert kept == _check_walk(st)
            in_play = [i for z in PLAY_ZONES for i in st.table.zones[z]]
            if in_play:  # changed in place, the stamp unchanged: what is kept must not hide it
                st.table.flags[in_play[0]] ^= INSANE
                if len(in_play) > 1:
                    st.table.host[in_play[-1]] = in_play[0]
    assert compared > 500


def test_cc_8_12_struggles_with_lasting_effects_off_the_icons_count_printed_icons() -> None:
    """``_struggle`` counts printed icons whenever no lasting effect on those icons (nor a "count as") and no passive
    icon changer is in force; with other lasting effects in force (a skill bonus, a booster, a threshold) its
    strengths must be ``strength``'s, which asks every character for its icons the long way."""
    from cardtable.games.call_of_cthulhu.rules import _struggle, _winner, strength

    compared = counted = 0
    for st in _positions(8):
        chars = [i for p in (0, 1) for i in st.characters(p)]
        if not chars:
            continue
        st.lasting = [*st.lasting, ("skill", chars[0], 2, "end_of_phase", -1), ("threshold", "p0", 1, "end_of_turn", -1),
                      ("boost:combat", -1, 1, "end_of_phase", -1)]
        ap = st.vars["active"]
        for slot in range(3):
            for kind in range(4):
                sa, sd = strength(st, slot, ap, kind), strength(st, slot, 1 - ap, kind)
                assert _struggle(st, slot, kind) == (_winner(st, slot, ap, sa, sd), sa, sd), (slot, kind)
                compared += 1
                counted += sa + sd > 0
    assert compared > 50 and counted > 0
