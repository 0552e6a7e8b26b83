"""The Attack step (MA-9): actions with skills, blocking, attack damage, healing, the burst check
(MA-10) and the turn player's leader ability window (MA-12.7).

Options of ``attack_step`` (seat T): ``act card=K`` (Attack or Heal knight), ``act card=K target=J``
(Support or Disrupt, MA-9.3: only with a legal target), ``activate card=C ability=N`` (an activated
ability of the leader or of a knight, MA-3.12, MA-12.9) and ``end_step``.
"""

from __future__ import annotations

from typing import Any

from ...core import Action, IllegalActionError, shared_action
from ...engine import EXHAUSTED, Frame, Op, add_lasting, lasting_total, pick
from .rules import _int, change_hp, take_top
from .state import _LEADER, OPS, MaState, action_tables, mods

SUPPORTABLE = ("attack", "heal", "disrupt")  # MA-3.7
DISRUPTABLE = ("attack", "heal", "support")


def targets(st: MaState, k: int) -> list[int]:
    """MA-3.7 / MA-9.3: the legal targets of a Support or Disrupt knight ``k`` (any state, battle area)."""
    p = st.table.owner[k]
    skill = st.card(k).skill
    if skill == "support":
        return [j for j in st.knights(p, "battle") if j != k and st.card(j).skill in SUPPORTABLE]
    if skill == "disrupt":
        return [j for j in st.knights(1 - p, "battle") if st.card(j).skill in DISRUPTABLE]
    return []


def action_refusal(st: MaState, p: int, action: Action) -> IllegalActionError | None:
    """Why ``act`` is not legal for T now (MA-9.2, MA-9.3); None if it is."""
    k, target = action.get("card"), action.get("target")
    if k not in st.knights(p, "battle"):
        return IllegalActionError("MA-9.2", f"card {k} is not one of your knights in the battle area")
    if st.rested(k):
        return IllegalActionError("MA-9.2", f"{st.card(k).name} is rested: it has already acted or blocked")
    skill = st.card(k).skill
    if skill in ("attack", "heal"):
        return None if target is None else IllegalActionError("MA-3.7", f"an {skill} skill takes no target")
    legal = targets(st, k)
    if not legal:
        return IllegalActionError("MA-9.3", f"{st.card(k).name} ({skill}) has no legal target, so it cannot act")
    if target not in legal:
        return IllegalActionError("MA-3.7", f"card {target} is not a legal {skill} target")
    return None


# the Attack step's options of each seat, made once (``ActionTable``): ``act`` by card or (card, target),
# ``activate`` by (ability, card)
_ACT, _ACT_ON, _ACTIVATE = action_tables("act", "card"), action_tables("act", "card", "target"), \
    action_tables("activate", "ability", "card")
_END_STEP = (shared_action(0, "end_step"), shared_action(1, "end_step"))


def actions(st: MaState, p: int) -> list[Action]:
    """The ``attack_step`` options: actions of active battle knights, then activated abilities of the
    leader, battle and base knights that may be activated now, then ``end_step``. Only cards whose
    definitions have an activated ability are checked (``activated_by_def``)."""
    activatable, activated_by_def = mods.effects.activatable, mods.effects.activated_by_def

    t = st.table
    defs, defn, flags = st.game.pool.defs, t.defn, t.flags  # type: ignore[attr-defined]
    out = []
    acts, acts_on, activates = _ACT[p], _ACT_ON[p], _ACTIVATE[p]
    battle = st.knights(p, "battle")
    for k in battle:
        if flags[k] & EXHAUSTED:
            continue
        if defs[defn[k]].skill in ("attack", "heal"):
            out.append(acts.made.get(k) or acts.make(k))
        else:
            out += [acts_on.made.get((k, j)) or acts_on.make((k, j)) for j in targets(st, k)]
    by_def = activated_by_def(st.pool)
    sources = t.zones[_LEADER[p]][:1] + battle + st.knights(p, "base")
    for c in sources:
        ks = by_def.get(defn[c])
        if ks:
            out += [activates.made.get((k, c)) or activates.make((k, c)) for k in ks if activatable(st, p, c, k)]
    return out + [_END_STEP[p]]


class AttackStep(Op[MaState]):
    """MA-9.1: T acts until he ends the step."""

    name = "ma.attack_step"

    def run(self, st: MaState, frame: Frame) -> None:
        p = frame["player"]
        st.ask(p, "attack_step", "Attack step: act with an active knight, use your leader's ability, or end the step",
               actions(st, p))

    def answer(self, st: MaState, frame: Frame, action: Action) -> None:
        p = frame["player"]
        if action.kind == "end_step":
            st.pop()
            return
        if action.kind == "activate":
            activate = mods.effects.activate

            activate(st, p, _int(action.get("card")), _int(action.get("ability")))
            return
        k, target = _int(action.get("card")), action.get("target")
        st.table.set_flag(k, EXHAUSTED)  # MA-9.2: the action rests it
        d = st.card(k)
        x = st.skill_value(k)
        st.note("action", {"player": p, "card": k, "name": d.name, "skill": d.skill, "value": x, "target": target})
        fire = mods.triggers.fire

        if d.skill == "attack":
            st.push("ma.attack", attacker=k, stage="block")
            st.push("ma.defence", player=1 - p)  # MA-9.4: defence-timing abilities before blockers
            fire(st, [("action_taken", p, k, ""), ("attack_declared", p, k, "")])
            return
        if d.skill == "heal":  # MA-9.8
            if change_hp(st, {p: x}, f"{d.name} heals"):
                return
            if x > 0:
                fire(st, [("action_taken", p, k, ""), ("leader_healed", p, k, "heal", x)])  # together (MA-12.5)
                return
        else:  # MA-9.9; no source card: the change lasts until end of turn even if the supporter leaves (MA-12.4)
            sign = 1 if d.skill == "support" else -1
            add_lasting(st, "skill", target, sign * x, "turn_end")
            add_lasting(st, "defence", target, sign * x, "turn_end")
        fire(st, [("action_taken", p, k, "")])


