"""Components as card data: TM-2.3 to TM-2.6 counted against the catalog, and TM-14 (YAML card files)."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.carddata import load_card_file
from cardtable.core import CardDataError
from cardtable.core import GameDefinition
from cardtable.games.two_mists import GAME, TwoMists
from cardtable.games.two_mists.catalog import CARDS_DIR, CHARACTER_ORDER, COMPILER, GoalContext, compile_sets
from cardtable.games.two_mists.schema import CardSet
from cardtable.games.two_mists.testing import scenario, take, target
from cardtable.testing.conformance import damage

CAT = GAME.catalog
CORE = (CARDS_DIR / "core.yaml").read_text(encoding="utf-8")
DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "two-mists.md"


def _copies(kind: str) -> Counter:
    return Counter({c.id: c.copies for c in CAT.cards if c.kind == kind})


# ---- TM-2.3 to TM-2.6: what is in the box -----------------------------------------------------------------
def test_tm_2_3_seven_action_kinds_27_cards_with_bars():
    by_name = Counter()
    for c in CAT.cards:
        if c.kind == "action":
            by_name[c.name] += c.copies
    assert by_name == {"Attack": 6, "Search": 4, "Assault": 5, "Reckless": 3, "Flurry": 3, "Arcana": 3, "Intimidate": 3}
    assert len(CAT.action_instances) == 27
    bars = {c.id: sorted(c.forbidden) for c in CAT.cards if c.kind == "action" and c.name != "Assault"}
    assert bars == {"attack": [], "search": [], "reckless": ["monster"], "flurry": ["saint", "witch"],
                    "arcana": ["fool", "knight"], "intimidate": []}


def test_tm_2_4_five_assaults_each_barring_one_character_in_both_player_counts():
    assaults = {c.id: sorted(c.forbidden) for c in CAT.cards if c.name == "Assault"}
    assert assaults == {f"assault_{ch}": [ch] for ch in CHARACTER_ORDER}
    assert all(CAT.cards[CAT.def_index(a)].copies == 1 for a in assaults)
    s3 = GAME.new_game(seed=0, players=3)
    in_game = Counter(CAT.card_id(i) for i in [*s3.apile, *s3.row[:3]])
    assert all(in_game[a] == 1 for a in assaults)


@pytest.mark.parametrize("character", ["monster", "knight", "witch", "saint"])
def test_tm_2_4_fool_assault_is_open_to_everyone_with_3_players(character):
    chars = [character] + [c for c in ("monster", "knight", "witch", "saint") if c != character][:2]
    s = scenario(players=3, characters=chars, action_row=["assault_fool", "attack", "attack"])
    take(s, "assault_fool")
    target(s, 1)
    assert s.life[1] == 5


def test_tm_2_5_five_equipment_kinds_three_copies_each():
    assert _copies("equipment") == {"giants_spear": 3, "grimoire": 3, "axe_of_greed": 3, "sages_staff": 3, "holy_poison": 3}
    assert len(CAT.equipment_instances) == 15
    bars = {c.id: sorted(c.forbidden) for c in CAT.cards if c.kind == "equipment"}
    assert bars == {"giants_spear": ["witch"], "grimoire": ["knight"], "axe_of_greed": ["saint"],
                    "sages_staff": ["fool"], "holy_poison": ["monster"]}
    assert [c.id for c in CAT.cards if c.weapon] == ["giants_spear", "grimoire", "axe_of_greed", "sages_staff"]
    assert [c.id for c in CAT.cards if c.poison] == ["holy_poison"]


def test_tm_2_6_restriction_matrix_exactly():
    matrix = {ch: sorted(c.id for c in CAT.cards if ch in c.forbidden) for ch in CHARACTER_ORDER}
    assert matrix == {
        "monster": sorted(["reckless", "assault_monster", "holy_poison"]),
        "knight": sorted(["arcana", "assault_knight", "grimoire"]),
        "witch": sorted(["flurry", "assault_witch", "giants_spear"]),
        "saint": sorted(["flurry", "assault_saint", "axe_of_greed"]),
        "fool": sorted(["arcana", "assault_fool", "sages_staff"]),
    }
    for ch in CHARACTER_ORDER:  # barred from exactly one equipment kind, so at most 4 kinds held
        assert sum(1 for c in CAT.cards if c.is_equipment and ch not in c.forbidden) == 4


# ---- TM-14: card files ------------------------------------------------------------------------------------
def test_tm_14_core_set_loads_from_yaml():
    cat = compile_sets([CARDS_DIR / "core.yaml"])
    assert cat.set_versions == {"core": 1}
    assert len(cat.instances) == 42
    assert sorted(p.suffix for p in CARDS_DIR.iterdir() if p.is_file()) == [".yaml"]


def test_tm_14_1_attributes_per_card_kind():
    data = yaml.safe_load(CORE)
    for ch in data["characters"]:
        # goal_front_text / goal_back_text are optional (``text`` states the goals anyway); core words them all
        assert set(ch) - {"text"} == {"id", "name", "players", "goal_front", "goal_back", "wrath",
                                      "goal_front_text", "goal_back_text"}
    for a in data["actions"]:
        assert set(a) - {"text", "kind"} == {"id", "name", "forbidden", "copies", "effects"}
    for e in data["equipment"]:
        assert set(e) - {"text", "kind"} == {"id", "name", "forbidden", "copies", "passive"}
    assert {c.id: sorted(c.players) for c in CAT.characters}["fool"] == [4]
    assert all(sorted(c.players) == [3, 4] for c in CAT.characters if c.id != "fool")


def test_tm_14_2_effect_primitives_compiled_per_card():
    steps = {c.id: [(s.op, s.amount) for s in c.steps] for c in CAT.cards if c.kind == "action"}
    assert steps["attack"] == [("damage", 1)]
    assert steps["search"] == [("point_at_monster", 0), ("damage", 1)]
    assert all(steps[f"assault_{ch}"] == [("damage", 2)] for ch in CHARACTER_ORDER)
    assert steps["reckless"] == [("damage", 2), ("self_damage", 0)]
    assert steps["flurry"] == [("damage", 1), ("extra_action", 0)]
    assert steps["arcana"] == [("heal", 2), ("damage", 1)]
    assert steps["intimidate"] == [("restrict_next_turn", 0)]


def test_tm_14_2_value_nodes_evaluate_against_the_state():
    s = scenario(characters=["monster", "knight", "witch", "saint"], life=[5, 7, 7, 7],
                 tableau={0: ["giants_spear", "grimoire"], 3: ["holy_poison", "grimoire"]})
    value = COMPILER.value
    assert value(4)((s, 0)) == 4
    assert value({"weapon_count": "self"})((s, 0)) == 2
    assert value({"equipment_count": "self"})((s, 3)) == 2
    assert value({"weapon_count": "self"})((s, 3)) == 1
    assert value({"life": "self"})((s, 0)) == 5
    assert value({"add": [1, {"life": "self"}]})((s, 0)) == 6
    assert value({"min": [3, {"life": "self"}]})((s, 0)) == 3
    reckless = CAT.cards[CAT.def_index("reckless")].steps[1].value
    assert reckless((s, 0)) == 3 and reckless((s, 1)) == 5
    assert value({"max": [0, {"sub": [5, 7]}]})((s, 0)) == 0  # the floor at 0


def test_tm_14_3_goal_conditions_and_centre_neither_died_nor_alive():
    cond = COMPILER.condition
    # 4 players, Back world, the Fool died, Monster in the centre: in neither set
    ctx = GoalContext(died=frozenset({"fool"}), alive=frozenset({"knight", "witch", "saint"}), players=4, world="back")
    assert cond({"died": "fool"})(ctx) is True
    assert cond({"alive": "saint"})(ctx) is True
    assert cond({"died": "monster"})(ctx) is False and cond({"alive": "monster"})(ctx) is False
    assert cond({"player_count": 4})(ctx) is True and cond({"player_count": 3})(ctx) is False
    assert cond({"world": "back"})(ctx) is True and cond({"world": "front"})(ctx) is False
    assert cond({"and": [{"alive": "saint"}, {"died": "knight"}]})(ctx) is False
    assert cond({"or": [{"alive": "monster"}, {"died": "fool"}]})(ctx) is True
    assert CAT.character("saint").goal_back(ctx) is True


def _doc_example() -> str:
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("**TM-14.4**"):]
    return re.search(r"```yaml\n(.*?)```", section, re.S).group(1)


def _as_set(body: str) -> dict:
    return {"set": "example", "version": 1, **yaml.safe_load(body)}


def _add_text(data: dict) -> dict:
    for group in ("characters", "actions", "equipment"):
        for card in data.get(group, []):
            card.setdefault("text", card["name"])
    return data


def test_tm_14_4_documented_example_matches_the_core_set(tmp_path):
    """The TM-14.4 example (with the ``text`` field the schema asks for) loads and equals core.yaml's cards."""
    path = tmp_path / "example.yaml"
    path.write_text(yaml.safe_dump(_add_text(_as_set(_doc_example()))), encoding="utf-8")
    example = load_card_file(path, CardSet)
    core = yaml.safe_load(CORE)
    saint = next(c for c in core["characters"] if c["id"] == "saint")
    reckless = next(c for c in core["actions"] if c["id"] == "reckless")
    poison = next(c for c in core["equipment"] if c["id"] == "holy_poison")
    assert example.characters[0].goal_back == saint["goal_back"]
    assert example.characters[0].goal_front == saint["goal_front"] and example.characters[0].wrath is True
    assert [e.model_dump(by_alias=True) for e in example.actions[0].effects] == reckless["effects"]
    assert [p.model_dump(by_alias=True) for p in example.equipment[0].passive] == poison["passive"]
    back = COMPILER.condition(example.characters[0].goal_back)
    assert back(GoalContext(frozenset(), frozenset({"saint"}), 3, "back")) is True
    assert back(GoalContext(frozenset(), frozenset({"saint", "fool"}), 4, "back")) is False


