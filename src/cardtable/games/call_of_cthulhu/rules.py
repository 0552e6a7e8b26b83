"""The Call of Cthulhu turn as engine frames: setup (CC-4), the phases (CC-5), stories (CC-8),
insanity, wounds and destruction (CC-9), uniqueness (CC-10) and the state checks (CC-12.3.1).

Every change a card could respond to happens as an engine event (``emit``): the engine offers
interrupts, this module's ``perform`` makes it happen, ``state_checks`` runs, then forced effects and
reactions follow (CC-12.3). The frames below only sequence the rules; each op's docstring cites its rule.
"""

from __future__ import annotations

from typing import Any

from ...core import Action, shared_action
from ...engine import EXHAUSTED, Frame, Op, emit, expire, lasting_total, open_window, pick, secret_round
from ...engine.frames import thaw
from .effects import (
    _passive_sources as passive_sources, card_was_played, choose_event_targets, icons_counted_as, perform_effect_event,
    resolve_event, return_control, start_win_effect,
)
from . import effects as _effects
from .defs import ARCANE, COMBAT, INVESTIGATION, STRUGGLES, TERROR
from .state import (
    DOMAINS_PER_PLAYER, DRAW_PER_TURN, FIRST_TURN_DRAW, INSANE, OPENING_DRAW, OPENING_RESOURCES, OPS, PLAY_ZONES,
    ROW_ZONES, STORIES_TO_WIN, STORY_ROW_SIZE, TOKENS_TO_WIN_STORY, CocState, zone_ids,
)
from .state import _ICON_STATS as ICON_STATS

WON_ZONES = zone_ids("won:0", "won:1")
DECK_ZONES = zone_ids("deck:0", "deck:1")

# --- setup (CC-4) -------------------------------------------------------------------------------------


@OPS.step("cc.setup")
def _setup(st: CocState, frame: Frame) -> None:
    """CC-4.4 draw 8; CC-4.5 each player secretly picks 3 cards, one per domain, revealed together
    (D-05); CC-4.7 the first player is chosen at random (D-06); CC-4.8 turn 1 starts."""
    stage = frame["stage"]
    if stage == "draw":
        for p in range(st.players):
            for _ in range(OPENING_DRAW):
                deck = st.table.cards(f"deck:{p}")
                st.move_card(deck[-1], f"hand:{p}")
        st.note("opening_hands", {"cards": OPENING_DRAW})
        st.replace(frame.evolve(stage="resources"))
        secret_round(st, range(st.players), "hand:{p}", OPENING_RESOURCES, OPENING_RESOURCES,
                     "Choose 3 cards to place as resources: the first goes to domain 1, then 2, then 3",
                     "opening_resources", kind="opening_resources")
    elif stage == "resources":
        for p, picks in frame.got:
            for d, card in enumerate(picks):
                attach_resource(st, p, card, d, log=False)
        st.note("resources_revealed", {"resources": [[p, [[st.card(c).title for c in picks]]] for p, picks in frame.got]})
        first = st.rng.below(st.players)
        st.vars["first"] = st.vars["active"] = first
        st.vars["turn"] = 1
        st.note("first_player", {"player": first})
        st.pop()


def attach_resource(st: CocState, p: int, card: int, d: int, log: bool = True) -> None:
    """CC-3.13: a card attached face up under one of your domains (out of play, public)."""
    st.move_card(card, f"res:{p}:{d}")
    st.table.reveal_to_all(card)
    if log:
        st.note("resource_attached", {"player": p, "domain": d, "card": card, "title": st.card(card).title})


# --- the turn (CC-5) ----------------------------------------------------------------------------------

PHASES = ("refresh", "draw", "resource", "operations", "story", "end_of_turn")


def begin_turn(st: CocState) -> None:
    st.push("cc.turn", stage="refresh")


_NEXT_STAGE = {"refresh": "ready", "ready": "restore", "restore": "domains", "domains": "w_refresh",
               "w_refresh": "draw", "draw": "w_draw", "w_draw": "resource", "resource": "w_resource",
               "w_resource": "ops", "ops": "story", "story": "end", "end": "end_triggers", "end_triggers": "next"}


@OPS.step("cc.turn")
def _turn(st: CocState, frame: Frame) -> None:
    """CC-5.0: Refresh → Draw → Resource → Operations → Story → End of turn."""
    args = frame.args
    stage, p = args["stage"], st.vars["active"]  # (``active_player``, read inline: every step)
    t = st.table
    following = _NEXT_STAGE.get(stage)
    if following is not None:
        st.stack[-1] = frame.evolve(stage=following)
    if stage == "refresh":  # CC-5.10 (1) start-of-turn triggers
        set_phase(st, "refresh")
        st.note("turn", {"turn": st.vars["turn"], "player": p})  # the log's turn marker (no game effect)
        emit(st, "turn_start", player=p)
    elif stage == "ready":  # CC-5.10 (2) ready all exhausted cards (insane ones cannot, CC-3.12)
        for i in t.cards(f"play:{p}"):
            if t.flags[i] & EXHAUSTED and not t.flags[i] & INSANE:
                emit(st, "readied", card=i)
    elif stage == "restore":  # CC-5.10 (3), CC-9.3: restore exactly one insane character that may be
        cands = [i for i in st.characters(p) if st.insane(i) and restorable(st, i)]
        if cands:
            st.push("cc.restore_choice", player=p, cands=tuple(cands))
    elif stage == "domains":  # CC-5.10 (4) refresh all drained domains
        for d in range(DOMAINS_PER_PLAYER):
            if st.drained(p, d):
                emit(st, "domain_refreshed", player=p, domain=d)
    elif stage == "w_refresh":
        open_window(st, "refresh", p)
    elif stage == "draw":  # CC-5.20 / CC-5.1
        end_phase(st)
        set_phase(st, "draw")
        n = FIRST_TURN_DRAW if st.vars["turn"] == 1 else DRAW_PER_TURN
        for _ in range(n):
            st.push("cc.draw", player=p)
    elif stage == "w_draw":
        open_window(st, "draw", p)
    elif stage == "resource":  # CC-5.30
        end_phase(st)
        set_phase(st, "resource")
        st.vars["resourced"] = 0
        if t.cards(f"hand:{p}"):
            st.push("cc.resource_choice", player=p)
        emit(st, "phase_start", player=p, phase="resource")  # CC-12.3: before the choice (Rum Warehouse)
    elif stage == "w_resource":
        open_window(st, "resource", p)
    elif stage == "ops":  # CC-5.40
        end_phase(st)
        set_phase(st, "operations")
        open_window(st, "ops", p)
    elif stage == "story":  # CC-5.1: no story phase on turn 1
        end_phase(st)
        if st.vars["turn"] != 1:
            set_phase(st, "story")
            st.push("cc.story", stage="attack")
    elif stage == "end":  # CC-5.60 (1)
        end_phase(st)
        set_phase(st, "end_of_turn")
        open_window(st, "turn_end", p)
    elif stage == "end_triggers":  # CC-5.60 (2)
        emit(st, "turn_end", player=p)
    elif stage == "next":  # CC-5.60 (3)(4), CC-1.8
        return_control(st, "end_of_phase")
        return_control(st, "end_of_turn")
        expire(st, "end_of_phase")
        expire(st, "end_of_turn")
        st.pop()
        st.vars["active"] = 1 - p
        st.vars["turn"] += 1
        cap = st.options.get("max_turns")
        if cap and st.vars["turn"] > cap:
            st.finish([], f"the turn cap of {cap} turns was reached: a draw (CC-1.8)", {"truncated": True})


