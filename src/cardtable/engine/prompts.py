"""Multi-step choices as ordinary decisions with enumerated options.

Each prompt is a frame that asks one small question at a time and hands its result to the frame
beneath it (``st.ret``): the caller pushes the prompt, and reads ``frame.got`` when it runs again.
A choice with only one possible answer is not asked: it resolves at once, which keeps simulations
fast and spares players pointless clicks. (That shortcut only ever depends on what the asked seat
may see, because the candidates handed to a prompt are the asked seat's own options.)

Action kinds (stable: front-ends and the RL encoder read them): ``pick`` (``card=``), ``done``,
``choose`` (``index=``), ``yes``/``no``, ``next`` (``item=``) for ordering.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from ..core import Action, IllegalActionError, Rng, shared_action
from .frames import Frame
from .ops import Op, OpTable

if TYPE_CHECKING:
    from .state import CardState


_PICKS: dict[Any, dict[Any, Action]] = {}  # player -> card -> its ``pick`` action, made once (``shared_action``)


def _pick(p: Any, c: Any) -> Action:
    picks = _PICKS.get(p)
    if picks is None or len(picks) >= 1 << 14:
        picks = _PICKS[p] = {}
    action = picks[c] = shared_action(p, "pick", (("card", c),))
    return action


_DONES: dict[Any, Action] = {}  # player -> his ``done`` action (``shared_action``'s object), read without its cache's call


def _done(p: Any) -> Action:
    if len(_DONES) >= 1 << 10:
        _DONES.clear()
    action = _DONES[p] = shared_action(p, "done")
    return action


class Pick(Op["CardState"]):
    """Choose between ``min`` and ``max`` distinct items one at a time, then ``done``.

    Args: player, min, max, prompt, kind (the decision kind), and either ``cands`` (ints, when the
    candidates are public) or ``zone`` (a zone name, ``{p}`` standing for the player: the candidates
    are the cards in it *now*). With ``private=True`` the picks so far live in ``st.secrets[player]``
    instead of the frame, so a pick among hidden cards (a hand) shows the others nothing — not even
    the instance ids. Returns the tuple of chosen items in the order picked.
    """

    name = "engine.pick"

    def run(self, st: "CardState", frame: Frame) -> None:
        # ``_cands`` and ``_chosen`` inlined (this runs at every pick): the same reads in the same order
        args = frame.args
        p = args["player"]
        if "zone" in args:
            zone = str(args["zone"])
            cands = st.table.cards(zone.format(p=p) if "{" in zone else zone)
        else:
            cands = args["cands"]
        chosen = tuple(st.secrets.get(p, ())) if args.get("private") else tuple(args.get("chosen", ()))
        lo, hi = args["min"], args["max"]
        if len(chosen) >= hi:
            self._finish(st, frame, chosen)
            return
        # one pass builds the options of the candidates left (a pick action per card, made once); they
        # are as many as the cards left, which decide whether there is a choice at all
        get = (_PICKS.get(p) or {}).get
        options = [get(c) or _pick(p, c) for c in cands if c not in chosen] if chosen else [get(c) or _pick(p, c) for c in cands]
        if not options:
            self._finish(st, frame, chosen)
            return
        if len(chosen) < lo and len(options) == lo - len(chosen) == hi - len(chosen):
            left = tuple(c for c in cands if c not in chosen)
            self._finish(st, frame, tuple(chosen) + left)  # exactly as many as needed: no choice
            return
        if len(chosen) >= lo:
            options.append(_DONES.get(p) or _done(p))
        st.ask(p, args.get("kind") or "pick", args["prompt"], options)

    def answer(self, st: "CardState", frame: Frame, action: Action) -> None:
        # ``_chosen`` inlined per branch (this runs at every pick): the same reads, one look at the args
        args = frame.args
        if action.kind == "done":
            self._finish(st, frame, self._chosen(st, frame))
        elif args.get("private"):
            p = args["player"]
            st.secrets[p] = tuple(st.secrets.get(p, ())) + (action.get("card"),)
        else:
            st.replace(frame.evolve(chosen=tuple(args.get("chosen", ())) + (action.get("card"),)))

    @staticmethod
    def _cands(st: "CardState", frame: Frame) -> list[int]:
        args = frame.args
        if "zone" in frame.args:
            zone = str(args["zone"])
            return list(st.table.cards(zone.format(p=args["player"]) if "{" in zone else zone))
        return list(args["cands"])

    @staticmethod
    def _chosen(st: "CardState", frame: Frame) -> tuple[Any, ...]:
        args = frame.args
        if args.get("private"):
            return tuple(st.secrets.get(args["player"], ()))
        return tuple(args.get("chosen", ()))

    @staticmethod
    def _finish(st: "CardState", frame: Frame, chosen: tuple[Any, ...]) -> None:
        args = frame.args
        if args.get("private"):
            st.secrets.pop(args["player"], None)
        st.ret(tuple(chosen))

    def sample(self, st: "CardState", frame: Frame, rng: Rng) -> Any:
        """A uniformly drawn legal answer (for another seat's secret during determinization)."""
        args = frame.args
        cands = self._cands(st, frame)
        lo, hi = args["min"], min(args["max"], len(cands))
        k = lo + rng.below(hi - lo + 1) if hi >= lo else len(cands)
        rng.shuffle(cands)
        return tuple(cands[:k])


class Choose(Op["CardState"]):
    """One of several labelled options; returns its index. Args: player, labels, prompt, kind."""

    name = "engine.choose"

    def run(self, st: "CardState", frame: Frame) -> None:
        args = frame.args
        labels = args["labels"]
        if len(labels) == 1:
            st.ret(0)
            return
        p = args["player"]
        st.ask(p, args.get("kind") or "choose", args["prompt"],
               [Action(p, "choose", (("index", k), ("label", str(label)))) for k, label in enumerate(labels)])

    def answer(self, st: "CardState", frame: Frame, action: Action) -> None:
        st.ret(action.get("index"))


class YesNo(Op["CardState"]):
    """An optional step: returns True or False. Args: player, prompt, kind."""

    name = "engine.yesno"

    def run(self, st: "CardState", frame: Frame) -> None:
        args = frame.args
        p = args["player"]
        st.ask(p, args.get("kind") or "yesno", args["prompt"], [Action(p, "yes"), Action(p, "no")])

    def answer(self, st: "CardState", frame: Frame, action: Action) -> None:
        st.ret(action.kind == "yes")


class Order(Op["CardState"]):
    """Put ``items`` in an order by choosing the next one until one is left. Args: player, items, ordered, prompt."""

    name = "engine.order"

    def run(self, st: "CardState", frame: Frame) -> None:
        args = frame.args
        ordered = tuple(args["ordered"])
        left = [x for x in args["items"] if x not in ordered]
        if len(left) <= 1:
            st.ret(ordered + tuple(left))
            return
        p = args["player"]
        st.ask(p, args.get("kind") or "order", args["prompt"], [Action(p, "next", (("item", x),)) for x in left])

    def answer(self, st: "CardState", frame: Frame, action: Action) -> None:
        st.replace(frame.evolve(ordered=tuple(frame["ordered"]) + (action.get("item"),)))


class SecretRound(Op["CardState"]):
    """Each seat of ``seats`` in turn makes a choice the others may not see; all are revealed together.

    Args: seats, done (seats finished so far — public), child (the op that asks one seat; it gets
    ``player`` plus ``child_args``; use ``engine.pick`` with ``private=True``), child_args, event (the
    kind of the public reveal event). A finished seat's answer waits in ``st.secrets``, which only that
    seat's view shows. Returns ``((seat, value), ...)`` and logs one public event with every value.
    """

    name = "engine.secret"
    collects_secrets = True

    def run(self, st: "CardState", frame: Frame) -> None:
        done = tuple(frame["done"])
        if frame.got is not None:  # the waiting seat just finished
            finished = self._waiting(frame)
            assert finished is not None, "a secret round got an answer with nobody waiting"
            st.secrets[finished] = frame.got
            done += (finished,)
            st.replace(frame.evolve(done=done))
            frame = st.top
        seat = self._waiting(frame)
        if seat is None:
            values = tuple((s, st.secrets.pop(s)) for s in frame["seats"])
            st.note(frame["event"], {"choices": [[s, _plain(v)] for s, v in values]})
            st.ret(values)
            return
        # ``push`` without its freeze walk: ``seat`` is an int and ``child_args`` came from a frame (frozen)
        child = Frame.__new__(Frame)
        child.op, child.args, child.got = frame["child"], {"player": seat, **dict(frame["child_args"])}, None
        st.stack.append(child)

    @staticmethod
    def _waiting(frame: Frame) -> int | None:
        args = frame.args
        for s in args["seats"]:
            if s not in args["done"]:
                return s
        return None

    def sample_for(self, st: "CardState", frame: Frame, seat: int, rng: Rng) -> Any:
        """Another seat's secret, redrawn: a full answer if it finished, no picks yet if it is choosing."""
        args = frame.args
        if seat not in args["done"]:
            return ()
        child = Frame(args["child"], {"player": seat, **dict(args["child_args"])})
        return st.OPS[child.op].sample(st, child, rng)


def _plain(value: Any) -> Any:
    return [_plain(v) for v in value] if isinstance(value, tuple) else value


def pick(st: "CardState", player: int, cands: Sequence[int], lo: int, hi: int, prompt: str, kind: str = "pick") -> None:
    """Push a ``Pick`` over public candidates; the caller reads the chosen tuple from ``frame.got`` next."""
    st.push(Pick.name, player=player, cands=tuple(cands), chosen=(), min=lo, max=hi, prompt=prompt, kind=kind)


def secret_round(st: "CardState", seats: Sequence[int], zone: str, lo: int, hi: int, prompt: str, event: str,
                 kind: str = "secret_pick") -> None:
    """Push a ``SecretRound`` in which each seat privately picks ``lo``..``hi`` of its cards in ``zone``."""
    st.push(SecretRound.name, seats=tuple(seats), done=(), child=Pick.name, event=event,
            child_args=(("zone", zone), ("min", lo), ("max", hi), ("prompt", prompt), ("kind", kind), ("private", True)))


def refuse_unknown(action: Action, expected: str) -> IllegalActionError:
    return IllegalActionError("ENGINE-2", f"{action} is not {expected}")


PROMPTS = OpTable()
for _op in (Pick(), Choose(), YesNo(), Order(), SecretRound()):
    PROMPTS.add(_op)
