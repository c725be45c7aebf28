"""Tabletop geometry in inches, shared by every ruleset played with a tape measure.

Figures are small discs (:data:`BASE_DIAMETER` across) standing at points;
terrain pieces are polygons (:class:`~explorer.core.geometry.Polygon`, pure
Python, so the engine needs nothing outside the standard library) of three
kinds that matter for sight (solid, semi-solid, hill) and one that only
matters for moving (rough).

Line of sight follows the usual toy-soldier rule "any visible part is
enough": from the attacker's centre (its eye) draw :data:`SIGHT_LINES` lines
to points spread across the target's base, at right angles to the line
between them. The target is BLOCKED only if solid terrain cuts every line,
in PARTIAL cover if solid terrain cuts some line or any line passes through
semi-solid terrain, and CLEAR otherwise. Rulesets decide what each answer
means (a modifier, "may not shoot", ...); this module only measures.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from functools import cached_property

from . import geometry as geo
from .geometry import Point, Polygon
from .limits import brief

BASE_DIAMETER = 0.5
"""Every figure stands on a disc this many inches across (a ruling: toy soldiers'
bases vary; one size keeps distances, cover and cohesion comparable)."""
BASE_RADIUS = BASE_DIAMETER / 2

SIGHT_LINES = 5
"""Lines drawn from the eye to points across the target's base: both edges,
the centre and the two quarter points."""

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
    return max(0.0, distance(a, b) - 2 * radius)


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
    reached, frontier = {0}, [0]
    while frontier:
        i = frontier.pop()
        x, y = points[i]
        for j, other in enumerate(points):
            if j in reached:
                continue
            dx, dy = other[0] - x, other[1] - y
            if dx > reach or -dx > reach or dy > reach or -dy > reach:
                continue  # farther along one axis than the reach: hypot could only say the same
            if math.hypot(dx, dy) <= reach:
                reached.add(j)
                frontier.append(j)
    return len(reached) == len(points)


def segment_point_distance(a: Point, b: Point, p: Point) -> float:
    """Shortest distance from ``p`` to the segment ``a``-``b``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return distance((a[0] + t * dx, a[1] + t * dy), p)


# -- terrain ---------------------------------------------------------------------------

class TerrainKind(str, Enum):
    SOLID = "solid"            # walls, buildings, rocks: blocks sight and moves
    SEMI_SOLID = "semi_solid"  # bushes, hedges, fences: never blocks sight, always partial cover
    HILL = "hill"              # ground at ``elevation``; hides figures lower than its top
    ROUGH = "rough"            # ground a ruleset may slow moves on; never affects sight

    def __repr__(self) -> str:
        return repr(self.value)