def set_phase(st: CocState, phase: str) -> None:
    st.vars["phase"] = phase


def end_phase(st: CocState) -> None:
    """CC-5.61: lasting effects of non-passive abilities end with their phase."""
    return_control(st, "end_of_phase")
    expire(st, "end_of_phase")


@OPS.step("cc.draw")
def _draw(st: CocState, frame: Frame) -> None:
    """CC-9.7: one single draw (an atomic step, then the deck-out check CC-1.5)."""
    st.pop()
    p = frame["player"]
    if st.table.cards(f"deck:{p}"):
        emit(st, "card_drawn", player=p)


@OPS.step("cc.draw_round")
def _draw_round(st: CocState, frame: Frame) -> None:
    """CC-1.5.1 / CC-9.7: one round of a draw by several players: each with a card left draws one, all
    in one atomic step, so the deck-out check sees the round whole (both decks empty: CC-1.6.3)."""
    st.pop()
    players = tuple(q for q in frame["players"] if st.table.cards(f"deck:{q}"))
    if players:
        emit(st, "card_drawn", player=players[0], round=players)


@OPS.step("cc.restore_choice")
def _restore_choice(st: CocState, frame: Frame) -> None:
    """CC-5.10 (3): the AP chooses which insane character to restore (exactly one)."""
    args = frame.args
    if frame.got is None:
        st.replace(frame.evolve())
        pick(st, args["player"], args["cands"], 1, 1, "Choose an insane character to restore", kind="restore")
        return
    st.pop()
    emit(st, "restored", card=frame.got[0], ready=False)


def restorable(st: CocState, i: int) -> bool:
    """CC-7.23.1: not while its controller controls a non-insane character of the opposite kind."""
    d, p = st.card(i), st.table.ctrl[i]
    for mine, other in (("heroic", "villainous"), ("villainous", "heroic")):
        if mine in d.keywords and any(st.has_keyword(c, other) for c in st.characters(p) if c != i):
            return False
    return True


# --- resource phase -----------------------------------------------------------------------------------


_RESOURCE_ACTIONS: dict[tuple[int, int], tuple[Action, ...]] = {}  # (seat, card) -> its resource options


def _resource_actions(p: int, i: int) -> tuple[Action, ...]:
    """Seat ``p``'s options to attach card ``i`` to each of its domains: made once per seat and card (the same
    hand is listed turn after turn; ``shared_action`` makes each a single object)."""
    actions = _RESOURCE_ACTIONS.get((p, i))
    if actions is None:
        actions = _RESOURCE_ACTIONS[(p, i)] = tuple(shared_action(p, "resource", (("card", i), ("domain", d)))
                                                   for d in range(DOMAINS_PER_PLAYER))
    return actions


class ResourceChoice(Op[CocState]):
    """CC-5.30: attach one card from hand to any of your domains, or none. The decision lists hand
    cards, so only its player sees it; the frame names no card."""

    name = "cc.resource_choice"

    def run(self, st: CocState, frame: Frame) -> None:
        p = frame["player"]
        options: list[Action] = []
        for i in st.table.cards(f"hand:{p}"):
            options += _resource_actions(p, i)
        options.append(shared_action(p, "no_resource"))
        st.ask(p, "resource", "Attach a card from your hand as a resource (one per turn), or none", options)

    def answer(self, st: CocState, frame: Frame, action: Any) -> None:
        st.pop()
        if action.kind == "resource":
            p = frame["player"]
            st.vars["resourced"] += 1
            # one per turn, plus any extra an effect allows (extra_resource_phase_attach)
            if st.vars["resourced"] < 1 + lasting_total(st, "extra_resource", f"p{p}") and len(st.table.cards(f"hand:{p}")) > 1:
                st.push("cc.resource_choice", player=p)
            emit(st, "resource_attached", player=p, card=action.get("card"), domain=action.get("domain"))


# --- playing cards (CC-6, CC-7) -------------------------------------------------------------------------


