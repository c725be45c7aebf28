// Set up the table: the board becomes an editor (the engine's "setup" command, explorer/core/session/setting.py).
// Tap a piece, then a spot to move it, or drag it there (drag.js); Remove, Turn (lie down, a die's face), Add a kind
// (then tap the table), terrain (added, moved, made wider or deeper, turned) or squares, whose turn, cards between
// piles; Done plays from there, Cancel brings the game back. Every edit is checked by the engine and refused in
// words; Save and Copy link keep the set-up as any game.

import { el } from "./common.js";
import { wireDrag } from "./drag.js";

// "Turn it" turns a terrain piece an eighth of a turn a press (anticlockwise, as the engine's turn_terrain counts):
// a wall or hedge lies along the table, across it or on either diagonal in at most two presses, and eight bring
// it back; a finer angle would take many presses for the layouts a table needs.
const TURN_DEGREES = 45;

// A piece's field in plain words: the button for each value (a field not named here is said as "field: value").
const FIELD_WORDS = { prone: { true: "Lie down", false: "Stand up" },
                      status: { ok: "Unhurt", stunned: "Stunned", dazed: "Dazed" } };

function select(label, cls) {
  const box = el("select", { class: cls, "aria-label": label });
  return box;
}

function fill(box, values, words = (v) => String(v).replace(/_/g, " ")) {
  const kept = box.value;
  box.replaceChildren(...values.map((v) => el("option", { value: String(v), text: words(v) })));
  if (values.map(String).includes(kept)) box.value = kept;
}

function button(text, cls) {
  return el("button", { type: "button", class: `tsr-setup-button ${cls}`, text });
}

function inches(cls) {  // a terrain piece's size, in inches (a tenth of an inch is as fine as a teacher needs)
  return el("input", { type: "number", class: cls, min: "0.1", step: "0.1", inputmode: "decimal" });
}

export function setupParts() {
  const open = button("Set up the table", "tsr-setup-open");
  const said = el("p", { class: "tsr-setup-said", "aria-live": "polite" });
  const picked = el("p", { class: "tsr-setup-picked" });
  const remove = button("Remove", "tsr-setup-remove");
  const fields = el("span", { class: "tsr-setup-fields" });
  const kind = select("Kind to add", "tsr-setup-kind");
  const side = select("Side of the piece to add", "tsr-setup-side");
  const add = button("Add", "tsr-setup-add");
  const stop = button("Stop placing", "tsr-setup-stop");
  const terrainKind = select("Terrain", "tsr-setup-terrain-kind");
  const addTerrain = button("Add terrain", "tsr-setup-add-terrain");
  const terrainName = select("Terrain on the table", "tsr-setup-terrain-name");
  const moveTerrain = button("Move it", "tsr-setup-move-terrain");
  const removeTerrain = button("Remove it", "tsr-setup-remove-terrain");
  const width = inches("tsr-setup-width"), depth = inches("tsr-setup-depth");
  const resize = button("Set its size", "tsr-setup-resize");
  const turnTerrain = button(`Turn it ${TURN_DEGREES}°`, "tsr-setup-turn-terrain");
  const squareKind = select("Square", "tsr-setup-square-kind");
  const paint = button("Change squares", "tsr-setup-paint");
  const turnSide = select("Whose turn", "tsr-setup-turn-side");
  const phase = select("Part of the turn", "tsr-setup-phase");
  const setTurn = button("Set whose turn", "tsr-setup-turn");
  const card = select("Card", "tsr-setup-card");
  const fromPile = select("From", "tsr-setup-from");
  const toPile = select("To", "tsr-setup-to");
  const moveCard = button("Move card", "tsr-setup-move-card");
  const done = button("Done: play from here", "tsr-setup-done");
  const cancel = button("Cancel", "tsr-setup-cancel");
  const save = button("Save", "tsr-setup-save");
  const copy = button("Copy link", "tsr-setup-link");
  const row = (cls, ...children) => el("div", { class: `tsr-setup-row ${cls}` }, ...children);
  const terrainRow = row("tsr-setup-terrain", el("label", {}, "Terrain ", terrainKind), addTerrain,
                         el("label", {}, "On the table ", terrainName), moveTerrain, removeTerrain);
  const shapeRow = row("tsr-setup-shape", el("label", {}, "Width (inches) ", width),
                       el("label", {}, "Depth (inches) ", depth), resize, turnTerrain);
  const squareRow = row("tsr-setup-squares", el("label", {}, "Square ", squareKind), paint);
  const phaseLabel = el("label", {}, "Part ", phase);
  const cardRow = row("tsr-setup-cards", el("label", {}, "From ", fromPile), el("label", {}, "Card ", card),
                      el("label", {}, "To ", toPile), moveCard);
  const box = el("section", { class: "tsr-setup", "aria-label": "Set up the table", hidden: "" },
    el("h3", { text: "Setting up the table" }), said,
    row("tsr-setup-piece", picked, remove, fields),
    row("tsr-setup-adding", el("label", {}, "Add ", kind), el("label", {}, "for ", side), add, stop),
    terrainRow, shapeRow, squareRow,
    row("tsr-setup-turning", el("label", {}, "Turn ", turnSide), phaseLabel, setTurn),
    cardRow,
    row("tsr-setup-end", done, cancel, save, copy));
  return { open, box, said, picked, remove, fields, kind, side, add, stop, terrainKind, addTerrain, terrainName,
           moveTerrain, removeTerrain, width, depth, resize, turnTerrain, shapeRow, squareKind, paint, turnSide, phase,
           phaseLabel, setTurn, card, fromPile, toPile, moveCard, done, cancel, save, copy, terrainRow, squareRow,
           cardRow };
}

