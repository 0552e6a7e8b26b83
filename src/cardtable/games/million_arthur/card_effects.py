"""Primitives that take cards through a *card selector* (MA-15.2): ``deploy``, ``evolve``, ``add_chain``
with ``card``, and ``reveal_top`` (MA-15.5).

Why apart: a card selector can point into a hidden zone (a hand, a deck), and a choice there must
never tell the other seat anything. So such a choice is always asked of the owner — even when no card
or exactly one card fits — and the picks so far live in the owner's secrets, not on the public stack
(``ma.card_pick``, the lesson of D-CT-27; D-MA-62). A search of the deck shows the deck to its owner
only and shuffles it afterwards (MA-14.3). Choices in the public discard pile, and among revealed
cards, are ordinary public picks.
"""

from __future__ import annotations

from typing import Any, Sequence

from ...core import Action, IllegalActionError
from ...engine import EXHAUSTED, FACE_DOWN, Frame, Op, pick
from ...engine.ops import HiddenPick
from .rules import evolve as put_on_top
from .rules import reshuffle
from .schema import AddChain, CardSelector, Deploy, Evolve, RevealTop, SearchDeck
from .selectors import card_matches, knights_for, one_player
from .state import OPS, MaState, colour_bit, mods

CardEffect = Deploy | Evolve | AddChain


def selector(eff: CardEffect) -> CardSelector:
    assert eff.card is not None
    return eff.card


def hidden(sel: CardSelector) -> bool:
    return sel.zone in ("hand", "deck")


def _spent_after(st: MaState, p: int, eff: Deploy | Evolve, chosen: Sequence[int]) -> int:
    if not eff.pay_cost:
        return int(st.vars["spent"][p])
    per = (lambda c: st.card(c).cost) if isinstance(eff, Deploy) else (lambda c: st.card(c).evolution_cost)
    return int(st.vars["spent"][p]) + sum(per(c) for c in chosen)


def _to_battle_refusal(st: MaState, p: int, card: int, from_hand: bool) -> IllegalActionError | None:
    """The rules for a card put into the battle area by an effect: "cannot" first (MA-12.3), then the
    colour restriction of MA-8.3 for a card from the hand."""
    colour_restricted, restricted = mods.effects.colour_restricted, mods.effects.restricted

    d = st.card(card)
    if from_hand and restricted(st, p, "deploy_from_hand"):
        return IllegalActionError("MA-12.3", "an effect says you cannot deploy from your hand this turn; \"cannot\" wins")
    if colour_restricted(st, p, d.colour):
        return IllegalActionError("MA-12.3", f"an effect says you cannot deploy {d.colour} knights this turn; "
                                             "\"cannot\" wins")
    if from_hand and st.vars["base_colours"][p] & colour_bit(d.colour):
        return IllegalActionError("MA-8.3", f"{d.name} is {d.colour}, a colour you moved from base this turn")
    return None


def evolve_targets(st: MaState, p: int, eff: Evolve, card: int, src: int = -1) -> list[int]:
    """The knights of ``eff.onto`` that ``card`` may be put on now (MA-8.8, MA-8.3, MA-8.6, MA-7.2)."""
    return [j for j in knights_for(st, p, eff.onto, src) if target_refusal(st, p, eff, card, j) is None]


def target_refusal(st: MaState, p: int, eff: Evolve, card: int, j: int) -> IllegalActionError | None:
    d = st.card(card)
    if st.card(j).name not in d.evolves_from:
        return IllegalActionError("MA-8.8", f"{d.name} does not evolve from {st.card(j).name}")
    if st.table.zone_name(j).startswith("battle"):
        why = _to_battle_refusal(st, p, card, selector(eff).zone == "hand")
        if why is not None:
            return why
    others = [st.card(i).name for a in ("base", "battle") for i in st.knights(p, a)
              if i != j and st.colour(i) == "colourless"]
    if d.colour == "colourless" and d.name in others:
        return IllegalActionError("MA-8.6", f"you already have a colourless knight named {d.name}")
    return None


