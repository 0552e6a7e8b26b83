"""CC-12.7 card data: the core pool loads and covers the vocabulary (CC-7.23 keywords, CC-11 icons,
CC-12.1 kinds, CC-12.5 primitive groups); damaged card files are refused naming file, card and field."""

from __future__ import annotations

import copy
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any, Callable

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.carddata import load_card_file
from cardtable.core import CardDataError
from cardtable.games.call_of_cthulhu.catalog import CARDS_DIR, build_pool, load_pool
from cardtable.games.call_of_cthulhu.schema import (FACTIONS, PRIMITIVE_GROUPS, STRUGGLES, TRIGGER_EVENTS, CardSet,
                                                    CharacterCard, EventCard, StoryCard, SupportCard, cost_name,
                                                    walk_effects)
from cardtable.testing.conformance import damage

CORE = (CARDS_DIR / "core.yaml").read_text(encoding="utf-8")
# libyaml when PyYAML has it: the damage tests parse and write the pool file dozens of times.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
CORE_TREE = yaml.load(CORE, Loader=_LOADER)  # noqa: S506 - a safe loader


def _dump(tree: Any, path: Path) -> None:
    path.write_text(yaml.dump(tree, Dumper=_DUMPER, allow_unicode=True), encoding="utf-8")
KEYWORDS = ("willpower", "invulnerability", "toughness", "fast", "heroic", "villainous", "loyal", "steadfast",
            "transient")
KINDS = ("passive", "action", "reaction", "forced", "interrupt", "win_effect")
COSTS = ("pay", "exhaust_self", "exhaust", "sacrifice_self", "sacrifice", "discard_from_hand", "remove_success_tokens",
         "wound_self", "self_goes_insane", "return_self_to_hand", "discard_from_deck_top")
KIND_LABEL = {"action": "Action:", "reaction": "Response:", "forced": "Forced:", "interrupt": "Interrupt:"}


def _abilities(card: Any) -> list[Any]:
    return list(getattr(card, "abilities", None) or []) + list(getattr(card, "passive", None) or [])


def _ops(card: Any) -> set[str]:
    records: list[Any] = [[a.effect, a.then] for a in _abilities(card)]
    if isinstance(card, StoryCard) and card.win_effect is not None:
        records.append([card.win_effect.effect, card.win_effect.then])
    return {e.op for e in walk_effects(records)}


def coverage() -> dict[str, set[str]]:
    """What the shipped pool uses, by category (printed by the coverage test)."""
    pool = load_pool()
    used: dict[str, set[str]] = {k: set() for k in ("keywords", "kinds", "ops", "groups", "costs", "triggers",
                                                     "icons", "boosters", "struggles")}
    for card in pool.cards.values():
        if isinstance(card, (CharacterCard, SupportCard, EventCard)):
            used["keywords"] |= set(card.keyword_names())
        if isinstance(card, CharacterCard):
            used["icons"] |= {t for t in STRUGGLES if getattr(card.icons, t) > 0}
        if isinstance(card, (CharacterCard, SupportCard)):
            used["boosters"] |= {t for t in STRUGGLES if getattr(card.boosters, t) > 0}
        if isinstance(card, StoryCard):
            used["struggles"] |= {t for t in STRUGGLES if getattr(card.struggles, t) > 0}
            if card.win_effect is not None:
                used["kinds"].add("win_effect")
        for ability in _abilities(card):
            used["kinds"].add(ability.kind)
            used["costs"] |= {cost_name(c) for c in ability.cost}
            if ability.trigger is not None:
                used["triggers"].add(ability.trigger.event)
        used["ops"] |= _ops(card)
    used["groups"] = {g for g, ops in PRIMITIVE_GROUPS.items() if used["ops"] & set(ops)}
    return used


# ---- the pool ----------------------------------------------------------------------------------


