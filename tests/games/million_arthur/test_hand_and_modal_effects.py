"""``discard_from_hand`` (MA-15.5) chosen in private or at random and revealed (MA-14.6), both players
choosing in secret with the controller first (MA-12.6); ``choose_one`` offering only the options that
can be carried out (MA-12.2)."""

from __future__ import annotations

from cardtable.games.million_arthur.testing import build, submit_both

TITHE = "Tithe Collector"


def test_each_player_discards_in_secret_controller_first_revealed_together_ma_12_6_ma_14_6() -> None:
    """Cards: Tithe Collector."""
    sc = build(battle=([TITHE], []), chain=(["Sunlit Knight"], []),
               hands=(["Moss Warden", "Tide Clerk"], ["Veil Seer", "Cinder Page"]), at="attack")
    st = sc.st
    warden, seer = sc.id("Moss Warden"), sc.id("Veil Seer")
    sc.act("activate", card=sc.id(TITHE), ability=0)
    sc.act("pay", card=sc.id("Sunlit Knight"))
    assert st.decision.player == 0 and st.decision.kind == "discard"  # the controller first
    sc.act("pick", card=warden)
    assert st.decision.player == 1 and st.table.zone_name(warden) == "hand:0"  # nothing revealed yet
    assert str(warden) not in st.view(1)["cards"]
    sc.act("pick", card=seer)
    assert st.table.zone_name(warden) == "discard:0" and st.table.zone_name(seer) == "discard:1"
    assert str(warden) in st.view(1)["cards"] and str(seer) in st.view(0)["cards"]  # revealed (MA-14.6)
    assert len(st.table.cards("hand:0")) == 2  # then T drew 1
    kinds = [e["kind"] for e in st.log(None)]
    assert kinds.index("discards_revealed") < kinds.index("drew")


def test_a_discard_the_hand_cannot_pay_voids_the_text_ma_12_2() -> None:
    sc = build(battle=([TITHE], []), chain=(["Sunlit Knight"], []), hands=(["Moss Warden"], []), at="attack")
    assert sc.refuse("activate", card=sc.id(TITHE), ability=0).rule == "MA-12.2"  # the opponent's hand is empty


def test_a_random_discard_is_seeded_ma_15_5() -> None:
    """Cards: Alley Pickpocket."""
    picked = set()
    for _ in range(2):
        sc = build(battle=(["Alley Pickpocket", "Cinder Page"], []), hands=([], ["Veil Seer", "Moss Warden"]),
                   at="attack", seed=7)
        sc.act("act", card=sc.id("Cinder Page"))
        gone = [sc.st.card(i).name for i in sc.st.table.cards("discard:1")]  # with the burst check's card
        (name,) = [n for n in gone if n in ("Veil Seer", "Moss Warden")]
        picked.add(name)
        assert len(sc.st.table.cards("hand:1")) == 1
    assert len(picked) == 1  # same seed, same card


def test_choose_one_offers_only_what_can_be_carried_out_ma_15_5_ma_12_2() -> None:
    sc = build(hands=(["Hearth Envoy"], []), chain=(["Stray Hound"], []), hp=(10, 20), at="second")
    submit_both(sc, [("deploy", {"card": sc.id("Hearth Envoy")})])
    assert sc.st.hp(0) == 12  # no other Attack knight: only the first option, chosen without a question
    sc = build(hands=(["Hearth Envoy"], []), battle=(["Cinder Page"], []), chain=(["Stray Hound"], []), hp=(10, 20),
               at="second")
    st = sc.st
    submit_both(sc, [("deploy", {"card": sc.id("Hearth Envoy")})])
    assert st.decision.kind == "choose_one"
    sc.act("choose", index=1, label="one of your other Attack knights gets +1/+1")
    page = sc.id("Cinder Page")
    assert (st.skill_value(page), st.defence_value(page)) == (3, 2) and st.hp(0) == 10
