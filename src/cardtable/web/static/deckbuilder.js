// The deck builder (/decks): browse a game's card catalog with filters derived from the catalog itself,
// build a deck section by section, see every broken deck rule with its rule ID (the game's own
// validator, via POST /api/games/{id}/deck-check), a curve and composition chart, save decks on the
// server under this browser's owner token, and export/import them as text. No line names a game:
// sections come from GET /api/games/{id}/deck-format, cards from GET /api/games/{id}/cards.

import { cardElement, colourOf, emblemSvg, faceModel, fitTitles } from "./card.js";
import { clear, h } from "./components.js";
import { api, savedDecks } from "./decksapi.js";

const $ = (id) => document.getElementById(id);
const gameSel = $("db-game");
const savedSel = $("db-saved");
const readySel = $("db-ready");
const nameIn = $("db-name");
const filtersEl = $("db-filters");
const searchIn = $("db-search");
const cardsEl = $("db-cards");
const shownEl = $("db-shown");
const detailEl = $("db-card-detail");
const sectionsEl = $("db-sections");
const totalEl = $("db-total");
const problemsEl = $("db-problems");
const chartsEl = $("db-charts");
const textArea = $("db-textarea");
const importErrors = $("db-import-errors");
const savedNote = $("db-saved-note");
const messages = $("messages");
const jumpEl = $("db-jump");
const SVG = "http://www.w3.org/2000/svg";

const app = {
  games: [], game: null, format: null, cards: [], byId: new Map(), titleField: "title", facets: [], face: null,
  filters: {}, deck: { id: null, name: "", sections: {} }, saved: [], checkSeq: 0, checkTimer: null, lastCheck: null,
};
window.cardtable = { ...(window.cardtable || {}), deckbuilder: app };

function message(kind, text) {
  clear(messages);
  if (!text) return;
  messages.append(h("div", { class: ["message", kind] }, h("strong", { class: "message-text" }, text),
    h("button", { type: "button", class: "btn small message-close", "aria-label": "Dismiss message",
      on: { click: () => clear(messages) } }, "✕")));
}

// Plain words for an attribute (the game's own label when its facet gives one) and for a value
// (travel_event → "travel event", NewAeon → "New Aeon"); only what is shown, never what is sent.
const words = (field) => (app.format && app.format.labels && app.format.labels[field])
  || field.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
