"""The effect primitives of the Call of Cthulhu card vocabulary (CC-12.5), made of the terms of
``schema_terms.py``. Split from ``schema.py``, which re-exports every name and holds the abilities and
cards made of these."""

from __future__ import annotations

import sys
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, Discriminator, Field, Tag, field_validator, model_validator

from ...carddata.loader import FieldError
from .schema_terms import *  # noqa: F403 - the terms every primitive is made of
from .schema_terms import _Strict, _disc


# ---- effect primitives (CC-12.5) -----------------------------------------------------------------


class _Effect(_Strict):
    """Base of the primitives (the ``op`` field names one)."""


# Cards & zones
class Draw(_Effect):
    op: Literal["draw"]
    player: WhoOrEach = "you"
    n: Value = 1


class DiscardFromHand(_Effect):
    op: Literal["discard_from_hand"]
    player: WhoOrEach = "opponent"
    n: Value = 1
    chooser: Literal["owner", "opponent", "random"] = "owner"


class Mill(_Effect):
    op: Literal["mill"]
    player: WhoOrEach = "opponent"
    n: Value = 1


class SearchDeck(_Effect):
    op: Literal["search_deck"]
    player: Who = "you"
    filter: Filter
    n: int = Field(1, ge=1)  # up to n matching cards are taken
    to: Literal["hand", "play", "discard"] = "hand"


class LookAtTop(_Effect):
    op: Literal["look_at_top"]
    player: Who = "you"  # whose deck; the ability's controller looks
    n: Value = 1
    reorder: bool = False


class Reveal(_Effect):
    op: Literal["reveal"]
    cards: CardTarget


class ReturnToHand(_Effect):
    op: Literal["return_to_hand"]
    target: CardTarget


class ShuffleIntoDeck(_Effect):
    op: Literal["shuffle_into_deck"]
    target: CardTarget


class PutOnDeck(_Effect):
    op: Literal["put_on_deck"]
    target: CardTarget
    position: Literal["top", "bottom"] = "top"


class PutIntoPlay(_Effect):
    op: Literal["put_into_play"]
    card: CardTarget
    from_: Literal["hand", "deck", "discard", "play"] = Field(alias="from")
    state: Literal["ready", "exhausted", "insane"] = "ready"
    committed_to: StoryTarget | None = None


class ReturnFromDiscard(_Effect):
    op: Literal["return_from_discard"]
    filter: Filter
    to: Literal["hand", "deck_top", "deck_bottom", "play"] = "hand"


# Removal
class Destroy(_Effect):
    op: Literal["destroy"]
    target: CardTarget


class Sacrifice(_Effect):
    op: Literal["sacrifice"]
    target: CardTarget

    @field_validator("target")
    @classmethod
    def _own_cards(cls, target: Any) -> Any:
        if isinstance(target, Filter) and target.controller != "you":
            raise ValueError("sacrifice takes only your own cards: the filter needs controller: you")
        return target


class DiscardFromPlay(_Effect):
    op: Literal["discard_from_play"]
    target: CardTarget


# Characters
class Wound(_Effect):
    op: Literal["wound"]
    target: CardTarget
    n: Value = 1


class Heal(_Effect):
    op: Literal["heal"]
    target: CardTarget
    n: Annotated[Union[Annotated[int, Tag("number")], Annotated[Literal["all", "X"], Tag("name")],
                       Annotated[ValueExpr, Tag("mapping")]], _disc('an int, "X", "all" or a value mapping', ("X", "all"))] = 1


class MoveWound(_Effect):
    op: Literal["move_wound"]
    from_: CardTarget = Field(alias="from")
    to: CardTarget
    n: Value = 1


class DriveInsane(_Effect):
    op: Literal["drive_insane"]
    target: CardTarget


class Restore(_Effect):
    op: Literal["restore"]
    target: CardTarget
    ready: bool = False


class Exhaust(_Effect):
    op: Literal["exhaust"]
    target: CardTarget


class Ready(_Effect):
    op: Literal["ready"]
    target: CardTarget