@OPS.step("cc.play")
def _play(st: CocState, frame: Frame) -> None:
    """CC-6.11: declare → costs → restrictions and targets → pay → played; CC-7.32 attach on entry."""
    args = frame.args
    p, i, stage = args["player"], args["card"], args["stage"]
    d = st.card(i)
    if stage == "host":  # CC-6.11: the card is declared — shown to all — before anything else
        st.move_card(i, "resolving")
        st.table.reveal_to_all(i)
        st.note("declared", {"player": p, "card": i, "title": d.title})
        st.replace(frame.evolve(stage="targets"))
        if d.type == "support" and d.attach_to is not None:
            pick(st, p, st.hosts_for(p, i), 1, 1, f"Attach {d.title} to", kind="attach_host")
    elif stage == "targets":
        host = frame.got[0] if frame.got else -1
        st.replace(frame.evolve(stage="pay", host=host))
        if d.type == "event":
            choose_event_targets(st, p, i)
    elif stage == "pay":
        targets = frame.got if d.type == "event" and frame.got is not None else ()
        cost = st.actual_cost(i, args["x"])
        st.replace(frame.evolve(stage="announce", targets=targets, cost=cost))
        st.push("engine.pay", player=p, cost=("card", i, cost), prompt=f"Pay {cost} for {d.title}")
    elif stage == "announce":
        payment = frame.got or ()
        overpaid = max(0, st.vars["paid_from"] - args["cost"]) if payment else 0  # CC-6.5
        st.note("played", {"player": p, "card": i, "title": d.title, "cost": args["cost"], "overpaid": overpaid})
        st.replace(frame.evolve(stage="cleanup"))
        emit(st, "card_played", player=p, card=i, host=args["host"], targets=args["targets"], x=args["x"],
             overpaid=overpaid)
    else:
        st.pop()
        if st.table.zone_name(i) == "resolving":  # CC-12.3.2: a cancelled play still goes to the discard pile
            st.move_card(i, st.discard_zone(i))


def enter_play(st: CocState, i: int, p: int, host: int = -1, exhausted: bool = False) -> None:
    """A character or support enters play under ``p`` (ready unless stated, CC-3.10)."""
    st.move_card(i, f"play:{p}")
    st.table.set_ctrl(i, p)
    st.table.reveal_to_all(i)
    if host >= 0:
        st.table.attach(i, host)
    st.vars["seq"] += 1
    st.table.add_counter(i, "seq", st.vars["seq"])
    if exhausted:
        st.table.set_flag(i, EXHAUSTED)
    emit(st, "enters_play", card=i, player=p)


# --- perform: making each event happen --------------------------------------------------------------


# events ``perform`` only lets happen (what answers them is the event procedure's)
_NOTHING_TO_PERFORM = frozenset({"turn_start", "turn_end", "phase_start", "phase_end", "enters_play", "story_resolution_start",
                                 "story_resolved", "story_won", "struggle_lost"})


def perform(st: CocState, kind: str, data: dict[str, Any]) -> None:
    """Make event ``kind`` happen (the event procedure's ``perform``). The kinds are tested most frequent first, those
    that change nothing here before all (a quarter of the events): each kind has one branch, so the order of the
    tests cannot change what happens."""
    t = st.table
    if kind in _NOTHING_TO_PERFORM:
        return
    if kind == "card_drawn":
        for p in data.get("round") or (data["player"],):  # a round (CC-1.5.1): every player's card at once
            deck = t.cards(f"deck:{p}")
            if deck:
                c = deck[-1]
                st.move_card(c, f"hand:{p}")
                st.note("drew", {"player": p, "card": c, "title": st.card(c).title}, visible_to=(p,), redacted={"player": p})
    elif kind == "committed":
        i = data["card"]
        st.note("committed", {"player": data["player"], "card": i, "title": st.card(i).title, "slot": data["slot"],
                              "role": data.get("role", "effect")})
        t.add_counter(i, "story", data["slot"] + 1 - t.counter(i, "story"))
        if data.get("exhaust"):
            t.set_flag(i, EXHAUSTED)
    elif kind == "success_token_placed":
        slot, p = data["slot"], data["player"]
        if st.story_at(slot) is not None:
            st.vars["tokens"][2 * slot + p] += 1
            st.note("success_token", {"player": p, "slot": slot, "tokens": st.vars["tokens"][2 * slot + p]})
    elif kind == "struggle_won":
        note = {"type": data["type"], "slot": data["slot"], "winner": data["winner"], "strength": data["strength"]}
        if "against" in data:  # the loser's icons (an effect's own struggle_won event may not say)
            note["against"] = data["against"]
        st.note("struggle", note)
    elif kind == "readied":
        t.set_flag(data["card"], EXHAUSTED, False)
    elif kind == "card_played":
        i, p = data["card"], data["player"]
        d = st.card(i)
        card_was_played(st, p, i)
        if d.type in ("character", "support"):
            host = data["host"]
            if host >= 0 and not (t.in_play(host) or t.zone_name(host).startswith("row:")):
                st.move_card(i, st.discard_zone(i))  # the host left before the support arrived
            else:
                enter_play(st, i, p, host)
        else:
            resolve_event(st, p, i, data)
    elif kind == "uncommitted":
        t.add_counter(data["card"], "story", -t.counter(data["card"], "story"))
    elif kind == "domain_refreshed":
        st.vars["drained"][3 * data["player"] + data["domain"]] = 0
    elif kind == "resource_attached":
        attach_resource(st, data["player"], data["card"], data["domain"])
    elif kind == "exhausted":
        t.set_flag(data["card"], EXHAUSTED)
    elif kind == "goes_insane":
        _go_insane(st, data["card"])
    elif kind == "wounded":
        i = data["card"]
        if t.in_play(i) and not st.has_keyword(i, "invulnerability") and not st.effects_prevented("wound", i):
            t.add_counter(i, "wounds", data["n"])
            st.note("wounded", {"card": i, "title": st.card(i).title, "n": data["n"]})
    elif kind == "restored":
        i = data["card"]
        if st.insane(i) and restorable(st, i):
            t.set_flag(i, INSANE, False)
            t.set_flag(i, EXHAUSTED, not data.get("ready"))
            st.note("restored", {"card": i, "title": st.card(i).title})
    elif kind in ("destroyed", "sacrificed", "discarded_from_play"):
        i = data["card"]
        if t.in_play(i):
            leave_play(st, i, st.discard_zone(i), kind)
    else:
        perform_effect_event(st, kind, data)


