// The table page: one WebSocket per page (docs/protocol.md), the game's renderer module draws the board.
// The seat token lives in the URL (?token=…), so a reload or a dropped connection simply reconnects.

import { LogList, clear, h, seatName, seatRef, seatTag, updateStatusBar } from "./components.js";
import { setupHelp } from "./help.js";
import { HINT_REASONS, createHint } from "./hint.js";
import { createTour, tourWanted } from "./tour.js";

const params = new URLSearchParams(location.search);
const token = params.get("token");
const watching = !token || params.has("watch");
// ?renderer=generic forces another renderer module (for trying the fallback; names are [a-z0-9-] only).
const forcedRenderer = /^[a-z0-9-]+$/.test(params.get("renderer") || "") ? params.get("renderer") : null;
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || params.get("table") || "");

const board = document.getElementById("board");
const side = document.getElementById("side-top");
const statusEl = document.getElementById("status");
const connEl = document.getElementById("conn");
const messagesEl = document.getElementById("messages");
const logEl = document.getElementById("log-list");
const logBox = document.getElementById("log");
const sideEl = document.getElementById("side");
const titleEl = document.getElementById("page-title");
const keysHelp = document.getElementById("keys-help");
const stopsEl = document.getElementById("stops");
const help = setupHelp({
  button: document.getElementById("help-open"),
  dialog: document.getElementById("help"),
  body: document.getElementById("help-body"),
  title: document.getElementById("help-title"),
  close: document.getElementById("help-close"),
  // Opened mid-game, the panel goes to the section of the current phase (the renderer reads it).
  phase: () => (app.renderer && app.renderer.phase && app.frame && app.frame.view && !app.frame.outcome
    ? app.renderer.phase(context()) : null),
});

const REASONS = {
  wrong_seat: "Only the seat whose turn it is can act (you are watching or hold another seat).",
  not_your_turn: "It is not your turn.",
  stale: "The game moved on before your choice arrived; the board now shows the current position.",
  illegal: "That move is not allowed.",
  malformed: "The server could not read that move.",
  too_large: "That message was too large.",
  bad_token: "This link's seat token is not valid for this table. Ask for a new invite link or watch instead.",
  not_found: "There is no such table.",
  version_mismatch: "This table was played with another version of the game and cannot be opened here.",
  expired: "This table expired: nobody moved for too long. Start a new one from the lobby.",
  too_many_sockets: "Too many tables are open from your address. Close some tabs, then reload.",
  internal: "The server had a problem storing that; nothing changed. Try again.",
  ...HINT_REASONS,
};
// Close codes after which reconnecting cannot help (bad token, no such table, unusable table).
const FATAL_CLOSE = new Set([4403, 4404, 4409, 4410]);

const app = {
  ws: null,
  attempt: 0,
  retryTimer: null,
  pingTimer: null,
  lastMessage: 0,
  fatal: false,
  hello: null, // {seat, table, game}
  catalog: null, // the game's public card catalog, for renderers with an init(catalog)
  renderer: null,
  rendererFor: null,
  frame: null, // last state frame
  events: [], // the seat's whole log so far
  log: null, // LogList
  pending: null, // {seq} while an act frame awaits an answer
  focusedDecision: null, // seq of the decision we moved focus to
  focusedOutcome: false, // the end screen has had the focus once
  refusal: null, // {reason, text} when the server refused this link before showing anything
  queue: Promise.resolve(),
  tablePoll: null,
  prefs: null, // this seat's stops {full_control, pass_until} (docs/protocol.md, Auto-pass); null when watching
  sequence: null, // {kind, rest, finish, at}: picks of one multi-card prompt still to send, one per decision
};
// The Hint button of the decision area (hint.js): it sends over the table's socket when it is open.
const hint = createHint({
  send: (frame) => {
    if (app.ws && app.ws.readyState === WebSocket.OPEN) app.ws.send(JSON.stringify(frame));
    else showMessage("error", "Not connected right now; the hint was not asked. Try again once reconnected.");
  },
});

// ------------------------------------------------------------------------------------------------
// Connection
// ------------------------------------------------------------------------------------------------
function wsUrl() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const query = watching ? "?watch=1" : `?token=${encodeURIComponent(token)}`;
  return `${proto}//${location.host}/ws/tables/${encodeURIComponent(tableId)}${query}`;
}

