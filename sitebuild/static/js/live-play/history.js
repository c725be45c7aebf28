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

// Replay that reads like a story (issue 35 item 8): a bar of controls made once (so the focus stays on the one
// pressed), in the panel's bar, in view at every size: ◀, play/pause, ▶, a speed, and the end or back to the game.
// While playing, the next move is asked for after the speed's pause; any other command stops it.
export const SPEEDS = { slow: 2000, normal: 1100, fast: 500 };  // ms per move
export function replayParts() {
  const where = el("span", { class: "tsr-view-where" });
  const back = el("button", { type: "button", class: "tsr-view-back", text: "◀", "aria-label": "One move back" });
  const toggle = el("button", { type: "button", class: "tsr-view-play", text: "▶ Play", "aria-pressed": "false" });
  const fore = el("button", { type: "button", class: "tsr-view-next", text: "▶|", "aria-label": "One move on" });
  const speed = el("select", { class: "tsr-view-speed", "aria-label": "Replay speed" },
    ...Object.keys(SPEEDS).map((name) => el("option", { value: name, text: name[0].toUpperCase() + name.slice(1) })));
  speed.value = "normal";
  const now = el("button", { type: "button", class: "tsr-view-now" });
  const viewing = el("div", { class: "tsr-live-viewing", role: "group", "aria-label": "Replay", hidden: "" },
    where, el("span", { class: "tsr-view-buttons" }, back, toggle, fore, speed, now));
  return { viewing, replay: { where, back, toggle, fore, speed, now } };
}

export function wireReplay(table) {
  const { back, toggle, fore, now } = table.parts.replay;
  const at = () => table.current.viewing;
  const go = (control, entry) => { pause(table); table.pressed(control, () => table.run("at", [entry])); };
  back.addEventListener("click", () => go(back, at() - 1));
  fore.addEventListener("click", () => go(fore, at() + 1));
  now.addEventListener("click", () => { pause(table); table.pressed(now, () => table.run("answer", [])); });
  toggle.addEventListener("click", () => {
    if (table.playing) { pause(table); return; }
    table.playing = true;
    if (at() >= table.current.moves) table.pressed(toggle, () => table.run("at", [0]));  // from the start again
    else nextMove(table);
  });
}

function pause(table) {
  table.playing = false;
  clearTimeout(table.replayTimer);
  const { toggle } = table.parts.replay;
  toggle.textContent = "▶ Play";
  toggle.setAttribute("aria-pressed", "false");
}

function nextMove(table) {
  const { toggle, speed } = table.parts.replay;
  // two bars drawn in CSS: "⏸" has no glyph in many fonts (a missing-glyph box in Debian's chromium)
  toggle.replaceChildren(el("span", { class: "tsr-pause-icon", "aria-hidden": "true" }), "Pause");
  toggle.setAttribute("aria-pressed", "true");
  clearTimeout(table.replayTimer);
  table.replayTimer = setTimeout(() => {
    const answer = table.current;
    if (!table.playing || answer.viewing == null || answer.viewing >= answer.moves) { pause(table); return; }
    if (table.busy) { nextMove(table); return; }  // the reader's own request first
    table.run("at", [answer.viewing + 1]);
  }, SPEEDS[speed.value] || SPEEDS.normal);
}

// The bar as the answer says: where the replay is, and playing on while it plays (a finished game replays; a live
// one comes back to now).
export function showViewing(table, answer) {
  const { viewing, replay } = table.parts;
  viewing.hidden = answer.viewing == null;
  table.snapshot.classList.toggle("tsr-viewing", answer.viewing != null);
  if (answer.viewing == null) { pause(table); return; }
  const at = answer.viewing;
  replay.where.textContent = `Seeing the board after move ${at} of ${answer.moves}`;
  replay.back.disabled = at <= 0;
  replay.fore.disabled = at >= answer.moves;
  replay.now.textContent = answer.outcome ? "The end" : "Back to the game";
  if (table.playing && at < answer.moves) nextMove(table);
  else pause(table);
}

// The panel at the move shown, not at the end: that move in words (the log's), its dice, and what it did.
function entryShown(answer) {
  if (answer.viewing == null) return null;
  return answer.log.find((entry) => entry.index === answer.viewing) || null;
}

// Who made the move shown, by the side's name, never "Bot" (widgets/live_words.py turn_line says it so too).
export function replayTurn(answer) {
  const then = entryShown(answer);
  if (!then || then.index === 0) return "Replay: the start";
  return `Replay: ${then.who === "You" ? "your" : `${sideName(then)}'s`} move`;
}

// The move shown as the last-move box says it: the engine's sentence naming the side (``said``, in plain words: as
// the other side's turn is told), or in the expert's words the side and its action; then what else it did.
export function replayLines(answer, simple) {
  const then = entryShown(answer);
  if (!then || then.index === 0) return [{ text: "The start: the armies set up." }];
  const first = simple && then.said ? then.said : `${sideName(then)}: ${simple && then.words ? then.words : then.text}`;
  const did = then.events.map((e) => (simple && e.words) || e.text).filter((text) => text && !first.includes(text));
  return [{ text: first, dice: then.dice || null }, ...did.slice(0, 2).map((text) => ({ text }))];
}

const sideName = (entry) => {
  const side = entry.side || entry.who;
  return side[0].toUpperCase() + side.slice(1);
};
