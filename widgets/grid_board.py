"""A square-grid board in Bokeh: terrain tiles, units, highlighted squares.

Generic for every grid ruleset (Phlog now, Dice Tactics later). A ruleset's
board turns its state into three layers of plain column data with
:meth:`GridBoard.tiles`, :meth:`GridBoard.units` and
:meth:`GridBoard.highlights`, and :meth:`GridBoard.figure` draws them once.

Squares are ``(col, row)`` with row 0 at the top, as the engine prints them;
the axes are numbered the same way so a square named in an explanation can
be found on the board. Everything is drawn in data units (a unit is its kind's
toy soldier, boards.toys, nearly a square wide; a terrain square is its colour and
an icon of what it is), so the board scales with the page, from a projector to a
phone.

True scale: the figure keeps the grid's proportions as it fills the page
width (``sizing_mode="scale_width"``) and its ranges are ``DataRange1d``
fitted to the grid with ``match_aspect``, so a square is square at every
width. One tooltip per square (terrain, fighter and route together, kept in
step with the layers by a small JS callback), so tooltips never pile up.
:meth:`GridBoard.legend` is the HTML legend drawn below the board.
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Iterable, Mapping

from bokeh.models import ColumnDataSource, CustomJS, DataRange1d, HoverTool, ImageURL, SingleIntervalTicker
from bokeh.plotting import figure
from bokeh.transform import dodge

from .board import legend_div, swatch_box, swatch_marker
from boards.palette import INK, side_colour
from boards.toys import sprite, tile_sprite
from boards.grid import (
    FATE_COLOURS, FATE_HATCHES, FATE_LEGEND, FLOOR, FLOOR_LINE, GridLayers,
)


@dataclasses.dataclass
class GridBoard(GridLayers):
    """:class:`boards.grid.GridLayers` with its Bokeh figure and legend."""

    # -- the figure, built once ----------------------------------------------------------
    def figure(self, tiles: ColumnDataSource, units: ColumnDataSource, highlights: ColumnDataSource | None = None,
               *, floor: ColumnDataSource | None = None, name: str = "grid-board"):
        """The board; ``floor`` (the layer of every square), when given, lets the board change size in place."""
        border_left, border_bottom, border_top = 44, 40, (30 if self.title else 6)
        # Row 0 on top, as the engine counts rows ("N" is towards row 0). No bounds="auto" on this range: BokehJS
        # then ignores flipped and draws row 0 at the bottom (and the board has no pan or zoom to bound).
        x_range, y_range = DataRange1d(range_padding=0, bounds="auto"), DataRange1d(range_padding=0, flipped=True)
        fig = figure(
            width=self.width * self.square_px + border_left + 6,
            height=self.height * self.square_px + border_bottom + border_top,
            x_range=x_range, y_range=y_range, sizing_mode="scale_width", toolbar_location=None, title=self.title,
            tools="",  # no pan or wheel zoom: a finger's swipe scrolls the page (a phone can still pinch-zoom it)
            name=name, min_border=4, min_border_left=border_left, min_border_bottom=border_bottom,
            min_border_top=border_top, min_border_right=6, match_aspect=True, aspect_scale=1,
            background_fill_color="#ffffff",
        )
        fig.xaxis.ticker = SingleIntervalTicker(interval=1)  # a number for every column and row, at any size
        fig.yaxis.ticker = SingleIntervalTicker(interval=1)
        fig.xaxis.axis_label = "column"
        fig.yaxis.axis_label = "row"
        for axis in (fig.xaxis, fig.yaxis):
            axis.major_tick_line_color = None
            axis.minor_tick_line_color = None
            axis.axis_line_color = None
            axis.axis_label_text_font_size = "12px"
            axis.major_label_text_font_size = "12px"
            axis.axis_label_text_color = INK
            axis.major_label_text_color = INK
        if fig.title is not None:
            fig.title.text_color = INK
        fig.grid.visible = False
        # The frame is the grid (the ranges fit it exactly), so the frame's outline is the board's edge.
        fig.outline_line_color = "#5d5b3a"
        fig.outline_line_width = 2
        floor = floor if floor is not None else ColumnDataSource(self.floor())
        ground = fig.rect("x", "y", 1, 1, source=floor, fill_color=FLOOR, line_color=FLOOR_LINE)
        x_range.renderers = [ground]  # the ranges fit the grid, whatever else is drawn
        y_range.renderers = [ground]
        # Terrain as what it is (boards.toys.tile_sprite): its colour, and an icon of its name (a shape besides colour).
        fig.rect("x", "y", 1, 1, source=tiles, fill_color="colour", line_color="#6b6453", name="tiles")
        fig.add_glyph(tiles, ImageURL(url="sprite", x="x", y="y", w=0.9, h=0.9, anchor="center"), name="tile-icons")
        if highlights is not None:
            fig.rect("x", "y", 0.86, 0.86, source=highlights, fill_color="colour", fill_alpha=0.5,
                     line_color="colour", line_width=2, hatch_pattern="hatch", hatch_color="#000000",
                     hatch_alpha=0.5, hatch_scale=7)
            fig.text("x", "y", text="text", source=highlights, x_offset=-14, y_offset=-10, text_font_size="11px",
                     text_font_style="bold", text_color="#111111", text_align="left", text_baseline="top")
        # Units as toy soldiers (boards.toys) on a base of their side's colour (outlined thick when activated), their
        # label (a squad's strength, a fighter's number) on a white badge at the base's corner.
        fig.circle("x", "y", radius=0.45, source=units, fill_color="#ffffff", fill_alpha=0.85, line_alpha=0,
                   name="unit-ground")  # the square's icon (a spawn point's cross) kept from showing through
        fig.circle("x", "y", radius=0.45, source=units, fill_color="colour", fill_alpha=0.3, line_color=INK,
                   line_width="line_width", name="unit-bases")
        fig.add_glyph(units, ImageURL(url="sprite", x="x", y="y", w=0.88, h=0.88, anchor="center"), name="unit-sprites")
        badge_x, badge_y = dodge("x", 0.3, range=fig.x_range), dodge("y", 0.3, range=fig.y_range)
        fig.circle(badge_x, badge_y, radius=0.22, source=units, fill_color="#ffffff", line_color=INK, line_width=1.2,
                   name="unit-badges")
        fig.text(badge_x, badge_y, text="label", source=units, text_align="center", text_baseline="middle",
                 text_font_size="11px", text_font_style="bold", text_color=INK, name="unit-labels")
        # One tooltip per square: an invisible square over each, holding what every layer says about it.
        cells = ColumnDataSource(cell_info(self.width, self.height, tiles.data, units.data,
                                           highlights.data if highlights is not None else None), name="cells")
        hover = fig.rect("x", "y", 1, 1, source=cells, fill_alpha=0, line_alpha=0, name="cells")
        fig.add_tools(HoverTool(renderers=[hover], tooltips='<div style="max-width:320px">@info{safe}</div>'))
        sync = CustomJS(args=dict(cells=cells, tiles=tiles, units=units, marks=highlights, floor=floor), code=_CELL_JS)
        for source in (floor, tiles, units) + ((highlights,) if highlights is not None else ()):
            source.js_on_change("data", sync)
        return fig

    def legend(self, terrain_kinds: Iterable[str] = (), unit_kinds: Iterable[str] = (), *, fates: bool = False,
               name: str = "grid-legend"):
        """The legend below the board: the sides, the unit kinds, the terrain styles given, and (``fates``)
        what a marked square means."""
        sides = list(self.sides)
        kinds = list(dict.fromkeys(unit_kinds))
        side_items = [(_img(sprite(kinds[0] if kinds else "", side_colour(s, sides), self.facing_left(s))),
                       f"{s} ({'facing left' if self.facing_left(s) else 'facing right'})") for s in sides]
        side_items.append((swatch_marker("circle", "#ffffff", line_width=3.2), "activated (thick outline)"))
        unit_items = [(_img(sprite(k, "#8a8a8a")), self.kind_names.get(k, k).lower()) for k in kinds]
        styles = [self.styles[k] for k in dict.fromkeys(terrain_kinds) if k in self.styles]
        terrain_items = [(swatch_box(FLOOR, line=FLOOR_LINE), "floor")] + [
            (_tile(st.colour, tile_sprite(st.name, st.ink)), st.name) for st in styles]
        groups = [("Sides", side_items), ("Fighters", unit_items), ("Squares", terrain_items)]
        if fates:
            groups.append(("Can reach", [(swatch_box(FATE_COLOURS[f], hatch=FATE_HATCHES[f]), words)
                                         for f, words in FATE_LEGEND.items()]))
        return legend_div(groups, name=name)


def _img(url: str) -> str:
    return f'<img src="{url}" width="22" height="22" alt="">'


def _tile(colour: str, url: str) -> str:
    """A terrain square's swatch: its colour and its icon, as drawn on the board."""
    return (f'<span style="display:inline-block;width:20px;height:20px;background:{colour};'
            f'border:1px solid #6b6453"><img src="{url}" width="20" height="20" alt=""></span>')