const shownValue = (value) => ({ true: "yes", false: "no" })[String(value)]
  || String(value).replace(/_/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2");
const titleOf = (id) => String((app.byId.get(id) || {})[app.titleField] ?? id);
const sortValues = (vals) => vals.sort((a, b) => {
  const na = Number(a), nb = Number(b);
  if (!Number.isNaN(na) && !Number.isNaN(nb)) return na - nb;
  if (!Number.isNaN(na)) return -1;
  if (!Number.isNaN(nb)) return 1;
  return a.localeCompare(b);
});

// ------------------------------------------------------------------------------------------------
// The catalog's facets: the attributes the game's facet lists (FILTERS), else every short field with
// few distinct values (a list of strings counts each).
// ------------------------------------------------------------------------------------------------
function deriveFacets(cards, declared) {
  const skip = new Set(["id", "index", "text", app.titleField]);
  const fields = new Map();
  for (const card of cards) {
    for (const [key, value] of Object.entries(card)) {
      if (skip.has(key)) continue;
      let f = fields.get(key);
      if (!f) fields.set(key, f = { field: key, values: new Set(), list: false, bad: false, numbers: 0, others: 0, tally: new Map() });
      if (!Array.isArray(value)) f.tally.set(String(value), (f.tally.get(String(value)) || 0) + 1);
      const items = Array.isArray(value) ? value : [value];
      if (Array.isArray(value)) f.list = true;
      for (const item of items) {
        if (item === null || item === undefined || item === "") continue;
        if (typeof item === "object" || (f.list && typeof item !== "string")) { f.bad = true; continue; }
        if (typeof item === "string" && item.length > 40) { f.bad = true; continue; }
        f.values.add(String(item));
        if (typeof item === "number") f.numbers++; else f.others++;
      }
    }
  }
  // the value most cards have, when more than half have it ("sanity modifier 0"): a card's line leaves it out
  const usual = (f) => [...f.tally.entries()].find(([, n]) => n * 2 > cards.length)?.[0] ?? null;
  const facet = (f) => ({ field: f.field, list: f.list, numeric: f.numbers > f.others, values: sortValues([...f.values]),
    flag: f.values.size === 2 && f.values.has("true") && f.values.has("false"), usual: usual(f) });
  if (Array.isArray(declared)) {
    return declared.map((name) => fields.get(name)).filter((f) => f && !f.bad && f.values.size >= 2).map(facet);
  }
  return [...fields.values()]
    .filter((f) => !f.bad && f.values.size >= 2 && f.values.size <= (f.list ? 30 : 16))
    .map(facet)
    .sort((a, b) => Number(a.flag) - Number(b.flag) || Number(a.numeric) - Number(b.numeric)
      || a.values.length - b.values.length || a.field.localeCompare(b.field));
}

const valuesOf = (card, field) => {
  const v = card[field];
  return (Array.isArray(v) ? v : [v]).filter((x) => x !== null && x !== undefined && x !== "").map(String);
};

function drawFilters() {
  for (const el of [...filtersEl.querySelectorAll(".db-facet")]) el.remove();
  for (const f of app.facets) {
    const id = `db-filter-${f.field}`;
    const sel = h("select", { id, "data-field": f.field, on: { change: (e) => { app.filters[f.field] = e.target.value; drawCatalog(); } } },
      h("option", { value: "" }, "any"), f.values.map((v) => h("option", { value: v }, shownValue(v))));
    filtersEl.append(h("div", { class: ["field", "db-facet"] }, h("label", { for: id }, words(f.field)), sel));
  }
  filtersEl.append(h("div", { class: ["field", "db-facet", "db-facet-clear"] },
    h("button", { type: "button", class: "btn small", on: { click: clearFilters } }, "Clear filters")));
}

function clearFilters() {
  app.filters = {};
  searchIn.value = "";
  for (const sel of filtersEl.querySelectorAll("select")) sel.value = "";
  drawCatalog();
}

function matches(card) {
  for (const [field, value] of Object.entries(app.filters)) {
    if (value && !valuesOf(card, field).includes(value)) return false;
  }
  const q = searchIn.value.trim().toLowerCase();
  if (q && !`${card[app.titleField] ?? ""} ${card.text ?? ""}`.toLowerCase().includes(q)) return false;
  return true;
}

// ------------------------------------------------------------------------------------------------
// Sections: where a card goes (the side whose match fits it, else the main deck).
// ------------------------------------------------------------------------------------------------
function sectionFor(card) {
  for (const s of app.format.sections) {
    if (!s.match) continue;
    const [[field, values]] = Object.entries(s.match);
    if (values.map(String).some((v) => valuesOf(card, field).includes(v))) return s.name;
  }
  return "main";
}

const copies = (section, id) => (app.deck.sections[section] || {})[id] || 0;
const sectionTotal = (section) => Object.values(app.deck.sections[section] || {}).reduce((a, b) => a + b, 0);
const labelOf = (section) => (app.format.sections.find((s) => s.name === section) || { label: section }).label;

function change(section, id, delta) {
  const part = app.deck.sections[section] || (app.deck.sections[section] = {});
  const n = (part[id] || 0) + delta;
  if (n <= 0) delete part[id]; else part[id] = Math.min(n, 99);
  drawDeck();
  updateCatalogCounts();
  scheduleCheck();
}

function meta(card) {
  const curve = curveFacet();
  const plain = [...app.facets.filter((f) => !f.list && !f.flag && !f.numeric).slice(0, 2), ...(curve ? [curve] : [])]
    .filter((f) => f.usual === null || String(card[f.field]) !== f.usual)
    .map((f) => (f.numeric ? `${words(f.field).toLowerCase()} ${valuesOf(card, f.field).join("/")}`
      : valuesOf(card, f.field).map(shownValue).join("/")));
  const flags = app.facets.filter((f) => f.flag && valuesOf(card, f.field).includes("true")).map((f) => words(f.field).toLowerCase());
  return [...plain, ...flags].filter((x) => x && !/ $/.test(x)).join(" · ");
}

// ------------------------------------------------------------------------------------------------
// The catalog list and the card text (hover, focus, or tap on the name)
// ------------------------------------------------------------------------------------------------
// Named parts a card carries as a list of objects (e.g. the two sides of a two-sided card): their names.
function namedParts(card) {
  return Object.entries(card).filter(([, v]) => Array.isArray(v) && v.length && v.every((x) => x && typeof x === "object"
    && typeof x.name === "string")).map(([k, v]) => [k, v.map((x) => x.name).join(" / ")]);
}
const textOf = (card) => card.text || namedParts(card).map(([k, names]) => `${words(k)}: ${names}`).join(". ") || "(no text)";

function showDetail(card) {
  clear(detailEl);
  // The card as the table draws it (card.js, from the game's declared face), else its title in words.
  if (app.face) detailEl.append(h("div", { class: "db-detail-card" }, cardElement(faceModel(app.face, card), { size: "zoom", showText: true })));
  else detailEl.append(h("p", { class: "db-detail-title" }, String(card[app.titleField] ?? card.id)));
  const facts = h("dl", { class: "db-facts" });
  for (const f of app.facets) {
    const vals = valuesOf(card, f.field);
    if (vals.length) facts.append(h("dt", {}, words(f.field)), h("dd", {}, vals.map(shownValue).join(", ")));
  }
  for (const [k, names] of namedParts(card)) facts.append(h("dt", {}, words(k)), h("dd", {}, names));
  detailEl.append(facts);
  if (!app.face || !card.text) detailEl.append(h("p", { class: "db-detail-text" }, app.face ? textOf(card) : card.text || "(no text)"));
  fitTitles(detailEl);
}

/** A catalog row's mark: the card's colour as the table draws it (emblem and stripe) and its cost. */
function rowMark(card) {
  if (!app.face) return null;
  const model = faceModel(app.face, card);
  const colour = colourOf(app.face, card);
  return h("span", { class: ["db-mark", colour.swatch ? `sw-${colour.swatch}` : null], "aria-hidden": "true", "data-colour": colour.value },
    model.emblem ? emblemSvg(model.emblem) : null, model.cost !== null ? h("span", { class: "db-cost" }, String(model.cost)) : null);
}

function drawCatalog() {
  clear(cardsEl);
  const shown = app.cards.filter(matches);
  shownEl.textContent = `(${shown.length} of ${app.cards.length})`;
  for (const card of shown) {
    const title = String(card[app.titleField] ?? card.id) + (card.custom ? " [custom]" : "");
    const textId = `db-text-${card.id}`;
    const inline = h("p", { id: textId, class: "db-inline-text", hidden: true }, textOf(card));
    const nameBtn = h("button", { type: "button", class: "db-card-name", "aria-expanded": "false", "aria-controls": textId,
      on: { click: () => {
        const open = nameBtn.getAttribute("aria-expanded") !== "true";
        nameBtn.setAttribute("aria-expanded", String(open));
        inline.hidden = !open;
        showDetail(card);
      } } }, h("span", { class: "db-title" }, rowMark(card), title), h("span", { class: "db-meta muted" }, meta(card)));
    const section = sectionFor(card);
    const where = section === "main" ? "" : ` to ${labelOf(section)}`;
    const row = h("li", { class: "db-card", "data-card": card.id,
      on: { mouseenter: () => showDetail(card), focusin: () => showDetail(card) } },
      nameBtn,
      h("span", { class: "db-count", "data-count": card.id }, ""),
      h("button", { type: "button", class: "btn small db-minus", "data-action": "remove", "data-card": card.id,
        "aria-label": `Remove one ${title}`, on: { click: () => change(section, card.id, -1) } }, "−"),
      h("button", { type: "button", class: "btn small db-plus", "data-action": "add", "data-card": card.id,
        "aria-label": `Add one ${title}${where}`, on: { click: () => change(section, card.id, +1) } }, "+"),
      inline);
    cardsEl.append(row);
  }
  updateCatalogCounts();
}

function updateCatalogCounts() {
  for (const el of cardsEl.querySelectorAll("[data-count]")) {
    const id = el.dataset.count;
    const card = app.byId.get(id);
    if (!card) continue;
    const n = copies(sectionFor(card), id);
    el.replaceChildren(...(n ? [`×${n}`, h("span", { class: "sr-only" }, " in your deck")] : []));
    el.closest(".db-card").classList.toggle("in-deck", n > 0);
    el.closest(".db-card").querySelector(".db-minus").disabled = n === 0;
  }
}

// ------------------------------------------------------------------------------------------------
// The deck, its sections and the summary charts
// ------------------------------------------------------------------------------------------------
function drawDeck() {
  const active = document.activeElement;
  const keep = active && active.dataset && sectionsEl.contains(active)
    ? { action: active.dataset.action, card: active.dataset.card, section: active.dataset.section } : null;
  clear(sectionsEl);
  let total = 0;
  for (const s of app.format.sections) {
    const part = app.deck.sections[s.name] || {};
    const n = sectionTotal(s.name);
    total += n;
    const hint = s.size ? ` of ${s.size}` : "";
    const list = h("ul", { class: "db-deck-list", "aria-label": `${s.label} cards` });
    const ids = Object.keys(part).sort((a, b) => titleOf(a).localeCompare(titleOf(b)));
    for (const id of ids) {
      const title = titleOf(id);
      list.append(h("li", { class: "db-deck-card", "data-card": id,
        on: { mouseenter: () => app.byId.has(id) && showDetail(app.byId.get(id)) } },
        h("span", { class: "db-deck-count" }, String(part[id])), h("span", { class: "db-title" }, title),
        h("button", { type: "button", class: "btn small", "data-action": "deck-remove", "data-card": id, "data-section": s.name,
          "aria-label": `Remove one ${title} from ${s.label}`, on: { click: () => change(s.name, id, -1) } }, "−"),
        h("button", { type: "button", class: "btn small", "data-action": "deck-add", "data-card": id, "data-section": s.name,
          "aria-label": `Add one ${title} to ${s.label}`, on: { click: () => change(s.name, id, +1) } }, "+")));
    }
    if (!ids.length) list.append(h("li", { class: "muted db-empty" }, s.name === "main" ? "No cards yet: add some from the list." : "Empty."));
    sectionsEl.append(h("div", { class: "db-section", "data-section": s.name },
      h("h3", { class: "db-subtitle", tabindex: "-1", "data-section-title": s.name }, `${s.label} `,
        h("span", { class: "muted" }, `(${n}${hint})`)), list));
  }
  totalEl.textContent = `(${total} cards)`;
  jumpEl.textContent = `Your deck: ${total} cards`;
  if (keep) {
    const sel = `[data-action="${keep.action}"][data-card="${CSS.escape(keep.card || "")}"]`;
    const again = sectionsEl.querySelector(sel) || sectionsEl.querySelector(`[data-section-title="${CSS.escape(keep.section || "main")}"]`);
    if (again) again.focus();
  }
  drawCharts();
}

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const c of children) el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return el;
}

