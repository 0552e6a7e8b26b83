"""The Million Arthur turn (MA-6) and the procedures it uses: setup (MA-5), drawing (MA-4.7, MA-4.8),
the base fill procedure with its evolutions (MA-8.5), the chain step (MA-11.1, MA-11.2), the End
phase (MA-11.3–11.6), the game-end check (MA-13.1) and the turn cap (MA-13.3).

The turn is one frame, ``ma.turn``, whose ``stage`` walks the state machine of MA-6.11; a stage that
needs a decision pushes the frame that asks (a ``Pick``, a ``SecretRound``, the Attack step) and the
turn frame reads its answer when it runs again.
"""

from __future__ import annotations

from typing import Any, Callable

from ...core import Action, IllegalActionError
from ...engine import EXHAUSTED, FACE_DOWN, NO_CARD, Frame, Op, Pick, expire, pick
from ...engine.prompts import SecretRound
from .state import BASE_SIZE, CHAIN_LIMIT, HAND_LIMIT, NEW, OPS, TURN_CAP, ZONE_ID, MaState, mods

_DECK, _DISCARD, _BASE = ZONE_ID["deck"], ZONE_ID["discard"], ZONE_ID["base"]

def _int(value: object) -> int:
    """An action parameter that the listed options guarantee is a card id."""
    assert isinstance(value, int)
    return value


# ---- drawing and the deck (MA-4.7, MA-4.8) --------------------------------------------------------


def reshuffle(st: MaState, p: int) -> None:
    """MA-4.7: the discard pile, shuffled, becomes the deck."""
    t, deck = st.table, f"deck:{p}"
    for i in list(t.cards(f"discard:{p}")):
        t.move(i, deck, flags=0)  # ``move_card``'s move: a pile card is in no play area, so nothing else follows
    t.shuffle(deck, st.rng)
    st.note("reshuffled", {"player": p, "deck": len(st.table.cards(f"deck:{p}"))})


def draw(st: MaState, p: int, n: int) -> bool:
    """MA-4.8: draw ``n`` or nothing; settled before anything moves; at most one reshuffle (MA-4.7)."""
    zones = st.table.zones  # by zone id (the turn's draw runs every turn)
    deck, discard = len(zones[_DECK[p]]), len(zones[_DISCARD[p]])
    if deck + discard < n:
        st.note("draw_failed", {"player": p, "n": n})
        return False
    drawn = []
    hand = f"hand:{p}"
    for _ in range(n):
        if not zones[_DECK[p]]:
            reshuffle(st, p)
        i = zones[_DECK[p]][-1]
        st.move_card(i, hand)
        drawn.append(i)
    st.note("drew", {"player": p, "n": n, "cards": drawn}, visible_to=[p], redacted={"player": p, "n": n})
    return True


def take_top(st: MaState, p: int, reshuffled: bool) -> tuple[int | None, bool]:
    """The top card of ``p``'s deck for a one-card instruction (MA-4.7: one reshuffle per instruction)."""
    zones = st.table.zones  # by zone id: no zone name formatted per card (a base fill takes up to three)
    if not zones[_DECK[p]] and not reshuffled and zones[_DISCARD[p]]:
        reshuffle(st, p)
        reshuffled = True
    cards = zones[_DECK[p]]
    return (cards[-1] if cards else None), reshuffled


# ---- game end (MA-1.4, MA-1.6, MA-13.1, MA-13.3) ---------------------------------------------------


def check_end(st: MaState) -> bool:
    """MA-13.1: after a completed HP change, a leader at 0 or less loses; both at once: a draw (MA-1.6)."""
    losers = [p for p in range(2) if st.hp(p) <= 0]
    if not losers:
        return False
    details = {"how": "hp", "turns": st.vars["turn"], "hp": list(st.vars["hp"])}
    if len(losers) == 2:
        st.finish([], "both leaders fell to 0 HP at once: a draw (MA-1.6)", details)
    else:
        w = 1 - losers[0]
        st.finish([w], f"seat {losers[0]}'s leader is at {st.hp(losers[0])} HP; seat {w} wins (MA-1.4)", details)
    return True


def change_hp(st: MaState, deltas: dict[int, int], why: str) -> bool:
    """Apply one primitive's HP changes together, then one end check (MA-13.1). True if the game ended."""
    hp = list(st.vars["hp"])
    for p, d in deltas.items():
        hp[p] += d
    st.vars["hp"] = hp
    st.note("hp", {"changes": [[p, d] for p, d in sorted(deltas.items())], "hp": list(hp), "why": why})
    return check_end(st)


