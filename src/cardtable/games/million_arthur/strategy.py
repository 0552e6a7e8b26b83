"""The heuristic bot's policy for the Million Arthur TCG: ``choose_action(view, decision, rng)``.

It reads only what a seat's view holds (MA-14.7): public areas and values, its own hand, its own
pending submission and its own deck list. The plan, in order of what wins games:

* Deployment (MA-8.2, MA-8.3) is planned as a whole each time an item is asked: every legal mix of
  base knights and hand cards (new knights and evolutions, MA-8.8/8.10) within the cost capacity
  (MA-7.2), the colour restriction (MA-8.3) and colourless uniqueness (MA-8.6) is scored and the
  best plan's next item is played. On its own turn a seat scores the attack damage it expects
  through the opponent's likely blockers (MA-9.6), healing by the race (full weight when the leader
  is in reach, little when behind, none when level or ahead: see ``_heal_weight``); on the opponent's turn it
  scores the damage its blockers would stop and the chain card it gains (MA-11.1). Base knights are
  nearly free (the Charge step refills the base, MA-6.5); hand cards are not.
* Attack step (MA-9.12): Support onto the strongest active attacker first, Disrupt onto the
  opponent's strongest active blocker, then activated abilities, then attacks (largest first), then
  heals.
* Blocking (MA-9.5, MA-9.6): blockers are spent only this turn, so each is assigned where it stops
  the most damage over the attacks still to come; the present attack gets the ones assigned to it.
* Chain (MA-11.1) and chain removal (MA-11.5) keep the colours the seat's colour costs need
  (MA-7.4); colour payment names the most plentiful colour first (colourless for generic symbols).
* Free evolution in the base (MA-8.5) is always taken; the base mulligan (MA-5.8) throws back
  knights clearly weaker than the deck's average; the Clean step (MA-11.5) discards the weakest.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping, Sequence

from ...core import Action, Decision, Rng
from ...engine.cardgame import active
from . import GAME
from .effects import effects_of
from .schema import ChooseOne, Draw, HealLeader, ModifyKnight

HAND_CARD = 1.0  # what a card in hand is worth when spent on the opponent's turn (in HP) ...
HAND_CARD_OWN_TURN = 0.35  # ... and on one's own turn, when it turns into damage
BASE_KNIGHT = 0.05  # a base knight moved out: the Charge step refills the base (MA-6.5)
CHAIN_GAIN = 1.5  # a battle area that is not empty gives a chain card, +1 capacity (MA-7.1, MA-11.1)
HEAL = 0.3  # a point of healing, against a point of damage, when behind in HP ...
HEAL_AHEAD = 0.0  # ... when level or ahead: only a leader at 0 HP loses (MA-1.4), healing never wins
HEAL_DANGER = 1.0  # ... and when the leader is within reach of the opponent's next turn
DANGER_HP = 4  # "within reach": about what an opponent's turn gets through the blockers (3 a turn in self-play)
LETHAL = 50.0
FIRST_STEP_GUESS = 0.5  # weight of the opponent's base knights as blockers/attackers before the reveal
HAND_LIMIT = 6  # MA-11.5: the Clean step of this very turn discards a hand down to 6 ...
SURPLUS_PLAY = 0.1  # ... so a card over it is free to play, and a little better played than discarded


def _defs() -> Any:
    return active(GAME).pool.defs  # with any custom sets this process loaded


def _n(o: Action, key: str = "card") -> int:
    """An integer parameter of an option (card ids and targets are always integers)."""
    v = o.get(key)
    assert isinstance(v, int)
    return v


def _card(view: Mapping[str, Any], i: Any) -> Any:
    c = view["cards"].get(str(i))
    if c is None or c.get("defn") is None:
        return None
    return _defs()[c["defn"]]


def _knights(view: Mapping[str, Any], p: int, area: str) -> list[int]:
    cards = view["cards"]
    return [i for i in view["zones"][f"{area}:{p}"] if i is not None and cards[str(i)]["host"] == -1]


def _info(view: Mapping[str, Any], i: int) -> Mapping[str, Any] | None:
    return view["info"]["knights"].get(str(i))  # type: ignore[no-any-return]


def _skill(view: Mapping[str, Any], i: int) -> int:
    info = _info(view, i)
    if info is not None:
        return max(0, int(info["skill"]))
    d = _card(view, i)
    return d.skill_value if d is not None else 0


def _defence(view: Mapping[str, Any], i: int) -> int:
    info = _info(view, i)
    if info is not None:
        return max(0, int(info["defence"]))
    d = _card(view, i)
    return d.defence if d is not None else 0


def _rested(view: Mapping[str, Any], i: int) -> bool:
    info = _info(view, i)
    return bool(info["rested"]) if info is not None else False


def _card_value(d: Any) -> float:
    """How useful a knight card is, roughly (skill counts most; defence blocks; bursts help)."""
    if d is None or d.kind != "knight":
        return 0.0
    skill = d.skill_value * (1.0 if d.skill in ("attack", "support") else 0.7)
    return skill + 0.4 * d.defence + (0.5 if d.has_burst else 0.0) + 0.3 * len(d.abilities)


def choose_action(view: Mapping[str, Any], decision: Decision, rng: Rng) -> Action:
    options = decision.options
    if len(options) == 1:
        return options[0]
    kind = decision.kind
    by_kind: dict[str, list[Action]] = {}
    for o in options:
        by_kind.setdefault(o.kind, []).append(o)
    if kind in ("first_step", "second_step"):
        return _deploy(view, decision, by_kind)
    if kind == "attack_step":
        return _attack_step(view, decision, by_kind)
    if kind == "block":
        return _block(view, decision, by_kind)
    if kind == "chain":
        return _chain(view, decision, by_kind)
    if kind == "pay":
        return _pay(view, decision)
    if kind == "base_evolve":
        evolves = by_kind.get("evolve", [])
        if evolves:  # MA-8.5: a free evolution is a free upgrade
            return max(evolves, key=lambda o: (_card_value(_card(view, o.get("card"))), -_n(o)))
        return options[-1]
    if kind == "mulligan":
        return _mulligan(view, decision, by_kind)
    if kind in ("discard", "remove_chain"):
        return _shed(view, decision, by_kind)
    if kind == "defence_window":
        return _defence_window(view, decision, by_kind)
    if kind == "add_chain":
        return _add_chain(view, decision, by_kind)
    if kind in ("effect_target", "search"):
        picks = by_kind.get("pick", [])
        if picks:
            return max(picks, key=lambda o: (_card_value(_card(view, o.get("card"))), -_n(o)))
    if kind == "optional_trigger":
        return by_kind.get("yes", options)[0]
    if kind == "choose_one":
        return _choose_one(view, decision)
    if kind == "order_triggers":
        return options[0]
    return options[rng.below(len(options))]


# ---- deployment (MA-8.2, MA-8.3, MA-8.13) -------------------------------------------------------------


class _Plan:
    """A candidate deployment: the resulting battle area (top card -> (skill, value, defence)) and items."""

    __slots__ = ("tops", "items", "spent", "cost_cards")

    def __init__(self, tops: dict[int, tuple[str, int, int]], items: tuple[Action, ...], spent: int,
                 cost_cards: float) -> None:
        self.tops, self.items, self.spent, self.cost_cards = tops, items, spent, cost_cards


def _pending(view: Mapping[str, Any], me: int) -> tuple[Any, ...]:
    for seat, items in view.get("secrets") or ():
        if seat == me:
            return tuple(items)
    return ()


def _colour_mask_names(view: Mapping[str, Any], me: int) -> set[str]:
    return set(view["info"]["base_colours"][me])


def _deploy(view: Mapping[str, Any], decision: Decision, by_kind: dict[str, list[Action]]) -> Action:
    """Plan the whole submission and play its next item (or submit)."""
    me = decision.player
    step = "first" if decision.kind == "first_step" else "second"
    items = _pending(view, me)
    own_turn = int(view["vars"]["active"]) == me
    budget = int(view["info"]["capacity"][me]) - int(view["info"]["spent"][me])
    battle: dict[int, tuple[str, int, int]] = {}
    for k in _knights(view, me, "battle"):
        d = _card(view, k)
        battle[k] = (d.skill, _skill(view, k), _defence(view, k))
    base = _knights(view, me, "base")
    hand = [i for i in view["zones"][f"hand:{me}"] if i is not None]
    colours = _colour_mask_names(view, me)
    defs = [_card(view, i) for i in base]
    if step == "first":
        moved = tuple(items)
        budget -= sum(_stack_cost(view, k) for k in moved)
        for k in moved:
            d = _card(view, k)
            battle[k] = (d.skill, _skill(view, k), _defence(view, k))
            if d.colour != "colourless":
                colours.add(d.colour)
        free = [k for k in base if k not in moved]
        best: tuple[float, tuple[Action, ...]] | None = None
        for subset in _subsets(free):
            cost = sum(_stack_cost(view, k) for k in subset)
            if cost > budget:
                continue
            tops = dict(battle)
            cols = set(colours)
            for k in subset:
                d = _card(view, k)
                tops[k] = (d.skill, _skill(view, k), _defence(view, k))
                if d.colour != "colourless":
                    cols.add(d.colour)
            names = _colourless_names(view, me, base, tops)
            plan = _best_hand(view, me, hand, (), tops, budget - cost, cols, names, own_turn, BASE_KNIGHT * len(subset))
            score = _score(view, me, plan, own_turn, first=True)
            moves = tuple(Action(me, "move", (("card", k),)) for k in subset)
            if best is None or score > best[0] + 1e-9:
                best = (score, moves)
        chosen = best[1] if best else ()
    else:
        pairs = [(items[k], items[k + 1]) for k in range(0, len(items), 2)]
        used = set()
        for h, onto in pairs:
            d = _card(view, h)
            used.add(h)
            budget -= d.cost if onto == -1 else d.evolution_cost
            if onto != -1:
                battle.pop(onto, None)
            battle[h] = (d.skill, d.skill_value, d.defence)
        names = _colourless_names(view, me, base, battle)
        plan = _best_hand(view, me, [h for h in hand if h not in used], (), battle, budget, colours, names,
                          own_turn, 0.0)
        chosen = plan.items
    legal = set(decision.options)
    for a in chosen:
        if a in legal:
            return a
    return by_kind["submit"][0]


def _stack_cost(view: Mapping[str, Any], k: int) -> int:
    """MA-8.7: a single knight's printed cost, a stack's top card's evolution cost."""
    d = _card(view, k)
    info = _info(view, k)
    stacked = bool(info and info.get("stack"))
    return int(d.evolution_cost if stacked else d.cost)