def _go_insane(st: CocState, i: int) -> None:
    """CC-9.1: face down, uncommitted, attachments discarded, tokens removed; wounded → destroyed (D-41)."""
    t = st.table
    if not t.in_play(i) or st.insane(i) or st.card(i).type != "character":
        return
    had_wounds = st.wounds(i) > 0
    for a in t.attachments(i):
        st.move_card(a, st.discard_zone(a))
    for name in ("story", "wounds"):
        t.add_counter(i, name, -t.counter(i, name))
    t.set_flag(i, EXHAUSTED, False)
    t.set_flag(i, INSANE)
    st.lasting = [e for e in st.lasting if e[1] != i]
    st.note("insane", {"card": i, "title": st.card(i).title})
    if had_wounds:
        emit(st, "destroyed", card=i)


def leave_play(st: CocState, i: int, zone: str, why: str) -> None:
    """CC-9.5: the card goes to its owner's zone; attachments discarded; tokens, wounds, effects end."""
    title = st.card(i).title
    gone = st.move_card(i, zone)
    st.note(why, {"card": i, "title": title, "attachments": [st.card(a).title for a in gone]})


# --- the story phase (CC-8) ---------------------------------------------------------------------------


@OPS.step("cc.story")
def _story(st: CocState, frame: Frame) -> None:
    """CC-5.50–5.55: attackers, W-ATTACK, defenders, W-DEFEND, resolve, W-STORY-END."""
    stage, ap = frame.args["stage"], st.vars["active"]  # (``active_player``, read inline)
    nap = 1 - ap
    if stage == "attack":
        st.stack[-1] = frame.evolve(stage="w_attack")
        st.push("cc.commit", player=ap, role="attack", chosen=())
    elif stage == "w_attack":
        if not st.committed_at_any(ap):  # CC-5.50: no attackers, the story phase ends
            st.pop()
            return
        st.stack[-1] = frame.evolve(stage="defend")
        open_window(st, "attack", ap)
    elif stage == "defend":
        st.stack[-1] = frame.evolve(stage="w_defend")
        st.push("cc.commit", player=nap, role="defend", chosen=())
    elif stage == "w_defend":
        st.stack[-1] = frame.evolve(stage="resolve")
        open_window(st, "defend", ap)
    elif stage == "resolve":
        st.stack[-1] = frame.evolve(stage="queued")
        st.vars["story_phase"] = 2
        st.push("cc.stories", handled=())
    elif stage == "queued":  # CC-5.6.1: reactions to events queued during resolution
        st.vars["story_phase"] = 0
        queued = st.vars["queued"]
        st.vars["queued"] = []
        st.stack[-1] = frame.evolve(stage="w_story_end")
        for kind, data in reversed(queued):
            st.push("cc.queued_reaction", kind=kind, data=tuple((k, v) for k, v in data))
    elif stage == "w_story_end":
        st.stack[-1] = frame.evolve(stage="done")
        open_window(st, "story_end", ap)
    else:
        st.pop()


@OPS.step("cc.queued_reaction")
def _queued_reaction(st: CocState, frame: Frame) -> None:
    """CC-5.6.1: offer the reactions to one queued event, AP first, alternating (D-30, D-31)."""
    args = frame.args
    st.pop()
    kind, data = args["kind"], args["data"]
    if st.respondable("reaction", kind, data):
        open_window(st, "reaction", st.active_player(), event=(kind, data))


_COMMIT_ACTIONS: dict[tuple[int, int, int], Action] = {}  # (seat, card, story slot) -> its commit option


def _commit_action(p: int, i: int, s: int) -> Action:
    """``shared_action(p, "commit", (("card", i), ("story", s)))``, found by a flat key (a commit listing names every
    ready character once per story, and is made again after each character chosen)."""
    action = _COMMIT_ACTIONS.get((p, i, s))
    if action is None:
        action = _COMMIT_ACTIONS[(p, i, s)] = shared_action(p, "commit", (("card", i), ("story", s)))
    return action


class Commit(Op[CocState]):
    """CC-8.3 / CC-8.5: one declaration of committed characters (any number; each to one story).

    Options: ``commit card= story=`` for each ready, non-insane, uncommitted character not yet chosen
    and each story it may go to (defenders only where the AP has a committed character), then
    ``done``. Characters in play are public, so the choices so far sit in the frame.
    """

    name = "cc.commit"

    def _options(self, st: CocState, frame: Frame) -> list[Any]:
        args = frame.args
        p, role = args["player"], args["role"]
        chosen = {args["chosen"][k] for k in range(0, len(args["chosen"]), 2)}
        t = st.table
        zones = t.zones
        if role == "attack":  # (``story_at``, read inline)
            slots = [s for s in range(STORY_ROW_SIZE) if zones[ROW_ZONES[s]]]
        else:
            ap = st.vars["active"]
            slots = [s for s in range(STORY_ROW_SIZE) if zones[ROW_ZONES[s]] and st.committed_at(s, ap)]
        out: list[Any] = []
        if not slots:
            return out  # (no story to commit to: no option, whichever characters are ready)
        flags, story, lasting = t.flags, t.counters.get, st.lasting
        actions = _COMMIT_ACTIONS
        for i in st.characters(p):  # ready, sane, uncommitted and not chosen yet (flags and counters read inline)
            if i in chosen or flags[i] & (INSANE | EXHAUSTED) or story((i, "story"), 0) != 0:
                continue
            if lasting and not st.can_commit(i):  # (only a lasting "cannot commit" prevents it)
                continue
            for s in slots:
                action = actions.get((p, i, s))  # (``_commit_action``'s common case, read inline)
                out.append(action if action is not None else _commit_action(p, i, s))
        return out

    def run(self, st: CocState, frame: Frame) -> None:
        args = frame.args
        options = self._options(st, frame)
        if not options:
            self._finish(st, frame)
            return
        p = args["player"]
        verb = "attack with" if args["role"] == "attack" else "defend with"
        st.ask(p, f"commit_{frame['role']}", f"Choose characters to {verb} (each to one story), then done",
               [*options, shared_action(p, "done")])

    def answer(self, st: CocState, frame: Frame, action: Any) -> None:
        if action.kind == "done":
            self._finish(st, frame)
        else:
            st.replace(frame.evolve(chosen=tuple(frame["chosen"]) + (action.get("card"), action.get("story"))))

    @staticmethod
    def _finish(st: CocState, frame: Frame) -> None:
        args = frame.args
        st.pop()
        pairs = args["chosen"]
        for k in range(len(pairs) - 2, -1, -2):  # pushed in reverse: they resolve in declaration order
            emit(st, "committed", card=pairs[k], slot=pairs[k + 1], player=args["player"], exhaust=True,
                 role=args["role"])


