"""The army-men turn as a game state, and its actions.

A turn is one side's: each of its troopers takes at most one action step
(shoot, then move, then combat), one trooper after another, and the player
ends the turn. The :class:`~explorer.core.Game`'s setup is the
:class:`~explorer.core.tabletop.Table`; the :class:`Position` is the rest,
frozen. The dead stay in the position (``status='dead'``) so a board can
show where they fell; so do troopers who left the table.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterator, Mapping
from types import MappingProxyType

from explorer.core import Action, Dist, Event, Explained, Game, GameState, Outcome, RuleViolation, Termination, action
from explorer.core import tabletop as tt
from explorer.core.dice import d2_of
from explorer.core.frozen import evolve
from explorer.core.limits import brief
from explorer.core.ruletable import Phase, Rule, RuleTable
from explorer.core.tabletop import COMPASS, Board, Table, table_from_dict

from . import mechanics as m
from .data import PROFILES
from .mechanics import Figure, Flag
from .rulings import VARIANTS
from .sections import SECTIONS, ref, refuse

MAX_FIGURES = 200
MAX_ROUND = 1_000_000


@action
class Shoot(Action):
    """``shooter`` fires at ``target`` (an area-effect weapon aims at ``target``)."""

    player: str
    shooter: str
    target: str


@action
class Move(Action):
    """``trooper`` moves to ``to`` (inches); off the table's edge, he leaves play. Combat follows any contact."""

    player: str
    trooper: str
    to: tuple[float, float]


@action
class Fight(Action):
    """``trooper``, locked in a tied fight, fights on (the alternative is to run away: a :class:`Move`)."""

    player: str
    trooper: str


@action
class EndTurn(Action):
    """``player`` is done with this turn."""

    player: str


@action
class Deploy(Action):
    """``trooper``, the next of ``player``'s army still to set up, is placed at ``to`` (inches)."""

    player: str
    trooper: str
    to: tuple[float, float]


ACTIONS = (Shoot, Move, Fight, EndTurn, Deploy)
DEPLOY_GRID = 4.0  # inches between the spots offered for a squad's first trooper (any other spot may be tried)
DEPLOY_NEAR = (1.5, 3.0)  # inches from a placed squad mate, in each compass direction, for the others


@dataclasses.dataclass(frozen=True)
class Position:
    """What changes in play.

    ``figures``: id -> :class:`Figure` (read-only, in the order fielded).
    ``acting``: the trooper who has shot this step and may still move.
    ``done``: troopers whose action step this turn is over. ``engaged``: tied
    fights as ``(a, b, due)``, ``a < b``, ``due`` the side whose trooper must
    next run away or fight on. ``flag``: the capture-the-flag marker and
    terms (``None`` in other scenarios).
    """

    figures: Mapping[str, Figure]
    side: str
    round: int = 1
    acting: str | None = None
    done: frozenset[str] = frozenset()
    engaged: tuple[tuple[str, str, str], ...] = ()
    flag: Flag | None = None

    @classmethod
    def of(cls, figures, side: str, **rest) -> Position:
        if isinstance(figures, Mapping):
            figures = list(figures.values())
        return cls(MappingProxyType({f.id: f for f in figures}), side, **rest)

    def __eq__(self, other: object) -> bool:
        return (type(other) is type(self) and dict(self.figures) == dict(other.figures)
                and (self.side, self.round, self.acting, self.done, self.engaged, self.flag)
                == (other.side, other.round, other.acting, other.done, other.engaged, other.flag))

    __hash__ = None


# -- the turn: whose step it is, and the tied fights due -------------------------------------------

def due(state, side: str) -> list[tuple[str, str, str]]:
    """The tied fights ``side`` must fight on or run from this turn."""
    return [e for e in state.engaged if e[2] == side]


def due_troopers(state, side: str) -> list[str]:
    """``side``'s troopers locked in a tied fight due this turn, in order of id."""
    ids = {fid for a, b, _ in due(state, side) for fid in (a, b) if state.figures[fid].side == side}
    return sorted(ids)


def step_of(state, trooper: str) -> frozenset[str]:
    """Troopers done once ``trooper`` acts: a step already under way ends when another trooper acts."""
    acting = state.position.acting
    return state.position.done | {acting} if acting and acting != trooper else state.position.done


