"""What every board widget shares: layers of column data drawn from a state.

A ruleset's board is a :class:`Board`: ``layers(state)`` turns a state into
plain column data (one dict of equal-length lists per layer), and
``draw(sources)`` builds the Bokeh figure once from ``ColumnDataSource``s.
Live play and replays then only swap the data, never rebuild the figure.
"""

from __future__ import annotations

import re
from typing import Protocol

from bokeh.events import DoubleTap, Tap
from bokeh.models import Arrow, CDSView, ColumnDataSource, CustomJS, GroupFilter, Plot, VeeHead

from explorer.core.session import CHOICE_COLUMNS, LAST_COLUMNS

from boards.palette import OKABE_ITO


class Board(Protocol):
    def layers(self, state) -> dict[str, dict[str, list]]: ...

    def draw(self, sources: dict[str, ColumnDataSource]): ...


def make_sources(layers: dict[str, dict[str, list]]) -> dict[str, ColumnDataSource]:
    return {name: ColumnDataSource(data, name=f"layer-{name}") for name, data in layers.items()}


def update_sources(sources: dict[str, ColumnDataSource], layers: dict[str, dict[str, list]]) -> None:
    """Assign new data to the existing sources (the figure updates in place)."""
    for name, data in layers.items():
        sources[name].data = data


# -- choosing on the board (live play) -------------------------------------------------------------
# Live play's Session answers with a "choices" layer (explorer.core.session.CHOICE_COLUMNS): the figures
# a tap may choose, the chosen one, and where a second tap plays an action. Every live board draws it
# the same way, and every tap on it is passed on: to the kernel in JupyterLab (Bokeh's Tap event), and
# in the page as a DOM event (sitebuild/static/js/live-play.js listens), so no ruleset needs its own code.

CHOICES = "choices"
LAST = "last"  # what happened since the seat's own last action (Session.last_layer): arrows and rings
LAST_COLOUR = OKABE_ITO["vermillion"]  # no side's colour, nor a sight line's (blue, reddish purple, black)
TAP_EVENT = "tsr-board-tap"
TAP_EVENTS = (Tap, DoubleTap)
FINGER_PX = 22
"""How far from a mark a tap still means it, in CSS px, whatever the board's scale: half of WCAG 2.5.5's
44 px target. The tap sends it in the board's units (``reach``) for the Session's :meth:`tap`."""
_TAP_JS = f"""
const span = Math.abs(plot.x_range.end - plot.x_range.start), width = plot.inner_width;
const reach = width > 0 && Number.isFinite(span) ? {FINGER_PX} * span / width : null;
document.dispatchEvent(new CustomEvent("{TAP_EVENT}", {{detail: {{plot: plot.id, x: cb_obj.x, y: cb_obj.y, reach}}}}));
"""


def finger_reach(plot: Plot) -> float | None:
    """:data:`FINGER_PX` in ``plot``'s units at its size on screen (as the browser last said it), or ``None``
    before it has been drawn."""
    try:  # set by the browser once it has drawn the plot; unset (an error to read) before
        width = plot.inner_width
        start, end = plot.x_range.start, plot.x_range.end
    except (AttributeError, ValueError):
        return None
    if not isinstance(width, (int, float)) or width <= 0 or not all(isinstance(v, (int, float)) for v in (start, end)):
        return None
    return FINGER_PX * abs(end - start) / width


def with_choices(layers: dict[str, dict[str, list]]) -> dict[str, dict[str, list]]:
    """``layers`` and empty choices and last layers (live play fills them)."""
    return {**layers, CHOICES: {column: [] for column in CHOICE_COLUMNS}, LAST: {column: [] for column in LAST_COLUMNS}}


def board_plot(layout, sources: dict[str, ColumnDataSource]) -> Plot:
    """The plot of ``layout`` that draws most of the layer ``sources``: the board, not its cards or legend."""
    mine = set(map(id, sources.values()))

    def drawn(plot) -> int:
        return len({id(r.data_source) for r in plot.renderers if id(getattr(r, "data_source", None)) in mine})

    best = max(layout.select({"type": Plot}), key=drawn, default=None)
    if best is None or not drawn(best):
        raise ValueError("no plot in this layout draws the board's layers")
    return best


