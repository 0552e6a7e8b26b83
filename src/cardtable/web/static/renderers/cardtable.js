// The shared card-table renderer: draws any card game that declares a presentation
// (GET /api/games/{game}/presentation, see cardtable/engine/presentation.py) and has no renderer module of
// its own. Everything comes from the seat's view, its log, the game's public card catalog and that
// declaration, so this module names no game: regions of zones (the other seats' sides on top, one band
// each in clockwise order from the viewer, compact when there are several; shared regions in the middle,
// the viewer's side at the bottom), card faces and marks, the log as sentences, and the pending decision
// as clicks on cards, regions and seat banners (the declaration's targets) plus buttons.

import { append, choiceButtons, clear, h, makeChoice, srOnly, staticText } from "../components.js";
import { cardBack, cardElement, faceModel, fieldWords, fitTitles } from "../card.js";

let P = null; // the presentation (plain JSON)
let CARDS = new Map(); // catalog index -> card entry
let selected = null; // {card, seq}: a card with several options, waiting for the second click
let lastPointer = "mouse";
let tip = null; // the hover tooltip element
let tipAnchor = null; // the card it belongs to
const faces = new WeakMap(); // card element -> {model, marks}: what its popover shows
let dialog = null; // the card-text dialog
let valueWords = null; // the view path reading the current decision's ``card`` values as words, if any
let reasons = {}; // card id -> {rule, text}: why a card in the viewer's hand cannot be played now (the frame's why_not)
let seatCount = 2; // seats at the table (the help text says "player" or "players")
let fieldFromBottom = 0; // how far the reader scrolled the field up from its bottom (kept across frames)
let multi = null; // {kind, seq, ids}: cards chosen so far in a multi-card prompt (presentation's multi_pick)

document.addEventListener("pointerdown", (ev) => { lastPointer = ev.pointerType || "mouse"; }, true);
let pointerAt = null; // where the mouse last was: a card drawn afresh under a resting pointer gets its tooltip back
document.addEventListener("mousemove", (ev) => { pointerAt = { x: ev.clientX, y: ev.clientY }; }, { passive: true, capture: true });
document.addEventListener("keydown", (ev) => {
  lastPointer = "keyboard";
  if (ev.key === "Escape") hideTip();
  if (ev.key === "Escape" && selected && !(dialog && dialog.open)) {
    const card = selected.card;
    selected = null;
    if (window.cardtable && window.cardtable.render) window.cardtable.render();
    const back = document.querySelector(`#board .ct-card[data-card="${card}"]`);
    if (back) back.focus({ preventScroll: true });
  }
});

/** Take the catalog and the declaration (table.js hands both over before the first render). */
export function init(catalog, extra = {}) {
  P = extra.presentation || null;
  if (!P || !Array.isArray(P.regions)) throw new Error("this game declares no presentation");
  const cards = (catalog && catalog.cards) || [];
  CARDS = new Map(cards.map((c, k) => [c.index ?? k, c]));
}

// ------------------------------------------------------------------------------------------------
// Reading the view
// ------------------------------------------------------------------------------------------------
/** The value at a dot path ({p}, {i}, {q}, {card} filled from `places`), or null. */
export function resolve(view, path, places = {}) {
  if (!path) return null;
  let node = view;
  const filled = path.replace(/\{(\w+)\}/g, (m, k) => (k in places ? String(places[k]) : m));
  for (const part of filled.split(".")) {
    if (node === null || node === undefined) return null;
    if (Array.isArray(node)) {
      if (!/^-?\d+$/.test(part)) return null;
      const k = Number(part);
      node = node[k < 0 ? node.length + k : k];
    } else if (typeof node === "object") {
      node = node[part];
    } else {
      return null;
    }
  }
  return node === undefined ? null : node;
}

const zoneName = (pattern, seat, i) => pattern.replace(/\{p\}|\{q\}/g, seat === null ? "" : String(seat)).replace(/\{i\}/g, String(i));

function cardEntry(view, id) {
  return id === null || id === undefined ? null : (view.cards || {})[String(id)] || null;
}

function catalogOf(view, id) {
  const c = cardEntry(view, id);
  return c && c.defn !== null && c.defn !== undefined ? CARDS.get(c.defn) || null : null;
}

export function cardTitle(view, id) {
  const cat = catalogOf(view, id);
  return cat ? String(cat[P.face.title || "title"] ?? `card ${id}`) : "a hidden card";
}

function cardText(view, id) {
  const cat = catalogOf(view, id);
  return cat ? String(cat[P.face.text || "text"] || "") : "";
}

function regionById(id) {
  return P.regions.find((r) => r.id === id) || null;
}

function seatLabel(ctx, seat) {
  return ctx.seatName(seat);
}

function regionTitle(ctx, region, seat, i) {
  return region.title.replace(/\{n\}/g, String(i + 1)).replace(/\{p\}/g, seat === null ? "" : seatLabel(ctx, seat));
}

/** "north 1 · west 2" for a list stat with labels (list_labels); "field 2" for a number; "a, b" for words. */
function statText(field, value) {
  if (value === null || value === undefined || value === "" || value === false) return "";
  const labels = (P.face.list_labels || {})[field];
  if (Array.isArray(value)) {
    if (labels) return value.map((v, k) => (v ? `${labels[k] || k} ${v}` : "")).filter(Boolean).join(" · ");
    return value.filter((v) => v !== null && v !== "").join(", ");
  }
  if (typeof value === "number") return value ? `${field.replace(/_/g, " ")} ${value}` : "";
  if (value === true) return field.replace(/_/g, " ");
  return String(value);
}

/** The marks shown on a card: [{label, style}]. */
function marksOf(view, id) {
  const c = cardEntry(view, id);
  if (!c) return [];
  const out = [];
  const counters = new Map((view.counters || []).filter((e) => e[0] === id).map((e) => [e[1], e[2]]));
  for (const m of P.marks || []) {
    let value = null;
    if (m.flag) {
      if (!(c.flags & m.flag)) continue;
      value = true;
    } else if (m.counter) {
      value = counters.has(m.counter) ? counters.get(m.counter) : 0;
    } else if (m.path) {
      value = resolve(view, m.path, { card: id });
      if (value === null) continue;
    }
    if (m.hide_zero && (value === 0 || value === false || value === null)) continue;
    out.push({ label: m.label.replace(/\{value\}/g, String(value)), style: m.style || "badge" });
  }
  return out;
}

