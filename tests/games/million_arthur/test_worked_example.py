"""MA-9.13, the worked example, played with the starter pool's nearest cards, and a few rules it passes
through (MA-3.8, MA-3.13, MA-9.1, MA-9.4, MA-2.7, MA-4.1, MA-14.2, MA-14.3)."""

from __future__ import annotations

import pytest

from cardtable.core import SetupError
from cardtable.games.million_arthur import DEFINITION
from cardtable.games.million_arthur.testing import FILLER, build


def test_the_worked_example_turn_ma_9_13() -> None:
    sc = build(turn=3, base=(["Ember Squire", FILLER, FILLER], [FILLER] * 3),
               chain=(["Stray Hound", "Moss Warden"], ["Nameless Squire", "Tide Clerk"]),
               hands=(["Tide Clerk", "Forge Medic"], ["Grove Mender", "Bramble Hexer"]))
    st = sc.st
    assert st.capacity(0) == 3 and st.capacity(1) == 3
    squire = sc.id("Ember Squire")
    sc.act("move", card=squire)  # red Attack 3/1, cost 2
    sc.act("submit")
    sc.act("submit")  # N moves nothing
    clerk = sc.id("Tide Clerk", "hand:0")
    assert sc.refuse("deploy", card=sc.id("Forge Medic")).rule == "MA-8.3"  # red: a base colour this turn
    sc.act("deploy", card=clerk)
    sc.act("submit")
    mender, hexer = sc.id("Grove Mender"), sc.id("Bramble Hexer")
    sc.act("deploy", card=mender)
    sc.act("deploy", card=hexer)
    sc.act("submit")
    assert st.vars["spent"] == [3, 3]
    sc.act("act", card=clerk, target=squire)  # Support first (MA-9.12): 4/2
    assert (st.skill_value(squire), st.defence_value(squire)) == (4, 2)
    sc.act("act", card=squire)
    sc.block(mender)  # a Heal knight blocks with its defence 2 (MA-3.8)
    assert st.hp(1) == 18 and any(e["kind"] == "burst_check" for e in st.log(None))
    sc.act("end_step")  # MA-9.1: T may end the step with knights unused
    assert st.decision.kind == "chain" and st.decision.player == 0
    sc.act("pick", card=squire)
    sc.act("pick", card=hexer)
    assert squire in st.table.cards("chain:0") and hexer in st.table.cards("chain:1")
    assert clerk in st.table.cards("discard:0") and mender in st.table.cards("discard:1")
    assert st.capacity(0) == 4 and st.capacity(1) == 4


def test_an_attack_always_aims_at_the_opposing_leader_ma_9_4() -> None:
    sc = build(battle=(["Cinder Page"], ["Sunlit Knight"]), at="attack")
    attack = [o for o in sc.st.legal_actions() if o.kind == "act"]
    assert [dict(o.params) for o in attack] == [{"card": sc.id("Cinder Page")}]  # no knight to aim at


def test_a_card_with_evolution_data_may_be_deployed_as_a_plain_knight_ma_3_13() -> None:
    sc = build(chain=(["Stray Hound", "Moss Warden"], []), hands=(["Cinder Lancer"], []), at="second")
    sc.act("deploy", card=sc.id("Cinder Lancer"))  # printed cost 3, no evolution
    sc.act("submit")
    sc.act("submit")
    assert sc.st.knights(0, "battle") == [sc.id("Cinder Lancer")] and sc.st.vars["spent"][0] == 3


def test_a_deck_has_no_sideboard_ma_2_7() -> None:
    with pytest.raises(SetupError, match="MA-2.7"):
        DEFINITION.new_game(seed=1, options={"decks": [{"leader": "MAS-L01", "cards": {}, "sideboard": {}},
                                                       "Tide and Lantern"]})


def test_zone_visibility_hands_and_decks_ma_4_1_ma_14_2_ma_14_3() -> None:
    st = DEFINITION.new_game(seed=2)
    for seat in (0, 1):
        view = st.view(seat)
        other = 1 - seat
        assert all(c is not None for c in view["zones"][f"hand:{seat}"])
        assert view["zones"][f"hand:{other}"] == [None] * len(st.table.cards(f"hand:{other}"))
        assert view["zones"][f"deck:{seat}"] == [None] * len(st.table.cards(f"deck:{seat}"))  # order hidden
        assert "cards" not in view["options"]["decks"][other] and "cards" in view["options"]["decks"][seat]
