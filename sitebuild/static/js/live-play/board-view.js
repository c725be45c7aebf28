// The board view: the Bokeh document of the snapshot's board, its layers' new column data, its plot view,
// hover tools and labels (BokehJS), what its tooltip says at a point, and the board as big as the screen allows.

import { el } from "./common.js";

// -- the board: the static embed's named column data sources -------------------------------
export function boardDocument(snapshot) {
  const item = snapshot.querySelector('script[type="application/json"][id$="-item"]');
  if (!item || typeof Bokeh === "undefined") return null;
  const rootId = JSON.parse(item.textContent).root_id;
  return (Bokeh.documents || []).find((doc) => doc.get_model_by_id(rootId) != null) || null;
}

// Only the layers that changed are handed to BokehJS: each new data redraws its glyphs and reruns the
// board's JS callbacks (tooltips per square, the text alternative), the bulk of a move's time.
const drawn = new WeakMap();  // doc -> {layer name: its last data, as JSON}
export function drawLayers(doc, layers) {
  if (!doc || !layers) return;
  if (!drawn.has(doc)) drawn.set(doc, {});
  const last = drawn.get(doc);
  for (const [name, data] of Object.entries(layers)) {
    const text = JSON.stringify(data);
    if (last[name] === text) continue;
    const source = doc.get_model_by_name(`layer-${name}`);
    if (source != null) { source.data = data; last[name] = text; }
  }
}

// The last move's marks (widgets/board.py add_last) give way once the reader taps: hidden, so they never cover the
// reader's own tap marks (the arrow is an annotation, drawn over every glyph); shown again when the other side has
// played anew.
const LAST_MARKS = ["last-arrows", "last-rings", "last-inner-rings"];
export function fadeLast(doc, faded) {
  if (!doc) return;
  for (const name of LAST_MARKS) {
    const model = doc.get_model_by_name(name);
    if (model && model.visible === faded) model.visible = !faded;
  }
}

// -- the board's plot view, hover tools and labels (BokehJS) --------------------------------------
export function* views(view) { yield view; for (const child of (view.child_views || [])) yield* views(child); }

export function boardView(doc) {
  if (typeof Bokeh === "undefined" || !doc) return null;
  for (const root of Object.values(Bokeh.index || {})) {
    if (root.model.document !== doc) continue;
    for (const view of views(root)) {
      const name = view.model && view.model.name;
      if (typeof name === "string" && name.endsWith("board") && view.canvas_view) return view;
    }
  }
  return null;
}

function docModels(doc) {
  const all = doc._all_models || doc.all_models;
  return all instanceof Map ? Array.from(all.values()) : Array.from(all || []);
}

export const touchOnly = () => Boolean(window.matchMedia && matchMedia("(hover: none)").matches);
export const DRAG_PX = 8;  // a press that moves further than this (CSS px) is a drag, not a tap

// A toy table, not a chart (issue 35): in play the board has no axes, grid lines, toolbar or hover box (a tap's
// details are said beside the board: tooltipAt), yet the wheel and a pinch zoom it (a wheel-zoom tool active without
// a toolbar: BokehJS gives a pinch to it and leaves a one-finger swipe to the page) and, with a mouse, a drag pans it;
// the board's own legend gives way to the panel's key of the marks on it now (panel.js). Done once on the board's
// models when play starts, so the snapshot on the page before Play keeps its axes for measuring. widgets/board.py
// (toy_table) does the same in JupyterLab.
const isPlot = (model) => "toolbar_location" in model && "renderers" in model && "center" in model;
const isAxisOrGrid = (model) => "ticker" in model && ("axis_label" in model || "grid_line_color" in model);
const EDGE = 5;  // px round the table, where the axes were
export const LEGEND_CLASS = "tsr-board-legend";  // widgets/board.py LEGEND_CLASS: the board's own legend
function toolsOf(toolbar, names) {  // the toolbar's tools of those kinds, the missing ones added (in one change:
  // BokehJS builds the views of a changed list of tools anew, and two changes at once would build one tool twice)
  const kinds = names.map((name) => Bokeh.Models.get(name));
  const found = kinds.map((Kind) => toolbar.tools.find((t) => t instanceof Kind) || new Kind({}));
  const added = found.filter((tool) => !toolbar.tools.includes(tool));
  if (added.length) toolbar.tools = [...toolbar.tools, ...added];
  return found;
}
export function toyTable(doc) {
  if (!doc || typeof Bokeh === "undefined") return;
  const models = docModels(doc);
  for (const model of models) {
    if ("tooltips" in model && "active" in model && "renderers" in model) model.active = false;  // hover tools
    if ((model.css_classes || []).includes(LEGEND_CLASS)) model.visible = false;
  }
  const view = boardView(doc);
  if (view) {
    const { toolbar } = view.model;
    const [zoom, pan] = toolsOf(toolbar, ["WheelZoomTool", "PanTool"]);
    toolbar.active_scroll = zoom;
    if (!touchOnly()) toolbar.active_drag = pan;  // on touch a swipe scrolls the page
  }
  // The axes and grid lines taken off and no room kept for them, in one change of each plot: BokehJS lays the whole
  // page's board out anew at every change of a plot (12 of them took 250 ms of the 370 between the engine's first
  // answer and a playable board, Play after reading)
  const without = (parts) => parts.filter((part) => !isAxisOrGrid(part));
  for (const plot of models.filter(isPlot)) {
    plot.setv({ left: without(plot.left), right: without(plot.right), above: without(plot.above),
                below: without(plot.below), center: without(plot.center), toolbar_location: null,
                min_border_left: EDGE, min_border_right: EDGE, min_border_bottom: EDGE });
  }
}

