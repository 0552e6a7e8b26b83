"""Suite-wide test settings: the ``slow`` mark that ``scripts/test --quick`` leaves out.

Why by path: the slow tests are known by what they are (browsers, real server processes, Ray, the
benchmark scripts, fuzzers, long seeded runs), so they are listed here once instead of decorating
each; ``scripts/test --durations=30`` shows what to add when a new slow test appears. The quick
subset is for the inner loop while working; the full command (CI's) runs everything.
"""

from __future__ import annotations

import pytest

SLOW_PREFIXES = (
    "tests/web/",  # a browser each
    "tests/benchmarks/",  # the benchmark scripts, run for real
    "tests/sim/test_ray_backend.py",
    "tests/lab/",
    "tests/server/test_api_fuzz.py",
    "tests/server/test_frame_fuzz.py",
    "tests/server/test_server_process.py",
    "tests/server/test_socket_lifetime.py",
    "tests/server/test_load_script.py",
    "tests/server/test_cluster_failover.py",  # PostgreSQL, three server processes and HAProxy
    "tests/server/test_cluster_leases.py",  # PostgreSQL
    "tests/server/test_bot_limits.py",
    "tests/server/test_heavy_work.py::test_deck_imports_checks_and_replays_run_in_a_worker_process",
    "tests/server/test_custom_card_sets.py::test_a_custom_deck_is_checked_in_a_worker_process_too",
    "tests/server/test_trust.py::test_many_concurrent_joins",
    "tests/server/test_limits.py::test_a_half_sent",
    "tests/engine/test_table_links.py",
    "tests/engine/test_lazy_view.py",
    "tests/conformance/",  # every game through the shared suite: the full run's job
    "tests/rl/test_card_games.py",
    "tests/rl/test_train_example.py::test_the_training_loop",  # imports torch, trains a few hundred steps
    "tests/server/test_serve_failures.py",
    "tests/server/test_bots_and_serve.py",
    "tests/server/test_api.py::test_create_join_play_whole_game",
    "tests/server/test_noleak.py::test_resampling",
    "tests/games/million_arthur/test_strategy.py::test_heuristic_beats_random",
    "tests/games/mythos/test_strategy.py",
    "tests/games/call_of_cthulhu/test_card_data.py::test_cc_12_7",
    "tests/bots/test_bot_strength.py",
    "tests/games/test_cards_played.py",  # seeded heuristic self-play of every card game
    "tests/bots/test_strong.py::test_the_analysis_depends_on_the_view_only[mythos]",  # searches in Mythos
    "tests/bots/test_strong.py::test_legal_moves_views_untouched_state_and_rng_untouched[mythos-2]",
    "tests/cli/test_cli.py::test_the_installed_command_runs",
    "tests/cli/test_cardgame_cli.py::test_a_person_plays",
    "tests/cli/test_million_arthur_cli.py::test_a_person_plays",
    "tests/cli/test_cardtable_renderer.py::test_no_hidden_card_title_is_ever_drawn",
)


SLOW_PARTS = (  # anywhere in a test's id
    "/test_golden",  # whole recorded playthroughs
    "test_arcana_playouts",
    "test_evaluation.py::test_resampling",
    "damaged_card_file",
    "_conformance_with_the_",
    "[postgresql]",  # the quick run stays on SQLite; the full run starts PostgreSQL
)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "slow: left out by `scripts/test --quick` (browsers, processes, long runs)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if item.nodeid.startswith(SLOW_PREFIXES) or any(part in item.nodeid for part in SLOW_PARTS):
            item.add_marker(pytest.mark.slow)