function counts(field, section = "main") {
  const out = new Map();
  for (const [id, n] of Object.entries(app.deck.sections[section] || {})) {
    const card = app.byId.get(id);
    if (!card) continue;
    const vals = valuesOf(card, field);
    for (const v of vals.length ? vals : ["none"]) out.set(v, (out.get(v) || 0) + n);
  }
  return out;
}

function curveChart(facet) {
  const data = counts(facet.field);
  const keys = sortValues([...new Set([...facet.values, ...data.keys()])]);
  const max = Math.max(1, ...data.values());
  const w = 28, gap = 6, top = 16, height = 90, width = keys.length * (w + gap) + gap;
  const described = keys.map((k) => `${k}: ${data.get(k) || 0}`).join(", ");
  const chart = svg("svg", { class: "db-chart", viewBox: `0 0 ${width} ${height + top + 18}`, role: "img",
    "aria-label": `${words(facet.field)} curve of the deck: ${described}` });
  keys.forEach((k, i) => {
    const n = data.get(k) || 0;
    const bh = Math.round((n / max) * height);
    const x = gap + i * (w + gap);
    chart.append(svg("rect", { x, y: top + height - bh, width: w, height: Math.max(bh, n ? 2 : 0), class: "db-bar", rx: 3 },
      svg("title", {}, `${words(facet.field)} ${k}: ${n} cards`)));
    if (n) chart.append(svg("text", { x: x + w / 2, y: top + height - bh - 3, class: "db-bar-n", "text-anchor": "middle" }, n));
    chart.append(svg("text", { x: x + w / 2, y: top + height + 14, class: "db-bar-k", "text-anchor": "middle" }, k));
  });
  return h("figure", { class: "db-figure" }, chart, h("figcaption", {}, `${words(facet.field)} curve`));
}

