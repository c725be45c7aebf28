"""Line of sight: "any visible part is enough", measured as lines from the eye across the target's base."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from functools import cached_property

from .. import geometry as geo
from ..geometry import Point
from .measure import BASE_RADIUS, EPSILON, distance, segment_point_distance, unit_vector
from .stores import remember
from .terrain import Terrain, TerrainKind, elevation_at

# -- line of sight -------------------------------------------------------------------

class Sight(Enum):
    CLEAR = "clear"
    PARTIAL = "partial"   # some line cut, or any line through semi-solid terrain: cover
    BLOCKED = "blocked"   # every line cut: nothing of the target can be seen

    def __repr__(self) -> str:
        return f"Sight.{self.name}"

SIGHT_LINES = 5
"""Lines drawn from the eye to points across the target's base: both edges,
the centre and the two quarter points."""



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


def _offsets(radius: float, count: int) -> tuple[float, ...]:
    """How far each sight point lies from the target's centre, across the line of sight."""
    return tuple(radius * (2 * k / (count - 1) - 1) for k in range(count)) if count > 1 else (0.0,)


_USUAL_OFFSETS = _offsets(BASE_RADIUS, SIGHT_LINES)


def sight_points(eye: Point, target: Point, radius: float = BASE_RADIUS, count: int = SIGHT_LINES) -> tuple[Point, ...]:
    """Points spread across the target's base, at right angles to the line from the eye."""
    direction = unit_vector(eye, target) or (1.0, 0.0)
    across_x, across_y = -direction[1], direction[0]
    offsets = _USUAL_OFFSETS if radius == BASE_RADIUS and count == SIGHT_LINES else _offsets(radius, count)
    x, y = target[0], target[1]
    return tuple([(x + across_x * offset, y + across_y * offset) for offset in offsets])  # step(), written out


def sight_box(eye: Point, target: Point, radius: float = BASE_RADIUS) -> tuple[float, float, float, float]:
    """A box (min x, min y, max x, max y) holding every sight line from ``eye`` to the base at ``target``:
    a piece whose box misses it touches none (every end lies within ``radius`` of the target; the margin
    only keeps a rounding from mattering). A hill under either figure meets it too."""
    reach = abs(radius) * 1.001 + EPSILON
    return (min(eye[0], target[0] - reach), min(eye[1], target[1] - reach),
            max(eye[0], target[0] + reach), max(eye[1], target[1] + reach))


def beside_the_lines(eye: Point, target: Point, radius: float, pieces: Sequence[Terrain]) -> tuple[Terrain, ...]:
    """Those of ``pieces`` whose box comes within ``radius`` (and a margin) of the straight line through ``eye`` and
    ``target``, on either side: every sight line to the base at ``target`` lies in that strip (its end is
    :func:`sight_points`' point across the base, at right angles to the line), so a piece whose box lies wholly on
    one side of the strip cuts, screens and holds none of them (nor the eye, nor the target: a hill's ground level
    under either comes from a piece kept). The cheap bounding test before the lines' exact ones: a box test on the
    axes keeps every piece near a long diagonal line."""
    strip = sight_strip(eye, target, radius)
    return tuple(piece for piece in pieces if box_in_strip(strip, *piece.shape.bounds))


def sight_strip(eye: Point, target: Point, radius: float = BASE_RADIUS) -> tuple[float, float, float, float, float]:
    """The strip :func:`beside_the_lines` keeps pieces by, for :func:`box_in_strip`: the unit vector across the line
    (as sight_points draws it), the eye, and the strip's half width (``radius`` with sight_box's margin, so no
    rounding can matter)."""
    direction = unit_vector(eye, target) or (1.0, 0.0)
    return -direction[1], direction[0], eye[0], eye[1], abs(radius) * 1.001 + EPSILON