// ------------------------------------------------------------------------------------------------
// Options in words and as targets
// ------------------------------------------------------------------------------------------------
const cardParams = () => (P.targets || []).filter((t) => t.card).map((t) => t.param);
const regionTargets = () => (P.targets || []).filter((t) => t.region);
const seatParams = () => (P.targets || []).filter((t) => t.seat).map((t) => t.param);

function optionCard(action) {
  if (valueWords) return null; // this decision's ``card`` values are not cards (a side to choose ...)
  for (const param of cardParams()) if (param in action && typeof action[param] === "number") return action[param];
  return null;
}

/** The seat an option names (an opponent to attack), or null. */
function optionSeat(action) {
  for (const param of seatParams()) if (param in action && typeof action[param] === "number") return action[param];
  return null;
}

/** [{target, value}] of the option's region parameters (a region id and the index of its instance). */
function optionRegions(action) {
  return regionTargets().filter((t) => t.param in action && typeof action[t.param] === "number")
    .map((t) => ({ target: t, value: action[t.param] }));
}

function describeOption(action, ctx) {
  const view = ctx.view || {};
  const labels = P.decision_labels || {};
  const parts = [labels[action.kind] || action.kind.replace(/_/g, " ")];
  if (valueWords && "card" in action) {
    const words = resolve(view, valueWords, { value: action.card });
    return `${parts[0]} ${words !== null ? words : action.card}`;
  }
  // Cards first ("Use <title> ability 1"), then places and the rest, as the terminal says it.
  const entries = Object.entries(action).filter(([k]) => k !== "player" && k !== "kind");
  const isCard = ([k, v]) => cardParams().includes(k) && typeof v === "number";
  for (const [k, v] of [...entries.filter(isCard), ...entries.filter((e) => !isCard(e))]) {
    if (isCard([k, v])) {
      const word = ((P.targets || []).find((t) => t.param === k) || {}).word;
      parts.push(word ? `${word} ${cardTitle(view, v)}` : cardTitle(view, v));
    }
    else if (regionTargets().some((t) => t.param === k) && typeof v === "number") {
      const t = regionTargets().find((x) => x.param === k);
      const region = regionById(t.region);
      parts.push(region ? `→ ${regionTitle(ctx, region, null, v)}` : `${k} ${v + 1}`);
    } else if (seatParams().includes(k) && typeof v === "number") parts.push(ctx.seatName(v));
    else if (k === "label") parts.push(String(v));
    else if (k === "index" && "label" in action) continue;
    else if ((P.one_based || []).includes(k) && typeof v === "number") parts.push(`${k} ${v + 1}`);
    else parts.push(`${k.replace(/_/g, " ")} ${typeof v === "object" ? JSON.stringify(v) : v}`);
  }
  if (action.kind === "choose" && "label" in action) return String(action.label);
  return parts.join(" ");
}

/** Label of an option when its card is already known (the selection bar, the card dialog). */
function shortOption(action, ctx) {
  const text = describeOption(action, ctx);
  const id = optionCard(action);
  if (id === null) return text;
  return text.replace(` ${cardTitle(ctx.view, id)}`, "") || text;
}

// ------------------------------------------------------------------------------------------------
// Drawing
// ------------------------------------------------------------------------------------------------
function render(root, ctx) {
  const view = ctx.view;
  if (!view || !P) return;
  const tipKey = tipAnchor ? tipAnchor.dataset.focusKey : null;
  hideTip();
  valueWords = (ctx.decision && (P.value_words || {})[ctx.decision.kind]) || null;
  reasons = (ctx.decision && ctx.whyNot) || {};
  seatCount = view.players || 2;
  // A selection lasts while the decision still offers something for its card (another seat's move in a
  // simultaneous step does not drop it); choosing one of its options ends it.
  if (selected && !(ctx.decision && ctx.choices.some((c) => optionCard(c.action) === selected.card))) selected = null;
  // A decision the engine asks one card at a time (discard down to N ...) is one prompt here: cards are
  // chosen and unchosen with clicks, then confirmed; table.js sends the picks in sequence.
  const multiKind = ctx.decision && ctx.pickMany && (P.multi_pick || []).includes(ctx.decision.kind) ? ctx.decision.kind : null;
  if (!multiKind || ctx.sending || (multi && (multi.kind !== multiKind || multi.seq !== ctx.seq))) multi = null;
  const viewer = ctx.seat === null || ctx.seat === undefined ? 0 : ctx.seat;
  const seats = [...Array(view.players || 0).keys()];
  // Clockwise from the viewer: the next seat first (two seats: just the other one, as always).
  const others = seats.map((_, k) => (viewer + 1 + k) % seats.length).filter((s) => s !== viewer);
  const used = new Set(); // option numbers drawn as a card or a region
  const gathered = gatheredCards(view, seats);
  const draw = { ctx, view, used, gathered, attached: attachments(view), multi: multiKind && !ctx.sending };
  const over = Boolean(ctx.outcome || view.outcome);
  const board = h("div", { class: "ct-board" });
  const tops = others.map((s) => sideBox(draw, s, "top", others.length > 1));
  // The field (the other sides and the shared regions) takes the room the viewer's side, its docked hand and
  // the decision leave, and scrolls inside itself when a position needs more (style.css, "a board that fits").
  const field = h("div", { class: "ct-field" },
    others.length > 1 ? h("div", { class: "ct-opponents", "data-count": others.length }, tops) : tops,
    sharedBox(draw, seats, viewer));
  append(board, [over ? outcomeBox(ctx) : promptBox(ctx), field, sideBox(draw, viewer, "bottom"), decisionBar(draw)]);
  root.append(board);
  document.body.classList.add("ct-table");
  fanHand(board);
  fitTitles(board);
  // (measured once the whole frame is drawn: the decision bar and the hint under the board take their
  // height after this function returns)
  requestAnimationFrame(() => { if (board.isConnected) restHand(board); });
  dockHeights(board);
  // The board is drawn afresh on every frame: keep the field scrolled as the reader left it (counted from
  // its bottom, next to the viewer's side, where a new position starts).
  const drawnAt = field.scrollTop;
  field.scrollTop = field.scrollHeight - field.clientHeight - fieldFromBottom;
  // That assignment fires one scroll event (a frame later) when it moved the field; it is not the reader's
  // scroll, so it keeps a tooltip shown again below. Any other scroll of the field closes it.
  let placing = field.scrollTop !== drawnAt;
  field.addEventListener("scroll", () => {
    fieldFromBottom = Math.max(0, field.scrollHeight - field.clientHeight - field.scrollTop);
    if (placing) placing = false;
    else hideTip();
  }, { passive: true });
  // A frame (a bot's move, a log line) redraws the board while the reader rests the pointer on a card: its
  // tooltip comes back on the card drawn in its place, rather than vanishing until the mouse moves.
  if (tipKey) {
    const again = root.querySelector(`[data-focus-key="${CSS.escape(tipKey)}"]`);
    if (again && underPointer(again)) showTip(again);
  }
  if (ctx.seat === null) {
    ctx.side.append(h("section", { class: "you-card spectator", "aria-label": "Watching" },
      h("h2", { class: "box-title" }, "Watching"),
      h("p", {}, "You see what a spectator may see: hands and decks face down.")));
  }
}

