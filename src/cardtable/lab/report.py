"""One self-contained HTML page for a balance run: works offline, with no script at all.

Why no script and no external file: a report is mailed, attached to an issue, opened years later or
served by the web table under a policy that forbids scripts; inline SVG and CSS draw the heat map,
the bars and the histogram, and every figure is also written out as text (a table beside each plot)
so a screen reader or a copy into a spreadsheet loses nothing. Every string from a card file or a
command line is escaped.
"""

from __future__ import annotations

from html import escape
from typing import Any, Iterable, Mapping

from ..sim import Rate
from .figures import CardFigure, LabFigures, MIN_SAMPLE

STYLE = """
body{font:15px/1.45 system-ui,sans-serif;margin:1.5rem auto;max-width:72rem;padding:0 1rem;color:#1d2330;background:#fff}
h1{font-size:1.6rem;margin:.2rem 0}h2{font-size:1.2rem;margin-top:2rem;border-bottom:1px solid #ccd}
table{border-collapse:collapse;margin:.6rem 0;font-size:.9rem}th,td{padding:.25rem .5rem;border-bottom:1px solid #e3e6ee;text-align:right}
th:first-child,td:first-child{text-align:left}caption{text-align:left;font-weight:600;padding:.3rem 0}
.meta{color:#4a5266}.few{color:#8a6d00}.note{font-size:.85rem;color:#4a5266}svg{max-width:100%;height:auto}
code{background:#f2f4f8;padding:0 .2rem}
.card{display:inline-flex;align-items:center;gap:.3rem;border-left:4px solid #99a;padding-left:.35rem}
.card svg{width:1em;height:1em;fill:currentColor}.cost{display:inline-block;min-width:1.3em;text-align:center;
border-radius:50%;background:#1d2330;color:#fff;font-size:.75rem;font-weight:700}
"""
# A card's colour in this white page: the game's palette (its presentation) names the swatch, as it does for
# the web table's card component and the terminal; these are that swatch's print colours.
SWATCH_COLOURS = {"red": "#d62828", "orange": "#e07b00", "brown": "#8a5a2b", "yellow": "#b89600", "olive": "#6b7a12",
                  "green": "#23913f", "teal": "#12877c", "light_blue": "#2b8fd6", "blue": "#2849c7",
                  "purple": "#7b3fc4", "pink": "#c83e82", "grey": "#6c7480"}
STYLE += "".join(f".sw-{k}{{border-color:{v};color:{v}}}" for k, v in SWATCH_COLOURS.items())


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _rate(r: Rate | None) -> str:
    if r is None or not r.seats:
        return "—"
    return f"{_pct(r.rate)} [{_pct(r.low)}, {_pct(r.high)}]"


def _colour(rate: float) -> str:
    """White at 50 %, towards blue for the row deck winning, towards red for it losing."""
    t = max(-1.0, min(1.0, (rate - 0.5) * 2))
    if t >= 0:
        r, g, b = 255 - int(190 * t), 255 - int(130 * t), 255
    else:
        r, g, b = 255, 255 - int(150 * -t), 255 - int(160 * -t)
    return f"rgb({r},{g},{b})"