def add_choices(layout, sources: dict[str, ColumnDataSource]) -> Plot:
    """Draw the choices layer on the board and pass taps on; the board's plot, for a kernel's Tap handler."""
    plot = board_plot(layout, {k: v for k, v in sources.items() if k not in (CHOICES, LAST)})
    if LAST in sources:
        add_last(plot, sources[LAST])
    source = sources[CHOICES]

    def kind(name: str) -> CDSView:
        return CDSView(filter=GroupFilter(column_name="kind", group=name))

    # A ring round each figure that may act (dashed), a bold one round the chosen figure, and a
    # white-cased dot where a second tap plays: black and white, so they read over any side's colour.
    plot.scatter("x", "y", source=source, view=kind("piece"), marker="circle", size=30, fill_alpha=0,
                 line_color="#000000", line_width=2.5, line_dash="dashed", name="choices-pieces")
    plot.scatter("x", "y", source=source, view=kind("chosen"), marker="circle", size=32, fill_alpha=0,
                 line_color="#000000", line_width=4, name="choices-chosen")
    plot.scatter("x", "y", source=source, view=kind("target"), marker="circle_dot", size=14,
                 fill_color="#ffffff", line_color="#000000", line_width=2, name="choices-targets")
    # A spot that takes the figure off the table: a crossed square, not a dot, so it is never tapped unawares.
    plot.scatter("x", "y", source=source, view=kind("off"), marker="square_x", size=16,
                 fill_color="#ffffff", line_color="#000000", line_width=2, name="choices-off")
    # Bokeh calls a second tap soon after a first a "doubletap" (each press is one or the other): both count.
    for event in TAP_EVENTS:
        plot.js_on_event(event.event_name, CustomJS(args=dict(plot=plot), code=_TAP_JS))
    return plot


def add_last(plot: Plot, source: ColumnDataSource) -> None:
    """Draw the last layer: a dashed vermillion arrow from where each figure stood to where it went or whom it
    attacked, and a double ring (a thick dotted one round a thin one) where it ended. Colour is not the only
    cue: the dash, the arrowhead and the double ring tell it from every other mark of a board."""
    plot.add_layout(Arrow(source=source, x_start="x0", y_start="y0", x_end="x1", y_end="y1",
                          line_color=LAST_COLOUR, line_width=3, line_dash="dashed", name="last-arrows",
                          end=VeeHead(size=14, line_color=LAST_COLOUR, fill_color=LAST_COLOUR, line_width=2)))
    plot.scatter("x1", "y1", source=source, marker="circle", size=36, fill_alpha=0, line_color=LAST_COLOUR,
                 line_width=3, line_dash="dotted", name="last-rings")
    plot.scatter("x1", "y1", source=source, marker="circle", size=24, fill_alpha=0, line_color=LAST_COLOUR,
                 line_width=1.5, name="last-inner-rings")


def render(board: Board, state):
    """A figure of ``state`` (and its sources, to update later)."""
    sources = make_sources(board.layers(state))
    return board.draw(sources), sources


# -- legends ----------------------------------------------------------------------------------------
# A board's legend is HTML below the figure (never over the table): it wraps on a phone, its words
# are real text (readable by a screen reader, contrast over 15:1), and each swatch shows the same
# shape, fill, hatch and dash as the board.

LEGEND_CLASS = "tsr-board-legend"
LEGEND_STYLE = {
    "font-size": "13px", "line-height": "1.5", "color": "#1A1A1A", "background": "#ffffff",
    "border-top": "1px solid #c9c2b0", "padding": "4px 2px 0 2px",
}

_HATCH_SVG = {
    # Bokeh hatch pattern -> SVG drawing in a 14 px tile (an approximation: the cue, not the exact pattern)
    "dot": '<circle cx="3.5" cy="3.5" r="1.2"/><circle cx="10.5" cy="10.5" r="1.2"/>',
    ".": '<circle cx="3.5" cy="3.5" r="1.2"/><circle cx="10.5" cy="10.5" r="1.2"/>',
    "ring": '<circle cx="7" cy="7" r="3" fill="none" stroke-width="1.2"/>',
    "horizontal_line": '<path d="M0 4H14M0 10H14" stroke-width="1.4"/>',
    "vertical_line": '<path d="M4 0V14M10 0V14" stroke-width="1.4"/>',
    "criss_cross": '<path d="M0 0L14 14M14 0L0 14" stroke-width="1.2"/>',
    "diagonal_cross": '<path d="M0 0L14 14M14 0L0 14" stroke-width="1.6"/>',
    "x": '<path d="M0 0L14 14M14 0L0 14" stroke-width="1.6"/>',
    "/": '<path d="M0 14L14 0M-4 4L4 -4M10 18L18 10" stroke-width="1.4"/>',
    "right_diagonal_line": '<path d="M0 14L14 0M-4 4L4 -4M10 18L18 10" stroke-width="1.4"/>',
    "vertical_wave": '<path d="M5 0Q8 3.5 5 7T5 14" fill="none" stroke-width="1.3"/>',
}