def test_cc_12_7_the_core_pool_loads_with_every_faction_and_the_story_set():
    pool = load_pool()
    deck_cards = pool.deck_cards()
    by_faction = Counter(c.faction for c in deck_cards)
    for faction in FACTIONS:
        assert by_faction[faction] >= 12, faction
        types = {c.type for c in deck_cards if c.faction == faction}
        assert types == {"character", "support", "event"}, (faction, types)
    assert any(isinstance(c, SupportCard) and c.attach_to is not None for c in deck_cards)
    assert len(pool.domains()) == 3
    assert len(pool.story_sets["core"]) == 10
    struggle_shapes = {tuple(getattr(s.struggles, t) for t in STRUGGLES) for s in pool.stories()}
    assert len(struggle_shapes) >= 5  # the stories differ in their struggles
    win_effects = [s.win_effect for s in pool.stories() if s.win_effect is not None]
    assert len({repr(w.effect) for w in win_effects}) >= 8  # ... and in their win effects
    assert any(w.optional for w in win_effects) and any(not w.optional for w in win_effects)


def test_cc_12_7_costs_skills_and_texts_are_sensible_and_match_the_records():
    """Costs 0-6, skills 0-5; every card with rules has a text, and the text names each keyword,
    booster and ability kind the record has (CC-7.23, CC-11.5, CC-12.1); 'may' marks an optional win
    effect (CC-7.3)."""
    for card in load_pool().cards.values():
        if isinstance(card, (CharacterCard, SupportCard, EventCard)):
            assert isinstance(card.cost, int) and 0 <= card.cost <= 6, card.id
            if isinstance(card, CharacterCard):
                assert isinstance(card.skill, int) and 0 <= card.skill <= 5, card.id
            if card.abilities or card.keywords or card.transient:
                assert card.text, card.id
            for keyword in card.keywords:
                name = keyword if isinstance(keyword, str) else next(iter(type(keyword).model_fields))
                number = "" if isinstance(keyword, str) else str(getattr(keyword, name))
                label = {"toughness": f"Toughness +{number}", "steadfast": f"Steadfast {number}"}.get(name, name.title())
                assert label in card.text, (card.id, label)
            if card.transient:
                assert "Transient" in card.text, card.id
            if isinstance(card, (CharacterCard, SupportCard)):
                for t in STRUGGLES:
                    if getattr(card.boosters, t):
                        assert f"Booster: {t.title()}" in card.text, (card.id, t)
            for ability in card.abilities:
                if ability.kind in KIND_LABEL:
                    assert KIND_LABEL[ability.kind] in card.text, (card.id, ability.kind)
                if ability.limit in ("once_per_turn", "once_per_phase"):
                    assert ability.limit.replace("_", " ").capitalize() in card.text, card.id
        if isinstance(card, StoryCard) and card.win_effect is not None:
            assert card.text.count("Win effect:") == 1, card.id
            assert ("may" in card.text.split("Win effect:")[1]) == card.win_effect.optional, card.id


def test_cc_12_coverage_every_keyword_icon_kind_and_primitive_group_is_used(capsys):
    """The pool uses every CC-7.23 keyword, every struggle and booster icon (CC-11.4, 11.5), every
    ability kind (CC-12.1), every effect primitive group (CC-12.5) and every cost (CC-12.4). The
    listing is printed so a reader sees what else is (not yet) used."""
    used = coverage()
    all_ops = {op for ops in PRIMITIVE_GROUPS.values() for op in ops}
    with capsys.disabled():
        print("\nCall of Cthulhu core pool coverage:")
        for key, values in used.items():
            print(f"  {key:9s} {len(values):3d}: {', '.join(sorted(values))}")
        print(f"  primitives unused: {', '.join(sorted(all_ops - used['ops'])) or 'none'}")
        print(f"  triggers unused:   {', '.join(sorted(set(TRIGGER_EVENTS) - used['triggers'])) or 'none'}")
    assert used["keywords"] == set(KEYWORDS)
    assert used["kinds"] == set(KINDS)
    assert used["groups"] == set(PRIMITIVE_GROUPS)
    assert used["icons"] == used["boosters"] == used["struggles"] == set(STRUGGLES)
    assert used["costs"] == set(COSTS)
    assert used["ops"] == all_ops  # every primitive, not only every group


