// The curtain: in a game of two people on one screen where cards are hidden, "Pass the device" covers the table
// between the seats' turns, until the next seat says only they can see the screen.

import { el } from "./common.js";

// Shown when the seat to decide changed and the game hides cards; `then` draws the board once the seat may see it.
export function showCurtain(table, answer, then) {
  const { curtain, step } = table.parts;
  const seat = answer.seat || answer.human;
  const needed = answer.mode === "people" && answer.hidden && table.shownSeat !== null && seat !== table.shownSeat
    && !answer.outcome;
  table.shownSeat = seat;
  if (!needed) { curtain.hidden = true; then(); return; }
  const ready = el("button", { type: "button", class: "tsr-curtain-ready", text: `I am ${seat}: show my side` });
  curtain.replaceChildren(el("div", { class: "tsr-curtain-card" },
    el("p", { class: "tsr-curtain-headline", text: `Pass the device to ${seat}` }),
    el("p", { text: `The other side's cards are hidden. ${seat}, tap when only you can see the screen.` }), ready));
  curtain.hidden = false;
  ready.focus();
  ready.addEventListener("click", () => { curtain.hidden = true; then(); step.focus(); }, { once: true });
}
