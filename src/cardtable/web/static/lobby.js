// The lobby: create a table (game, players, who sits where, optional seed), hand out invite links, and
// list the tables that are open or running (join a free seat, or watch). HTTP API: docs/protocol.md.

import { clear, h } from "./components.js";
import { setupHelp } from "./help.js";
import { OWNER_HEADER, storedOwner, savedDecks } from "./decksapi.js";

const form = document.getElementById("create-form");
const gameSel = document.getElementById("game");
const gameNote = document.getElementById("game-note");
const playersSel = document.getElementById("players");
const seedIn = document.getElementById("seed");
const nameIn = document.getElementById("name");
const seatList = document.getElementById("seat-list");
const createBtn = document.getElementById("create");
const created = document.getElementById("created");
const tablesEl = document.getElementById("tables");
const messages = document.getElementById("messages");
const joinPanel = document.getElementById("join-panel");
const joinForm = document.getElementById("join-form");
const joinWhat = document.getElementById("join-what");
const joinDeck = document.getElementById("join-deck");
const joinGo = document.getElementById("join-go");
const joinDeckNote = document.getElementById("join-deck-note");

const help = setupHelp({
  button: document.getElementById("help-open"),
  dialog: document.getElementById("help"),
  body: document.getElementById("help-body"),
  title: document.getElementById("help-title"),
  close: document.getElementById("help-close"),
  controls: false,
});

let games = [];
const BOT_WORDS = {
  random: "random moves",
  heuristic: "plays sensibly",
  ismcts: "searches ahead (slower)",
  strong: "looks ahead with the heuristic (strongest, about 1 s a move)",
};

function message(kind, text) {
  clear(messages);
  if (!text) return;
  messages.append(h("div", { class: ["message", kind] }, h("strong", { class: "message-text" }, text),
    h("button", { type: "button", class: "btn small message-close", "aria-label": "Dismiss message",
      on: { click: () => clear(messages) } }, "✕")));
}

async function api(path, options = {}) {
  const res = await fetch(path, {
    ...options,
    headers: { "Content-Type": "application/json", ...(options.headers || {}) },
  });
  let body = null;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  if (!res.ok) {
    const err = body && body.error ? body.error : {};
    throw new Error(err.message || `${res.status} ${res.statusText}`);
  }
  return body;
}

const absolute = (url) => new URL(url, location.origin).href;
const currentGame = () => games.find((g) => g.id === gameSel.value);
const gameName = (id) => (games.find((g) => g.id === id) || { name: id }).name;

// ------------------------------------------------------------------------------------------------
// New table form
// ------------------------------------------------------------------------------------------------
/** "2 players" (a game for exactly two), "1 player", "2–4 players". */
export function playerRange(min, max) {
  if (min === max) return `${min} player${min === 1 ? "" : "s"}`;
  return `${min}–${max} players`;
}

async function loadGames() {
  try {
    games = await api("/api/games");
  } catch (err) {
    message("error", `Could not load the list of games: ${err.message}`);
    return;
  }
  clear(gameSel);
  for (const g of games) gameSel.append(h("option", { value: g.id }, g.name));
  onGameChange();
}

function onGameChange() {
  const g = currentGame();
  if (!g) return;
  clear(playersSel);
  for (let n = g.min_players; n <= g.max_players; n++) playersSel.append(h("option", { value: n }, String(n)));
  playersSel.value = String(g.max_players);
  gameNote.textContent = `${playerRange(g.min_players, g.max_players)} · version ${g.version}`;
  help.setGame(g.id);
  drawSeats();
  if (g.decks && !decksOf.has(g.id)) loadDecks(g).then(() => { if (currentGame() === g) drawSeats(); });
  if (g.decks && !savedOf.has(g.id)) loadSaved(g).then(() => { if (currentGame() === g) drawSeats(); });
  if (g.seat_choices && !seatChoicesOf.has(g.id)) loadSeatChoices(g).then(() => { if (currentGame() === g) drawSeats(); });
}

// What else each seat picks besides its deck (GET /api/games/{id}/seat_choices), fetched once per game.
const seatChoicesOf = new Map();

async function loadSeatChoices(g) {
  try {
    seatChoicesOf.set(g.id, await api(`/api/games/${encodeURIComponent(g.id)}/seat_choices`));
  } catch (err) {
    seatChoicesOf.set(g.id, []);
    message("error", `Could not load the seat choices: ${err.message}`);
  }
}