def swatch_box(fill: str, *, hatch: str = "blank", hatch_colour: str = "#000000", line: str = "#3c3c3c") -> str:
    """A 14 px square: a terrain (or square) kind's fill and hatch."""
    marks = _HATCH_SVG.get(hatch.strip(), "")
    if marks:
        marks = f'<g fill="{hatch_colour}" stroke="{hatch_colour}" opacity="0.8">{marks}</g>'
    return (f'<svg width="16" height="16" viewBox="-1 -1 16 16" aria-hidden="true">'
            f'<rect x="0" y="0" width="14" height="14" fill="{fill}" stroke="{line}" stroke-width="1"/>{marks}</svg>')


def swatch_marker(shape: str, fill: str, *, line: str = "#1A1A1A", line_width: float = 1.3, text: str = "") -> str:
    """A 16 px marker: ``circle``, ``square``, ``triangle``, ``inverted_triangle``, ``diamond``, ``star``, ``hex``,
    ``x`` or ``ring``."""
    body = {
        "circle": '<circle cx="8" cy="8" r="6"/>',
        "square": '<rect x="2.5" y="2.5" width="11" height="11"/>',
        "triangle": '<path d="M8 1.5L14.5 14H1.5Z"/>',
        "diamond": '<path d="M8 1L15 8L8 15L1 8Z"/>',
        "inverted_triangle": '<path d="M8 14.5L14.5 2H1.5Z"/>',
        "star": '<path d="M8 1L9.9 6H15L10.9 9.1L12.4 14.5L8 11.3L3.6 14.5L5.1 9.1L1 6H6.1Z"/>',
        "hex": '<path d="M1.5 8L4.8 2.3H11.2L14.5 8L11.2 13.7H4.8Z"/>',
        "x": '<path d="M3 3L13 13M13 3L3 13" fill="none"/>',
        "ring": '<circle cx="8" cy="8" r="6" fill="none" stroke-dasharray="3 2"/>',
    }.get(shape, '<circle cx="8" cy="8" r="6"/>')
    label = (f'<text x="8" y="11.5" font-size="9" font-weight="bold" text-anchor="middle" '
             f'fill="{"#111111" if _light(fill) else "#ffffff"}">{text}</text>' if text else "")
    return (f'<svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">'
            f'<g fill="{fill}" stroke="{line}" stroke-width="{line_width}">{body}</g>{label}</svg>')


def swatch_line(colour: str, dash: str = "solid", width: float = 2.5) -> str:
    """A 30 px line segment, solid, dashed or dotted, with the board's white casing."""
    pattern = {"solid": "", "dashed": ' stroke-dasharray="6 4"', "dotted": ' stroke-dasharray="2 3"'}[dash]
    return (f'<svg width="30" height="12" viewBox="0 0 30 12" aria-hidden="true">'
            f'<path d="M1 6H29" stroke="#ffffff" stroke-width="{width + 2.5}"/>'
            f'<path d="M1 6H29" stroke="{colour}" stroke-width="{width}"{pattern}/></svg>')


def _light(colour: str) -> bool:
    if not colour.startswith("#") or len(colour) != 7:
        return True
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b > 140


def legend_html(groups: list[tuple[str, list[tuple[str, str]]]]) -> str:
    """Groups of ``(swatch svg, words)`` as one wrapping line per group: ``[(heading, items), ...]``."""
    import html as _html

    parts = []
    for heading, items in groups:
        if not items:
            continue
        # An item keeps its swatch beside its words, and wraps its words only when they are wider than the line (a
        # chart's key can be long: give it swatches that keep their width, ``kept_width``): never wider than a phone.
        cells = "".join(
            f'<span style="display:inline-flex;align-items:center;gap:4px;margin:0 12px 2px 0;max-width:100%">'
            f'{svg}<span>{_html.escape(words)}</span></span>' for svg, words in items)
        parts.append(f'<div style="display:flex;flex-wrap:wrap;align-items:center">'
                     f'<b style="margin-right:8px">{_html.escape(heading)}:</b>{cells}</div>')
    return f'<div class="{LEGEND_CLASS}-body">{"".join(parts)}</div>'