def card_refusal(st: MaState, p: int, eff: CardEffect, card: Any, chosen: Sequence[int] = (),
                 src: int = -1) -> IllegalActionError | None:
    """Why ``card`` may not be the next card chosen for ``eff`` (None if it may), in the order: the zone
    and the filter (MA-15.2), "cannot" (MA-12.3), colour (MA-8.3), evolution source (MA-8.8), budget
    (MA-7.2)."""
    sel = selector(eff)
    t = st.table
    if not isinstance(card, int) or not 0 <= card < len(t) or t.zone_name(card) != f"{sel.zone}:{p}" \
            or card in chosen:
        return IllegalActionError("MA-15.2", f"card {card} is not a card of your {sel.zone} still to choose")
    d = st.card(card)
    if d.kind != "knight" or not card_matches(d, sel.filter):
        return IllegalActionError("MA-15.2", f"{d.name} does not match what the text asks for")
    if isinstance(eff, Deploy):
        why = _to_battle_refusal(st, p, card, sel.zone == "hand")
        if why is not None:
            return why
    if isinstance(eff, Evolve) and not evolve_targets(st, p, eff, card, src):
        return IllegalActionError("MA-8.8", f"{d.name} has no knight to evolve onto here")
    if isinstance(eff, (Deploy, Evolve)) and _spent_after(st, p, eff, (*chosen, card)) > st.capacity(p):
        return IllegalActionError("MA-7.2", f"{d.name}: the deployment total would pass your cost capacity "
                                            f"{st.capacity(p)}")
    return None


def candidates(st: MaState, p: int, eff: CardEffect | SearchDeck, chosen: Sequence[int] = (),
               src: int = -1) -> list[int]:
    if isinstance(eff, SearchDeck):
        return sorted(i for i in st.table.cards(f"deck:{p}") if search_refusal(st, p, eff, i, chosen) is None)
    sel = selector(eff)
    return [c for c in st.table.cards(f"{sel.zone}:{p}") if card_refusal(st, p, eff, c, chosen, src) is None]


def search_refusal(st: MaState, p: int, eff: SearchDeck, card: Any, chosen: Sequence[int] = ()) -> IllegalActionError | None:
    """``search_deck``: a knight of the searcher's deck that fits the filter (MA-15.5)."""
    t = st.table
    if not isinstance(card, int) or not 0 <= card < len(t) or t.zone_name(card) != f"deck:{p}" or card in chosen:
        return IllegalActionError("MA-15.2", f"card {card} is not a card of your deck still to choose")
    d = st.card(card)
    if d.kind != "knight" or not card_matches(d, eff.filter):
        return IllegalActionError("MA-15.2", f"{d.name} does not match what the search asks for")
    return None


def possible(st: MaState, p: int, eff: CardEffect, src: int = -1) -> bool:
    """MA-12.2: a hidden-zone choice may always find nothing (D-MA-62); the discard pile needs a card
    when the selector asks for exactly one."""
    sel = selector(eff)
    return hidden(sel) or sel.count != 1 or bool(candidates(st, p, eff, (), src))


def push_pick(st: MaState, p: int, zone: str, ref: tuple[int, str, int], src: int, hi: int, prompt: str,
              kind: str = "hidden_pick") -> None:
    """Push ``ma.card_pick`` for the effect at ``ref`` (definition, text, position)."""
    defn, source, k = ref
    st.push(CardPick.name, player=p, zone=zone, defn=defn, source=source, k=k, src=src, min=0, max=hi,
            prompt=prompt, kind=kind)


