"""Tabletop geometry: distances, terrain, heights, line of sight, formations."""

import math
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from explorer.core.tabletop import (
    BASE_RADIUS, COMPASS, SIGHT_LINES, Sight, Table, Terrain, TerrainKind, bases_overlap, chain_connected,
    compass_points, distance, elevation_at, formation, gap_between, height_difference, is_downhill, is_uphill,
    line_of_sight, sight_points,
)

WALL = Terrain.rect("wall", "solid", 9, -5, 2, 10)      # across the line y=0 from x=9 to 11
HEDGE = Terrain.rect("hedge", "semi_solid", 9, -5, 1, 10)
HILL = Terrain.rect("hill", "hill", 4, -5, 12, 10, elevation=1)


def test_distances_centre_to_centre_and_edge_to_edge():
    assert distance((0, 0), (3, 4)) == 5
    assert gap_between((0, 0), (1, 0)) == pytest.approx(1 - 2 * BASE_RADIUS)
    assert gap_between((0, 0), (0.2, 0)) == 0
    assert bases_overlap((0, 0), (0.4, 0))
    assert not bases_overlap((0, 0), (2 * BASE_RADIUS, 0))  # touching is allowed


def test_compass_points_are_all_the_same_distance():
    points = compass_points((10, 10), 4)
    assert len(points) == 8 == len(COMPASS)
    assert all(distance((10, 10), p) == pytest.approx(4) for p in points.values())
    assert points["N"] == (10.0, 14.0) and points["E"] == (14.0, 10.0)


def test_chain_connected_needs_one_linked_chain():
    gap = 0.5
    reach = 2 * BASE_RADIUS + gap  # centre distance at which bases are one finger apart
    assert chain_connected([(0, 0), (reach, 0), (2 * reach, 0)], gap)
    assert not chain_connected([(0, 0), (reach + 0.01, 0)], gap)
    # two tight pairs far apart: each member is near another, but it is not one chain
    assert not chain_connected([(0, 0), (0.6, 0), (10, 0), (10.6, 0)], gap)
    assert chain_connected([(0, 0)], gap) and chain_connected([], gap)


def test_terrain_kinds_and_shapes():
    assert WALL.kind is TerrainKind.SOLID and HEDGE.kind is TerrainKind.SEMI_SOLID
    assert WALL.covers((10, 0)) and not WALL.covers((0, 0))
    assert WALL.touches_base((8.8, 0)) and not WALL.touches_base((8.7, 0))
    rocks = Terrain.circle("rocks", "solid", (0, 0), 2)
    assert rocks.covers((1.5, 0)) and not rocks.covers((2.1, 0))
    with pytest.raises(ValueError, match="elevation"):
        Terrain.rect("flat hill", "hill", 0, 0, 1, 1)
    with pytest.raises(ValueError):
        Terrain.rect("x", "lava", 0, 0, 1, 1)


def test_terrain_round_trips_through_a_dict_and_its_repr():
    for piece in (WALL, HEDGE, HILL, Terrain.circle("rocks", "solid", (3, 3), 1.5)):
        assert Terrain.from_dict(piece.to_dict()) == piece
    assert eval(repr(WALL)) == WALL
    with pytest.raises(ValueError, match="malformed terrain"):
        Terrain.from_dict({"name": "x", "kind": "solid", "points": [[0, 0], [1]]})


def test_heights_come_from_the_highest_hill_underfoot():
    summit = Terrain.rect("summit", "hill", 6, -1, 2, 2, elevation=2)
    terrain = (HILL, summit)
    assert elevation_at((0, 0), terrain) == 0
    assert elevation_at((5, 0), terrain) == 1
    assert elevation_at((7, 0), terrain) == 2
    assert height_difference((0, 0), (7, 0), terrain) == 2
    assert is_uphill((0, 0), (5, 0), terrain) and not is_downhill((0, 0), (5, 0), terrain)
    assert is_downhill((7, 0), (5, 0), terrain)
    assert not is_uphill((5, 0), (5.5, 0), terrain) and not is_downhill((5, 0), (5.5, 0), terrain)


def test_sight_points_span_the_targets_base_across_the_line():
    points = sight_points((0, 0), (10, 0))
    assert len(points) == SIGHT_LINES
    assert points[0] == pytest.approx((10, -BASE_RADIUS)) and points[-1] == pytest.approx((10, BASE_RADIUS))
    assert (10.0, 0.0) in points


def test_open_ground_is_clear():
    los = line_of_sight((0, 0), (20, 0), ())
    assert los.sight is Sight.CLEAR and los.cover == () and los.visible_fraction == 1


