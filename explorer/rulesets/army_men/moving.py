"""Movement: how far a trooper may go (halved prone), round solid terrain, staying within 4 inches of his
squad, off the table's edge; and a move into contact starting a combat."""

from __future__ import annotations

import functools
import math
from typing import NamedTuple
from types import MappingProxyType

from explorer.core import Dist, Event, Explained, Reason, RuleViolation
from explorer.core import tabletop as tt
from explorer.core.frozen import evolve
from explorer.core.tabletop import COMPASS, Board, Point, TerrainKind
from explorer.core.tabletop.stores import keep_newest

from .actions import Move
from explorer.core.actions import built
from .combat import combat_distribution, combat_pairs, fight_pairs
from .data import COHESION_INCHES, PROFILES
from .position import (
    CONTACT_INCHES, Figure, Position, cut_off, engaged_with, facts, fmt, squad_mates,
)
from .sections import ref, refuse
from .turn import own_problem, step_of


def move_allowance(board, figure: Figure) -> Explained[float]:
    """How far a trooper may move: his profile's movement, halved if prone."""
    return _allowance(figure.kind, figure.prone)


@functools.cache
def _allowance(kind: str, prone: bool) -> Explained[float]:
    p = PROFILES[kind]
    section = "moving" if p.kind == "regular" else "standard.profiles"
    reasons = [Reason(ref(section), f"{p.name}: movement {p.move:g} inches")]
    inches = float(p.move)
    if prone:
        inches /= 2
        reasons.append(Reason(ref("standard.prone"), f"prone: half movement, {inches:g} inches"))
    return Explained(inches, tuple(reasons))


# Each rule of a move is written once, in :func:`move_block`, which names what forbids it with a short tag
# (or ``None``); :func:`check_move` turns the tag into words and a rule. Listing the legal moves asks the
# block for every spot offered and only tests it for truth, so it does not pay for words it never shows.
SAME_SPOT, IN_SOLID, TAKEN, TOO_FAR, STILL_IN_CONTACT, OUT_OF_COHESION = (
    "same_spot", "in_solid", "taken", "too_far", "still_in_contact", "out_of_cohesion")


def walked(table, start: Point, to: Point) -> tuple[float, bool]:
    """The inches walked from ``start`` to ``to`` round solid terrain, and whether the move leaves the table
    (straight over the edge: infinite if solid terrain is in the way)."""
    if not table.on_table(to):
        return (tt.distance(start, to) if not table.crosses_solid(start, to) else math.inf), True
    return table.route_length(start, to), False


class _Mover(NamedTuple):
    """What a trooper's moves are measured against in a position, worked out once for all the spots tried."""

    others: list[Point]  # where the other troopers in play stand
    reach: float  # his allowance, and the measuring slack
    opponents: tuple[Point, ...]  # where those he is locked in a tied fight with stand
    cohesion: bool  # he must end within 4 inches of a squad mate
    mates: tuple[Point, ...]  # where his squad mates stand
    solids: tuple  # the boxes of the solid terrain within his reach (:func:`_solids_near`)


def _mover(state, trooper: Figure) -> _Mover:
    memo = facts(state).memo
    key = ("mover", trooper.id, state.engaged)  # a position's figures come with its tied fights
    mover = memo.get(key)
    if mover is None:
        mates = tuple(f.position for f in squad_mates(state, trooper))
        cohesion = bool(mates) and state.settings.leave_cohesion == "forbidden" and not cut_off(state, trooper)
        ground = _ground_of(state.table, trooper)
        mover = memo[key] = _Mover(
            [f.position for f in facts(state).in_play if f.id != trooper.id], ground.reach,
            tuple(state.figures[o].position for o in engaged_with(state.engaged, trooper.id)), cohesion, mates,
            ground.solids)
    return mover


def _solids_near(table, start: Point, reach: float) -> tuple[tuple[float, float, float, float], ...]:
    """The boxes of the solid terrain pieces within ``reach`` of ``start`` (box to box, padded by a base's
    radius): the only ones a path within his reach, or a base at its end, can meet."""
    x, y = start
    pad = reach + _PAD
    return tuple((x0, y0, x1, y1) for piece in table.terrain if piece.kind is TerrainKind.SOLID
                 for x0, y0, x1, y1 in (piece.shape.bounds,)
                 if x0 - pad <= x <= x1 + pad and y0 - pad <= y <= y1 + pad)


_PAD = tt.BASE_RADIUS + 1e-6  # a base's radius and more than the table's slack on its box tests
_BEYOND = 1e-9  # inches: far more than a route's rounding (a route round a corner is never shorter than the straight line)


