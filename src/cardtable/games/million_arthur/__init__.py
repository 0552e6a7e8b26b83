"""The Million Arthur TCG (Square Enix / Ensky, 2016) on the shared card engine.

Rules as implemented: the MA- IDs listed in docs/rules/million-arthur.md, cited by the docstrings and
tests. ``GAME`` is the game object the registry finds (``DEFINITION`` is the same object, kept for the
callers that imported it before the game was registered); its facets are ``presentation`` (the shared
card-table renderers) and ``decklists`` (ready decks and deck files for the CLI and the lobby).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from ...core import GameInfo, SetupError, State
from ...engine import ENGINE_OPS, OpTable
from ...engine.cardgame import CardGame
from . import rules  # noqa: F401 - registers the turn's ops
from . import card_effects, combat, deploy, effects, triggers  # noqa: F401 - register their ops
from .catalog import SOURCE
from .state import OPENING_HAND, OPS, TURN_CAP, MaState, zones_for

GAME_VERSION = "1"

MaState.OPS = OpTable(ENGINE_OPS, OPS)


class MillionArthur(CardGame):
    info = GameInfo("million-arthur", "Million Arthur TCG", 2, 2, GAME_VERSION)
    rollout_depth = 24  # ismcts: actions per iteration before ``evaluate`` scores the position
    source = SOURCE
    state_class = MaState
    decks_dir = Path(__file__).parent / "decks"
    side_part = "leader"  # MA-2.1: the leader card, kept outside the deck
    deck_salt = 0x3A17

    def evaluate(self, state: State, seat: int) -> float:  # type: ignore[override]
        """Position score for searches that stop early (``evaluation.py``): HP, chain, hand, board."""
        from .evaluation import evaluate as evaluate_position

        assert isinstance(state, MaState)
        return evaluate_position(state, seat)

    def rollout_boundary(self, state: State) -> bool:  # type: ignore[override]
        """The start of a First step, before either seat has moved anything (MA-6.6, MA-6.11 S3): the
        previous turn's attacks, chain and clean are done (MA-6.8-6.10) and both bases are refilled
        (MA-6.5). In mid-turn the evaluation would see knights and hand cards spent but not their
        damage or blocks yet, and a search cut there learns that doing nothing is best."""
        assert isinstance(state, MaState)
        secrets = state.secrets
        return (state.vars["step"] == "first" and len(secrets) == 2
                and all(len(items) == 0 for items in secrets.values()))

    def zones(self, players: int) -> Any:
        return zones_for(2)

    def _deck(self, data: Any, where: str) -> dict[str, Any]:
        return self.resolve_deck(data, where, "MA-2.7: nothing else")

    def parse_options(self, seed: int, options: Mapping[str, Any] | None) -> dict[str, Any]:
        opts = dict(options or {})
        unknown = set(opts) - {"decks", "max_turns", "single_colour_base_move"}
        if unknown:
            raise SetupError(f"unknown Million Arthur option(s): {', '.join(sorted(map(str, unknown)))}")
        chosen = opts.get("decks")
        if chosen is None:
            chosen = self.default_decks(seed, 2)
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

    def card_catalog(self) -> dict[str, Any]:
        cards = [{"index": d.index, "id": d.id, "name": d.name, "kind": d.kind, "arthur_type": d.arthur_type,
                  "colour": d.colour, "cost": d.cost, "skill": d.skill, "skill_value": d.skill_value,
                  "defence": d.defence, "burst": d.has_burst, "evolves_from": list(d.evolves_from),
                  "evolution_cost": d.evolution_cost, "text": d.text} for d in self.pool.defs]
        return self.mark_custom({"cards": cards, "characters": []})

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


GAME = MillionArthur()
DEFINITION = GAME
