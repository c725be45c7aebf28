"""What the table does to the rules: rough ground (book/one_brain_cell/moving.md) and sight lines and cover
(book/one_brain_cell/shooting.md), asked by moves, charges and shots alike."""

from __future__ import annotations

import math

from explorer.core import geometry as geo
from explorer.core import tabletop as tt
from explorer.core.tabletop import Point, TerrainKind
from explorer.core.tabletop.sight import hides_more_than

from .position import Figure, remembered, standing


def kept(table) -> dict:
    """Answers kept with a table, whose terrain never changes: its rough pieces, the routes already asked
    about, the spots already tried (a figure that stays where he is is offered the same spots turn after turn),
    the points in rough ground or not, which spot is in cover from which. Each is bounded: past 100,000 answers
    it starts again (checked every thousandth call: this is asked for every spot tried)."""
    found = _KEPT.get(id(table))
    if found is not None and found[0] is table:
        found[2][0] += 1
        if found[2][0] % 1000:
            return found[1]
    else:
        if len(_KEPT) > 64:
            _KEPT.clear()
        rough = tuple(t for t in table.terrain if t.kind is TerrainKind.ROUGH)
        ground = tuple(t.shape.bounds for t in table.terrain if t.kind in (TerrainKind.ROUGH, TerrainKind.SOLID))
        found = _KEPT[id(table)] = (table, {"rough": rough, "rough boxes": tuple((*t.shape.bounds, t) for t in rough),
                                            "ground boxes": ground, "crossed": {}, "spots": {}, "inside": {},
                                            "cover": {}}, [0])
    answers = found[1]
    for name in ("crossed", "spots", "inside", "cover"):
        if len(answers[name]) > 100_000:
            answers[name] = {}
    return answers


_KEPT: dict[int, tuple] = {}


def rough_pieces(table) -> tuple:
    return kept(table)["rough"]


OPEN_REACH = 2 * tt.BASE_RADIUS + 0.1
"""How near a route a solid or rough piece's box may come before :func:`open_between` asks the terrain."""


def open_between(table, a: Point, b: Point, boxes=None) -> bool:
    """No solid or rough piece near the route from ``a`` to ``b`` (box tests: none whose box comes within
    :data:`OPEN_REACH` of the route's on both axes and across the route's line): it neither crosses one nor ends
    in one, as the terrain's own tests would say. ``boxes``: the pieces' boxes to test, when the caller has
    already passed over those far from every route it asks about (:func:`ground_boxes_near`); by default every
    one of the table's."""
    reach = OPEN_REACH
    (ax, ay), (bx, by) = a, b
    lo_x, hi_x = (ax, bx) if ax <= bx else (bx, ax)
    lo_y, hi_y = (ay, by) if ay <= by else (by, ay)
    lo_x, hi_x, lo_y, hi_y = lo_x - reach, hi_x + reach, lo_y - reach, hi_y + reach
    across = None
    for x0, y0, x1, y1 in kept(table)["ground boxes"] if boxes is None else boxes:
        if x0 <= hi_x and lo_x <= x1 and y0 <= hi_y and lo_y <= y1:
            # Near on both axes; but a box wholly farther than ``reach`` to one side of the route's line (at its
            # nearest corner, by the distance across the line) is as far from the route: a slanting route
            # passes many a piece its axis box meets.
            if across is None:
                length = math.hypot(bx - ax, by - ay)
                if length < 1e-9:
                    return False
                across = (ay - by) / length, (bx - ax) / length
            nx, ny = across
            near_x, far_x = (x0, x1) if nx >= 0 else (x1, x0)
            near_y, far_y = (y0, y1) if ny >= 0 else (y1, y0)
            if nx * (near_x - ax) + ny * (near_y - ay) <= reach and nx * (far_x - ax) + ny * (far_y - ay) >= -reach:
                return False
    return True


def ground_boxes_near(table, lo_x: float, lo_y: float, hi_x: float, hi_y: float) -> list:
    """The boxes of the solid and rough pieces within :data:`OPEN_REACH` of the box from ``(lo_x, lo_y)`` to
    ``(hi_x, hi_y)``: the only ones :func:`open_between` can find near a route inside that box (empty: every such
    route is open)."""
    reach = OPEN_REACH
    lo_x, hi_x, lo_y, hi_y = lo_x - reach, hi_x + reach, lo_y - reach, hi_y + reach
    return [box for box in kept(table)["ground boxes"]
            if box[0] <= hi_x and lo_x <= box[2] and box[1] <= hi_y and lo_y <= box[3]]


