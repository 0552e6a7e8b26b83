"""The schema of a Million Arthur card set file (MA-15) as strict, closed-vocabulary pydantic models.

Why closed: a card the rules could not run must be refused when its file loads, naming file, card
and field (``cardtable.carddata.load_card_file`` rewrites pydantic's errors that way), not found out
in the middle of a game. Every key is known (``extra="forbid"``) and values are strictly typed (no
coercion: ``"2"`` is not a number).

Shapes (YAML)::

    set: starter
    version: 1
    cards:
      - {id: MAS-R01, name: Cinder Page, kind: knight, colour: red, arthur_type: mercenary,
         type_restricted: false, cost: 1, skill: attack, skill_value: 2, defence: 1, text: ...}
      - {id: MAS-L01, name: ..., kind: leader, arthur_type: mercenary, abilities: [...], text: ...}

An effect primitive is ``{op: ..., ...}`` (MA-15.5); every primitive of the spec runs:
``damage_leader``, ``heal_leader``, ``set_hp``, ``draw``, ``discard_from_hand`` (chooser owner,
opponent or random), ``mill``, ``reveal_top``, ``search_deck``, ``modify_knight``, ``set_values``,
``rest``, ``make_active``, ``move_knight``, ``deploy``, ``charge``, ``evolve``, ``add_chain``,
``flip_chain``, ``remove_chain``, ``capacity_bonus``, ``burst_check``, ``prevent_damage``, ``grant``,
``restrict`` (``deploy_from_hand``, ``deploy_colour``, ``activate``), ``change_colour``,
``choose_one``, ``repeat`` and ``if`` (with the conditions of MA-15.6, ``{test: ..., ...}``).
``deploy``, ``evolve`` and ``add_chain`` take their cards through a *card selector* (hand, deck or
discard pile, ``CardSelector``). Abilities follow MA-15.3; triggers name every MA-15.4 event.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ...carddata.loader import FieldError
from ...carddata.pool import SetHeader, unique_card_ids

Colour = Literal["red", "green", "blue", "yellow", "purple", "colourless"]
COLOURS: tuple[str, ...] = ("red", "green", "blue", "yellow", "purple")  # MA-3.3: colourless is not a colour
ArthurType = Literal["mercenary", "rich", "thief", "songstress", "common"]
LeaderType = Literal["mercenary", "rich", "thief", "songstress"]  # MA-3.5: a leader is of a named type
Skill = Literal["attack", "heal", "support", "disrupt"]
CostSymbol = Literal["red", "green", "blue", "yellow", "purple", "any"]  # MA-7.5: ``any`` is not a colour
Player = Literal["self", "opponent", "turn_player", "non_turn_player"]
PlayerOrEach = Literal["self", "opponent", "turn_player", "non_turn_player", "each"]  # MA-15.2
AbilityZone = Literal["battle", "base", "leader", "chain"]
Timing = Literal["own_attack_step", "defence"]
Limit = Literal["once_per_turn", "once_per_game"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


# ---- effect primitives (MA-15.5) -----------------------------------------------------------------


Keyword = Literal["unblockable", "sentinel", "no_burst", "tenacious"]  # MA-15.5 keywords


class KnightFilter(_Strict):
    """MA-15.2 filter keys; every given key must hold. ``this``/``other``: the source knight itself / not it."""

    skill: list[Skill] | None = None
    colour: list[Colour] | None = None
    arthur_type: list[ArthurType] | None = None
    name: str | None = None
    cost_max: int | None = None
    cost_min: int | None = None
    state: Literal["active", "rested"] | None = None
    evolved: bool | None = None
    this: bool = False
    other: bool = False


class UpTo(_Strict):
    up_to: int = Field(ge=1)


class KnightSelector(_Strict):
    """MA-15.2: knights of a base and/or battle area. ``count``: exactly one (the controller chooses),
    ``all`` of them (no choice), or ``{up_to: n}`` (the controller chooses 0..n)."""

    zone: Literal["battle", "base", "battle_or_base"] = "battle"
    owner: Literal["self", "opponent", "any"] = "self"
    filter: KnightFilter = KnightFilter()
    count: Literal[1, "all"] | UpTo = 1
    chooser: Literal["controller"] = "controller"


class CardSelector(_Strict):
    """MA-15.2 card selector for the non-knight zones ``hand``, ``deck`` and ``discard`` of the
    controller: ``filter`` reads printed values only (``state``/``evolved``/``this``/``other`` belong to
    knights and are refused). ``count``: one or ``{up_to: n}``. A choice in a hidden zone (hand, deck) is
    always asked of the owner and may find nothing (D-MA-62); in the discard pile ``1`` means exactly one."""

    zone: Literal["hand", "deck", "discard"]
    owner: Literal["self"] = "self"
    filter: KnightFilter = KnightFilter()
    count: Literal[1] | UpTo = 1
    chooser: Literal["owner"] = "owner"

    @model_validator(mode="after")
    def _printed_only(self) -> "CardSelector":
        f = self.filter
        if f.state is not None or f.evolved is not None or f.this or f.other:
            raise FieldError("filter", "a card selector filters printed values only (no state, evolved, this, other)")
        return self


Duration = Literal["this_turn"]  # MA-12.4: until end of turn unless the text says otherwise


# ---- values (MA-15.2) ----------------------------------------------------------------------------


class CountOf(_Strict):
    """``count(selector)``: how many knights the selector can select now."""

    value: Literal["count"]
    target: "KnightSelector"


class PlayerValue(_Strict):
    """``hp``, ``hand_size``, ``capacity`` or ``colours_in_battle`` (distinct colours) of a player."""

    value: Literal["hp", "hand_size", "capacity", "colours_in_battle"]
    player: Player = "self"


class ChainCount(_Strict):
    value: Literal["chain_count"]
    player: Player = "self"
    face: Literal["up", "down", "any"] = "any"


class SourceSkill(_Strict):
    """``x``: the source's skill value (its current value if it is a knight in play)."""

    value: Literal["x"]


