"""Primitives that move cards between zones (MA-15.5): ``move_knight``, ``remove_chain`` and
``search_deck``.

Why together: each takes a card out of the zone the rules put it in, so each must say what happens
to a stack (only the top card travels; the cards under it go to the discard pile, as in MA-11.2),
what becomes visible (a card reaching a public zone or a hand from a public zone is seen by both;
one going into a deck is known to nobody) and what the limits allow (3 knights in a base area).
"""

from __future__ import annotations

from ...engine import EXHAUSTED, pick
from .rules import discard_stack, move_stack, reshuffle
from .schema import MoveKnight, RemoveChain, SearchDeck
from .selectors import one_player
from .state import BASE_SIZE, MaState, mods


def base_room(st: MaState, q: int) -> int:
    return BASE_SIZE - len(st.knights(q, "base"))


def move_knights(st: MaState, eff: MoveKnight, chosen: tuple[int, ...], name: str) -> bool:
    """Move each chosen knight; to a full base area the move does not happen (MA-15.5). True if a
    knight entered a base area (MA-15.4 ``knight_enters_base``)."""
    t = st.table
    entered = False
    for j in chosen:
        q = t.owner[j]
        if eff.to == "base":
            if base_room(st, q) <= 0 or t.zone_name(j) == f"base:{q}":
                st.note("move_failed", {"card": j, "to": "base", "by": name})
                continue
            move_stack(st, j, f"base:{q}")
            t.set_flag(j, EXHAUSTED, False)  # base knights are always active (MA-4.2)
            entered = True
        elif eff.to == "discard":
            discard_stack(st, j)
        else:
            zone = f"hand:{q}" if eff.to == "hand" else f"deck:{q}"
            st.move_card(j, zone, bottom=eff.to == "deck_bottom")  # the cards under it go to the discard pile
        st.note("knight_moved", {"card": j, "name": st.card(j).name, "to": eff.to, "by": name})
    return entered


def remove_possible(st: MaState, p: int, eff: RemoveChain) -> bool:
    return len(st.table.cards(f"chain:{one_player(st, p, eff.player)}")) >= eff.n


def ask_remove(st: MaState, p: int, eff: RemoveChain, name: str) -> None:
    """The chain's owner picks by position (a hidden face-down card is chosen without its identity)."""
    q = one_player(st, p, eff.player)
    pick(st, q, st.table.cards(f"chain:{q}"), eff.n, eff.n, f"{name}: remove {eff.n} of your chain cards",
         kind="remove_chain")


def remove(st: MaState, p: int, eff: RemoveChain, chosen: tuple[int, ...], name: str) -> None:
    q = one_player(st, p, eff.player)
    for i in chosen:
        st.move_card(i, f"discard:{q}")
        st.table.set_flags(i, 0)
        st.table.reveal_to_all(i)
    st.note("chain_removed", {"player": q, "cards": list(chosen), "names": [st.card(i).name for i in chosen],
                              "by": name})


def ask_search(st: MaState, p: int, eff: SearchDeck, name: str, ref: tuple[int, str, int], src: int) -> None:
    """Show the player their deck (MA-4.7 first if it is empty) and ask for up to one match. Always
    asked, even when nothing matches: whether a hidden card fits is itself hidden (D-MA-62, D-CT-27)."""
    push_pick = mods.card_effects.push_pick

    t = st.table
    if not t.cards(f"deck:{p}") and t.cards(f"discard:{p}"):
        reshuffle(st, p)
    for i in t.cards(f"deck:{p}"):
        t.reveal_to(i, [p])
    push_pick(st, p, f"deck:{p}", ref, src, 1, f"{name}: you may take one matching knight from your deck",
              kind="search")


def search(st: MaState, p: int, eff: SearchDeck, chosen: tuple[int, ...], name: str) -> None:
    t = st.table
    for i in chosen:
        t.reveal_to_all(i)
        st.move_card(i, f"hand:{p}")
    t.shuffle(f"deck:{p}", st.rng)  # nobody knows the order again (MA-14.3)
    st.note("searched", {"player": p, "cards": list(chosen), "names": [st.card(i).name for i in chosen], "by": name})
