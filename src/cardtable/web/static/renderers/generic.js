// Fallback renderer for games without their own module: the view as indented JSON and one button per
// option of the pending decision. Everything shown comes straight from the seat's view and log.

import { choiceButtons, h } from "../components.js";

function describeOption(action) {
  const params = Object.entries(action).filter(([k]) => k !== "player" && k !== "kind").map(([k, v]) => `${k}=${v}`);
  return [action.kind, ...params].join(" ");
}

function render(root, ctx) {
  const view = ctx.view || {};
  const outcome = ctx.outcome || view.outcome;
  const box = h("div", { class: "generic-board" });
  if (outcome) {
    box.append(h("section", { class: "outcome", "data-testid": "outcome", "aria-label": "Game over" },
      h("h2", { class: "outcome-title" }, "Game over"),
      h("p", {}, h("strong", {}, "Winners: "), (outcome.winners || []).map((w) => ctx.seatName(w)).join(", ") || "nobody"),
      outcome.reason ? h("p", { class: "muted" }, outcome.reason) : null,
      h("p", {}, h("a", { href: "/", class: "btn" }, "Back to the lobby"))));
  } else if (ctx.decision) {
    box.append(h("section", { class: "prompt mine" },
      h("h2", { class: "prompt-title" }, `Your move: ${ctx.decision.prompt || ctx.decision.kind}`)));
    box.append(choiceButtons(ctx.choices.map((c) => ({ choice: c, text: describeOption(c.action) })), { title: "Options" }));
  } else {
    const who = view.to_act;
    box.append(h("section", { class: "prompt" },
      h("h2", { class: "prompt-title" }, who === null || who === undefined ? "Waiting…" : `${ctx.seatName(who)} to move${ctx.thinking.includes(who) ? " (thinking…)" : ""}`)));
  }
  const shown = { ...view };
  delete shown.decision;
  box.append(h("section", { class: "json-view", "aria-label": "Game state" },
    h("h3", { class: "row-title" }, "View"),
    h("pre", { class: "json" }, JSON.stringify(shown, null, 2))));
  root.append(box);
}

function describeEvent(event) {
  const rest = { ...event };
  delete rest.kind;
  const args = Object.entries(rest).map(([k, v]) => `${k}=${typeof v === "object" ? JSON.stringify(v) : v}`);
  return `${event.kind.replace(/_/g, " ")}${args.length ? ": " + args.join(", ") : ""}`;
}

function statusItems(ctx) {
  const view = ctx.view || {};
  return view.turn !== undefined ? [{ label: "Turn", value: String(view.turn) }] : [];
}

export default {
  game: "generic",
  title: "",
  render,
  describeEvent,
  describeOption: (action) => describeOption(action),
  statusItems,
};
