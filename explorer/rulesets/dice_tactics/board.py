"""Reading the board for the rules: whose unit is where, where a unit may stand, respawn or be pushed to.

Every rule module asks these; each answer that refuses names the section that forbids it.
"""

from __future__ import annotations

from explorer.core import RuleViolation

from . import data as d
from .data import TANK, TERRAIN
from .position import Unit
from .sections import refuse


def is_text(value) -> bool:
    return isinstance(value, str)


def is_square(value) -> bool:
    return (isinstance(value, tuple) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value))


def own_unit(p, name, key: str):
    """The active player's unit ``name`` in play, or the refusal."""
    unit = p.units.get(name) if is_text(name) else None
    if unit is None or unit.square is None:
        return None, refuse(key, f"there is no unit {name!r} in play")
    if unit.side != p.side:
        return None, refuse(key, f"{name} is not one of {p.side}'s units")
    return unit, None


def enemy_unit(p, name, key: str):
    unit = p.units.get(name) if is_text(name) else None
    if unit is None or unit.square is None:
        return None, refuse(key, f"there is no unit {name!r} in play")
    if unit.side == p.side:
        return None, refuse(key, f"{name} is not an enemy unit")
    return unit, None


OFF_BOARD, TAKEN, NO_TANKS, FULL_WINDMILL = "off the board", "taken", "no tanks", "full windmill"


def stand_block(setup, p, unit_kind: str, square) -> str | None:
    """Why a unit of ``unit_kind`` may not end up on the engine-made ``square`` (a pair of whole numbers), in a
    word (``None``: it may): the cheap test the offers ask; :func:`standable` words the same answer as a refusal."""
    if square not in setup.grid:
        return OFF_BOARD
    if p.occupant(square) is not None:
        return TAKEN
    kind = setup.kind(square)
    if unit_kind == TANK and not TERRAIN[kind].tanks_may_enter:
        return NO_TANKS
    if kind == d.WINDMILL and p.windmills.get(square, 0) > 0:
        return FULL_WINDMILL
    return None


def standable(state, p, unit_kind: str, square, *, key: str) -> RuleViolation | None:
    """Whether a unit of ``unit_kind`` may end up on ``square`` (on the board, free, allowed terrain)."""
    setup = state.game.setup
    block = stand_block(setup, p, unit_kind, square) if is_square(square) else OFF_BOARD
    if block is None:
        return None
    if block == OFF_BOARD:
        return refuse(key, f"{square!r} is not a space of the board")
    if block == TAKEN:
        return refuse("moving.occupied", f"{square} is taken: one unit a space")
    kind = setup.kind(square)
    if block == NO_TANKS:
        return refuse(f"terrain.{kind}", f"tanks cannot move into {TERRAIN[kind].name.lower()}")
    return refuse("terrain.windmill", "no unit may end a move on a windmill that holds resources")


def spawn_points(state, p, unit: Unit):
    """The free spawn points outside the Target Zone where ``unit`` may respawn."""
    setup = state.game.setup
    edges = setup.spawns if state.settings.respawn_anywhere else {p.edges.get(unit.side): ()}
    points = [s for edge in sorted(setup.spawns) if edge in edges for s in setup.spawns[edge]]
    return [s for s in points if s not in setup.zone and p.occupant(s) is None]


def push_squares(state, p, unit: Unit):
    setup = state.game.setup
    return [s for s in setup.grid.neighbours(unit.square) if stand_block(setup, p, unit.kind, s) is None]


def action_left(state) -> RuleViolation | None:
    """The refusal of an action (March, Attack, Bolster) when the turn's actions are used up (the rule table lets
    them through only at the start or in the main part of the turn)."""
    if state.position.actions_left <= 0:
        return refuse("turn.actions", f"a turn has {d.ACTIONS_PER_TURN} actions; none is left")
    return None