OPS.add(ResourceChoice())
OPS.add(Commit())


@OPS.step("cc.stories")
def _stories(st: CocState, frame: Frame) -> None:
    """CC-8.10: the AP picks the next story with a committed character, until none is left."""
    args = frame.args
    handled = tuple(args["handled"])
    if frame.got is not None:
        slot = args["cands"][frame.got]
        st.replace(frame.evolve(handled=handled + (slot,), cands=()))
        st.push("cc.resolve", slot=slot, story=st.story_at(slot), stage="start", t=0, fought=0)
        return
    cands = tuple(s for s in range(STORY_ROW_SIZE)
                  if s not in handled and st.story_at(s) is not None and st.committed_at(s))
    if not cands:
        st.pop()
        return
    st.replace(frame.evolve(cands=cands))
    st.push("engine.choose", player=st.active_player(), kind="next_story", prompt="Choose the next story to resolve",
            labels=tuple(st.card(st.story_at(s)).title for s in cands))  # type: ignore[arg-type]


_BOOSTING = ("boosting supports",)  # ``struggle_count``'s key in ``CocState.stamped``


def struggle_count(st: CocState, slot: int, kind: int) -> int:
    """CC-8.13: the story's icons + boosters of committed characters and of supports on the story or on
    them (D-24) + boosters added by effects − struggles removed by effects."""
    t = st.table
    row = t.zones[ROW_ZONES[slot]]  # (``story_at``, read inline)
    if not row:
        return 0
    story = row[0]
    host, defn, flags, boosting = t.host, t.defn, t.flags, st.game.booster_supports  # type: ignore[attr-defined]
    deftuple = st.game.deftuple  # type: ignore[attr-defined]
    n = deftuple[defn[story]].struggles[kind]
    chars = []
    for i in st.committed_at(slot):  # (``st.boosters``, inlined: the sane ones)
        if not flags[i] & INSANE:
            chars.append(i)
            n += deftuple[defn[i]].boosters[kind]
    memo = st.stamped()  # the supports with boosters in play, in play-area order: zones and definitions only
    supports = memo.get(_BOOSTING)
    if supports is None:
        supports = memo[_BOOSTING] = [a for z in PLAY_ZONES for a in t.zones[z] if defn[a] in boosting]
    if supports:  # (a support without boosters adds nothing: only those with some are read; hosts read now)
        hosts = set(chars)
        hosts.add(story)
        for a in supports:
            if host[a] in hosts:
                n += deftuple[defn[a]].boosters[kind]
    if st.lasting:
        n += lasting_total(st, f"boost:{STRUGGLES[kind]}", story) - lasting_total(st, f"unboost:{STRUGGLES[kind]}", story)
    return max(0, n)


def strength(st: CocState, slot: int, p: int, kind: int) -> int:
    """CC-8.12: the sum of effective icons of ``p``'s non-insane characters committed here."""
    return sum(icons_counted_as(st, i, kind, slot) for i in st.committed_at(slot, p) if not st.insane(i))


def struggle_winner(st: CocState, slot: int, kind: int) -> int | None:
    """CC-8.12: higher strength wins; 0 never wins; a tie > 0 goes to the only side with a Fast character."""
    return _struggle(st, slot, kind)[0]


def _struggle(st: CocState, slot: int, kind: int) -> tuple[int | None, int, int]:
    """``struggle_winner`` with both sides' strengths (attacker's, defender's): the struggle step reports
    them without counting every icon again."""
    ap = st.vars["active"]  # (``active_player``, read inline)
    if (not st.lasting or not _lasting_icons(st, kind)) and not _icon_sources(st, kind):
        # no lasting effect and no passive ability in play changes these icons: each character counts its
        # printed ones (``strength`` gives the same sums, asking each character for its passive total)
        t = st.table
        flags, defn, deftuple = t.flags, t.defn, st.game.deftuple  # type: ignore[attr-defined]
        sa = sd = 0
        for i in st.committed_at(slot, ap):
            if not flags[i] & INSANE:
                sa += max(0, deftuple[defn[i]].icons[kind])
        for i in st.committed_at(slot, 1 - ap):
            if not flags[i] & INSANE:
                sd += max(0, deftuple[defn[i]].icons[kind])
    else:
        sa, sd = strength(st, slot, ap, kind), strength(st, slot, 1 - ap, kind)
    return _winner(st, slot, ap, sa, sd), sa, sd


def _lasting_icons(st: CocState, kind: int) -> bool:
    """Is a lasting effect in force that ``strength`` reads for icons of ``kind``: one on those icons
    (``CocState.icons``' ``lasting_total``) or one counting one icon type as another (``icons_counted_as``)? Other
    lasting effects (a skill bonus, a threshold, a booster) leave every character's strength its printed icons, so
    a struggle with only those counts them the fast way too (a quarter of the struggles of random play)."""
    stat = ICON_STATS[kind]
    for e in st.lasting:
        if e[0] == stat or e[0] == "count_as":
            return True
    return False


