"""The Mythos round (MY-5) and the procedures it uses: setup (MY-4), drawing and library-out (MY-7.6),
Sanity changes (MY-7, one combined change per atomic effect, MY-1.3a), the pass count (MY-5.9), the
end of round with the hand adjustment (MY-5.13, MY-5.14), god ageing (MY-9.10), the game end and
scoring (MY-1.3–MY-1.8).

The round is one frame, ``my.round``, whose ``stage`` walks the state machine of MY-5.1; a stage that
needs a decision asks it (the turn) or pushes the frame that asks (a private ``Pick`` for the hand
adjustment) and reads its answer when it runs again. Setup is ``my.setup``: the investigator sides are
chosen in an engine ``SecretRound`` and revealed together (MY-4.1).
"""

from __future__ import annotations

from typing import Any, Iterable

from ...core import Action, Event, IllegalActionError, shared_action
from ...engine import FACE_DOWN, Frame, Op, Pick, SecretRound, expire, lasting_total
from .state import CROSSWISE, DECK, DISCARD, GOD, HAND, OPS, PASS_THRESHOLD, ROUND_CAP, ZONE, MyState, mods


_m: Any = mods  # the game's other modules, read as attributes (``state.mods``)

Batch = dict[int, list[int]]  # seat -> the Sanity changes of one atomic effect, in order; ~seat -> its losses' sources

# ---- where a Sanity loss comes from (MY-7.3, MY-7.5 / MY-12.5 PREVENT_SANITY_LOSS's source filter; D-MY-102) -----
#
# A batch keeps each seat's changes as plain ints under the seat (what ``commit`` sums, as before); a loss
# also appends ``amount, code`` under ``~seat`` (a negative key no seat has), ``code = card << 3 | cause``
# with ``card`` -1 for a loss no card causes (library-out). Both stay ints, so copying, freezing into an
# effect frame and merging a batch need no change, and a gain costs nothing extra. A filtered shield reads
# the sources; an unfiltered one only the total.
EFFECT, COST, MODIFIER, BATTLE, LIBRARY_OUT = range(5)
CAUSES = ("effect", "cost", "modifier", "battle", "library_out")  # MY-7.3's kinds of change (and MY-12.2 costs)


def lose(batch: Batch, p: int, n: int, card: int, cause: int) -> None:
    """Seat ``p`` loses ``n`` in this atomic effect, caused by ``card`` (-1: a rule) through ``cause``."""
    batch.setdefault(p, []).append(-n)
    if n > 0:
        src = batch.setdefault(~p, [])
        src.append(n)
        src.append(card << 3 | cause)


def change(batch: Batch, p: int, n: int, card: int, cause: int) -> None:
    """A change of either sign (a sanity modifier, MY-6.1.3): a loss keeps its source, a gain needs none."""
    if n < 0:
        lose(batch, p, -n, card, cause)
    else:
        batch.setdefault(p, []).append(n)


# ---- Sanity (MY-7) ------------------------------------------------------------------------------------


def commit(st: MyState, batch: Batch) -> None:
    """MY-7.4 / MY-1.3a: one player's changes of one atomic effect: all increases (each capped at the
    maximum, MY-7.1), then all decreases (never below 0, MY-7.2), less what the shields in force prevent
    (MY-7.5, read with the losses' sources, D-MY-102); players in seat order from the active player (MY-11.5)."""
    if not batch:
        return  # nothing changed (most draws)
    for p in st.seat_order(int(st.vars["active"])):
        changes = batch.get(p)
        if not changes:
            continue
        before = s = st.sanity(p)
        cap = st.max_sanity(p)
        no_gain = bool(st.lasting) and lasting_total(st, "prevent_sanity_gain", f"p{p}") > 0  # MY-7.5
        for c in changes:
            if c > 0 and not no_gain:
                s = max(s, min(cap, s + c))
        loss = -sum(c for c in changes if c < 0)
        if loss and st.lasting:
            loss = _m.primitives.absorb_loss(st, p, loss, batch.get(~p, ()))  # MY-7.5 PREVENT_SANITY_LOSS (MY-12.5)
        s = max(0, s - loss)
        st.vars["sanity"][p] = s
        if s != before:
            st.note("sanity", {"player": p, "from": before, "to": s})
            _m.triggers.queue_active(st, p, "on_sanity_change")  # MY-12.1 ON_SANITY_CHANGE
    batch.clear()


