"""Two Mists rules: the turn state machine of TM-5.3 and the card effects of TM-7 to TM-11.

The state is a few flat lists of small ints (see ``MistsState.__slots__``) so that clone, apply and
legal-action listing — the hot paths of search and simulation — stay in the microsecond range. Rule
IDs in comments point at ``docs/rules/two-mists.md``.
"""

from __future__ import annotations

from typing import Any

from ...core import Action, Decision, Event, IllegalActionError, Outcome, Rng, State
from .catalog import CHARACTER_ORDER, MONSTER, Catalog, GoalContext

SLOTS = ("A1", "A2", "A3", "E1", "E2")  # TM-3.3/3.4: three action slots, two equipment slots
ACTION_SLOTS = (0, 1, 2)
EQUIPMENT_SLOTS = (3, 4)
START_LIFE = 7  # TM-1.3
EMPTY = -1

# Where the turn machine stands (TM-5.3). Automatic states (S0, S2, S4, S6) never wait.
CHOOSE, TARGET, POINT, EXTRA, OVER = range(5)
STEP_NAMES = ("choose", "target", "point", "extra", "over")
TARGET_PROMPTS = {
    "damage": "Choose another player to damage",
    "heal": "Choose a player to heal (yourself included)",
    "restrict_next_turn": "Choose another player to intimidate",
}


