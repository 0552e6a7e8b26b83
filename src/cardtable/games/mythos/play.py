"""A card-play turn (MY-5.4–MY-5.6): carrying plays out, arrival and casting; which plays are legal (§6) is
``legality.py``, whose names this module re-exports.

Every legal play is an option of the turn decision, ``play(card[, host])``; ``check`` says why any other
play is refused, naming its rule, and is the one test both the options and the refusals use. A play
with its sanity modifier and ``on_play`` effects is one atomic effect (MY-1.3a): its Sanity changes
are collected and applied together at the end, then the state checks run (MY-5.11).
"""

from __future__ import annotations

from typing import Any

from ...core import Action, IllegalActionError
from ...engine import FACE_DOWN, NO_CARD, PERMANENT, WHILE_SOURCE, add_lasting
from . import costs as _costs, primitives as _primitives  # module references: read per play, not imported per call
from .catalog import CardDef
from .requirements import holds, matches
from .rules import EFFECT, MODIFIER, Batch, change, commit, draw, game_over_check, lose, note_act, note_pass
from .legality import (  # noqa: F401 - which plays are legal; re-exported for the callers that read them here
    ARTIFACT_ATTRIBUTE, TOME_ATTRIBUTE, Refusal, _story_without_crosswise_top, adventure_pool, adventure_pool_kinds,
    can_arrive, can_hold, cancel_filter, cancel_targets, castable, check, god_assignment, god_fits, god_pool,
    god_pool_kinds, hosts, ignore_grant, location_mode, play_action, slots_fit, spell_window, target_optional,
    travel_check, turn_options, type_refusal, vessels,
)
from .schema import LASTING_OPS, Effect
from .state import (ADVENTURES, ALLY, CROSSWISE, DECK, DISCARD, EVENT, GOD, INVERTED, ITEM, STORY, THREAT, ZONE,
                    MyState, mods)


# ---- moving cards ---------------------------------------------------------------------------------------


def bury(st: MyState, i: int) -> None:
    """MY-0.5: face up on the bottom of the owner's Story Deck (MY-3.7); attachments go with it (MY-3.4)."""
    t = st.table
    owner = t.owner[i]
    attached = t.attachments(i)
    t.set_flag(i, CROSSWISE | INVERTED | FACE_DOWN, False)
    st.move_card(i, STORY[owner], bottom=True)
    t.reveal_to_all(i)
    for a in attached:
        bury(st, a)
    if st.card(i).type == "location":
        unique_location(st, owner, i)
    queue = mods.triggers.queue

    queue(st, i, "on_buried", owner)  # MY-12.1 ON_BURIED


def unique_location(st: MyState, p: int, i: int) -> None:
    """MY-10.2: a Location put into a Story Deck discards every other one of its title there."""
    title = st.card(i).title
    for j in list(st.table.cards(STORY[p])):
        if j != i and st.card(j).type == "location" and st.card(j).title == title:
            st.move_card(j, DISCARD[p])
            st.note("location_replaced", {"player": p, "card": j, "by": i})


def to_story_top(st: MyState, p: int, i: int, flags: int = 0) -> None:
    st.move_card(i, STORY[p])
    st.table.set_flags(i, flags)
    st.vars["had_location"][p] = 1
    if st.card(i).type == "location":
        unique_location(st, p, i)


# ---- effects (MY-12.5, the primitives the pool uses) ------------------------------------------------------


def targets(st: MyState, p: int, who: str) -> list[int]:
    """MY-11.5: "each" resolves in seat order starting from the acting player. MY-11.8: a region (or
    subregion) effect reaches the investigators at the actor's region (subregion) *in the actor's
    dimension*: a same-named subregion of another dimension is another place."""
    order = st.seat_order(p)
    if who == "self":
        return [p]
    if who == "each_opponent":
        return order[1:]
    if who in ("same_region", "same_subregion"):
        dim, region, sub = st.position(p)
        return [q for q in order if st.position(q)[:2] == (dim, region)
                and (who == "same_region" or sub is not None and st.position(q)[2] == sub)]
    return order