def _icon_sources(st: CocState, kind: int) -> bool:
    """Is a card in play whose passive ability may change icons of ``kind`` (``passive_total``'s sources)?"""
    if not (st.table.defs_memo or st.facts()).passive_defs:
        return False
    pdefs = (st.table.defs_memo or st.facts()).passive_stat_defs.get(ICON_STATS[kind])
    return bool(pdefs) and bool(passive_sources(st, pdefs))


def _winner(st: CocState, slot: int, ap: int, sa: int, sd: int) -> int | None:
    if sa > sd and sa > 0:
        return ap
    if sd > sa and sd > 0:
        return 1 - ap
    if sa == sd and sa > 0:
        fast = [p for p in (ap, 1 - ap) if any(st.has_keyword(i, "fast") for i in st.committed_at(slot, p))]
        if len(fast) == 1:
            return fast[0]
    return None


@OPS.step("cc.resolve")
def _resolve(st: CocState, frame: Frame) -> None:
    """CC-8.11–8.19: one story: struggles in the fixed order, then Determine Success, then uncommit."""
    args = frame.args
    slot, stage, ap = args["slot"], args["stage"], st.vars["active"]  # (``active_player``, ``story_at``: read inline)
    row = st.table.zones[ROW_ZONES[slot]]
    won_meanwhile = (row[0] if row else None) != args["story"]
    if stage == "start":
        if not st.committed_at(slot, ap):  # CC-8.11: the story does not resolve
            st.stack[-1] = frame.evolve(stage="end")
            return
        st.stack[-1] = frame.evolve(stage="struggle")
        emit(st, "story_resolution_start", slot=slot)
    elif won_meanwhile and stage != "end":  # CC-8.20: the rest of a won story is skipped
        st.pop()
    elif stage == "struggle":
        _struggles(st, frame, slot, ap)
    elif stage == "success":  # CC-8.18
        st.stack[-1] = frame.evolve(stage="end")
        sa = sum(st.skill(i) for i in st.committed_at(slot, ap) if not st.insane(i))
        sd = sum(st.skill(i) for i in st.committed_at(slot, 1 - ap) if not st.insane(i))
        st.note("determine_success", {"slot": slot, "attacker": sa, "defender": sd, "unchallenged": sa >= 1 and sd == 0})
        if sa >= 1 and sa > sd:
            if sd == 0:
                st.push("cc.token", slot=slot, player=ap)
            st.push("cc.token", slot=slot, player=ap)
    else:  # CC-8.19 / CC-8.11: everyone committed here is uncommitted
        st.pop()
        expire(st, "end_of_story")  # "once per story" limits and "until the end of this story" effects
        if st.story_at(slot) == args["story"]:
            for i in reversed(st.committed_at(slot)):
                emit(st, "uncommitted", card=i)
            emit(st, "story_resolved", slot=slot)


def _struggles(st: CocState, frame: Frame, slot: int, ap: int) -> None:
    """CC-8.12–8.13: the struggles of one story in the fixed order, up to the first one won (its result and the
    ``struggle_won`` event are pushed, and the frame waits for them) or to the end of the last type.

    One step walks every struggle that changes nothing but the log (a tie, CC-8.12) and every move to the next type,
    where it used to take a step each: nothing else runs between those steps (the frame stays on top, and a tie only
    notes), so the story cannot have been won meanwhile, and a type's count (CC-8.13, D-14: recomputed) is the same
    until something happens — it is read once per type, then again after each struggle won. The frame left on the
    stack holds what the step-by-step walk left there."""
    args = frame.args
    kind, fought = args["t"], args["fought"]
    count = -1  # (not read yet for ``kind``)
    while kind <= INVESTIGATION:
        if count < 0:
            count = struggle_count(st, slot, kind)  # CC-8.13 (D-14): the current type's count
        if fought >= count:
            kind, fought, count = kind + 1, 0, -1
            continue
        fought += 1
        winner, sa, sd = _struggle(st, slot, kind)
        if winner is None:
            st.note("struggle", {"type": STRUGGLES[kind], "slot": slot, "winner": None,
                                 "strength": sa})  # both sides: a tie (CC-8.12)
            continue
        st.stack[-1] = frame.evolve(t=kind, fought=fought)
        loser = 1 - winner
        st.push("cc.struggle_result", slot=slot, kind=kind, winner=winner, loser=loser, stage="result")
        emit(st, "struggle_won", type=STRUGGLES[kind], slot=slot, winner=winner, loser=loser,
             strength=sa if winner == ap else sd, against=sd if winner == ap else sa)
        return
    st.stack[-1] = frame.evolve(stage="success", t=kind, fought=fought)


@OPS.step("cc.struggle_result")
def _struggle_result(st: CocState, frame: Frame) -> None:
    """CC-8.14 Terror, CC-8.15 Combat, CC-8.16 Arcane, CC-8.17 Investigation."""
    args = frame.args
    slot, kind, winner, loser = args["slot"], args["kind"], args["winner"], args["loser"]
    if args["stage"] == "result":
        st.replace(frame.evolve(stage="apply"))
        if kind == TERROR:
            cands = [i for i in st.committed_at(slot, loser)
                     if not st.insane(i) and st.icons(i, TERROR) == 0 and not st.has_keyword(i, "willpower")]
            if cands:
                pick(st, loser, cands, 1, 1, "Terror struggle lost: choose a character to go insane", kind="terror_victim")
        elif kind == COMBAT:
            cands = [i for i in st.committed_at(slot, loser) if not st.insane(i) and not st.has_keyword(i, "invulnerability")
                     and not st.effects_prevented("wound", i)]
            if cands:
                pick(st, loser, cands, 1, 1, "Combat struggle lost: choose a character to wound", kind="combat_victim")
        elif kind == ARCANE:
            cands = [i for i in st.committed_at(slot, winner) if st.exhausted(i) and not st.insane(i)]
            if cands:
                pick(st, winner, cands, 0, 1, "Arcane struggle won: you may ready one exhausted character here",
                     kind="arcane_ready")
        return
    st.pop()
    chosen = frame.got or ()
    if kind == TERROR and chosen:
        emit(st, "goes_insane", card=chosen[0])
    elif kind == COMBAT and chosen:
        emit(st, "wounded", card=chosen[0], n=1)
    elif kind == ARCANE and chosen:
        emit(st, "readied", card=chosen[0])
    elif kind == INVESTIGATION:
        st.push("cc.token", slot=slot, player=winner)
    emit(st, "struggle_lost", type=STRUGGLES[kind], slot=slot, player=loser)


