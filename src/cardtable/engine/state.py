"""``CardState``: the shared state machine of every card game.

A card game's state is: the card table (``table.py``), the resolution stack of frames (``frames.py``),
the lasting effects with their durations (``modifiers.py``), the limits already used, each seat's
secret commitments, the game's own public variables (``vars``: declared once, so cloning, snapshots
and their validation need no per-game code) and the RNG.

The loop is the whole engine: while nobody has been asked anything and the game is not over, run the
top frame. ``apply`` hands the chosen action to the frame that asked. Because a waiting frame asks the
same question when run again, a snapshot does not store the decision: loading one (or sampling one
for a bot) re-runs the top frame and gets it back.
"""

from __future__ import annotations

from itertools import repeat
from operator import is_
from typing import Any, ClassVar, Container, Iterable, Mapping, Sequence

from ..core import Action, Decision, Event, IllegalActionError, Outcome, RecordError, Rng, State, Visibility, shared_action
from ..core.actions import DECISION_SETTERS
from ..core.game import GameDefinition
from .frames import Frame, _frozen, freeze, thaw
from .lazy import Lazy, LazyRows, Thunk, shared
from .ops import OpTable
from .table import ALL_SEATS, EXHAUSTED, FACE_DOWN, NO_CARD, CardTable, ZoneDecl
from .triggers import ACTION, matching

# enum members read as module names: ``Visibility.PUBLIC`` is a slow class-attribute look-up on the hot paths
_PUBLIC, _OWNER, _HIDDEN = Visibility.PUBLIC, Visibility.OWNER, Visibility.HIDDEN

_new_decision = object.__new__  # ``ask``'s construction of a ``Decision`` (with ``DECISION_SETTERS``)
_set_player, _set_kind, _set_prompt, _set_options = DECISION_SETTERS
_new_event = object.__new__  # ``note``'s construction of an ``Event`` (its slots set directly)
_new_frame = Frame.__new__  # (``push``/``ret`` build frames without ``__init__``'s copy of the arguments)

NO_OWNER = NO_CARD  # owner of a shared card (a story, a location deck): no seat

_PLAIN = (int, str, bool, type(None))
MAX_STEPS_WITHOUT_DECISION = 100_000  # a loop that never asks anything is a bug in a game's ops

Lasting = tuple[Any, ...]  # (stat, target, amount, until, source) — see modifiers.py


