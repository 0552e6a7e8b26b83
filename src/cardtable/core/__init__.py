"""Game-agnostic core: actions and decisions, events and visibility, RNG, state contract, records.

Nothing here knows a game noun; every game builds on these pieces.
"""

from .actions import Action, Decision, shared_action
from .errors import CardDataError, CardtableError, IllegalActionError, RecordError, SetupError
from .events import Event
from .game import GameDefinition, GameInfo, Outcome, OutcomeTag
from .rng import Rng, mix_seed
from .state import State
from .zones import Visibility, ZoneSpec, zone_view

__all__ = [
    "Action", "CardDataError", "CardtableError", "Decision", "Event", "GameDefinition", "GameInfo",
    "IllegalActionError", "Outcome", "OutcomeTag", "RecordError", "Rng", "SetupError", "State", "Visibility",
    "ZoneSpec", "mix_seed", "shared_action", "zone_view",
]