def game_over_check(st: MyState) -> bool:
    """MY-5.11 step 1 / MY-1.3: an investigator at 0 Sanity ends the game at once; everyone is scored."""
    if 0 in st.vars["sanity"]:  # some seat's Sanity is 0
        end_game(st, "an investigator's Sanity reached 0 (MY-1.3)")
        return True
    return False


def winners(st: MyState, among: Iterable[int] | None = None) -> list[int]:
    """MY-1.6: highest score; ties broken by acquired VP; still tied, a shared win."""
    seats = list(range(st.players) if among is None else among)
    if not seats:
        return []
    best = max((st.score(p), st.vp(p)) for p in seats)
    return [p for p in seats if (st.score(p), st.vp(p)) == best]


def end_game(st: MyState, why: str) -> None:
    """MY-1.5–MY-1.7, MY-11.6: the game ends for everyone and every player is scored."""
    won = winners(st)
    scores = [st.score(p) for p in range(st.players)]
    st.note("game_over", {"reason": why, "scores": scores, "vp": [st.vp(p) for p in range(st.players)]})
    st.finish(won, f"{why}; score {scores}; winner(s) {won}",
              {"how": why, "rounds": st.vars["round"], "scores": scores})


# ---- drawing (MY-5.2b, MY-7.6) -----------------------------------------------------------------------------


def reshuffle(st: MyState, p: int) -> None:
    """The discard pile, shuffled, becomes the Mythos Deck."""
    for i in list(st.table.cards(DISCARD[p])):
        st.move_card(i, DECK[p])
    st.table.shuffle(DECK[p], st.rng)
    st.note("reshuffled", {"player": p, "deck": len(st.table.cards(DECK[p]))})


def draw_one(st: MyState, p: int, batch: Batch) -> bool:
    """Draw one card; an empty deck is a library-out (MY-7.6: reshuffle the discard pile, lose 1
    Sanity, into ``batch``); with both piles empty drawing stops, no loss (D38). False if none drawn."""
    t = st.table
    if not t.cards(DECK[p]):
        if not t.cards(DISCARD[p]):
            return False
        reshuffle(st, p)
        lose(batch, p, 1, -1, LIBRARY_OUT)  # a rule's loss: no card causes it (D-MY-102)
        st.note("library_out", {"player": p})
        _m.triggers.queue_active(st, p, "on_library_out")  # MY-12.1 ON_LIBRARY_OUT
    i = t.cards(DECK[p])[-1]
    # ``st.move_card(i, HAND[p])``: a Mythos Deck card is not in play and the hand is no play area, so the move
    # ends no effect, takes no attachment along and raises no trigger, and the hand is hidden (the card
    # loses its flags); what is left is the table's move (every round draws a few dozen cards per seat)
    t.move(i, HAND[p], flags=0)
    st.note("drew", {"player": p, "card": i}, visible_to=_SEAT_ONLY[p], redacted={"player": p})
    return True


_SEAT_ONLY = tuple(frozenset((p,)) for p in range(len(HAND)))  # a seat's private event: ``note`` keeps the frozenset as is


def draw_plain(st: MyState, p: int, n: int) -> None:
    """``n`` calls of ``draw_one`` when the Mythos Deck holds at least ``n`` cards: then none of them is a
    library-out, so each is the table's move to the hand and its ``drew`` event, nothing else (no Sanity
    change, no trigger). Why: a refill draws about seven cards per seat and round; the table moves them
    in one call (``CardTable.move_top``, the same per-card steps) and the events are appended directly
    (what ``note`` would append: the same kind, data, seat set and redaction, in the same order)."""
    vis, events = _SEAT_ONLY[p], st.events
    for i in st.table.move_top(DECK[p], HAND[p], n, flags=0):
        events.append(Event("drew", {"player": p, "card": i}, vis, {"player": p}))


def draw(st: MyState, p: int, n: int, batch: Batch) -> None:
    if n > 0 and len(st.table.cards(DECK[p])) >= n:
        draw_plain(st, p, n)  # no library-out among them
        return
    for _ in range(n):
        if not draw_one(st, p, batch):
            return


# ---- the pass state (MY-5.9) ---------------------------------------------------------------------------------