@dataclass(frozen=True)
class Terrain:
    """One terrain piece: a name, a kind, a polygon in inches, and (for hills) a level."""

    name: str
    kind: TerrainKind
    shape: Polygon = field(repr=False)
    elevation: int = 0

    def __post_init__(self):
        object.__setattr__(self, "kind", TerrainKind(self.kind))
        if not isinstance(self.shape, Polygon) or not self.shape.is_valid:
            raise ValueError(f"terrain {brief(self.name)} needs a valid, non-empty polygon")
        if self.kind is TerrainKind.HILL and self.elevation < 1:
            raise ValueError(f"hill {brief(self.name)} needs an elevation of 1 or more")

    @classmethod
    def polygon(cls, name: str, kind: TerrainKind | str, points: Iterable[Point], *, elevation: int = 0) -> Terrain:
        return cls(name, TerrainKind(kind), Polygon(tuple(points)), elevation)

    @classmethod
    def rect(cls, name: str, kind: TerrainKind | str, x: float, y: float, width: float, height: float,
             *, elevation: int = 0) -> Terrain:
        """A rectangle with its lower-left corner at ``(x, y)``."""
        corners = [(x, y), (x + width, y), (x + width, y + height), (x, y + height)]
        return cls.polygon(name, kind, corners, elevation=elevation)

    @classmethod
    def circle(cls, name: str, kind: TerrainKind | str, centre: Point, radius: float, *, elevation: int = 0,
               sides: int = 12) -> Terrain:
        """A regular polygon of ``sides`` corners standing in for a circle (keeps saves short)."""
        corners = [
            (round(centre[0] + radius * math.cos(2 * math.pi * k / sides), 6),
             round(centre[1] + radius * math.sin(2 * math.pi * k / sides), 6))
            for k in range(sides)
        ]
        return cls.polygon(name, kind, corners, elevation=elevation)

    @property
    def points(self) -> tuple[Point, ...]:
        """The corners (the closing corner left out)."""
        return self.shape.vertices

    def covers(self, point: Point) -> bool:
        """Whether ``point`` is on or inside the piece."""
        return geo.covers(self.shape, point)

    def touches_base(self, point: Point, radius: float = BASE_RADIUS) -> bool:
        """Whether a base centred at ``point`` touches or overlaps the piece."""
        return geo.dwithin(self.shape, point, radius)

    def to_dict(self) -> dict:
        return {"name": self.name, "kind": self.kind.value, "points": [list(p) for p in self.points],
                "elevation": self.elevation}

    @classmethod
    def from_dict(cls, data: Mapping) -> Terrain:
        kinds = [kind.value for kind in TerrainKind]
        if isinstance(data, Mapping) and data.get("kind") not in kinds:  # Enum's own message quotes it whole
            raise ValueError(f"a terrain piece's kind is one of {', '.join(kinds)}, not {brief(data.get('kind'))}")
        try:
            return cls.polygon(data["name"], data["kind"], data["points"], elevation=data.get("elevation", 0))
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"malformed terrain piece {brief(data)}: {exc}") from None

    def __repr__(self) -> str:
        extra = f", elevation={self.elevation}" if self.elevation else ""
        return f"Terrain.polygon({brief(self.name)}, {brief(self.kind)}, {brief(list(self.points))}{extra})"


def elevation_at(point: Point, terrain: Iterable[Terrain]) -> int:
    """The ground level at ``point``: the highest hill it stands on, 0 off every hill."""
    return max((t.elevation for t in terrain if t.kind is TerrainKind.HILL and t.covers(point)), default=0)


def height_difference(a: Point, b: Point, terrain: Iterable[Terrain]) -> int:
    """How many levels ``b`` stands above ``a`` (negative when below)."""
    terrain = tuple(terrain)
    return elevation_at(b, terrain) - elevation_at(a, terrain)


def is_uphill(a: Point, b: Point, terrain: Iterable[Terrain]) -> bool:
    """Whether ``b`` stands higher than ``a`` (is uphill from it)."""
    return height_difference(a, b, terrain) > 0


def is_downhill(a: Point, b: Point, terrain: Iterable[Terrain]) -> bool:
    """Whether ``b`` stands lower than ``a`` (is downhill from it)."""
    return height_difference(a, b, terrain) < 0


# -- line of sight -------------------------------------------------------------------

class Sight(Enum):
    CLEAR = "clear"
    PARTIAL = "partial"   # some line cut, or any line through semi-solid terrain: cover
    BLOCKED = "blocked"   # every line cut: nothing of the target can be seen

    def __repr__(self) -> str:
        return f"Sight.{self.name}"


@dataclass(frozen=True)
class SightLine:
    """One line from the eye to a point on the target's base, and what it passes."""

    start: Point
    end: Point
    blocked_by: tuple[str, ...] = ()   # solid things that cut it
    screened_by: tuple[str, ...] = ()  # semi-solid things it passes through

    @property
    def is_clear(self) -> bool:
        return not self.blocked_by


