"""A square grid's layers: terrain tiles, units and highlighted squares as plain column data.

Drawn by :class:`widgets.grid_board.GridBoard` (which adds the Bokeh figure
and legend to :class:`GridLayers`); bokeh-free so the page computes them too.
Squares are ``(col, row)`` with row 0 at the top, as the engine prints them.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Mapping

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
    said: str = ""  # its card in plain words (boards.naming.card_words), which the simple mode says for a tap on it


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

def square_words(styles: Mapping[str, TileStyle], terrain: Mapping[Square, str], square) -> str:
    """A square in plain words by its terrain, as its tile is named ("onto the pit"), for live play's words of an
    action; ``""`` for plain ground (nothing worth saying)."""
    kind = terrain.get(tuple(square))
    if kind not in styles:
        return ""
    return "onto the " + styles[kind].name.split(" (")[0]


@dataclasses.dataclass
class GridLayers:
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
    def floor(self) -> dict[str, list]:
        """Every square of the board, as a layer: live play may start a scenario on a board of another size."""
        return {"x": [c for r in range(self.height) for c in range(self.width)],
                "y": [r for r in range(self.height) for c in range(self.width)]}

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
                "text_colour": [], "line_width": [], "label": [], "note": [], "said": []}
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
            rows["said"].append(unit.said)
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

FATE_COLOURS = {"stands": OKABE_ITO["green"], "stops": OKABE_ITO["yellow"], "removed": OKABE_ITO["vermillion"]}
FATE_HATCHES = {"stands": "blank", "stops": "dot", "removed": "diagonal_cross"}
FATE_LEGEND = {"stands": "stands there", "stops": "movement ends there (dotted)",
               "removed": "removed from play there (crossed)"}


def _readable_on(colour: str) -> str:
    """Black or white text, whichever reads better on ``colour`` (a #rrggbb fill)."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#111111" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"