/** Where the board does not fit one screen (phones, narrow windows) the hand and the decision are docked
 * along the bottom edge (position: fixed, style.css): the board keeps room for them below its last row and
 * the hand sits just above the decision. The heights are measured again whenever either changes size after
 * the board is drawn (titles fitted, fonts loaded, a hint's reason shown, the window turned): a stale
 * height would let the docked hand cover the decision's buttons. */
let dockWatch = null;
function dockHeights(board) {
  const bar = board.querySelector(":scope > .ct-decision");
  const hand = board.querySelector(".ct-bottom .ct-hand-dock");
  const measure = () => {
    const docked = hand && getComputedStyle(hand).position === "fixed";
    const barH = bar ? Math.ceil(bar.getBoundingClientRect().height) : 0;
    board.style.setProperty("--dock-bar", `${barH}px`);
    board.style.setProperty("--dock-room", docked ? `${barH + Math.ceil(hand.getBoundingClientRect().height) + 8}px` : "0px");
  };
  measure();
  if (dockWatch) dockWatch.disconnect(); // (the board is drawn afresh on every frame: watch only the new one)
  dockWatch = null;
  if (typeof ResizeObserver === "function" && (bar || hand)) {
    dockWatch = new ResizeObserver(measure);
    for (const el of [bar, hand]) if (el) dockWatch.observe(el);
  }
}

/** On a board that fits one screen the hand steps aside while the decision is about cards elsewhere, as
 * digital card tables lower the hand while a target is chosen on the battlefield: when the hand holds no
 * option and the first option card of the viewer's own rows (else of the field) is cut off, the dock rests
 * (the top strip of each card, its cost and title, stays in sight; pointing at it or focusing it raises
 * it whole, style.css) and the own rows scroll that card into sight. Without this a position with a full
 * hand left the row whose cards were the options a sliver under the hand (Million Arthur's First step).
 * Where the dock is fixed (phones) the page itself scrolls to every row, so the hand stays as it is. */
const OPTION_CARD = ".ct-card.ct-pickable, .ct-card[data-option]";
const PHONE_LAYOUT = "(max-width: 980px), (max-height: 559px)";
function restHand(board) {
  if (matchMedia(PHONE_LAYOUT).matches) return;
  const dock = board.querySelector(".ct-bottom .ct-dock");
  if (!dock || !dock.querySelector(".ct-hand-dock") || dock.querySelector(OPTION_CARD)) return;
  const first = board.querySelector(`.ct-bottom > .ct-rows :is(${OPTION_CARD})`)
    || board.querySelector(`.ct-field :is(${OPTION_CARD})`);
  if (!first || wholeInSight(first)) return;
  dock.classList.add("resting");
  const rows = first.closest(".ct-rows");
  if (!rows) return;
  const r = (first.closest(".ct-region") || first).getBoundingClientRect();
  const b = rows.getBoundingClientRect();
  if (r.bottom > b.bottom) rows.scrollTop += Math.min(r.bottom - b.bottom, r.top - b.top);
  else if (r.top < b.top) rows.scrollTop -= b.top - r.top;
}

/** Is ``el`` whole inside every box around it that scrolls or clips (the field, the own rows)? */
function wholeInSight(el) {
  const r = el.getBoundingClientRect();
  for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
    const st = getComputedStyle(a);
    if (st.overflowX === "visible" && st.overflowY === "visible") continue;
    const b = a.getBoundingClientRect();
    if (r.top < b.top - 1 || r.bottom > b.bottom + 1 || r.left < b.left - 1 || r.right > b.right + 1) return false;
  }
  return true;
}

/** On a board that fits one screen a long hand first narrows its cards (down to HAND_MIN_REM) and then
 * overlaps them like a fan (each card's left strip, with its cost, title and first stat, stays in sight;
 * the popover shows the whole card) rather than running out of the window. Before either, the piles beside
 * it (deck, discard) give up their second column if that costs little height. Where the hand is docked on a
 * phone it scrolls sideways instead. */
const HAND_MIN_REM = 4.5;
const PILES_GROW_PX = 28;
function fanHand(board) {
  const row = board.querySelector(".ct-bottom .ct-hand-dock .ct-cards");
  if (!row || matchMedia(PHONE_LAYOUT).matches) return;
  const cards = [...row.children];
  if (cards.length < 2 || row.scrollWidth <= row.clientWidth) return;
  // First the piles beside the hand (deck, discard, ...) stand in one column, when that makes the dock at
  // most a little taller: the hand gets their second column's width.
  const piles = board.querySelector(".ct-bottom .ct-piles");
  if (piles) {
    const dock = piles.parentElement;
    const before = dock.getBoundingClientRect().height;
    piles.classList.add("one-column");
    if (dock.getBoundingClientRect().height > before + PILES_GROW_PX) piles.classList.remove("one-column");
    else if (row.scrollWidth <= row.clientWidth) return;
  }
  const gap = parseFloat(getComputedStyle(row).columnGap) || 0;
  const widths = cards.map((c) => c.getBoundingClientRect().width);
  const room = row.clientWidth - 4;
  if (row.scrollWidth <= row.clientWidth) return;
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 15;
  const widest = Math.max(...widths);
  const fit = Math.max(HAND_MIN_REM * rem, Math.min(widest, (room - gap * (cards.length - 1)) / cards.length));
  row.classList.add("squeezed");
  row.style.setProperty("--hand-cw", `${Math.floor(fit)}px`);
  // What overflows now, measured (the row's own width may change as its content narrows: it is a flex item).
  if (row.scrollWidth <= row.clientWidth) return;
  row.classList.add("fanned");
  let fan = 0;
  for (let k = 0; k < 4 && row.scrollWidth > row.clientWidth; k += 1) {
    fan += Math.ceil((row.scrollWidth - row.clientWidth) / (cards.length - 1));
    row.style.setProperty("--fan", `${fan}px`);
  }
}

