"""Smaller promises of the browser client: refusals shown, bad links, the generic renderer, the lobby
list, card data in step with the engine, and the layout at 1920×1080."""

from __future__ import annotations

import cardtable

from .play import outcome_text, play, shot, table_state, wait_connected


def open_seat(server, new_page, seats, seat=0, query="", viewport=None):
    created = server.create_table(seats)
    page = new_page(viewport)
    page.goto(server.url + created["seats"][seat]["invite_url"] + query)
    wait_connected(page)
    return created, page


def test_refusals_are_shown_with_reason_and_rule(server, new_page):
    for _ in range(5):
        _, page = open_seat(server, new_page, ["human", "random", "random", "random"])
        page.wait_for_function("() => window.cardtable.app.frame.decision || document.querySelector('[data-testid=outcome]')")
        if not table_state(page)["over"]:
            break  # (else the bots ended the game before our first decision: try another table)
    # A stale seq (as if another tab had already answered).
    page.evaluate("""() => { const a = window.cardtable.app, f = a.frame;
      a.ws.send(JSON.stringify({type: 'act', seq: f.seq + 1000, action: f.decision.options[0]})); }""")
    message = page.locator("#messages .message.error")
    message.wait_for()
    assert message.get_attribute("data-reason") == "stale"
    assert "moved on" in message.inner_text()
    # An illegal action names its rule.
    page.evaluate("""() => { const a = window.cardtable.app, f = a.frame;
      const kind = f.decision.kind === 'choose' ? 'decline' : 'pass';
      a.ws.send(JSON.stringify({type: 'act', seq: f.seq, action: {player: f.decision.player, kind}})); }""")
    page.wait_for_selector('#messages .message.error[data-reason="illegal"]')
    text = page.locator("#messages").inner_text()
    assert "not allowed" in text and "rule TM-" in text
    assert page.locator("#messages").get_attribute("aria-live") == "polite"
    shot(page, "table-refusal")
    # Nothing changed: the same decision is still offered, and playing on clears the message.
    page.locator('#board [data-option="1"]').first.click()
    page.wait_for_function("() => !document.querySelector('#messages .message.error')")
    play([page], "click")
    assert "Winners:" in outcome_text(page)


def test_forged_token_is_refused_without_reconnecting(server, new_page):
    created = server.create_table(["human", "random", "random"])
    page = new_page()
    page.goto(f"{server.url}/table/{created['table_id']}?token=forged-token")
    page.wait_for_function("() => document.getElementById('conn').dataset.state === 'refused'")
    assert "not valid" in page.locator("#messages").inner_text()
    page.wait_for_timeout(1500)
    assert page.locator("#conn").get_attribute("data-state") == "refused"


def test_generic_renderer_plays_a_game(server, new_page):
    _, page = open_seat(server, new_page, ["human", "random", "random", "random"], query="&renderer=generic")
    assert '"game": "two-mists"' in page.locator("pre.json").inner_text()
    assert page.locator(".player-panel").count() == 0
    play([page], "keys")
    assert "Winners:" in outcome_text(page)
    assert "game over" in page.locator("#log").inner_text()


def test_lobby_lists_tables_to_join_and_watch(server, new_page):
    created = server.create_table(["human", "human", "random", "random"], name="Join me")
    page = new_page({"width": 1920, "height": 1080})
    page.goto(server.url + "/")
    row = page.locator(f'#tables tr[data-table="{created["table_id"]}"]')
    row.wait_for()
    assert "waiting" in row.inner_text()
    assert row.get_by_role("link", name="Watch").get_attribute("href").endswith("?watch=1")
    row.get_by_role("button", name="Join (2 free)").click()
    page.wait_for_url("**/table/**?token=*")
    wait_connected(page)
    assert "You are seat 0" in page.locator("#status").inner_text()
    # The other free seat, from the API, then both seats are taken and the game starts.
    other = server.api("POST", f"/api/tables/{created['table_id']}/join", json={})
    assert other["seat"] == 1
    second = new_page({"width": 1920, "height": 1080})
    second.goto(server.url + other["invite_url"])
    wait_connected(second)
    page.wait_for_function("() => window.cardtable.app.frame.status === 'playing'")
    page.wait_for_function("() => window.cardtable.app.frame.decision || window.cardtable.app.frame.view.to_act !== 0")
    shot(page, "table-1920")
    play([page, second], "click")
    assert "Winners:" in outcome_text(page)


def test_renderer_card_data_matches_the_engine(server, new_page):
    page = new_page()
    page.goto(server.url + "/")
    cards = page.evaluate("async () => (await import('/static/renderers/two-mists.js')).CARDS")
    catalog = cardtable.load_game("two-mists").catalog
    ops = {"damage": "damage:{}", "heal": "heal:{}", "point_at_monster": "point", "extra_action": "extra",
           "self_damage": "self_damage", "restrict_next_turn": "intimidate"}
    assert set(cards) == {c.id for c in catalog.cards}
    for c in catalog.cards:
        js = cards[c.id]
        assert js["name"] == c.name and js["kind"] == c.kind, c.id
        assert sorted(js["forbidden"]) == sorted(c.forbidden), c.id
        assert js["steps"] == [ops[s.op].format(s.amount) for s in c.steps], c.id