class MistsState(State):
    """A game of Two Mists in progress. Fields are public to the game package, not to callers."""

    __slots__ = (
        "cat", "acts", "rng", "chars", "centre", "revealed", "centre_revealed", "life", "apile", "epile",
        "row", "tableau", "taken", "possible", "weapons", "equip", "intimidated", "restricted", "turn",
        "current", "start", "card", "pc", "extra", "pointing", "pointer", "dead", "finisher", "step",
        "turn_cap",
    )

    cat: Catalog
    acts: "ActionTable"
    rng: Rng
    chars: list[int]  # character index per seat (TM-3.1)
    centre: int  # leftover character (TM-3.2)
    revealed: list[bool]
    centre_revealed: bool
    life: list[int]
    apile: list[int]  # card instances, top = last
    epile: list[int]
    row: list[int]  # 5 slots: A1..A3, E1..E2; EMPTY when a pile ran dry
    tableau: list[list[int]]  # TM-3.5
    taken: list[list[int]]  # card-definition indices each seat ever took (public, TM-12.4)
    possible: list[int]  # bitmask of characters each seat's takes allow (public evidence, TM-13.2)
    weapons: list[int]
    equip: list[int]  # bitmask of equipment definitions held
    intimidated: list[bool]  # TM-7.9: restricted on their next turn
    restricted: bool  # the current turn is an intimidated one
    turn: int
    current: int
    start: int
    card: int  # instance being resolved, or EMPTY
    pc: int  # index of the effect step being resolved
    extra: int  # extra actions granted and not yet used (TM-7.7)
    pointing: list[int]  # per seat: EMPTY, another seat, or ``players`` for the centre card
    pointer: int  # seat that must point now, or EMPTY
    dead: list[int]
    finisher: int
    step: int
    turn_cap: int

    # ---------------------------------------------------------------------------------------------
    # Transitions
    # ---------------------------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        kind = action.kind
        if kind == "take":
            self._take(SLOTS.index(action.params[0][1]))
        elif kind == "target":
            self._resolve_target(action.params[0][1])  # type: ignore[arg-type]
        elif kind == "point":
            self._point(action.params[0][1])  # type: ignore[arg-type]
        elif kind == "pass":
            self._pass()
        else:  # "decline" (TM-7.7)
            self.extra = 0
            self._log("extra_action_declined", player=self.current)
            self._end_turn()

    def _take(self, slot: int) -> None:
        """S2 TAKE: move the card to the tableau, refill its slot (TM-5.6), then resolve it (S3)."""
        p = self.current
        inst = self.row[slot]
        card = self.cat.cards[self.cat.instances[inst]]
        self.tableau[p].append(inst)
        self.taken[p].append(card.index)
        self.possible[p] &= ~card.forbidden_mask
        self._log("card_taken", player=p, card=card.id, instance=inst, slot=SLOTS[slot],
                  extra=self.step == EXTRA)
        if card.is_equipment:
            self.equip[p] |= 1 << card.index
            if card.weapon:
                self.weapons[p] += 1
        self._refill(slot, inst)
        if not card.is_equipment:  # an action resolves now (S3); equipment just ends the choice
            self.card, self.pc = inst, 0
        self._run()

    def _refill(self, slot: int, taken_inst: int) -> None:
        """TM-5.6 refill at once; TM-5.7 rebuild an empty Action pile from used actions."""
        action_row = slot < 3
        pile = self.apile if action_row else self.epile
        if not pile and action_row:
            self._reshuffle_actions(taken_inst)
        new = pile.pop() if pile else EMPTY
        self.row[slot] = new
        if new == EMPTY:
            self._log("slot_left_empty", slot=SLOTS[slot])
        else:
            self._log("slot_refilled", slot=SLOTS[slot], card=self.cat.card_id(new), instance=new)

    def _reshuffle_actions(self, taken_inst: int) -> None:
        """TM-5.7: used action cards from every tableau form a new pile (the card in use stays)."""
        equip_bit = self.acts.equip_bit
        used: list[int] = []
        for tab in self.tableau:
            used.extend(i for i in tab if not equip_bit[i] and i != taken_inst)
            tab[:] = [i for i in tab if equip_bit[i] or i == taken_inst]
        self.rng.shuffle(used)
        self.apile.extend(used)
        self._log("action_pile_rebuilt", count=len(used))

    def _run(self) -> None:
        """S3 RESOLVE: carry out the card's effects in order until one needs a choice."""
        while self.step != OVER:
            if self.card == EMPTY:
                if self.extra:  # TM-7.7 extra action
                    self.extra -= 1
                    self._ask_choice(EXTRA)
                else:
                    self._end_turn()
                return
            steps = self.cat.cards[self.cat.instances[self.card]].steps
            if self.pc >= len(steps):
                self.card = EMPTY
                continue
            s = steps[self.pc]
            op = s.op
            if op in TARGET_PROMPTS:
                self._ask_target(op)
                return
            if op == "point_at_monster":
                self.pointing = [EMPTY] * self.players
                self.pointer = self.current
                self._ask_point()
                return
            if op == "extra_action":
                self.extra += 1
            elif op == "self_damage":  # TM-7.6
                amount = max(0, s.value((self, self.current)))  # type: ignore[misc]
                self._self_damage(amount)
                if self.step == OVER:  # the taker died: the card stops at this effect, as a killing target does
                    return
            self.pc += 1

    def _resolve_target(self, target: int) -> None:
        p = self.current
        s = self.cat.cards[self.cat.instances[self.card]].steps[self.pc]
        if s.op == "damage":  # TM-7.2, TM-9.1
            self._deal(p, target, s.amount + self.weapons[p])
        elif s.op == "heal":  # TM-7.8, TM-9.3
            self.life[target] += s.amount
            self._log("healed", player=p, target=target, amount=s.amount, life=self.life[target])
        else:  # restrict_next_turn, TM-7.9
            self.intimidated[target] = True
            self._log("intimidated", player=p, target=target)
        if self.step != OVER:
            self.pc += 1
            self._run()

    def _deal(self, dealer: int, target: int, amount: int) -> None:
        life = max(0, self.life[target] - amount)
        self.life[target] = life
        self._log("damaged", dealer=dealer, target=target, amount=amount, life=life)
        if life == 0:
            self._finish(target, dealer)

    def _self_damage(self, amount: int) -> None:
        p = self.current
        life = max(0, self.life[p] - amount)
        self.life[p] = life
        self._log("self_damaged", player=p, amount=amount, life=life)
        if life == 0:
            self._finish(p, p)  # TM-9.5: Reckless self-kill makes the taker their own finisher

    def _point(self, at: int | str) -> None:
        """TM-7.4: one seat at a time, each choice private until everyone has pointed."""
        p = self.pointer
        if at == "centre":
            self.pointing[p] = self.players
        else:
            assert isinstance(at, int)  # the legal options are "centre" or another seat's number
            self.pointing[p] = at
        self.events.append(Event("pointed", {"player": p, "at": at},
                                 frozenset((p,)), {"player": p}))
        nxt = (p + 1) % self.players
        if nxt != self.current:
            self.pointer = nxt
            self._ask_point()
            return
        self._log("pointing_revealed", turn=self.turn,
                  choices={str(s): self.point_name(t) for s, t in enumerate(self.pointing)})
        self.pointing = []
        self.pointer = EMPTY
        self.pc += 1
        self._run()

    def point_name(self, at: int) -> int | str:
        return "centre" if at == self.players else at

    def _pass(self) -> None:
        """TM-10: reveal (once) and set life to exactly 1; the turn ends."""
        p = self.current
        self.revealed[p] = True
        self.life[p] = 1
        self._log("passed", player=p, character=CHARACTER_ORDER[self.chars[p]], life=1)
        self._end_turn()

    def _end_turn(self) -> None:
        """S6 then S0 of the next player: clear intimidation, turn cap, poison tick, ask."""
        self.intimidated[self.current] = self.intimidated[self.current] and not self.restricted
        self.restricted = False
        self.card = EMPTY
        if self.turn >= self.turn_cap:  # TM-5.8
            self._stop_at_cap()
            return
        self.turn += 1
        self.current = p = (self.current + 1) % self.players
        self._begin_turn(p)

    def _begin_turn(self, p: int) -> None:
        self._log("turn_started", turn=self.turn, player=p)
        if self.intimidated[p]:
            self.restricted = True
        if self.equip[p] & self.acts.poison_bits and self.life[p] > 1:  # TM-8.4
            self.life[p] -= 1
            self._log("poisoned", player=p, amount=1, life=self.life[p])
        self._ask_choice(CHOOSE)

    # ---------------------------------------------------------------------------------------------
    # Decisions
    # ---------------------------------------------------------------------------------------------
    def take_is_legal(self, p: int, slot: int) -> bool:
        """TM-5.2: face up, not forbidden, not a held equipment name, not an action while intimidated."""
        inst = self.row[slot]
        if inst == EMPTY:
            return False
        a = self.acts
        if a.forbid[inst] >> self.chars[p] & 1:
            return False
        bit = a.equip_bit[inst]
        if bit:
            return not bit & self.equip[p]
        return not self.restricted

    def _ask_choice(self, step: int) -> None:
        p = self.current
        take = self.acts.take[p]
        options = [take[s] for s in range(5) if self.take_is_legal(p, s)]
        if step == CHOOSE:
            options.append(self.acts.pass_[p])
            prompt = "Take a card from the rows, or pass"
        else:
            options.append(self.acts.decline[p])
            prompt = "Take one more card (Flurry), or decline"
        self.step = step
        self._decision = Decision(p, STEP_NAMES[step], prompt, tuple(options))

    def reask(self) -> None:
        """Recompute the pending decision from the machine's position (after a restore)."""
        self._decision = None
        if self.step in (CHOOSE, EXTRA):
            self._ask_choice(self.step)
        elif self.step == TARGET:
            self._ask_target(self.cat.cards[self.cat.instances[self.card]].steps[self.pc].op)
        elif self.step == POINT:
            self._ask_point()
        elif self.step != OVER:
            raise ValueError(f"unknown step {self.step!r}")

    def _ask_target(self, op: str) -> None:
        p = self.current
        self.step = TARGET
        options = self.acts.target_any[p] if op == "heal" else self.acts.target_other[p]
        self._decision = Decision(p, "target", TARGET_PROMPTS[op], options)

    def _ask_point(self) -> None:
        p = self.pointer
        self.step = POINT
        self._decision = Decision(p, "point", "Point at your Monster suspect (or the centre card)", self.acts.point[p])

    # ---------------------------------------------------------------------------------------------
    # Game end (TM-11)
    # ---------------------------------------------------------------------------------------------
    def _finish(self, victim: int, finisher: int) -> None:
        self.dead = [victim]
        self.finisher = finisher
        self._log("died", player=victim, character=CHARACTER_ORDER[self.chars[victim]], finisher=finisher)
        if self.cat.characters[self.chars[victim]].wrath and finisher != victim:  # TM-1.6, TM-11.3
            self.dead.append(finisher)
            self._log("wrath", player=finisher, character=CHARACTER_ORDER[self.chars[finisher]])
        self._reveal_all()
        self._outcome = self.evaluate_outcome()
        self._log("game_over", winners=self._outcome.winners, world=self._outcome.details["world"],
                  reason=self._outcome.reason)

    def _stop_at_cap(self) -> None:
        self._reveal_all()
        world = "front" if MONSTER in self.chars else "back"
        self._outcome = Outcome([], {s: 0.0 for s in range(self.players)},
                                f"turn cap of {self.turn_cap} turns reached without a death (TM-5.8)",
                                self._details(world))
        self._log("game_over", winners=[], world=world, reason=self._outcome.reason)

    def _reveal_all(self) -> None:
        self.step = OVER
        self._decision = None
        self.revealed = [True] * self.players
        self.centre_revealed = True
        self.pointer = EMPTY
        self._log("characters_revealed",
                  characters={str(s): CHARACTER_ORDER[c] for s, c in enumerate(self.chars)},
                  centre=CHARACTER_ORDER[self.centre])

    def evaluate_outcome(self) -> Outcome:
        """TM-11.2 steps 4-5: the world line, then every seat whose goal holds wins."""
        world = "front" if MONSTER in self.chars else "back"
        died = frozenset(CHARACTER_ORDER[self.chars[s]] for s in self.dead)
        alive = frozenset(CHARACTER_ORDER[c] for s, c in enumerate(self.chars) if s not in self.dead)
        ctx = GoalContext(died, alive, self.players, world)
        winners = []
        for seat, c in enumerate(self.chars):
            ch = self.cat.characters[c]
            if (ch.goal_front if world == "front" else ch.goal_back)(ctx):
                winners.append(seat)
        victim = self.dead[0]
        reason = (f"seat {victim} ({CHARACTER_ORDER[self.chars[victim]]}) was finished by seat {self.finisher}"
                  + (f"; the Saint's wrath killed seat {self.dead[1]}" if len(self.dead) > 1 else "")
                  + f"; {world} world")
        scores = {s: (1.0 if s in winners else 0.0) for s in range(self.players)}
        return Outcome(winners, scores, reason, self._details(world))

    def _details(self, world: str) -> dict[str, Any]:
        return {
            "world": world,
            "characters": [CHARACTER_ORDER[c] for c in self.chars],
            "centre": CHARACTER_ORDER[self.centre],
            "died": list(self.dead),
            "finisher": None if self.finisher == EMPTY else self.finisher,
            "turns": self.turn,
        }

    # ---------------------------------------------------------------------------------------------
    # Queries used by card expressions and bots
    # ---------------------------------------------------------------------------------------------
    def equipment_count(self, p: int) -> int:
        return bin(self.equip[p]).count("1")

    def weapon_count(self, p: int) -> int:
        return self.weapons[p]

    def life_of(self, p: int) -> int:
        return self.life[p]

    def _log(self, kind: str, **data: Any) -> None:
        self.events.append(Event(kind, data))

    # ---------------------------------------------------------------------------------------------
    # Refusals (principle 6: every refusal names its rule)
    # ---------------------------------------------------------------------------------------------
    def _explain_illegal(self, action: Action, decision: Decision) -> IllegalActionError | None:
        from .refusals import explain

        return explain(self, action, decision)

    # ---------------------------------------------------------------------------------------------
    # Copies, views and snapshots
    # ---------------------------------------------------------------------------------------------
    def clone(self) -> "MistsState":
        s = MistsState.__new__(MistsState)
        s.game = self.game
        s.seed = self.seed
        s.players = self.players
        s.options = self.options
        s.events = self.events.copy()
        s.history = self.history.copy()
        s._decision = self._decision
        s._outcome = self._outcome
        s.cat = self.cat
        s.acts = self.acts
        s.rng = self.rng.copy()
        s.chars = self.chars.copy()
        s.centre = self.centre
        s.revealed = self.revealed.copy()
        s.centre_revealed = self.centre_revealed
        s.life = self.life.copy()
        s.apile = self.apile.copy()
        s.epile = self.epile.copy()
        s.row = self.row.copy()
        s.tableau = [t.copy() for t in self.tableau]
        s.taken = [t.copy() for t in self.taken]
        s.possible = self.possible.copy()
        s.weapons = self.weapons.copy()
        s.equip = self.equip.copy()
        s.intimidated = self.intimidated.copy()
        s.restricted = self.restricted
        s.turn = self.turn
        s.current = self.current
        s.start = self.start
        s.card = self.card
        s.pc = self.pc
        s.extra = self.extra
        s.pointing = self.pointing.copy()
        s.pointer = self.pointer
        s.dead = self.dead.copy()
        s.finisher = self.finisher
        s.step = self.step
        s.turn_cap = self.turn_cap
        return s

    def view(self, seat: int | None) -> dict[str, Any]:
        return _views.build_view(self, seat)

    def to_dict(self) -> dict[str, Any]:
        return _snapshot.state_to_dict(self)