function setConn(state, text) {
  connEl.dataset.state = state;
  board.classList.toggle("offline", state !== "open");
  clear(connEl).append(h("span", { class: "conn-text" }, text));
  if (state === "lost") {
    connEl.append(" ", h("button", { type: "button", class: "btn small", on: { click: () => connect(true) } },
      "Reconnect now"));
  }
}

function connect(now = false) {
  if (app.fatal) return;
  clearTimeout(app.retryTimer);
  if (app.ws && (app.ws.readyState === WebSocket.OPEN || app.ws.readyState === WebSocket.CONNECTING)) {
    if (!now) return;
    app.ws.onclose = null;
    app.ws.close();
  }
  setConn("connecting", app.attempt ? "Reconnecting…" : "Connecting…");
  let ws;
  try {
    ws = new WebSocket(wsUrl());
  } catch (err) {
    scheduleReconnect();
    return;
  }
  app.ws = ws;
  ws.onopen = () => {
    app.lastMessage = Date.now();
    setConn("open", watching ? "Connected · watching" : "Connected");
    clearInterval(app.pingTimer);
    app.pingTimer = setInterval(keepAlive, 15000);
  };
  ws.onmessage = (ev) => {
    app.lastMessage = Date.now();
    let msg;
    try {
      msg = JSON.parse(ev.data);
    } catch {
      return;
    }
    // Frames are handled strictly in order (the renderer module may still be loading).
    app.queue = app.queue.then(() => handle(msg)).catch((err) => console.error(err));
  };
  ws.onclose = (ev) => {
    clearInterval(app.pingTimer);
    if (app.ws !== ws) return;
    app.ws = null;
    app.pending = null;
    board.classList.remove("busy");
    if (FATAL_CLOSE.has(ev.code) || app.fatal) {
      app.fatal = true;
      setConn("refused", "Not connected");
      if (!app.frame) showRefusal(app.refusal);
      return;
    }
    scheduleReconnect();
  };
}

function scheduleReconnect() {
  clearTimeout(app.retryTimer);
  const base = Math.min(10000, 500 * 2 ** app.attempt);
  const delay = Math.round(base * (0.8 + Math.random() * 0.4));
  app.attempt += 1;
  setConn("lost", `Connection lost · retrying in ${Math.max(1, Math.round(delay / 1000))} s`);
  app.retryTimer = setTimeout(() => connect(), delay);
}

function keepAlive() {
  const ws = app.ws;
  if (!ws || ws.readyState !== WebSocket.OPEN) return;
  if (Date.now() - app.lastMessage > 45000) {
    ws.close(); // silent for too long: assume the link is dead and reconnect
    return;
  }
  ws.send(JSON.stringify({ type: "ping" }));
}

window.addEventListener("online", () => connect(true));
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && !app.ws && !app.fatal) connect(true);
});

// ------------------------------------------------------------------------------------------------
// Frames
// ------------------------------------------------------------------------------------------------
async function handle(msg) {
  switch (msg.type) {
    case "hello":
      return onHello(msg);
    case "state":
      return onState(msg);
    case "error":
      return onError(msg);
    case "prefs":
      return onPrefs(msg);
    case "hint":
      hint.onFrame(msg);
      return render();
    default:
      return undefined; // pong and anything newer
  }
}

async function onHello(msg) {
  app.attempt = 0;
  app.hello = msg;
  app.pending = null;
  app.sequence = null;
  app.prefs = msg.prefs || null;
  if (app.rendererFor !== msg.game) {
    app.renderer = await loadRenderer(forcedRenderer, msg.game);
    app.rendererFor = msg.game;
    app.log = new LogList(logEl, {
      scroller: logBox,
      describe: (event) => app.renderer.describeEvent(event, context()),
      classify: (event) => (app.renderer.eventClass ? app.renderer.eventClass(event) : ""),
    });
    help.setGame(msg.game, { extra: app.renderer.helpSections ? app.renderer.helpSections() : [] });
  }
  const title = app.renderer.title || msg.game;
  const spectator = msg.seat === null || msg.seat === undefined;
  document.title = `${title} · ${msg.table && msg.table.name ? msg.table.name : "table"} · cardtable`;
  titleEl.textContent = spectator ? `${title} · watching` : title;
  // A spectator has no character: the side box holds only the log (and a note on what they see).
  sideEl.setAttribute("aria-label", spectator ? "About watching and the game log" : "Your character and the game log");
  if (spectator) {
    setConn("open", "Connected · watching");
  } else {
    setConn("open", `Connected · seat ${msg.seat}`);
  }
  watchTableSummary();
  drawStops();
}

