// Shared building blocks for game renderers: every game draws its board from these, so a new game
// adds one module in renderers/ and nothing else. Plain DOM, no framework.
//
// A "choice" is one option of the pending decision, prepared by table.js:
//   {n, action, label, pick()}   n = 1-based position in decision.options (number key n picks it)
// Renderers attach choices to elements with makeChoice(); table.js handles keys and focus.

/** Create an element. attrs: class, text, html-free only; on: {event: fn}; data-*, aria-*, etc. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") el.className = Array.isArray(value) ? value.filter(Boolean).join(" ") : value;
    else if (key === "text") el.textContent = String(value);
    else if (key === "on") for (const [ev, fn] of Object.entries(value)) el.addEventListener(ev, fn);
    else if (key === "style" && typeof value === "object") Object.assign(el.style, value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

/** Append children: nodes, strings, numbers, arrays of those; null/undefined/false are skipped. */
export function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

/** Text that comes from static game data (card names, rules text), not from the game state. */
export function staticText(text, cls = "") {
  return h("span", { class: cls || null, "data-static": "" }, text);
}

/** Visually hidden text for screen readers. */
export function srOnly(text) {
  return h("span", { class: "sr-only" }, text);
}

/**
 * Turn an element into a clickable, focusable option of the pending decision.
 *
 * The accessible name is the element's own visible text behind a screen-reader-only "Option N: " (plus
 * `prefix`, e.g. "Take"), so whatever a sighted player reads (say "Not for Knight") is also heard, and
 * speech-input users can say what they see. The number badge is CSS-generated from data-option (kept
 * out of the name). `title` (a tooltip) may say more.
 */
export function makeChoice(el, choice, { prefix = "", title = null } = {}) {
  if (!choice) return el;
  el.classList.add("choice");
  el.dataset.option = String(choice.n);
  el.title = title || choice.label;
  el.prepend(srOnly(`Option ${choice.n}: ${prefix ? `${prefix} ` : ""}`));
  if (el.tagName !== "BUTTON") {
    el.setAttribute("role", "button");
    el.tabIndex = 0;
    el.addEventListener("keydown", (ev) => {
      if ((ev.key === "Enter" || ev.key === " ") && !ev.repeat) {
        ev.preventDefault();
        choice.pick();
      }
    });
  }
  el.addEventListener("click", (ev) => {
    ev.preventDefault();
    ev.stopPropagation();
    choice.pick();
  });
  return el;
}

/** A row of buttons, one per choice (Pass, Decline, …). */
export function choiceButtons(items, { title = null } = {}) {
  const box = h("div", { class: "choice-buttons", role: "group", "aria-label": title || "Choices" });
  if (title) box.append(h("span", { class: "choice-buttons-title", "aria-hidden": "true" }, title));
  for (const { choice, text, hint, cls } of items) {
    if (!choice) continue;
    const btn = h("button", { type: "button", class: ["btn", cls] }, h("span", { class: "btn-text" }, text),
      hint ? [" ", h("span", { class: "btn-hint" }, hint)] : null);
    makeChoice(btn, choice, { title: hint ? `${text}: ${hint}` : text });
    box.append(btn);
  }
  return box;
}

/** Life as a number with hearts (numbers only once life grows beyond `max`). */
export function lifeMeter(life, { max = 7, dead = false } = {}) {
  const hearts = h("span", { class: "hearts", "aria-hidden": "true" });
  if (life <= 10) {
    for (let i = 0; i < Math.max(life, max); i++) {
      hearts.append(h("span", { class: i < life ? "heart full" : "heart empty" }, i < life ? "♥" : "♡"));
    }
  }
  return h("div", { class: ["life", life <= 2 ? "low" : null, dead ? "dead" : null], title: `Life ${life}${dead ? " (dead)" : ""}` },
    h("span", { class: "life-number", "aria-label": `life ${life}` }, String(life)),
    hearts);
}

/** A small coloured label (marker, status, card chip). */
export function chip(text, cls = "", title = null) {
  return h("span", { class: ["chip", cls], title }, text);
}

/**
 * A player panel. opts: {seat, name, tag, current, you, life, lifeMax, character, markers[], body[],
 * choice, choiceText, footer, cls}
 *
 * When the panel is an option (a target, a suspect) it holds a real button saying what choosing it does
 * (`choiceText`); a click anywhere on the panel chooses it too. The header stays one line whatever it
 * holds, so the "turn" badge never pushes the panel's rows down.
 */