/** Cards drawn inside a shared region (its `gather`): card id -> {region, index, seat}. */
function gatheredCards(view, seats) {
  const out = new Map(); // id -> {region, index}
  for (const region of P.regions) {
    if (!region.gather) continue;
    for (let i = 0; i < (region.count || 1); i++) {
      for (const q of seats) {
        for (const id of (view.zones || {})[zoneName(region.gather.zones, q, i)] || []) {
          if (id !== null && resolve(view, region.gather.path, { card: id, q, p: q, i }) === i) out.set(id, { region: region.id, index: i, seat: q });
        }
      }
    }
  }
  return out;
}

/** host id -> [attached card ids] (cards drawn under their host). */
function attachments(view) {
  const out = new Map();
  for (const [key, c] of Object.entries(view.cards || {})) {
    if (c && c.host !== undefined && c.host !== null && c.host >= 0 && String(c.host) in view.cards) {
      if (!out.has(c.host)) out.set(c.host, []);
      out.get(c.host).push(Number(key));
    }
  }
  return out;
}

function promptBox(ctx) {
  const view = ctx.view;
  const box = h("section", { class: ["prompt", ctx.decision ? "mine" : null], "aria-label": "What happens now" });
  if (ctx.decision) {
    const touch = typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;
    box.append(h("h2", { class: "prompt-title" }, `Your move: ${ctx.decision.prompt || ctx.decision.kind}`),
      h("p", { class: "prompt-hint" }, touch ? "Tap a highlighted card or region, or a button below."
        : "Click a highlighted card or region, or a button below (or type an option's number: 1 2 for option 12)."));
  } else if (ctx.status === "waiting") {
    box.append(h("h2", { class: "prompt-title" }, "Waiting for every player to join…"));
  } else {
    const who = view.to_act;
    box.append(h("h2", { class: "prompt-title" }, who === null || who === undefined ? "Waiting…"
      : `${ctx.seatName(who)} ${ctx.thinking.includes(who) ? "is thinking…" : "to move"}`));
  }
  return box;
}

function outcomeBox(ctx) {
  const outcome = ctx.outcome || ctx.view.outcome || {};
  const winners = outcome.winners || [];
  let headline = "Game over";
  if (ctx.seat !== null && ctx.seat !== undefined) headline += winners.includes(ctx.seat) ? ": you won!" : ": you lost.";
  return h("section", { class: "outcome", "data-testid": "outcome", "aria-labelledby": "outcome-title", tabindex: "-1" },
    h("div", { class: "outcome-head" }, h("h2", { class: "outcome-title", id: "outcome-title" }, headline),
      h("a", { href: "/", class: "btn small" }, "Back to the lobby")),
    outcome.reason ? h("p", { class: "outcome-line" }, outcome.reason) : null,
    h("p", { class: "outcome-line outcome-winners" }, h("strong", {}, "Winners: "),
      winners.length ? winners.map((w) => ctx.seatName(w)).join(", ") : "nobody"));
}

function counterChip(label, value, hint) {
  if (value === null || value === undefined) return null;
  if (value === false) return null;
  const shown = Array.isArray(value) ? (value.length ? value.join(", ") : "none") : value;
  const text = value === true ? label : `${label} ${shown}`;
  return h("span", { class: ["chip", "ct-counter"], title: hint || null, "data-counter": label }, text);
}

function sideBox(draw, seat, where, compact = false) {
  const { ctx, view } = draw;
  const active = P.active_path ? resolve(view, P.active_path) : null;
  const counters = (P.seat_counters || []).map((c) => counterChip(c.label, resolve(view, c.path, { p: seat }), c.hint));
  const name = ctx.seatName(seat);
  const side = h("section", {
    class: ["ct-side", `ct-${where}`, compact ? "compact" : null, active === seat ? "current" : null, seat === ctx.seat ? "you" : null],
    "data-seat": seat, "aria-label": `${name}'s side`,
  });
  side.append(h("header", { class: "ct-banner" },
    h("h2", { class: "ct-seat-name" }, name),
    h("span", { class: "pp-tag" }, ctx.seatTag(seat)),
    active === seat && !ctx.outcome ? h("span", { class: "pp-turn", title: "Their turn" }, "▶ turn") : null,
    ctx.thinking.includes(seat) ? h("span", { class: "chip mk-thinking" }, "thinking…") : null,
    seatChoices(draw, seat),
    counters));
  const groups = bandGroups(P.regions.filter((r) => r.seat !== "none"));
  if (where === "top") groups.reverse();
  // The viewer's hand is docked at the bottom of their side (the bottom edge of the screen, as in digital
  // card games); the other regions flow side by side above it, each band as wide as its cards need.
  // The deck and the regions banded with it (discard, ...) sit beside the hand, as a deck does in Arena.
  const isHand = (group) => where === "bottom" && group.every((r) => r.layout === "fan");
  const isPiles = (group) => where === "bottom" && group.some((r) => r.layout === "count");
  const rest = groups.filter((g) => !isHand(g) && !isPiles(g));
  side.append(h("div", { class: "ct-rows" }, rest.map((g) => bandBox(draw, g, seat))));
  const hands = groups.filter(isHand);
  const piles = groups.filter(isPiles);
  if (where === "bottom") draw.besideHand = new Set(piles.flat().map((r) => r.id));
  if (hands.length || piles.length) {
    side.append(h("div", { class: "ct-dock" },
      hands.length ? h("div", { class: "ct-hand-dock" }, hands.map((g) => bandBox(draw, g, seat))) : null,
      piles.length ? h("div", { class: "ct-piles" }, piles.map((g) => bandBox(draw, g, seat))) : null));
  }
  return side;
}

/** Buttons on a seat's banner for the options naming that seat (the declaration's seat targets). */
function seatChoices(draw, seat) {
  const { ctx, used } = draw;
  if (!ctx.decision) return null;
  const mine = ctx.choices.filter((c) => optionSeat(c.action) === seat && optionCard(c.action) === null);
  if (!mine.length) return null;
  for (const c of mine) used.add(c.n);
  return h("span", { class: "ct-seat-choices" }, mine.map((c) => {
    const b = h("button", { type: "button", class: "btn small", "data-testid": "seat-choice" }, describeOption(c.action, ctx));
    makeChoice(b, c, { title: c.label });
    return b;
  }));
}

/** Consecutive regions of one band form one group (drawn side by side); others are groups of one. */
function bandGroups(regions) {
  const groups = [];
  for (const r of regions) {
    const last = groups[groups.length - 1];
    if (r.band && last && last[0].band === r.band) last.push(r);
    else groups.push([r]);
  }
  return groups;
}

