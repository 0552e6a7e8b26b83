"""Simulation: play many bot games reproducibly (optionally in parallel), summarise and export them.

No UI here: a CLI shows progress through ``run_games(..., progress=callback)``.
"""

from .export import ExportError, export_results, result_rows, write_csv, write_parquet
from .runner import GameResult, game_seed, play_game, run_games, seat_specs
from .stats import (
    LengthSummary, Rate, length_summary, no_winner_rate, summarize, wilson_interval, win_rate_by,
    win_rate_by_bot, win_rate_by_bot_and, win_rate_by_character, win_rate_by_world,
)

__all__ = [
    "ExportError", "GameResult", "LengthSummary", "Rate", "export_results", "game_seed", "length_summary",
    "no_winner_rate", "play_game", "result_rows", "run_games", "seat_specs", "summarize", "wilson_interval",
    "win_rate_by", "win_rate_by_bot", "win_rate_by_bot_and", "win_rate_by_character", "win_rate_by_world",
    "write_csv", "write_parquet",
]
