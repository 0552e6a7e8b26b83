// Two Mists board (docs/rules/two-mists.md). Draws only what the seat's view and log contain, plus the
// public card catalog (see init); it never greys out or marks cards for anyone (TM-12.6): the only cards
// singled out are the options of *this* seat's own pending decision.

import {
  cardRow, cardTile, chip, choiceButtons, h, makeChoice, playerPanel, staticText,
} from "../components.js";

// Public card data: the game's card catalog (GET /api/games/two-mists/cards, built from the YAML card
// files), handed to init() by table.js before the first render. Nothing about cards is written here.
let CHARACTERS = new Map(); // id -> {id, name, text, players, wrath, goal_front_text, goal_back_text}
let CHARACTER_ORDER = [];
let CARDS = new Map(); // id -> {id, name, kind, forbidden, copies, text, effects, weapon, poison, label, short}

/** Take the catalog's characters and cards; derive each card's label and short effect text. */
export function init(catalog) {
  const characters = (catalog && catalog.characters) || [];
  const cards = (catalog && catalog.cards) || [];
  CHARACTERS = new Map(characters.map((c) => [c.id, c]));
  CHARACTER_ORDER = characters.map((c) => c.id);
  CARDS = new Map(cards.map((c) => [c.id, { ...c, forbidden: c.forbidden || [], effects: c.effects || [] }]));
  const sameName = new Map();
  for (const card of CARDS.values()) sameName.set(card.name, (sameName.get(card.name) || 0) + 1);
  for (const card of CARDS.values()) {
    card.label = sameName.get(card.name) > 1 && card.forbidden.length ? `${card.name} (not ${namesOf(card.forbidden)})` : card.name;
    card.short = shortText(card);
  }
}

/** A few words per effect, e.g. "2 damage to another player", "Heal any player 2, then 1 damage". */
export function shortText(card) {
  if (card.kind === "equipment") {
    if (card.weapon) return "+1 to damage you deal";
    if (card.poison) return "Lose 1 life at each of your turn starts (not below 1)";
    return card.text || "";
  }
  const alone = card.effects.length === 1;
  const parts = card.effects.map((e) => effectPhrase(e, alone));
  // An effect without a fixed phrase (e.g. self-damage computed in play): the card's own words say it.
  if (!parts.length || parts.includes(null)) return card.text || "";
  const text = parts.join(", then ");
  return text[0].toUpperCase() + text.slice(1);
}

function effectPhrase(effect, alone) {
  const n = effect.amount;
  switch (effect.op) {
    case "damage":
      return n === null || n === undefined ? null : alone ? `${n} damage to another player` : `${n} damage`;
    case "heal":
      return n === null || n === undefined ? null : `heal any player ${n}`;
    case "point_at_monster":
      return `everyone points at a ${charName("monster")} suspect`;
    case "extra_action":
      return "you may take one more card";
    case "restrict_next_turn":
      return "another player may take only equipment next turn";
    default:
      return null;
  }
}

function namesOf(ids) {
  return CHARACTER_ORDER.filter((c) => ids.includes(c)).map(charName).join(", ");
}

const SLOT_ZONES = { A: "action_row", E: "equipment_row" };

export function charName(id) {
  const ch = CHARACTERS.get(id);
  return ch ? ch.name : String(id ?? "?");
}

/** "Assault (not Knight)": copies sharing a name differ only by whom they bar, and that is evidence. */
export function cardName(id) {
  const card = CARDS.get(id);
  return card ? card.label : String(id ?? "?");
}

/** The card's tooltip: its full text from the card file and whom it bars. */
function cardTitle(id) {
  const card = CARDS.get(id);
  if (!card) return null;
  return `${card.label}: ${card.text || card.short}${card.text && card.text.endsWith(".") ? "" : "."} ${barredText(id)}.`;
}

/** A character's tooltip: what it wants, per world. */
function charTitle(id) {
  const ch = CHARACTERS.get(id);
  if (!ch) return null;
  if (ch.goal_front_text || ch.goal_back_text) {
    return `${ch.name}. Front world: ${ch.goal_front_text || "-"} Back world: ${ch.goal_back_text || "-"}`;
  }
  return `${ch.name}: ${ch.text}`;
}