# ---- knights: moving and evolving stacks ------------------------------------------------------------


def move_stack(st: MaState, i: int, zone: str) -> None:
    """Move knight ``i`` with the cards under it (MA-8.9) between the base and battle areas."""
    t = st.table
    unders = st.under(i)
    t.move(i, zone)
    for u in unders:
        t.move(u, zone)
        t.attach(u, i)


def evolve(st: MaState, e: int, s: int) -> None:
    """Put card ``e`` on top of knight ``s`` (MA-8.8, MA-8.9): the stack keeps its rested state and the
    modifiers on it (MA-8.10)."""
    t = st.table
    for u in [*st.under(s), s]:
        t.attach(u, e)
    t.set_flag(e, EXHAUSTED, bool(t.flags[s] & EXHAUSTED))
    t.set_flag(e, NEW, False)
    st.lasting = [(x[0], e if x[1] == s else x[1], *x[2:]) for x in st.lasting]
    st.note("evolved", {"player": t.owner[e], "card": e, "onto": s, "name": st.card(e).name})


def discard_stack(st: MaState, i: int) -> None:
    """A knight goes to the discard pile, stack whole (its attachments follow, ``move_card``)."""
    gone = [i, *st.under(i)]
    st.move_card(i, st.discard_zone(i))
    for c in gone:
        st.table.set_flags(c, 0)


# ---- the base fill procedure (MA-8.5) ----------------------------------------------------------------


def evolution_pairs(st: MaState, p: int) -> list[tuple[int, int]]:
    """MA-8.5 step 3: (E, S) with E a single card placed in this run and S another base knight whose
    top card's name E evolves from (MA-8.8)."""
    base = st.knights(p, "base")
    out: list[tuple[int, int]] = []
    flags = st.table.flags
    for e in base:
        if not flags[e] & NEW:
            continue
        sources = st.card(e).evolves_from
        if not sources or st.under(e):
            continue  # most knights evolve from nothing: no other knight's name needs reading
        out += [(e, s) for s in base if s != e and st.card(s).name in sources]
    return out


class BaseFill(Op[MaState]):
    """MA-8.5: place cards from the deck to 3 knights, offer free evolutions, top up again.

    Args: player, stage (``place``/``evolve``), took (step 2 took a card), reshuffled (MA-4.7).
    Decision ``base_evolve``: ``evolve card=E onto=S`` or ``done``, asked only while a pair exists.
    """

    name = "ma.fill"

    def run(self, st: MaState, frame: Frame) -> None:
        """Why a loop: a fill walks place -> evolve -> place without a question when no evolution pair
        exists (the common case), and the charge stage stacks both seats' fills; the engine would only run
        the next fill frame at once, so it runs here, as the engine's loop would, until a step asks, ends
        the game or leaves another frame on top."""
        while True:
            self._step(st, frame)
            if st._decision is not None or st._outcome is not None or not st.stack:
                return
            frame = st.stack[-1]
            if frame.op != BaseFill.name:
                return

    def _step(self, st: MaState, frame: Frame) -> None:
        p = frame["player"]
        if frame["stage"] == "evolve":
            pairs = evolution_pairs(st, p)
            if not pairs:
                st.replace(frame.evolve(stage="place"))
                return
            st.ask(p, "base_evolve", "Evolve a newly placed knight onto a base knight, or done",
                   [*(Action(p, "evolve", (("card", e), ("onto", s))) for e, s in pairs), Action(p, "done")])
            return
        t = st.table
        host = t.host
        base = t.zones[_BASE[p]]
        need = BASE_SIZE - (sum(1 for i in base if host[i] == NO_CARD) if t.links else len(base))  # ``knights``
        if need <= 0:
            self._finish(st, p)
            return
        reshuffled, took = bool(frame["reshuffled"]), False
        for _ in range(need):
            i, reshuffled = take_top(st, p, reshuffled)
            if i is None:
                break
            took = True
            d = st.card(i)
            t.reveal_to_all(i)
            if d.colour == "colourless" and d.name in st.colourless_names(p):
                st.move_card(i, f"discard:{p}")  # MA-3.10, MA-8.6: the later arrival goes
                st.note("duplicate_discarded", {"player": p, "card": i, "name": d.name})
                continue
            st.move_card(i, f"base:{p}")
            t.set_flag(i, NEW)
            st.note("placed", {"player": p, "card": i, "name": d.name})
            frame = frame.evolve(events=tuple(frame.get("events") or ()) + (("knight_enters_base", p, i, "fill"),))
        if not took:
            st.replace(frame)
            self._finish(st, p)
            return
        if not evolution_pairs(st, p):
            # the evolve stage would find no pair and go back to placing at once (the common case): the frame
            # it would leave, without the round trip through the loop
            st.replace(frame.evolve(stage="place", reshuffled=reshuffled, took=True))
            return
        st.replace(frame.evolve(stage="evolve", reshuffled=reshuffled, took=True))

    def answer(self, st: MaState, frame: Frame, action: Action) -> None:
        if action.kind == "done":
            st.replace(frame.evolve(stage="place"))
        else:
            e = _int(action.get("card"))
            evolve(st, e, _int(action.get("onto")))
            st.replace(frame.evolve(events=tuple(frame.get("events") or ()) + (("knight_evolved", frame["player"], e,
                                                                                 "base"),)))

    @staticmethod
    def _finish(st: MaState, p: int) -> None:
        """End of the procedure: its ``knight_enters_base`` / ``knight_evolved`` events trigger now, or
        wait for the text that made the player charge (MA-12.5)."""
        t = st.table
        for i in t.zones[_BASE[p]]:
            t.set_flag(i, NEW, False)
        events = tuple(st.pop().get("events") or ())
        if events:
            hand_up(st, events)