@dataclass(frozen=True)
class LineOfSight:
    """The lines from an eye to a target, and the verdict they give."""

    lines: tuple[SightLine, ...]

    @cached_property  # asked again and again of one remembered answer
    def sight(self) -> Sight:
        clear = [line for line in self.lines if line.is_clear]
        if not clear:
            return Sight.BLOCKED
        if len(clear) < len(self.lines) or any(line.screened_by for line in self.lines):
            return Sight.PARTIAL
        return Sight.CLEAR

    @cached_property
    def cover(self) -> tuple[str, ...]:
        """The names of everything that cut or screened a line, in first-seen order."""
        names: dict[str, None] = {}
        for line in self.lines:
            names.update(dict.fromkeys(line.blocked_by + line.screened_by))
        return tuple(names)

    @property
    def visible_fraction(self) -> Fraction:
        """The share of lines not cut by solid things (semi-solid screens do not hide)."""
        return Fraction(sum(line.is_clear for line in self.lines), len(self.lines))

    @property
    def is_blocked(self) -> bool:
        return self.sight is Sight.BLOCKED


def sight_points(eye: Point, target: Point, radius: float = BASE_RADIUS, count: int = SIGHT_LINES) -> tuple[Point, ...]:
    """Points spread across the target's base, at right angles to the line from the eye."""
    direction = unit_vector(eye, target) or (1.0, 0.0)
    across = (-direction[1], direction[0])
    offsets = [radius * (2 * k / (count - 1) - 1) for k in range(count)] if count > 1 else [0.0]
    return tuple(step(target, across, offset) for offset in offsets)


def _sight_roles(terrain: Sequence[Terrain], eye: Point, target: Point, radius: float,
                 hills_block: bool) -> list[tuple[Terrain, str]]:
    """What each piece does to lines from ``eye`` to ``target``: 'block' or 'screen' (others left out)."""
    top = None  # the higher figure's ground level, measured only if a hill needs it
    roles = []
    for piece in terrain:
        if piece.kind is TerrainKind.SOLID:
            roles.append((piece, "block"))
        elif piece.kind is TerrainKind.SEMI_SOLID:
            # A figure shoots over the hedge it stands at; the hedge still covers a target at it.
            if not piece.touches_base(eye, radius) or piece.touches_base(target, radius):
                roles.append((piece, "screen"))
        elif piece.kind is TerrainKind.HILL and hills_block:
            if top is None:
                top = max(elevation_at(eye, terrain), elevation_at(target, terrain))
            if piece.elevation > top:
                roles.append((piece, "block"))  # a rise higher than both figures hides them from each other
    return roles


def line_of_sight(eye: Point, target: Point, terrain: Iterable[Terrain] = (),
                  figures: Mapping[str, Point] | None = None, *, radius: float = BASE_RADIUS,
                  hills_block: bool = True) -> LineOfSight:
    """Trace the sight lines from ``eye`` to the base of a figure at ``target``.

    ``figures`` (name to centre) are other bases that block lines like solid
    terrain does (for rulesets where figures block sight); bases at the eye or
    the target are ignored. Hills block only when higher than both figures.
    """
    eye, target = (float(eye[0]), float(eye[1])), (float(target[0]), float(target[1]))
    terrain = tuple(terrain)
    ends = sight_points(eye, target, radius)
    blocked: list[list[str]] = [[] for _ in ends]
    screened: list[list[str]] = [[] for _ in ends]
    for piece, role in _sight_roles(terrain, eye, target, radius, hills_block):
        found = blocked if role == "block" else screened
        for i, end in enumerate(ends):
            if geo.segment_intersects_polygon(piece.shape, eye, end):
                found[i].append(piece.name)
    for name, centre in (figures or {}).items():
        if distance(centre, eye) < EPSILON or distance(centre, target) < EPSILON:
            continue
        for i, end in enumerate(ends):
            if segment_point_distance(eye, end, centre) < radius:
                blocked[i].append(name)
    return LineOfSight(tuple(
        SightLine(eye, end, tuple(b), tuple(s)) for end, b, s in zip(ends, blocked, screened)
    ))


