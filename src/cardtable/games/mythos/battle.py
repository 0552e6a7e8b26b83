"""The BATTLE phase (MY-9): the use step, then at most one attack per player, one at a time.

One frame, ``my.battle``, walks the steps; its ``stage`` is ``use`` (MY-9.2: a lap of uses or passes,
starting with the first player), ``declare`` (MY-9.3: the next attacker in seat order from the first
player names a defender or declines), ``monsters`` and ``allies`` (the attacking cards, picked with the
engine's ``Pick``), ``block`` (MY-9.4: the defender's blockers for each attacker in turn, the pick order
being the absorption order of MY-9.5), then ``resolve`` (MY-9.5–MY-9.8). Cards that took part in an
attack are remembered in ``used`` (MY-9.9). God ageing (MY-9.10) follows in the round frame.

Asking is decided from public facts only: a player is asked in the use step only if he has a ready
loaded spell (face up, public), and declares an attack only if his Threat holds a face-down monster
(its count is public, MY-3.1) — or, since battle events may be played from the hand (MY-6.10.3), if
his hand is not empty and the pool has battle events (both public).
"""

from __future__ import annotations

from functools import lru_cache

from ...core import Action, shared_action
from ...engine import FACE_DOWN, Frame, Op, lasting_total, pick
from .abilities import activate, options as ability_options
from .catalog import Pool
from .checks import run_checks
from .play import bury, cast, castable, play
from .primitives import blanked, cannot_attack, keyword
from .rules import BATTLE, Batch, commit, game_over_check, lose
from .state import HAND, OPS, THREAT, MyState, mods
from .triggers import queue, queue_active, settle


def battle_steps(st: MyState) -> bool:
    """Push the battle frame (the round frame reads its end from ``got``); False when ``skip_battle`` is
    in force (MY-5.1: no use step and no attacks; god ageing stays)."""
    if lasting_total(st, "skip_battle", "game"):
        st.note("battle_skipped", {"round": st.vars["round"]})
        return False
    st.push("my.battle", stage="use", player=st.vars["first"], passes=0, k=0, used=())
    return True


def enchanted(st: MyState, ally: int) -> bool:
    return any(st.card(w).type == "weapon" and st.card(w).enchanted for w in st.table.attachments(ally))


def strength(st: MyState, i: int) -> int:
    """MY-9.5: a card's combat value (an ally's with its weapon, MY-6.4.3; changes in force, MY-9.11)."""
    return max(0, st.combat(i))


def battle_events(st: MyState, p: int) -> list[Action]:
    """MY-6.10.3: events marked battle that ``p`` may play from hand in the use step."""
    if not st.facts().battle_events:
        return []  # no card of the game is one: the hand is not read (the use step asks every seat every battle)
    check, play_action = mods.play.check, mods.play.play_action

    return [play_action(p, i, None) for i in sorted(st.table.cards(HAND[p]))
            if st.card(i).type == "event" and st.card(i).battle and check(st, p, i, None) is None]


def may_hold_battle_events(st: MyState, p: int) -> bool:
    """Public facts only: a hand that is not empty, in a pool that has battle events, might hold one, so
    such a player is asked in the use step whether he holds one or not (asking only real holders would
    tell the table what is in their hands)."""
    return bool(st.table.cards(HAND[p])) and _has_battle_events(st.pool)


@lru_cache(maxsize=8)
def _has_battle_events(pool: Pool) -> bool:
    """Cached per pool (identity-hashed, immutable): the use step asks it of every seat every battle."""
    return any(d.type == "event" and d.battle for d in pool.defs)