def test_cc_12_7_the_specification_example_loads(tmp_path):
    """The example of §12.7 (three deck cards and a story, written without optional fields) is valid."""
    example = """
set: example
version: 1
cards:
  - id: ORIG-001
    title: Dockside Night Patrol
    type: character
    faction: agency
    cost: 2
    unique: false
    subtypes: [Detective]
    skill: 2
    icons: {terror: 0, combat: 1, arcane: 0, investigation: 1}
    boosters: {terror: 0, combat: 0, arcane: 0, investigation: 0}
    keywords: [heroic]
    abilities:
      - kind: reaction
        trigger: {event: struggle_won, type: investigation, player: you, story: source_story}
        limit: once_per_turn
        effect: {op: draw, player: you, n: 1}
  - id: ORIG-002
    title: Ledger of Whispers
    type: support
    faction: syndicate
    cost: 1
    unique: true
    attach_to: {type: character, controller: you}
    keywords: []
    abilities:
      - kind: passive
        effect: {op: modify_skill, target: host, delta: 1, duration: while_attached}
  - id: ORIG-003
    title: Static on the Wire
    type: event
    faction: hastur
    cost: 2
    trigger: action
    abilities:
      - kind: action
        condition: {phase: story}
        effect: {op: drive_insane, target: {choose: 1, type: character, committed: true,
                 lacks_keyword: willpower, icons: {terror: 0}}}
  - id: ORIG-S01
    title: The Lighthouse That Counts Backward
    type: story
    struggles: {terror: 1, combat: 1, arcane: 1, investigation: 1}
    win_effect:
      optional: true
      effect: {op: restore, target: {choose: 1, controller: you, state: insane}, ready: true}
"""
    path = tmp_path / "example.yaml"
    path.write_text(example, encoding="utf-8")
    pool = build_pool([path])
    assert [c.type for c in pool.cards.values()] == ["character", "support", "event", "story"]
    assert pool.story_sets == {"example": ("ORIG-S01",)}  # a story's set defaults to the file's


def test_cc_6_13_transient_is_derived_from_two_resource_icons():
    pool = load_pool()
    transient = sorted(c.id for c in pool.deck_cards() if c.transient)
    assert transient == ["SN01", "SY12"]
    assert pool.cards["SY12"].resources == ["syndicate", "syndicate"]  # type: ignore[union-attr]
    assert pool.cards["AG01"].resources == ["agency"]  # type: ignore[union-attr]
    assert "transient" in pool.cards["SY12"].keyword_names()  # type: ignore[union-attr]


# ---- damaged files: CardDataError naming file, card and field ---------------------------------


def _card(data: dict[str, Any], card_id: str) -> dict[str, Any]:
    return next(c for c in data["cards"] if c["id"] == card_id)


def _ability(data: dict[str, Any], card_id: str) -> dict[str, Any]:
    ability: dict[str, Any] = _card(data, card_id)["abilities"][0]
    return ability


Mutation = Callable[[dict[str, Any]], None]

