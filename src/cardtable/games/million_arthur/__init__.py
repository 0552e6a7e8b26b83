"""The Million Arthur TCG (Square Enix / Ensky, 2016) on the shared card engine.

Rules as implemented: the MA- IDs listed in docs/rules/million-arthur.md, cited by the docstrings and
tests. ``GAME`` is the game object the registry finds (``DEFINITION`` is the same object, kept for the
callers that imported it before the game was registered); its facets are ``presentation`` (the shared
card-table renderers) and ``decklists`` (ready decks and deck files for the CLI and the lobby).
"""

from __future__ import annotations

from functools import cached_property
from typing import Any, Mapping

from ...core import GameDefinition, GameInfo, SetupError, State
from ...engine import ENGINE_OPS, OpTable
from . import rules  # noqa: F401 - registers the turn's ops
from . import card_effects, combat, deploy, effects, triggers  # noqa: F401 - register their ops
from .catalog import Pool, load_pool
from .state import OPENING_HAND, OPS, TURN_CAP, MaState, zones_for

GAME_VERSION = "1"

MaState.OPS = OpTable(ENGINE_OPS, OPS)


class MillionArthur(GameDefinition):
    info = GameInfo("million-arthur", "Million Arthur TCG", 2, 2, GAME_VERSION)
    rollout_depth = 24  # ismcts: actions per iteration before ``evaluate`` scores the position

    def evaluate(self, state: State, seat: int) -> float:  # type: ignore[override]
        """Position score for searches that stop early (``evaluation.py``): HP, chain, hand, board."""
        from .evaluation import evaluate as evaluate_position

        assert isinstance(state, MaState)
        return evaluate_position(state, seat)

    @cached_property
    def pool(self) -> Pool:
        return load_pool()

    @property
    def card_set_versions(self) -> dict[str, int]:
        return {s.set: s.version for s in self.pool.sets}

    def ready_decks(self) -> dict[str, dict[str, Any]]:
        """Ready decks by name (and stem) in the resolved form a record keeps."""
        from .deck_rules import LEADER, ready_decks

        out: dict[str, dict[str, Any]] = {}
        for stem, deck in ready_decks().items():
            entry = {"name": deck.name, "leader": self.pool.index(deck.cards(LEADER)[0]),
                     "cards": sorted(self.pool.index(c) for c in deck.cards())}
            out[deck.name] = out[stem] = entry
        return out

    def _deck(self, data: Any, where: str) -> dict[str, Any]:
        ready = self.ready_decks()
        if isinstance(data, str):
            if data not in ready:
                raise SetupError(f"{where}: unknown ready deck {data!r}; ready decks: "
                                 f"{', '.join(sorted(d['name'] for d in ready.values()))}")
            return dict(ready[data])
        if not isinstance(data, Mapping) or set(data) - {"name", "leader", "cards", "description"}:
            raise SetupError(f"{where}: a deck is a ready deck name or {{leader, cards}} (MA-2.7: nothing else)")
        pool = self.pool
        leader, cards = data.get("leader"), data.get("cards")
        try:
            lead = leader if type(leader) is int else pool.index(str(leader))
            if isinstance(cards, Mapping):
                idx = [pool.index(str(ref)) for ref, n in cards.items() for _ in range(int(n))]
            elif isinstance(cards, list) and all(type(c) is int for c in cards):
                idx = list(cards)
            else:
                raise SetupError(f"{where}: 'cards' maps card ids to copies")
        except KeyError as err:
            raise SetupError(f"{where}: {err.args[0]}") from None
        if not 0 <= lead < len(pool) or not all(0 <= c < len(pool) for c in idx):
            raise SetupError(f"{where}: card numbers must be 0..{len(pool) - 1}")
        return {"name": str(data.get("name") or "custom deck"), "leader": lead, "cards": sorted(idx)}

    def deck_problems(self, deck: Mapping[str, Any]) -> list[str]:
        """MA-2.8: every violation, each with its rule ID."""
        from collections import Counter

        from ...carddata.deckrules import Deck
        from .deck_rules import LEADER, validate_deck

        pool = self.pool
        main = Counter(pool.defs[c].id for c in deck["cards"])
        sides = {LEADER: {pool.defs[deck["leader"]].id: 1}}
        return [f"{v.rule_id}: {v.message}" for v in validate_deck(Deck(deck["name"], dict(main), sides))]

    def parse_options(self, seed: int, options: Mapping[str, Any] | None) -> dict[str, Any]:
        opts = dict(options or {})
        unknown = set(opts) - {"decks", "max_turns", "single_colour_base_move"}
        if unknown:
            raise SetupError(f"unknown Million Arthur option(s): {', '.join(sorted(map(str, unknown)))}")
        chosen = opts.get("decks")
        if chosen is None:
            from ...core import Rng

            names = sorted({d["name"] for d in self.ready_decks().values()})
            rng = Rng(seed ^ 0x3A17)
            chosen = [names[rng.below(len(names))], names[rng.below(len(names))]]
        if not isinstance(chosen, list) or len(chosen) != 2:
            raise SetupError("decks: give two decks (ready deck names or {leader, cards} mappings), MA-1.1")
        decks = [self._deck(d, f"deck {k + 1}") for k, d in enumerate(chosen)]
        problems = [f"deck {k + 1} ({d['name']}): {p}" for k, d in enumerate(decks) for p in self.deck_problems(d)]
        if problems:
            raise SetupError("illegal deck (MA-2.8): " + "; ".join(problems))
        cap = opts.get("max_turns")
        if cap is not None and (type(cap) is not int or not 1 <= cap <= TURN_CAP):
            raise SetupError(f"max_turns must be a whole number from 1 to {TURN_CAP} (MA-13.3)")
        variant = opts.get("single_colour_base_move", False)
        if type(variant) is not bool:
            raise SetupError("single_colour_base_move must be true or false (MA-8.4, off by default)")
        return {"decks": decks, "max_turns": cap, "single_colour_base_move": variant}

    def new_game(self, seed: int = 0, players: int | None = None, options: Mapping[str, Any] | None = None) -> MaState:
        """MA-5: validate, shuffle, leaders out, first player at random, draw 5, base fill, mulligan."""
        if players not in (None, 2):
            raise SetupError(f"Million Arthur is a duel (MA-1.1), not a game for {players!r}")
        if type(seed) is not int:
            raise SetupError(f"the seed must be an integer, not {seed!r}")
        opts = self.parse_options(seed, options)
        st = MaState.blank(self, seed, 2, opts, zones_for(2))
        assert isinstance(st, MaState)
        t = st.table
        for p, deck in enumerate(opts["decks"]):
            t.reveal_to_all(t.add(deck["leader"], p, f"leader:{p}"))  # MA-5.3, MA-5.5
            t.add_many(deck["cards"], p, f"deck:{p}")
            t.shuffle(f"deck:{p}", st.rng)  # MA-5.2
        first = st.rng.below(2)  # MA-5.4
        st.vars["first"] = st.vars["active"] = first
        st.note("first_player", {"player": first})
        for p in (first, 1 - first):
            rules.draw(st, p, OPENING_HAND)  # MA-5.6
        st.push("ma.setup", stage="fill0")
        st.start()
        return st

    def from_dict(self, data: Mapping[str, Any]) -> State:
        return MaState.load(self, data, zones_for(2))

    def sample_state(self, view: Mapping[str, Any], log: list[dict[str, Any]], seed: int) -> State:
        return MaState.sample(self, view, log, seed, zones_for(2))

    def card_catalog(self) -> dict[str, Any]:
        cards = [{"index": d.index, "id": d.id, "name": d.name, "kind": d.kind, "arthur_type": d.arthur_type,
                  "colour": d.colour, "cost": d.cost, "skill": d.skill, "skill_value": d.skill_value,
                  "defence": d.defence, "burst": d.has_burst, "evolves_from": list(d.evolves_from),
                  "evolution_cost": d.evolution_cost, "text": d.text} for d in self.pool.defs]
        return {"cards": cards, "characters": []}

    def how_to_play(self) -> dict[str, Any]:
        """The game in plain words, a glossary of what the table shows and the section of each phase (``howto.py``)."""
        from .howto import how_to_play

        return how_to_play(self.info.name)

    def check_card_data(self) -> list[str]:
        """What in the card data can never run. Every primitive, event, condition and ability kind the
        schema accepts is carried out (static abilities by ``statics.py``), so what is left is an ability
        whose ``zones`` its card can never be in: a leader stays in the leader area (MA-3.12), a knight
        never enters it (MA-15.3)."""
        out = []
        for d in self.pool.defs:
            for k, a in enumerate(d.abilities):
                zones = set(a.zones or ())
                if d.kind == "leader" and a.zones is not None and "leader" not in zones:
                    out.append(f"{d.id}: ability {k} works only in {sorted(zones)}, where a leader never is")
                elif d.kind == "knight" and zones and zones <= {"leader"}:
                    out.append(f"{d.id}: ability {k} works only in the leader area, where a knight never is")
        return out


def _on_empty(st: MaState) -> None:
    raise RuntimeError("the Million Arthur turn frame is never missing while the game goes on")


MaState.on_empty_stack = _on_empty  # type: ignore[method-assign, assignment]

GAME = MillionArthur()
DEFINITION = GAME
