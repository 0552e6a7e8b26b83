"""The multi-step evolution lines of the legends set (MA-8.8, MA-8.11): each step names the card below it,
costs its reduced evolution cost when it evolves (MA-8.7) and its printed cost when played as an ordinary
knight (MA-3.13); stacks grow to three cards in the base fill procedure (MA-8.5) and in the Second step
(MA-8.10)."""

from __future__ import annotations

from cardtable.games.million_arthur.testing import FILLER, K, act, build, submit_both

LINES = (("Spark Recruit", "Flame Sergeant", "Blaze Captain"),
         ("Acorn Squire", "Oakheart Knight", "Elder Oak Paladin"),
         ("Tidepool Novice", "Tidecaller Adept", "Tide Sovereign"),
         ("Choir Foundling", "Choir Soloist", "Choir Diva"),
         ("Shadow Pup", "Shadow Prowler", "Nightveil Mistress"))


def test_base_fill_grows_every_line_to_three_cards_for_free_ma_8_5_ma_8_11() -> None:
    for bottom, middle, top in LINES:
        sc = build(decks=([bottom, middle, top, FILLER, FILLER], [FILLER] * 10), at="charge")
        st = sc.st
        b, m, t = (sc.id(n, "deck:0") for n in (bottom, middle, top))
        act(st, "evolve", card=m, onto=b)
        act(st, "evolve", card=t, onto=m)
        assert sorted(st.under(t)) == sorted([b, m]) and t in st.knights(0, "base"), top
        assert st.deploy_cost(t) == st.card(t).evolution_cost == 2  # MA-8.7: the top card's evolution cost


def test_the_third_step_evolves_from_hand_at_its_evolution_cost_ma_8_7_ma_8_10() -> None:
    oak = K("Oakheart Knight", under=("Acorn Squire",))
    sc = build(battle=([oak], []), hands=(["Elder Oak Paladin"], []), chain=(["Stray Hound"], []), at="second")
    st = sc.st
    paladin = sc.id("Elder Oak Paladin")
    assert sc.refuse("deploy", card=paladin).rule == "MA-7.2"  # printed cost 5 of capacity 2
    submit_both(sc, [("evolve", {"card": paladin, "onto": sc.id("Oakheart Knight")})])
    assert st.vars["spent"][0] == 2 and len(st.under(paladin)) == 2
    assert (st.skill_value(paladin), st.defence_value(paladin)) == (4, 5)  # the top card's values (MA-8.9)


def test_a_step_evolves_only_onto_the_card_it_names_ma_8_8() -> None:
    sc = build(battle=(["Acorn Squire", "Shade Apprentice"], []), hands=(["Elder Oak Paladin", "Shade Archmage"], []),
               chain=(["Stray Hound", "Tide Clerk", "Moss Warden", "Cinder Page"], []), at="second")
    assert sc.refuse("evolve", card=sc.id("Elder Oak Paladin"), onto=sc.id("Acorn Squire")).rule == "MA-8.8"
    assert sc.refuse("evolve", card=sc.id("Shade Archmage"), onto=sc.id("Shade Apprentice")).rule == "MA-8.8"
    magus = K("Shade Magus", under=("Shade Apprentice",))
    sc = build(battle=([magus], []), hands=(["Shade Archmage"], []), chain=(["Stray Hound"], []), at="second")
    submit_both(sc, [("evolve", {"card": sc.id("Shade Archmage"), "onto": sc.id("Shade Magus")})])
    assert sc.st.skill_value(sc.id("Shade Archmage")) == 6 and len(sc.st.under(sc.id("Shade Archmage"))) == 2
