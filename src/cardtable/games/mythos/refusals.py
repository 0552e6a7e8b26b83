"""Why an action is not legal now, naming the MY rule it breaks (the core asks when an action is not
among the listed options; nothing has changed at that point)."""

from __future__ import annotations

from typing import Any

from ...core import Action, IllegalActionError
from ...engine import FACE_DOWN
from .state import MyState


# Who decides (the rule a seat breaks by answering another seat's decision), by decision kind.
_SEAT_RULES = {"hand_adjust": "MY-5.14", "choose_side": "MY-4.1", "order_triggers": "MY-12.9",
               "optional_trigger": "MY-12.9", "pay_discard": "MY-12.2", "pay_bury": "MY-12.2",
               "pay_reveal": "MY-12.2", "join": "MY-5.4", "discard_excess": "MY-5.11", "battle_use": "MY-9.2",
               "declare_attack": "MY-9.3", "attack_monsters": "MY-9.3", "attack_allies": "MY-9.3",
               "block": "MY-9.4"}


def decision_rule(st: MyState, action: Action, decision: Any, refusal: str) -> str:
    """The MY rule behind the core's own refusals (``State._decision_rule``): a seat answering another
    seat's decision, or (when ``explain`` found nothing more specific) an answer that is not offered."""
    kind = decision.kind
    if refusal == "seat":
        if kind == "turn":  # MY-5.7: free actions only in your own turn; MY-5.4: one play, action or pass
            return "MY-5.7" if action.kind == "activate" else "MY-5.4"
        return _SEAT_RULES.get(kind, "MY-12.5")  # anything else: an effect's choice (MY-12.5)
    return "MY-12.5"


def cast_refusal(st: MyState, p: int, card: Any, window: str) -> IllegalActionError:
    """Why spell ``card`` cannot be cast by ``p`` in ``window`` (card_play / battle)."""
    from .play import spell_window, vessels

    t = st.table
    if type(card) is not int or not 0 <= card < len(t) or st.card(card).type != "spell" \
            or t.host[card] not in vessels(st, p):
        return IllegalActionError("MY-6.12.1", "only a spell loaded onto a vessel of yours can be cast")
    title = st.card(card).title
    if t.flags[card] & FACE_DOWN:
        return IllegalActionError("MY-6.12.8", f"{title} is face-down (cast this round): it cannot be cast until "
                                               "it is ready again at the end of the round")
    if not spell_window(st.card(card), window):
        return IllegalActionError("MY-12.7", f"{title}: its timing does not allow casting it in "
                                             f"{window.replace('_', ' ')}")
    return IllegalActionError("MY-6.12.1", f"{title} cannot be cast now")


def _god(st: MyState, action: Action) -> IllegalActionError | None:
    """MY-6.9.5: a god never attacks, blocks or takes part in battle (whatever else the pick breaks)."""
    c = action.get("card")
    if type(c) is int and 0 <= c < len(st.table) and st.table.zone_name(c).startswith("god:"):
        return IllegalActionError("MY-6.9.5", f"{st.card(c).title} is a god: gods never attack, block or take "
                                              "part in battle")
    return None


def _battle_pick(st: MyState, kind: str, action: Action) -> IllegalActionError | None:
    """A card that may not attack or block now for a reason more specific than MY-9.3 / MY-9.4: it already
    took part in an attack (MY-9.9), a keyword forbids it (MY-9.11), an invisible attacker (MY-6.8.5)."""
    from .battle import enchanted
    from .primitives import keyword

    c = action.get("card")
    frames = [f for f in st.stack if f.op == "my.battle"]
    if type(c) is not int or not 0 <= c < len(st.table) or not frames:
        return None
    frame, title = frames[-1], st.card(c).title
    if c in frame["used"]:
        return IllegalActionError("MY-9.9", f"{title} already took part in an attack this battle phase")
    if kind != "block":
        if keyword(st, c, "CannotAttack"):
            return IllegalActionError("MY-9.11", f"an effect says {title} cannot attack")
        return None
    attacker = frame["attackers"][frame["j"]]
    if c in {b for bs in frame["blocks"] for b in bs}:
        return IllegalActionError("MY-9.4", f"{title} already blocks another attacker: each blocker blocks one")
    if keyword(st, c, "CannotBlock") or keyword(st, attacker, "Unblockable"):
        return IllegalActionError("MY-9.11", f"an effect says {title} cannot block {st.card(attacker).title}")
    if keyword(st, attacker, "Invisible") and st.type_of(c) == "ally" and not enchanted(st, c) \
            and not keyword(st, c, "CanBlockInvisible"):
        return IllegalActionError("MY-6.8.5", f"{st.card(attacker).title} is invisible: only an ally with an "
                                              "Enchanted Weapon (or a monster) blocks it")
    return None


