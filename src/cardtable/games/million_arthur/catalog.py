"""The Million Arthur card pool: every set file under ``cards/``, validated and cross-checked.

Checks spanning files (an id used twice, an ``evolves_from`` name that no knight has, MA-15.1) are
made here because one file cannot see the others. ``CardDef`` is the flat, read-only record the rules
read on their hot path (pydantic models stay the file format, not the runtime shape).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Sequence

from ...carddata import load_card_file
from ...carddata.pool import IndexedPool, PoolSource, claim_id
from ...core.errors import CardDataError
from .schema import Ability, CardSet, Effect, KnightCard, LeaderCard

CARDS_DIR = Path(__file__).parent / "cards"


@dataclass(frozen=True, eq=False)
class CardDef:
    """One card as the rules read it; ``index`` is its position in the catalog (``table.defn``)."""

    index: int
    id: str
    name: str
    kind: str  # "knight" | "leader"
    arthur_type: str
    colour: str = "colourless"
    type_restricted: bool = False
    cost: int = 0
    evolves_from: tuple[str, ...] = ()
    evolution_cost: int = 0
    skill: str = "attack"
    skill_value: int = 0
    defence: int = 0
    burst: tuple[Effect, ...] = ()
    abilities: tuple[Ability, ...] = ()
    text: str = ""

    @property
    def has_burst(self) -> bool:
        return bool(self.burst)

    @property
    def can_evolve(self) -> bool:
        return bool(self.evolves_from)


@dataclass(frozen=True, eq=False)
class Pool(IndexedPool):
    """The validated sets, the cards as the rules read them and the indexes over them (``IndexedPool``:
    ``pool[k]``, ``len(pool)``, ``pool.index(id or name)``)."""

    NAMES = "by_name"
    GAME_NAME = "Million Arthur"
    sets: tuple[CardSet, ...]
    defs: tuple[CardDef, ...]
    by_id: dict[str, int]
    by_name: dict[str, int]

    def attributes(self) -> dict[str, dict[str, Any]]:
        """Plain attributes by id for the game-agnostic deck rules (``carddata.deckrules``)."""
        out: dict[str, dict[str, Any]] = {}
        for d in self.defs:
            out[d.id] = {"id": d.id, "title": d.name, "kind": d.kind, "arthur_type": d.arthur_type,
                         "burst": d.has_burst,
                         "restriction": d.arthur_type if d.type_restricted else "none"}
        return out


def _def(k: int, card: KnightCard | LeaderCard) -> CardDef:
    if isinstance(card, LeaderCard):
        return CardDef(k, card.id, card.name, "leader", card.arthur_type, abilities=tuple(card.abilities),
                       text=card.text)
    return CardDef(k, card.id, card.name, "knight", card.arthur_type, card.colour, card.type_restricted, card.cost,
                   tuple(card.evolves_from or ()), card.evolution_cost or 0, card.skill, card.skill_value,
                   card.defence, tuple(card.burst.effects) if card.burst else (), tuple(card.abilities), card.text)


def build_pool(paths: Iterable[Path]) -> Pool:
    sets: list[CardSet] = []
    defs: list[CardDef] = []
    by_id: dict[str, int] = {}
    where: dict[str, Path] = {}
    for path in paths:
        card_set = load_card_file(path, CardSet)
        sets.append(card_set)
        for card in card_set.cards:
            claim_id(where, path, card.id)
            by_id[card.id] = len(defs)
            defs.append(_def(len(defs), card))
    knight_names = {d.name for d in defs if d.kind == "knight"}
    for d in defs:
        for source in d.evolves_from:
            if source not in knight_names:
                raise CardDataError(f"{where[d.id]}: card {d.id!r}, field 'evolves_from': no knight is named "
                                    f"{source!r} (MA-15.1)")
    by_name: dict[str, int] = {}
    for d in defs:
        by_name.setdefault(d.name, d.index)
    return Pool(tuple(sets), tuple(defs), by_id, by_name)


SOURCE = PoolSource(CARDS_DIR, build_pool)


def load_pool(extra: Sequence[Path] = ()) -> Pool:
    """The pool shipped with the game (every ``cards/*.yaml`` in name order) followed by the ``extra`` set
    files, cached per list (``carddata.pool``)."""
    return SOURCE.pool(tuple(extra))
