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
from explorer.core.tabletop import COMPASS, Table, table_from_dict

from . import mechanics as m
from .data import PROFILES
from .mechanics import Figure, Flag
from .rulings import VARIANTS
from .sections import ref
from explorer.core.limits import brief

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


@dataclasses.dataclass(frozen=True)
class Board:
    """A what-if board for the mechanics: figures, table, settings."""

    figures: Mapping[str, Figure]
    table: Table
    settings: object


def _name(value) -> bool:
    return isinstance(value, str)


def _refusal(section: str, text: str) -> RuleViolation:
    return RuleViolation(text, ref(section))


def _point(value) -> bool:
    return (isinstance(value, tuple) and len(value) == 2 and all(
        isinstance(c, (int, float)) and not isinstance(c, bool) and math.isfinite(c) for c in value))


class ArmyMenState(GameState):
    """A game of the army-men rules in progress (either variant: ``settings.variant``)."""

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

    def _chance(self, act: Action) -> Dist | None:
        if isinstance(act, Shoot):
            shooter = self.figures[act.shooter]
            if shooter.profile.area:
                return m.area_distribution(len(m.area_victims(self, self.figures[act.target])))
            return m.shot_distribution(self, self.engaged, act.shooter, act.target)
        if isinstance(act, Move):
            board, _ = self._after_move(act)
            pairs = m.combat_pairs(board, act.trooper) if board.figures[act.trooper].in_play else []
            return m.combat_distribution(pairs) if pairs else None
        if isinstance(act, Fight):
            return m.combat_distribution(self._continued_pairs(act.trooper))
        return None

    # -- legal actions ------------------------------------------------------------------------
    def _due(self, side: str) -> list[tuple[str, str, str]]:
        return [e for e in self.engaged if e[2] == side]

    def _due_troopers(self, side: str) -> list[str]:
        ids = {fid for a, b, due in self._due(side) for fid in (a, b) if self.figures[fid].side == side}
        return sorted(ids)

    def _legal_actions(self) -> Iterator[Action]:
        side = self.side
        if self.deploying:
            yield from self._deploy_candidates()
            return
        for f in m.in_play(self, side):
            if f.id in self.position.done:
                continue
            for act in self._candidates(f):
                if self._check(act) is None:
                    yield act
        if not self._due_troopers(side):
            yield EndTurn(side)

    def _candidates(self, f: Figure) -> Iterator[Action]:
        side = self.side
        if f.id in self._due_troopers(side):
            yield Fight(side, f.id)
        engaged = m.engaged_with(self.engaged, f.id)
        if not engaged and self.position.acting != f.id:
            for e in m.in_play(self, self.other(side)):
                yield Shoot(side, f.id, e.id)
        allowance = m.move_allowance(self, f).value
        seen = set()
        spots = [tt.step(f.position, d, length) for d in COMPASS.values() for length in (allowance, allowance / 2)]
        enemies = sorted(m.in_play(self, self.other(side)), key=lambda e: tt.distance(e.position, f.position))
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

    def _deploy_candidates(self) -> Iterator[Deploy]:
        """Spots for the next trooper: near each squad mate placed, or for a squad's first a grid over the
        table; the scenario's own spot for him too. Each is checked; any other spot may still be tried."""
        side = self.side
        figure = self.next_to_deploy(side)
        mates = [f for f in m.in_play(self) if f.side == side and f.squad == figure.squad]
        if mates:
            spots = [tt.step(f.position, d, inches) for f in mates for d in COMPASS.values() for inches in DEPLOY_NEAR]
        else:
            width, height = self.table.width, self.table.height
            spots = [(DEPLOY_GRID / 2 + i * DEPLOY_GRID, DEPLOY_GRID / 2 + j * DEPLOY_GRID)
                     for i in range(int(width // DEPLOY_GRID)) for j in range(int(height // DEPLOY_GRID))]
        seen = set()
        for x, y in [figure.position, *spots]:
            to = (round(x, 6), round(y, 6))
            if to not in seen:
                seen.add(to)
                if m.deploy_problem(self, figure, to) is None:
                    yield Deploy(side, figure.id, to)

    # -- may I? ----------------------------------------------------------------------------------
    def _check(self, act: Action) -> RuleViolation | None:
        try:
            if isinstance(act, Deploy) or self.deploying:
                self._plan_deploy(act)
            elif isinstance(act, EndTurn):
                self._check_end_turn()
            elif isinstance(act, Shoot):
                self._plan_shot(act)
            elif isinstance(act, Move):
                self._plan_move(act)
            else:
                self._plan_fight(act)
        except RuleViolation as violation:
            return violation
        return None

    def _own(self, player: str, figure_id, section: str, what: str) -> Figure:
        if not _name(figure_id):
            raise _refusal(section, f"the {what} is named by a trooper's id (text), not {figure_id!r:.40}")
        figure = self.figures.get(figure_id)
        if figure is None:
            raise _refusal(section, f"there is no trooper {figure_id!r:.40}")
        if figure.side != player:
            raise _refusal("turn", f"{figure_id} is {figure.side}'s, not {player}'s: a player gives action steps to "
                                   "his own troopers only")
        if figure.status == "dead":
            raise _refusal("combat.the_end", f"{figure_id} is dead: dead troopers cannot be returned to play")
        if figure.status == "off_table":
            raise _refusal("moving.off_table", f"{figure_id} left the table and cannot be returned to play")
        if figure.id in self.position.done:
            if section == "moving" and figure.fired_round == self.round and not figure.profile.fires_and_moves:
                raise _refusal("standard.area_effect", f"{figure_id}'s {figure.profile.name} is heavy: he cannot "
                                                       "fire and move in the same turn")
            raise _refusal("turn.action_step", f"{figure_id} has taken his action step this turn")
        return figure

    def _plan_deploy(self, act: Action) -> None:
        if not self.deploying:
            raise _refusal("deployment", "the armies are set up already: deployment comes before the first turn")
        figure = self.next_to_deploy(self.side)
        if not isinstance(act, Deploy):
            raise _refusal("deployment", f"the players set up first: {self.side} places {figure.id} next")
        if not _name(act.trooper) or act.trooper not in self.figures:
            raise _refusal("deployment", f"there is no trooper {act.trooper!r:.40}")
        if act.trooper != figure.id:
            raise _refusal("rulings.deployment_phase", f"{self.side} sets up {figure.id} next (troopers are placed in "
                                                       "the order of the army list)")
        if not _point(act.to):
            raise _refusal("deployment", f"a trooper is placed at a point (x, y) in inches, not {act.to!r:.60}")
        problem = m.deploy_problem(self, figure, (float(act.to[0]), float(act.to[1])))
        if problem is not None:
            raise problem

    def _check_end_turn(self) -> None:
        due = self._due_troopers(self.side)
        if due:
            raise _refusal("combat.tie", f"{due[0]} is still in a tied fight: he must run away or fight on before "
                                         "the turn ends")

    def _plan_shot(self, act: Shoot) -> Explained[int | None]:
        shooter = self._own(act.player, act.shooter, "shooting", "shooter")
        if not _name(act.target) or act.target not in self.figures:
            raise _refusal("shooting", f"there is no trooper {act.target!r:.40} to shoot at")
        target = self.figures[act.target]
        if target.side == shooter.side:
            raise _refusal("shooting", f"{act.target} is on {shooter.id}'s side: select an enemy trooper as the target")
        if not target.in_play:
            raise _refusal("combat.the_end", f"{act.target} is out of play")
        if self.position.acting == shooter.id:
            raise _refusal("turn.action_step", f"{shooter.id} has already shot in this action step")
        if m.engaged_with(self.engaged, shooter.id):
            raise _refusal("combat.tie", f"{shooter.id} is locked in combat and may not shoot")
        p = shooter.profile
        if p.turns_between_shots > 1 and shooter.fired_round and self.round - shooter.fired_round < p.turns_between_shots:
            raise _refusal("rulings.half_rate", f"{shooter.id}'s {p.name} fired last turn: rate of fire "
                                                f"{p.rate_of_fire}, one shot every {p.turns_between_shots} turns")
        need = m.to_hit(self, shooter.id, target.id)
        if need.value is None:
            last = need.reasons[-1]
            if not (p.area and last.ref == ref("standard.area_effect")):
                raise RuleViolation(last.text, last.ref)
        return need

    def _plan_move(self, act: Move) -> tuple[float, bool]:
        """The distance walked and whether the trooper leaves the table; raises the rule that forbids it."""
        trooper = self._own(act.player, act.trooper, "moving", "trooper")
        if not _point(act.to):
            raise _refusal("moving", f"a move goes to a point (x, y) in inches, not {act.to!r:.60}")
        to = (float(act.to[0]), float(act.to[1]))
        allowance = m.move_allowance(self, trooper)
        start = trooper.position
        if tt.distance(start, to) < tt.EPSILON:
            raise _refusal("moving", f"{trooper.id} is already at {m._fmt(to)}")
        leaves = not self.table.on_table(to)
        if leaves:
            walked = tt.distance(start, to) if not self.table.crosses_solid(start, to) else math.inf
        else:
            others = [f.position for f in m.in_play(self) if f.id != trooper.id]
            if not self.table.is_free(to, others):
                if self.table.in_solid(to):
                    raise _refusal("rulings.climbing", f"{m._fmt(to)} is inside solid terrain, taller than a trooper")
                raise _refusal("moving", f"{m._fmt(to)} is taken: bases may touch but not overlap")
            walked = self.table.route_length(start, to)
        if walked > allowance.value + tt.EPSILON:
            shown = "no way round solid terrain" if walked == math.inf else f"{walked:.1f} inches"
            raise RuleViolation(f"{trooper.id} may move {allowance.value:g} inches, not {shown}",
                                allowance.reasons[-1].ref)
        if not leaves:
            for opponent in m.engaged_with(self.engaged, trooper.id):
                if tt.distance(to, self.figures[opponent].position) <= m.CONTACT_INCHES:
                    raise _refusal("combat.tie", f"{trooper.id} is locked in combat with {opponent}: to run away he "
                                                 "must end out of contact")
            if (self.settings.leave_cohesion == "forbidden" and not m.cut_off(self, trooper)
                    and not m.cohesive_at(self, trooper, to)):
                raise _refusal("moving.cohesion", f"{trooper.id} must stay within 4 inches of another squad member")
        return walked, leaves

    def _plan_fight(self, act: Fight) -> None:
        trooper = self._own(act.player, act.trooper, "combat.tie", "trooper")
        if trooper.id not in self._due_troopers(self.side):
            raise _refusal("combat.tie", f"{trooper.id} is not in a tied fight that goes on this turn")

    # -- doing ---------------------------------------------------------------------------------------
    def _do(self, act: Action) -> tuple[Position, list[Event]]:
        if isinstance(act, Deploy):
            return self._deploy(act)
        if isinstance(act, EndTurn):
            return self._end_turn()
        if isinstance(act, Shoot):
            return self._shoot(act)
        if isinstance(act, Move):
            return self._move(act)
        return self._fight(act)

    def _deploy(self, act: Deploy) -> tuple[Position, list[Event]]:
        to = (float(act.to[0]), float(act.to[1]))
        figures = dict(self.figures)
        figures[act.trooper] = evolve(figures[act.trooper], x=to[0], y=to[1], status="in_play")
        events = [Event("deploy", f"{act.trooper} sets up at {m._fmt(to)}", ("army_men:deployment",),
                        {"trooper": act.trooper, "to": list(to)})]
        side = self.side
        waiting = {f.side for f in figures.values() if f.status == "waiting"}
        if side not in waiting:
            if waiting:
                side = self.other(side)
                events.append(Event("deploy_turn", f"{self.side} is set up; {side} sets up",
                                    ("army_men:rulings.deployment_phase",)))
            else:
                side = self.settings.first_side if self.settings.first_side in self.sides else self.sides[0]
                events.append(Event("turn", f"Both armies are set up; {side} plays the first turn",
                                    ("army_men:turn",), {"round": self.round}))
        return evolve(self.position, figures=MappingProxyType(figures), side=side), events

    def _step_of(self, trooper: str) -> frozenset[str]:
        """Troopers done once ``trooper`` acts: a step already under way ends when another trooper acts."""
        acting = self.position.acting
        return self.position.done | {acting} if acting and acting != trooper else self.position.done

    def _kill(self, figures: dict, engaged: list, dead) -> None:
        for fid in dead:
            figures[fid] = evolve(figures[fid], status="dead")
        engaged[:] = [e for e in engaged if e[0] not in dead and e[1] not in dead]

    def _shoot(self, act: Shoot) -> tuple[Position, list[Event]]:
        need = self._plan_shot(act)
        shooter, target = self.figures[act.shooter], self.figures[act.target]
        figures, engaged = dict(self.figures), list(self.engaged)
        figures[shooter.id] = evolve(shooter, fired_round=self.round)
        done = self._step_of(shooter.id)
        events = []
        if shooter.profile.area:
            victims = m.area_victims(self, target)
            faces = self.roll(len(victims))
            dead = [v.id for v, face in zip(victims, faces) if m.area_kills(face)]
            rolls = ", ".join(f"{v.id} {face}" for v, face in zip(victims, faces))
            events.append(Event("area", f"{shooter.id} fires his {shooter.profile.name} at {target.id}: {rolls}",
                                ("army_men:standard.area_effect",),
                                {"shooter": shooter.id, "target": target.id, "victims": [v.id for v in victims],
                                 "dice": list(faces), "killed": dead}))
        else:
            faces = self.roll(shooter.profile.dice)
            hit = any(m.is_hit(face, need.value) for face in faces)
            dead = [target.id] if hit else []
            text = f"{shooter.id} shoots at {target.id}, needing {need.value}+: rolls {', '.join(map(str, faces))}"
            friend = m.friendly_in_fight(self, self.engaged, shooter, target) if hit else None
            data = {"shooter": shooter.id, "target": target.id, "need": need.value, "dice": list(faces),
                    "why": [str(r) for r in need.reasons]}
            if friend is not None:
                (face,) = self.roll(1)
                d2 = d2_of(face)
                dead = [friend.id] if d2 == 1 else [target.id]
                text += f"; a hit in a fight: D2 (a {face}) is {d2}"
                data["d2"] = d2
            data["killed"] = dead
            text += f": {'kills ' + dead[0] if dead else 'misses'}"
            rules = tuple(r.key for r in need.refs) + (("army_men:shooting.friendly_fire",) if friend else ())
            events.append(Event("shot", text, rules, data))
        self._kill(figures, engaged, dead)
        events += [Event("casualty", f"{fid} is killed", ("army_men:combat.the_end",), {"figure": fid}) for fid in dead]
        if shooter.profile.fires_and_moves:
            acting = shooter.id
        else:
            acting, done = None, done | {shooter.id}
        position = evolve(self.position, figures=MappingProxyType(figures), acting=acting, done=done,
                          engaged=tuple(engaged))
        return position, events

    def _after_move(self, act: Move) -> tuple[Board, bool]:
        trooper = self.figures[act.trooper]
        leaves = not self.table.on_table((float(act.to[0]), float(act.to[1])))
        moved = evolve(trooper, x=float(act.to[0]), y=float(act.to[1]), moved=True,
                       status="off_table" if leaves else "in_play")
        figures = dict(self.figures)
        figures[trooper.id] = moved
        return Board(MappingProxyType(figures), self.table, self.settings), leaves

    def _move(self, act: Move) -> tuple[Position, list[Event]]:
        walked, _ = self._plan_move(act)
        board, leaves = self._after_move(act)
        start = self.figures[act.trooper].position
        figures = dict(board.figures)
        fled = m.engaged_with(self.engaged, act.trooper)
        engaged = [e for e in self.engaged if act.trooper not in e[:2]]
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
                events += self._fight_pairs(pairs, figures, engaged)
        position = evolve(self.position, figures=MappingProxyType(figures), acting=None,
                          done=self._step_of(act.trooper) | {act.trooper}, engaged=tuple(engaged))
        return position, events

    def _continued_pairs(self, trooper: str) -> list[m.Pair]:
        due = [e for e in self._due(self.side) if trooper in e[:2]]
        return [m.continued_pair(self, trooper, b if a == trooper else a) for a, b, _ in due]

    def _fight(self, act: Fight) -> tuple[Position, list[Event]]:
        pairs = self._continued_pairs(act.trooper)
        figures = dict(self.figures)
        engaged = [e for e in self.engaged if not (e[2] == self.side and act.trooper in e[:2])]
        events = [Event("combat", f"{act.trooper} fights on", ("army_men:combat.tie",))]
        events += self._fight_pairs(pairs, figures, engaged)
        position = evolve(self.position, figures=MappingProxyType(figures), acting=None,
                          done=self._step_of(act.trooper) | {act.trooper}, engaged=tuple(engaged))
        return position, events

    def _fight_pairs(self, pairs, figures: dict, engaged: list) -> list[Event]:
        events, dead = [], set()
        next_side = self.other(self.side)
        for pair in pairs:
            if pair.a in dead or pair.b in dead:
                continue
            a_face, b_face = self.roll(2)
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
        self._kill(figures, engaged, sorted(dead))
        events += [Event("casualty", f"{fid} is killed", ("army_men:combat.the_end",), {"figure": fid})
                   for fid in sorted(dead)]
        return events

    def _end_turn(self) -> tuple[Position, list[Event]]:
        p = self.position
        side, rnd = self.game.next_turn(p.side, p.round)
        figures = {fid: evolve(f, moved=False) if f.side == side and f.moved else f for fid, f in p.figures.items()}
        events = [Event("turn", f"{p.side}'s turn ends; {side} plays", ("army_men:turn",), {"round": rnd})]
        flag = p.flag
        if flag is not None:
            holds = m.holds_flag(self, flag, side)
            before = flag.turns_held(side)
            count = before + 1 if holds.value else (before if self.settings.flag_turns == "in_all" else 0)
            flag = evolve(flag, held=tuple((s, count if s == side else n) for s, n in flag.held))
            _, _, turns = flag.term(side)
            text = (f"{side} holds the flag ({count} of {turns})" if holds.value
                    else f"{side} does not hold the flag ({count} of {turns})")
            events.append(Event("flag", text, tuple(r.key for r in holds.refs), {"side": side, "held": count}))
        position = evolve(p, figures=MappingProxyType(figures), side=side, round=rnd, acting=None, done=frozenset(),
                          flag=flag)
        return position, events

    def describe(self, act: Action, viewer: str | None = None) -> str:
        if isinstance(act, Shoot):
            return f"{act.shooter} shoots at {act.target}"
        if isinstance(act, Move) and _point(act.to):
            return f"{act.trooper} moves to ({act.to[0]:.1f}, {act.to[1]:.1f})"
        if isinstance(act, Fight):
            return f"{act.trooper} fights on"
        if isinstance(act, EndTurn):
            return f"{act.player} ends the turn"
        if isinstance(act, Deploy) and _point(act.to):
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
        if not _name(data["side"]):
            raise ValueError("side must be text")
        rnd = data["round"]
        if isinstance(rnd, bool) or not isinstance(rnd, int):
            raise ValueError(f"round must be a whole number, not {brief(rnd)}")
        acting = data["acting"]
        if acting is not None and not _name(acting):
            raise ValueError("acting is a trooper's id or null")
        done = data["done"]
        if not isinstance(done, list) or len(done) > MAX_FIGURES or not all(_name(d) for d in done):
            raise ValueError("done must be a list of trooper ids")
        engaged = data["engaged"]
        if not isinstance(engaged, list) or len(engaged) > MAX_FIGURES or not all(
                isinstance(e, list) and len(e) == 3 and all(_name(x) for x in e) for e in engaged):
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
        f = p.figures.get(fid) if _name(fid) else None
        if f is None or f.side != p.side:
            return f"done names {fid!r}, which is not a trooper of {p.side}, the side to play"
    if p.acting is not None:
        f = p.figures.get(p.acting) if _name(p.acting) else None
        if f is None or f.side != p.side or not f.in_play or p.acting in p.done:
            return f"acting names {p.acting!r}, which is not a trooper of {p.side} in the middle of his step"
        if not f.profile.fires_and_moves:
            return f"{p.acting} has fired a heavy weapon and cannot move: his step is over"
    seen = set()
    for e in p.engaged:
        if not (isinstance(e, tuple) and len(e) == 3 and all(_name(x) for x in e)):
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