def heat_map(fig: LabFigures) -> str:
    n = len(fig.decks)
    cell, label, top = 92, 190, 120
    width, height = label + cell * n + 90, top + cell * n + 10
    out = [f'<svg role="img" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
           f'xmlns="http://www.w3.org/2000/svg"><title>Matchup win rates: row deck against column deck</title>']
    for j, name in enumerate(fig.decks):
        x = label + cell * j + cell / 2 - 6
        out.append(f'<text x="{x}" y="{top - 8}" font-size="11" transform="rotate(-35 {x} {top - 8})">'
                   f'{escape(name[:24])}</text>')
    for i, name in enumerate(fig.decks):
        y = top + cell * i
        out.append(f'<text x="{label - 8}" y="{y + cell / 2 + 4}" font-size="12" text-anchor="end">{escape(name[:26])}</text>')
        for j in range(n):
            x = label + cell * j
            rate = fig.matchups.get((i, j))
            if rate is None:
                out.append(f'<rect x="{x}" y="{y}" width="{cell - 2}" height="{cell - 2}" fill="#eef0f4"/>')
                continue
            decided = rate.low > 0.5 or rate.high < 0.5
            stroke = ' stroke="#1d2330" stroke-width="2"' if decided else ""
            out.append(f'<rect x="{x}" y="{y}" width="{cell - 2}" height="{cell - 2}" fill="{_colour(rate.rate)}"{stroke}>'
                       f'<title>{escape(name)} vs {escape(fig.decks[j])}: {_rate(rate)}, n={rate.seats}</title></rect>')
            cx = x + (cell - 2) / 2
            out.append(f'<text x="{cx}" y="{y + 36}" font-size="17" font-weight="600" text-anchor="middle">{_pct(rate.rate)}</text>')
            out.append(f'<text x="{cx}" y="{y + 55}" font-size="10" text-anchor="middle">{100 * rate.low:.0f}–{100 * rate.high:.0f}%</text>')
            out.append(f'<text x="{cx}" y="{y + 72}" font-size="10" text-anchor="middle">n={rate.seats}</text>')
    out.append("</svg>")
    return "".join(out)


def rate_bars(rows: Iterable[tuple[str, Rate]], title: str) -> str:
    rows = list(rows)
    label, span, line = 220, 420, 26
    height = line * len(rows) + 30
    out = [f'<svg role="img" viewBox="0 0 {label + span + 90} {height}" width="{label + span + 90}" height="{height}" '
           f'xmlns="http://www.w3.org/2000/svg"><title>{escape(title)}</title>']
    mid = label + span / 2
    out.append(f'<line x1="{mid}" y1="0" x2="{mid}" y2="{height - 20}" stroke="#99a" stroke-dasharray="3 3"/>')
    out.append(f'<text x="{mid}" y="{height - 6}" font-size="10" text-anchor="middle">50%</text>')
    for k, (name, r) in enumerate(rows):
        y = k * line + 4
        out.append(f'<text x="{label - 8}" y="{y + 14}" font-size="12" text-anchor="end">{escape(name[:30])}</text>')
        out.append(f'<rect x="{label}" y="{y + 3}" width="{span * r.rate:.1f}" height="14" fill="#6d8fd9"/>')
        out.append(f'<line x1="{label + span * r.low:.1f}" y1="{y + 10}" x2="{label + span * r.high:.1f}" y2="{y + 10}" '
                   f'stroke="#1d2330" stroke-width="2"/>')
        out.append(f'<text x="{label + span + 6}" y="{y + 14}" font-size="11">{_pct(r.rate)}</text>')
    out.append("</svg>")
    return "".join(out)


def histogram_svg(bins: list[dict[str, int]], title: str) -> str:
    if not bins:
        return ""
    width, height, base = 640, 200, 170
    most = max(b["games"] for b in bins) or 1
    w = (width - 40) / len(bins)
    out = [f'<svg role="img" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
           f'xmlns="http://www.w3.org/2000/svg"><title>{escape(title)}</title>']
    for k, b in enumerate(bins):
        h = 150 * b["games"] / most
        x = 20 + k * w
        out.append(f'<rect x="{x:.1f}" y="{base - h:.1f}" width="{w - 3:.1f}" height="{h:.1f}" fill="#8aa6e0">'
                   f'<title>{b["from"]}–{b["to"]}: {b["games"]} games</title></rect>')
        out.append(f'<text x="{x + w / 2:.1f}" y="{base + 14}" font-size="9" text-anchor="middle">{b["from"]}</text>')
    out.append("</svg>")
    return "".join(out)


