"""A Two Mists play policy for the generic heuristic bot (TM-13): beliefs plus one-ply expected value.

Why it looks like this:

* **Belief filtering (TM-13.1/13.2).** Knowing its own card, a seat faces at most 24 deals. Hard
  evidence (revealed characters, every card each seat ever took, hence Holy Poison and weapon counts)
  is applied with :func:`~.sampling.consistent_deals`, the same filter the determinizer uses, so the
  bot and the sampler can never disagree about what is possible.
* **Soft evidence (TM-13.3), mild on purpose.** The view carries no event log (who hit whom), only
  what each seat took, so the only soft signal is the *choice of cards*: a small likelihood tilt per
  taken card and character (``SOFT_TILT``), modelled on this very policy (a Front-world Fool reaches
  for Reckless and Holy Poison, the Monster for weapons). Tilts are close to 1 so a few cards never
  outweigh the prior.
* **One-ply expected value (TM-13.5).** The first death ends the game, so the value of a position is
  modelled as P(win) = Σ_t P(t dies first) · P(I win | t dies). ``P(t dies first)`` is a softmax over
  effective life (life minus the best weapon bonus aimed at t); ``P(I win | t dies)`` is averaged over
  the belief with the characters' own goal conditions from the card data, so nothing about who wins is
  hard-coded here. Killing moves are scored exactly: Σ_h P(h) · [I win under h when that target dies
  with me as finisher], the Saint's wrath included. Everything else (prefer weapons, avoid friendly
  fire, heal when low, the Front Fool passing and Reckless-ing itself to death, Intimidate forcing a
  pass) falls out of that one formula plus a few small, named bonuses in :class:`Weights`.

Only the seat's view and the decision are read; the state and its RNG are never touched. Ties are
broken with the bot's own RNG so that seat order does not bias play.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Mapping

from ...core import Action, Decision, Rng
from .catalog import CHARACTER_ORDER, MONSTER, Catalog, GoalContext, default_catalog
from .sampling import consistent_deals

SAINT = CHARACTER_ORDER.index("saint")
FOOL = CHARACTER_ORDER.index("fool")
SLOT_NAMES = ("A1", "A2", "A3", "E1", "E2")

# Likelihood multipliers P(take card | character) / P(take card | typical character). Mild, see above.
SOFT_TILT: dict[str, dict[str, float]] = {
    "reckless": {"fool": 1.4},
    "holy_poison": {"fool": 1.3, "knight": 1.1, "witch": 1.1, "saint": 1.1},
    "giants_spear": {"monster": 1.1},
    "grimoire": {"monster": 1.1},
    "axe_of_greed": {"monster": 1.1},
    "sages_staff": {"monster": 1.1},
    "arcana": {"saint": 1.15},
}


@dataclass(frozen=True, slots=True)
class Weights:
    """Tunable constants of the evaluation (all in units of win probability)."""

    softness: float = 0.75  # α of the who-dies-first softmax over effective life
    weapon_reach: float = 0.5  # how much of the strongest enemy weapon bonus counts against a life
    weapon_early: float = 1.6  # weapon worth, as a multiple of the best 1-damage hit gain, early on
    weapon_late: float = 0.8  # the same once every seat has had about three turns
    weapon_floor: float = 0.004  # a weapon beats doing nothing at all
    poison_drain: int = 2  # life Holy Poison is expected to cost
    innocence: float = 0.01  # proving not-Monster (Holy Poison) to Front-world allies
    extra_action: float = 0.6  # a Flurry extra action, as a multiple of the best 1-damage hit gain
    block: float = 0.03  # Intimidating a seat, times how much I want that seat dead (vs average)
    reveal: float = 0.01  # cost of revealing myself by passing
    exposure: float = 0.08  # Monster taking a card that proves it is the Monster (TM-13.6)


DEFAULT_WEIGHTS = Weights()


@lru_cache(maxsize=None)
def _card_index(cat: Catalog) -> dict[str, int]:
    return {c.id: c.index for c in cat.cards}


class _LifeShim:
    """Answers the value-node queries of card data (``equipment_count: self``…) from a view."""

    def __init__(self, equipment: list[int], weapons: list[int], life: list[int]) -> None:
        self._e, self._w, self._l = equipment, weapons, life

    def equipment_count(self, p: int) -> int:
        return self._e[p]

    def weapon_count(self, p: int) -> int:
        return self._w[p]

    def life_of(self, p: int) -> int:
        return self._l[p]


@lru_cache(maxsize=1 << 16)
def _goal_holds(cat: Catalog, mine: int, chars: tuple[int, ...], died: frozenset[int]) -> bool:
    """Does the goal of character ``mine`` hold when the seats in ``died`` died, characters dealt ``chars``?

    A pure function of its arguments, so it is cached across decisions and games: the heuristic asks
    it for every consistent deal and every seat at each decision, and the answers repeat endlessly.
    """
    world = "front" if MONSTER in chars else "back"
    ctx = GoalContext(
        frozenset(CHARACTER_ORDER[chars[s]] for s in died),
        frozenset(CHARACTER_ORDER[c] for s, c in enumerate(chars) if s not in died),
        len(chars), world,
    )
    ch = cat.characters[mine]
    return bool((ch.goal_front if world == "front" else ch.goal_back)(ctx))


class Table:
    """The public facts of a view, as small ints, plus this seat's belief over deals."""

    def __init__(self, view: Mapping[str, Any], cat: Catalog | None = None, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.cat = cat = cat or default_catalog()
        self.w = weights
        index = _card_index(cat)
        self.n = n = int(view["players"])
        self.me = me = int(view["seat"])
        seats = view["seats"]
        self.mine = CHARACTER_ORDER.index(seats[me]["character"])
        self.life = [int(p["life"]) for p in seats]
        self.weapons = [int(p["weapons"]) for p in seats]
        # per seat: how far the strongest *other* weapon-holder shifts its effective life (death_odds)
        self._reach = [weights.weapon_reach * max((self.weapons[u] for u in range(n) if u != t), default=0)
                       for t in range(n)]
        self.intimidated = [bool(p["intimidated"]) for p in seats]
        self.taken = [[index[c] for c in p["taken"]] for p in seats]
        self.held = [0] * n  # bitmask of equipment definitions held (equipment never leaves)
        for s in range(n):
            for d in self.taken[s]:
                if cat.cards[d].is_equipment:
                    self.held[s] |= 1 << d
        self.equipment = [bin(h).count("1") for h in self.held]
        zones = view["zones"]
        row = list(zones["action_row"]["cards"]) + list(zones["equipment_row"]["cards"])
        self.row = [None if c is None else index[c["card"]] for c in row]
        self.turn = int(view["turn"])
        self.chars_for = cat.characters_for(n)
        all_chars = sum(1 << c for c in self.chars_for)
        self.possible = []
        for t in self.taken:
            mask = all_chars
            for d in t:
                mask &= ~cat.cards[d].forbidden_mask
            self.possible.append(mask)
        known = {p["seat"]: CHARACTER_ORDER.index(p["character"]) for p in seats if p["character"] is not None}
        centre_cards = zones["centre"].get("cards")
        centre = CHARACTER_ORDER.index(centre_cards[0]) if centre_cards and centre_cards[0] is not None else None
        self.deals = consistent_deals(cat, n, known, centre, self.possible)
        raw = [self._soft_weight(d) for d in self.deals]
        total = sum(raw) or 1.0
        self.probs = [r / total for r in raw]
        # P(I win | seat q dies, finished by someone else) and P(I win | I finish q), per seat: the
        # expectation over the belief, in one pass over the deals (each sum adds them in deal order).
        alone = [frozenset((q,)) for q in range(n)]
        with_me = [frozenset((q, me)) for q in range(n)]  # the Saint's wrath takes me too (TM-11.3)
        wrath = [c.wrath for c in cat.characters]
        goal, mine = _goal_holds, self.mine
        win_if_dies, win_if_i_kill = [0.0] * n, [0.0] * n
        for deal, prob in zip(self.deals, self.probs):
            chars = deal[:n]
            for q in range(n):
                win_if_dies[q] += prob * goal(cat, mine, chars, alone[q])
                died = with_me[q] if q != me and wrath[deal[q]] else alone[q]
                win_if_i_kill[q] += prob * goal(cat, mine, chars, died)
        self.win_if_dies, self.win_if_i_kill = win_if_dies, win_if_i_kill

    # ---- belief -----------------------------------------------------------------------------
    def _soft_weight(self, deal: tuple[int, ...]) -> float:
        weight = 1.0
        for s in range(self.n):
            if s == self.me:
                continue
            name = CHARACTER_ORDER[deal[s]]
            for d in self.taken[s]:
                tilt = SOFT_TILT.get(self.cat.cards[d].id)
                if tilt:
                    weight *= tilt.get(name, 1.0)
        return weight

    def p_character(self, seat: int, char: int) -> float:
        """P(``seat`` holds ``char``); ``seat == n`` is the centre card."""
        return sum(p for h, p in zip(self.deals, self.probs) if h[seat] == char)

    @property
    def p_front(self) -> float:
        return 1.0 - self.p_character(self.n, MONSTER)

    # ---- evaluation -------------------------------------------------------------------------
    def death_odds(self, life: list[int]) -> list[float]:
        """P(seat t is the first to die) from effective life (TM-13.5 threats)."""
        softness = self.w.softness
        logits = [-softness * (life_t - reach_t) for life_t, reach_t in zip(life, self._reach)]
        top = max(logits)
        exps = [math.exp(x - top) for x in logits]
        total = sum(exps)
        return [e / total for e in exps]

    def value(self, life: list[int], win_if_dies: list[float] | None = None) -> float:
        """Estimated P(I win) from a position where nobody has died yet."""
        odds = self.death_odds(life)
        wid = self.win_if_dies if win_if_dies is None else win_if_dies
        return sum(o * v for o, v in zip(odds, wid))

    def hit_gain(self, amount: int) -> float:
        """Best improvement from dealing ``amount`` to one other seat (never negative)."""
        base = self.value(self.life)
        best = 0.0
        for t in range(self.n):
            if t == self.me:
                continue
            life = self.life.copy()
            life[t] = max(1, life[t] - amount)
            best = max(best, self.value(life) - base)
        return best

    def can_take(self, char: int, seat: int, card: int | None) -> bool:
        """TM-5.2 for equipment, under a hypothesis that ``seat`` holds ``char``."""
        if card is None:
            return False
        c = self.cat.cards[card]
        if c.forbidden_mask >> char & 1:
            return False
        return not (c.is_equipment and self.held[seat] >> card & 1)


class Evaluator:
    """Scores each option of a decision as expected P(win) under the table's belief."""

    def __init__(self, table: Table) -> None:
        self.t = table
        self.base = table.value(table.life)
        self._gain1: float | None = None

    @property
    def gain1(self) -> float:
        if self._gain1 is None:
            self._gain1 = self.t.hit_gain(1)
        return self._gain1

    # ---- card effects -----------------------------------------------------------------------
    def run_steps(self, card: int, pc: int, life: list[int], first_target: int | None = None) -> float:
        """Best value reachable by resolving ``card`` from step ``pc`` (targets chosen greedily)."""
        t = self.t
        steps = t.cat.cards[card].steps
        if pc >= len(steps):
            return t.value(life)
        step = steps[pc]
        op = step.op
        me = t.me
        if op == "damage":
            amount = step.amount + t.weapons[me]
            best = -math.inf
            for target in self._targets(first_target, others=True):
                after = life.copy()
                after[target] = max(0, after[target] - amount)
                if after[target] == 0:
                    v = t.win_if_i_kill[target]
                else:
                    v = self.run_steps(card, pc + 1, after)
                best = max(best, v)
            return best
        if op == "heal":
            best = -math.inf
            for target in self._targets(first_target, others=False):
                after = life.copy()
                after[target] += step.amount
                best = max(best, self.run_steps(card, pc + 1, after))
            return best
        if op == "self_damage":
            amount = max(0, int(step.value((_LifeShim(t.equipment, t.weapons, life), me))))  # type: ignore[misc]
            after = life.copy()
            after[me] = max(0, after[me] - amount)
            if after[me] == 0:  # TM-9.5: my own finisher, no wrath
                return t.win_if_dies[me]
            return self.run_steps(card, pc + 1, after)
        if op == "extra_action":
            return self.run_steps(card, pc + 1, life) + t.w.extra_action * self.gain1
        if op == "restrict_next_turn":
            best = -math.inf
            rest = self.run_steps(card, pc + 1, life)
            plain = t.value(life)
            for target in self._targets(first_target, others=True):
                best = max(best, rest + self.intimidate(target, life) - plain)
            return best
        return self.run_steps(card, pc + 1, life, first_target)  # point_at_monster: no game effect

    def _targets(self, fixed: int | None, others: bool) -> list[int]:
        if fixed is not None:
            return [fixed]
        return [s for s in range(self.t.n) if not (others and s == self.t.me)]

    def intimidate(self, target: int, life: list[int]) -> float:
        """TM-7.9: a forced pass when nothing in the Equipment row is legal for them, else a lost turn."""
        t = self.t
        if t.intimidated[target]:
            return t.value(life)
        forced_life = life.copy()
        forced_life[target] = 1
        v_forced = t.value(forced_life)
        v_plain = t.value(life)
        total = 0.0
        for h, p in zip(t.deals, t.probs):
            char = h[target]
            forced = not any(t.can_take(char, target, t.row[s]) for s in (3, 4))
            total += p * (v_forced if forced else v_plain)
        mean_wid = sum(t.win_if_dies) / t.n
        return total + t.w.block * (t.win_if_dies[target] - mean_wid)

    # ---- options ----------------------------------------------------------------------------
    def take(self, slot: int) -> float:
        t = self.t
        card = t.row[slot]
        assert card is not None
        c = t.cat.cards[card]
        penalty = self._exposure(card)
        if not c.is_equipment:
            return self.run_steps(card, 0, t.life) - penalty
        if c.weapon:
            late = t.turn > 3 * t.n
            factor = t.w.weapon_late if late else t.w.weapon_early
            return self.base + max(t.w.weapon_floor, factor * self.gain1) - penalty
        if c.poison:
            life = t.life.copy()
            life[t.me] = max(1, life[t.me] - t.w.poison_drain)
            bonus = t.w.innocence * t.p_front if t.mine != MONSTER else 0.0
            return t.value(life) + bonus - penalty
        return self.base - penalty

    def _exposure(self, card: int) -> float:
        """TM-13.6: the Monster should not take the card that proves it is the Monster."""
        t = self.t
        if t.mine != MONSTER:
            return 0.0
        mask = t.possible[t.me] & ~t.cat.cards[card].forbidden_mask
        c = t.cat.cards[card]
        if c.weapon and t.weapons[t.me] + 1 >= 4:
            mask = 1 << MONSTER  # only the Monster may hold all four weapons (TM-2.6)
        return t.w.exposure if mask == 1 << MONSTER else 0.0

    def pass_(self) -> float:
        t = self.t
        life = t.life.copy()
        life[t.me] = 1
        cost = 0.0 if t.mine == FOOL else t.w.reveal
        return t.value(life) - cost

    def option(self, action: Action, decision: Decision, view: Mapping[str, Any]) -> float:
        kind = action.kind
        t = self.t
        if kind == "take":
            return self.take(SLOT_NAMES.index(str(action.get("slot"))))
        if kind == "pass":
            return self.pass_()
        if kind == "decline":
            return self.base
        if kind == "target":
            resolving = view["resolving"]
            card = _card_index(t.cat)[resolving["card"]]
            return self.run_steps(card, int(resolving["step"]), t.life, first_target=int(action.get("seat")))  # type: ignore[arg-type]
        if kind == "point":
            return self.point(action.get("at"))
        return self.base

    def point(self, at: Any) -> float:
        """TM-7.4 pointing has no effect: point at the likeliest Monster (the Monster points at a foe)."""
        t = self.t
        seat = t.n if at == "centre" else int(at)
        if t.mine == MONSTER:  # mislead: accuse the seat whose death would win it for me
            return t.win_if_dies[seat] if seat < t.n else 0.0
        return t.p_character(seat, MONSTER)


def choose_action(view: Mapping[str, Any], decision: Decision, rng: Rng, weights: Weights = DEFAULT_WEIGHTS) -> Action:
    """The policy entry point used by :mod:`cardtable.bots.heuristic` (registered as ``two-mists``)."""
    options = decision.options
    if len(options) == 1:
        return options[0]
    evaluator = Evaluator(Table(view, weights=weights))
    scores = [evaluator.option(a, decision, view) for a in options]
    best = max(scores)
    ties = [a for a, s in zip(options, scores) if s >= best - 1e-9]
    return ties[0] if len(ties) == 1 else rng.choice(ties)


def belief(view: Mapping[str, Any]) -> dict[str, Any]:
    """A readable summary of a seat's belief (for UIs and tests): P(character) per seat and P(front)."""
    table = Table(view)
    seats = [{CHARACTER_ORDER[c]: round(table.p_character(s, c), 4) for c in table.chars_for}
             for s in range(table.n + 1)]
    return {"deals": len(table.deals), "front": round(table.p_front, 4), "seats": seats[:-1], "centre": seats[-1]}


__all__ = ["DEFAULT_WEIGHTS", "Evaluator", "SOFT_TILT", "Table", "Weights", "belief", "choose_action"]
