"""State checks (MY-5.11), run after every atomic effect and never inside one, repeated until none applies.

1. Sanity 0 ends the game (MY-1.3). 2. Every Ally whose combat value is 0 or less is buried (MY-6.4.3),
in seat order, Ally-area order. 3. retired. 4. A vessel holding more spells than its capacity: its owner
discards the excess, choosing which (an engine ``Pick``; D11). 5. Positions need no work: the current
location is derived from the Story Deck and ``last_position`` is set whenever a card becomes current.

Why a frame: step 4 asks a question, so the checks are an op, ``my.checks``, pushed on top of whatever
frame has just finished an atomic effect; it hands ``CHECKED`` back to that frame when nothing applies.
"""

from __future__ import annotations

from ...engine import NO_CARD, Frame, Op, pick
from .rules import game_over_check
from .state import ALLY, DISCARD, ITEM, OPS, MyState

CHECKED = "checked"  # what the frame hands back (the frames beneath tell it from a prompt's answer)


def doomed_allies(st: MyState) -> list[int]:
    """MY-5.11 step 2: Allies (MY-3.6) at combat 0 or less."""
    t = st.table
    host, zones, zone_ids = t.host, t.zones, t.zone_ids
    # Asked after every turn: when nothing in force can lower a combat value (no setting, no negative
    # change), an Ally is doomed only if printed value + weapon bonus is 0 or less, so only those are
    # computed in full (the same answer, without matching every effect against every Ally).
    facts = st.facts()
    if not facts.combat_statics and facts.weapon_bonus_floor >= 0 \
            and not (st.lasting and any(e[0] == "set_combat" or e[0] == "modify_combat" and e[2] < 0 for e in st.lasting)):
        # the usual case (no combat static in the game, no weapon with a negative bonus, no lasting change
        # that lowers): the test below in one pass over the Ally areas, printed value first
        defs, defn = st.pool.defs, t.defn  # (``st.card``, inlined)
        low = [i for p in range(st.players) for i in zones[zone_ids[ALLY[p]]]
               if host[i] == NO_CARD and defs[defn[i]].combat <= 0]
        low = [i for i in low if _effects.printed_combat(st, i) <= 0]
        return [i for i, value in zip(low, _effects.combat_values(st, low)) if value <= 0] if low else []
    allies = [i for p in range(st.players) for i in zones[zone_ids[ALLY[p]]] if host[i] == NO_CARD]  # ``st.allies``
    if not allies:
        return []
    if (not facts.combat_statics
            or all(prim.op == "modify_combat" and prim.n >= 0 for _p, _i, prim in _effects.statics(st, _effects.COMBAT_OPS))) \
            and not (st.lasting and any(e[0] == "set_combat" or e[0] == "modify_combat" and e[2] < 0 for e in st.lasting)):
        if facts.weapon_bonus_floor >= 0:  # no weapon lowers a value: only a printed 0 or less can be
            defs, defn = st.pool.defs, t.defn  # (``st.card``, inlined)
            low = [i for i in allies if defs[defn[i]].combat <= 0 and _effects.printed_combat(st, i) <= 0]
        else:
            low = [i for i in allies if _effects.printed_combat(st, i) <= 0]
        if not low:
            return []
        allies = low
    return [i for i, value in zip(allies, _effects.combat_values(st, allies)) if value <= 0]


def over_capacity(st: MyState) -> tuple[int, list[int], int] | None:
    """MY-5.11 step 4: the first tome (seat order, area order) with more spells than its capacity:
    (tome, its spells, how many must go)."""
    t = st.table
    links = t.links  # only a card something is attached to can hold a spell
    if not links:
        return None  # nothing is attached anywhere, so no tome holds a spell
    defs, defn = st.pool.defs, t.defn  # (``st.card``, inlined)
    if not any(defs[defn[h]].type == "tome" for h in links):
        return None  # only a tome has a capacity, and no card holding anything is one (most often: weapons on allies)
    for p in range(st.players):
        change: int | None = None  # the owner's capacity change in force, read once for all his tomes
        for v in [i for z in (ITEM[p], ALLY[p]) for i in t.cards(z) if i in links]:  # ``play.vessels``' order
            if st.card(v).type != "tome":
                continue  # of the vessels only a tome has a capacity
            spells = [s for s in st.table.attachments(v) if st.card(s).type == "spell"]
            if not spells:
                continue  # a capacity is never negative (MY-6.7.4), so an empty tome is never over it
            if change is None:
                change = _effects.capacity_change(st, p)
            excess = len(spells) - st.capacity(v, change)
            if excess > 0:
                return v, spells, excess
    return None


def needed(st: MyState) -> bool:
    """Would a state check do anything now (besides ending the game, which callers check)?"""
    return bool(doomed_allies(st)) or over_capacity(st) is not None


def run_checks(st: MyState) -> None:
    """Push the checks if one of them applies (the caller's frame must be on top and expect ``CHECKED``)."""
    if not st.is_terminal and needed(st):
        st.push(Checks.name, vessel=-1)


class Checks(Op[MyState]):
    name = "my.checks"

    def run(self, st: MyState, frame: Frame) -> None:
        from .play import bury

        if frame.got is not None and frame["vessel"] >= 0:
            v = frame["vessel"]
            for s in frame.got:
                st.move_card(int(s), DISCARD[st.table.owner[v]])
            st.note("excess_spells_discarded", {"vessel": v, "cards": list(frame.got)})
            st.replace(frame.evolve(vessel=-1))
        while True:
            if game_over_check(st):
                return
            doomed = doomed_allies(st)
            if doomed:
                for i in doomed:
                    if st.table.in_play(i):
                        st.note("ally_defeated", {"card": i, "combat": st.combat(i)})
                        bury(st, i)
                continue
            over = over_capacity(st)
            if over is not None:
                v, spells, excess = over
                st.replace(st.top.evolve(vessel=v))
                pick(st, st.table.owner[v], spells, excess, excess,
                     f"{st.card(v).title} holds too many spells: discard {excess}", kind="discard_excess")
                return
            st.ret(CHECKED)
            return


OPS.add(Checks())


# effects imports (through requirements and primitives) this module; bound at the end
from . import effects as _effects  # noqa: E402
