"""What a round robin's games say: matchups, decks, first player, lengths, and every card.

The per-card figures follow the players' tools (17lands' "game in hand" win rate): a card's win rate
over the games in which its owner drew it (opening hand included), played it, or had it in the
opening hand, next to the win rate over the games its deck held it but never drew it. Each figure
carries its sample size and a 95 % Wilson interval, and is flagged when the sample is too small to
mean anything (``MIN_SAMPLE``), so a lucky 5-out-of-6 is never read as a finding.

A game nobody won (a draw, or a turn cap) counts as a win for no one: rates of both sides then sum
to less than one, and the draws are reported on their own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from ..sim import GameResult, LengthSummary, Rate, histogram, length_summary
from .schedule import Schedule

MIN_SAMPLE = 100  # below this many games a per-card rate is flagged as too few to mean anything


@dataclass(frozen=True, slots=True)
class CardFigure:
    """One card's figures over every seat whose deck held it."""

    index: int
    name: str
    games: int  # seat-games whose deck held the card
    drawn: Rate
    played: Rate
    opening: Rate
    not_drawn: Rate

    @property
    def improvement(self) -> float | None:
        """Win rate when drawn minus when never drawn (17lands' "improvement when drawn")."""
        if not self.drawn.seats or not self.not_drawn.seats:
            return None
        return self.drawn.rate - self.not_drawn.rate

    @property
    def too_few(self) -> bool:
        return self.drawn.seats < MIN_SAMPLE

    def to_row(self) -> dict[str, Any]:
        row: dict[str, Any] = {"card": self.name, "index": self.index, "games": self.games}
        for label, rate in (("drawn", self.drawn), ("played", self.played), ("opening", self.opening),
                            ("not_drawn", self.not_drawn)):
            row.update({f"{label}_n": rate.seats, f"{label}_wins": rate.wins, f"{label}_rate": rate.rate,
                        f"{label}_low": rate.low, f"{label}_high": rate.high})
        row["improvement"] = self.improvement
        row["too_few"] = self.too_few
        return row


@dataclass(slots=True)
class LabFigures:
    """Every figure of a report; ``decks[i]`` names deck ``i`` of the matrices."""

    game: str
    decks: list[str]
    games: int
    draws: int
    matchups: dict[tuple[int, int], Rate]  # (row, column): the row deck's win rate against the column deck
    deck_rates: list[Rate]  # each deck against all others (mirror games left out)
    first_player: Rate | None  # how often the seat that took the first turn won
    lengths: LengthSummary
    turns: LengthSummary | None
    length_histogram: list[dict[str, int]]
    bots: dict[str, Rate]  # per bot spec, when the run had two different bots
    cards: list[CardFigure]
    ratings: dict[str, list[dict[str, Any]]] = field(default_factory=dict)  # "decks"/"bots" -> rows

    def best_cards(self, n: int = 3, best: bool = True) -> list[CardFigure]:
        """The ``n`` cards that help their decks most (or least): ranked by the improvement when drawn
        (win rate when drawn minus when never drawn), among cards with enough games both ways.

        Why not the plain win rate when drawn: it mostly repeats how strong the card's deck is (every
        card of a 70 % deck is drawn in 70 % games); the difference compares the same decks with and
        without the card in hand."""
        enough = [c for c in self.cards if not c.too_few and c.not_drawn.seats >= MIN_SAMPLE and c.improvement is not None]
        return sorted(enough, key=lambda c: (c.improvement or 0.0, c.name), reverse=best)[:n]


def _won(r: GameResult, seat: int) -> bool:
    return seat in r.winners and len(r.winners) == 1


def compute_figures(game: str, schedule: Schedule, results: Sequence[GameResult],
                    card_names: Mapping[int, str]) -> LabFigures:
    """Read ``results`` of a run scheduled by ``schedule``; ``card_names`` maps catalog index to name."""
    n_decks = len(schedule.decks)
    wins = [[0] * n_decks for _ in range(n_decks)]
    meets = [[0] * n_decks for _ in range(n_decks)]
    first_wins = first_games = draws = 0
    bot_wins: dict[str, int] = {}
    bot_seats: dict[str, int] = {}
    held: dict[int, list[int]] = {}  # card -> [seat-games, drawn n, drawn wins, played n, played wins, ...]
    for r in results:
        assert r.plan is not None, "a lab result knows its plan"
        seating = schedule.seats[r.plan]
        if not r.winners or len(r.winners) > 1:
            draws += 1
        if r.first is not None:
            first_games += 1
            first_wins += _won(r, r.first)
        if len(set(r.bots)) > 1:
            for s, spec in enumerate(r.bots):
                bot_seats[spec] = bot_seats.get(spec, 0) + 1
                bot_wins[spec] = bot_wins.get(spec, 0) + _won(r, s)
        a, b = seating
        if a != b:
            meets[a][b] += 1
            meets[b][a] += 1
            wins[a][b] += _won(r, 0)
            wins[b][a] += _won(r, 1)
        if r.cards is None:
            continue
        for s, seat_cards in enumerate(r.cards):
            won = _won(r, s)
            drawn, played, opening = set(seat_cards.drawn), set(seat_cards.played), set(seat_cards.opening)
            for card in seat_cards.deck:
                row = held.setdefault(card, [0] * 9)
                row[0] += 1
                for k, hit in enumerate((card in drawn, card in played, card in opening, card not in drawn)):
                    if hit:
                        row[1 + 2 * k] += 1
                        row[2 + 2 * k] += won
    matchups = {(i, j): Rate.of(wins[i][j], meets[i][j]) for i in range(n_decks) for j in range(n_decks)
                if i != j and meets[i][j]}
    deck_rates = [Rate.of(sum(wins[i]), sum(meets[i])) for i in range(n_decks)]
    cards = [CardFigure(c, card_names.get(c, f"#{c}"), row[0], Rate.of(row[2], row[1]), Rate.of(row[4], row[3]),
                        Rate.of(row[6], row[5]), Rate.of(row[8], row[7]))
             for c, row in sorted(held.items())]
    turns = [r.turns for r in results if r.turns is not None]
    return LabFigures(
        game=game, decks=[d.name for d in schedule.decks], games=len(results), draws=draws,
        matchups=matchups, deck_rates=deck_rates,
        first_player=Rate.of(first_wins, first_games) if first_games else None,
        lengths=length_summary(results), turns=length_summary(results, "turns") if turns else None,
        length_histogram=histogram([r.length for r in results]),
        bots={spec: Rate.of(bot_wins[spec], bot_seats[spec]) for spec in sorted(bot_seats)},
        cards=cards)