def half_up(n: int) -> int:
    """MY-7.8: half, fractions rounded half up (1.5 -> 2)."""
    return (n + 1) // 2


def run_effects(st: MyState, p: int, effects: tuple[Effect, ...], trigger: str, batch: Batch,
                source: int = -1, target: int | None = None) -> bool:
    """Each effect of ``trigger`` whose condition holds, in printed order. True if one stopped to ask
    (``primitives``): the later ones then wait in the pending effect's queue (their conditions read now)."""
    for k, eff in enumerate(effects):
        if eff.trigger == trigger and holds(st, p, eff.condition):
            if run_primitives(st, p, tuple(eff.do), batch, until_of(eff), source, target):
                from .effect_frame import add_rest, list_ref

                add_rest(st, [(list_ref(st, e.do), 0, until_of(e)) for e in effects[k + 1:]
                              if e.trigger == trigger and holds(st, p, e.condition)])
                return True
    return False


def until_of(eff: Any) -> str:
    """The duration of an effect or ability as ``run_primitives`` takes it (``n_rounds:k`` for N_ROUNDS)."""
    return f"n_rounds:{eff.rounds}" if eff.duration == "n_rounds" else str(eff.duration)


def until(st: MyState, duration: str) -> str:
    """MY-12.6: the timing event that ends a lasting effect of ``duration``. N_ROUNDS(n) ends at the end of
    the (n-1)-th round after this one: this round counts as the first (D-MY-124)."""
    if duration.startswith("n_rounds:"):
        return f"end_of_round:{int(st.vars['round']) + int(duration.split(':')[1]) - 1}"
    return UNTIL[duration]


UNTIL = {"until_end_of_turn": "end_of_turn", "until_end_of_card_play": "end_of_card_play",
         "until_end_of_battle": "end_of_battle", "until_end_of_round": "end_of_round",
         "instant": "end_of_round", "while_in_play": WHILE_SOURCE, "permanent": PERMANENT}  # MY-12.6


def run_primitives(st: MyState, p: int, prims: tuple[Any, ...], batch: Batch, duration: str = "instant",
                   source: int = -1, target: int | None = None) -> bool:
    """MY-12.5: the primitives the pool uses, in printed order; Sanity changes go into ``batch``; the
    lasting ones (MY-9.11, MY-7.5) last for ``duration`` (MY-12.6; an instant one, to the end of the round).
    A primitive that asks a question (``primitives.asks``) stops the run: True, and the rest waits in the
    pending effect frame with the batch."""
    SYNC_OPS, asks, suspend = mods.primitives.SYNC_OPS, mods.primitives.asks, mods.effect_frame.suspend

    until_ = until(st, duration)
    origin = source
    if until_ != WHILE_SOURCE:
        source = -1  # the effect outlives its card (a buried event, a spent cost)
    for prim in prims:
        op = prim.op
        if asks(prim, st, p):
            suspend(st, p, prim, batch, duration, origin, target)
            return True
        if op in SYNC_OPS:
            SYNC_OPS[op](st, p, prim, batch, duration, origin, target)
            continue
        if op == "discard_from_hand":  # chooser random (the others ask)
            discard_random = mods.primitives.discard_random

            for q in targets(st, p, prim.who):
                discard_random(st, p, q, prim.n)
            continue
        if op in EXTRA_OPS:
            EXTRA_OPS[op](st, p, prim, batch, duration, origin, target)
            continue
        if op == "end_card_play":
            pass_threshold = mods.primitives.pass_threshold

            if pass_threshold(st) > 2:  # MY-5.9g: it counts as one Pass by its player, never cancelling
                note_pass = mods.rules.note_pass

                note_pass(st, p)
            else:
                st.vars["end_play"] = 1  # MY-5.9g: card play ends at once
            continue
        if op == "skip_battle":
            add_lasting(st, "skip_battle", "game", 1, until_, source)
            continue
        if op == "cancel_just_played":
            if target is not None:
                cancel(st, target, prim.dest)
            continue
        for q in targets(st, p, prim.who):
            if op in LASTING_OPS:
                amount = 1 if op != "prevent_damage" else (10 ** 6 if prim.n == "all" else prim.n)
                add_lasting(st, op, f"p{q}", amount, until_, source)
                continue
            n = prim.n
            if n == "half":
                n = half_up(st.sanity(q))  # MY-7.8, read before this atomic effect's change (MY-1.3a)
            if op == "gain_sanity":
                batch.setdefault(q, []).append(n)
            elif op == "lose_sanity":
                lose(batch, q, n, origin, EFFECT)
            elif op == "draw":
                draw(st, q, n, batch)
            elif op == "modify_max_sanity":
                st.vars["max_mod"][q] += n
                if st.sanity(q) > st.max_sanity(q):  # MY-7.7
                    st.vars["sanity"][q] = st.max_sanity(q)
            elif op == "lose_turn":
                st.vars["skip"][q] += n  # MY-5.8
    return False