def test_a_wall_right_across_blocks_completely():
    los = line_of_sight((0, 0), (20, 0), (WALL,))
    assert los.sight is Sight.BLOCKED and los.cover == ("wall",) and los.visible_fraction == 0


def test_any_visible_part_is_enough_and_gives_partial_cover():
    # the wall's corner hides the lower half of the target's base only
    corner = Terrain.rect("corner", "solid", 9, -5, 2, 5)
    los = line_of_sight((0, 0), (20, 0), (corner,))
    assert los.sight is Sight.PARTIAL
    assert Fraction(0) < los.visible_fraction < 1
    assert los.cover == ("corner",)


def test_semi_solid_never_blocks_but_always_covers_even_completely_behind():
    los = line_of_sight((0, 0), (20, 0), (HEDGE,))
    assert all(line.screened_by == ("hedge",) for line in los.lines)  # entirely behind the hedge
    assert los.sight is Sight.PARTIAL and los.visible_fraction == 1


def test_a_target_standing_in_bushes_is_covered():
    bushes = Terrain.circle("bushes", "semi_solid", (20, 0), 1)
    assert line_of_sight((0, 0), (20, 0), (bushes,)).sight is Sight.PARTIAL


def test_the_hedge_an_attacker_stands_at_does_not_cover_its_targets():
    at_hedge = (8.8, 0)  # base touching the hedge
    assert line_of_sight(at_hedge, (20, 0), (HEDGE,)).sight is Sight.CLEAR
    # ... but it still covers the other way, and a target at it stays covered
    assert line_of_sight((20, 0), at_hedge, (HEDGE,)).sight is Sight.PARTIAL
    assert line_of_sight((9.5, 3), (10.2, -3), (HEDGE,)).sight is Sight.PARTIAL  # both at the hedge


def test_a_hill_hides_figures_lower_than_it_but_not_from_its_top():
    ridge = Terrain.rect("ridge", "hill", 9, -5, 2, 10, elevation=1)
    assert line_of_sight((0, 0), (20, 0), (ridge,)).sight is Sight.BLOCKED
    assert line_of_sight((0, 0), (20, 0), (ridge,), hills_block=False).sight is Sight.CLEAR
    assert line_of_sight((10, 0), (20, 0), (ridge,)).sight is Sight.CLEAR  # standing on it
    big_hill = (HILL,)
    assert line_of_sight((0, 0), (5, 0), big_hill).sight is Sight.CLEAR  # target on the slope


def test_figures_block_like_walls_when_asked():
    crowd = {"x": (15, 0.3)}
    assert line_of_sight((0, 0), (20, 0), ()).sight is Sight.CLEAR
    assert line_of_sight((0, 0), (20, 0), (), crowd).sight is Sight.PARTIAL  # a thin figure hides part
    assert line_of_sight((0, 0), (20, 0), (), {"x": (10, 0)}).sight is Sight.BLOCKED  # halfway, it hides all
    shoulder = {"a": (19, -0.2), "b": (19, 0.2)}
    assert line_of_sight((0, 0), (20, 0), (), shoulder).sight is Sight.BLOCKED
    assert line_of_sight((0, 0), (20, 0), (), {"me": (0, 0), "it": (20, 0)}).sight is Sight.CLEAR


def test_table_edges_solid_ground_and_paths():
    table = Table(48, 36, (WALL,))
    assert table.on_table((0.25, 0.25)) and not table.on_table((0.2, 10))
    assert not table.on_table((47.9, 10))
    assert table.in_solid((10, 2)) and table.in_solid((8.8, 2)) and not table.in_solid((8.7, 2))
    assert table.crosses_solid((5, 0), (15, 0)) and not table.crosses_solid((5, 6), (15, 6))
    assert table.route_length((5, 0), (15, 0)) > 10  # round the end of the wall
    assert table.route_length((5, 6), (15, 6)) == 10


def test_table_round_trips_and_remembers_its_sight_answers():
    table = Table(48, 36, (WALL, HEDGE, HILL))
    assert Table.from_dict(table.to_dict()) == table
    first = table.sight((0, 0), (20, 0))
    assert table.sight((0, 0), (20, 0)) is first
    # a few hundred traced sights are kept, the newest (each is six objects the garbage collector walks in every full
    # pass, whichever game the process plays next): the first one asked is let go, the last ones kept
    from explorer.core.tabletop.table import _SIGHTS_KEPT
    assert 100 <= _SIGHTS_KEPT <= 1000
    last = [table.sight((0, 0), (20, 1 + i / 100)) for i in range(_SIGHTS_KEPT)]
    assert len(table._sight_cache) == _SIGHTS_KEPT
    assert table.sight((0, 0), (20, 0)) is not first and table.sight((0, 0), (20, 0)) == first
    assert table.sight((0, 0), (20, 1 + (_SIGHTS_KEPT - 1) / 100)) is last[-1]
    with pytest.raises(ValueError, match="distinct names"):
        Table(10, 10, (WALL, WALL))


