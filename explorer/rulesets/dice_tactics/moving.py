"""Moving (book: moving): a March, and the moves of a march, Forward!, Sabotage or Relocate under way."""

from __future__ import annotations

from explorer.core import RuleViolation
from explorer.core.frozen import evolve, made
from explorer.core.grid import DIRECTIONS, step

from . import data as d
from .actions import EndMarch, March, Move
from .board import action_left, enemy_unit, is_text, own_unit, stand_block, standable
from .data import TANK
from .mechanics import known_move_cost, move_cost, move_points
from .position import FORWARD, MAIN, MARCH, RELOCATE, SABOTAGE, Moving, Unit, count, event
from .sections import refuse


def march(p, me, kind, state) -> Moving:
    points = d.MARCH_MOVEMENTS - (d.EXHAUSTION_LESS if p.effect("exhaustion", me) else 0)
    return Moving(kind, points, ignore_costs=kind == MARCH and p.effect("navigation_expert", me),
                  no_tanks=p.effect("fuel_shortage", me))


def check_march(state, act):
    refusal = action_left(state)
    if refusal:
        return refusal
    if not state.position.in_play(act.player):
        return refuse("moving", "a March needs a unit in play")
    return None


def do_march(state, act):
    p = state.position
    moving = march(p, act.player, MARCH, state)
    effects = tuple(e for e in p.effects if not (e.name == "navigation_expert" and e.turn == p.turn))
    words = [f"{act.player} marches ({count(moving.points, 'movement')}"]
    if moving.ignore_costs:
        words.append(", Navigation Expert: no extra costs")
    if moving.no_tanks:
        words.append(", Fuel Shortage: no tanks")
    p = evolve(p, moving=moving, effects=effects, actions_left=p.actions_left - 1, phase=MAIN)
    return p, [event("march", "".join(words) + ").", ("moving",))]


def move_problem(state, p, act) -> RuleViolation | None:
    m = p.moving  # under way: the rule table offers moves only then
    key = {MARCH: "moving", FORWARD: "cards.forward", SABOTAGE: "cards.sabotage", RELOCATE: "terrain.tower"}[m.kind]
    if m.kind == SABOTAGE:
        unit, refusal = enemy_unit(p, act.unit, key)
    else:
        unit, refusal = own_unit(p, act.unit, key)
    if refusal:
        return refusal
    if m.unit and act.unit != m.unit:
        return refuse(key, f"only {m.unit} moves now")
    if m.kind == FORWARD and act.unit in m.moved:
        return refuse(key, "with Forward! no unit moves more than once")
    if m.no_tanks and unit.kind == TANK:
        return refuse("cards.fuel_shortage", "Fuel Shortage: no tank moves with this March")
    if not is_text(act.direction) or act.direction not in DIRECTIONS:
        return refuse("moving.adjacent", f"a unit moves N, E, S or W (orthogonally), not {act.direction!r}")
    target = step(unit.square, act.direction)
    refusal = standable(state, p, unit.kind, target, key="moving.adjacent")
    if refusal:
        return refusal
    cost = move_cost(state.game.setup, unit.kind, unit.square, target, ignore_costs=m.ignore_costs).value
    if cost > m.points + _free(m, unit):
        return refuse("moving.costs", f"that movement costs {cost}; {m.points + _free(m, unit)} left")
    return None


def moves(state, p):
    """The moves allowed in ``p`` as (unit, direction), asked with the cheap tests of :func:`move_problem` (the
    movers are the march's own, so only their steps are tested)."""
    m = p.moving
    setup = state.game.setup
    sabotage = m.kind == SABOTAGE
    for unit in ([p.units[m.unit]] if m.unit else p.in_play(p.side)):
        if (unit.square is None or (unit.side != p.side) != sabotage or (m.kind == FORWARD and unit.id in m.moved)
                or (m.no_tanks and unit.kind == TANK)):
            continue
        left = m.points + _free(m, unit)
        for direction in DIRECTIONS:
            target = step(unit.square, direction)
            if (stand_block(setup, p, unit.kind, target) is None
                    and move_points(setup, unit.kind, unit.square, target, m.ignore_costs) <= left):
                yield unit, direction


def _free(m: Moving, unit: Unit) -> int:
    """The Motorized free movement ``unit`` may still take in this march."""
    return int(m.kind == MARCH and unit.kind == TANK and unit.id in m.moved and unit.id not in m.free_used)


def check_move(state, act):
    return move_problem(state, state.position, act)


def do_move(state, act):
    p = state.position
    m = p.moving
    unit = p.units[act.unit]
    target = step(unit.square, act.direction)
    cost = known_move_cost(state.game.setup, unit.kind, unit.square, target, m.ignore_costs)
    free = min(_free(m, unit), cost.value)
    moved = m.moved if unit.id in m.moved else m.moved + (unit.id,)
    m = evolve(m, points=m.points - (cost.value - free), moved=moved,
               free_used=m.free_used + ((unit.id,) if free else ()))
    p = evolve(p, units={**p.units, unit.id: evolve(unit, square=target)}, moving=m)
    extra = " (Motorized free movement)" if free else ""
    keys = tuple(dict.fromkeys(r.ref.section for r in cost.reasons)) + (("moving.motorized",) if free else ())
    return p, [event("move", f"{act.unit} moves {act.direction} to {target} for {count(cost.value, 'movement')}"
                     f"{extra}.", keys, unit=act.unit, square=target)]


def can_still_move(p) -> bool:
    m = p.moving
    return m.points > 0 or any(_free(m, p.units[u]) for u in m.moved if u in p.units)


def check_end_march(state, act):
    return None  # stopping is always allowed while something moves


def do_end_march(state, act):
    return evolve(state.position, moving=None), [event("march", f"{act.player} stops moving.", ("moving",))]


def any_move(state, p) -> bool:
    return next(moves(state, p), None) is not None


# -- the offers ----------------------------------------------------------------------------------------------------
def march_candidates(state):
    p = state.position
    return (made(March, p.side),) if p.actions_left > 0 and p.in_play(p.side) else ()


def move_candidates(state):
    player = state.position.side
    return [made(Move, player, unit.id, direction) for unit, direction in moves(state, state.position)]


def end_march_candidates(state):
    return (made(EndMarch, state.position.side),)