# A move's rules fall in two parts. The ground's (the same spot, inside solid terrain, too far to walk) hang on
# the table, his spot and his allowance only: terrain never changes in a game, so listing works them out once
# for each spot a trooper is offered from where he stands (:class:`_Ground`). The company's (a base taken,
# still in contact, out of cohesion) hang on where the others stand, and are tested in every position.

def _ground_block(table, start: Point, to: Point, reach: float, solids) -> tuple[str | None, bool]:
    """What the ground forbids of a move from ``start`` to ``to`` (a tag or ``None``), and whether ``to`` is on
    the table (``solids``: :func:`_solids_near` his reach)."""
    (ax, ay), (bx, by) = start, to
    straight = math.hypot(bx - ax, by - ay)  # tt.distance, written out: this runs for every spot offered
    if straight < tt.EPSILON:
        return SAME_SPOT, True
    on_table = table.on_table(to)
    if straight <= reach:
        if not solids:
            return None, on_table  # nothing solid within his reach and a base
        # the cheap bounding test first: a solid piece whose box, padded by a base's radius, misses the box
        # round the straight path can neither hold a base at its end nor stand in its way (the table's own
        # box tests, which would say the same)
        lo_x, hi_x = (ax, bx) if ax <= bx else (bx, ax)
        lo_y, hi_y = (ay, by) if ay <= by else (by, ay)
        nx, ny = (ay - by) / straight, (bx - ax) / straight  # across the path's line
        for x0, y0, x1, y1 in solids:
            if x0 - _PAD <= hi_x and lo_x <= x1 + _PAD and y0 - _PAD <= hi_y and lo_y <= y1 + _PAD:
                # near on both axes; but a box wholly farther than _PAD to one side of the path's line (at its
                # nearest corner, by the distance across the line) is as far from the path: a slanting path's
                # box meets many a piece the path passes well clear of
                near_x, far_x = (x0, x1) if nx >= 0 else (x1, x0)
                near_y, far_y = (y0, y1) if ny >= 0 else (y1, y0)
                if nx * (near_x - ax) + ny * (near_y - ay) <= _PAD and nx * (far_x - ax) + ny * (far_y - ay) >= -_PAD:
                    break
        else:
            return None, on_table
    if on_table and table.in_solid(to):
        return IN_SOLID, on_table
    if straight > reach + _BEYOND:
        return TOO_FAR, on_table  # every route is at least as long as the straight line: none need be traced
    inches, _ = walked(table, start, to)
    return (TOO_FAR if inches > reach else None), on_table


def _company_block(to: Point, others, opponents, cohesion: bool, mates) -> str | None:
    """What the others forbid of a move to ``to`` on the table (a tag or ``None``): a base at ``others`` in the
    way, his fights (``opponents``: where they stand) still in contact, his squad (``mates``: where they stand,
    if he must keep ``cohesion`` with them) out of reach."""
    x, y = to
    hypot, base = math.hypot, tt.BASE_DIAMETER  # the distances written out: this runs for every spot listed
    for ox, oy in others:  # the table's is_free: a box test first
        dx, dy = ox - x, oy - y
        if -base <= dx <= base and -base <= dy <= base and hypot(dx, dy) < base - tt.EPSILON:
            return TAKEN
    for ox, oy in opponents:
        if hypot(ox - x, oy - y) <= CONTACT_INCHES:
            return STILL_IN_CONTACT
    if cohesion:
        inches = COHESION_INCHES + tt.EPSILON  # position.within
        for mx, my in mates:
            if hypot(mx - x, my - y) <= inches:
                return None
        return OUT_OF_COHESION
    return None


def move_block(state, trooper: Figure, to: Point, mover: _Mover | None = None) -> str | None:
    """What forbids ``trooper`` (his side's, in play, his step not over) to move to ``to``, as a tag
    (``mover``: what he is measured against, if the caller has it)."""
    mover = mover or _mover(state, trooper)
    ground, on_table = _ground_block(state.table, trooper.position, to, mover.reach, mover.solids)
    if ground is SAME_SPOT or ground is IN_SOLID:
        return ground
    company = _company_block(to, mover.others, mover.opponents, mover.cohesion, mover.mates) if on_table else None
    if company is TAKEN or ground is None:
        return company
    return ground