function barredText(id) {
  const card = CARDS.get(id);
  if (!card || !card.forbidden.length) return "Anyone may take it";
  return `Not for ${namesOf(card.forbidden)}`;
}

function cardInSlot(view, slot) {
  if (!view || typeof slot !== "string") return null;
  const zone = view.zones && view.zones[SLOT_ZONES[slot[0]]];
  const cards = (zone && zone.cards) || [];
  const c = cards[Number(slot.slice(1)) - 1];
  return c ? c.card : null;
}

/** The effect being resolved, e.g. {op: "damage", amount: 2}, from view.resolving. */
function currentStep(view) {
  const r = view && view.resolving;
  const card = r && CARDS.get(r.card);
  const effect = card && card.effects[r.step];
  return effect ? { op: effect.op, amount: effect.amount ?? null } : null;
}

// ------------------------------------------------------------------------------------------------
// Options in words
// ------------------------------------------------------------------------------------------------
function describeOption(action, ctx) {
  const view = ctx.view || {};
  const seats = view.seats || [];
  const me = seats[action.player] || {};
  switch (action.kind) {
    case "take": {
      const id = cardInSlot(view, action.slot);
      return `Take ${action.slot}: ${cardName(id)} — ${CARDS.has(id) ? CARDS.get(id).short : ""}`;
    }
    case "pass":
      return me.revealed ? "Pass: your life becomes 1 (you are already revealed)"
        : "Pass: reveal your character to everyone and set your life to 1";
    case "decline":
      return "Decline the extra card and end your turn";
    case "target": {
      const t = seats[action.seat] || {};
      const who = ctx.seatRef(action.seat);
      const step = currentStep(view) || {};
      if (step.op === "heal") return `Heal ${who}: life ${t.life} → ${t.life + step.amount}`;
      if (step.op === "restrict_next_turn") return `Intimidate ${who}: only equipment on their next turn${t.intimidated ? " (already intimidated)" : ""}`;
      if (step.op === "damage") {
        const amount = step.amount + (me.weapons || 0);
        const after = Math.max(0, (t.life || 0) - amount);
        return `Damage ${who}: ${amount} damage, life ${t.life} → ${after}${after === 0 ? " (dies, game ends)" : ""}`;
      }
      return `Target ${who}`;
    }
    case "point":
      return action.at === "centre" ? "Point at the centre card (no player is the Monster)" : `Point at ${ctx.seatRef(action.at)}`;
    default:
      return `${action.kind} ${JSON.stringify(action)}`;
  }
}

// ------------------------------------------------------------------------------------------------
// The last move: what the board outlines and the prompt sums up
// ------------------------------------------------------------------------------------------------
// Events that open a move (one decision's consequences); the events after one, up to the next, belong
// to it (a refill, self-damage, a death, the next turn's start and its Holy Poison tick).
const MOVE_START = new Set(["card_taken", "passed", "extra_action_declined", "damaged", "healed", "intimidated",
  "pointed", "pointing_revealed"]);
// Lines of a move not worth repeating in its summary.
const QUIET = new Set(["slot_refilled", "slot_left_empty", "turn_started", "character_dealt", "game_started",
  "characters_revealed", "game_over", "action_pile_rebuilt"]);

/** {events, actor, effects: Map(seat -> [{kind, text}]), taken: {seat, card}, fresh: Set(slot)} or null. */
export function lastMove(events) {
  let i = events.length - 1;
  while (i >= 0 && !MOVE_START.has(events[i].kind)) i -= 1;
  if (i < 0) return null;
  const group = events.slice(i);
  const first = group[0];
  const actor = first.kind === "damaged" ? first.dealer : first.kind === "pointing_revealed" ? null : first.player;
  const effects = new Map();
  const mark = (seat, kind, text) => {
    if (seat === null || seat === undefined) return;
    if (!effects.has(seat)) effects.set(seat, []);
    effects.get(seat).push({ kind, text });
  };
  let taken = null;
  const fresh = new Set();
  for (const e of group) {
    if (e.kind === "damaged") mark(e.target, "hit", `−${e.amount}`);
    else if (e.kind === "self_damaged") mark(e.player, "hit", `−${e.amount}`);
    else if (e.kind === "poisoned") mark(e.player, "hit", `−${e.amount}`);
    else if (e.kind === "healed") mark(e.target, "heal", `+${e.amount}`);
    else if (e.kind === "intimidated") mark(e.target, "intimidated", "intimidated");
    else if (e.kind === "passed") mark(e.player, "passed", "passed");
    else if (e.kind === "died" || e.kind === "wrath") mark(e.player, "died", "died");
    else if (e.kind === "card_taken") taken = { seat: e.player, card: e.card };
    else if (e.kind === "slot_refilled") fresh.add(e.slot);
  }
  return { events: group, actor, effects, taken, fresh };
}