function compositionChart(facet) {
  const data = [...counts(facet.field).entries()].sort((a, b) => b[1] - a[1]);
  const total = data.reduce((a, [, n]) => a + n, 0) || 1;
  const row = 18, labelW = 110, barW = 170, width = labelW + barW + 40;
  const described = data.map(([k, n]) => `${shownValue(k)}: ${n}`).join(", ") || "no cards";
  const chart = svg("svg", { class: "db-chart", viewBox: `0 0 ${width} ${Math.max(1, data.length) * row + 4}`, role: "img",
    "aria-label": `Deck by ${words(facet.field).toLowerCase()}: ${described}` });
  data.forEach(([k, n], i) => {
    const y = i * row + 2;
    chart.append(svg("text", { x: labelW - 6, y: y + 13, class: "db-bar-k", "text-anchor": "end" }, shownValue(k).slice(0, 16)),
      svg("rect", { x: labelW, y: y + 2, width: Math.max(2, Math.round((n / total) * barW)), height: row - 5, class: "db-bar", rx: 3 },
        svg("title", {}, `${shownValue(k)}: ${n} cards`)),
      svg("text", { x: labelW + Math.round((n / total) * barW) + 5, y: y + 13, class: "db-bar-n" }, n));
  });
  return h("figure", { class: "db-figure" }, chart, h("figcaption", {}, `By ${words(facet.field).toLowerCase()}`));
}