def ask(st: MaState, p: int, eff: CardEffect, name: str, ref: tuple[int, str, int], src: int) -> None:
    """Push the choice of the cards. Hidden zones: ``ma.card_pick``, always asked (D-MA-62)."""
    sel = selector(eff)
    hi = 1 if sel.count == 1 else sel.count.up_to  # type: ignore[union-attr]
    what = f"put into your chain zone face {eff.face}" if isinstance(eff, AddChain) else eff.op
    if sel.zone == "deck":
        t = st.table
        if not t.cards(f"deck:{p}") and t.cards(f"discard:{p}"):
            reshuffle(st, p)  # MA-4.7: a search reuses the discard pile
        for i in t.cards(f"deck:{p}"):
            t.reveal_to(i, [p])  # the owner looks through the deck; nobody else sees it
    if hidden(sel):
        push_pick(st, p, f"{sel.zone}:{p}", ref, src, hi, f"{name}: choose up to {hi} card(s) from your {sel.zone} "
                  f"to {what}")
        return
    cands = candidates(st, p, eff, (), src)
    lo = 1 if sel.count == 1 and cands else 0
    pick(st, p, cands, lo, min(hi, len(cands)), f"{name}: choose card(s) from your discard pile to {what}",
         kind="effect_card")


def ask_onto(st: MaState, p: int, eff: Evolve, card: int, name: str, src: int) -> None:
    """The evolving card is shown to both, then the controller names the knight it goes onto."""
    st.table.reveal_to_all(card)
    pick(st, p, evolve_targets(st, p, eff, card, src), 1, 1, f"{name}: choose the knight {st.card(card).name} "
         "evolves onto", kind="evolve_onto")


def _done_with_deck(st: MaState, p: int, sel: CardSelector) -> None:
    if sel.zone == "deck":
        st.table.shuffle(f"deck:{p}", st.rng)  # MA-14.3: the order is unknown again


def apply(st: MaState, p: int, eff: CardEffect, chosen: tuple[int, ...], name: str, onto: int = -1) -> None:
    """Carry out ``deploy`` / ``evolve`` / ``add_chain`` on the chosen cards; events wait for the text."""
    defer = mods.effects.defer

    sel = selector(eff)
    t = st.table
    happenings: list[tuple[Any, ...]] = []
    if isinstance(eff, Deploy):
        spent = list(st.vars["spent"])
        for c in chosen:
            t.reveal_to_all(c)
            d = st.card(c)
            if d.colour == "colourless" and d.name in st.colourless_names(p):
                st.move_card(c, f"discard:{p}")  # MA-8.6: the later arrival goes to the discard pile
                st.note("duplicate_discarded", {"player": p, "card": c, "name": d.name})
                continue
            st.move_card(c, f"battle:{p}")
            t.set_flag(c, EXHAUSTED, False)  # MA-8.12: deployed knights enter active
            if eff.pay_cost:
                spent[p] += d.cost  # MA-7.2: a paid deployment counts
            happenings.append(("knight_deployed", p, c, "effect"))
            st.note("deployed_by_effect", {"player": p, "card": c, "name": d.name, "from": sel.zone,
                                           "paid": eff.pay_cost, "by": name})
        st.vars["spent"] = spent
    elif isinstance(eff, Evolve):
        for c in chosen:
            zone = t.zone_name(onto)
            st.move_card(c, zone)
            t.reveal_to_all(c)
            put_on_top(st, c, onto)
            if eff.pay_cost:
                spent = list(st.vars["spent"])
                spent[p] += st.card(c).evolution_cost
                st.vars["spent"] = spent
            happenings.append(("knight_evolved", p, c, "effect"))
    else:
        assert isinstance(eff, AddChain)
        for c in chosen:
            st.move_card(c, f"chain:{p}")
            if eff.face == "down":
                t.set_flag(c, FACE_DOWN)
                t.reveal_to(c, [p])  # MA-14.4: seen by its owner only, unless it was public before
            else:
                t.set_flag(c, FACE_DOWN, False)
                t.reveal_to_all(c)
            happenings.append(("card_becomes_chain", p, c, ""))
        data = {"player": p, "cards": list(chosen), "face": eff.face, "from": sel.zone, "by": name,
                "names": [st.card(i).name for i in chosen]}
        if eff.face == "down" and hidden(sel):
            st.note("chain_added", data, visible_to=[p],
                    redacted={"player": p, "n": len(chosen), "face": "down", "from": sel.zone, "by": name})
        else:
            st.note("chain_added", data)
    _done_with_deck(st, p, sel)
    if happenings:
        defer(st, happenings)  # type: ignore[arg-type]