# ---- the primitives that act on cards (MY-12.5: combat, capacity, dice, area moves, putting into play) -----


def affected(st: MyState, i: int) -> None:
    """MY-5.10 (D-MY-95): a card an effect has changed in place is no longer "just played"."""
    if st.table.counters.get((i, "played")):
        st.table.set_counter(i, "played", 0)


def _combat(st: MyState, p: int, prim: Any, batch: Batch, duration: str, origin: int, target: Any) -> None:
    """``modify_combat`` / ``set_combat`` on every face-up ally-area and Threat card of ``whose`` matching
    its filter (MY-3.6 types), lasting for ``duration`` on each card (it ends when the card leaves play).
    A face-down Threat card is not reached: marking which ones match would tell what they are (D-MY-90);
    ``static`` effects, read when combat is needed, reach it once revealed."""
    whose_seats = mods.effects.whose_seats

    t = st.table
    until_ = until(st, duration)
    src = origin if until_ == WHILE_SOURCE else -1
    for q in whose_seats(st, p, prim.whose):
        for z in ("ally", "threat"):
            for c in t.cards(ZONE[z][q]):
                if t.host[c] == NO_CARD and not t.flags[c] & FACE_DOWN \
                        and matches(st.card(c), prim.filter, st.type_of(c)):
                    add_lasting(st, prim.op, c, prim.n, until_, src)
                    affected(st, c)
                    st.note("combat_changed", {"card": c, "op": prim.op, "n": prim.n})


def _capacity(st: MyState, p: int, prim: Any, batch: Batch, duration: str, origin: int, target: Any) -> None:
    whose_seats = mods.effects.whose_seats

    until_ = until(st, duration)
    for q in whose_seats(st, p, prim.whose):
        add_lasting(st, "capacity", f"p{q}", prim.n, until_, origin if until_ == WHILE_SOURCE else -1)


def _roll(st: MyState, p: int, prim: Any, batch: Batch, duration: str, origin: int, target: Any) -> None:
    """MY-2.7: one six-sided die from the game's seeded RNG (so a replay rolls the same), rolled in public."""
    roll = 1 + st.rng.below(6)
    st.note("die_rolled", {"player": p, "result": roll})
    for branch in prim.branches:
        if roll in branch.faces:
            run_primitives(st, p, tuple(branch.do), batch, duration, origin, target)
            return


def _move(st: MyState, p: int, prim: Any, batch: Batch, duration: str, origin: int, target: Any) -> None:
    """MY-3.6 ``MOVE_TO_AREA``: the named card changes area and so type. Into the Threat it goes face down
    (everyone saw which card it was) and its attachments are discarded: a Monster carries none (D-MY-91)."""
    if target is None or st.table.zone_name(target) != f"{prim.from_}:{p}":
        return
    t = st.table
    if prim.to == "threat":
        for a in list(t.attachments(target)):
            st.move_card(a, DISCARD[t.owner[a]])
        st.move_card(target, THREAT[p])
        t.set_flag(target, FACE_DOWN)
    else:
        st.move_card(target, ALLY[p])
        t.set_flag(target, FACE_DOWN, False)
        t.reveal_to_all(target)
    affected(st, target)
    st.note("moved_to_area", {"player": p, "card": target, "to": prim.to, "type": st.type_of(target)})