class _Ground:
    """What the ground allows a trooper standing at one spot, with his allowance, on one table: the compass
    spots he is offered (each kept with its Move and whether it is on the table), and the base-to-base spots
    tried so far (enemies stand still more often than not). Terrain never changes in a game, so this is worked
    out once while he stands there, not in every position."""

    __slots__ = ("table", "start", "side", "trooper", "allowance", "reach", "solids", "offers", "seen",
                 "charges")

    def __init__(self, table, f: Figure):
        self.allowance = allowance = _allowance(f.kind, f.prone).value
        self.table, self.start, self.side, self.trooper = table, f.position, f.side, f.id
        self.reach = allowance + tt.EPSILON
        self.solids = _solids_near(table, self.start, self.reach + _SLACK)
        self.offers, self.seen, self.charges = offers, seen, _ = [], set(), {}
        # Written out (tt.step, table.on_table, _ground_block's first test): this runs for every spot a trooper is
        # offered from every spot he stands at, and most troopers who move stand somewhere new.
        (sx, sy), reach, hypot, solids, side, trooper = self.start, self.reach, math.hypot, self.solids, f.side, f.id
        low, epsilon = tt.BASE_RADIUS - tt.EPSILON, tt.EPSILON
        high_x, high_y = table.width - low, table.height - low
        for dx, dy in _compass_steps(allowance):
            tx, ty = to = (round(sx + dx, 6), round(sy + dy, 6))
            if to not in seen:
                seen.add(to)
                if not solids:  # nothing solid near: allowed within his reach, too far beyond it (_ground_block)
                    straight = hypot(tx - sx, ty - sy)
                    if epsilon <= straight <= reach:
                        offers.append((built(Move, side, trooper, to), to, low <= tx <= high_x and low <= ty <= high_y))
                        continue
                    if straight > reach + _BEYOND:
                        continue  # a diagonal spot rounded a hair beyond his allowance
                entry = self._entry(to)
                if entry[0] is not None:
                    offers.append(entry)

    def _entry(self, to: Point) -> tuple[Move | None, Point, bool]:
        """The move to ``to`` if the ground allows it (else ``None``), the spot, and whether it is on the table."""
        block, on_table = _ground_block(self.table, self.start, to, self.reach, self.solids)
        return (built(Move, self.side, self.trooper, to) if block is None else None), to, on_table

    def charge(self, aim: Point) -> tuple[Move | None, Point, bool] | None:
        """The base-to-base spot short of an enemy at ``aim`` (as :meth:`_entry`), or ``None``: there is none, or
        it is a compass spot already."""
        direction = tt.unit_vector(aim, self.start)
        if not direction:
            return None
        x, y = tt.step(aim, direction, tt.BASE_DIAMETER)
        to = (round(x, 6), round(y, 6))
        if to in self.seen:
            return None
        entry = self.charges.get(to)
        if entry is None:
            if len(self.charges) > 64:
                self.charges.clear()  # a bound on memory; spots are only worked out again
            entry = self.charges[to] = self._entry(to)
        return entry


@functools.cache
def _compass_steps(allowance: float) -> tuple[Point, ...]:
    """The full and half allowance in the eight compass directions, as steps (tt.step's products)."""
    return tuple((d[0] * length, d[1] * length) for d in COMPASS.values() for length in (allowance, allowance / 2))


def _ground_of(table, f: Figure) -> _Ground:
    kept = _GROUNDS.get(id(table))
    if kept is None or kept[0] is not table:
        if len(_GROUNDS) >= _TABLES_KEPT:
            _GROUNDS.clear()  # a bound on memory (a ground keeps its table alive); only worked out again
        kept = _GROUNDS[id(table)] = (table, {})
    grounds = kept[1]
    key = (f.id, f.side, f.x, f.y, f.kind, f.prone)
    ground = grounds.get(key)
    if ground is None:
        ground = keep_newest(grounds, key, _Ground(table, f), _GROUNDS_KEPT)
    return ground


_SLACK = 0.01  # inches: more than a spot's rounding, so no trooper who could matter is left out
_GROUNDS: dict[int, tuple] = {}  # id(table) -> (the table, {trooper, where he stands, his allowance: _Ground})
_TABLES_KEPT = 4  # games in play at once in one process (a game's clones share its table)
# Grounds kept per table (:func:`keep_newest`): a trooper's ground is asked while he stands at one spot, so few are
# asked again once he has moved; each holds some thirty objects (his moves); with 4,096 kept, the garbage
# collector's full passes took an eighth of a playout.
_GROUNDS_KEPT = 256


