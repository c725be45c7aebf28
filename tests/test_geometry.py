"""The pure-Python geometry agrees with Shapely (the independent oracle, a test dependency only).

Random polygons (rectangles, star shapes, convex hulls, and shapes on a
coarse grid so that points land exactly on edges and corners), random points
and segments, with the awkward cases drawn on purpose: corners, points on
edges, segments touching a corner or running along an edge.
"""

import math
import pickle
from fractions import Fraction

import pytest
import shapely
from hypothesis import assume, given, settings, strategies as st
from shapely.geometry import LineString, MultiPoint, Point as SPoint, Polygon as SPolygon

from explorer.core import geometry as geo
from explorer.core.tabletop import BASE_RADIUS, EPSILON, Table, Terrain, formation

SETTINGS = settings(max_examples=300)

small = st.integers(-8, 8)
grid = st.builds(lambda n, half: n / 2 if half else float(n), small, st.booleans())  # exact halves: exact edges
real = st.floats(-10, 10).map(lambda v: round(v, 9))  # nothing so small that squares underflow
# Where along an edge: Shapely's predicates are exact only to about 106 bits, so no 1e-87 from a corner.
fraction = st.floats(0, 1).map(lambda v: round(v, 6))
coord = st.one_of(grid, real)


# -- shapes --------------------------------------------------------------------------

@st.composite
def rectangles(draw):
    x, y = draw(coord), draw(coord)
    w, h = draw(st.floats(0.25, 8)), draw(st.floats(0.25, 8))
    return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]


@st.composite
def stars(draw, snap=False):
    """Star-shaped around a centre: corners at increasing angles, any distance out."""
    n = draw(st.integers(3, 12))
    angles = sorted(draw(st.lists(st.floats(0, 2 * math.pi, exclude_max=True), min_size=n, max_size=n,
                                  unique=True)))
    radii = draw(st.lists(st.floats(0.5, 6), min_size=n, max_size=n))
    cx, cy = draw(grid), draw(grid)
    points = [(cx + r * math.cos(a), cy + r * math.sin(a)) for a, r in zip(angles, radii)]
    if snap:  # onto a half-inch grid: many corners and edges in line with grid points
        return [(round(x * 2) / 2, round(y * 2) / 2) for x, y in points]
    return [(round(x, 9), round(y, 9)) for x, y in points]  # no coordinate so small that its square underflows


@st.composite
def hulls(draw):
    points = draw(st.lists(st.tuples(coord, coord), min_size=3, max_size=10))
    hull = MultiPoint(points).convex_hull
    assume(hull.geom_type == "Polygon")
    return list(hull.exterior.coords)[:-1]


@st.composite
def polygons(draw):
    """Corner lists of valid polygons, either way round."""
    corners = draw(st.one_of(rectangles(), stars(), stars(snap=True), hulls()))
    assume(SPolygon(corners).is_valid)
    return corners[::-1] if draw(st.booleans()) else corners


@st.composite
def points_for(draw, corners):
    """A point somewhere awkward for this polygon: a corner, on an edge, near one, or anywhere."""
    i = draw(st.integers(0, len(corners) - 1))
    (ax, ay), (bx, by) = corners[i], corners[(i + 1) % len(corners)]
    t = draw(fraction)
    kind = draw(st.sampled_from(["corner", "edge", "midpoint", "near", "grid", "anywhere"]))
    if kind == "corner":
        return corners[i]
    if kind == "edge":  # on the edge as near as floats allow
        return (ax + t * (bx - ax), ay + t * (by - ay))
    if kind == "midpoint":  # exactly on the edge when corners are on the grid
        return ((ax + bx) / 2, (ay + by) / 2)
    if kind == "near":
        return (ax + t * (bx - ax) + draw(st.floats(-0.5, 0.5)), ay + t * (by - ay) + draw(st.floats(-0.5, 0.5)))
    if kind == "grid":
        return (draw(grid), draw(grid))
    return (draw(real), draw(real))