def own_problem(state, player: str, figure_id, section: str, what: str) -> RuleViolation | None:
    """Why ``player`` may not give ``figure_id`` an action step now (``None``: he may)."""
    if not isinstance(figure_id, str):
        return refuse(section, f"the {what} is named by a trooper's id (text), not {figure_id!r:.40}")
    figure = state.figures.get(figure_id)
    if figure is None:
        return refuse(section, f"there is no trooper {figure_id!r:.40}")
    if figure.side != player:
        return refuse("turn", f"{figure_id} is {figure.side}'s, not {player}'s: a player gives action steps to "
                              "his own troopers only")
    if figure.status == "dead":
        return refuse("combat.the_end", f"{figure_id} is dead: dead troopers cannot be returned to play")
    if figure.status == "off_table":
        return refuse("moving.off_table", f"{figure_id} left the table and cannot be returned to play")
    if figure.id in state.position.done:
        if section == "moving" and figure.fired_round == state.round and not figure.profile.fires_and_moves:
            return refuse("standard.area_effect", f"{figure_id}'s {figure.profile.name} is heavy: he cannot "
                                                  "fire and move in the same turn")
        return refuse("turn.action_step", f"{figure_id} has taken his action step this turn")
    return None


def turn_offers(state) -> Iterator[Action]:
    """The turn's legal actions, trooper by trooper (fight on, shoot, move), then the end of the turn."""
    side = state.side
    for f in m.in_play(state, side):
        if f.id in state.position.done:
            continue
        for act in _candidates(state, f):
            if state._check(act) is None:
                yield act
    if not due_troopers(state, side):
        yield EndTurn(side)


def _candidates(state, f: Figure) -> Iterator[Action]:
    side = state.side
    if f.id in due_troopers(state, side):
        yield Fight(side, f.id)
    engaged = m.engaged_with(state.engaged, f.id)
    if not engaged and state.position.acting != f.id:
        for e in m.in_play(state, state.other(side)):
            yield Shoot(side, f.id, e.id)
    allowance = m.move_allowance(state, f).value
    seen = set()
    spots = [tt.step(f.position, d, length) for d in COMPASS.values() for length in (allowance, allowance / 2)]
    enemies = sorted(m.in_play(state, state.other(side)), key=lambda e: tt.distance(e.position, f.position))
    for e in enemies[:3]:
        if e.id in engaged:
            continue
        direction = tt.unit_vector(e.position, f.position)
        if direction and tt.distance(e.position, f.position) - tt.BASE_DIAMETER <= allowance:
            spots.append(tt.step(e.position, direction, tt.BASE_DIAMETER))
    for x, y in spots:
        to = (round(x, 6), round(y, 6))
        if to not in seen:
            seen.add(to)
            yield Move(side, f.id, to)


def check_end_turn(state, act: EndTurn) -> RuleViolation | None:
    pending = due_troopers(state, state.side)
    if pending:
        return refuse("combat.tie", f"{pending[0]} is still in a tied fight: he must run away or fight on before "
                                    "the turn ends")
    return None


def do_end_turn(state, act: EndTurn) -> tuple[Position, list[Event]]:
    p = state.position
    side, rnd = state.game.next_turn(p.side, p.round, state.settings.first_of(state.sides))
    figures = {fid: evolve(f, moved=False) if f.side == side and f.moved else f for fid, f in p.figures.items()}
    events = [Event("turn", f"{p.side}'s turn ends; {side} plays", ("army_men:turn",), {"round": rnd})]
    flag = p.flag
    if flag is not None:
        holds = m.holds_flag(state, flag, side)
        before = flag.turns_held(side)
        count = before + 1 if holds.value else (before if state.settings.flag_turns == "in_all" else 0)
        flag = evolve(flag, held=tuple((s, count if s == side else n) for s, n in flag.held))
        _, _, turns = flag.term(side)
        text = (f"{side} holds the flag ({count} of {turns})" if holds.value
                else f"{side} does not hold the flag ({count} of {turns})")
        events.append(Event("flag", text, tuple(r.key for r in holds.refs), {"side": side, "held": count}))
    position = evolve(p, figures=MappingProxyType(figures), side=side, round=rnd, acting=None, done=frozenset(),
                      flag=flag)
    return position, events


def kill(figures: dict, engaged: list, dead) -> None:
    """The dead fall (they stay on the table, status 'dead') and their tied fights end."""
    for fid in dead:
        figures[fid] = evolve(figures[fid], status="dead")
    engaged[:] = [e for e in engaged if e[0] not in dead and e[1] not in dead]


