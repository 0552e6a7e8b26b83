"""Bots: they see a seat's view and the pending decision, never the state.

``make_bot("heuristic", game_id, seed=1).act(view, decision, rng)`` returns one of
``decision.options``. Kinds: ``random``, ``heuristic`` (per-game policy), ``ismcts`` (generic search).

ISMCTS specs: ``ismcts`` (200 iterations a decision), ``ismcts:N`` (N iterations), ``ismcts:Ts`` (T
seconds), each optionally followed by ``:dD`` — rollouts stop after D actions and the game's position
evaluation (``GameDefinition.evaluate``) scores them. Without ``:dD`` a game's own default depth
(``GameDefinition.rollout_depth``) applies; a game without an evaluation always plays rollouts to the
end, and refuses ``:dD``.
"""

from .base import BOT_KINDS, DEFAULT_BOT_LIMITS, Bot, BotLimits, BotSpec, make_bot, parse_bot_spec
from .heuristic import POLICIES, HeuristicBot, has_policy, load_policy, register_policy
from .ismcts import ISMCTSBot
from .random_bot import RandomBot

__all__ = [
    "BOT_KINDS", "DEFAULT_BOT_LIMITS", "Bot", "BotLimits", "BotSpec", "HeuristicBot", "ISMCTSBot", "POLICIES",
    "RandomBot", "has_policy", "load_policy", "make_bot", "parse_bot_spec", "register_policy",
]