// The curve counts the attribute the game's facet names (CURVE: what a card costs in that game), else the
// first numeric one; the curve's attribute is also a facet, so it gets its numbers from the catalog.
const curveFacet = () => app.facets.find((f) => f.numeric && !f.list && f.field === app.format.curve)
  || (app.curveFacet && app.curveFacet.field === app.format.curve ? app.curveFacet : null)
  || app.facets.find((f) => f.numeric && !f.list);

function drawCharts() {
  clear(chartsEl);
  const curve = curveFacet();
  if (curve) chartsEl.append(curveChart(curve));
  // not by an attribute that tells the sections apart: every main-deck card has the same value there
  const sides = new Set(app.format.sections.flatMap((s) => (s.match ? Object.keys(s.match) : [])));
  const plain = app.facets.filter((x) => !x.numeric && !x.list && !x.flag && !sides.has(x.field));
  for (const f of plain.filter((x) => x.values.length > 1 && x.values.length <= 12).slice(0, 2)) {
    chartsEl.append(compositionChart(f));
  }
}

// ------------------------------------------------------------------------------------------------
// Live validation (the server runs the game's own validator)
// ------------------------------------------------------------------------------------------------
function scheduleCheck() {
  clearTimeout(app.checkTimer);
  problemsEl.setAttribute("aria-busy", "true");
  app.checkTimer = setTimeout(check, 200);
}

