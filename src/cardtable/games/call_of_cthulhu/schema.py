"""The schema of a Call of Cthulhu card set file (CC-12.7) and its ability vocabulary (CC-12.1–12.6).

The vocabulary is closed: every ability kind, trigger event, cost, effect primitive, filter key,
value, condition, duration and limit the rules engine can compile is a model here, every key is
known (``extra="forbid"``) and every value strictly typed (no coercion: ``"2"`` is not a number and
``1`` is not ``true``). A card the rules could not run is therefore refused when the file is loaded,
with the file, card and field named (``cardtable.carddata.load_card_file``), not discovered in play.

Shapes, in brief (YAML):

* ability: ``{kind, trigger?, condition?, cost?: [..], limit?, zone?, effect}``; ``effect`` is one
  primitive ``{op: ..., ...}`` or a list of them (done in order); ``then`` (same shape) is done only
  if ``effect`` fully succeeded (CC-12.4).
* card target: ``self`` | ``host`` | ``event_card`` | ``it`` (the card ``for_each`` is at) | a filter
  such as ``{choose: 1, type: character, controller: opponent, committed: true}``. A filter without
  ``choose`` means every matching card (untargeted, CC-12.6).
* value: an int, ``"X"``, or one of ``{count: FILTER}``, ``{tokens: {story, side}}``,
  ``{resources: {player, faction?}}``, ``{won_stories: P}``, ``{hand_size: P}``,
  ``{overpaid: true}``, with an optional ``times`` multiplier.
* cost: ``exhaust_self`` (a bare name) or ``{pay: 2}`` (a one-key mapping), CC-12.4.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal, Union

from pydantic import BaseModel, Discriminator, Field, Tag, field_validator, model_validator

from ...carddata.loader import FieldError
from ...carddata.pool import SetHeader
from .schema_terms import *  # noqa: F403 - re-exported: callers read the whole vocabulary here
from .schema_effects import *  # noqa: F403
from .schema_terms import _Strict, _disc
from .schema_effects import _check_keyword_name, _rebuild


# ---- abilities (CC-12.1) -------------------------------------------------------------------------


class Ability(_Strict):
    kind: AbilityKind
    trigger: Trigger | None = None
    condition: Condition | None = None
    cost: list[Cost] = []
    limit: Limit | None = None
    zone: Literal["play", "hand", "discard"] = "play"  # where it works from (CC-12.1)
    effect: Effects
    then: Effects | None = None  # CC-12.4: done only if ``effect`` fully succeeded

    @model_validator(mode="after")
    def _kind_rules(self) -> "Ability":
        triggered = self.kind in ("reaction", "forced", "interrupt")
        if triggered and self.trigger is None:
            raise FieldError("trigger", f"a {self.kind} ability needs a trigger (CC-12.3)")
        if not triggered and self.trigger is not None:
            raise FieldError("trigger",
                             f"a {self.kind} ability has no trigger; reactions, forced effects and interrupts do")
        if self.kind == "passive" and (self.cost or self.limit or self.then):
            raise FieldError("cost" if self.cost else "limit" if self.limit else "then",
                             "a passive ability has no cost, limit or then")
        ops = [e.op for e in walk_effects([self.effect, self.then])]
        if self.kind != "interrupt" and any(op in ("cancel", "replace") for op in ops):
            raise FieldError("kind", "cancel and replace are for interrupt abilities only (CC-12.5)")
        if self.kind == "passive":
            top = self.effect if isinstance(self.effect, list) else [self.effect]
            bad = [e.op for e in top if e.op not in CONTINUOUS_OPS]
            if bad:
                raise FieldError("effect",
                                 f"a passive ability can only make lasting changes; {bad[0]} happens at a moment "
                                 "(use a forced or reaction ability)")
        if self.limit == "limit_1_per_turn" and self.zone == "play":
            raise FieldError("limit", "limit_1_per_turn is for abilities used from out of play (CC-12.6); "
                             "use once_per_turn")
        return self


class WinEffect(_Strict):
    """A story's win effect (CC-7.3): mandatory unless ``optional`` ("may")."""

    kind: Literal["win_effect"] = "win_effect"
    optional: bool = False
    condition: Condition | None = None
    effect: Effects
    then: Effects | None = None


