"""Bots obey the contract: legal actions only, views untouched, the game's RNG untouched, reproducible."""

from __future__ import annotations

import copy
import json

import pytest

import cardtable
from cardtable import SetupError
from cardtable.bots import BOT_KINDS, Bot, HeuristicBot, ISMCTSBot, RandomBot, make_bot
from cardtable.bots.heuristic import load_policy, register_policy
from cardtable.core import Rng, mix_seed

GAME = cardtable.load_game("two-mists")
SPECS = ["random", "heuristic", "ismcts:6"]


def play(specs: list[str], players: int, seed: int, check_views: bool = True) -> cardtable.State:
    """Play one game with ``specs`` at the seats, asserting legality and view immutability at each step."""
    state = GAME.new_game(seed=seed, players=players)
    bots = [make_bot(spec, "two-mists", seed=mix_seed(seed, s)) for s, spec in enumerate(specs)]
    rngs = [Rng(mix_seed(seed, "act", s)) for s in range(players)]
    while not state.is_terminal:
        decision = state.decision
        assert decision is not None
        view = state.view(decision.player)
        before = copy.deepcopy(view) if check_views else None
        action = bots[decision.player].act(view, decision, rngs[decision.player])
        assert action in decision.options, f"{specs[decision.player]} chose {action}, not a legal option"
        if check_views:
            assert view == before, f"{specs[decision.player]} mutated the view"
        state.apply(action)
    return state


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("spec,games", [("random", 150), ("heuristic", 100), ("ismcts:6", 12)])
def test_bots_only_play_legal_actions_and_never_mutate_the_view(spec: str, games: int, players: int) -> None:
    for seed in range(games):
        state = play([spec] * players, players, seed)
        assert state.outcome is not None


@pytest.mark.parametrize("players", [3, 4])
def test_mixed_tables_finish(players: int) -> None:
    for seed in range(6):
        specs = [SPECS[(seed + s) % 3] for s in range(players)]
        assert play(specs, players, 100 + seed).is_terminal


def _positions(players: int, seeds: range) -> list[cardtable.State]:
    """States at many decisions of random games (every decision kind occurs)."""
    out = []
    for seed in seeds:
        state = GAME.new_game(seed=seed, players=players)
        rng = Rng(seed)
        while not state.is_terminal:
            out.append(state.clone())
            state.apply(rng.choice(state.decision.options))  # type: ignore[union-attr]
    return out


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("spec", ["heuristic", "ismcts:4"])
def test_bots_do_not_touch_the_game_state_or_its_rng(spec: str, players: int) -> None:
    bot = make_bot(spec, "two-mists", seed=3)
    positions = _positions(players, range(4))
    kinds = set()
    for state in positions:
        before = state.to_dict()
        decision = state.decision
        assert decision is not None
        kinds.add(decision.kind)
        bot.act(state.view(decision.player), decision, Rng(5))
        assert state.to_dict() == before
    assert {"choose", "target"} <= kinds


@pytest.mark.parametrize("spec", ["random", "heuristic", "ismcts:10"])
def test_same_rng_same_choice_and_json_views_work(spec: str) -> None:
    for state in _positions(4, range(2))[::3]:
        decision = state.decision
        assert decision is not None
        view = state.view(decision.player)
        a = make_bot(spec, "two-mists", seed=1).act(view, decision, Rng(9))
        b = make_bot(spec, "two-mists", seed=1).act(json.loads(json.dumps(view)), decision, Rng(9))
        assert a == b


def test_make_bot_kinds_and_budgets() -> None:
    assert BOT_KINDS == ("random", "heuristic", "ismcts", "strong")
    assert isinstance(make_bot("random", "two-mists", 1), RandomBot)
    assert isinstance(make_bot("heuristic", "two-mists", 1), HeuristicBot)
    default = make_bot("ismcts", "two-mists", 1)
    assert isinstance(default, ISMCTSBot) and default.iterations == 200
    it = make_bot("ismcts:50", "two-mists", 1)
    assert isinstance(it, ISMCTSBot) and it.iterations == 50 and it.time_budget is None
    tb = make_bot("ismcts:0.25s", "two-mists", 1)
    assert isinstance(tb, ISMCTSBot) and tb.time_budget == 0.25 and tb.iterations is None
    for spec in SPECS:
        assert isinstance(make_bot(spec, "two-mists", 0), Bot)


@pytest.mark.parametrize("spec", ["alphazero", "ismcts:lots", "ismcts:0", "random:3", "ismcts:-1s", ""])
def test_bad_specs_are_setup_errors_naming_the_kinds(spec: str) -> None:
    with pytest.raises(SetupError) as err:
        make_bot(spec, "two-mists", 0)
    message = str(err.value)
    assert spec.split(":")[0] in message or "ismcts" in message
    if spec in ("alphazero", ""):
        assert all(kind in message for kind in BOT_KINDS)


def test_unknown_game_and_missing_policy() -> None:
    with pytest.raises(SetupError, match="unknown game"):
        make_bot("random", "no-such-game", 0)
    with pytest.raises(SetupError, match="no heuristic policy"):
        load_policy("no-such-game")


def test_policies_plug_in_by_game_id() -> None:
    register_policy("two-mists-test-alias", "cardtable.games.two_mists.strategy:choose_action")
    try:
        assert load_policy("two-mists-test-alias") is load_policy("two-mists")
    finally:
        from cardtable.bots.heuristic import POLICIES

        POLICIES.pop("two-mists-test-alias")


def test_ismcts_time_budget_is_respected() -> None:
    import time

    state = GAME.new_game(seed=4, players=4)
    decision = state.decision
    assert decision is not None
    bot = make_bot("ismcts:0.1s", "two-mists", 0)
    assert isinstance(bot, ISMCTSBot)
    t0 = time.perf_counter()
    action = bot.act(state.view(decision.player), decision, Rng(1))
    assert action in decision.options
    assert time.perf_counter() - t0 < 1.0
    assert bot.total_iterations > 5