class Combine(_Strict):
    value: Literal["add", "sub", "min", "max", "times"]
    of: list["IntOrValue"] = Field(min_length=2)


Value = Annotated[Union[CountOf, PlayerValue, ChainCount, SourceSkill, Combine], Field(discriminator="value")]
IntOrValue = Union[int, Value]
Amount = Union[Annotated[int, Field(ge=0)], Value]  # a value below 0 counts as 0 when used


class DamageLeader(_Strict):
    """MA-9.11: HP loss by an effect; ``each`` hits both leaders at once (MA-1.6, MA-13.1)."""

    op: Literal["damage_leader"]
    player: PlayerOrEach
    amount: Amount


class HealLeader(_Strict):
    op: Literal["heal_leader"]
    player: PlayerOrEach
    amount: Amount


class Draw(_Strict):
    """MA-4.8: all or nothing."""

    op: Literal["draw"]
    player: Player
    n: Union[Annotated[int, Field(ge=1)], Value]


class ModifyKnight(_Strict):
    """MA-9.9 arithmetic until end of turn (MA-12.4); continuous when it is a static ability's effect."""

    op: Literal["modify_knight"]
    target: KnightSelector
    skill: IntOrValue
    defence: IntOrValue


class SetHp(_Strict):
    """MA-15.5 ``set_hp``: HP becomes ``amount``; MA-13.1 checked."""

    op: Literal["set_hp"]
    player: PlayerOrEach
    amount: int


class Mill(_Strict):
    """MA-15.5 ``mill``: the top ``n`` cards of the deck go to the discard pile, revealed (MA-4.7)."""

    op: Literal["mill"]
    player: Player
    n: int = Field(ge=1)


class Rest(_Strict):
    """MA-15.5 ``rest``: battle-area knights only (base knights are always active, MA-4.2)."""

    op: Literal["rest"]
    target: KnightSelector

    @model_validator(mode="after")
    def _battle_only(self) -> "Rest":
        if self.target.zone != "battle":
            raise FieldError("target.zone", "only battle-area knights are rested or made active (MA-4.2)")
        return self


class MakeActive(_Strict):
    """MA-15.5 ``make_active``: the knight may act or block again."""

    op: Literal["make_active"]
    target: KnightSelector

    @model_validator(mode="after")
    def _battle_only(self) -> "MakeActive":
        if self.target.zone != "battle":
            raise FieldError("target.zone", "only battle-area knights are rested or made active (MA-4.2)")
        return self


class Grant(_Strict):
    """MA-15.5 ``grant``: a keyword until end of turn (or while a static ability's source stays)."""

    op: Literal["grant"]
    target: KnightSelector
    keyword: Keyword


