"""``discard_from_hand`` (MA-15.5): cards chosen by their owner in private, or at random, then revealed
as they reach the discard pile (MA-14.6); with ``player: each`` both owners choose in one engine
``SecretRound``, the effect's controller first, and the picks are revealed together (MA-12.6).

Why apart: it is the one primitive whose choice is made in a hidden zone, so its picks must go
through the private prompts that keep the other seat (and a resampled copy of the state) blind.
"""

from __future__ import annotations

from typing import Any

from ...engine import Pick, secret_round
from .schema import DiscardFromHand
from .selectors import players_of
from .state import MaState


def possible(st: MaState, p: int, eff: DiscardFromHand) -> bool:
    """MA-12.2: every player named must hold ``n`` cards (a partial discard is not carried out)."""
    return all(len(st.table.cards(f"hand:{q}")) >= eff.n for q in players_of(st, p, eff.player))


def ask(st: MaState, p: int, eff: DiscardFromHand, name: str) -> bool:
    """Push the private choice(s); False for a random discard, which asks nothing."""
    if eff.chooser == "random":
        return False
    players = players_of(st, p, eff.player)
    if eff.chooser == "opponent":  # the other player looks at the hand and chooses (D-MA-68)
        q = players[0]
        for i in st.table.cards(f"hand:{q}"):
            st.table.reveal_to(i, [1 - q])
        st.note("hand_looked_at", {"player": q, "by": name, "seen_by": 1 - q})
        st.push(Pick.name, player=1 - q, zone=f"hand:{q}", min=eff.n, max=eff.n, kind="discard_other",
                private=True, prompt=f"{name}: choose {eff.n} card(s) from the other player's hand to discard")
        return True
    prompt = f"{name}: discard {eff.n} card(s) from your hand"
    if len(players) == 2:
        secret_round(st, (p, 1 - p), "hand:{p}", eff.n, eff.n, prompt, "discards_revealed", kind="discard")
    else:
        st.push(Pick.name, player=players[0], zone=f"hand:{players[0]}", min=eff.n, max=eff.n, kind="discard",
                private=True, prompt=prompt)
    return True


def apply(st: MaState, p: int, eff: DiscardFromHand, got: Any, name: str) -> None:
    players = players_of(st, p, eff.player)
    if eff.chooser == "random":
        chosen = {}
        for q in players:
            hand = sorted(st.table.cards(f"hand:{q}"))
            st.rng.shuffle(hand)  # seeded: the same game discards the same cards
            chosen[q] = tuple(hand[:eff.n])
    elif len(players) == 2:
        chosen = {int(seat): tuple(picks) for seat, picks in got}
    else:
        chosen = {players[0]: tuple(got or ())}
    for q in players:
        for i in chosen[q]:
            st.move_card(i, f"discard:{q}")
            st.table.reveal_to_all(i)
        st.note("discarded", {"player": q, "cards": list(chosen[q]), "names": [st.card(i).name for i in chosen[q]],
                              "by": name})
