"""The effect primitives of the Mythos card vocabulary (MY-12.5, with the MY-12.3 selectors), made of the
terms of ``schema_terms.py``. Split from ``schema.py``, which re-exports every name and holds the
effects, costs, timing and cards made of these."""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import ConfigDict, Field, model_validator

from ...carddata.loader import FieldError
from .schema_terms import *  # noqa: F403 - the terms every primitive is made of
from .schema_terms import _Strict


# ---- effect primitives (MY-12.5; the ones this pool runs) -----------------------------------------------


class GainSanity(_Strict):
    """``n: half``: half the player's Sanity (as it was before this atomic effect), rounded half up (MY-7.8)."""

    op: Literal["gain_sanity"]
    who: Who = "self"
    n: Annotated[int, Field(ge=1, le=20)] | Literal["half"]


class LoseSanity(_Strict):
    op: Literal["lose_sanity"]
    who: Who = "self"
    n: Annotated[int, Field(ge=1, le=20)] | Literal["half"]


class DrawCards(_Strict):
    op: Literal["draw"]
    who: Who = "self"
    n: int = Field(ge=1, le=10)


class ModifyMaxSanity(_Strict):
    op: Literal["modify_max_sanity"]
    who: Who = "self"
    n: int = Field(ge=-20, le=20)


class LoseTurn(_Strict):
    op: Literal["lose_turn"]
    who: Who = "each_opponent"
    n: int = Field(default=1, ge=1, le=3)


class EndCardPlay(_Strict):
    op: Literal["end_card_play"]


class PreventDamage(_Strict):
    """MY-9.11: prevent ``n`` (or ``all``) unblocked attack damage to the player while it lasts."""

    op: Literal["prevent_damage"]
    who: Who = "self"
    n: int | Literal["all"] = "all"


class PreventSanityGain(_Strict):
    """MY-7.5: the player gains no Sanity while it lasts."""

    op: Literal["prevent_sanity_gain"]
    who: Who = "each_opponent"


class CannotBeAttacked(_Strict):
    op: Literal["cannot_be_attacked"]
    who: Who = "self"


class SkipBattle(_Strict):
    """MY-5.1: this round's BATTLE has no use step and no attacks (its triggers and god ageing remain)."""

    op: Literal["skip_battle"]


class CancelJustPlayed(_Strict):
    """MY-5.10, MY-12.5: a counter card names one opponent's just-played face-up card matching ``filter``
    as it is played; that card is discarded or buried (its ongoing effects end; what it did stays)."""

    op: Literal["cancel_just_played"]
    filter: CardFilter = CardFilter()
    dest: Literal["discard", "bury"] = "discard"


class ModifyCombat(_Strict):
    """MY-9.11, MY-12.5 ``MODIFY_COMBAT``: +/-``n`` combat for every ally-area and Threat card of ``whose``
    matching ``filter`` (read with MY-3.6 types) while it lasts; as a ``static`` effect, while its card is
    active. Such a play affects those cards (MY-5.10)."""

    op: Literal["modify_combat"]
    whose: Whose = "each_opponent"
    filter: CardFilter = CardFilter(type="ally")
    n: int = Field(ge=-10, le=10)


class SetCombat(_Strict):
    """MY-12.5 ``SET_COMBAT``: those cards' combat value is ``n`` (before ``modify_combat`` changes). Two of
    these on one card conflict: a god's wins, between gods the earlier-played one's (MY-0.4, MY-6.9.7),
    between others the latest one's (D-MY-90)."""

    op: Literal["set_combat"]
    whose: Whose = "each_opponent"
    filter: CardFilter = CardFilter(type="ally")
    n: int = Field(ge=0, le=20)


class ModifyCapacity(_Strict):
    """+/-``n`` spell capacity for every tome of ``whose`` while it lasts (MY-5.11 step 4 then discards
    the excess, the owner choosing)."""

    op: Literal["modify_capacity"]
    whose: Whose = "each_opponent"
    n: int = Field(ge=-4, le=4)


class RollDie(_Strict):
    """MY-2.7, MY-12.5 ``ROLL_DIE``: roll one six-sided die (the game's seeded RNG, logged in public) and
    carry out the first branch whose ``faces`` hold the result (none: nothing)."""

    op: Literal["roll_die"]
    branches: list["DieBranch"] = Field(min_length=1)


