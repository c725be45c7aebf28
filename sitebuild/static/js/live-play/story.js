// The other side's turn, told so a child can follow it (issue 35 item 4): the bot's (or the friend's) actions played
// out on the board one at a time (a figure slides along its path, a shot draws its line, the dice show with the
// number they needed, a figure falls), each with its one sentence at the top of the panel, and Skip. The sentences
// are the engine's (answer.last: Session.last's plain words, its places, dice, need, fell, quiet); a quiet step (one
// that only moves the game on) says nothing. The board between steps is the engine's own, as it was after each step
// (the "at" command, asked one at a time so a tap never waits behind a queue); the end is the answer's board. Never
// blocks the reader: a tap or a key during the play-out skips to the end first; with prefers-reduced-motion, no
// animation, the sentences at once. The whole turn then stays to read, also after a tap that only chooses a figure,
// until the reader plays (issue 35: the turn's moves, shots and dice are never swapped for its last quiet steps).

import { diceView, el, stats } from "./common.js";
import { boardView, drawLayers, fadeLast } from "./board-view.js";

export const STEP_MS = 800;  // one step: long enough to follow the figure, short enough never to wait for it
const PLAYS = new Set(["play", "tap", "try"]);  // commands after which the other side may have played
const SVG = "http://www.w3.org/2000/svg";
const MARK = "#D55E00";  // the last move's colour (widgets/board.py LAST_COLOUR, Okabe-Ito vermillion)

export function storyParts() {
  const storyLines = el("div", { class: "tsr-story-lines" });
  const skip = el("button", { type: "button", class: "tsr-story-skip", text: "Skip »" });
  const story = el("div", { class: "tsr-story", role: "status", "aria-live": "polite", hidden: "" }, storyLines, skip);
  return { story, storyLines, storySkip: skip };
}

const reduced = () => Boolean(window.matchMedia && matchMedia("(prefers-reduced-motion: reduce)").matches);
const said = (steps) => steps.filter((s) => !s.quiet && s.text);

// One step's sentence, its dice as dice and the number they needed.
function sentence(step) {
  const line = el("p", { class: "tsr-story-line" }, step.text);
  if (step.dice && step.dice.length) {
    line.append(" ", diceView(step.dice));
    const needSaid = step.need != null && step.text.includes(`${step.need}+`);  // said once: in the words, or here
    if (step.need != null && !needSaid) line.append(el("span", { class: "tsr-story-need", text: ` needs ${step.need}+` }));
  }
  return line;
}

// Called by show() for every answer, in place of drawing its board at once (the curtain's `then`).
export function tellTurn(table, answer) {
  const before = table.toldMoves;
  table.toldMoves = answer.moves;
  stats.finalLayers = answer.layers;  // where the board ends (the browser tests compare it after Skip)
  stop(table);
  if (before !== answer.moves || answer.viewing != null) fadeLast(table.doc, false);  // a new last move: drawn full
  const steps = Array.isArray(answer.last) ? answer.last : [];
  const start = answer.moves - steps.length;
  const fresh = PLAYS.has(table.lastRun) && answer.viewing == null && before != null && start >= before && steps.length;
  const { story, last } = table.parts;
  const told = answer.viewing == null ? said(steps) : [];  // a replay says the move shown (the panel's last box)
  if (!fresh || !told.length) {  // nothing new to play out: the turn as it was told stays (a tap only chose)
    story.hidden = !told.length;
    last.hidden = !story.hidden;
    table.parts.storySkip.hidden = true;
    // said once (a live region): a tap that only chose says nothing again
    if (told.length && table.toldTurn !== turnKey(steps, answer)) sayTurn(table, steps, answer);
    drawLayers(table.doc, answer.layers);
    return;
  }
  last.hidden = true;  // the story box says it, step by step
  story.hidden = false;
  table.toldTurn = null;
  table.snapshot.dataset.story = "playing";
  if (reduced() || !boardView(table.doc)) {  // no animation: the sentences at once, the board as it is now
    end(table, answer, steps);
    return;
  }
  play(table, answer, steps, start);
}