export function playerPanel(opts) {
  const panel = h("section", {
    class: ["player-panel", opts.current ? "current" : null, opts.you ? "you" : null, opts.choice ? "target" : null, opts.cls],
    "data-seat": opts.seat,
    "aria-label": opts.ariaLabel || opts.name,
  });
  panel.append(
    h("header", { class: "pp-head" },
      h("span", { class: "pp-name" }, opts.name),
      opts.tag ? h("span", { class: "pp-tag" }, opts.tag) : null,
      opts.current ? h("span", { class: "pp-turn", title: "Their turn" }, "▶", h("span", { class: "pp-turn-word" }, " turn")) : null),
  );
  if (opts.life !== undefined) panel.append(lifeMeter(opts.life, { max: opts.lifeMax, dead: opts.dead }));
  if (opts.character) panel.append(opts.character);
  if (opts.markers && opts.markers.length) panel.append(h("div", { class: "pp-markers" }, opts.markers));
  if (opts.body) append(panel, [opts.body]);
  if (opts.footer) panel.append(opts.footer);
  if (opts.choice) {
    const btn = h("button", { type: "button", class: "btn pp-choose" }, opts.choiceText || opts.choice.label);
    makeChoice(btn, opts.choice);
    panel.append(btn);
    panel.addEventListener("click", (ev) => {
      if (ev.defaultPrevented) return;
      ev.preventDefault();
      opts.choice.pick();
    });
  }
  return panel;
}

/**
 * A card tile. opts: {slot, name, kind, text, detail, empty, faceDown, choice, title, cls, badge}
 * `name`, `text` and `detail` are static card data and are marked as such; `title` is its tooltip.
 * The parts are separated by spaces in the DOM so that the tile's accessible name reads as words.
 */
export function cardTile(opts) {
  const tile = h("div", {
    class: ["card-tile", opts.kind ? `kind-${opts.kind}` : null, opts.empty ? "empty" : null,
      opts.faceDown ? "face-down" : null, opts.cls],
    "data-slot": opts.slot || null,
    "data-card": opts.cardId || null,
    title: opts.title || null,
  });
  const parts = [];
  if (opts.slot) parts.push(h("span", { class: "ct-slot" }, opts.slot, opts.badge ? h("span", { class: "ct-badge" }, ` ${opts.badge}`) : null));
  if (opts.empty) {
    parts.push(h("span", { class: "ct-name muted" }, opts.emptyText || "empty"));
  } else if (opts.faceDown) {
    parts.push(h("span", { class: "ct-name" }, opts.name || "face down"));
    if (opts.text) parts.push(h("span", { class: "ct-text" }, opts.text));
  } else {
    parts.push(staticText(opts.name, "ct-name"));
    if (opts.text) parts.push(staticText(opts.text, "ct-text"));
    if (opts.detail) parts.push(staticText(opts.detail, "ct-detail"));
  }
  parts.forEach((part, i) => tile.append(i ? " " : "", part));
  if (opts.choice) makeChoice(tile, opts.choice, { prefix: "Take", title: opts.title });
  return tile;
}

/** A titled row of card tiles. */
export function cardRow({ title, tiles, note = null, cls = null }) {
  return h("section", { class: ["card-row", cls], "aria-label": title },
    h("h3", { class: "row-title" }, title, note ? h("span", { class: "row-note" }, note) : null),
    h("div", { class: "row-cards" }, tiles));
}

/**
 * The status bar: a list of {key, label, value, cls, quiet} items, updated in place.
 *
 * The bar is a polite live region, so only what changed is touched: a screen reader then announces
 * "Your turn" or "Turn 5" as they change and not the whole bar on every frame. `quiet` items (say
 * "thinking…", which comes and goes all the time) are shown but not announced.
 */