class PreventDamage(_Strict):
    """MA-15.5 ``prevent_damage``: attack damage to ``player``'s leader is reduced after blocking
    (MA-9.7 step 2); ``next_attack`` is used up by the next attack on that leader."""

    op: Literal["prevent_damage"]
    player: Player
    amount: int | Literal["all"]
    scope: Literal["next_attack", "this_turn"]


class CapacityBonus(_Strict):
    """MA-15.5 ``capacity_bonus``: cost capacity changes until end of turn (MA-7.1, MA-7.2)."""

    op: Literal["capacity_bonus"]
    player: Player
    delta: IntOrValue


class Restrict(_Strict):
    """MA-15.5 ``restrict``: ``player`` cannot do ``what`` until end of turn; "cannot" wins (MA-12.3).
    ``deploy_colour`` names a ``colour``: no knight of it may be put into that player's battle area
    (First-step move, Second-step deploy or evolution, or an effect's ``deploy``/``evolve``), D-MA-66."""

    op: Literal["restrict"]
    player: Player
    what: Literal["deploy_from_hand", "deploy_colour", "activate"]
    colour: Literal["red", "green", "blue", "yellow", "purple"] | None = None

    @model_validator(mode="after")
    def _colour(self) -> "Restrict":
        if (self.what == "deploy_colour") != (self.colour is not None):
            raise FieldError("colour", "restrict names a colour exactly when what is deploy_colour")
        return self


class DiscardFromHand(_Strict):
    """MA-15.5 ``discard_from_hand``: ``n`` cards, chosen by their owner in private (``each``: both in
    secret, the controller first, revealed together, MA-12.6) or at random; revealed (MA-14.6)."""

    op: Literal["discard_from_hand"]
    player: PlayerOrEach
    n: int = Field(ge=1)
    chooser: Literal["owner", "opponent", "random"] = "owner"

    @model_validator(mode="after")
    def _opponent_one(self) -> "DiscardFromHand":
        if self.chooser == "opponent" and self.player == "each":
            raise FieldError("chooser", "chooser opponent looks at one hand: not with player each")
        return self


class MoveKnight(_Strict):
    """MA-15.5 ``move_knight``: the chosen knights' top cards go to ``to`` (cards under them to the
    discard pile, as MA-11.2); ``base`` needs room under the 3-knight limit."""

    op: Literal["move_knight"]
    target: KnightSelector
    to: Literal["hand", "base", "deck_top", "deck_bottom", "discard"]


class RemoveChain(_Strict):
    """MA-15.5 ``remove_chain``: ``player`` puts ``n`` of their chain cards (their choice) into the
    discard pile, revealed."""

    op: Literal["remove_chain"]
    player: Player
    n: int = Field(ge=1)


class SearchDeck(_Strict):
    """MA-15.5 ``search_deck``: the player looks through their deck for up to one knight matching
    ``filter``, reveals it and puts it into their hand, then shuffles the deck."""

    op: Literal["search_deck"]
    player: Literal["self"] = "self"
    filter: KnightFilter = KnightFilter()
    to: Literal["hand"] = "hand"


class BurstCheck(_Strict):
    """MA-15.5 ``burst_check``: the player performs one burst check (MA-10.2)."""

    op: Literal["burst_check"]
    player: Player


class Charge(_Strict):
    """MA-15.5 ``charge``: the player performs the base fill procedure (MA-8.5)."""

    op: Literal["charge"]
    player: Player


