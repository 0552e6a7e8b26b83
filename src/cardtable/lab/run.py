"""A balance run from start to finish: decks from the game's facet, the round robin, the figures."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from ..core import SetupError
from ..registry import game_facet, load_game
from ..sim import GameResult, run_games
from .figures import LabFigures, compute_figures
from .ratings import bot_ratings, deck_ratings
from .schedule import LabDeck, Schedule, round_robin


@dataclass(slots=True)
class LabRun:
    schedule: Schedule
    results: list[GameResult]
    figures: LabFigures


def lab_decks(game_id: str, names: Sequence[str] | None) -> tuple[str, list[LabDeck]]:
    """The game's deck option and the decks asked for: ready deck names or stems, or deck files;
    every ready deck when ``names`` is empty. Unknown names are refused with the known ones listed."""
    facet = game_facet(game_id, "decklists")
    if facet is None:
        raise SetupError(f"{game_id} has no decks to compare (it offers no decklists)")
    ready = facet.ready_decks()
    if not names:
        return facet.OPTION, [LabDeck(d.name, d.name) for d in ready]
    by_name = {d.name.lower(): d for d in ready} | {d.stem.lower(): d for d in ready}
    out = []
    for name in names:
        found = by_name.get(name.strip().lower())
        if found is not None:
            out.append(LabDeck(found.name, found.name))
            continue
        path = Path(name)
        if path.suffix.lower() in (".yaml", ".yml", ".txt", ".json") and path.is_file():
            deck = facet.load_deck_file(path)
            problems = facet.deck_problems(deck)
            if problems:
                raise SetupError(f"{path}: the deck is not legal: " + "; ".join(f"{v.rule_id}: {v.message}" for v in problems))
            out.append(LabDeck(deck.name or path.stem, facet.option_value(deck)))
            continue
        known = ", ".join(sorted(d.name for d in ready))
        raise SetupError(f"no deck {name!r}: give a ready deck's name ({known}) or a deck file")
    return facet.OPTION, out


def card_names(game_id: str) -> dict[int, str]:
    catalog = load_game(game_id).card_catalog()
    return {int(c["index"]): str(c.get("name") or c.get("title") or c.get("id"))
            for c in catalog.get("cards", []) if "index" in c}


def run_lab(game_id: str, decks: Sequence[str] | None, games: int, bots: Sequence[str], seed: int = 1,
            jobs: int = 1, backend: str = "processes", ray_address: str | None = None,
            options: Mapping[str, Any] | None = None, mirrors: bool = False,
            progress: Callable[[int], None] | None = None) -> LabRun:
    """Play the round robin (``games`` rounded up to whole cycles, see ``Schedule.games_for``)."""
    option, chosen = lab_decks(game_id, decks)
    specs = list(bots) * 2 if len(bots) == 1 else list(bots)
    schedule = round_robin(chosen, specs, option, options, mirrors)
    total = schedule.games_for(games)
    results = run_games(game_id, 2, specs, total, seed, jobs=jobs, backend=backend, ray_address=ray_address,
                        plans=schedule.plans, record_cards=True, progress=progress)
    figures = compute_figures(game_id, schedule, results, card_names(game_id))
    figures.ratings["decks"] = deck_ratings(schedule, results)
    if len(set(specs)) > 1:
        figures.ratings["bots"] = bot_ratings(results)
    return LabRun(schedule, results, figures)
