"""Points and distances on the tabletop, in inches: bases, directions, gaps and chains."""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..geometry import Point

BASE_DIAMETER = 0.5
"""Every figure stands on a disc this many inches across (a ruling: toy soldiers'
bases vary; one size keeps distances, cover and cohesion comparable)."""
BASE_RADIUS = BASE_DIAMETER / 2

EPSILON = 1e-9  # measuring slack so that "exactly 4 inches" is within 4 inches

_DIAGONAL = math.sqrt(0.5)
COMPASS: dict[str, Point] = {
    "E": (1.0, 0.0), "NE": (_DIAGONAL, _DIAGONAL), "N": (0.0, 1.0), "NW": (-_DIAGONAL, _DIAGONAL),
    "W": (-1.0, 0.0), "SW": (-_DIAGONAL, -_DIAGONAL), "S": (0.0, -1.0), "SE": (_DIAGONAL, -_DIAGONAL),
}
"""Unit vectors of the eight compass directions (y grows northwards)."""


# -- points and distances ------------------------------------------------------------

def distance(a: Point, b: Point) -> float:
    """Centre-to-centre distance in inches."""
    return math.hypot(b[0] - a[0], b[1] - a[1])


def gap_between(a: Point, b: Point, radius: float = BASE_RADIUS) -> float:
    """Edge-to-edge distance between two bases (0 when they touch or overlap)."""
    gap = math.hypot(b[0] - a[0], b[1] - a[1]) - 2 * radius  # distance(), written out: asked for every pair
    return gap if gap > 0.0 else 0.0


def bases_overlap(a: Point, b: Point, radius: float = BASE_RADIUS) -> bool:
    """Whether two bases overlap (touching is allowed)."""
    dx, dy, reach = b[0] - a[0], b[1] - a[1], 2 * radius
    if dx > reach or -dx > reach or dy > reach or -dy > reach:
        return False  # a box test first: hypot is never less than either side, so this answer is hypot's
    return math.hypot(dx, dy) < reach - EPSILON


def unit_vector(a: Point, b: Point) -> Point | None:
    """The direction from ``a`` to ``b``, or ``None`` if they are the same point."""
    length = distance(a, b)
    if length < EPSILON:
        return None
    return ((b[0] - a[0]) / length, (b[1] - a[1]) / length)


def step(origin: Point, direction: Point, length: float) -> Point:
    return (origin[0] + direction[0] * length, origin[1] + direction[1] * length)


def compass_points(origin: Point, length: float) -> dict[str, Point]:
    """The eight points ``length`` inches from ``origin`` in the compass directions."""
    return {name: step(origin, d, length) for name, d in COMPASS.items()}


def is_point(value) -> bool:
    """Whether ``value`` is a point an action may name: a pair of finite numbers (not true/false)."""
    return (isinstance(value, tuple) and len(value) == 2 and all(
        isinstance(c, (int, float)) and not isinstance(c, bool) and math.isfinite(c) for c in value))


def projection(point: Point, direction: Point) -> float:
    """How far ``point`` lies along ``direction`` (for "frontmost in the direction of the move")."""
    return point[0] * direction[0] + point[1] * direction[1]


def chain_connected(points: Sequence[Point], max_gap: float, radius: float = BASE_RADIUS) -> bool:
    """Whether the bases form one chain, each within ``max_gap`` (edge to edge) of the next."""
    if len(points) <= 1:
        return True
    reach = max_gap + 2 * radius + EPSILON
    hypot = math.hypot
    # Reached from the first, base by base; each base reached is looked for among those not reached yet only (a
    # squad in a file is one pass a base, not one over every base). Near is symmetric (a difference negated is
    # exact), so the order bases are reached in does not change which are.
    frontier, waiting = [points[0]], points[1:]
    while frontier:
        x, y = frontier.pop()
        left = []
        for other in waiting:
            dx, dy = other[0] - x, other[1] - y
            # farther along one axis than the reach: hypot could only say the same
            if dx > reach or -dx > reach or dy > reach or -dy > reach or hypot(dx, dy) > reach:
                left.append(other)
            else:
                frontier.append(other)
        if not left:
            return True
        waiting = left
    return False


def segment_point_distance(a: Point, b: Point, p: Point) -> float:
    """Shortest distance from ``p`` to the segment ``a``-``b``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return distance((a[0] + t * dx, a[1] + t * dy), p)
