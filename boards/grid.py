"""A square grid's layers: terrain tiles, units and highlighted squares as plain column data.

A toy table (issue 35): each unit is its kind's toy soldier (boards.toys) in its side's colour, the second side
facing the first; each terrain square is drawn as what it is (an icon of its name over its colour).

Drawn by :class:`widgets.grid_board.GridBoard` (which adds the Bokeh figure
and legend to :class:`GridLayers`); bokeh-free so the page computes them too.
Squares are ``(col, row)`` with row 0 at the top, as the engine prints them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping

from .palette import OKABE_ITO, side_colour
from .toys import sprite, tile_sprite

Square = tuple[int, int]

FLOOR = "#f3ead7"
FLOOR_LINE = "#c9b99a"


@dataclasses.dataclass(frozen=True)
class TileStyle:
    """How one kind of terrain is drawn: its colour, the ink of its icon (boards.toys.tile_sprite, by its name: a
    shape, so colour is never the only cue), a tooltip."""

    name: str
    colour: str
    ink: str = "#000000"
    note: str = ""


@dataclasses.dataclass(frozen=True)
class Unit:
    """One piece on the board, as a board shows it."""

    id: str
    side: str
    kind: str  # selects the toy soldier (boards.toys.silhouette_of)
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
        rows = {"x": [], "y": [], "kind": [], "colour": [], "note": [], "sprite": []}
        variants = variants or {}
        for (col, row), kind in sorted(terrain.items(), key=lambda item: (item[0][1], item[0][0])):
            style = self.styles[variants.get((col, row), kind)]
            rows["x"].append(col)
            rows["y"].append(row)
            rows["kind"].append(style.name)
            rows["colour"].append(style.colour)
            rows["note"].append(style.note)
            rows["sprite"].append(tile_sprite(style.name, style.ink))
        return rows

    def units(self, units: Iterable[Unit]) -> dict[str, list]:
        rows = {"x": [], "y": [], "id": [], "side": [], "kind": [], "colour": [], "sprite": [], "line_width": [],
                "label": [], "note": [], "said": []}
        for unit in units:
            col, row = unit.square
            rows["x"].append(col)
            rows["y"].append(row)
            rows["id"].append(unit.id)
            rows["side"].append(unit.side)
            rows["kind"].append(self.kind_names.get(unit.kind, unit.kind))
            colour = side_colour(unit.side, list(self.sides))
            rows["colour"].append(colour)
            rows["sprite"].append(sprite(unit.kind, colour, self.facing_left(unit.side)))
            rows["line_width"].append(4 if unit.emphasis else 1.5)
            rows["label"].append(unit.label)
            rows["note"].append(unit.note)
            rows["said"].append(unit.said)
        return rows

    def facing_left(self, side: str) -> bool:
        """The second side's soldiers face the first's (mirrored): a cue besides their colour."""
        return side in self.sides[1:2]

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
