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

from .actions import Move
from explorer.core.actions import built
from .combat import combat_distribution, combat_pairs, fight_pairs
from .data import COHESION_INCHES, PROFILES
from .position import (
    CONTACT_INCHES, Figure, Position, cut_off, engaged_with, facts, fmt, in_play, squad_mates, within,
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
    open_ground: bool  # no solid terrain within his reach: every path he can walk is a straight line


def _mover(state, trooper: Figure) -> _Mover:
    memo = facts(state).memo
    key = ("mover", trooper.id, state.engaged)  # a position's figures come with its tied fights
    mover = memo.get(key)
    if mover is None:
        mates = tuple(f.position for f in squad_mates(state, trooper))
        cohesion = bool(mates) and state.settings.leave_cohesion == "forbidden" and not cut_off(state, trooper)
        reach = _allowance(trooper.kind, trooper.prone).value + tt.EPSILON
        mover = memo[key] = _Mover(
            [f.position for f in in_play(state) if f.id != trooper.id], reach,
            tuple(state.figures[o].position for o in engaged_with(state.engaged, trooper.id)), cohesion, mates,
            _open_ground(state.table, trooper.position, reach + _SLACK))
    return mover


def _open_ground(table, start: Point, reach: float) -> bool:
    """Whether every piece of solid terrain lies (by its bounding box) more than ``reach`` from ``start``:
    then no path within his reach crosses it, and the cheap bounding test spares tracing each path."""
    x, y = start
    for piece in table.terrain:
        if piece.kind is TerrainKind.SOLID:
            x0, y0, x1, y1 = piece.shape.bounds
            if x0 - reach <= x <= x1 + reach and y0 - reach <= y <= y1 + reach:
                return False
    return True


def move_block(state, trooper: Figure, to: Point, mover: _Mover | None = None) -> str | None:
    """What forbids ``trooper`` (his side's, in play, his step not over) to move to ``to``, as a tag
    (``mover``: what he is measured against, if the caller has it)."""
    start = trooper.position
    straight = tt.distance(start, to)
    if straight < tt.EPSILON:
        return SAME_SPOT
    table = state.table
    mover = mover or _mover(state, trooper)
    on_table = table.on_table(to)
    if on_table and not table.is_free(to, mover.others):
        return IN_SOLID if table.in_solid(to) else TAKEN
    if mover.open_ground and straight <= mover.reach:
        inches, leaves = straight, not on_table  # nothing solid within his reach: the path is a straight line
    else:
        inches, leaves = walked(table, start, to)
    if inches > mover.reach:
        return TOO_FAR
    if not leaves:
        if mover.opponents and any(tt.distance(to, opponent) <= CONTACT_INCHES for opponent in mover.opponents):
            return STILL_IN_CONTACT
        if mover.cohesion and not any(within(to, mate, COHESION_INCHES) for mate in mover.mates):
            return OUT_OF_COHESION
    return None


def check_move(state, act: Move) -> RuleViolation | None:
    problem = own_problem(state, act.player, act.trooper, "moving", "trooper")
    if problem is not None:
        return problem
    if not tt.is_point(act.to):
        return refuse("moving", f"a move goes to a point (x, y) in inches, not {act.to!r:.60}")
    trooper, to = state.figures[act.trooper], (float(act.to[0]), float(act.to[1]))
    if to in facts(state).memo.get(("offered", trooper.id, state.engaged), ()):
        return None  # offered in this position, so legal: no second check of a move just listed
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


def move_offers(state, f: Figure) -> list[Move]:
    """The moves offered to ``f`` (his side's, in play, his step not over): the full and half allowance
    in the eight compass directions, and base to base with each of the three nearest enemies in reach;
    each legal. Any other spot may still be tried.

    Every spot offered lies within his allowance, so only the troopers within that and a base of him can
    stand in the way, and only the squad mates within that and 4 inches keep him in cohesion: while they and
    his tied fights stand as they did, his offers are the same, and they are kept (most actions move one
    trooper, far from most others)."""
    allowance = _allowance(f.kind, f.prone).value
    engaged = engaged_with(state.engaged, f.id)
    enemies = sorted(in_play(state, state.other(f.side)), key=lambda e: tt.distance(e.position, f.position))
    aims = [e.position for e in enemies[:3] if e.id not in engaged
            and tt.distance(e.position, f.position) - tt.BASE_DIAMETER <= allowance]
    mover = _mover(state, f)
    start, slack = f.position, allowance + _SLACK
    near = tuple(p for p in mover.others if tt.distance(p, start) <= slack + tt.BASE_DIAMETER)
    mates = tuple(p for p in mover.mates if tt.distance(p, start) <= slack + COHESION_INCHES) if mover.cohesion else ()
    table = state.table
    key = (f, tuple(aims), near, mover.opponents, mover.cohesion, mates)
    kept = _OFFERS.get(key)
    if kept is not None and kept[0] is table:
        facts(state).memo[("offered", f.id, state.engaged)] = kept[2]
        return kept[1]
    spots = [tt.step(f.position, d, length) for d in COMPASS.values() for length in (allowance, allowance / 2)]
    for aim in aims:
        direction = tt.unit_vector(aim, f.position)
        if direction:
            spots.append(tt.step(aim, direction, tt.BASE_DIAMETER))
    near_mover = mover._replace(others=near, mates=mates)
    offers, seen = [], set()
    for x, y in spots:
        to = (round(x, 6), round(y, 6))
        if to not in seen:
            seen.add(to)
            if move_block(state, f, to, near_mover) is None:
                offers.append(built(Move, f.side, f.id, to))
    if len(_OFFERS) > 4096:
        _OFFERS.clear()  # a bound on memory; offers are only worked out again
    offered_spots = frozenset(o.to for o in offers)
    _OFFERS[key] = (table, offers, offered_spots)
    facts(state).memo[("offered", f.id, state.engaged)] = offered_spots
    return offers


_SLACK = 0.01  # inches: more than a spot's rounding, so no trooper who could matter is left out
_OFFERS: dict[tuple, tuple] = {}  # a trooper and what stands near him -> (the table, his move offers, their spots)


def after_move(state, act: Move) -> tuple[Board, bool]:
    """The board as it would stand after the move, and whether the trooper left the table."""
    trooper = state.figures[act.trooper]
    leaves = not state.table.on_table((float(act.to[0]), float(act.to[1])))
    moved = evolve(trooper, x=float(act.to[0]), y=float(act.to[1]), moved=True,
                   status="off_table" if leaves else "in_play")
    figures = dict(state.figures)
    figures[trooper.id] = moved
    return Board(MappingProxyType(figures), state.table, state.settings), leaves


def chance_move(state, act: Move) -> Dist | None:
    """Who dies in the combat a move into contact starts (``None``: it touches no enemy, so no combat)."""
    to, side = (float(act.to[0]), float(act.to[1])), state.figures[act.trooper].side
    if not state.table.on_table(to) or not any(tt.distance(to, e.position) <= CONTACT_INCHES
                                               for e in facts(state).in_play if e.side != side):
        return None  # the cheap test first: a combat starts only from an enemy he touches
    board, _ = after_move(state, act)
    pairs = combat_pairs(board, act.trooper)
    return combat_distribution(pairs) if pairs else None


def do_move(state, act: Move) -> tuple[Position, list[Event]]:
    board, leaves = after_move(state, act)
    start = state.figures[act.trooper].position
    inches, _ = walked(state.table, start, (float(act.to[0]), float(act.to[1])))
    figures = dict(board.figures)
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
    if not leaves:
        pairs = combat_pairs(board, act.trooper)
        if pairs:
            group = {fid for p in pairs for fid in (p.a, p.b)}
            engaged = [e for e in engaged if e[0] not in group and e[1] not in group]  # fought anew
            events.append(Event("combat", f"{act.trooper} charges into contact: {len(pairs)} "
                                          f"pair{'s' * (len(pairs) != 1)} fight", ("army_men:combat",)))
            events += fight_pairs(state, pairs, figures, engaged)
    position = evolve(state.position, figures=MappingProxyType(figures), acting=None,
                      done=step_of(state, act.trooper) | {act.trooper}, engaged=tuple(engaged))
    return position, events