def _colourless_names(view: Mapping[str, Any], me: int, base: Sequence[int],
                      tops: Mapping[int, Any]) -> set[str]:
    out = set()
    for k in [*base, *tops]:
        d = _card(view, k)
        if d is not None and d.colour == "colourless":
            out.add(d.name)
    return out


def _subsets(xs: Sequence[int]) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = [()]
    for x in xs:
        out += [s + (x,) for s in out]
    return out


def _best_hand(view: Mapping[str, Any], me: int, hand: Sequence[int], items: tuple[Action, ...],
               tops: dict[int, tuple[str, int, int]], budget: int, colours: set[str], names: set[str],
               own_turn: bool, cost_cards: float) -> _Plan:
    """The best plan of hand items (depth-first over deploy / evolve / skip for each card).

    A hand card costs its worth in hand (``HAND_CARD``...), except the cards the Clean step would
    discard: at the end of this turn (MA-11.5, both players) a hand over 6 is cut down to 6, and the
    heuristic discards its weakest cards (``_shed``). Those cost nothing and count ``SURPLUS_PLAY`` (a
    blocker, a heal, one more knight to choose the chain card from, MA-11.1), so a healer held while
    level in HP (``_heal_weight``) or a weak blocker goes out rather than to the discard pile.
    """
    per_card = HAND_CARD_OWN_TURN if own_turn else HAND_CARD
    doomed = set(_doomed(view, me, hand))

    def card_cost(h: int) -> float:
        return -SURPLUS_PLAY if h in doomed else per_card
    best = _Plan(tops, items, 0, cost_cards)
    best_score = _score(view, me, best, own_turn, first=False)
    playable = []
    for h in hand:
        d = _card(view, h)
        if d is None or d.kind != "knight" or d.colour in colours:
            continue  # MA-8.3: not a colour moved from base this turn
        playable.append((h, d))
    playable.sort(key=lambda hd: -_card_value(hd[1]))
    playable = playable[:7]

    def dfs(k: int, tops: dict[int, tuple[str, int, int]], items: tuple[Action, ...], budget: int,
            names: frozenset[str], cards: float) -> None:
        nonlocal best, best_score
        if k == len(playable):
            return
        h, d = playable[k]
        dfs(k + 1, tops, items, budget, names, cards)
        colourless = d.colour == "colourless"
        if d.cost <= budget and not (colourless and d.name in names):
            t2 = dict(tops)
            t2[h] = (d.skill, d.skill_value, d.defence)
            plan = _Plan(t2, items + (Action(me, "deploy", (("card", h),)),), 0, cards + card_cost(h))
            s = _score(view, me, plan, own_turn, first=False)
            if s > best_score + 1e-9:
                best, best_score = plan, s
            dfs(k + 1, t2, plan.items, budget - d.cost, names | {d.name} if colourless else names, plan.cost_cards)
        if d.evolves_from and d.evolution_cost <= budget:
            for onto in list(tops):
                src = _card(view, onto)
                if src is None or src.name not in d.evolves_from:
                    continue
                if colourless and d.name in names - ({src.name} if src.colour == "colourless" else set()):
                    continue
                t2 = dict(tops)
                del t2[onto]
                t2[h] = (d.skill, d.skill_value, d.defence)
                plan = _Plan(t2, items + (Action(me, "evolve", (("card", h), ("onto", onto))),), 0,
                             cards + card_cost(h))
                s = _score(view, me, plan, own_turn, first=False)
                if s > best_score + 1e-9:
                    best, best_score = plan, s
                dfs(k + 1, t2, plan.items, budget - d.evolution_cost, names, plan.cost_cards)

    dfs(0, tops, items, budget, frozenset(names), cost_cards)
    return best


