"""``restrict``: "cannot" wins over what the rules allow (MA-12.3, MA-15.5); card text wins over the
rules it names (MA-12.1); what each seat may see (MA-14.1–MA-14.3)."""

from __future__ import annotations

from cardtable.games.million_arthur.testing import FILLER, Ch, K, build, submit_both


def test_cannot_deploy_from_hand_refuses_every_hand_card_ma_12_3() -> None:
    """Cards: Hush Magistrate."""
    sc = build(base=(["Hush Magistrate"], []), hands=([], ["Moss Warden"]),
               chain=(["Stray Hound", "Tide Clerk"], ["Stray Hound"]), at="first")
    st = sc.st
    submit_both(sc, [("move", {"card": sc.id("Hush Magistrate")})])
    sc.act("submit")  # T deploys nothing
    assert sc.refuse("deploy", card=sc.id("Moss Warden")).rule == "MA-12.3"
    assert "deploy" not in sc.kinds()


def test_cannot_activate_refuses_the_defence_window_ma_12_3() -> None:
    """Cards: Sealing Notary."""
    sc = build(battle=(["Sealing Notary", "Cinder Lancer"], ["Bulwark Friar"]),
               chain=(["Tide Clerk", "Stray Hound"], ["Tide Clerk"]), at="attack")
    st = sc.st
    friar = sc.id("Bulwark Friar")
    sc.act("activate", card=sc.id("Sealing Notary"), ability=0)
    sc.act("pay", card=sc.id("Tide Clerk", "chain:0"))
    sc.act("pay", card=sc.id("Stray Hound"))
    sc.act("act", card=sc.id("Cinder Lancer"))
    assert st.decision.kind == "block"  # no defence window: the Friar's ability cannot be activated
    assert "activate" not in {o.kind for o in st.legal_actions()}
    from cardtable.games.million_arthur.effects import ability_refusal

    err = ability_refusal(st, 1, friar, 0, "defence")
    assert err is not None and err.rule == "MA-12.3"


def test_keyword_text_wins_over_the_rule_it_names_ma_12_1() -> None:
    """Sentinel beats "a rested knight cannot block" (MA-9.5), tenacious beats "battle knights are
    discarded" (MA-11.3)."""
    sc = build(battle=(["Cinder Page", "Cinder Page"], ["Bramble Sentinel"]), at="attack")
    sc.act("act", card=sc.id("Cinder Page", n=0))
    sc.block(sc.id("Bramble Sentinel"))
    sc.act("act", card=sc.id("Cinder Page", n=1))
    assert sc.st.decision.kind == "block"
    sc = build(battle=(["Road-Worn Veteran"], []), at="refresh")
    assert sc.st.table.zone_name(sc.id("Road-Worn Veteran")) == "base:0"


def test_public_information_is_the_same_for_both_seats_ma_14_1() -> None:
    sc = build(base=(["Moss Warden"], ["Tide Clerk"]), battle=([K("Cinder Page", rested=True)], ["Sunlit Knight"]),
               chain=([Ch("Stray Hound", down=True)], ["Veil Seer"]), hands=(["Grove Mender"], ["Cinder Lancer"]),
               hp=(13, 17), at="attack")
    st = sc.st
    v0, v1, spectator = st.view(0), st.view(1), st.view(None)
    assert v0["info"] == v1["info"] == spectator["info"]
    assert v0["info"]["hp"] == [13, 17] and v0["info"]["capacity"] == [2, 2]
    page = str(sc.id("Cinder Page"))
    assert v1["info"]["knights"][page]["rested"] is True
    for zone in ("base:0", "battle:1", "chain:0", "chain:1", "discard:0", "leader:1"):
        assert v0["zones"][zone] == v1["zones"][zone] == spectator["zones"][zone]
    assert len(v1["zones"]["hand:0"]) == 1 and len(v1["zones"]["deck:0"]) == 10  # sizes are public
    assert v1["cards"][str(sc.id("Stray Hound"))]["defn"] is not None  # known to both (seen face up)


def test_the_hand_is_private_to_its_owner_ma_14_2() -> None:
    sc = build(hands=(["Grove Mender"], ["Cinder Lancer"]), at="attack")
    st = sc.st
    mender, lancer = str(sc.id("Grove Mender")), str(sc.id("Cinder Lancer"))
    assert mender in st.view(0)["cards"] and mender not in st.view(1)["cards"]
    assert lancer in st.view(1)["cards"] and lancer not in st.view(0)["cards"] and mender not in st.view(None)["cards"]


def test_deck_order_and_the_opponents_list_are_hidden_ma_14_3() -> None:
    sc = build(decks=(["Grove Mender", FILLER], [FILLER, FILLER]), at="attack")
    st = sc.st
    for seat in (0, 1, None):
        assert all(e is None for z in ("deck:0", "deck:1") for e in st.view(seat)["zones"][z])
    st.options["decks"] = [{"leader": 0, "cards": [5, 6]}, {"leader": 1, "cards": [7]}]
    assert st.public_options(0)["decks"] == [{"leader": 0, "cards": [5, 6]}, {"leader": 1}]
    assert st.public_options(None)["decks"] == [{"leader": 0}, {"leader": 1}]