@st.composite
def segments_for(draw, corners):
    """A segment: between awkward points, out from a corner, or along an edge's line (overlapping it)."""
    kind = draw(st.sampled_from(["points", "from_corner", "along_edge", "along_grid_edge"]))
    if kind == "points":
        return draw(points_for(corners)), draw(points_for(corners))
    i = draw(st.integers(0, len(corners) - 1))
    (ax, ay), (bx, by) = corners[i], corners[(i + 1) % len(corners)]
    if kind == "from_corner":
        return (ax, ay), draw(points_for(corners))
    if kind == "along_edge":
        s, t = draw(fraction) * 3 - 1, draw(fraction) * 3 - 1
        return (ax + s * (bx - ax), ay + s * (by - ay)), (ax + t * (bx - ax), ay + t * (by - ay))
    s, t = draw(st.sampled_from([-1, 0, 1, 2])), draw(st.sampled_from([-1, 0, 1, 2]))  # exact multiples
    return (ax + s * (bx - ax), ay + s * (by - ay)), (ax + t * (bx - ax), ay + t * (by - ay))


@st.composite
def polygon_and_point(draw):
    corners = draw(polygons())
    return corners, draw(points_for(corners))


@st.composite
def polygon_and_segment(draw):
    corners = draw(polygons())
    a, b = draw(segments_for(corners))
    assume(a != b)  # Shapely has no segment of one point
    return corners, a, b


def both(corners):
    return geo.Polygon(corners), SPolygon(corners)


# -- polygons -------------------------------------------------------------------------

ring = st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5)), min_size=3, max_size=8)


@SETTINGS
@given(ring)
def test_validity_agrees_with_shapely(corners):
    try:
        expected = SPolygon(corners).is_valid
    except (ValueError, shapely.errors.GEOSException):  # too few points to make a ring at all
        expected = False
    assert geo.Polygon(corners).is_valid == expected


@SETTINGS
@given(polygons())
def test_area_bounds_and_corners(corners):
    mine, theirs = both(corners)
    assert mine.is_valid
    assert mine.area == pytest.approx(theirs.area, rel=1e-12, abs=1e-12)
    assert mine.bounds == theirs.bounds
    given = list(corners)
    while given[-1] == given[0]:  # closing corners, given explicitly
        given.pop()
    assert mine.vertices == tuple((float(x), float(y)) for x, y in given)
    assert geo.Polygon([*corners, corners[0]]) == mine  # a repeated closing corner is the same polygon


@SETTINGS
@given(st.one_of(polygons(), ring))
def test_convexity_agrees_with_shapely(corners):
    polygon = geo.Polygon(corners)
    expected = polygon.is_valid and SPolygon(corners).convex_hull.area == pytest.approx(polygon.area, abs=1e-12)
    assert polygon.is_convex == expected


@SETTINGS
@given(polygons(), st.data())
def test_a_convex_polygon_cutting_the_outer_lines_of_a_fan_cuts_every_line_of_it(corners, data):
    """geometry.fanned's promise, checked with Shapely: the sight lines' shortcut rests on it."""
    polygon, shape = both(corners)
    assume(polygon.is_convex)
    eye = data.draw(points_for(corners))
    first, last = data.draw(points_for(corners)), data.draw(points_for(corners))
    cuts = [data.draw(st.sampled_from([0.0, 0.25, 0.5, 0.75, 1.0, data.draw(fraction)])) for _ in range(3)]
    # points along the chord (as floats land: maybe a hair off it), the corners, and points off it
    between = [(first[0] + t * (last[0] - first[0]), first[1] + t * (last[1] - first[1])) for t in cuts]
    between += data.draw(st.lists(points_for(corners), max_size=2))
    if not (geo.fanned(eye, first, last, between) and geo.segment_intersects_polygon(polygon, eye, first)
            and geo.segment_intersects_polygon(polygon, eye, last)):
        return
    for point in between:
        assert geo.segment_intersects_polygon(polygon, eye, point)
        if point != eye:
            assert shape.intersects(LineString([eye, point]))