def test_tm_14_4_documented_example_loads_verbatim(tmp_path):
    """The TM-14.4 example, exactly as documented (``text`` included), is a valid card file."""
    path = tmp_path / "example.yaml"
    path.write_text(yaml.safe_dump(_as_set(_doc_example())), encoding="utf-8")
    loaded = load_card_file(path, CardSet)
    assert [c.id for c in loaded.characters] == ["saint"] and loaded.characters[0].text


def test_tm_14_1_a_card_without_text_is_refused_naming_the_field(tmp_path):
    """TM-14.1: ``text`` is required; its absence is reported with file, card and field."""
    data = _as_set(_doc_example())
    del data["actions"][0]["text"]
    path = tmp_path / "example.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(CardDataError, match="card 'reckless', field 'text'"):
        load_card_file(path, CardSet)


MALFORMED = [
    # (name, original text, replacement, card, field, words in the message)
    ("unknown key on a card", "  - id: flurry\n    name: Flurry\n", "  - id: flurry\n    name: Flurry\n    colour: red\n",
     "flurry", "colour", "unknown key"),
    ("unknown key in an effect", "      - {op: damage, target: other, amount: 1}\n      - {op: extra_action",
     "      - {op: damage, target: other, amount: 1, bonus: 2}\n      - {op: extra_action", "flurry", "bonus", "unknown key"),
    ("bad value", "  - id: intimidate\n    name: Intimidate\n    forbidden: []\n    copies: 3",
     "  - id: intimidate\n    name: Intimidate\n    forbidden: []\n    copies: three", "intimidate", "copies", "integer"),
    ("unknown character", "forbidden: [witch, saint]", "forbidden: [witch, dragon]", "flurry", "forbidden[1]", "monster"),
    ("unknown effect op", "      - {op: restrict_next_turn, target: other, only: equipment}",
     "      - {op: steal, target: other}", "intimidate", "effects[0]", "steal"),
    ("unknown value function", "{max: [0, {sub: [5, {equipment_count: self}]}]}",
     "{max: [0, {mul: [5, {equipment_count: self}]}]}", "reckless", "effects.amount", "unknown value function 'mul'"),
    ("unknown condition", "goal_back: {died: witch}", "goal_back: {dead: witch}", "knight", "goal_back",
     "unknown condition 'dead'"),
]


