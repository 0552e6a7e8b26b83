"""A tiny game used to test the core without any real game: "High Card".

Two seats are each dealt a hidden card (1-6) from a shuffled deck. Seat 0, then seat 1, may keep
their card or swap it for the top of the deck. Then both cards are shown; the higher wins (a tie has
no winner). It exercises hidden zones, private events, decisions, refusals, records and the RNG.
"""

from __future__ import annotations

from typing import Any, Mapping

from cardtable.core import (
    Action, Decision, Event, GameDefinition, GameInfo, Outcome, Rng, SetupError, State, Visibility, ZoneSpec,
    zone_view,
)

ZONES = (ZoneSpec("hand:0", Visibility.OWNER, 0), ZoneSpec("hand:1", Visibility.OWNER, 1),
         ZoneSpec("deck", Visibility.HIDDEN))


class HighCardState(State):
    __slots__ = ("rng", "hands", "deck", "shown", "turn")

    def _apply(self, action: Action) -> None:
        p = action.player
        if action.kind == "swap":
            self.hands[p], self.deck[-1] = self.deck[-1], self.hands[p]
            self.events.append(Event("swapped", {"player": p, "card": self.hands[p]}, frozenset((p,)), {"player": p}))
        else:
            self.events.append(Event("kept", {"player": p}))
        self.turn += 1
        self._ask()

    def _ask(self) -> None:
        if self.turn < 2:
            p = self.turn
            self._decision = Decision(p, "keep_or_swap", "Keep your card or swap it",
                                      (Action(p, "keep"), Action(p, "swap")))
            return
        self._decision = None
        self.shown = True
        a, b = self.hands
        winners = [0] if a > b else [1] if b > a else []
        self._outcome = Outcome(winners, {s: float(s in winners) for s in (0, 1)}, "higher card wins")
        self.events.append(Event("shown", {"hands": list(self.hands)}))

    def view(self, seat: int | None) -> dict[str, Any]:
        cards = {"hand:0": [self.hands[0]], "hand:1": [self.hands[1]], "deck": self.deck}
        return {spec.name: zone_view(spec, cards[spec.name], seat, lambda _c: self.shown and spec.name != "deck",
                                     lambda c: c) for spec in ZONES} | {"turn": self.turn}

    def clone(self) -> "HighCardState":
        s = HighCardState.__new__(HighCardState)
        for name in ("game", "seed", "players", "options", "_decision", "_outcome", "turn", "shown"):
            setattr(s, name, getattr(self, name))
        s.events, s.history, s.hands, s.deck, s.rng = (self.events.copy(), self.history.copy(), self.hands.copy(),
                                                       self.deck.copy(), self.rng.copy())
        return s

    def to_dict(self) -> dict[str, Any]:
        return {"hands": self.hands, "deck": self.deck, "turn": self.turn, "rng": self.rng.state,
                "history": [a.to_dict() for a in self.history], "events": [e.to_dict() for e in self.events]}


class HighCard(GameDefinition):
    info = GameInfo("high-card", "High Card", 2, 2, "1")

    def new_game(self, seed: int = 0, players: int | None = None, options: Mapping[str, Any] | None = None) -> State:
        if players not in (None, 2):
            raise SetupError("High Card is for 2 players")
        s = HighCardState.__new__(HighCardState)
        s.game, s.seed, s.players, s.options = self, seed, 2, dict(options or {})
        s.events, s.history, s._outcome, s.turn, s.shown = [], [], None, 0, False
        s.rng = Rng(seed)
        s.deck = [1, 2, 3, 4, 5, 6]
        s.rng.shuffle(s.deck)
        s.hands = [s.deck.pop(), s.deck.pop()]
        for p in (0, 1):
            s.events.append(Event("dealt", {"player": p, "card": s.hands[p]}, frozenset((p,)), {"player": p}))
        s._ask()
        return s


    def from_dict(self, data: Mapping[str, Any]) -> State:
        s = self.new_game(seed=0)
        s.hands, s.deck, s.turn, s.rng = list(data["hands"]), list(data["deck"]), data["turn"], Rng(data["rng"])
        s.history = [Action.from_dict(a) for a in data["history"]]
        s.events = [Event.from_dict(e) for e in data["events"]]
        s._ask()
        return s

    def sample_state(self, view: Mapping[str, Any], log: list[dict[str, Any]], seed: int) -> State:
        """Keep the cards the viewer sees; deal the unseen ones at random."""
        s = self.new_game(seed=seed)
        known = [z["cards"][0] for z in (view["hand:0"], view["hand:1"])]
        unseen = [c for c in range(1, 7) if c not in known]
        s.rng.shuffle(unseen)
        s.hands = [c if c is not None else unseen.pop() for c in known]
        s.deck = unseen
        s.turn = view["turn"]
        s.events = [Event(e["kind"], {k: v for k, v in e.items() if k != "kind"}) for e in log]
        s._ask()
        return s


GAME = HighCard()