class DieBranch(_Strict):
    faces: list[Annotated[int, Field(ge=1, le=6)]] = Field(min_length=1)
    do: list["Primitive"] = Field(min_length=1)


class MoveToArea(_Strict):
    """MY-12.5 ``MOVE_TO_AREA``: the card names one of its player's own cards in ``from_`` matching
    ``filter`` as it is played and moves it to ``to``; there it has that area's type (MY-3.6)."""

    op: Literal["move_to_area"]
    from_: Literal["threat", "ally"] = Field(alias="from")
    to: Literal["ally", "threat"]
    filter: CardFilter = CardFilter()

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, populate_by_name=True)

    @model_validator(mode="after")
    def _areas(self) -> "MoveToArea":
        if self.from_ == self.to:
            raise FieldError("to", "move_to_area moves a card to another area")
        return self


class PutIntoPlay(_Strict):
    """MY-12.5 ``PUT_INTO_PLAY``: the card names one of its player's own cards in ``from_`` matching
    ``filter`` (a god, an adventure or an ally) as it is played and puts it into play without its
    requirements: a god into the God area (unless one is there, MY-10.3a), an adventure into Acquired
    Adventures (unless its title is there, MY-10.4a), an ally into the Ally area (D-MY-93)."""

    op: Literal["put_into_play"]
    from_: Literal["hand", "discard"] = Field(alias="from")
    filter: CardFilter

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, populate_by_name=True)

    @model_validator(mode="after")
    def _kind(self) -> "PutIntoPlay":
        if self.filter.type not in ("god", "adventure", "ally"):
            raise FieldError("filter.type", "put_into_play names a god, an adventure or an ally (filter.type)")
        return self


class IgnoreRequirement(_Strict):
    """MY-6.11.7 ``IGNORE_REQUIREMENT``: while it lasts, the player's next Ally matching ``filter`` may be
    played with its own requirement unmet (its dimension still counts); that play uses it up (D-MY-92)."""

    op: Literal["ignore_requirement"]
    who: Literal["self"] = "self"
    filter: CardFilter = CardFilter(type="ally")


# ---- MY-12.3 selectors and the further MY-12.5 primitives (vocabulary block; run by primitives.py) -------

SelectorZone = Literal["field", "hand", "deck", "discard", "story", "threat", "god", "ally", "item", "event",
                       "adventures"]
Keyword = Literal["Invisible", "CannotBlock", "CannotAttack", "CanBlockInvisible", "Unblockable", "JoinsWith"]


class DestinationRule(_Strict):
    dimensions: list[Dimension] = Field(min_length=1)
    regions: Literal["same", "other", "any"] | list[str] = "any"
    allow_isolated: bool = False


class Selector(CardFilter):
    """MY-12.3: a card filter plus where the card is and how it lies. ``owner`` is read from the effect's
    controller; ``zone`` ``field`` is the field of MY-3.2 (Story Deck and Threat included); ``face``,
    ``orientation`` (MY-3.5), ``just_played`` (MY-5.10, relative to the controller), combat comparisons
    (the current value, MY-6.4.3) and ``limit`` (at most that many cards, oldest first)."""

    owner: Literal["self", "opponent", "any"] = "self"
    zone: SelectorZone = "field"
    face: Literal["up", "down"] | None = None
    orientation: Literal["upright", "crosswise", "inverted"] | None = None
    just_played: bool | None = None
    combat_at_least: int | None = Field(default=None, ge=0, le=20)
    combat_at_most: int | None = Field(default=None, ge=0, le=20)
    limit: int | None = Field(default=None, ge=1, le=20)


class Search(_Strict):
    """MY-12.5 ``SEARCH``: look through the own ``zone``, pick up to ``n`` cards matching ``filter`` (in secret
    for the deck), put them at ``dest``; ``reveal`` shows them to all. A searched deck is then shuffled."""

    op: Literal["search"]
    zone: Literal["deck", "discard"] = "deck"
    filter: CardFilter = CardFilter()
    n: int = Field(default=1, ge=1, le=5)
    dest: Literal["hand", "deck_top", "discard"] = "hand"
    reveal: bool = True


class LookAt(_Strict):
    """MY-12.5 ``LOOK_AT``: the controller alone sees the top ``n`` cards of ``whose`` deck, or a hand."""

    op: Literal["look_at"]
    whose: Literal["self", "each_opponent"] = "self"
    zone: Literal["deck", "hand"] = "deck"
    n: int = Field(default=1, ge=1, le=10)