function lastMoveLine(ctx, move) {
  if (!move) return null;
  const parts = [];
  for (const e of move.events) {
    if (QUIET.has(e.kind)) continue;
    const text = describeEvent(e, ctx);
    if (text) parts.push(" ", text);
  }
  if (!parts.length) return null;
  return h("p", { class: "last-move", "data-testid": "last-move" }, h("span", { class: "last-move-label" }, "Last move:"), parts);
}

// ------------------------------------------------------------------------------------------------
// Board
// ------------------------------------------------------------------------------------------------
function render(root, ctx) {
  const view = ctx.view;
  if (!view) return;
  const over = Boolean(ctx.outcome || view.outcome);
  const move = over ? null : lastMove(ctx.events || []);
  root.append(h("div", { class: "tm-board" },
    over ? outcomeBox(ctx) : promptBox(ctx, move),
    seatsGrid(ctx, move),
    market(ctx, move),
    decisionButtons(ctx)));
  if (view.you && view.you.character) ctx.side.append(youCard(ctx));
  else if (ctx.seat === null) ctx.side.append(spectatorNote(ctx));
}

function promptBox(ctx, move) {
  const view = ctx.view;
  const box = h("section", { class: ["prompt", ctx.decision ? "mine" : null], "aria-label": "What happens now" });
  const cur = view.current;
  const actor = view.to_act;
  if (ctx.decision) {
    // A touch screen has no number keys and nobody "clicks" on it.
    const touch = typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;
    const hint = touch
      ? (ctx.decision.kind === "target" ? "Tap a player." : ctx.decision.kind === "point" ? "Tap a player or the centre-card button."
        : "Tap a highlighted card or a button.")
      : ctx.decision.kind === "target" ? "Click a player (or press their number)."
        : ctx.decision.kind === "point" ? "Click a player or the centre-card button (or press a number)."
          : "Click a highlighted card or a button (or press its number).";
    box.append(h("h2", { class: "prompt-title" }, pointingTitle(ctx) || `Your move: ${ctx.decision.prompt}`),
      h("p", { class: "prompt-hint" }, resolvingText(ctx), hint));
  } else if (ctx.status === "waiting") {
    box.append(h("h2", { class: "prompt-title" }, "Waiting for every player to join…"),
      h("p", { class: "prompt-hint" }, "Share the invite links from the lobby. The game starts once every human seat has been opened."));
  } else {
    const who = actor !== null && actor !== undefined ? actor : cur;
    const thinking = ctx.thinking.includes(who);
    let text = [`${ctx.seatName(who)} ${thinking ? "is thinking…" : "to move"}`];
    if (view.step === "point" && view.pointing) text = [`Search: ${ctx.seatName(who)} is pointing${thinking ? " (thinking…)" : ""}`];
    else if (view.step === "target" && view.resolving) {
      text = [`${ctx.seatName(who)} resolves `, staticText(cardName(view.resolving.card)), thinking ? " (thinking…)" : ""];
    }
    box.append(h("h2", { class: "prompt-title" }, text));
    const sub = [];
    if (view.restricted) sub.push(`${ctx.seatName(cur)} is intimidated: only equipment this turn.`);
    if (view.pointing && view.pointing.mine !== null && view.pointing.mine !== undefined) {
      sub.push(`You pointed at ${view.pointing.mine === "centre" ? "the centre card" : ctx.seatRef(view.pointing.mine)} (secret until all have pointed).`);
    }
    if (sub.length) box.append(h("p", { class: "prompt-hint" }, sub.join(" ")));
  }
  if (ctx.decision && view.restricted) box.append(h("p", { class: "prompt-warn" }, "You are intimidated: only equipment this turn (TM-7.9)."));
  if (ctx.decision && ctx.decision.kind === "extra") box.append(h("p", { class: "prompt-hint" }, "Flurry: you may take one more card."));
  const line = ctx.status === "waiting" ? null : lastMoveLine(ctx, move);
  if (line) box.append(line);
  return box;
}

