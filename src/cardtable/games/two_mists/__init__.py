"""Two Mists (2つの霧, a_boost games 2019): a hidden-identity card game for 3–4 players.

Rules as implemented: ``docs/rules/two-mists.md``. ``GAME`` is the module's entry point.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ...core import Event, GameDefinition, GameInfo, OutcomeTag, Rng, SetupError
from .catalog import CHARACTER_ORDER, Catalog, default_catalog
from .rules import EMPTY, START_LIFE, ActionTable, MistsState, SLOTS

GAME_VERSION = "1"


class MistsOptions(BaseModel):
    """Table options; anything unknown is refused with a readable message, and nothing is coerced
    (``"turn_cap": true`` or ``"50"`` is an error, not 1 or 50)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    turn_cap: int = Field(300, ge=1, le=10_000, description="TM-5.8 safety cap")


class TwoMists(GameDefinition):
    info = GameInfo("two-mists", "Two Mists", 3, 4, GAME_VERSION)

    def __init__(self, catalog: Catalog | None = None) -> None:
        self._catalog = catalog

    @property
    def catalog(self) -> Catalog:
        if self._catalog is None:
            self._catalog = default_catalog()
        return self._catalog

    @property
    def card_set_versions(self) -> dict[str, int]:
        return dict(self.catalog.set_versions)

    def action_table(self, players: int) -> ActionTable:
        return _action_table(self.catalog, players)

    def parse_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        try:
            return MistsOptions.model_validate(dict(options or {})).model_dump()
        except ValidationError as err:
            problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'options'}: {e['msg']}" for e in err.errors())
            raise SetupError(f"invalid Two Mists options: {problems}") from None
        except (TypeError, ValueError) as err:
            raise SetupError(f"invalid Two Mists options: {err}") from None

    def new_game(self, seed: int = 0, players: int | None = None, options: Mapping[str, Any] | None = None) -> MistsState:
        """TM-4 set-up: deal characters, shuffle both piles, fill the rows, pick the start player."""
        n = 4 if players is None else players
        if not isinstance(n, int) or isinstance(n, bool) or not 3 <= n <= 4:
            raise SetupError(f"Two Mists is for 3 or 4 players, not {players!r}")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SetupError(f"the seed must be an integer, not {seed!r}")
        opts = self.parse_options(options)
        cat = self.catalog
        rng = Rng(seed)
        deck = cat.characters_for(n)  # TM-2.2 / TM-4.1
        rng.shuffle(deck)
        apile = list(cat.action_instances)
        epile = list(cat.equipment_instances)
        rng.shuffle(apile)
        rng.shuffle(epile)
        s = MistsState.__new__(MistsState)
        s.game, s.seed, s.players, s.options = self, seed, n, opts
        s.events, s.history, s._decision, s._outcome = [], [], None, None
        s.cat, s.acts, s.rng = cat, self.action_table(n), rng
        s.chars, s.centre = deck[:n], deck[n]  # TM-4.2
        s.revealed, s.centre_revealed = [False] * n, False
        s.life = [START_LIFE] * n  # TM-4.5
        s.row = [apile.pop(), apile.pop(), apile.pop(), epile.pop(), epile.pop()]  # TM-4.4
        s.apile, s.epile = apile, epile
        s.tableau, s.taken = [[] for _ in range(n)], [[] for _ in range(n)]
        all_chars = sum(1 << c for c in cat.characters_for(n))
        s.possible, s.weapons, s.equip = [all_chars] * n, [0] * n, [0] * n
        s.intimidated, s.restricted = [False] * n, False
        s.start = s.current = rng.below(n)  # TM-4.6
        s.turn, s.card, s.pc, s.extra = 1, EMPTY, 0, 0
        s.pointing, s.pointer, s.dead, s.finisher = [], EMPTY, [], EMPTY
        s.step, s.turn_cap = 0, opts["turn_cap"]
        s.events.append(Event("game_started", {"players": n, "start_player": s.start,
                                               "action_row": [cat.card_id(i) for i in s.row[:3]],
                                               "equipment_row": [cat.card_id(i) for i in s.row[3:]]}))
        for seat in range(n):  # TM-4.3: each looks at their own card
            s.events.append(Event("character_dealt", {"player": seat, "character": CHARACTER_ORDER[s.chars[seat]]},
                                  frozenset((seat,)), {"player": seat}))
        s._begin_turn(s.current)
        return s

    @property
    def outcome_tags(self) -> tuple[OutcomeTag, ...]:
        """What ``cardtable simulate`` tabulates: win rate per character (split by world line), the
        world lines, and how games ended (by the deaths in the outcome)."""
        return _outcome_tags(tuple(c.id for c in self.catalog.characters))

    def card_catalog(self) -> dict[str, Any]:
        """Every character and card as JSON (public data only), from the compiled catalog.

        An effect's ``amount`` is its number when the card file fixes it (``damage``, ``heal``) and
        ``null`` otherwise (no amount, or one computed during play such as Reckless's self-damage).
        ``goal_front_text``/``goal_back_text`` are ``null`` when the card set does not word them.
        """
        cat = self.catalog
        order = {c: i for i, c in enumerate(CHARACTER_ORDER)}
        characters = [{
            "id": ch.id, "name": ch.name, "text": ch.text, "players": sorted(ch.players), "wrath": ch.wrath,
            "goal_front_text": ch.goal_front_text, "goal_back_text": ch.goal_back_text,
        } for ch in cat.characters]
        cards = [{
            "id": c.id, "name": c.name, "kind": c.kind, "forbidden": sorted(c.forbidden, key=order.__getitem__),
            "copies": c.copies, "text": c.text,
            "effects": [{"op": st.op, "amount": st.amount if st.op in _FIXED_AMOUNT_OPS and st.value is None else None}
                        for st in c.steps],
            "weapon": c.weapon, "poison": c.poison,
        } for c in cat.cards]
        return {"characters": characters, "cards": cards}

    def how_to_play(self) -> dict[str, Any]:
        """The rules in plain words plus every character and card of the catalog (``howto.py``)."""
        from .howto import how_to_play

        return how_to_play(self.info.name, self.catalog)

    def check_card_data(self) -> list[str]:
        """Every set loads; every card with text has effects (actions) or a passive (equipment)."""
        problems = []
        for card in self.catalog.cards:
            if card.text and not (card.steps if card.kind == "action" else (card.weapon or card.poison)):
                problems.append(f"{card.id}: has text but no ability")
        for ch in self.catalog.characters:
            if not ch.text:
                problems.append(f"{ch.id}: character without text")
        return problems

    def from_dict(self, data: Mapping[str, Any]) -> MistsState:
        from .snapshot import state_from_dict

        return state_from_dict(self, data)

    def sample_state(self, view: Mapping[str, Any], log: list[dict[str, Any]], seed: int) -> MistsState:
        from .sampling import sample_state

        return sample_state(self, view, log, seed)


_FIXED_AMOUNT_OPS = frozenset({"damage", "heal"})


@lru_cache(maxsize=None)
def _action_table(catalog: Catalog, players: int) -> ActionTable:
    return ActionTable(catalog, players)


GAME = TwoMists()

__all__ = ["GAME", "MistsState", "SLOTS", "TwoMists"]


def _ending(details: Mapping[str, Any]) -> str | None:
    """How a game ended, by its deaths: none (turn cap), one, or two (the Saint's wrath)."""
    died = details.get("died")
    if died is None:
        return None
    return "no death (turn cap)" if not died else "one death" if len(died) == 1 else "two deaths (wrath)"


@lru_cache(maxsize=None)
def _outcome_tags(characters: tuple[str, ...]) -> tuple[OutcomeTag, ...]:
    return (
        OutcomeTag("characters", "Character", "Win rate by character", per_seat=True, order=characters,
                   labels={c: c.capitalize() for c in characters}, split_by="world", column="character"),
        OutcomeTag("world", "World", "By world line", order=("front", "back"),
                   labels={"front": "Front", "back": "Back"}),
        OutcomeTag("ending", "Ending", "How games ended", table="counts", read=_ending),
    )