# -- the table ------------------------------------------------------------------------

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
    def _solid_cache(self) -> dict:
        return {}  # the same spots and paths are tried turn after turn (a unit's menu of moves)

    def in_solid(self, point: Point) -> bool:
        """Whether a base at ``point`` would overlap solid terrain (touching it is allowed)."""
        key = (point[0], point[1])
        answer = self._solid_cache.get(key)
        if answer is None:
            reach = BASE_RADIUS - EPSILON  # strictly nearer than this: the slack lets a base stand flush
            answer = any(geo.disc_overlaps(shape, key, reach) for shape in self._solids)
            self._remember(self._solid_cache, key, answer)
        return answer

    def crosses_solid(self, a: Point, b: Point) -> bool:
        """Whether the straight path from ``a`` to ``b`` passes through solid terrain."""
        key = (a[0], a[1], b[0], b[1])
        answer = self._solid_cache.get(key)
        if answer is None:
            answer = distance(a, b) >= EPSILON and any(
                geo.segment_intersects_polygon(shape, a, b) for shape in self._solids)
            self._remember(self._solid_cache, key, answer)
        return answer

    @staticmethod
    def _remember(cache: dict, key, answer) -> None:
        if len(cache) > 100_000:
            cache.clear()  # a bound on memory in very long sessions; answers are only recomputed
        cache[key] = answer

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
        # Shortest first, so the first open route is the answer and most corners are never traced.
        for length, corner in sorted((distance(a, c) + distance(c, b), c) for c in self._corners):
            if not self.crosses_solid(a, corner) and not self.crosses_solid(corner, b):
                return length
        return distance(a, b) + self.width

    def terrain_at(self, point: Point) -> tuple[Terrain, ...]:
        return tuple(t for t in self.terrain if t.covers(point))

    # -- height and sight ----------------------------------------------------------------
    @cached_property
    def _level_cache(self) -> dict:
        return {}

    def elevation_at(self, point: Point) -> int:
        """:func:`elevation_at` on this table, remembered."""
        key = (point[0], point[1])
        level = self._level_cache.get(key)
        if level is None:
            if len(self._level_cache) > 100_000:
                self._level_cache.clear()
            level = self._level_cache[key] = elevation_at(key, self.terrain)
        return level

    @cached_property
    def _sight_cache(self) -> dict:
        return {}

    def sight(self, eye: Point, target: Point, figures: Mapping[str, Point] | None = None, *,
              hills_block: bool = True) -> LineOfSight:
        """:func:`line_of_sight` on this table, remembered for repeated questions."""
        key = (tuple(eye), tuple(target), None if figures is None else tuple(sorted(figures.items())), hills_block)
        cache = self._sight_cache
        answer = cache.get(key)
        if answer is None:
            if len(cache) > 100_000:
                cache.clear()
            answer = cache[key] = line_of_sight(eye, target, self.terrain, figures, hills_block=hills_block)
        return answer

    @cached_property
    def _blocked_cache(self) -> dict:
        return {}

    def is_blocked(self, eye: Point, target: Point, *, hills_block: bool = True) -> bool:
        """Whether :meth:`sight` (without figures) is BLOCKED, remembered; traced in full only if need be."""
        key = (tuple(eye), tuple(target), None, hills_block)  # the key sight() uses for the same question
        traced = self._sight_cache.get(key)
        if traced is not None:
            return traced.is_blocked
        answer = self._blocked_cache.get(key)
        if answer is None:
            answer = self._trace_blocked(key[0], key[1], hills_block)
            self._remember(self._blocked_cache, key, answer)
        return answer

    @cached_property
    def _hills(self) -> tuple[Terrain, ...]:
        return tuple(t for t in self.terrain if t.kind is TerrainKind.HILL)

    def _trace_blocked(self, eye: Point, target: Point, hills_block: bool) -> bool:
        """Every sight line cut by something that blocks (:func:`_sight_roles`' rule), without measuring
        screens, and stopping at the first line nothing cuts (most targets that can be seen)."""
        eye, target = (float(eye[0]), float(eye[1])), (float(target[0]), float(target[1]))
        shapes = list(self._solids)
        if hills_block and self._hills:
            top = max(self.elevation_at(eye), self.elevation_at(target))
            shapes += [t.shape for t in self._hills if t.elevation > top]  # higher than both figures
        last = None  # what cut the last line: usually the same wall cuts the next one too, so try it first
        for end in sight_points(eye, target):
            if last is not None and geo.segment_intersects_polygon(last, eye, end):
                continue
            last = next((shape for shape in shapes if geo.segment_intersects_polygon(shape, eye, end)), None)
            if last is None:
                return False  # a clear line (or nothing on the table that blocks): not blocked
        return True

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