function resolvingText(ctx) {
  const r = ctx.view.resolving;
  if (!r || !["target", "point"].includes(ctx.decision.kind)) return null;
  const step = currentStep(ctx.view) || {};
  const me = ctx.view.seats[ctx.seat] || {};
  let what = "";
  if (step.op === "damage") what = ` — ${step.amount + (me.weapons || 0)} damage`;
  else if (step.op === "heal") what = ` — heal ${step.amount}`;
  return h("span", { class: "resolving" }, "Resolving ", staticText(cardName(r.card), "log-card"), what, ". ");
}

function pointingTitle(ctx) {
  if (ctx.decision.kind !== "point") return null;
  return h("span", {}, "Search: point at your ", staticText(charName("monster")), " suspect, or at the centre card");
}

function seatsGrid(ctx, move) {
  const view = ctx.view;
  const grid = h("div", { class: ["seats", `seats-${view.seats.length}`] });
  const outcome = ctx.outcome || view.outcome;
  const details = (outcome && outcome.details) || {};
  const died = details.died || [];
  const winners = (outcome && outcome.winners) || [];
  const pointed = (view.pointing && view.pointing.pointed) || [];
  for (const s of view.seats) {
    const tableau = ((view.zones[`tableau:${s.seat}`] || {}).cards || []).filter(Boolean);
    const markers = [];
    if (s.intimidated) markers.push(chip("Intimidated", "mk-intimidated", "Intimidated: may take only equipment on their next turn"));
    if (s.holy_poison) markers.push(chip("Holy Poison", "mk-poison", "Holy Poison: loses 1 life at the start of each of their turns (never below 1)"));
    if (s.weapons) markers.push(chip(`+${s.weapons} damage`, "mk-weapons", `${s.weapons} weapon${s.weapons > 1 ? "s" : ""}: +${s.weapons} to the damage they deal`));
    if (view.start_player === s.seat) markers.push(chip("Start player", "mk-start", "Start player: took the first turn of the game"));
    if (view.step === "point" && pointed.includes(s.seat)) markers.push(chip("Has pointed", "mk-pointed", "Has pointed at a suspect in this Search (kept secret until everyone has)"));
    if (ctx.thinking.includes(s.seat)) markers.push(chip("thinking…", "mk-thinking", "A bot is choosing its move"));
    if (died.includes(s.seat)) markers.push(chip("Died", "mk-died", "Died: this ended the game"));
    if (outcome) {
      markers.push(winners.includes(s.seat) ? chip("Won", "mk-won", "Won: their goal came true")
        : chip("Lost", "mk-lost", "Lost: their goal did not come true"));
    }
    const effects = (move && move.effects.get(s.seat)) || [];
    for (const fx of effects) {
      if (fx.kind === "hit" || fx.kind === "heal") markers.push(chip(fx.text, `mk-delta mk-${fx.kind}`, fx.kind === "hit" ? `Lost ${fx.text.slice(1)} life in the last move` : `Gained ${fx.text.slice(1)} life in the last move`));
    }

    const choice = ctx.decision ? ctx.choice((a) => (a.kind === "target" && a.seat === s.seat) || (a.kind === "point" && a.at === s.seat)) : null;
    const touched = Boolean(move && (move.actor === s.seat || effects.length));
    grid.append(playerPanel({
      seat: s.seat,
      name: ctx.seatName(s.seat).replace(" (you)", ""),
      tag: ctx.seatTag(s.seat),
      current: !outcome && ctx.status !== "waiting" && view.current === s.seat,
      you: ctx.seat === s.seat,
      life: s.life,
      lifeMax: 7,
      dead: died.includes(s.seat),
      character: characterLine(s, ctx),
      markers,
      body: tableauView(tableau, move && move.taken && move.taken.seat === s.seat ? move.taken.card : null),
      choice,
      choiceText: choice ? describeOption(choice.action, ctx) : null,
      ariaLabel: `${ctx.seatName(s.seat)}, life ${s.life}`,
      cls: [move && move.actor === s.seat ? "last-actor" : null, touched && move.actor !== s.seat ? "last-touched" : null]
        .filter(Boolean).join(" ") || null,
    }));
  }
  return grid;
}