def _put(st: MyState, p: int, prim: Any, batch: Batch, duration: str, origin: int, target: Any) -> None:
    """``PUT_INTO_PLAY`` (D-MY-93): the named card enters play without its requirements; its modifier
    applies as it enters (MY-6.1.3) and its ``on_play`` effects resolve. "The first survives": a god
    cannot join a field that has one (MY-10.3a) nor an adventure an Acquired Adventures zone holding its
    title (MY-10.4a) — the card then stays where it was."""
    t = st.table
    if target is None or t.zone_name(target) != f"{prim.from_}:{p}":
        return
    d = st.card(target)
    t.reveal_to_all(target)  # the card the effect names is shown, whether or not it can enter (D-MY-93)
    if d.type == "god" and st.god_in_play(p):
        st.note("stays", {"player": p, "card": target, "rule": "MY-10.3a"})
        return
    if d.type == "adventure" and any(st.card(a).title == d.title for a in t.cards(ADVENTURES[p])):
        st.note("stays", {"player": p, "card": target, "rule": "MY-10.4a"})
        return
    zone = {"god": "god", "adventure": "adventures", "ally": "ally"}[d.type]
    st.move_card(target, ZONE[zone][p])
    t.reveal_to_all(target)
    st.note("put_into_play", {"player": p, "card": target, "defn": d.index, "zone": zone})
    if d.sanity_mod:
        change(batch, p, d.sanity_mod, target, MODIFIER)
    if d.type == "god":
        t.set_counter(target, "entered", st.vars["seq"])
    if d.type != "adventure":
        run_effects(st, p, d.effects, "on_play", batch, target)


def _ignore(st: MyState, p: int, prim: Any, batch: Batch, duration: str, origin: int, target: Any) -> None:
    """MY-6.11.7: a grant, kept as the catalog index of the card that gave it (its filter is read there)."""
    if origin < 0:
        return
    until_ = until(st, duration)
    add_lasting(st, "ignore_requirement", f"p{p}", int(st.table.defn[origin]), until_,
                origin if until_ == WHILE_SOURCE else -1)


def use_grant(st: MyState, p: int, d: CardDef) -> None:
    k = ignore_grant(st, p, d)
    if k is not None:
        st.lasting = st.lasting[:k] + st.lasting[k + 1:]
        st.note("requirement_ignored", {"player": p, "card": d.index})


EXTRA_OPS = {"modify_combat": _combat, "set_combat": _combat, "modify_capacity": _capacity, "roll_die": _roll,
             "move_to_area": _move, "put_into_play": _put, "ignore_requirement": _ignore}


def cancel(st: MyState, i: int, dest: str) -> None:
    """MY-12.5 ``CANCEL_JUST_PLAYED``: the card leaves (attachments with it, MY-3.4); its ongoing effects
    end, what it did stays. A Story Deck card removed from the top exposes the card beneath
    (MY-6.3.14: a Location there becomes current again without its modifier, and sets the position)."""
    owner = st.table.owner[i]
    st.note("cancelled", {"card": i, "owner": owner, "dest": dest})
    was_top = st.story_top(owner) == i
    if dest == "bury":
        bury(st, i)
    else:
        st.move_card(i, DISCARD[owner])
    if was_top and st.story_top(owner) != i:
        cur = st.current_location(owner)
        if cur is not None:
            st.set_position(owner, st.card(cur))