DAMAGE: list[tuple[str, Mutation, str, str]] = [
    # (what, mutation, card and field named, words of the message)
    ("transient listed", lambda d: _card(d, "SY12").update(keywords=["transient"]),
     "card 'SY12', field 'keywords'", "two resource_icons"),
    ("loyal on neutral (CC-6.7)", lambda d: _card(d, "NE01").update(keywords=["loyal"]),
     "card 'NE01', field 'keywords'", "neutral card cannot have loyal or steadfast"),
    ("steadfast on neutral (CC-6.7)", lambda d: _card(d, "NE01").update(keywords=[{"steadfast": 1}]),
     "card 'NE01', field 'keywords'", "neutral card cannot have loyal or steadfast"),
    ("max_copies above 4 (CC-2.3)", lambda d: _card(d, "AG01").update(max_copies=5),
     "card 'AG01', field 'max_copies'", "less than or equal to 4"),
    ("max_copies 0", lambda d: _card(d, "AG01").update(max_copies=0), "card 'AG01', field 'max_copies'", ""),
    ("event with two abilities", lambda d: _card(d, "AG06")["abilities"].append(_ability(d, "AG06")),
     "card 'AG06', field 'abilities'", "at most 1 item"),
    ("event with no ability", lambda d: _card(d, "AG06").update(abilities=[]),
     "card 'AG06', field 'abilities'", "at least 1 item"),
    ("event trigger and ability disagree", lambda d: _card(d, "AG07").update(trigger="action"),
     "card 'AG07', field 'abilities[0].kind'", "trigger is action but its ability is of kind interrupt"),
    ("event trigger names another event", lambda d: _card(d, "AG07").update(trigger="interrupt:wounded"),
     "card 'AG07', field 'abilities[0].trigger'", "triggers on destroyed"),
    ("unknown event trigger", lambda d: _card(d, "AG07").update(trigger="interrupt:sneezed"),
     "card 'AG07', field 'trigger'", "unknown trigger event 'sneezed'"),
    ("duplicate id", lambda d: _card(d, "AG02").update(id="AG01"), "field 'cards'", "'AG01' is used twice"),
    ("duplicate title", lambda d: _card(d, "AG02").update(title="Harbor Patrolman"), "field 'cards'",
     "share the title"),
    ("unknown op", lambda d: _ability(d, "AG03")["effect"].update(op="zap"),
     "card 'AG03', field 'abilities[0].effect.op'", "'zap'"),
    ("unknown filter key", lambda d: _ability(d, "AG03")["effect"]["target"].update(colour="red"),
     "card 'AG03', field 'abilities[0].effect.target.colour'", "unknown key"),
    ("unknown card type in a filter", lambda d: _ability(d, "AG03")["effect"]["target"].update(type="charcter"),
     "card 'AG03', field 'abilities[0].effect.target.type'", "'character'"),
    ("missing parameter", lambda d: _ability(d, "AG03")["effect"].pop("target"),
     "card 'AG03', field 'abilities[0].effect.target'", "Field required"),
    ("a number written as a string", lambda d: _card(d, "AG03").update(cost="2"),
     "card 'AG03', field 'cost'", 'expected an int ≥ 0 or "X"'),
    ("a bool for a number", lambda d: _card(d, "AG03").update(skill=True), "card 'AG03', field 'skill'", "expected"),
    ("a number for a bool", lambda d: _card(d, "AG03").update(unique=1), "card 'AG03', field 'unique'",
     "valid boolean"),
    ("negative cost", lambda d: _card(d, "AG03").update(cost=-1), "card 'AG03', field 'cost'", "at least 0"),
    ("negative icon", lambda d: _card(d, "AG03")["icons"].update(combat=-1), "card 'AG03', field 'icons.combat'",
     "greater than or equal to 0"),
    ("unknown card type", lambda d: _card(d, "AG03").update(type="monster"), "card 'AG03', field 'type'",
     "type must be one of character, support, event, story, domain"),
    ("unknown faction", lambda d: _card(d, "AG03").update(faction="silver_twilight"), "card 'AG03', field 'faction'",
     "'agency'"),
    ("reaction without a trigger", lambda d: _ability(d, "AG03").pop("trigger"),
     "card 'AG03', field 'abilities[0].trigger'", "needs a trigger"),
    ("action with a trigger", lambda d: _ability(d, "AG02").update(trigger={"event": "turn_start"}),
     "card 'AG02', field 'abilities[0].trigger'", "has no trigger"),
    ("unknown trigger event", lambda d: _ability(d, "AG03")["trigger"].update(event="sneezed"),
     "card 'AG03', field 'abilities[0].trigger.event'", "'sneezed'"),
    ("unknown cost", lambda d: _ability(d, "AG02").update(cost=["bribe"]),
     "card 'AG02', field 'abilities[0].cost[0]'", "unknown cost"),
    ("cancel outside an interrupt", lambda d: _ability(d, "AG06").update(effect={"op": "cancel"}),
     "card 'AG06', field 'abilities[0].kind'", "cancel and replace are for interrupt abilities only"),
    ("a passive that draws", lambda d: _ability(d, "AG08").update(effect={"op": "draw"}),
     "card 'AG08', field 'abilities[0].effect'", "lasting changes"),
    ("sacrificing the opponent's cards", lambda d: _ability(d, "SN07")["effect"]["options"][0]["effect"]["target"]
     .update(controller="opponent"), "card 'SN07', field 'abilities[0].effect.options[0].effect.target'",
     "your own cards"),
    ("reserved keyword", lambda d: _card(d, "AG03")["keywords"].append("zoog"), "card 'AG03', field 'keywords'",
     "reserved"),
    ("unknown keyword", lambda d: _card(d, "AG03")["keywords"].append("brave"), "card 'AG03', field 'keywords'",
     "unknown keyword 'brave'"),
    ("toughness without its number", lambda d: _card(d, "AG03")["keywords"].append("toughness"),
     "card 'AG03', field 'keywords'", "needs its number"),
    ("toughness 0", lambda d: _card(d, "AG05").update(keywords=[{"toughness": 0}]),
     "card 'AG05', field 'keywords[0].toughness'", "greater than or equal to 1"),
    ("keyword twice", lambda d: _card(d, "AG03")["keywords"].append("fast"), "card 'AG03', field 'keywords'",
     "listed twice"),
    ("heroic and villainous", lambda d: _card(d, "AG01")["keywords"].append("villainous"),
     "card 'AG01', field 'keywords'", "both heroic and villainous"),
    ("a character keyword on a support", lambda d: _card(d, "AG08").update(keywords=["fast"]),
     "card 'AG08', field 'keywords'", "character keyword"),
    ("X with no X cost or skill", lambda d: _ability(d, "AG03")["effect"].update(n="X"), "card 'AG03'",
     "neither cost nor skill is X"),
    ("three resource icons", lambda d: _card(d, "SY12").update(resource_icons=["syndicate"] * 3),
     "card 'SY12', field 'resource_icons'", "at most 2"),
    ("a story passive that is not passive", lambda d: _card(d, "ST06")["passive"][0].update(kind="action"),
     "card 'ST06', field 'passive'", "passive abilities only"),
    ("a win effect on a deck card", lambda d: _card(d, "AG02")["abilities"][0].update(kind="win_effect"),
     "card 'AG02', field 'abilities'", "only stories have win effects"),
    ("a domain with stats", lambda d: _card(d, "DM01").update(cost=1), "card 'DM01', field 'cost'", "unknown key"),
    ("a value with two sources", lambda d: _card(d, "MU04")["abilities"][0]["effect"]["condition"].update(
        value={"hand_size": "you", "won_stories": "you"}),
     "card 'MU04', field 'abilities[0].effect.condition.value.hand_size'",
     "exactly one of"),
    ("a range with min above max", lambda d: _ability(d, "SY07")["effect"]["target"].update(cost={"min": 3, "max": 1}),
     "card 'SY07', field 'abilities[0].effect.target.cost.min'", "min is above max"),
    ("limit 1 per turn in play", lambda d: _ability(d, "AG03").update(limit="limit_1_per_turn"),
     "card 'AG03', field 'abilities[0].limit'", "from out of play"),
    ("unknown limit", lambda d: _ability(d, "AG03").update(limit="twice_per_turn"),
     "card 'AG03', field 'abilities[0].limit'", "'once_per_turn'"),
    ("controller of a card in hand", lambda d: _ability(d, "SY04")["effect"]["card"].update(controller="you"),
     "card 'SY04', field 'abilities[0].effect.card.controller'", "has an owner, not a controller"),
    ("unknown duration", lambda d: _ability(d, "AG08")["effect"].update(duration="forever"),
     "card 'AG08', field 'abilities[0].effect.duration'", "'until_end_of_phase'"),
]


