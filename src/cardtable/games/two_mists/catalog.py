"""The Two Mists card catalog: YAML sets loaded, validated and compiled into flat lookup tables.

The rules code works on small integers (character index, card-definition index, card-instance id),
so a state is a handful of int lists that clone in microseconds. This module is the only place that
knows how those integers map to the names in the card files.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from ...carddata import ExpressionCompiler, load_card_file
from ...carddata.expressions import ExpressionError
from ...core.errors import CardDataError
from .schema import ActionCard, CardSet, EquipmentCard

CARDS_DIR = Path(__file__).parent / "cards"
CHARACTER_ORDER = ("monster", "knight", "witch", "saint", "fool")
MONSTER = 0

Evaluator = Callable[[Any], Any]


@dataclass(frozen=True, slots=True)
class CharacterDef:
    index: int
    id: str
    name: str
    players: frozenset[int]
    wrath: bool
    text: str
    goal_front: Evaluator
    goal_back: Evaluator
    goal_front_text: str | None = None  # the goals in words, for the player holding the card
    goal_back_text: str | None = None


@dataclass(frozen=True, slots=True)
class Step:
    """One compiled effect of an action card (TM-14.2)."""

    op: str  # damage | heal | self_damage | extra_action | restrict_next_turn | point_at_monster
    amount: int = 0
    value: Evaluator | None = None  # for self_damage: called with (state, seat)


@dataclass(frozen=True, slots=True)
class CardDef:
    index: int
    id: str
    name: str
    kind: str  # "action" | "equipment"
    forbidden: frozenset[str]
    forbidden_mask: int  # bit i set = character i may not take it (TM-2.6)
    text: str
    steps: tuple[Step, ...]  # actions only
    weapon: bool  # equipment with damage_bonus (TM-8.2)
    poison: bool  # equipment with poison (TM-8.4)
    copies: int

    @property
    def is_equipment(self) -> bool:
        return self.kind == "equipment"


@dataclass(frozen=True, slots=True)
class GoalContext:
    """What a goal condition may ask (TM-14.3): who died, who is alive, player count, world."""

    died: frozenset[str]
    alive: frozenset[str]
    players: int
    world: str  # "front" | "back"


@dataclass(frozen=True, eq=False)
class Catalog:
    characters: tuple[CharacterDef, ...]
    cards: tuple[CardDef, ...]  # by definition index
    instances: tuple[int, ...]  # card-instance id -> definition index
    action_instances: tuple[int, ...]
    equipment_instances: tuple[int, ...]
    set_versions: dict[str, int]

    def character(self, char_id: str) -> CharacterDef:
        return self.characters[CHARACTER_ORDER.index(char_id)]

    def card_id(self, instance: int) -> str:
        return self.cards[self.instances[instance]].id

    def def_index(self, card_id: str) -> int:
        for card in self.cards:
            if card.id == card_id:
                return card.index
        raise KeyError(card_id)

    def characters_for(self, players: int) -> list[int]:
        return [c.index for c in self.characters if players in c.players]


def _player_leaf(name: str, method: str) -> Callable[[Any], Evaluator]:
    def build(arg: Any) -> Evaluator:
        if arg != "self":
            raise ExpressionError(f"{name} takes 'self' (the card's taker), got {arg!r}")
        return lambda ctx: getattr(ctx[0], method)(ctx[1])

    return build


def _char_leaf(name: str, field: str) -> Callable[[Any], Evaluator]:
    def build(arg: Any) -> Evaluator:
        if arg not in CHARACTER_ORDER:
            raise ExpressionError(f"{name} takes a character id ({', '.join(CHARACTER_ORDER)}), got {arg!r}")
        return lambda ctx: arg in getattr(ctx, field)

    return build


def _choice_leaf(field: str, allowed: tuple[Any, ...]) -> Callable[[Any], Evaluator]:
    def build(arg: Any) -> Evaluator:
        if arg not in allowed:
            raise ExpressionError(f"{field} takes one of {allowed}, got {arg!r}")
        return lambda ctx: getattr(ctx, field) == arg

    return build


COMPILER = ExpressionCompiler(
    values={
        "equipment_count": _player_leaf("equipment_count", "equipment_count"),
        "weapon_count": _player_leaf("weapon_count", "weapon_count"),
        "life": _player_leaf("life", "life_of"),
    },
    conditions={
        "died": _char_leaf("died", "died"),
        "alive": _char_leaf("alive", "alive"),
        "player_count": _choice_leaf("players", (3, 4)),
        "world": _choice_leaf("world", ("front", "back")),
    },
)


def _compile(path: Path, card_id: str, field: str, build: Callable[[Any], Evaluator], node: Any) -> Evaluator:
    try:
        return build(node)
    except ExpressionError as err:
        raise CardDataError(f"{path}: card {card_id!r}, field {field!r}: {err}") from None


def compile_sets(paths: list[Path]) -> Catalog:
    """Load and compile every set file; raises ``CardDataError`` with file, card and field."""
    characters: list[CharacterDef] = []
    cards: list[CardDef] = []
    versions: dict[str, int] = {}
    for path in paths:
        card_set = load_card_file(path, CardSet)
        versions[card_set.set] = card_set.version
        for ch in card_set.characters:
            characters.append(CharacterDef(
                CHARACTER_ORDER.index(ch.id), ch.id, ch.name, frozenset(ch.players), ch.wrath, ch.text,
                _compile(path, ch.id, "goal_front", COMPILER.condition, ch.goal_front),
                _compile(path, ch.id, "goal_back", COMPILER.condition, ch.goal_back),
                ch.goal_front_text, ch.goal_back_text,
            ))
        set_cards: list[ActionCard | EquipmentCard] = [*card_set.actions, *card_set.equipment]
        for card in set_cards:
            cards.append(_card_def(path, len(cards), card))
    characters.sort(key=lambda c: c.index)
    missing = [c for c in CHARACTER_ORDER if c not in {ch.id for ch in characters}]
    if missing:
        raise CardDataError(f"{', '.join(str(p) for p in paths)}: no character card for {', '.join(missing)}")
    action_instances: list[int] = []
    equipment_instances: list[int] = []
    instances: list[int] = []
    for card_def in cards:
        for _ in range(card_def.copies):
            (equipment_instances if card_def.is_equipment else action_instances).append(len(instances))
            instances.append(card_def.index)
    return Catalog(tuple(characters), tuple(cards), tuple(instances), tuple(action_instances),
                   tuple(equipment_instances), versions)


def _card_def(path: Path, index: int, card: ActionCard | EquipmentCard) -> CardDef:
    mask = sum(1 << CHARACTER_ORDER.index(c) for c in set(card.forbidden))
    if isinstance(card, ActionCard):
        steps = tuple(
            Step(e.op, getattr(e, "amount", 0) if e.op != "self_damage" else 0,
                 _compile(path, card.id, "effects.amount", COMPILER.value, e.amount) if e.op == "self_damage" else None)
            for e in card.effects
        )
        return CardDef(index, card.id, card.name, "action", frozenset(card.forbidden), mask, card.text, steps, False, False, card.copies)
    ops = {p.op for p in card.passive}
    return CardDef(index, card.id, card.name, "equipment", frozenset(card.forbidden), mask, card.text, (),
                   "damage_bonus" in ops, "poison" in ops, card.copies)


@lru_cache(maxsize=1)
def default_catalog() -> Catalog:
    return compile_sets(sorted(CARDS_DIR.glob("*.yaml")))