def _doomed(view: Mapping[str, Any], me: int, hand: Sequence[int]) -> list[int]:
    """The hand cards the Clean step of this turn would discard (MA-11.5: down to 6), weakest first as
    ``_shed`` picks them; none while the hand is within the limit."""
    surplus = len(hand) - HAND_LIMIT
    if surplus <= 0:
        return []
    return sorted(hand, key=lambda h: (_discard_key(view, me, _card(view, h)), h))[:surplus]


def _opponent_force(view: Mapping[str, Any], me: int, first: bool) -> tuple[list[float], list[float], list[str]]:
    """The opponent's likely battle knights: (attack values, defence values, targetable skills)."""
    opp = 1 - me
    attacks: list[float] = []
    defences: list[float] = []
    skills: list[str] = []
    for k in _knights(view, opp, "battle"):
        d = _card(view, k)
        if not _rested(view, k):
            defences.append(float(_defence(view, k)))
            skills.append(d.skill if d else "")
        if d is not None and d.skill == "attack":
            attacks.append(float(_skill(view, k)))
    if first:
        for k in _knights(view, opp, "base"):
            d = _card(view, k)
            defences.append(FIRST_STEP_GUESS * _defence(view, k))
            skills.append("")
            if d is not None and d.skill == "attack":
                attacks.append(FIRST_STEP_GUESS * _skill(view, k))
    return attacks, defences, skills