function characterLine(s, ctx) {
  const line = h("div", { class: "pp-character", "data-revealed": s.revealed ? "true" : "false" });
  if (s.character && s.revealed) {
    line.append(h("span", { class: "char-label" }, "Revealed:"), " ",
      h("strong", { class: "char-name revealed", title: charTitle(s.character) }, charName(s.character)));
  } else if (s.character && ctx.seat === s.seat) {
    line.append(h("span", { class: "char-label" }, "You are"), " ",
      h("strong", { class: "char-name secret", title: charTitle(s.character) }, charName(s.character)),
      " ", h("span", { class: "muted" }, "(secret)"));
  } else {
    line.append(h("span", { class: "char-label" }, "Character:"), " ",
      h("span", { class: "char-hidden", title: "Nobody else knows it until it is revealed (by passing, or at the end)" }, "hidden"));
  }
  return line;
}

function tableauView(cards, justTaken = null) {
  const isEquipment = (c) => CARDS.has(c.card) && CARDS.get(c.card).kind === "equipment";
  const equipment = cards.filter(isEquipment);
  const actions = cards.filter((c) => !isEquipment(c));
  const group = (list, cls) => {
    const counts = new Map();
    for (const c of list) counts.set(c.card, (counts.get(c.card) || 0) + 1);
    return [...counts].map(([id, n]) => h("span", { class: ["chip", "card-chip", cls, id === justTaken ? "just-taken" : null], title: cardTitle(id) },
      staticText(cardName(id)), n > 1 ? ` ×${n}` : ""));
  };
  return h("div", { class: "tableau", "aria-label": "Tableau" },
    h("span", { class: "tb-label" }, "Equipment"),
    h("div", { class: "tb-chips" }, equipment.length ? group(equipment, "eq") : h("span", { class: "muted" }, "none")),
    h("span", { class: "tb-label" }, "Actions"),
    h("div", { class: "tb-chips" }, actions.length ? group(actions, "act") : h("span", { class: "muted" }, "none")));
}

function market(ctx, move) {
  const view = ctx.view;
  const tiles = (zoneName, prefix) => ((view.zones[zoneName] || {}).cards || []).map((c, i) => {
    const slot = `${prefix}${i + 1}`;
    if (!c) return cardTile({ slot, empty: true, emptyText: "empty (pile used up)" });
    const card = CARDS.get(c.card) || { name: c.card, kind: prefix === "A" ? "action" : "equipment", short: "", forbidden: [] };
    const choice = ctx.decision ? ctx.choice((a) => a.kind === "take" && a.slot === slot) : null;
    const isNew = Boolean(move && move.fresh.has(slot));
    return cardTile({
      slot, cardId: c.card, name: cardName(c.card), kind: card.kind, text: card.short, detail: barredText(c.card),
      choice, title: cardTitle(c.card), badge: isNew ? "· new" : null, cls: isNew ? "fresh" : null,
    });
  });
  const apile = (view.zones.action_pile || {}).count;
  const epile = (view.zones.equipment_pile || {}).count;
  const centre = view.zones.centre || {};
  const centreCard = centre.cards && centre.cards[0];
  return h("div", { class: "market" },
    cardRow({ title: "Action row", tiles: tiles("action_row", "A"), note: `pile ${apile ?? "?"}`, cls: "row-actions" }),
    cardRow({ title: "Equipment row", tiles: tiles("equipment_row", "E"), note: `pile ${epile ?? "?"}`, cls: "row-equipment" }),
    h("section", { class: "card-row row-centre", "aria-label": "Centre card" },
      h("h3", { class: "row-title" }, "Centre"),
      h("div", { class: "row-cards" },
        centreCard
          ? h("div", { class: "card-tile kind-character", "data-slot": "centre", title: charTitle(centreCard) },
            h("span", { class: "ct-name" }, charName(centreCard)), " ", h("span", { class: "ct-text" }, "the leftover character"))
          : cardTile({ slot: null, faceDown: true, name: "Face down", text: "the leftover character", cls: "centre", choice: null,
            title: "The leftover character. If it is the Monster, no player is the Monster: the Back world." }))),
    h("p", { class: "piles sr-only" }, `Action pile ${apile} cards, equipment pile ${epile} cards.`));
}