def kept_width(*swatches: str) -> str:
    """``swatches`` side by side as one swatch that keeps its width when a legend item's words wrap beside it (a
    flex item would shrink them): for a chart's key, whose words may be longer than a phone's line."""
    return f'<span style="display:inline-flex;flex:none">{"".join(swatches)}</span>'


def legend_div(groups: list[tuple[str, list[tuple[str, str]]]], *, name: str = "board-legend"):
    """The legend as a Bokeh ``Div`` to put below a board's figure."""
    from bokeh.models import Div

    return Div(text=legend_html(groups), name=name, css_classes=[LEGEND_CLASS], sizing_mode="stretch_width",
               styles=LEGEND_STYLE)


# -- touch ------------------------------------------------------------------------------------------
# On a phone a finger's swipe over a board must scroll the page: no pan (drag) or wheel-zoom tool is
# active by default, so BokehJS leaves the canvas's ``touch-action`` at ``auto``. Zoom stays available
# by choosing a tool in the toolbar (where a board has one). A tap shows what hover shows: touch has
# no hover, so a tap asks the board's hover tool to inspect the tapped point.

_TAP_SHOWS_HOVER_JS = """
const index = (typeof Bokeh !== "undefined") ? Bokeh.index : null;
if (index == null || index.find_one == null) { return; }
const sx = cb_obj.sx, sy = cb_obj.sy;
// after the finger's pointerout (which hides the tooltip) has been handled
setTimeout(() => {
  for (const tool of hovers) {
    const view = index.find_one(tool);
    if (view != null && typeof view._move === "function") {
      view._move({type: "move", sx: sx, sy: sy, modifiers: {shift: false, ctrl: false, alt: false}});
    }
  }
}, 30);
"""


def touch_friendly(layout) -> None:
    """Every figure in ``layout``: no drag or scroll tool active by default, and a tap shows the hover
    tooltip (see above). ``widgets.display`` applies it to everything it shows, charts included."""
    from bokeh.events import Tap
    from bokeh.models import CustomJS, HoverTool, Plot

    for fig in layout.select({"type": Plot}):
        fig.toolbar.active_drag = None
        fig.toolbar.active_scroll = None
        fig.toolbar.active_multi = None
        hovers = list(fig.select({"type": HoverTool}))
        shown = [cb for cb in fig.js_event_callbacks.get(Tap.event_name, []) if cb.code == _TAP_SHOWS_HOVER_JS]
        if hovers and not shown:
            fig.js_on_event(Tap, CustomJS(args=dict(hovers=hovers), code=_TAP_SHOWS_HOVER_JS))


# -- sizes that grow with the board (live play in JupyterLab) -----------------------------------------
# Bokeh sizes a board's labels and marks in screen pixels, so a board scaled up to a projector's width keeps
# 11 px words. The page grows them with the board's drawn width (sitebuild/static/js/live-play.js, growLabels:
# the drawn width over the width the plot was designed at, from 1 up to the same GROWTH_MOST); in JupyterLab
# BokehJS reports the drawn width (the plot's ``outer_width``) to the kernel, which grows them here.

GROWTH_MOST = 2.4  # the most a board's labels and marks grow (a 720 px design on a 1,920 px projector)
FONT_SIZE = re.compile(r"^([\d.]+)(px|pt)$")


def growth(drawn: float, designed: float) -> float:
    """How much a plot designed ``designed`` px wide and drawn ``drawn`` px wide grows its labels and marks:
    their ratio, never shrinking, at most :data:`GROWTH_MOST`."""
    return min(GROWTH_MOST, max(1.0, drawn / designed)) if drawn and designed else 1.0


