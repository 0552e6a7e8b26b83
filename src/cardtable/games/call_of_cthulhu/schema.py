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

import sys
from typing import Annotated, Any, Callable, ClassVar, Literal, Union

from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag, field_validator, model_validator

from ...carddata.loader import FieldError
from ...carddata.pool import SetHeader

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