def box_in_strip(strip: tuple[float, float, float, float, float], x0: float, y0: float, x1: float, y1: float) -> bool:
    """Whether the box from ``(x0, y0)`` to ``(x1, y1)`` meets the :func:`sight_strip` (else it lies wholly on one
    side of every sight line it holds)."""
    ax, ay, ex, ey, reach = strip
    # the least and greatest distance across the line of a point of the box (at two of its corners)
    near_x, far_x = (x0, x1) if ax >= 0 else (x1, x0)
    near_y, far_y = (y0, y1) if ay >= 0 else (y1, y0)
    return ax * (near_x - ex) + ay * (near_y - ey) <= reach and ax * (far_x - ex) + ay * (far_y - ey) >= -reach


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
    box = sight_box(eye, target, radius)
    near = tuple(piece for piece in terrain if geo.boxes_meet(piece.shape.bounds, box))  # the ground levels alike
    if near:  # and of those, only pieces in the strip that holds every line can touch one (as hides_more_than)
        near = beside_the_lines(eye, target, radius, near)
    for piece, role in _sight_roles(near, eye, target, radius, hills_block):
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


def clear_sight(eye: Point, target: Point, terrain: Iterable[Terrain] = (), *, radius: float = BASE_RADIUS,
                hills_block: bool = True) -> bool:
    """Whether :func:`line_of_sight` (no figures) says CLEAR: no line cut and none screened. It stops at the first
    line anything cuts or screens, and builds no lines (a bot asks it of every spot it might move to)."""
    return not hides_more_than(eye, target, terrain, 0, radius=radius, hills_block=hills_block)


def hides_more_than(eye: Point, target: Point, terrain: Iterable[Terrain], lines: int, *,
                    radius: float = BASE_RADIUS, hills_block: bool = True) -> bool:
    """Whether more than ``lines`` of :func:`line_of_sight`'s lines (no figures) are cut or screened: the same
    lines and pieces, but no lines built, and it stops as soon as the answer is settled either way (a ruleset's
    "more than half concealed", asked of every pair of figures that can see each other)."""
    eye, target = (float(eye[0]), float(eye[1])), (float(target[0]), float(target[1]))
    box = sight_box(eye, target, radius)
    near = tuple(piece for piece in terrain if geo.boxes_meet(piece.shape.bounds, box))
    if near:
        near = beside_the_lines(eye, target, radius, near)
    shapes = [piece.shape for piece, _role in _sight_roles(near, eye, target, radius, hills_block)] if near else []
    if not shapes:
        return lines < 0
    ends = sight_points(eye, target, radius)
    hidden, left = 0, len(ends)
    for end in ends:
        left -= 1
        if any(geo.segment_intersects_polygon(shape, eye, end) for shape in shapes):
            hidden += 1
            if hidden > lines:
                return True
        elif hidden + left <= lines:
            return False  # too few lines left to hide more
    return hidden > lines


# -- the shadow of a convex piece ------------------------------------------------------

SHADOW_MARGIN = BASE_RADIUS * 1.001 + 1e-6
"""How far a base's centre must lie inside a shadow: every sight point across the base lies within its radius of
the centre (to a rounding), and the rest is far wider than any rounding of the products that test it."""

SQUARE = 1.0  # inches: eyes are grouped in squares this wide, whose corners lie a third of an inch off whole
SHIFT = 1 / 3  # inches (where terrain's edges seldom lie: few squares have an edge's line through them)
_CLEAR = 1e-3  # inches an eye must lie off every edge's line (so off every corner) to take its direction
_UNKNOWN = object()


def square_of(x: float, y: float) -> tuple[float, float]:
    """The square of eyes (a :class:`Silhouette`'s key) that the eye at ``(x, y)`` lies in."""
    return (x + SHIFT) // SQUARE, (y + SHIFT) // SQUARE