class Commit(_Effect):
    op: Literal["commit"]
    target: CardTarget
    story: StoryTarget
    exhaust: bool = False


class Uncommit(_Effect):
    op: Literal["uncommit"]
    target: CardTarget


class TakeControl(_Effect):
    op: Literal["take_control"]
    target: CardTarget
    duration: Duration | None = None


# Stats
class ModifySkill(_Effect):
    op: Literal["modify_skill"]
    target: CardTarget
    delta: Value
    duration: Duration | None = None


class SetSkill(_Effect):
    op: Literal["set_skill"]
    target: CardTarget
    value: Value
    duration: Duration | None = None


class ModifyIcons(_Effect):
    op: Literal["modify_icons"]
    target: CardTarget
    icons: list[StruggleType] = Field(min_length=1)
    delta: Value
    duration: Duration | None = None


class ToughnessKeyword(_Strict):
    toughness: int = Field(ge=1)


class SteadfastKeyword(_Strict):
    steadfast: int = Field(ge=1)


def _keyword_shape(value: Any) -> str | None:
    if isinstance(value, str):
        return "name"
    if isinstance(value, dict) and len(value) == 1 and next(iter(value)) in ("toughness", "steadfast"):
        return f"{next(iter(value))}-key"
    return None


Keyword = Annotated[
    Union[Annotated[str, Tag("name")], Annotated[ToughnessKeyword, Tag("toughness-key")],
          Annotated[SteadfastKeyword, Tag("steadfast-key")]],
    Discriminator(_keyword_shape, custom_error_type="keyword",
                  custom_error_message="a keyword is a name (willpower, ...) or {toughness: N} / {steadfast: N}"),
]


def keyword_name(keyword: Any) -> str:
    return keyword if isinstance(keyword, str) else next(iter(type(keyword).model_fields))


def _check_keyword_name(keyword: Any) -> Any:
    if isinstance(keyword, str):
        if keyword == "transient":
            raise ValueError("transient is not listed: a card is Transient when it has two resource_icons (§12.7)")
        if keyword in RESERVED_KEYWORDS:
            raise ValueError(f"{keyword} is reserved and not supported in version 1 (CC-7.23)")
        if keyword in ("toughness", "steadfast"):
            raise ValueError(f"{keyword} needs its number: {{{keyword}: N}}")
        if keyword not in ("willpower", "invulnerability", "fast", "heroic", "villainous", "loyal"):
            raise ValueError(f"unknown keyword {keyword!r}; CC-7.23 lists willpower, invulnerability, "
                             "{toughness: N}, fast, heroic, villainous, loyal, {steadfast: N}")
    return keyword


class GrantKeyword(_Effect):
    op: Literal["grant_keyword"]
    target: CardTarget
    keyword: Keyword
    duration: Duration | None = None

    @field_validator("keyword")
    @classmethod
    def _name_ok(cls, keyword: Any) -> Any:
        return _check_keyword_name(keyword)


class RemoveKeyword(_Effect):
    op: Literal["remove_keyword"]
    target: CardTarget
    keyword: KeywordName
    duration: Duration | None = None


class BlankText(_Effect):
    op: Literal["blank_text"]
    target: CardTarget
    duration: Duration | None = None


class ModifyToughness(_Effect):
    op: Literal["modify_toughness"]
    target: CardTarget
    delta: Value
    duration: Duration | None = None


# Stories
class AddSuccess(_Effect):
    op: Literal["add_success"]
    story: StoryTarget
    side: WhoOrEach = "you"
    n: Value = 1


class RemoveSuccess(_Effect):
    op: Literal["remove_success"]
    story: StoryTarget
    side: WhoOrEach = "opponent"
    n: Value = 1


class MoveSuccess(_Effect):
    op: Literal["move_success"]
    from_story: StoryTarget
    to_story: StoryTarget
    side: Who = "you"  # same side on both stories
    n: Value = 1


