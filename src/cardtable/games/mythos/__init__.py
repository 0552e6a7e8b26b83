"""Mythos: the Cthulhu collectible card game (Chaosium, 1996) on the shared card engine — first slice.

Rules as implemented: the MY- IDs listed in docs/rules/mythos.md, cited by the docstrings and tests.
The game is for 2 to 4 players (MY-11.1). ``GAME`` is the game object the registry finds (``DEFINITION``
is the same object, kept for the callers that imported it before the game was registered); its facets
are ``presentation`` (the shared card-table renderers), ``decklists`` (ready decks, deck files and the
per-seat investigator choice) and ``strategy`` (the heuristic bot).
"""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import Any, Mapping

from ...core import GameInfo, SetupError, State
from ...engine import ENGINE_OPS, OpTable
from ...engine.cardgame import CardGame
from . import battle, checks, costs, effect_frame, join, primitives, rules, triggers  # noqa: F401 - register the ops of the round, battle, checks, costs, effect questions, Join groups, effects and triggers
from .catalog import SOURCE
from .state import DECK, INV, OPS, ROUND_CAP, TURN_CAP, MyState, zones_for

GAME_VERSION = "2"  # 2: Join groups other than Monsters are played card by card (D-MY-154)

MyState.OPS = OpTable(ENGINE_OPS, OPS)

MIN_PLAYERS, MAX_PLAYERS = 2, 4