def test_a_table_keeps_its_newest_ground_levels_only():
    # Ground levels are asked again within a listing or two, hardly ever later: a table keeps a few thousand, the
    # newest found again.
    from explorer.core.tabletop.table import _RECENT_KEPT
    assert 1000 <= _RECENT_KEPT <= 10_000
    table = Table(48, 36, (WALL, HILL))
    eyes = [(1 + i / 1000, 2.0) for i in range(_RECENT_KEPT + 50)]
    for eye in eyes:
        table.elevation_at(eye)
    assert 0 < len(table._level_cache) <= _RECENT_KEPT + 1 and eyes[-1] in table._level_cache


_PIECES = (
    ((0, 0), (4, 0), (4, 2), (0, 2)),                      # a wall, its corners anticlockwise
    ((10, 10), (9, 13), (13, 14), (14, 11)),                # a slanting block, clockwise
    ((20, 20), (23, 20), (21.5, 24)),                       # a triangle
    tuple((30 + 2 * math.cos(k * math.pi / 6), 5 + 1.5 * math.sin(k * math.pi / 6)) for k in range(12)),  # rocks
    ((0, 30), (2, 30), (4, 30), (4, 31), (0, 31)),          # corners in line along one edge
)


def _outermost(corners, eye):
    """The clockwise-most and anticlockwise-most of ``corners`` seen from ``eye``, tried pair by pair (``None``: not
    one of each; the eye is in the piece)."""
    offsets = [(x - eye[0], y - eye[1]) for x, y in corners]

    def outermost(sign):
        found = [i for i, p in enumerate(offsets) if all(sign * (p[0] * q[1] - p[1] * q[0]) >= -1e-9 for q in offsets)]
        return corners[found[0]] if len(found) == 1 else None
    u, w = outermost(1), outermost(-1)
    return None if u is None or w is None else (u, w)


def test_a_silhouette_finds_a_convex_pieces_outermost_corners_as_every_eye_in_a_square_sees_them():
    # The outermost corners are kept for each square inch of eyes that no edge's line crosses: the answer kept must
    # be what the eye sees itself (eyes thick near the pieces, where the squares that lines cross lie).
    import random
    from explorer.core.geometry import Polygon, locate
    from explorer.core.tabletop.sight import _CLEAR, SHADOW_MARGIN, Silhouette
    rng = random.Random(4)
    for corners in _PIECES:
        shape = Polygon(corners)
        silhouette, x0, y0, x1, y1 = Silhouette(shape), *shape.bounds
        seen = 0
        for _ in range(1000):
            eye = (rng.uniform(x0 - 3, x1 + 3), rng.uniform(y0 - 3, y1 + 3))
            found = silhouette.corners(*eye)
            near_a_line = any(abs((bx - ax) * (eye[1] - ay) - (by - ay) * (eye[0] - ax)) <= 1.01 * _CLEAR * math.hypot(
                bx - ax, by - ay) for (ax, ay, bx, by) in shape.edges)
            if found is None:
                assert near_a_line or locate(shape, eye) >= 0, (corners, eye)
                continue
            seen += 1
            ux, uy, wx, wy, cx, cy, beyond = found
            assert ((ux, uy), (wx, wy)) == _outermost(shape.vertices, eye), (corners, eye)
            assert (cx, cy) == (wx - ux, wy - uy)
            assert beyond == pytest.approx(cx * uy - cy * ux - math.hypot(cx, cy) * SHADOW_MARGIN)
        assert seen > 600


