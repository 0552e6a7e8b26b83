// The guided first game: on a player's first table of a game, a few coach marks point at the parts of the
// table (hand, own side, the other side, what happens now, the log, How to play), each with Next and Skip.
// Shown once per game: finishing or skipping it is remembered in localStorage ("cardtable.tour.<game>").
// It never blocks the table: the outline lets clicks through and the box is small and not modal.
// Switched off by ?tour=0 or localStorage "cardtable.tour" = "off" (the browser tests set that);
// ?tour=1 shows it even when it was seen.

import { h } from "./components.js";

const OFF_KEY = "cardtable.tour";
const seenKey = (game) => `cardtable.tour.${game}`;

/** Whether the tour should be offered for `game` on this page. */
export function tourWanted(game) {
  const asked = new URLSearchParams(location.search).get("tour");
  if (asked === "0") return false;
  if (asked === "1") return true;
  try {
    return localStorage.getItem(OFF_KEY) !== "off" && localStorage.getItem(seenKey(game)) !== "done";
  } catch (err) {
    return false; // no storage (private mode): better no tour than one on every visit
  }
}

function remember(game) {
  try {
    localStorage.setItem(seenKey(game), "done");
  } catch (err) {
    // nothing to do: the tour then comes back next time
  }
}

/**
 * A tour over `steps` ([{target: () => Element|null, title, text}]); a step whose target is missing is
 * left out. Returns {start(), refresh(), active()}: call refresh() after every redraw of the board (the
 * targets are new elements then). `onEnd()` runs once, when the tour is finished or skipped.
 */
export function createTour({ game, steps, onEnd = () => {} }) {
  let index = -1;
  let ring = null;
  let box = null;
  let shown = [];

  function target() {
    const step = shown[index];
    return step ? step.target() : null;
  }

  function end() {
    if (index < 0) return;
    index = -1;
    remember(game);
    if (ring) ring.remove();
    if (box) box.remove();
    ring = box = null;
    window.removeEventListener("resize", place);
    window.removeEventListener("scroll", place, true);
    document.removeEventListener("keydown", onKey, true);
    onEnd();
  }

  function onKey(ev) {
    if (ev.key === "Escape" && box && !document.querySelector("dialog[open]")) {
      ev.preventDefault();
      end();
    }
  }

  function go(k) {
    index = k;
    if (index >= shown.length) {
      end();
      return;
    }
    const step = shown[index];
    const last = index === shown.length - 1;
    box.replaceChildren(
      h("p", { class: "tour-count" }, `${index + 1} of ${shown.length}`),
      h("h2", { class: "tour-title", id: "tour-title" }, step.title),
      h("p", { class: "tour-text", id: "tour-text" }, step.text),
      h("div", { class: "tour-buttons" },
        last ? null : h("button", { type: "button", class: "btn small tour-skip", on: { click: end } }, "Skip tour"),
        h("button", { type: "button", class: "btn small primary tour-next", on: { click: () => go(index + 1) } },
          last ? "Start playing" : "Next")));
    const el = target();
    if (el) {
      const r = el.getBoundingClientRect();
      if (r.top < 0 || r.bottom > window.innerHeight) el.scrollIntoView({ block: r.height > window.innerHeight * 0.6 ? "start" : "center" });
    }
    place();
    box.querySelector(".tour-next").focus({ preventScroll: true });
  }

  /** Put the outline around the target and the box beside it (below, else above, else at the bottom). */
  function place() {
    if (!box) return;
    const el = target();
    const vw = document.documentElement.clientWidth;
    const vh = window.innerHeight;
    if (!el) {
      ring.hidden = true;
      box.style.left = `${Math.max(8, (vw - box.offsetWidth) / 2)}px`;
      box.style.top = `${Math.max(8, vh - box.offsetHeight - 8)}px`;
      return;
    }
    const r = el.getBoundingClientRect();
    const top = Math.max(2, r.top - 4);
    const bottom = Math.min(vh - 2, r.bottom + 4);
    ring.hidden = bottom <= top;
    ring.style.left = `${Math.max(2, r.left - 4)}px`;
    ring.style.top = `${top}px`;
    ring.style.width = `${Math.max(0, Math.min(vw - 2, r.right + 4) - Math.max(2, r.left - 4))}px`;
    ring.style.height = `${Math.max(0, bottom - top)}px`;
    const w = box.offsetWidth;
    const bh = box.offsetHeight;
    const floor = dockedTop(vh);
    let y;
    if (r.bottom + 10 + bh <= floor - 8) y = r.bottom + 10;
    else if (r.top - 10 - bh >= 8) y = r.top - 10 - bh;
    else y = floor - bh - 8;
    box.style.top = `${Math.round(y)}px`;
    box.style.left = `${Math.round(Math.max(8, Math.min(r.left, vw - w - 8)))}px`;
  }

  /** The top of the decision bar when it is docked along the bottom of the screen (else the screen's bottom):
   * the box keeps clear of its buttons. */
  function dockedTop(vh) {
    const bar = document.querySelector(".ct-decision");
    if (!bar) return vh;
    const r = bar.getBoundingClientRect();
    return r.height && r.bottom >= vh - 2 && r.top > vh / 2 ? r.top : vh;
  }

  return {
    start() {
      if (index >= 0) return;
      shown = steps.filter((s) => s.target());
      if (!shown.length) return;
      ring = h("div", { class: "tour-ring", "aria-hidden": "true" });
      box = h("section", { class: "tour-box", role: "dialog", "aria-labelledby": "tour-title",
        "aria-describedby": "tour-text", "data-testid": "tour" });
      document.body.append(ring, box);
      window.addEventListener("resize", place);
      window.addEventListener("scroll", place, true);
      document.addEventListener("keydown", onKey, true);
      go(0);
    },
    refresh: () => place(),
    active: () => index >= 0,
  };
}