async function check() {
  const seq = ++app.checkSeq;
  const game = app.game;
  try {
    const res = await api(`/api/games/${encodeURIComponent(game)}/deck-check`, { method: "POST",
      body: { name: nameIn.value.trim() || null, sections: app.deck.sections } });
    if (seq !== app.checkSeq || game !== app.game) return;
    app.lastCheck = res;
    clear(problemsEl);
    if (res.legal) {
      problemsEl.append(h("p", { class: "db-legal", "data-testid": "legal" }, "Legal: this deck follows every deck rule."));
    } else {
      problemsEl.append(h("p", { class: "db-illegal" }, `Not legal yet: ${res.problems.length} rule${res.problems.length === 1 ? "" : "s"} broken.`),
        h("ul", { class: "db-problem-list" }, res.problems.map((p) =>
          h("li", { class: "db-problem", "data-rule": p.rule_id }, h("span", { class: "db-rule" }, p.rule_id), " ", p.message))));
    }
  } catch (err) {
    if (seq !== app.checkSeq) return;
    clear(problemsEl).append(h("p", { class: "db-illegal" }, `The deck could not be checked: ${err.message}`));
  } finally {
    if (seq === app.checkSeq) problemsEl.removeAttribute("aria-busy");
  }
}

// ------------------------------------------------------------------------------------------------
// Games, saved decks, ready decks
// ------------------------------------------------------------------------------------------------
async function loadGames() {
  try {
    app.games = (await api("/api/games")).filter((g) => g.decks);
  } catch (err) {
    message("error", `Could not load the list of games: ${err.message}`);
    return;
  }
  clear(gameSel);
  if (!app.games.length) {
    message("error", "No game on this server has decks to build.");
    return;
  }
  for (const g of app.games) gameSel.append(h("option", { value: g.id }, g.name));
  const wanted = new URLSearchParams(location.search).get("game");
  if (wanted && app.games.some((g) => g.id === wanted)) gameSel.value = wanted;
  await selectGame(gameSel.value);
}

async function selectGame(gameId) {
  app.game = gameId;
  let catalog;
  try {
    let presentation;
    [app.format, catalog, presentation] = await Promise.all([api(`/api/games/${encodeURIComponent(gameId)}/deck-format`),
      api(`/api/games/${encodeURIComponent(gameId)}/cards`),
      api(`/api/games/${encodeURIComponent(gameId)}/presentation`).catch(() => null)]);
    app.face = presentation && presentation.face ? presentation.face : null;
  } catch (err) {
    message("error", `Could not load the cards: ${err.message}`);
    return;
  }
  if (app.game !== gameId) return;
  app.titleField = app.format.title_field;
  app.cards = (catalog.cards || []).filter((c) => c && typeof c.id === "string")
    .sort((a, b) => String(a[app.titleField]).localeCompare(String(b[app.titleField])));
  app.byId = new Map(app.cards.map((c) => [c.id, c]));
  app.facets = deriveFacets(app.cards, app.format.filters);
  app.curveFacet = app.format.curve ? deriveFacets(app.cards, [app.format.curve])[0] || null : null;
  app.filters = {};
  clear(readySel);
  for (const r of app.format.ready) readySel.append(h("option", { value: r.stem, title: r.description }, r.custom ? `${r.name} [custom]` : r.name));
  $("db-load-ready").disabled = !app.format.ready.length;
  const side = app.format.sections.find((x) => x.name !== "main");
  $("db-text-example").replaceChildren(...(side ? [" (e.g. ", h("kbd", {}, `${side.label}:`), ")"] : []));
  drawFilters();
  drawCatalog();  // before the deck: the rows still shown are the previous game's cards
  newDeck();
  await refreshSaved();
}