def becomes_current(st: MyState, p: int, i: int, batch: Batch) -> None:
    """MY-6.1.3 / MY-6.3.8: a Location placed upright or arrived at: position, modifier, ON_ARRIVE."""
    d = st.card(i)
    st.set_position(p, d)
    if d.sanity_mod:
        change(batch, p, d.sanity_mod, i, MODIFIER)
    run_effects(st, p, d.effects, "on_arrive", batch, i)


# ---- carrying out a turn ---------------------------------------------------------------------------------------


def _int(value: object) -> int:
    """An action parameter that the listed options guarantee is a card id."""
    assert isinstance(value, int)
    return value


def _ends_as_pass(st: MyState, card: Any) -> bool:
    """MY-5.9g: while the pass threshold is above 2, a card whose ``on_play`` ends card play counts as a
    Pass by its player, and that play never cancels the pass sequence."""
    if type(card) is not int or not st.lasting:
        return False
    return _primitives.pass_threshold(st) > 2 and any(prim.op == "end_card_play" for eff in st.card(card).effects
                                          if eff.trigger == "on_play" for prim in eff.do)


def do_turn(st: MyState, p: int, action: Action, free: bool | None = None) -> None:
    """Carry out a turn's action. ``free``: ``costs.is_free(st, action)`` when the caller has read it already."""
    if action.kind == "pass":
        note_pass(st, p)
        st.note("passed", {"player": p, "count": st.vars["pass_count"]})
        return
    if action.kind == "activate":
        activate, is_free = mods.abilities.activate, mods.abilities.is_free

        if not is_free(st, action):
            note_act(st, p)  # MY-5.6c: a turn action; a free action leaves the pass count alone (MY-5.7)
        batch_a: Batch = {}
        activate(st, p, _int(action.get("card")), _int(action.get("ability")), batch_a)
        commit(st, batch_a)
        game_over_check(st)
        return
    if free is None:
        free = _costs.is_free(st, action)
    if not free and not (action.kind == "play" and _ends_as_pass(st, action.get("card"))):
        # MY-12.7: a fast spell or event is a free action and leaves the pass count alone; MY-5.9e/g: an
        # "end card play" counted as a Pass never cancels the sequence
        note_act(st, p)
    if action.kind == "join":
        group = [_int(c) for c in _join.group_of(action)]
        if len(group) == 1:
            host = action.get("host")
            _join.open_group(st, p, group[0], host if isinstance(host, int) else None)  # MY-8.5: then card by card
        else:
            _join.do_join(st, p, group)  # MY-8.6: a Monster group, one unit
        return
    batch: Batch = {}
    if action.kind == "arrive":
        top = st.story_top(p)
        assert top is not None
        st.table.set_flag(top, CROSSWISE, False)
        st.note("arrived", {"player": p, "card": top})
        becomes_current(st, p, top, batch)
    elif action.kind == "cast":
        cast(st, p, _int(action.get("card")), batch)
    else:
        play(st, p, _int(action.get("card")), action.get("host"), batch, action.get("target"))
    commit(st, batch)
    game_over_check(st)  # MY-5.11 step 1 (allies cannot drop to 0 combat yet; positions are derived)


