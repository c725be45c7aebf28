"""The table: its size and terrain, the sight and route answers it caches, a what-if board, and loading one."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from math import hypot

from .. import geometry as geo
from ..geometry import Point, Polygon
from ..limits import MAX_CORNERS, MAX_TERRAIN, brief, corner_list
from .measure import BASE_RADIUS, EPSILON, distance, segment_point_distance
from .sight import (
    SHADOW_MARGIN, LineOfSight, Sight, Silhouette, box_in_strip, clear_sight, line_of_sight, sight_box, sight_points,
    sight_strip, square_of,
)
from .stores import keep_newest, remember
from .terrain import Terrain, TerrainKind, elevation_at


_SIGHTS_KEPT = 256  # traced sights a table keeps (keep_newest): a board redrawn, an attack listed then played
_RECENT_KEPT = 4096
"""Ground levels a table keeps: asked again within a listing or two (each eye of every attacker at every enemy
unit), hardly ever later, so this many find nearly every repeat; 100,000 kept (with the shadows kept per eye then)
slowed the rest of a long run (~14k actions/s at 60,000 actions instead of ~15.5k). Where a base may stand, and
sight blocked or not, stay at :func:`.stores.remember`'s bound: Army Men and One Brain Cell find those again games
later."""


@dataclass(frozen=True)
class Table:
    """The playing area (``width`` by ``height`` inches, origin at a corner) and its terrain.

    Immutable; caches its sight answers, so share one per game.
    """

    width: float = 48.0
    height: float = 36.0
    terrain: tuple[Terrain, ...] = ()

    def __post_init__(self):
        object.__setattr__(self, "terrain", tuple(self.terrain))
        names = [t.name for t in self.terrain]
        if len(set(names)) != len(names):
            raise ValueError("terrain pieces need distinct names")
        # The answers it keeps (:mod:`.stores`), by kind: where a base may stand and paths (the same spots and paths
        # are tried turn after turn: a unit's menu of moves), ground levels, traced sights, blocked or not (and
        # each convex piece's outermost corners, in its Silhouette).
        for store in ("_solid_cache", "_level_cache", "_sight_cache", "_blocked_cache"):
            object.__setattr__(self, store, {})

    # -- where a base may stand --------------------------------------------------------
    def on_table(self, point: Point, radius: float = BASE_RADIUS) -> bool:
        """Whether a whole base centred at ``point`` is on the table."""
        x, y = point
        low = radius - EPSILON
        return low <= x <= self.width - low and low <= y <= self.height - low

    @cached_property
    def _solids(self) -> tuple[Polygon, ...]:
        return tuple(t.shape for t in self.terrain if t.kind is TerrainKind.SOLID)

    @cached_property
    def _solid_boxes(self) -> tuple[tuple[float, float, float, float, Polygon], ...]:
        """Each solid's bounds and shape, for the box tests that skip far pieces without a call."""
        return tuple((*shape.bounds, shape) for shape in self._solids)

    def in_solid(self, point: Point) -> bool:
        """Whether a base at ``point`` would overlap solid terrain (touching it is allowed)."""
        key = (point[0], point[1])
        answer = self._solid_cache.get(key)
        if answer is None:
            reach = BASE_RADIUS - EPSILON  # strictly nearer than this: the slack lets a base stand flush
            x, y = key
            # geometry's own box test (the same slack), made here so that far pieces cost no call
            pad = reach + 1e-9 * (1.0 + abs(x) + abs(y) + abs(reach))
            answer = any(geo.disc_overlaps(shape, key, reach) for x0, y0, x1, y1, shape in self._solid_boxes
                         if x0 - pad <= x <= x1 + pad and y0 - pad <= y <= y1 + pad)
            remember(self._solid_cache, key, answer)
        return answer

    def crosses_solid(self, a: Point, b: Point) -> bool:
        """Whether the straight path from ``a`` to ``b`` passes through solid terrain."""
        key = (a[0], a[1], b[0], b[1])
        answer = self._solid_cache.get(key)
        if answer is None:
            answer = distance(a, b) >= EPSILON and self._cuts_a_solid(a, b)
            remember(self._solid_cache, key, answer)
        return answer

    def _cuts_a_solid(self, a: Point, b: Point) -> bool:
        """Whether segment ``a``-``b`` cuts a solid; pieces whose box misses the segment's are passed over here,
        without a call (geometry's own first test, the same comparisons)."""
        ax, ay, bx, by = a[0], a[1], b[0], b[1]
        lo_x, hi_x = (ax, bx) if ax <= bx else (bx, ax)
        lo_y, hi_y = (ay, by) if ay <= by else (by, ay)
        return any(geo.segment_intersects_polygon(shape, a, b) for x0, y0, x1, y1, shape in self._solid_boxes
                   if not (hi_x < x0 or lo_x > x1 or hi_y < y0 or lo_y > y1))

    def solid_boxes_near(self, x0: float, y0: float, x1: float, y1: float) -> list[tuple[float, float, float, float]]:
        """The bounds of the solid pieces near the box from ``(x0, y0)`` to ``(x1, y1)``, each grown by a base's
        radius and a little: a box inside that one which meets none of them holds no point where
        :meth:`in_solid` is true and no path that :meth:`crosses_solid` (their own box tests pass every such
        piece over). Empty: nothing solid near at all (a unit's menu of moves far from walls is settled with
        this one test)."""
        pad = BASE_RADIUS + 1e-3  # wider than in_solid's pad, which exceeds the radius by less than 1e-5 on any table
        x0, y0, x1, y1 = x0 - pad, y0 - pad, x1 + pad, y1 + pad
        return [(sx0 - pad, sy0 - pad, sx1 + pad, sy1 + pad) for sx0, sy0, sx1, sy1, _shape in self._solid_boxes
                if not (sx1 < x0 or sx0 > x1 or sy1 < y0 or sy0 > y1)]

    def is_free(self, point: Point, occupied: Iterable[Point] = ()) -> bool:
        """Whether a base may stand at ``point``: on the table, clear of solid terrain and of ``occupied`` bases."""
        if not self.on_table(point) or self.in_solid(point):
            return False
        x, y = point
        reach = 2 * BASE_RADIUS
        for ox, oy in occupied:  # bases_overlap, written out: this runs for every spot a formation tries
            dx, dy = ox - x, oy - y
            if -reach <= dx <= reach and -reach <= dy <= reach and math.hypot(dx, dy) < reach - EPSILON:
                return False
        return True

    def all_free(self, points: Iterable[Point], occupied: Sequence[Point] = ()) -> bool:
        """:meth:`is_free` for every one of ``points`` (not checked against each other)."""
        return all(self.is_free(p, occupied) for p in points)

    @cached_property
    def _corners(self) -> tuple[Point, ...]:
        """Corners to walk round: solid terrain's corners, a base radius (and a little) out, on the table.

        Corners that fall within that distance of some solid piece (where pieces
        nearly meet, or at inner corners of a narrow piece) are left out: a base
        could not stand there.
        """
        out = BASE_RADIUS + 0.05
        corners = {c for shape in self._solids for c in geo.mitre_corners(shape, out)}
        return tuple(sorted(c for c in corners if self.on_table(c)
                            and not any(geo.disc_overlaps(s, c, out - 1e-6) for s in self._solids)))

    def route_length(self, a: Point, b: Point) -> float:
        """Walking distance from ``a`` to ``b`` around solid terrain (straight, or turning at one corner).

        An estimate for bots and move hints: where no route with one turn
        exists, the straight distance plus the table's width.
        """
        if not self.crosses_solid(a, b):
            return distance(a, b)
        key = ("route", a[0], a[1], b[0], b[1])  # bots weigh the same moves towards the same enemies again
        length = self._solid_cache.get(key)
        if length is None:
            length = self._route_round(a, b)
            remember(self._solid_cache, key, length)
        return length

    def _route_round(self, a: Point, b: Point) -> float:
        # Shortest first, so the first open route is the answer and most corners are never traced.
        for length, corner in sorted((distance(a, c) + distance(c, b), c) for c in self._corners):
            if not self.crosses_solid(a, corner) and not self.crosses_solid(corner, b):
                return length
        return distance(a, b) + self.width

    def terrain_at(self, point: Point) -> tuple[Terrain, ...]:
        return tuple(t for t in self.terrain if t.covers(point))

    # -- height and sight ----------------------------------------------------------------
    def elevation_at(self, point: Point) -> int:
        """:func:`elevation_at` on this table, remembered."""
        key = (point[0], point[1])
        level = self._level_cache.get(key)
        if level is None:
            level = elevation_at(key, self.terrain)
            remember(self._level_cache, key, level, _RECENT_KEPT)
        return level

    def sight(self, eye: Point, target: Point, figures: Mapping[str, Point] | None = None, *,
              hills_block: bool = True) -> LineOfSight:
        """:func:`line_of_sight` on this table, remembered for repeated questions."""
        key = (tuple(eye), tuple(target), None if figures is None else tuple(sorted(figures.items())), hills_block)
        cache = self._sight_cache
        answer = cache.get(key)
        if answer is None:
            answer = keep_newest(cache, key, line_of_sight(eye, target, self.terrain, figures, hills_block=hills_block),
                                 _SIGHTS_KEPT)
        return answer

    def sees_clearly(self, eye: Point, target: Point, *, hills_block: bool = True) -> bool:
        """Whether :meth:`sight` (without figures) is CLEAR: from its cache if traced, else not if the target
        stands in a wall's shadow (:meth:`hides_all`), else by :func:`clear_sight`, which stops at the first
        line cut or screened."""
        key = (tuple(eye), tuple(target), None, hills_block)  # the key sight() uses for the same question
        traced = self._sight_cache.get(key)
        if traced is not None:
            return traced.sight is Sight.CLEAR
        if self.hides_all(eye, (target,), hills_block=hills_block):
            return False
        return clear_sight(key[0], key[1], self.terrain, hills_block=hills_block)

    def is_blocked(self, eye: Point, target: Point, *, hills_block: bool = True) -> bool:
        """Whether :meth:`sight` (without figures) is BLOCKED, remembered; traced in full only if need be."""
        key = (tuple(eye), tuple(target), None, hills_block)  # the key sight() uses for the same question
        traced = self._sight_cache.get(key)
        if traced is not None:
            return traced.is_blocked
        answer = self._blocked_cache.get(key)
        if answer is None:
            answer = self._trace_blocked(key[0], key[1], hills_block)
            remember(self._blocked_cache, key, answer)
        return answer

    def blocked_with(self, eye: Point, target: Point, figures: Mapping[str, Point], *,
                     hills_block: bool = True) -> bool:
        """Whether :meth:`sight` with ``figures`` blocking is BLOCKED, traced only as far as it must: the lines the
        figures' bases cut (as :func:`line_of_sight` measures them) first, then the terrain only across the others,
        stopping at the first line nothing cuts (not kept: the figures about change from position to position)."""
        eye, target = (float(eye[0]), float(eye[1])), (float(target[0]), float(target[1]))
        centres = [c for c in figures.values() if distance(c, eye) >= EPSILON and distance(c, target) >= EPSILON]
        cut = tuple(any(segment_point_distance(eye, end, c) < BASE_RADIUS for c in centres)
                    for end in sight_points(eye, target))
        return all(cut) or self._trace_blocked(eye, target, hills_block, cut)

    @cached_property
    def _hills(self) -> tuple[Terrain, ...]:
        return tuple(t for t in self.terrain if t.kind is TerrainKind.HILL)

    def _trace_blocked(self, eye: Point, target: Point, hills_block: bool, cut: tuple[bool, ...] = ()) -> bool:
        """Every sight line cut by something that blocks (:func:`_sight_roles`' rule), without measuring
        screens, and stopping at the first line nothing cuts (most targets that can be seen). ``cut``: the lines
        (in :func:`sight_points`' order) something else cuts already (figures' bases), not traced."""
        eye, target = (float(eye[0]), float(eye[1])), (float(target[0]), float(target[1]))
        lo_x, lo_y, hi_x, hi_y = sight_box(eye, target)
        # Only pieces whose box meets the sight lines' box can cut a line (geo.boxes_meet, written out); of those,
        # only pieces whose box meets the strip along the line that holds every sight line (sight.beside_the_lines'
        # test: a long slanting line's box meets many a piece it passes well clear of).
        near = [box for box in self._solid_boxes
                if not (box[2] < lo_x or box[0] > hi_x or box[3] < lo_y or box[1] > hi_y)]
        strip = sight_strip(eye, target) if near or hills_block and self._hills else None
        shapes = [shape for x0, y0, x1, y1, shape in near if box_in_strip(strip, x0, y0, x1, y1)]
        if hills_block and self._hills:
            hills = [t for t in self._hills if geo.boxes_meet(t.shape.bounds, (lo_x, lo_y, hi_x, hi_y))
                     and box_in_strip(strip, *t.shape.bounds)]
            if hills:  # ground levels measured only when some hill is near enough to matter
                top = max(self.elevation_at(eye), self.elevation_at(target))
                shapes += [t.shape for t in hills if t.elevation > top]  # higher than both figures
        if not shapes:
            return bool(cut) and all(cut)
        ends = sight_points(eye, target)
        if self._one_wall_cuts_all(eye, ends, shapes):
            return True
        last = None  # what cut the last line: usually the same wall cuts the next one too, so try it first
        for i, end in enumerate(ends):
            if cut and cut[i] or last is not None and geo.segment_intersects_polygon(last, eye, end):
                continue
            last = next((shape for shape in shapes if geo.segment_intersects_polygon(shape, eye, end)), None)
            if last is None:
                return False  # a clear line (or nothing on the table that blocks): not blocked
        return True

    def hides_all(self, eye: Point, targets: Sequence[Point], *, hills_block: bool = True) -> bool:
        """Whether one convex piece that blocks sight surely cuts every sight line from ``eye`` to every base at
        ``targets`` (a squad behind a wall): then :meth:`is_blocked` is true of each. Settled with a few products
        a base, from the piece's shadow as seen from the eye. False says only "not settled so": ask
        :meth:`is_blocked`.

        Each base (every sight point lies within its radius of its centre) must lie wholly inside the angle
        two corners of the piece make at the eye, and beyond the chord between them, by a margin far wider than
        any rounding. A convex piece holds that chord, and every line from the eye to such a point crosses the
        chord (geometry.fanned's argument, with the corners as its two lines' ends). The two outermost corners
        (:class:`.Silhouette`) make the widest such shadow.
        """
        if not targets:
            return False
        ex, ey = eye[0], eye[1]
        # Only a piece whose box meets the box of the eye and the first base can cut every line to it (the rest
        # are not measured: a piece that leaves the first base out of its shadow settles nothing anyway).
        tx, ty = targets[0]
        lo_x, hi_x = (ex, tx) if ex < tx else (tx, ex)
        lo_y, hi_y = (ey, ty) if ey < ty else (ty, ey)
        top = None  # the highest ground under the eye or a target, measured only if a hill could hide them
        square = square_of(ex, ey)  # (looked up here: Silhouette.corners' usual answer, without a call a piece)
        for x0, y0, x1, y1, level, silhouette in self._sight_blocker_boxes:
            if x1 < lo_x or x0 > hi_x or y1 < lo_y or y0 > hi_y or level and not hills_block:
                continue
            corners = silhouette.squares.get(square)  # silhouette.corners(ex, ey): its usual answer, found here
            if not corners:  # not found yet, or not the same from all of the square, or none
                corners = silhouette.corners(ex, ey)
            if corners is None:
                continue
            ux, uy, wx, wy, cx, cy, beyond = corners
            ux, uy, wx, wy = ux - ex, uy - ey, wx - ex, wy - ey  # to the corners from the eye, each a millimetre or
            # more (so their directions are far beyond rounding) and less than a half turn apart.
            # A centre (x, y) inside the angle: u x (t - e) > |u| margin, written on the centre's own coordinates
            # (the eye's part worked out once: ux y - uy x > |u| margin + ux ey - uy ex), and likewise for w. Their
            # rounding (a few units in the last place of products of coordinates) stays far inside the margin's
            # part beyond the radius.
            inside_u = hypot(ux, uy) * SHADOW_MARGIN + ux * ey - uy * ex
            inside_w = hypot(wx, wy) * SHADOW_MARGIN + wy * ex - wx * ey
            for tx, ty in targets:
                if ux * ty - uy * tx <= inside_u or wy * tx - wx * ty <= inside_w or cx * ty - cy * tx >= beyond:
                    break
            else:
                if level:  # a hill: it hides only what stands lower than its top, from an eye lower too
                    if top is None:  # measured last: only for bases already in its shadow
                        top = max(self.elevation_at((ex, ey)),
                                  *(self.elevation_at((float(t[0]), float(t[1]))) for t in targets))
                    if level <= top:
                        continue
                return True
        return False

    @cached_property
    def _sight_blocker_boxes(self) -> tuple[tuple[float, float, float, float, int, Silhouette], ...]:
        """The convex pieces that can block sight: each one's box grown by a base's radius (so that the box of the eye
        and a base's centre meets it wherever the base's own box does), its level (0 for a solid, which always
        blocks) and its :class:`.Silhouette`."""
        r = BASE_RADIUS
        return tuple((*(b - r for b in t.shape.bounds[:2]), *(b + r for b in t.shape.bounds[2:]),
                      t.elevation if t.kind is TerrainKind.HILL else 0, Silhouette(t.shape)) for t in self.terrain
                     if t.kind in (TerrainKind.SOLID, TerrainKind.HILL) and t.shape.is_convex)

    @staticmethod
    def _one_wall_cuts_all(eye: Point, ends: tuple[Point, ...], shapes: list[Polygon]) -> bool:
        """Whether one convex piece surely cuts every line from ``eye`` to ``ends``, settled with two segment tests
        (the usual answer: a wall between the figures). False says only "not settled so": trace the lines.

        A convex piece that cuts two lines from the eye cuts every line between them that reaches past the
        chord of their ends (geometry.fanned says why). The two lines tested are drawn a little wider and
        shorter than the outermost sight lines, so that every end lies clearly inside the angle and beyond
        the chord, and the floats decide that without exact arithmetic (the answer is exact either way).
        """
        (fx, fy), (lx, ly), (ex, ey) = ends[0], ends[-1], eye
        wider_x, wider_y = (fx - lx) * 0.05, (fy - ly) * 0.05
        first = (ex + 0.99 * (fx + wider_x - ex), ey + 0.99 * (fy + wider_y - ey))
        last = (ex + 0.99 * (lx - wider_x - ex), ey + 0.99 * (ly - wider_y - ey))
        wall = next((s for s in shapes if geo.segment_intersects_polygon(s, eye, first)), None)
        return (wall is not None and wall.is_convex and geo.segment_intersects_polygon(wall, eye, last)
                and geo.fanned(eye, first, last, ends))

    # -- saving --------------------------------------------------------------------------
    def to_dict(self) -> dict:
        return {"width": self.width, "height": self.height, "terrain": [t.to_dict() for t in self.terrain]}

    @classmethod
    def from_dict(cls, data: Mapping) -> Table:
        if not isinstance(data, Mapping):
            raise ValueError("a table must be an object with width, height and terrain")
        return cls(data["width"], data["height"], tuple(Terrain.from_dict(t) for t in data.get("terrain", ())))


