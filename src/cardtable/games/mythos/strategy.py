"""The heuristic bot's policy for Mythos: ``choose_action(view, decision, rng)``.

It reads only the seat's view: each decision starts from one state sampled from that view
(``sample_state``: the seat's own cards are exact, hidden cards resampled), so every rule helper can be
asked without knowing more than the seat does. The plan:

* **Turns** (MY-5.4) and the battle use step (MY-9.2) are a one-ply look-ahead: each option is tried
  on a copy (a Join group it opens completed the same way, card by card, D-MY-154) and the position
  scored by ``evaluation.side_score`` — the score (MY-1.5) with low Sanity weighted more (MY-1.3),
  cards drawn up to the refill size (``DRAW`` each: the hand's size is not part of the score, its options
  are; more are discarded at the end of the round, MY-5.14), turns the
  opponents lose (MY-5.8, taken at once, so only the log shows them),
  progress toward the adventures in hand (slots filled by the Story Deck and the field, MY-6.13.2: so
  it walks and travels to needed locations and plays the named cards), monsters in the Threat, allies
  and gods. A play that ends the game is scored by its outcome (MY-1.6), so it
  ends the game when ahead and never when behind. An option is also credited with the best play it
  opens for the next turn (``opened_play``: arrive where a hand ally may be played, MY-6.3.8 and MY-6.4.2;
  a tome, then its spell; an adventure's last slot, then the adventure). A small bonus for playing over
  passing keeps the hand moving (not for an ability, which could be used again and again and keep card
  play going: one that changes nothing is never used, ``IDLE``),
  except a card costing Sanity when Sanity is low (MY-6.1.3).
* **Attacks** (MY-9.3): attack with every monster; the target is the leader, or, when ahead, the
  opponent nearest to 0 Sanity. Allies with Enchanted Weapons join (MY-6.6.5) only for a kill.
* **Blocks** (MY-9.4): only when the attack would leave Sanity in danger; monsters first, then allies
  that no adventure in hand needs, until the attacker is covered.
* **Investigator side** (MY-4.1): the side with more Starting Sanity (then Maximum Sanity, refill size).
* **End of round** (MY-5.14): discard what must go, least useful first, and any card of no use
  (an adventure already acquired); keep adventures, monsters and what fills a slot.
* **Costs** (MY-12.2): discard, bury or reveal the card least worth keeping. **Optional triggers** and
  **trigger order** (MY-12.9): the look-ahead's better answer.
* **Effect questions** (MY-12.5): a search takes the most useful card; a discard drops one's own least
  useful card, or an opponent's most useful one when the actor chooses; CHOOSE, PLAY_EXTRA and
  LOAD_SPELL_FROM are looked ahead like a turn.
* Any other decision (new kinds included) gets the look-ahead too, and if that fails, a safe legal
  choice: pass, done, decline, else the first option (D-MY-97).
"""

from __future__ import annotations

from typing import Any, Mapping

from ...core import Action, Decision, Rng
from ...engine.cardgame import active
from . import GAME
from .evaluation import DANGER, fills_a_slot, lead, side_score
from .legality import hosts, type_refusal
from .state import ADVENTURES, HAND, INV, ZONE, MyState

PLAY_BONUS = 0.15  # doing something beats passing when the position scores the same
IDLE = 0.01  # an ability must do a little more than nothing to be used: passing ends card play (MY-5.9)
DRAW = 0.45  # each card an option draws into a hand below its refill size (Forbidden Knowledge: 2 for 1 Sanity)
LOST_TURN = 1.0  # each turn an opponent loses (MY-5.8) before the option hands back: a play he will not make
FOLLOW = 0.9  # the play an option opens for the next turn (arrive, then play the ally; a tome, then its spell)
WIN, LOSS = 1000.0, -1000.0
BLOCK_MARGIN = 4  # block when an attack would leave Sanity at this or lower


def _game() -> Any:
    return active(GAME)  # with any custom sets this process loaded


def _state(view: Mapping[str, Any], rng: Rng) -> MyState:
    st = _game().sample_state(view, [], seed=rng.next64())
    assert isinstance(st, MyState)
    return st


def choose_action(view: Mapping[str, Any], decision: Decision, rng: Rng) -> Action:
    options = decision.options
    if len(options) == 1:
        return options[0]
    try:
        st = _state(view, rng)
        chosen = _choose(st, decision, rng)
    except Exception:  # noqa: BLE001 - a policy must always answer; D-MY-97 safe fallback
        chosen = None
    return chosen if chosen is not None and chosen in options else safe_choice(decision)