def note_pass(st: MyState, p: int) -> None:
    """MY-5.9c/d: the first Pass names the initiator; every Pass adds one."""
    v = st.vars
    if v["pass_init"] < 0:
        v["pass_init"], v["pass_count"] = p, 1
    else:
        v["pass_count"] += 1


def note_act(st: MyState, p: int) -> None:
    """MY-5.9e: the initiator playing, acting or losing a turn cancels the sequence; others do not."""
    v = st.vars
    if v["pass_init"] == p:
        v["pass_init"], v["pass_count"] = -1, 0


def card_play_over(st: MyState) -> bool:
    v = st.vars
    cap = st.options.get("max_turns")
    threshold = _m.primitives.pass_threshold(st) if st.lasting else PASS_THRESHOLD  # MY-5.9a (SET_PASS_THRESHOLD, MY-12.5)
    return v["pass_count"] >= threshold or bool(v["end_play"]) or (cap is not None and v["turns"] >= cap)


# ---- setup (MY-4) ------------------------------------------------------------------------------------------------


class Setup(Op[MyState]):
    """MY-4.1: every seat chooses its investigator side in secret; the sides are revealed together."""

    name = "my.setup"

    def run(self, st: MyState, frame: Frame) -> None:
        if frame.got is None:
            st.push(SecretRound.name, seats=tuple(range(st.players)), done=(), child=Pick.name, event="sides_chosen",
                    child_args=(("cands", (0, 1)), ("min", 1), ("max", 1), ("prompt", "Choose your investigator side"),
                                ("kind", "choose_side"), ("private", True)))
            return
        for seat, value in frame.got:
            side = int(value[0])
            st.vars["side"][seat] = side
            inv = st.investigator(seat)
            assert inv is not None
            st.vars["sanity"][seat] = inv.starting_sanity  # MY-4.1
        st.pop()
        st.push("my.round", stage="start")


# ---- the round (MY-5) ---------------------------------------------------------------------------------------------


# stage -> (trigger slot, next stage): MY-5.1's trigger slots
SLOTS = {"sor": ("start_of_round", "scp"), "scp": ("start_of_card_play", "play"),
         "sob": ("start_of_battle", "battle"), "eob": ("end_of_battle", "end"), "eor": ("end_of_round", "adjust")}


TURN_PROMPTS = tuple(f"Seat {p}: play a card, take a turn action or pass" for p in range(len(HAND)))  # made once