// This browser's saved decks per game (deck builder, /decks), offered for every seat it sets up.
const savedOf = new Map();

async function loadSaved(g) {
  try {
    savedOf.set(g.id, await savedDecks(g.id));
  } catch (err) {
    savedOf.set(g.id, []);
    message("error", `Could not load your saved decks: ${err.message}`);
  }
}

// Ready decks per game (GET /api/games/{id}/decks), fetched once for a game that has them.
const decksOf = new Map();

async function loadDecks(g) {
  if (!g.decks || decksOf.has(g.id)) return;
  try {
    decksOf.set(g.id, await api(`/api/games/${encodeURIComponent(g.id)}/decks`));
  } catch (err) {
    decksOf.set(g.id, []);
    message("error", `Could not load the ready decks: ${err.message}`);
  }
}

function drawSeats() {
  const g = currentGame();
  if (!g) return;
  const n = Number(playersSel.value);
  const old = [...seatList.querySelectorAll("select.seat-kind")].map((s) => s.value);
  const oldDecks = [...seatList.querySelectorAll("select.seat-deck")].map((s) => s.value);
  const oldPicks = new Map([...seatList.querySelectorAll("select.seat-choice")].map((s) => [s.id, s.value]));
  const extra = seatChoicesOf.get(g.id) || [];
  const decks = decksOf.get(g.id) || [];
  const bots = g.bots && g.bots.length ? g.bots : [];
  const defaultBot = bots.includes("heuristic") ? "heuristic" : bots[0];
  clear(seatList);
  for (let seat = 0; seat < n; seat++) {
    const id = `seat-${seat}`;
    const sel = h("select", { id, name: id, class: "seat-kind", "data-seat": seat });
    sel.append(h("option", { value: "human" }, "Human (gets an invite link)"));
    for (const b of bots) sel.append(h("option", { value: b }, `Bot: ${b}${BOT_WORDS[b] ? ` — ${BOT_WORDS[b]}` : ""}`));
    sel.value = old[seat] || (seat === 0 || !defaultBot ? "human" : defaultBot);
    const row = h("div", { class: "seat-row" }, h("label", { for: id }, `Seat ${seat}`), sel);
    if (decks.length) {
      const deckId = `deck-${seat}`;
      const deckSel = h("select", { id: deckId, name: deckId, class: "seat-deck", "data-seat": seat },
        h("option", { value: "" }, "Deck: random (from the seed)"),
        decks.map((d) => h("option", { value: d.name, title: d.description }, `Deck: ${d.name}${d.custom ? " [custom]" : ""}${d.summary ? ` (${d.summary})` : ""}`)));
      const mine = savedOf.get(g.id) || [];
      if (mine.length) {
        deckSel.append(h("optgroup", { label: "My saved decks" }, mine.map((d) => h("option", { value: `saved:${d.id}`,
          disabled: !d.legal }, `My deck: ${d.name}${d.legal ? "" : " (not legal)"}`))));
      }
      // The player of a human seat may bring a deck when joining: the table is dealt once all are there.
      const onJoin = h("option", { value: "join" }, "Deck: chosen by the player when joining");
      deckSel.append(onJoin);
      deckSel.value = oldDecks[seat] || "";
      const syncJoin = () => {
        onJoin.disabled = sel.value !== "human";
        if (onJoin.disabled && deckSel.value === "join") deckSel.value = "";
      };
      sel.addEventListener("change", syncJoin);
      syncJoin();
      row.append(h("label", { for: deckId, class: "sr-only" }, `Deck for seat ${seat}`), deckSel);
    }
    for (const c of extra) {
      const pickId = `choice-${c.key}-${seat}`;
      const pick = h("select", { id: pickId, name: pickId, class: "seat-choice", "data-seat": seat, "data-key": c.key },
        h("option", { value: "" }, `${c.label}: ${c.default}`),
        c.choices.map((x) => h("option", { value: x.value, title: x.description || null }, `${c.label}: ${x.label}`)));
      pick.value = oldPicks.get(pickId) || "";
      row.append(h("label", { for: pickId, class: "sr-only" }, `${c.label} for seat ${seat}`), pick);
    }
    seatList.append(row);
  }
}