# -- formations ---------------------------------------------------------------------

def formation(table: Table, anchor: Point, facing: Point | None, count: int, *,
              occupied: Sequence[Point] = (), spacing: float = BASE_DIAMETER + 0.25,
              max_reach: int = 64) -> tuple[Point, ...] | None:
    """Places for ``count`` bases in one connected group behind a figure at ``anchor``.

    First choice is a file straight behind the anchor, ``spacing`` inches
    apart. Where terrain, the table edge or other bases (``occupied``) are in
    the way, the group grows instead on a square grid of ``spacing`` turned to
    ``facing``: each base on a free grid point next to one already placed,
    nearest the file first, so the group stays connected (grid neighbours are
    ``spacing`` apart) and flows around obstacles. ``None`` if there is no
    room (the anchor is boxed in).
    """
    if count <= 0:
        return ()
    fx, fy = facing or (1.0, 0.0)
    back, side = (-fx, -fy), (-fy, fx)
    file = tuple((anchor[0] + k * spacing * back[0], anchor[1] + k * spacing * back[1]) for k in range(1, count + 1))
    if table.all_free(file, occupied):
        return file
    reach = count + 2
    while True:
        placed = _grow_formation(table, anchor, back, side, count, occupied, spacing, reach)
        if placed is not None or reach >= max_reach:
            return placed
        reach *= 2


def _grow_formation(table, anchor, back, side, count, occupied, spacing, reach):
    def where(cell):
        di, dj = cell[0] * spacing, cell[1] * spacing
        return (anchor[0] + di * back[0] + dj * side[0], anchor[1] + di * back[1] + dj * side[1])

    free_cache = {}

    def free(cell):  # asked only of the cells next to the group, so most of the grid is never measured
        if cell not in free_cache:
            inside = abs(cell[0]) <= reach and abs(cell[1]) <= reach
            free_cache[cell] = inside and table.is_free(where(cell), occupied)
        return free_cache[cell]

    def cost(cell):  # the file behind the anchor first, then widen; ahead of it last
        i, j = cell
        return (i if i >= 0 else 3 * -i + 2) + 1.5 * abs(j)

    heap, seen, placed = [], {(0, 0)}, []

    def push_neighbours(cell):
        i, j = cell
        for n in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
            if n not in seen and free(n):
                seen.add(n)
                heapq.heappush(heap, (cost(n), n))

    push_neighbours((0, 0))
    while heap and len(placed) < count:
        _, cell = heapq.heappop(heap)
        placed.append(where(cell))
        push_neighbours(cell)
    return tuple(placed) if len(placed) == count else None


# -- a table from a saved game ---------------------------------------------------------------------
MAX_TABLE_INCHES = 1000.0
MAX_TERRAIN = 200


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
    if not isinstance(points, list) or not 3 <= len(points) <= 1000 or not all(
            isinstance(pt, list) and len(pt) == 2 and all(
                isinstance(c, (int, float)) and not isinstance(c, bool) and math.isfinite(c) for c in pt)
            for pt in points):
        raise ValueError("its points must be a list of 3 to 1000 [x, y] pairs of finite numbers")
    if not isinstance(data.get("name"), str) or not isinstance(data.get("kind"), str):
        raise ValueError("a piece of terrain has a name and a kind (text)")
    elevation = data.get("elevation", 0)
    if isinstance(elevation, bool) or not isinstance(elevation, int) or not 0 <= elevation <= 100:
        raise ValueError(f"a piece of terrain's elevation is a whole number from 0 to 100, not {brief(elevation)}")
    return Terrain.from_dict(data)