// The whole table in view again, after a zoom or a pan: the plot's own reset, to the ranges it was drawn with.
export function showWhole(doc) {
  const view = boardView(doc);
  if (view) view.model.reset.emit();
}

// What the board's tooltip says about a board point (x, y): for a touch screen, where the tooltips are off,
// to say it beside the board instead. Read from the board's own hover tools (their renderers' column data
// and tooltip templates), so every board says here what its tooltip says: a grid board's square (its
// "@info" HTML), a table's figure within a finger's width (its "label: @field" rows). Text nodes only.
const FINGER_PX = 28;
export function columnOf(data, name) {
  const values = data instanceof Map ? data.get(name) : data[name];
  return values ? Array.from(values) : null;
}
function fill(template, data, i) {  // "@id (@side)", "@x{0.0}", "@info{safe}": the row's values
  return template.replace(/@\{?(\w+)\}?(?:\{([^}]*)\})?/g, (_, name, format) => {
    const values = columnOf(data, name);
    const value = values ? values[i] : "";
    const digits = /^0\.(0+)$/.exec(format || "");
    return digits && typeof value === "number" ? value.toFixed(digits[1].length) : String(value ?? "");
  });
}
function textOf(html) {  // the tooltip's HTML as nodes: its words, bold kept, breaks as breaks (never markup)
  const parsed = document.createElement("template");
  parsed.innerHTML = html;
  const copy = (node) => node.nodeType === Node.TEXT_NODE ? [document.createTextNode(node.textContent)]
    : node.nodeName === "BR" ? [document.createElement("br")]
    : node.nodeName === "B" || node.nodeName === "STRONG" ? [el("b", {}, ...Array.from(node.childNodes).flatMap(copy))]
    : Array.from(node.childNodes).flatMap(copy);
  return Array.from(parsed.content.childNodes).flatMap(copy);
}
// The row of (xs, ys) nearest the board point (x, y) among those ``within(i, underFinger)`` says may answer it
// (underFinger(i): row i is within a finger's width of the point on screen): [its index or -1, its distance].
function nearestRow(view, xs, ys, x, y, within) {
  const sx = view.frame.x_scale.compute(x), sy = view.frame.y_scale.compute(y);
  const underFinger = (i) => Math.hypot(view.frame.x_scale.compute(xs[i]) - sx,
                                        view.frame.y_scale.compute(ys[i]) - sy) <= FINGER_PX;
  let best = -1, bestDistance = Infinity;
  xs.forEach((px, i) => {
    const distance = Math.hypot(px - x, ys[i] - y);
    if (distance < bestDistance && within(i, underFinger)) { best = i; bestDistance = distance; }
  });
  return [best, bestDistance];
}

export function tooltipAt(view, x, y) {
  if (!view) return null;
  for (const tool of view.model.toolbar.tools) {
    if (!("tooltips" in tool) || !Array.isArray(tool.renderers)) continue;
    for (const renderer of tool.renderers) {
      const data = renderer.data_source && renderer.data_source.data;
      const xs = data && columnOf(data, "x"), ys = data && columnOf(data, "y");
      if (!xs || !ys) continue;
      const width = renderer.glyph.width && renderer.glyph.width.value;
      const height = renderer.glyph.height && renderer.glyph.height.value;
      const [best] = nearestRow(view, xs, ys, x, y, (i, underFinger) => (width && height
        ? Math.abs(xs[i] - x) <= width / 2 && Math.abs(ys[i] - y) <= height / 2 : underFinger(i)));
      if (best < 0) continue;
      if (typeof tool.tooltips === "string") return textOf(fill(tool.tooltips, data, best));
      const rows = tool.tooltips.map(([label, template]) => [label, fill(template, data, best).trim()])
        .filter(([, value]) => value !== "" && value !== "()");
      return rows.flatMap(([label, value], i) => [...(i ? [document.createElement("br")] : []),
        ...(label ? [el("b", { text: `${label}: ` })] : []), value]);
    }
  }
  return null;
}

