"""A spectator's page never shows a character that is not revealed yet (TM-12.2, TM-12.6).

The truth comes from the server's stored record, replayed with ``cardtable.replay``. Card names and
rules texts (static game data such as "Assault (not Knight)") are marked ``data-static`` by the client
and left out; every other piece of text on the page is checked.
"""

from __future__ import annotations

import cardtable
from cardtable.games.two_mists.catalog import CHARACTER_ORDER as ORDER

from .play import CHARACTER_NAMES, outcome_text, play, shot, table_state, true_state, wait_connected

# The page text without static card/rules text; the screen-reader-only text is kept on purpose.
DYNAMIC_TEXT_JS = """() => {
  const copy = document.body.cloneNode(true);
  copy.querySelectorAll('[data-static], script, style').forEach((el) => el.remove());
  return copy.textContent;
}"""

# Records the page's dynamic text after every change, with the seq of the frame it shows.
RECORDER_JS = """() => {
  window.__snaps = [];
  const take = () => {
    const a = window.cardtable && window.cardtable.app;
    if (!a || !a.frame) return;
    const copy = document.body.cloneNode(true);
    copy.querySelectorAll('[data-static], script, style').forEach((el) => el.remove());
    const text = copy.textContent;
    const last = window.__snaps[window.__snaps.length - 1];
    if (!last || last.text !== text || last.seq !== a.frame.seq) window.__snaps.push({seq: a.frame.seq, text});
  };
  new MutationObserver(take).observe(document.body, {subtree: true, childList: true, characterData: true});
  take();
}"""

PANELS_JS = """() => [...document.querySelectorAll('.player-panel')].map((p) => ({
  seat: Number(p.dataset.seat),
  revealed: p.querySelector('.pp-character').dataset.revealed === 'true',
  text: p.querySelector('.pp-character').textContent,
}))"""


def check_spectator(watch, server, created) -> int:
    """Compare what the spectator shows now with the server's truth; returns how many seats it shows revealed."""
    text = watch.evaluate(DYNAMIC_TEXT_JS)
    panels = watch.evaluate(PANELS_JS)
    st = table_state(watch)
    # The truth is read *after* the page: reveals only ever grow, so whatever is still hidden in the
    # truth was hidden when the page was read, and its name must not be on the page.
    truth = true_state(server, created["table_id"], created["admin_token"]).to_dict()
    chars = [ORDER[c] for c in truth["chars"]]
    for name in hidden_names(truth):
        at = text.find(name)
        assert at < 0, f"the spectator page shows {name!r}, which is not revealed yet: …{text[max(0, at - 80):at + 40]!r}…"
    assert watch.locator("#side-top .you-card:not(.spectator)").count() == 0
    assert st["options"] == 0 and not st["mine"], "a spectator is never offered a decision"
    shown = 0
    for p in panels:
        if p["revealed"]:
            shown += 1
            assert CHARACTER_NAMES[chars[p["seat"]]] in p["text"], f"seat {p['seat']} shown wrongly: {p['text']}"
        else:
            assert not any(n in p["text"] for n in CHARACTER_NAMES.values()), p
            assert "hidden" in p["text"]
    return shown


def hidden_names(snapshot: dict) -> set[str]:
    """Names of the characters nobody may see yet in a full state snapshot (``state.to_dict()``)."""
    names = {CHARACTER_NAMES[ORDER[c]] for c, shown in zip(snapshot["chars"], snapshot["revealed"]) if not shown}
    if not snapshot["centre_revealed"]:
        names.add(CHARACTER_NAMES[ORDER[snapshot["centre"]]])
    return names


def test_spectator_never_sees_unrevealed_characters(server, new_page):
    for attempt in range(4):
        created = server.create_table(["human", "random", "random", "random"])
        player = new_page()
        player.goto(server.url + created["seats"][0]["invite_url"])
        wait_connected(player)
        watch = new_page()
        watch.goto(server.url + created["watch_url"])
        wait_connected(watch)
        watch.evaluate(RECORDER_JS)
        assert "Watching" in watch.locator("#status").inner_text()
        checks = [check_spectator(watch, server, created)]
        if attempt == 0:
            # The check does catch a character on a page: the player's own page names its character.
            own = ORDER[true_state(server, created["table_id"], created["admin_token"]).to_dict()["chars"][0]]
            assert CHARACTER_NAMES[own] in player.evaluate(DYNAMIC_TEXT_JS)

        def after_move(_page):
            # Let the spectator catch up with the player's move, then look at it.
            seq = player.evaluate("() => window.cardtable.app.frame.seq")
            watch.wait_for_function("(seq) => window.cardtable.app.frame.seq >= seq", arg=seq)
            checks.append(check_spectator(watch, server, created))

        play([player], "click", on_move=after_move)
        watch.wait_for_selector('[data-testid="outcome"]')
        if len(checks) < 3 and attempt < 3:
            continue  # too short a game to say much; play another one
        break
    shot(watch, "spectator-end")
    # Every version of the page the spectator saw, against the true state at exactly that seq.
    record = server.api("GET", f"/api/tables/{created['table_id']}/record", params={"token": created["admin_token"]})
    game = cardtable.load_game(record["game"])
    first = game.new_game(seed=record["seed"], players=record["players"], options=record.get("options"))
    hidden_at = {0: hidden_names(first.to_dict())}
    cardtable.replay(record, on_step=lambda st, _a: hidden_at.__setitem__(len(st.history), hidden_names(st.to_dict())))
    snaps = watch.evaluate("() => window.__snaps")
    assert len({s["seq"] for s in snaps}) >= 3, snaps
    for snap in snaps:
        for name in hidden_at[snap["seq"]]:
            assert name not in snap["text"], f"seq {snap['seq']}: the spectator page showed {name!r} before its reveal"
    # At the end everything is revealed and matches the stored game.
    assert check_spectator(watch, server, created) == 4
    truth = true_state(server, created["table_id"], created["admin_token"])
    text = outcome_text(watch)
    for seat in truth.outcome.winners:
        assert f"Seat {seat} as the {CHARACTER_NAMES[truth.outcome.details['characters'][seat]]}" in text
    assert "you won" not in text and "you lost" not in text