def in_rough(table, point: Point) -> bool:
    inside = kept(table)["inside"]
    key = (point[0], point[1])
    answer = inside.get(key)
    if answer is None:
        answer = inside[key] = any(t.covers(point) for t in rough_pieces(table))
    return answer


def crosses_rough(table, a: Point, b: Point) -> bool:
    """A route that starts, ends or passes through rough terrain (the segment test covers its start too)."""
    answers = kept(table)
    key = (a[0], a[1], b[0], b[1])
    answer = answers["crossed"].get(key)
    if answer is None:
        # pieces whose box misses the route's are passed over without a call (the geometry's own first test)
        lo_x, hi_x = (a[0], b[0]) if a[0] <= b[0] else (b[0], a[0])
        lo_y, hi_y = (a[1], b[1]) if a[1] <= b[1] else (b[1], a[1])
        answer = answers["crossed"][key] = any(
            geo.segment_intersects_polygon(t.shape, a, b) or t.covers(b) for x0, y0, x1, y1, t in answers["rough boxes"]
            if not (hi_x < x0 or lo_x > x1 or hi_y < y0 or lo_y > y1))
    return answer


def sight(board, eye_figure: Figure, target: Figure):
    """Sight lines from one figure to another; standing figures in between block them."""
    def compute():
        return board.table.sight(eye_figure.position, target.position, blockers(board, eye_figure, target))
    if board.figures.get(eye_figure.id) is not eye_figure or board.figures.get(target.id) is not target:
        return compute()
    return remembered(board, ("sight", eye_figure.id, target.id), compute)


def blocked(board, eye_figure: Figure, target: Figure) -> bool:
    """``sight(board, eye_figure, target).is_blocked``, without tracing every line where it need not: with no
    figure near the line, or terrain alone hiding him, the table's own terrain-only answer (figures only ever cut
    more lines)."""
    if board.table.is_blocked(eye_figure.position, target.position):
        return True
    near = blockers(board, eye_figure, target)
    if not near:
        return False
    return board.table.blocked_with(eye_figure.position, target.position, near)


def blockers(board, eye_figure: Figure, target: Figure) -> dict[str, Point]:
    """The standing figures that could cut a line from ``eye_figure`` to any point of ``target``'s base: those
    within a base's width of the line between their centres (the others cannot touch a sight line)."""
    if board.figures.get(eye_figure.id) is not eye_figure or board.figures.get(target.id) is not target:
        return _blockers(board, eye_figure, target)
    return remembered(board, ("blockers", eye_figure.id, target.id), lambda: _blockers(board, eye_figure, target))


def _blockers(board, eye_figure: Figure, target: Figure) -> dict[str, Point]:
    (ax, ay), (bx, by) = eye_figure.position, target.position
    reach = 2 * tt.BASE_RADIUS
    left, right, low, high = min(ax, bx) - reach, max(ax, bx) + reach, min(ay, by) - reach, max(ay, by) + reach
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    found = {}
    for f in standing(board):
        x, y = f.x, f.y
        if left <= x <= right and low <= y <= high and f.id != eye_figure.id and f.id != target.id:
            # tt.segment_point_distance((ax, ay), (bx, by), (x, y)), the same arithmetic written out with the line's
            # part worked out once: asked of every figure near the line of every pair listed
            t = 0.0 if length2 == 0 else ((x - ax) * dx + (y - ay) * dy) / length2
            t = 0.0 if t < 0.0 else 1.0 if t > 1.0 else t
            if math.hypot(ax + t * dx - x, ay + t * dy - y) < reach:
                found[f.id] = (x, y)
    return found


def in_cover(board, shooter: Figure, target: Figure) -> bool:
    """Behind cover (terrain hides part of him or a bush screens him) or standing in rough terrain."""
    table = board.table
    covers = kept(table)["cover"]  # it depends only on where they stand: kept with the table (a bot asks again)
    key = (shooter.x, shooter.y, target.x, target.y)
    answer = covers.get(key)
    if answer is None:
        # a line of the table's sight cut or screened, asked without building the lines (listing asks it of every
        # pair in range); it stops at the first one hidden
        answer = covers[key] = (hides_more_than(shooter.position, target.position, table.terrain, 0)
                                or in_rough(table, target.position))
    return answer
