"""Movement (book/one_brain_cell/moving.md): walking, running, rough terrain and charges.

The moves offered (:mod:`.move_offers`) are a handful of spots a figure might go (the compass at his full
and half allowance, and toward the nearest enemy) and a charge at each of the four nearest enemies.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable

from explorer.core import D6, Dist, Event, Explained, Reason, RuleViolation
from explorer.core import tabletop as tt
from explorer.core.frozen import evolve
from explorer.core.tabletop import Point
from explorer.core.tabletop.figures import where as fmt

from .actions import Charge, Move
from .combat import in_contact, locked_with
from .data import (
    CHARGE_DICE, CONTACT_INCHES, MAX_GANG, NO_RUN_INCHES, ROUGH_CHARGE_DICE, ROUGH_INCHES, RUN_INCHES, WALK_INCHES,
)
from .position import (
    Figure, Position, counted, cut_off, enemy, facing, free_to_act, in_play, kept_between, own, refusing, remembered,
    standing, within,
)
from .sections import key, ref, refuse
from .setup import measure, measure_reason
from .terrain import blocked, crosses_rough, in_rough


# -- walking and running -------------------------------------------------------------------------

def enemy_near(board, figure: Figure, inches: float) -> Figure | None:
    if board.figures.get(figure.id) is not figure:
        return _enemy_near(board, figure, inches)
    return remembered(board, ("near", figure.id, inches), lambda: _enemy_near(board, figure, inches))


def _enemy_near(board, figure: Figure, inches: float) -> Figure | None:
    x, y = figure.position
    box = inches + 1e-6  # a box test first: no figure farther on either axis is within ``inches``
    near = [e for e in in_play(board) if e.side != figure.side and -box <= e.x - x <= box and -box <= e.y - y <= box
            and within(figure.position, e.position, inches)]
    return min(near, key=lambda e: (tt.distance(e.position, figure.position), e.id)) if near else None


def move_allowance(board, figure: Figure, to: Point | None = None) -> Explained[float]:
    """How far a walk or run may go: 4 inches through rough terrain, else 12 running, or 8 within 12 of an enemy."""
    settings = board.settings
    if to is not None and crosses_rough(board.table, figure.position, to) or to is None and in_rough(
            board.table, figure.position):
        inches = measure(settings, ROUGH_INCHES)
        return Explained(inches, (Reason(ref("moving.rough"), f"in rough terrain: {inches:g} inches"),))
    return open_ground(board, figure)


def open_ground(board, figure: Figure) -> Explained[float]:
    """How far a walk or run may go out of rough terrain: 12 running, or 8 within 12 of an enemy."""
    if board.figures.get(figure.id) is not figure:  # a figure somewhere else (a bot's what-if): not remembered
        return _open_ground(board, figure)
    return facing(board, "open ground", figure, lambda: _open_ground(board, figure))


def _open_ground(board, figure: Figure) -> Explained[float]:
    settings = board.settings
    near = enemy_near(board, figure, measure(settings, NO_RUN_INCHES))
    walk = measure(settings, WALK_INCHES)
    if near is not None:
        return Explained(walk, (measure_reason(settings, WALK_INCHES, "walk"), Reason(
            ref("moving"), f"{near.id} is within {measure(settings, NO_RUN_INCHES):g} inches: no running")))
    run = measure(settings, RUN_INCHES)
    return Explained(run, (measure_reason(settings, WALK_INCHES, "walk"), measure_reason(settings, RUN_INCHES, "run")))


def pace(board, figure: Figure, inches: float) -> str:
    """'walk' or 'run': a move longer than the walk is a run."""
    return "walk" if inches <= measure(board.settings, WALK_INCHES) + tt.EPSILON else "run"


# -- charging ----------------------------------------------------------------------------------

def charge_dice(board, figure: Figure, target: Figure) -> Explained[int]:
    """2D6 inches, or 1D6 when the charge starts in or crosses rough terrain."""
    if crosses_rough(board.table, figure.position, target.position):
        return Explained(ROUGH_CHARGE_DICE, (Reason(ref("moving.charge"), "a charge in rough terrain: 1D6 inches"),))
    return Explained(CHARGE_DICE, (Reason(ref("moving.charge"), "a charge: 2D6 inches"),))


def charge_end(board, figure: Figure, target: Figure, inches: float, others: list | None = None) -> tuple[Point, bool]:
    """Where a charge of ``inches`` straight at ``target`` stops, and whether it arrived (within 1 inch).

    The charger stops when the bases touch; if the spot is taken by another
    base, he stops short of it, on the same line. (``others``: where the other figures in play stand, if the
    caller asks for several rolls.)
    """
    start, goal = figure.position, target.position
    direction = tt.unit_vector(start, goal)
    if direction is None:
        return start, in_contact(start, goal)
    travel = max(0.0, min(float(inches), tt.distance(start, goal) - tt.BASE_DIAMETER))
    if others is None:
        others = _others(board, figure)
    while travel > 0:
        end = tt.step(start, direction, travel)
        end = (round(end[0], 6), round(end[1], 6))
        if board.table.is_free(end, others):
            return end, in_contact(end, goal)
        travel = max(0.0, travel - 0.05)
    return start, in_contact(start, goal)


def _others(board, figure: Figure) -> list[Point]:
    return [f.position for f in in_play(board) if f.id != figure.id]


def charge_inches(faces: Iterable[int], cut_off: bool) -> int:
    """How far a charge goes: the dice's sum, each 6 of a figure out of cohesion counted as a 5."""
    return sum(counted(face, cut_off) for face in faces)