// What the simple mode says about a board point (issue 35 item 5): the card in plain words of the figure there (its
// layer's "said" column, boards/naming.py card_words: "Green rifleman in squad alpha, standing, has not moved yet"),
// never the tooltip's ids and inches; a figure within a finger's width, or on the tapped square. null: none there.
export function saidAt(doc, view, x, y) {
  if (!doc || !view) return null;
  let best = null, bestDistance = Infinity;
  for (const model of docModels(doc)) {
    const data = typeof model.name === "string" && model.name.startsWith("layer-") && model.data;
    const said = data && columnOf(data, "said"), xs = data && columnOf(data, "x"), ys = data && columnOf(data, "y");
    if (!said || !xs || !ys) continue;
    const [i, distance] = nearestRow(view, xs, ys, x, y, (i, underFinger) => Boolean(said[i])
      && ((Math.abs(xs[i] - x) <= 0.5 && Math.abs(ys[i] - y) <= 0.5) || underFinger(i)));  // a grid's square, or near
    if (i >= 0 && distance < bestDistance) { best = said[i]; bestDistance = distance; }
  }
  return best == null ? null : [best];
}

// A lone figure's label on the board: its id where the expert list names figures by id, its kind in plain words
// ("sniper") in simple mode (the figures layer's ``name``, boards/tabletop.py); a grid board has no such label.
export function nameFigures(doc, simple) {
  const ids = doc && doc.get_model_by_name("figure-names-id"), names = doc && doc.get_model_by_name("figure-names-name");
  if (!ids || !names) return;  // (two labels drawn, one shown: widgets/tabletop_board.py label_figures)
  ids.visible = !simple;
  names.visible = simple;
}

// The board's words and figures grow with it (on a projector the board is far wider than it was drawn for); in
// Projector mode the toy soldiers grow a third more, for the back row of a classroom (projector.js grows the marks
// and words of every board; the figures, sized here, are left to this).
const PROJECTOR_FIGURES = 1.3;
const baseSizes = new WeakMap();
function grow(image, factor) {  // an image glyph sized in screen px ({value, units: "screen"}): its size times factor
  if (!baseSizes.has(image)) baseSizes.set(image, [image.w.value, image.h.value]);
  const [w, h] = baseSizes.get(image);
  image.w = { value: w * factor, units: "screen" };
  image.h = { value: h * factor, units: "screen" };
}
function growLabels(view) {
  if (!view) return;
  const designed = view.model.width || 600;
  const factor = Math.min(2.4, Math.max(1, view.el.getBoundingClientRect().width / designed));
  const projector = document.documentElement.classList.contains("tsr-projector") ? PROJECTOR_FIGURES : 1;
  for (const renderer of [...(view.model.renderers || []), ...(view.model.center || [])]) {
    const glyph = renderer.glyph || renderer;  // a glyph's renderer, or an annotation (a LabelSet)
    if (glyph && glyph.w && glyph.w.units === "screen" && glyph.h) grow(glyph, factor * projector);  // the toys
    if (!glyph || !("text_font_size" in glyph)) continue;
    if (!baseSizes.has(glyph)) {
      const spec = glyph.text_font_size;
      const text = spec && typeof spec === "object" ? spec.value : spec;
      const match = /^([\d.]+)(px|pt)$/.exec(String(text || ""));
      baseSizes.set(glyph, match ? Number(match[1]) * (match[2] === "pt" ? 4 / 3 : 1) : null);
    }
    const base = baseSizes.get(glyph);
    if (base) glyph.text_font_size = { value: `${(base * factor).toFixed(1)}px` };
  }
}

// The board as big as the screen allows (issue 35): on a wide screen, the width at which its table (the plot that
// draws the layers, which keeps its proportions as it widens) fills the height from its top to the window's bottom,
// never more than its column beside the panel (what is drawn under it, Phlog's hands, comes after a scroll, and is
// in the bar's cards too); on a phone, the width. Measured again once BokehJS has laid it out anew (the axes gone).
const BOTTOM_ROOM = 12;  // px under the board: the table's own padding
export function fitBoard(table, again = true) {
  const { doc, board, boardBox, snapshot } = table;
  const view = boardView(doc);
  if (!view || !board) return;
  const wide = matchMedia("(min-width: 760px)").matches;
  const drawn = view.el.getBoundingClientRect();
  if (wide && drawn.width > 0 && drawn.height > 0) {
    const room = innerHeight - (drawn.top + (snapshot.scrollTop || 0)) - BOTTOM_ROOM;
    boardBox.style.setProperty("--tsr-board-max", `${Math.max(280, Math.floor(room * drawn.width / drawn.height))}px`);
  } else {
    boardBox.style.removeProperty("--tsr-board-max");
  }
  setTimeout(() => {  // once BokehJS has laid the board out anew
    const now = boardView(doc);
    growLabels(now);
    const bottom = now ? now.el.getBoundingClientRect().bottom + (snapshot.scrollTop || 0) : 0;
    if (again && wide && bottom > innerHeight - BOTTOM_ROOM + 2) fitBoard(table, false);
  }, 250);
}
