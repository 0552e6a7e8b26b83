"""Helpers for a game's "How to play" text (``GameDefinition.how_to_play``) and its glossary.

The shape served as ``GET /api/games/{id}/rules``::

    {"title": str,
     "sections": [{"id": str, "heading": str, "paragraphs": [str], "items": [{"term": str, "text": str}]}],
     "phase_sections": {phase or step name: section id}}

``id`` is stable (a client opens a section by it, e.g. "goal", "turn", "zones", "win", "glossary", or a
phase's own id); ``phase_sections`` maps the value found at the presentation's ``phase_path`` (the phase
or step the top bar shows) to the section that explains it, so the browser opens the panel there in the
middle of a game. A game without phases leaves the mapping out (or empty).

:func:`presentation_terms` lists every word a declared presentation (:mod:`.presentation`) puts on the
screen — region titles, counters, card marks, card-face fields and option labels — so a test can check
that the glossary explains each one (:func:`missing_terms`).
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Mapping

from .presentation import Presentation

GLOSSARY = "glossary"


def section(id: str, heading: str, paragraphs: Iterable[str] = (), items: Iterable[tuple[str, str]] = ()) -> dict[str, Any]:
    """One section of the panel; ``items`` are ``(term, text)`` pairs."""
    return {"id": id, "heading": heading, "paragraphs": list(paragraphs),
            "items": [{"term": term, "text": text} for term, text in items]}


def card_game_guide(name: str, goal: Iterable[str], setup: Iterable[str], turn: Iterable[str],
                    phases: Iterable[tuple[str, str, str, Iterable[str]]], zones: Iterable[str], win: Iterable[str],
                    glossary: Iterable[tuple[str, str]], phase_sections: Mapping[str, str],
                    turn_word: str = "turn") -> dict[str, Any]:
    """A card game's "How to play" in the shared order: goal, set-up, a turn (one line per phase), a section
    per phase (``(id, heading, summary, paragraphs)``), the screen, the end, the glossary."""
    phases = list(phases)
    return {
        "title": f"How to play {name}",
        "sections": [
            section("goal", "The goal", goal),
            section("setup", f"Before the first {turn_word}", setup),
            section("turn", f"A {turn_word}", turn, [(heading, summary) for _, heading, summary, _ in phases]),
            *(section(pid, heading, paragraphs) for pid, heading, _, paragraphs in phases),
            section("zones", "On the screen", zones),
            section("win", "How the game ends", win),
            section("glossary", "Glossary", (), glossary),
        ],
        "phase_sections": dict(phase_sections),
    }


def _plain(label: str) -> str:
    """A declared label without its placeholders: "Story {n}" -> "Story", "skill {value}" -> "skill"."""
    return re.sub(r"\s+", " ", re.sub(r"\{\w+\}", "", label)).strip()


def presentation_terms(p: Presentation) -> list[str]:
    """Every word the table shows from the declaration, once each, in declaration order (placeholders
    dropped; a label that is only a placeholder, such as a mark showing a value as it is, is left out)."""
    terms: list[str] = []
    for region in p.regions:
        terms.append(region.title)
        terms += [c.label for c in region.counters]
        if region.gather and region.gather.label:
            terms.append(region.gather.label)
    terms += [c.label for c in p.seat_counters]
    terms += [m.label for m in p.marks]
    face = p.face
    terms += [f.replace("_", " ") for f in face.stats if f not in face.list_labels]
    for f in face.stats:
        terms += list(face.list_labels.get(f, ()))
    terms += list(p.decision_labels.values())
    out: list[str] = []
    for t in map(_plain, terms):
        if t and t.lower() not in (o.lower() for o in out):
            out.append(t)
    return out


def glossary_terms(how_to_play: Mapping[str, Any]) -> list[str]:
    """The terms of the "glossary" section."""
    for s in how_to_play.get("sections", []):
        if s.get("id") == GLOSSARY:
            return [i["term"] for i in s.get("items", [])]
    return []


def explains(glossary: Iterable[str], term: str) -> bool:
    """Whether a glossary entry names ``term`` (as a whole word or words, any case): the entry
    "Story 1, 2, 3" names "Story", "Exhausted / ready" names "exhausted"."""
    pattern = re.compile(r"(?<![\w])" + re.escape(term.lower()) + r"(?![\w])")
    return any(pattern.search(g.lower()) for g in glossary)


def missing_terms(how_to_play: Mapping[str, Any], p: Presentation) -> list[str]:
    """The presentation's terms that no glossary entry names (empty when the glossary is complete)."""
    glossary = glossary_terms(how_to_play)
    return [t for t in presentation_terms(p) if not explains(glossary, t)]