function bandBox(draw, group, seat) {
  const band = h("div", { class: ["ct-band", group[0].band ? `band-${group[0].band.replace(/[^a-z0-9_-]/gi, "")}` : null] });
  for (const region of group) {
    for (let i = 0; i < (region.count || 1); i++) band.append(regionBox(draw, region, seat, i));
  }
  return band;
}

function sharedBox(draw, seats, viewer) {
  const shared = P.regions.filter((r) => r.seat === "none");
  const box = h("section", { class: "ct-shared", "aria-label": "Shared" });
  const rows = h("div", { class: "ct-rows" });
  for (const group of bandGroups(shared)) {
    const band = h("div", { class: ["ct-band", group[0].band ? `band-${group[0].band.replace(/[^a-z0-9_-]/gi, "")}` : null] });
    for (const region of group) {
      for (let i = 0; i < (region.count || 1); i++) band.append(sharedRegion(draw, region, i, seats, viewer));
    }
    rows.append(band);
  }
  box.append(rows);
  return box;
}

/** The option numbers whose region parameter names this region instance (for the acting seat's side). */
function regionChoices(draw, region, seat, i) {
  const { ctx } = draw;
  if (!ctx.decision) return [];
  return ctx.choices.filter((c) => optionRegions(c.action).some(({ target, value }) => target.region === region.id
    && value === i && (region.seat === "none" || !target.own_side || seat === ctx.seat)))
    .filter((c) => {
      const card = optionCard(c.action);
      return card === null || (selected && selected.card === card);
    });
}

function regionShell(draw, region, seat, i, headExtra = []) {
  const { ctx } = draw;
  const title = regionTitle(ctx, region, seat, i);
  const el = h("section", {
    class: ["ct-region", `layout-${region.layout || "row"}`], "data-region": region.id, "data-index": i,
    "data-seat": seat === null ? null : seat, "aria-label": seat === null || region.seat === "none" ? title : `${title}, ${ctx.seatName(seat)}`,
  });
  const head = h("h3", { class: "ct-region-title", title: region.hint || null }, title);
  el.append(h("header", { class: "ct-region-head" }, head, headExtra));
  const choices = regionChoices(draw, region, seat, i);
  if (choices.length === 1) {
    const c = ending(choices[0]);
    draw.used.add(c.n);
    const btn = h("button", { type: "button", class: "btn small ct-region-pick" }, shortOption(c.action, ctx));
    makeChoice(btn, c);
    el.classList.add("target");
    el.append(btn);
    el.addEventListener("click", (ev) => {
      if (ev.defaultPrevented) return;
      ev.preventDefault();
      c.pick();
    });
  }
  return el;
}

function regionBox(draw, region, seat, i) {
  const { view } = draw;
  const zone = (view.zones || {})[zoneName(region.zone, seat, i)] || [];
  const counters = (region.counters || []).map((c) => counterChip(c.label, resolve(view, c.path, { p: seat, i }), c.hint));
  const el = regionShell(draw, region, seat, i, counters);
  const ids = zone.filter((id) => id === null || !draw.gathered.has(id));
  // An empty region takes no room: its title and "empty" on one line (still a target when it is one).
  if (!ids.length) el.classList.add("is-empty");
  el.append(cardsBox(draw, region, ids, seat));
  return el;
}

function sharedRegion(draw, region, i, seats, viewer) {
  const { view, ctx } = draw;
  const zone = (view.zones || {})[zoneName(region.zone, null, i)] || [];
  const perSeat = (region.counters || []).filter((c) => c.path.includes("{p}"));
  const plain = (region.counters || []).filter((c) => !c.path.includes("{p}"))
    .map((c) => counterChip(c.label, resolve(view, c.path, { i }), c.hint));
  const el = regionShell(draw, region, null, i, plain);
  el.classList.add("shared");
  const sideOf = (q) => {
    const ids = [...draw.gathered].filter(([, g]) => g.region === region.id && g.index === i && g.seat === q).map(([id]) => id);
    const chips = perSeat.map((c) => counterChip(c.label, resolve(view, c.path, { p: q, i }), c.hint));
    if (!region.gather && !chips.length) return null;
    return h("div", { class: ["ct-gather", q === viewer ? "own" : "other"], "data-seat": q,
      "aria-label": `${ctx.seatName(q)}${region.gather && region.gather.label ? `, ${region.gather.label}` : ""}` },
    h("span", { class: "ct-gather-who" }, q === ctx.seat ? "You" : ctx.seatName(q)), chips,
    ids.length ? h("div", { class: "ct-cards" }, ids.map((id) => cardStack(draw, id, q === viewer ? "play" : "opp"))) : null);
  };
  for (const q of seats.filter((s) => s !== viewer)) append(el, [sideOf(q)]);
  if (!zone.length && ![...draw.gathered.values()].some((g) => g.region === region.id && g.index === i)
    && !perSeat.length && !region.gather) el.classList.add("is-empty");
  el.append(cardsBox(draw, region, zone, null));
  append(el, [sideOf(viewer)]);
  return el;
}

/** The size a region's cards are drawn at: the viewer's hand largest, the other seats' smallest. */
function cardSize(draw, region, seat) {
  if (region.brief) return "brief"; // title and marks only (cards kept as a supply, say)
  const viewer = draw.ctx.seat === null || draw.ctx.seat === undefined ? 0 : draw.ctx.seat;
  if (seat !== null && seat !== viewer) return "opp";
  if (region.layout === "pile" && draw.besideHand && draw.besideHand.has(region.id)) return "brief"; // a discard beside the hand: its top card as a strip
  return region.layout === "fan" ? "hand" : "play";
}