def rollout_action(state: Any, decision: Decision, rng: Rng) -> Action:
    """The same policy inside a search's sampled world (``bots.strong`` rollouts): that world is already
    a sample of what a seat may know, so the rules are asked on it directly instead of sampling again
    from a view (a tenth of the cost on the most common decisions)."""
    options = decision.options
    if len(options) == 1:
        return options[0]
    try:
        chosen = _choose(state, decision, rng) if isinstance(state, MyState) else None
    except Exception:  # noqa: BLE001 - a policy must always answer; D-MY-97 safe fallback
        chosen = None
    return chosen if chosen is not None and chosen in options else safe_choice(decision)


def safe_choice(decision: Decision) -> Action:
    """D-MY-97: a legal answer that changes the least: pass, done, decline, else the first option."""
    for kind in ("pass", "done", "decline"):
        for o in decision.options:
            if o.kind == kind:
                return o
    return decision.options[0]


def _choose(st: MyState, decision: Decision, rng: Rng) -> Action | None:
    kind = decision.kind
    if kind == "choose_side":
        return _side(st, decision)
    if kind == "hand_adjust":
        return _discard(st, decision)
    if kind == "declare_attack":
        return _declare(st, decision)
    if kind == "attack_monsters":
        picks = [o for o in decision.options if o.kind == "pick"]
        return picks[0] if picks else None
    if kind == "attack_allies":
        return _attack_allies(st, decision)
    if kind == "block":
        return _block(st, decision)
    if kind in ("pay_discard", "pay_bury", "pay_reveal"):
        return _pay(st, decision)
    if kind in ("effect_search", "effect_discard", "effect_pick"):
        return _effect_pick(st, decision)
    return lookahead(st, decision)  # optional_trigger, order_triggers, effect_choose, play_extra, load_spell


def _pay(st: MyState, decision: Decision) -> Action | None:
    """MY-12.2 choice costs: give up (discard, bury, show) the card least worth keeping; a cheaper ally
    before a stronger one."""
    me = decision.player
    picks = [o for o in decision.options if o.kind == "pick"]
    if not picks:
        return None
    return min(picks, key=lambda o: (keep_value(st, me, _card_of(o)) + 0.3 * max(0, st.combat(_card_of(o))),
                                     _card_of(o)))


def _effect_pick(st: MyState, decision: Decision) -> Action | None:
    """MY-12.5 SEARCH: take the most useful card (``keep_value``) while any is offered. DISCARD_FROM_HAND:
    from one's own hand the least useful card; from an opponent's hand (the actor chooses) his most useful.
    A card mover (``effect_pick``, D-MY-106): likewise, one's own least useful card, an opponent's most useful."""
    me = decision.player
    picks = [o for o in decision.options if o.kind == "pick" and isinstance(o.get("card"), int)]
    if not picks:
        return None
    def worth(o: Action) -> float:
        card = o.get("card")
        assert isinstance(card, int)
        return keep_value(st, st.table.owner[card], card)
    if decision.kind == "effect_search":
        return max(picks, key=worth)
    first = picks[0].get("card")
    assert isinstance(first, int)
    own = st.table.owner[first] == me
    return min(picks, key=worth) if own else max(picks, key=worth)


# ---- look-ahead (turns, the battle use step, anything unknown) -----------------------------------------


def value(st: MyState, seat: int) -> float:
    outcome = st.outcome
    if outcome is not None:
        s = float(outcome.scores.get(seat, 0.0))
        return WIN * s + LOSS * (1.0 - s)
    return lead(st, seat)


def lookahead(st: MyState, decision: Decision) -> Action | None:
    me = decision.player
    best: Action | None = None
    best_v = -float("inf")
    low = st.sanity(me) <= DANGER
    hand = set(st.table.cards(HAND[me]))
    refill = st.hand_sizes(me)[0]
    logged = len(st.events)
    waiting = blocked(st, me)
    for o in decision.options:
        probe = st.clone()
        assert isinstance(probe, MyState)
        probe.blind = True  # scored and dropped: its next turn's options are never read (``MyState.blind``)
        try:
            probe.apply(o)
            finish_group(probe, me)
        except Exception:  # noqa: BLE001 - an option the sampled world refuses is simply not taken
            continue
        v = value(probe, me)
        if probe.outcome is None:
            after = probe.table.cards(HAND[me])
            drawn = sum(1 for i in after if i not in hand)
            # only cards up to the refill size count: more are discarded at the end of the round (MY-5.14)
            v += DRAW * max(0, min(drawn, refill - (len(after) - drawn)))
            # a lost turn is taken at once when it comes (MY-5.8), so the position after the option no
            # longer shows it (Sleep Paralysis, Lost in the Fog): the log does
            v += LOST_TURN * sum(1 if e.data.get("player") != me else -1
                                 for e in probe.events[logged:] if e.kind == "lost_turn")
            if waiting and o.kind not in ("pass", "done", "decline"):
                v += FOLLOW * opened_play(probe, me, waiting)
        if o.kind == "activate":
            v -= IDLE  # an ability that changes nothing is not used (two seats drawing from empty decks forever)
        elif o.kind not in ("pass", "done", "decline"):  # an ability is worth only what it does
            v += PLAY_BONUS
            card = o.get("card")
            if low and isinstance(card, int) and 0 <= card < len(st.table) and st.card(card).sanity_mod < 0 \
                    and probe.outcome is None:
                v -= PLAY_BONUS + 0.5  # MY-6.1.3: keep Sanity when it runs low
        if v > best_v:
            best, best_v = o, v
    return best