def cell_info(width: int, height: int, tiles: Mapping, units: Mapping, marks: Mapping | None) -> dict[str, list]:
    """One row per square: its position and the HTML of its one tooltip (mirrors ``_CELL_JS``)."""
    by_square: dict[tuple[int, int], list[str]] = {}

    def add(x, y, text):
        by_square.setdefault((x, y), []).append(text)

    for x, y, kind, note in zip(tiles["x"], tiles["y"], tiles["kind"], tiles["note"]):
        add(x, y, f"<b>{html.escape(kind)}</b>" + (f": {html.escape(note)}" if note else ""))
    for x, y, uid, side, kind, note in zip(units["x"], units["y"], units["id"], units["side"], units["kind"],
                                           units["note"]):
        add(x, y, f"<b>{html.escape(uid)}</b> ({html.escape(side)}, {html.escape(kind)})"
                  + (f", {html.escape(note)}" if note else ""))
    if marks is not None:
        for x, y, cost, fate, detail in zip(marks["x"], marks["y"], marks["cost"], marks["fate"], marks["detail"]):
            add(x, y, f"<b>{html.escape(cost)} movement points</b>: {html.escape(fate)}"
                      + (f"<br>route: {html.escape(detail)}" if detail else ""))
    rows = {"x": [], "y": [], "info": []}
    for row in range(height):
        for col in range(width):
            rows["x"].append(col)
            rows["y"].append(row)
            rows["info"].append(f"square ({col}, {row})<br>" + "<br>".join(by_square.get((col, row), ["floor"])))
    return rows


