"""Records: a game is (game id + version, card-set versions, options, seed, actions)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Mapping

from .actions import Action
from .errors import CardtableError, IllegalActionError, RecordError
from .state import RECORD_FORMAT

if TYPE_CHECKING:
    from .game import GameDefinition
    from .state import State


def replay_record(
    record: Any,
    load_game: Callable[[str], "GameDefinition"],
    on_step: Callable[["State", Action], None] | None = None,
) -> "State":
    """Rebuild the state a record describes, checking versions and every action on the way."""
    if not isinstance(record, Mapping):
        raise RecordError("a record must be a JSON object")
    missing = [k for k in ("format", "game", "version", "players", "seed", "actions") if k not in record]
    if missing:
        raise RecordError(f"the record lacks {', '.join(missing)}")
    if record["format"] != RECORD_FORMAT:
        raise RecordError(f"unknown record format {record['format']!r} (expected {RECORD_FORMAT})")
    game = load_game(str(record["game"]))
    if record["version"] != game.info.version:
        raise RecordError(f"the record is for {game.id} version {record['version']}, this is version {game.info.version}")
    if record.get("card_sets", game.card_set_versions) != game.card_set_versions:
        raise RecordError(f"the record used card sets {record.get('card_sets')}, this build has {game.card_set_versions}")
    if "card_set_hashes" in record:  # records made before sets were hashed have none: nothing to compare
        mismatch = game.check_record_sets(record["card_set_hashes"])
        if mismatch is not None:
            raise RecordError(f"refusing to replay against other cards: {mismatch}")
    if not isinstance(record["actions"], list):
        raise RecordError("the record's 'actions' must be a list")
    players = record["players"]
    if not isinstance(players, int) or isinstance(players, bool):
        # a record states the table size it was played at; None ("the default") would hide a change
        raise RecordError(f"the record's 'players' must be an integer, not {players!r}")
    if not isinstance(record.get("options") or {}, Mapping):
        raise RecordError(f"the record's 'options' must be an object, not {record['options']!r}")
    try:
        state = game.new_game(seed=record["seed"], players=players, options=record.get("options") or None)
    except CardtableError as err:
        raise RecordError(f"the record's set-up is invalid: {err}") from err
    for number, raw in enumerate(record["actions"], start=1):
        try:
            action = Action.from_dict(raw)
            state.apply(action)
        except IllegalActionError as err:
            raise RecordError(f"action {number} does not apply: {err}") from err
        if on_step is not None:
            on_step(state, action)
    return state