class ActionTable:
    """Every action object a game of ``players`` seats can ever offer, built once and shared.

    Listing legal actions then only picks pre-built objects: no allocation on the hot path.
    """

    def __init__(self, cat: Catalog, players: int) -> None:
        self.take = [tuple(Action(p, "take", (("slot", s),)) for s in SLOTS) for p in range(players)]
        self.pass_ = [Action(p, "pass") for p in range(players)]
        self.decline = [Action(p, "decline") for p in range(players)]
        self.target_other = [tuple(Action(p, "target", (("seat", q),)) for q in range(players) if q != p)
                             for p in range(players)]
        self.target_any = [tuple(Action(p, "target", (("seat", q),)) for q in range(players)) for p in range(players)]
        # TM-7.4: another player, or the centre card (encoded as seat index ``players``).
        self.point = [tuple(Action(p, "point", (("at", q),)) for q in range(players) if q != p)
                      + (Action(p, "point", (("at", "centre"),)),) for p in range(players)]
        self.forbid = [cat.cards[d].forbidden_mask for d in cat.instances]
        self.equip_bit = [(1 << d) if cat.cards[d].is_equipment else 0 for d in cat.instances]
        self.poison_bits = sum(1 << c.index for c in cat.cards if c.poison)
        self.def_ids = tuple(c.id for c in cat.cards)
        shown = [{"instance": i, "card": cat.cards[d].id} for i, d in enumerate(cat.instances)]
        # Views copy these small dicts so that callers mutating a view cannot corrupt the table.
        self.show_card = lambda i: dict(shown[i])


# Imported last: both modules import this one (views and snapshots are separate jobs, kept out of rules).
from . import snapshot as _snapshot  # noqa: E402
from . import views as _views  # noqa: E402
