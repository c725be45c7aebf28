"""Simple Plastic's move listing keeps answers between positions: they are the ones worked out afresh."""

import random

import pytest

from explorer.core import RuleViolation
from explorer.core.tabletop import Terrain, COMPASS, distance, step, unit_vector
from explorer.rulesets.simple_plastic import Figure, MoveFigure, MoveSquad, Settings, moving, new_state
from explorer.rulesets.simple_plastic.formation import check_behind_leader, form_up
from explorer.rulesets.simple_plastic.game import SimplePlasticState
from explorer.rulesets.simple_plastic.move_offers import _units
from explorer.rulesets.simple_plastic.moving import UNITS_LISTED, in_cohesion
from explorer.rulesets.simple_plastic.position import Board, in_play, squad_members

from tests.test_simple_plastic_speedups import SCENARIOS, _random_playout


def _plainly(units):
    return [(squad, [(f.id, f.x, f.y, f.alive) for f in members], cohesive) for squad, members, _, cohesive in units]


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_units_handed_on_by_a_move_are_those_found_afresh(scenario):
    """After a move, the units not moved yet are the last position's but the one that moved (handed on by
    do_move, not found again): the same as a state that keeps nothing finds, unit by unit, member by member."""
    handed = 0
    for seed in range(3):
        for state in _random_playout(scenario, seed):
            if state.phase == "move":
                after_move = bool(state.history) and isinstance(state.history[-1].action, (MoveSquad, MoveFigure))
                listed = state.kept.get(UNITS_LISTED)
                handed += after_move and listed is not None and listed[0] is state.position
                fresh = SimplePlasticState(state.game, state.position)
                assert _plainly(_units(state)) == _plainly(_units(fresh))
    assert handed


def _formed_up_with_every_check(board, squad, leader_id, to):
    """A squad move whose followers form up (formation's places), with every check a plan makes of where a squad
    ends, in the plan's order: everyone's standing, no base on another, behind the leader, cohesion."""
    members = squad_members(board, squad)
    by_id = {f.id: f for f in members}
    leader = by_id[leader_id]
    direction = unit_vector(leader.position, to)
    occupied = [f.position for f in in_play(board) if f.id not in by_id]
    placed = {leader_id: to, **form_up(board, members, leader, to, direction, occupied)}
    moving._check_places(board, placed)
    check_behind_leader(by_id, leader, to, direction, placed)
    if not in_cohesion(list(placed.values())):
        raise RuleViolation("not in cohesion")
    return placed, True


def _verdict(plan, *args):
    try:
        return plan(*args)
    except RuleViolation as refused:
        return str(refused)


def _formed_up_alike(state) -> tuple[int, int]:
    """Assert that each squad's compass moves, and its moves onto (a little off) the other bases, are planned
    alike by the plan and by :func:`_formed_up_with_every_check` (the caller makes the file never free): how
    many were allowed, and how many refused."""
    allowed = refused = 0
    board, span = Board.of(state), state.settings.span_inches
    for squad, members, _, _ in _units(state):
        if squad is None or len(members) < 2:
            continue
        moves = [(moving.frontmost(members, direction), direction, length)
                 for direction in COMPASS.values() for length in (span, span / 2)]
        for f in in_play(state):
            direction = unit_vector(members[0].position, f.position)
            if f.squad != squad and direction is not None:
                mover = moving.frontmost(members, direction)
                moves.append((mover, direction, distance(mover.position, f.position) - 0.2))
        for mover, direction, length in moves:
            to = step(mover.position, direction, length)
            try:  # the checks before the followers are placed
                if length < 0.1:
                    continue
                moving._check_frontmost(members, mover, unit_vector(mover.position, to))
                moving._check_standing(board, mover.id, to)
                moving._check_measured_move(board, mover, to)
            except RuleViolation:
                continue
            plan = _verdict(moving._plan_squad_move, board, squad, mover.id, to)
            assert plan == _verdict(_formed_up_with_every_check, board, squad, mover.id, to)
            allowed += type(plan) is tuple
            refused += type(plan) is str
    return allowed, refused


def test_a_squad_formed_up_is_checked_as_every_check_would(monkeypatch):
    """A plan whose followers form up (the file behind the leader not free) checks only the leader's base and
    "behind the leader": formation's places pass the other checks. With the file made never free, a squad crowded
    by other bases and walls is allowed or refused each move (in the same words) as with every check made."""
    monkeypatch.setattr(moving, "file_behind", lambda to, direction, count: ((-1.0, -1.0),))
    rng, allowed, refused = random.Random(7), 0, 0
    for _ in range(30):
        x, y = rng.uniform(8, 30), rng.uniform(6, 20)
        squad = [Figure(f"a{k}", "green", "trooper", "a", x, y + 1.25 * k) for k in range(rng.randint(2, 5))]
        crowd = [Figure(f"t{k}", "tan", "trooper", None, x + rng.uniform(-4, 4), y + rng.uniform(-3, 8))
                 for k in range(6)]
        crowd = [f for f in crowd if all(distance(f.position, g.position) > 1.1 for g in squad)]
        crowd = [f for k, f in enumerate(crowd) if all(distance(f.position, g.position) > 1.1 for g in crowd[:k])]
        wall = Terrain.rect("wall", "solid", x + rng.uniform(-3, 3), y + rng.uniform(-3, 3), 0.5, 4)
        try:
            state = new_state(Settings(), figures=squad + crowd, terrain=(wall,))
        except ValueError:  # a base on the wall
            state = new_state(Settings(), figures=squad + crowd)
        a, r = _formed_up_alike(state)
        allowed, refused = allowed + a, refused + r
    assert allowed and refused