@pytest.mark.parametrize("name,old,new,card,field,words", MALFORMED, ids=[m[0] for m in MALFORMED])
def test_tm_14_malformed_card_file_is_refused_naming_file_card_and_field(tmp_path, name, old, new, card, field, words):
    assert CORE.count(old) == 1
    path = tmp_path / "broken.yaml"
    path.write_text(CORE.replace(old, new), encoding="utf-8")
    with pytest.raises(CardDataError) as err:
        compile_sets([path])
    message = str(err.value)
    assert str(path) in message
    assert f"card {card!r}" in message
    assert field in message
    assert words in message


# ---- the public card catalog (GET /api/games/two-mists/cards) ------------------------------------------
def test_card_catalog_lists_every_core_card_with_its_text_and_is_json_serialisable():
    catalog = GAME.card_catalog()
    assert json.loads(json.dumps(catalog)) == catalog
    core = yaml.safe_load(CORE)
    listed = {c["id"]: c for c in catalog["cards"]}
    assert list(listed) == [c["id"] for c in [*core["actions"], *core["equipment"]]]
    for kind, group in (("action", core["actions"]), ("equipment", core["equipment"])):
        for card in group:
            got = listed[card["id"]]
            assert (got["name"], got["kind"], got["copies"], got["text"]) == (card["name"], kind, card["copies"], card["text"])
            assert got["forbidden"] == [c for c in CHARACTER_ORDER if c in card["forbidden"]]
            if kind == "action":
                fixed = [e["amount"] if e["op"] in ("damage", "heal") else None for e in card["effects"]]
                assert got["effects"] == [{"op": e["op"], "amount": a} for e, a in zip(card["effects"], fixed)]
                assert got["weapon"] is got["poison"] is False
            else:
                ops = {p["op"] for p in card["passive"]}
                assert got["effects"] == []
                assert (got["weapon"], got["poison"]) == ("damage_bonus" in ops, "poison" in ops)
    assert listed["reckless"]["effects"][1] == {"op": "self_damage", "amount": None}  # computed in play
    chars = catalog["characters"]
    assert [c["id"] for c in chars] == [c["id"] for c in core["characters"]] == list(CHARACTER_ORDER)
    for got, ch in zip(chars, core["characters"]):
        assert got == {"id": ch["id"], "name": ch["name"], "text": ch["text"], "players": ch["players"],
                       "wrath": ch["wrath"], "goal_front_text": ch["goal_front_text"],
                       "goal_back_text": ch["goal_back_text"]}


