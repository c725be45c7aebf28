"""The moves offered in the move step (book/one_brain_cell/moving.md), figure by figure: a handful of spots a
figure might go (the compass at his full and half allowance, and toward the nearest enemy) and a charge at each
of the four nearest enemies, asked of :mod:`.moving`'s yes/no tests, not its worded checks. Listing runs at every
position of a game: each figure's offers are kept between positions and worked out again only when something
they read has changed (:func:`_disturbed`).
"""

from __future__ import annotations

import math
from operator import itemgetter

from explorer.core import tabletop as tt
from explorer.core.actions import built
from explorer.core.geometry import box_around
from explorer.core.tabletop import COMPASS, Point

from .actions import Charge, Move
from .combat import locked_with
from .data import COHESION_INCHES, CONTACT_INCHES
from .moving import (
    _BEST_CHARGE, _contact, _ground_problem, _limits, charge_problem, may_move,
)
from .position import Figure, changed_since, in_play, kept_between, shape, standing
from .setup import measure
from .terrain import ground_boxes_near, in_rough, kept, open_between


def legal_moves_of(state, f: Figure) -> list:
    """The moves and charges offered to ``f``, a standing figure of the side to play: a charge at each of the
    four nearest enemies he may charge, then the spots of the compass at his full and half allowance and one
    toward the nearest enemy, where he may go. Asked of the rules' yes/no tests, not their worded checks."""
    return list(offers_of(state, f, kept_between(state, "move offers"), shape(state, state.other(f.side))))


def offers_of(state, f: Figure, kept: dict, foes) -> tuple:
    """:func:`legal_moves_of` as a tuple (kept: the caller copies it into its listing), given the game's kept
    move offers and the enemy's :func:`.position.shape` (``foes``): a step's listing asks them once for all its
    figures, not once a figure."""
    if not may_move(state, f, unless_locked=False):
        return ()
    then = kept.get(f.id)
    # Kept offers were listed when he was not locked, and only the enemy's shape could lock him since.
    if then is not None and then[0] is f and then[1] == foes and (
            then[2] is state.position or not _disturbed(state, f, *then[2:5], then[6], then[7])):
        if then[2] is not state.position:  # they hold here too: measured from here next time (one change, not many)
            kept[f.id] = then[:2] + (state.position,) + then[3:]
        return then[5]
    if locked_with(state, f):
        return ()
    offers, spots, targets, radii = _moves_of(state, f)
    offers = tuple(offers)
    kept[f.id] = (f, foes, state.position, spots, targets, offers, _reach(f, spots, targets), radii)
    return offers


def _reach(f: Figure, spots: tuple, targets: tuple) -> float:
    """How far from ``f`` a figure must stay for :func:`_disturbed` to pass him over: a base's box round his
    farthest spot, his cohesion distance (at most), a fight or the line to his farthest target."""
    fx, fy = f.position
    far = max((math.hypot(x - fx, y - fy) for x, y in spots), default=0.0) + 2 * tt.BASE_DIAMETER
    aim = max((math.hypot(x - fx, y - fy) for x, y in targets), default=0.0)
    return max(far, COHESION_INCHES * 2, aim + CONTACT_INCHES + tt.BASE_DIAMETER) + 1e-3