function decisionButtons(ctx) {
  if (!ctx.decision) return null;
  const items = [];
  for (const c of ctx.choices) {
    const a = c.action;
    if (a.kind === "pass") items.push({ choice: c, text: "Pass", hint: describeOption(a, ctx).replace(/^Pass: /, ""), cls: "btn-pass" });
    else if (a.kind === "decline") items.push({ choice: c, text: "Decline", hint: "no extra card; end the turn", cls: "btn-decline" });
    else if (a.kind === "point" && a.at === "centre") items.push({ choice: c, text: "Centre card", hint: `no player is the ${charName("monster")}`, cls: "btn-centre" });
    else if (!["take", "target", "point"].includes(a.kind)) items.push({ choice: c, text: describeOption(a, ctx) });
  }
  if (!items.length) return null;
  return h("div", { class: "decision-bar" }, choiceButtons(items, { title: "Or:" }));
}

function youCard(ctx) {
  const view = ctx.view;
  const me = view.you.character;
  const ch = CHARACTERS.get(me) || {};
  const seat = view.seats[ctx.seat] || {};
  const barred = [...CARDS.values()].filter((c) => c.forbidden.includes(me)).map((c) => c.label);
  // The goals per world when the card set words them; otherwise the character's own text states them.
  const goals = ch.goal_front_text || ch.goal_back_text
    ? h("dl", { class: "goals" },
      h("dt", {}, "Front world"), h("dd", {}, staticText(ch.goal_front_text || "")),
      h("dt", {}, "Back world"), h("dd", {}, staticText(ch.goal_back_text || "")))
    : h("p", { class: "goals" }, staticText(ch.text || ""));
  return h("section", { class: "you-card", "aria-label": "Your character" },
    h("h2", { class: "box-title" }, "Your character"),
    h("p", { class: "you-name" }, h("strong", {}, charName(me)),
      h("span", { class: "muted" }, seat.revealed ? " · revealed to everyone" : " · secret")),
    goals,
    ch.wrath ? h("p", { class: "you-extra" }, staticText("Wrath: whoever finishes you dies too.")) : null,
    h("p", { class: "you-barred" }, h("span", { class: "muted" }, "Never take: "), staticText(barred.join(", ") || "nothing")));
}

function spectatorNote(ctx) {
  return h("section", { class: "you-card spectator", "aria-label": "Watching" },
    h("h2", { class: "box-title" }, "Watching"),
    h("p", {}, "You see what every player sees: characters stay hidden until revealed."));
}

/** "seat 2 (the Fool)", "seat 0 (you, the Knight)". */
function seatAs(ctx, seat, chars) {
  const ch = chars[seat] ? `the ${charName(chars[seat])}` : "";
  if (seat === ctx.seat) return `seat ${seat} (you${ch ? `, ${ch}` : ""})`;
  return ch ? `seat ${seat} (${ch})` : `seat ${seat}`;
}