@pytest.mark.parametrize(("what", "mutate", "where", "words"), DAMAGE, ids=[d[0] for d in DAMAGE])
def test_cc_12_7_a_broken_card_is_refused_naming_file_card_and_field(tmp_path, what, mutate, where, words):
    data = copy.deepcopy(CORE_TREE)
    mutate(data)
    path = tmp_path / "broken.yaml"
    _dump(data, path)
    with pytest.raises(CardDataError) as err:
        load_card_file(path, CardSet)
    message = str(err.value)
    assert message.startswith(f"{path}: "), message
    assert where in message, message
    assert words in message, message
    assert "Traceback" not in message and "tagged-union" not in message


def test_cc_12_7_ids_and_titles_are_unique_across_files(tmp_path):
    core = CORE_TREE
    extra = {"set": "extra", "version": 1, "cards": [copy.deepcopy(_card(core, "AG01"))]}
    path = tmp_path / "extra.yaml"
    path.write_text(yaml.safe_dump(extra), encoding="utf-8")
    with pytest.raises(CardDataError, match=re.escape(f"{path}: card 'AG01', field 'id': the id is already used in")):
        build_pool([CARDS_DIR / "core.yaml", path])
    extra["cards"][0]["id"] = "XX01"
    path.write_text(yaml.safe_dump(extra), encoding="utf-8")
    with pytest.raises(CardDataError,
                       match="field 'title': the title 'Harbor Patrolman' is already used by card 'AG01'"):
        build_pool([CARDS_DIR / "core.yaml", path])


