// History and replay: each log entry's "See" (the board after it) and, while live, "Undo back to here"; and the
// bar for stepping through the game (◀ ▶, then the end or back to the game): a finished game replays.

import { el } from "./common.js";

// The buttons after a log entry's words (none before the engine says how many moves the game has).
export function entryButtons(table, answer, entry, i) {
  const index = entry.index != null ? entry.index : null;
  if (index == null || answer.moves == null) return [];
  const { pressed, run } = table;
  const see = el("button", { type: "button", class: "tsr-log-see", text: "See", "aria-label": `See the board after: ${entry.text}` });
  see.addEventListener("click", () => pressed(see, () => run("at", [index])));
  const buttons = [" ", see];
  if (!answer.outcome && answer.viewing == null && entry.who === "You" && i > 0) {
    const back = el("button", { type: "button", class: "tsr-log-rewind", text: "Undo back to here" });
    back.addEventListener("click", () => pressed(back, () => run("rewind", [index])));
    buttons.push(" ", back);
  }
  return buttons;
}

// Stepping through the history (a finished game replays; a live one comes back to now).
export function showViewing(table, answer) {
  const { viewing, logBox } = table.parts;
  const { pressed, run } = table;
  viewing.hidden = answer.viewing == null;
  if (answer.viewing != null) {
    const at = answer.viewing;
    const back = el("button", { type: "button", class: "tsr-view-back", text: "◀", "aria-label": "One move back" });
    const fore = el("button", { type: "button", class: "tsr-view-next", text: "▶", "aria-label": "One move on" });
    const now = el("button", { type: "button", class: "tsr-view-now", text: answer.outcome ? "The end" : "Back to the game" });
    back.disabled = at <= 0;
    fore.disabled = at >= answer.moves;
    back.addEventListener("click", () => pressed(back, () => run("at", [at - 1])));
    fore.addEventListener("click", () => pressed(fore, () => run("at", [at + 1])));
    now.addEventListener("click", () => pressed(now, () => run("answer", [])));
    viewing.replaceChildren(el("span", { text: `Seeing the board after move ${at} of ${answer.moves} ` }), back, fore, now);
    logBox.open = true;
  }
  table.snapshot.classList.toggle("tsr-viewing", answer.viewing != null);
}