class Silhouette:
    """A convex piece that blocks sight as eyes around it see it: its two outermost corners, from which
    :meth:`.Table.hides_all` draws its shadow (every line from the eye past the chord between them, inside
    their angle, crosses the piece).

    An eye outside a convex piece sees a run of its edges face it (those it lies beyond the line of), and the
    outermost corners are the run's two ends. So they are found once for each square of eyes (:data:`SQUARE`
    wide) that lies wholly to one side of every edge's line, by :data:`_CLEAR` or more: every eye in it sees
    the same edges face it, and lies that far off every corner. An eye in a square that some edge's line
    crosses is answered by itself, the same way."""

    def __init__(self, shape: geo.Polygon):
        corners = shape.vertices if shape.anticlockwise else shape.vertices[::-1]
        self._corners = corners  # anticlockwise: the piece lies left of each edge, from one corner to the next
        self.squares: dict = {}  # by square of eyes: the corners all of it sees (False: not the same; not None)
        self._runs: dict = {}
        self._square_lines, self._point_lines = self._lines(SQUARE), self._lines(0.0)

    def _lines(self, size: float) -> tuple:
        """Each edge's line as ``a * y - b * x - k`` (negative: the point lies beyond it, facing the edge), with the
        least and the greatest that adds across a square ``size`` wide from its low corner, the margin
        (:data:`_CLEAR` times the edge's length: the line's value there) and the edge's bit."""
        corners, lines = self._corners, []
        for i, (ax, ay) in enumerate(corners):
            bx, by = corners[(i + 1) % len(corners)]
            a, b = bx - ax, by - ay
            steps = (0.0, a * size, -b * size, (a - b) * size)
            lines.append((a, b, a * ay - b * ax, min(steps), max(steps), _CLEAR * math.hypot(a, b), 1 << i))
        return tuple(lines)

    def corners(self, ex: float, ey: float) -> tuple | None:
        """``(ux, uy, wx, wy, cx, cy, beyond)`` seen from the eye at ``(ex, ey)``: the outermost corners ``u`` and
        ``w`` (``u`` clockwise of ``w``), the chord ``c`` from ``u`` to ``w``, and what :meth:`.Table.hides_all` tests a
        base's centre ``(x, y)`` beyond it by: ``cx * y - cy * x < beyond`` (``c x (t - u) < -|c|`` times the
        margin). ``None``: the eye is in the piece or too near an edge's line to tell (so settles nothing)."""
        key = square_of(ex, ey)
        found = self.squares.get(key, _UNKNOWN)
        if found is _UNKNOWN:
            found = self._facing(key[0] * SQUARE - SHIFT, key[1] * SQUARE - SHIFT, self._square_lines)
            remember(self.squares, key, found)
        if found is False:  # a square that some edge's line crosses: the eye answers for itself
            found = self._facing(ex, ey, self._point_lines) or None
        return found

    def _facing(self, x: float, y: float, lines: tuple) -> tuple | None | bool:
        """:meth:`corners` for every eye in the square from ``(x, y)`` that ``lines`` are measured for; ``False``:
        some edge's line passes through it or too near."""
        run = 0  # the edges that face it, a bit each
        for a, b, k, low, high, margin, bit in lines:
            side = a * y - b * x - k
            if side + high < -margin:
                run |= bit
            elif side + low <= margin:
                return False
        found = self._runs.get(run, _UNKNOWN)
        if found is _UNKNOWN:
            found = self._runs[run] = self._ends(run)
        return found

    def _ends(self, run: int) -> tuple | None:
        """:meth:`corners` for eyes that see the edges in ``run`` face them (``None``: none do, they are inside)."""
        corners, count = self._corners, len(self._corners)
        facing = [run >> i & 1 for i in range(count)]
        starts = [i for i in range(count) if facing[i] and not facing[i - 1]]
        ends = [i for i in range(count) if facing[i] and not facing[(i + 1) % count]]
        if len(starts) != 1 or len(ends) != 1:
            return None  # no edge faces the eye (or, in rounding, no single run does): no shadow to speak of
        # Walking anticlockwise round the piece, its facing edges pass from the eye's left to its right: the run
        # starts at the anticlockwise-most corner seen from the eye, and ends at the clockwise-most.
        (wx, wy), (ux, uy) = corners[starts[0]], corners[(ends[0] + 1) % count]
        cx, cy = wx - ux, wy - uy
        chord = math.hypot(cx, cy)
        return (ux, uy, wx, wy, cx, cy, cx * uy - cy * ux - chord * SHADOW_MARGIN) if chord > _CLEAR else None
