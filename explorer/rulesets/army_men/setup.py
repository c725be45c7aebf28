"""Setting up: where troopers may deploy (24 inches from the enemy, within 4 inches of a squad mate), and
the players' own deployment (deployment='players'), one trooper at a time, as a phase of the game."""

from __future__ import annotations

from collections.abc import Iterable
from types import MappingProxyType

from explorer.core import Event, RuleViolation
from explorer.core.actions import built
from explorer.core import tabletop as tt
from explorer.core.frozen import evolve
from explorer.core.tabletop import COMPASS, Point

from .actions import Deploy
from .data import COHESION_INCHES, DEPLOYMENT_INCHES
from .position import Figure, Position, fmt, in_play, within
from .sections import ref, refuse


DEPLOY_GRID = 4.0  # inches between the spots offered for a squad's first trooper (any other spot may be tried)


DEPLOY_NEAR = (1.5, 3.0)  # inches from a placed squad mate, in each compass direction, for the others


def deployment_problems(figures: Iterable[Figure]) -> list[RuleViolation]:
    """Broken deployment rules: 24 inches from the enemy, each trooper within 4 inches of a squad mate."""
    figures = [f for f in figures if f.in_play]
    problems = []
    for f in figures:
        for g in figures:
            if f.side < g.side and tt.distance(f.position, g.position) < DEPLOYMENT_INCHES - tt.EPSILON:
                problems.append(RuleViolation(
                    f"{f.id} and {g.id} deploy {tt.distance(f.position, g.position):.1f} inches apart; squads "
                    f"set up {DEPLOYMENT_INCHES:g} inches from the enemy", ref("deployment")))
        mates = [g for g in figures if g.side == f.side and g.squad == f.squad and g.id != f.id]
        if mates and not any(within(f.position, g.position, COHESION_INCHES) for g in mates):
            problems.append(RuleViolation(f"{f.id} deploys more than {COHESION_INCHES:g} inches from every squad "
                                          "mate", ref("deployment")))
    return problems


# Each rule of a set-up is written once, in :func:`deploy_block`, which names what forbids it with a short tag (or
# ``None``); :func:`deploy_problem` turns the tag into words and a rule. Listing the spots offered only tests
# the tag for truth, so it does not pay for words it never shows.
OFF_TABLE, IN_SOLID, TAKEN, NEAR_ENEMY, FAR_FROM_SQUAD = "off_table", "in_solid", "taken", "near_enemy", "far"


def _placed(board, figure: Figure) -> tuple[list[Point], list[Point], list[Point]]:
    """Where the troopers placed stand: all, the enemies, ``figure``'s squad mates."""
    placed = in_play(board)
    return ([f.position for f in placed], [f.position for f in placed if f.side != figure.side],
            [f.position for f in placed if f.side == figure.side and f.squad == figure.squad])


def deploy_block(table, to: Point, placed: list[Point], enemies: list[Point], mates: list[Point]) -> str | None:
    """What forbids setting a trooper up at ``to`` (a tag or ``None``), the troopers placed standing at
    ``placed`` (the enemies among them at ``enemies``, his squad mates at ``mates``)."""
    if not table.on_table(to):
        return OFF_TABLE
    if table.in_solid(to):
        return IN_SOLID
    if not table.is_free(to, placed):
        return TAKEN
    if any(tt.distance(to, enemy) < DEPLOYMENT_INCHES - tt.EPSILON for enemy in enemies):
        return NEAR_ENEMY
    if mates and not any(within(to, mate, COHESION_INCHES) for mate in mates):
        return FAR_FROM_SQUAD
    return None