def test_fanned_needs_the_points_between_the_lines_and_beyond_the_chord():
    eye, first, last = (0.0, 0.0), (10.0, -1.0), (10.0, 1.0)
    assert geo.fanned(eye, first, last, [(10.5, 0.0), (10.5, 0.9), (11.0, 0.5)])
    assert geo.fanned(eye, last, first, [(10.5, 0.0), (10.5, -0.9)])  # either way round
    assert not geo.fanned(eye, first, last, [(10.0, 1.0)])    # on a side: too near to tell, so not shown
    assert not geo.fanned(eye, first, last, [(10.0, 0.0)])    # on the chord: likewise
    assert not geo.fanned(eye, first, last, [(9.0, 0.0)])     # short of the chord: a wall beyond may miss it
    assert not geo.fanned(eye, first, last, [(10.0, 1.5)])    # outside the angle
    assert not geo.fanned(eye, first, (20.0, -2.0), [(15.0, -1.5)])  # no angle: all in one line


def test_degenerate_polygons_are_invalid():
    assert not geo.Polygon([(0, 0), (1, 1)]).is_valid                       # too few corners
    assert not geo.Polygon([(0, 0), (1, 1), (2, 2)]).is_valid               # no area
    assert not geo.Polygon([(0, 0), (2, 2), (2, 0), (0, 2)]).is_valid       # a bow tie
    assert not geo.Polygon([(0, 0), (2, 0), (1, 0), (1, 1)]).is_valid       # folds back on itself
    assert not geo.Polygon([(0, 0), (1, 0), (math.nan, 1)]).is_valid
    assert geo.Polygon([(0, 0), (1, 0), (1, 0), (1, 1)]).is_valid           # a repeated corner is harmless
    with pytest.raises(ValueError):
        geo.Polygon([(0, 0), (1,), (1, 1)])


def test_polygons_are_values():
    square = geo.Polygon([(0, 0), (1, 0), (1, 1), (0, 1)])
    assert square == geo.Polygon(((0.0, 0.0), (1, 0), (1, 1), (0, 1))) and len({square, square}) == 1
    assert pickle.loads(pickle.dumps(square)) == square
    with pytest.raises(AttributeError):
        square.vertices = ()


# -- points ---------------------------------------------------------------------------

@SETTINGS
@given(st.tuples(coord, coord), st.tuples(coord, coord), st.tuples(coord, coord))
def test_orientation_is_exact(a, b, c):
    det = (Fraction(b[0]) - Fraction(a[0])) * (Fraction(c[1]) - Fraction(a[1])) \
        - (Fraction(b[1]) - Fraction(a[1])) * (Fraction(c[0]) - Fraction(a[0]))
    assert geo.orientation(a, b, c) == (det > 0) - (det < 0)


def test_orientation_of_points_nearly_in_line():
    a, b = (0.1, 0.1), (0.3, 0.3)
    c = (0.2, 0.2)  # 0.1, 0.2 and 0.3 are not exactly in line in binary
    exact = (Fraction(b[0]) - Fraction(a[0])) * (Fraction(c[1]) - Fraction(a[1])) \
        - (Fraction(b[1]) - Fraction(a[1])) * (Fraction(c[0]) - Fraction(a[0]))
    assert geo.orientation(a, b, c) == (exact > 0) - (exact < 0)
    assert geo.orientation((0, 0), (1, 1), (5, 5)) == 0


@SETTINGS
@given(polygon_and_point())
def test_covers_and_locate_agree_with_shapely(case):
    corners, p = case
    mine, theirs = both(corners)
    point = SPoint(p)
    assert geo.covers(mine, p) == theirs.intersects(point)
    expected = 1 if theirs.contains(point) else 0 if theirs.boundary.intersects(point) else -1
    assert geo.locate(mine, p) == expected