async function onCreate(ev) {
  ev.preventDefault();
  const g = currentGame();
  if (!g) return;
  const seats = [...seatList.querySelectorAll("select.seat-kind")].map((s) => s.value);
  const body = { game: g.id, players: seats.length, seats };
  const choices = [...seatList.querySelectorAll("select.seat-deck")].map((s) => s.value || null);
  const deckSeats = choices.map((d, seat) => (d === "join" ? seat : null)).filter((s) => s !== null);
  if (deckSeats.length) body.deck_seats = deckSeats;
  body.hints = document.getElementById("hints").checked; // seats may ask for a hint (the host can change it)
  if (document.getElementById("open-seats").checked) {
    // every human seat but the creator's own (the first) and those already open for a deck
    const humanSeats = seats.map((k, seat) => (k === "human" && !deckSeats.includes(seat) ? seat : null))
      .filter((s) => s !== null);
    const opened = humanSeats.slice(1);
    if (opened.length) body.open_seats = opened;
  }
  const decks = choices.map((d) => (d && (d.startsWith("saved:") || d === "join") ? null : d));
  const saved = choices.map((d) => (d && d.startsWith("saved:") ? d.slice(6) : null));
  if (decks.some((d) => d !== null)) body.decks = decks;
  const picks = {};
  for (const sel of seatList.querySelectorAll("select.seat-choice")) {
    const key = sel.dataset.key;
    if (!picks[key]) picks[key] = Array(seats.length).fill(null);
    picks[key][Number(sel.dataset.seat)] = sel.value || null;
  }
  const chosen = Object.entries(picks).filter(([, v]) => v.some((x) => x !== null));
  if (chosen.length) body.seat_choices = Object.fromEntries(chosen);
  const headers = {};
  if (saved.some((d) => d !== null)) {
    body.saved_decks = saved;
    headers[OWNER_HEADER] = storedOwner() || "";
  }
  const seed = seedIn.value.trim();
  if (seed !== "") {
    if (!/^\d+$/.test(seed)) {
      message("error", "The seed must be a whole number (or left empty for a random game).");
      seedIn.focus();
      return;
    }
    body.seed = Number(seed);
    body.practice = true; // a chosen seed is only allowed on a practice table, which every seat sees
  }
  if (nameIn.value.trim()) body.name = nameIn.value.trim();
  createBtn.disabled = true;
  try {
    const res = await api("/api/tables", { method: "POST", body: JSON.stringify(body), headers });
    message("", "");
    showCreated(res, body);
    refreshTables();
  } catch (err) {
    message("error", `Could not create the table: ${err.message}`);
  } finally {
    createBtn.disabled = false;
  }
}

function copyButton(input) {
  const btn = h("button", { type: "button", class: "btn small", "aria-label": `Copy ${input.getAttribute("aria-label")}` }, "Copy");
  btn.addEventListener("click", async () => {
    let ok = false;
    try {
      await navigator.clipboard.writeText(input.value);
      ok = true;
    } catch {
      input.select();
      try {
        ok = document.execCommand("copy");
      } catch {
        ok = false;
      }
    }
    btn.textContent = ok ? "Copied ✓" : "Select and copy";
    setTimeout(() => { btn.textContent = "Copy"; }, 2000);
  });
  return btn;
}

// A seat kept for its invite link can be opened to anyone in the lobby (the friend did not come).
function openSeatButton(res, seat, isOpen) {
  const btn = h("button", { type: "button", class: "btn small", "data-testid": `open-seat-${seat}`,
    title: "Let anyone in the lobby take this seat with Join" }, isOpen ? "Open to anyone ✓" : "Open to anyone");
  btn.disabled = isOpen;
  btn.addEventListener("click", async () => {
    btn.disabled = true;
    try {
      await api(`/api/tables/${encodeURIComponent(res.table_id)}/seats/${seat}/open`,
        { method: "POST", body: JSON.stringify({ token: res.admin_token }) });
      btn.textContent = "Open to anyone ✓";
      message("", `Seat ${seat} is open: anyone in the lobby may take it with Join.`);
      refreshTables();
    } catch (err) {
      message("error", `Could not open seat ${seat}: ${err.message}`);
      btn.disabled = false;
    }
  });
  return btn;
}