_OPENED_AREA = {"ally": "ally", "god": "god", "tome": "item", "artifact": "item", "weapon": "item", "spell": "item",
                "adventure": "adventures"}


def blocked(st: MyState, me: int) -> list[int]:
    """One hand card of each title ``me`` cannot play now that a later turn might (``_OPENED_AREA``)."""
    memo: dict[str, Any] = {}
    seen: set[str] = set()
    out = []
    for i in st.table.cards(HAND[me]):
        d = st.card(i)
        if d.type not in _OPENED_AREA or d.title in seen:
            continue
        seen.add(d.title)
        if type_refusal(st, me, d, memo) is not None or not hosts(st, me, d, memo):
            out.append(i)
    return out


def opened_play(after: MyState, me: int, waiting: list[int]) -> float:
    """What the best of the ``waiting`` hand cards (``blocked`` before the option) that ``after`` lets
    ``me`` play would add once played (its ``side_score`` gain, adventure progress included), plus the
    play bonus.

    Why: many cards are played in two turns: arrive at the place an ally names (a Cemetery, a Forest,
    Underground: MY-6.4.2, MY-6.3.8, often for a Sanity cost), then play it; put a tome in play, then load
    the spells it holds (MY-6.7.4, MY-6.12.1, the tome's own Sanity cost first); fill an adventure's last
    slot, then play the adventure (MY-6.13.3). A one-ply look-ahead sees only the first turn's cost and
    never makes the second. The card is moved where its play would put it (on its host for an
    attachment) in a copy, and the copy scored."""
    t = after.table
    memo: dict[str, Any] = {}
    base: float | None = None
    best = 0.0
    hand = HAND[me]
    for i in waiting:
        if t.zone_name(i) != hand:
            continue  # the option played or lost it
        d = after.card(i)
        if type_refusal(after, me, d, memo) is not None:
            continue
        places = hosts(after, me, d, memo)
        if not places:
            continue
        if base is None:
            base = side_score(after, me, me)
        probe = after.clone()
        assert isinstance(probe, MyState)
        host = places[0]
        if host is None:
            probe.move_card(i, ZONE[_OPENED_AREA[d.type]][me])
        else:
            probe.move_card(i, probe.table.zone_name(host))
            probe.table.attach(i, host)
        best = max(best, side_score(probe, me, me) - base + PLAY_BONUS)
    return best


def finish_group(st: MyState, me: int) -> None:
    """A Join group opened by the option being tried (D-MY-154) is scored as its best completion: the
    group's follow-up questions are answered by this same look-ahead until it closes."""
    while st.decision is not None and st.decision.kind == "join" and st.decision.player == me:
        nxt = lookahead(st, st.decision)
        st.apply(nxt if nxt is not None else safe_choice(st.decision))


# ---- setup ------------------------------------------------------------------------------------------------


def _side(st: MyState, decision: Decision) -> Action | None:
    """MY-4.1: the side with more Starting Sanity (Sanity is score, MY-1.5), then Maximum Sanity."""
    me = decision.player
    inv = st.table.cards(INV[me])
    if not inv:
        return None
    sides = st.card(inv[0]).sides

    def key(o: Action) -> tuple[int, int, int]:
        k = o.get("card")
        if not isinstance(k, int) or not 0 <= k < len(sides):
            return (-1, -1, -1)
        s = sides[k]
        return (s.starting_sanity, s.max_sanity, s.refill_hand)

    picks = [o for o in decision.options if o.kind == "pick"]
    return max(picks, key=key) if picks else None


# ---- end of round (MY-5.14) -----------------------------------------------------------------------------


KEEP_BY_TYPE = {"monster": 3.0, "god": 3.5, "ally": 2.5, "location": 2.0, "travel_event": 1.5, "weapon": 1.5,
                "tome": 1.2, "spell": 1.2, "artifact": 1.5, "event": 1.0}


def keep_value(st: MyState, p: int, i: int) -> float:
    """How much a hand card is worth keeping (higher = keep)."""
    return keep_values(st, p, (i,))[0]


