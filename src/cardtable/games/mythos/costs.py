"""Paying the costs of activated abilities (MY-12.2) and which actions are free (MY-5.7, MY-12.7 ``FAST``).

Costs: ``sanity`` (part of the ability's one Sanity change, MY-1.3a ii), ``turn`` (the turn itself in
card play; not paid in the battle use step, MY-9.2), ``bury_self``, ``discard_self``, ``exhaust_self``
(face down until END_OF_ROUND), and the three that are paid by choosing cards:
``discard_from_hand`` (n cards of your hand matching a filter), ``bury`` (one other face-up card of
yours in the Ally, Item, Event or God area matching a filter) and ``reveal`` (one hand card matching a
filter, shown to every player; it stays in hand).

An ability whose costs cannot be paid now is not offered (``refusal``). Choosing is an ordinary decision
(``my.pay``, kinds ``pay_discard``, ``pay_bury``, ``pay_reveal``) asked one card at a time; a card that is
not a legal choice is refused naming MY-12.2 with nothing changed (the core checks the options before
anything moves). Hand picks wait in ``st.secrets`` (the seat's own), so the others learn nothing until
the cards are discarded or revealed; nothing is paid until every choice is made, then costs and effect
are one atomic effect (MY-1.3a ii).

Free actions (MY-5.7): an ability without a ``turn`` cost, a spell tagged ``fast`` cast during card play
and an event tagged ``fast`` played during card play do not use the turn and leave the pass count alone.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ...core import Action, Rng
from ...engine import FACE_DOWN, Frame, Op
from .requirements import matches
from .schema import CHOICE_COSTS, BuryCost, DiscardFromHandCost, RevealCost
from .state import FIELD_AREAS, HAND, OPS, ZONE, MyState, mods

PAY = "my.pay"
KINDS: dict[type, str] = {DiscardFromHandCost: "pay_discard", BuryCost: "pay_bury", RevealCost: "pay_reveal"}


def choice_costs(ab: Any) -> list[Any]:
    return [c for c in ab.costs if isinstance(c, CHOICE_COSTS)]


def hand_matching(st: MyState, p: int, flt: Any) -> list[int]:
    return [i for i in st.table.cards(HAND[p]) if matches(st.card(i), flt)]


def fit_pending_payment(st: MyState, seat: int, unknown: Mapping[int | None, Sequence[int]], rng: Rng) -> None:
    """A sample taken while another seat is being asked to discard or show hand cards for a cost (MY-12.2):
    that seat could start the ability only with enough fitting cards in hand (MY-12.1), and everybody sees
    it being asked (the frame's public ``asking``), so its resampled hand must hold them. Where the prior
    dealt it too few, unseen non-fitting cards of its hand swap definitions with unseen fitting cards it
    owns elsewhere (its deck, most often), picked at random, so its unseen cards stay the same multiset; if it
    has too few unseen fitting cards, the rest are drawn from the pool's fitting cards, the prior's candidates."""
    if not st.stack:
        return
    frame = st.top
    if frame.op != PAY or not frame.get("asking") or frame["player"] == seat:
        return
    p = frame["player"]
    op = OPS[PAY]
    assert isinstance(op, Pay)
    _ab, c, left = op._current(st, frame)
    if c is None or isinstance(c, BuryCost):
        return
    flt = c.filter if isinstance(c, DiscardFromHandCost) else c.reveal
    t = st.table
    picked = set(st.secrets.get(p, ()))
    hand = [i for i in t.cards(HAND[p]) if i not in picked]
    short = left - sum(1 for i in hand if matches(st.card(i), flt))
    if short <= 0:
        return
    unseen = set(unknown.get(p, ()))
    in_hand = set(hand)
    spare = [i for i in hand if i in unseen and not matches(st.card(i), flt)]
    donors = [i for i in unknown.get(p, ()) if i not in in_hand and i not in picked and matches(st.card(i), flt)]
    rng.shuffle(spare)
    rng.shuffle(donors)
    swaps = min(short, len(spare), len(donors))
    for a, b in zip(spare[:swaps], donors[:swaps]):
        t.defn[a], t.defn[b] = t.defn[b], t.defn[a]
    if swaps < short:
        # none of its unseen cards fits: the prior of another seat's cards is the whole pool (MyState.prior),
        # so the rest are redrawn among the pool's fitting deck cards
        fitting = [d.index for d in st.pool.defs if d.type != "investigator" and matches(d, flt)]
        for a in spare[swaps:short]:
            if fitting:
                t.defn[a] = fitting[rng.below(len(fitting))]


def bury_candidates(st: MyState, p: int, source: int, flt: Any) -> list[int]:
    """MY-12.2 ``BURY(filter)``: another face-up card of ``p``'s field areas (not the ability's own card,
    nor the card it is attached to, which would take it along)."""
    t = st.table
    return [i for z in FIELD_AREAS for i in t.cards(ZONE[z][p]) if i != source and i != t.host[source]
            and not t.flags[i] & FACE_DOWN and matches(st.card(i), flt, st.type_of(i))]


def needed(c: Any) -> int:
    return c.discard_from_hand if isinstance(c, DiscardFromHandCost) else 1


def refusal(st: MyState, p: int, source: int, ab: Any) -> tuple[str, str] | None:
    """Why a choice cost of ``ab`` cannot be paid now (the hand cards asked for are counted together:
    one card pays one cost)."""
    hand_needed = 0
    for c in choice_costs(ab):
        if isinstance(c, BuryCost):
            if not bury_candidates(st, p, source, c.bury):
                return "MY-12.2", f"{ab.name}: you have no other card in play to bury for it"
            continue
        flt = c.filter if isinstance(c, DiscardFromHandCost) else c.reveal
        if len(hand_matching(st, p, flt)) < needed(c):
            what = "discard" if isinstance(c, DiscardFromHandCost) else "reveal"
            return "MY-12.2", f"{ab.name}: your hand holds too few matching cards to {what}"
        hand_needed += needed(c)
    if hand_needed > len(st.table.cards(HAND[p])):
        return "MY-12.2", f"{ab.name}: your hand holds too few cards for its costs"
    return None


def is_free(st: MyState, action: Action) -> bool:
    """MY-5.7 / MY-12.7: does this card-play action leave the turn (and the pass count) alone?"""
    card = action.get("card")
    if not isinstance(card, int):
        return False
    if action.kind == "activate":
        abilities_of, takes_turn = mods.abilities.abilities_of, mods.abilities.takes_turn

        k = action.get("ability")
        assert isinstance(k, int)
        return not takes_turn(abilities_of(st, card)[k])
    if action.kind == "cast":
        return "fast" in st.card(card).timing
    if action.kind == "play":
        d = st.card(card)
        return d.type == "event" and "fast" in d.timing
    return False


def start(st: MyState, p: int, card: int, k: int, window: str) -> None:
    """Push the payment of ability ``k`` of ``card`` (the caller has done the turn's bookkeeping)."""
    st.push(PAY, player=p, card=card, ability=k, window=window, buried=())


class Pay(Op[MyState]):
    """Asks the choice costs one card at a time, then uses the ability (module docstring)."""

    name = PAY

    def _state(self, st: MyState, frame: Frame) -> tuple[Any, list[Any], tuple[int, ...]]:
        from .abilities import abilities_of

        ab = abilities_of(st, frame["card"])[frame["ability"]]
        return ab, choice_costs(ab), tuple(st.secrets.get(frame["player"], ()))

    def _current(self, st: MyState, frame: Frame) -> tuple[Any, Any, int]:
        """The first choice cost not fully chosen yet (None: all are), and how many more it needs. Hand
        picks are read in cost order from the seat's secret, bury picks from the frame, so a sampled
        state that lacks another seat's secret simply asks its hand picks again."""
        ab, costs, hand = self._state(st, frame)
        hi, bi = 0, 0
        buried = tuple(frame["buried"])
        for c in costs:
            if isinstance(c, BuryCost):
                if bi < len(buried):
                    bi += 1
                    continue
                return ab, c, 1
            have = len(hand[hi:hi + needed(c)])
            if have == needed(c):
                hi += have
                continue
            return ab, c, needed(c) - have
        return ab, None, 0

    def run(self, st: MyState, frame: Frame) -> None:
        p, card = frame["player"], frame["card"]
        while True:
            ab, c, left = self._current(st, frame)
            if c is None:
                break
            hand = tuple(st.secrets.get(p, ()))
            if isinstance(c, BuryCost):
                cands = [i for i in bury_candidates(st, p, card, c.bury) if i not in frame["buried"]]
            else:
                flt = c.filter if isinstance(c, DiscardFromHandCost) else c.reveal
                cands = [i for i in hand_matching(st, p, flt) if i not in hand]
            if len(cands) == left and not frame.get("asking"):  # no choice left: they all pay it
                if isinstance(c, BuryCost):
                    frame = frame.evolve(buried=tuple(frame["buried"]) + tuple(cands))
                    st.replace(frame)
                else:
                    st.secrets[p] = hand + tuple(cands)
                continue
            what = {"pay_discard": f"discard {left} more card(s) from your hand",
                    "pay_bury": "bury one of your cards in play", "pay_reveal": "reveal a card of your hand"}
            kind = KINDS[type(c)]
            if not frame.get("asking"):  # public: the payer is being asked (a sampled hand may fit exactly)
                st.replace(frame.evolve(asking=True))
            st.ask(p, kind, f"{ab.name}: {what[kind]} (MY-12.2)", [Action(p, "pick", (("card", i),)) for i in cands])
            return
        self._use(st, frame, tuple(st.secrets.get(p, ())))

    def answer(self, st: MyState, frame: Frame, action: Action) -> None:
        p = frame["player"]
        _ab, c, _left = self._current(st, frame)
        i = action.get("card")
        frame = frame.evolve(asking=False)
        st.replace(frame)
        if isinstance(c, BuryCost):
            st.replace(frame.evolve(buried=tuple(frame["buried"]) + (i,)))
        else:
            st.secrets[p] = tuple(st.secrets.get(p, ())) + (i,)

    def _use(self, st: MyState, frame: Frame, hand: tuple[int, ...]) -> None:
        from .abilities import activate
        from .checks import run_checks
        from .rules import Batch, Round, commit, game_over_check
        from .triggers import settle

        p, card, k, window = frame["player"], frame["card"], frame["ability"], frame["window"]
        st.secrets.pop(p, None)
        _ab, costs, _hand = self._state(st, frame)
        discard: list[int] = []
        reveal: list[int] = []
        n = 0
        for c in costs:
            if isinstance(c, BuryCost):
                continue
            part = list(hand[n:n + needed(c)])
            n += needed(c)
            (discard if isinstance(c, DiscardFromHandCost) else reveal).extend(part)
        st.pop()
        batch: Batch = {}
        activate(st, p, card, k, batch, discard=tuple(discard), buried=tuple(frame["buried"]), reveal=tuple(reveal))
        commit(st, batch)
        if game_over_check(st):
            return
        settle(st)  # MY-12.9: led by the active player, before the turn passes on
        if window == "card_play" and not is_free(st, Action(p, "activate", (("ability", k), ("card", card)))):
            Round.next_turn(st, p)
        run_checks(st)


OPS.add(Pay())