@OPS.step("cc.token")
def _token(st: CocState, frame: Frame) -> None:
    """One success token placed (an atomic step, CC-1.5.1); the story-win check follows (CC-8.20)."""
    args = frame.args
    st.pop()
    if st.story_at(args["slot"]) is not None:
        emit(st, "success_token_placed", slot=args["slot"], player=args["player"])


# --- state checks (CC-12.3.1) and winning stories (CC-8.20) ----------------------------------------------


# Events after which no state check of CC-12.3.1 can newly apply (no token, draw, wound, toughness,
# control, keyword or won-pile change): the checks are skipped there, which matters on the hot path.
NO_CHECKS_AFTER = frozenset({"turn_start", "turn_end", "readied", "exhausted", "domain_refreshed", "struggle_won",
                             "struggle_lost", "story_resolution_start", "story_resolved", "committed", "uncommitted",
                             "resource_attached"})


def state_checks(st: CocState) -> None:
    """CC-12.3.1, in order: story wins, victory, deck-out, destruction, uniqueness, Heroic/Villainous."""
    state_checks_after(st, "")


def state_checks_after(st: CocState, kind: str) -> None:
    """``state_checks`` after event ``kind``, skipped for events that can change nothing they test
    (``NO_CHECKS_AFTER``). It is ``CocState.state_checks_after`` itself (bound at the end of state.py): the event
    procedure calls it after every event, so the test and the checks are one call."""
    if kind in NO_CHECKS_AFTER or st.vars["phase"] == "setup" or st._outcome is not None:
        return  # (``is_terminal``, without the property call)
    ap = st.vars["active"]  # (``active_player``, read inline: the checks run after most events)
    tokens = st.vars["tokens"]
    if max(tokens) >= TOKENS_TO_WIN_STORY:  # (i) CC-8.20, CC-8.21 (nobody has enough anywhere: the common case)
        won: list[tuple[int, int]] = []
        for slot in range(STORY_ROW_SIZE):
            if max(tokens[2 * slot], tokens[2 * slot + 1]) < TOKENS_TO_WIN_STORY:
                continue  # nobody has enough tokens here
            story = st.story_at(slot)
            if story is None:
                continue
            sides = [p for p in (ap, 1 - ap) if tokens[2 * slot + p] >= TOKENS_TO_WIN_STORY]
            if sides:
                won.append((slot, sides[0]))
        for slot, p in won:
            _take_story(st, slot, p)
    # (ii) CC-1.4 / CC-1.6.1
    zones = st.table.zones
    fewest = 1 if st.lasting else STORIES_TO_WIN  # the lowest ``threshold`` can be (no modifier: exactly 3)
    if max(len(zones[WON_ZONES[0]]), len(zones[WON_ZONES[1]])) < fewest:
        reached = []
    else:
        reached = [p for p in (ap, 1 - ap) if len(zones[WON_ZONES[p]]) >= st.threshold(p)]
    if reached:
        st.finish([reached[0]], f"seat {reached[0]} won {len(st.table.cards(f'won:{reached[0]}'))} stories (CC-1.4)",
                  outcome_details(st, "stories"))
        return
    # (iii) CC-1.5 / CC-1.6.3
    empty = [p for p in range(st.players) if not zones[DECK_ZONES[p]]] \
        if not zones[DECK_ZONES[0]] or not zones[DECK_ZONES[1]] else []
    if len(empty) == 2:
        st.finish([], "both draw decks ran out at once: a draw (CC-1.6.3)", outcome_details(st, "deck_out"))
        return
    if empty:
        st.finish([1 - empty[0]], f"seat {empty[0]}'s draw deck is empty (CC-1.5)", outcome_details(st, "deck_out"))
        return
    # (iv) CC-9.4 destruction, every qualifying character at once
    memo = st.stamped()  # what these checks read of zones, counters and definitions: walked once per table stamp
    walk = memo.get(_CHECK_WALK)
    if walk is None:
        walk = memo[_CHECK_WALK] = _check_walk(st)
    wounded, uniques_by_seat, printed_by_seat = walk
    for i, wounds in wounded:  # (a wounds counter is seldom above 0: only those are checked, in the same order)
        if wounds >= st.durability(i) and st.table.in_play(i) and not _pending(st, "destroyed", i):
            emit(st, "destroyed", card=i)
    # (v) CC-10.5: a second same-title unique card under one control: the later one is discarded
    for p in range(st.players):
        uniques = uniques_by_seat[p]
        if not uniques:
            continue  # no title twice: nothing to discard (the seq order is read only when one is)
        seen: dict[str, int] = {}
        for i in sorted(uniques, key=lambda c: st.table.counter(c, "seq")):
            title = st.card(i).title
            if title in seen and not _pending(st, "discarded_from_play", i):
                emit(st, "discarded_from_play", card=i)
            seen.setdefault(title, i)
    # (vi) CC-7.23.2: Heroic and Villainous together: the newcomers go (D-39, latest entry first)
    granted = st.game.hv_granted_passively or (  # type: ignore[attr-defined]
        bool(st.lasting) and any(e[0] in ("kw:heroic", "kw:villainous") for e in st.lasting))
    for p in range(st.players):
        if granted:
            chars = st.characters(p)
        else:  # then only a printed Heroic or Villainous character can count: ``_check_walk`` lists them only when
            chars = printed_by_seat[p]  # one is printed Heroic and one Villainous (else there is no clash to find)
        if len(chars) < 2:
            continue  # fewer than two candidates: no clash, whatever their keywords
        hv: list[tuple[int, int]] = []
        kinds: set[str] = set()
        for i in chars:  # each character's keywords asked once (heroic first, as the rule reads)
            if st.has_keyword(i, "heroic"):
                kinds.add("heroic")
            elif st.has_keyword(i, "villainous"):
                kinds.add("villainous")
            else:
                continue
            hv.append((st.table.counter(i, "seq"), i))
        if len(hv) < 2:
            continue
        if len(kinds) == 2:
            newest = max(hv)[1]
            if not _pending(st, "discarded_from_play", newest):
                emit(st, "discarded_from_play", card=newest)