def test_card_catalog_words_goals_only_where_the_card_file_does_and_the_base_default_is_empty(tmp_path):
    """TM-14.1: ``goal_front_text``/``goal_back_text`` are optional; a set without them gives ``null``."""
    same = TwoMists(compile_sets([CARDS_DIR / "core.yaml"])).card_catalog()
    assert same == GAME.card_catalog()
    assert all(c["goal_front_text"] and c["goal_back_text"] for c in same["characters"])
    bare = tmp_path / "bare.yaml"
    bare.write_text(re.sub(r"\n    goal_(front|back)_text: .*", "", CORE), encoding="utf-8")
    other = TwoMists(compile_sets([bare])).card_catalog()
    assert other["cards"] == GAME.card_catalog()["cards"]
    assert all(c["goal_front_text"] is None and c["goal_back_text"] is None and c["text"] for c in other["characters"])

    class Bare(GameDefinition):  # a game that defines no cards keeps the base default
        new_game = from_dict = sample_state = None  # type: ignore[assignment]

    assert Bare().card_catalog() == {"cards": []}  # the base names no game's ideas


# ---- fuzzing: any damage to a card file gives a CardDataError naming the file, never a traceback ------
@settings(max_examples=200, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32))
def test_tm_14_any_damaged_card_file_loads_or_is_refused_with_a_readable_error(tmp_path, seed):
    """TM-14: a damaged card file (one value replaced by junk, a key deleted, a list cut short) either
    still loads or is refused with ``CardDataError`` naming the file; no other exception escapes."""
    path = tmp_path / "damaged.yaml"
    tree = damage(yaml.load(CORE, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)), random.Random(seed))
    path.write_text(yaml.dump(tree, Dumper=getattr(yaml, "CSafeDumper", yaml.SafeDumper), allow_unicode=True),
                    encoding="utf-8")
    try:
        compile_sets([path])
    except CardDataError as err:
        assert str(path) in str(err) and "Traceback" not in str(err)