// The host turns hints on or off for every seat (POST /api/tables/{id}/hints); every seat sees the setting.
function hintsToggle(res, initiallyOn) {
  let on = initiallyOn;
  const words = () => (on ? "Hints are on · Turn hints off" : "Hints are off · Turn hints on");
  const btn = h("button", { type: "button", class: "btn small", "data-testid": "hints-toggle" }, words());
  btn.addEventListener("click", async () => {
    btn.disabled = true;
    try {
      const summary = await api(`/api/tables/${encodeURIComponent(res.table_id)}/hints`,
        { method: "POST", body: JSON.stringify({ token: res.admin_token, enabled: !on }) });
      on = summary.hints;
      btn.textContent = words();
      message("", on ? "Hints are on: each seat may ask for a suggestion." : "Hints are off for every seat.");
    } catch (err) {
      message("error", `Could not change hints: ${err.message}`);
    } finally {
      btn.disabled = false;
    }
  });
  return h("p", { class: "created-hints" }, btn);
}

function showCreated(res, body) {
  clear(created);
  created.hidden = false;
  const seats = res.seats || [];
  const humans = seats.filter((s) => s.kind === "human" && s.invite_url);
  const mine = humans.find((s) => s.seat === res.creator_seat) || humans[0];
  created.append(h("h2", { class: "box-title" }, "Table created"),
    h("p", { class: "created-name" }, body.name || `${gameName(body.game)} table`,
      h("span", { class: "muted" }, ` · ${seats.length} seats`)));
  const actions = h("p", { class: "created-actions" });
  if (mine) actions.append(h("a", { class: "btn primary", href: mine.invite_url, "data-testid": "play-link" }, `Play seat ${mine.seat}`));
  if (res.watch_url) actions.append(h("a", { class: "btn", href: res.watch_url, "data-testid": "watch-link" }, "Watch"));
  created.append(actions);
  const list = h("ul", { class: "invite-list" });
  for (const s of seats) {
    if (s.deck_on_join && s.join_url) {
      const input = h("input", { type: "text", readonly: true, value: absolute(s.join_url), class: "invite-url",
        "aria-label": `join link for seat ${s.seat}`, "data-seat": s.seat, on: { focus: (e) => e.target.select() } });
      list.append(h("li", { class: ["invite", "on-join"] }, h("span", { class: "invite-seat" }, `Seat ${s.seat}`), input,
        copyButton(input), h("a", { class: "btn small", href: s.join_url, "aria-label": `Open seat ${s.seat}` }, "Open"),
        h("span", { class: "invite-note muted" }, "chooses a deck on joining; the cards are dealt once every such seat has")));
    } else if (s.kind === "human" && s.invite_url) {
      const input = h("input", { type: "text", readonly: true, value: absolute(s.invite_url), class: "invite-url",
        "aria-label": `invite link for seat ${s.seat}`, "data-seat": s.seat, on: { focus: (e) => e.target.select() } });
      const item = h("li", { class: "invite" }, h("span", { class: "invite-seat" }, `Seat ${s.seat}`), input, copyButton(input),
        h("a", { class: "btn small", href: s.invite_url, "aria-label": `Open seat ${s.seat}` }, "Open"));
      const isOpen = (body.open_seats || []).includes(s.seat);
      if (s.seat !== res.creator_seat && res.admin_token) item.append(openSeatButton(res, s.seat, isOpen));
      list.append(item);
    } else {
      list.append(h("li", { class: "invite bot" }, h("span", { class: "invite-seat" }, `Seat ${s.seat}`),
        h("span", { class: "muted" }, `bot · ${s.kind}`)));
    }
  }
  created.append(list);
  const onJoin = seats.filter((s) => s.deck_on_join);
  if (onJoin.length && res.admin_token) {
    // The host may deal without waiting: each missing seat gets a ready deck drawn from the seed.
    const deal = h("button", { type: "button", class: "btn small", "data-testid": "deal-now" }, "Deal now");
    deal.addEventListener("click", async () => {
      deal.disabled = true;
      try {
        const done = await api(`/api/tables/${encodeURIComponent(res.table_id)}/deal`,
          { method: "POST", body: JSON.stringify({ token: res.admin_token }) });
        message("", `Dealt: ${done.drawn.length ? `seat(s) ${done.drawn.join(", ")} got a random ready deck` : "every deck was in"}.`);
        deal.textContent = "Dealt ✓";
      } catch (err) {
        message("error", `Could not deal: ${err.message}`);
        deal.disabled = false;
      }
    });
    created.append(h("p", { class: "muted small-print" },
      "The cards are dealt when the last of these seats has joined with a deck, or now: ", deal,
      " (each seat still missing a deck then gets a random ready deck)."));
  }
  if (res.admin_token) created.append(hintsToggle(res, body.hints !== false));
  if (humans.length > 1) {
    created.append(h("p", { class: "muted small-print" },
      "Send each friend their own seat's link: whoever opens a link plays that seat. Keep yours to rejoin later."));
  }
  if (mine) created.querySelector('[data-testid="play-link"]').focus();
}