@SETTINGS
@given(polygon_and_point())
def test_point_distances_agree_with_shapely(case):
    corners, p = case
    mine, theirs = both(corners)
    assert geo.polygon_point_distance(mine, p) == pytest.approx(theirs.distance(SPoint(p)), abs=1e-9)
    a, b = corners[0], corners[1]
    assert geo.point_segment_distance(p, a, b) == pytest.approx(LineString([a, b]).distance(SPoint(p)), abs=1e-9)
    assert geo.distance(p, a) == pytest.approx(SPoint(p).distance(SPoint(a)), abs=1e-12)


@SETTINGS
@given(polygon_and_point(), st.one_of(st.sampled_from([0.0, 0.25, 0.5, 1.0]), st.floats(0, 5)))
def test_dwithin_agrees_with_shapely(case, d):
    corners, p = case
    mine, theirs = both(corners)
    exact = theirs.distance(SPoint(p))
    if exact == d:  # exactly on the disc's edge Shapely's dwithin disagrees with its own distance: touching counts
        assert geo.dwithin(mine, p, d)
    else:
        assert geo.dwithin(mine, p, d) == shapely.dwithin(theirs, SPoint(p), d)
    for near in (exact + 1e-9, exact - 1e-9):  # just either side of the disc's edge (Shapely's own dwithin
        assert geo.dwithin(mine, p, near) == shapely.dwithin(theirs, SPoint(p), near)  # and distance differ ON it)
    assert geo.disc_overlaps(mine, p, d) == (exact < d)


# -- segments -------------------------------------------------------------------------

@SETTINGS
@given(polygon_and_segment(), st.data())
def test_segments_intersect_agrees_with_shapely(case, data):
    corners, a, b = case
    c, d = data.draw(segments_for(corners))
    assume(c != d)
    assert geo.segments_intersect(a, b, c, d) == LineString([a, b]).intersects(LineString([c, d]))
    assert geo.segments_intersect(a, b, c, d) == geo.segments_intersect(d, c, b, a)


def test_segments_touching_and_in_line():
    assert geo.segments_intersect((0, 0), (1, 1), (1, 1), (2, 0))       # share an end
    assert geo.segments_intersect((0, 0), (2, 0), (1, 0), (1, 5))       # T junction
    assert geo.segments_intersect((0, 0), (2, 0), (1, 0), (3, 0))       # overlap in one line
    assert geo.segments_intersect((0, 0), (2, 0), (2, 0), (3, 0))       # end to end in one line
    assert not geo.segments_intersect((0, 0), (2, 0), (2.5, 0), (3, 0))  # in line, apart
    assert not geo.segments_intersect((0, 0), (2, 0), (1, 0.1), (1, 5))


@SETTINGS
@given(polygon_and_segment())
def test_segment_and_polygon_agree_with_shapely(case):
    corners, a, b = case
    mine, theirs = both(corners)
    line = LineString([a, b])
    assert geo.segment_intersects_polygon(mine, a, b) == theirs.intersects(line)
    assert geo.segment_polygon_distance(mine, a, b) == pytest.approx(theirs.distance(line), abs=1e-9)


def test_segment_and_polygon_examples():
    square = geo.Polygon([(0, 0), (2, 0), (2, 2), (0, 2)])
    assert geo.segment_intersects_polygon(square, (0.5, 0.5), (1, 1))     # wholly inside
    assert geo.segment_intersects_polygon(square, (-1, 3), (3, -1))       # through a corner... and across
    assert geo.segment_intersects_polygon(square, (-1, 1), (1, 3))        # just touching the corner (0, 2)
    assert geo.segment_intersects_polygon(square, (-1, 2), (5, 2))        # along an edge
    assert not geo.segment_intersects_polygon(square, (-1, 1), (-0.1, 5))
    assert geo.segment_polygon_distance(square, (3, 0), (3, 2)) == 1
    assert geo.segment_polygon_distance(square, (1, 1), (5, 5)) == 0


