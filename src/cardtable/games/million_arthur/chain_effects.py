"""The chain-zone primitives ``add_chain`` and ``flip_chain`` (MA-15.5) and the hidden face-down chain
card they can make (MA-14.4).

Why apart from ``effects.py``: these are the only primitives that can create hidden information on
the table. A card put face down from the hand or the top of the deck is seen by its owner only; the
engine's face-down rule shows it to its controller and to any seat that saw it since it left a deck
(``known``), and to nobody else, so it stays leak-free under resampling (MA-14.7). Notes about such a
card are shown to the owner and redacted for everyone else.
"""

from __future__ import annotations

from typing import Any

from ...engine import FACE_DOWN, Pick, pick
from .rules import take_top
from .schema import AddChain, FlipChain
from .state import MaState, mods


def chain_candidates(st: MaState, p: int, eff: AddChain | FlipChain) -> list[int]:
    """The cards the primitive may choose (for the deck: its top card, known to exist or not)."""
    t = st.table
    if isinstance(eff, FlipChain):
        return [i for i in t.cards(f"chain:{p}") if st.face_down(i) == (eff.face == "up")]
    if eff.from_ == "deck_top":
        return [-1] if t.cards(f"deck:{p}") or t.cards(f"discard:{p}") else []
    return list(t.cards(f"{eff.from_}:{p}"))


def possible(st: MaState, p: int, eff: AddChain | FlipChain) -> bool:
    """MA-12.2: an exact count must be met; ``up_to`` can always be carried out."""
    need = eff.n if isinstance(eff, FlipChain) else (1 if eff.count == 1 else 0)
    return len(chain_candidates(st, p, eff)) >= need


def ask(st: MaState, p: int, eff: AddChain | FlipChain, name: str) -> bool:
    """Push the choice if there is one; False when the primitive resolves without a question."""
    cands = chain_candidates(st, p, eff)
    if isinstance(eff, FlipChain):
        pick(st, p, cands, eff.n, eff.n, f"{name}: choose {eff.n} chain card(s) to turn face {eff.face}",
             kind="effect_target")
        return True
    if eff.from_ == "deck_top" or not cands:
        return False
    lo, hi = (1, 1) if eff.count == 1 else (0, min(len(cands), eff.count.up_to))  # type: ignore[union-attr]
    if eff.from_ == "hand":  # chosen in private: the other player learns only how many
        st.push(Pick.name, player=p, zone=f"hand:{p}", min=lo, max=hi, kind="add_chain", private=True,
                prompt=f"{name}: choose card(s) from your hand for your chain zone (face {eff.face})")
    else:
        pick(st, p, cands, lo, hi, f"{name}: choose card(s) from your discard pile for your chain zone",
             kind="effect_target")
    return True


def apply(st: MaState, p: int, eff: AddChain | FlipChain, chosen: tuple[Any, ...], name: str) -> None:
    t = st.table
    if isinstance(eff, FlipChain):
        for i in chosen:
            t.reveal_to_all(i)  # both players now see it, whichever way it turns (MA-14.4)
            t.set_flag(i, FACE_DOWN, eff.face == "down")
        st.note("chain_flipped", {"player": p, "cards": list(chosen), "face": eff.face, "by": name,
                                  "names": [st.card(i).name for i in chosen]})
        defer = mods.effects.defer

        defer(st, [("chain_flipped", p, i, "") for i in chosen])
        return
    cards = list(chosen)
    if eff.from_ == "deck_top":
        top, _ = take_top(st, p, False)
        cards = [top] if top is not None else []
    for i in cards:
        st.move_card(i, f"chain:{p}")
        if eff.face == "down":
            t.set_flag(i, FACE_DOWN)
            t.reveal_to(i, [p])  # the owner saw it (MA-14.4); nobody else did unless it was public before
        else:
            t.set_flag(i, FACE_DOWN, False)
            t.reveal_to_all(i)
    hidden = eff.face == "down" and eff.from_ != "discard"
    data = {"player": p, "cards": cards, "face": eff.face, "from": eff.from_, "by": name,
            "names": [st.card(i).name for i in cards]}
    if hidden:
        st.note("chain_added", data, visible_to=[p],
                redacted={"player": p, "n": len(cards), "face": "down", "from": eff.from_, "by": name})
    else:
        st.note("chain_added", data)
    if cards:
        defer = mods.effects.defer

        defer(st, [("card_becomes_chain", p, i, "") for i in cards])