class AddChain(_Strict):
    """MA-15.5 ``add_chain``: own cards become chain cards. ``from``: the hand (chosen in private),
    the top card of the deck (the owner looks at it) or the discard pile; face ``down`` from the hand
    or the deck is seen by the owner only (MA-14.4)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, populate_by_name=True)

    op: Literal["add_chain"]
    from_: Literal["hand", "deck_top", "discard"] | None = Field(default=None, alias="from")
    card: CardSelector | None = None
    face: Literal["up", "down"]
    count: Literal[1] | UpTo = 1

    @model_validator(mode="after")
    def _deck_one(self) -> "AddChain":
        if (self.from_ is None) == (self.card is None):
            raise FieldError("from", "add_chain takes its cards either 'from' a zone or by a 'card' selector")
        if self.from_ == "deck_top" and self.count != 1:
            raise FieldError("count", "add_chain from the deck takes its top card only (count 1)")
        if self.card is not None and self.count != 1:
            raise FieldError("count", "with a card selector the count goes in the selector")
        return self


class FlipChain(_Strict):
    """MA-15.5 ``flip_chain``: the controller turns ``n`` of his own chain cards to ``face``."""

    op: Literal["flip_chain"]
    n: int = Field(ge=1)
    face: Literal["up", "down"]


class RevealTop(_Strict):
    """MA-15.5 ``reveal_top``: ``player`` reveals the top ``n`` cards of their deck (MA-4.7 once if it is
    empty); those matching ``filter`` go to ``to`` (``count``: all of them, or the controller picks up to
    n), the rest to ``rest``; then ``then`` resolves once per card that went to ``to`` (D-MA-64)."""

    op: Literal["reveal_top"]
    player: Player = "self"
    n: int = Field(ge=1, le=5)
    filter: KnightFilter = KnightFilter()
    to: Literal["hand", "battle", "chain", "discard", "deck_bottom"]
    count: Literal["all"] | UpTo = "all"
    rest: Literal["discard", "deck_bottom", "deck_top"] = "discard"
    then: list["Effect"] = []

    @model_validator(mode="after")
    def _printed_only(self) -> "RevealTop":
        f = self.filter
        if f.state is not None or f.evolved is not None or f.this or f.other:
            raise FieldError("filter", "reveal_top filters printed values only (no state, evolved, this, other)")
        if self.to == self.rest:
            raise FieldError("rest", "reveal_top: matching cards and the rest go to different places")
        return self


class SetValues(_Strict):
    """MA-15.5 ``set_values``: the chosen knights' printed skill value and/or defence become these
    numbers until end of turn; ``modify_knight`` and static bonuses still add on top (D-MA-63)."""

    op: Literal["set_values"]
    target: KnightSelector
    skill: int | None = Field(default=None, ge=0)
    defence: int | None = Field(default=None, ge=0)
    duration: Duration = "this_turn"

    @model_validator(mode="after")
    def _some(self) -> "SetValues":
        if self.skill is None and self.defence is None:
            raise FieldError("skill", "set_values sets a skill value, a defence, or both")
        return self


class ChangeColour(_Strict):
    """MA-15.5 ``change_colour``: the chosen knights are ``colour`` until end of turn, for every rule
    that reads a knight's colour (filters, colours_in_battle, base colours when moved), D-MA-65."""

    op: Literal["change_colour"]
    target: KnightSelector
    colour: Colour
    duration: Duration = "this_turn"


class Deploy(_Strict):
    """MA-15.5 ``deploy``: own cards chosen by ``card`` enter the battle area as active knights (MA-8.12);
    ``pay_cost`` counts their cost toward the budget and needs room in it (MA-7.2); from the hand the
    colour restriction of MA-8.3 applies; a colourless duplicate goes to the discard pile (MA-8.6)."""

    op: Literal["deploy"]
    card: CardSelector
    to: Literal["battle"] = "battle"
    pay_cost: bool = False


class Evolve(_Strict):
    """MA-15.5 ``evolve``: one own card chosen by ``card`` is put on top of a knight chosen by ``onto``
    whose top card's name it evolves from (MA-8.8); ``pay_cost`` counts its evolution cost (MA-7.2)."""

    op: Literal["evolve"]
    card: CardSelector
    onto: KnightSelector
    pay_cost: bool = False

    @model_validator(mode="after")
    def _one(self) -> "Evolve":
        if self.card.count != 1 or self.onto.count != 1 or self.onto.owner != "self":
            raise FieldError("onto", "evolve puts one card onto one of your own knights (count 1, owner self)")
        return self


# ---- conditions (MA-15.6) ------------------------------------------------------------------------


class HpTest(_Strict):
    test: Literal["hp_at_most", "hp_at_least", "hand_size_at_most", "hand_size_at_least"]
    player: Player = "self"
    n: int


class ChainCountAtLeast(_Strict):
    test: Literal["chain_count_at_least"]
    player: Player = "self"
    n: int
    face: Literal["up", "down", "any"] = "any"


class LeaderTypeIs(_Strict):
    test: Literal["leader_type_is"]
    player: Player = "self"
    type: LeaderType


class KnightCountAtLeast(_Strict):
    test: Literal["knight_count_at_least"]
    target: KnightSelector
    n: int = Field(ge=1)


class IsTurnPlayer(_Strict):
    test: Literal["is_turn_player"]
    player: Player = "self"


class ColourInBattle(_Strict):
    test: Literal["colour_in_battle"]
    player: Player = "self"
    colour: Literal["red", "green", "blue", "yellow", "purple"]