const cap = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** The goal text of `char` in `world`, from the card data (per world when worded, else the card's text). */
function goalText(char, world) {
  const ch = CHARACTERS.get(char) || {};
  const worded = world === "front" ? ch.goal_front_text : ch.goal_back_text;
  return worded || ch.text || "";
}

/**
 * The end screen in plain words: what ended the game, which world line it was and why, then every seat's
 * result with the goal that decided it. It does not repeat the log's last lines.
 */
function outcomeBox(ctx) {
  const outcome = ctx.outcome || ctx.view.outcome;
  const d = outcome.details || {};
  const winners = outcome.winners || [];
  const chars = d.characters || [];
  const died = d.died || [];
  const world = d.world;
  let headline = "Game over";
  if (ctx.seat !== null && ctx.seat !== undefined) headline += winners.includes(ctx.seat) ? ": you won!" : ": you lost.";

  const story = [];
  if (died.length) {
    const victim = died[0];
    const finisher = d.finisher;
    story.push(finisher === victim || finisher === null || finisher === undefined
      ? `${cap(seatAs(ctx, victim, chars))} died by their own hand, and that ended the game.`
      : `${cap(seatAs(ctx, victim, chars))} died, finished by ${seatAs(ctx, finisher, chars)}, and that ended the game.`);
    if (died.length > 1) {
      story.push(`Whoever kills the Saint dies too (the Saint's wrath), so ${seatAs(ctx, died[1], chars)} died as well.`);
    }
  } else {
    story.push(`Nobody died before the turn limit (${d.turns || "?"} turns), so the game stopped without a winner.`);
  }
  const monster = chars.indexOf("monster");
  if (world === "front") {
    story.push(`It was the Front world: ${seatAs(ctx, monster, chars)} held the ${charName("monster")}. `
      + `The centre card was the ${charName(d.centre)}.`);
  } else if (world === "back") {
    story.push(`It was the Back world: the ${charName("monster")} was the face-down centre card, so no player was the ${charName("monster")}.`);
  }

  const worldName = world === "front" ? "Front world" : world === "back" ? "Back world" : "world";
  const seats = h("ul", { class: "outcome-seats" });
  chars.forEach((char, seat) => {
    const won = winners.includes(seat);
    const whose = seat === ctx.seat ? "your" : "their";
    const goal = goalText(char, world);
    seats.append(h("li", { class: ["outcome-seat", won ? "won" : "lost"], "data-seat": seat },
      h("strong", {}, ctx.seatName(seat)), ` · ${charName(char)} · `,
      h("span", { class: won ? "result-won" : "result-lost" }, won ? "won" : "lost"),
      died.length ? `: ${whose} goal in the ${worldName} was “${goal.replace(/\.$/, "")}”, and it ${won ? "came true" : "did not come true"}.`
        : ": nobody won this game."));
  });

  const who = winners.length ? winners.map((w) => `${ctx.seatName(w)} as the ${charName(chars[w])}`).join(", ") : "nobody";
  return h("section", { class: "outcome", "data-testid": "outcome", "aria-labelledby": "outcome-title", tabindex: "-1" },
    h("div", { class: "outcome-head" },
      h("h2", { class: "outcome-title", id: "outcome-title" }, headline),
      h("a", { href: "/", class: "btn small" }, "Back to the lobby")),
    story.map((text) => h("p", { class: "outcome-line" }, text)),
    h("p", { class: "outcome-line outcome-winners" }, h("strong", {}, "Winners: "), who),
    seats,
    d.turns ? h("p", { class: "outcome-line muted" }, `${d.turns} turns played.`) : null);
}

/** The board's legend for the "How to play" panel (the game's own rules text comes from the server). */
function helpSections() {
  return [{
    heading: "On the board",
    paragraphs: ["Each seat's panel shows its life (a number and hearts), its character (hidden until revealed), "
      + "its markers and the cards it took. Hover over a card, character or marker (or tap it on a touch screen) for its full text."],
    items: [
      { term: "▶ turn", text: "Whose turn it is (the panel also has a yellow frame)." },
      { term: "Intimidated", text: "May take only equipment on their next turn." },
      { term: "Holy Poison", text: "Loses 1 life at the start of each of their turns, never below 1." },
      { term: "+N damage", text: "Weapons held: every damage they deal is N higher." },
      { term: "Start player", text: "Took the first turn." },
      { term: "Has pointed", text: "Has made their secret pick in the current Search." },
      { term: "−N / +N", text: "Life lost or gained in the last move (that move's panels are outlined)." },
      { term: "new", text: "A card slot refilled in the last move." },
    ],
  }];
}

function statusItems(ctx) {
  const view = ctx.view;
  if (!view) return [];
  const items = [{ key: "turn", label: "Turn", value: `${view.turn}`, cls: "si-turnno" }];
  if (!(ctx.outcome || view.outcome) && ctx.status !== "waiting") {
    const cur = view.current;
    // A decision outside your own turn (pointing in another player's Search) is still yours to make.
    const value = cur === ctx.seat ? "Your turn"
      : ctx.decision ? (ctx.decision.kind === "point" ? "Your decision: point at a suspect" : "Your decision")
        : `${ctx.seatName(cur)}'s turn`;
    items.push({ key: "whose", value, cls: ctx.decision || cur === ctx.seat ? "si-mine" : "si-turn" });
  }
  return items;
}

// ------------------------------------------------------------------------------------------------
// Log lines in plain words
// ------------------------------------------------------------------------------------------------
function describeEvent(e, ctx) {
  const S = (s) => ctx.seatName(s);
  const s = (s) => ctx.seatRef(s);
  const card = (id) => staticText(cardName(id), "log-card");
  const at = (t) => (t === "centre" ? "the centre card" : s(t));
  switch (e.kind) {
    case "game_started":
      return `Game started with ${e.players} players; ${s(e.start_player)} goes first.`;
    case "character_dealt":
      return e.character ? `You (seat ${e.player}) secretly drew the ${charName(e.character)}.` : `${S(e.player)} drew a secret character.`;
    case "turn_started":
      return `Turn ${e.turn} · ${S(e.player)}`;
    case "card_taken":
      return h("span", {}, `${S(e.player)} took `, card(e.card), ` from ${e.slot}${e.extra ? " as an extra card" : ""}.`);
    case "slot_refilled":
      return h("span", {}, `${e.slot} refilled with `, card(e.card), ".");
    case "slot_left_empty":
      return `${e.slot} stays empty: its pile is used up.`;
    case "action_pile_rebuilt":
      return `The action pile ran out: ${e.count} used action cards were shuffled into a new pile.`;
    case "damaged":
      return `${S(e.dealer)} dealt ${e.amount} damage to ${s(e.target)} (life ${e.life}).`;
    case "self_damaged":
      return `${S(e.player)} took ${e.amount} self-damage (life ${e.life}).`;
    case "healed":
      return `${S(e.player)} healed ${e.player === e.target ? "themselves" : s(e.target)} by ${e.amount} (life ${e.life}).`;
    case "intimidated":
      return `${S(e.player)} intimidated ${s(e.target)}: only equipment on their next turn.`;
    case "poisoned":
      return `Holy Poison: ${s(e.player)} lost ${e.amount} life (life ${e.life}).`;
    case "pointed":
      return "at" in e ? `You pointed at ${at(e.at)} (secret until everyone has pointed).` : `${S(e.player)} has pointed.`;
    case "pointing_revealed": {
      const pairs = Object.entries(e.choices || {}).map(([p, t]) => `${s(Number(p))} → ${at(t)}`);
      return `Search, suspects: ${pairs.join("; ")}.`;
    }
    case "passed":
      return `${S(e.player)} passed and is revealed as the ${charName(e.character)}; life set to ${e.life ?? 1}.`;
    case "extra_action_declined":
      return `${S(e.player)} declined the extra card.`;
    case "died":
      return `${S(e.player)} (${charName(e.character)}) died, ${e.finisher === e.player ? "by their own hand" : `finished by ${s(e.finisher)}`}.`;
    case "wrath":
      return h("span", {}, staticText("Saint's wrath"), `: ${s(e.player)} (${charName(e.character)}) dies too.`);
    case "characters_revealed": {
      const pairs = Object.entries(e.characters || {}).map(([p, c]) => `${s(Number(p))} ${charName(c)}`);
      return `Characters: ${pairs.join(", ")}; centre card: ${charName(e.centre)}.`;
    }
    case "game_over": {
      const w = (e.winners || []).map((x) => s(x));
      return `Game over (${e.world === "front" ? "Front" : "Back"} world). Winners: ${w.length ? w.join(", ") : "nobody"}.`;
    }
    default:
      return `${e.kind}: ${JSON.stringify(e)}`;
  }
}

function eventClass(e) {
  return {
    turn_started: "ev-turn",
    damaged: "ev-damage",
    self_damaged: "ev-damage",
    poisoned: "ev-poison",
    healed: "ev-heal",
    intimidated: "ev-intimidate",
    passed: "ev-pass",
    pointing_revealed: "ev-point",
    pointed: "ev-point dim",
    died: "ev-death",
    wrath: "ev-death",
    characters_revealed: "ev-end",
    game_over: "ev-end",
    slot_refilled: "dim",
    slot_left_empty: "dim",
    action_pile_rebuilt: "dim",
    character_dealt: "dim",
    game_started: "dim",
  }[e.kind] || "";
}

export default {
  game: "two-mists",
  title: "Two Mists",
  init,
  render,
  describeEvent,
  describeOption,
  eventClass,
  statusItems,
  helpSections,
};