OPS.add(BaseFill())


def hand_up(st: MaState, events: Any) -> None:
    """Events of a procedure: held by the text that caused it (MA-12.5), else triggered now."""
    parent = st.stack[-1] if st.stack else None
    if parent is not None and parent.op == "ma.effects":
        st.replace(parent.evolve(events=tuple(parent.get("events") or ()) + tuple(tuple(e) for e in events)))
        return
    fire = mods.triggers.fire

    fire(st, [tuple(e) for e in events])


def push_fill(st: MaState, p: int) -> None:
    st.push(BaseFill.name, player=p, stage="place", took=None, reshuffled=False)


# ---- setup (MA-5) --------------------------------------------------------------------------------------


@OPS.step("ma.setup")
def _setup(st: MaState, frame: Frame) -> None:
    """MA-5.7 base fill (first player first), MA-5.8 the one base mulligan in turn order, then turn 1."""
    stage, first = frame["stage"], st.vars["first"]
    order = (first, 1 - first)
    if stage in ("fill0", "fill1"):
        st.replace(frame.evolve(stage="mull0" if stage == "fill1" else "fill1"))
        push_fill(st, order[int(stage[-1])])
    elif stage in ("mull0", "mull1"):
        p = order[int(stage[-1])]
        st.replace(frame.evolve(stage=stage + "_apply"))
        pick(st, p, st.knights(p, "base"), 0, BASE_SIZE, "Base mulligan: discard any of your base knights, then done",
             kind="mulligan")
    elif stage in ("mull0_apply", "mull1_apply"):
        p = order[int(stage[4])]
        chosen = frame.got or ()
        st.replace(frame.evolve(stage="mull1" if stage == "mull0_apply" else "go"))
        st.note("mulligan", {"player": p, "cards": list(chosen)})
        if chosen:
            for i in chosen:
                discard_stack(st, i)
            push_fill(st, p)
    else:
        st.pop()
        st.push("ma.turn", stage="begin")
        from .triggers import fire

        fire(st, [("game_start", first, -1, "")])  # MA-15.4: after setup, before turn 1 begins


# ---- the turn (MA-6) ---------------------------------------------------------------------------------------

NEXT = {"begin": "draw", "draw": "charge", "charge": "first", "first": "first_apply", "first_apply": "second",
        "second": "second_apply", "second_apply": "attack", "attack": "chain_t", "chain_t": "chain_n",
        "chain_n": "refresh_triggers", "refresh_triggers": "refresh", "refresh": "clean_hand_t", "clean_hand_t": "clean_hand_n",
        "clean_hand_n": "clean_chain_t", "clean_chain_t": "clean_chain_n", "clean_chain_n": "end_triggers",
        "end_triggers": "end"}


