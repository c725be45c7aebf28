"""The toy table (issue 35, items 1-3): in play the live board is a table, not a chart, and fills its place.

For every ruleset the game table is opened once (one Pyodide boot) and the window then goes through a phone's
size, a laptop's and a projector's (390x844, 1280x800, 1920x1080), with Projector mode off and then on. At each:
no axis, grid line, toolbar, hover tool or board legend is shown on the live board; the board is wholly in view;
at 1920x1080 with Projector on it takes at least 60 % of the width; Projector on never makes it narrower than off,
and draws the toy soldiers a quarter bigger or more; a lone figure is labelled by its kind in simple mode, by its id
in the expert's;
the marks' key is folded ("What do the marks mean?", closed) and lists only the marks on the board. At 1280 and 1920
what the board draws under its table (Dice Tactics' status panel, Phlog's cards figure) and the cards offered are on
the screen (they ran below it); no card's name is cut mid-word; no caption of the board's figures is drawn over
another or past its edge (Phlog's at 390 with Projector on). Before Play the snapshot keeps its axes (for measuring),
and the wheel zooms the board in play, "Whole table" (off the board's drawing) undoing it.
"""

from __future__ import annotations

import pytest

from .conftest import LIVE_BOARD_JS, wait_for_boards

RULESETS = ["army_men", "dice_tactics", "one_brain_cell", "phlog", "simple_plastic"]
SIZES = [(390, 844), (1280, 800), (1920, 1080)]
PROJECTOR_SHARE = 0.6  # of a 1920 px projector's width, at least

# What the board draws beside its table (Dice Tactics' status panel, Phlog's cards figure): the board layout's other
# parts with a size, their boxes; a card's name cut in the middle of a word; captions of those figures drawn over
# each other or past the figure's edge (the canvas's own measure of each caption, at its font and size).
UNDER_JS = """
  function under(doc, board) {
    const root = Object.values(Bokeh.index).find((r) => r.model.document === doc);
    return (root.child_views || []).filter((v) => v !== board && v.model.visible).map((v) => v.el.getBoundingClientRect())
      .filter((b) => b.height > 2).map((b) => [b.left, b.top, b.right, b.bottom]);
  }
  function cutWord(face) {
    const text = face.firstChild, range = document.createRange();
    if (!text || text.nodeType !== Node.TEXT_NODE) return false;
    let at = 0;
    return text.textContent.split(" ").some((word) => {
      range.setStart(text, at); range.setEnd(text, at + word.length); at += word.length + 1;
      return word && new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size > 1;
    });
  }
  function overlaps(doc) {
    const out = [], measure = document.createElement("canvas").getContext("2d");
    function* views(v) { yield v; for (const ch of (v.child_views || [])) yield* views(ch); }
    for (const root of Object.values(Bokeh.index)) {
      if (root.model.document !== doc) continue;
      for (const view of views(root)) {
        if (!view.canvas_view || !view.model.renderers || view.el.getBoundingClientRect().width === 0) continue;
        if (/board$/.test(view.model.name || "")) continue;  // the table's own labels: its figures' names
        const width = view.el.getBoundingClientRect().width;
        for (const r of view.model.renderers) {
          const g = r.glyph, data = r.data_source && r.data_source.data;
          if (!g || !("text_font_size" in g) || !data || typeof g.text === "string") continue;
          const col = (name) => Array.from(data instanceof Map ? data.get(name) : data[name] || []);
          const field = g.text.field, xs = col("x"), ys = col("y"), texts = field ? col(field) : [];
          const size = g.text_font_size.value || g.text_font_size;
          measure.font = `${size} ${g.text_font.value || g.text_font || "helvetica"}`;
          const spans = texts.map((t, i) => [ys[i], view.frame.x_scale.compute(xs[i]),
                                             view.frame.x_scale.compute(xs[i]) + measure.measureText(String(t)).width, t]);
          for (const a of spans) {
            if (a[2] > width + 1) out.push(`${a[3]} past the figure's edge`);
            for (const b of spans) if (a !== b && a[0] === b[0] && a[1] <= b[1] && a[2] > b[1]) out.push(`${a[3]} over ${b[3]}`);
          }
        }
      }
    }
    return out;
  }
"""