class SourceTest(_Strict):
    """``is_evolved`` / ``moved_from_base_this_turn`` of the source knight (MA-15.6)."""

    test: Literal["is_evolved", "moved_from_base_this_turn"]


class AllOf(_Strict):
    test: Literal["and", "or"]
    of: list["Condition"] = Field(min_length=1)


class Not(_Strict):
    test: Literal["not"]
    of: "Condition"


Condition = Annotated[Union[HpTest, ChainCountAtLeast, LeaderTypeIs, KnightCountAtLeast, IsTurnPlayer,
                            ColourInBattle, SourceTest, AllOf, Not], Field(discriminator="test")]


class ChooseOne(_Strict):
    """MA-15.5 ``choose_one``: the controller picks one of the option lists (labelled) that can be
    carried out now (MA-12.2)."""

    op: Literal["choose_one"]
    labels: list[str] = Field(min_length=2)
    options: list[list["Effect"]] = Field(min_length=2)

    @model_validator(mode="after")
    def _same_length(self) -> "ChooseOne":
        if len(self.labels) != len(self.options):
            raise FieldError("labels", "choose_one needs one label per option")
        return self


class Repeat(_Strict):
    """MA-15.5 ``repeat``: the effects, ``times`` times in a row (each round completely)."""

    op: Literal["repeat"]
    times: int = Field(ge=1, le=10)
    effects: list["Effect"] = Field(min_length=1)


class If(_Strict):
    """MA-15.5 ``if``: the condition is read when this part resolves; one branch runs (may be empty)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, populate_by_name=True)

    op: Literal["if"]
    condition: Condition
    then: list["Effect"] = []
    else_: list["Effect"] = Field(default=[], alias="else")


Effect = Annotated[Union[DamageLeader, HealLeader, Draw, ModifyKnight, SetHp, Mill, Rest, MakeActive, Grant,
                         PreventDamage, CapacityBonus, Restrict, DiscardFromHand, MoveKnight, RemoveChain,
                         SearchDeck, BurstCheck, Charge, AddChain, FlipChain, RevealTop, SetValues,
                         ChangeColour, Deploy, Evolve, ChooseOne, Repeat, If], Field(discriminator="op")]
STATIC_OPS = (ModifyKnight, Grant)  # what a static ability may carry (continuous effects on knights)

CountOf.model_rebuild()
Combine.model_rebuild()
AllOf.model_rebuild()
Not.model_rebuild()
If.model_rebuild()
ChooseOne.model_rebuild()
Repeat.model_rebuild()
RevealTop.model_rebuild()


class Burst(_Strict):
    """MA-10.1: presence of the table is the burst icon; its effects are the burst text."""

    effects: list[Effect] = Field(min_length=1)


Event = Literal["game_start", "turn_start", "start_phase_end", "card_drawn", "knight_enters_base",
                "knight_deployed", "knight_evolved", "action_taken", "attack_declared", "blockers_declared",
                "knight_blocks", "attack_unblocked", "leader_damaged", "leader_healed", "burst_revealed",
                "card_becomes_chain", "chain_flipped", "refresh_step", "turn_end"]  # every MA-15.4 event


class Trigger(_Strict):
    """MA-15.4: an event plus a filter. ``player``: whose event it is (the deploying player, the damaged
    leader's, the turn player) relative to the ability's controller; ``this``: the event's card is the
    source itself; ``from``: where a deployed or evolved knight came from (``base``, ``hand`` or
    ``effect``); ``source``: what changed HP (``attack`` or ``heal`` skill, or ``effect``);
    ``amount_at_least``: the damage or healing was at least this much (D-MA-67)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, populate_by_name=True)

    event: Event
    player: Literal["self", "opponent", "any"] = "any"
    this: bool = False
    from_: Literal["base", "hand", "effect"] | None = Field(default=None, alias="from")
    source: Literal["attack", "heal", "effect"] | None = None
    amount_at_least: int | None = Field(default=None, ge=1)

    @model_validator(mode="after")
    def _fits(self) -> "Trigger":
        if self.from_ is not None and self.event not in ("knight_deployed", "knight_evolved"):
            raise FieldError("from", "'from' filters knight_deployed and knight_evolved only")
        if (self.source is not None or self.amount_at_least is not None) \
                and self.event not in ("leader_damaged", "leader_healed"):
            raise FieldError("source", "'source' and 'amount_at_least' filter leader_damaged and leader_healed only")
        if self.source == "attack" and self.event != "leader_damaged" \
                or self.source == "heal" and self.event != "leader_healed":
            raise FieldError("source", "an attack damages and the Heal skill heals: source does not fit the event")
        return self