# -- offsets --------------------------------------------------------------------------

@SETTINGS
@given(st.one_of(rectangles(), hulls()), st.sampled_from([0.05, 0.3, 1.0]), st.booleans())
def test_mitre_corners_match_shapelys_mitred_buffer_of_convex_polygons(corners, d, backwards):
    corners = corners[::-1] if backwards else corners
    polygon = geo.Polygon(corners)
    assume(polygon.is_valid)
    n = len(corners)
    for i in range(n):  # Shapely keeps corners it cannot tell from straight ones; keep clear of those
        (ax, ay), (bx, by), (cx, cy) = corners[i - 1], corners[i], corners[(i + 1) % n]
        turn = math.atan2((bx - ax) * (cy - by) - (by - ay) * (cx - bx), (bx - ax) * (cx - bx) + (by - ay) * (cy - by))
        assume(abs(turn) > 0.01)
        assume(abs(1 / math.cos(turn / 2) - geo.MITRE_LIMIT) > 1e-6)  # clear of the cut-off threshold
        assume(math.dist(corners[i - 1], corners[i]) > 1e-3)
    mine = geo.mitre_corners(polygon, d)
    theirs = list(SPolygon(corners).buffer(d, join_style="mitre").exterior.coords)[:-1]
    assert len(mine) == len(theirs)
    assert all(min(math.dist(m, t) for t in theirs) < 1e-6 for m in mine)


def test_mitre_corners_of_a_concave_polygon():
    ell = geo.Polygon([(0, 0), (4, 0), (4, 1), (1, 1), (1, 4), (0, 4)])
    corners = set(geo.mitre_corners(ell, 0.5))
    assert corners == {(-0.5, -0.5), (4.5, -0.5), (4.5, 1.5), (1.5, 1.5), (1.5, 4.5), (-0.5, 4.5)}
    assert len(geo.mitre_corners(geo.Polygon([(0, 0), (10, 0), (0, 0.5)]), 1)) == 4  # the spike is cut off


# -- the table, against Shapely versions of the old calculations ------------------------

SOLIDS = (Terrain.rect("barn", "solid", 10, 10, 6, 4), Terrain.circle("rocks", "solid", (30, 20), 2),
          Terrain.polygon("ruin", "solid", [(20, 2), (26, 2), (26, 8), (24, 8), (24, 4), (20, 4)]))
TABLE = Table(48, 36, SOLIDS + (Terrain.rect("hedge", "semi_solid", 2, 2, 4, 1),))
UNION = shapely.union_all([SPolygon(t.points) for t in SOLIDS])
table_point = st.tuples(st.floats(0, 48), st.floats(0, 36))


def _old_route_length(a, b):
    """The Shapely version's route: straight, or turning at one corner of the mitred, grown solids."""
    def crosses(p, q):
        return math.dist(p, q) >= EPSILON and UNION.intersects(LineString([p, q]))
    if not crosses(a, b):
        return math.dist(a, b)
    grown = UNION.buffer(BASE_RADIUS + 0.05, join_style="mitre")
    corners = {c for g in getattr(grown, "geoms", [grown]) for c in g.exterior.coords if TABLE.on_table(c)}
    routes = [math.dist(a, c) + math.dist(c, b) for c in corners if not crosses(a, c) and not crosses(c, b)]
    return min(routes, default=math.dist(a, b) + TABLE.width)


@SETTINGS
@given(table_point, table_point)
def test_table_matches_the_shapely_calculations(a, b):
    gap = UNION.distance(SPoint(a))
    assert TABLE.in_solid(a) == (gap < BASE_RADIUS - EPSILON)
    assert TABLE.is_free(a) == (TABLE.on_table(a) and gap >= BASE_RADIUS - EPSILON)
    assert TABLE.crosses_solid(a, b) == (a != b and UNION.intersects(LineString([a, b])))
    assert TABLE.route_length(a, b) == pytest.approx(_old_route_length(a, b), abs=1e-9)