def deploy_problem(board, figure: Figure, to: Point) -> RuleViolation | None:
    """Why ``figure`` may not be set up at ``to`` now: off the table or in solid terrain, on another base,
    nearer than 24 inches to an enemy already placed, or (a squad mate placed already) beyond 4 inches of
    every placed mate."""
    table = board.table
    block = deploy_block(table, to, *_placed(board, figure))
    if block is None:
        return None
    if block == OFF_TABLE:
        return RuleViolation(f"{fmt(to)} is off the {table.width:g} by {table.height:g} inch table", ref("deployment"))
    if block == IN_SOLID:
        return RuleViolation(f"{fmt(to)} is inside solid terrain", ref("rulings.climbing"))
    if block == TAKEN:
        return RuleViolation(f"{fmt(to)} is taken: bases may touch but not overlap", ref("deployment"))
    placed = in_play(board)
    if block == NEAR_ENEMY:
        enemy = next(e for e in placed if e.side != figure.side
                     and tt.distance(to, e.position) < DEPLOYMENT_INCHES - tt.EPSILON)
        return RuleViolation(f"{fmt(to)} is {tt.distance(to, enemy.position):.1f} inches from {enemy.id}; "
                             f"squads set up {DEPLOYMENT_INCHES:g} inches from the enemy", ref("deployment"))
    mates = [f for f in placed if f.side == figure.side and f.squad == figure.squad]
    return RuleViolation(f"{figure.id} must set up within {COHESION_INCHES:g} inches of a squad mate already "
                         f"placed ({', '.join(f.id for f in mates)})", ref("deployment"))


def deploy_offers(state) -> list[Deploy]:
    """Spots for the next trooper: near each squad mate placed, or for a squad's first a grid over the
    table; the scenario's own spot for him too. Each is checked; any other spot may still be tried."""
    side = state.side
    figure = state.next_to_deploy(side)
    placed, enemies, mates = _placed(state, figure)
    if mates:
        spots = [tt.step(mate, d, inches) for mate in mates for d in COMPASS.values() for inches in DEPLOY_NEAR]
    else:
        width, height = state.table.width, state.table.height
        spots = [(DEPLOY_GRID / 2 + i * DEPLOY_GRID, DEPLOY_GRID / 2 + j * DEPLOY_GRID)
                 for i in range(int(width // DEPLOY_GRID)) for j in range(int(height // DEPLOY_GRID))]
    seen, offers, table = set(), [], state.table
    for x, y in [figure.position, *spots]:
        to = (round(x, 6), round(y, 6))
        if to not in seen:
            seen.add(to)
            if deploy_block(table, to, placed, enemies, mates) is None:
                offers.append(built(Deploy, side, figure.id, to))
    return offers


def check_deploy(state, act: Deploy) -> RuleViolation | None:
    figure = state.next_to_deploy(state.side)
    if not isinstance(act.trooper, str) or act.trooper not in state.figures:
        return refuse("deployment", f"there is no trooper {act.trooper!r:.40}")
    if act.trooper != figure.id:
        return refuse("rulings.deployment_phase", f"{state.side} sets up {figure.id} next (troopers are placed in "
                                                  "the order of the army list)")
    if not tt.is_point(act.to):
        return refuse("deployment", f"a trooper is placed at a point (x, y) in inches, not {act.to!r:.60}")
    return deploy_problem(state, figure, (float(act.to[0]), float(act.to[1])))


def do_deploy(state, act: Deploy) -> tuple[Position, list[Event]]:
    to = (float(act.to[0]), float(act.to[1]))
    figures = dict(state.figures)
    figures[act.trooper] = evolve(figures[act.trooper], x=to[0], y=to[1], status="in_play")
    events = [Event("deploy", f"{act.trooper} sets up at {fmt(to)}", ("army_men:deployment",),
                    {"trooper": act.trooper, "to": list(to)})]
    side = state.side
    waiting = {f.side for f in figures.values() if f.status == "waiting"}
    if side not in waiting:
        if waiting:
            side = state.other(side)
            events.append(Event("deploy_turn", f"{state.side} is set up; {side} sets up",
                                ("army_men:rulings.deployment_phase",)))
        else:
            side = state.settings.first_of(state.sides)
            events.append(Event("turn", f"Both armies are set up; {side} plays the first turn",
                                ("army_men:turn",), {"round": state.round}))
    return evolve(state.position, figures=MappingProxyType(figures), side=side), events