class Battle(Op[MyState]):
    name = "my.battle"

    def run(self, st: MyState, frame: Frame) -> None:
        getattr(self, "_" + str(frame["stage"]))(st, frame)

    # --- MY-9.2: the use step ------------------------------------------------------------------------
    def _use(self, st: MyState, frame: Frame) -> None:
        p, passes = frame["player"], frame["passes"]
        while passes < st.players:
            uses = [Action(p, "cast", (("card", s),)) for s in castable(st, p, "battle")] + ability_options(st, p, "battle")
            uses += battle_events(st, p)
            if uses or may_hold_battle_events(st, p):
                opts = uses + [shared_action(p, "pass")]
                if (p, passes) != (frame["player"], frame["passes"]):
                    st.replace(frame.evolve(player=p, passes=passes))  # skipped players passed (public facts)
                st.ask(p, "battle_use", f"Seat {p}: battle use step - cast a spell or pass", opts)
                return
            passes += 1
            p = st.next_seat(p)
        st.replace(frame.evolve(stage="declare", player=-1, passes=0, k=0))

    # --- MY-9.3: declaring ---------------------------------------------------------------------------
    def _declare(self, st: MyState, frame: Frame) -> None:
        k = frame["k"]
        order = st.seat_order(st.vars["first"])
        while k < len(order):
            a = order[k]
            defenders = [q for q in st.seat_order(a)[1:] if not lasting_total(st, "cannot_be_attacked", f"p{q}")]
            if self._fresh_monsters(st, a, frame["used"]) and defenders and not cannot_attack(st, a):
                opts = [Action(a, "attack", (("defender", q),)) for q in defenders]
                if k != frame["k"]:
                    st.replace(frame.evolve(k=k))  # automatic declines before him (public facts)
                st.ask(a, "declare_attack", f"Seat {a}: attack an opponent or decline", opts + [Action(a, "decline")])
                return
            k += 1  # no face-down monster: an automatic decline
        st.ret(True)

    @staticmethod
    def _fresh_monsters(st: MyState, p: int, used: tuple[int, ...]) -> list[int]:
        t = st.table
        return [i for i in t.cards(THREAT[p]) if t.flags[i] & FACE_DOWN and i not in used
                and not keyword(st, i, "CannotAttack")]  # MY-12.5 GRANT_KEYWORD

    def _monsters(self, st: MyState, frame: Frame) -> None:
        a = frame["attacker"]
        if frame.got is None:
            cands = self._fresh_monsters(st, a, frame["used"])
            pick(st, a, cands, 1, len(cands), "Choose the attacking monsters", kind="attack_monsters")
            return
        monsters = tuple(frame.got)
        t = st.table
        for m in monsters:  # MY-6.8.4: revealed as they are declared
            t.set_flag(m, FACE_DOWN, False)
            t.reveal_to_all(m)
        st.replace(frame.evolve(stage="allies", monsters=monsters))

    def _allies(self, st: MyState, frame: Frame) -> None:
        a = frame["attacker"]
        if frame.got is None:
            cands = [i for i in st.allies(a) if enchanted(st, i) and i not in frame["used"]
                     and not keyword(st, i, "CannotAttack")]
            if not cands:
                st.replace(frame.evolve(stage="announce", allies=()))
                return
            pick(st, a, cands, 0, len(cands), "Add allies with an Enchanted Weapon to the attack (MY-6.6.5)",
                 kind="attack_allies")
            return
        st.replace(frame.evolve(stage="announce", allies=tuple(frame.got)))

    def _announce(self, st: MyState, frame: Frame) -> None:
        attackers = tuple(frame["monsters"]) + tuple(frame["allies"])
        a, d = frame["attacker"], frame["defender"]
        st.note("attack", {"attacker": a, "defender": d, "cards": list(attackers)})
        st.replace(frame.evolve(stage="block", attackers=attackers, j=0, blocks=()))
        for c in attackers:  # MY-12.1 ON_ATTACK_DECLARED: the attacking cards, then both sides' fields
            queue(st, c, "on_attack_declared", a)
        queue_active(st, a, "on_attack_declared")
        queue_active(st, d, "on_attack_declared")
        settle(st)  # they resolve before any blocker is chosen

    # --- MY-9.4: blocking ---------------------------------------------------------------------------
    def _block(self, st: MyState, frame: Frame) -> None:
        d, j = frame["defender"], frame["j"]
        attackers, blocks = frame["attackers"], tuple(frame["blocks"])
        if frame.got is not None:
            chosen = tuple(frame.got)
            t = st.table
            for b in chosen:
                if b in t.cards(THREAT[d]):  # a "cosmic battle" blocker turns face up
                    t.set_flag(b, FACE_DOWN, False)
                    t.reveal_to_all(b)
            blocks += (chosen,)
            if chosen:
                queue(st, attackers[j], "on_blocked", frame["attacker"])  # MY-12.1 ON_BLOCKED
            j += 1
            st.replace(frame.evolve(j=j, blocks=blocks))
            frame = st.top
        while j < len(attackers):
            taken = {b for bs in blocks for b in bs} | set(frame["used"])
            cands = self._blockers(st, d, attackers[j], taken)
            if cands:
                pick(st, d, cands, 0, len(cands), f"Block {st.card(attackers[j]).title} (in absorption order)",
                     kind="block")
                return
            blocks += ((),)
            j += 1
            st.replace(frame.evolve(j=j, blocks=blocks))
            frame = st.top
        st.replace(frame.evolve(stage="resolve"))
        settle(st)  # the ON_BLOCKED triggers resolve before damage (MY-9.5)

    @staticmethod
    def _blockers(st: MyState, d: int, attacker: int, taken: set[int]) -> list[int]:
        """MY-9.4: the defender's allies and face-down Threat monsters; an invisible attacker only by
        allies with an Enchanted Weapon or by monsters (D43)."""
        t = st.table
        if keyword(st, attacker, "Unblockable"):  # MY-12.5 GRANT_KEYWORD
            return []
        invisible = keyword(st, attacker, "Invisible")
        allies = [i for i in st.allies(d) if i not in taken and not keyword(st, i, "CannotBlock")
                  and (not invisible or enchanted(st, i) or keyword(st, i, "CanBlockInvisible"))]
        monsters = [i for i in t.cards(THREAT[d]) if t.flags[i] & FACE_DOWN and i not in taken
                    and not keyword(st, i, "CannotBlock")]
        return allies + monsters

    # --- MY-9.5–MY-9.8: damage and aftermath ----------------------------------------------------------
    def _resolve(self, st: MyState, frame: Frame) -> None:
        a, d = frame["attacker"], frame["defender"]
        attackers, blocks = frame["attackers"], frame["blocks"]
        total = 0
        absorbed: dict[int, int] = {}
        unblocked: list[int] = []  # each attacker's unblocked damage, in declaration order
        for card, blockers in zip(attackers, blocks):
            left = strength(st, card)
            for b in blockers:
                took = 0 if blanked(st, b) else min(left, strength(st, b))  # MY-12.5 BLANK_BLOCKER
                absorbed[b] = took
                left -= took
            total += left
            unblocked.append(left)
        prevented = total - self._prevent(st, d, total)
        total -= prevented
        batch: Batch = {}
        for card, left in zip(attackers, unblocked):  # MY-9.6: one change; each attacker is the source of
            left, prevented = max(0, left - prevented), max(0, prevented - left)  # its part (D-MY-103),
            if left:  # PREVENT_DAMAGE taking the earliest attackers' parts first
                lose(batch, d, left, card, BATTLE)
        commit(st, batch)
        st.note("attack_resolved", {"attacker": a, "defender": d, "damage": total})
        for card in attackers:  # MY-9.7: the attackers, in declaration order
            bury(st, card)
        for blockers in blocks:  # then the blockers, in assignment order
            for b in blockers:
                if st.type_of(b) != "ally" or absorbed.get(b, 0) >= 1:
                    bury(st, b)
        used = tuple(frame["used"]) + tuple(attackers) + tuple(b for bs in blocks for b in bs)
        if game_over_check(st):  # MY-9.8
            return
        st.replace(Frame(self.name, {"stage": "declare", "player": -1, "passes": 0, "k": frame["k"] + 1,
                                     "used": used}))
        settle(st)
        run_checks(st)  # MY-5.11 after the attack

    @staticmethod
    def _prevent(st: MyState, d: int, total: int) -> int:
        """MY-9.11 ``prevent_damage``: shields in force on the defender absorb unblocked damage, oldest
        first, and are used up by what they prevent."""
        if not total:
            return 0
        out = []
        for e in st.lasting:
            if e[0] == "prevent_damage" and e[1] == f"p{d}" and total:
                took = min(total, e[2])
                total -= took
                if e[2] - took > 0:
                    out.append((e[0], e[1], e[2] - took, e[3], e[4]))
                st.note("damage_prevented", {"player": d, "n": took})
            else:
                out.append(e)
        st.lasting = out
        return total

    # --- answers ----------------------------------------------------------------------------------------
    def answer(self, st: MyState, frame: Frame, action: Action) -> None:
        stage = frame["stage"]
        if stage == "use":
            p = frame["player"]
            if action.kind == "pass":
                st.replace(frame.evolve(player=st.next_seat(p), passes=frame["passes"] + 1))
                return
            batch: Batch = {}
            card = action.get("card")
            assert isinstance(card, int)
            if action.kind == "activate":
                k = action.get("ability")
                assert isinstance(k, int)
                abilities_of = mods.abilities.abilities_of
                choice_costs, start = mods.costs.choice_costs, mods.costs.start

                if choice_costs(abilities_of(st, card)[k]):  # MY-12.2: choose the cards first
                    st.replace(frame.evolve(player=st.next_seat(p), passes=0))
                    start(st, p, card, k, "battle")
                    return
                activate(st, p, card, k, batch)  # MY-9.2: a turn cost is not paid here
            elif action.kind == "play":
                play(st, p, card, None, batch)  # MY-6.10.3: a battle event played in the use step
            else:
                cast(st, p, card, batch)  # MY-6.12.7: free in the use step
            pending, under = mods.effect_frame.pending, mods.effect_frame.under

            if pending(st):  # the effect asks first; it commits and runs the checks itself (MY-1.3a)
                under(st, frame.evolve(player=st.next_seat(p), passes=0))
                return
            commit(st, batch)
            if game_over_check(st):
                return
            st.replace(frame.evolve(player=st.next_seat(p), passes=0))
            settle(st)
            run_checks(st)
            return
        assert stage == "declare"
        order = st.seat_order(st.vars["first"])
        a = order[frame["k"]]
        if action.kind == "decline":
            st.note("declined", {"player": a})
            st.replace(frame.evolve(k=frame["k"] + 1))
            return
        st.replace(frame.evolve(stage="monsters", attacker=a, defender=action.get("defender")))


OPS.add(Battle())