def _damage_through(attacks: Sequence[float], defences: Sequence[float]) -> float:
    """MA-9.6: damage left after the defender spreads blockers greedily where they stop the most."""
    left = sorted(attacks, reverse=True)
    for dv in sorted(defences, reverse=True):
        if not left:
            break
        j = max(range(len(left)), key=lambda x: (min(left[x], dv), left[x]))
        left[j] = max(0.0, left[j] - dv)
    return sum(left)


def _score(view: Mapping[str, Any], me: int, plan: _Plan, own_turn: bool, first: bool) -> float:
    tops = plan.tops
    score = -plan.cost_cards + (CHAIN_GAIN if tops else 0.0)
    opp_attacks, opp_defences, opp_skills = _opponent_force(view, me, first)
    if own_turn:
        attacks = [v for s, v, _d in tops.values() if s == "attack"]
        heals = sum(v for s, v, _d in tops.values() if s == "heal")
        supports = sorted((v for s, v, _d in tops.values() if s == "support"), reverse=True)
        disrupts = sorted((v for s, v, _d in tops.values() if s == "disrupt"), reverse=True)
        if attacks:
            attacks.sort(reverse=True)
            attacks[0] += sum(supports)  # MA-3.7: Support onto the strongest attacker
        elif heals:
            heals += sum(supports) if any(s == "heal" for s, _v, _d in tops.values()) else 0
        pairs = sorted(zip(opp_defences, opp_skills), reverse=True)
        blockers = [dv for dv, _s in pairs]
        for x in disrupts:  # MA-3.7: Disrupt lowers the strongest targetable blocker's defence
            js = [k for k, (_dv, s) in enumerate(pairs) if s != "disrupt"]
            if not js:
                break
            j = max(js, key=lambda k: blockers[k])
            blockers[j] = max(0.0, blockers[j] - x)
        damage = _damage_through(attacks, blockers)
        score += damage + _heal_weight(view, me) * heals
        if damage >= int(view["vars"]["hp"][1 - me]):
            score += LETHAL
    else:
        mine = [float(dv) for _s, _v, dv in tops.values()]
        stopped = sum(opp_attacks) - _damage_through(opp_attacks, mine)
        score += stopped + 0.25 * sum(mine)
    return score