class AddBoosters(_Effect):
    op: Literal["add_boosters"]
    story: StoryTarget
    type: StruggleType
    n: Value = 1
    duration: Duration | None = None


class RemoveStruggles(_Effect):
    op: Literal["remove_struggles"]
    story: StoryTarget
    type: StruggleType
    n: Value = 1
    duration: Duration | None = None


class SwapStory(_Effect):
    op: Literal["swap_story"]
    story: StoryTarget


class CountIconsAs(_Effect):
    op: Literal["count_icons_as"]
    type_from: StruggleType
    type_to: StruggleType
    story: StoryTarget
    duration: Duration | None = None

    @model_validator(mode="after")
    def _differ(self) -> "CountIconsAs":
        if self.type_from == self.type_to:
            raise FieldError("type_to", "type_from and type_to are the same")
        return self


# Resources
class AttachAsResource(_Effect):
    op: Literal["attach_as_resource"]
    card: CardTarget
    from_: Literal["hand", "deck", "discard", "play"] = Field(alias="from")
    domain: DomainTarget


class RemoveResource(_Effect):
    op: Literal["remove_resource"]
    card: Filter  # resources: zone resource is implied
    to: Literal["hand", "discard"] = "discard"


class DrainDomain(_Effect):
    op: Literal["drain_domain"]
    domain: DomainTarget


class RefreshDomain(_Effect):
    op: Literal["refresh_domain"]
    domain: DomainTarget


class ModifyCost(_Effect):
    op: Literal["modify_cost"]
    filter: Filter
    delta: Value
    min: Literal[0, 1] = 0  # 1: "minimum 1" (CC-6.10)
    scope: Literal["next", "all"] = "all"
    duration: Duration | None = None


class GrantResourceMatch(_Effect):
    op: Literal["grant_resource_match"]
    filter: Filter
    duration: Duration | None = None


# Control of effects
class Cancel(_Effect):
    op: Literal["cancel"]
    event: Literal["trigger"] = "trigger"  # the event the interrupt names


class Replace(_Effect):
    op: Literal["replace"]
    event: Literal["trigger"] = "trigger"
    effect: "Effects"


class Prevent(_Effect):
    op: Literal["prevent"]
    kind: Literal["commit", "wound", "go_insane", "destroy", "ready", "restore", "play", "leave_play"]
    filter: Filter
    duration: Duration | None = None


class Option(_Strict):
    label: str = Field(min_length=1)
    effect: "Effects"


class ChooseOne(_Effect):
    op: Literal["choose_one"]
    options: list[Option] = Field(min_length=2)


class ForEach(_Effect):
    op: Literal["for_each"]
    filter: Filter  # the current card is ``it`` inside ``effect``
    effect: "Effects"

    @field_validator("filter")
    @classmethod
    def _no_choice(cls, f: Filter) -> Filter:
        if f.choose is not None:
            raise ValueError("for_each goes over every matching card; it cannot choose")
        return f


class If(_Effect):
    op: Literal["if"]
    condition: Condition
    effect: "Effects"
    else_: "Effects | None" = Field(None, alias="else")


class PlaceCounter(_Effect):
    op: Literal["place_counter", "remove_counter"]
    target: CardTarget
    name: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    n: Value = 1


# Game
class ModifyVictoryThreshold(_Effect):
    op: Literal["modify_victory_threshold"]
    player: WhoOrEach = "opponent"
    delta: int
    duration: Duration | None = None


class ExtraResourceAttach(_Effect):
    op: Literal["extra_resource_phase_attach"]
    player: Who = "you"
    n: int = Field(1, ge=1)


