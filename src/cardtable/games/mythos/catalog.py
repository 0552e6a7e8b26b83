"""The Mythos card pool: every set file under ``cards/``, validated and cross-checked.

Checks spanning files (an id used twice, a region, language or spell icon that no set declares,
MY-12.10) are made here because one file cannot see the others. ``CardDef`` is the flat, read-only
record the rules read on their hot path (pydantic models stay the file format, not the runtime shape).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Sequence

from ...carddata import load_card_file
from ...carddata.pool import IndexedPool, PoolSource, claim_id
from ...core.errors import CardDataError
from .schema import (Ability, AllOf, AnyCard, AnyOf, AdventureCard, AllyCard, ArtifactCard, Attach, CardFilter, CardSet,
                     DestinationRule, Effect, EventCard, GodCard, InRegion, InvestigatorCard, InvestigatorSide,
                     KnowsLanguage, LocationCard, MonsterCard, NotReq, Requirement, Slot, SpellCard, TomeCard,
                     TravelEventCard, WeaponCard)

CARDS_DIR = Path(__file__).parent / "cards"


@dataclass(frozen=True, eq=False)
class CardDef:
    """One card as the rules read it; ``index`` is its position in the catalog (``table.defn``)."""

    index: int
    id: str
    title: str
    type: str
    subtypes: tuple[str, ...] = ()
    traits: tuple[str, ...] = ()
    unique_dot: bool = False
    dimension: str = "Any"  # MY-6.1.4: WakingWorld for an un-iconed Location or Ally
    requirement: Requirement | None = None
    sanity_mod: int = 0
    effects: tuple[Effect, ...] = ()
    joins: tuple[CardFilter, ...] = ()  # MY-8.2: what this card's text lets it Join
    abilities: tuple[Ability, ...] = ()  # activated abilities (MY-12.2)
    timing: tuple[str, ...] = ()  # MY-12.7 tags of a spell or event (empty: the type's default)
    text: str = ""
    # Location
    region: str = ""
    subregion: str | None = None
    inout: str = "Outside"
    features: frozenset[str] = frozenset()
    gate: bool = False
    # Ally / Monster
    combat: int = 0
    mental_state: str = ""
    languages: tuple[str, ...] = ()
    spellcaster: bool = False
    invisible: bool = False
    # Artifact / Weapon
    attach_to: CardFilter | None = None
    spell_slots: int = 0
    combat_bonus: int = 0
    enchanted: bool = False
    no_location_requirement: bool = False
    # Tome / Spell
    language: str = ""
    spell_icons: tuple[str, ...] = ()
    capacity: int = 1
    ally_holdable: bool = False
    spell_icon: str = ""
    # God
    god_kind: str = ""
    god_requirements: tuple[Slot, ...] = ()
    # Event / Travel Event
    event_kind: str = "instant"
    target: str = "none"
    battle: bool = False
    time_of_day: str | None = None
    departure: Requirement | None = None
    destination: DestinationRule | None = None
    counts_as_location: bool = False
    location_features: frozenset[str] = frozenset()
    # Adventure
    victory_points: int = 0
    slots: tuple[Slot, ...] = ()
    # Investigator
    sides: tuple[InvestigatorSide, ...] = ()


@dataclass(frozen=True, eq=False)
class Pool(IndexedPool):
    """The validated sets, the cards as the rules read them and the indexes over them (``IndexedPool``:
    ``pool[k]``, ``len(pool)``, ``pool.index(id or title)``)."""

    NAMES = "by_title"
    GAME_NAME = "Mythos"
    sets: tuple[CardSet, ...]
    defs: tuple[CardDef, ...]
    by_id: dict[str, int]
    by_title: dict[str, int]
    regions: tuple[str, ...]
    languages: tuple[str, ...]
    spell_icons: tuple[str, ...]
    subregions: tuple[str, ...] = ()

    def attributes(self) -> dict[str, dict[str, Any]]:
        """Plain attributes by id for the game-agnostic deck rules (``carddata.deckrules``)."""
        return {d.id: {"id": d.id, "title": d.title, "type": d.type, "unique_dot": d.unique_dot,
                       "dot_limit": 1 if d.unique_dot else None} for d in self.defs}


def _common(k: int, c: Any, default_dim: str) -> dict[str, Any]:
    return {"index": k, "id": c.id, "title": c.title, "type": c.type, "subtypes": tuple(c.subtypes),
            "traits": tuple(c.traits), "unique_dot": c.unique_dot, "dimension": c.dimension or default_dim,
            "requirement": c.requirements, "sanity_mod": c.sanity_mod, "effects": tuple(c.effects),
            "joins": tuple(c.joins), "abilities": tuple(c.abilities), "timing": tuple(c.timing), "text": c.text}


def _def(k: int, c: AnyCard) -> CardDef:
    if isinstance(c, InvestigatorCard):
        return CardDef(k, c.id, c.title, "investigator", sides=tuple(c.sides), text=c.text)
    if isinstance(c, LocationCard):
        return CardDef(**_common(k, c, "WakingWorld"), region=c.region, subregion=c.subregion, inout=c.inout,
                       features=frozenset(c.features), gate=c.gate)
    if isinstance(c, AllyCard):
        return CardDef(**_common(k, c, "WakingWorld"), combat=c.combat, mental_state=c.mental_state,
                       languages=tuple(c.languages), spellcaster=c.spellcaster)
    common = _common(k, c, "Any")
    if isinstance(c, TravelEventCard):
        return CardDef(**common, departure=c.departure_requirement, destination=c.destination_rule,
                       counts_as_location=c.counts_as_location, location_features=frozenset(c.location_features))
    if isinstance(c, ArtifactCard):
        return CardDef(**common, attach_to=c.placement.attach if isinstance(c.placement, Attach) else None,
                       spell_slots=c.spell_slots, no_location_requirement=c.no_location_requirement)
    if isinstance(c, WeaponCard):
        return CardDef(**common, combat_bonus=c.combat_bonus, enchanted=c.enchanted,
                       no_location_requirement=c.no_location_requirement)
    if isinstance(c, TomeCard):
        return CardDef(**common, language=c.language, spell_icons=tuple(c.spell_icons), capacity=c.capacity,
                       ally_holdable=c.ally_holdable)
    if isinstance(c, SpellCard):
        return CardDef(**common, spell_icon=c.spell_icon)
    if isinstance(c, MonsterCard):
        return CardDef(**common, combat=c.combat, invisible=c.invisible)
    if isinstance(c, GodCard):
        return CardDef(**common, god_kind=c.god_kind, god_requirements=tuple(c.god_requirements))
    if isinstance(c, EventCard):
        return CardDef(**common, event_kind=c.event_kind, target=c.target, battle=c.battle,
                       time_of_day=c.time_of_day)
    assert isinstance(c, AdventureCard)
    return CardDef(**common, victory_points=c.victory_points, slots=tuple(c.requirement_slots))


def _requirement_names(req: Requirement | None) -> Iterable[tuple[str, str]]:
    """(kind, name) pairs a requirement mentions that the pool must declare."""
    if req is None:
        return
    if isinstance(req, InRegion):
        yield "region", req.region
    elif isinstance(req, KnowsLanguage):
        yield "language", req.knows_language
    elif isinstance(req, (AllOf, AnyOf)):
        for r in (req.all if isinstance(req, AllOf) else req.any):
            yield from _requirement_names(r)
    elif isinstance(req, NotReq):
        yield from _requirement_names(req.not_)


def _card_names(d: CardDef) -> Iterable[tuple[str, str, str]]:
    """(field, kind, name) for every pool-declared name a card uses."""
    if d.type == "location":
        yield "region", "region", d.region
    for lang in d.languages:
        yield "languages", "language", lang
    for side in d.sides:
        for lang in side.languages:
            yield "sides.languages", "language", lang
    if d.language:
        yield "language", "language", d.language
    for icon in d.spell_icons:
        yield "spell_icons", "spell icon", icon
    if d.spell_icon:
        yield "spell_icon", "spell icon", d.spell_icon
    for kind, name in _requirement_names(d.requirement):
        yield "requirements", kind, name
    for kind, name in _requirement_names(d.departure):
        yield "departure_requirement", kind, name
    if d.destination is not None and isinstance(d.destination.regions, list):
        for r in d.destination.regions:
            yield "destination_rule.regions", "region", r
    for eff in d.effects:
        for prim in eff.do:
            if prim.op == "grant_language":
                yield "effects", "language", prim.language
    for slot in d.slots + d.god_requirements:
        if slot.filter.region:
            yield "requirement_slots", "region", slot.filter.region


def build_pool(paths: Iterable[Path]) -> Pool:
    sets: list[CardSet] = []
    defs: list[CardDef] = []
    by_id: dict[str, int] = {}
    where: dict[str, Path] = {}
    regions: list[str] = []
    languages: list[str] = []
    icons: list[str] = []
    for path in paths:
        card_set = load_card_file(path, CardSet)
        sets.append(card_set)
        regions += [r for r in card_set.regions if r not in regions]
        languages += [r for r in card_set.languages if r not in languages]
        icons += [r for r in card_set.spell_icons if r not in icons]
        for card in card_set.cards:
            claim_id(where, path, card.id)
            by_id[card.id] = len(defs)
            defs.append(_def(len(defs), card))
    known = {"region": set(regions), "language": set(languages), "spell icon": set(icons)}
    for d in defs:
        for field, kind, name in _card_names(d):
            if name not in known[kind]:
                raise CardDataError(f"{where[d.id]}: card {d.id!r}, field {field!r}: no set declares the {kind} "
                                    f"{name!r} (MY-12.10)")
    by_title: dict[str, int] = {}
    for d in defs:
        by_title.setdefault(d.title, d.index)
    subregions = sorted({d.subregion for d in defs if d.subregion})
    return Pool(tuple(sets), tuple(defs), by_id, by_title, tuple(regions), tuple(languages), tuple(icons),
                tuple(subregions))


SOURCE = PoolSource(CARDS_DIR, build_pool)


def load_pool(extra: Sequence[Path] = ()) -> Pool:
    """The pool shipped with the game (every ``cards/*.yaml`` in name order) followed by the ``extra`` set
    files, cached per list (``carddata.pool``)."""
    return SOURCE.pool(tuple(extra))
