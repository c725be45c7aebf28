"""Movement: how far a trooper may go (halved prone), round solid terrain, staying within 4 inches of his
squad, off the table's edge; and a move into contact starting a combat."""

from __future__ import annotations

import math
from types import MappingProxyType

from explorer.core import Dist, Event, Explained, Reason, RuleViolation
from explorer.core import tabletop as tt
from explorer.core.frozen import evolve
from explorer.core.tabletop import Board

from .actions import Move
from .combat import combat_distribution, combat_pairs, fight_pairs
from .position import CONTACT_INCHES, Figure, Position, cohesive_at, cut_off, engaged_with, fmt, in_play
from .sections import ref, refuse
from .turn import own_problem, step_of


def move_allowance(board, figure: Figure) -> Explained[float]:
    """How far a trooper may move: his profile's movement, halved if prone."""
    p = figure.profile
    section = "moving" if p.kind == "regular" else "standard.profiles"
    reasons = [Reason(ref(section), f"{p.name}: movement {p.move:g} inches")]
    inches = float(p.move)
    if figure.prone:
        inches /= 2
        reasons.append(Reason(ref("standard.prone"), f"prone: half movement, {inches:g} inches"))
    return Explained(inches, tuple(reasons))


def walk(state, act: Move) -> tuple[float, bool] | RuleViolation:
    """The distance walked and whether the trooper leaves the table, or the rule that forbids the move."""
    problem = own_problem(state, act.player, act.trooper, "moving", "trooper")
    if problem is not None:
        return problem
    trooper = state.figures[act.trooper]
    if not tt.is_point(act.to):
        return refuse("moving", f"a move goes to a point (x, y) in inches, not {act.to!r:.60}")
    to = (float(act.to[0]), float(act.to[1]))
    allowance = move_allowance(state, trooper)
    start = trooper.position
    if tt.distance(start, to) < tt.EPSILON:
        return refuse("moving", f"{trooper.id} is already at {fmt(to)}")
    table = state.table
    leaves = not table.on_table(to)
    if leaves:
        walked = tt.distance(start, to) if not table.crosses_solid(start, to) else math.inf
    else:
        others = [f.position for f in in_play(state) if f.id != trooper.id]
        if not table.is_free(to, others):
            if table.in_solid(to):
                return refuse("rulings.climbing", f"{fmt(to)} is inside solid terrain, taller than a trooper")
            return refuse("moving", f"{fmt(to)} is taken: bases may touch but not overlap")
        walked = table.route_length(start, to)
    if walked > allowance.value + tt.EPSILON:
        shown = "no way round solid terrain" if walked == math.inf else f"{walked:.1f} inches"
        return RuleViolation(f"{trooper.id} may move {allowance.value:g} inches, not {shown}",
                             allowance.reasons[-1].ref)
    if not leaves:
        for opponent in engaged_with(state.engaged, trooper.id):
            if tt.distance(to, state.figures[opponent].position) <= CONTACT_INCHES:
                return refuse("combat.tie", f"{trooper.id} is locked in combat with {opponent}: to run away he "
                                            "must end out of contact")
        if (state.settings.leave_cohesion == "forbidden" and not cut_off(state, trooper)
                and not cohesive_at(state, trooper, to)):
            return refuse("moving.cohesion", f"{trooper.id} must stay within 4 inches of another squad member")
    return walked, leaves


def check_move(state, act: Move) -> RuleViolation | None:
    walked = walk(state, act)
    return walked if isinstance(walked, RuleViolation) else None


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
    board, _ = after_move(state, act)
    pairs = combat_pairs(board, act.trooper) if board.figures[act.trooper].in_play else []
    return combat_distribution(pairs) if pairs else None


def do_move(state, act: Move) -> tuple[Position, list[Event]]:
    walked, _ = walk(state, act)
    board, leaves = after_move(state, act)
    start = state.figures[act.trooper].position
    figures = dict(board.figures)
    fled = engaged_with(state.engaged, act.trooper)
    engaged = [e for e in state.engaged if act.trooper not in e[:2]]
    text = f"{act.trooper} moves {walked:.1f} inches"
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