function cardsBox(draw, region, ids, seat) {
  const layout = region.layout || "row";
  const size = cardSize(draw, region, seat);
  const box = h("div", { class: ["ct-cards", `ct-${layout}`] });
  const loose = ids.filter((id) => {
    if (id === null) return true;
    const c = cardEntry(draw.view, id);
    return !(c && c.host >= 0 && String(c.host) in (draw.view.cards || {}));
  });
  if (layout === "count") {
    box.append(backCard(loose.length, `${loose.length} card${loose.length === 1 ? "" : "s"}`, "pile"));
    return box;
  }
  if (layout === "pile") {
    if (!loose.length) box.append(h("span", { class: "ct-empty muted" }, "empty"));
    else {
      box.append(cardStack(draw, loose[loose.length - 1], size === "brief" ? "brief" : "pile"));
      box.append(h("span", { class: "ct-pile-count" }, `${loose.length} card${loose.length === 1 ? "" : "s"}`));
    }
    return box;
  }
  if (!loose.length) {
    box.append(h("span", { class: "ct-empty muted" }, "empty"));
    return box;
  }
  const hidden = loose.filter((id) => id === null || !catalogOf(draw.view, id)).length;
  for (const id of loose) {
    if (id === null || !catalogOf(draw.view, id)) continue;
    box.append(cardStack(draw, id, size));
  }
  if (hidden) box.append(backCard(hidden, `${hidden} face-down card${hidden === 1 ? "" : "s"}`, size === "hand" ? "play" : size));
  return box;
}

function backCard(n, label, size = "play") {
  return cardBack(n, label, size);
}

/** A card with its attachments under it. */
function cardStack(draw, id, size = "play") {
  const stack = h("div", { class: "ct-stack" }, cardFace(draw, id, size));
  const under = draw.attached.get(id) || [];
  if (under.length) stack.append(h("div", { class: "ct-attached", "aria-label": "Attached" }, under.map((a) => cardFace(draw, a, "small"))));
  return stack;
}

function cardFace(draw, id, size = "play") {
  const { ctx, view } = draw;
  const cat = catalogOf(view, id);
  if (!cat) return backCard(1, "a face-down card", size);
  const face = P.face || {};
  const statWords = new Set((face.stats || []).map((f) => statText(f, cat[f])));
  const marks = marksOf(view, id).filter((m) => !statWords.has(m.label)); // a value now equal to the printed one
  const model = faceModel(face, cat);
  const title = model.title;
  const allStats = model.summary;
  const el = cardElement(model, { size, marks, attrs: { "data-card": id, "data-focus-key": `card-${id}` } });
  const choices = ctx.decision ? ctx.choices.filter((c) => optionCard(c.action) === id) : [];
  // A card in the hand that no option plays says why, in the engine's own words (hover, focus or tap).
  const reason = choices.length ? null : reasons[String(id)] || null;
  faces.set(el, { model, marks, reason });
  const text = cardText(view, id);
  el.dataset.tip = `${title}${allStats ? ` (${allStats})` : ""}${text ? `: ${text}` : ""}`;
  if (reason) {
    el.classList.add("ct-cannot");
    el.dataset.whyNot = reason.rule;
    el.append(srOnly(` Can't play now: ${reasonWords(reason)}`));
  }
  el.addEventListener("mouseenter", () => showTip(el));
  el.addEventListener("mouseleave", hideTip);
  // Focus shows the text to a keyboard reader; a mouse click also focuses the card, and its tooltip must not
  // come back with every redraw (the table gives the focus back to the same card) after the pointer left.
  el.addEventListener("focus", () => { if (lastPointer === "keyboard") showTip(el); });
  el.addEventListener("blur", hideTip);
  const touch = () => lastPointer === "touch";
  if (draw.multi && choices.length === 1 && choices[0].action.kind === "pick" && !optionRegions(choices[0].action).length) {
    const c = choices[0];
    const at = multi ? multi.ids.indexOf(id) : -1;
    draw.used.add(c.n);
    makeChoice(el, { ...c, pick: () => toggleMulti(id, ctx) },
      { title: `${at >= 0 ? "Chosen (click to unchoose)" : "Choose"} — ${el.dataset.tip}` });
    el.classList.add("ct-pickable");
    el.setAttribute("aria-pressed", at >= 0 ? "true" : "false");
    if (at >= 0) {
      el.classList.add("picked");
      el.dataset.picked = String(at + 1);
    }
  } else if (choices.length === 1 && !optionRegions(choices[0].action).length) {
    const c = choices[0];
    draw.used.add(c.n);
    makeChoice(el, { ...c, pick: () => (touch() ? select(id, ctx) : c.pick()) }, { title: `${c.label} — ${el.dataset.tip}` });
    el.classList.add("ct-pickable");
    el.dataset.focusKey = `card-${id}`;
  } else if (choices.length) {
    for (const c of choices) draw.used.add(c.n);
    el.classList.add("choice", "ct-pickable", "multi");
    if (selected && selected.card === id) el.classList.add("selected");
    el.setAttribute("role", "button");
    el.setAttribute("aria-expanded", selected && selected.card === id ? "true" : "false");
    el.tabIndex = 0;
    el.prepend(srOnly(`${choices.length} options: `));
    const go = (ev) => {
      ev.preventDefault();
      ev.stopPropagation();
      select(selected && selected.card === id ? null : id, ctx);
    };
    el.addEventListener("click", go);
    el.addEventListener("keydown", (ev) => { if ((ev.key === "Enter" || ev.key === " ") && !ev.repeat) go(ev); });
  } else {
    el.setAttribute("role", "button");
    el.setAttribute("aria-haspopup", "dialog");
    el.tabIndex = 0;
    el.classList.add("ct-readable");
    const open = (ev) => {
      ev.preventDefault();
      ev.stopPropagation();
      openCardDialog(view, id, el);
    };
    el.addEventListener("click", open);
    el.addEventListener("keydown", (ev) => { if ((ev.key === "Enter" || ev.key === " ") && !ev.repeat) open(ev); });
  }
  // The option number (and a chosen card's order) is drawn in the card's top row, between the cost and the
  // emblem (style.css), so it never covers the cost or a stat.
  const topRow = el.querySelector(":scope > .cc-top");
  if (topRow && el.dataset.option) topRow.dataset.option = el.dataset.option;
  if (topRow && el.dataset.picked) topRow.dataset.picked = el.dataset.picked;
  return el;
}

/** The choice, ending the selection when it is picked. */
function ending(choice) {
  return { n: choice.n, action: choice.action, label: choice.label, pick: () => { selected = null; choice.pick(); } };
}

function toggleMulti(id, ctx) {
  hideTip();
  if (!multi) multi = { kind: ctx.decision.kind, seq: ctx.seq, ids: [] };
  const at = multi.ids.indexOf(id);
  if (at >= 0) multi.ids.splice(at, 1);
  else multi.ids.push(id);
  if (window.cardtable && window.cardtable.render) window.cardtable.render();
  const again = document.querySelector(`[data-focus-key="card-${id}"]`);
  if (again) again.focus({ preventScroll: true });
}