@dataclass(frozen=True)
class Board:
    """A what-if board: figures (id -> figure) on a table under some settings, as a ruleset's pure rule
    functions read a game state (to ask about a position before it is played)."""

    figures: Mapping
    table: Table
    settings: object


# -- a table from a saved game ---------------------------------------------------------------------
MAX_TABLE_INCHES = 1000.0


def table_from_dict(data, *, terrain_optional: bool = True) -> Table:
    """The table and its terrain from a save; anything malformed is a ``ValueError`` that says what.

    One parser for every tabletop ruleset's save. ``terrain_optional``: a save
    may leave out ``terrain`` (an empty table); otherwise all three keys are required.
    """
    keys = {"width", "height", "terrain"}
    required = {"width", "height"} if terrain_optional else keys
    if not isinstance(data, Mapping) or not required <= set(data) or not set(data) <= keys:
        raise ValueError("the table (setup) must be an object with width, height and terrain")
    size = (data["width"], data["height"])
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
               and 1 <= v <= MAX_TABLE_INCHES for v in size):
        raise ValueError(f"the table's width and height are inches from 1 to {MAX_TABLE_INCHES:g}, not {brief(size)}")
    terrain = data.get("terrain", [])
    if not isinstance(terrain, list) or len(terrain) > MAX_TERRAIN:
        raise ValueError(f"the table's terrain must be a list of at most {MAX_TERRAIN} pieces")
    pieces = []
    for index, piece in enumerate(terrain):
        try:
            pieces.append(_terrain_from_save(piece))
        except (TypeError, ValueError, KeyError, AttributeError, OverflowError) as exc:
            raise ValueError(f"malformed terrain {index + 1}: {exc}") from None
    return Table(float(size[0]), float(size[1]), tuple(pieces))


def _terrain_from_save(data) -> Terrain:
    if not isinstance(data, Mapping):
        raise ValueError("a piece of terrain is an object")
    points = data.get("points")
    if not corner_list(points):
        raise ValueError(f"its points must be a list of 3 to {MAX_CORNERS} [x, y] pairs of finite numbers")
    if not isinstance(data.get("name"), str) or not isinstance(data.get("kind"), str):
        raise ValueError("a piece of terrain has a name and a kind (text)")
    elevation = data.get("elevation", 0)
    if isinstance(elevation, bool) or not isinstance(elevation, int) or not 0 <= elevation <= 100:
        raise ValueError(f"a piece of terrain's elevation is a whole number from 0 to 100, not {brief(elevation)}")
    return Terrain.from_dict(data)