def explain(st: MyState, action: Action, decision: Any) -> IllegalActionError | None:
    kind, p = decision.kind, decision.player
    if kind in ("effect_search", "effect_choose", "effect_discard", "effect_pick", "play_extra", "load_spell"):
        from .effect_frame import refusal as effect_refusal

        return effect_refusal(st, action, decision)
    if kind == "turn":
        from .play import refusal

        return refusal(st, p, action)
    if kind == "join":
        from .join import add_refusal

        return add_refusal(st, action)
    if kind == "hand_adjust":
        return IllegalActionError("MY-5.14", "discard cards of your own hand, down to a size between your "
                                             "end-of-round minimum and maximum, then done")
    if kind == "battle_use":
        if action.kind == "activate":
            from .abilities import explain as ability_refusal

            return ability_refusal(st, p, action, "battle")
        if action.kind == "cast":
            return cast_refusal(st, p, action.get("card"), "battle")
        if action.kind == "play":
            from .play import check

            why = check(st, p, action.get("card"), action.get("host"), action.get("target"))
            if why is not None:
                return IllegalActionError(*why)
            return IllegalActionError("MY-6.10.3", "only an event marked battle is played in the use step")
        return IllegalActionError("MY-9.2", "in the use step you cast a ready loaded spell, use an ability, play "
                                            "a battle event or pass")
    if kind == "discard_excess":
        return IllegalActionError("MY-5.11", "discard the spells of your vessel that exceed its capacity")
    if kind == "order_triggers":
        return IllegalActionError("MY-12.9", "choose which of your own triggered cards resolves next")
    if kind == "optional_trigger":
        return IllegalActionError("MY-12.9", "an optional triggered effect: answer yes or no")
    if kind in ("pay_discard", "pay_bury", "pay_reveal"):
        what = {"pay_discard": "a card of your hand matching the cost's filter, not chosen yet",
                "pay_bury": "another face-up card of yours in play matching the cost's filter",
                "pay_reveal": "a card of your hand matching the cost's filter"}[kind]
        return IllegalActionError("MY-12.2", f"to pay this cost choose {what}")
    if kind in ("attack_monsters", "attack_allies", "block"):
        refused = _god(st, action) or _battle_pick(st, kind, action)
        if refused is not None:
            return refused
    if kind == "declare_attack" and action.kind == "attack":
        q = action.get("defender")
        if type(q) is not int or not 0 <= q < st.players or q == p:
            return IllegalActionError("MY-11.4", "an attack is made on one opponent of your choice")
        from ...engine import lasting_total

        if lasting_total(st, "cannot_be_attacked", f"p{q}"):
            return IllegalActionError("MY-9.11", f"an effect says seat {q} cannot be attacked")
    if kind == "declare_attack":
        return IllegalActionError("MY-9.3", "attack one opponent (MY-11.4) or decline")
    if kind == "attack_monsters":
        return IllegalActionError("MY-9.3", "an attack takes at least one face-down monster of your own Threat")
    if kind == "attack_allies":
        return IllegalActionError("MY-6.6.5", "only your allies with an Enchanted Weapon may join your attack")
    if kind == "block":
        return IllegalActionError("MY-9.4", "block with your own allies or face-down Threat monsters, each once "
                                            "(an invisible attacker: monsters or allies with an Enchanted Weapon)")
    if kind == "choose_side":
        return IllegalActionError("MY-4.1", "choose side 0 or side 1 of your investigator")
    return None
