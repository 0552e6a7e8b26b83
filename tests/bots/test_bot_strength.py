"""Both real bots must clearly beat the random baseline (seats rotated, Wilson intervals apart)."""

from __future__ import annotations

from cardtable.sim import run_games, win_rate_by_bot


def test_heuristic_clearly_beats_random() -> None:
    results = run_games("two-mists", 4, ["heuristic", "random", "random", "random"], 300, seed=11)
    rates = win_rate_by_bot(results)
    h, r = rates["heuristic"], rates["random"]
    assert h.seats == 300 and r.seats == 900
    assert h.low > r.high, f"heuristic {h} vs random {r}"
    assert h.rate > 1.6 * r.rate


def test_heuristic_beats_random_at_three_players() -> None:
    results = run_games("two-mists", 3, ["heuristic", "random", "random"], 150, seed=12)
    rates = win_rate_by_bot(results)
    assert rates["heuristic"].low > rates["random"].high, rates


def test_ismcts_with_a_small_budget_beats_random() -> None:
    results = run_games("two-mists", 4, ["ismcts:30", "ismcts:30", "random", "random"], 100, seed=14, jobs=2)
    rates = win_rate_by_bot(results)
    m, r = rates["ismcts:30"], rates["random"]
    assert m.low > r.high, f"ismcts {m} vs random {r}"