// ------------------------------------------------------------------------------------------------
// Table list
// ------------------------------------------------------------------------------------------------
async function refreshTables() {
  let tables;
  try {
    tables = await api("/api/tables");
  } catch (err) {
    clear(tablesEl).append(h("p", { class: "muted" }, `Could not load tables: ${err.message}`));
    return;
  }
  clear(tablesEl);
  if (!tables.length) {
    tablesEl.append(h("p", { class: "muted" }, "No tables yet. Create one!"));
    return;
  }
  const order = { waiting: 0, playing: 1, finished: 2, expired: 3 };
  tables.sort((a, b) => (order[a.status] ?? 3) - (order[b.status] ?? 3) || String(b.created).localeCompare(String(a.created)));
  const table = h("table", { class: "table-list" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Table"), h("th", { scope: "col", class: "col-game" }, "Game"),
      h("th", { scope: "col", class: "col-seats" }, "Seats"), h("th", { scope: "col" }, "Status"), h("th", { scope: "col" }, h("span", { class: "sr-only" }, "Actions")))));
  const tbody = h("tbody");
  for (const t of tables) {
    const needs = t.needs_deck || [];
    const free = (t.seats || []).filter((s) => s.kind === "human" && !s.claimed && !s.reserved);
    const deckFree = free.filter((s) => needs.includes(s.seat));
    const plainFree = free.filter((s) => !needs.includes(s.seat));
    const seats = (t.seats || []).map((s) => (s.kind === "human"
      ? (s.claimed ? "human" : needs.includes(s.seat) ? "open (brings a deck)" : "open") : s.kind)).join(" · ");
    const cell = h("td", { class: "actions" });
    const actions = h("div", { class: "actions-inner" });
    cell.append(actions);
    const open = t.status === "waiting" || t.status === "playing";
    if (deckFree.length && open) {
      actions.append(h("button", { type: "button", class: "btn small primary", "data-testid": "join-with-deck",
        on: { click: () => openJoin(t, deckFree[0].seat) } }, "Join with a deck"));
    }
    if (plainFree.length && open) {
      actions.append(h("button", { type: "button", class: "btn small primary", on: { click: () => join(t.table_id) } },
        `Join (${plainFree.length} free)`));
    }
    actions.append(h("a", { class: "btn small", href: `/table/${encodeURIComponent(t.table_id)}?watch=1` }, "Watch"));
    tbody.append(h("tr", { "data-table": t.table_id },
      h("td", { class: "col-name" }, t.name || t.table_id), h("td", { class: "col-game" }, gameName(t.game)),
      h("td", { class: ["seat-summary", "col-seats"] }, seats),
      h("td", {}, h("span", { class: ["status-tag", `st-${t.status}`] }, t.status),
        t.practice ? h("span", { class: "status-tag st-practice", title: "The seed was chosen by a player" }, "practice") : null),
      cell));
  }
  table.append(tbody);
  tablesEl.append(table);
}

async function join(tableId) {
  try {
    const res = await api(`/api/tables/${encodeURIComponent(tableId)}/join`, { method: "POST", body: "{}" });
    location.href = res.invite_url;
  } catch (err) {
    message("error", `Could not join: ${err.message}`);
    refreshTables();
  }
}

// ------------------------------------------------------------------------------------------------
// Joining a seat that brings its own deck: a ready deck or one of this browser's saved decks
// ------------------------------------------------------------------------------------------------
let joining = null; // {table, seat}