def _disturbed(state, f: Figure, then, spots: tuple, targets: tuple, reach: float = math.inf,
               radii: tuple = ()) -> bool:
    """Whether what changed since position ``then`` can change the moves offered to ``f``, the enemy's shape being
    the same (and ``f``): a friend that came to or left one of his open ``spots`` (within a base's width); with
    enemies in a charge's reach (``targets``, the four nearest), a friend that fell anywhere (his cohesion counts
    the living), came to or left his cohesion distance, an enemy's side (he may gang up on him) or the line to
    him (he may screen the charger's sight). ``radii``: the spots' distances from him (:func:`_open_spots`)."""
    changes = changed_since(state, then)
    if changes is None:
        return True
    fx, fy = f.position
    base = tt.BASE_DIAMETER + 1e-5
    gang = CONTACT_INCHES + tt.BASE_DIAMETER + 1e-5
    cohesion = measure(state.settings, COHESION_INCHES) + 1e-5
    ring = 1.5 * base  # more than a box's corner, base * sqrt(2): a point in a spot's box is as near the spot's ring
    for _, side, ax, ay, bx, by, fell in changes:
        if side != f.side or targets and fell:
            return True
        for x, y in ((ax, ay), (bx, by)):
            d = math.hypot(x - fx, y - fy)
            if d > reach:
                continue  # farther than every test below reaches (``reach``: :func:`_reach`)
            if not radii or any(-ring <= d - r <= ring for r in radii):  # near a ring the spots lie on: test them
                for sx, sy in spots:
                    if -base <= sx - x <= base and -base <= sy - y <= base:
                        return True
            if targets and d <= cohesion:
                return True
            for e in targets:
                if (math.hypot(x - e[0], y - e[1]) <= gang
                        or tt.segment_point_distance((fx, fy), e, (x, y)) <= base):
                    return True
    return False


def _moves_of(state, f: Figure) -> tuple[list, tuple, tuple, tuple]:
    """:func:`legal_moves_of` worked out: the offers, the spots the ground lets him go to, where the enemies he
    might charge stand, and the spots' distances from him (rounded)."""
    side = state.side
    fx, fy = f.position
    hypot = math.hypot
    # One pass over the enemies: the nearest (a spot is offered toward him) and those near enough that a charge
    # might reach them (a cheap bound before charge_problem's exact tests). The four nearest are the same as
    # sorting them all by distance (the near ones come first; a stable sort keeps ties in the order fielded,
    # as the strict < keeps the first nearest).
    nearest, closest, near, enemies = None, math.inf, [], []
    for e in standing(state, state.other(side)):
        d = hypot(e.x - fx, e.y - fy)  # tt.distance(e.position, f.position), inline: every enemy, every figure
        enemies.append((d, e))
        if d < closest:
            nearest, closest = e.position, d
        if d - tt.BASE_DIAMETER <= _BEST_CHARGE + 1e-6:
            near.append((d, e))
    near.sort(key=itemgetter(0))
    out: list = [built(Charge, side, f.id, e.id) for _, e in near[:4] if charge_problem(state, f, e) is None]
    open_, _, rough = _limits(state, f)
    allowance = rough if in_rough(state.table, f.position) else open_  # move_allowance(state, f).value, unworded
    radii, spots = _open_spots(state, f, (f.position, allowance, nearest, open_, rough))
    if not spots:
        return out, (), tuple(e.position for _, e in near[:4]), ()
    # A base can overlap a spot (or touch it within an inch) only if its distance from f is within half an inch
    # (an inch and a half) of the spot's: the rings the spots lie on pick the few figures worth the exact tests.
    base, touch = tt.BASE_DIAMETER + 1e-5, CONTACT_INCHES + tt.BASE_DIAMETER + 1e-5
    # (the rings' span first, a little wider than the tests it spares: most figures are nearer or farther than all)
    lo, hi = radii[0] - touch - 1e-6, radii[-1] + touch + 1e-6
    others, foes = [], []
    for g in in_play(state):  # loops written out: every figure, for every figure listed
        if g is not f:
            dg = hypot(g.x - fx, g.y - fy)
            if lo <= dg <= hi:
                for r in radii:
                    if -base <= dg - r <= base:
                        others.append(g.position)
                        break
    for d, e in enemies:
        if lo <= d <= hi:
            for r in radii:
                if -touch <= d - r <= touch:
                    foes.append(e)
                    break
    base = tt.BASE_DIAMETER
    for x, y, act in spots:
        for px, py in others:  # any(...) written out: every spot, for every figure listed
            if -base <= px - x <= base and -base <= py - y <= base and tt.bases_overlap((x, y), (px, py)):
                break
        else:
            if not foes or _contact(foes, (x, y)) is None:
                out.append(act)
    return out, tuple((x, y) for x, y, _ in spots), tuple(e.position for _, e in near[:4]), radii