# -- setting up ---------------------------------------------------------------------------------------

def deploy_offers(state) -> Iterator[Deploy]:
    """Spots for the next trooper: near each squad mate placed, or for a squad's first a grid over the
    table; the scenario's own spot for him too. Each is checked; any other spot may still be tried."""
    side = state.side
    figure = state.next_to_deploy(side)
    mates = [f for f in m.in_play(state) if f.side == side and f.squad == figure.squad]
    if mates:
        spots = [tt.step(f.position, d, inches) for f in mates for d in COMPASS.values() for inches in DEPLOY_NEAR]
    else:
        width, height = state.table.width, state.table.height
        spots = [(DEPLOY_GRID / 2 + i * DEPLOY_GRID, DEPLOY_GRID / 2 + j * DEPLOY_GRID)
                 for i in range(int(width // DEPLOY_GRID)) for j in range(int(height // DEPLOY_GRID))]
    seen = set()
    for x, y in [figure.position, *spots]:
        to = (round(x, 6), round(y, 6))
        if to not in seen:
            seen.add(to)
            if m.deploy_problem(state, figure, to) is None:
                yield Deploy(side, figure.id, to)


def check_deploy(state, act: Deploy) -> RuleViolation | None:
    figure = state.next_to_deploy(state.side)
    if not isinstance(act.trooper, str) or act.trooper not in state.figures:
        return refuse("deployment", f"there is no trooper {act.trooper!r:.40}")
    if act.trooper != figure.id:
        return refuse("rulings.deployment_phase", f"{state.side} sets up {figure.id} next (troopers are placed in "
                                                  "the order of the army list)")
    if not tt.is_point(act.to):
        return refuse("deployment", f"a trooper is placed at a point (x, y) in inches, not {act.to!r:.60}")
    return m.deploy_problem(state, figure, (float(act.to[0]), float(act.to[1])))


def do_deploy(state, act: Deploy) -> tuple[Position, list[Event]]:
    to = (float(act.to[0]), float(act.to[1]))
    figures = dict(state.figures)
    figures[act.trooper] = evolve(figures[act.trooper], x=to[0], y=to[1], status="in_play")
    events = [Event("deploy", f"{act.trooper} sets up at {m._fmt(to)}", ("army_men:deployment",),
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


# -- shooting -------------------------------------------------------------------------------------------

def shot_need(state, act: Shoot) -> Explained[int | None] | RuleViolation:
    """What the shot needs to kill (``None`` for an area-effect weapon), or the rule that forbids it."""
    problem = own_problem(state, act.player, act.shooter, "shooting", "shooter")
    if problem is not None:
        return problem
    shooter = state.figures[act.shooter]
    if not isinstance(act.target, str) or act.target not in state.figures:
        return refuse("shooting", f"there is no trooper {act.target!r:.40} to shoot at")
    target = state.figures[act.target]
    if target.side == shooter.side:
        return refuse("shooting", f"{act.target} is on {shooter.id}'s side: select an enemy trooper as the target")
    if not target.in_play:
        return refuse("combat.the_end", f"{act.target} is out of play")
    if state.position.acting == shooter.id:
        return refuse("turn.action_step", f"{shooter.id} has already shot in this action step")
    if m.engaged_with(state.engaged, shooter.id):
        return refuse("combat.tie", f"{shooter.id} is locked in combat and may not shoot")
    p = shooter.profile
    if p.turns_between_shots > 1 and shooter.fired_round and state.round - shooter.fired_round < p.turns_between_shots:
        return refuse("rulings.half_rate", f"{shooter.id}'s {p.name} fired last turn: rate of fire "
                                           f"{p.rate_of_fire}, one shot every {p.turns_between_shots} turns")
    need = m.to_hit(state, shooter.id, target.id)
    if need.value is None:
        last = need.reasons[-1]
        if not (p.area and last.ref == ref("standard.area_effect")):
            return RuleViolation(last.text, last.ref)
    return need


def check_shoot(state, act: Shoot) -> RuleViolation | None:
    need = shot_need(state, act)
    return need if isinstance(need, RuleViolation) else None


def shot_chance(state, act: Shoot) -> Dist:
    shooter = state.figures[act.shooter]
    if shooter.profile.area:
        return m.area_odds(state, act.target).value
    return m.shot_distribution(state, state.engaged, act.shooter, act.target)


def do_shoot(state, act: Shoot) -> tuple[Position, list[Event]]:
    need = shot_need(state, act)
    shooter, target = state.figures[act.shooter], state.figures[act.target]
    figures, engaged = dict(state.figures), list(state.engaged)
    figures[shooter.id] = evolve(shooter, fired_round=state.round)
    done = step_of(state, shooter.id)
    events = []
    if shooter.profile.area:
        victims = m.area_victims(state, target)
        faces = state.roll(len(victims))
        dead = [v.id for v, face in zip(victims, faces) if m.area_kills(face, m.area_need(state, v).value)]
        rolls = ", ".join(f"{v.id} {face}" for v, face in zip(victims, faces))
        events.append(Event("area", f"{shooter.id} fires his {shooter.profile.name} at {target.id}: {rolls}",
                            ("army_men:standard.area_effect",),
                            {"shooter": shooter.id, "target": target.id, "victims": [v.id for v in victims],
                             "dice": list(faces), "killed": dead}))
    else:
        faces = state.roll(shooter.profile.dice)
        hit = any(m.is_hit(face, need.value) for face in faces)
        dead = [target.id] if hit else []
        text = f"{shooter.id} shoots at {target.id}, needing {need.value}+: rolls {', '.join(map(str, faces))}"
        friend = m.friendly_in_fight(state, state.engaged, shooter, target) if hit else None
        data = {"shooter": shooter.id, "target": target.id, "need": need.value, "dice": list(faces),
                "why": [str(r) for r in need.reasons]}
        if friend is not None:
            (face,) = state.roll(1)
            d2 = d2_of(face)
            dead = [friend.id] if d2 == 1 else [target.id]
            text += f"; a hit in a fight: D2 (a {face}) is {d2}"
            data["d2"] = d2
        data["killed"] = dead
        text += f": {'kills ' + dead[0] if dead else 'misses'}"
        rules = tuple(r.key for r in need.refs) + (("army_men:shooting.friendly_fire",) if friend else ())
        events.append(Event("shot", text, rules, data))
    kill(figures, engaged, dead)
    events += [Event("casualty", f"{fid} is killed", ("army_men:combat.the_end",), {"figure": fid}) for fid in dead]
    if shooter.profile.fires_and_moves:
        acting = shooter.id
    else:
        acting, done = None, done | {shooter.id}
    position = evolve(state.position, figures=MappingProxyType(figures), acting=acting, done=done,
                      engaged=tuple(engaged))
    return position, events


# -- moving -------------------------------------------------------------------------------------------

def walk(state, act: Move) -> tuple[float, bool] | RuleViolation:
    """The distance walked and whether the trooper leaves the table, or the rule that forbids the move."""
    problem = own_problem(state, act.player, act.trooper, "moving", "trooper")
    if problem is not None:
        return problem
    trooper = state.figures[act.trooper]
    if not tt.is_point(act.to):
        return refuse("moving", f"a move goes to a point (x, y) in inches, not {act.to!r:.60}")
    to = (float(act.to[0]), float(act.to[1]))
    allowance = m.move_allowance(state, trooper)
    start = trooper.position
    if tt.distance(start, to) < tt.EPSILON:
        return refuse("moving", f"{trooper.id} is already at {m._fmt(to)}")
    table = state.table
    leaves = not table.on_table(to)
    if leaves:
        walked = tt.distance(start, to) if not table.crosses_solid(start, to) else math.inf
    else:
        others = [f.position for f in m.in_play(state) if f.id != trooper.id]
        if not table.is_free(to, others):
            if table.in_solid(to):
                return refuse("rulings.climbing", f"{m._fmt(to)} is inside solid terrain, taller than a trooper")
            return refuse("moving", f"{m._fmt(to)} is taken: bases may touch but not overlap")
        walked = table.route_length(start, to)
    if walked > allowance.value + tt.EPSILON:
        shown = "no way round solid terrain" if walked == math.inf else f"{walked:.1f} inches"
        return RuleViolation(f"{trooper.id} may move {allowance.value:g} inches, not {shown}",
                             allowance.reasons[-1].ref)
    if not leaves:
        for opponent in m.engaged_with(state.engaged, trooper.id):
            if tt.distance(to, state.figures[opponent].position) <= m.CONTACT_INCHES:
                return refuse("combat.tie", f"{trooper.id} is locked in combat with {opponent}: to run away he "
                                            "must end out of contact")
        if (state.settings.leave_cohesion == "forbidden" and not m.cut_off(state, trooper)
                and not m.cohesive_at(state, trooper, to)):
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


def move_chance(state, act: Move) -> Dist | None:
    board, _ = after_move(state, act)
    pairs = m.combat_pairs(board, act.trooper) if board.figures[act.trooper].in_play else []
    return m.combat_distribution(pairs) if pairs else None


def do_move(state, act: Move) -> tuple[Position, list[Event]]:
    walked, _ = walk(state, act)
    board, leaves = after_move(state, act)
    start = state.figures[act.trooper].position
    figures = dict(board.figures)
    fled = m.engaged_with(state.engaged, act.trooper)
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
        pairs = m.combat_pairs(board, act.trooper)
        if pairs:
            group = {fid for p in pairs for fid in (p.a, p.b)}
            engaged = [e for e in engaged if e[0] not in group and e[1] not in group]  # fought anew
            events.append(Event("combat", f"{act.trooper} charges into contact: {len(pairs)} "
                                          f"pair{'s' * (len(pairs) != 1)} fight", ("army_men:combat",)))
            events += fight_pairs(state, pairs, figures, engaged)
    position = evolve(state.position, figures=MappingProxyType(figures), acting=None,
                      done=step_of(state, act.trooper) | {act.trooper}, engaged=tuple(engaged))
    return position, events


# -- combat ---------------------------------------------------------------------------------------------

def check_fight(state, act: Fight) -> RuleViolation | None:
    problem = own_problem(state, act.player, act.trooper, "combat.tie", "trooper")
    if problem is None and act.trooper not in due_troopers(state, state.side):
        return refuse("combat.tie", f"{act.trooper} is not in a tied fight that goes on this turn")
    return problem


def continued_pairs(state, trooper: str) -> list[m.Pair]:
    """The tied fights ``trooper`` fights on."""
    fights = [e for e in due(state, state.side) if trooper in e[:2]]
    return [m.continued_pair(state, trooper, b if a == trooper else a) for a, b, _ in fights]


def fight_chance(state, act: Fight) -> Dist:
    return m.combat_distribution(continued_pairs(state, act.trooper))


def do_fight(state, act: Fight) -> tuple[Position, list[Event]]:
    pairs = continued_pairs(state, act.trooper)
    figures = dict(state.figures)
    engaged = [e for e in state.engaged if not (e[2] == state.side and act.trooper in e[:2])]
    events = [Event("combat", f"{act.trooper} fights on", ("army_men:combat.tie",))]
    events += fight_pairs(state, pairs, figures, engaged)
    position = evolve(state.position, figures=MappingProxyType(figures), acting=None,
                      done=step_of(state, act.trooper) | {act.trooper}, engaged=tuple(engaged))
    return position, events


def fight_pairs(state, pairs, figures: dict, engaged: list) -> list[Event]:
    """Roll each pair's fight in turn (a pair one of whom died already does not fight); ties fight on next turn."""
    events, dead = [], set()
    next_side = state.other(state.side)
    for pair in pairs:
        if pair.a in dead or pair.b in dead:
            continue
        a_face, b_face = state.roll(2)
        result = m.fight_result(a_face, b_face, pair.a_mod.value, pair.b_mod.value)
        a_total, b_total = a_face + pair.a_mod.value, b_face + pair.b_mod.value
        text = f"{pair.a} scores {a_face}{pair.a_mod.value:+d} = {a_total}, {pair.b} {b_face}{pair.b_mod.value:+d} = {b_total}"
        if result == "tie":
            text += ": a tie, the fight goes on next turn"
            engaged.append((min(pair.a, pair.b), max(pair.a, pair.b), next_side))
        else:
            loser = pair.b if result == "a" else pair.a
            dead.add(loser)
            text += f": {loser} dies"
        rules = tuple(r.key for r in (*pair.a_mod.refs, *pair.b_mod.refs))
        events.append(Event("fight", text, ("army_men:combat", *dict.fromkeys(rules)),
                            {"a": pair.a, "b": pair.b, "dice": [a_face, b_face],
                             "modifiers": [pair.a_mod.value, pair.b_mod.value], "result": result}))
    kill(figures, engaged, sorted(dead))
    events += [Event("casualty", f"{fid} is killed", ("army_men:combat.the_end",), {"figure": fid})
               for fid in sorted(dead)]
    return events


RULES = RuleTable(
    SECTIONS,
    {
        Deploy: Rule(check_deploy, do_deploy),
        Shoot: Rule(check_shoot, do_shoot, chance=shot_chance),
        Move: Rule(check_move, do_move, chance=move_chance),
        Fight: Rule(check_fight, do_fight, chance=fight_chance),
        EndTurn: Rule(check_end_turn, do_end_turn),
    },
    phases={
        # the players set up their armies first (deployment='players'), one trooper at a time
        "deployment": Phase("deployment", (Deploy,), legal=deploy_offers,
                            refusal="the players set up first, one trooper at a time in the order of the army "
                                    "list: the side to play places its next trooper"),
        "turn": Phase("turn", (Shoot, Move, Fight, EndTurn), legal=turn_offers,
                      refusal="the armies are set up already: deployment comes before the first turn"),
    },
    phase_of=lambda state: "deployment" if state.deploying else "turn",
)


class ArmyMenState(GameState):
    """A game of the army-men rules in progress (either variant: ``settings.variant``)."""

    rules = RULES
    custom_scenarios = ("custom", "army")  # saves of custom positions, and of games from the army builder

    # -- reading ---------------------------------------------------------------------------
    @property
    def table(self) -> Table:
        return self.game.setup

    @property
    def figures(self) -> Mapping[str, Figure]:
        return self.position.figures

    @property
    def side(self) -> str:
        return self.position.side

    @property
    def engaged(self) -> tuple[tuple[str, str, str], ...]:
        return self.position.engaged

    @property
    def variant(self) -> str:
        return self.settings.variant

    def to_hit(self, shooter: str, target: str) -> Explained[int | None]:
        return m.to_hit(self, shooter, target)

    def move_allowance(self, trooper: str) -> Explained[float]:
        return m.move_allowance(self, self.figures[trooper])

    def _standing(self) -> dict[str, int]:
        counts = {side: 0 for side in self.sides}
        for f in self.figures.values():
            if f.in_play or f.status == "waiting":  # a trooper still to set up is in the game
                counts[f.side] += 1
        return counts

    @property
    def deploying(self) -> bool:
        """The players are still setting up (deployment='players'): some trooper waits to be placed."""
        # troopers wait only in round 1 (the one legality check says so): later rounds skip the scan
        return self.position.round == 1 and any(f.status == "waiting" for f in self.figures.values())

    def next_to_deploy(self, side: str) -> Figure | None:
        """The trooper of ``side`` set up next: the first still waiting, in the order of the army list."""
        return next((f for f in self.figures.values() if f.side == side and f.status == "waiting"), None)

    def _outcome(self) -> Outcome | None:
        flag = self.position.flag
        if flag is not None:
            for side in self.sides:
                troopers, inches, turns = flag.term(side)
                if flag.turns_held(side) >= turns:
                    return Outcome(side, f"{side} held the flag with {troopers} troopers within {inches} inches for "
                                         f"{turns} turn{'s' * (turns != 1)}", Termination.OBJECTIVE)
        return super()._outcome()

    @property
    def setup_log(self) -> tuple[Event, ...]:
        flag = self._start[0].flag
        if flag is None:
            return ()
        return tuple(Event("flag_terms", f"{side} must have {troopers} troopers within {inches} inches of the flag at "
                                         f"the beginning of {turns} turn{'s' * (turns != 1)}",
                           ("army_men:standard.capture_the_flag",),
                           {"side": side, "troopers": troopers, "inches": inches, "turns": turns})
                     for side, troopers, inches, turns in flag.terms)

    def describe(self, act: Action, viewer: str | None = None) -> str:
        if isinstance(act, Shoot):
            return f"{act.shooter} shoots at {act.target}"
        if isinstance(act, Move) and tt.is_point(act.to):
            return f"{act.trooper} moves to ({act.to[0]:.1f}, {act.to[1]:.1f})"
        if isinstance(act, Fight):
            return f"{act.trooper} fights on"
        if isinstance(act, EndTurn):
            return f"{act.player} ends the turn"
        if isinstance(act, Deploy) and tt.is_point(act.to):
            return f"{act.trooper} sets up at ({act.to[0]:.1f}, {act.to[1]:.1f})"
        return repr(act)

    # -- the one legality check --------------------------------------------------------------------------
    @classmethod
    def _position_problem(cls, game: Game, p) -> str | None:
        table = game.setup
        if not isinstance(table, Table):
            return f"the setup of an army-men game is a Table, not {type(table).__name__}"
        if game.settings.variant not in VARIANTS:
            return f"the settings must choose a variant ({', '.join(VARIANTS)})"
        if not isinstance(p, Position) or not isinstance(p.figures, Mapping):
            return f"a position is an army_men Position with a mapping of figures, not {type(p).__name__}"
        if len(p.figures) > MAX_FIGURES:
            return f"at most {MAX_FIGURES} figures, not {len(p.figures)}"
        for fid, f in p.figures.items():
            if not isinstance(f, Figure) or f.id != fid:
                return f"figures must map each figure's id to the figure, not {brief(fid)} to {brief(f)}"
            if f.side not in game.sides:
                return f"{f.id} is on side {brief(f.side)}, which is not a side of this game ({', '.join(game.sides)})"
            if f.in_play and not table.on_table(f.position):
                return f"{f.id} stands (partly) off the {table.width:g} by {table.height:g} inch table at {m._fmt(f.position)}"
            if f.in_play and table.in_solid(f.position):
                return f"{f.id} stands inside solid terrain at {m._fmt(f.position)}"
            if f.prone and game.settings.variant == "tutorial":
                return f"{f.id} is prone: prone troopers are a standard rule"
        alive = [f for f in p.figures.values() if f.in_play]
        for i, a in enumerate(alive):
            for b in alive[i + 1:]:
                if tt.bases_overlap(a.position, b.position):
                    return f"{a.id} and {b.id} stand on each other's bases"
        for (side, squad), members in m.squads_of(p.figures.values()).items():
            problems = m.composition_problems([f.kind for f in members], squad, variant=game.settings.variant,
                                              complete=False)
            if problems:
                return str(problems[0])
        if p.side not in game.sides:
            return f"the side to play must be one of {', '.join(game.sides)}, not {brief(p.side)}"
        if isinstance(p.round, bool) or not isinstance(p.round, int) or not 1 <= p.round <= MAX_ROUND:
            return f"the round must be a whole number from 1 to {MAX_ROUND:,}, not {brief(p.round)}"
        if any(f.fired_round > p.round for f in p.figures.values()):
            return "a trooper cannot have fired in a round not yet played"
        return _step_problem(p) or _flag_problem(game, p) or _deployment_problem(p)

    # -- saving -------------------------------------------------------------------------------------------
    @classmethod
    def _setup_to_dict(cls, table: Table) -> dict:
        return table.to_dict()

    @classmethod
    def _setup_from_dict(cls, data) -> Table:
        return table_from_dict(data, terrain_optional=False)

    @classmethod
    def _position_to_dict(cls, p: Position) -> dict:
        return {"figures": [f.to_dict() for f in p.figures.values()], "side": p.side, "round": p.round,
                "acting": p.acting, "done": sorted(p.done), "engaged": [list(e) for e in p.engaged],
                "flag": None if p.flag is None else p.flag.to_dict()}

    @classmethod
    def _position_from_dict(cls, game: Game, data) -> Position:
        expected = {"figures", "side", "round", "acting", "done", "engaged", "flag"}
        if not isinstance(data, Mapping) or set(data) != expected:
            raise ValueError(f"a position is an object with exactly the keys {', '.join(sorted(expected))}")
        figures = data["figures"]
        if not isinstance(figures, list) or len(figures) > MAX_FIGURES:
            raise ValueError(f"figures must be a list of at most {MAX_FIGURES} figures")
        built = []
        for index, entry in enumerate(figures):
            try:
                built.append(Figure.from_dict(entry))
            except (TypeError, ValueError) as exc:
                raise ValueError(f"figure {index + 1} is malformed: {exc}") from None
        if len({f.id for f in built}) != len(built):
            raise ValueError("every figure needs its own id")
        if not isinstance(data["side"], str):
            raise ValueError("side must be text")
        rnd = data["round"]
        if isinstance(rnd, bool) or not isinstance(rnd, int):
            raise ValueError(f"round must be a whole number, not {brief(rnd)}")
        acting = data["acting"]
        if acting is not None and not isinstance(acting, str):
            raise ValueError("acting is a trooper's id or null")
        done = data["done"]
        if not isinstance(done, list) or len(done) > MAX_FIGURES or not all(isinstance(d, str) for d in done):
            raise ValueError("done must be a list of trooper ids")
        engaged = data["engaged"]
        if not isinstance(engaged, list) or len(engaged) > MAX_FIGURES or not all(
                isinstance(e, list) and len(e) == 3 and all(isinstance(x, str) for x in e) for e in engaged):
            raise ValueError("engaged must be a list of [trooper, trooper, side]")
        flag = None if data["flag"] is None else Flag.from_dict(data["flag"])
        return Position.of(built, data["side"], round=rnd, acting=acting, done=frozenset(done),
                           engaged=tuple(tuple(e) for e in engaged), flag=flag)

    def __repr__(self) -> str:
        standing = self._standing()
        head = f"<ArmyMenState {self.variant} round {self.round}, "
        head += "over" if self.is_over else f"{self.side} to play"
        return head + "; " + ", ".join(f"{s}: {n} troopers" for s, n in standing.items()) + ">"


def _flag_problem(game: Game, p: Position) -> str | None:
    flag = p.flag
    if flag is None:
        return None
    if not isinstance(flag, Flag):
        return f"the flag is a Flag, not {type(flag).__name__}"
    if not game.setup.on_table(flag.position, 0):
        return f"the flag stands off the table at {m._fmt(flag.position)}"
    if sorted(t[0] for t in flag.terms) != sorted(game.sides) or sorted(h[0] for h in flag.held) != sorted(game.sides):
        return "the flag has terms and held turns for each side, once"
    for side, troopers, inches, turns in flag.terms:
        if not (2 <= troopers <= 12 and 1 <= inches <= 6 and 1 <= turns <= 3):
            return f"{side}'s flag terms are 2D6 troopers, 1D6 inches and 1D3 turns, not {troopers}, {inches}, {turns}"
        if not 0 <= flag.turns_held(side) <= turns:
            return f"{side} has held the flag for 0 to {turns} turns, not {flag.turns_held(side)}"
    return None


def _deployment_problem(p: Position) -> str | None:
    """While troopers wait to be set up, nothing else has happened yet, and the side to play has one waiting."""
    waiting = [f for f in p.figures.values() if f.status == "waiting"]
    if not waiting:
        return None
    if p.round != 1 or p.acting is not None or p.done or p.engaged or p.flag and any(n for _, n in p.flag.held):
        return "troopers wait to be set up, so the first turn cannot have begun"
    if not any(f.side == p.side for f in waiting):
        return f"{p.side} is to set up a trooper but has none waiting"
    if any(f.moved or f.fired_round for f in waiting):
        return "a trooper still to be set up cannot have moved or fired"
    return None


def _step_problem(p: Position) -> str | None:
    """The turn's bookkeeping: steps taken and tied fights make sense."""
    if not isinstance(p.done, frozenset) or not isinstance(p.engaged, tuple):
        return "done is a set of trooper ids and engaged a tuple of fights"
    for fid in p.done:
        f = p.figures.get(fid) if isinstance(fid, str) else None
        if f is None or f.side != p.side:
            return f"done names {fid!r}, which is not a trooper of {p.side}, the side to play"
    if p.acting is not None:
        f = p.figures.get(p.acting) if isinstance(p.acting, str) else None
        if f is None or f.side != p.side or not f.in_play or p.acting in p.done:
            return f"acting names {p.acting!r}, which is not a trooper of {p.side} in the middle of his step"
        if not f.profile.fires_and_moves:
            return f"{p.acting} has fired a heavy weapon and cannot move: his step is over"
    seen = set()
    for e in p.engaged:
        if not (isinstance(e, tuple) and len(e) == 3 and all(isinstance(x, str) for x in e)):
            return f"a tied fight is (trooper, trooper, side), not {e!r:.60}"
        a, b, due = e
        fa, fb = p.figures.get(a), p.figures.get(b)
        if fa is None or fb is None or not (a < b) or (a, b) in seen:
            return f"a tied fight names two troopers in order, once: not {e!r:.60}"
        seen.add((a, b))
        if not (fa.in_play and fb.in_play) or fa.side == fb.side:
            return f"{a} and {b} are not two opposing troopers in play"
        if not m.in_contact(fa, fb):
            return f"{a} and {b} are locked in combat but not in contact"
        if due not in (fa.side, fb.side):
            return f"the fight of {a} and {b} is due to {due!r}, not a side"
        if due == p.side and (a in p.done or b in p.done):
            return f"the fight of {a} and {b} is still to be fought on or run from, so neither's step is over"
    return None


__all__ = ["ACTIONS", "ArmyMenState", "Board", "Deploy", "EndTurn", "Fight", "Move", "Position", "Shoot",
           "table_from_dict", "PROFILES"]