def _heal_weight(view: Mapping[str, Any], me: int) -> float:
    """What a point of healing is worth against a point of damage dealt, by the race (MA-1.3, MA-1.4).

    HP has no upper limit and only a leader at 0 HP loses, so healing never wins a game: a seat level
    or ahead in HP that spends its capacity on healers rather than attackers only makes the game
    longer, and two seats doing so stall it (heuristic self-play ended without a winner at a 60-turn
    cap in a quarter of the games while healing counted half a point of damage everywhere). Healing
    counts fully when the leader is within reach of the opponent's next turn, a little when behind,
    not at all when level or ahead. Healers already in the battle area still heal (the Attack step
    loses nothing by it); this weighs only which knights to deploy.
    """
    hp = [int(x) for x in view["vars"]["hp"]]
    if hp[me] <= DANGER_HP:
        return HEAL_DANGER
    if hp[me] < hp[1 - me]:
        return HEAL
    return HEAL_AHEAD


# ---- the Attack step (MA-9) ------------------------------------------------------------------------------


def _attack_step(view: Mapping[str, Any], decision: Decision, by_kind: dict[str, list[Action]]) -> Action:
    me = decision.player
    acts = by_kind.get("act", [])
    support: list[Action] = []
    disrupt: list[Action] = []
    attack: list[Action] = []
    heal: list[Action] = []
    for o in acts:
        d = _card(view, o.get("card"))
        {"support": support, "disrupt": disrupt, "attack": attack, "heal": heal}[d.skill].append(o)
    # MA-9.12: modifiers first, onto knights that have not acted yet
    best_support: tuple[tuple[bool, int, int], Action] | None = None
    for o in support:
        t = _n(o, "target")
        if _rested(view, t):
            continue
        td = _card(view, t)
        key = (bool(td.skill == "attack"), _skill(view, t), -t)
        if best_support is None or key > best_support[0]:
            best_support = (key, o)
    if best_support is not None:
        return best_support[1]
    best_disrupt: tuple[tuple[int, int], Action] | None = None
    for o in disrupt:
        t = _n(o, "target")
        if _rested(view, t) or _defence(view, t) == 0:
            continue
        dkey = (_defence(view, t), -t)
        if best_disrupt is None or dkey > best_disrupt[0]:
            best_disrupt = (dkey, o)
    if best_disrupt is not None:
        return best_disrupt[1]
    for o in by_kind.get("activate", []):
        c = _n(o)
        d = _card(view, c)
        ab = d.abilities[_n(o, "ability")]
        if d.kind == "leader" or not ab.rest_self:
            return o
        if d.kind == "knight" and (_skill(view, c) <= 1 or not any(a.get("card") == c for a in acts)):
            return o  # a weak skill: the ability is worth the rest (MA-12.9)
    if attack:
        return max(attack, key=lambda o: (_skill(view, _n(o)), -_n(o)))
    if heal:
        return max(heal, key=lambda o: (_skill(view, _n(o)), -_n(o)))
    for o in by_kind.get("activate", []):
        return o
    return by_kind["end_step"][0]


def _attacker(view: Mapping[str, Any]) -> int | None:
    for frame in reversed(view["stack"]):
        if frame["op"] == "ma.attack":
            return int(frame["args"]["attacker"])
    return None


