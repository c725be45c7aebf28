// The board by keyboard and screen reader (issue 35): a focusable layer over the board, reached by Tab; the arrow
// keys move a ring between the marks a tap may pick now (to the nearest mark that way, as the eye goes, not in list
// order), each mark's plain words said through a live region; Enter (or Space) picks exactly that mark as a
// "which?" button does (table.pick: the same engine commands as a tap, the same question before a move that ends
// the game), Escape lets a chosen figure go (a question's Escape answers No). The marks, their words and how to
// pick each are the engine's (the answer's "marks": explorer/core/session/taps.py), so a game by keys takes as many
// decisions as by taps, never a "which?" a tap between two marks would need.

import { el } from "./common.js";
import { boardView } from "./board-view.js";

const KEYS_HELP = "Game board: arrow keys move between the marks, Enter picks, Escape lets a chosen figure go";
const STEPS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
const SAME_SPOT = 1;  // CSS px: marks closer than this on the screen stand on one spot (taken in list order)

// The mark nearest ``from`` in the direction ``step`` ([dx, dy] on the screen), by where they are drawn: the one
// ahead with the least distance along plus twice the distance across (a mark straight ahead beats a nearer one far
// off to the side); those within 45 degrees of the direction first. Marks on the same spot follow in list order.
// ``points``: each mark's screen [x, y]; returns an index, or -1 when no mark lies that way.
function nearestThatWay(points, from, step) {
  const [fx, fy] = points[from];
  let best = -1, bestScore = Infinity, bestInCone = false;
  points.forEach(([x, y], i) => {
    if (i === from) return;
    const dx = x - fx, dy = y - fy;
    const along = dx * step[0] + dy * step[1], across = Math.abs(dx * step[1] - dy * step[0]);
    let score, inCone;
    if (Math.hypot(dx, dy) < SAME_SPOT) {  // on the same spot: the next one on (right, down), the one before (left, up)
      if ((step[0] + step[1] > 0) !== (i > from)) return;
      score = Math.abs(i - from) * 1e-6; inCone = true;
    } else {
      if (along <= 0) return;
      score = along + 2 * across; inCone = across <= along;
    }
    if ((inCone && !bestInCone) || (inCone === bestInCone && score < bestScore)) {
      best = i; bestScore = score; bestInCone = inCone;
    }
  });
  return best;
}