@OPS.step("ma.turn")
def _turn(st: MaState, frame: Frame) -> None:
    """MA-6.2 / MA-6.11: Start (Draw, Charge), Battle (First, Second, Attack, Chain), End (Refresh, Clean).

    Why a loop: most stages ask nothing and push nothing (no trigger answered, no knight to chain, no
    card over a limit); the engine would only run the turn frame again at once, so the next stage runs
    here, exactly as the engine's loop would run it, until a stage leaves another frame on top, asks or
    ends the game. Why a table of handlers: a chain of string tests ran at every stage of every turn;
    each stage's handler is the branch it was, looked up once. Each pass is ``_stage``'s body inlined
    (the same reads and writes in the same order: the frame's next stage, then ``step``, then the
    handler), since the turn walks two to three stages per call."""
    new, stages, nexts = Frame.__new__, _STAGES, NEXT
    while True:
        values, args = st.vars, frame.args
        stage = args["stage"]
        tp = int(values["active"])  # ``active_player``
        nxt = nexts.get(stage)
        if nxt is not None:  # ``st.replace(frame.evolve(stage=nxt))``
            evolved = new(Frame)
            evolved.op, evolved.args, evolved.got = frame.op, {**args, "stage": nxt}, None
            st.stack[-1] = evolved
        values["step"] = stage
        handler = stages.get(stage)
        if handler is not None:
            handler(st, frame, stage, tp, 1 - tp)
        if st._decision is not None or st._outcome is not None or not st.stack:
            return
        frame = st.stack[-1]
        if frame.op != "ma.turn":
            return


def _s_begin(st: MaState, frame: Frame, stage: str, tp: int, n: int) -> None:
    """S0; MA-5.9: no Start phase on game turn 1"""
    st.note("turn", {"turn": st.vars["turn"], "player": tp})
    if st.vars["turn"] == 1:
        st.replace(frame.evolve(stage="first"))
    fire = mods.triggers.fire

    fire(st, [("turn_start", tp, -1, "")])


def _s_draw(st: MaState, frame: Frame, stage: str, tp: int, n: int) -> None:
    """MA-6.4"""
    if draw(st, tp, 1):
        fire = mods.triggers.fire

        fire(st, [("card_drawn", tp, -1, "", 1)])  # the card is hidden: the event names none


def _s_charge(st: MaState, frame: Frame, stage: str, tp: int, n: int) -> None:
    """MA-6.5: T, then N"""
    push_fill(st, n)
    push_fill(st, tp)


def _s_submissions(st: MaState, frame: Frame, stage: str, tp: int, n: int) -> None:
    """MA-6.6, MA-6.7, MA-6.12: simultaneous secret submissions"""
    Submit = mods.deploy.Submit

    for p in (tp, n):
        st.secrets[p] = ()  # both "committed" from the start: progress of a submission is not public
    st.push(SecretRound.name, seats=(tp, n), done=(), child=Submit.name, event=f"{stage}_step_revealed",
            child_args=(("step", stage),))
    if stage == "first" and st.vars["turn"] != 1:  # MA-15.4: the Start phase has ended (none on turn 1)
        fire = mods.triggers.fire

        fire(st, [("start_phase_end", tp, -1, "")])  # above the round: resolved before anyone submits


def _s_reveal(st: MaState, frame: Frame, stage: str, tp: int, n: int) -> None:
    apply_submissions = mods.deploy.apply_submissions

    apply_submissions(st, stage.split("_")[0], frame.got or ())


def _s_attack(st: MaState, frame: Frame, stage: str, tp: int, n: int) -> None:
    """MA-6.8"""
    AttackStep = mods.combat.AttackStep

    st.push(AttackStep.name, player=tp)


def _s_chain(st: MaState, frame: Frame, stage: str, tp: int, n: int) -> None:
    """MA-6.9, MA-11.1"""
    p = tp if stage == "chain_t" else n
    if st.knights(p, "battle"):
        st.push("ma.make_chain", player=p)


def _s_refresh_triggers(st: MaState, frame: Frame, stage: str, tp: int, n: int) -> None:
    """MA-15.4 ``refresh_step``: before the battle areas are cleared"""
    fire = mods.triggers.fire

    fire(st, [("refresh_step", tp, -1, "")])


def _s_refresh(st: MaState, frame: Frame, stage: str, tp: int, n: int) -> None:
    """MA-11.3; MA-15.5 ``tenacious`` returns to the base area if there is room"""
    has_keyword = mods.statics.has_keyword

    returned = []
    for p in (tp, n):
        for i in list(st.knights(p, "battle")):
            if has_keyword(st, i, "tenacious") and len(st.knights(p, "base")) < BASE_SIZE:
                move_stack(st, i, f"base:{p}")
                st.table.set_flag(i, EXHAUSTED, False)  # base knights are always active (MA-4.2)
                st.note("returned_to_base", {"player": p, "card": i, "name": st.card(i).name})
                returned.append(("knight_enters_base", p, i, "refresh"))
            else:
                discard_stack(st, i)
    st.note("refreshed", {})
    if returned:
        fire = mods.triggers.fire

        fire(st, returned)