// The whole turn, to read again: one sentence a step where something happened (moves, shots, dice, falls); a step
// that only moved the game on (a phase begins, the turn ends: ``quiet``) says nothing.
function sayTurn(table, steps, answer) {
  table.parts.storyLines.replaceChildren(...said(steps).map(sentence));
  table.parts.storySkip.hidden = true;
  table.snapshot.dataset.story = "done";
  table.toldTurn = turnKey(steps, answer);
}
const turnKey = (steps, answer) => JSON.stringify([answer.moves, said(steps).map((step) => step.text)]);

// The play-out: for each step, the board as it was before it, the step drawn over it, then the next.
async function play(table, answer, steps, start) {
  const token = table.storyToken = {};
  const began = performance.now();
  const { storyLines } = table.parts;
  const live = () => table.storyToken === token;
  const boardAt = (entry) => table.send({ kind: "command", name: "at", args: [entry] })
    .then((reply) => reply && reply.layers).catch(() => null);
  table.skipStory = () => { if (live()) end(table, answer, steps); };
  let layers = await boardAt(start);
  for (let i = 0; i < steps.length && live(); i++) {
    const step = steps[i];
    const next = i + 1 < steps.length ? boardAt(start + i + 1) : Promise.resolve(answer.layers);
    if (!step.quiet && step.text) {
      if (layers) drawLayers(table.doc, duringPlay(layers, answer.layers));
      storyLines.replaceChildren(sentence(step));
      keepStoryInView(table);
      const shown = performance.now();
      await drawStep(table, step, live);
      (stats.storySteps = stats.storySteps || []).push(performance.now() - shown);
    }
    layers = await next;
  }
  if (!live()) return;
  stats.story = [...(stats.story || []), { steps: said(steps).length, ms: performance.now() - began }];
  end(table, answer, steps);
}

// The board before a step without the earlier step's arrow (the step drawn over it is the one to follow), and with
// the reader's own marks of the end (what they may tap next), so a tap on one during the play-out plays on at once.
function duringPlay(layers, final) {
  const empty = layers.last && Object.fromEntries(Object.keys(layers.last).map((column) => [column, []]));
  return { ...layers, ...(empty ? { last: empty } : {}), ...(final && final.choices ? { choices: final.choices } : {}) };
}

// The end of a play-out (its last step, Skip, a tap or a key): the board as the answer says, the whole turn said.
function end(table, answer, steps) {
  stop(table);
  drawLayers(table.doc, answer.layers);
  sayTurn(table, steps, answer);
}

// Ends a play-out (the reader tapped, or another answer came): no more steps, nothing drawn over the board.
function stop(table) {
  table.storyToken = null;
  table.skipStory = null;
  table.parts.storySkip.hidden = false;
  if (table.overlay) table.overlay.replaceChildren();
}

// Behind the curtain (curtain.js) nothing of a seat's turn is kept: no play-out, no sentence, and the board's end
// kept for the tests is the curtained answer's (the previous one's would hold the passed seat's hand).
export function forgetTurn(table, answer) {
  stop(table);
  stats.finalLayers = answer.layers;
  table.parts.story.hidden = true;
  table.parts.storyLines.replaceChildren();
  table.toldTurn = null;
}

export function skipStory(table) {
  if (table.skipStory) table.skipStory();
}

// The sentence in view: on a phone, above the bar fixed at the bottom; never by pushing the board's top out of view
// (where both do not fit, as with Dice Tactics' cards in the bar, the board comes first).
function keepStoryInView(table) {
  const { story, bar } = table.parts;
  const box = story.getBoundingClientRect();
  const floor = getComputedStyle(bar).position === "fixed" ? bar.getBoundingClientRect().top : innerHeight;
  const boardTop = table.boardBox.getBoundingClientRect().top;
  if (box.top < 0) table.snapshot.scrollBy(0, box.top);
  else if (box.bottom > floor) table.snapshot.scrollBy(0, Math.max(0, Math.min(box.bottom - floor, boardTop)));
}