class CardState(State):
    """Base class of card-game states; a game subclasses it, sets ``OPS`` and ``VARS`` and fills the hooks."""

    __slots__ = ("table", "stack", "lasting", "used", "secrets", "vars", "rng", "steps")

    OPS: ClassVar[OpTable]
    VARS: ClassVar[Mapping[str, Any]] = {}  # name -> default (int, str, bool, None or a list of ints)

    table: CardTable
    stack: list[Frame]
    lasting: list[Lasting]
    used: set[tuple[Any, ...]]
    secrets: dict[int, Any]
    vars: dict[str, Any]
    rng: Rng
    steps: int

    # --- construction ------------------------------------------------------------------------------
    @classmethod
    def blank(cls, game: GameDefinition, seed: int | None, players: int, options: Mapping[str, Any],
              zones: Sequence[ZoneDecl]) -> "CardState":
        """An empty state (no cards, nothing on the stack) that a game's ``new_game`` fills."""
        st = cls.__new__(cls)
        st.game, st.seed, st.players, st.options = game, seed, players, dict(options)
        st.events, st.history, st._decision, st._outcome = [], [], None, None
        st.table = CardTable(zones)
        st.stack, st.lasting, st.used, st.secrets = [], [], set(), {}
        st.vars = {k: (list(v) if isinstance(v, list) else v) for k, v in cls.VARS.items()}
        st.rng = Rng(seed or 0)
        st.steps = 0
        return st

    def start(self) -> None:
        """Run until the first decision; called once by ``new_game`` after pushing the first frame."""
        self._advance()

    # --- the loop ------------------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        frame = self.stack[-1]
        self._decision = None
        self.OPS[frame.op].answer(self, frame, action)
        self._advance()

    def _advance(self) -> None:
        runs, guard, stack = self.OPS.runs, 0, self.stack
        while self._decision is None and self._outcome is None:
            if not stack:
                self.on_empty_stack()
                stack = self.stack  # (a hook may have replaced the list)
                if not stack and self._decision is None and self._outcome is None:
                    raise RuntimeError(f"{type(self).__name__}: the stack is empty and the game did not go on")
                continue
            frame = stack[-1]
            runs[frame.op](self, frame)
            stack = self.stack
            guard += 1
            if guard > MAX_STEPS_WITHOUT_DECISION:
                raise RuntimeError(f"no decision after {guard} steps; top frame {self.stack[-1] if self.stack else None}")
        self.steps += guard

    # --- stack helpers (used by ops) -------------------------------------------------------------
    @property
    def top(self) -> Frame:
        return self.stack[-1]

    def push(self, op: str, **args: Any) -> None:
        for k, v in args.items():
            t = type(v)
            if t is tuple:
                if v and not _frozen(v):  # (a tuple from a frame is one already: walked, not rebuilt; () needs no walk)
                    args[k] = freeze(v)
            elif t not in _PLAIN:
                args[k] = freeze(v)
        frame = _new_frame(Frame)
        frame.op, frame.args, frame.got = op, args, None  # ``args`` is this call's own dict: no copy needed
        self.stack.append(frame)

    def pop(self) -> Frame:
        return self.stack.pop()

    def replace(self, frame: Frame) -> None:
        self.stack[-1] = frame

    def ret(self, value: Any = None) -> None:
        """Finish the top frame and hand ``value`` to the frame beneath it (its ``got``).

        ``Frame.receive`` inlined: the frame beneath is replaced by one with the same (shared, never
        mutated) arguments and ``got`` set; a plain value skips ``freeze``'s call."""
        stack = self.stack
        stack.pop()
        if stack:
            if type(value) not in _PLAIN:
                value = freeze(value)
            below = stack[-1]
            frame = _new_frame(Frame)
            frame.op, frame.args, frame.got = below.op, below.args, value
            stack[-1] = frame

    def ask(self, player: int, kind: str, prompt: str, options: Sequence[Action]) -> None:
        """Stop and wait for ``player`` to choose one of ``options`` (never empty)."""
        if not options:
            raise RuntimeError(f"{self.top.op} asked seat {player} a question with no options")
        # the frozen dataclass's ``__init__`` without its per-field indirection: the same object, about half
        # the cost (one ``Decision`` per decision of every game)
        d = _new_decision(Decision)
        _set_player(d, player)
        _set_kind(d, kind)
        _set_prompt(d, prompt)
        _set_options(d, tuple(options))
        self._decision = d

    TURNED_FLAG: ClassVar[int] = EXHAUSTED
    """The flag bit that is the game's *turned* state of a card (exhausted, bowed, crosswise): the RL
    observation counts the visible copies so turned per zone and definition (``rl.cardgame``). A game
    whose cards turn by a flag of its own names it."""

    IN_PLAY_FLAGS: ClassVar[int] = 0
    """The flag bits that are states of a card in play (exhausted, insane...): a card that leaves play loses
    them (``move_card``; it is a new object out of play), so a pile shows it plain and a card put back into
    play from there does not bring an old state along. A game names its own."""

    CONCEDE_RULE: ClassVar[str | None] = None
    """The rule ID that lets a seat concede at any moment (``None``: the game has no concession).

    A ``concede`` action is then accepted from any seat whether or not the decision is his, so it is
    never a listed option (bots, search and random play never pick it); it is recorded like any other
    action, so a record replays to the same end. The other seats win."""

    def apply(self, action: Action | Mapping[str, Any]) -> None:
        d = self._decision
        if type(action) is Action and d is not None and action.kind != "concede" \
                and (any(map(is_, d.options, repeat(action))) or action in d.options):
            # the common case, a listed option: ``State.apply``'s checks without its conversions (same steps),
            # and ``_apply``'s body inlined (no card game overrides it). An action taken from the listing is
            # one of its objects: found by identity at C speed first, before ``in`` compares field by field
            # with every option ahead of it (an equal action built anew still takes the ``in``)
            self.history.append(action)
            frame = self.stack[-1]
            self._decision = None
            self.OPS.ops[frame.op].answer(self, frame, action)
            self._advance()
            return
        if self.CONCEDE_RULE is None:
            super().apply(action)
            return
        if not isinstance(action, Action):
            action = Action.from_dict(action)
        if action.kind != "concede":
            super().apply(action)
            return
        if self.is_terminal:
            raise IllegalActionError("CORE-2", "the game is over; no action can be taken")
        if action.player not in range(self.players) or action.params:
            raise IllegalActionError(self.CONCEDE_RULE, f"{action}: a concession names only the conceding seat")
        p = action.player
        winners = self.concede_winners(p)
        self.history.append(action)
        self.note("conceded", {"player": p})
        names = ", ".join(map(str, winners))
        self.finish(winners, f"seat {p} conceded; seat{'s' if len(winners) > 1 else ''} {names} "
                             f"win{'' if len(winners) > 1 else 's'} ({self.CONCEDE_RULE})",
                    self.concede_details())

    def concede_winners(self, p: int) -> list[int]:
        """Who wins when seat ``p`` concedes. The default, every other seat, is right for a duel; a
        game for more players may score the others instead."""
        return [q for q in range(self.players) if q != p]

    def concede_details(self) -> dict[str, Any]:
        """The outcome details of a concession (a game adds what its statistics read)."""
        return {"how": "concede"}

    def finish(self, winners: Iterable[int], reason: str, details: Mapping[str, Any] | None = None) -> None:
        """End the game now: nothing on the stack runs any more."""
        won = sorted(set(winners))
        self._outcome = Outcome(won, {s: float(s in won) for s in range(self.players)}, reason, dict(details or {}))
        self._decision = None
        self.stack.clear()

    def note(self, kind: str, data: dict[str, Any], visible_to: Iterable[int] | None = None,
             redacted: dict[str, Any] | None = None) -> None:
        """Add an event to the log, seen by everyone or only by ``visible_to`` (others see ``redacted``).

        The ``Event`` is built without calling its ``__init__`` (the same four slots set to the same
        values): every game notes an event or two per decision, and the call was a third of the cost."""
        e = _new_event(Event)
        e.kind = kind
        e.data = data
        e.visible_to = None if visible_to is None else frozenset(visible_to)
        e.redacted = redacted
        self.events.append(e)

    # --- hooks for games -------------------------------------------------------------------------
    def on_empty_stack(self) -> None:
        """Nothing left to do: push what comes next (the next phase or turn), or ``finish``."""
        raise NotImplementedError

    def definition_count(self) -> int:
        """How many card definitions the game has (``table.defn`` values are below it); for encoders."""
        return max(self.table.defn, default=-1) + 1

    def definition_types(self) -> Sequence[str]:
        """Each card definition's type, by index (what ``ZoneDecl.holds`` and ``turns`` name); () when the
        game names none, and then every zone holds every definition in the RL observation's layout."""
        return ()

    def public_options(self, seat: int | None) -> dict[str, Any]:
        """The table options ``seat`` may know (a game hides others' deck lists unless the table opens them)."""
        return dict(self.options)

    def describe(self, seat: int | None) -> dict[str, Any]:
        """Extra, derived facts for a seat's view (effective stats, labels); public or the seat's own."""
        return {}

    def describe_lazily(self, seat: int | None) -> Mapping[str, Any]:
        """``describe(seat)`` for ``lazy_view``: a game whose facts are costly returns ``engine.lazy.Lazy``
        mappings (computed when read) and defines ``describe`` as their ``materialize``."""
        return self.describe(seat)

    def prior(self, owner: int | None, unknown: int, known: Sequence[int], seat: int | None) -> list[int]:
        """Card definitions for ``unknown`` cards of ``owner`` that ``seat`` cannot see.

        ``known`` lists the definitions of that owner's cards the seat can see. Must come from public
        facts (the card pool, ready-made decks, an open deck list), never from the true hidden cards.
        """
        raise NotImplementedError

    # Abilities, events and windows (engine/triggers.py calls these).
    HAND_ZONES: ClassVar[tuple[str, ...]] = ()  # zones (``{p}`` = a seat) whose cards may act from there

    def active_player(self) -> int:
        """Whose turn it is (windows and responses start with him)."""
        return 0

    def first_to_respond(self) -> int:
        return self.active_player()

    def orderer(self, kind: str) -> int:
        """Who orders simultaneous forced effects triggered by event ``kind``."""
        return self.active_player()

    def trigger_sources(self) -> Iterable[int]:
        """Cards whose abilities may work now: those in play and in the ``HAND_ZONES``."""
        t = self.table
        out: list[int] = []
        for z, decl in enumerate(t.decls):
            if decl.in_play:
                out += t.zones[z]
        for pattern in self.HAND_ZONES:
            for p in range(self.players):
                out += t.cards(pattern.format(p=p))
        return out

    def may_trigger(self, ability_kind: str, event_kind: str | None) -> bool:
        """Could any card of the game have an ability of ``ability_kind`` answering ``event_kind``?

        A cheap gate before scanning the cards (games answer from their compiled card pool).
        """
        return True

    def loud_events(self) -> Container[str] | None:
        """The event kinds some interrupt, forced ability or reaction of the game could answer, or None for "any
        kind may be". For another kind the event procedure asks neither ``respondable`` nor ``matching`` (both
        must then answer no): a game answers from its compiled card pool, as ``may_trigger`` does."""
        return None

    def event_gates(self) -> tuple[Container[str], Container[str], Container[str]] | None:
        """The event kinds each asking stage of the event procedure could answer: (interrupts, forced abilities,
        reactions), or None for "any kind may be". For a kind outside one of them the procedure skips that stage's
        question (``respondable`` for interrupts or reactions, ``matching`` for forced abilities), which must then
        answer no. The default is ``loud_events`` for all three stages; a game that knows each stage's kinds apart
        (from its compiled card pool) skips more questions with one hook call per event step."""
        loud = self.loud_events()
        return None if loud is None else (loud, loud, loud)

    def trigger_defs(self, ability_kind: str, event_kind: str | None) -> Container[int] | None:
        """The card definitions that could have an ability of ``ability_kind`` answering ``event_kind``
        (any event when it is None), or None for "any card may". A cheap filter before ``abilities_of``:
        it may only leave out definitions whose abilities could never match.
        """
        return None

    def trigger_sources_for(self, defs: Container[int]) -> Iterable[int]:
        """``trigger_sources()`` restricted to cards whose definition is in ``defs``, in the same order
        (a game may answer it without listing every source first)."""
        defn = self.table.defn
        return [i for i in self.trigger_sources() if defn[i] in defs]

    def abilities_of(self, i: int) -> Sequence[Any]:
        """The compiled abilities (``engine.triggers.Ability``) card ``i`` has now."""
        return ()

    def can_use(self, player: int, source: int, ability: Any, kind: str | None, data: Any) -> bool:
        """Game check beyond zone, limit and condition: costs payable, targets present."""
        return True

    def use_ability(self, player: int, source: int, ability: Any, kind: str | None, data: Any) -> None:
        """Push the frames that pay for and resolve ``ability`` (the limit is already marked)."""
        raise NotImplementedError

    def perform(self, kind: str, data: dict[str, Any]) -> None:
        """Make event ``kind`` happen (step 2 of the trigger procedure)."""
        raise NotImplementedError

    def state_checks_after(self, kind: str) -> None:
        """The state checks after event ``kind`` (a game may skip kinds that can change nothing checked)."""
        self.state_checks()

    def state_checks(self) -> None:
        """Run the game's state checks after an event (may ``finish`` or push frames)."""

    def respondable(self, ability_kind: str, kind: str, data: Any) -> bool:
        """Is a window for ``ability_kind`` answers to ``kind`` worth opening (anyone could answer)?"""
        for p in range(self.players):  # the cheap, public test first (both are plain queries)
            if self.hidden_could_answer(p, ability_kind, kind):
                return True
        return bool(matching(self, ability_kind, None, kind, data))

    def defer_reactions(self, kind: str, data: Any) -> bool:
        """Return True (after storing the event) to offer reactions to it later instead of now."""
        return False

    def hidden_could_answer(self, player: int, window: str, kind: str | None) -> bool:
        """Could ``player``'s hidden cards answer in this window, judged from public facts only?"""
        return False

    def window_actions(self, name: str, player: int) -> Sequence[Action]:
        """The game's own options in window ``name`` (playing cards...), besides abilities and pass."""
        return ()

    def window_options(self, name: str, player: int) -> list[Action]:
        """Every option of action window ``name`` for ``player`` but ``pass``: the game's ``window_actions``, then a
        use of each usable action ability, in ``matching``'s order. A game whose listings are hot may answer both in
        one pass (Call of Cthulhu does); it must give this list."""
        actions: list[Action] = list(self.window_actions(name, player))
        for i, ab in matching(self, ACTION, player, None):
            actions.append(shared_action(player, "use", (("ability", ab.index), ("card", i))))  # (made once per value)
        return actions

    def start_action(self, name: str, action: Action) -> None:
        """Push the frames for a game action chosen in window ``name``."""
        raise NotImplementedError

    def window_closed(self, name: str) -> None:
        """Window ``name`` closed (every player passed in succession)."""

    def window_prompt(self, name: str, player: int, event: Any) -> str:
        if event is not None:
            return f"Respond to {event[0]}? ({name})"
        return f"{name}: take an action or pass"

    def check_vars(self, values: Mapping[str, Any]) -> None:
        """Validate the game's variables of a loaded snapshot (raise ``ValueError`` naming the field)."""

    # --- copies and snapshots ---------------------------------------------------------------------
    def clone(self) -> "CardState":
        cls = type(self)
        st = cls.__new__(cls)
        st.game, st.seed, st.players, st.options = self.game, self.seed, self.players, self.options
        st.events, st.history = self.events.copy(), self.history.copy()
        st._decision, st._outcome = self._decision, self._outcome
        st.table = self.table.copy()
        st.stack, st.lasting, st.used, st.secrets = self.stack.copy(), self.lasting.copy(), self.used.copy(), dict(self.secrets)
        st.vars = {k: (v.copy() if type(v) is list else v) for k, v in self.vars.items()}
        st.rng = self.rng.copy()
        st.steps = self.steps
        return st

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": "cardtable-cardstate/1",
            "game": self.game.info.id,
            "seed": self.seed,
            "players": self.players,
            "options": dict(self.options),
            "rng": self.rng.state,
            "table": self.table.to_dict(),
            **self._public_parts(),
            "secrets": [[s, thaw(v)] for s, v in sorted(self.secrets.items())],
            "events": [e.to_dict() for e in self.events],
            "history": [a.to_dict() for a in self.history],
        }

    def _public_parts(self) -> dict[str, Any]:
        return {
            "stack": [f.to_dict() for f in self.stack],
            "lasting": [list(thaw(e)) for e in self.lasting],
            "used": sorted([list(thaw(u)) for u in self.used], key=repr),
            "vars": {k: (list(v) if isinstance(v, list) else v) for k, v in self.vars.items()},
            "outcome": None if self._outcome is None else self._outcome.to_dict(),
        }

    @classmethod
    def load(cls, game: GameDefinition, d: Mapping[str, Any], zones: Sequence[ZoneDecl]) -> "CardState":
        """Rebuild a state from ``to_dict``; a malformed snapshot raises ``RecordError`` naming the field."""
        try:
            st = cls.blank(game, d["seed"], d["players"], d["options"], zones)
            st.table = CardTable.from_dict(zones, d["table"])
            st.rng = Rng(int(d["rng"]))
            cls._load_public(st, d)
            st.secrets = {int(s): freeze(v) for s, v in d.get("secrets", [])}
            st.events = [Event.from_dict(e) for e in d.get("events", [])]
            st.history = [Action.from_dict(a) for a in d.get("history", [])]
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError, IllegalActionError) as err:
            raise RecordError(f"{game.info.id} snapshot: {err.__class__.__name__}: {err}") from None
        if st._outcome is None:
            st._advance()
        return st

    @classmethod
    def _load_public(cls, st: "CardState", d: Mapping[str, Any]) -> None:
        frames = d["stack"]
        if not isinstance(frames, list):
            raise ValueError("stack must be a list of frames")
        st.stack = [Frame.from_dict(f) for f in frames]
        unknown = [f.op for f in st.stack if f.op not in cls.OPS]
        if unknown:
            raise ValueError(f"stack names unknown ops {unknown}")
        st.lasting = [freeze(e) for e in d["lasting"]]
        st.used = {freeze(u) for u in d["used"]}
        values = d["vars"]
        if not isinstance(values, Mapping) or set(values) != set(cls.VARS):
            raise ValueError(f"vars must hold exactly {sorted(cls.VARS)}")
        st.check_vars(values)
        st.vars = {k: (list(v) if isinstance(v, list) else v) for k, v in values.items()}
        out = d.get("outcome")
        st._outcome = None if out is None else Outcome.from_dict(out)

    # --- what a seat may see ---------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` may know: the public state, its own secrets, and the cards it can see.

        The table part lists a card instance (with its columns) only if the seat can see *where* it is
        — any card in a zone the seat can look into, or one it was shown. In a zone it cannot look
        into, each unseen card is ``None``: the count and nothing else, so instance ids (which follow a
        card from zone to zone) can never tell a seat which hidden card is which.
        """
        return {key: part() for key, part in self._view_parts(seat, False).items()}

    def lazy_view(self, seat: int | None) -> Mapping[str, Any]:
        """``view(seat)`` as a mapping whose parts are computed when first read (``engine.lazy``).

        For in-process bots, which read a few parts; valid only until the state changes. Every part
        comes from the same code as ``view``'s, and ``materialize(lazy_view(seat)) == view(seat)``.
        """
        return Lazy(self._view_parts(seat, True))

    def _view_parts(self, seat: int | None, lazy: bool) -> dict[str, Thunk]:
        """The view's keys, in order, each with the thunk that computes its value."""
        table = shared(lambda: self._table_view(seat, lazy))
        public = shared(self._public_parts)
        d = self.decision
        return {
            "game": lambda: self.game.info.id,
            "seat": lambda: seat,
            "players": lambda: self.players,
            "options": lambda: self.public_options(seat),
            "to_act": lambda: None if d is None else d.player,
            "decision": lambda: d.to_dict() if d is not None and seat == d.player else None,
            "cards": table("cards"),
            "zones": table("zones"),
            "counters": table("counters"),
            "stack": public("stack"),
            "lasting": public("lasting"),
            "used": public("used"),
            "vars": public("vars"),
            "outcome": public("outcome"),
            "secrets": lambda: [[s, thaw(v)] for s, v in sorted(self.secrets.items()) if s == seat],
            "committed": lambda: sorted(self.secrets),
            "info": (lambda: self.describe_lazily(seat)) if lazy else (lambda: self.describe(seat)),
        }

    def _table_view(self, seat: int | None, lazy: bool = False) -> dict[str, Any]:
        """The view's ``cards``, ``zones`` and ``counters`` (one walk over the table gives all three).

        With ``lazy``, ``cards`` is a ``LazyRows``: which instances it lists is decided here, each
        one's columns only when read (a bot reads a few cards of a hundred)."""
        t = self.table
        shown: dict[str, int] = {}  # str(i) -> i when its face is shown, ~i when only where it is
        zones: dict[str, Any] = {}
        flags, ctrl, known = t.flags, t.ctrl, t.known
        bit = 0 if seat is None else 1 << seat
        for z, decl in enumerate(t.decls):
            open_zone = decl.visible_to(seat)
            face_down_seen = decl.visibility is not _HIDDEN  # a controller sees his face-down card
            entries: list[int | None] = []
            for i in t.zones[z]:
                # ``CardTable.face_visible`` inlined (this loop runs over every card of the game)
                k = known[i]
                if k == ALL_SEATS or k & bit:
                    face = True
                elif flags[i] & FACE_DOWN:
                    face = face_down_seen and seat is not None and seat == ctrl[i]
                else:
                    face = open_zone
                if open_zone or face:
                    entries.append(i)
                    shown[str(i)] = i if face else ~i
                else:
                    entries.append(None)
            zones[decl.name] = entries
        row = self._card_row
        cards: Mapping[str, Any] = LazyRows(shown, row) if lazy else {key: row(code) for key, code in shown.items()}
        return {"cards": cards, "zones": zones,
                "counters": [[i, n, v] for (i, n), v in sorted(t.counters.items()) if str(i) in shown]}

    def _card_row(self, code: int) -> dict[str, Any]:
        """One card of the view's ``cards``: ``code`` is its instance, or ``~instance`` when its face is hidden."""
        t = self.table
        i = code if code >= 0 else ~code
        return {"defn": t.defn[i] if code >= 0 else None, "owner": t.owner[i], "ctrl": t.ctrl[i],
                "flags": t.flags[i], "host": t.host[i], "known": t.known[i]}

    # --- building a state from what a seat knows (determinization) ------------------------------------
    @classmethod
    def sample(cls, game: GameDefinition, view: Mapping[str, Any], log: list[dict[str, Any]], seed: int,
               zones: Sequence[ZoneDecl]) -> "CardState":
        """A full state consistent with ``view`` and ``log``; every card and secret the seat cannot see resampled.

        Hidden cards get fresh instance ids and definitions drawn from the game's public ``prior``;
        other seats' secrets are redrawn by the op that collected them. Only ``view`` and ``log`` are
        read, so the sample cannot know anything the seat does not.
        """
        rng = Rng(seed)
        seat = view["seat"]
        st = cls.blank(game, None, view["players"], {}, zones)
        st.options = dict(view.get("options", {}))
        vcards: Mapping[str, Any] = view["cards"]
        total = sum(len(v) for v in view["zones"].values())
        shown = {int(k) for k in vcards}
        spare = [i for i in range(total) if i not in shown]
        rng.shuffle(spare)
        n = total
        t = st.table
        t.defn, t.owner, t.ctrl = [-1] * n, [0] * n, [0] * n
        t.flags, t.host, t.known, t.zone, t.seen = [0] * n, [-1] * n, [0] * n, [-1] * n, [0] * n
        unknown: dict[int | None, list[int]] = {}
        known: dict[int | None, list[int]] = {}
        for z, decl in enumerate(t.decls):
            ids = []
            for entry in view["zones"][decl.name]:
                if entry is None:
                    i = spare.pop()
                    t.owner[i] = t.ctrl[i] = decl.owner if decl.owner is not None else NO_OWNER
                    unknown.setdefault(decl.owner, []).append(i)
                else:
                    i = int(entry)
                    c = vcards[str(i)]
                    t.owner[i], t.ctrl[i], t.flags[i], t.host[i], t.known[i] = c["owner"], c["ctrl"], c["flags"], c["host"], c["known"]
                    group = c["owner"] if c["owner"] >= 0 else None
                    if c["defn"] is None:
                        unknown.setdefault(group, []).append(i)
                    else:
                        t.defn[i] = c["defn"]
                        known.setdefault(group, []).append(c["defn"])
                t.zone[i] = z
                ids.append(i)
            t.zones[z] = ids
        t.counters = {(int(i), str(name)): int(v) for i, name, v in view["counters"]}
        t.reindex()
        st._load_public(st, view)
        st.secrets = {int(s): freeze(v) for s, v in view["secrets"]}
        st.rng = Rng(rng.next64())
        for owner, ids in sorted(unknown.items(), key=lambda kv: -1 if kv[0] is None else kv[0]):
            defs = st.prior(owner, len(ids), known.get(owner, []), seat)
            if len(defs) != len(ids):
                raise RuntimeError(f"prior for owner {owner} gave {len(defs)} cards for {len(ids)} unknown ones")
            rng.shuffle(defs)
            for i, dfn in zip(ids, defs):
                t.defn[i] = dfn
        t.defs_rewritten()
        st.events = [Event(e["kind"], {k: v for k, v in e.items() if k != "kind"}) for e in log]
        for other in view["committed"]:
            if other not in st.secrets:
                st.secrets[other] = st._resample_secret(other, rng)
        st._fit_sample(seat, unknown, rng)
        t.defs_rewritten()  # (a game's ``_fit_sample`` may exchange definitions)
        if st._outcome is None:
            st._advance()
        return st

    def _fit_sample(self, seat: int, unknown: Mapping[int | None, Sequence[int]], rng: Rng) -> None:
        """Make a fresh sample agree with what its pending frames say in public about hidden cards.

        The prior deals each owner's unseen cards at random, but a pending frame can tell the viewer more
        (a payer being asked to show a card of a kind has one in hand). A game then changes definitions
        among ``unknown[owner]`` (the instances whose faces were drawn for that owner) so the fact holds,
        best by exchanging them, which keeps each owner's unseen cards the prior's multiset. It may read
        only what the view shows (the stack is public). Nothing by default."""

    def _resample_secret(self, seat: int, rng: Rng) -> Any:
        """Redraw another seat's secret with the op of the frame that is collecting secrets.

        A seat that is still in the middle of a private pick gets no picks yet: the viewer cannot
        know how far it got, and the sampled state then asks it again from the start.
        """
        for frame in reversed(self.stack):
            op = self.OPS[frame.op]
            if getattr(op, "collects_secrets", False):
                return freeze(op.sample_for(self, frame, seat, rng))  # type: ignore[attr-defined]
        return ()

    # --- moving cards -------------------------------------------------------------------------------
    def move_card(self, i: int, zone: str, *, bottom: bool = False) -> list[int]:
        """Move card ``i`` to ``zone``; when it leaves play its attachments go with it (to their owners'
        discard zones, ``discard_zone``) and the lasting effects on it end. Returns the cards that left
        with it, so the game can log or trigger on them. A card entering a zone that is not public
        loses its flags (it is a new object there, face up and ready by default); one leaving play for a
        public zone loses the game's ``IN_PLAY_FLAGS``.
        """
        t = self.table
        z = t.zone_ids[zone]
        in_play = t.in_play_zone
        was_in_play = in_play[t.zone[i]]
        t.move(i, zone, bottom=bottom, flags=None if t.public[z] else 0)
        gone: list[int] = []
        if was_in_play and not in_play[z]:
            if self.IN_PLAY_FLAGS:
                t.set_flag(i, self.IN_PLAY_FLAGS, False)
            for a in t.attachments(i):
                gone.append(a)
                gone.extend(self.move_card(a, self.discard_zone(a)))
            if self.lasting:
                self.lasting = [e for e in self.lasting if e[1] != i and e[4] != i]
        return gone

    def discard_zone(self, i: int) -> str:
        """Where card ``i`` goes when it is discarded (its owner's discard pile)."""
        raise NotImplementedError

    def face_down(self, i: int) -> bool:
        return bool(self.table.flags[i] & FACE_DOWN)
