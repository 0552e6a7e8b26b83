"""A rules test for a new card written from outside the package: the example of docs/architecture.md
("Custom card sets"), line for line. The card lives in a custom set in a temporary file; the scenario
builder places it (``card_sets=``) and the test acts and asserts as for a shipped card."""

from __future__ import annotations

from cardtable.games.million_arthur.testing import build

LAMP_SCRIBE = """
set: my_cards
version: 1
cards:
- {id: MY-01, name: Lamp Scribe, kind: knight, colour: green, arthur_type: common, type_restricted: false,
   cost: 1, skill: heal, skill_value: 1, defence: 1, text: 'In your Attack step, rest this knight: draw 2 cards.',
   abilities: [{kind: activated, timing: own_attack_step, rest_self: true, effects: [{op: draw, player: self, n: 2}]}]}
"""


def test_lamp_scribe_rests_to_draw_two_ma_12_9(tmp_path) -> None:
    """MA-12.9: an activated ability with ``rest_self`` rests the knight as its cost; then it draws."""
    (tmp_path / "my_cards.yaml").write_text(LAMP_SCRIBE)
    sc = build(battle=(["Lamp Scribe"], []), at="attack", card_sets=[tmp_path / "my_cards.yaml"])
    hand = len(sc.st.table.cards("hand:0"))
    sc.act("activate", card=sc.id("Lamp Scribe"), ability=0)
    assert sc.st.rested(sc.id("Lamp Scribe")) and len(sc.st.table.cards("hand:0")) == hand + 2
    assert sc.refuse("activate", card=sc.id("Lamp Scribe"), ability=0).rule == "MA-12.9"
