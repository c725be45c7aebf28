"""Plane geometry in pure Python: just enough polygons, segments and discs for a tabletop.

Written for a few dozen small polygons, asked one question at a time (the
engine must run where there is no Shapely or numpy, such as a web page under
Pyodide). Points are ``(x, y)`` tuples of floats. Every test rejects on
bounding boxes first, because most questions are about things far apart.

The answers follow Shapely's: a point on an edge *is* in the polygon
(``intersects``), touching segments intersect, and distances use the same
formulas as GEOS. Which side of a line a point lies is decided exactly: a
quick floating-point answer, trusted only outside its rounding-error bound,
else redone in rational arithmetic. So points exactly on an edge count as on
it, and no two tests disagree about where a point lies.
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass, field
from fractions import Fraction

Point = tuple[float, float]
Edge = tuple[float, float, float, float]  # ax, ay, bx, by

# Shewchuk's bound on the rounding error of the 2x2 orientation determinant.
_HALF_ULP = sys.float_info.epsilon / 2
_ORIENT_BOUND = (3.0 + 16.0 * _HALF_ULP) * _HALF_ULP

MITRE_LIMIT = 5.0
"""Longest mitre, in offset distances, before a sharp corner is cut off (Shapely's default)."""


# -- exact orientation ---------------------------------------------------------------

def _orient(ax: float, ay: float, bx: float, by: float, cx: float, cy: float) -> int:
    """Sign of the cross product (b - a) x (c - a): +1 left turn, -1 right turn, 0 in line."""
    left = (bx - ax) * (cy - ay)
    right = (by - ay) * (cx - ax)
    det = left - right
    bound = _ORIENT_BOUND * (abs(left) + abs(right))
    if det > bound:
        return 1
    if det < -bound:
        return -1
    return _exact_orient(ax, ay, bx, by, cx, cy)


def _exact_orient(ax, ay, bx, by, cx, cy) -> int:
    # Too close to call in floats (rare: nearly in line): floats are exact fractions.
    if (bx == ax or cy == ay) and (by == ay or cx == ax):
        return 0  # both products are exactly zero: the common axis-aligned case, without fractions
    fa, fb = Fraction(ax), Fraction(ay)
    det = (Fraction(bx) - fa) * (Fraction(cy) - fb) - (Fraction(by) - fb) * (Fraction(cx) - fa)
    return (det > 0) - (det < 0)


def orientation(a: Point, b: Point, c: Point) -> int:
    """+1 if ``a``, ``b``, ``c`` turn anticlockwise, -1 if clockwise, 0 if in one line (exact)."""
    return _orient(a[0], a[1], b[0], b[1], c[0], c[1])


# -- polygons -------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Polygon:
    """A polygon given by its corners, in either winding order (the closing corner left out).

    Compares by its corners. ``bounds`` (min x, min y, max x, max y),
    ``area`` and ``edges`` are worked out once, on construction; ``is_valid``
    says whether it is a proper polygon: at least three distinct corners,
    some area, and edges that neither cross nor touch except where
    neighbours meet.
    """

    vertices: tuple[Point, ...]
    bounds: tuple[float, float, float, float] = field(init=False, repr=False, compare=False)
    area: float = field(init=False, repr=False, compare=False)
    edges: tuple[Edge, ...] = field(init=False, repr=False, compare=False)
    anticlockwise: bool = field(init=False, repr=False, compare=False)
    is_valid: bool = field(init=False, repr=False, compare=False)
    is_convex: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        vertices = tuple((float(x), float(y)) for x, y in self.vertices)
        while len(vertices) > 1 and vertices[-1] == vertices[0]:
            vertices = vertices[:-1]  # the closing corner, given explicitly
        ring = _distinct_ring(vertices)
        edges = tuple((*p, *q) for p, q in zip(ring, ring[1:] + ring[:1])) if len(ring) > 1 else ()
        doubled = sum(ax * by - bx * ay for ax, ay, bx, by in edges)
        xs, ys = [p[0] for p in vertices] or [0.0], [p[1] for p in vertices] or [0.0]
        finite = all(math.isfinite(c) for p in vertices for c in p)
        set_ = object.__setattr__  # frozen: fill the derived fields once, here
        set_(self, "vertices", vertices)
        set_(self, "bounds", (min(xs), min(ys), max(xs), max(ys)))
        set_(self, "area", abs(doubled) / 2)
        set_(self, "edges", edges)
        set_(self, "anticlockwise", doubled > 0)
        set_(self, "is_valid", finite and len(ring) >= 3 and doubled != 0 and _is_simple(edges))
        set_(self, "is_convex", self.is_valid and _turns_one_way(edges))


def _distinct_ring(vertices: tuple[Point, ...]) -> tuple[Point, ...]:
    """The corners with repeats in a row (and a repeat of the first at the end) dropped."""
    ring = [p for i, p in enumerate(vertices) if i == 0 or p != vertices[i - 1]]
    while len(ring) > 1 and ring[-1] == ring[0]:
        ring.pop()
    return tuple(ring)


def _is_simple(edges: tuple[Edge, ...]) -> bool:
    """No two edges meet except neighbours at their shared corner (without folding back)."""
    n = len(edges)
    for i in range(n):
        ax, ay, bx, by = edges[i]
        cx, cy = edges[(i + 1) % n][2:]
        if _orient(ax, ay, bx, by, cx, cy) == 0 and (bx - ax) * (cx - bx) + (by - ay) * (cy - by) < 0:
            return False  # a spike: the ring turns straight back along itself
        for j in range(i + 2, n - (i == 0)):  # every edge that is not a neighbour
            if _segments_meet(ax, ay, bx, by, *edges[j]):
                return False
    return True


def _turns_one_way(edges: tuple[Edge, ...]) -> bool:
    """Every corner turns the same way (corners in line aside), decided exactly: a simple ring that does
    is convex."""
    turns = {_orient(ax, ay, bx, by, *edges[(i + 1) % len(edges)][2:]) for i, (ax, ay, bx, by) in enumerate(edges)}
    return not {1, -1} <= turns


def box_around(points, start: Point) -> tuple[float, float, float, float]:
    """The box (min x, min y, max x, max y) round ``start`` and ``points``, by comparisons in one pass (not
    ``min``/``max`` calls: asked for every move listing's unit, ring of spots and sight check)."""
    lo_x = hi_x = start[0]
    lo_y = hi_y = start[1]
    for x, y in points:
        if x < lo_x:
            lo_x = x
        elif x > hi_x:
            hi_x = x
        if y < lo_y:
            lo_y = y
        elif y > hi_y:
            hi_y = y
    return lo_x, lo_y, hi_x, hi_y


def boxes_meet(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    """Whether two boxes (min x, min y, max x, max y) share a point (touching counts)."""
    return not (a[2] < b[0] or a[0] > b[2] or a[3] < b[1] or a[1] > b[3])


# -- points ---------------------------------------------------------------------------

def distance(a: Point, b: Point) -> float:
    """Straight-line distance (GEOS's formula, so that answers agree to the last bit)."""
    dx, dy = a[0] - b[0], a[1] - b[1]
    return math.sqrt(dx * dx + dy * dy)


def point_segment_distance(p: Point, a: Point, b: Point) -> float:
    """Shortest distance from ``p`` to the segment ``a``-``b``."""
    return _point_edge_distance(p[0], p[1], a[0], a[1], b[0], b[1])


def _point_edge_distance(px, py, ax, ay, bx, by) -> float:
    # GEOS's Distance::pointToSegment, step for step.
    if ax == bx and ay == by:
        return math.sqrt((px - ax) * (px - ax) + (py - ay) * (py - ay))
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    if length2 == 0.0:  # an edge so short its length squared underflows: it is a point
        return math.sqrt((px - ax) * (px - ax) + (py - ay) * (py - ay))
    r = ((px - ax) * dx + (py - ay) * dy) / length2
    if r <= 0.0:
        return math.sqrt((px - ax) * (px - ax) + (py - ay) * (py - ay))
    if r >= 1.0:
        return math.sqrt((px - bx) * (px - bx) + (py - by) * (py - by))
    s = ((ay - py) * dx - (ax - px) * dy) / length2
    return abs(s) * math.sqrt(length2)


def locate(polygon: Polygon, p: Point) -> int:
    """1 if ``p`` is inside ``polygon``, 0 if on its boundary, -1 if outside."""
    x, y = p
    x0, y0, x1, y1 = polygon.bounds
    if x < x0 or x > x1 or y < y0 or y > y1:
        return -1
    inside = False
    for ax, ay, bx, by in polygon.edges:
        if (ay > y) != (by > y):  # the edge crosses the horizontal line through p (half-open, so corners count once)
            side = _orient(ax, ay, bx, by, x, y)
            if side == 0:
                return 0
            if (side > 0) == (by > ay):  # the crossing lies to the right of p
                inside = not inside
        elif ay == y and (ax == x or (by == y and (ax <= x <= bx or bx <= x <= ax))):
            return 0  # on a corner, or on a level edge
    return 1 if inside else -1


def covers(polygon: Polygon, p: Point) -> bool:
    """Whether ``p`` is inside or on the boundary of ``polygon`` (Shapely's ``intersects``)."""
    return locate(polygon, p) >= 0


def polygon_point_distance(polygon: Polygon, p: Point) -> float:
    """Distance from ``p`` to ``polygon``: 0 inside or on it."""
    if covers(polygon, p):
        return 0.0
    x, y = p
    return min(_point_edge_distance(x, y, *edge) for edge in polygon.edges)


def dwithin(polygon: Polygon, p: Point, d: float) -> bool:
    """Whether ``p`` is within ``d`` of ``polygon`` (a disc of radius ``d`` there touches it)."""
    return _near(polygon, p, d, strict=False)


def disc_overlaps(polygon: Polygon, p: Point, radius: float) -> bool:
    """Whether ``p`` is nearer than ``radius`` to ``polygon`` (a disc there overlaps it, not just touches)."""
    return _near(polygon, p, radius, strict=True)


def _near(polygon: Polygon, p: Point, d: float, strict: bool) -> bool:
    if d < 0:
        return False  # no distance is negative
    x, y = p
    reach = d + 1e-9 * (1.0 + abs(x) + abs(y) + abs(d))  # box tests only skip work: never let rounding skip a hit
    x0, y0, x1, y1 = polygon.bounds
    if x < x0 - reach or x > x1 + reach or y < y0 - reach or y > y1 + reach:
        return False
    lo_x, hi_x, lo_y, hi_y = x - reach, x + reach, y - reach, y + reach
    for ax, ay, bx, by in polygon.edges:
        if (ax < lo_x and bx < lo_x) or (ax > hi_x and bx > hi_x) or (ay < lo_y and by < lo_y) or \
                (ay > hi_y and by > hi_y):
            continue  # the edge's box is farther than d away
        gap = _point_edge_distance(x, y, ax, ay, bx, by)
        if gap < d or (gap == d and not strict):
            return True
    return covers(polygon, p) and not (strict and d == 0)


# -- segments -------------------------------------------------------------------------

def segments_intersect(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Whether segments ``a``-``b`` and ``c``-``d`` share a point (touching counts)."""
    return _segments_meet(a[0], a[1], b[0], b[1], c[0], c[1], d[0], d[1])


def _segments_meet(ax, ay, bx, by, cx, cy, dx, dy) -> bool:
    # Boxes first; then neither segment may lie wholly on one side of the other's line.
    # (With overlapping boxes this also settles segments in one line.)
    if (ax < cx and ax < dx and bx < cx and bx < dx) or (ax > cx and ax > dx and bx > cx and bx > dx) or \
            (ay < cy and ay < dy and by < cy and by < dy) or (ay > cy and ay > dy and by > cy and by > dy):
        return False
    # The sides of c and d are _orient(a, b, c) and _orient(a, b, d), written out: this is the hot loop.
    ux, uy = bx - ax, by - ay
    left, right = ux * (cy - ay), uy * (cx - ax)
    det, bound = left - right, _ORIENT_BOUND * (abs(left) + abs(right))
    c_side = 1 if det > bound else -1 if det < -bound else _exact_orient(ax, ay, bx, by, cx, cy)
    left, right = ux * (dy - ay), uy * (dx - ax)
    det, bound = left - right, _ORIENT_BOUND * (abs(left) + abs(right))
    d_side = 1 if det > bound else -1 if det < -bound else _exact_orient(ax, ay, bx, by, dx, dy)
    if c_side * d_side > 0:
        return False
    return _orient(cx, cy, dx, dy, ax, ay) * _orient(cx, cy, dx, dy, bx, by) <= 0


def segment_intersects_polygon(polygon: Polygon, a: Point, b: Point) -> bool:
    """Whether segment ``a``-``b`` crosses, touches or lies inside ``polygon`` (Shapely's ``intersects``)."""
    ax, ay, bx, by = a[0], a[1], b[0], b[1]
    x0, y0, x1, y1 = polygon.bounds
    if (ax < x0 and bx < x0) or (ax > x1 and bx > x1) or (ay < y0 and by < y0) or (ay > y1 and by > y1):
        return False
    if locate(polygon, a) >= 0:
        return True  # starts on or in it; otherwise it must meet the boundary to get in
    for cx, cy, dx, dy in polygon.edges:
        if _segments_meet(ax, ay, bx, by, cx, cy, dx, dy):
            return True
    return False


def fanned(eye: Point, first: Point, last: Point, points) -> bool:
    """Whether every one of ``points`` surely lies inside the angle at ``eye`` from ``first`` to ``last`` and
    beyond the chord from ``first`` to ``last`` (away from ``eye``). False also when too close to call in floats,
    so True is exact and False only means "not shown".

    Then a convex polygon that meets both segments ``eye``-``first`` and ``eye``-``last`` meets
    every segment from ``eye`` to one of ``points``: take p and q where it meets the two; the
    segment p-q lies in the polygon, and the segment from ``eye`` to such a point crosses the
    chord ``first``-``last`` inside the angle, so it crosses p-q on the way (or ``eye`` is p or q,
    in the polygon). Sight lines use it to settle five lines with two tests.
    """
    ex, ey, fx, fy, lx, ly = eye[0], eye[1], first[0], first[1], last[0], last[1]
    ux, uy, wx, wy, cx, cy = fx - ex, fy - ey, lx - ex, ly - ey, lx - fx, ly - fy
    turn = ux * wy - uy * wx
    base = ux * ux + uy * uy + wx * wx + wy * wy + cx * cx + cy * cy
    if turn < 0:  # one way round for the tests below: the points' turns from first to last are positive
        ux, uy, wx, wy, cx, cy, fx, fy = wx, wy, ux, uy, -cx, -cy, lx, ly
        turn = -turn
    # Each product below is at most a few times ``base`` plus the point's squared distance from the eye, so a
    # margin of 1e-12 times that is far wider than the rounding of the determinants (Shewchuk's bound, about
    # 3.3e-16 times their terms): a determinant past it has the sign it shows.
    if turn <= 1e-12 * base:
        return False  # no angle to speak of
    for px, py in points:
        dx, dy = px - ex, py - ey
        margin = 1e-12 * (base + dx * dx + dy * dy)
        if ux * dy - uy * dx <= margin or dx * wy - dy * wx <= margin \
                or cx * (py - fy) - cy * (px - fx) >= -margin:
            return False  # outside the angle, or short of the chord, or too near either to tell
    return True


def segment_polygon_distance(polygon: Polygon, a: Point, b: Point) -> float:
    """Shortest distance from segment ``a``-``b`` to ``polygon``: 0 where they meet."""
    if segment_intersects_polygon(polygon, a, b):
        return 0.0
    # Apart, the nearest points of two segments include an endpoint of one of them.
    ax, ay, bx, by = a[0], a[1], b[0], b[1]
    return min(
        min(_point_edge_distance(ax, ay, *edge), _point_edge_distance(bx, by, *edge),
            _point_edge_distance(edge[0], edge[1], ax, ay, bx, by),
            _point_edge_distance(edge[2], edge[3], ax, ay, bx, by))
        for edge in polygon.edges
    )


# -- offsetting ---------------------------------------------------------------------

def mitre_corners(polygon: Polygon, d: float, limit: float = MITRE_LIMIT) -> tuple[Point, ...]:
    """The corners of ``polygon`` grown outward by ``d`` with mitred joins.

    Each corner moves to where its two edges, pushed ``d`` outward, meet
    (a concave corner moves in between them). A convex mitre longer than
    ``limit`` times ``d`` is cut off square to the corner's bisector, giving
    two points instead, as Shapely's ``buffer(d, join_style="mitre")`` does.
    Corners where the edges run straight on are left out, and so are concave
    hairpins (their pushed edges never meet). Only each corner's own two edges
    count, so a narrow polygon can give points nearer than ``d`` to its others.
    """
    edges = polygon.edges
    out = 1.0 if polygon.anticlockwise else -1.0  # outward is right of the edges of an anticlockwise ring
    units = []
    for ax, ay, bx, by in edges:
        length = math.hypot(bx - ax, by - ay)
        units.append(((bx - ax) / length, (by - ay) / length))
    corners: list[Point] = []
    for i, (ax, ay, vx, vy) in enumerate(edges):
        turn = _orient(ax, ay, vx, vy, *edges[(i + 1) % len(edges)][2:])
        if turn == 0:
            continue  # straight on: no corner
        e1, e2 = units[i], units[(i + 1) % len(units)]
        n1, n2 = (out * e1[1], -out * e1[0]), (out * e2[1], -out * e2[0])
        corners.extend(_mitre((vx, vy), e1, e2, n1, n2, d, limit, convex=(turn > 0) == polygon.anticlockwise))
    return tuple(corners)


def _mitre(v, e1, e2, n1, n2, d, limit, convex) -> list[Point]:
    one_plus_cos = 1.0 + n1[0] * n2[0] + n1[1] * n2[1]  # the mitre is d * sqrt(2 / one_plus_cos) long
    if one_plus_cos * limit * limit >= 2.0 or (not convex and one_plus_cos > 1e-12):
        scale = d / one_plus_cos
        return [(v[0] + (n1[0] + n2[0]) * scale, v[1] + (n1[1] + n2[1]) * scale)]
    if not convex:
        return []
    # Too sharp: cut the mitre square to the outward bisector (along e1 - e2, steady even
    # for a hairpin), limit * d from the corner; the cut's ends lie on the pushed edges.
    bx, by = e1[0] - e2[0], e1[1] - e2[1]
    norm = math.hypot(bx, by)
    bx, by = bx / norm, by / norm
    tx, ty = -by, bx
    reach = limit * d
    points = []
    for nx, ny in (n1, n2):  # p = v + reach b + t (b turned a right angle), with (p - v).n = d
        t = (d - reach * (bx * nx + by * ny)) / (tx * nx + ty * ny)
        points.append((v[0] + reach * bx + t * tx, v[1] + reach * by + t * ty))
    return points