def charge_reach(dice: int, cut_off: bool = False) -> float:
    """The farthest a charge can bring a base: its best roll, plus the inch of H2H."""
    return charge_inches([6] * dice, cut_off) + CONTACT_INCHES


_BEST_CHARGE = charge_reach(CHARGE_DICE)
"""The farthest any charge reaches, base to base (the best 2D6 and the inch of H2H)."""


def charge_distribution(board, figure: Figure, target: Figure) -> Dist:
    """Exact chance the charge arrives (``True``) or falls short (``False``), counting every roll."""
    dice = charge_dice(board, figure, target).value
    off = cut_off(board, figure)
    kept = kept_between(board, "charge odds") if board.figures.get(figure.id) is figure else None
    if kept is not None:  # kept between positions while nothing on his line moves (the ground never does)
        key = (figure.position, target.position, dice, off, _in_the_way(board, figure, target))
        found = kept.get(key)
        if found is not None:
            return found
    rolls, others = _charge_rolls(dice, off), _others(board, figure)
    weights: dict[bool, int] = {}
    # charge_end goes no farther than the bases touching: every roll past that ends the same (asked once)
    full = max(0.0, tt.distance(figure.position, target.position) - tt.BASE_DIAMETER)
    ends: dict[float, bool] = {}
    for inches, w in rolls.weights.items():
        travel = min(float(inches), full)
        arrived = ends.get(travel)
        if arrived is None:
            arrived = ends[travel] = charge_end(board, figure, target, inches, others)[1]
        weights[arrived] = weights.get(arrived, 0) + w
    odds = Dist(weights)
    if kept is not None:
        kept[key] = odds
    return odds


@functools.lru_cache(maxsize=16)
def _charge_rolls(dice: int, cut_off: bool) -> Dist:
    """The inches ``dice`` charge dice go, each 6 of a figure ``cut_off`` counted as a 5 (a few kinds come up)."""
    return D6.map(lambda face: charge_inches([face], cut_off)).repeat_sum(dice)


def _in_the_way(board, figure: Figure, target: Figure) -> tuple:
    """Where the figures in play stand that could stop a charge by ``figure`` at ``target`` short (his own base
    overlapping theirs: within a base's width of the line between the centres, where :func:`charge_end` stops)."""
    (ax, ay), (bx, by) = figure.position, target.position
    reach = tt.BASE_DIAMETER + 1e-3  # a little more: charge_end rounds the spots it tries
    left, right, low, high = min(ax, bx) - reach, max(ax, bx) + reach, min(ay, by) - reach, max(ay, by) + reach
    return tuple(f.position for f in in_play(board) if left <= f.x <= right and low <= f.y <= high
                 and f.id != figure.id and tt.segment_point_distance((ax, ay), (bx, by), f.position) <= reach)


# -- the move step ------------------------------------------------------------------------------

def ready_to_move(state, act, figure_id) -> Figure:
    f = own(state, act.player, figure_id, "moving")
    if f.moved or f.id in state.position.done:
        raise refuse("moving", f"{f.id} has already moved this turn")
    locked = locked_with(state, f)
    if locked:
        raise refuse("combat.locked", f"{f.id} is locked in H2H with {locked[0].id}: neither may move away")
    return f


def may_move(state, f: Figure, *, unless_locked: bool = True) -> bool:
    """:func:`ready_to_move` as a yes or no, for a figure of the side to play (``unless_locked=False``: all but
    the lock, for a caller that knows he is not locked)."""
    # his own flags first: most figures asked have moved already (listing asks every standing figure)
    return (not f.moved and f.id not in state.position.done and free_to_act(state, f)
            and not (unless_locked and locked_with(state, f)))