class Reveal(_Strict):
    """MY-12.5 ``REVEAL``: the player's hidden cards (hand or Threat) matching ``filter`` are shown to all."""

    op: Literal["reveal"]
    who: Whose = "self"
    zone: Literal["hand", "threat"] = "hand"
    filter: CardFilter = CardFilter()


class PlayExtra(_Strict):
    """MY-12.5 ``PLAY_EXTRA``: the controller may at once play one more card matching ``filter`` from hand
    (its requirements checked as usual); it does not use a turn."""

    op: Literal["play_extra"]
    filter: CardFilter = CardFilter()


class GrantTravel(_Strict):
    """MY-12.5 ``GRANT_TRAVEL``: while it lasts, the controller's next Location may be placed upright as if a
    Travel Event with this destination rule were on top (MY-6.11.3); that placement uses it up."""

    op: Literal["grant_travel"]
    destination: DestinationRule


class CountAsLocation(_Strict):
    """MY-12.5 ``COUNT_AS_LOCATION``: while it lasts, a Travel Event on top of the controller's Story Deck is
    the current location (MY-6.11.4) with these features."""

    op: Literal["count_as_location"]
    features: list[Feature] = []


class GrantGate(_Strict):
    """MY-12.5 ``GRANT_GATE``: while it lasts the controller has a gate (MY-6.3.11) wherever he is; one Monster
    play uses it up instead of the location's."""

    op: Literal["grant_gate"]


class GrantKeyword(_Strict):
    """MY-12.5 ``GRANT_KEYWORD``: every card ``cards`` selects has keyword ``keyword`` while it lasts (read
    when battle asks, so a face-down Threat monster is reached without being named). ``JoinsWith`` names
    what the cards may Join (``joins``, MY-8.2)."""

    op: Literal["grant_keyword"]
    cards: Selector
    keyword: Keyword
    joins: CardFilter | None = None

    @model_validator(mode="after")
    def _joins(self) -> "GrantKeyword":
        if (self.keyword == "JoinsWith") != (self.joins is not None):
            raise FieldError("joins", "'joins' goes with the JoinsWith keyword, and only with it")
        return self


class SetMentalState(_Strict):
    """MY-12.5 ``SET_MENTAL_STATE``: the selected allies are Steadfast or Corrupt (MY-6.4.8) while it lasts."""

    op: Literal["set_mental_state"]
    cards: Selector = Selector(type="ally")
    state: MentalState


class GrantLanguage(_Strict):
    """MY-12.5 ``GRANT_LANGUAGE``: the player knows ``language`` while it lasts (MY-6.2.4, MY-6.7.1)."""

    op: Literal["grant_language"]
    who: Who = "self"
    language: str


class ModifyHandSizes(_Strict):
    """MY-12.5 ``MODIFY_HAND_SIZES``: refill size, end-of-round maximum and minimum change by these amounts
    while it lasts (kept within MY-5.14: ``0 <= Hmin <= Hmax < refill``)."""

    op: Literal["modify_hand_sizes"]
    who: Who = "self"
    refill: int = Field(default=0, ge=-5, le=5)
    max: int = Field(default=0, ge=-5, le=5)
    min: int = Field(default=0, ge=-5, le=5)


class BlankBlocker(_Strict):
    """MY-12.5 ``BLANK_BLOCKER``: a selected card that blocks absorbs no damage (MY-9.5) while it lasts."""

    op: Literal["blank_blocker"]
    cards: Selector = Selector(owner="opponent")


class LoadSpellFrom(_Strict):
    """MY-12.5 ``LOAD_SPELL_FROM``: the controller loads one spell matching ``filter`` from ``zone`` onto a
    vessel of his that can hold it (MY-6.12.1); not a play (no turn)."""

    op: Literal["load_spell_from"]
    zone: Literal["hand", "discard"] = "discard"
    filter: CardFilter = CardFilter(type="spell")


class UnloadSpell(_Strict):
    """MY-12.5 ``UNLOAD_SPELL``: every loaded spell ``cards`` selects leaves its vessel to ``dest``."""

    op: Literal["unload_spell"]
    cards: Selector = Selector(type="spell", owner="opponent")
    dest: Literal["hand", "discard", "bury"] = "discard"