async function openJoin(t, seat) {
  const g = games.find((x) => x.id === t.game);
  if (!g) return;
  await Promise.all([loadDecks(g), loadSaved(g)]); // saved decks afresh: one may have been built meanwhile
  joining = { table: t, seat };
  const tableName = t.name || t.table_id;
  const game = gameName(t.game);
  joinWhat.textContent = `${tableName.includes(game) ? tableName : `${tableName} · ${game}`} · seat ${seat}`;
  clear(joinDeck);
  // No ready deck is chosen for the player: the first in the list would be a pick by the alphabet, and
  // some ready decks are far weaker than others (README, balance). Their own legal saved deck is.
  joinDeck.append(h("option", { value: "", disabled: true }, "Choose a deck…"));
  const mine = savedOf.get(g.id) || [];
  if (mine.length) {
    joinDeck.append(h("optgroup", { label: "My saved decks" }, mine.map((d) => h("option", { value: `saved:${d.id}`,
      disabled: !d.legal }, `${d.name}${d.legal ? "" : " (not legal)"}`))));
  }
  joinDeck.append(h("optgroup", { label: "Ready decks" }, (decksOf.get(g.id) || []).map((d) =>
    h("option", { value: `ready:${d.name}`, title: d.description, "data-description": d.description },
      `${d.name}${d.custom ? " [custom]" : ""}${d.summary ? ` (${d.summary})` : ""}`))));
  const mineLegal = mine.find((d) => d.legal);
  joinDeck.value = mineLegal ? `saved:${mineLegal.id}` : "";
  describeJoinDeck();
  joinPanel.hidden = false;
  document.body.classList.add("joining"); // on a narrow screen the join box moves above the New table form
  joinDeck.focus({ preventScroll: true });
  joinPanel.scrollIntoView({ block: "nearest" });
}

/** Under the deck picker: what the chosen deck plays like, or what to do when none is chosen yet. */
function describeJoinDeck(problem = false) {
  const chosen = joinDeck.selectedOptions[0];
  joinDeckNote.classList.toggle("field-error", problem);
  if (!joinDeck.value) {
    joinDeckNote.textContent = problem ? "Choose a deck first: one of yours or a ready deck."
      : "Choose the deck you will play: one of yours or a ready deck (its style shows here).";
  } else if (chosen && chosen.dataset.description) {
    joinDeckNote.textContent = chosen.dataset.description;
  } else {
    joinDeckNote.textContent = "Your saved deck.";
  }
}

function closeJoin() {
  joining = null;
  joinPanel.hidden = true;
  document.body.classList.remove("joining");
}

async function onJoinSubmit(ev) {
  ev.preventDefault();
  if (!joining) return;
  if (!joinDeck.value) {
    describeJoinDeck(true);
    joinDeck.focus();
    return;
  }
  const [kind, ...rest] = joinDeck.value.split(":");
  const value = rest.join(":");
  const body = { seat: joining.seat, ...(kind === "saved" ? { saved_deck: value } : { deck: value }) };
  const headers = kind === "saved" ? { [OWNER_HEADER]: storedOwner() || "" } : {};
  joinGo.disabled = true;
  try {
    const res = await api(`/api/tables/${encodeURIComponent(joining.table.table_id)}/join`,
      { method: "POST", body: JSON.stringify(body), headers });
    location.href = res.invite_url;
  } catch (err) {
    message("error", `Could not join: ${err.message}`);
    joinDeck.focus();
    refreshTables();
  } finally {
    joinGo.disabled = false;
  }
}

// A join link (/?join=<table>&seat=<n>, handed out by the table's creator) opens the panel at once.
async function joinFromLink() {
  const params = new URLSearchParams(location.search);
  const tableId = params.get("join");
  if (!tableId) return;
  try {
    const t = await api(`/api/tables/${encodeURIComponent(tableId)}`);
    const wanted = Number(params.get("seat"));
    const needs = t.needs_deck || [];
    const seat = needs.includes(wanted) ? wanted : needs[0];
    if (seat === undefined) {
      message("error", "This table no longer waits for a deck: join it from the list, or watch it.");
      return;
    }
    await openJoin(t, seat);
  } catch (err) {
    message("error", `Could not open the table to join: ${err.message}`);
  }
}

joinForm.addEventListener("submit", onJoinSubmit);
joinDeck.addEventListener("change", () => describeJoinDeck());
document.getElementById("join-cancel").addEventListener("click", closeJoin);
joinPanel.addEventListener("keydown", (ev) => { if (ev.key === "Escape") closeJoin(); });
gameSel.addEventListener("change", onGameChange);
playersSel.addEventListener("change", drawSeats);
form.addEventListener("submit", onCreate);
document.getElementById("refresh").addEventListener("click", refreshTables);
loadGames().then(() => { refreshTables(); joinFromLink(); });
setInterval(() => {
  // Skip while the keyboard focus is inside the list, so a redraw never steals it.
  if (document.visibilityState === "visible" && !tablesEl.contains(document.activeElement)) refreshTables();
}, 5000);