# The live board as drawn now: its plot's box, what of a chart it still shows, its range, the key's marks.
LOOK_JS = """(snapshot) => {""" + LIVE_BOARD_JS + UNDER_JS + """
  const [doc, view] = liveBoard(snapshot);
  const all = doc._all_models instanceof Map ? Array.from(doc._all_models.values()) : Array.from(doc.all_models);
  const plots = all.filter((m) => "toolbar_location" in m && "renderers" in m && "center" in m);
  const parts = plots.flatMap((p) => [...p.left, ...p.right, ...p.above, ...p.below, ...p.center]);
  const box = view.canvas_view.el.getBoundingClientRect();
  const key = snapshot.querySelector(".tsr-live-legend");
  const choices = doc.get_model_by_name("layer-choices").data;
  const kinds = Array.from(choices instanceof Map ? choices.get("kind") : choices.kind);
  return {
    box: [box.left, box.top, box.right, box.bottom],
    axes: parts.filter((p) => "ticker" in p && p.visible).length,
    toolbars: plots.filter((p) => p.toolbar_location != null).length,
    hovers: all.filter((m) => "tooltips" in m && "active" in m && "renderers" in m && m.active).length,
    legends: all.filter((m) => (m.css_classes || []).includes("tsr-board-legend") && m.visible).length,
    range: [view.model.x_range.start, view.model.x_range.end],
    key: key && { tag: key.tagName, open: key.open, summary: key.querySelector("summary").textContent,
                  shown: Array.from(key.querySelectorAll("[data-mark]")).filter((i) => !i.hidden).map((i) => i.dataset.mark) },
    kinds: Array.from(new Set(kinds)),
    figure: Math.max(0, ...all.filter((m) => m.w && m.w.units === "screen" && m.url).map((m) => m.w.value)),
    label: (() => { const names = doc.get_model_by_name("figure-names-name");
                    return names ? (names.visible ? "name" : "id") : null; })(),
    under: under(doc, view),
    cards: Array.from(snapshot.querySelectorAll(".tsr-live-hand .tsr-live-card")).map((c) => {
      const b = c.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; }),
    cut: Array.from(snapshot.querySelectorAll(".tsr-card-face")).filter((face) => cutWord(face)).map((f) => f.textContent),
    overlaps: overlaps(doc),
  };
}"""

TOGGLE_JS = """(on) => {
  if (document.documentElement.classList.contains("tsr-projector") !== on) document.querySelector(".tsr-projector-toggle").click();
}"""


def _look(page, snapshot) -> dict:
    """The board once its size has settled (BokehJS lays it out again after a resize, and the page fits it and then
    sizes its figures)."""
    last = None
    for _ in range(25):
        page.wait_for_timeout(300)
        now = page.evaluate(LOOK_JS, snapshot)
        if last is not None and (now["box"], now["figure"]) == (last["box"], last["figure"]):
            return now
        last = now
    return last


def _scrolled_in_panel(page, table, snapshot, look, width, height) -> list:
    """What is still off the screen once the side panel is scrolled (on its own: the board stays where it was) to
    the board's status or cards; the panel scrolled back."""
    table.locator(".tsr-table-extras").evaluate("(e) => e.scrollIntoView({block: 'nearest'})")
    now = _look(page, snapshot)
    table.locator(".tsr-table-side").evaluate("(e) => { e.scrollTop = 0; }")
    assert now["box"] == pytest.approx(look["box"], abs=1), "the board moved as the side panel scrolled"
    return [b for b in now["under"] if not _on_screen(b, width, height)]


def _on_screen(box, width, height) -> bool:
    left, top, right, bottom = box
    return left >= -1 and top >= -1 and right <= width + 1 and bottom <= height + 1


