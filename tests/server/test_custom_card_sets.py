"""A server started with custom card sets (``cardtable serve --cards``, here ``registry.use_card_sets``, what
the command calls): the lobby and the deck builder offer the custom cards and ready decks, marked
custom, a deck of them is checked (also in a worker process) and plays, the table's record names the
sets with their hashes, and a table stored with other cards is refused with the set named."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest

import cardtable
from cardtable.games.million_arthur.testing import deck_with_custom_knight
from cardtable.registry import drop_card_sets, use_card_sets
from cardtable.server.deckformat import deck_format
from cardtable.server.store import Store
from cardtable.server.tables import TableError, rebuild_state

from .wsplay import make_client

MA = "million-arthur"
DECKS = Path(cardtable.__file__).parent / "games" / "million_arthur" / "decks"
SET = """set: homebrew
version: 1
cards:
- {id: HB-B01, name: Tideglass Squire, kind: knight, colour: blue, arthur_type: common, type_restricted: false,
   cost: 1, skill: attack, skill_value: 4, defence: 1, text: Attack 4 / Defence 1.}
"""
CUSTOM_DECK = "Homebrew Thorn"


def _write(folder: Path, text: str = SET) -> Path:
    (folder / "decks").mkdir(parents=True, exist_ok=True)
    (folder / "homebrew.yaml").write_text(text, encoding="utf-8")
    deck = (DECKS / "ember_and_thorn.yaml").read_text(encoding="utf-8")
    deck = deck_with_custom_knight(deck, "HB-B01").replace("name: Ember and Thorn", f"name: {CUSTOM_DECK}")
    (folder / "decks" / "homebrew_thorn.yaml").write_text(deck, encoding="utf-8")
    return folder


@pytest.fixture()
def custom(tmp_path: Path) -> Iterator[Path]:
    folder = _write(tmp_path / "homebrew")
    use_card_sets(MA, [folder])
    try:
        yield folder
    finally:
        drop_card_sets(MA)


def test_the_lobby_and_the_deck_builder_offer_custom_cards_and_decks_marked_custom(sqlite_url: str, custom) -> None:
    with make_client(sqlite_url) as client:
        decks = {d["name"]: d for d in client.get(f"/api/games/{MA}/decks").json()}
        cards = {c["id"]: c for c in client.get(f"/api/games/{MA}/cards").json()["cards"]}
        fmt = client.get(f"/api/games/{MA}/deck-format").json()
        ready = {r["name"]: r for r in fmt["ready"]}
        check = client.post(f"/api/games/{MA}/deck-check", json={"sections": ready[CUSTOM_DECK]["sections"]}).json()
    assert decks[CUSTOM_DECK].get("custom") is True and "custom" not in decks["Ember and Thorn"]
    assert cards["HB-B01"].get("custom") is True and "custom" not in cards["MAS-R05"]
    assert ready[CUSTOM_DECK].get("custom") is True and ready[CUSTOM_DECK]["sections"]["main"]["HB-B01"] == 3
    assert check["problems"] == [], check


def test_a_custom_deck_is_checked_in_a_worker_process_too(sqlite_url: str, custom) -> None:
    deck_format.cache_clear()
    with make_client(sqlite_url, bot_executor="process") as client:
        sections = {r["name"]: r for r in client.get(f"/api/games/{MA}/deck-format").json()["ready"]}
        check = client.post(f"/api/games/{MA}/deck-check", json={"sections": sections[CUSTOM_DECK]["sections"]})
    assert check.status_code == 200, check.text
    assert check.json()["problems"] == []


def test_a_table_with_a_custom_deck_plays_and_its_record_names_the_sets(sqlite_url: str, custom) -> None:
    with make_client(sqlite_url) as client:
        made = client.post("/api/tables", json={"game": MA, "players": 2, "seats": ["random", "random"],
                                                "decks": [CUSTOM_DECK, "Ember and Thorn"],
                                                "options": {"max_turns": 2}})
        assert made.status_code == 201, made.text
        table = made.json()
        tid = table["table_id"]
        for _ in range(200):
            if client.get(f"/api/tables/{tid}").json()["status"] == "finished":
                break
            import time

            time.sleep(0.05)
        record = client.get(f"/api/tables/{tid}/record", params={"token": table["admin_token"]}).json()
    sets = record["card_set_hashes"]
    assert sets[-1]["set"] == "homebrew" and sets[-1]["custom"] is True and len(sets[-1]["sha256"]) == 64
    replayed = cardtable.replay(record)  # this process has the same cards loaded: it replays
    assert replayed.is_terminal


def test_a_stored_table_is_refused_by_a_server_with_other_cards(sqlite_url: str, tmp_path: Path, caplog) -> None:
    folder = _write(tmp_path / "homebrew")
    use_card_sets(MA, [folder])
    try:
        with make_client(sqlite_url) as client:
            made = client.post("/api/tables", json={"game": MA, "players": 2, "seats": ["human", "random"],
                                                    "decks": [CUSTOM_DECK, "Ember and Thorn"]})
            assert made.status_code == 201, made.text
            tid = made.json()["table_id"]
        _write(folder, SET.replace("skill_value: 4", "skill_value: 6"))  # the server restarts with the set changed
        use_card_sets(MA, [folder])
        with make_client(sqlite_url):  # start-up rebuilds every unfinished table
            pass
        refusal = [r.getMessage() for r in caplog.records if tid in r.getMessage()]
        assert refusal and "cannot be resumed with this server's cards" in refusal[0]
        assert "card set 'homebrew' differs" in refusal[0] and "sha256" in refusal[0]
        store = Store(sqlite_url)
        try:
            row = store.get_table(tid)
            assert row is not None and row.card_set_hashes is not None
            with pytest.raises(TableError, match="'homebrew' differs") as err:
                rebuild_state(row, store.actions(tid))
            assert err.value.status == 409
        finally:
            store.close()
    finally:
        drop_card_sets(MA)
