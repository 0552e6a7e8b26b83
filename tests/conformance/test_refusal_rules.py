"""Random games with mutated inputs: every refusal of a card game cites one of its own rules.

The core refuses two things itself — a seat answering another seat's decision, and an answer that is
not among the options when the game has no more specific reason — and asks the game which rule that
breaks (``State._decision_rule``). Here seeded random games of Call of Cthulhu, Million Arthur and
Mythos are played; at every decision a few mutations of a legal action are tried — the wrong seat, a
card that is not offered, a ``done`` before the choice is complete, a ``pass``/``no``/``done`` where the
choice is mandatory — and each must be refused with a rule ID of the game's own specification (never the
core's ``CORE-3``), leaving the state exactly as it was. The played actions are the random ones, so the
games are the same as without the mutations.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import cardtable
from cardtable.core import Action, IllegalActionError
from cardtable.core.state import State

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules"
GAMES = {"call-of-cthulhu": ("CC", 2), "million-arthur": ("MA", 2), "mythos": ("MY", 3)}
STEPS = 400  # decisions per game: enough to reach every step of a turn many times


def _rule_ids(prefix: str) -> set[str]:
    text = "\n".join(p.read_text(encoding="utf-8") for p in RULES.glob("*.md"))
    return set(re.findall(rf"\b{prefix}-\d+(?:\.\d+)+[a-z]?", text))


def _mutations(st: State, rng: random.Random) -> list[tuple[str, Action]]:
    d = st.decision
    assert d is not None
    legal = set(d.options)
    a = rng.choice(d.options)
    out = [("wrong seat", Action((d.player + 1 + rng.randrange(st.players - 1)) % st.players, a.kind, a.params))]
    with_card = [o for o in d.options if isinstance(o.get("card"), int)]
    if with_card:
        o = rng.choice(with_card)
        for shift in (1, 7, 10_000):  # another card (often one that is not offered), then none at all
            params = tuple((k, v + shift if k == "card" and isinstance(v, int) else v) for k, v in o.params)
            out.append(("unoffered card", Action(d.player, o.kind, params)))
    for kind, what in (("done", "early finish"), ("pass", "declined"), ("no", "declined"), ("submit", "early finish")):
        out.append((what, Action(d.player, kind)))
    return [(name, m) for name, m in out if m not in legal]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_mutated_inputs_cite_the_games_own_rule_and_change_nothing(game_id: str) -> None:
    prefix, players = GAMES[game_id]
    known = _rule_ids(prefix)
    game = cardtable.load_game(game_id)
    tried: dict[str, int] = {}
    for seed in range(3):
        st = game.new_game(seed=seed, players=players)
        rng = random.Random(seed)
        for _ in range(STEPS):
            if st.is_terminal:
                break
            before = st.to_dict()
            for name, mutated in _mutations(st, rng):
                with pytest.raises(IllegalActionError) as err:
                    st.apply(mutated)
                rule = err.value.rule
                assert rule in known, f"{game_id} seed {seed}: {name} {mutated} at {st.decision.kind!r} " \
                                      f"cited {rule} ({err.value.message})"
                tried[name] = tried.get(name, 0) + 1
            assert st.to_dict() == before, f"{game_id} seed {seed}: a refused action changed the state"
            st.apply(rng.choice(st.legal_actions()))
    assert set(tried) == {"wrong seat", "unoffered card", "early finish", "declined"}, tried


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_rule_id_the_code_cites_exists_in_the_spec(game_id: str) -> None:
    """A refusal (or a note) cites rule IDs written as string literals in the game's package: each must be
    an ID of the game's spec, so a typo or a renumbered rule cannot send a player to nothing."""
    prefix, _players = GAMES[game_id]
    package = Path(cardtable.__file__).resolve().parent / "games" / game_id.replace("-", "_")
    cited = {m for path in package.glob("*.py")
             for m in re.findall(rf'"({prefix}-\d+(?:\.\d+)+[a-z]?)"', path.read_text(encoding="utf-8"))}
    assert cited and not cited - _rule_ids(prefix), sorted(cited - _rule_ids(prefix))


# Decisions that the scenario builders reach only with a long set-up (a reaction window, a cost paid by
# choosing a card, the order of simultaneous forced effects, an effect's modal choice, an optional
# trigger): the first one a seeded random game reaches. (game, seed, decision kind, the rule for another
# seat answering, an answer that is not offered, its rule)
SEEDED = [
    ("call-of-cthulhu", 0, "window:reaction", "CC-12.3", "done", "CC-12.3"),
    ("call-of-cthulhu", 12, "window:interrupt", "CC-12.3", "done", "CC-12.3"),
    ("call-of-cthulhu", 0, "cost_sacrifice", "CC-6.12", "done", "CC-6.12"),
    ("call-of-cthulhu", 3, "cost_exhaust", "CC-6.12", "pass", "CC-6.12"),
    ("call-of-cthulhu", 35, "order_forced", "CC-12.2", "done", "CC-12.2"),
    ("million-arthur", 0, "choose_one", "MA-12.6", "done", "MA-12.2"),
    ("million-arthur", 0, "optional_trigger", "MA-12.8", "done", "MA-12.8"),
    ("million-arthur", 1, "order_triggers", "MA-12.5", "done", "MA-12.5"),
]


def _reach(game_id: str, seed: int, kind: str, tries: int = 200) -> State:
    """The first random game from ``seed`` on (seed, seed + 1, ...) that reaches ``kind`` with a real choice:
    which seed deals such a game depends on the ready decks, which are revised for balance."""
    for s in range(seed, seed + tries):
        st = cardtable.load_game(game_id).new_game(seed=s)
        rng = random.Random(s)
        while st.decision is not None and not (st.decision.kind == kind and len(st.decision.options) > 1):
            st.apply(rng.choice(st.legal_actions()))
        if st.decision is not None:
            return st
    raise AssertionError(f"no seed in {seed}..{seed + tries - 1} reached {kind}")


@pytest.mark.parametrize("game_id,seed,kind,seat_rule,answer,answer_rule", SEEDED)
def test_a_decision_reached_in_a_seeded_game_refuses_with_its_rule(game_id: str, seed: int, kind: str, seat_rule: str,
                                                                   answer: str, answer_rule: str) -> None:
    """CC-12.2, CC-12.3, CC-6.12, MA-12.2, MA-12.5, MA-12.6, MA-12.8: who decides and what may be answered at
    these decisions, each cited by the game's rule; the state is unchanged."""
    st = _reach(game_id, seed, kind)
    d = st.decision
    assert d is not None
    before = st.to_dict()
    other = Action((d.player + 1) % st.players, d.options[0].kind, d.options[0].params)
    for action, rule in ((other, seat_rule), (Action(d.player, answer), answer_rule)):
        assert action not in d.options
        with pytest.raises(IllegalActionError) as err:
            st.apply(action)
        assert err.value.rule == rule, (action, err.value.message)
        assert st.to_dict() == before