class Mythos(CardGame):
    info = GameInfo("mythos", "Mythos", MIN_PLAYERS, MAX_PLAYERS, GAME_VERSION)
    source = SOURCE
    state_class = MyState
    decks_dir = Path(__file__).parent / "decks"
    side_part = "investigator"  # MY-2.1: the two-sided investigator card, kept outside the deck
    deck_salt = 0x3171
    rollout_depth = 24  # ismcts: actions per iteration before ``evaluate`` scores the position
    conformance_seed_cap = 4  # D-MY-100: three player counts, each seed costly to resample and replay

    def evaluate(self, state: State, seat: int) -> float:  # type: ignore[override]
        """Position score for searches that stop early (``evaluation.py``): score, adventures, board."""
        from .evaluation import evaluate

        assert isinstance(state, MyState)
        return evaluate(state, seat)

    def zones(self, players: int) -> Any:
        return zones_for(players)

    def players_in(self, data: Mapping[str, Any]) -> int:
        return _players(data)

    @cached_property
    def _problems(self) -> dict[tuple[Any, ...], list[str]]:
        """``deck_problems`` by deck (name, investigator, cards): a pure function of the deck."""
        return {}

    def _deck(self, data: Any, where: str) -> dict[str, Any]:
        return self.resolve_deck(data, where, "MY-2.1, MY-2.5")

    def _investigators(self, value: Any, players: int) -> list[int | None]:
        """D-MY-99: ``investigators`` gives a seat another investigator card than its deck's (MY-2.1): one
        entry per seat, a card id, title or number, or ``None`` for the deck's own."""
        if value is None:
            return [None] * players
        if not isinstance(value, list) or len(value) != players:
            raise SetupError(f"investigators: give one per player ({players}), null for the deck's own (MY-2.1)")
        pool, out = self.pool, list[int | None]()
        for k, ref in enumerate(value):
            if ref is None:
                out.append(None)
                continue
            try:
                i = ref if type(ref) is int else pool.index(str(ref))
            except (KeyError, ValueError) as err:
                raise SetupError(f"investigator {k + 1}: {err}") from None
            if not 0 <= i < len(pool) or pool.defs[i].type != "investigator":
                raise SetupError(f"investigator {k + 1}: {ref!r} is not an investigator card (MY-2.1)")
            out.append(i)
        return out

    def _checked(self, deck: Mapping[str, Any]) -> list[str]:
        key = (deck["name"], deck["investigator"], tuple(deck["cards"]))
        if key not in self._problems:
            if len(self._problems) >= 512:  # a lab run may build many decks: keep the memo small
                self._problems.clear()
            self._problems[key] = self.deck_problems(deck)
        return list(self._problems[key])

    def parse_options(self, seed: int, players: int, options: Mapping[str, Any] | None) -> dict[str, Any]:
        opts = dict(options or {})
        unknown = set(opts) - {"decks", "investigators", "vp_target", "max_turns", "max_rounds"}
        if unknown:
            raise SetupError(f"unknown Mythos option(s): {', '.join(sorted(map(str, unknown)))}")
        chosen = opts.get("decks")
        if chosen is None:
            chosen = self.default_decks(seed, players)
        if not isinstance(chosen, list) or len(chosen) != players:
            raise SetupError(f"decks: give one deck per player ({players}), MY-2.1")
        decks = [self._deck(d, f"deck {k + 1}") for k, d in enumerate(chosen)]
        for k, inv in enumerate(self._investigators(opts.get("investigators"), players)):
            if inv is not None:
                decks[k] = {**decks[k], "investigator": inv}
        problems = [f"deck {k + 1} ({d['name']}): {p}" for k, d in enumerate(decks) for p in self._checked(d)]
        if problems:
            raise SetupError("illegal deck (MY-2): " + "; ".join(problems))
        target = opts.get("vp_target", 20)
        if type(target) is not int or not 1 <= target <= 100:
            raise SetupError("vp_target must be a whole number from 1 to 100 (MY-1.4, default 20)")
        cap = opts.get("max_turns")
        if cap is not None and (type(cap) is not int or not 1 <= cap <= TURN_CAP):
            raise SetupError(f"max_turns must be a whole number from 1 to {TURN_CAP} (MY-5.15)")
        rounds = opts.get("max_rounds", ROUND_CAP)
        if type(rounds) is not int or not 1 <= rounds <= 10 * ROUND_CAP:
            raise SetupError(f"max_rounds must be a whole number from 1 to {10 * ROUND_CAP} (D-MY-71)")
        return {"decks": decks, "vp_target": target, "max_turns": cap, "max_rounds": rounds}

    def new_game(self, seed: int = 0, players: int | None = None, options: Mapping[str, Any] | None = None) -> MyState:
        """MY-4: validate the decks, shuffle, investigators out, first player at random, sides in secret."""
        n = 2 if players is None else players
        if type(n) is not int or not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise SetupError(f"Mythos is for {MIN_PLAYERS} to {MAX_PLAYERS} players (MY-11.1), not {players!r}")
        if type(seed) is not int:
            raise SetupError(f"the seed must be an integer, not {seed!r}")
        opts = self.parse_options(seed, n, options)
        st = MyState.blank(self, seed, n, opts, zones_for(n))
        assert isinstance(st, MyState)
        home = self.pool.regions.index("Lovecraft Country") if "Lovecraft Country" in self.pool.regions else 0
        st.vars.update(side=[-1] * n, sanity=[0] * n, max_mod=[0] * n, skip=[0] * n, had_location=[0] * n,
                       pos_dim=[0] * n, pos_region=[home] * n, pos_sub=[-1] * n, turn_end=[0] * n)  # MY-4.3
        t = st.table
        for p, deck in enumerate(opts["decks"]):
            t.reveal_to_all(t.add(deck["investigator"], p, INV[p]))  # MY-2.1
            t.add_many(deck["cards"], p, DECK[p])
            t.shuffle(DECK[p], st.rng)  # MY-4.2
        first = st.rng.below(n)  # MY-4.4
        st.vars["first"] = st.vars["active"] = first
        st.note("first_player", {"player": first})
        st.push("my.setup")
        st.start()
        return st

    def card_catalog(self) -> dict[str, Any]:
        cards = []
        for d in self.pool.defs:
            entry: dict[str, Any] = {"index": d.index, "id": d.id, "name": d.title, "type": d.type,
                                     "sanity_mod": d.sanity_mod, "dimension": d.dimension, "text": d.text,
                                     "combat": d.combat, "region": d.region, "victory_points": d.victory_points,
                                     "capacity": d.capacity if d.type == "tome" else 0, "language": d.language}
            if d.type == "investigator":
                entry["sides"] = [s.model_dump() for s in d.sides]
            cards.append(entry)
        return self.mark_custom({"cards": cards, "characters": []})

    def check_card_data(self) -> list[str]:
        """Effects the rules do not run. Every MY-12.1 trigger is carried out (``play.py``: on_play,
        on_arrive; ``effects.py``: static; ``triggers.py``: the round's slots and the event triggers); an
        ``activated`` effect is what a spell does when cast, so on any other card it would never run."""
        out = []
        for d in self.pool.defs:
            for e in d.effects:
                if e.trigger == "activated" and d.type != "spell":
                    out.append(f"{d.id}: an activated effect belongs to a spell (abilities are 'abilities')")
        return out


def _players(data: Mapping[str, Any]) -> int:
    from ...core import RecordError

    n = data.get("players") if isinstance(data, Mapping) else None
    if type(n) is not int or not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise RecordError(f"mythos snapshot: players must be {MIN_PLAYERS}..{MAX_PLAYERS}, not {n!r}")
    return n


GAME = Mythos()
DEFINITION = GAME