class CardPick(HiddenPick[MaState]):
    """A choice among one's own hidden cards (hand or searched deck) for a card selector (D-MA-62).

    Args: player, zone, defn/source/k (the effect, read from the card data), src, min, max, prompt.
    Always asked, even with no fitting card (then only ``done``) or one forced card: whether a hidden
    card fits is itself hidden. The picks so far live in the chooser's secrets.
    """

    name = "ma.card_pick"

    def _eff(self, st: MaState, frame: Frame) -> CardEffect | SearchDeck:
        effect_list = mods.effects.effect_list

        eff = effect_list(st, frame["defn"], frame["source"])[frame["k"]]
        assert isinstance(eff, (Deploy, Evolve, AddChain, SearchDeck))
        return eff

    def run(self, st: MaState, frame: Frame) -> None:
        p = frame["player"]
        chosen = tuple(st.secrets.get(p, ()))
        if len(chosen) >= frame["max"]:
            self._finish(st, frame, chosen)
            return
        left = candidates(st, p, self._eff(st, frame), chosen, frame["src"])
        options = [Action(p, "pick", (("card", c),)) for c in left]
        options.append(Action(p, "done"))
        st.ask(p, frame.get("kind") or "hidden_pick", frame["prompt"], options)


    def refusal(self, st: MaState, frame: Frame, action: Action) -> IllegalActionError:
        """Why a pick is not among the options (the rule it breaks, MA-15.2 when nothing narrower)."""
        if action.kind != "pick":
            return IllegalActionError("MA-15.2", "choose a fitting card of yours or done")
        p = frame["player"]
        chosen = tuple(st.secrets.get(p, ()))
        eff = self._eff(st, frame)
        if isinstance(eff, SearchDeck):
            return search_refusal(st, p, eff, action.get("card"), chosen) or \
                IllegalActionError("MA-15.2", "that card cannot be chosen now")
        return card_refusal(st, p, eff, action.get("card"), chosen, frame["src"]) or \
            IllegalActionError("MA-15.2", "that card cannot be chosen now")


OPS.add(CardPick())


def public_refusal(st: MaState, frame: Frame, action: Action) -> IllegalActionError:
    """Why a pick of an ``effect_card`` / ``evolve_onto`` / ``reveal_choice`` decision was refused: the
    frame below the pick is the text being resolved."""
    effect_list = mods.effects.effect_list

    text = st.stack[-2] if len(st.stack) > 1 else None
    card = action.get("card")
    if action.kind != "pick" or text is None or text.op != "ma.effects":
        return IllegalActionError("MA-15.2", "choose one of the offered cards")
    eff = effect_list(st, text["defn"], text["source"])[text["k"]]
    p = text["player"]
    if isinstance(eff, Evolve) and text.get("card") is not None and text["stage"] == "onto":
        if not isinstance(card, int) or card not in knights_for(st, p, eff.onto, text.get("src", -1)):
            return IllegalActionError("MA-15.2", f"card {card} is not a knight the text may evolve")
        return target_refusal(st, p, eff, text["card"], card) or \
            IllegalActionError("MA-15.2", "that knight cannot be chosen now")
    if isinstance(eff, (Deploy, Evolve, AddChain)) and eff.card is not None:
        return card_refusal(st, p, eff, card, tuple(st.top.get("chosen", ())), text.get("src", -1)) or \
            IllegalActionError("MA-15.2", "that card cannot be chosen now")
    return IllegalActionError("MA-15.2", "only a revealed card that fits the text can be chosen")