def keep_values(st: MyState, p: int, cards: Any) -> list[float]:
    """``keep_value`` of each of ``cards``, what they share (the acquired titles, the hand's open
    adventures) read once for all of them."""
    t, card = st.table, st.card
    acquired = {card(a).title for a in t.cards(ADVENTURES[p])}
    open_adventures: list[Any] | None = None
    low = st.sanity(p) <= DANGER + 2
    out = []
    for i in cards:
        d = card(i)
        if d.type == "adventure":
            out.append(-1.0 if d.title in acquired else 5.0 + d.victory_points)
            continue
        v = KEEP_BY_TYPE.get(d.type, 1.0)
        v += 0.3 * d.combat
        if open_adventures is None:
            open_adventures = [ad for ad in map(card, t.cards(HAND[p]))
                               if ad.type == "adventure" and ad.title not in acquired]
        for ad in open_adventures:
            if fills_a_slot(ad, d):
                v += 2.0
        if d.sanity_mod < 0 and low:
            v -= 1.0
        out.append(v)
    return out


def _discard(st: MyState, decision: Decision) -> Action | None:
    me = decision.player
    picks = [o for o in decision.options if o.kind == "pick"]
    done = [o for o in decision.options if o.kind == "done"]
    if not picks:
        return done[0] if done else None
    cards = [_card_of(o) for o in picks]
    kept = dict(zip(cards, keep_values(st, me, cards)))  # each card's once (a pure read)
    worst = min(picks, key=lambda o: (kept[_card_of(o)], _card_of(o)))
    if not done or kept[_card_of(worst)] < 0:
        return worst
    return done[0]


# ---- battle (MY-9) -----------------------------------------------------------------------------------------


def _declare(st: MyState, decision: Decision) -> Action | None:
    """MY-9.3: attack; the leader, or when ahead the opponent nearest to 0 Sanity."""
    me = decision.player
    attacks = [o for o in decision.options if o.kind == "attack"]
    if not attacks:
        return None

    def seat(o: Action) -> int:
        q = o.get("defender")
        return q if isinstance(q, int) else -1

    others = [seat(o) for o in attacks]
    ahead = all(st.score(me) > st.score(q) for q in others)
    if ahead:
        return min(attacks, key=lambda o: (st.sanity(seat(o)), seat(o)))
    return max(attacks, key=lambda o: (st.score(seat(o)), -seat(o)))


def _card_of(o: Action) -> int:
    card = o.get("card")
    assert isinstance(card, int)
    return card


def _battle_frame(st: MyState) -> Any:
    for frame in reversed(st.stack):
        if frame.op == "my.battle":
            return frame
    return None


def _attack_allies(st: MyState, decision: Decision) -> Action | None:
    """MY-6.6.5: allies join only when the attack could take the defender to 0 while ahead."""
    from .battle import strength

    frame = _battle_frame(st)
    picks = [o for o in decision.options if o.kind == "pick"]
    done = [o for o in decision.options if o.kind == "done"]
    if frame is None or not picks:
        return done[0] if done else None
    me, d = decision.player, frame["defender"]
    monsters: tuple[int, ...] = tuple(frame["monsters"])
    power = sum(strength(st, m) for m in monsters) + sum(strength(st, _card_of(o)) for o in picks)
    if isinstance(d, int) and power >= st.sanity(d) and st.vp(me) > st.vp(d):
        return picks[0]
    return done[0] if done else picks[0]


def _block(st: MyState, decision: Decision) -> Action | None:
    """MY-9.4/MY-9.5: block only when the attack would leave Sanity in danger; monsters first, then the
    allies least needed, until this attacker is covered."""
    from .battle import strength

    frame = _battle_frame(st)
    picks = [o for o in decision.options if o.kind == "pick"]
    done = [o for o in decision.options if o.kind == "done"]
    if frame is None or not picks:
        return done[0] if done else None
    me = decision.player
    attackers, j = frame["attackers"], frame["j"]
    pick_frame = st.stack[-1]
    chosen = tuple(pick_frame.get("chosen", ()))
    incoming = sum(strength(st, a) for a in attackers[j:])
    covered = sum(strength(st, b) for b in chosen)
    this = strength(st, attackers[j])
    if covered >= this or st.sanity(me) - (incoming - covered) > BLOCK_MARGIN:
        return done[0] if done else picks[0]

    def cost(o: Action) -> tuple[int, float]:
        b = _card_of(o)
        is_ally = st.card(b).type == "ally"
        return (1 if is_ally else 0, (keep_value(st, me, b) if is_ally else 0.0) - strength(st, b))

    return min(picks, key=cost)