def grow_with_width(layout) -> None:
    """Every plot of ``layout``: its words (text glyphs and label sets) and its marks (markers, arrowheads, toy
    soldiers, with the offsets that keep a label beside its figure) grow with the width BokehJS draws it at
    (:func:`growth`), from the sizes it was designed with."""
    for plot in layout.select({"type": Plot}):
        designed = list(_sizes(plot))
        if designed and plot.width:
            plot.on_change("outer_width", lambda _attr, _old, drawn, plot=plot, designed=designed:
                           _grow(designed, growth(drawn, plot.width)))


def _sizes(plot: Plot):
    """``(model, attribute, designed size in px, font?)`` of each size of ``plot`` given in screen pixels."""
    annotations = list(plot.center)
    heads = [head for arrow in annotations for head in (getattr(arrow, "start", None), getattr(arrow, "end", None))
             if head is not None]
    for model in [getattr(r, "glyph", None) for r in plot.renderers] + annotations + heads:
        size = getattr(model, "text_font_size", None)
        match = FONT_SIZE.match(size) if isinstance(size, str) else None
        if match:
            yield model, "text_font_size", float(match[1]) * (4 / 3 if match[2] == "pt" else 1), True
        sprite = ("w", "h") if getattr(model, "w_units", None) == "screen" else ()  # a toy soldier (ImageURL) in px
        for attribute in ("size", "x_offset", "y_offset", *sprite):
            value = getattr(model, attribute, None)
            if isinstance(value, (int, float)) and not isinstance(value, bool) and value:
                yield model, attribute, float(value), False


def _grow(designed, factor: float) -> None:
    for model, attribute, size, font in designed:
        setattr(model, attribute, f"{size * factor:.1f}px" if font else round(size * factor, 1))


# -- a toy table, not a chart (live play in JupyterLab) -----------------------------------------------
# In play a board has no axes, grid lines, toolbar or hover card: what a tap finds is said beside it. The wheel
# and a pinch still zoom it (a wheel-zoom tool active without a toolbar: BokehJS gives pinches to it and leaves a
# one-finger swipe to the page), a drag pans it, and one button shows the whole table again (:func:`show_whole`).
# The page does the same to the snapshot's board when play starts (sitebuild/static/js/live-play/board-view.js,
# toyTable), so the board shown before Play keeps its axes for measuring.

_RESET_JS = "plot.reset.emit()"  # the plot's own reset: the ranges it was drawn with


def toy_table(layout, plot: Plot) -> None:
    """Every plot of ``layout`` without axes, grid lines, toolbar or hover card, its legend hidden; ``plot`` (the
    board) zoomed by the wheel or a pinch and panned by a drag, and reset by :func:`show_whole`."""
    from bokeh.models import Axis, Grid, HoverTool, PanTool, WheelZoomTool

    from bokeh.models import Div

    for div in layout.select({"type": Div}):  # the board's own legend: the marks' key beside it says what is there now
        if LEGEND_CLASS in (div.css_classes or []):
            div.visible = False
    for fig in layout.select({"type": Plot}):
        for part in (*fig.left, *fig.below, *fig.right, *fig.above, *fig.center):
            if isinstance(part, (Axis, Grid)):
                part.visible = False
        fig.toolbar_location = None
        fig.min_border_left = fig.min_border_right = fig.min_border_bottom = 5  # no room kept for the axes
        if fig.select({"type": HoverTool}):
            fig.toolbar.active_inspect = None  # hover tools off
    tools = plot.toolbar.tools
    zoom = next((t for t in tools if isinstance(t, WheelZoomTool)), None) or WheelZoomTool()
    pan = next((t for t in tools if isinstance(t, PanTool)), None) or PanTool()
    plot.toolbar.tools = [*tools, *(t for t in (zoom, pan) if t not in tools)]
    plot.toolbar.active_scroll, plot.toolbar.active_drag = zoom, pan
    if not any(cb.code == _RESET_JS for cb in plot.js_property_callbacks.get("change:tags", [])):
        plot.js_on_change("tags", CustomJS(args=dict(plot=plot), code=_RESET_JS))


def show_whole(plot: Plot) -> None:
    """The board's whole table in view again, after a zoom or a pan (the browser resets it: see :func:`toy_table`)."""
    asked = [t for t in plot.tags if str(t).startswith("whole-")]  # each ask a new tag: a change the browser hears
    count = int(asked[-1].split("-")[1]) + 1 if asked else 1
    plot.tags = [*(t for t in plot.tags if t not in asked), f"whole-{count}"]
