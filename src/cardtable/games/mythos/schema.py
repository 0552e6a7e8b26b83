"""The schema of a Mythos card set file (MY-12.10) as strict, closed-vocabulary pydantic models.

Why closed: a card the rules could not run must be refused when its file loads, naming file, card
and field (``cardtable.carddata.load_card_file`` rewrites pydantic's errors that way), not found out
in the middle of a game. Every key is known (``extra="forbid"``) and values are strictly typed.

A set file declares the open-ended names the spec leaves to the pool (MY-12.10: regions, languages,
spell icons); cards may use only those, which ``catalog.py`` checks across the file.

Shapes (YAML)::

    set: core
    version: 1
    regions: [Lovecraft Country, ...]
    languages: [English, Latin, ...]
    spell_icons: [Summoning, ...]
    cards:
      - {id: MYC-L01, title: Miskatonic Library, type: location, region: Lovecraft Country,
         inout: Inside, features: [Tome, City], gate: false, sanity_mod: 0, text: ...}

A requirement is a boolean expression (MY-12.4) such as ``{loc_has: Water}``, ``{all: [...]}``;
an effect is ``{trigger: on_play, do: [{op: lose_sanity, who: each_opponent, n: 1}]}`` (MY-12.1,
MY-12.5); a requirement slot is ``{filter: {...}, count: n}`` (MY-6.13.1).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import Field, model_validator

from ...carddata.loader import FieldError
from ...carddata.pool import SetHeader, unique_card_ids
from .schema_terms import *  # noqa: F403 - re-exported: callers read the whole vocabulary here
from .schema_effects import *  # noqa: F403
from .schema_terms import _Strict
from .schema_effects import _rolls


# ---- triggers, costs, durations and timing (MY-12.1, MY-12.2, MY-12.6, MY-12.7, MY-12.9) -------------------

# MY-12.1 triggers that fire when something happens (``triggers.py`` queues them and resolves them at the
# next safe point in MY-12.9 order); ``on_play`` and ``on_arrive`` are part of the play or arrival itself.
EVENT_TRIGGERS = ("on_leave_play", "on_buried", "on_attack_declared", "on_blocked", "on_sanity_change",
                  "on_library_out", "on_adventure_acquired", "on_time_change")
INLINE_TRIGGERS = ("on_play", "on_arrive", "static", "activated")  # never asked about (no ``optional``)


class Effect(_Strict):
    """``trigger + condition + primitives + duration`` (MY-12); costs belong to activated abilities.

    ``optional``: a slot or event trigger its controller may decline when it would resolve (MY-12.9).
    ``rounds``: how many rounds an ``n_rounds`` duration lasts, this one counting as the first (D-MY-124)."""

    trigger: Trigger = "on_play"
    condition: Requirement | None = None
    do: list[Primitive] = Field(min_length=1)
    duration: Duration = "instant"
    optional: bool = False
    rounds: int | None = Field(default=None, ge=1, le=10)

    @model_validator(mode="after")
    def _static(self) -> "Effect":
        if self.trigger == "static" and any(p.op not in STATIC_OPS for p in self.do):
            raise FieldError("do",
                             f"a static effect may only {sorted(STATIC_OPS)} (it applies while its card is active)")
        if self.trigger != "on_play" and any(p.op in TARGETED_OPS for p in self.do):
            raise FieldError("trigger", "an effect that names a card does so as its card is played (trigger on_play)")
        if (self.duration == "n_rounds") != (self.rounds is not None):
            raise FieldError("rounds",
                             "duration n_rounds needs 'rounds' (MY-12.6), and 'rounds' needs duration n_rounds")
        if self.optional and self.trigger in INLINE_TRIGGERS:
            raise FieldError("optional",
                             f"a {self.trigger} effect is part of its card's play or use; only a slot or event "
                             "trigger can be optional (MY-12.9, D-MY-122)")
        check_vocabulary(self.do, self.condition, "a static effect" if self.trigger == "static" else "effect")
        return self


class SanityCost(_Strict):
    sanity: int = Field(ge=1, le=10)


class DiscardFromHandCost(_Strict):
    """MY-12.2 ``DISCARD_FROM_HAND(n, filter)``: discard ``n`` cards of your hand matching ``filter``."""

    discard_from_hand: int = Field(ge=1, le=5)
    filter: CardFilter = CardFilter()


class BuryCost(_Strict):
    """MY-12.2 ``BURY(filter)``: bury one other face-up card of yours in the Ally, Item, Event or God area
    matching ``bury`` (MY-3.6 types)."""

    bury: CardFilter


class RevealCost(_Strict):
    """MY-12.2 ``REVEAL(filter)``: show every player one card of your hand matching ``reveal``; it stays there."""

    reveal: CardFilter


Cost = Union[Literal["turn", "bury_self", "discard_self", "exhaust_self"], SanityCost, DiscardFromHandCost,
             BuryCost, RevealCost]  # MY-12.2
CHOICE_COSTS = (DiscardFromHandCost, BuryCost, RevealCost)  # paid by choosing cards (``costs.py``)


class Ability(_Strict):
    """An activated ability (MY-5.6c, MY-5.7, MY-12.2): costs, then primitives. With a ``turn`` cost it
    is a turn action; without, a free action on its controller's own turn (once per turn, D09). ``limit``
    caps its uses further. Timing (MY-12.7): ``card_play`` / ``battle`` say when; ``fast`` makes it a free
    action of its controller's own card-play turn (so it cannot also cost the turn)."""

    name: str = Field(min_length=1)
    costs: list[Cost] = []
    condition: Requirement | None = None
    do: list[Primitive] = Field(min_length=1)
    timing: list[TimingTag] = ["card_play", "battle"]  # MY-12.7 default
    limit: Literal["once_per_turn", "once_per_round"] = "once_per_turn"
    duration: Duration = "instant"  # MY-12.6: how long its lasting primitives last
    rounds: int | None = Field(default=None, ge=1, le=10)

    @model_validator(mode="after")
    def _costs(self) -> "Ability":
        if "exhaust_self" in self.costs and ("bury_self" in self.costs or "discard_self" in self.costs):
            raise FieldError("costs", "a card that leaves play cannot also be exhausted as the same cost (MY-12.2)")
        if "bury_self" in self.costs and "discard_self" in self.costs:
            raise FieldError("costs", "a card cannot be both buried and discarded as the same cost (MY-12.2)")
        if "fast" in self.timing and "turn" in self.costs:
            raise FieldError("costs", "a fast ability does not use the turn, so it cannot cost one (MY-12.7)")
        if (self.duration == "n_rounds") != (self.rounds is not None):
            raise FieldError("rounds",
                             "duration n_rounds needs 'rounds' (MY-12.6), and 'rounds' needs duration n_rounds")
        check_vocabulary(self.do, self.condition, "an ability")
        return self