// -- drawing one step over the board: an SVG over the board's canvas, in its pixels ------------------
function overlayOf(table) {
  const view = boardView(table.doc);
  if (!view || !view.canvas_view) return null;
  if (!table.overlay || !table.overlay.isConnected) {
    table.overlay = document.createElementNS(SVG, "svg");
    table.overlay.setAttribute("class", "tsr-story-overlay");
    table.overlay.setAttribute("aria-hidden", "true");
    table.boardBox.append(table.overlay);
  }
  const canvas = view.canvas_view.el.getBoundingClientRect();
  const box = table.boardBox.getBoundingClientRect();
  Object.assign(table.overlay.style, { left: `${canvas.left - box.left}px`, top: `${canvas.top - box.top}px`,
                                       width: `${canvas.width}px`, height: `${canvas.height}px` });
  const at = (point) => {  // on the screen; none where the board has no scale yet (an emptied board: NaN)
    const spot = point && [view.frame.x_scale.compute(point[0]), view.frame.y_scale.compute(point[1])];
    return spot && spot.every(Number.isFinite) ? spot : null;
  };
  return { svg: table.overlay, at };
}

function shape(svg, tag, attributes) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  svg.append(node);
  return node;
}

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// A move slides a token from where the figure stood to where it went; a shot draws its line, then the target
// rings, and a fallen figure's mark topples; a step in one place rings it.
async function drawStep(table, step, live) {
  const overlay = overlayOf(table);
  if (!overlay) { await wait(STEP_MS); return; }
  const { svg, at } = overlay;
  svg.replaceChildren();
  const from = at(step.from), to = at(step.to), hit = at(step.at);
  const line = (a, b) => shape(svg, "line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: MARK, "stroke-width": 4,
                                            "stroke-linecap": "round", class: "tsr-story-path" });
  const ring = (p, r) => shape(svg, "circle", { cx: p[0], cy: p[1], r, fill: "none", stroke: MARK, "stroke-width": 4 });
  const timing = { duration: STEP_MS * 0.6, easing: "ease-in-out", fill: "forwards" };
  if (from && (to || hit)) {
    const end = hit || to;
    const path = line(from, end);
    const length = Math.hypot(end[0] - from[0], end[1] - from[1]);
    path.style.strokeDasharray = `${length}`;
    path.animate([{ strokeDashoffset: length }, { strokeDashoffset: 0 }], timing);
    if (!hit) {  // the figure itself slides along
      const token = shape(svg, "circle", { cx: 0, cy: 0, r: 11, fill: "#ffffff", stroke: MARK, "stroke-width": 4,
                                          class: "tsr-story-token" });
      token.animate([{ transform: `translate(${from[0]}px, ${from[1]}px)` }, { transform: `translate(${to[0]}px, ${to[1]}px)` }],
                    timing);
    }
  }
  const spot = hit || to || from;
  await wait(STEP_MS * 0.6);
  if (!live()) return;
  if (spot && (hit || !from || !to)) ring(spot, 16);
  if (hit && step.fell) {  // the figure falls: a cross that topples over the target
    const fall = shape(svg, "path", { d: `M${hit[0] - 12},${hit[1] - 12}L${hit[0] + 12},${hit[1] + 12}M${hit[0] + 12},${hit[1] - 12}` +
                                         `L${hit[0] - 12},${hit[1] + 12}`, stroke: "#1a1a1a", "stroke-width": 5,
                                      class: "tsr-story-fall" });
    fall.style.transformOrigin = `${hit[0]}px ${hit[1] + 12}px`;
    fall.animate([{ transform: "rotate(0deg)" }, { transform: "rotate(80deg)" }], { ...timing, duration: STEP_MS * 0.35 });
  }
  await wait(STEP_MS * 0.4);
}
