"""Sigil Duel: a small card game that exists only to test the card-game engine.

Two players; each has a deck, a hand, a play area, a discard pile and two wells (a resource: a cost of
N taps N ready wells, and which ones is a choice). A turn: ready, draw one (an empty deck loses),
a main window (the active player plays creatures, auras and supports; both play action events and use
action abilities; both pass in succession to close), a secret duel (each secretly picks up to one ready
creature; revealed together, the higher power scores a point), end of turn (forced effects, then
"until end of turn" effects end). Three points win. It exercises every part of ``cardtable.engine``:
windows, costs with a choice, the event procedure (an interrupt that cancels, forced effects to
order, limited reactions), attachments that leave with their host, lasting effects, picks of up to
N, a secret round, views and determinization.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any, Mapping, Sequence

from cardtable.core import Action, GameDefinition, GameInfo, SetupError, State, Visibility
from cardtable.engine import (
    ENGINE_OPS, EXHAUSTED, FORCED, INTERRUPT, REACTION, ACTION, Ability, CardState, Frame, OpTable, ZoneDecl,
    add_lasting, cancel_event, emit, expire, lasting_total, open_window, pick, secret_round,
)


@dataclass(frozen=True)
class Card:
    name: str
    type: str  # creature | aura | support | event
    cost: int
    power: int = 0
    abilities: tuple[Ability, ...] = ()


def _mine(st: "DuelState", source: int, kind: str, data: dict[str, Any]) -> bool:
    return data.get("player") == st.table.ctrl[source]


def _my_creature_entered(st: "DuelState", source: int, kind: str, data: dict[str, Any]) -> bool:
    c = data["card"]
    return c != source and st.table.ctrl[c] == st.table.ctrl[source] and st.card(c).type == "creature"


def _opponent_event(st: "DuelState", source: int, kind: str, data: dict[str, Any]) -> bool:
    return st.card(data["card"]).type == "event" and data["player"] != st.table.ctrl[source]


def _ready(st: "DuelState", source: int, player: int) -> bool:
    return not st.table.flags[source] & EXHAUSTED


CARDS: tuple[Card, ...] = (
    Card("Spark", "creature", 0, 1),
    Card("Guard", "creature", 1, 2, (Ability(REACTION, 0, "enters_play", _my_creature_entered, limit="end_of_turn",
                                             program="draw", text="When another creature of yours enters play, draw 1 (once a turn)."),)),
    Card("Giant", "creature", 2, 3, (Ability(FORCED, 0, "turn_end", _mine, optional=False, program="point",
                                             text="At the end of your turn, score 1 point."),)),
    Card("Blessing", "aura", 1, 0),  # passive: +1 power to its host (computed in power())
    Card("Surge", "event", 0),  # a creature of yours: +2 power until end of turn
    Card("Nullify", "event", 1, 0, (Ability(INTERRUPT, 0, "card_played", _opponent_event, zones=("hand:{p}",),
                                            program="cancel", text="Interrupt: cancel an event an opponent plays."),)),
    Card("Net", "event", 1),  # exhaust up to two creatures
    Card("Hourglass", "support", 1, 0, (Ability(FORCED, 0, "turn_end", _mine, optional=False, program="draw",
                                                text="At the end of your turn, draw 1."),)),
    Card("Totem", "support", 0, 0, (Ability(ACTION, 0, None, condition=_ready, limit="end_of_turn", program="totem",
                                            text="Action, exhaust: a creature of yours gets +1 power until end of turn."),)),
)
BY_NAME = {c.name: k for k, c in enumerate(CARDS)}
DEFAULT_DECK = ("Spark", "Spark", "Guard", "Guard", "Giant", "Blessing", "Surge", "Nullify", "Net", "Hourglass",
                "Totem", "Spark")
POINTS_TO_WIN = 3
TURN_CAP = 40

OPS = OpTable(ENGINE_OPS)


def zones_for(players: int) -> list[ZoneDecl]:
    zones = []
    for p in range(players):
        zones += [ZoneDecl(f"deck:{p}", Visibility.HIDDEN, p, ordered=True), ZoneDecl(f"hand:{p}", Visibility.OWNER, p, hand=True),
                  ZoneDecl(f"play:{p}", Visibility.PUBLIC, p, in_play=True), ZoneDecl(f"discard:{p}", Visibility.PUBLIC, p)]
    return zones + [ZoneDecl("resolving", Visibility.PUBLIC)]


class DuelState(CardState):
    __slots__ = ()
    OPS = OPS
    VARS = {"turn": 1, "active": 0, "points": [0, 0], "wells": [0, 0, 0, 0]}
    HAND_ZONES = ("hand:{p}",)

    def card(self, i: int) -> Card:
        return CARDS[self.table.defn[i]]

    def power(self, i: int) -> int:
        t = self.table
        blessings = sum(1 for a in t.attachments(i) if self.card(a).name == "Blessing")
        return self.card(i).power + blessings + lasting_total(self, "power", i)

    def creatures(self, p: int, ready_only: bool = False) -> list[int]:
        t = self.table
        return [i for i in t.cards(f"play:{p}") if self.card(i).type == "creature" and not (ready_only and t.flags[i] & EXHAUSTED)]

    def all_creatures(self) -> list[int]:
        return [i for p in range(self.players) for i in self.creatures(p)]

    # --- engine hooks ---------------------------------------------------------------------------
    def active_player(self) -> int:
        return int(self.vars["active"])

    def discard_zone(self, i: int) -> str:
        return f"discard:{self.table.owner[i]}"

    def abilities_of(self, i: int) -> Sequence[Ability]:
        return CARDS[self.table.defn[i]].abilities

    def on_empty_stack(self) -> None:
        self.push("toy.turn", stage="ready")

    def window_actions(self, name: str, player: int) -> Sequence[Action]:
        out = []
        for i in self.table.cards(f"hand:{player}"):
            c = self.card(i)
            if c.type != "event" and player != self.active_player():
                continue
            if c.type == "event" and c.abilities:  # Nullify: only as an interrupt
                continue
            if self.targets_for(i, player) is not None and self.payment_options(player, c.cost):
                out.append(Action(player, "play", (("card", i),)))
        return out

    def hidden_could_answer(self, player: int, window: str, kind: str | None) -> bool:
        # Anyone holding cards might hold something to play in the main window, or Nullify for an
        # opponent's card_played; asking only those who really do would tell the other seat so.
        if not self.table.cards(f"hand:{player}"):
            return False
        return window == "main" or (window == INTERRUPT and kind == "card_played")

    def targets_for(self, i: int, player: int) -> tuple[list[int], int, int] | None:
        """(candidates, min, max) for playing card ``i``, or None when it cannot be played."""
        name = self.card(i).name
        if name in ("Blessing", "Surge"):
            mine = self.creatures(player)
            return (mine, 1, 1) if mine else None
        if name == "Net":
            return (self.all_creatures(), 0, 2)
        return ([], 0, 0)

    def start_action(self, name: str, action: Action) -> None:
        self.push("toy.play", card=action.get("card"), player=action.player, stage="targets", targets=())

    def can_use(self, player: int, source: int, ability: Any, kind: str | None, data: Any) -> bool:
        if ability.program == "cancel":
            return bool(self.payment_options(player, self.card(source).cost))
        if ability.program == "totem":
            return bool(self.creatures(player))
        return True

    def use_ability(self, player: int, source: int, ability: Any, kind: str | None, data: Any) -> None:
        self.note("ability", {"player": player, "card": source, "name": self.card(source).name})
        if ability.program == "draw":
            self.push("toy.draw", player=player)
        elif ability.program == "point":
            self.push("toy.point", player=player)
        elif ability.program == "cancel":
            self.push("toy.nullify", player=player, card=source, stage="pay")
        elif ability.program == "totem":
            self.table.set_flag(source, EXHAUSTED)
            self.push("toy.totem", player=player)

    def payment_options(self, player: int, cost: int) -> list[tuple[str, Any]]:
        wells = self.vars["wells"]
        ready = [w for w in (0, 1) if not wells[2 * player + w]]
        if cost == 0:
            return [("free", ())]
        return [(" and ".join(f"well {w + 1}" for w in combo), combo) for combo in combinations(ready, cost)]

    def pay(self, player: int, payment: Any) -> None:
        for w in payment:
            self.vars["wells"][2 * player + w] = 1

    def perform(self, kind: str, data: dict[str, Any]) -> None:
        t = self.table
        if kind == "card_played":
            i, p, targets = data["card"], data["player"], data["targets"]
            c = self.card(i)
            if c.type in ("creature", "support"):
                self.move_card(i, f"play:{p}")
                emit(self, "enters_play", card=i, player=p)
            elif c.type == "aura":
                host = targets[0]
                if t.in_play(host):
                    self.move_card(i, f"play:{p}")
                    t.attach(i, host)
                else:
                    self.move_card(i, self.discard_zone(i))
            else:
                self.resolve_event(i, p, targets)
                self.move_card(i, self.discard_zone(i))
        elif kind == "enters_play":
            self.note("entered", {"card": data["card"], "name": self.card(data["card"]).name})
        elif kind == "turn_end":
            pass

    def resolve_event(self, i: int, p: int, targets: Sequence[int]) -> None:
        name, t = self.card(i).name, self.table
        if name == "Surge":
            if t.in_play(targets[0]):
                add_lasting(self, "power", targets[0], 2, "end_of_turn", i)
        elif name == "Net":
            for target in targets:
                if t.in_play(target):
                    t.set_flag(target, EXHAUSTED)

    def prior(self, owner: int | None, unknown: int, known: Sequence[int], seat: int | None) -> list[int]:
        pool = [BY_NAME[n] for n in self.options["decks"][owner]]
        for d in known:
            pool.remove(d)
        return pool

    def definition_count(self) -> int:
        return len(CARDS)

    def describe(self, seat: int | None) -> dict[str, Any]:
        return {"power": {str(i): self.power(i) for i in self.all_creatures()}}


@OPS.step("toy.turn")
def _turn(st: DuelState, frame: Frame) -> None:
    stage, p, t = frame["stage"], st.active_player(), st.table
    if stage == "ready":
        for i in t.cards(f"play:{p}"):
            t.set_flag(i, EXHAUSTED, False)
        st.vars["wells"][2 * p] = st.vars["wells"][2 * p + 1] = 0
        st.replace(frame.evolve(stage="main"))
        st.push("toy.draw", player=p)
    elif stage == "main":
        st.replace(frame.evolve(stage="duel"))
        open_window(st, "main", p)
    elif stage == "duel":
        st.replace(frame.evolve(stage="score"))
        secret_round(st, (p, 1 - p), "play:{p}", 0, 1, "Secretly choose a ready creature to duel with", "duel_revealed")
    elif stage == "score":
        chosen = {seat: value for seat, value in frame.got}
        powers = {}
        for seat, picks in chosen.items():
            picks = [c for c in picks if t.in_play(c) and not t.flags[c] & EXHAUSTED and st.card(c).type == "creature"]
            powers[seat] = max((st.power(c) for c in picks), default=0)
            for c in picks:
                t.set_flag(c, EXHAUSTED)
        st.replace(frame.evolve(stage="end"))
        if powers[p] != powers[1 - p]:
            st.push("toy.point", player=p if powers[p] > powers[1 - p] else 1 - p)
    elif stage == "end":
        st.replace(frame.evolve(stage="next"))
        emit(st, "turn_end", player=p)
    elif stage == "next":
        expire(st, "end_of_turn")
        st.pop()
        st.vars["active"] = 1 - p
        st.vars["turn"] += 1
        if st.vars["turn"] > TURN_CAP:
            st.finish([], "turn cap reached", {"truncated": True})


def _check_cards_of_ints(cards: Any, what: str) -> list[int]:
    return [c for c in cards if isinstance(c, int)]


@OPS.step("toy.draw")
def _draw(st: DuelState, frame: Frame) -> None:
    p = frame["player"]
    st.pop()
    deck = st.table.cards(f"deck:{p}")
    if not deck:
        st.finish([1 - p], f"seat {p} had to draw from an empty deck")
        return
    i = deck[-1]
    st.move_card(i, f"hand:{p}")
    st.note("drew", {"player": p, "card": i, "name": st.card(i).name}, visible_to=(p,), redacted={"player": p})


@OPS.step("toy.point")
def _point(st: DuelState, frame: Frame) -> None:
    p = frame["player"]
    st.pop()
    st.vars["points"][p] += 1
    st.note("point", {"player": p, "points": st.vars["points"][p]})
    if st.vars["points"][p] >= POINTS_TO_WIN:
        st.finish([p], f"seat {p} scored {POINTS_TO_WIN} points")


@OPS.step("toy.play")
def _play(st: DuelState, frame: Frame) -> None:
    i, p, stage = frame["card"], frame["player"], frame["stage"]
    if stage == "targets":
        cands, lo, hi = st.targets_for(i, p) or ([], 0, 0)
        st.replace(frame.evolve(stage="pay"))
        if hi:
            pick(st, p, cands, lo, hi, f"Choose targets for {st.card(i).name}")
    elif stage == "pay":
        targets = frame.got if frame.got is not None else ()
        st.replace(frame.evolve(stage="announce", targets=targets))
        st.push("engine.pay", player=p, cost=st.card(i).cost, prompt=f"Pay for {st.card(i).name}")
    elif stage == "announce":
        st.move_card(i, "resolving")
        st.note("played", {"player": p, "card": i, "name": st.card(i).name})
        st.replace(frame.evolve(stage="cleanup"))
        emit(st, "card_played", card=i, player=p, targets=frame["targets"])
    else:
        st.pop()
        if st.table.zone_name(i) == "resolving":  # cancelled: the card still goes to the discard pile
            st.move_card(i, st.discard_zone(i))


@OPS.step("toy.nullify")
def _nullify(st: DuelState, frame: Frame) -> None:
    i, p, stage = frame["card"], frame["player"], frame["stage"]
    if stage == "pay":
        st.move_card(i, "resolving")
        st.replace(frame.evolve(stage="cancel"))
        st.push("engine.pay", player=p, cost=st.card(i).cost)
    else:
        st.pop()
        cancel_event(st)
        st.move_card(i, st.discard_zone(i))


@OPS.step("toy.totem")
def _totem(st: DuelState, frame: Frame) -> None:
    p = frame["player"]
    if frame.got is None:
        pick(st, p, st.creatures(p), 1, 1, "Totem: choose a creature of yours")
        return
    st.pop()
    add_lasting(st, "power", frame.got[0], 1, "end_of_turn")


class SigilDuel(GameDefinition):
    info = GameInfo("sigil-duel", "Sigil Duel (engine test game)", 2, 2, "1")

    def new_game(self, seed: int = 0, players: int | None = None, options: Mapping[str, Any] | None = None) -> DuelState:
        if players not in (None, 2):
            raise SetupError("Sigil Duel is for 2 players")
        decks = (options or {}).get("decks") or [list(DEFAULT_DECK), list(DEFAULT_DECK)]
        if not isinstance(decks, list) or len(decks) != 2 or not all(isinstance(d, list) for d in decks):
            raise SetupError("decks must be two lists of card names")
        for deck in decks:
            for name in deck:
                if not isinstance(name, str) or name not in BY_NAME:
                    raise SetupError(f"unknown card {name!r}")
        st = DuelState.blank(self, seed, 2, {"decks": [list(d) for d in decks]}, zones_for(2))
        for p, deck in enumerate(decks):
            for name in deck:
                st.table.add(BY_NAME[name], p, f"deck:{p}")
            st.table.shuffle(f"deck:{p}", st.rng)
            for _ in range(3):
                top = st.table.cards(f"deck:{p}")[-1]
                st.move_card(top, f"hand:{p}")
        st.vars["active"] = st.rng.below(2)
        st.start()
        return st

    def from_dict(self, data: Mapping[str, Any]) -> State:
        return DuelState.load(self, data, zones_for(2))

    def sample_state(self, view: Mapping[str, Any], log: list[dict[str, Any]], seed: int) -> State:
        return DuelState.sample(self, view, log, seed, zones_for(2))


GAME = SigilDuel()