class NegateEffects(_Strict):
    """MY-12.5 ``NEGATE_EFFECTS``: the selected cards have no static, triggered or activated effects while
    it lasts (they stay in play)."""

    op: Literal["negate_effects"]
    cards: Selector = Selector(owner="opponent")


class DiscardFromHand(_Strict):
    """MY-12.5 ``DISCARD_FROM_HAND``: each player ``who`` discards ``n``, chosen by the hand's owner, by the
    actor (who sees that hand for the choice) or at random."""

    op: Literal["discard_from_hand"]
    who: Who = "each_opponent"
    n: int = Field(default=1, ge=1, le=5)
    chooser: Literal["owner", "actor", "random"] = "owner"


class ChooseOption(_Strict):
    label: str = Field(min_length=1)
    do: list["Primitive"] = Field(min_length=1)


class Choose(_Strict):
    """MY-12.5 ``CHOOSE``: the chooser (the controller, or the next opponent clockwise) picks one option;
    its primitives resolve for the controller."""

    op: Literal["choose"]
    chooser: Literal["self", "opponent"] = "self"
    options: list[ChooseOption] = Field(min_length=2, max_length=4)


class ForEach(_Strict):
    """MY-12.5 ``FOR_EACH``: the primitives resolve once per card ``cards`` selects (counted once, first)."""

    op: Literal["for_each"]
    cards: Selector
    do: list["Primitive"] = Field(min_length=1)


class MoveCards(_Strict):
    """MY-12.5 ``DISCARD(card)`` / ``BURY(card)`` / ``RETURN_TO_HAND(card)``: ``n`` of the cards in play that
    ``cards`` selects (default one: "a card") go to their owner's discard pile, Story Deck bottom or hand
    (MY-3.7; attachments with it, MY-3.4). When more are selected, the effect's controller chooses which,
    one at a time (``effect_pick``); ``n: all`` ("every") moves every selected card without a question
    (D-MY-106)."""

    op: Literal["discard", "bury", "return_to_hand"]
    cards: Selector
    n: Annotated[int, Field(ge=1, le=20)] | Literal["all"] = 1


class PutOnDeck(_Strict):
    """MY-12.5 ``PUT_ON_DECK``: ``n`` selected cards (chosen as for ``MoveCards``) go on top of (or under)
    their owner's Mythos Deck."""

    op: Literal["put_on_deck"]
    cards: Selector
    position: Literal["top", "bottom"] = "top"
    n: Annotated[int, Field(ge=1, le=20)] | Literal["all"] = 1


class Mill(_Strict):
    """MY-12.5 ``MILL``: the top ``n`` deck cards go to the discard pile, face up (MY-7.6a: no reshuffle)."""

    op: Literal["mill"]
    who: Who = "each_opponent"
    n: int = Field(default=1, ge=1, le=10)


class Shuffle(_Strict):
    """MY-12.5 ``SHUFFLE``: the deck is shuffled; ``discard``: the discard pile is shuffled into the deck
    (no Sanity is lost: not a library-out, MY-7.6a)."""

    op: Literal["shuffle"]
    who: Who = "self"
    zone: Literal["deck", "discard"] = "deck"


class Retrieve(_Strict):
    """MY-12.5 ``RETRIEVE``: pick up to ``n`` cards matching ``filter`` from the own (public) discard pile or
    Story Deck and put them into hand or on top of the deck, in public."""

    op: Literal["retrieve"]
    zone: Literal["discard", "story"] = "discard"
    filter: CardFilter = CardFilter()
    n: int = Field(default=1, ge=1, le=5)
    dest: Literal["hand", "deck_top"] = "hand"


class PlayerStep(_Strict):
    """MY-12.5 ``FORCE_ARRIVE`` (a crosswise top Location is arrived at, MY-6.3.8) / ``SEND_IN_TRANSIT`` (an
    upright or inverted top Location turns crosswise: in transit, MY-6.3.3) / ``ANNOUNCE_PASS`` (counts as
    a Pass by the player, MY-5.9, never cancelling)."""

    op: Literal["force_arrive", "send_in_transit", "announce_pass"]
    who: Who = "self"


class SetTimeOfDay(_Strict):
    """MY-12.5 ``SET_TIME_OF_DAY`` (MY-6.10.6: every Day/Night event in play is buried)."""

    op: Literal["set_time_of_day"]
    time: TimeOfDay


