// Hints for learners (docs/web.md, "Hints"): a "Hint" button in the decision area asks the server for the
// strong bot's suggestion for this seat's decision (computed from this seat's view only, in the server's
// bot pool); the answer highlights the suggested option and shows a one-line reason (estimated win
// chances). Self-contained: table.js only forwards `hint` frames and hint refusals, and calls `draw` after
// the renderer has drawn the board. The table's host may turn hints off: then there is no button.
import { h } from "./components.js";

const HINT_ERRORS = new Set(["hints_off", "hint_busy", "hint_failed"]);

export const HINT_REASONS = {
  hints_off: "The table's host turned hints off.",
  hint_busy: "Your hint is being worked out; it arrives in a moment.",
  hint_failed: "The hint could not be worked out; try again.",
};

export function createHint({ send }) {
  let current = { seq: null, asking: false, answer: null };

  function forSeq(seq) {
    if (current.seq !== seq) current = { seq, asking: false, answer: null };
    return current;
  }

  return {
    /** A `hint` frame: keep it if it answers the decision on the board. */
    onFrame(msg) {
      const c = forSeq(current.seq);
      if (msg.seq === c.seq) {
        c.answer = msg;
        c.asking = false;
      }
    },
    /** A refusal: a hint refusal ends the wait (the message strip says why). */
    onError(msg) {
      if (HINT_ERRORS.has(msg.reason) || msg.reason === "stale") current.asking = false;
    },
    /** Add the Hint button (and the answer, highlighted) to the decision area just drawn. */
    draw(board, ctx) {
      if (!ctx.decision || ctx.seat === null || (ctx.table && ctx.table.hints === false)) return;
      const c = forSeq(ctx.seq);
      const button = h("button", {
        type: "button", class: "btn small hint-button", "data-testid": "hint-button", disabled: c.asking || ctx.pending,
        title: "Ask for a suggestion (the strong bot, from what you can see)",
        on: { click: () => {
          c.asking = true;
          button.disabled = true;
          button.textContent = "Thinking…";
          send({ type: "hint", seq: ctx.seq });
        } },
      }, c.asking ? "Thinking…" : "Hint");
      const reason = c.answer ? h("span", { class: "hint-reason", role: "status", "data-testid": "hint-reason" },
        c.answer.reason) : null;
      const bar = h("div", { class: "hint-bar", "data-testid": "hint" }, button, reason);
      const decisionBar = board.querySelector(".decision-bar");
      // After the options, so Tab walks every option in number order before it reaches the Hint button.
      if (decisionBar && decisionBar.parentNode) decisionBar.after(bar);
      else board.append(bar);
      if (c.answer) {
        const el = board.querySelector(`[data-option="${c.answer.option + 1}"]`);
        if (el) el.classList.add("hinted");
      }
    },
  };
}