# ---- cards -----------------------------------------------------------------------------------------------


class _Card(_Strict):
    """MY-12.10 common fields."""

    id: str = Field(min_length=1)
    title: str = Field(min_length=1)
    subtypes: list[str] = []
    traits: list[str] = []
    unique_dot: bool = False
    dimension: DimensionTag | None = None  # None: the type's default (MY-6.1.4)
    requirements: Requirement | None = None
    sanity_mod: int = Field(default=0, ge=-10, le=10)
    joins: list[CardFilter] = []
    effects: list[Effect] = []
    abilities: list[Ability] = []
    timing: list[TimingTag] = []
    text: str = ""
    story_text: str = ""

    @model_validator(mode="after")
    def _no_dice(self) -> "_Card":
        if _rolls(self.requirements):
            raise FieldError("requirements", "die_roll may only be an effect's condition, not a card's requirement")
        return self


class InvestigatorSide(_Strict):
    """MY-6.2.1: one side of an investigator card."""

    side_id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    starting_sanity: int = Field(ge=1, le=30)
    max_sanity: int = Field(ge=1, le=30)
    education: int = Field(ge=0, le=30)
    languages: list[str] = Field(min_length=1)
    refill_hand: int = Field(default=13, ge=2, le=20)
    hand_max: int = Field(ge=0, le=19)
    hand_min: int = Field(ge=0, le=19)
    abilities: list[Ability] = []  # MY-6.2.1: an optional special ability
    text: str = ""

    @model_validator(mode="after")
    def _sizes(self) -> "InvestigatorSide":
        if not self.hand_min <= self.hand_max < self.refill_hand:
            raise FieldError("hand_max", "MY-5.14: hand_min <= hand_max < refill_hand")
        if self.starting_sanity > self.max_sanity:
            raise FieldError("starting_sanity", "MY-7.1: starting_sanity may not exceed max_sanity")
        return self


