"""Bots: they see a seat's view and the pending decision, never the state.

``make_bot("heuristic", game_id, seed=1).act(view, decision, rng)`` returns one of
``decision.options``. Kinds: ``random``, ``heuristic`` (per-game policy), ``ismcts`` (generic search),
``strong`` (flat Monte Carlo over the options with the game's heuristic playing the rollouts, ``strong.py``).

ISMCTS specs: ``ismcts`` (200 iterations a decision), ``ismcts:N`` (N iterations), ``ismcts:Ts`` (T
seconds), each optionally followed by ``:dD`` — rollouts stop after D actions and the game's position
evaluation (``GameDefinition.evaluate``) scores them. Without ``:dD`` a game's own default depth
(``GameDefinition.rollout_depth``) applies; a game without an evaluation always plays rollouts to the
end, and refuses ``:dD``. ``strong`` takes the same forms (``strong`` = ``strong:1s``; ``strong:N`` = N rounds, each
playing every option still in the running once).
"""

from .base import BOT_KINDS, DEFAULT_BOT_LIMITS, Bot, BotLimits, BotSpec, make_bot, parse_bot_spec
from .heuristic import POLICIES, HeuristicBot, has_policy, load_policy, register_policy
from .ismcts import ISMCTSBot
from .random_bot import RandomBot
from .strong import Analysis, OptionScore, StrongBot

__all__ = [
    "BOT_KINDS", "DEFAULT_BOT_LIMITS", "Bot", "BotLimits", "BotSpec", "HeuristicBot", "ISMCTSBot", "POLICIES",
    "RandomBot", "StrongBot", "Analysis", "OptionScore", "has_policy", "load_policy", "make_bot", "parse_bot_spec", "register_policy",
]
