// One card, drawn the same everywhere: in a hand, in play, in the deck builder's card panel and in the card
// text popover. A card face is built from two things only: the game's declared face (the presentation's
// `face`: which catalog fields are the title, cost, type line, stats, text and colour, see
// cardtable/engine/presentation.py CardFace) and the card's catalog entry. So a card's colour has one
// source, its data: the face's palette maps the colour field's value to a swatch (style.css `sw-<name>`),
// and the emblem drawn in its top corner is the declaration's own shape for that value (`face.emblems`,
// made by cardtable/engine/emblems.py), never a table kept here.
//
// Layout of a face (style.css, "card component"): cost in the top-left corner, emblem in the top-right,
// the title whole (wrapped between words only, its font shrunk until its longest word fits), the type
// line, keyword chips, marks, and the stats along the bottom edge (first at the left corner, last at the
// right). An option's number badge sits on the middle of the top edge, between the cost and the emblem.

import { h, srOnly, staticText } from "./components.js";

const SVG = "http://www.w3.org/2000/svg";

/** A catalog value in words: the colour field's declared name, any other value with spaces for underscores. */
export function fieldWords(face, field, value) {
  const names = field === face.colour ? face.names || {} : {};
  return names[String(value)] || String(value).replace(/_/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2");
}

/** The card's colour: the value of the declared colour field and its swatch from the declaration's palette. */
export function colourOf(face, cat) {
  const field = face && face.colour;
  if (!cat || !field) return { value: null, swatch: null, words: "" };
  const value = cat[field] === null || cat[field] === undefined ? "" : String(cat[field]);
  const swatch = value ? (face.palette || {})[value] || null : null;
  return { value: value || null, swatch, words: value ? fieldWords(face, field, value) : "" };
}

const words = (field) => field.replace(/_/g, " ");

/** A stat's short label on the face: the declaration's `short` (with {field} read from the card), else its name. */
function shortLabel(face, field, cat) {
  const short = (face.short || {})[field];
  if (short === undefined) return words(field);
  return short.replace(/\{(\w+)\}/g, (m, k) => (cat[k] === undefined || cat[k] === null ? "" : words(String(cat[k])))).trim();
}

/** Fields a `short` label reads (MA's skill word labels its skill value): not shown again as a chip. */
function labelFields(face) {
  const out = new Set();
  for (const s of Object.values(face.short || {})) for (const m of String(s).matchAll(/\{(\w+)\}/g)) out.add(m[1]);
  return out;
}

/**
 * What a face shows, in words, from the declaration and the catalog entry:
 * {title, cost, costName, typeLine, colour, stats: [{field, label, value}], pips: [{field, items: [{label, n}]}],
 *  chips: [text], text, summary}. `summary` is the stats in words (tooltips, the card dialog).
 */
export function faceModel(face, cat) {
  face = face || {};
  const title = String(cat[face.title || "title"] ?? "?");
  const cost = face.corner && cat[face.corner] !== undefined && cat[face.corner] !== null && cat[face.corner] !== "" ? cat[face.corner] : null;
  const typeLine = (face.subtitle || []).filter((f) => cat[f] !== null && cat[f] !== undefined && cat[f] !== "")
    .map((f) => fieldWords(face, f, cat[f])).join(" · ");
  const stats = [];
  const pips = [];
  const chips = [];
  const summary = [];
  const skip = labelFields(face);
  for (const f of face.stats || []) {
    const v = cat[f];
    if (v === null || v === undefined || v === "" || v === false || skip.has(f)) continue;
    const labels = (face.list_labels || {})[f];
    if (Array.isArray(v) && labels) {
      const items = v.map((n, k) => ({ label: labels[k] || String(k), n })).filter((x) => x.n);
      if (items.length) {
        pips.push({ field: f, items });
        summary.push(items.map((x) => `${x.label} ${x.n}`).join(" · "));
      }
    } else if (Array.isArray(v)) {
      for (const x of v) if (x !== null && x !== "") chips.push(fieldWords(face, f, x));
      if (v.length) summary.push(v.map((x) => fieldWords(face, f, x)).join(", "));
    } else if (typeof v === "number") {
      if (!v) continue;
      const label = shortLabel(face, f, cat);
      stats.push({ field: f, label, value: v < 0 ? `−${-v}` : String(v) });
      summary.push(`${label} ${v}`);
    } else if (v === true) {
      chips.push(words(f));
      summary.push(words(f));
    } else {
      chips.push(fieldWords(face, f, v));
      summary.push(fieldWords(face, f, v));
    }
  }
  return {
    title, cost, costName: face.corner ? words(face.corner) : "", typeLine, colour: colourOf(face, cat),
    stats, pips, chips, text: String(cat[face.text || "text"] || ""), summary: summary.join(" · "),
    emblem: (face.emblems || {})[colourOf(face, cat).value || ""] || null,
  };
}

/** The emblem of a colour value: the declaration's geometric path, drawn in the card's colour. */
export function emblemSvg(d) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", "cc-emblem");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", d);
  path.setAttribute("fill-rule", "evenodd");
  svg.append(path);
  return svg;
}