class Round(Op[MyState]):
    name = "my.round"

    def run(self, st: MyState, frame: Frame) -> None:
        stage = frame.args["stage"]
        v = st.vars
        if stage == "start":
            v["round"] += 1
            if v["round"] > 1:
                v["first"] = st.next_seat(v["first"])  # MY-5.2a
            v["pass_init"], v["pass_count"], v["turns"], v["end_play"] = -1, 0, 0, 0
            v["phase"] = "refill"
            st.note("round", {"round": v["round"], "first": v["first"]})
            st.replace(frame.evolve(stage="refill"))
        elif stage == "refill":
            self._refill(st)
            if st.is_terminal:
                return
            v["active"], v["phase"] = v["first"], "card_play"
            v["turn_end"] = [v["seq"]] * st.players  # MY-5.10: "since card play began"
            st.replace(frame.evolve(stage="sor"))
            settle(st)  # library-outs of the refill (MY-12.1) resolve first
        elif stage in SLOTS:  # MY-5.2d, MY-9.1, MY-5.13 step 2: a trigger slot, then the next stage
            slot, after = SLOTS[stage]
            if frame.got is None and slot in st.facts().triggers:
                _m.triggers.fire(st, slot)
                return
            # (the slot's walk done, or skipped: no card of the game has this trigger, so it would find no
            # card at any seat and hand back at once — ``triggers.sources``' own test)
            if st.is_terminal:
                return
            if stage == "sor":
                v["pass_init"], v["pass_count"] = -1, 0  # MY-5.2d: the pass state is reset between the slots
            if stage == "eob":
                expire(st, "end_of_turn")  # once-per-turn limits used in the use step end with it
                expire(st, "end_of_battle")
                age_gods(st)
            st.replace(frame.evolve(stage=after, k=0) if after == "adjust" else frame.evolve(stage=after))
            settle(st)  # e.g. the on_buried triggers of aged gods
        elif stage == "play":
            if frame.get("after"):  # the turn's pending effect is resolved (MY-12.5 questions)
                after = frame["after"]
                st.replace(frame.evolve(after=""))
                settle(st)  # MY-12.9: triggers the answered effect raised, the active player's first
                if after == "turn":
                    self._next_turn(st, int(v["active"]))
                _m.checks.run_checks(st)
                if st.top.op != self.name:
                    return
                frame = st.top
            if card_play_over(st):
                expire(st, "end_of_card_play")
                st.note("card_play_ended", {"round": v["round"]})
                v["phase"] = "battle"
                st.replace(frame.evolve(stage="sob"))
                return
            p = v["active"]
            if v["skip"][p] > 0:  # MY-5.8: the turn is lost, not passed
                v["skip"][p] -= 1
                note_act(st, p)
                st.note("lost_turn", {"player": p})
                self._next_turn(st, p)
                return
            # a blind probe (``MyState.blind``) is scored and dropped: its options are never read
            options = (shared_action(p, "pass"),) if st.blind else _m.play.turn_options(st, p)
            st.ask(p, "turn", TURN_PROMPTS[p], options)
        elif stage == "battle":
            v["phase"] = "battle"
            if frame.got is None and _m.battle.battle_steps(st):
                return  # an attack frame was pushed; it hands back when done
            if st.is_terminal:
                return
            st.replace(frame.evolve(stage="eob"))
        elif stage == "end":
            v["phase"] = "end_of_round"
            ready_spells(st)  # MY-5.13 step 1
            expire(st, "end_of_round")  # MY-5.13 step 2, then its triggers
            expire(st, f"end_of_round:{v['round']}")  # MY-12.6 N_ROUNDS(n) ending this round
            st.replace(frame.evolve(stage="eor"))
        elif stage == "adjust":
            self._adjust(st, frame)
        elif stage == "check":
            if any(st.vp(p) >= st.target() for p in range(st.players)):  # MY-1.4, MY-5.13 step 4
                end_game(st, f"an investigator reached {st.target()} VP (MY-1.4)")
                return
            cap = st.options.get("max_rounds") or ROUND_CAP
            if v["round"] >= cap:
                end_game(st, f"the round cap of {cap} was reached (D-MY-71)")
                return
            st.replace(frame.evolve(stage="start"))

    def answer(self, st: MyState, frame: Frame, action: Action) -> None:
        p = st.vars["active"]
        run_checks, is_free, settle = _m.checks.run_checks, _m.costs.is_free, _m.triggers.settle
        if action.kind == "activate" and _pays_by_choice(st, action):
            from .costs import start

            if not is_free(st, action):
                note_act(st, p)  # MY-5.6c: a turn action
            card, k = action.get("card"), action.get("ability")
            assert isinstance(card, int) and isinstance(k, int)
            start(st, p, card, k, "card_play")  # MY-12.2: the choices first; ``my.pay`` ends the turn
            return
        # Is the action free (MY-5.7, MY-12.7)? Asked once: but for an ability (whose card may change while
        # it resolves, so it is asked after) it depends only on the action and the card's definition
        kind = action.kind
        free = is_free(st, action) if kind != "activate" else None
        _m.play.do_turn(st, p, action, free)
        if st.is_terminal:
            return
        if free is None:
            free = is_free(st, action)
        if kind == "join" and _m.join.is_open(st):  # MY-8.5: the turn ends when the group closes
            _m.join.set_under(st, frame.evolve(after="free" if free else "turn"))
            return
        if _m.effect_frame.pending(st):  # an effect of the turn asks a question (MY-12.5): the turn ends once it is resolved
            _m.effect_frame.under(st, frame.evolve(after="free" if free else "turn"))
            return
        if free:
            settle(st)
            run_checks(st)
            return  # MY-5.7, MY-12.7: a free action; the same player goes on with his turn
        settle(st)  # MY-12.9: the active player's triggers first (the turn has not passed on yet)
        self._next_turn(st, p)
        run_checks(st)  # MY-5.4: the turn ends, then the state checks run (MY-5.11)

    @staticmethod
    def next_turn(st: MyState, p: int) -> None:
        Round._next_turn(st, p)

    @staticmethod
    def _next_turn(st: MyState, p: int) -> None:
        expire(st, "end_of_turn")
        st.vars["turn_end"][p] = st.vars["seq"]  # MY-5.10
        st.vars["turns"] += 1
        st.vars["active"] = st.next_seat(p)

    @staticmethod
    def _refill(st: MyState) -> None:
        """MY-5.2b/c: each player, in seat order from the first, draws one card at a time up to the refill
        size; each card (with its library-out) is one atomic effect (MY-1.3a iv)."""
        sanity = st.vars["sanity"]
        cards = st.table.cards
        for p in st.seat_order(st.vars["first"]):
            refill = st.hand_sizes(p)[0]  # MY-5.2b (MODIFY_HAND_SIZES in force, MY-12.5)
            hand = cards(HAND[p])  # (the zone's own list: each draw adds to it)
            while len(hand) < refill:
                plain = min(refill - len(hand), len(cards(DECK[p])))
                if plain and 0 not in sanity:
                    # the draws before the deck runs out: no library-out, so no Sanity change and no
                    # commit, and ``game_over_check`` would find no 0 after any of them
                    draw_plain(st, p, plain)
                    continue
                batch: Batch = {}
                drawn = draw_one(st, p, batch)
                if batch:  # a library-out (``commit`` of an empty batch does nothing)
                    commit(st, batch)
                if 0 in sanity and game_over_check(st):  # (``game_over_check``'s own test first)
                    return
                if not drawn:
                    break

    @staticmethod
    def _adjust(st: MyState, frame: Frame) -> None:
        """MY-5.14: in seat order from the first player, each discards down to a size in [Hmin, Hmax]
        (over Hmax: must; between: may), chosen in a private pick."""
        k = frame["k"]
        order = st.seat_order(st.vars["first"])
        if frame.got is not None:
            p = order[k]
            if frame.got:
                # ``st.move_card(i, DISCARD[p])`` for each: from the hand to the discard pile, neither a play
                # area, so the move ends no effect and raises no trigger, and the pile is public (the flags stay)
                st.table.move_from(HAND[p], [int(i) for i in frame.got], DISCARD[p])
                st.note("hand_adjusted", {"player": p, "discarded": list(frame.got)})
            k += 1
            st.replace(frame.evolve(k=k))
            frame = st.top
        while k < len(order):
            p = order[k]
            _refill, hmax, hmin = st.hand_sizes(p)
            h = len(st.table.cards(HAND[p]))
            if h > hmin:
                st.push(Pick.name, player=p, zone=HAND[p], min=max(0, h - hmax), max=h - hmin,
                        prompt=f"End of round: discard down to {hmin}..{hmax} cards",
                        kind="hand_adjust", private=True)
                return
            k += 1
            st.replace(frame.evolve(k=k))
            frame = st.top
        st.replace(frame.evolve(stage="check", k=0))