function onPrefs(msg) {
  if (!app.hello || msg.seat !== app.hello.seat) return;
  app.prefs = { full_control: Boolean(msg.full_control), pass_until: msg.pass_until || null };
  drawStops();
}

// The stops in the top bar (a seat's own): "Full control" asks every decision again; the two "Pass until"
// buttons let the server pass for the seat until its turn starts / until something happens. Pressed again,
// a pass-until button cancels it; the server clears it by itself when reached.
// "»" rather than an emoji: every font has it (a phone without an emoji font showed an empty box).
const SHORT = { "stop-turn": "» Turn", "stop-event": "» News", "full-control": "Full" };

function drawStops() {
  const prefs = app.prefs;
  const over = app.frame && (app.frame.status === "finished" || app.frame.outcome);
  if (!prefs || !app.hello || app.hello.seat === null || app.hello.seat === undefined || over) {
    stopsEl.hidden = true;
    return;
  }
  stopsEl.hidden = false;
  const send = (frame) => {
    if (app.ws && app.ws.readyState === WebSocket.OPEN) app.ws.send(JSON.stringify({ type: "prefs", ...frame }));
  };
  // A phone shows the short words (the long ones stay the button's accessible name).
  const button = (testid, text, pressed, title, frame) => h("button", {
    type: "button", class: "btn small", "data-testid": testid, "aria-pressed": pressed ? "true" : "false", title,
    on: { click: () => send(frame) },
  }, h("span", { class: "stop-long" }, text), h("span", { class: "stop-short", "aria-hidden": "true" }, SHORT[testid]));
  const mode = prefs.pass_until;
  clear(stopsEl).append(
    button("stop-turn", "Pass until my turn", mode === "turn",
      "Pass every decision that can be passed until your next turn starts (press again to stop)",
      { pass_until: mode === "turn" ? null : "turn" }),
    button("stop-event", "Pass until something happens", mode === "event",
      "Pass every decision that can be passed until something new happens in the log (press again to stop)",
      { pass_until: mode === "event" ? null : "event" }),
    button("full-control", "Full control", prefs.full_control,
      prefs.full_control ? "Every decision is asked, even one with nothing to choose (press to let the table pass them for you)"
        : "Decisions with a single option or only Pass are taken for you; press to be asked every one",
      { full_control: !prefs.full_control }));
}

// The renderer module `name` for `game`. A renderer with an `init(catalog)` gets the game's public card
// catalog (GET /api/games/{game}/cards, fetched once) before it draws anything: card names and texts
// come from the server's card files, never from a copy in the renderer.
//
// A game without a module of its own that declares a presentation is drawn by the shared card-table
// renderer (renderers/cardtable.js), which gets the declaration (GET /api/games/{game}/presentation) too.
// The games list says which module draws a game (`renderer`), so no missing module is ever requested.
async function loadRenderer(forced, game) {
  let renderer;
  let extra = {};
  const info = await gameInfo(game);
  const name = forced || (info && info.renderer) || game;
  try {
    if (name === "cardtable") {
      extra = await fetchPresentation(game);
      if (!extra) return genericRenderer();
      extra.name = (info && info.name) || "";
    }
    renderer = (await import(new URL(`./renderers/${encodeURIComponent(name)}.js`, import.meta.url).href)).default;
  } catch (err) {
    return genericRenderer();
  }
  if (typeof renderer.init === "function") {
    try {
      app.catalog = await fetchCatalog(game);
      await renderer.init(app.catalog, extra);
      if (extra.name) renderer.title = extra.name;
    } catch (err) {
      console.error(err);
      // A notice, not an error: it stays up while the game moves on (errors clear with each new position).
      showMessage("notice", "The card data could not be loaded, so the table is shown in its plain form.",
        String((err && err.message) || err));
      return genericRenderer();
    }
  }
  return renderer;
}

