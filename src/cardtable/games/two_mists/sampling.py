"""Determinization: a full Two Mists state sampled from what one seat knows (TM-12.7, TM-13).

The sampler reads only the seat's ``view`` and ``log`` — never the true state — so whatever it
produces cannot leak a secret. It keeps every public fact and the seat's own secrets, and resamples:
the other unrevealed characters and the centre card (uniformly among deals consistent with every card
each player took, TM-13.2), the order of both piles (and, for a snapshot with cards left out of the
game, which unseen cards they hold, D-CT-13), other seats' pending Search choices and the RNG.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations
from typing import TYPE_CHECKING, Any, Mapping

from ...core import Event, Outcome, Rng, mix_seed
from .catalog import CHARACTER_ORDER
from .rules import EMPTY, OVER, STEP_NAMES, MistsState

if TYPE_CHECKING:
    from . import TwoMists


def consistent_deals(cat: Any, n: int, known: dict[int, int], centre: int | None, possible: list[int]) -> list[tuple[int, ...]]:
    """Every assignment (characters of seats 0..n-1, then the centre) agreeing with the evidence."""
    return list(_consistent_deals(cat, n, tuple(sorted(known.items())), centre, tuple(possible)))


@lru_cache(maxsize=4096)
def _consistent_deals(cat: Any, n: int, known_items: tuple[tuple[int, int], ...], centre: int | None,
                      possible: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Cached: search calls this thousands of times with few distinct evidence patterns."""
    known = dict(known_items)
    pool = [c for c in cat.characters_for(n) if c not in known.values() and c != centre]
    open_slots = [s for s in range(n) if s not in known] + ([] if centre is not None else [n])
    deals = []
    for perm in permutations(pool, len(open_slots)):
        deal = [known.get(s, EMPTY) for s in range(n)] + [EMPTY if centre is None else centre]
        for slot, c in zip(open_slots, perm):
            deal[slot] = c
        if all(possible[s] >> deal[s] & 1 for s in range(n)):
            deals.append(tuple(deal))
    return tuple(deals)


def sample_state(game: "TwoMists", view: Mapping[str, Any], log: list[dict[str, Any]], seed: int) -> MistsState:
    cat = game.catalog
    n = view["players"]
    zones = view["zones"]
    rng = Rng(mix_seed("two-mists/determinize", seed))
    s = MistsState.__new__(MistsState)
    s.game, s.seed, s.players = game, None, n
    s.options = {"turn_cap": view["turn_cap"]}
    s.cat, s.acts, s.rng = cat, game.action_table(n), Rng(rng.next64())
    s.events = [Event(e["kind"], {k: v for k, v in e.items() if k != "kind"}) for e in log]
    s.history = []
    seats = view["seats"]
    s.life = [p["life"] for p in seats]
    s.revealed = [p["revealed"] for p in seats]
    s.intimidated = [p["intimidated"] for p in seats]
    s.weapons = [p["weapons"] for p in seats]
    s.taken = [[cat.def_index(c) for c in p["taken"]] for p in seats]
    all_chars = sum(1 << c for c in cat.characters_for(n))
    s.possible = [all_chars & ~_union(cat.cards[d].forbidden_mask for d in t) for t in s.taken]
    s.tableau = [[c["instance"] for c in zones[f"tableau:{p}"]["cards"]] for p in range(n)]
    s.equip = [sum(s.acts.equip_bit[i] for i in tab) for tab in s.tableau]
    s.row = [EMPTY if c is None else c["instance"] for c in zones["action_row"]["cards"] + zones["equipment_row"]["cards"]]
    _deal_characters(s, view, rng)
    visible = set(s.row) | {i for tab in s.tableau for i in tab}
    s.apile = _pile([i for i in cat.action_instances if i not in visible], zones["action_pile"]["count"], rng)
    s.epile = _pile([i for i in cat.equipment_instances if i not in visible], zones["equipment_pile"]["count"], rng)
    s.turn, s.turn_cap, s.current, s.start = view["turn"], view["turn_cap"], view["current"], view["start_player"]
    s.restricted, s.extra = view["restricted"], view["extra_actions"]
    s.step = STEP_NAMES.index(view["step"])
    resolving = view["resolving"]
    s.card, s.pc = (resolving["instance"], resolving["step"]) if resolving else (EMPTY, 0)
    _restore_pointing(s, view, rng)
    s.dead, s.finisher, s._outcome = [], EMPTY, None
    if view["outcome"] is not None:
        s._outcome = Outcome.from_dict(view["outcome"])
        details = s._outcome.details
        s.dead, s.finisher = list(details["died"]), EMPTY if details["finisher"] is None else details["finisher"]
    if s.step != OVER:
        s.reask()
    else:
        s._decision = None
    return s


def _pile(unseen: list[int], count: int, rng: Rng) -> list[int]:
    """A pile of ``count`` cards drawn from the ``unseen`` ones, in a random order (top last).

    In a dealt game every unseen card is in the pile, so this is a shuffle of them all. A loaded
    snapshot may leave cards out of the game (D-CT-12), and which ones is not in the view: the pile
    is then a uniformly random subset of the public size, so the sample shows the same pile counts
    as the state it came from (D-CT-13). The same draws either way: a full pile is shuffled exactly
    as it always was, so sampling a dealt game is unchanged.
    """
    if not 0 <= count <= len(unseen):  # cannot happen for a view the engine produced
        raise ValueError(f"a pile of {count} cards cannot be drawn from {len(unseen)} unseen ones")
    rng.shuffle(unseen)
    return unseen[len(unseen) - count:]


def _union(masks: Any) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


def _deal_characters(s: MistsState, view: Mapping[str, Any], rng: Rng) -> None:
    n = s.players
    known = {p["seat"]: CHARACTER_ORDER.index(p["character"]) for p in view["seats"] if p["character"] is not None}
    centre_cards = view["zones"]["centre"].get("cards")
    centre = CHARACTER_ORDER.index(centre_cards[0]) if centre_cards and centre_cards[0] is not None else None
    s.centre_revealed = centre is not None
    deals = _consistent_deals(s.cat, n, tuple(sorted(known.items())), centre, tuple(s.possible))
    if not deals:  # cannot happen for a view the engine produced; be explicit if it ever does
        raise ValueError("no deal of characters is consistent with this view")
    deal = rng.choice(deals)
    s.chars, s.centre = list(deal[:n]), deal[n]


def _restore_pointing(s: MistsState, view: Mapping[str, Any], rng: Rng) -> None:
    pointing = view["pointing"]
    if pointing is None:
        s.pointing, s.pointer = [], EMPTY
        return
    n = s.players
    s.pointer = pointing["pointer"]
    s.pointing = [EMPTY] * n
    me = view["seat"]
    for p in pointing["pointed"]:
        if p == me and pointing["mine"] is not None:
            mine = pointing["mine"]
            s.pointing[p] = n if mine == "centre" else mine
        else:  # someone else's secret choice: any of their options
            s.pointing[p] = rng.choice([q for q in range(n + 1) if q != p])