class InvestigatorCard(_Strict):
    """MY-2.6: two-sided; never part of a deck (MY-2.5)."""

    id: str = Field(min_length=1)
    title: str = Field(min_length=1)
    type: Literal["investigator"]
    sides: list[InvestigatorSide] = Field(min_length=2, max_length=2)
    text: str = ""


class LocationCard(_Card):
    type: Literal["location"]
    region: str
    subregion: str | None = None
    inout: InOut = "Outside"
    features: list[Feature] = []
    gate: bool = False

    @model_validator(mode="after")
    def _features(self) -> "LocationCard":
        if "Outside" in self.features or "Inside" in self.features:
            raise FieldError("features", "Outside/Inside is given by 'inout', not in 'features' (MY-6.3)")
        if self.dimension == "Any":
            raise FieldError("dimension", "a Location has one dimension (MY-6.1.4)")
        return self


class TravelEventCard(_Card):
    type: Literal["travel_event"]
    departure_requirement: Requirement | None = None
    destination_rule: DestinationRule
    counts_as_location: bool = False
    location_features: list[Feature] = []


class AllyCard(_Card):
    type: Literal["ally"]
    combat: int = Field(ge=0, le=20)
    mental_state: MentalState = "Steadfast"
    languages: list[str] = []
    spellcaster: bool = False


class Attach(_Strict):
    attach: CardFilter


class ArtifactCard(_Card):
    type: Literal["artifact"]
    placement: Literal["independent"] | Attach = "independent"
    spell_slots: int = Field(default=0, ge=0, le=1)
    no_location_requirement: bool = False  # MY-6.5.2: the card states "no requirement"


class WeaponCard(_Card):
    type: Literal["weapon"]
    combat_bonus: int = Field(ge=0, le=10)
    enchanted: bool = False
    no_location_requirement: bool = False


class TomeCard(_Card):
    type: Literal["tome"]
    language: str
    spell_icons: list[str] = []
    capacity: int = Field(default=1, ge=0, le=4)
    ally_holdable: bool = False


class SpellCard(_Card):
    type: Literal["spell"]
    spell_icon: str


class MonsterCard(_Card):
    type: Literal["monster"]
    combat: int = Field(ge=0, le=20)
    invisible: bool = False


class GodCard(_Card):
    type: Literal["god"]
    god_kind: Literal["GreatOldOne", "OuterGod"]
    god_requirements: list[Slot] = []


class EventCard(_Card):
    type: Literal["event"]
    event_kind: Literal["instant", "persistent"] = "instant"
    target: Literal["none", "self", "opponent", "game"] = "none"
    duration: Duration = "instant"
    battle: bool = False
    time_of_day: TimeOfDay | None = None


class AdventureCard(_Card):
    type: Literal["adventure"]
    victory_points: int = Field(ge=0, le=20)
    requirement_slots: list[Slot] = Field(min_length=1)


AnyCard = Annotated[Union[InvestigatorCard, LocationCard, TravelEventCard, AllyCard, ArtifactCard, WeaponCard,
                          TomeCard, SpellCard, MonsterCard, GodCard, EventCard, AdventureCard],
                    Field(discriminator="type")]


class CardSet(SetHeader):
    """One card set file (``set`` and ``version`` first, ``SetHeader``)."""

    regions: list[str] = Field(min_length=1)
    languages: list[str] = Field(min_length=1)
    spell_icons: list[str] = []
    cards: list[AnyCard] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique(self) -> "CardSet":
        unique_card_ids(self.cards)
        return self