def card_marks(game_id: str) -> dict[int, str]:
    """Catalog index -> the card as the report shows it, a template whose ``{name}`` takes the (escaped)
    name: the colour stripe and emblem of its declared colour (the game's presentation: palette and emblems,
    as on the web table's cards) and its cost. Empty for a game without a presentation."""
    try:
        from ..engine.emblems import emblems
        from ..engine.presentation import swatch
        from ..registry import game_facet, load_game

        facet = game_facet(game_id, "presentation")
        pres = getattr(facet, "PRESENTATION", None)
        if pres is None:
            return {}
        cards = load_game(game_id).card_catalog().get("cards", [])
    except Exception:  # an unknown game id in old figures: plain names
        return {}
    face = pres.face
    shapes = emblems(face.palette)
    out: dict[int, str] = {}
    for k, card in enumerate(cards):
        sw = swatch(face, card)
        value = str(card.get(face.colour, "")) if face.colour else ""
        shape = shapes.get(value)
        icon = (f'<svg viewBox="0 0 24 24" aria-hidden="true"><path fill-rule="evenodd" d="{shape}"/></svg>'
                if shape else "")
        cost = card.get(face.corner) if face.corner else None
        cost_html = f'<span class="cost" title="{escape(face.corner)}">{escape(str(cost))}</span>' if cost not in (None, "") else ""
        out[int(card.get("index", k))] = f'<span class="card{" sw-" + sw if sw else ""}">{icon}{cost_html}<span>{{name}}</span></span>'
    return out


def _card_table(cards: list[CardFigure], caption: str, marks: Mapping[int, str] | None = None) -> str:
    head = ("<tr><th>Card</th><th>Drawn: win rate [95%]</th><th>n</th><th>Played</th><th>n</th>"
            "<th>Opening hand</th><th>n</th><th>Never drawn</th><th>Drawn − never</th></tr>")
    rows = []
    for c in cards:
        imp = "—" if c.improvement is None else f"{100 * c.improvement:+.1f} pts"
        few = ' class="few" title="too few games to mean anything"' if c.too_few else ""
        mark = (marks or {}).get(c.index)
        shown = mark.replace("{name}", escape(c.name)) if mark else escape(c.name)
        rows.append(f"<tr{few}><td>{shown}{' ⚠' if c.too_few else ''}</td><td>{_rate(c.drawn)}</td>"
                    f"<td>{c.drawn.seats}</td><td>{_rate(c.played)}</td><td>{c.played.seats}</td>"
                    f"<td>{_rate(c.opening)}</td><td>{c.opening.seats}</td><td>{_rate(c.not_drawn)}</td><td>{imp}</td></tr>")
    return f"<table><caption>{escape(caption)}</caption>{head}{''.join(rows)}</table>"


def _ratings_table(rows: list[dict[str, Any]], caption: str) -> str:
    body = "".join(f"<tr><td>{escape(str(r['name']))}</td><td>{r['mu']:.2f}</td><td>{r['sigma']:.2f}</td>"
                   f"<td>{r['ordinal']:.2f}</td><td>{r['games']}</td></tr>" for r in rows)
    return (f"<table><caption>{escape(caption)}</caption><tr><th>Name</th><th>μ</th><th>σ</th>"
            f"<th>Ordinal (μ − 3σ)</th><th>Games</th></tr>{body}</table>")