# ---- cards (CC-12.7) -----------------------------------------------------------------------------

CardId = Annotated[str, Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_-]*$", max_length=40)]


class Icons(_Strict):
    terror: int = Field(default=0, ge=0)
    combat: int = Field(default=0, ge=0)
    arcane: int = Field(default=0, ge=0)
    investigation: int = Field(default=0, ge=0)

    def total(self) -> int:
        return self.terror + self.combat + self.arcane + self.investigation


class _DeckCard(_Strict):
    """Fields every deck card has (§12.7). Field order matters: later validators read earlier ones."""

    is_character: ClassVar[bool] = False

    id: CardId
    title: str = Field(min_length=1)
    faction: Faction
    cost: Annotated[Union[Annotated[int, Tag("number")], Annotated[Literal["X"], Tag("name")]], _disc('an int ≥ 0 or "X"', ("X",))]
    resource_icons: list[Faction] | None = Field(None, min_length=1, max_length=2)
    unique: bool = False
    subtypes: list[str] = []
    keywords: list[Keyword] = []
    abilities: list[Ability] = []
    text: str = ""
    flavor: str | None = None
    set: str | None = None
    max_copies: int = Field(MAX_COPIES_PER_TITLE, ge=1, le=MAX_COPIES_PER_TITLE)

    @field_validator("cost")
    @classmethod
    def _cost_ok(cls, cost: Any) -> Any:
        if isinstance(cost, int) and cost < 0:
            raise ValueError("a cost is at least 0")
        return cost

    @field_validator("keywords")
    @classmethod
    def _keywords_ok(cls, keywords: list[Any], info: Any) -> list[Any]:
        names = [keyword_name(_check_keyword_name(k)) for k in keywords]
        for name in names:
            if names.count(name) > 1:
                raise ValueError(f"keyword {name} is listed twice")
        if "heroic" in names and "villainous" in names:
            raise ValueError("a card cannot be both heroic and villainous (CC-7.23)")
        if info.data.get("faction") == "neutral" and ({"loyal", "steadfast"} & set(names)):
            raise ValueError("a neutral card cannot have loyal or steadfast: there is no faction to count (CC-6.7)")
        if not cls.is_character:
            misplaced = sorted(CHARACTER_KEYWORDS & set(names))
            if misplaced:
                raise ValueError(f"{misplaced[0]} is a character keyword (CC-7.23)")
        return keywords

    @field_validator("abilities")
    @classmethod
    def _no_win_effects(cls, abilities: list[Ability]) -> list[Ability]:
        if any(a.kind == "win_effect" for a in abilities):
            raise ValueError("only stories have win effects (CC-7.3)")
        return abilities

    @model_validator(mode="after")
    def _x_has_a_source(self) -> "_DeckCard":
        if self.cost != "X" and getattr(self, "skill", None) != "X" and uses_x(self.abilities):
            raise FieldError("cost", 'abilities use "X" but neither cost nor skill is X, so X would always be 0')
        return self

    @property
    def resources(self) -> list[str]:
        """The resource icons this card gives as a resource (CC-11.3): printed, else its faction."""
        return list(self.resource_icons) if self.resource_icons is not None else [self.faction]

    @property
    def transient(self) -> bool:
        """CC-6.13: a card with two resource icons is Transient (derived, never listed)."""
        return len(self.resources) == 2

    def keyword_names(self) -> list[str]:
        return [keyword_name(k) for k in self.keywords] + (["transient"] if self.transient else [])


class CharacterCard(_DeckCard):
    is_character: ClassVar[bool] = True

    type: Literal["character"]
    skill: Annotated[Union[Annotated[int, Tag("number")], Annotated[Literal["X"], Tag("name")]], _disc('an int ≥ 0 or "X"', ("X",))]
    icons: Icons = Icons()
    boosters: Icons = Icons()

    @field_validator("skill")
    @classmethod
    def _skill_ok(cls, skill: Any) -> Any:
        if isinstance(skill, int) and skill < 0:
            raise ValueError("a skill is at least 0")
        return skill