def test_cc_12_7_an_unreadable_or_non_mapping_file_is_refused(tmp_path):
    path = tmp_path / "list.yaml"
    path.write_text("- a\n- b\n", encoding="utf-8")
    with pytest.raises(CardDataError, match="must hold a mapping"):
        build_pool([path])
    with pytest.raises(CardDataError, match="cannot read"):
        build_pool([tmp_path / "missing.yaml"])


@settings(max_examples=40, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32))
def test_cc_12_7_any_damaged_card_file_loads_or_is_refused_with_a_readable_error(tmp_path, seed):
    """A damaged pool file (one value replaced by junk, a key deleted, a list cut short) either still
    loads or raises ``CardDataError`` naming the file; no other exception escapes."""
    path = tmp_path / "damaged.yaml"
    tree = damage(CORE_TREE, random.Random(seed))  # damage() works on its own copy
    _dump(tree, path)
    try:
        build_pool([path])
    except CardDataError as err:
        assert str(path) in str(err) and "Traceback" not in str(err)


# ---- the vocabulary beyond what the pool uses ---------------------------------------------------

VOCABULARY = """
set: vocabulary
version: 1
cards:
  - id: V01
    title: Everything Counts
    type: character
    faction: agency
    cost: X
    skill: X
    keywords: [{steadfast: 1}]
    abilities:
      - kind: passive
        effect: {op: set_skill, target: self, value: {count: {type: character, controller: you}, times: 2}}
      - kind: reaction
        trigger: {event: leaves_play, filter: {type: support, controller: opponent}, destination: discard}
        condition:
          any_of:
            - {value: {tokens: {story: source_story, side: opponent}}, at_least: 3}
            - {value: {won_stories: opponent}, more_than: {won_stories: you}}
          not: {phase: story}
        effect: {op: heal, target: self, n: all}
      - kind: forced
        trigger: {event: domain_drained, controller: opponent}
        effect: {op: refresh_domain, domain: event_domain}
      - kind: action
        condition: {all_of: [{value: {overpaid: true}, at_least: 1}, {value: {resources: {faction: agency}}, equals: 3}]}
        effect:
          - {op: grant_keyword, target: self, keyword: {toughness: 2}, duration: {while: {active_player: you}}}
          - {op: wound, target: {choose: 2, up_to: true, chooser: opponent, type: character, select: lowest_skill}, n: X}
  - id: V02
    title: Every Trigger Shape
    type: support
    faction: neutral
    cost: 0
    abilities:
      - kind: reaction
        trigger: {event: story_won, story: any, player: opponent}
        effect: {op: put_into_play, card: {choose: 1, zone: discard, type: character}, from: discard, state: exhausted,
                 committed_to: {choose: 1, with_committed: opponent}}
      - kind: reaction
        trigger: {event: success_token_placed, story: any, side: you}
        effect: {op: for_each, filter: {type: character, controller: you, has_keyword: [fast, heroic]},
                 effect: {op: place_counter, target: it, name: omen, n: {counters: omen}}}
      - kind: reaction
        trigger: {event: discarded_from_hand, player: opponent}
        effect: {op: move_success, from_story: {choose: 1, tokens: you, token_count: 2}, to_story: each, side: you, n: 1}
  - id: V03
    title: A Story of Nothing
    type: story
    set: elsewhere
    struggles: {terror: 0, combat: 0, arcane: 0, investigation: 3}
    win_effect: {effect: {op: modify_victory_threshold, player: each, delta: -1}}
"""