SPILLED_JS = """(table) => {
  const side = table.querySelector('.tsr-table-side');
  if (!side) return ['no side panel'];
  const edge = side.getBoundingClientRect().right + 2;  // (sub-pixel rounding)
  const scrolled = (c) => {  // inside a row that scrolls sideways (a hand of cards): reached by scrolling
    for (let e = c.parentElement; e && e !== side; e = e.parentElement)
      if (['auto', 'scroll'].includes(getComputedStyle(e).overflowX)) return true;
    return false;
  };
  return [...side.querySelectorAll('button, select, input, summary')].filter((c) => c.offsetParent !== null && !scrolled(c))
    .filter((c) => c.getBoundingClientRect().right > edge)
    .map((c) => `${c.getAttribute('aria-label') || c.textContent.trim().slice(0, 30)}: ${Math.round(c.getBoundingClientRect().right - edge)} px`);
}"""
"""The side panel's visible controls that run past its right edge (a list as wide as its longest choice)."""


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_live_board_is_a_toy_table_that_fills_its_place(open_page, ruleset):
    page, report = open_page(f"{ruleset}/full_game.html", width=1280, height=800)
    wait_for_boards(page)
    table = page.locator(f'.tsr-snapshot[data-ruleset="{ruleset}"]')
    snapshot = table.element_handle()
    assert page.evaluate(LOOK_JS, snapshot)["axes"] > 0, "before Play the snapshot keeps its axes, for measuring"
    page.locator(".tsr-play-now").click()
    table.locator(".tsr-live-turn").wait_for(timeout=120_000)
    page.wait_for_function("window.tsrLivePlay.boots.length > 0")

    widths, figures = {}, {}
    for projector in (False, True):
        page.evaluate(TOGGLE_JS, projector)
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            look = _look(page, snapshot)
            where = f"{width}x{height}, Projector {'on' if projector else 'off'}"
            assert look["axes"] == 0 and look["toolbars"] == 0, f"{where}: a chart's axes or toolbar in play: {look}"
            assert look["hovers"] == 0 and look["legends"] == 0, f"{where}: a hover box or the board's legend: {look}"
            assert table.locator(".bk-Toolbar:visible").count() == 0, f"{where}: a toolbar is drawn"
            left, top, right, bottom = look["box"]
            assert _on_screen(look["box"], width, height), f"{where}: out of view {look['box']}"
            widths[(width, projector)] = right - left
            spilled = page.evaluate(SPILLED_JS, snapshot)
            assert not spilled, f"{where}: controls run past the side panel's edge: {spilled}"
            figures[(width, projector)] = look["figure"]
            if width > 760:  # beside the board: what it draws under its table, and the cards offered (issue 35)
                off = [b for b in look["under"] + look["cards"] if not _on_screen(b, width, height)]
                if off and projector:  # words half as big again: the turn, up to four cards offered and the
                    # status do not always fit the panel's height (328 x 746 px at 1280; at 1920 while the draft's four
                    # cards and the other side's story are shown): the panel's own scroll, the board staying put
                    off = _scrolled_in_panel(page, table, snapshot, look, width, height)
                assert not off, f"{where}: the board's status or cards, or cards offered, below the screen: {off}"
            assert not look["cut"], f"{where}: a card's name cut mid-word: {look['cut']}"
            assert not look["overlaps"], f"{where}: captions drawn over each other: {look['overlaps']}"
            key = look["key"]
            assert key["tag"] == "DETAILS" and not key["open"] and key["summary"] == "What do the marks mean?", key
            assert set(key["shown"]) - {"last"} == set(look["kinds"]), f"{where}: the key lists other marks: {key}"
    assert widths[(1920, True)] >= PROJECTOR_SHARE * 1920, f"the projector's board is {widths[(1920, True)]:.0f} px wide"
    for width, _ in SIZES:
        assert widths[(width, True)] >= widths[(width, False)] - 1, f"Projector on narrows the board at {width}: {widths}"
        if figures[(width, False)]:  # the toy soldiers, drawn in screen px: a third bigger for the back row
            assert figures[(width, True)] >= 1.25 * figures[(width, False)], f"Projector on: figures {figures}"
    # Simple mode (the default) labels a lone figure by its kind in words; the expert list names figures by id.
    label = page.evaluate(LOOK_JS, snapshot)["label"]
    assert label in (None, "name"), f"simple mode labels figures by {label}"
    if label is not None:
        table.locator(".tsr-live-simple").uncheck()
        assert page.evaluate(LOOK_JS, snapshot)["label"] == "id"
        table.locator(".tsr-live-simple").check()

    # The wheel zooms the board in play; "Whole table" (shown once it is zoomed) puts the whole table back in view.
    page.set_viewport_size({"width": 1280, "height": 800})
    whole = table.locator(".tsr-whole-table")
    before = _look(page, snapshot)["range"]
    assert whole.is_hidden()
    left, top, right, bottom = before_box = page.evaluate(LOOK_JS, snapshot)["box"]
    page.mouse.move((left + right) / 2, (top + bottom) / 2)
    page.mouse.wheel(0, -300)
    page.wait_for_timeout(300)
    zoomed = page.evaluate(LOOK_JS, snapshot)["range"]
    assert zoomed[1] - zoomed[0] < 0.9 * (before[1] - before[0]), f"the wheel did not zoom: {before} -> {zoomed}"
    b = whole.bounding_box()  # off the board's drawing (it covered its top right corner, a farmhouse there)
    assert b["x"] >= right or b["x"] + b["width"] <= left or b["y"] >= bottom or b["y"] + b["height"] <= top, \
        f"Whole table {b} is over the board {before_box}"
    whole.click()
    page.wait_for_timeout(300)
    assert page.evaluate(LOOK_JS, snapshot)["range"] == pytest.approx(before, abs=1e-6) and whole.is_hidden()
    assert page.evaluate(LOOK_JS, snapshot)["box"] == pytest.approx(before_box, abs=1)
    assert not report.problems, report.problems



