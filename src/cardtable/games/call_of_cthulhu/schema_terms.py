"""The terms of the Call of Cthulhu card vocabulary (CC-12.3–12.6): names, filters, values, conditions,
durations, triggers and costs. Split from ``schema.py`` (which re-exports every name and holds the
abilities and cards) and read by ``schema_effects.py`` (the effect primitives); it reads neither."""

from __future__ import annotations

from typing import Annotated, Any, Callable, Literal, Union

from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag, model_validator

from ...carddata.loader import FieldError


# ---- names ---------------------------------------------------------------------------------------

MAX_COPIES_PER_TITLE = 4

Faction = Literal["agency", "miskatonic", "syndicate", "cthulhu", "hastur", "yog_sothoth", "shub_niggurath",
                  "neutral"]
FACTIONS: tuple[str, ...] = ("agency", "miskatonic", "syndicate", "cthulhu", "hastur", "yog_sothoth",
                             "shub_niggurath", "neutral")
StruggleType = Literal["terror", "combat", "arcane", "investigation"]
STRUGGLES: tuple[str, ...] = ("terror", "combat", "arcane", "investigation")
CardType = Literal["character", "support", "event", "story"]
Phase = Literal["refresh", "draw", "resource", "operations", "story", "end_of_turn"]
Who = Literal["you", "opponent"]
WhoOrEach = Literal["you", "opponent", "each"]
WhoOrAny = Literal["you", "opponent", "any"]
CardState = Literal["ready", "exhausted", "insane", "committed", "uncommitted", "attached", "wounded",
                    "attacking", "defending"]
Zone = Literal["play", "hand", "deck", "discard", "resource"]
# CC-7.23: the supported keywords by name (as filters and keyword effects name them).
KeywordName = Literal["willpower", "invulnerability", "toughness", "fast", "heroic", "villainous", "loyal",
                      "steadfast", "transient"]
SimpleKeyword = Literal["willpower", "invulnerability", "fast", "heroic", "villainous", "loyal"]
CHARACTER_KEYWORDS = frozenset({"willpower", "invulnerability", "toughness", "fast", "heroic", "villainous"})
# CC-7.23: names reserved for later versions; a card using one is refused rather than silently inert.
RESERVED_KEYWORDS = frozenset({"resilient", "fated", "dormant", "zoog", "doomed", "immune"})
Limit = Literal["once_per_turn", "once_per_phase", "once_per_story", "limit_1_per_turn"]
AbilityKind = Literal["passive", "action", "reaction", "forced", "interrupt", "win_effect"]
Duration_ = Literal["until_end_of_phase", "until_end_of_turn", "until_end_of_story", "while_attached",
                    "while_committed", "while_in_play", "permanent"]
