// The curtain: in a game of two people on one screen where cards are hidden, "Pass the device" covers the table
// between the seats' turns, until the next seat says only they can see the screen. While it is up neither seat's
// hidden cards are anywhere in the page (issue 35): the table shows the answer without them (curtained) and
// everything behind the curtain is inert (no tab stop, nothing to click).

import { el } from "./common.js";
import { forgetTurn } from "./story.js";

// The answer to show now: ``answer`` itself, or while the curtain is up the answer without what a seat hides;
// ``lift`` shows the whole answer once the seat says only they see the screen.
export function showCurtain(table, answer, lift) {
  const { curtain, step, tryText } = table.parts;
  const seat = answer.seat || answer.human;
  const people = answer.mode === "people" && answer.hidden && !answer.outcome;
  if (people && !curtain.hidden && seat === table.shownSeat) return hide(table, answer);  // up until the seat says
  const needed = people && table.shownSeat !== null && seat !== table.shownSeat;
  table.shownSeat = seat;
  behind(table, needed);
  if (!needed) { curtain.hidden = true; return answer; }
  tryText.value = "";  // the last seat's action, as JSON, may name its card
  const ready = el("button", { type: "button", class: "tsr-curtain-ready", text: `I am ${seat}: show my side` });
  curtain.replaceChildren(el("div", { class: "tsr-curtain-card" },
    el("p", { class: "tsr-curtain-headline", text: `Pass the device to ${seat}` }),
    el("p", { text: `The other side's cards are hidden. ${seat}, tap when only you can see the screen.` }), ready));
  curtain.hidden = false;
  ready.focus();
  ready.addEventListener("click", () => { curtain.hidden = true; lift(); step.focus(); }, { once: true });
  return hide(table, answer);
}

// The curtained answer, and nothing of the turn before it kept (story.js).
function hide(table, answer) {
  const shown = curtained(answer);
  forgetTurn(table, shown);
  return shown;
}

// Everything of the table but the curtain, inert while it is up.
function behind(table, inert) {
  for (const part of table.snapshot.children) if (part !== table.parts.curtain) part.inert = inert;
}

// The answer with nothing a seat hides: no actions (they name its cards), no cards, no log or last words (they
// tell the seat its own draws), no message, and every board layer drawn empty (Phlog's board draws the hand,
// Dice Tactics' panel names it).
export function curtained(answer) {
  const empty = (data) => Object.fromEntries(Object.keys(data).map((column) => [column, []]));
  const layers = answer.layers &&
    Object.fromEntries(Object.entries(answer.layers).map(([name, data]) => [name, empty(data || {})]));
  return { ...answer, actions: [], step: null, log: [], last: [], cards: {}, message: null, can_undo: false, layers };
}