Effect = Annotated[
    Union[Draw, DiscardFromHand, Mill, SearchDeck, LookAtTop, Reveal, ReturnToHand, ShuffleIntoDeck, PutOnDeck,
          PutIntoPlay, ReturnFromDiscard, Destroy, Sacrifice, DiscardFromPlay, Wound, Heal, MoveWound, DriveInsane,
          Restore, Exhaust, Ready, Commit, Uncommit, TakeControl, ModifySkill, SetSkill, ModifyIcons, GrantKeyword,
          RemoveKeyword, BlankText, ModifyToughness, AddSuccess, RemoveSuccess, MoveSuccess, AddBoosters,
          RemoveStruggles, SwapStory, CountIconsAs, AttachAsResource, RemoveResource, DrainDomain, RefreshDomain,
          ModifyCost, GrantResourceMatch, Cancel, Replace, Prevent, ChooseOne, ForEach, If, PlaceCounter,
          ModifyVictoryThreshold, ExtraResourceAttach],
    Field(discriminator="op"),
]
# One primitive, or a list of them done in order.
Effects = Annotated[Union[Annotated[Effect, Tag("mapping")], Annotated[list[Effect], Tag("list")]],
                    _disc("an effect {op: ...} or a list of them")]



def _rebuild(models: list[type[BaseModel]]) -> None:
    """Resolve the forward references of the recursive records (``if``, ``for_each``, ...).

    Pydantic builds each not-yet-complete member of a union inside the previous one, so a build can
    nest deeply; the limit is raised for it alone.
    """
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))
    try:
        for model in models:
            model.model_rebuild()
    finally:
        sys.setrecursionlimit(limit)


_rebuild([Replace, Option, ChooseOne, ForEach, If])

# CC-12.5 groups, by op (the coverage test and the rules' compiler read this table).
PRIMITIVE_GROUPS: dict[str, tuple[str, ...]] = {
    "cards_and_zones": ("draw", "discard_from_hand", "mill", "search_deck", "look_at_top", "reveal", "return_to_hand",
                        "shuffle_into_deck", "put_on_deck", "put_into_play", "return_from_discard"),
    "removal": ("destroy", "sacrifice", "discard_from_play"),
    "characters": ("wound", "heal", "move_wound", "drive_insane", "restore", "exhaust", "ready", "commit", "uncommit",
                   "take_control"),
    "stats": ("modify_skill", "set_skill", "modify_icons", "grant_keyword", "remove_keyword", "blank_text",
              "modify_toughness"),
    "stories": ("add_success", "remove_success", "move_success", "add_boosters", "remove_struggles", "swap_story",
                "count_icons_as"),
    "resources": ("attach_as_resource", "remove_resource", "drain_domain", "refresh_domain", "modify_cost",
                  "grant_resource_match"),
    "control": ("cancel", "replace", "prevent", "choose_one", "for_each", "if", "place_counter", "remove_counter"),
    "game": ("modify_victory_threshold", "extra_resource_phase_attach"),
}
# Ops a passive ability may use: the lasting ones (a passive has no moment to draw a card at).
CONTINUOUS_OPS = frozenset({"modify_skill", "set_skill", "modify_icons", "grant_keyword", "remove_keyword",
                            "blank_text", "modify_toughness", "add_boosters", "remove_struggles", "count_icons_as",
                            "modify_cost", "grant_resource_match", "prevent", "modify_victory_threshold", "if"})


def walk_effects(effects: Any) -> list[Any]:
    """Every primitive inside ``effects`` (nested in ``if``, ``for_each``, options, ``replace``)."""
    out: list[Any] = []
    stack = list(effects) if isinstance(effects, list) else [effects]
    while stack:
        e = stack.pop()
        if e is None:
            continue
        if isinstance(e, list):
            stack.extend(e)
            continue
        out.append(e)
        if isinstance(e, (ForEach, If, Replace)):
            stack.append(e.effect)
        if isinstance(e, If):
            stack.append(e.else_)
        if isinstance(e, ChooseOne):
            stack.extend(o.effect for o in e.options)
    return out


def uses_x(node: Any) -> bool:
    """Whether a parsed record refers to the value ``"X"`` anywhere."""
    if node == "X":
        return True
    if isinstance(node, BaseModel):
        return any(uses_x(getattr(node, k)) for k in type(node).model_fields)
    if isinstance(node, (list, tuple)):
        return any(uses_x(v) for v in node)
    return False