async function gameInfo(game) {
  try {
    const res = await fetch("/api/games");
    return res.ok ? (await res.json()).find((g) => g.id === game) || null : null;
  } catch {
    return null;
  }
}

// {presentation} for a game that declares a presentation, else null.
async function fetchPresentation(game) {
  try {
    const res = await fetch(`/api/games/${encodeURIComponent(game)}/presentation`);
    return res.ok ? { presentation: await res.json() } : null;
  } catch {
    return null;
  }
}

async function genericRenderer() {
  return (await import(new URL("./renderers/generic.js", import.meta.url).href)).default;
}

async function fetchCatalog(game) {
  let problem = null;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (attempt) await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    try {
      const res = await fetch(`/api/games/${encodeURIComponent(game)}/cards`);
      if (res.ok) return await res.json();
      problem = new Error(`the card catalog of ${game} answered HTTP ${res.status}`);
      if (res.status < 500) break; // retrying cannot help
    } catch (err) {
      problem = err;
    }
  }
  throw problem;
}

function onState(frame) {
  if (!app.renderer) return;
  const start = frame.log_start || 0;
  if (start === 0) {
    app.events = [];
    logEl.setAttribute("aria-busy", "true");
    app.log.reset();
  }
  if (start > app.events.length) {
    // A gap in the log: resynchronise from scratch.
    if (app.ws) app.ws.close();
    return;
  }
  const prevSeq = app.frame ? app.frame.seq : null;
  // Follow the newest line unless the reader scrolled up to read; a fresh log (first frame, reload,
  // a finished game opened later) always starts at its end.
  const follow = start === 0 || app.log.atEnd();
  app.events = app.events.slice(0, start).concat(frame.log || []);
  app.frame = frame;
  app.log.add(frame.log || [], start, frame.lines);
  if (frame.auto && frame.auto.length) app.log.note(autoNote(frame.auto));
  if (start === 0) logEl.removeAttribute("aria-busy");
  if (app.pending && frame.seq !== app.pending.seq) app.pending = null;
  if (prevSeq !== null && frame.seq !== prevSeq) clearMessage("error");
  if (frame.status !== "waiting") stopTableSummary();
  document.body.classList.add("ready");
  render();
  drawStops();
  // After drawing: the side box above the log may have changed the log's height.
  if (follow) app.log.scrollToEnd();
  advanceSequence(frame);
}

// "Passed for you: …" — the decisions the server took for this seat (auto-pass), one line per frame.
function autoNote(moves) {
  const names = [];
  for (const m of moves) {
    const name = m.prompt || m.decision;
    if (names[names.length - 1] !== name) names.push(name);
  }
  const shown = names.slice(0, 4).join("; ") + (names.length > 4 ? `; and ${names.length - 4} more` : "");
  return `Passed for you${moves.length > 1 ? ` (${moves.length})` : ""}: ${shown}`;
}

// One prompt for several cards (renderer's multi-card choice): the engine asks them one at a time, so the
// chosen options are sent in order, each once the previous one is answered, then `done` when still offered.
function pickMany(actions, kind, finish = true) {
  if (!actions.length || !app.frame) return;
  app.sequence = { kind, rest: actions.slice(1), finish, at: app.frame.seq };
  pick(actions[0]);
}

function advanceSequence(frame) {
  const s = app.sequence;
  if (!s || frame.seq === s.at || app.pending) return;
  const d = frame.decision;
  if (!d || d.kind !== s.kind || !app.hello || d.player !== app.hello.seat) {
    app.sequence = null;
    return;
  }
  s.at = frame.seq;
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  while (s.rest.length) {
    const next = s.rest.shift();
    const found = d.options.find((o) => same(o, next));
    if (found) {
      pick(found);
      return;
    }
  }
  app.sequence = null;
  const done = s.finish ? d.options.find((o) => o.kind === "done") : null;
  if (done) pick(done);
}

function onError(msg) {
  hint.onError(msg);
  app.pending = null;
  app.sequence = null;
  board.classList.remove("busy");
  board.removeAttribute("aria-busy");
  const friendly = REASONS[msg.reason] || "The server refused that.";
  if (["bad_token", "not_found", "version_mismatch", "expired"].includes(msg.reason)) {
    app.fatal = true;
    if (!app.frame) {
      // Nothing to play: the board itself says so, once (no strip repeating it, no "Connecting…").
      app.refusal = { reason: msg.reason, text: friendly };
      setConn("refused", "Not connected");
      showRefusal(app.refusal);
      return;
    }
  }
  const detail = [msg.message, msg.rule ? `rule ${msg.rule}` : null].filter(Boolean).join(" · ");
  showMessage("error", friendly, detail, msg.reason);
  if (app.frame) render();
}