# ---- reveal_top ---------------------------------------------------------------------------------------


def revealed(st: MaState, p: int, eff: RevealTop) -> list[int]:
    """Reveal the top ``n`` cards of the deck (top first); MA-4.7 once if the deck is empty."""
    q = one_player(st, p, eff.player)
    t = st.table
    if not t.cards(f"deck:{q}") and t.cards(f"discard:{q}"):
        reshuffle(st, q)
    cards = list(reversed(t.cards(f"deck:{q}")))[:eff.n]
    for i in cards:
        t.reveal_to_all(i)
    st.note("revealed_top", {"player": q, "cards": cards, "names": [st.card(i).name for i in cards]})
    return cards


def reveal_matches(st: MaState, p: int, eff: RevealTop, cards: Sequence[int]) -> list[int]:
    """The revealed cards that fit the filter and may go to ``to`` (a knight of a colour its owner
    cannot deploy now does not go to the battle area, MA-12.3)."""
    colour_restricted = mods.effects.colour_restricted

    q = one_player(st, p, eff.player)
    out = [i for i in cards if card_matches(st.card(i), eff.filter)]
    if eff.to == "battle":
        out = [i for i in out if not colour_restricted(st, q, st.card(i).colour)]
    return out


def ask_reveal(st: MaState, p: int, eff: RevealTop, name: str) -> bool:
    """Reveal, and ask which matches go to ``to`` when the count is "up to"; False when nothing is asked
    (the frame then applies with every match)."""
    cards = revealed(st, p, eff)
    matches = reveal_matches(st, p, eff, cards)
    st.replace(st.stack[-1].evolve(revealed=tuple(cards), matches=tuple(matches)))
    if eff.count == "all" or not matches:
        return False
    pick(st, p, matches, 0, min(len(matches), eff.count.up_to), f"{name}: choose the revealed cards that go "  # type: ignore[union-attr]
         f"to {eff.to.replace('_', ' ')}", kind="reveal_choice")
    return True


def apply_reveal(st: MaState, p: int, eff: RevealTop, cards: Sequence[int], chosen: Sequence[int], name: str) -> int:
    """Move the chosen matches to ``to`` and the rest to ``rest``; returns how many went to ``to``."""
    defer = mods.effects.defer

    q = one_player(st, p, eff.player)
    t = st.table
    happenings: list[tuple[Any, ...]] = []
    moved = 0
    for i in chosen:
        d = st.card(i)
        if eff.to == "battle":
            if d.colour == "colourless" and d.name in st.colourless_names(q):
                st.move_card(i, f"discard:{q}")  # MA-8.6
                st.note("duplicate_discarded", {"player": q, "card": i, "name": d.name})
                continue
            st.move_card(i, f"battle:{q}")
            t.set_flag(i, EXHAUSTED, False)
            happenings.append(("knight_deployed", q, i, "effect"))
        elif eff.to == "chain":
            st.move_card(i, f"chain:{q}")
            t.set_flag(i, FACE_DOWN, False)
            happenings.append(("card_becomes_chain", q, i, ""))
        elif eff.to == "deck_bottom":
            st.move_card(i, f"deck:{q}", bottom=True)
        else:
            st.move_card(i, f"{eff.to}:{q}")
        moved += 1
    rest = [i for i in cards if i not in chosen]
    if eff.rest == "deck_top":
        for i in reversed(rest):  # back on top in the order they were revealed
            st.move_card(i, f"deck:{q}")
    else:
        for i in rest:
            st.move_card(i, f"deck:{q}" if eff.rest == "deck_bottom" else f"discard:{q}", bottom=eff.rest == "deck_bottom")
    st.note("reveal_sorted", {"player": q, "to": eff.to, "cards": list(chosen), "rest": eff.rest,
                              "rest_cards": rest, "by": name})
    if happenings:
        defer(st, happenings)  # type: ignore[arg-type]
    return moved