_CHECK_WALK = ("state checks",)  # ``state_checks``' key in ``CocState.stamped``


def _check_walk(st: CocState) -> tuple[list[tuple[int, int]], list[list[int]], list[list[int]]]:
    """What the state checks (iv)-(vi) read of the table alone: the wounded cards with their wounds (in counter
    order), per seat the unique cards in play when a title is there twice (else none), and per seat the characters
    printed Heroic or Villainous when one of each is there (else none). Zones, counters and definitions only, so
    ``state_checks`` keeps it for the table's stamp (``CocState.stamped``); everything else (durability, keywords,
    flags, lasting effects, what is pending) it reads at every call. Each list is the one the checks' own walks
    built, in their order."""
    t = st.table
    wounded = []
    for (i, name), wounds in t.counters.items():
        if name == "wounds" and wounds > 0:
            wounded.append((i, wounds))
    unique_defs, printed = st.game.unique_defs, st.game.heroic_or_villainous_characters  # type: ignore[attr-defined]
    defn, deftuple, zones = t.defn, st.game.deftuple, t.zones  # type: ignore[attr-defined]
    uniques_by_seat: list[list[int]] = []
    printed_by_seat: list[list[int]] = []
    for p in range(st.players):
        uniques = []
        chars = []
        for i in zones[PLAY_ZONES[p]]:
            k = defn[i]
            if k in unique_defs:
                uniques.append(i)
            if k in printed:
                chars.append(i)
        if len(uniques) < 2 or len({deftuple[defn[i]].title for i in uniques}) == len(uniques):
            uniques = []  # no title twice: nothing to discard
        if len(chars) >= 2:
            kinds = set()
            for i in chars:
                keywords = deftuple[defn[i]].keywords
                if "heroic" in keywords:
                    kinds.add("heroic")
                if "villainous" in keywords:
                    kinds.add("villainous")
            if len(kinds) < 2:
                chars = []  # nothing grants either keyword: a clash needs one printed Heroic and one Villainous
        uniques_by_seat.append(uniques)
        printed_by_seat.append(chars)
    return wounded, uniques_by_seat, printed_by_seat


def _pending(st: CocState, kind: str, card: int) -> bool:
    return any(f.op == "engine.event" and f["kind"] == kind and dict(f["data"]).get("card") == card for f in st.stack)


def clear_story(st: CocState, slot: int, story: int) -> None:
    """A story leaves the row: both sides' tokens go, its characters are uncommitted (state kept) and its
    attachments are discarded (CC-8.20 steps 1–2; the same for a story swapped away)."""
    t = st.table
    st.vars["tokens"][2 * slot] = st.vars["tokens"][2 * slot + 1] = 0
    for i in st.committed_at(slot):
        t.add_counter(i, "story", -t.counter(i, "story"))
    for q in range(st.players):
        for a in list(t.cards(f"play:{q}")):
            if t.host[a] == story:
                leave_play(st, a, st.discard_zone(a), "discarded_from_play")


def _take_story(st: CocState, slot: int, p: int) -> None:
    """CC-8.20 steps 1–3 now, then (after the victory checks) refill and the win effect (steps 5–6)."""
    story = st.story_at(slot)
    assert story is not None
    t = st.table
    clear_story(st, slot, story)
    st.move_card(story, f"won:{p}")
    st.note("story_won", {"player": p, "slot": slot, "title": st.card(story).title,
                          "won": len(t.cards(f"won:{p}"))})
    st.push("cc.after_story_won", slot=slot, player=p, story=story)


@OPS.step("cc.after_story_won")
def _after_story_won(st: CocState, frame: Frame) -> None:
    """CC-8.20 steps 5–6: refill the slot from the story deck (CC-8.1), then the win effect."""
    args = frame.args
    st.pop()
    slot, p, story = args["slot"], args["player"], args["story"]
    deck = st.table.cards("story_deck")
    if deck and st.story_at(slot) is None:
        new = deck[-1]
        st.move_card(new, f"row:{slot}")
        st.table.reveal_to_all(new)
        st.note("story_revealed", {"slot": slot, "title": st.card(new).title})
    start_win_effect(st, p, story)
    emit(st, "story_won", slot=slot, player=p, story=story)


def outcome_details(st: CocState, how: str) -> dict[str, Any]:
    """Tags a simulator can group by (the game's own nouns stay here)."""
    return {"how": how, "turns": st.vars["turn"], "first_player": st.vars["first"],
            "stories_won": [len(st.table.cards(f"won:{p}")) for p in range(st.players)],
            "decks": [d["name"] if st.options.get("open_decklists") else None for d in st.options.get("decks", [])]}
    # The outcome is public, so deck names show only where the table opened the lists (D-CT-29).


def thaw_pairs(data: Any) -> list[list[Any]]:
    return [[k, thaw(v)] for k, v in data]


# The engine's hooks answered by these functions themselves (the note in ``CocState``): each takes the state first, so
# bound as methods they are the calls the engine makes, not methods that call them.
CocState.can_use = _effects.can_use  # type: ignore[assignment]
CocState.use_ability = _effects.use_ability  # type: ignore[assignment]
CocState.perform = perform  # type: ignore[assignment]
CocState.state_checks_after = state_checks_after  # type: ignore[assignment]
