"""Smaller promises of the browser client: refusals shown, bad links, the generic renderer, the lobby
list, card data from the served catalog, and the layout at 1920×1080."""

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
    assert "not valid" in page.locator("#board").inner_text()
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
    created = server.create_table(["human", "human", "random", "random"], name="Join me", open_seats=[1])
    page = new_page({"width": 1920, "height": 1080})
    page.goto(server.url + "/")
    row = page.locator(f'#tables tr[data-table="{created["table_id"]}"]')
    row.wait_for()
    assert "waiting" in row.inner_text()
    assert row.get_by_role("link", name="Watch").get_attribute("href").endswith("?watch=1")
    # seat 0 is the creator's own: Join offers only seat 1
    row.get_by_role("button", name="Join (1 free)").click()
    page.wait_for_url("**/table/**?token=*")
    wait_connected(page)
    assert "You are seat 1" in page.locator("#status").inner_text()
    # The creator opens their own link, then both seats are taken and the game starts.
    second = new_page({"width": 1920, "height": 1080})
    second.goto(server.url + created["seats"][0]["invite_url"])
    wait_connected(second)
    page.wait_for_function("() => window.cardtable.app.frame.status === 'playing'")
    page.wait_for_function("() => window.cardtable.app.frame.decision || window.cardtable.app.frame.view.to_act !== 1")
    shot(page, "table-1920")
    play([page, second], "click")
    assert "Winners:" in outcome_text(page)


def test_invited_seats_wait_for_their_link_until_the_host_opens_one(server, new_page):
    """Issue 22: a seat whose invite link the host keeps is not offered by Join; "Open to anyone" in the
    box of links opens it, and then the lobby offers it."""
    page = new_page({"width": 1280, "height": 800})
    page.goto(server.url + "/")
    page.select_option("#game", "two-mists")
    page.select_option("#players", "3")
    page.select_option("#seat-0", "human")
    page.select_option("#seat-1", "human")
    page.select_option("#seat-2", "random")
    page.fill("#name", "Invite only")
    assert not page.is_checked("#open-seats")
    page.click("#create")
    page.locator('[data-testid="play-link"]').wait_for()
    row = page.locator("#tables tr", has_text="Invite only")
    row.wait_for()
    assert row.get_by_role("button", name="Join (1 free)").count() == 0
    page.click('[data-testid="open-seat-1"]')
    page.locator('[data-testid="open-seat-1"]', has_text="Open to anyone ✓").wait_for()
    row.get_by_role("button", name="Join (1 free)").wait_for()


def test_renderer_draws_card_data_from_the_served_catalog(server, new_page):
    """The renderer keeps no card data of its own: names, bars, effect texts and goals come from the catalog."""
    catalog = cardtable.load_game("two-mists").card_catalog()
    _, page = open_seat(server, new_page, ["human", "random", "random", "random"])
    assert page.evaluate("async () => (await fetch('/api/games/two-mists/cards')).json()") == catalog
    assert page.evaluate("() => window.cardtable.app.catalog") == catalog  # fetched once, before drawing
    cards = {c["id"]: c for c in catalog["cards"]}
    names = {c["id"]: c["name"] for c in catalog["characters"]}
    not_for = lambda card: ("Not for " + ", ".join(names[f] for f in card["forbidden"])  # noqa: E731
                            if card["forbidden"] else "Anyone may take it")
    # The same module instance table.js loaded (same URL), so init(catalog) has run on it.
    texts = page.evaluate("""async () => { const m = await import('/static/renderers/two-mists.js');
      return Object.fromEntries(window.cardtable.app.catalog.cards.map((c) => [c.id, [m.cardName(c.id), m.shortText(c)]])); }""")
    labels = {cid: name for cid, (name, _) in texts.items()}
    shorts = {cid: short for cid, (_, short) in texts.items()}
    for cid, card in cards.items():  # copies sharing a name say whom they bar
        expected = f"{card['name']} (not {names[card['forbidden'][0]]})" if card["name"] == "Assault" else card["name"]
        assert labels[cid] == expected, cid
    tiles = page.locator(".market .card-tile[data-card]")
    assert tiles.count() >= 4
    for i in range(tiles.count()):
        tile = tiles.nth(i)
        card = cards[tile.get_attribute("data-card")]
        assert tile.locator(".ct-name").inner_text() == labels[card["id"]]
        assert tile.locator(".ct-text").inner_text() == shorts[card["id"]]
        assert tile.locator(".ct-detail").inner_text() == not_for(card)
    assert shorts["attack"] == "1 damage to another player"
    assert shorts["assault_knight"] == "2 damage to another player"
    assert shorts["arcana"] == "Heal any player 2, then 1 damage"
    assert shorts["search"] == "Everyone points at a Monster suspect, then 1 damage"
    assert shorts["flurry"] == "1 damage, then you may take one more card"
    assert shorts["reckless"] == cards["reckless"]["text"]  # the self-damage is computed in play: the card's words
    assert shorts["grimoire"] == "+1 to damage you deal"
    # Your character: goals per world and the never-take list, from the catalog.
    me = page.evaluate("() => window.cardtable.app.frame.view.you.character")
    character = next(c for c in catalog["characters"] if c["id"] == me)
    you = page.locator("#side-top .you-card").inner_text()
    assert character["name"] in you
    assert character["goal_front_text"] in you and character["goal_back_text"] in you
    barred = [labels[c["id"]] for c in catalog["cards"] if me in c["forbidden"]]
    assert f"Never take: {', '.join(barred)}" in you


def test_table_falls_back_to_the_plain_view_without_the_card_catalog(server, new_page):
    created = server.create_table(["human", "random", "random", "random"])
    page = new_page()
    page.route("**/api/games/*/cards", lambda route: route.fulfill(status=503, body="{}"))
    page.goto(server.url + created["seats"][0]["invite_url"])
    wait_connected(page)
    page.wait_for_selector("pre.json")
    assert page.locator(".player-panel").count() == 0
    assert "card data could not be loaded" in page.locator("#messages").inner_text()


def test_pages_run_under_the_content_security_policy(server, browser):
    """The server's CSP is in force in the browser and the client needs nothing it forbids."""
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        violations: list[str] = []
        page.on("console", lambda msg: violations.append(msg.text) if "Content Security Policy" in msg.text else None)
        created = server.create_table(["human", "random", "random"])
        for path in ["/", created["seats"][0]["invite_url"], created["watch_url"]]:
            res = page.goto(server.url + path)
            assert "frame-ancestors 'none'" in res.headers["content-security-policy"]
            page.wait_for_load_state("networkidle")
        wait_connected(page)
        assert violations == [], violations
        # an inline script is refused: the policy really applies
        page.evaluate("() => { const s = document.createElement('script'); s.textContent = 'window.__x = 1';"
                      " document.head.append(s); }")
        page.wait_for_timeout(200)
        assert page.evaluate("() => window.__x") is None and violations
    finally:
        ctx.close()