def _block(view: Mapping[str, Any], decision: Decision, by_kind: dict[str, list[Action]]) -> Action:
    """Assign every available blocker to the attack (this one or a later one) where it stops the most."""
    me = decision.player
    attacker = _attacker(view)
    chosen = tuple(view["stack"][-1]["args"].get("chosen", ()))
    picks = by_kind.get("pick", [])
    done = by_kind.get("done", [])
    if attacker is None or not picks:
        return done[0] if done else picks[0]
    now = float(_skill(view, attacker)) - sum(_defence(view, b) for b in chosen)
    later = [float(_skill(view, k)) for k in _knights(view, 1 - me, "battle")
             if k != attacker and not _rested(view, k) and _card(view, k).skill == "attack"]
    attacks = [max(0.0, now), *later]
    free = sorted((o for o in picks), key=lambda o: (-_defence(view, _n(o)), _n(o)))
    hp = int(view["vars"]["hp"][me])
    for o in free:
        dv = float(_defence(view, _n(o)))
        if dv <= 0:
            continue
        gains = [min(a, dv) for a in attacks]
        j = max(range(len(attacks)), key=lambda x: (gains[x], x == 0))
        if gains[j] <= 0:
            break
        if j == 0:
            return o
        attacks[j] -= dv
    if now >= hp and picks:  # lethal: throw in everything left (MA-13.1)
        return max(picks, key=lambda o: _defence(view, _n(o)))
    return done[0] if done else picks[0]


def _defence_window(view: Mapping[str, Any], decision: Decision, by_kind: dict[str, list[Action]]) -> Action:
    attacker = _attacker(view)
    acts = by_kind.get("activate", [])
    if acts and attacker is not None and _skill(view, attacker) >= 2:
        return acts[0]
    return by_kind.get("pass", decision.options)[0]


# ---- chain, colour cost, cleaning ------------------------------------------------------------------------


def _needed_colours(view: Mapping[str, Any], me: int) -> Counter[str]:
    """Colour symbols the seat's leader and deck list can ask for (MA-7.4), by how often."""
    need: Counter[str] = Counter()
    decks = view["options"].get("decks") or []
    cards = decks[me].get("cards", []) if me < len(decks) else []
    defs = _defs()
    leaders = [_card(view, i) for i in view["zones"][f"leader:{me}"]]
    for d in [*leaders, *(defs[idx] for idx in cards)]:
        if d is None:
            continue
        for ab in d.abilities:
            for sym in ab.colour_cost:
                if sym != "any":
                    need[sym] += 3 if d.kind == "leader" else 1
    return need


def _chain_colours(view: Mapping[str, Any], me: int, face_up_only: bool = True) -> Counter[str]:
    out: Counter[str] = Counter()
    for i in view["zones"][f"chain:{me}"]:
        c = view["cards"].get(str(i))
        if c is None or (face_up_only and c["flags"] & _face_down_flag()):
            continue
        d = _card(view, i)
        if d is not None:
            out[d.colour] += 1
    return out


def _face_down_flag() -> int:
    from ...engine import FACE_DOWN

    return int(FACE_DOWN)


def _chain(view: Mapping[str, Any], decision: Decision, by_kind: dict[str, list[Action]]) -> Action:
    """MA-11.1: keep the colour the seat's colour costs lack most."""
    me = decision.player
    need = _needed_colours(view, me)
    have = _chain_colours(view, me, face_up_only=False)

    def key(o: Action) -> tuple[float, float, int]:
        d = _card(view, o.get("card"))
        return (need[d.colour] - 2 * have[d.colour], -_card_value(d), -_n(o))

    return max(by_kind.get("pick", decision.options), key=key)


def _pay(view: Mapping[str, Any], decision: Decision) -> Action:
    me = decision.player
    have = _chain_colours(view, me)
    need = _needed_colours(view, me)

    def key(o: Action) -> tuple[int, int, int, int]:
        d = _card(view, o.get("card"))
        return (d.colour == "colourless", have[d.colour] - need[d.colour], have[d.colour], -_n(o))

    return max(decision.options, key=key)


