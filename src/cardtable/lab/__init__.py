"""The balance lab: round robins of decks between bots, and what they say about decks and cards.

``schedule`` turns a list of decks into the game plans of one reproducible run, ``figures`` reads
the finished games (matchups, deck and first-player win rates, game lengths, per-card win rates
when drawn, played and in the opening hand), ``ratings`` rates decks and bots with OpenSkill,
``report`` writes one self-contained HTML page and ``tables`` the same figures as CSV or Parquet.
Nothing here names a game: decks come from a game's ``decklists`` facet and card names from its
catalog.
"""

from .figures import CardFigure, LabFigures, compute_figures
from .schedule import LabDeck, Schedule, round_robin

__all__ = ["CardFigure", "LabDeck", "LabFigures", "Schedule", "compute_figures", "round_robin"]