def test_cc_12_the_vocabulary_accepts_every_documented_shape(tmp_path):
    path = tmp_path / "vocabulary.yaml"
    path.write_text(VOCABULARY, encoding="utf-8")
    pool = build_pool([path])
    assert pool.story_sets == {"elsewhere": ("V03",)}
    card = pool.cards["V01"]
    assert isinstance(card, CharacterCard) and card.cost == "X" and card.skill == "X"
    assert [a.kind for a in card.abilities] == ["passive", "reaction", "forced", "action"]


@pytest.mark.parametrize(("old", "new", "words"), [
    ("not: {phase: story}", "not: {}", "an empty condition"),
    ("at_least: 3}", "at_least: 3, at_most: 4}", "exactly one of at_least"),
    ("- {value: {won_stories: opponent}, more_than: {won_stories: you}}", "- {more_than: 2}",
     "more_than needs a value to compare"),
    ("choose: 2, up_to: true, chooser: opponent,", "up_to: true,", "up_to and chooser only go with choose"),
    ("filter: {type: character, controller: you, has_keyword:", "filter: {choose: 1, has_keyword:",
     "for_each goes over every matching card"),
    ("{count: {type: character, controller: you}, times: 2}", "{count: {choose: 1}}", "a counted filter cannot choose"),
    ("keyword: {toughness: 2}", "keyword: {toughness: 2, steadfast: 1}", "a keyword is a name"),
    ("n: {counters: omen}", "n: {counters: Omen!}", "should match pattern"),
    ("token_count: 2}", "}", "tokens and token_count go together"),
    ("destination: discard", "destination: limbo", "'discard'"),
    ("cost: X\n    skill: X", "cost: 1\n    skill: 1", "neither cost nor skill is X"),
])
def test_cc_12_the_vocabulary_refuses_malformed_shapes(tmp_path, old, new, words):
    assert VOCABULARY.count(old) == 1, old
    path = tmp_path / "vocabulary.yaml"
    path.write_text(VOCABULARY.replace(old, new), encoding="utf-8")
    with pytest.raises(CardDataError) as err:
        build_pool([path])
    assert words in str(err.value) and str(path) in str(err.value), str(err.value)
