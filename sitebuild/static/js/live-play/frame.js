// The view follows the action (issue 35): where the whole table is drawn too small for a finger (a 48-inch table on
// a phone: 7 px an inch), the board frames what the reader may pick now (the answer's marks: the chosen figure and
// where it can go and whom it can hit, or the figures that may act), never closer than MIN_SPAN table units across,
// and "Whole table" shows it all again until the next answer. The frame is worked out from the answer, so a refresh
// (the same answer) frames the same. Where the whole table is big enough (a desktop, a projector, a grid), the view is
// left as the reader set it.

import { boardView } from "./board-view.js";

const FOLLOW_BELOW = 14;  // px a table unit (an inch, a square) for the whole table, below which the view follows
const MIN_SPAN = 16;      // table units: the narrowest frame (a squad and its moves; no closer, the table still reads)
const MARGIN = 3;         // table units round the marks: a figure's base and its label

// The frame [x0, x1, y0, y1] round `points` within `whole` ([x0, x1, y0, y1]), with the plot's proportions
// (`aspect`: its width / height in px), or null when the frame would be the whole table anyway.
export function frameOf(points, whole, aspect) {
  if (!points.length) return null;
  const [wx0, wx1, wy0, wy1] = whole;
  const xs = points.map((p) => p[0]), ys = points.map((p) => p[1]);
  let width = Math.max(MIN_SPAN, Math.max(...xs) - Math.min(...xs) + 2 * MARGIN);
  let height = Math.max(MIN_SPAN / aspect, Math.max(...ys) - Math.min(...ys) + 2 * MARGIN);
  if (width / height < aspect) width = height * aspect; else height = width / aspect;
  if (width >= wx1 - wx0 || height >= wy1 - wy0) return null;
  const middle = (low, high, span, min, max) => Math.min(Math.max((low + high - span) / 2, min), max - span);
  const x0 = middle(Math.min(...xs), Math.max(...xs), width, wx0, wx1);
  const y0 = middle(Math.min(...ys), Math.max(...ys), height, wy0, wy1);
  return [x0, x0 + width, y0, y0 + height];
}

const wholeOf = new WeakMap();  // plot -> the table's whole extent, as first drawn

export function followAction(table, answer) {
  const view = boardView(table.doc);
  if (!view || !view.frame || answer.viewing != null) return;
  const { x_range: xr, y_range: yr } = view.model;
  const drawn = [xr.start, xr.end, yr.start, yr.end];
  if (!wholeOf.has(view.model)) {
    if (!drawn.every(Number.isFinite)) return;  // an emptied board (behind a curtain) has no extent yet
    wholeOf.set(view.model, drawn);
  }
  const whole = wholeOf.get(view.model);
  const { width, height } = view.frame.bbox;
  if (!width || !height || width / (whole[1] - whole[0]) >= FOLLOW_BELOW) return;
  const framed = frameOf((answer.marks || []).map((m) => [m.x, m.y]), whole, width / height);
  const [x0, x1, y0, y1] = framed || whole;
  for (const [range, start, end] of [[xr, x0, x1], [yr, y0, y1]]) {
    // as a zoom tool sets it: a data range then keeps it, rather than fitting the data again at the next render
    if ("have_updated_interactively" in range) range.have_updated_interactively = Boolean(framed);
    range.setv({ start, end });
  }
  const button = table.parts && table.parts.bar.querySelector(".tsr-whole-table");
  if (button) button.hidden = !framed;
  table.boardBox.dataset.framed = framed ? framed.map((v) => v.toFixed(2)).join(",") : "";
}