async function refreshSaved(selected = null) {
  try {
    app.saved = await savedDecks(app.game);
  } catch (err) {
    app.saved = [];
    message("error", `Could not load your saved decks: ${err.message}`);
  }
  clear(savedSel);
  savedSel.append(h("option", { value: "" }, app.saved.length ? "— choose a saved deck —" : "— no saved decks yet —"));
  for (const d of app.saved) {
    const n = Object.values(d.cards).reduce((a, b) => a + b, 0);
    savedSel.append(h("option", { value: d.id }, `${d.name} (${n} cards${d.legal ? "" : ", not legal"})`));
  }
  savedSel.value = selected || app.deck.id || "";
  const max = app.format.limits.max_decks;
  savedNote.textContent = `${app.saved.length} saved deck${app.saved.length === 1 ? "" : "s"} for this game (at most ${max} in all). `
    + "They are kept on this server for this browser only.";
  updateButtons();
}

function updateButtons() {
  const saved = Boolean(app.deck.id);
  $("db-rename").disabled = !saved;
  $("db-delete").disabled = !saved;
  $("db-copy").disabled = !saved;
}

function setDeck(deck) {
  app.deck = { id: deck.id || null, name: deck.name || "", sections: {} };
  for (const s of app.format.sections) app.deck.sections[s.name] = { ...((deck.sections || {})[s.name] || {}) };
  nameIn.value = app.deck.name;
  savedSel.value = app.deck.id || "";
  drawDeck();
  updateCatalogCounts();
  updateButtons();
  scheduleCheck();
}

function newDeck() {
  setDeck({ id: null, name: "", sections: {} });
}

async function openSaved(id) {
  if (!id) return;
  try {
    setDeck(await api(`/api/decks/${encodeURIComponent(id)}`, { owner: true }));
    message("", "");
  } catch (err) {
    message("error", `Could not open the deck: ${err.message}`);
    refreshSaved();
  }
}

function loadReady() {
  const ready = app.format.ready.find((r) => r.stem === readySel.value);
  if (!ready) return;
  setDeck({ id: null, name: `${ready.name} (my copy)`.slice(0, 100), sections: ready.sections });
  message("", `Loaded the ready deck ${ready.name}: change it, then save it under your own name.`);
}

// ------------------------------------------------------------------------------------------------
// Save, rename, copy, delete
// ------------------------------------------------------------------------------------------------
function deckName() {
  const name = nameIn.value.trim();
  if (!name) {
    message("error", "Give the deck a name first.");
    nameIn.focus();
    return null;
  }
  return name;
}

async function save() {
  const name = deckName();
  if (!name) return;
  try {
    const body = { name, sections: app.deck.sections };
    const res = app.deck.id
      ? await api(`/api/decks/${encodeURIComponent(app.deck.id)}`, { method: "PUT", body, owner: true })
      : await api("/api/decks", { method: "POST", body: { game: app.game, ...body }, owner: true });
    app.deck.id = res.id;
    app.deck.name = res.name;
    await refreshSaved(res.id);
    message("", `Saved “${res.name}”${res.legal ? "" : " (not legal yet: see the deck rules)"}.`);
  } catch (err) {
    message("error", `Could not save: ${err.message}`);
  }
}