class GateStep(_Strict):
    """MY-12.5 ``USE_GATE`` / ``RESET_GATE``: the current location's gate turns INVERTED / UPRIGHT (MY-3.5)."""

    op: Literal["use_gate", "reset_gate"]
    whose: Whose = "self"


class ModifyEducation(_Strict):
    """MY-12.5 ``MODIFY_EDUCATION`` (MY-6.2.3) while it lasts."""

    op: Literal["modify_education"]
    who: Who = "self"
    n: int = Field(ge=-10, le=10)


class SetPassThreshold(_Strict):
    """MY-12.5 ``SET_PASS_THRESHOLD`` (MY-5.9a: the highest value in force counts)."""

    op: Literal["set_pass_threshold"]
    n: int = Field(ge=2, le=6)


class CannotAttackP(_Strict):
    """MY-12.5 ``CANNOT_ATTACK(p)``: the player declares no attack while it lasts (MY-9.3)."""

    op: Literal["cannot_attack"]
    who: Who = "each_opponent"


class SpellStep(_Strict):
    """MY-12.5 ``READY_SPELL`` / ``EXHAUST_SPELL``: the selected loaded spells turn face up / face down."""

    op: Literal["ready_spell", "exhaust_spell"]
    cards: Selector = Selector(type="spell")


class IfThen(_Strict):
    """MY-12.5 ``IF(cond)``: ``then`` when the condition holds now, else ``else``."""

    op: Literal["if"]
    condition: "Requirement"
    then: list["Primitive"] = Field(min_length=1)
    else_: list["Primitive"] = Field(default=[], alias="else")

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, populate_by_name=True)


LossCause = Literal["effect", "cost", "modifier", "battle", "library_out"]
SOURCE_CARD_KEYS = ("type", "subtype", "trait", "title", "feature", "mental_state", "dimension", "region",
                     "subregion")


class LossSource(CardFilter):
    """MY-7.5 / MY-12.5 ``PREVENT_SANITY_LOSS``'s ``source_filter`` (D-MY-102): which Sanity losses a shield
    takes. Every given key must hold. The card keys (MY-12.3) read the card that caused the loss: the card
    whose effect, ability cost or sanity modifier it is, or the attacking card (battle damage, MY-9.6).
    ``owner`` is that card's owner seen from the shielded player (``any`` by default). ``cause`` is the kind
    of change MY-7.3 names: ``effect`` (a card effect), ``cost`` (a ``SANITY(n)`` cost, MY-12.2),
    ``modifier`` (a sanity modifier, MY-6.1.3), ``battle`` (unblocked damage, MY-9.6) or ``library_out``
    (MY-7.6), which no card causes, so it takes no card key."""

    owner: Literal["self", "opponent", "any"] = "any"
    cause: LossCause | list[LossCause] | None = None

    @model_validator(mode="after")
    def _meaningful(self) -> "LossSource":
        causes = self.causes()
        card_keys = [k for k in SOURCE_CARD_KEYS if getattr(self, k) is not None] + \
            (["owner"] if self.owner != "any" else [])
        if not card_keys and causes is None:
            raise ValueError("source names no key: give a card key, owner or cause, or leave source out (any source)")
        if causes is not None and not causes:
            raise FieldError("cause", "source.cause lists no cause")
        if card_keys and causes is not None and "library_out" in causes:
            raise FieldError("cause", f"source.cause library_out has no source card, so it cannot go with {card_keys} "
                             "(MY-7.6: no card causes a library-out)")
        return self

    def causes(self) -> tuple[str, ...] | None:
        """``cause`` as a tuple (None: any cause)."""
        return None if self.cause is None else (self.cause,) if isinstance(self.cause, str) else tuple(self.cause)


class PreventSanityLoss(_Strict):
    """MY-7.5, MY-12.5 ``PREVENT_SANITY_LOSS(p, source_filter, n|all)``: the player's Sanity losses are reduced
    by up to ``n`` while it lasts, only those whose source matches ``source`` if it is given (D-MY-102),
    else from any source (D-MY-152); a shield is used up by what it prevents (like ``prevent_damage``)."""

    op: Literal["prevent_sanity_loss"]
    who: Who = "self"
    n: Annotated[int, Field(ge=1, le=20)] | Literal["all"] = "all"
    source: LossSource | None = None