def _open_spots(state, f: Figure, key: tuple) -> tuple[tuple[float, ...], tuple]:
    """The spots the ground lets ``f`` move to (``key``: where he stands, his allowance, the nearest enemy and
    his limits; the compass's, :func:`_ring`, and one toward the nearest, :func:`_toward`), each ``(x, y, move)``, and their distances from him (rounded: the rings
    they lie on). Kept by the game between positions: the move actions are made once while he stands there
    (the compass's apart from the one toward the nearest enemy, which goes with him)."""
    moves = kept_between(state, "moves")
    found = moves.get((f.id, key))
    if found is None:
        here, allowance, nearest, open_, rough = key
        ring_key = (f.id, here, allowance, open_, rough)
        ring = moves.get(ring_key)
        if ring is None:
            spots = _ring(state.table, here, allowance, open_, rough)
            ring = moves[ring_key] = (
                tuple((to[0], to[1], built(Move, f.side, f.id, to)) for to, problem in spots if problem is None),
                frozenset(to for to, _ in spots))
        spots = ring[0]
        toward = _toward(state.table, here, allowance, nearest, open_, rough, ring[1])
        if toward:
            spots += tuple((to[0], to[1], built(Move, f.side, f.id, to)) for to, problem in toward if problem is None)
        fx, fy = f.position
        radii = tuple(sorted({round(math.hypot(x - fx, y - fy), 6) for x, y, _ in spots}))
        found = moves[(f.id, key)] = (radii, spots)
    return found


def _ring(table, here: Point, allowance: float, open_: float, rough: float) -> tuple:
    """The compass spots at his full and half allowance, each with its :func:`_ground_problem`: kept with the table."""
    answers, ring_key = kept(table)["spots"], (here, allowance, open_, rough)
    ring = answers.get(ring_key)
    if ring is None:
        ring = answers[ring_key] = _ground(table, here, [tt.step(here, d, length) for d in COMPASS.values()
                                                         for length in (allowance, allowance / 2)],
                                           (open_, min(rough, open_), rough))
    return ring


def _toward(table, here: Point, allowance: float, nearest: Point | None, open_: float, rough: float, seen) -> tuple:
    """The spot toward the ``nearest`` enemy, unless it is one of the compass's (``seen``), with its problem (or none:
    no enemy, or one within 3 inches)."""
    if nearest is not None:
        direction = tt.unit_vector(nearest, here)
        gap = tt.distance(nearest, here)
        if direction and gap > 3:
            toward = tt.step(nearest, direction, max(2.0, gap - allowance))
            return _ground(table, here, [toward], (open_, min(rough, open_), rough), seen)
    return ()


def _ground(table, here: Point, spots: list, limits: tuple, seen=()) -> tuple:
    """Each of ``spots`` (rounded to the millionth of an inch; but those ``seen`` already, once) with its
    :func:`_ground_problem` (``limits``: his open, shortest and rough allowances); where a box test shows no terrain
    near the route (:func:`.terrain.open_between`), without asking the terrain. The pieces far from every route
    are passed over once for them all (:func:`.terrain.ground_boxes_near`): most rings are on open ground."""
    seen, tried = set(seen), []
    for x, y in spots:
        to = (round(x, 6), round(y, 6))
        if to not in seen:
            seen.add(to)
            tried.append(to)
    boxes = ground_boxes_near(table, *box_around(tried, here))
    # a tuple (of tuples of numbers and words): kept with the table, the garbage collector soon stops tracing it
    return tuple([(to, _ground_problem(table, here, to, *limits, not boxes or open_between(table, here, to, boxes)))
                  for to in tried])