OPS.add(AttackStep())


def can_block(st: MaState, j: int) -> bool:
    """MA-9.5: an active battle-area knight; with ``sentinel`` also a rested one that has blocked exactly
    once this turn (MA-15.5)."""
    if not st.rested(j):
        return True
    has_keyword = mods.statics.has_keyword  # (an import here would run the import machinery per call)

    return has_keyword(st, j, "sentinel") and lasting_total(st, "blocks", j) == 1


def blockers_for(st: MaState, n: int, attacker: int) -> list[int]:
    has_keyword = mods.statics.has_keyword

    if has_keyword(st, attacker, "unblockable"):
        return []  # MA-15.5: cannot be blocked
    return [j for j in st.knights(n, "battle") if can_block(st, j)]


def prevention(st: MaState, n: int) -> int:
    """MA-9.7 step 2: the attack damage prevented for ``n``'s leader now; ``next_attack`` shields are
    used up by this attack."""
    key = f"p{n}"
    amount = lasting_total(st, "prevent_next", key) + lasting_total(st, "prevent_turn", key)
    st.lasting = [e for e in st.lasting if not (e[0] == "prevent_next" and e[1] == key)]
    return amount


@OPS.step("ma.attack")
def _attack(st: MaState, frame: Frame) -> None:
    """MA-9.4–9.7: N declares blockers; block triggers; damage = max(0, S − D) less any prevention;
    end check; one burst check (none with ``no_burst``); then the damage triggers."""
    has_keyword, fire = mods.statics.has_keyword, mods.triggers.fire

    k = frame["attacker"]
    p = st.table.owner[k]
    n = 1 - p
    if frame["stage"] == "block":
        st.replace(frame.evolve(stage="blocked"))
        cands = blockers_for(st, n, k)
        if not cands:
            return  # unblockable, or nobody can block: no question, nothing hidden
        pick(st, n, cands, 0, len(cands), f"Block the attack of {st.card(k).name} ({st.skill_value(k)})? "
                                          "Choose blockers, then done", kind="block")
        return
    if frame["stage"] == "blocked":  # MA-9.7 step 1
        blockers = tuple(frame.got or ())
        st.replace(frame.evolve(stage="damage", blockers=blockers))
        for b in blockers:
            st.table.set_flag(b, EXHAUSTED)  # MA-9.5
            add_lasting(st, "blocks", b, 1, "turn_end")
        st.note("blocked", {"player": n, "attacker": k, "blockers": list(blockers)})
        events = [("blockers_declared", n, k, "")] + [("knight_blocks", n, b, "") for b in blockers]
        fire(st, events if blockers else [("attack_unblocked", p, k, "")])
        return
    st.pop()
    blockers = tuple(frame["blockers"])
    shield = sum(st.defence_value(b) for b in blockers)
    damage = max(0, st.skill_value(k) - shield)  # MA-9.6
    prevented = min(damage, prevention(st, n))  # MA-9.7 step 2
    damage -= prevented
    st.note("attack", {"player": p, "attacker": k, "blockers": list(blockers), "shield": shield, "damage": damage,
                       "prevented": prevented})
    if damage >= 1:
        if change_hp(st, {n: -damage}, f"attack of {st.card(k).name}"):
            return  # MA-10.4: a lethal hit ends the game before any burst check
        damaged = (("leader_damaged", n, k, "attack", damage),)  # MA-9.7 step 5: they wait for the burst check
        if has_keyword(st, k, "no_burst"):
            fire(st, damaged)
        else:
            st.push("ma.burst", player=n, stage="reveal", card=-1, events=damaged)  # MA-10.3


@OPS.step("ma.burst")
def _burst(st: MaState, frame: Frame) -> None:
    """MA-10.2: reveal the top card into the burst area; its burst text resolves; then it is discarded."""
    p = frame["player"]
    t = st.table
    if frame["stage"] == "reveal":
        i, _ = take_top(st, p, False)
        if i is None:
            st.pop()
            st.note("burst_check", {"player": p, "card": None})
            after_burst(st, frame.get("events") or ())
            return
        t.reveal_to_all(i)
        st.move_card(i, f"burst:{p}")
        d = st.card(i)
        st.note("burst_check", {"player": p, "card": i, "name": d.name, "burst": d.has_burst})
        st.replace(frame.evolve(stage="discard", card=i))
        if d.has_burst:
            from .effects import push_effects

            push_effects(st, p, d.index, "burst", i)
        return
    st.pop()
    i = frame["card"]
    if t.zone_name(i) == f"burst:{p}":
        st.move_card(i, f"discard:{p}")
    after_burst(st, tuple(frame.get("events") or ()) + (("burst_revealed", p, i, ""),))


def after_burst(st: MaState, events: Any) -> None:
    """MA-9.7 step 5: the damage, the reveal and the burst text's own events trigger together, after
    the whole check; a check made by a text hands them to that text (MA-12.5)."""
    fire = mods.triggers.fire

    parent = st.stack[-1] if st.stack else None
    if parent is not None and parent.op == "ma.effects":
        st.replace(parent.evolve(events=tuple(parent.get("events") or ()) + tuple(tuple(e) for e in events)))
        return
    fire(st, [tuple(e) for e in events])
