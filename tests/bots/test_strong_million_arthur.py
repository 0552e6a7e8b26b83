"""Million Arthur searches: the position evaluation follows the win condition and ``strong`` rollouts are
cut only where the evaluation can be trusted (docs/bots.md, "Million Arthur").

These would have caught issue 25: ``strong`` lost to ``heuristic`` because its rollouts stopped in
mid-turn, where knights moved and hand cards spent show as a loss before their attacks or blocks have
happened, and because the evaluation compared HP by difference, which saturates at the hundreds of HP a
long game reaches (MA-1.3: no upper limit), so every option scored 1.0 and the search was blind.
"""

from __future__ import annotations

from cardtable.bots import StrongBot
from cardtable.core import Rng
from cardtable.games.million_arthur import GAME
from cardtable.games.million_arthur.evaluation import evaluate
from cardtable.games.million_arthur.testing import build


def _score(hp: tuple[int, int]) -> float:
    sc = build(hp=hp, at="first")
    return evaluate(sc.st, 0)


def test_damage_to_a_low_leader_counts_more_ma_1_4() -> None:
    """MA-1.4: a seat wins only when the other leader reaches 0, so 5 damage to a leader at 10 is worth
    more than 5 damage to one at 200 (with the same own HP ratio to start from)."""
    low = _score((10, 5)) - _score((10, 10))
    high = _score((200, 195)) - _score((200, 200))
    assert low > high > 0


def test_a_large_lead_does_not_saturate_ma_1_3() -> None:
    """MA-1.3: HP has no upper limit, so long games reach the hundreds; 10 more damage must still raise
    the score there (a difference-based curve gave 1.0 to both and the search could not tell them apart)."""
    assert _score((300, 190)) - _score((300, 200)) > 0.01
    assert 0.5 < _score((300, 200)) < 0.99


def test_the_rollout_boundary_is_the_start_of_a_first_step_ma_6_11() -> None:
    """MA-6.11 S3: the boundary is a First step before either seat has moved anything; once a seat has
    moved a knight (or at the Second step) the turn's effects are still to come."""
    sc = build(base=(["Cinder Page"], []), at="first")
    assert GAME.rollout_boundary(sc.st)
    sc.act("move", card=sc.id("Cinder Page"))
    assert not GAME.rollout_boundary(sc.st)
    sc.act("submit")
    sc.act("submit")
    assert sc.st.vars["step"] == "second" and not GAME.rollout_boundary(sc.st)


def test_strong_moves_the_knight_whose_attack_wins_ma_9_6() -> None:
    """MA-8.2 / MA-9.6 / MA-1.4: moving Cinder Page (Attack 2) into the battle area, with no blocker on the
    other side and its leader at 2 HP, wins this turn. A rollout cut two actions in (still in the First
    step) saw only a base knight gone and kept it home; cut at the rollout boundary, it sees the win."""
    sc = build(base=(["Cinder Page"], []), hp=(2, 2), at="first")
    d = sc.st.decision
    assert d is not None and d.player == 0 and d.kind == "first_step"
    bot = StrongBot("million-arthur", 1, rounds=6, depth=2)
    analysis = bot.analyse(sc.st.view(0), d, Rng(7))
    assert analysis.best.kind == "move"
    assert analysis.ranked[0].mean == 1.0