def settle(st: MyState) -> None:
    _m.triggers.settle(st)


def _pays_by_choice(st: MyState, action: Action) -> bool:
    """Does this ability have MY-12.2 costs paid by choosing cards (``costs.py``)?"""
    card, k = action.get("card"), action.get("ability")
    return isinstance(card, int) and isinstance(k, int) and bool(_m.costs.choice_costs(_m.abilities.abilities_of(st, card)[k]))


def ready_spells(st: MyState) -> None:
    """MY-5.13 step 1 / MY-6.12.5: every face-down spell in a vessel turns face up, and so does every card
    exhausted by an ability cost (MY-12.2 ``exhaust_self``: face down until the end of the round)."""
    t = st.table
    for p in range(st.players):
        for zone in ("item", "ally", "event", "god"):
            for i in t.cards(ZONE[zone][p]):
                if t.flags[i] & FACE_DOWN:
                    t.set_flag(i, FACE_DOWN, False)


def age_gods(st: MyState) -> None:
    """MY-9.10 / MY-6.9.6: bury each god that was crosswise; then every upright god turns crosswise."""
    bury = _m.play.bury
    t = st.table
    for p in range(st.players):
        gods = list(t.cards(GOD[p]))
        for i in gods:
            if st.crosswise(i):
                bury(st, i)
                st.note("god_buried", {"player": p, "card": i})
        for i in gods:
            if t.zone_name(i) == GOD[p]:
                t.set_flag(i, CROSSWISE)


def refuse_turn(st: MyState, action: Action) -> IllegalActionError:
    return IllegalActionError("MY-5.4", f"{action}: a turn is one play, one turn action or a pass")


for _op in (Setup(), Round()):
    OPS.add(_op)