def test_a_squad_in_the_shadow_of_a_slanting_piece_is_blocked_base_by_base():
    # Table.hides_all says yes only where every line to every base is blocked, and the same whatever eyes it was
    # asked about before; eyes and squads thick round pieces that are not lined up with the table's edges, a hill
    # among them.
    import random
    pieces = tuple(Terrain.polygon(f"piece {i}", "hill" if i == 3 else "solid", corners, elevation=2 if i == 3 else 0)
                   for i, corners in enumerate(_PIECES))
    table = Table(48, 36, pieces)
    rng = random.Random(8)
    settled = 0
    for _ in range(3000):
        eye = (rng.uniform(0, 40), rng.uniform(0, 34))
        x, y = rng.uniform(0, 40), rng.uniform(0, 34)
        squad = [(x + rng.uniform(0, 2), y + rng.uniform(0, 2)) for _ in range(rng.randint(1, 4))]
        for hills in (True, False):
            hidden = table.hides_all(eye, squad, hills_block=hills)
            # the corners kept for the eye's square are those the eye sees itself (a fresh table: found for it)
            assert hidden == Table(48, 36, pieces).hides_all(eye, squad, hills_block=hills), (eye, squad, hills)
            if hidden:
                settled += 1
                assert all(Table(48, 36, pieces).is_blocked(eye, base, hills_block=hills) for base in squad)
    assert settled > 100


def test_a_base_just_inside_the_shadow_of_the_outermost_corners_is_settled_hidden():
    # hides_all reads the corners kept for the eye's square itself: a base just inside the widest shadow (near the
    # line from the eye past the clockwise-most corner) is settled only if they are that eye's outermost corners.
    import random
    from explorer.core.tabletop.sight import SHADOW_MARGIN
    pieces = tuple(Terrain.polygon(f"piece {i}", "solid", corners) for i, corners in enumerate(_PIECES))
    table = Table(48, 36, pieces)
    for row in table._sight_blocker_boxes:  # every square near the pieces asked about once already
        x0, y0, x1, y1 = row[0] - 3, row[1] - 3, row[2] + 3, row[3] + 3
        for i in range(int((x1 - x0) * 4)):
            for j in range(int((y1 - y0) * 4)):
                row[-1].corners(x0 + i / 4, y0 + j / 4)
    rng, tried = random.Random(2), 0
    for corners in _PIECES:
        xs, ys = [x for x, _ in corners], [y for _, y in corners]
        for _ in range(300):
            eye = (rng.uniform(min(xs) - 2.5, max(xs) + 2.5), rng.uniform(min(ys) - 2.5, max(ys) + 2.5))
            found = _outermost(corners, eye)
            if found is None or min(abs((bx - ax) * (eye[1] - ay) - (by - ay) * (eye[0] - ax)) / math.hypot(
                    bx - ax, by - ay) for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1])) < 0.01:
                continue  # in the piece, or too near an edge's line (settles nothing)
            (ux, uy), _w = found
            dx, dy = ux - eye[0], uy - eye[1]
            length = math.hypot(dx, dy)
            # 4 inches past u along the line from the eye, then 1.05 margins towards the inside of the angle
            base = (ux + dx / length * 4 - dy / length * SHADOW_MARGIN * 1.05,
                    uy + dy / length * 4 + dx / length * SHADOW_MARGIN * 1.05)
            tried += 1
            assert table.hides_all(eye, [base]), (corners, eye, base)
    assert tried > 1000


def test_formation_is_a_file_behind_the_anchor_in_open_ground():
    table = Table(48, 36)
    spots = formation(table, (20, 10), (1.0, 0.0), 4, spacing=0.75)
    assert spots == ((19.25, 10.0), (18.5, 10.0), (17.75, 10.0), (17.0, 10.0))


def test_formation_flows_round_terrain_and_other_bases_and_stays_connected():
    wall = Terrain.rect("wall", "solid", 17, 0, 1, 20)  # just behind the anchor
    table = Table(48, 36, (wall,))
    occupied = [(19.25, 10.0)]
    spots = formation(table, (19, 9), (1.0, 0.0), 6, occupied=occupied, spacing=0.75)
    assert spots is not None and len(spots) == 6
    assert not any(table.in_solid(p) or not table.on_table(p) for p in spots)
    assert not any(bases_overlap(p, q) for p in spots for q in occupied)
    assert chain_connected([(19, 9), *spots], 0.5)


def test_formation_reports_no_room():
    box = Terrain.polygon("box", "solid", [(0, 0), (10, 0), (10, 10), (0, 10), (0, 5.6), (1.6, 5.6), (1.6, 4.4),
                                           (0, 4.4)])
    table = Table(10, 10, (box,))
    assert formation(table, (0.5, 5.0), (1.0, 0.0), 3, spacing=0.75) is None


coords = st.floats(min_value=1, max_value=40, allow_nan=False)


