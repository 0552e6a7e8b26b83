"""The schema of Two Mists card files (TM-14): every key is known, every value typed.

Unknown keys are refused (``extra="forbid"``) so a typo in a card file is an error at load time,
not a card that silently does nothing.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, model_validator

CharacterId = Literal["monster", "knight", "witch", "saint", "fool"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class DamageEffect(_Strict):
    op: Literal["damage"]
    target: Literal["other"] = "other"
    amount: int = Field(ge=0)


class HealEffect(_Strict):
    op: Literal["heal"]
    target: Literal["any"] = "any"
    amount: int = Field(ge=0)


class SelfDamageEffect(_Strict):
    op: Literal["self_damage"]
    amount: Any  # a value expression, compiled (and checked) by the catalog


class ExtraActionEffect(_Strict):
    op: Literal["extra_action"]
    count: Literal[1] = 1
    optional: Literal[True] = True


class RestrictEffect(_Strict):
    op: Literal["restrict_next_turn"]
    target: Literal["other"] = "other"
    only: Literal["equipment"] = "equipment"


class PointEffect(_Strict):
    op: Literal["point_at_monster"]


Effect = Annotated[
    Union[DamageEffect, HealEffect, SelfDamageEffect, ExtraActionEffect, RestrictEffect, PointEffect],
    Field(discriminator="op"),
]


class DamageBonus(_Strict):
    op: Literal["damage_bonus"]
    amount: Literal[1] = 1


class Poison(_Strict):
    op: Literal["poison"]
    amount: Literal[1] = 1
    when: Literal["own_turn_start"] = "own_turn_start"
    from_: Literal["next_own_turn"] = Field("next_own_turn", alias="from")
    floor: Literal[1] = 1


Passive = Annotated[Union[DamageBonus, Poison], Field(discriminator="op")]


class CharacterCard(_Strict):
    id: CharacterId
    name: str
    players: list[Literal[3, 4]] = Field(min_length=1)
    wrath: bool = False
    text: str
    goal_front: Any
    goal_back: Any
    # The goals per world in words, for the player holding the card. Optional: ``text`` (required)
    # already states them, so a set may leave these out and clients then show ``text`` alone.
    goal_front_text: str | None = None
    goal_back_text: str | None = None


class ActionCard(_Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    kind: Literal["action"] = "action"
    forbidden: list[CharacterId] = []
    copies: int = Field(ge=1, le=20)
    text: str
    effects: list[Effect] = Field(min_length=1)


class EquipmentCard(_Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    kind: Literal["equipment"] = "equipment"
    forbidden: list[CharacterId] = []
    copies: int = Field(ge=1, le=20)
    text: str
    passive: list[Passive] = Field(min_length=1)


class CardSet(_Strict):
    set: str
    version: int = Field(ge=1)
    characters: list[CharacterCard] = []
    actions: list[ActionCard] = []
    equipment: list[EquipmentCard] = []

    @model_validator(mode="after")
    def _unique_ids(self) -> "CardSet":
        seen: set[str] = set()
        cards: list[CharacterCard | ActionCard | EquipmentCard] = [*self.characters, *self.actions, *self.equipment]
        for card in cards:
            if card.id in seen:
                raise ValueError(f"card id {card.id!r} is used twice")
            seen.add(card.id)
        return self
