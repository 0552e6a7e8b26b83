"""Simulation: play many bot games reproducibly (optionally in parallel), summarise and export them.

No UI here: a CLI shows progress through ``run_games(..., progress=callback)`` and prints
``summarize(results, game.outcome_tags)``.
"""

from .export import ExportError, export_results, result_rows, write_csv, write_parquet, write_rows
from .runner import GamePlan, GameResult, SeatCards, game_seed, play_game, run_games, seat_specs
from .stats import (
    GroupSummary, LengthSummary, Rate, histogram, length_summary, no_winner_rate, percentile, summarize, tag_counts,
    tag_summary, tag_table, tag_value, wilson_interval, win_rate_by, win_rate_by_bot, win_rate_by_bot_and,
    win_rate_by_seat, win_rate_by_tag, win_rate_by_tag_split,
)

__all__ = [
    "ExportError", "GamePlan", "GameResult", "SeatCards", "GroupSummary", "LengthSummary", "Rate", "export_results", "game_seed",
    "histogram", "length_summary", "no_winner_rate", "percentile", "play_game", "result_rows", "run_games",
    "seat_specs", "summarize", "tag_counts", "tag_summary", "tag_table", "tag_value", "wilson_interval",
    "win_rate_by", "win_rate_by_bot", "win_rate_by_bot_and", "win_rate_by_seat", "win_rate_by_tag",
    "win_rate_by_tag_split", "write_csv", "write_parquet", "write_rows",
]
