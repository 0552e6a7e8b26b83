"""The First and Second steps: cost capacity and budget (MA-7.1, MA-7.2), base colours and the colour
rule (MA-8.2, MA-8.3), uniqueness (MA-8.6), deployment cost and evolution (MA-8.7–8.11), and the
secret simultaneous submissions (MA-6.12, MA-8.13, MA-14.5)."""

from __future__ import annotations

from cardtable.games.million_arthur.testing import Ch, K, build, submit_both


def test_capacity_is_leader_plus_chain_cards_ma_7_1() -> None:
    sc = build(chain=(["Cinder Page", Ch("Moss Warden", down=True)], []))
    assert sc.st.capacity(0) == 3 and sc.st.capacity(1) == 1
    assert build(leaders=(None, None)).st.capacity(0) == 1  # never below 1


def test_the_budget_covers_both_steps_ma_7_2() -> None:
    sc = build(base=(["Sunlit Knight", "Cinder Page", "Moss Warden"], []), chain=(["Stray Hound"], []),
               hands=(["Forge Medic"], []))
    st = sc.st
    sc.act("move", card=sc.id("Sunlit Knight"))  # cost 2 of capacity 2
    err = sc.refuse("move", card=sc.id("Cinder Page"))
    assert err.rule == "MA-7.2"
    sc.act("submit")
    sc.act("submit")
    assert st.vars["spent"] == [2, 0]
    assert st.decision.kind == "second_step"
    assert sc.refuse("deploy", card=sc.id("Forge Medic")).rule == "MA-7.2"


def test_base_colours_bar_those_colours_from_hand_ma_8_2_ma_8_3() -> None:
    sc = build(base=(["Cinder Page"], []), chain=(["Stray Hound", "Tide Clerk"], []),
               hands=(["Forge Medic", "Moss Warden", "Nameless Squire"], []))
    submit_both(sc, [("move", {"card": sc.id("Cinder Page")})])
    st = sc.st
    assert st.describe(1)["base_colours"][0] == ["red"]
    assert sc.refuse("deploy", card=sc.id("Forge Medic")).rule == "MA-8.3"
    sc.act("deploy", card=sc.id("Moss Warden"))
    sc.act("deploy", card=sc.id("Nameless Squire"))  # MA-3.3: colourless is no colour, so it is exempt


def test_a_second_colourless_knight_of_the_same_name_is_refused_ma_3_10_ma_8_6() -> None:
    sc = build(battle=(["Stray Hound"], []), hands=(["Stray Hound"], []), at="second")
    assert sc.refuse("deploy", card=sc.id("Stray Hound", "hand:0")).rule == "MA-8.6"


def test_a_stack_costs_its_top_cards_evolution_cost_ma_8_7() -> None:
    sc = build(base=([K("Cinder Lancer", under=("Cinder Page",))], []))
    st = sc.st
    lancer = sc.id("Cinder Lancer")
    assert st.deploy_cost(lancer) == 1 and st.capacity(0) == 1
    submit_both(sc, [("move", {"card": lancer})])
    assert st.knights(0, "battle") == [lancer] and sc.id("Cinder Page") in st.table.cards("battle:0")
    assert st.vars["spent"][0] == 1


def test_evolving_from_hand_onto_a_battle_knight_ma_8_8_ma_8_10() -> None:
    sc = build(base=(["Moss Warden"], []), battle=(["Cinder Page", "Forge Medic"], []),
               hands=(["Cinder Lancer"], []), at="second")
    st = sc.st
    lancer, page = sc.id("Cinder Lancer"), sc.id("Cinder Page")
    assert sc.refuse("evolve", card=lancer, onto=sc.id("Forge Medic")).rule == "MA-8.8"
    assert sc.refuse("evolve", card=lancer, onto=sc.id("Moss Warden")).rule == "MA-8.10"
    assert sc.refuse("deploy", card=lancer).rule == "MA-7.2"  # printed cost 3 (MA-3.13 allows it, the budget not)
    submit_both(sc, [("evolve", {"card": lancer, "onto": page})])
    assert lancer in st.knights(0, "battle") and page not in st.knights(0, "battle")
    assert st.under(lancer) == [page] and st.vars["spent"][0] == 1  # the evolution cost


def test_an_item_may_evolve_onto_an_earlier_item_ma_8_11_ma_8_13() -> None:
    sc = build(chain=(["Stray Hound"], []), hands=(["Shade Apprentice", "Shade Magus"], []), at="second")
    st = sc.st
    app, magus = sc.id("Shade Apprentice"), sc.id("Shade Magus")
    sc.act("deploy", card=app)
    sc.act("evolve", card=magus, onto=app)
    sc.act("submit")
    sc.act("submit")
    assert st.knights(0, "battle") == [magus] and st.under(magus) == [app]


def test_submissions_are_secret_until_both_are_in_ma_6_12_ma_14_5() -> None:
    sc = build(hands=(["Cinder Page", "Moss Warden"], ["Tide Clerk"]), at="second")
    st = sc.st
    before = st.view(1)
    sc.act("deploy", card=sc.id("Cinder Page"))
    mid = st.view(1)
    assert mid["zones"] == before["zones"] and mid["secrets"] == [[1, []]] and mid["committed"] == [0, 1]
    assert mid["info"] == before["info"]
    sc.act("submit")
    assert st.decision.player == 1 and st.view(1)["zones"]["hand:0"] == before["zones"]["hand:0"]
    sc.act("deploy", card=sc.id("Tide Clerk"))
    sc.act("submit")  # both in: revealed and applied together (MA-8.13)
    assert st.knights(0, "battle") == [sc.id("Cinder Page")] and st.knights(1, "battle") == [sc.id("Tide Clerk")]
    assert any(e["kind"] == "second_step_revealed" for e in st.log(None))


def test_single_colour_base_move_is_an_optional_variant_ma_8_4() -> None:
    layout = dict(base=(["Cinder Page", "Moss Warden", "Stray Hound"], []), chain=(["Stray Hound", "Tide Clerk"], []))
    sc = build(**layout)  # type: ignore[arg-type]
    sc.act("move", card=sc.id("Cinder Page", "base:0"))
    sc.act("move", card=sc.id("Moss Warden", "base:0"))  # off by default: red and green together
    sc = build(**layout, options={"single_colour_base_move": True})  # type: ignore[arg-type]
    sc.act("move", card=sc.id("Cinder Page", "base:0"))
    assert sc.refuse("move", card=sc.id("Moss Warden", "base:0")).rule == "MA-8.4"
    sc.act("move", card=sc.id("Stray Hound", "base:0"))  # colourless is no colour