function showRefusal(refusal) {
  const text = (refusal && refusal.text) || "The server refused this link.";
  clear(board).append(h("section", { class: "refusal", role: "alert", "data-reason": (refusal && refusal.reason) || null },
    h("h2", { class: "refusal-title" }, "This link does not open the table"),
    h("p", {}, text),
    h("p", { class: "refusal-actions" },
      refusal && refusal.reason === "bad_token"
        ? h("a", { class: "btn", href: `/table/${encodeURIComponent(tableId)}?watch=1` }, "Watch this table")
        : null,
      h("a", { class: "btn", href: "/" }, "Back to the lobby"))));
}

// ------------------------------------------------------------------------------------------------
// Acting
// ------------------------------------------------------------------------------------------------
function pick(action) {
  const frame = app.frame;
  if (!frame || !frame.decision || app.pending) return;
  if (!app.ws || app.ws.readyState !== WebSocket.OPEN) {
    showMessage("error", "Not connected right now; your choice was not sent. It will be possible again once reconnected.");
    return;
  }
  app.pending = { seq: frame.seq };
  board.classList.add("busy");
  board.setAttribute("aria-busy", "true");
  app.ws.send(JSON.stringify({ type: "act", seq: frame.seq, action }));
}

function describeOption(action) {
  if (app.renderer && app.renderer.describeOption) {
    try {
      return app.renderer.describeOption(action, context());
    } catch {
      /* fall through */
    }
  }
  const params = Object.entries(action).filter(([k]) => k !== "player" && k !== "kind").map(([k, v]) => `${k} ${v}`);
  return [action.kind, ...params].join(" ");
}

function context() {
  const frame = app.frame || {};
  const hello = app.hello || {};
  const seat = hello.seat === undefined ? null : hello.seat;
  const decision = frame.decision && frame.decision.player === seat ? frame.decision : null;
  const ctx = {
    seat,
    watching: seat === null,
    table: hello.table || null,
    game: hello.game,
    catalog: app.catalog,
    seq: frame.seq,
    view: frame.view || null,
    decision,
    // why a card in hand cannot be played now (card id -> {rule, text}); the deciding seat's frame only
    whyNot: (decision && frame.why_not) || {},
    events: app.events,
    status: frame.status,
    outcome: frame.outcome || null,
    thinking: frame.thinking || [],
    pending: Boolean(app.pending),
    side,
    seatName: (s) => seatName(s, seat),
    seatRef: (s) => seatRef(s, seat),
    seatTag: (s) => seatTag(hello.table, s, seat),
    choices: [],
    choice: () => null,
    pickMany,
    sending: Boolean(app.sequence),
  };
  if (decision && Array.isArray(decision.options)) {
    ctx.choices = decision.options.map((action, i) => ({
      n: i + 1,
      action,
      get label() {
        return describeOption(action);
      },
      pick: () => pick(action),
    }));
    ctx.choice = (pred) => ctx.choices.find((c) => pred(c.action)) || null;
  }
  return ctx;
}