def _limits(state, f: Figure) -> tuple[float, float, float]:
    """How far ``f`` may move in this position: on open ground, the shortest he has anywhere (rough ground or
    not), and through rough ground."""
    def work():
        rough = measure(state.settings, ROUGH_INCHES)
        open_ = _open_inches(state, f)
        return open_, min(rough, open_), rough
    return remembered(state, ("limits", f.id), work)


def _open_inches(state, f: Figure) -> float:
    """:func:`open_ground`'s distance without its reasons (their words cost more than the answer, and listing
    asks it of every figure at every new spot), kept as it keeps its answer."""
    def work():
        settings = state.settings
        near = enemy_near(state, f, measure(settings, NO_RUN_INCHES))
        return measure(settings, WALK_INCHES if near is not None else RUN_INCHES)
    if state.figures.get(f.id) is not f:  # a figure somewhere else (a bot's what-if): not remembered
        return work()
    return facing(state, "open inches", f, work)


def _contact(enemies: list[Figure], to: Point) -> Figure | None:
    """The first of ``enemies`` within 1 inch of ``to`` (a figure entering H2H must charge)."""
    reach = CONTACT_INCHES + tt.BASE_DIAMETER + 1e-6  # a box test first: no base farther on either axis touches
    x, y = to
    for e in enemies:
        if -reach <= e.x - x <= reach and -reach <= e.y - y <= reach and in_contact(to, e.position):
            return e
    return None


def move_problem(state, f: Figure, to: Point) -> str | None:
    """Which rule a move of ``f`` (ready to move) to ``to`` breaks, by name: 'there', 'off', 'taken', 'far' or
    'contact' (``None``: none); the check words the refusal. Listing asks the same tests, spot by spot
    (:func:`.move_offers.legal_moves_of`)."""
    ground = _ground_problem(state.table, f.position, to, *_limits(state, f))
    if ground in ("there", "off", "solid"):
        return "taken" if ground == "solid" else ground
    if any(tt.bases_overlap(to, g.position) for g in in_play(state) if g is not f):
        return "taken"
    if ground == "far":
        return "far"
    if _contact(standing(state, state.other(f.side)), to) is not None:
        return "contact"
    return None


def _ground_problem(table, here: Point, to: Point, open_: float, shortest: float, rough: float,
                    clear: bool = False) -> str | None:
    """What the ground alone says of a move from ``here`` to ``to``: 'there' (no move), 'off' the table, into
    'solid' terrain, too 'far' for his allowance (``open_`` on open ground, ``rough`` through rough terrain,
    ``shortest`` the less of them), or ``None``. The figures about decide the rest. ``clear``: a box test has
    shown no solid or rough piece near enough to matter (:func:`.terrain.open_between`), so the route is straight
    and open, as the terrain's own tests would say."""
    straight = math.hypot(to[0] - here[0], to[1] - here[1])  # tt.distance, once: asked of every spot listed
    if straight < tt.EPSILON:
        return "there"
    if not table.on_table(to):
        return "off"
    if clear:
        return "far" if straight > shortest + tt.EPSILON and straight > open_ + tt.EPSILON else None
    if table.in_solid(to):
        return "solid"
    if straight > max(open_, rough) + _BEYOND:
        return "far"  # every route is at least as long as the straight line: none need be traced (a diagonal spot
        # of the compass rounded a hair past his allowance, most often)
    walked = table.route_length(here, to)
    # move_allowance(state, f, to).value, without its reasons: rough ground or not, a walk this short is allowed
    if walked > shortest + tt.EPSILON and walked > (rough if crosses_rough(table, here, to) else open_) + tt.EPSILON:
        return "far"
    return None


_BEYOND = 1e-9  # inches: far more than a route's rounding (a route round a corner is never shorter than the straight line)


@refusing
def check_move(state, act: Move) -> None:
    f = ready_to_move(state, act, act.figure)
    if not tt.is_point(act.to):
        raise refuse("moving", f"a move goes to a point (x, y) in inches, not {act.to!r:.60}")
    to = (float(act.to[0]), float(act.to[1]))
    problem = move_problem(state, f, to)
    if problem == "there":
        raise refuse("moving", f"{f.id} is already at {fmt(to)}")
    if problem == "off":
        raise refuse("moving", f"{fmt(to)} is off the table")
    if problem == "taken":
        if state.table.in_solid(to):
            raise refuse("moving", f"{fmt(to)} is inside blocking terrain")
        raise refuse("moving", f"{fmt(to)} is taken: bases may touch but not overlap")
    if problem == "far":
        walked = state.table.route_length(f.position, to)
        allowance = move_allowance(state, f, to)
        raise RuleViolation(f"{f.id} may move {allowance.value:g} inches, not {walked:.1f}",
                            allowance.reasons[-1].ref)
    if problem == "contact":
        near = _contact(standing(state, state.other(f.side)), to)
        raise refuse("rulings.must_charge", f"{fmt(to)} is within 1 inch of {near.id}: a figure "
                                            "entering H2H must charge")


