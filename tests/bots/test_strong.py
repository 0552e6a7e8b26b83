"""The ``strong`` bot obeys the bot contract: it plays legal options, reads only the seat's view (never the
state: resampling every hidden card gives the same analysis), leaves views, states and the game's RNG
untouched, and its specs are parsed and bounded like ``ismcts``'s."""

from __future__ import annotations

import copy
import json

import pytest

import cardtable
from cardtable import SetupError
from cardtable.bots import BotLimits, StrongBot, make_bot, parse_bot_spec
from cardtable.bots.heuristic import load_policy
from cardtable.bots.lazy_view import LazyView
from cardtable.bots.deals import DealSampler
from cardtable.core import Rng
from cardtable.testing import conformance as c

CARD_GAMES = ["call-of-cthulhu", "million-arthur", "mythos"]


def _positions(game_id: str, players: int, seed: int, every: int, at_most: int) -> list[cardtable.State]:
    """States at every ``every``-th decision with a choice of a heuristic game (up to ``at_most``)."""
    game, policy = cardtable.load_game(game_id), load_policy(game_id)
    state, rng, out, n = game.new_game(seed=seed, players=players), Rng(seed), [], 0
    while not state.is_terminal and len(out) < at_most:
        d = state.decision
        assert d is not None
        if len(d.options) > 1:
            n += 1
            if n % every == 0:
                out.append(state.clone())
        state.apply(policy(LazyView(state, d.player), d, rng))
    return out


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_the_analysis_depends_on_the_view_only(game_id: str) -> None:
    """Resampling everything the seat cannot see (``state.determinize``) changes neither the view nor the
    strong bot's ranking and estimates: no hidden information reaches it."""
    for state in _positions(game_id, 2, 4, 23, 3):
        seat = state.to_act
        assert seat is not None
        decision = state.decision
        assert decision is not None
        first = StrongBot(game_id, 1, rounds=2, depth=5).analyse(state.view(seat), decision, Rng(3))
        for k in range(2):
            sampled = state.determinize(seat, seed=100 + k)
            again = StrongBot(game_id, 1, rounds=2, depth=5).analyse(sampled.view(seat), sampled.decision, Rng(3))
            assert again.ranked == first.ranked


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_world_sampler_worlds_match_the_view_and_vary(game_id: str) -> None:
    """Each fast deal shows the seat exactly its view and its decision, and hidden cards differ between deals."""
    game = cardtable.load_game(game_id)
    varied = 0
    for state in _positions(game_id, 2, 5, 31, 3):
        seat = state.to_act
        assert seat is not None
        view = state.view(seat)
        sampler = DealSampler(game, view)
        deals = [sampler.sample(Rng(k)) for k in range(3)]
        assert sampler.fast
        for deal in deals:
            assert deal.view(seat) == view
            assert deal.decision == state.decision
        varied += len({tuple(w.table.defn) for w in deals}) > 1  # type: ignore[attr-defined]
    assert varied > 0


@pytest.mark.parametrize("game_id,players", [("call-of-cthulhu", 2), ("million-arthur", 2), ("mythos", 2),
                                             ("two-mists", 4)])
def test_legal_moves_views_untouched_state_and_rng_untouched(game_id: str, players: int) -> None:
    game = cardtable.load_game(game_id)
    bot = make_bot("strong:2:d4" if game.evaluate is not None else "strong:1", game_id, seed=1)
    assert isinstance(bot, StrongBot)
    for state in _positions(game_id, players, 6, 17, 4):
        d = state.decision
        assert d is not None
        view = state.view(d.player)
        before_view, before_state = copy.deepcopy(view), state.to_dict()
        action = bot.act(view, d, Rng(2))
        assert action in d.options
        assert view == before_view and state.to_dict() == before_state
        assert bot.act(json.loads(json.dumps(view)), d, Rng(2)) == action  # a JSON view plays the same
    c.check_rng_isolation(game, players, range(1), lambda view, decision: bot.act(view, decision, Rng(5)), per_game=3)


def test_strong_specs() -> None:
    assert parse_bot_spec("strong").seconds == 1.0
    assert parse_bot_spec("strong:0.25s").text == "strong:0.25s"
    spec = parse_bot_spec("strong:8:d12")
    assert (spec.kind, spec.iterations, spec.depth) == ("strong", 8, 12)
    assert parse_bot_spec("strong", BotLimits(max_seconds=0.5)).seconds == 0.5  # the default fits the limits
    with pytest.raises(SetupError, match="at most 2 s of strong search"):
        parse_bot_spec("strong:3s", BotLimits(max_seconds=2))
    with pytest.raises(SetupError, match="strong needs at least 1 iteration"):
        parse_bot_spec("strong:0")
    with pytest.raises(SetupError, match="bad strong budget"):
        parse_bot_spec("strong:lots")
    bot = make_bot("strong:0.1s", "call-of-cthulhu", 1)
    assert isinstance(bot, StrongBot) and bot.time_budget == 0.1 and bot.spec == "strong:0.1s"


def test_a_tiny_budget_plays_the_heuristic_choice() -> None:
    """With no time to look ahead the analysis puts the heuristic's pick first (it never plays worse blind)."""
    game_id = "million-arthur"
    policy = load_policy(game_id)
    for state in _positions(game_id, 2, 3, 19, 3):
        d = state.decision
        assert d is not None
        view = state.view(d.player)
        analysis = StrongBot(game_id, 1, rounds=0).analyse(view, d, Rng(4))  # type: ignore[arg-type]
        assert analysis.rounds == 0 and analysis.ranked[0].heuristic
