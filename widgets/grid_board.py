"""A square-grid board in Bokeh: terrain tiles, units, highlighted squares.

Generic for every grid ruleset (Phlog now, Dice Tactics later). A ruleset's
board turns its state into three layers of plain column data with
:meth:`GridBoard.tiles`, :meth:`GridBoard.units` and
:meth:`GridBoard.highlights`, and :meth:`GridBoard.figure` draws them once.

Squares are ``(col, row)`` with row 0 at the top, as the engine prints them;
the axes are numbered the same way so a square named in an explanation can
be found on the board. Everything is drawn in data units (units are small
polygons, not screen-sized markers), so the board scales with the page, from
a projector to a phone.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Mapping

from bokeh.models import ColumnDataSource, HoverTool, Range1d
from bokeh.plotting import figure

from .palette import OKABE_ITO, side_colour

Square = tuple[int, int]

FLOOR = "#f3ead7"
FLOOR_LINE = "#c9b99a"


@dataclasses.dataclass(frozen=True)
class TileStyle:
    """How one kind of terrain is drawn: fill, a hatch (so colour is never the only cue), a tooltip."""

    name: str
    colour: str
    hatch: str = "blank"
    hatch_colour: str = "#000000"
    note: str = ""


@dataclasses.dataclass(frozen=True)
class Unit:
    """One piece on the board, as a board shows it."""

    id: str
    side: str
    kind: str  # selects the shape (see GridBoard.shapes)
    square: Square
    note: str = ""  # extra tooltip text
    emphasis: bool = False  # drawn with a thick outline (the activated unit)
    label: str = ""  # a short mark drawn on the unit (e.g. its number)


@dataclasses.dataclass(frozen=True)
class Highlight:
    """A marked square: its colour, a hatch, a short text in the square, and tooltip fields."""

    square: Square
    colour: str
    text: str = ""
    hatch: str = "blank"
    fate: str = ""
    cost: str = ""
    detail: str = ""


def shape(kind: str, x: float, y: float, radius: float = 0.34) -> tuple[list[float], list[float]]:
    """A polygon in data units: ``triangle``, ``circle``, ``square``, ``diamond`` or ``hexagon``."""
    if kind == "square":
        r = radius * 0.85
        return [x - r, x + r, x + r, x - r], [y - r, y - r, y + r, y + r]
    sides, turn = {"triangle": (3, -90), "diamond": (4, 0), "hexagon": (6, 0)}.get(kind, (20, 0))
    # Screen y grows downwards on the board (row 0 at the top), so -90 degrees points up.
    angles = [math.radians(turn + 360 * i / sides) for i in range(sides)]
    scale = 1.1 if kind == "triangle" else 1.0
    return ([round(x + radius * scale * math.cos(a), 4) for a in angles],
            [round(y + radius * scale * math.sin(a) + (0.06 if kind == "triangle" else 0), 4) for a in angles])


@dataclasses.dataclass
class GridBoard:
    """A ``width`` x ``height`` board; ``styles`` maps terrain kinds to how they look."""

    width: int
    height: int
    styles: Mapping[str, TileStyle]
    shapes: Mapping[str, str] = dataclasses.field(default_factory=dict)  # unit kind -> shape name
    kind_names: Mapping[str, str] = dataclasses.field(default_factory=dict)  # unit kind -> tooltip name
    sides: tuple[str, ...] = ()
    title: str | None = None
    square_px: int = 52

    # -- layers: plain column data ---------------------------------------------------
    def tiles(self, terrain: Mapping[Square, str], variants: Mapping[Square, str] | None = None) -> dict[str, list]:
        """One row per terrain square. ``variants`` overrides the style key of a square (an open door)."""
        rows = {"x": [], "y": [], "kind": [], "colour": [], "hatch": [], "hatch_colour": [], "note": []}
        variants = variants or {}
        for (col, row), kind in sorted(terrain.items(), key=lambda item: (item[0][1], item[0][0])):
            style = self.styles[variants.get((col, row), kind)]
            rows["x"].append(col)
            rows["y"].append(row)
            rows["kind"].append(style.name)
            rows["colour"].append(style.colour)
            rows["hatch"].append(style.hatch)
            rows["hatch_colour"].append(style.hatch_colour)
            rows["note"].append(style.note)
        return rows

    def units(self, units: Iterable[Unit]) -> dict[str, list]:
        rows = {"xs": [], "ys": [], "x": [], "y": [], "id": [], "side": [], "kind": [], "colour": [],
                "text_colour": [], "line_width": [], "label": [], "note": []}
        for unit in units:
            col, row = unit.square
            xs, ys = shape(self.shapes.get(unit.kind, "circle"), col, row)
            rows["xs"].append(xs)
            rows["ys"].append(ys)
            rows["x"].append(col)
            rows["y"].append(row)
            rows["id"].append(unit.id)
            rows["side"].append(unit.side)
            rows["kind"].append(self.kind_names.get(unit.kind, unit.kind))
            colour = side_colour(unit.side, list(self.sides))
            rows["colour"].append(colour)
            rows["text_colour"].append(_readable_on(colour))
            rows["line_width"].append(4 if unit.emphasis else 1.5)
            rows["label"].append(unit.label)
            rows["note"].append(unit.note)
        return rows

    @staticmethod
    def highlights(marks: Iterable[Highlight]) -> dict[str, list]:
        rows = {"x": [], "y": [], "colour": [], "text": [], "hatch": [], "fate": [], "cost": [], "detail": []}
        for mark in marks:
            rows["x"].append(mark.square[0])
            rows["y"].append(mark.square[1])
            rows["colour"].append(mark.colour)
            rows["text"].append(mark.text)
            rows["hatch"].append(mark.hatch)
            rows["fate"].append(mark.fate)
            rows["cost"].append(mark.cost)
            rows["detail"].append(mark.detail)
        return rows

    # -- the figure, built once ----------------------------------------------------------
    def figure(self, tiles: ColumnDataSource, units: ColumnDataSource, highlights: ColumnDataSource | None = None,
               *, name: str = "grid-board"):
        fig = figure(
            width=self.width * self.square_px + 40, height=self.height * self.square_px + 40,
            x_range=Range1d(-0.5, self.width - 0.5), y_range=Range1d(self.height - 0.5, -0.5),
            sizing_mode="scale_width", toolbar_location=None, title=self.title, name=name,
            min_border=4, match_aspect=True,
        )
        fig.xaxis.ticker = list(range(self.width))
        fig.yaxis.ticker = list(range(self.height))
        fig.xaxis.axis_label = "column"
        fig.yaxis.axis_label = "row"
        for axis in (fig.xaxis, fig.yaxis):
            axis.major_tick_line_color = None
            axis.minor_tick_line_color = None
            axis.axis_line_color = None
            axis.axis_label_text_font_size = "11px"
            axis.major_label_text_font_size = "11px"
        fig.grid.visible = False
        fig.outline_line_color = "#5d5b3a"
        floor = ColumnDataSource({"x": [c for r in range(self.height) for c in range(self.width)],
                                  "y": [r for r in range(self.height) for c in range(self.width)]})
        fig.rect("x", "y", 1, 1, source=floor, fill_color=FLOOR, line_color=FLOOR_LINE)
        terrain = fig.rect("x", "y", 1, 1, source=tiles, fill_color="colour", line_color="#6b6453",
                           hatch_pattern="hatch", hatch_color="hatch_colour", hatch_alpha=0.55, hatch_scale=9)
        fig.add_tools(HoverTool(renderers=[terrain], tooltips=[("square", "(@x, @y)"), ("terrain", "@kind"),
                                                                ("", "@note")]))
        if highlights is not None:
            marked = fig.rect("x", "y", 0.86, 0.86, source=highlights, fill_color="colour", fill_alpha=0.5,
                              line_color="colour", line_width=2, hatch_pattern="hatch", hatch_color="#000000",
                              hatch_alpha=0.5, hatch_scale=7)
            fig.text("x", "y", text="text", source=highlights, x_offset=-14, y_offset=-10, text_font_size="11px",
                     text_font_style="bold", text_color="#111111", text_align="left", text_baseline="top")
            fig.add_tools(HoverTool(renderers=[marked], tooltips=[
                ("square", "(@x, @y)"), ("movement points", "@cost"), ("there", "@fate"), ("route", "@detail")]))
        pieces = fig.patches("xs", "ys", source=units, fill_color="colour", line_color="#111111",
                             line_width="line_width")
        fig.text("x", "y", text="label", source=units, text_align="center", text_baseline="middle",
                 text_font_size="12px", text_font_style="bold", text_color="text_colour")
        fig.add_tools(HoverTool(renderers=[pieces], tooltips=[("", "@id"), ("side", "@side"), ("type", "@kind"),
                                                              ("square", "(@x, @y)"), ("", "@note")]))
        return fig


FATE_COLOURS = {"stands": OKABE_ITO["green"], "stops": OKABE_ITO["yellow"], "removed": OKABE_ITO["vermillion"]}
FATE_HATCHES = {"stands": "blank", "stops": "dot", "removed": "diagonal_cross"}


def _readable_on(colour: str) -> str:
    """Black or white text, whichever reads better on ``colour`` (a #rrggbb fill)."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#111111" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"