# The view now: its range in table units, the offered marks (the choices layer) and where each is on the screen.
FRAME_JS = """(snapshot) => {""" + LIVE_BOARD_JS + """
  const [doc, view] = liveBoard(snapshot);
  const data = doc.get_model_by_name("layer-choices").data;
  const column = (name) => Array.from(data instanceof Map ? data.get(name) : data[name]);
  const box = view.canvas_view.el.getBoundingClientRect();
  const xs = column("x"), ys = column("y");
  return {x: [view.model.x_range.start, view.model.x_range.end], y: [view.model.y_range.start, view.model.y_range.end],
          marks: xs.map((x, i) => [x, ys[i]]), kinds: column("kind"),
          screen: xs.map((x, i) => [box.left + view.frame.x_scale.compute(x), box.top + view.frame.y_scale.compute(ys[i])])};
}"""


def test_on_a_phone_the_view_follows_the_action_and_whole_table_shows_it_all(open_page):
    """Army Men's 48-inch table on a phone (7 px an inch whole): the view frames the figures that may act, then,
    a figure chosen (a tap 10 px off it), it and where it can go: at most 60 % of the table's width, every offered
    mark in the frame. "Whole table" shows it all again."""
    page, report = open_page("army_men/full_game.html", width=390, height=844)
    wait_for_boards(page)
    table = page.locator('.tsr-snapshot[data-ruleset="army_men"]')
    snapshot = table.element_handle()
    page.locator(".tsr-play-now").click()
    table.locator(".tsr-live-turn").wait_for(timeout=120_000)
    page.wait_for_function("window.tsrLivePlay.boots.length > 0")
    whole = table.locator(".tsr-whole-table")
    for chosen in (False, True):
        page.wait_for_timeout(400)
        view = page.evaluate(FRAME_JS, snapshot)
        (x0, x1), (y0, y1) = view["x"], view["y"]
        assert x1 - x0 <= 0.6 * 48, f"the view does not follow the action: {view['x']}"
        assert view["marks"] and all(x0 <= x <= x1 and y0 <= y <= y1 for x, y in view["marks"]), view
        assert ("chosen" in view["kinds"]) == chosen and whole.is_visible()
        if not chosen:
            sx, sy = view["screen"][view["kinds"].index("piece")]
            page.mouse.click(sx + 6, sy + 8)  # a fingertip near the figure, not on its centre pixel
            page.wait_for_function("window.tsrLivePlay.moves.length > 0")
    whole.click()
    page.wait_for_timeout(300)
    view = page.evaluate(FRAME_JS, snapshot)
    assert view["x"][1] - view["x"][0] >= 47.9 and whole.is_hidden()
    assert not report.problems, report.problems