class Ability(_Strict):
    """MA-15.3."""

    kind: Literal["static", "triggered", "activated"]
    zones: list[AbilityZone] | None = None
    trigger: Trigger | None = None
    timing: Timing | None = None
    colour_cost: list[CostSymbol] = []
    limit: Limit | None = None
    rest_self: bool = False
    optional: bool = False
    condition: Condition | None = None
    effects: list[Effect] = Field(min_length=1)

    @model_validator(mode="after")
    def _timing(self) -> "Ability":
        if self.kind == "static":
            for eff in self.effects:
                if not isinstance(eff, STATIC_OPS) or eff.target.count != "all":
                    raise FieldError("effects", "a static ability carries only modify_knight or grant over count: all "
                                     "(MA-15.3)")
                if isinstance(eff, ModifyKnight) and not (isinstance(eff.skill, int) and isinstance(eff.defence, int)):
                    raise FieldError("effects", "a static modify_knight uses plain numbers (a value could read itself)")
            if self.optional or self.limit is not None:
                raise FieldError("limit", "a static ability is neither optional nor limited (MA-15.3)")
        if self.kind == "activated" and self.timing is None:
            raise FieldError("timing", "an activated ability needs a timing (MA-15.3)")
        if self.kind != "activated" and (self.timing is not None or self.colour_cost or self.rest_self):
            raise FieldError("timing", "timing, colour_cost and rest_self belong to activated abilities (MA-15.3)")
        if (self.kind == "triggered") != (self.trigger is not None):
            raise FieldError("trigger", "a triggered ability, and only one, has a trigger (MA-15.3)")
        return self


# ---- cards (MA-15.1) ------------------------------------------------------------------------------


class KnightCard(_Strict):
    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    subtitle: str | None = None
    kind: Literal["knight"]
    colour: Colour
    arthur_type: ArthurType
    type_restricted: bool
    cost: int = Field(ge=0)
    evolves_from: list[Annotated[str, Field(min_length=1)]] | None = Field(default=None, min_length=1)
    evolution_cost: int | None = Field(default=None, ge=0)
    skill: Skill
    skill_value: int = Field(ge=0)
    defence: int = Field(ge=0)
    burst: Burst | None = None
    abilities: list[Ability] = []
    text: str
    flavour: str | None = None
    art: str | None = None

    @model_validator(mode="after")
    def _checks(self) -> "KnightCard":
        if self.type_restricted and self.arthur_type == "common":
            raise FieldError("type_restricted", "a Common card is never type-restricted (MA-2.6)")
        if (self.evolves_from is None) != (self.evolution_cost is None):
            raise FieldError("evolution_cost",
                             "evolution_cost is required exactly when evolves_from is given (MA-15.1)")
        if "[" in self.name or "(" in self.name:
            raise FieldError("name", "a bracketed suffix goes in 'subtitle', never in 'name' (MA-3.9)")
        return self


class LeaderCard(_Strict):
    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    kind: Literal["leader"]
    arthur_type: LeaderType
    abilities: list[Ability] = Field(default=[], max_length=2)  # MA-3.12
    text: str
    flavour: str | None = None
    art: str | None = None

    @model_validator(mode="after")
    def _leader_timing(self) -> "LeaderCard":
        for k, ab in enumerate(self.abilities):
            if ab.kind == "activated" and ab.timing != "own_attack_step":
                raise FieldError(f"abilities[{k}].timing", "a leader's activated ability has timing own_attack_step "
                                                           "only (MA-3.12)")
            if ab.rest_self:
                raise FieldError(f"abilities[{k}].rest_self", "rest_self belongs to knights' activated abilities "
                                                              "(MA-15.3)")
            if ab.kind == "activated" and ab.limit is None:
                raise FieldError(f"abilities[{k}].limit", "a leader's activated ability is limited to once per turn "
                                                          "(MA-3.12)")
        return self


AnyCard = Annotated[Union[KnightCard, LeaderCard], Field(discriminator="kind")]


class CardSet(SetHeader):
    """One card set file (``set`` and ``version`` first, ``SetHeader``)."""

    cards: list[AnyCard] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique(self) -> "CardSet":
        unique_card_ids(self.cards)
        return self
