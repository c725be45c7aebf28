"""A terrain piece's shape as a set-up edits it (:mod:`explorer.core.setting_up`): its middle, its own width and
depth, the piece moved, stretched or turned about its middle, and whether it stays on the table.

A piece is the list of its corners (``[[x, y], ...]`` in inches, as saved). A four-cornered piece (a wall, a hedge,
a house, a new piece) has its *width* along its first edge (corner 0 to corner 1: a new piece's side along the
table, as the scenarios draw theirs too) and its *depth* across it; turning it turns that edge with it, so a wall
keeps its length and thickness however it lies, and the save needs no field of its own to remember a turn. A
rounder piece (a hill, rocks: a many-sided polygon, whose first edge may point anywhere) is sized along the table,
its width left to right and its depth front to back. Corners are rounded to a millionth of an inch, as a move
rounds them, so a piece's numbers read well in a file.
"""

from __future__ import annotations

import math

DIGITS = 6  # a millionth of an inch: the corners of an edited piece, as saved


def middle(points) -> tuple[float, float]:
    """The piece's middle: the mean of its corners (what a move puts on the tapped spot)."""
    return sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)


def _axes(points) -> tuple[tuple[float, float], tuple[float, float]]:
    """The unit vectors of the piece's width and depth: along its first edge and across it (four corners), else
    the table's own axes."""
    (ax, ay), (bx, by) = points[0], points[1]
    length = math.hypot(bx - ax, by - ay)
    along = ((bx - ax) / length, (by - ay) / length) if length and len(points) == 4 else (1.0, 0.0)
    return along, (-along[1], along[0])


def size(points) -> tuple[float, float]:
    """The piece's width and depth in inches: its extent along its width's axis and its depth's (``_axes``)."""
    return tuple(max(dots) - min(dots) for dots in
                 ([p[0] * u + p[1] * v for p in points] for u, v in _axes(points)))


def moved(points, at) -> list[list[float]]:
    """The piece moved so that its middle is at ``at``."""
    cx, cy = middle(points)
    return [[round(px + at[0] - cx, DIGITS), round(py + at[1] - cy, DIGITS)] for px, py in points]


def reshaped(points, width: float, depth: float) -> list[list[float]]:
    """The piece stretched or shrunk about its middle, along its width's axis and its depth's, to ``width`` by
    ``depth`` (a valid piece has some extent both ways: it has an area)."""
    (ux, uy), (vx, vy) = _axes(points)
    now = size(points)
    cx, cy = middle(points)
    scale_u, scale_v = width / now[0], depth / now[1]
    shaped = []
    for px, py in points:
        u = ((px - cx) * ux + (py - cy) * uy) * scale_u
        v = ((px - cx) * vx + (py - cy) * vy) * scale_v
        shaped.append([round(cx + u * ux + v * vx, DIGITS), round(cy + u * uy + v * vy, DIGITS)])
    return shaped


def turned(points, degrees: float) -> list[list[float]]:
    """The piece turned ``degrees`` anticlockwise about its middle, as the board shows the table (its y axis up).
    Quarter turns are exact (no sine of 90 degrees left at 6e-17)."""
    quarter = degrees / 90
    if quarter == int(quarter):
        cos, sin = ((1, 0), (0, 1), (-1, 0), (0, -1))[int(quarter) % 4]
    else:
        cos, sin = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    cx, cy = middle(points)
    return [[round(cx + (px - cx) * cos - (py - cy) * sin, DIGITS),
             round(cy + (px - cx) * sin + (py - cy) * cos, DIGITS)] for px, py in points]


def off_table(piece: dict, table: dict) -> str | None:
    """Where the saved terrain ``piece`` leaves the saved ``table`` (its ``width`` and ``height``; its edges are on
    it), in words, or ``None``."""
    width, height = table["width"], table["height"]
    corner = next(((x, y) for x, y in piece["points"] if not (0 <= x <= width and 0 <= y <= height)), None)
    return None if corner is None else (f"the {piece['name']}'s corner ({corner[0]:g}, {corner[1]:g}) would be off "
                                        f"the {width:g} by {height:g} inch table")


def terrain_off_table(table: dict) -> str | None:
    """Where the saved ``table``'s terrain first leaves it (:func:`off_table`), in words, or ``None``; a grid's
    squares (a ``grid`` key) never do. (No save's check keeps a tabletop's terrain on the table: a set-up's and a
    challenge's start do.)"""
    if "grid" in table:
        return None
    return next(filter(None, (off_table(piece, table) for piece in table.get("terrain", ()))), None)