def _mulligan(view: Mapping[str, Any], decision: Decision, by_kind: dict[str, list[Action]]) -> Action:
    """MA-5.8: throw back base knights clearly below the deck's average."""
    me = decision.player
    decks = view["options"].get("decks") or []
    deck = decks[me].get("cards", []) if me < len(decks) else []
    defs = _defs()
    avg = sum(_card_value(defs[i]) for i in deck) / max(1, len(deck))
    worst = min(by_kind.get("pick", []), key=lambda o: (_card_value(_card(view, o.get("card"))), _n(o)),
                default=None)
    if worst is not None and _card_value(_card(view, worst.get("card"))) < avg - 1.0:
        return worst
    return by_kind.get("done", decision.options)[0]


def _shed(view: Mapping[str, Any], decision: Decision, by_kind: dict[str, list[Action]]) -> Action:
    """MA-11.5: discard the weakest hand card; remove a face-down or unneeded chain card."""
    me = decision.player
    picks = by_kind.get("pick", [])
    if not picks:
        return decision.options[0]
    if decision.kind == "remove_chain":
        need = _needed_colours(view, me)
        fd = _face_down_flag()

        def ckey(o: Action) -> tuple[int, int, int]:
            i = _n(o)
            c = view["cards"].get(str(i)) or {"flags": 0}
            d = _card(view, i)
            return (0 if c["flags"] & fd else 1, need[d.colour] if d else 0, i)

        return min(picks, key=ckey)
    return min(picks, key=lambda o: (_discard_key(view, me, _card(view, o.get("card"))), _n(o)))


def _discard_key(view: Mapping[str, Any], me: int, d: Any) -> float:
    """How much a hand card is worth keeping: its worth as a knight, less if it costs more than the
    capacity will be next turn (MA-7.2)."""
    cap = int(view["info"]["capacity"][me])
    return _card_value(d) - (2.0 if d is not None and d.cost > cap + 1 else 0.0)


def _choose_one(view: Mapping[str, Any], decision: Decision) -> Action:
    """A modal text (MA-15.5 ``choose_one``): the option worth most by the plan's own measures.

    Healing counts by the race (``_heal_weight``: nothing level or ahead, fully with the leader in
    reach), a card drawn as a card in hand, +X skill on an own Attack knight as X damage on one's own
    turn. The options are read from the card text the effect frame names (its ``open`` options, in the
    order asked); a text it cannot read keeps the first option.
    """
    me = decision.player
    frame = next((f["args"] for f in reversed(view["stack"]) if f["op"] == "ma.effects"), None)
    if frame is None:
        return decision.options[0]
    eff = effects_of(_defs(), int(frame["defn"]), str(frame["source"]))[int(frame["k"])]
    if not isinstance(eff, ChooseOne):
        return decision.options[0]
    open_ = list(frame.get("open") or range(len(eff.options)))
    own_turn = int(view["vars"]["active"]) == me

    def worth(o: Action) -> float:
        return sum(_effect_worth(view, me, e, own_turn) for e in eff.options[open_[_n(o, "index")]])

    return max(decision.options, key=lambda o: (worth(o), -_n(o, "index")))


def _effect_worth(view: Mapping[str, Any], me: int, e: Any, own_turn: bool) -> float:
    """A rough worth in HP of one effect for ``me`` (only what ``choose_one`` options of the pool hold)."""
    def amount(v: Any) -> float:
        return float(v) if isinstance(v, int) else 1.0  # a computed value (MA-15.2): guess 1

    if isinstance(e, HealLeader) and e.player == "self":
        return _heal_weight(view, me) * amount(e.amount)
    if isinstance(e, Draw) and e.player == "self":
        return HAND_CARD * amount(e.n)
    pumps_attacker = isinstance(e, ModifyKnight) and e.target.owner == "self" and "attack" in (e.target.filter.skill or ())
    if pumps_attacker and own_turn:
        attackers = [k for k in _knights(view, me, "battle") if not _rested(view, k)
                     and _card(view, k).skill == "attack"]
        return amount(e.skill) if attackers else 0.0
    return 0.0


def _add_chain(view: Mapping[str, Any], decision: Decision, by_kind: dict[str, list[Action]]) -> Action:
    """A card into the chain zone is +1 capacity (MA-7.1): from hand the weakest, from discard any."""
    picks = by_kind.get("pick", [])
    if not picks:
        return by_kind.get("done", decision.options)[0]
    return min(picks, key=lambda o: (_card_value(_card(view, o.get("card"))), _n(o)))