/**
 * A card element. opts: {size: "hand" | "play" | "small" | "brief" | "zoom", marks: [{label, style}],
 * showText, attrs (extra attributes), cls (extra classes)}. The element is a plain div; callers make it a
 * button, an option or a readable card. Its text reads in order: title, cost, type line, stats, marks.
 */
export function cardElement(model, opts = {}) {
  const size = opts.size || "play";
  const marks = opts.marks || [];
  const styles = new Set(marks.map((m) => m.style));
  const brief = size === "brief";
  const el = h("div", {
    class: ["ct-card", "cc", `cc-${size}`, model.colour.swatch ? `sw-${model.colour.swatch}` : null,
      styles.has("turned") ? "mk-turned" : null, styles.has("dimmed") ? "mk-dimmed" : null,
      styles.has("face_down") ? "mk-facedown" : null, ...(opts.cls || [])],
    "data-colour": model.colour.value, "data-swatch": model.colour.swatch, ...(opts.attrs || {}),
  });
  const top = h("div", { class: "cc-top" },
    model.cost !== null ? h("span", { class: "cc-cost" }, srOnly(`${model.costName} `), String(model.cost)) : null,
    model.emblem ? emblemSvg(model.emblem) : null);
  el.append(top, " ", titleElement(model.title));
  if (!brief && model.typeLine) el.append(" ", h("span", { class: "cc-type ct-sub" }, srOnly("("), wordsElement(model.typeLine, "cc-fit"), srOnly(")")));
  if (!brief && model.chips.length) {
    el.append(" ", h("span", { class: "cc-chips" }, model.chips.map((c) => [wordsElement(c, "cc-chip cc-fit"), " "])));
  }
  if (opts.showText && model.text) el.append(h("p", { class: "cc-text" }, staticText(model.text)));
  if (marks.length) {
    el.append(" ", h("span", { class: "cc-marks ct-marks" }, marks.map((m) => [h("span", { class: ["ct-mark", `mark-${m.style}`] }, m.label), " "])));
  }
  if (!brief && (model.stats.length || model.pips.length)) {
    const row = h("span", { class: "cc-stats ct-stats" });
    for (const s of model.stats) {
      row.append(h("span", { class: "cc-stat", "data-stat": s.field },
        h("span", { class: "cc-stat-label" }, s.label), " ", h("span", { class: "cc-stat-value" }, s.value)), " ");
    }
    for (const p of model.pips) {
      row.append(h("span", { class: "cc-pips", "data-stat": p.field },
        p.items.map((x) => [h("span", { class: "cc-pip", "data-pip": x.label, title: `${x.label} ${x.n}` },
          srOnly(`${x.label} `), h("span", { "aria-hidden": "true" }, x.label.charAt(0).toUpperCase()), x.n > 1 ? String(x.n) : null), " "])));
    }
    el.append(" ", row);
  }
  return el;
}

/** Card text as whole words (each one unbreakable box), wrapped only between them (or after the hyphen of a
 * hyphenated name); fitTitles shrinks the font of an element whose longest word does not fit its width. */
function wordsElement(text, cls) {
  const span = h("span", { class: cls, "data-static": "" });
  for (const part of String(text).split(/(\s+)/)) {
    if (!part) continue;
    if (/^\s+$/.test(part)) span.append(" ");
    // a hyphenated name may end a line after its hyphen ("Counter-" / "Intrusion"), never elsewhere
    else for (const piece of part.match(/[^-]+-+|[^-]+$|-+/g) || [part]) span.append(h("span", { class: "cc-word" }, piece));
  }
  return span;
}

/** The title: whole words, wrapped between them, on at most three lines (fitTitles). */
function titleElement(title) {
  const span = wordsElement(title, "cc-title ct-title cc-fit");
  span.dataset.lines = "3";
  return span;
}

/** A card back (a deck, a hidden hand): a count on a patterned back, named for screen readers. */
export function cardBack(n, label, size = "play") {
  return h("div", { class: ["ct-card", "back", "cc-back", `cc-${size}`], role: "img", "aria-label": label, "data-count": n },
    h("span", { class: "ct-back-count", "aria-hidden": "true" }, String(n)));
}

/**
 * Shrink the font of every card title (and type line and chip) under `root` until each of its words fits
 * its width (a word never breaks) and a title takes at most three lines. Run after the cards are in the
 * document; reads the whole board first and writes only where something does not fit.
 */
export function fitTitles(root) {
  const widest = (el) => Math.max(0, ...[...el.children].map((w) => w.getBoundingClientRect().width));
  const room = (el) => {
    const style = getComputedStyle(el);
    return el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  };
  const tooTall = (el) => el.dataset.lines
    && el.getBoundingClientRect().height > Number(el.dataset.lines) * parseFloat(getComputedStyle(el).fontSize) * 1.2 + 1;
  const todo = [...root.querySelectorAll(".cc-fit")].filter((el) => el.offsetParent !== null && (widest(el) > room(el) + 0.5 || tooTall(el)));
  for (const el of todo) {
    let size = parseFloat(getComputedStyle(el).fontSize);
    while (size > 7 && (widest(el) > room(el) + 0.5 || tooTall(el))) {
      size -= 0.5;
      el.style.fontSize = `${size}px`;
    }
  }
}
