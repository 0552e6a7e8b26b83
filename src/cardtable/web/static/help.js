// The "How to play" panel, shared by the lobby and the table: a modal <dialog> whose text comes from the
// server (GET /api/games/{id}/rules, the game's own explanation), followed by the renderer's legend of
// what the board shows and by how this page is played. Fetched once per game, when first opened.
// Each section the server gives an `id` gets an anchor (#help-s-<id>) and an entry in the contents list;
// on the table the panel opens at the section of the current phase (the server's `phase_sections`).

import { clear, h } from "./components.js";

const CONTROLS = {
  heading: "Playing here",
  paragraphs: [
    "When it is your decision the prompt at the top turns yellow and your options get a blue frame and a number "
      + "(on a card, on the middle of its top edge). Point at a card, or tap it, to read it. "
      + "Tap or click one: a card to take it, a player's panel (or its button) to target them or point at them, "
      + "or a button such as Pass.",
    "With a keyboard: type an option's number to pick it (two digits for options 10 and up: 1 then 2 for option 12, "
      + "or 1 then Enter for option 1 when there are ten or more), Tab moves between the options, Enter chooses, "
      + "Esc closes messages and card popovers.",
    "The last move is outlined on the board and written above it; the log on the right (below the board on a phone) "
      + "keeps every event.",
  ],
  items: [],
};

/** Draw sections ({id?, heading, paragraphs, items: [{term, text}]}) into `body`. */
export function drawSections(body, sections) {
  for (const section of sections) {
    const box = h("section", { class: "help-section", id: section.id ? `help-s-${section.id}` : null, "data-section": section.id || null },
      h("h3", { class: "help-heading" }, section.heading));
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

/** A list of links to the sections that have an id (a long text only: four sections or more). */
function contents(sections) {
  const withId = sections.filter((s) => s.id);
  if (withId.length < 4) return null;
  return h("nav", { class: "help-toc", "aria-label": "Sections" },
    h("ul", { class: "help-toc-list" }, withId.map((s) => h("li", {},
      h("a", { href: `#help-s-${s.id}`, class: "help-toc-link", "data-section": s.id }, s.heading)))));
}

/**
 * Wire the button and the dialog. Returns {setGame(game, {extra}), open(sectionId?), isOpen()}; the button
 * stays hidden until a game is set. `controls: false` leaves out the "Playing here" section (the lobby).
 * `phase()`, if given, returns the current phase or step of the game on screen (null when there is none):
 * the button then opens the panel at the section the server names for it (`phase_sections`).
 */
export function setupHelp({ button, dialog, body, title, close, controls = true, phase = null }) {
  let game = null;
  let extra = [];
  let loadedFor = null;
  let rules = null;

  async function load() {
    if (loadedFor === game) return;
    loadedFor = game;
    rules = null;
    clear(body).append(h("p", { class: "muted" }, "Loading…"));
    let got;
    try {
      got = await fetchRules(game);
    } catch (err) {
      loadedFor = null;
      clear(body).append(h("p", {}, `The rules could not be loaded (${err.message}). Try again in a moment.`));
      return;
    }
    rules = got;
    title.textContent = rules.title || "How to play";
    clear(body);
    const sections = rules.sections || [];
    const toc = contents(sections);
    if (toc) body.append(toc);
    drawSections(body, [...sections, ...extra, ...(controls ? [CONTROLS] : [])]);
  }

  /** Mark the section `id` as the one that applies now and scroll the panel to it (none: to the top). */
  function show(id) {
    for (const el of body.querySelectorAll(".help-section.help-current")) {
      el.classList.remove("help-current");
      const tag = el.querySelector(".help-now");
      if (tag) tag.remove();
    }
    const el = id ? body.querySelector(`#help-s-${CSS.escape(id)}`) : null;
    if (!el) {
      dialog.scrollTop = 0;
      return;
    }
    el.classList.add("help-current");
    el.querySelector(".help-heading").append(" ", h("span", { class: "help-now chip" }, "now"));
    el.scrollIntoView({ block: "start" }); // below the sticky head: scroll-margin-top in style.css
  }

  async function open(sectionId) {
    if (!game) return;
    if (!dialog.open) dialog.showModal();
    await load();
    if (!rules || !dialog.open) return;
    let id = sectionId;
    if (id === undefined) {
      const now = phase ? phase() : null;
      id = now !== null && now !== undefined && rules.phase_sections ? rules.phase_sections[now] || null : null;
    }
    show(id);
  }

  button.addEventListener("click", () => open());
  // The contents links scroll inside the dialog (no change to the page's address).
  body.addEventListener("click", (ev) => {
    const link = ev.target instanceof Element ? ev.target.closest(".help-toc-link") : null;
    if (!link) return;
    ev.preventDefault();
    const el = body.querySelector(`#help-s-${CSS.escape(link.dataset.section)}`);
    if (el) el.scrollIntoView({ block: "start" });
  });
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
    open,
    isOpen: () => dialog.open,
  };
}