function confirmMulti(ctx) {
  if (!multi || !multi.ids.length) return;
  const actions = multi.ids.map((id) => ctx.choices.find((c) => c.action.kind === "pick" && optionCard(c.action) === id))
    .filter(Boolean).map((c) => c.action);
  const kind = multi.kind;
  multi = null;
  ctx.pickMany(actions, kind, true);
}

/** The multi-card prompt's bar: how many are chosen, Confirm, Clear (its Done is Confirm once cards are chosen). */
function multiBar(draw) {
  const { ctx, used } = draw;
  const ids = multi ? multi.ids : [];
  const done = ctx.choices.find((c) => c.action.kind === "done");
  if (ids.length && done) used.add(done.n);
  return h("div", { class: "ct-multi", "data-testid": "multi-pick" },
    h("span", { class: "ct-multi-count", "aria-live": "polite" },
      ids.length ? `${ids.length} chosen` : "Choose the cards, then confirm"),
    " ", h("button", { type: "button", class: "btn", "data-testid": "multi-confirm", disabled: ids.length === 0,
      on: { click: () => confirmMulti(ctx) } }, ids.length ? `Confirm (${ids.length})` : "Confirm"),
    ids.length ? [" ", h("button", { type: "button", class: "btn small", on: { click: () => {
      multi = null;
      if (window.cardtable && window.cardtable.render) window.cardtable.render();
    } } }, "Clear")] : null);
}

function select(id, ctx) {
  hideTip();
  selected = id === null ? null : { card: id, seq: ctx.seq };
  if (window.cardtable && window.cardtable.render) window.cardtable.render();
  const first = document.querySelector(".ct-selection [data-option]");
  if (first) first.focus({ preventScroll: true });
}

/** The sticky bar: the selected card's options, then every option no card or region carries. */
function decisionBar(draw) {
  const { ctx, view, used } = draw;
  if (!ctx.decision) return null;
  const bar = h("div", { class: "decision-bar ct-decision" });
  if (draw.multi) bar.append(multiBar(draw));
  if (selected) {
    const mine = ctx.choices.filter((c) => optionCard(c.action) === selected.card).map(ending);
    const text = cardText(view, selected.card);
    bar.append(h("div", { class: "ct-selection", "data-testid": "selection" },
      h("p", { class: "ct-selection-text" }, h("strong", {}, staticText(cardTitle(view, selected.card))), text ? [": ", staticText(text)] : null),
      choiceButtons(mine.map((c) => ({ choice: c, text: shortOption(c.action, ctx) })), { title: "Choose:" }),
      h("button", { type: "button", class: "btn small", on: { click: () => select(null, ctx) } }, "Cancel")));
    for (const c of mine) used.add(c.n);
  }
  const rest = ctx.choices.filter((c) => !used.has(c.n));
  if (rest.length) bar.append(choiceButtons(rest.map((c) => ({ choice: c, text: describeOption(c.action, ctx) })), { title: "Or:" }));
  return bar.childElementCount ? bar : null;
}

// ------------------------------------------------------------------------------------------------
// Card text: a tooltip on hover and focus, a dialog on click or tap
// ------------------------------------------------------------------------------------------------
function showTip(el) {
  hideTip();
  if (lastPointer === "touch" || !el.isConnected) return;
  tipAnchor = el;
  // A large copy of the card with its text (as Untap and Arena show one), beside the card, never under
  // the pointer: it goes when the pointer leaves, the focus moves, the board scrolls or Esc is pressed.
  const face = faces.get(el);
  tip = h("div", { class: "ct-tip", role: "tooltip", "data-testid": "card-tip" },
    face ? cardElement(face.model, { size: "zoom", marks: face.marks, showText: true }) : el.dataset.tip || "",
    face && face.reason ? whyNotNote(face.reason) : null);
  document.body.append(tip);
  if (face) fitTitles(tip);
  const r = el.getBoundingClientRect();
  const w = tip.offsetWidth;
  const hgt = tip.offsetHeight;
  const right = r.right + 10 + w < window.innerWidth - 8;
  const left = right ? r.right + 10 : r.left - w - 10 >= 8 ? r.left - w - 10 : Math.max(8, Math.min(r.left, window.innerWidth - w - 8));
  let top = Math.max(8, Math.min(r.top, window.innerHeight - hgt - 8));
  if (!right && left === Math.max(8, Math.min(r.left, window.innerWidth - w - 8))) {
    top = r.top - hgt - 8 >= 8 ? r.top - hgt - 8 : Math.min(window.innerHeight - hgt - 8, r.bottom + 8);
  }
  tip.style.left = `${Math.round(left)}px`;
  tip.style.top = `${Math.round(Math.max(8, top))}px`;
}

/** "Can't play now: <the engine's refusal> · <rule>": the reason a card in hand is not among the options. */
function whyNotNote(reason) {
  return h("p", { class: "ct-why-not", "data-testid": "why-not" },
    h("strong", {}, "Can't play now: "), staticText(reason.text), " ",
    h("span", { class: "ct-rule", title: "The rule that forbids it" }, reason.rule));
}

function reasonWords(reason) {
  return `${reason.text} (${reason.rule})`;
}

/** Is the mouse pointer (where it last moved) over ``el``? */
function underPointer(el) {
  if (!pointerAt || lastPointer === "touch") return false;
  const at = document.elementFromPoint(pointerAt.x, pointerAt.y);
  return Boolean(at && el.contains(at));
}

function hideTip() {
  if (tip) tip.remove();
  tip = null;
  tipAnchor = null;
}
// Scrolling moves the card away from its tooltip (a scroll that brings the hovered card into view keeps it).
// (captured: the field, the viewer's rows and the docked hand scroll on their own and their scroll does not bubble)
document.addEventListener("scroll", () => {
  if (tipAnchor && !(tipAnchor.isConnected && (tipAnchor.matches(":hover, :focus") || underPointer(tipAnchor)))) hideTip();
}, { passive: true, capture: true });
document.addEventListener("pointerdown", (ev) => {
  if (tip && !(tipAnchor && tipAnchor.contains(ev.target))) hideTip();
}, true);