@refusing
def check_charge(state, act: Charge) -> None:
    f = ready_to_move(state, act, act.figure)
    target = enemy(state, act.player, act.target, "moving.charge")
    problem = charge_problem(state, f, target)
    if problem is None:
        return
    kind, *more = problem
    if kind == "downed":
        raise refuse("rulings.downed", f"{target.id} is lying on the board: a charge is at a standing enemy")
    if kind == "gang":
        raise refuse("combat.modifiers", f"{target.id} is already fought by {', '.join(more[0])}: up to "
                                         f"{MAX_GANG} attackers can gang up on one defender")
    if kind == "beyond":
        raise refuse("rulings.charge", f"{target.id} is {more[0]:.1f} inches away, base to base: even a 12 on "
                                       f"2D6 would not bring {f.id} within 1 inch")
    if kind == "short":
        gap, dice, off = more
        best = charge_inches([6] * dice, off)
        raise refuse("rulings.charge", f"{target.id} is {gap:.1f} inches away, base to base: even a "
                                       f"{best} on {dice}D6 would not bring {f.id} within 1 inch"
                                       + (" (out of cohesion, his 6s count as 5s)" if off else ""))
    if kind == "solid":
        raise refuse("rulings.charge", f"blocking terrain stands between {f.id} and {target.id}: a charge "
                                       "runs straight")
    raise refuse("shooting.line_of_sight", f"{f.id} cannot see {target.id} to charge him")


def charge_problem(state, f: Figure, target: Figure) -> tuple | None:
    """Which rule a charge by ``f`` (ready to move) at the enemy ``target`` in play breaks, by name, with what
    the check words it from: ('downed',), ('gang', attackers), ('beyond', gap), ('short', gap, dice, cut off),
    ('solid',) or ('sight',); ``None`` if none. Listing asks only this."""
    if not target.standing:
        return ("downed",)
    gang = [e.id for e in locked_with(state, target) if e.side == f.side]
    if len(gang) >= MAX_GANG:
        return ("gang", gang)
    gap = tt.gap_between(f.position, target.position)
    if gap > _BEST_CHARGE + tt.EPSILON:  # beyond even the best 2D6: no need to look further
        return ("beyond", gap)
    dice = charge_dice(state, f, target).value
    off = cut_off(state, f)
    if gap > charge_reach(dice, off) + tt.EPSILON:
        return ("short", gap, dice, off)
    if state.table.crosses_solid(f.position, target.position):
        return ("solid",)
    if blocked(state, f, target):
        return ("sight",)
    return None


def do_move(state, act: Move) -> tuple[Position, list[Event]]:
    f = state.figures[act.figure]
    to = (float(act.to[0]), float(act.to[1]))
    walked = state.table.route_length(f.position, to)
    kind = pace(state, f, walked)
    figures = dict(state.figures)
    figures[f.id] = evolve(f, x=to[0], y=to[1], moved=kind)
    events = [Event("move", f"{f.id} {kind}s {walked:.1f} inches to {fmt(to)}",
                    (key("moving.rough" if crosses_rough(state.table, f.position, to) else "moving"),),
                    {"figure": f.id, "from": list(f.position), "to": list(to), "pace": kind})]
    return state.react(figures, f.id, events, "move", squad=f.squad)


def do_charge(state, act: Charge) -> tuple[Position, list[Event]]:
    f, target = state.figures[act.figure], state.figures[act.target]
    dice = charge_dice(state, f, target).value
    off = cut_off(state, f)
    faces = state.roll(dice)
    inches = charge_inches(faces, off)
    end, arrived = charge_end(state, f, target, inches)
    figures = dict(state.figures)
    figures[f.id] = evolve(f, x=end[0], y=end[1], moved="charge")
    counted = " (out of cohesion: his 6s count as 5s)" if off and 6 in faces else ""
    text = (f"{f.id} charges {target.id}: {'+'.join(map(str, faces))}{counted} = {inches} inches, "
            + ("locked in H2H" if arrived else "the charge falls short"))
    rules = (key("moving.charge"),) + ((key("squads.cohesion"),) if counted else ())
    events = [Event("charge", text, rules,
                    {"figure": f.id, "target": target.id, "dice": list(faces), "from": list(f.position),
                     "to": list(end), "arrived": arrived})]
    return state.react(figures, f.id, events, "move", squad=f.squad)


def charge_chance(state, act: Charge) -> Dist:
    return charge_distribution(state, state.figures[act.figure], state.figures[act.target])