class Repeat(_Strict):
    """MY-12.5 ``REPEAT(n)``."""

    op: Literal["repeat"]
    n: int = Field(ge=1, le=5)
    do: list["Primitive"] = Field(min_length=1)


Primitive = Annotated[Union[GainSanity, LoseSanity, DrawCards, ModifyMaxSanity, LoseTurn, EndCardPlay, PreventDamage,
                            PreventSanityGain, CannotBeAttacked, SkipBattle, CancelJustPlayed, ModifyCombat, SetCombat,
                            ModifyCapacity, RollDie, MoveToArea, PutIntoPlay, IgnoreRequirement, Search, LookAt,
                            Reveal, PlayExtra, GrantTravel, CountAsLocation, GrantGate, GrantKeyword, SetMentalState,
                            GrantLanguage, ModifyHandSizes, BlankBlocker, LoadSpellFrom, UnloadSpell, NegateEffects,
                            DiscardFromHand, Choose, ForEach, MoveCards, PutOnDeck, Mill, Shuffle, Retrieve,
                            PlayerStep, SetTimeOfDay, GateStep, ModifyEducation, SetPassThreshold, CannotAttackP,
                            SpellStep, IfThen, Repeat, PreventSanityLoss],
                      Field(discriminator="op")]
for _v in (RollDie, DieBranch, ChooseOption, ForEach, IfThen, Repeat):
    _v.model_rebuild()
# the primitives that stop to ask a question (primitives.py): only at the top of an effect or ability
CHOICE_OPS = frozenset({"search", "retrieve", "play_extra", "load_spell_from", "choose", "discard_from_hand"})
# the card movers ask which card unless they say ``n: all`` (D-MY-106): nested, they must say ``all``
MOVER_OPS = frozenset({"discard", "bury", "return_to_hand", "put_on_deck"})
GRANT_OPS = frozenset({"grant_travel", "count_as_location", "grant_gate", "grant_keyword", "set_mental_state",
                       "grant_language", "modify_hand_sizes", "blank_blocker", "negate_effects"})  # they last


def _nested(prims: list[Any]) -> list[Any]:
    """The primitives inside others (a die branch, a choice's option, a for-each body), all levels."""
    out: list[Any] = []
    for p in prims:
        inner = [x for b in p.branches for x in b.do] if p.op == "roll_die" else \
            [x for o in p.options for x in o.do] if p.op == "choose" else list(p.do) if p.op in ("for_each", "repeat") \
            else list(p.then) + list(p.else_) if p.op == "if" else []
        out += inner + _nested(inner)
    return out


def _rolls(req: Any) -> bool:
    """Does this requirement roll a die (``die_roll``, anywhere in it)?"""
    if req is None:
        return False
    if isinstance(req, DieRoll):
        return True
    if isinstance(req, (AllOf, AnyOf)):
        return any(_rolls(r) for r in (req.all if isinstance(req, AllOf) else req.any))
    return isinstance(req, NotReq) and _rolls(req.not_)


def check_vocabulary(do: list[Any], condition: Any, where: str) -> None:
    """A question is asked only at the top of an effect (a choice inside a die branch, an option or a
    for-each body could not be resumed); a die is rolled only by an effect's condition (``where``)."""
    bad = sorted({p.op for p in _nested(do) if p.op in CHOICE_OPS or p.op in MOVER_OPS and p.n != "all"})
    if any(p.op == "if" and _rolls(p.condition) for p in list(do) + _nested(do)) and where != "effect":
        raise FieldError("do", f"die_roll may only be an effect's condition, not {where}'s")
    if bad:
        raise FieldError("do", f"{bad} ask a question: use them at the top of an effect's 'do', not nested "
                         "(a nested discard/bury/return_to_hand/put_on_deck must say n: all)")
    if where != "effect" and _rolls(condition):
        raise FieldError("condition", f"die_roll may only be an effect's condition, not {where}'s")
LASTING_OPS = frozenset({"prevent_damage", "prevent_sanity_gain", "cannot_be_attacked", "skip_battle"})
TARGETED_OPS = frozenset({"cancel_just_played", "move_to_area", "put_into_play"})  # name a card as played
STATIC_OPS = frozenset({"modify_combat", "set_combat", "modify_capacity"})  # what a ``static`` effect may do
SLOT_TRIGGERS = ("start_of_round", "start_of_card_play", "start_of_battle", "end_of_battle", "end_of_round")