CardRef = Literal["self", "host", "event_card", "it"]
StoryRef = Literal["source_story", "this_story", "event_story"]
StoryRefOrEach = Literal["source_story", "this_story", "event_story", "each"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


def _shape(value: Any) -> str | None:
    """Discriminator for "scalar or mapping or list" unions: one member is tried, so an error names
    one problem instead of one per member."""
    if isinstance(value, bool):
        return "flag"
    if isinstance(value, int):
        return "number"
    if isinstance(value, str):
        return "name"
    if isinstance(value, dict):
        return "mapping"
    if isinstance(value, list):
        return "list"
    return None


def _one_key(names: tuple[str, ...]) -> Callable[[Any], str | None]:
    """Discriminator for one-key mappings (``{pay: 2}``) and bare names (``exhaust_self``)."""

    def pick(value: Any) -> str | None:
        if isinstance(value, str):
            return "bare" if value in names else None
        if isinstance(value, dict) and len(value) == 1:
            key = next(iter(value))
            return f"{key}-key" if key in names else None
        return None

    return pick


def _disc(what: str, names: tuple[str, ...] | None = None) -> Discriminator:
    """A shape discriminator; with ``names``, only those strings are accepted as names (so ``"2"``
    for a number is refused as "expected ...", not as "should be 'X'")."""

    def pick(value: Any) -> str | None:
        tag = _shape(value)
        return None if tag == "name" and names is not None and value not in names else tag

    return Discriminator(pick, custom_error_type="shape", custom_error_message=f"expected {what}")


# ---- filters (CC-12.6) ---------------------------------------------------------------------------


class Range(_Strict):
    """A numeric comparison: ``{min: 2}``, ``{max: 1}`` or both (a bare int means exactly that)."""

    min: int | None = None
    max: int | None = None

    @model_validator(mode="after")
    def _some_bound(self) -> "Range":
        if self.min is None and self.max is None:
            raise FieldError("min", "a range needs min, max or both")
        if self.min is not None and self.max is not None and self.min > self.max:
            raise FieldError("min", "min is above max")
        return self


Number = Annotated[Union[Annotated[int, Tag("number")], Annotated[Range, Tag("mapping")]],
                   _disc("a number or a range {min, max}")]


class IconCounts(_Strict):
    terror: Number | None = None
    combat: Number | None = None
    arcane: Number | None = None
    investigation: Number | None = None


CardTypes = Annotated[Union[Annotated[CardType, Tag("name")], Annotated[list[CardType], Tag("list")]],
                      _disc("a card type or a list of them")]
Factions = Annotated[Union[Annotated[Faction, Tag("name")], Annotated[list[Faction], Tag("list")]],
                     _disc("a faction or a list of them")]
CardStates = Annotated[Union[Annotated[CardState, Tag("name")], Annotated[list[CardState], Tag("list")]],
                       _disc("a card state or a list of them")]
KeywordNames = Annotated[Union[Annotated[KeywordName, Tag("name")], Annotated[list[KeywordName], Tag("list")]],
                         _disc("a keyword or a list of them")]


class Filter(_Strict):
    """Which cards: every stated key must hold. With ``choose`` the effect targets that many (exactly,
    or ``up_to``); ``chooser`` says who picks; ``select`` picks the lowest/highest skill (ties: the
    effect's controller chooses). ``zone`` defaults to in play."""

    choose: int | None = Field(None, ge=1)
    up_to: bool = False
    chooser: Who = "you"
    select: Literal["lowest_skill", "highest_skill"] | None = None
    type: CardTypes | None = None
    faction: Factions | None = None
    not_faction: Factions | None = None
    subtype: str | None = None
    title: str | None = None
    unique: bool | None = None
    controller: WhoOrAny | None = None
    owner: WhoOrAny | None = None
    zone: Zone | None = None
    state: CardStates | None = None
    committed: bool | None = None
    committed_to: StoryRef | None = None
    attached_to: Literal["self", "host"] | None = None
    cost: Number | None = None
    skill: Number | None = None
    icons: IconCounts | None = None
    wounds: Number | None = None
    has_keyword: KeywordNames | None = None
    lacks_keyword: KeywordNames | None = None
    not_self: bool = False

    @model_validator(mode="after")
    def _choice_words(self) -> "Filter":
        if self.choose is None and (self.up_to or self.chooser != "you"):
            raise FieldError("choose", "up_to and chooser only go with choose")
        if self.zone in ("hand", "deck", "discard") and self.controller is not None:
            raise FieldError("controller",
                             f"a card in a {self.zone} has an owner, not a controller (CC-3.4): use owner")
        return self


CardTarget = Annotated[Union[Annotated[CardRef, Tag("name")], Annotated[Filter, Tag("mapping")]],
                       _disc("self, host, event_card, it or a filter mapping")]


class StoryChoice(_Strict):
    """Stories in the row: ``{choose: 1, with_committed: you}``; without ``choose``, every match."""

    choose: int | None = Field(None, ge=1)
    up_to: bool = False
    chooser: Who = "you"
    with_committed: WhoOrAny | None = None  # a story where that player has a committed character
    tokens: Literal["you", "opponent"] | None = None  # whose side ``token_count`` counts
    token_count: Number | None = None
    not_this: bool = False  # other than this story / the source's story

    @model_validator(mode="after")
    def _pairs(self) -> "StoryChoice":
        if (self.tokens is None) != (self.token_count is None):
            raise FieldError("token_count", "tokens and token_count go together")
        return self


StoryTarget = Annotated[Union[Annotated[StoryRefOrEach, Tag("name")], Annotated[StoryChoice, Tag("mapping")]],
                        _disc("source_story, this_story, event_story, each or a story choice mapping")]


class DomainChoice(_Strict):
    """Domains: ``{choose: 1, controller: you, drained: false}``; without ``choose``, every match."""

    choose: int | None = Field(None, ge=1)
    controller: Who = "you"
    drained: bool | None = None


DomainTarget = Annotated[Union[Annotated[Literal["event_domain"], Tag("name")], Annotated[DomainChoice, Tag("mapping")]],
                         _disc("event_domain or a domain choice mapping")]


# ---- values, conditions, durations ---------------------------------------------------------------


class TokensOf(_Strict):
    story: StoryRef
    side: Who


class ResourcesOf(_Strict):
    player: Who = "you"
    faction: Faction | None = None  # None: every resource card


class ValueExpr(_Strict):
    """A counted value (exactly one source), times an optional multiplier (may be negative)."""

    count: Filter | None = None
    tokens: TokensOf | None = None
    resources: ResourcesOf | None = None
    won_stories: Who | None = None
    hand_size: Who | None = None
    overpaid: Literal[True] | None = None
    counters: str | None = Field(None, pattern=r"^[a-z][a-z0-9_]*$")  # counters of that name on the source
    times: int = 1

    @model_validator(mode="after")
    def _exactly_one(self) -> "ValueExpr":
        given = [k for k in ("count", "tokens", "resources", "won_stories", "hand_size", "overpaid", "counters")
                 if getattr(self, k) is not None]
        if len(given) != 1:
            why = ("a value names exactly one of count, tokens, resources, won_stories, hand_size, overpaid, counters "
                   f"(got {', '.join(given) or 'none'})")
            raise FieldError(given[1], why) if given else ValueError(why)
        if self.count is not None and self.count.choose is not None:
            raise FieldError("count.choose", "a counted filter cannot choose")
        return self


Value = Annotated[Union[Annotated[int, Tag("number")], Annotated[Literal["X"], Tag("name")],
                        Annotated[ValueExpr, Tag("mapping")]],
                  _disc('an int, "X" or a value mapping such as {count: FILTER}', ("X",))]


class Condition(_Strict):
    """Every stated part must hold (CC-12.6). ``value`` is compared with exactly one comparator."""

    phase: Phase | None = None
    active_player: Who | None = None
    self_state: CardState | None = None  # the source card is committed / attacking / ...
    all_controlled: Filter | None = None  # "every card you control matches"
    value: Value | None = None
    at_least: Value | None = None
    at_most: Value | None = None
    equals: Value | None = None
    more_than: Value | None = None
    less_than: Value | None = None
    all_of: list["Condition"] | None = None
    any_of: list["Condition"] | None = None
    not_: "Condition | None" = Field(None, alias="not")

    @model_validator(mode="after")
    def _shape_ok(self) -> "Condition":
        comparators = [k for k in ("at_least", "at_most", "equals", "more_than", "less_than")
                       if getattr(self, k) is not None]
        if self.value is not None and len(comparators) != 1:
            why = "a value condition needs exactly one of at_least, at_most, equals, more_than, less_than"
            raise FieldError(comparators[1], why) if comparators else FieldError("value", why)
        if self.value is None and comparators:
            raise FieldError("value", f"{comparators[0]} needs a value to compare")
        if not self.model_fields_set:
            raise ValueError("an empty condition")
        return self


class WhileCondition(_Strict):
    while_: Condition = Field(alias="while")


Duration = Annotated[Union[Annotated[Duration_, Tag("name")], Annotated[WhileCondition, Tag("mapping")]],
                     _disc("a duration name or {while: CONDITION}")]


# ---- triggers (CC-12.3) --------------------------------------------------------------------------


class _Trigger(_Strict):
    pass


class TurnTrigger(_Trigger):
    event: Literal["turn_start", "turn_end"]
    player: WhoOrAny = "any"  # whose turn


class PhaseTrigger(_Trigger):
    event: Literal["phase_start", "phase_end"]
    phase: Phase
    player: WhoOrAny = "any"


class CardTrigger(_Trigger):
    event: Literal["card_played", "enters_play", "wounded", "destroyed", "sacrificed", "goes_insane", "restored",
                   "uncommitted", "readied", "exhausted", "control_changed"]
    filter: CardTarget | None = None  # ``self``: this card; a filter: any matching card


class LeavesPlayTrigger(_Trigger):
    event: Literal["leaves_play"]
    filter: CardTarget | None = None
    destination: Literal["any", "discard", "hand", "deck"] = "any"


class CommittedTrigger(_Trigger):
    event: Literal["committed"]
    filter: CardTarget | None = None
    story: Literal["source_story", "this_story", "any"] = "any"


class StruggleTrigger(_Trigger):
    event: Literal["struggle_won", "struggle_lost"]
    type: Literal["terror", "combat", "arcane", "investigation", "any"] = "any"
    player: WhoOrAny = "any"
    story: Literal["source_story", "this_story", "any"] = "any"


class StoryTrigger(_Trigger):
    event: Literal["story_resolution_start", "story_resolved"]
    story: Literal["source_story", "this_story", "any"] = "any"


class TokenTrigger(_Trigger):
    event: Literal["success_token_placed"]
    story: Literal["source_story", "this_story", "any"] = "any"
    side: WhoOrAny = "any"


class StoryWonTrigger(_Trigger):
    event: Literal["story_won"]
    story: Literal["this_story", "any"] = "any"
    player: WhoOrAny = "any"


class PlayerTrigger(_Trigger):
    event: Literal["card_drawn", "discarded_from_hand"]
    player: WhoOrAny = "any"


class DomainTrigger(_Trigger):
    event: Literal["resource_attached", "domain_drained", "domain_refreshed"]
    controller: WhoOrAny = "any"  # whose domain


Trigger = Annotated[
    Union[TurnTrigger, PhaseTrigger, CardTrigger, LeavesPlayTrigger, CommittedTrigger, StruggleTrigger, StoryTrigger,
          TokenTrigger, StoryWonTrigger, PlayerTrigger, DomainTrigger],
    Field(discriminator="event"),
]
TRIGGER_EVENTS: tuple[str, ...] = (
    "turn_start", "turn_end", "phase_start", "phase_end", "card_played", "enters_play", "leaves_play", "committed",
    "uncommitted", "struggle_won", "struggle_lost", "story_resolution_start", "story_resolved",
    "success_token_placed", "story_won", "wounded", "destroyed", "sacrificed", "goes_insane", "restored",
    "card_drawn", "resource_attached", "domain_drained", "domain_refreshed", "readied", "exhausted",
    "control_changed", "discarded_from_hand",
)

# ---- costs (CC-12.4) -----------------------------------------------------------------------------

BareCost = Literal["exhaust_self", "sacrifice_self", "self_goes_insane", "return_self_to_hand"]


class PayCost(_Strict):
    pay: int = Field(ge=1)


class ExhaustCost(_Strict):
    exhaust: Filter


class SacrificeCost(_Strict):
    sacrifice: Filter


class DiscardFromHandCost(_Strict):
    discard_from_hand: Annotated[Union[Annotated[int, Tag("number")], Annotated[Filter, Tag("mapping")]],
                                 _disc("a number of cards or a filter")]


class RemoveTokensSpec(_Strict):
    n: int = Field(ge=1)
    story: StoryTarget = "source_story"  # always your own side (CC-12.4)


class RemoveSuccessTokensCost(_Strict):
    remove_success_tokens: RemoveTokensSpec


class WoundSelfCost(_Strict):
    wound_self: int = Field(ge=1)


class DiscardFromDeckTopCost(_Strict):
    discard_from_deck_top: int = Field(ge=1)


_COST_KEYS = ("exhaust_self", "sacrifice_self", "self_goes_insane", "return_self_to_hand", "pay", "exhaust",
              "sacrifice", "discard_from_hand", "remove_success_tokens", "wound_self", "discard_from_deck_top")
Cost = Annotated[
    Union[
        Annotated[BareCost, Tag("bare")],
        Annotated[PayCost, Tag("pay-key")],
        Annotated[ExhaustCost, Tag("exhaust-key")],
        Annotated[SacrificeCost, Tag("sacrifice-key")],
        Annotated[DiscardFromHandCost, Tag("discard_from_hand-key")],
        Annotated[RemoveSuccessTokensCost, Tag("remove_success_tokens-key")],
        Annotated[WoundSelfCost, Tag("wound_self-key")],
        Annotated[DiscardFromDeckTopCost, Tag("discard_from_deck_top-key")],
    ],
    Discriminator(_one_key(_COST_KEYS), custom_error_type="cost",
                  custom_error_message="unknown cost; a cost is one of " + ", ".join(_COST_KEYS)
                  + " (a bare name or a one-key mapping such as {pay: 2})"),
]


def cost_name(cost: Any) -> str:
    """The CC-12.4 name of a parsed cost."""
    if isinstance(cost, str):
        return cost
    return next(iter(type(cost).model_fields))