_CELL_JS = """
const esc = (t) => String(t).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const by = new Map();
const add = (x, y, text) => { const k = x + ',' + y; if (!by.has(k)) { by.set(k, []); } by.get(k).push(text); };
const t = tiles.data;
for (let i = 0; i < t.x.length; i++) {
  add(t.x[i], t.y[i], '<b>' + esc(t.kind[i]) + '</b>' + (t.note[i] ? ': ' + esc(t.note[i]) : ''));
}
const u = units.data;
for (let i = 0; i < u.x.length; i++) {
  add(u.x[i], u.y[i], '<b>' + esc(u.id[i]) + '</b> (' + esc(u.side[i]) + ', ' + esc(u.kind[i]) + ')'
      + (u.note[i] ? ', ' + esc(u.note[i]) : ''));
}
if (marks !== null) {
  const m = marks.data;
  for (let i = 0; i < m.x.length; i++) {
    add(m.x[i], m.y[i], '<b>' + esc(m.cost[i]) + ' movement points</b>: ' + esc(m.fate[i])
        + (m.detail[i] ? '<br>route: ' + esc(m.detail[i]) : ''));
  }
}
const width = Math.max(...floor.data.x) + 1, height = Math.max(...floor.data.y) + 1;
const x = [], y = [], info = [];
for (let row = 0; row < height; row++) {
  for (let col = 0; col < width; col++) {
    x.push(col); y.push(row);
    info.push('square (' + col + ', ' + row + ')<br>' + (by.get(col + ',' + row) || ['floor']).join('<br>'));
  }
}
cells.data = {x: x, y: y, info: info};
"""