export function updateStatusBar(container, items) {
  let bar = container.querySelector(":scope > ul.status-items");
  if (!bar) {
    bar = h("ul", { class: "status-items" });
    container.append(bar);
  }
  const existing = new Map([...bar.children].map((li) => [li.dataset.key, li]));
  let prev = null;
  for (const item of items) {
    if (!item) continue;
    const key = item.key || item.cls || item.label || item.value;
    let li = existing.get(key);
    if (li) {
      existing.delete(key);
    } else {
      li = h("li", { "data-key": key },
        item.label ? h("span", { class: "si-label" }, item.label) : null,
        h("span", { class: "si-value" }));
    }
    li.className = ["status-item", item.cls].filter(Boolean).join(" ");
    if (item.quiet) li.setAttribute("aria-hidden", "true");
    else li.removeAttribute("aria-hidden");
    const value = li.querySelector(".si-value");
    if (value.textContent !== String(item.value)) value.textContent = String(item.value);
    const next = prev ? prev.nextSibling : bar.firstChild;
    if (next !== li) bar.insertBefore(li, next);
    prev = li;
  }
  for (const li of existing.values()) li.remove();
  return bar;
}

/**
 * The incremental game log. `describe(event)` returns a Node or a string; `classify(event)` a CSS class.
 * Events arrive as (events, start): start is the index of events[0] in the seat's log. `list` is the <ol>,
 * `scroller` the element that scrolls (the role="log" box around it).
 */
export class LogList {
  constructor(list, { describe, classify = () => "", scroller = null }) {
    this.list = list;
    this.scroller = scroller || list;
    this.describe = describe;
    this.classify = classify;
    this.count = 0;
  }

  reset() {
    clear(this.list);
    this.count = 0;
  }

  /** Whether the reader is at (or near) the newest line, so new lines should scroll into view. */
  atEnd() {
    const el = this.scroller;
    return el.scrollHeight - el.scrollTop - el.clientHeight < 40;
  }

  scrollToEnd() {
    this.scroller.scrollTop = this.scroller.scrollHeight;
  }

  /**
   * Returns false when there is a gap (the caller should resynchronise). `lines` (optional, the frame's
   * `lines`): the server's words for each event, `[head, text]`; an event whose `head` is an earlier line
   * joins it (that line now reads `text`, e.g. "Seat 2 draws 3 cards") and has no line of its own.
   */
  add(events, start, lines) {
    if (start > this.count) return false;
    if (start < this.count) {
      // Overlap (e.g. after a reconnect): drop what we have from `start` on and redraw it (notes too).
      for (const li of [...this.list.children]) {
        if (Number(li.dataset.index ?? li.dataset.after) >= start) li.remove();
      }
      this.count = start;
    }
    const frag = document.createDocumentFragment();
    const fresh = [];
    for (const [k, event] of events.entries()) {
      const line = Array.isArray(lines) ? lines[k] : null;
      let content;
      if (line && line[0] !== this.count) {
        // By its event index, not its position: notes ("Passed for you …") sit between event lines.
        const headLi = line[0] < start ? this.list.querySelector(`li[data-index="${line[0]}"]`) : fresh[line[0] - start];
        if (headLi) headLi.textContent = String(line[1]);
        content = "";
      } else if (line) {
        content = String(line[1]);
      } else {
        try {
          content = this.describe(event);
        } catch (err) {
          content = `${event.kind}: ${JSON.stringify(event)}`;
        }
      }
      if (content === null) content = "";
      const li = h("li", { class: ["log-line", this.classify(event)], "data-kind": event.kind, "data-index": this.count },
        content);
      if (content === "") li.hidden = true;
      fresh.push(li);
      frag.append(li);
      this.count += 1;
    }
    this.list.append(frag);
    return true;
  }

  /** A line that is not an event of the log (what the server did for the reader: "Passed for you …"). */
  note(text, cls = "log-note") {
    this.list.append(h("li", { class: ["log-line", cls], "data-after": this.count }, text));
  }
}

/** Seat naming shared by renderers: "Seat 2", with "(you)" for the viewer. */
export function seatName(seat, viewer) {
  if (seat === null || seat === undefined) return "?";
  return viewer === seat ? `Seat ${seat} (you)` : `Seat ${seat}`;
}

/** "seat 2" in the middle of a sentence. */
export function seatRef(seat, viewer) {
  if (seat === null || seat === undefined) return "?";
  return viewer === seat ? `seat ${seat} (you)` : `seat ${seat}`;
}

/** Describe who sits in a seat from the table summary: "you", "bot · heuristic", "human", "open seat". */
export function seatTag(table, seat, viewer) {
  if (viewer === seat) return "you";
  const info = table && Array.isArray(table.seats) ? table.seats.find((s) => s.seat === seat) : null;
  if (!info) return "";
  if (info.kind === "human") return info.claimed ? "human" : "open seat";
  return `bot · ${info.kind}`;
}
