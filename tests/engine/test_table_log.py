"""``CardTable.log`` (``TableLog``): a watched table names every card and zone that changed.

The RL observation reads the log instead of comparing the whole table after every step, so a change the log
misses would leave a stale observation, and a card turned face down would keep showing its face: a leak. The
contract is that during a game ``zones``, ``zone``, ``flags``, ``known`` and ``ctrl`` change only through
the table's methods. Held three ways: each method logs what it changes; the rule sources write none of those
lists directly; and seeded games of every card game, replayed with a log attached, never change a card or a
zone the log does not name.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from cardtable import registry
from cardtable.core import Visibility
from cardtable.engine import CardState
from cardtable.engine.table import FACE_DOWN, CardTable, TableLog, ZoneDecl

ZONES = (ZoneDecl("deck", Visibility.HIDDEN, 0, ordered=True), ZoneDecl("hand", Visibility.OWNER, 0, hand=True),
         ZoneDecl("pile", Visibility.PUBLIC, 0), ZoneDecl("field", Visibility.PUBLIC, 0, in_play=True))
SRC = Path(__file__).resolve().parents[2] / "src" / "cardtable"


def _watched() -> tuple[CardTable, TableLog]:
    t = CardTable(ZONES)
    for k in range(12):
        t.add(k % 5, 0, ("deck", "hand", "pile", "field")[k % 4])
    log = t.log = TableLog()
    return t, log


def test_each_method_logs_the_cards_it_changes_and_the_zone_a_card_left() -> None:
    t, log = _watched()
    deck, hand = t.zone_ids["deck"], t.zone_ids["hand"]
    top = t.zones[deck][-1]
    t.move(top, "hand")
    assert (log.cards, log.zones, log.everything) == ({top}, {deck}, False)
    log.cards.clear(), log.zones.clear()
    moved = t.move_top("deck", "pile", 2)
    assert (log.cards, log.zones) == (set(moved), {deck})
    for change, card in ((lambda i: t.set_flag(i, FACE_DOWN), 1), (lambda i: t.set_flags(i, 4), 2),
                         (lambda i: t.set_ctrl(i, 1), 3), (lambda i: t.forget(i), 5),
                         (lambda i: t.reveal_to(i, [1]), 6), (lambda i: t.reveal_to_all(i), 7)):
        log.cards.clear(), log.zones.clear()
        change(card)
        assert (log.cards, log.zones) == ({card}, set()), card
    log.cards.clear()
    t.shuffle("hand", random.Random(0))
    assert log.cards == set(t.zones[hand]) and not log.everything


@pytest.mark.parametrize("rebuild", ["defs_rewritten", "reindex", "add"])
def test_a_rebuilt_or_grown_table_asks_its_watcher_to_compare_everything(rebuild: str) -> None:
    t, log = _watched()
    if rebuild == "add":
        t.add(0, 0, "pile")
    else:
        getattr(t, rebuild)()
    assert log.everything


def test_a_copy_is_not_watched_and_an_unwatched_table_logs_nothing() -> None:
    t, log = _watched()
    copy = t.copy()
    assert copy.log is None
    copy.move(copy.zones[copy.zone_ids["deck"]][-1], "hand")
    copy.set_flag(0, FACE_DOWN)
    assert not log.cards and not log.zones


# a write into a column of the table: ``t.flags[i] = …``, ``flags[i] &= …`` (a local alias), ``t.zones[z] = …``,
# a zone's list changed in place, a slice assigned (``deck[-k:] = …`` on a zone's list)
_WRITE = re.compile(r"\b\w*(flags|known|ctrl)\[[^\]]+\]\s*([|&^+-]|<<|>>)?=[^=]|\.zones?\[[^\]]+\]\s*=[^=]"
                    r"|\.zones\[[^\]]+\]\.(append|insert|remove|pop|extend|sort|reverse|clear)\("
                    r"|\w+\[[^\]]*:[^\]]*\]\s*=[^=]")
# the only writes allowed outside the table: ``CardState.sample`` filling a table it has just made (it ends with
# ``reindex``), a local dict that happens to be called ``known``, and a module's own cache list
_ALLOWED = {("engine/state.py", "t.owner[i] = t.ctrl[i] = decl.owner"),
            ("engine/state.py", "t.owner[i], t.ctrl[i], t.flags[i], t.host[i], t.known[i] = c["),
            ("engine/state.py", "t.zone[i] = z"), ("engine/state.py", "t.zones[z] = ids"),
            ("games/mythos/legality.py", "ok = known[k] = any("), ("games/mythos/primitives.py", "_CACHE[:] = ")}
# the games played on a ``CardTable`` (Two Mists keeps its own state)
_TABLE_GAMES = ("call_of_cthulhu", "million_arthur", "mythos")


def test_the_rule_sources_change_the_table_only_through_its_methods() -> None:
    found = []
    games = [p for g in _TABLE_GAMES for p in SRC.glob(f"games/{g}/**/*.py")]
    for path in sorted([*SRC.glob("engine/*.py"), *games, *SRC.glob("bots/*.py")]):
        rel = path.relative_to(SRC).as_posix()
        if rel == "engine/table.py":
            continue
        for n, line in enumerate(path.read_text().splitlines(), 1):
            code = line.split("#", 1)[0]
            if _WRITE.search(code) and not any(rel == f and snippet in code for f, snippet in _ALLOWED):
                found.append(f"{rel}:{n}: {line.strip()}")
    assert not found, "write through the table's methods (they log the change): " + "; ".join(found)


def _card_games() -> list[str]:
    return [g for g in registry.game_ids() if isinstance(registry.load_game(g).new_game(seed=0), CardState)]


def _snapshot(t: CardTable) -> tuple[list[int], list[int], list[int], list[int], list[list[int]]]:
    return t.flags.copy(), t.known.copy(), t.ctrl.copy(), t.zone.copy(), [z.copy() for z in t.zones]


@pytest.mark.parametrize("game_id", _card_games())
def test_seeded_games_never_change_what_the_log_does_not_name(game_id: str) -> None:
    game = registry.load_game(game_id)
    steps = 0
    for seed in range(6):
        state = game.new_game(seed=seed, players=game.info.max_players if seed % 2 else game.info.min_players)
        assert isinstance(state, CardState)
        rng = random.Random(seed)
        t = state.table
        log = t.log = TableLog()
        before = _snapshot(t)
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
            assert state.table is t
            now = _snapshot(t)
            if not log.everything:
                for column, (a, b) in zip(("flags", "known", "ctrl", "zone"), zip(now[:4], before[:4])):
                    changed = {i for i, (x, y) in enumerate(zip(a, b)) if x != y}
                    assert changed <= log.cards, (game_id, seed, steps, column, changed - log.cards)
                named = log.zones | {t.zone[i] for i in log.cards}
                zones = {z for z, (x, y) in enumerate(zip(now[4], before[4])) if x != y}
                assert zones <= named, (game_id, seed, steps, zones - named)
            log.cards.clear(), log.zones.clear()
            log.everything = False
            before = now
    assert steps > 500


def test_the_source_check_sees_each_kind_of_write() -> None:
    for line in ("t.flags[i] = 0", "flags[i] &= ~NEW", "st.table.ctrl[c] = p", "t.known[i] |= 1", "deck[-k:] = new",
                 "t.zones[z] = []", "t.zones[z].append(i)", "t.zone[i] = z"):
        assert _WRITE.search(line), line
    for line in ("if t.flags[i] == 0:", "x = t.known[i]", "top = deck[-k:]"):
        assert not _WRITE.search(line), line


def test_order_top_rearranges_only_the_top_cards_and_logs_the_zone() -> None:
    t, log = _watched()
    pile = t.zones[t.zone_ids["deck"]]
    top = pile[-2:]
    with pytest.raises(ValueError, match="not the top 2 cards of deck"):
        t.order_top("deck", [top[0], pile[0]])
    assert not log.zones and pile[-2:] == top
    t.order_top("deck", top[::-1])
    assert pile[-2:] == top[::-1] and log.zones == {t.zone_ids["deck"]}