// ------------------------------------------------------------------------------------------------
// Drawing
// ------------------------------------------------------------------------------------------------
function render() {
  const frame = app.frame;
  if (!frame || !app.renderer) return;
  const ctx = context();
  const active = document.activeElement;
  const focusInBoard = active && (board.contains(active) || side.contains(active));
  const focusKey = focusInBoard && active.dataset ? active.dataset.option || active.dataset.focusKey : null;
  const focusIsFree = !active || active === document.body || focusInBoard;

  clear(board);
  clear(side);
  if (frame.view === null) {
    // Not dealt yet: seats still join with their decks. There is nothing to draw (and nothing hidden).
    drawUndealt(frame);
    drawStatus(ctx);
    keysHelp.hidden = true;
    document.title = `Waiting for decks · ${app.renderer.title || ctx.game} · cardtable`;
    return;
  }
  app.renderer.render(board, ctx);
  hint.draw(board, ctx);
  board.classList.toggle("busy", Boolean(app.pending));
  if (!app.pending) board.removeAttribute("aria-busy");

  drawStatus(ctx);
  const over = ctx.status === "finished" || Boolean(ctx.outcome);
  const name = app.renderer.title || ctx.game;
  document.title = over ? `Game over${resultWords(ctx)} · ${name} · cardtable`
    : `${ctx.decision ? "● Your move · " : ""}${name} · cardtable`;
  // The keyboard hints only help someone who has moves to make.
  keysHelp.hidden = ctx.seat === null || over;

  // Focus: move to the first option of a new decision; at the end to the result (once); otherwise
  // keep it where it was.
  const outcomeEl = over ? board.querySelector('[data-testid="outcome"]') : null;
  if (outcomeEl && !app.focusedOutcome && (focusIsFree || !document.activeElement || document.activeElement === document.body)) {
    app.focusedOutcome = true;
    outcomeEl.tabIndex = -1;
    outcomeEl.focus({ preventScroll: false });
  } else if (outcomeEl && app.focusedOutcome && focusInBoard && !board.contains(document.activeElement)) {
    outcomeEl.tabIndex = -1;
    outcomeEl.focus({ preventScroll: true });
  } else if (ctx.decision && app.focusedDecision !== ctx.seq && focusIsFree) {
    app.focusedDecision = ctx.seq;
    const first = board.querySelector('[data-option="1"]');
    if (first) first.focus({ preventScroll: true });
  } else if (focusKey) {
    const again = board.querySelector(`[data-option="${focusKey}"], [data-focus-key="${focusKey}"]`);
    (again || board).focus({ preventScroll: true });
  } else if (focusInBoard && !board.contains(document.activeElement)) {
    board.focus({ preventScroll: true });
  }
  // The first-game tour (after the focus has moved: the tour then takes it to its Next button).
  if (tour) tour.refresh();
  else if (!over && ctx.seat !== null && app.renderer.game === "cardtable" && !tourAsked) startTour(ctx.game);
}

function drawUndealt(frame) {
  const needs = frame.needs_deck || [];
  const who = needs.map((s) => `seat ${s}`).join(", ");
  board.append(h("section", { class: "undealt", "data-testid": "undealt" },
    h("h2", { class: "undealt-title" }, "Waiting for decks"),
    h("p", {}, needs.length
      ? `The cards are dealt once ${who} ${needs.length > 1 ? "have" : "has"} joined with a deck.`
      : "Dealing the cards…"),
    h("p", { class: "muted" }, "Nobody sees which deck another player brings.")));
}

function resultWords(ctx) {
  const winners = (ctx.outcome && ctx.outcome.winners) || [];
  if (ctx.seat === null || !ctx.outcome) return "";
  return winners.includes(ctx.seat) ? ": you won" : ": you lost";
}

function drawStatus(ctx) {
  const items = [];
  if (ctx.table && ctx.table.name) items.push({ key: "table", label: "Table", value: ctx.table.name, cls: "si-table" });
  if (ctx.table && ctx.table.practice) items.push({ key: "practice", value: "Practice (seed chosen by a player)", cls: "si-practice" });
  items.push({ key: "you", value: ctx.seat === null ? "Watching" : `You are seat ${ctx.seat}`, cls: ctx.seat === null ? "si-you" : "si-you si-seat" });
  if (app.renderer.statusItems) items.push(...app.renderer.statusItems(ctx));
  if (ctx.status === "waiting") items.push({ key: "waiting", value: waitingText(ctx), cls: "si-waiting" });
  if (ctx.thinking.length) {
    items.push({ key: "thinking", value: `${ctx.thinking.map((s) => ctx.seatName(s)).join(", ")} thinking…`, cls: "si-thinking", quiet: true });
  }
  if (ctx.status === "finished") items.push({ key: "over", value: "Game over", cls: "si-over" });
  updateStatusBar(statusEl, items);
}

function waitingText(ctx) {
  const needs = (app.frame && app.frame.needs_deck) || [];
  if (needs.length) return `Waiting for ${needs.map((s) => `seat ${s}`).join(", ")} to join with a deck`;
  const open = ((ctx.table && ctx.table.seats) || []).filter((s) => s.kind === "human" && !s.claimed).map((s) => s.seat);
  return open.length ? `Waiting for ${open.map((s) => `seat ${s}`).join(", ")} to join` : "Waiting for players";
}