def _s_clean_hand(st: MaState, frame: Frame, stage: str, tp: int, n: int) -> None:
    """MA-11.5"""
    p = tp if stage.endswith("_t") else n
    over = len(st.table.cards(f"hand:{p}")) - HAND_LIMIT
    if over > 0:
        st.push("ma.discard_down", player=p, zone="hand", n=over)


def _s_clean_chain(st: MaState, frame: Frame, stage: str, tp: int, n: int) -> None:
    p = tp if stage.endswith("_t") else n
    over = len(st.table.cards(f"chain:{p}")) - CHAIN_LIMIT
    if over > 0:
        st.push("ma.discard_down", player=p, zone="chain", n=over)


def _s_end_triggers(st: MaState, frame: Frame, stage: str, tp: int, n: int) -> None:
    """"at end of turn" triggers, before the turn's effects expire"""
    fire = mods.triggers.fire

    fire(st, [("turn_end", tp, -1, "")])


def _s_end(st: MaState, frame: Frame, stage: str, tp: int, n: int) -> None:
    """MA-11.6, S9; MA-13.3"""
    st.pop()
    expire(st, "turn_end")
    st.vars["spent"] = [0, 0]
    st.vars["base_colours"] = [0, 0]
    cap = st.options.get("max_turns") or TURN_CAP
    if st.vars["turn"] >= cap:
        st.finish([], f"turn {cap} ended without a winner: a draw (MA-13.3)", {"how": "cap", "turns": cap,
                                                                                "truncated": True})
        return
    st.vars["active"] = n
    st.vars["turn"] += 1
    st.push("ma.turn", stage="begin")


_STAGES: dict[str, Callable[[MaState, Frame, str, int, int], None]] = {
    "begin": _s_begin,
    "draw": _s_draw,
    "charge": _s_charge,
    "first": _s_submissions,
    "second": _s_submissions,
    "first_apply": _s_reveal,
    "second_apply": _s_reveal,
    "attack": _s_attack,
    "chain_t": _s_chain,
    "chain_n": _s_chain,
    "refresh_triggers": _s_refresh_triggers,
    "refresh": _s_refresh,
    "clean_hand_t": _s_clean_hand,
    "clean_hand_n": _s_clean_hand,
    "clean_chain_t": _s_clean_chain,
    "clean_chain_n": _s_clean_chain,
    "end_triggers": _s_end_triggers,
    "end": _s_end,
}


@OPS.step("ma.make_chain")
def _make_chain(st: MaState, frame: Frame) -> None:
    """MA-11.1 / MA-11.2: one battle-area knight becomes a face-up chain card; cards under it are discarded."""
    p = frame["player"]
    if frame.got is None:
        pick(st, p, st.knights(p, "battle"), 1, 1, "Chain step: choose one battle-area knight to become a chain card",
             kind="chain")
        return
    st.pop()
    (i,) = frame.got
    unders = st.under(i)
    st.move_card(i, f"chain:{p}")  # the cards under it leave with it to the discard pile (MA-11.2)
    for c in [i, *unders]:
        st.table.set_flags(c, 0)
    st.note("chained", {"player": p, "card": i, "name": st.card(i).name, "discarded": unders})
    fire = mods.triggers.fire

    fire(st, [("card_becomes_chain", p, i, "")])


@OPS.step("ma.discard_down")
def _discard_down(st: MaState, frame: Frame) -> None:
    """MA-11.5 / MA-14.6: discard (hand, chosen in private and then revealed) or remove chain cards."""
    p, zone, n = frame["player"], frame["zone"], frame["n"]
    if frame.got is None:
        if zone == "hand":
            st.push(Pick.name, player=p, zone=f"hand:{p}", min=n, max=n, kind="discard", private=True,
                    prompt=f"Clean step: discard {n} card(s) down to {HAND_LIMIT}")
        else:
            pick(st, p, st.table.cards(f"chain:{p}"), n, n, f"Clean step: remove {n} chain card(s) down to {CHAIN_LIMIT}",
                 kind="remove_chain")
        return
    st.pop()
    for i in frame.got:
        st.move_card(i, f"discard:{p}")
        st.table.set_flags(i, 0)
        st.table.reveal_to_all(i)
    st.note("discarded" if zone == "hand" else "chain_removed",
            {"player": p, "cards": list(frame.got), "names": [st.card(i).name for i in frame.got]})


def flip_face_down(st: MaState, cards: Any) -> None:
    """MA-7.4: paid chain cards turn face down; both players saw them face up, so they stay known (MA-14.4)."""
    for i in cards:
        st.table.reveal_to_all(i)
        st.table.set_flag(i, FACE_DOWN)


def refuse(rule: str, message: str) -> IllegalActionError:
    return IllegalActionError(rule, message)