function openCardDialog(view, id, from) {
  hideTip();
  if (!dialog) {
    dialog = h("dialog", { class: "help-dialog ct-card-dialog", "aria-labelledby": "ct-dialog-title", "data-testid": "card-dialog" });
    document.body.append(dialog);
    dialog.addEventListener("click", (ev) => { if (ev.target === dialog) dialog.close(); });
  }
  const cat = catalogOf(view, id) || {};
  const face = P.face || {};
  const marks = marksOf(view, id);
  const rows = [];
  if (face.corner && cat[face.corner] !== undefined && cat[face.corner] !== null) rows.push([face.corner, String(cat[face.corner])]);
  for (const f of face.subtitle || []) if (cat[f]) rows.push([f, fieldWords(face, f, cat[f])]);
  for (const f of face.stats || []) {
    const t = statText(f, cat[f]);
    if (t) rows.push([f, t.replace(new RegExp(`^${f} `), "")]);
  }
  if (marks.length) rows.push(["now", marks.map((m) => m.label).join(", ")]);
  clear(dialog).append(
    h("div", { class: "help-head" }, h("h2", { class: "help-title", id: "ct-dialog-title" }, staticText(cardTitle(view, id))),
      h("button", { type: "button", class: "btn small", on: { click: () => dialog.close() } }, "Close")),
    h("div", { class: "help-body" },
      catalogOf(view, id) ? h("div", { class: "ct-dialog-card" }, cardElement(faceModel(face, cat), { size: "zoom", marks })) : null,
      reasons[String(id)] ? whyNotNote(reasons[String(id)]) : null,
      rows.length ? h("dl", { class: "ct-facts" }, rows.map(([k, v]) => [h("dt", {}, k), h("dd", {}, staticText(v))])) : null,
      h("p", { class: "ct-dialog-text" }, staticText(cardText(view, id) || "No text."))));
  dialog.onclose = () => { if (from && from.isConnected) from.focus({ preventScroll: true }); };
  dialog.showModal();
  fitTitles(dialog);
}

// ------------------------------------------------------------------------------------------------
// Log and status
// ------------------------------------------------------------------------------------------------
const SEAT_FIELDS_DEFAULT = ["player", "winner", "attacker_player"];

/** The sentence for an event: of several, the first whose placeholders the event all has, else the last. */
function pickTemplate(value, fields) {
  if (!Array.isArray(value)) return value;
  const fits = value.find((t) => [...t.matchAll(/\{(\w+)[^}]*\}/g)].every((m) => m[1] in fields));
  return fits !== undefined ? fits : value[value.length - 1];
}

function describeEvent(event, ctx) {
  const fields = Object.fromEntries(Object.entries(event).filter(([k]) => k !== "kind"));
  const template = pickTemplate((P.sentences || {})[event.kind], fields);
  if (template === undefined) {
    const rest = Object.entries(fields).map(([k, v]) => `${k} ${typeof v === "object" ? JSON.stringify(v) : v}`).join(", ");
    return `${String(event.kind || "?").replace(/_/g, " ")}${rest ? `: ${rest}` : ""}`;
  }
  const shown = {};
  const seatFields = new Set(P.seat_fields || SEAT_FIELDS_DEFAULT);
  const cardFields = P.card_fields || ["card"];
  const titleOf = (id) => (ctx.view ? cardTitle(ctx.view, id) : `card ${id}`);
  const plainList = (v) => Array.isArray(v) && v.every((x) => typeof x === "string" || typeof x === "number");
  for (const [k, v] of Object.entries(fields)) {
    if (seatFields.has(k) && typeof v === "number") shown[k] = ctx.seatName(v);
    else if (cardFields.includes(k) && k !== "card" && Array.isArray(v)) shown[k] = v.filter((x) => typeof x === "number").map(titleOf).join(", ") || "nothing";
    else if (cardFields.includes(k) && typeof v === "number" && (k !== "card" || !("title" in fields))) shown[k] = titleOf(v);
    else if ((P.one_based || []).includes(k) && typeof v === "number") shown[k] = v + 1;
    else if (plainList(v)) shown[k] = v.map((x) => String(x).replace(/_/g, " ")).join(", ") || "nothing";
    else shown[k] = v === null ? "nobody" : v;
  }
  // Only a fallback: the server sends every card game's log in words (the frame's `lines`, which the log
  // list shows), verbs agreeing with "you"; here `{f:verb}` and `{f's}` keep the third person.
  return template.replace(/\{(\w+)(?::([A-Za-z][\w ]*)|('s))?\}/g, (m, k, word, poss) => {
    const value = k in shown ? String(shown[k]) : k === "title" || k === "card" ? "a card" : "?";
    return value + (word ? ` ${word}` : "") + (poss ? "'s" : "");
  });
}

function statusItems(ctx) {
  const view = ctx.view;
  if (!view || !P) return [];
  const items = [];
  const turn = P.turn_path ? resolve(view, P.turn_path) : null;
  const turnWord = P.turn_word || "turn";
  if (turn !== null) items.push({ key: "turn", label: turnWord.charAt(0).toUpperCase() + turnWord.slice(1), value: String(turn), cls: "si-turnno" });
  const phase = P.phase_path ? resolve(view, P.phase_path) : null;
  const word = P.phase_word || "phase";
  if (phase !== null) items.push({ key: "phase", label: word.charAt(0).toUpperCase() + word.slice(1), value: String(phase).replace(/_/g, " "), cls: "si-phase" });
  if (!(ctx.outcome || view.outcome) && ctx.status !== "waiting") {
    const active = P.active_path ? resolve(view, P.active_path) : null;
    if (ctx.decision) items.push({ key: "whose", value: "Your decision", cls: "si-mine" });
    else if (active !== null) items.push({ key: "whose", value: `${ctx.seatName(active)}'s turn`, cls: "si-turn" });
  }
  return items;
}

function helpSections() {
  return [{
    heading: "On the table",
    paragraphs: [`${seatCount > 2 ? "The other players' sides are at the top (clockwise from you)" : "The other player's side is at the top"}, yours at the bottom, and what you share in the middle. `
      + "Hover over a card (or tap it) for its text. When you have a move, the cards and regions you can use are "
      + "highlighted: click one; if it can be used in several ways, choose one in the bar at the bottom."],
    items: (P.marks || []).map((m) => ({ term: m.label.replace("{value}", "N"), text: `shown on a card (${m.style.replace("_", " ")})` })),
  }];
}

/** The phase or step on the top bar, as the game names it (the key of the rules' `phase_sections`). */
function phase(ctx) {
  return P && P.phase_path && ctx.view ? resolve(ctx.view, P.phase_path) : null;
}

/** A turn (or Mythos round) line starts a new block of the log, as in Two Mists. */
function eventClass(event) {
  return event.kind === "turn" || event.kind === "round" ? "ev-turn" : "";
}

export default {
  game: "cardtable",
  title: "",
  init,
  render,
  describeEvent,
  eventClass,
  describeOption: (action, ctx) => describeOption(action, ctx),
  statusItems,
  helpSections,
  phase,
};