// While the table waits for players, refresh its summary so the page shows who has joined.
function watchTableSummary() {
  stopTableSummary();
  app.tablePoll = setInterval(async () => {
    if (!app.frame || app.frame.status !== "waiting") return;
    try {
      const res = await fetch(`/api/tables/${encodeURIComponent(tableId)}`);
      if (res.ok && app.hello) {
        app.hello.table = await res.json();
        render();
      }
    } catch {
      /* the socket's reconnect logic reports problems */
    }
  }, 3000);
}

function stopTableSummary() {
  clearInterval(app.tablePoll);
  app.tablePoll = null;
}

// ------------------------------------------------------------------------------------------------
// Messages (errors and notices), polite and visible
// ------------------------------------------------------------------------------------------------
function showMessage(kind, text, detail = "", reason = "") {
  clear(messagesEl);
  const box = h("div", { class: ["message", kind], "data-reason": reason || null },
    h("strong", { class: "message-text" }, text),
    detail ? h("span", { class: "message-detail" }, ` ${detail}`) : null,
    h("button", { type: "button", class: "btn small message-close", "aria-label": "Dismiss message",
      on: { click: () => clear(messagesEl) } }, "✕"));
  messagesEl.append(box);
}

function clearMessage(kind) {
  for (const el of messagesEl.querySelectorAll(`.message.${kind}`)) el.remove();
}

// ------------------------------------------------------------------------------------------------
// The guided first game (tour.js): once per game, for a player at a card-game table.
// ------------------------------------------------------------------------------------------------
let tour = null;
let tourAsked = false;

function regionNames(sel) {
  const names = [...document.querySelectorAll(`${sel} .ct-region-title`)].map((el) => el.textContent.trim());
  return [...new Set(names)].filter(Boolean).join(", ");
}

function startTour(game) {
  tourAsked = true;
  if (!tourWanted(game)) return;
  const own = ".ct-side.ct-bottom";
  const many = document.querySelectorAll(".ct-side.ct-top").length > 1;
  const yours = regionNames(own);
  tour = createTour({
    game,
    steps: [
      { target: () => document.querySelector(`${own} [data-region="hand"]`), title: "Your hand",
        text: "The cards only you can see. When it is your move, the cards you can use light up: click one "
          + "(tap it on a phone) to play it. Point at any card, or tap it, to read it." },
      { target: () => document.querySelector(own), title: "Your side of the table",
        text: `Everything of yours: ${yours || "your cards in play"}. The banner on top counts what matters `
          + "(point at a number to see what it means)." },
      { target: () => document.querySelector(".ct-opponents") || document.querySelector(".ct-side.ct-top"),
        title: many ? "The other players" : "Your opponent",
        text: `${many ? "Their sides mirror" : "Their side mirrors"} yours; a hand shows only card backs. `
          + "▶ turn marks whose turn it is." },
      { target: () => document.querySelector(".ct-board > .prompt, .ct-board > .outcome"), title: "What happens now",
        text: "This box says what you are asked to do, and turns yellow when it is your move. Buttons such as "
          + "Pass or Done wait at the bottom of the board; the top bar shows the turn and the phase." },
      { target: () => document.querySelector(".log-box"), title: "The log",
        text: "Every move in words, the newest last: what you and the others did, and what came of it." },
      { target: () => document.getElementById("help-open"), title: "Rules when you need them",
        text: "How to play explains the game and every word on the screen. Opened during a game it goes "
          + "straight to the current phase. The ? key opens it too." },
    ],
    onEnd: () => {
      tour = null;
      const first = board.querySelector('[data-option="1"]');
      if (first) first.focus({ preventScroll: true });
    },
  });
  tour.start();
  if (!tour.active()) tour = null;
}

// ------------------------------------------------------------------------------------------------
// Keyboard: typing an option's number picks it (Enter/Space activate the focused one natively). Options
// 10 and up are typed as two digits: while what was typed could still grow into a larger option's number
// ("1" with options up to 12), the page waits NUMBER_WAIT_MS for the next digit (or Enter) and shows the
// number typed so far; with nine options or fewer every digit picks at once, as before.
// ------------------------------------------------------------------------------------------------
const NUMBER_WAIT_MS = 900;
const keysTyped = document.getElementById("keys-typed");
let typed = "";
let typedTimer = null;

