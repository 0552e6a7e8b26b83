"""The generic RL encoding of every card game built on ``cardtable.engine`` — no line per game.

Read from the declared parts of a ``CardState`` view, nothing else:

* **Observation** (float32, all in [0, 1]): whose decision it is; the game's integer variables (in
  declaration order, lists flattened, each clipped to ``VAR_CAP`` and scaled); for every declared zone
  its card count and, per card definition, how many *visible* copies lie there and how many of them
  are turned (exhausted, bowed; crosswise in Mythos: the game's ``CardState.TURNED_FLAG``); then, for
  each of the first ``MAX_OPTIONS`` options of the seat's own decision, a
  presence bit, the option's kind (hashed into ``KIND_BUCKETS``) and the definition of the card it
  names. Hidden cards add to a zone's count and nothing else, so the tensor is a function of what the
  seat may see (the no-leak property test resamples the rest).
* **Actions**: a fixed ``Discrete(MAX_OPTIONS)`` *pointer* space — index k is the k-th option of the
  current decision, masked to the options offered. A decision with more options than that exposes
  only its first ``MAX_OPTIONS`` (the engine's prompts ask one pick at a time, so this stays rare).
* **Rewards**: +1 to each winner, -1 to every other seat; 0 to all when nobody wins.

A game can still ship its own ``encoding`` facet (``encoding.py`` in its package); this one is used
when it does not.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from typing import Any, Mapping

import numpy as np

from ..core import Action, Decision, GameDefinition, Outcome
from ..engine import CardState
from .card_observation import DirectCardEncoder

MAX_OPTIONS = 64
KIND_BUCKETS = 8
VAR_CAP = 30.0
COUNT_CAP = 60.0
COPIES_CAP = 4.0


def _bucket(kind: str) -> int:
    return zlib.crc32(kind.encode()) % KIND_BUCKETS


class PointerActions:
    """Index k = the k-th option of the current decision."""

    positional = True  # ``DiscreteActions``: index k is option k (masks by option count, no index listing)

    def __init__(self, size: int = MAX_OPTIONS) -> None:
        self.size = size
        self.labels = tuple(f"option {k}" for k in range(size))

    def index(self, action: Action) -> int:
        raise ValueError("a pointer action space numbers the options of one decision; use legal_indices(decision)")

    def action(self, index: int, player: int) -> Action:
        raise ValueError("a pointer action space needs the decision to turn an index into an action")

    def legal_indices(self, decision: Decision) -> list[int]:
        return list(range(min(len(decision.options), self.size)))

    def legal_indices_from_view(self, view: Mapping[str, Any]) -> list[int]:
        d = view.get("decision")
        return [] if d is None else list(range(min(len(d["options"]), self.size)))


@dataclass
class Layout:
    var_slots: list[tuple[str, int | None]]  # (name, index in a list var or None)
    zones: list[str]
    definitions: int
    players: int
    turned_flag: int = 1  # the game's ``CardState.TURNED_FLAG``: the flag counted as a card's turned state

    @property
    def size(self) -> int:
        return 1 + len(self.var_slots) + len(self.zones) * (1 + 2 * self.definitions) + MAX_OPTIONS * (1 + KIND_BUCKETS + 1)


class CardObservation:
    """``encode(view)`` for one game and player count (module docstring)."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.size = layout.size
        self._direct = DirectCardEncoder(layout, MAX_OPTIONS, KIND_BUCKETS, VAR_CAP, COUNT_CAP, COPIES_CAP)

    def encode_seat(self, state: CardState, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """``encode(state.view(seat))`` read straight from the state (``card_observation.py``), into ``out``
        when given; proven equal by the property tests."""
        return self._direct.encode_seat(state, seat, out)

    def encode(self, view: Mapping[str, Any], out: np.ndarray | None = None) -> np.ndarray:
        lay = self.layout
        obs = np.zeros(self.size, dtype=np.float32) if out is None else out
        if out is not None:
            obs[:] = 0.0
        obs[0] = 1.0 if view.get("to_act") is not None and view.get("to_act") == view.get("seat") else 0.0
        k = 1
        values = view["vars"]
        for name, index in lay.var_slots:
            v = values[name] if index is None else values[name][index]
            obs[k] = min(max(float(v), 0.0), VAR_CAP) / VAR_CAP
            k += 1
        cards, ndef = view["cards"], lay.definitions
        for zone in lay.zones:
            entries = view["zones"][zone]
            obs[k] = min(len(entries), COUNT_CAP) / COUNT_CAP
            base = k + 1
            for entry in entries:
                if entry is None:
                    continue
                c = cards[str(entry)]
                d = c["defn"]
                if d is None or not 0 <= d < ndef:
                    continue
                obs[base + d] = min(obs[base + d] * COPIES_CAP + 1.0, COPIES_CAP) / COPIES_CAP
                if c["flags"] & lay.turned_flag:
                    obs[base + ndef + d] = min(obs[base + ndef + d] * COPIES_CAP + 1.0, COPIES_CAP) / COPIES_CAP
            k = base + 2 * ndef
        decision = view.get("decision")
        if decision is not None:
            for j, option in enumerate(decision["options"][:MAX_OPTIONS]):
                slot = k + j * (2 + KIND_BUCKETS)
                obs[slot] = 1.0
                obs[slot + 1 + _bucket(str(option.get("kind")))] = 1.0
                card = option.get("card")
                if isinstance(card, int) and str(card) in cards and cards[str(card)]["defn"] is not None:
                    obs[slot + 1 + KIND_BUCKETS] = (cards[str(card)]["defn"] + 1) / (ndef + 1)
        return obs


class CardGameEncoding:
    """The ``encoding`` hooks (see ``cardtable.rl.spaces``) for one card game."""

    def __init__(self, game: GameDefinition, env_name: str) -> None:
        self.game = game
        self.ENV_NAME = env_name
        self._layouts: dict[int, Layout] = {}

    def layout(self, players: int) -> Layout:
        if players not in self._layouts:
            st = self.game.new_game(seed=0, players=players)
            assert isinstance(st, CardState)
            slots: list[tuple[str, int | None]] = []
            for name, value in st.vars.items():
                if isinstance(value, bool) or isinstance(value, int):
                    slots.append((name, None))
                elif isinstance(value, list) and all(isinstance(v, int) for v in value):
                    slots.extend((name, k) for k in range(len(value)))
            zones = [d.name for d in st.table.decls]
            self._layouts[players] = Layout(slots, zones, st.definition_count(), players, type(st).TURNED_FLAG)
        return self._layouts[players]

    def action_space(self, players: int) -> PointerActions:
        return PointerActions()

    def observation_encoder(self, players: int) -> CardObservation:
        return CardObservation(self.layout(players))

    def rewards(self, outcome: Outcome, players: int) -> list[float]:
        if not outcome.winners:
            return [0.0] * players
        return [1.0 if s in outcome.winners else -1.0 for s in range(players)]

    def is_truncated(self, outcome: Outcome) -> bool:
        return bool(outcome.details.get("truncated"))

    def render_text(self, view: Mapping[str, Any]) -> str:
        lines = [f"{view['game']} — to act: {view.get('to_act')}", f"vars: {view['vars']}"]
        for zone, entries in view["zones"].items():
            shown = [view["cards"][str(e)]["defn"] for e in entries if e is not None]
            lines.append(f"{zone}: {len(entries)} card(s){'' if not shown else ' ' + str(shown)}")
        return "\n".join(lines)


def generic_encoding(game: GameDefinition) -> CardGameEncoding | None:
    """The generic encoding when ``game`` is built on the card-game engine, else None."""
    try:
        st = game.new_game(seed=0)
    except Exception:  # noqa: BLE001 - a game that cannot deal a default table has no generic encoding
        return None
    if not isinstance(st, CardState):
        return None
    return CardGameEncoding(game, f"{game.info.id.replace('-', '_')}_v0")


__all__ = ["CardGameEncoding", "MAX_OPTIONS", "PointerActions", "generic_encoding"]
