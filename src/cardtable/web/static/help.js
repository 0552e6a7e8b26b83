// The "How to play" panel, shared by the lobby and the table: a modal <dialog> whose text comes from the
// server (GET /api/games/{id}/rules, the game's own explanation), followed by the renderer's legend of
// what the board shows and by how this page is played. Fetched once per game, when first opened.

import { clear, h } from "./components.js";

const CONTROLS = {
  heading: "Playing here",
  paragraphs: [
    "When it is your decision the prompt at the top turns yellow and your options get a blue frame and a number. "
      + "Tap or click one: a card to take it, a player's panel (or its button) to target them or point at them, "
      + "or a button such as Pass.",
    "With a keyboard: 1-9 pick the numbered option, Tab moves between the options, Enter chooses, Esc closes messages.",
    "The last move is outlined on the board and written above it; the log on the right (below the board on a phone) "
      + "keeps every event.",
  ],
  items: [],
};

/** Draw sections ({heading, paragraphs, items: [{term, text}]}) into `body`. */
export function drawSections(body, sections) {
  for (const section of sections) {
    const box = h("section", { class: "help-section" }, h("h3", { class: "help-heading" }, section.heading));
    for (const p of section.paragraphs || []) box.append(h("p", {}, p));
    if (section.items && section.items.length) {
      const dl = h("dl", { class: "help-items" });
      for (const item of section.items) dl.append(h("dt", {}, item.term), h("dd", {}, item.text));
      box.append(dl);
    }
    body.append(box);
  }
}

async function fetchRules(game) {
  const res = await fetch(`/api/games/${encodeURIComponent(game)}/rules`);
  if (!res.ok) throw new Error(`the rules of ${game} answered HTTP ${res.status}`);
  return res.json();
}

/**
 * Wire the button and the dialog. Returns {setGame(game, {extra}), isOpen()}; the button stays hidden
 * until a game is set. `controls: false` leaves out the "Playing here" section (the lobby).
 */
export function setupHelp({ button, dialog, body, title, close, controls = true }) {
  let game = null;
  let extra = [];
  let loadedFor = null;

  async function load() {
    if (loadedFor === game) return;
    loadedFor = game;
    clear(body).append(h("p", { class: "muted" }, "Loading…"));
    let rules;
    try {
      rules = await fetchRules(game);
    } catch (err) {
      loadedFor = null;
      clear(body).append(h("p", {}, `The rules could not be loaded (${err.message}). Try again in a moment.`));
      return;
    }
    title.textContent = rules.title || "How to play";
    clear(body);
    drawSections(body, [...(rules.sections || []), ...extra, ...(controls ? [CONTROLS] : [])]);
  }

  function open() {
    if (!game) return;
    if (!dialog.open) dialog.showModal();
    load();
  }

  button.addEventListener("click", open);
  close.addEventListener("click", () => dialog.close());
  // A click on the backdrop (outside the dialog's box) closes it too.
  dialog.addEventListener("click", (ev) => {
    if (ev.target === dialog) {
      const r = dialog.getBoundingClientRect();
      const inside = ev.clientX >= r.left && ev.clientX <= r.right && ev.clientY >= r.top && ev.clientY <= r.bottom;
      if (!inside) dialog.close();
    }
  });

  return {
    setGame(id, options = {}) {
      if (id !== game) loadedFor = null;
      game = id;
      extra = options.extra || [];
      button.hidden = !id;
    },
    isOpen: () => dialog.open,
  };
}
