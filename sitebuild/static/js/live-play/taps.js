// Taps on the board: a tap on the board's table or squares (widgets/board.py passes Bokeh's tap on as the DOM
// event "tsr-board-tap") goes to the engine, which decides; a tap on a card drawn under the board plays the card
// of that face in the bar; a tapped spot's details (what its tooltip would say: the board has none in play) are said
// beside the board; and after a zoom or a pan, one button shows the whole table again.

import { el } from "./common.js";
import { boardView, columnOf, DRAG_PX, fadeLast, saidAt, showWhole, tooltipAt, views } from "./board-view.js";

export const TAP_EVENT = "tsr-board-tap";  // widgets/board.py TAP_EVENT (and drag.js: a press on a piece not dragged)

export function wireTaps(table) {
  const { doc, boardBox, parts: { status, hand, details } } = table;

  // A tap on this board (widgets/board.py passes Bokeh's tap on as a DOM event): the engine decides.
  document.addEventListener(TAP_EVENT, (event) => {
    const { plot, x, y } = event.detail;
    const reach = Number.isFinite(event.detail.reach) ? event.detail.reach : null;  // a finger's width, in board units
    if (table.busy || !doc || doc.get_model_by_id(plot) == null) return;
    if (table.current.viewing != null) { status.textContent = "You are looking back: press Back to the game to play."; return; }
    if (table.makeTap && table.makeTap(x, y, reach)) return;  // a goal's argument picked on the board (make.js)
    if (table.setupTap && table.setupTap(x, y, reach)) return;  // setting up the table: the editor's (setup.js)
    fadeLast(doc, true);  // the other side's last move gives way to the reader's own marks
    table.confirmed = () => table.run("tap", [x, y, true, reach]);
    table.run("tap", [x, y, false, reach]).then((answer) => { if (answer) showDetails(x, y); table.keepInView(); });
  });

  // A tap on a card drawn under the board (Phlog's hand, in the board's own cards figure: the layer "cards",
  // drawn as rects) does what the card of that face in the bar does: plays it, or shows its ways.
  function drawnCards() {  // the view drawing the layer "cards" as rects, and that renderer; or null
    const source = doc && doc.get_model_by_name("layer-cards");
    if (!source || typeof Bokeh === "undefined") return null;
    for (const root of Object.values(Bokeh.index || {})) {
      if (root.model.document !== doc) continue;
      for (const view of views(root)) {
        const faces = view.canvas_view && (view.model.renderers || [])
          .find((r) => r.data_source === source && r.glyph && r.glyph.width && r.glyph.height);
        if (faces) return { view, faces, source };
      }
    }
    return null;
  }
  // Heard on the board's box and the side panel's (place.js: the cards figure goes there on a wide screen), as the
  // click goes down (Bokeh's canvas keeps it; Bokeh may draw its views anew).
  const cardTapped = (event) => {
    const drawn = !table.busy && drawnCards();
    if (!drawn) return;
    const { view, faces, source } = drawn;
    const box = view.canvas_view.el.getBoundingClientRect();
    if (event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom) return;
    const x = view.frame.x_scale.invert(event.clientX - box.left);
    const y = view.frame.y_scale.invert(event.clientY - box.top);
    const xs = columnOf(source.data, "x"), ys = columnOf(source.data, "y"), texts = columnOf(source.data, "text");
    const i = xs.findIndex((cx, k) => texts[k] && Math.abs(cx - x) <= faces.glyph.width.value / 2
                                      && Math.abs(ys[k] - y) <= faces.glyph.height.value / 2);
    if (i < 0) return;
    const card = Array.from(hand.querySelectorAll("[data-face]")).find((b) => b.dataset.face === texts[i]);
    if (card) { card.focus({ preventScroll: true }); card.click(); }
    else status.textContent = `${texts[i]}: not a card to play now.`;
  };
  for (const box of [boardBox, table.parts.extras]) box.addEventListener("click", cardTapped, true);

  // No tooltips during play: a tap says beside the board what the tooltip says there, as the board is after the
  // tap: the figure chosen, the one attacked, the one that moved there. The simple mode says the figure's card in
  // plain words instead (no id, no inches: saidAt).
  function showDetails(x, y) {
    if (!doc) return;
    const simple = Boolean(table.parts.simpleBox && table.parts.simpleBox.checked);
    const said = simple ? saidAt(doc, boardView(doc), x, y) : tooltipAt(boardView(doc), x, y);
    details.replaceChildren(...(said && said.length ? [el("span", { class: "tsr-sr", text: "On the board: " }), ...said] : []));
  }

  // "Whole table": shown once the board is zoomed (the wheel, a pinch) or dragged, it puts the whole table in view.
  // Heard as the events go down (Bokeh's canvas keeps the wheel and the pinch).
  const whole = el("button", { type: "button", class: "tsr-whole-table", text: "Whole table", hidden: "" });
  table.parts.undo.after(whole);  // in the bar, beside Undo: off the board's drawing, in view at every size
  const zoomed = () => { whole.hidden = false; };
  boardBox.addEventListener("wheel", zoomed, { capture: true, passive: true });
  boardBox.addEventListener("touchmove", (event) => { if (event.touches.length > 1) zoomed(); }, { capture: true, passive: true });
  let down = null;
  boardBox.addEventListener("pointerdown", (event) => { down = [event.clientX, event.clientY]; }, true);
  boardBox.addEventListener("pointerup", (event) => {
    const dragged = down && Math.hypot(event.clientX - down[0], event.clientY - down[1]) > DRAG_PX;
    if (dragged && event.pointerType === "mouse") zoomed();
    down = null;
  }, true);
  whole.addEventListener("click", () => { showWhole(doc); whole.hidden = true; boardBox.dataset.framed = ""; });
}