@settings(max_examples=60)
@given(ax=coords, ay=coords, bx=coords, by=coords)
def test_sight_properties(ax, ay, bx, by):
    a, b = (ax, ay), (bx, by)
    terrain = (Terrain.rect("house", "solid", 15, 15, 5, 5), Terrain.rect("bush", "semi_solid", 25, 5, 3, 3))
    los = line_of_sight(a, b, terrain)
    # blocked exactly when no line is clear; clear exactly when nothing is in the way at all
    assert (los.sight is Sight.BLOCKED) == (los.visible_fraction == 0)
    assert (los.sight is Sight.CLEAR) == (los.cover == ())
    assert los.sight == line_of_sight(a, b, tuple(reversed(terrain))).sight  # order of pieces is irrelevant
    if math.dist(a, b) > 1:
        assert all(distance(line.start, a) == 0 for line in los.lines)


# -- the table's quick "blocked?" against the full trace ---------------------------------------

SIGHT_TERRAIN = (
    Terrain.rect("wall", "solid", 10, 4, 1, 8),
    Terrain.polygon("pillbox", "solid", [(20, 6), (22, 8), (20, 10), (18, 8)]),       # a diamond
    Terrain.polygon("ruin", "solid", [(26, 2), (32, 2), (32, 8), (30, 8), (30, 4), (26, 4)]),  # not convex
    Terrain.circle("rocks", "solid", (14, 16), 1.5),
    Terrain.polygon("gate", "solid", [(28, 18), (34, 18), (34, 22), (28, 22), (28, 20.05), (33, 20.05),
                                      (33, 19.95), (28, 19.95)]),  # a slit narrower than a base
    Terrain.rect("hedge", "semi_solid", 4, 10, 4, 0.5),
    Terrain.rect("hill", "hill", 2, 2, 6, 6, elevation=1),
    Terrain.rect("summit", "hill", 22, 12, 4, 4, elevation=2),
)
SIGHT_TABLE = Table(36, 24, SIGHT_TERRAIN)
_near_corner = st.builds(lambda corner, dx, dy: (corner[0] + dx, corner[1] + dy),
                         st.sampled_from([p for t in SIGHT_TERRAIN for p in t.points]),
                         st.sampled_from([0.0, 0.25, -0.25, 0.5, -0.5]), st.sampled_from([0.0, 0.25, -0.25, 0.5]))
_spot = st.one_of(
    st.tuples(st.integers(0, 72), st.integers(0, 48)).map(lambda p: (p[0] / 2, p[1] / 2)),  # a half-inch grid
    st.tuples(st.floats(0, 36), st.floats(0, 24)), _near_corner)


@settings(max_examples=1500)
@given(_spot, _spot, st.booleans())
def test_the_tables_quick_blocked_answer_is_the_full_traces(eye, target, hills_block):
    """Table.is_blocked (boxes first, and one convex wall cutting both outer lines settling all five) says
    what tracing every line says, walls touched at corners and edges included."""
    traced = line_of_sight(eye, target, SIGHT_TERRAIN, hills_block=hills_block)
    assert traced == _every_line_against_every_piece(eye, target, hills_block)  # the box test skips no cut
    assert Table(36, 24, SIGHT_TERRAIN).is_blocked(eye, target, hills_block=hills_block) == traced.is_blocked


def _every_line_against_every_piece(eye, target, hills_block):
    """line_of_sight as it was before pieces were first sorted out by their boxes (no figures)."""
    from explorer.core import geometry as geo
    from explorer.core.tabletop.sight import LineOfSight, SightLine, _sight_roles
    eye, target = (float(eye[0]), float(eye[1])), (float(target[0]), float(target[1]))
    ends = sight_points(eye, target)
    blocked, screened = [[] for _ in ends], [[] for _ in ends]
    for piece, role in _sight_roles(SIGHT_TERRAIN, eye, target, BASE_RADIUS, hills_block):
        for i, end in enumerate(ends):
            if geo.segment_intersects_polygon(piece.shape, eye, end):
                (blocked if role == "block" else screened)[i].append(piece.name)
    return LineOfSight(tuple(SightLine(eye, end, tuple(b), tuple(s)) for end, b, s in zip(ends, blocked, screened)))


def test_a_wall_between_figures_blocks_and_one_beside_the_line_does_not():
    assert SIGHT_TABLE.is_blocked((5.0, 8.0), (15.0, 8.0))       # through the wall
    assert not SIGHT_TABLE.is_blocked((5.0, 14.0), (15.0, 14.0))  # above it
    assert SIGHT_TABLE.is_blocked((16.0, 8.0), (24.0, 8.0))      # through the pillbox
    # The gate cuts both outer lines but not the middle one, through its slit: not convex, so all are traced.
    assert not SIGHT_TABLE.is_blocked((20.0, 20.0), (31.0, 20.0))
    assert line_of_sight((20.0, 20.0), (31.0, 20.0), SIGHT_TERRAIN).sight is Sight.PARTIAL