async function rename() {
  const name = deckName();
  if (!name || !app.deck.id) return;
  try {
    const res = await api(`/api/decks/${encodeURIComponent(app.deck.id)}`, { method: "PUT", body: { name }, owner: true });
    app.deck.name = res.name;
    await refreshSaved(res.id);
    message("", `Renamed to “${res.name}” (the cards as last saved).`);
  } catch (err) {
    message("error", `Could not rename: ${err.message}`);
  }
}

async function copyDeck() {
  if (!app.deck.id) return;
  try {
    const res = await api(`/api/decks/${encodeURIComponent(app.deck.id)}/copy`, { method: "POST", body: {}, owner: true });
    setDeck(res);
    await refreshSaved(res.id);
    message("", `Copied: you are now editing “${res.name}”.`);
  } catch (err) {
    message("error", `Could not copy: ${err.message}`);
  }
}

let deleteArmed = null;
async function deleteDeck() {
  const btn = $("db-delete");
  if (!app.deck.id) return;
  if (deleteArmed !== app.deck.id) {  // two steps: a first press only asks
    deleteArmed = app.deck.id;
    btn.textContent = "Really delete?";
    setTimeout(() => { deleteArmed = null; btn.textContent = "Delete"; }, 5000);
    return;
  }
  deleteArmed = null;
  btn.textContent = "Delete";
  const name = app.deck.name;
  try {
    await api(`/api/decks/${encodeURIComponent(app.deck.id)}`, { method: "DELETE", owner: true });
    newDeck();
    await refreshSaved();
    message("", `Deleted “${name}”.`);
  } catch (err) {
    message("error", `Could not delete: ${err.message}`);
  }
}

// ------------------------------------------------------------------------------------------------
// Text lists
// ------------------------------------------------------------------------------------------------
function deckText() {
  const lines = [`# ${nameIn.value.trim() || "deck"}`];
  for (const s of app.format.sections) {
    const part = app.deck.sections[s.name] || {};
    const ids = Object.keys(part).sort((a, b) => titleOf(a).toLowerCase().localeCompare(titleOf(b).toLowerCase()));
    if (s.name !== "main") {
      if (!ids.length) continue;
      lines.push("", `${s.label}:`);
    }
    for (const id of ids) lines.push(`${part[id]} ${titleOf(id)}`);
  }
  return `${lines.join("\n")}\n`;
}

async function importText() {
  clear(importErrors);
  try {
    const res = await api(`/api/games/${encodeURIComponent(app.game)}/deck-import`, { method: "POST", body: { text: textArea.value } });
    setDeck({ id: app.deck.id, name: res.name || nameIn.value, sections: res.sections });
    message("", "Imported the list. Save to keep it.");
  } catch (err) {
    importErrors.append(h("p", { class: "db-illegal" }, "The list could not be read:"),
      h("ul", { class: "db-problem-list" }, err.message.split(/; (?=line \d)/).map((m) => h("li", {}, m))));
  }
}

async function copyText() {
  try {
    await navigator.clipboard.writeText(textArea.value);
    message("", "Copied the text list.");
  } catch {
    textArea.select();
    message("", "Select the text and copy it.");
  }
}

gameSel.addEventListener("change", () => selectGame(gameSel.value));
savedSel.addEventListener("change", () => openSaved(savedSel.value));
searchIn.addEventListener("input", drawCatalog);
nameIn.addEventListener("input", () => { app.deck.name = nameIn.value; });
$("db-load-ready").addEventListener("click", loadReady);
$("db-new").addEventListener("click", () => { newDeck(); message("", "A new, empty deck."); });
$("db-save").addEventListener("click", save);
$("db-rename").addEventListener("click", rename);
$("db-copy").addEventListener("click", copyDeck);
$("db-delete").addEventListener("click", deleteDeck);
$("db-export").addEventListener("click", () => { textArea.value = deckText(); clear(importErrors); textArea.focus(); });
$("db-import").addEventListener("click", importText);
$("db-copy-text").addEventListener("click", copyText);
loadGames();
