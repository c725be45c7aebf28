// Drag to move, while the table is set up (setup.js): a press on a piece (within a tap's reach of it, as a tap picks
// one: the engine's tap radius or a finger's width on screen, whichever is wider) and a drag to a spot moves it there,
// with the mouse or a finger; the engine's "setup drag" edit moves it as tap-then-tap does (SetUp.move: refused in
// words, the piece left where it was). A press and release without a drag is a tap, passed on as the board's own.
//
// The gesture is the editor's from the press on a piece: the board never sees it (no pan, no tap of its own), and a
// finger's drag does not scroll the page. A press on open table is left to the board: a mouse drag pans it as
// always, a finger scrolls the page. Only pieces are dragged, in no placing mode: a terrain piece is moved by Move
// it and a tap, for it covers much of the table (a drag from inside it would take the board's pan away there) and
// figures stand on it (a press there would be ambiguous).

import { el } from "./common.js";
import { boardView, DRAG_PX } from "./board-view.js";
import { TAP_EVENT } from "./taps.js";

const FINGER_PX = 22;  // a finger's reach round a tap, in CSS px: widgets/board.py FINGER_PX (the board's taps)

// The board point under a pointer event, and a finger's width in board units, from the board's plot view.
function boardPoint(view, event) {
  const box = view.canvas_view.el.getBoundingClientRect();
  const { x_scale: xs, y_scale: ys } = view.frame;
  const inside = event.clientX >= box.left && event.clientX <= box.right
    && event.clientY >= box.top && event.clientY <= box.bottom;
  return { x: xs.invert(event.clientX - box.left), y: ys.invert(event.clientY - box.top), inside,
           reach: Math.abs(xs.invert(FINGER_PX) - xs.invert(0)) };
}

// The piece of the set-up nearest (x, y) within the reach of a tap (session/setting.py piece_at), or null.
function pieceAt(setup, { x, y, reach }) {
  const radius = Math.max(setup.radius || 0, reach);
  let best = null, bestDistance = Infinity;
  for (const piece of setup.pieces) {
    if (!piece.at) continue;
    const distance = Math.hypot(piece.at[0] - x, piece.at[1] - y);
    if (distance <= radius && distance < bestDistance) { best = piece; bestDistance = distance; }
  }
  return best;
}

export function wireDrag(table) {
  let drag = null;  // {id, pointerId, from: board point, start: [clientX, clientY], moved, plot}
  let swallowClick = false;  // the click a mouse drag ends with is not a click on the board or its cards
  const ghost = el("div", { class: "tsr-drag-ghost", "aria-hidden": "true", hidden: "" });  // follows the pointer
  table.snapshot.append(ghost);
  const mine = (event) => drag && event.pointerId === drag.pointerId;
  const hold = (event) => { event.stopPropagation(); if (event.cancelable) event.preventDefault(); };

  document.addEventListener("pointerdown", (event) => {
    if (!event.isPrimary) return;  // a second finger (a pinch) is the board's
    swallowClick = false;
    if (drag) { drag = null; ghost.hidden = true; }  // a drag whose release went unseen (outside the window)
    const setup = table.current && table.current.setup;
    if (!setup || table.current.making || setup.mode[0] !== "none" || table.busy || event.button !== 0
        || !table.boardBox.contains(event.target) || event.target.closest("button")) return;
    const view = boardView(table.doc);
    const at = view && boardPoint(view, event);
    const piece = at && at.inside && pieceAt(setup, at);
    if (!piece) return;  // open table: the board's own pan, or the page's scroll
    drag = { id: piece.id, pointerId: event.pointerId, from: at, start: [event.clientX, event.clientY], moved: false,
             plot: view.model.id };
    hold(event);
    try { table.boardBox.setPointerCapture(event.pointerId); } catch { /* a pointer gone already: its up is unseen */ }
  }, true);

  document.addEventListener("pointermove", (event) => {
    if (!mine(event)) return;
    hold(event);
    if (Math.hypot(event.clientX - drag.start[0], event.clientY - drag.start[1]) > DRAG_PX) drag.moved = true;
    if (!drag.moved) return;
    ghost.textContent = drag.id;
    ghost.style.left = `${event.clientX}px`;
    ghost.style.top = `${event.clientY}px`;
    ghost.hidden = false;
  }, true);

  document.addEventListener("pointerup", (event) => {
    if (!mine(event)) return;
    hold(event);
    const { id, from, moved, plot } = drag;
    drag = null;
    ghost.hidden = true;
    const view = boardView(table.doc);
    if (!view) return;
    if (!moved) {  // a tap: as the board's own tap (taps.js decides: the editor picks, or lets go)
      document.dispatchEvent(new CustomEvent(TAP_EVENT, { detail: { plot, x: from.x, y: from.y, reach: from.reach } }));
      return;
    }
    swallowClick = event.pointerType === "mouse";
    const to = boardPoint(view, event);
    if (table.busy) { table.parts.status.textContent = `${id} not moved: the engine is busy, drag it again.`; return; }
    table.run("setup", ["drag", from.x, from.y, to.x, to.y, from.reach]).then(() => table.keepInView());
  }, true);

  document.addEventListener("pointercancel", (event) => {
    if (mine(event)) { drag = null; ghost.hidden = true; }
  }, true);
  document.addEventListener("click", (event) => {
    if (swallowClick) { swallowClick = false; hold(event); }
  }, true);
  // A finger's drag of a piece never scrolls the page (touch-action lets the page scroll on the board: toyTable).
  for (const type of ["touchstart", "touchmove"]) {
    table.boardBox.addEventListener(type, (event) => { if (drag && event.cancelable) event.preventDefault(); },
                                    { capture: true, passive: false });
  }
}