class SupportCard(_DeckCard):
    type: Literal["support"]
    attach_to: Filter | None = None
    boosters: Icons = Icons()

    @field_validator("attach_to")
    @classmethod
    def _host_ok(cls, host: Filter | None) -> Filter | None:
        if host is not None and (host.choose is not None or host.zone not in (None, "play")):
            raise ValueError("attach_to names a kind of host in play; it does not choose")
        return host


_EVENT_TRIGGER = r"^(action|(reaction|interrupt):[a-z_]+)$"


class EventCard(_DeckCard):
    type: Literal["event"]
    trigger: str = Field(pattern=_EVENT_TRIGGER)
    abilities: list[Ability] = Field(min_length=1, max_length=1)

    @field_validator("trigger")
    @classmethod
    def _known_event(cls, trigger: str) -> str:
        if ":" in trigger and trigger.split(":", 1)[1] not in TRIGGER_EVENTS:
            raise ValueError(f"unknown trigger event {trigger.split(':', 1)[1]!r} (CC-12.3)")
        return trigger

    @model_validator(mode="after")
    def _ability_matches_trigger(self) -> "EventCard":
        ability = self.abilities[0]
        kind, _, event = self.trigger.partition(":")
        if ability.kind != kind:
            raise FieldError("abilities[0].kind",
                             f"the event's trigger is {self.trigger} but its ability is of kind {ability.kind}")
        if event and (ability.trigger is None or ability.trigger.event != event):
            raise FieldError("abilities[0].trigger",
                             f"the event's trigger is {self.trigger} but its ability triggers on "
                             f"{ability.trigger.event if ability.trigger else 'nothing'}")
        return self


class StoryCard(_Strict):
    id: CardId
    title: str = Field(min_length=1)
    type: Literal["story"]
    set: str | None = Field(None, min_length=1)  # the story set (CC-2.5); default: the file's ``set``
    struggles: Icons = Icons(terror=1, combat=1, arcane=1, investigation=1)
    win_effect: WinEffect | None = None
    passive: list[Ability] | None = None
    text: str = ""  # display only (an extension of §12.7: the table shows it)
    flavor: str | None = None

    @field_validator("passive")
    @classmethod
    def _passive_only(cls, abilities: list[Ability] | None) -> list[Ability] | None:
        if abilities and any(a.kind != "passive" for a in abilities):
            raise ValueError("a story's passive holds passive abilities only (CC-7.3)")
        return abilities


class DomainCard(_Strict):
    id: CardId
    title: str = Field(min_length=1)
    type: Literal["domain"]


def _card_type(value: Any) -> str | None:
    return value.get("type") if isinstance(value, dict) and isinstance(value.get("type"), str) else None


AnyCard = Annotated[
    Union[Annotated[CharacterCard, Tag("character")], Annotated[SupportCard, Tag("support")],
          Annotated[EventCard, Tag("event")], Annotated[StoryCard, Tag("story")], Annotated[DomainCard, Tag("domain")]],
    Discriminator(_card_type, custom_error_type="tag:type",  # the loader names the field "type"
                  custom_error_message="type must be one of character, support, event, story, domain"),
]
DeckCard = Union[CharacterCard, SupportCard, EventCard]


class CardSet(SetHeader):
    """One card set file: its name, a version (``SetHeader``), and its cards of every type (§12.7)."""

    cards: list[AnyCard] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique(self) -> "CardSet":
        ids: set[str] = set()
        titles: dict[str, str] = {}
        for card in self.cards:
            if card.id in ids:
                raise FieldError("cards", f"card id {card.id!r} is used twice")
            ids.add(card.id)
            if card.title in titles:
                raise FieldError("cards",
                                 f"cards {titles[card.title]!r} and {card.id!r} share the title {card.title!r}; "
                                 "titles name cards in deck lists and count copies, so they are unique")
            titles[card.title] = card.id
        return self


_rebuild([m for m in list(globals().values())
          if isinstance(m, type) and issubclass(m, BaseModel) and m.__module__ == __name__])
