"""The terms of the Mythos card vocabulary: names, card filters, requirement slots and requirements
(MY-6.13.1, MY-12.3, MY-12.4). Split from ``schema.py`` (which re-exports every name and holds triggers,
costs, durations, timing and the cards) and read by ``schema_effects.py``; it reads neither."""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field



Dimension = Literal["WakingWorld", "Dreamlands", "NewAeon"]
DIMENSIONS: tuple[str, ...] = ("WakingWorld", "Dreamlands", "NewAeon")
DimensionTag = Literal["WakingWorld", "Dreamlands", "NewAeon", "Any"]
# MY-6.3: the fixed features and the attribute keywords the pool uses (a closed list: a misspelt
# keyword is refused at load instead of silently never matching).
Feature = Literal["Outside", "Inside", "Water", "Forest", "Cemetery", "City", "Artifact", "Tome", "Isolated",
                  "Underground", "Government", "Academic", "Harbour", "Ruins"]
InOut = Literal["Outside", "Inside"]
MentalState = Literal["Steadfast", "Corrupt"]
TimeOfDay = Literal["Day", "Night"]
CardType = Literal["location", "travel_event", "ally", "artifact", "weapon", "tome", "spell", "monster", "god",
                   "event", "adventure"]
Trigger = Literal["on_play", "on_arrive", "on_leave_play", "on_buried", "start_of_round", "start_of_card_play",
                  "start_of_battle", "on_attack_declared", "on_blocked", "on_sanity_change", "on_library_out",
                  "on_adventure_acquired", "on_time_change", "end_of_battle", "end_of_round", "static", "activated"]
# MY-12.1 triggers as a player reads them (the log's ``when`` field and the trigger prompts, triggers.py):
# the one table of these words; the identifiers stay in the structured log fields other code reads.
TRIGGER_WORDS: dict[str, str] = {
    "on_play": "when it is played", "on_arrive": "when its location becomes current",
    "on_leave_play": "when it leaves play", "on_buried": "when it is buried",
    "start_of_round": "at the start of the round", "start_of_card_play": "at the start of card play",
    "start_of_battle": "at the start of battle", "on_attack_declared": "when an attack is declared",
    "on_blocked": "when it is blocked", "on_sanity_change": "when its controller's Sanity changes",
    "on_library_out": "when its controller's deck runs out", "on_adventure_acquired": "when an adventure is acquired",
    "on_time_change": "when the time of day changes", "end_of_battle": "at the end of battle",
    "end_of_round": "at the end of the round", "static": "while it is in play", "activated": "when it is used",
}


def trigger_words(trigger: str) -> str:
    """A trigger identifier as words (an unknown one, as its identifier with spaces)."""
    return TRIGGER_WORDS.get(trigger, trigger.replace("_", " "))
Duration = Literal["instant", "until_end_of_turn", "until_end_of_card_play", "until_end_of_battle",
                   "until_end_of_round", "n_rounds", "while_in_play", "permanent"]  # n_rounds: Effect.rounds
TimingTag = Literal["card_play", "battle", "fast"]
# MY-11.5: "each" resolves in seat order from the actor; MY-11.8: ``same_region`` / ``same_subregion`` are the
# investigators (the actor included) whose position shares the actor's dimension and region (and subregion).
Who = Literal["self", "each_opponent", "each_player", "same_region", "same_subregion"]
Whose = Literal["self", "each_opponent", "each_player"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


# ---- card filters and requirement slots (MY-6.13.1, MY-12.3) --------------------------------------------


class CardFilter(_Strict):
    """Every given key must hold. ``type`` reads a card's type as MY-3.6 gives it."""

    type: CardType | None = None
    subtype: str | None = None
    trait: str | None = None
    title: str | None = None
    feature: Feature | None = None
    mental_state: MentalState | None = None
    dimension: Dimension | None = None
    region: str | None = None
    subregion: str | None = None


# ---- requirements (MY-12.4) ------------------------------------------------------------------------


class LocHas(_Strict):
    loc_has: Feature


class LocTitle(_Strict):
    loc_title: str


class InRegion(_Strict):
    region: str


class InSubregion(_Strict):
    subregion: str


class InDimension(_Strict):
    dimension: Dimension


class TimeIs(_Strict):
    time_of_day: TimeOfDay


class InTransit(_Strict):
    in_transit: bool


class KnowsLanguage(_Strict):
    knows_language: str


class EducationAtLeast(_Strict):
    education_at_least: int = Field(ge=0)


class SanityAtMost(_Strict):
    sanity_at_most: int = Field(ge=0)


class SanityAtLeast(_Strict):
    sanity_at_least: int = Field(ge=0)


class RoundAtLeast(_Strict):
    round_at_least: int = Field(ge=1)


class AllOf(_Strict):
    all: list["Requirement"] = Field(min_length=1)


class AnyOf(_Strict):
    any: list["Requirement"] = Field(min_length=1)


class NotReq(_Strict):
    not_: "Requirement" = Field(alias="not")

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, populate_by_name=True)


# -- MY-12.4 counts and the die (vocabulary block) --
class CountAtLeast(_Strict):
    """At least ``at_least`` of the player's own cards in the counted place match ``filter``."""

    filter: CardFilter = CardFilter()
    at_least: int = Field(ge=1, le=20)


class FieldCount(_Strict):
    """MY-12.4 ``field.count(filter) >= n``: face-up cards of the own field (MY-3.2; the Threat's face-down
    monsters are counted by ``threat_count``)."""

    field_count: CountAtLeast


class ThreatCount(_Strict):
    """MY-12.4 ``threat.count(filter) >= n``: the own Mythos Threat, read as Monsters (MY-3.6)."""

    threat_count: CountAtLeast


class StoryCount(_Strict):
    """MY-12.4 ``story.count(filter) >= n``: every card of the own Story Deck."""

    story_count: CountAtLeast


class DieRoll(_Strict):
    """MY-12.4 ``die_roll``, MY-2.7: one die is rolled as the condition is read; true on these faces. Only an
    effect's condition may roll (a play's legality is never left to chance)."""

    die_roll: list[Annotated[int, Field(ge=1, le=6)]] = Field(min_length=1, max_length=5)


Requirement = Union[LocHas, LocTitle, InRegion, InSubregion, InDimension, TimeIs, InTransit, KnowsLanguage,
                    EducationAtLeast, SanityAtMost, SanityAtLeast, RoundAtLeast, FieldCount, ThreatCount,
                    StoryCount, DieRoll, AllOf, AnyOf, NotReq]
for _m in (AllOf, AnyOf, NotReq):
    _m.model_rebuild()


class Slot(_Strict):
    filter: CardFilter
    count: int = Field(default=1, ge=1, le=10)
