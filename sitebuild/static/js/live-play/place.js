// Where the table's parts sit for the screen (issue 35). What the board draws under its table (Dice Tactics' status
// panel, Phlog's cards and fighters out of the game) goes to the side panel, after the other side's sentence: beside
// the board on a wide screen (under a board that fills the window's height it ran below the screen), and on a phone
// after that sentence, which then sits right under the board. On a phone the hand of cards (and a tapped spot's
// details) leave the fixed bar too, for the panel after that sentence: in the bar they took half the screen, and the
// sentence and the board went under it. The bar keeps the turn line, the buttons and a question.

import { boardView } from "./board-view.js";

const WIDE = "(min-width: 760px)";

function rootView(doc) {
  return Object.values(Bokeh.index || {}).find((root) => root.model.document === doc) || null;
}

// The board layout's parts drawn under the table: after the table's plot, shown, and not the table's own words
// for a screen reader (its "-alt", which stays with it).
function underBoard(doc) {
  const root = rootView(doc), board = boardView(doc);
  if (!root || !board || root === board) return [];
  const children = root.child_views || [];
  const at = children.findIndex((child) => child === board || (child.el && child.el.contains(board.el)));
  const own = `${board.model.name}-alt`;
  return at < 0 ? [] : children.slice(at + 1).filter((child) => child.model.visible && child.model.name !== own);
}

// A caption drawn in a figure under the board (Phlog's "green (you): 6 cards in hand", "draw pile 21 · spent 3"
// side by side over a row of cards) grows with Projector mode only as far as its place in the figure allows: a
// third of a card's width a letter's height, never under its own size (on a 390 px phone, 12 px).
const CAPTION_UNITS = 0.34;
const captionBase = new WeakMap();
function fitCaptions(view) {
  if (!view.frame || !view.model.renderers) return;
  const unit = Math.abs(view.frame.x_scale.compute(1) - view.frame.x_scale.compute(0));
  const projector = document.documentElement.classList.contains("tsr-projector") ? 1.6 : 1;  // projector.js TEXT_SCALE
  for (const renderer of view.model.renderers) {
    const glyph = renderer.glyph;
    if (!glyph || !("text_font_size" in glyph)) continue;
    if (!captionBase.has(glyph)) {
      const spec = glyph.text_font_size, text = spec && typeof spec === "object" ? spec.value : spec;
      const match = /^([\d.]+)px$/.exec(String(text || ""));
      captionBase.set(glyph, match ? Number(match[1]) / projector : null);
    }
    const base = captionBase.get(glyph);
    if (base && unit > 0) glyph.text_font_size = { value: `${Math.max(base, Math.min(base * projector, unit * CAPTION_UNITS)).toFixed(1)}px` };
  }
}

export function placeParts(table) {
  const wide = matchMedia(WIDE).matches;
  const { hand, ways, details, stepHint, bar, story, extras } = table.parts;
  if (wide && hand.parentNode !== bar) stepHint.before(hand, ways, details);
  if (!wide && hand.parentNode === bar) story.after(details, hand, ways);
  for (const view of underBoard(table.doc)) {
    if (view.el.parentNode !== extras) extras.append(view.el);
    for (const inner of [view, ...(view.child_views || [])]) fitCaptions(inner);
  }
  extras.hidden = extras.children.length === 0;
}
