"""Every card game's scenario builder takes custom card sets (``card_sets=``), so a new card is tested from
outside its package the same way in each (docs/architecture.md, "Custom card sets"): the card is placed
by name, played by the rules, and a broken set is refused naming file, card and field."""

from __future__ import annotations

import pytest

from cardtable.core.errors import CardDataError
from cardtable.games.call_of_cthulhu import testing as coc
from cardtable.games.mythos import testing as mythos

WATCHMAN = """set: my_coc
version: 1
cards:
  - {id: MYC01, title: Dock Watchman, type: character, faction: agency, cost: 1, skill: 2, icons: {combat: 1},
     text: "A new card."}
"""

PILOT = """set: my_mythos
version: 1
regions: [Lovecraft Country]
languages: [English]
cards:
  - {id: MYM-A01, title: Harbour Pilot, type: ally, combat: 3, languages: [English], requirements: {loc_has: Water},
     text: "Play at a Water location."}
"""


def test_cc_6_3_a_custom_character_is_paid_for_and_enters_play(tmp_path) -> None:
    """CC-6.3: the custom Dock Watchman (cost 1) is played by draining a domain with a resource of its faction."""
    (tmp_path / "my_coc.yaml").write_text(WATCHMAN)
    sc = coc.build(at="ops", hands=(["Dock Watchman"], []), domains=((["Harbor Patrolman"], [], []), ([], [], [])),
                   card_sets=[tmp_path / "my_coc.yaml"])
    watchman = sc.id("Dock Watchman")
    sc.act("play", card=watchman)
    if sc.st.decision is not None and sc.st.decision.kind == "pay":
        sc.act("choose", index=0)
    assert sc.st.table.zone_name(watchman) == "play:0" and sc.st.vars["drained"][0] == 1
    assert sc.st.card(watchman).skill == 2


def test_my_6_1_2_a_custom_ally_is_played_where_its_requirement_holds(tmp_path) -> None:
    """MY-6.1.2: the custom Harbour Pilot needs a Water location; at Innsmouth Wharf it is played."""
    (tmp_path / "my_mythos.yaml").write_text(PILOT)
    sc = mythos.build(players=2, hands=(["Harbour Pilot"], []), story=([mythos.S("Innsmouth Wharf")], []),
                      card_sets=[tmp_path / "my_mythos.yaml"])
    sc.act("play", card=sc.id("Harbour Pilot"))
    assert sc.titles("ally:0") == ["Harbour Pilot"] and sc.st.card(sc.id("Harbour Pilot")).combat == 3


def test_a_broken_custom_set_is_refused_naming_file_card_and_field(tmp_path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(WATCHMAN.replace("skill: 2", "skill: two"))
    with pytest.raises(CardDataError) as err:
        coc.build(card_sets=[bad])
    assert str(bad) in str(err.value) and "MYC01" in str(err.value) and "skill" in str(err.value)