def play(st: MyState, p: int, i: int, host: Any, batch: Batch, target: Any = None) -> None:
    """Carry out a legal play (``check`` passed)."""
    t = st.table
    d = st.card(i)
    st.vars["seq"] += 1
    kind = d.type
    hidden = kind == "monster"
    if hidden:
        st.note("played", {"player": p, "card": i, "defn": d.index}, visible_to=[p],
                redacted={"player": p, "threat": 1})
    else:
        st.note("played", {"player": p, "card": i, "defn": d.index, "host": host})
    applied_mod = True
    if kind == "location":
        mode, _ = location_mode(st, p, d)
        if mode != "travel" and _story_without_crosswise_top(st, p):  # MY-6.3.9: changing your mind
            top = st.story_top(p)
            assert top is not None
            st.move_card(top, DISCARD[p])
        top = st.story_top(p)
        if mode == "travel" and (top is None or st.card(top).type != "travel_event"):
            use_up = mods.primitives.use_up

            use_up(st, "grant_travel", p)  # MY-12.5 GRANT_TRAVEL: this placement uses it
        if mode == "walk":
            to_story_top(st, p, i, CROSSWISE)  # MY-6.3.6: no modifier while crosswise
            applied_mod = False
        else:
            to_story_top(st, p, i)
            becomes_current(st, p, i, batch)
            applied_mod = False  # becomes_current applied it
        st.note("placed", {"player": p, "card": i, "mode": mode})
    elif kind == "travel_event":
        if _story_without_crosswise_top(st, p):  # MY-6.3.9
            top = st.story_top(p)
            assert top is not None
            st.move_card(top, DISCARD[p])
        to_story_top(st, p, i)  # MY-6.11.2
    elif kind == "ally":
        if not holds(st, p, d.requirement):
            use_grant(st, p, d)  # MY-6.11.7: an ignore_requirement grant lets it in, and is used up
        st.move_card(i, ALLY[p])
    elif kind == "artifact" and host is not None:  # MY-6.5.1: attached to its host, in the host's area
        st.move_card(i, t.zone_name(host))
        t.attach(i, host)
    elif kind in ("artifact",):
        st.move_card(i, ITEM[p])
    elif kind in ("weapon", "tome", "spell"):
        if host is None:
            st.move_card(i, ITEM[p])
        else:
            st.move_card(i, t.zone_name(host))
            t.attach(i, host)
        if kind == "spell":
            applied_mod = False  # MY-6.1.3: never when loaded
    elif kind == "monster":
        st.move_card(i, THREAT[p])
        t.set_flag(i, FACE_DOWN)
        t.forget(i)
        use_gate = mods.primitives.use_gate

        use_gate(st, p)  # MY-6.8.1: the gate is used (or a GRANT_GATE, MY-12.5)
    elif kind == "god":
        used = god_assignment(st, p, d) or []
        shown = [c for c in used if t.zone_name(c) == THREAT[p]]
        for c in shown:
            t.reveal_to_all(c)  # MY-6.9.2: the Threat monsters used are shown to all
        st.move_card(i, GOD[p])
        if shown:
            st.note("god_requirements_shown", {"player": p, "cards": shown})
    elif kind == "event":
        if d.event_kind == "persistent":
            st.move_card(i, EVENT[p])
            if same_title_in_force(st, p, i):  # MY-6.10.4: the earlier one stays in force
                st.note("event_without_effect", {"player": p, "card": i})
                if d.sanity_mod:
                    change(batch, p, d.sanity_mod, i, MODIFIER)
                bury(st, i)
                return
            if d.time_of_day is not None:
                set_time(st, p, i, d.time_of_day)
        # an instant event is buried once resolved (below)
    else:
        acquire(st, p, i, batch)
        applied_mod = False
    if applied_mod and d.sanity_mod:
        change(batch, p, d.sanity_mod, i, MODIFIER)
    if kind not in ("location", "spell"):
        run_effects(st, p, d.effects, "on_play", batch, i, target)
    if kind == "event" and d.event_kind == "instant":
        bury(st, i)  # MY-6.10.2
    elif kind not in ("monster", "adventure") and t.in_play(i):
        t.set_counter(i, "played", st.vars["seq"])  # MY-5.10: just played from now
    if kind == "god":
        t.set_counter(i, "entered", st.vars["seq"])  # MY-6.9.7: which god came first


def same_title_in_force(st: MyState, p: int, i: int) -> bool:
    """MY-6.10.4: is a persistent event of this title already in force on the same object (the game for
    a ``game`` target, else this player)?"""
    d = st.card(i)
    seats = range(st.players) if d.target == "game" else [p]
    return any(j != i and st.card(j).title == d.title for q in seats for j in st.table.cards(EVENT[q]))


