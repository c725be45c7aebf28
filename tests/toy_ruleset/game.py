"""Toy Skirmish's rules (the turn, moving, shooting) and its game state, on the tabletop base."""

from __future__ import annotations

from types import MappingProxyType

from explorer.core import Dist, Event, GameState
from explorer.core import tabletop as tt
from explorer.core.dice import is_success, success_chance
from explorer.core.frozen import evolve
from explorer.core.limits import brief
from explorer.core.ruletable import Phase, Rule, RuleTable
from explorer.core.tabletop.figures import TabletopState

from . import actions, position as position_module
from .actions import EndTurn, Move, Shoot
from .rulings import MOVE_INCHES, RANGE_INCHES
from .sections import SECTIONS, refuse

SIDE_NOTE = "a player acts with the own side's figures"


def _actor(state, player, figure_id, section):
    """The refusal of ``figure_id`` acting now, or ``None``."""
    figure = state.position.figures.get(figure_id) if isinstance(figure_id, str) else None
    if figure is None or not figure.alive:
        return refuse(section, f"there is no figure {brief(figure_id)} on the table")
    if figure.side != player:
        return refuse("turn", f"{figure_id} is {figure.side}'s: {SIDE_NOTE}")
    if figure_id in state.position.done:
        return refuse("turn", f"{figure_id} has acted this turn")
    return None


def check_move(state, act: Move):
    refusal = _actor(state, act.player, act.figure, "moving")
    if refusal:
        return refusal
    if not (isinstance(act.to, tuple) and len(act.to) == 2 and tt.is_point(act.to)):
        return refuse("moving", f"a move goes to a point (x, y) in inches, not {brief(act.to)}")
    figure = state.figures[act.figure]
    if tt.distance(figure.position, act.to) > MOVE_INCHES + tt.EPSILON:
        return refuse("moving", f"a figure moves at most {MOVE_INCHES:g} inches")
    if not state.table.on_table(act.to):
        return refuse("moving", "a figure stays on the table")
    if any(f.alive and f.id != figure.id and tt.bases_overlap(f.position, act.to) for f in state.figures.values()):
        return refuse("moving", "a figure may not stand on another's base")
    return None


def do_move(state, act: Move):
    figure = evolve(state.figures[act.figure], x=float(act.to[0]), y=float(act.to[1]))
    p = state.position
    return (evolve(p, figures=MappingProxyType({**p.figures, figure.id: figure}), done=p.done | {figure.id}),
            [Event("move", actions.describe(act), ("toy_ruleset:moving",), {"figure": figure.id})])


def move_offers(state, figure):
    for vector in tt.COMPASS.values():
        for inches in (MOVE_INCHES / 2, MOVE_INCHES):
            to = tt.step(figure.position, vector, inches)
            act = Move(figure.side, figure.id, (round(to[0], 3), round(to[1], 3)))
            if check_move(state, act) is None:
                yield act


def check_shoot(state, act: Shoot):
    refusal = _actor(state, act.player, act.shooter, "shooting")
    if refusal:
        return refusal
    target = state.position.figures.get(act.target) if isinstance(act.target, str) else None
    if target is None or not target.alive or target.side == act.player:
        return refuse("shooting", f"the target is an enemy figure on the table, not {brief(act.target)}")
    if tt.distance(state.figures[act.shooter].position, target.position) > RANGE_INCHES:
        return refuse("shooting", f"{act.target} is more than {RANGE_INCHES:g} inches away")
    return None


def chance_shoot(state, act: Shoot) -> Dist:
    return Dist.bernoulli(success_chance(state.settings.to_kill))


def do_shoot(state, act: Shoot):
    (face,) = state.roll(1)
    p, figures = state.position, dict(state.position.figures)
    killed = is_success(face, state.settings.to_kill)
    if killed:
        figures[act.target] = evolve(figures[act.target], alive=False)
    text = f"{act.shooter} shoots at {act.target}: rolls {face}, {'kills' if killed else 'misses'}"
    return (evolve(p, figures=MappingProxyType(figures), done=p.done | {act.shooter}),
            [Event("shot", text, ("toy_ruleset:shooting",), {"dice": [face], "killed": killed})])


def do_end_turn(state, act: EndTurn):
    side, rnd = state.game.next_turn(state.side, state.round)
    return (evolve(state.position, side=side, round=rnd, done=frozenset()),
            [Event("turn", f"{state.side}'s turn ends; {side} plays", ("toy_ruleset:turn",), {"round": rnd})])


def turn_offers(state):
    offers = []
    enemies = [f for f in state.in_play() if f.side != state.side]
    for f in state.in_play(state.side):
        if f.id in state.position.done:
            continue
        offers += [Shoot(f.side, f.id, e.id) for e in enemies
                   if tt.distance(f.position, e.position) <= RANGE_INCHES]
        offers += move_offers(state, f)
    return offers + [EndTurn(state.side)]


RULES = RuleTable(
    SECTIONS,
    {Move: Rule(check_move, do_move), Shoot: Rule(check_shoot, do_shoot, chance=chance_shoot),
     EndTurn: Rule(lambda state, act: None, do_end_turn)},
    phases={"turn": Phase("turn", (Move, Shoot, EndTurn), legal=turn_offers)},
    phase_of=lambda state: "turn",
)


class ToyState(TabletopState, GameState):
    """A game of Toy Skirmish in progress."""

    rules = RULES
    saves = position_module
    terrain_optional = True

    def describe(self, act, viewer=None) -> str:
        return actions.describe(act)