def render(fig: LabFigures, meta: Mapping[str, Any]) -> str:
    """The whole page; ``meta`` holds the run's settings (game name, bots, seed, command, …) as text."""
    title = f"Balance report: {meta.get('game_name', fig.game)}"
    parts = [f'<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" '
             f'content="width=device-width,initial-scale=1"><title>{escape(title)}</title><style>{STYLE}</style></head><body>',
             f"<h1>{escape(title)}</h1>"]
    facts = [("Games", str(fig.games)), ("Decks", str(len(fig.decks))), ("Draws / no winner", str(fig.draws))]
    facts += [(str(k), str(v)) for k, v in meta.items() if k not in ("game_name",)]
    parts.append('<p class="meta">' + " · ".join(f"{escape(k)}: <b>{escape(v)}</b>" for k, v in facts) + "</p>")
    parts.append('<p class="note">Every game\'s seed comes from the run\'s seed and the game\'s number, so the same '
                 "command gives the same figures on any machine and backend. Intervals are 95% Wilson intervals; a "
                 "cell with a dark border is one whose interval excludes 50%.</p>")
    parts.append("<h2>Matchups</h2>" + heat_map(fig))
    rows = "".join(f"<tr><td>{escape(fig.decks[i])}</td><td>{escape(fig.decks[j])}</td><td>{_rate(r)}</td><td>{r.seats}</td></tr>"
                   for (i, j), r in sorted(fig.matchups.items()))
    parts.append(f"<table><caption>Matchups as text</caption><tr><th>Deck</th><th>Against</th><th>Win rate [95%]</th>"
                 f"<th>Games</th></tr>{rows}</table>")
    parts.append("<h2>Decks</h2>" + rate_bars(zip(fig.decks, fig.deck_rates), "Each deck's win rate against the field"))
    rated = {r["name"]: r for r in fig.ratings.get("decks", [])}
    body = "".join(f"<tr><td>{escape(name)}</td><td>{_rate(r)}</td><td>{r.seats}</td>"
                   f"<td>{rated[name]['ordinal']:.2f}</td></tr>" if name in rated else
                   f"<tr><td>{escape(name)}</td><td>{_rate(r)}</td><td>{r.seats}</td><td>—</td></tr>"
                   for name, r in zip(fig.decks, fig.deck_rates))
    parts.append(f"<table><caption>Deck win rates and OpenSkill ratings</caption><tr><th>Deck</th>"
                 f"<th>Win rate [95%]</th><th>Games</th><th>Rating (ordinal)</th></tr>{body}</table>")
    if fig.ratings.get("decks"):
        parts.append(_ratings_table(fig.ratings["decks"], "Deck ratings (OpenSkill, Plackett–Luce)"))
    parts.append("<h2>First player</h2>")
    if fig.first_player is not None:
        parts.append(f"<p>The seat that took the first turn won {_rate(fig.first_player)} of "
                     f"{fig.first_player.seats} games.</p>")
    else:
        parts.append("<p>This game does not say who took the first turn.</p>")
    if fig.bots:
        parts.append("<h2>Bots</h2>" + rate_bars(fig.bots.items(), "Each bot's win rate"))
        if fig.ratings.get("bots"):
            parts.append(_ratings_table(fig.ratings["bots"], "Bot ratings (OpenSkill)"))
    parts.append("<h2>Game length</h2>")
    ls = fig.lengths
    parts.append(f"<p>Decisions per game: median {ls.median:.0f}, 10th–90th percentile {ls.p10:.0f}–{ls.p90:.0f}, "
                 f"range {ls.min}–{ls.max}.")
    if fig.turns is not None:
        t = fig.turns
        parts.append(f" Turns: median {t.median:.0f}, 10th–90th percentile {t.p10:.0f}–{t.p90:.0f}, range {t.min}–{t.max}.")
    parts.append("</p>" + histogram_svg(fig.length_histogram, "Games by number of decisions"))
    parts.append("<h2>Cards</h2>")
    if fig.cards:
        parts.append(f'<p class="note">Win rate of a seat in the games its deck held the card: when it drew the card '
                     f"(opening hand included), played it, had it in the opening hand, or never drew it. ⚠ marks a card "
                     f"drawn in fewer than {MIN_SAMPLE} games: too few to mean anything.</p>")
        best, worst = fig.best_cards(3, True), fig.best_cards(3, False)
        marks = card_marks(fig.game)
        if best:
            parts.append(_card_table(best, "The three most successful cards (largest improvement when drawn)", marks))
            parts.append(_card_table(worst, "The three least successful cards (smallest improvement when drawn)", marks))
        ordered = sorted(fig.cards, key=lambda c: (c.too_few, -c.drawn.rate, c.name))
        parts.append(_card_table(ordered, "Every card", marks))
    else:
        parts.append("<p>This game does not record cards.</p>")
    parts.append("</body></html>")
    return "".join(parts)