function highestOption() {
  let max = 0;
  for (const el of board.querySelectorAll("[data-option]")) max = Math.max(max, Number(el.dataset.option) || 0);
  return max;
}

function showTyped() {
  if (!keysTyped) return;
  keysTyped.textContent = typed ? `Option ${typed}… (another digit, or Enter)` : "";
  keysTyped.hidden = !typed;
}

function forgetTyped() {
  clearTimeout(typedTimer);
  typedTimer = null;
  typed = "";
  showTyped();
}

function pickTyped() {
  const n = typed;
  forgetTyped();
  const el = n ? board.querySelector(`[data-option="${n}"]`) : null;
  if (el) {
    el.focus({ preventScroll: true });
    el.click();
  }
}

/** A digit typed: extend the number when an option has it, else start a new one; pick or wait. */
function typeDigit(digit) {
  const max = highestOption();
  let next = typed + digit;
  if (Number(next) > max || next === "0") next = digit === "0" ? "" : digit; // no such option: start again
  clearTimeout(typedTimer);
  if (!next || Number(next) > max) {
    forgetTyped();
    return false;
  }
  typed = next;
  if (Number(typed) * 10 > max) pickTyped(); // no larger option starts with these digits
  else {
    showTyped();
    typedTimer = setTimeout(pickTyped, NUMBER_WAIT_MS);
  }
  return true;
}

document.addEventListener("keydown", (ev) => {
  if (ev.altKey || ev.ctrlKey || ev.metaKey || ev.repeat) return;
  const tag = ev.target && ev.target.tagName;
  if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
  if (help.isOpen()) return; // the dialog has the keyboard (Esc closes it)
  if (ev.key === "?") {
    ev.preventDefault();
    forgetTyped();
    help.open();
  } else if (/^[0-9]$/.test(ev.key)) {
    if (typeDigit(ev.key)) ev.preventDefault();
  } else if (ev.key === "Enter" && typed) {
    ev.preventDefault();
    pickTyped();
  } else if (ev.key === "Escape") {
    forgetTyped();
    clear(messagesEl);
  } else if (typed && ev.key !== "Shift") {
    forgetTyped();
  }
});

// ------------------------------------------------------------------------------------------------
// Touch screens show no tooltips: a tap on a card, character or marker that has one shows its text in a
// bubble until the next tap (options are left alone: a tap on them chooses).
// ------------------------------------------------------------------------------------------------
let lastPointer = "mouse";
let tapTip = null;
document.addEventListener("pointerdown", (ev) => { lastPointer = ev.pointerType; }, true);

function hideTapTip() {
  if (tapTip) tapTip.remove();
  tapTip = null;
}

document.addEventListener("click", (ev) => {
  const hadTip = Boolean(tapTip);
  hideTapTip();
  if (lastPointer !== "touch" || hadTip) return;
  const target = ev.target instanceof Element ? ev.target.closest("[title]") : null;
  if (!target || !(board.contains(target) || side.contains(target))) return;
  if (target.closest(".choice, .player-panel.target, a, button")) return;
  const r = target.getBoundingClientRect();
  tapTip = h("div", { class: "tap-tip", role: "tooltip", "data-testid": "tap-tip" }, target.title);
  document.body.append(tapTip);
  const w = tapTip.offsetWidth;
  const hgt = tapTip.offsetHeight;
  const left = Math.max(8, Math.min(r.left, window.innerWidth - w - 8));
  const top = r.bottom + hgt + 8 < window.innerHeight ? r.bottom + 6 : Math.max(8, r.top - hgt - 6);
  tapTip.style.left = `${Math.round(left)}px`;
  tapTip.style.top = `${Math.round(top)}px`;
});
window.addEventListener("scroll", hideTapTip, { passive: true });

// ------------------------------------------------------------------------------------------------
if (!tableId) {
  clear(board).append(h("p", { class: "message error" }, "No table id in this address."));
} else {
  connect();
}
// For tests and debugging: the latest frame and connection state, and a redraw.
window.cardtable = { app, pick, render };