export function wireSetup(table) {
  const parts = table.setupParts = setupParts();
  const { open, box } = parts;
  table.parts.newGame.after(" ", open);
  table.parts.side.prepend(box);
  const edit = (control, ...args) => {
    if (!table.busy) table.pressed(control, () => table.run("setup", args));
  };
  open.addEventListener("click", () => edit(open, "begin"));
  parts.remove.addEventListener("click", () => edit(parts.remove, "remove"));
  parts.add.addEventListener("click", () => edit(parts.add, "mode", "add", parts.kind.value, parts.side.value));
  parts.stop.addEventListener("click", () => edit(parts.stop, "mode", "none"));
  parts.addTerrain.addEventListener("click", () => edit(parts.addTerrain, "mode", "terrain", parts.terrainKind.value));
  parts.moveTerrain.addEventListener("click", () => edit(parts.moveTerrain, "mode", "move_terrain", parts.terrainName.value));
  parts.removeTerrain.addEventListener("click", () => edit(parts.removeTerrain, "remove_terrain", parts.terrainName.value));
  const size = (input) => input.value === "" ? "" : Number(input.value);  // empty: refused in words by the engine
  parts.resize.addEventListener("click", () => edit(parts.resize, "reshape_terrain", parts.terrainName.value,
                                                    size(parts.width), size(parts.depth)));
  parts.turnTerrain.addEventListener("click", () => edit(parts.turnTerrain, "turn_terrain", parts.terrainName.value,
                                                         TURN_DEGREES));
  parts.terrainName.addEventListener("change", () => showSize(table, true));
  parts.paint.addEventListener("click", () => edit(parts.paint, "mode", "square", parts.squareKind.value));
  parts.setTurn.addEventListener("click", () => edit(parts.setTurn, "turn", parts.turnSide.value,
                                                     ...(parts.phase.value ? [parts.phase.value] : [])));
  parts.fromPile.addEventListener("change", () => showCards(table));
  parts.moveCard.addEventListener("click", () => edit(parts.moveCard, "card", parts.card.value, parts.fromPile.value,
                                                      parts.toPile.value));
  parts.done.addEventListener("click", () => edit(parts.done, "done"));
  parts.cancel.addEventListener("click", () => edit(parts.cancel, "cancel"));
  parts.save.addEventListener("click", () => table.parts.save.click());
  parts.copy.addEventListener("click", () => table.parts.copyLink.click());
  // While setting up, a tap on the board goes to the editor (taps.js asks first).
  table.setupTap = (x, y, reach) => {
    if (!table.current.setup) return false;
    table.run("setup", ["tap", x, y, reach]).then(() => table.keepInView());
    return true;
  };
  wireDrag(table);  // or a piece dragged to its spot
}

