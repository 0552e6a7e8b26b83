"""The shared card-game machinery: below every card game, above the core, knowing no game noun.

* ``table``     — card instances as flat int arrays; zones with declared visibility
* ``frames``    — plain-data frames of the resolution stack
* ``ops``       — what runs a frame; a game's op table
* ``state``     — ``CardState``: the loop, clone, snapshots, views and determinization for any card game
* ``prompts``   — multi-step choices as decisions: pick up to N, choose one, yes/no, order, secret rounds
* ``triggers``  — abilities, the trigger procedure (interrupt / perform / checks / forced / reaction),
                  priority windows that close on consecutive passes
* ``modifiers`` — lasting effects with durations; limits that reset on timing events
* ``costs``     — payment choices a game plugs its resources into

``ENGINE_OPS`` holds every op the engine defines; a game builds its table as
``OpTable(ENGINE_OPS, its_own_ops)``.
"""

from .costs import COSTS, Pay
from .frames import Frame
from .modules import LazyModules
from .modifiers import PERMANENT, WHILE_SOURCE, add_lasting, expire, is_used, lasting_total, lasting_values, mark_used
from .ops import FunctionOp, Op, OpTable
from .prompts import PROMPTS, Choose, Order, Pick, SecretRound, YesNo, pick, secret_round
from .state import NO_OWNER, CardState
from .table import ALL_SEATS, EXHAUSTED, FACE_DOWN, FIRST_GAME_FLAG, NO_CARD, CardTable, ZoneDecl
from .triggers import (
    ACTION, FORCED, INTERRUPT, PASSIVE, REACTION, Ability, EventOp, WindowOp, cancel_event, emit, matching,
    open_window, TRIGGERS,
)

ENGINE_OPS = OpTable(PROMPTS, TRIGGERS, COSTS)

__all__ = [
    "ACTION", "ALL_SEATS", "Ability", "CardState", "CardTable", "Choose", "COSTS", "ENGINE_OPS", "EXHAUSTED",
    "EventOp", "FACE_DOWN", "FIRST_GAME_FLAG", "FORCED", "Frame", "FunctionOp", "INTERRUPT", "LazyModules", "NO_CARD",
    "NO_OWNER", "Op", "OpTable", "Order", "PASSIVE", "PERMANENT", "PROMPTS", "Pay", "Pick", "REACTION",
    "SecretRound", "TRIGGERS", "WHILE_SOURCE", "WindowOp", "YesNo", "ZoneDecl", "add_lasting", "cancel_event",
    "emit", "expire", "is_used", "lasting_total", "lasting_values", "mark_used", "matching", "open_window",
    "pick", "secret_round",
]