export function wireKeys(table) {
  const { boardBox, parts: { confirmBox, step } } = table;
  const ring = el("div", { class: "tsr-key-ring", "aria-hidden": "true", hidden: "" });
  const layer = el("div", { class: "tsr-key-layer", tabindex: "0", role: "application",
                            "aria-roledescription": "game board", "aria-label": KEYS_HELP }, ring);
  const said = el("p", { class: "tsr-sr tsr-key-said", "aria-live": "polite" });
  boardBox.append(layer, said);
  let at = -1;          // the mark the ring is on, an index into marks()
  let spot = null;      // and where it was (board units), to find it again after an answer

  const marks = () => (table.current && table.current.viewing == null && table.current.marks) || [];
  function screenPoints(list) {  // each mark's place on the screen, relative to the layer over the board (CSS px)
    const view = boardView(table.doc);
    if (!view || !view.canvas_view) return null;
    const canvas = view.canvas_view.el.getBoundingClientRect(), box = layer.getBoundingClientRect();
    return list.map((m) => [canvas.left - box.left + view.frame.x_scale.compute(m.x),
                            canvas.top - box.top + view.frame.y_scale.compute(m.y)]);
  }
  function say(text) {  // said again even when the same words come twice
    said.textContent = "";
    requestAnimationFrame(() => { said.textContent = text; });
  }
  function nothingHere() {
    const current = table.current || {};
    if (current.viewing != null) return "You are looking back: press Back to the game to play.";
    const button = !step.hidden && step.textContent.trim();
    return "Nothing to pick on the board now." + (button ? ` The big button says: ${button}.` : "");
  }
  function place() {  // the ring on the mark at, while the board has the focus
    const list = marks(), points = screenPoints(list);
    ring.hidden = !(document.activeElement === layer && points && at >= 0 && at < list.length);
    if (ring.hidden) return;
    const [x, y] = points[at];
    ring.dataset.at = String(at);  // which of the answer's marks (the choices layer's row)
    ring.style.left = `${x}px`;
    ring.style.top = `${y}px`;
    ring.classList.toggle("tsr-key-ring-off", list[at].kind === "off");
  }
  function mark(i, prefix = "") {  // the ring to mark i, and its words said
    const list = marks();
    at = i;
    spot = i >= 0 ? [list[i].x, list[i].y] : null;
    place();
    say(i >= 0 ? `${prefix}${list[i].words}` : `${prefix}${nothingHere()}`);
  }
  // The mark to start on: the target (where the chosen figure goes, whom it hits) nearest the mark picked before,
  // else the mark nearest it; with none before, the first target, else the first mark.
  function startingMark() {
    const list = marks();
    if (!list.length) return -1;
    const targets = list.filter((m) => m.kind === "target" || m.kind === "off");
    const among = targets.length ? targets : list;
    if (!spot) return list.indexOf(among[0]);
    const distances = among.map((m) => Math.hypot(m.x - spot[0], m.y - spot[1]));
    return list.indexOf(among[distances.indexOf(Math.min(...distances))]);
  }
  // After every answer: the ring on a mark of the new board, said if the board has the focus.
  let shown = null;
  table.onShown = () => {
    if (table.current === shown) return;
    shown = table.current;
    const before = at >= 0 ? spot : null;
    at = startingMark();
    const list = marks();
    spot = at >= 0 ? [list[at].x, list[at].y] : before;
    if (document.activeElement === layer) mark(at);
    else place();
  };

  layer.addEventListener("focus", () => {
    if (at < 0 || at >= marks().length) at = startingMark();
    const count = marks().length;
    mark(at, count ? `${count} mark${count === 1 ? "" : "s"}. ` : "");
  });
  layer.addEventListener("blur", () => { ring.hidden = true; });
  layer.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (table.current !== shown) table.onShown();  // an answer shown outside run (a resumed game)
    const list = marks();
    if (STEPS[event.key] || event.key === "Home" || event.key === "End") {
      event.preventDefault();  // the page does not scroll
      if (!list.length) { mark(-1); return; }
      if (at < 0 || at >= list.length) { mark(startingMark()); return; }
      const next = event.key === "Home" ? 0 : event.key === "End" ? list.length - 1
        : nearestThatWay(screenPoints(list) || list.map((m) => [m.x, -m.y]), at, STEPS[event.key]);
      if (next < 0) say(`No mark further that way. ${list[at].words}`);
      else mark(next);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      if (table.busy) return;
      if (at < 0 || at >= list.length) { mark(-1); return; }
      table.pressed(layer, () => table.pick(list[at]));  // as a "which?" button picks it: exactly this mark
    } else if (event.key === "Escape") {
      const chosen = list.find((m) => m.kind === "chosen");
      const pieces = list.filter((m) => m.kind === "piece" || m.kind === "chosen").length;
      if (!chosen || pieces < 2 || table.busy) return;  // nothing to let go: Escape leaves the table, as elsewhere
      event.stopPropagation();
      spot = [chosen.x, chosen.y];
      table.pressed(layer, () => table.pick(chosen));  // the chosen figure picked again: let go
    }
  });
  // A question's Escape answers No (the question stays otherwise, and the table's Escape waits for it).
  confirmBox.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    const no = confirmBox.querySelector(".tsr-confirm-no");
    if (no) { event.stopPropagation(); no.click(); }
  });
  if (window.ResizeObserver) new ResizeObserver(place).observe(boardBox);
  boardBox.addEventListener("wheel", () => requestAnimationFrame(place), { passive: true });
  table.keysLayer = layer;
}