def check_move(state, act: Move) -> RuleViolation | None:
    problem = own_problem(state, act.player, act.trooper, "moving", "trooper")
    if problem is not None:
        return problem
    if not tt.is_point(act.to):
        return refuse("moving", f"a move goes to a point (x, y) in inches, not {act.to!r:.60}")
    trooper, to = state.figures[act.trooper], (float(act.to[0]), float(act.to[1]))
    block = move_block(state, trooper, to)
    if block is None:
        return None
    if block == SAME_SPOT:
        return refuse("moving", f"{trooper.id} is already at {fmt(to)}")
    if block == IN_SOLID:
        return refuse("rulings.climbing", f"{fmt(to)} is inside solid terrain, taller than a trooper")
    if block == TAKEN:
        return refuse("moving", f"{fmt(to)} is taken: bases may touch but not overlap")
    if block == TOO_FAR:
        allowance = move_allowance(state, trooper)
        inches, _ = walked(state.table, trooper.position, to)
        shown = "no way round solid terrain" if inches == math.inf else f"{inches:.1f} inches"
        return RuleViolation(f"{trooper.id} may move {allowance.value:g} inches, not {shown}",
                             allowance.reasons[-1].ref)
    if block == STILL_IN_CONTACT:
        opponent = next(o for o in engaged_with(state.engaged, trooper.id)
                        if tt.distance(to, state.figures[o].position) <= CONTACT_INCHES)
        return refuse("combat.tie", f"{trooper.id} is locked in combat with {opponent}: to run away he "
                                    "must end out of contact")
    return refuse("moving.cohesion", f"{trooper.id} must stay within 4 inches of another squad member")


def after_move(state, act: Move) -> tuple[Board, bool]:
    """The board as it would stand after the move, and whether the trooper left the table."""
    trooper = state.figures[act.trooper]
    leaves = not state.table.on_table((float(act.to[0]), float(act.to[1])))
    moved = evolve(trooper, x=float(act.to[0]), y=float(act.to[1]), moved=True,
                   status="off_table" if leaves else "in_play")
    figures = dict(state.figures)
    figures[trooper.id] = moved
    return Board(MappingProxyType(figures), state.table, state.settings), leaves


def _touches_enemy(state, act: Move) -> bool:
    """Whether the move ends on the table in base contact with an enemy (else no combat can start: the cheap
    test before the chain of contacts is traced)."""
    to, side = (float(act.to[0]), float(act.to[1])), state.figures[act.trooper].side
    return state.table.on_table(to) and any(tt.distance(to, e.position) <= CONTACT_INCHES
                                            for e in facts(state).in_play if e.side != side)


def chance_move(state, act: Move) -> Dist | None:
    """Who dies in the combat a move into contact starts (``None``: it touches no enemy, so no combat)."""
    if not _touches_enemy(state, act):
        return None  # the cheap test first: a combat starts only from an enemy he touches
    board, _ = after_move(state, act)
    pairs = combat_pairs(board, act.trooper)
    return combat_distribution(pairs) if pairs else None


def do_move(state, act: Move) -> tuple[Position, list[Event]]:
    trooper, to = state.figures[act.trooper], (float(act.to[0]), float(act.to[1]))
    start = trooper.position
    leaves = not state.table.on_table(to)
    figures = dict(state.figures)  # after_move's, without its board: a combat only needs one (below)
    figures[trooper.id] = evolve(trooper, x=to[0], y=to[1], moved=True, status="off_table" if leaves else "in_play")
    ground = _ground_of(state.table, trooper)  # where he stood when his moves were listed
    if not ground.solids and tt.distance(start, to) <= ground.reach:
        inches = tt.distance(start, to)  # nothing solid within his reach: walked() is the straight line
    else:
        inches, _ = walked(state.table, start, to)
    fled = engaged_with(state.engaged, act.trooper)
    engaged = [e for e in state.engaged if act.trooper not in e[:2]]
    text = f"{act.trooper} moves {inches:.1f} inches"
    rules = ["army_men:moving"]
    if fled:
        text += f", running away from {', '.join(fled)}"
        rules.append("army_men:combat.tie")
    if leaves:
        text += " and leaves the table: out of play"
        rules.append("army_men:moving.off_table")
    events = [Event("move", text, tuple(rules), {"trooper": act.trooper, "from": list(start),
                                                 "to": [float(act.to[0]), float(act.to[1])], "left": leaves})]
    if not leaves and _touches_enemy(state, act):
        pairs = combat_pairs(Board(MappingProxyType(dict(figures)), state.table, state.settings), act.trooper)
        if pairs:
            group = {fid for p in pairs for fid in (p.a, p.b)}
            engaged = [e for e in engaged if e[0] not in group and e[1] not in group]  # fought anew
            events.append(Event("combat", f"{act.trooper} charges into contact: {len(pairs)} "
                                          f"pair{'s' * (len(pairs) != 1)} fight", ("army_men:combat",)))
            events += fight_pairs(state, pairs, figures, engaged)
    position = evolve(state.position, figures=MappingProxyType(figures), acting=None,
                      done=step_of(state, act.trooper) | {act.trooper}, engaged=tuple(engaged))
    return position, events
