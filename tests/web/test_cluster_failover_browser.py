"""The browser client through a cluster (docs/web.md, "Scaling"): the instance running the table is killed
mid-game, the page reconnects through HAProxy to another instance, which took the table over, and the
game is played to its end with every move stored."""

from __future__ import annotations

import httpx
import pytest

from cardtable.server.cluster.drill import lease_owners
from cardtable.server.cluster.launch import LocalCluster

from .play import outcome_text, play, table_state, wait_connected

NO_LIMITS = {"CARDTABLE_CREATE_RATE": "0", "CARDTABLE_JOIN_RATE": "0", "CARDTABLE_MAX_WAITING_TABLES": "0"}


def test_a_page_survives_the_death_of_its_instance(new_page):
    with LocalCluster(2, fsync=False, env=NO_LIMITS, lease_ttl=3) as cluster:
        for attempt in range(6):
            created = httpx.post(f"{cluster.url}/api/tables", timeout=30, json={
                "game": "two-mists", "players": 4, "seats": ["human", "random", "random", "random"],
                "seed": 40 + attempt, "practice": True}).json()
            page = new_page()
            page.goto(cluster.url + created["seats"][0]["invite_url"])
            wait_connected(page)
            play([page], "click", max_moves=2)
            if not table_state(page)["over"]:
                break
        else:
            pytest.fail("six games in a row ended before the human's second move")
        seq = table_state(page)["seq"]
        owner = lease_owners(cluster.db_url)[created["table_id"]]
        cluster.kill(int(owner.removeprefix("node")))
        page.wait_for_function("() => document.getElementById('conn').dataset.state !== 'open'", timeout=15000)
        wait_connected(page, timeout=30000)
        assert table_state(page)["seq"] >= seq
        assert lease_owners(cluster.db_url)[created["table_id"]] != owner
        play([page], "click")
        assert "Winners:" in outcome_text(page)
        record = httpx.get(f"{cluster.url}/api/tables/{created['table_id']}/record",
                           params={"token": created["admin_token"]}, timeout=30).json()
        assert len(record["actions"]) == table_state(page)["seq"]
