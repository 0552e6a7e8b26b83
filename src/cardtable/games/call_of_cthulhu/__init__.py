"""The Call of Cthulhu collectible card game (Fantasy Flight Games, 2004), on the card-game engine.

Rules as implemented: the spec's IDs (CC-1 … CC-13), cited by the rules' docstrings and tests.
``GAME`` is the game object the registry finds (``DEFINITION`` is the same object, kept for callers
that imported it before the game was registered).
"""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import Any, Mapping

from ...core import GameInfo, SetupError, State
from ...engine import OpTable, ENGINE_OPS, Frame
from ...engine.cardgame import CardGame
from . import rules  # noqa: F401 - registers the game's ops
from . import effects_ops  # noqa: F401 - registers the effect interpreter's ops
from .catalog import SOURCE
from .catalog_glue import deck_from_mapping, deck_problems, ready_decks
from .defs import CardDef, Defs
from .effects import compile_abilities, unsupported_cards
from .evaluation import evaluate as evaluate_position
from .schema import CharacterCard, DomainCard, EventCard, StoryCard, SupportCard
from .state import OPS, CocState, DeckFacts, TriggerDefs, deck_facts, zones_for

GAME_VERSION = "1"

CocState.OPS = OpTable(ENGINE_OPS, OPS)


class CallOfCthulhu(CardGame):
    info = GameInfo("call-of-cthulhu", "Call of Cthulhu CCG", 2, 2, GAME_VERSION)
    source = SOURCE
    state_class = CocState
    decks_dir = Path(__file__).parent / "decks"
    deck_salt = 0x5EED
    rollout_depth = 40  # ismcts: actions per iteration before ``evaluate`` scores the position

    def evaluate(self, state: State, seat: int) -> float:  # type: ignore[override]
        """Position score for searches that stop early (``evaluation.py``): stories, tokens, board, hand."""
        assert isinstance(state, CocState)
        return evaluate_position(state, seat)

    @cached_property
    def sets(self) -> list[Any]:
        """Every validated card set file under ``cards/`` (CC-12.7), in name order, then the custom ones."""
        return list(self.pool.sets)

    @property
    def lookup(self) -> Defs:
        return self.defs

    def zones(self, players: int) -> Any:
        return zones_for(2)

    def deck_problems(self, deck: Mapping[str, Any]) -> list[str]:
        """``catalog_glue.deck_problems``, kept per deck content: every ``new_game`` checks both decks, and
        checking a ready deck again (the same name, cards and domains against the same pool) was about two
        thirds of ``new_game``, a few percent of random play's time."""
        key = (deck["name"], tuple(deck["cards"]), tuple(deck["domains"]))
        known = self._deck_problems_seen.get(key)
        if known is None:
            known = self._deck_problems_seen[key] = deck_problems(self, deck)
            if len(self._deck_problems_seen) > 256:  # custom decks by the thousand: keep it small
                self._deck_problems_seen.clear()
                self._deck_problems_seen[key] = known
        return list(known)

    @cached_property
    def _deck_problems_seen(self) -> dict[tuple[Any, ...], list[str]]:
        return {}

    @cached_property
    def _cc_ready(self) -> dict[str, dict[str, Any]]:
        return ready_decks(self)

    @cached_property
    def defs(self) -> Defs:
        cards = [c for s in self.sets for c in s.cards
                 if isinstance(c, (CharacterCard, SupportCard, EventCard, StoryCard, DomainCard))]
        defs = Defs(cards)
        self.deftuple = defs.defs  # the rules' hot path reads definitions straight from this tuple
        return defs

    @cached_property
    def action_event_defs(self) -> frozenset[int]:
        """Events played as actions (``trigger`` "action..."): the only hand cards a window outside the active
        player's operations phase could offer (CC-6.14; ``CocState.window_actions``'s cheap refusal)."""
        return frozenset(d.index for d in self.deftuple if d.type == "event" and d.trigger.startswith("action"))

    @cached_property
    def non_event_defs(self) -> frozenset[int]:
        """Cards that are not events (characters, supports...): the active player's operations phase may offer them."""
        return frozenset(d.index for d in self.deftuple if d.type != "event")

    @cached_property
    def has_passives(self) -> bool:
        """Any passive ability compiled? (If not, effective stats are the printed ones plus lasting effects.)"""
        return any(ab.kind == "passive" for abilities in self.compiled for ab in abilities)

    @cached_property
    def passive_defs(self) -> frozenset[int]:
        """Definitions with a passive ability (the only cards ``effects.passive_total`` looks at)."""
        return frozenset(k for k, abilities in enumerate(self.compiled) if any(ab.kind == "passive" for ab in abilities))

    @cached_property
    def passive_stat_defs(self) -> dict[str, frozenset[int]]:
        """stat -> definitions with a passive ability changing it ("cost" for cost changes): a cheap gate."""
        from .effects import passive_stats

        return passive_stats(self.defs.defs)

    @cached_property
    def character_defs(self) -> frozenset[int]:
        """Definitions of characters (``CocState.characters`` tests membership, not the type's name)."""
        return frozenset(d.index for d in self.defs.defs if d.type == "character")

    @cached_property
    def booster_supports(self) -> frozenset[int]:
        """Definitions of supports with a struggle booster (CC-8.13: the only attachments a count reads)."""
        return frozenset(d.index for d in self.defs.defs if d.type == "support" and any(d.boosters))

    @cached_property
    def unique_defs(self) -> frozenset[int]:
        """Definitions of unique cards (CC-10.5: the only ones the uniqueness check looks at)."""
        return frozenset(d.index for d in self.defs.defs if d.unique)

    @cached_property
    def heroic_or_villainous(self) -> frozenset[int]:
        """Definitions printed Heroic or Villainous (CC-7.23: the state check looks at these first)."""
        return frozenset(d.index for d in self.defs.defs if {"heroic", "villainous"} & set(d.keywords))

    @cached_property
    def heroic_or_villainous_characters(self) -> frozenset[int]:
        """``heroic_or_villainous`` characters (the Heroic/Villainous state check's candidates)."""
        return self.heroic_or_villainous & self.character_defs

    @cached_property
    def hv_granted_passively(self) -> bool:
        """Could a passive ability grant Heroic or Villainous? (Then the state check looks at every character.)"""
        return any(k in self.passive_stat_defs for k in ("kw:heroic", "kw:villainous"))

    @cached_property
    def discard_triggers(self) -> frozenset[int]:
        """Definitions with an ability that works from the discard pile (e.g. "after this is sacrificed")."""
        return frozenset(k for k, abilities in enumerate(self.compiled)
                         if any(ab.zones is not None and any(z.startswith("discard") for z in ab.zones) for ab in abilities))

    @cached_property
    def story_sets(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for s in self.sets:
            for c in s.cards:
                if isinstance(c, StoryCard):
                    out.setdefault(c.set or s.set, []).append(c.id)
        return out

    @cached_property
    def compiled(self) -> list[Any]:
        return compile_abilities(self.defs)

    @cached_property
    def hand_trigger_events(self) -> dict[str, frozenset[str]]:
        """Event kinds a card in hand could answer (reaction/interrupt events): public, from the pool."""
        out: dict[str, set[str]] = {"reaction": set(), "interrupt": set()}
        for k, abilities in enumerate(self.compiled):
            for ab in abilities:
                if ab.zones is not None and "hand:{p}" in ab.zones and ab.kind in out and ab.event:
                    out[ab.kind].add(ab.event)
        return {k: frozenset(v) for k, v in out.items()}

    @cached_property
    def trigger_pairs(self) -> frozenset[tuple[str, str | None]]:
        """(ability kind, event) pairs some card of the pool has (the engine's cheap gate)."""
        return frozenset((ab.kind, ab.event) for abilities in self.compiled for ab in abilities)

    @cached_property
    def trigger_defs(self) -> dict[tuple[str, str | None], TriggerDefs]:
        """(ability kind, event) -> definitions with such an ability; (kind, None) -> with one of that kind.

        Each set also says from which zones those abilities work (``TriggerDefs``), so that listing the
        cards that could answer skips a hand of cards whose abilities work only in play, and the reverse."""
        out: dict[tuple[str, str | None], set[int]] = {}
        where: dict[tuple[str, str | None], tuple[set[int], set[int], set[int]]] = {}
        for k, abilities in enumerate(self.compiled):
            for ab in abilities:
                if ab.kind == "action" and self.defs.defs[k].type == "event":
                    continue  # an action event is played (cc.play), never used: effects.can_use refuses it
                for key in ((ab.kind, ab.event), (ab.kind, None)):
                    out.setdefault(key, set()).add(k)
                    in_play, hand, discard = where.setdefault(key, (set(), set(), set()))
                    zones = ab.zones
                    if zones is None:
                        in_play.add(k)
                    elif set(zones) <= {"hand:{p}", "discard:{p}"}:
                        if "hand:{p}" in zones:
                            hand.add(k)
                        if "discard:{p}" in zones:
                            discard.add(k)
                    else:  # a zone the split does not know: the card counts everywhere
                        for group in (in_play, hand, discard):
                            group.add(k)
        stories = [d.index for d in self.defs.defs if d.type == "story"]
        return {key: TriggerDefs(v, *where[key], stories=stories) for key, v in out.items()}

    def facts_for(self, present: frozenset[int]) -> DeckFacts:
        """``DeckFacts`` for a game whose instances have the definitions ``present``: built once per set of
        definitions (the ready decks give a handful; a search's deals, a few more) and shared — they are
        immutable. Kept small, like ``_deck_problems_seen``."""
        known = self._facts_seen.get(present)
        if known is None:
            if len(self._facts_seen) >= 256:
                self._facts_seen.clear()
            known = self._facts_seen[present] = deck_facts(self, present)
        return known

    @cached_property
    def _facts_seen(self) -> dict[frozenset[int], DeckFacts]:
        return {}

    @cached_property
    def has_action_events(self) -> bool:
        return any(ab.kind == "action" and ab.zones is not None for abilities in self.compiled for ab in abilities)

    @cached_property
    def first_shipped_story_set(self) -> str:
        """The first shipped story set, the default one (custom sets never change a seeded game); found once,
        not at each new game (listing the shipped card files reads the disk)."""
        shipped = {c.set or s.set for s in self.sets[:len(self.source.shipped())] for c in s.cards
                   if isinstance(c, StoryCard)}
        return sorted(shipped)[0]

    def story_set(self, name: str | None) -> list[int]:
        sets = self.story_sets
        if name is None:
            name = self.first_shipped_story_set
        if name not in sets:
            raise SetupError(f"unknown story set {name!r}; known: {', '.join(sorted(sets))}")
        ids = sets[name]
        if len(ids) != 10:
            raise SetupError(f"CC-2.5: the story set {name!r} has {len(ids)} stories, not exactly 10")
        return [self.defs.index(i) for i in ids]

    def parse_options(self, seed: int, options: Mapping[str, Any] | None) -> dict[str, Any]:
        opts = dict(options or {})
        unknown = set(opts) - {"decks", "story_set", "open_decklists", "max_turns", "story_cards"}
        if unknown:
            raise SetupError(f"unknown Call of Cthulhu option(s): {', '.join(sorted(map(str, unknown)))}")
        ready = self._cc_ready
        names = sorted(ready)
        chosen = opts.get("decks")
        if chosen is None:
            chosen = self.default_decks(seed, 2)
        if not isinstance(chosen, list) or len(chosen) != 2:
            raise SetupError("decks: give two decks (ready deck names or deck mappings)")
        decks = []
        for k, deck in enumerate(chosen):
            if isinstance(deck, str):
                deck = next((n for n, d in ready.items() if deck in (n, d["stem"])), deck)
                if deck not in ready:
                    raise SetupError(f"unknown ready deck {deck!r}; ready decks: {', '.join(names)}")
                decks.append(ready[deck])
            else:
                decks.append(deck_from_mapping(self.defs, deck, f"deck {k + 1}"))
        problems = [f"deck {k + 1} ({d['name']}): {p}" for k, d in enumerate(decks) for p in self.deck_problems(d)]
        if problems:
            raise SetupError("illegal deck (CC-2.8): " + "; ".join(problems))
        open_lists = opts.get("open_decklists", False)
        if not isinstance(open_lists, bool):
            raise SetupError("open_decklists must be true or false")
        cap = opts.get("max_turns")
        if cap is not None and (not isinstance(cap, int) or isinstance(cap, bool) or not 1 <= cap <= 10_000):
            raise SetupError("max_turns must be a whole number from 1 to 10000 (CC-1.8)")
        story_set = opts.get("story_set")
        if story_set is not None and not isinstance(story_set, str):
            raise SetupError("story_set must be the name of a story set")
        if "story_cards" in opts and opts["story_cards"] != self.story_set(story_set):
            raise SetupError("story_cards does not match the story set (a record from another card pool?)")
        return {"decks": [{"name": d["name"], "cards": list(d["cards"]), "domains": list(d["domains"])} for d in decks],
                "story_set": story_set, "story_cards": self.story_set(story_set), "open_decklists": open_lists,
                "max_turns": cap}

    @cached_property
    def deftuple(self) -> tuple[CardDef, ...]:
        return self.defs.defs

    def new_game(self, seed: int = 0, players: int | None = None, options: Mapping[str, Any] | None = None) -> CocState:
        """CC-4: shuffle, reveal 3 stories, place domains, draw 8, choose resources, pick the first player."""
        if players not in (None, 2):
            raise SetupError(f"this Call of Cthulhu table is for 2 players, not {players!r}")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SetupError(f"the seed must be an integer, not {seed!r}")
        opts = self.parse_options(seed, options)
        st = CocState.blank(self, seed, 2, opts, zones_for(2))
        assert isinstance(st, CocState)
        for p, deck in enumerate(opts["decks"]):
            st.table.add_many(deck["cards"], p, f"deck:{p}")
            st.table.shuffle(f"deck:{p}", st.rng)  # CC-4.1
        st.table.add_many(opts["story_cards"], -1, "story_deck")
        st.table.shuffle("story_deck", st.rng)
        for slot in range(3):  # CC-4.2
            top = st.table.cards("story_deck")[-1]
            st.move_card(top, f"row:{slot}")
            st.table.reveal_to_all(top)
        st.stack = [Frame("cc.setup", {"stage": "draw"})]
        st.start()
        return st

    def card_catalog(self) -> dict[str, Any]:
        cards = []
        for d in self.defs.defs:
            cards.append({"index": d.index, "id": d.id, "title": d.title, "type": d.type, "faction": d.faction,
                          "cost": "X" if d.cost_is_x else d.cost, "skill": d.skill, "icons": list(d.icons),
                          "boosters": list(d.boosters), "struggles": list(d.struggles),
                          "keywords": sorted(d.keywords), "unique": d.unique, "text": d.text})
        return self.mark_custom({"cards": cards, "characters": []})

    def check_card_data(self) -> list[str]:
        return [f"ability not supported yet: {c}" for c in unsupported_cards(self.defs)]


def _on_empty(st: CocState) -> None:
    rules.begin_turn(st)


CocState.on_empty_stack = _on_empty  # type: ignore[method-assign, assignment]

GAME = CallOfCthulhu()
DEFINITION = GAME