def set_time(st: MyState, p: int, i: int, time: str) -> None:
    """MY-6.10.6: a Day/Night event sets the time of day and buries every other Day/Night event in play."""
    for q in range(st.players):
        for j in list(st.table.cards(EVENT[q])):
            if j != i and st.card(j).time_of_day is not None:
                bury(st, j)
    if st.vars["time"] != time:
        st.vars["time"] = time
        st.note("time_of_day", {"time": time})
        queue_active = mods.triggers.queue_active

        for q in st.seat_order(int(st.vars["first"])):
            queue_active(st, q, "on_time_change")  # MY-12.1 ON_TIME_CHANGE


def acquire(st: MyState, p: int, i: int, batch: Batch) -> None:
    """MY-6.13.5: VP first, then the modifier, then the Story Deck is discarded but for a Location or
    Travel Event on top, then the discard pile is shuffled into the deck (no Sanity loss)."""
    t = st.table
    d = st.card(i)
    st.move_card(i, ADVENTURES[p])
    st.note("adventure_acquired", {"player": p, "card": i, "vp": d.victory_points})
    queue, queue_active = mods.triggers.queue, mods.triggers.queue_active

    queue(st, i, "on_adventure_acquired", p)  # MY-12.1 ON_ADVENTURE_ACQUIRED: the adventure, then the field
    queue_active(st, p, "on_adventure_acquired")
    if d.sanity_mod:
        change(batch, p, d.sanity_mod, i, MODIFIER)
    story = list(t.cards(STORY[p]))
    keep = story[-1] if story and st.card(story[-1]).type in ("location", "travel_event") else None
    for j in story:
        if j != keep:
            st.move_card(j, DISCARD[p])
    for j in list(t.cards(DISCARD[p])):
        st.move_card(j, DECK[p])
    t.shuffle(DECK[p], st.rng)


def cast(st: MyState, p: int, s: int, batch: Batch) -> None:
    """MY-6.12.4–6.12.6: from an independent tome the investigator casts (modifier + effect, the spell
    turns face down); an ally, an ally-held tome or an artifact casts without a Sanity change and the
    spell is buried."""
    t = st.table
    d = st.card(s)
    vessel = t.host[s]
    v = st.card(vessel)
    by_investigator = v.type == "tome" and t.host[vessel] == NO_CARD and t.zone_name(vessel) == ITEM[p]
    st.note("cast", {"player": p, "card": s, "by": "investigator" if by_investigator else vessel})
    if by_investigator:
        if d.sanity_mod:
            change(batch, p, d.sanity_mod, s, MODIFIER)
        run_effects(st, p, d.effects, "activated", batch, s)
        t.reveal_to_all(s)
        t.set_flag(s, FACE_DOWN)  # MY-6.12.5: exhausted until end of round, known to all
    else:
        run_effects(st, p, d.effects, "activated", batch, s)
        bury(st, s)


def refusal(st: MyState, p: int, action: Action) -> IllegalActionError:
    """Why a turn action is not legal (the turn decision's refusal)."""
    if action.kind == "play":
        why = check(st, p, action.get("card"), action.get("host"), action.get("target"))
        if why is not None:
            return IllegalActionError(*why)
        return IllegalActionError("MY-5.5", f"{action}: not a legal play")
    if action.kind == "activate":
        from .abilities import explain

        return explain(st, p, action, "card_play")
    if action.kind == "join":
        why = _join.join_check(st, p, action)
        if why is not None:
            return IllegalActionError(*why)
        return IllegalActionError("MY-8.1", f"{action}: not a legal Join group")
    if action.kind == "arrive":
        return IllegalActionError("MY-6.3.8", "you arrive only at a crosswise Location on top of your Story Deck")
    if action.kind == "cast":
        from .refusals import cast_refusal

        return cast_refusal(st, p, action.get("card"), "card_play")
    return IllegalActionError("MY-5.4", f"{action}: a turn is one play, one turn action or a pass")


# join and abilities import this module; bound at the end (they are complete by the time a turn is asked)
from . import abilities as _abilities, join as _join  # noqa: E402