def test_in_solid_near_a_corner_uses_the_true_circle():
    diagonal = math.sqrt(0.5)
    inside = (10 - 0.249 * diagonal, 10 - 0.249 * diagonal)   # 0.249 from the barn's corner
    outside = (10 - 0.251 * diagonal, 10 - 0.251 * diagonal)
    assert TABLE.in_solid(inside) and not TABLE.in_solid(outside)
    assert TABLE.in_solid((10.5, 10.5)) and TABLE.in_solid((9.76, 12))  # on it, and overlapping its edge
    assert not TABLE.in_solid((9.75, 12))  # touching is allowed


def test_crossing_solid_ground_at_a_corner_or_along_an_edge():
    assert TABLE.crosses_solid((8, 12), (18, 12))   # straight through the barn
    assert TABLE.crosses_solid((8, 12), (12, 8))    # grazing its corner counts
    assert TABLE.crosses_solid((8, 10), (18, 10))   # along its wall
    assert not TABLE.crosses_solid((8, 9.9), (18, 9.9))
    assert not TABLE.crosses_solid((12, 12), (12, 12))  # going nowhere
    assert not TABLE.crosses_solid((22, 5), (23, 7))    # in the ruin's courtyard


def test_route_round_a_wall_turns_at_its_grown_corner():
    wall = Table(48, 36, (Terrain.rect("wall", "solid", 20, 5, 1, 20),))
    a, b = (15, 24.5), (26, 24.5)
    corner = (20 - BASE_RADIUS - 0.05, 25 + BASE_RADIUS + 0.05)  # the wall's top left, grown
    assert corner in wall._corners
    assert wall.route_length(a, b) == pytest.approx(math.dist(a, corner) + math.dist(corner, b))
    assert wall.route_length((15, 15), (26, 15)) == 11 + 48  # no corner sees both: straight plus the table's width
    boxed = Table(10, 10, (Terrain.rect("wall", "solid", 4, -1, 1, 12),))  # the wall runs off the table
    assert boxed.route_length((2, 5), (8, 5)) == 6 + 10


def test_formation_flows_round_an_obstacle_and_the_other_bases():
    rock = Terrain.circle("rock", "solid", (17, 10), 1)
    table = Table(48, 36, (rock,))
    occupied = [(20, 11), (20, 9)]
    spots = formation(table, (20, 10), (1.0, 0.0), 8, occupied=occupied, spacing=0.75)
    assert spots is not None and len(spots) == 8
    assert table.all_free(spots, occupied)
    assert not any(geo.dwithin(rock.shape, p, BASE_RADIUS - 2 * EPSILON) for p in spots)
    assert formation(table, (20, 10), (1.0, 0.0), 2, spacing=0.75) == ((19.25, 10.0), (18.5, 10.0))


def test_terrain_shape_is_a_pure_python_polygon():
    barn = SOLIDS[0]
    assert isinstance(barn.shape, geo.Polygon) and barn.points == barn.shape.vertices
    assert barn.points == ((10.0, 10.0), (16.0, 10.0), (16.0, 14.0), (10.0, 14.0))
    assert pickle.loads(pickle.dumps(TABLE)) == TABLE
    with pytest.raises(ValueError, match="valid"):
        Terrain.polygon("bow tie", "solid", [(0, 0), (2, 2), (2, 0), (0, 2)])


@given(st.lists(st.tuples(st.floats(-100, 100), st.floats(-100, 100)), max_size=12),
       st.tuples(st.floats(-100, 100), st.floats(-100, 100)))
def test_the_box_around_points_is_shapelys_envelope(points, start):
    """``box_around`` (one pass of comparisons, for the hot listings) is the envelope Shapely finds."""
    assert geo.box_around(points, start) == MultiPoint([start, *points]).bounds
