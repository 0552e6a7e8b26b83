"""Simulation: play many bot games reproducibly (optionally in parallel), summarise and export them.

No UI here: a CLI shows progress through ``run_games(..., progress=callback)`` and prints ``summarize(results)``.
"""

from .export import ExportError, export_results, result_rows, write_csv, write_parquet
from .runner import GameResult, game_seed, play_game, run_games, seat_specs
from .stats import (
    LengthSummary, Rate, WorldSummary, ending_counts, histogram, length_summary, no_winner_rate, percentile,
    summarize, wilson_interval, win_rate_by, win_rate_by_bot, win_rate_by_bot_and, win_rate_by_character,
    win_rate_by_character_and_world, win_rate_by_seat, win_rate_by_world, world_summary,
)

__all__ = [
    "ExportError", "GameResult", "LengthSummary", "Rate", "WorldSummary", "ending_counts", "export_results",
    "game_seed", "histogram", "length_summary", "no_winner_rate", "percentile", "play_game", "result_rows",
    "run_games", "seat_specs", "summarize", "wilson_interval", "win_rate_by", "win_rate_by_bot",
    "win_rate_by_bot_and", "win_rate_by_character", "win_rate_by_character_and_world", "win_rate_by_seat",
    "win_rate_by_world", "world_summary", "write_csv", "write_parquet",
]