// The width and depth of the terrain piece chosen in the list, as the engine measures it (a wall's along it and
// across it, a hill's along the table); a box being typed in is left alone unless another piece is chosen.
function showSize(table, chosen = false) {
  const parts = table.setupParts, setup = table.current.setup;
  const measured = setup && setup.terrain_sizes && setup.terrain_sizes[parts.terrainName.value];
  for (const [input, value] of [[parts.width, measured && measured[0]], [parts.depth, measured && measured[1]]]) {
    if (chosen || !input.matches(":focus")) input.value = value == null ? "" : String(value);
  }
}

function showCards(table) {
  const parts = table.setupParts, setup = table.current.setup;
  if (!setup) return;
  fill(parts.card, setup.piles[parts.fromPile.value] || [], String);
}

// Called with every answer (panel.js show): the editor shown while the answer carries a set-up, else hidden.
export function showSetup(table, answer) {
  const parts = table.setupParts;
  if (!parts) return;
  const setup = answer.setup;
  table.snapshot.classList.toggle("tsr-setting-up", Boolean(setup));
  parts.box.hidden = !setup || Boolean(answer.making);  // making a challenge of it: its own panel (make.js)
  parts.open.hidden = Boolean(setup) || Boolean(answer.challenge) || Boolean(answer.making);
  if (!setup) return;
  const message = answer.message;
  parts.said.textContent = message ? message.text : "";
  parts.said.className = "tsr-setup-said" + (message && message.kind !== "note" ? " tsr-live-error" : "");
  const picked = setup.picked;
  parts.picked.textContent = picked ? `Picked: ${picked.id} (${picked.kind}). Tap a spot to move it.`
    : setup.mode[0] === "none" ? "Tap a piece to pick it, or drag it to a spot." : "";
  parts.remove.hidden = !picked;
  parts.fields.replaceChildren(...(picked ? Object.entries(setup.fields).flatMap(([name, values]) =>
    values.filter((v) => v !== picked[name]).map((value) => {
      const words = (FIELD_WORDS[name] && FIELD_WORDS[name][String(value)]) || `${name.replace(/_/g, " ")} ${value}`;
      const b = button(words, "tsr-setup-field");
      b.addEventListener("click", () => { if (!table.busy) table.pressed(b, () => table.run("setup", ["set", name, value])); });
      return b;
    })) : []));
  fill(parts.kind, setup.kinds, String);
  fill(parts.side, setup.sides, String);
  fill(parts.turnSide, setup.sides, String);
  if (!parts.turnSide.matches(":focus")) parts.turnSide.value = setup.side;
  fill(parts.phase, ["", ...setup.phases], (v) => v ? v.replace(/_/g, " ") : "as it is");
  parts.phaseLabel.hidden = !setup.phases.length;
  parts.stop.hidden = setup.mode[0] === "none";
  parts.terrainRow.hidden = !setup.tabletop;
  parts.squareRow.hidden = setup.tabletop;
  fill(parts.terrainKind, setup.terrain_kinds);
  fill(parts.terrainName, setup.terrain, String);
  parts.moveTerrain.disabled = parts.removeTerrain.disabled = !setup.terrain.length;
  parts.shapeRow.hidden = !setup.tabletop || !setup.terrain.length;
  showSize(table);
  fill(parts.squareKind, [...setup.terrain_kinds, "open"]);
  const piles = Object.keys(setup.piles);
  parts.cardRow.hidden = !piles.length;
  fill(parts.fromPile, piles, String);
  const toKept = parts.toPile.options.length > 0;
  fill(parts.toPile, piles, String);
  if (!toKept && piles.length > 2) parts.toPile.value = piles[2];  // at first, another pile than From's (its side's next)
  showCards(table);
}
