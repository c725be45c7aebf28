"""The 1BC round as a game state, and its actions.

Each round: initiative is rolled, the winner chooses to be player A or B; A
moves, shoots and fights H2H, then B does (each a *step*, ended by
:class:`EndStep`); with the advanced rules, morale is tested and squads on
overwatch interrupt the active player (a pending :class:`OverwatchCall`).
The :class:`~explorer.core.Game`'s setup is the
:class:`~explorer.core.tabletop.Table`; the :class:`Position` is the rest,
frozen. The dead and routed stay in the position so a board can show where
they fell and a squad's starting number is always known.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from types import MappingProxyType

from explorer.core import Action, Decision, Dist, Event, Game, GameState, RuleViolation, action
from explorer.core import tabletop as tt
from explorer.core.frozen import evolve
from explorer.core.tabletop import COMPASS, Board, Table, table_from_dict

from . import mechanics as m
from .data import OVERWATCH_WEAPONS
from .mechanics import Figure
from .sections import SECTIONS, refuse
from explorer.core.ruletable import Phase, Rule, RuleTable
from explorer.core.limits import brief

MAX_FIGURES = 200
MAX_ROUND = 1_000_000
PHASES = ("initiative", "order", "move", "shoot", "fight")
RULESET = "one_brain_cell"


@action
class RollInitiative(Action):
    """Both players roll a die for initiative (``player`` rolls them; ties are rolled again)."""

    player: str


@action
class ChooseOrder(Action):
    """The high roller chooses: ``first=True`` to be player A (play first), ``False`` for B."""

    player: str
    first: bool


@action
class Move(Action):
    """``figure`` walks or runs to ``to`` (inches): a run is a move longer than the walk."""

    player: str
    figure: str
    to: tuple[float, float]


@action
class Charge(Action):
    """``figure`` charges ``target``: 2D6 inches (1D6 in rough terrain) straight at him; within 1 inch, H2H."""

    player: str
    figure: str
    target: str


@action
class Shoot(Action):
    """``shooter`` fires his weapon at ``target``."""

    player: str
    shooter: str
    target: str


@action
class Overwatch(Action):
    """``squad``, which has not moved, shot or fought this turn, goes on overwatch (advanced rule)."""

    player: str
    squad: str


@action
class Fight(Action):
    """The active player's figures locked with enemy ``target`` fight him in H2H (up to three gang up)."""

    player: str
    target: str


@action
class EndStep(Action):
    """``player`` is done with this step (move, shoot, or fight: then the turn is over)."""

    player: str


@action
class OverwatchFire(Action):
    """``squad``, on overwatch, fires its pistols and rifles at the enemy that moved or shot."""

    player: str
    squad: str


@action
class Hold(Action):
    """``squad``, on overwatch, lets the enemy's move or shot pass and stays on overwatch."""

    player: str
    squad: str


ACTIONS = (RollInitiative, ChooseOrder, Move, Charge, Shoot, Overwatch, Fight, EndStep, OverwatchFire, Hold)


@dataclasses.dataclass(frozen=True)
class OverwatchCall(Decision):
    """A squad on overwatch may fire at ``actor``, who just moved or shot at it.

    ``returning``: figures of the squad the actor's shot hit, who still fire
    back (simultaneous fire). ``asked``: squads already asked about this actor.
    """

    squad: str = ""
    actor: str = ""
    trigger: str = "move"
    returning: tuple[str, ...] = ()
    asked: tuple[str, ...] = ()

    @property
    def prompt(self) -> str:
        return f"answer the overwatch of squad {self.squad}: fire at {self.actor} or hold"

    def to_dict(self) -> dict:
        return {"player": self.player, "squad": self.squad, "actor": self.actor, "trigger": self.trigger,
                "returning": list(self.returning), "asked": list(self.asked)}


@dataclasses.dataclass(frozen=True)
class Position:
    """What changes in play.

    ``figures``: id -> :class:`Figure` (read-only, in the order fielded).
    ``phase``: initiative, order (the winner chooses), move, shoot, fight.
    ``first``: player A this round (once chosen). ``done``: figures that have
    acted in this step (in the fight step: enemies already fought).
    ``overwatch``: squads on overwatch. ``squad``: the squad activated this
    turn (advanced turn sequence). ``pending``: an :class:`OverwatchCall`.
    """

    figures: Mapping[str, Figure]
    side: str
    round: int = 1
    phase: str = "initiative"
    first: str | None = None
    done: frozenset[str] = frozenset()
    overwatch: frozenset[str] = frozenset()
    squad: str | None = None
    pending: OverwatchCall | None = None

    @classmethod
    def of(cls, figures, side: str, **rest) -> Position:
        if isinstance(figures, Mapping):
            figures = list(figures.values())
        return cls(MappingProxyType({f.id: f for f in figures}), side, **rest)

    def __eq__(self, other: object) -> bool:
        return (type(other) is type(self) and dict(self.figures) == dict(other.figures)
                and (self.side, self.round, self.phase, self.first, self.done, self.overwatch, self.squad,
                     self.pending)
                == (other.side, other.round, other.phase, other.first, other.done, other.overwatch, other.squad,
                    other.pending))

    __hash__ = None


def _name(value) -> bool:
    return isinstance(value, str)


_point = tt.is_point


def _key(rule: str) -> str:
    return f"{RULESET}:{rule}"


class OneBrainCellState(GameState):
    """A game of 1BC in progress."""

    # -- reading ----------------------------------------------------------------------------
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
    def phase(self) -> str:
        return self.position.phase

    @property
    def memo(self) -> dict:
        """Answers worked out for the current position (sight, locks, lists of figures), shared by the checks."""
        cache = self.__dict__.get("_memo")
        if cache is None or cache.get("_position") is not self.position:
            cache = {"_position": self.position}
            self.__dict__["_memo"] = cache
        return cache

    def plan_shot(self, shooter: str, target: str):
        return m.plan_shot(self, shooter, target)

    def _standing(self) -> dict[str, int]:
        counts = {side: 0 for side in self.sides}
        for f in self.figures.values():
            if f.in_play:
                counts[f.side] += 1
        return counts

    def _board(self, figures: Mapping[str, Figure]) -> Board:
        return Board(figures, self.table, self.settings)

    def _active_squad(self) -> str | None:
        return self.position.squad if self.settings.activation == "squad" else None

    def fight_targets(self) -> list[str]:
        """Enemies locked with the active player's figures and not yet fought this fight step."""
        p = self.position
        squad = self._active_squad()
        return [e.id for e in m.standing(self, self.other(p.side)) if e.id not in p.done
                and m.attackers_of(self, e, p.side, squad)]

    def plan_fight(self, target: str) -> m.Fight:
        squad = self._active_squad()
        if squad is None and self.settings.activation == "squad":
            squad = m.attackers_of(self, self.figures[target], self.side)[0].squad
        return m.plan_fight(self, target, self.side, squad)

    def _move_candidates(self, f: Figure) -> list[Action]:
        if f.id in self.position.done or f.moved or m.locked_with(self, f):
            return []
        side = self.side
        out: list[Action] = []
        enemies = sorted((e for e in m.standing(self, self.other(side))),
                         key=lambda e: tt.distance(e.position, f.position))
        out += [Charge(side, f.id, e.id) for e in enemies[:4]]
        allowance = m.move_allowance(self, f).value
        spots = [tt.step(f.position, d, length) for d in COMPASS.values() for length in (allowance, allowance / 2)]
        for e in enemies[:1]:
            direction = tt.unit_vector(e.position, f.position)
            gap = tt.distance(e.position, f.position)
            if direction and gap > 3:
                spots.append(tt.step(e.position, direction, max(2.0, gap - allowance)))
        seen = set()
        for x, y in spots:
            to = (round(x, 6), round(y, 6))
            if to not in seen:
                seen.add(to)
                out.append(Move(side, f.id, to))
        return out

    # -- may I? ----------------------------------------------------------------------------------
    def _own(self, player: str, figure_id, section: str, what: str = "figure") -> Figure:
        if not _name(figure_id):
            raise refuse(section, f"the {what} is named by a figure's id (text), not {figure_id!r:.40}")
        figure = self.figures.get(figure_id)
        if figure is None:
            raise refuse(section, f"there is no figure {figure_id!r:.40}")
        if figure.side != player:
            raise refuse("turn", f"{figure_id} is {figure.side}'s, not {player}'s")
        if not figure.in_play:
            raise refuse("squads", f"{figure_id} is {figure.status}: out of the battle")
        if not figure.standing:
            raise refuse("rulings.downed", f"{figure_id} is {figure.status}, lying on the board: he does "
                                             "nothing until he recovers")
        if figure.squad in self.position.overwatch:
            raise refuse("advanced.overwatch", f"{figure_id}'s squad {figure.squad} is on overwatch: it does "
                                                 "nothing more this turn")
        active = self._active_squad()
        if active is not None and figure.squad != active:
            raise refuse("advanced.activation", f"this turn {player} activated squad {active}, not {figure.squad}")
        return figure

    def _enemy(self, player: str, target_id, section: str) -> Figure:
        if not _name(target_id) or target_id not in self.figures:
            raise refuse(section, f"there is no figure {target_id!r:.40} to target")
        target = self.figures[target_id]
        if target.side == player:
            raise refuse(section, f"{target_id} is on {player}'s own side")
        if not target.in_play:
            raise refuse(section, f"{target_id} is {target.status}: out of the battle")
        return target

    def _check_RollInitiative(self, act: RollInitiative) -> None:
        return None  # the phase is all it needs

    def _check_ChooseOrder(self, act: ChooseOrder) -> None:
        if not isinstance(act.first, bool):
            raise refuse("turn.initiative", f"first is true (be player A) or false (be B), not {act.first!r:.40}")

    def _check_EndStep(self, act: EndStep) -> None:
        if self.phase == "fight":
            left = self.fight_targets()
            if left:
                raise refuse("combat.locked", f"{left[0]} is locked in H2H with {act.player}'s figures: every "
                                                "fight is fought before the turn ends")

    def _ready_to_move(self, act, figure_id) -> Figure:
        f = self._own(act.player, figure_id, "moving")
        if f.moved or f.id in self.position.done:
            raise refuse("moving", f"{f.id} has already moved this turn")
        locked = m.locked_with(self, f)
        if locked:
            raise refuse("combat.locked", f"{f.id} is locked in H2H with {locked[0].id}: neither may move away")
        return f

    def _check_Move(self, act: Move) -> None:
        f = self._ready_to_move(act, act.figure)
        if not _point(act.to):
            raise refuse("moving", f"a move goes to a point (x, y) in inches, not {act.to!r:.60}")
        to = (float(act.to[0]), float(act.to[1]))
        if tt.distance(f.position, to) < tt.EPSILON:
            raise refuse("moving", f"{f.id} is already at {m.fmt(to)}")
        if not self.table.on_table(to):
            raise refuse("moving", f"{m.fmt(to)} is off the table")
        others = self.memo.get(("others", f.id))
        if others is None:
            others = self.memo[("others", f.id)] = [g.position for g in m.in_play(self) if g.id != f.id]
        if not self.table.is_free(to, others):
            if self.table.in_solid(to):
                raise refuse("moving", f"{m.fmt(to)} is inside blocking terrain")
            raise refuse("moving", f"{m.fmt(to)} is taken: bases may touch but not overlap")
        walked = self.table.route_length(f.position, to)
        allowance = m.move_allowance(self, f, to)
        if walked > allowance.value + tt.EPSILON:
            raise RuleViolation(f"{f.id} may move {allowance.value:g} inches, not {walked:.1f}",
                                allowance.reasons[-1].ref)
        near = [e.id for e in m.standing(self, self.other(f.side)) if m.in_contact(to, e.position)]
        if near:
            raise refuse("rulings.must_charge", f"{m.fmt(to)} is within 1 inch of {near[0]}: a figure entering "
                                                  "H2H must charge")

    def _check_Charge(self, act: Charge) -> None:
        f = self._ready_to_move(act, act.figure)
        target = self._enemy(act.player, act.target, "moving.charge")
        if not target.standing:
            raise refuse("rulings.downed", f"{target.id} is lying on the board: a charge is at a standing enemy")
        gang = [e.id for e in m.locked_with(self, target) if e.side == f.side]
        if len(gang) >= m.MAX_GANG:
            raise refuse("combat.modifiers", f"{target.id} is already fought by {', '.join(gang)}: up to "
                                               f"{m.MAX_GANG} attackers can gang up on one defender")
        gap = tt.gap_between(f.position, target.position)
        if gap > m.charge_reach(2) + tt.EPSILON:  # beyond even the best 2D6: no need to look further
            raise refuse("rulings.charge", f"{target.id} is {gap:.1f} inches away, base to base: even a 12 on "
                                             f"2D6 would not bring {f.id} within 1 inch")
        dice = m.charge_dice(self, f, target).value
        off = m.cut_off(self, f)
        if gap > m.charge_reach(dice, off) + tt.EPSILON:
            best = m.charge_inches([6] * dice, off)
            raise refuse("rulings.charge", f"{target.id} is {gap:.1f} inches away, base to base: even a "
                                             f"{best} on {dice}D6 would not bring {f.id} within 1 inch"
                                             + (" (out of cohesion, his 6s count as 5s)" if off else ""))
        if self.table.crosses_solid(f.position, target.position):
            raise refuse("rulings.charge", f"blocking terrain stands between {f.id} and {target.id}: a charge "
                                             "runs straight")
        if m.sight(self, f, target).is_blocked:
            raise refuse("shooting.line_of_sight", f"{f.id} cannot see {target.id} to charge him")

    def _check_Shoot(self, act: Shoot) -> None:
        f = self._own(act.player, act.shooter, "shooting", "shooter")
        target = self._enemy(act.player, act.target, "shooting")
        if f.shot or f.id in self.position.done:
            raise refuse("shooting", f"{f.id} has already shot this turn")
        if f.moved == "charge":
            raise refuse("rulings.charge", f"{f.id} charged this turn: a charge is all he does")
        if f.moved and f.arms.no_move:
            raise refuse("weapons.no_move", f"{f.id}'s {f.arms.name.lower()} may not move and shoot in the same "
                                              "turn")
        locked = m.locked_with(self, f)
        if locked:
            raise refuse("rulings.h2h_shooting", f"{f.id} is locked in H2H with {locked[0].id} and may not shoot")
        plan = m.plan_shot(self, f.id, target.id)
        if plan.value is None:
            last = plan.reasons[-1]
            raise RuleViolation(last.text, last.ref)

    def _check_Overwatch(self, act: Overwatch) -> None:
        if not self.settings.overwatch:
            raise refuse("advanced.overwatch", "overwatch is an advanced rule, not in play in this game "
                                                 "(setting overwatch)")
        if not _name(act.squad):
            raise refuse("advanced.overwatch", f"a squad is named by text, not {act.squad!r:.40}")
        members = [f for f in m.in_play(self, act.player) if f.squad == act.squad]
        if not members:
            raise refuse("advanced.overwatch", f"{act.player} has no squad {act.squad!r:.40} in play")
        if act.squad in self.position.overwatch:
            raise refuse("advanced.overwatch", f"squad {act.squad} is already on overwatch")
        active = self._active_squad()
        if active is not None and act.squad != active:
            raise refuse("advanced.activation", f"this turn {act.player} activated squad {active}, not {act.squad}")
        busy = [f.id for f in members if f.moved or f.shot or f.fought or m.locked_with(self, f)]
        if busy:
            raise refuse("advanced.overwatch", f"{busy[0]} of squad {act.squad} has moved, shot or fought this "
                                                 "turn (or is locked in H2H)")

    def _check_Fight(self, act: Fight) -> None:
        target = self._enemy(act.player, act.target, "combat")
        if act.target not in self.fight_targets():
            if act.target in self.position.done:
                raise refuse("combat", f"{act.target} has already been fought this step")
            raise refuse("combat.locked", f"none of {act.player}'s figures is locked in H2H with {target.id}")

    def _check_call(self, act) -> OverwatchCall:
        call = self.position.pending
        if act.squad != call.squad:
            raise refuse("advanced.overwatch", f"the call is for squad {call.squad}, not {act.squad!r:.40}")
        return call

    def _check_OverwatchFire(self, act: OverwatchFire) -> None:
        call = self._check_call(act)
        if not self._overwatch_shooters(self, call.squad, call.actor, call.returning):
            raise refuse("advanced.overwatch", f"no pistol or rifle of squad {call.squad} can fire at {call.actor}")

    def _check_Hold(self, act: Hold) -> None:
        self._check_call(act)

    # -- overwatch ------------------------------------------------------------------------------------
    @staticmethod
    def _overwatch_shooters(board, squad: str, actor: str, returning=()) -> list[tuple[str, m.Shot]]:
        """The squad's pistols and rifles that can fire at ``actor`` now (and those the actor's shot just hit)."""
        target = board.figures.get(actor)
        if target is None or not target.in_play:
            return []
        out = []
        for f in board.figures.values():
            if f.squad != squad or f.weapon not in OVERWATCH_WEAPONS:
                continue
            if not (f.standing or f.id in returning) or m.locked_with(board, f):
                continue
            plan = m.plan_shot(board, f.id, actor)
            if plan.value is not None:
                out.append((f.id, plan.value))
        return out

    def _next_call(self, board: Board, overwatch: frozenset, actor: str, trigger: str, *,
                   only: str | None = None, returning=(), asked=()) -> OverwatchCall | None:
        """The next squad on overwatch that may fire at ``actor`` (``None``: play goes on)."""
        if not self.settings.overwatch or actor not in board.figures or not board.figures[actor].in_play:
            return None
        other = self.other(board.figures[actor].side)
        for squad in sorted(overwatch):
            members = [f for f in board.figures.values() if f.squad == squad]
            if squad in asked or not members or members[0].side != other or only not in (None, squad):
                continue
            if self._overwatch_shooters(board, squad, actor, returning if squad == only else ()):
                return OverwatchCall(other, "advanced.overwatch", squad, actor, trigger,
                                     tuple(returning) if squad == only else (), tuple(asked))
        return None

    # -- doing ------------------------------------------------------------------------------------------
    def _do_RollInitiative(self, act: RollInitiative) -> tuple[Position, list[Event]]:
        side, other = self.side, self.other(self.side)
        events = []
        while True:
            a, b = self.roll(2)
            text = f"initiative: {side} rolls {a}, {other} rolls {b}"
            if a != b:
                winner = side if a > b else other
                events.append(Event("initiative", f"{text}; {winner} chooses who plays first",
                                    (_key("turn.initiative"),), {"dice": [a, b], "winner": winner}))
                break
            events.append(Event("initiative", f"{text}: a tie, roll again", (_key("rulings.initiative"),),
                                {"dice": [a, b]}))
        return evolve(self.position, side=winner, phase="order"), events

    def _do_ChooseOrder(self, act: ChooseOrder) -> tuple[Position, list[Event]]:
        first = act.player if act.first else self.other(act.player)
        events = [Event("order", f"{act.player} chooses to be player {'A' if act.first else 'B'}: {first} plays "
                                 "first", (_key("turn.initiative"),), {"first": first})]
        position, more = self._start_turn(evolve(self.position, first=first), first)
        return position, events + more

    def _start_turn(self, p: Position, side: str) -> tuple[Position, list[Event]]:
        """``side``'s turn begins: its figures' turn records clear, its wounded recover, its overwatch ends."""
        figures, events = dict(p.figures), []
        for fid, f in p.figures.items():
            if f.side != side:
                continue
            status = {"stunned": "ok", "dazed": "stunned"}.get(f.status, f.status)
            if status != f.status:
                events.append(Event("recover", f"{fid} {'stands up' if status == 'ok' else 'is now stunned'}",
                                    (_key("advanced.wounding"),), {"figure": fid, "status": status}))
            if (status, f.moved, f.shot, f.fought) != (f.status, "", False, False):
                figures[fid] = evolve(f, status=status, moved="", shot=False, fought=False)
        tokens = frozenset(s for s in p.overwatch if self._squad_side(p, s) != side)
        for s in sorted(p.overwatch - tokens):
            events.append(Event("overwatch", f"squad {s}'s overwatch ends", (_key("advanced.overwatch"),)))
        events.append(Event("turn", f"{side}'s turn: move step", (_key("turn"),), {"side": side}))
        return evolve(p, figures=MappingProxyType(figures), side=side, phase="move", done=frozenset(),
                      overwatch=tokens, squad=None, pending=None), events

    @staticmethod
    def _squad_side(p: Position, squad: str) -> str | None:
        return next((f.side for f in p.figures.values() if f.squad == squad), None)

    def _activate(self, squad: str) -> str | None:
        if self.settings.activation != "squad":
            return None
        return self.position.squad or squad

    def _do_Move(self, act: Move) -> tuple[Position, list[Event]]:
        f = self.figures[act.figure]
        to = (float(act.to[0]), float(act.to[1]))
        walked = self.table.route_length(f.position, to)
        kind = m.pace(self, f, walked)
        figures = dict(self.figures)
        figures[f.id] = evolve(f, x=to[0], y=to[1], moved=kind)
        events = [Event("move", f"{f.id} {kind}s {walked:.1f} inches to {m.fmt(to)}",
                        (_key("moving.rough" if m.crosses_rough(self.table, f.position, to) else "moving"),),
                        {"figure": f.id, "from": list(f.position), "to": list(to), "pace": kind})]
        return self._after_act(figures, f.id, events, "move", squad=f.squad)

    def _do_Charge(self, act: Charge) -> tuple[Position, list[Event]]:
        f, target = self.figures[act.figure], self.figures[act.target]
        dice = m.charge_dice(self, f, target).value
        off = m.cut_off(self, f)
        faces = self.roll(dice)
        inches = m.charge_inches(faces, off)
        end, arrived = m.charge_end(self, f, target, inches)
        figures = dict(self.figures)
        figures[f.id] = evolve(f, x=end[0], y=end[1], moved="charge")
        counted = " (out of cohesion: his 6s count as 5s)" if off and 6 in faces else ""
        text = (f"{f.id} charges {target.id}: {'+'.join(map(str, faces))}{counted} = {inches} inches, "
                + ("locked in H2H" if arrived else "the charge falls short"))
        rules = (_key("moving.charge"),) + ((_key("squads.cohesion"),) if counted else ())
        events = [Event("charge", text, rules,
                        {"figure": f.id, "target": target.id, "dice": list(faces), "from": list(f.position),
                         "to": list(end), "arrived": arrived})]
        return self._after_act(figures, f.id, events, "move", squad=f.squad)

    def _hit(self, figures: dict, victims: list[str], events: list[Event]) -> None:
        """Hits land on ``victims``: removed, or a roll on the wound table each (advanced wounding)."""
        if not victims:
            return
        if not self.settings.wounding:
            for v in victims:
                figures[v] = figures[v].with_status("dead")
                events.append(Event("casualty", f"{v} is hit and removed", (_key("shooting.multiple_hits"),),
                                    {"figure": v}))
            return
        faces = self.roll(len(victims))
        for v, face in zip(victims, faces):
            result = m.wound_of(face)
            old = figures[v].status
            worse = max(result, old, key=lambda s: m.WORSE.get(s, 0))
            status = "dead" if worse == "killed" else worse
            figures[v] = figures[v].with_status(status)
            events.append(Event("wound", f"{v} is hit: wound roll {face}, {result}"
                                + ("" if status == result or result == "killed" else f" (stays {status})"),
                                (_key("advanced.wounding"),), {"figure": v, "face": face, "status": status}))

    def _do_Shoot(self, act: Shoot) -> tuple[Position, list[Event]]:
        plan = m.plan_shot(self, act.shooter, act.target)
        shot = plan.value
        faces = self.roll(shot.dice)
        hits = m.count_hits(faces, shot)
        order = m.casualty_order(self, act.target)
        victims = order[:hits]
        figures = dict(self.figures)
        shooter = figures[act.shooter]
        figures[act.shooter] = evolve(shooter, shot=True)
        text = (f"{act.shooter} shoots at {act.target} ({shot.band} range{', cover' if shot.cover else ''}, "
                f"{shot.need}+): rolls {', '.join(map(str, faces))}, {hits} hit{'s' * (hits != 1)}")
        events = [Event("shot", text, tuple(dict.fromkeys(r.ref.key for r in plan.reasons)),
                        {"shooter": act.shooter, "target": act.target, "dice": list(faces), "need": shot.need,
                         "hits": hits, "victims": victims})]
        self._hit(figures, victims, events)
        target_squad = self.figures[act.target].squad
        return self._after_act(figures, act.shooter, events, "shoot", squad=shooter.squad, only=target_squad,
                               returning=tuple(v for v in victims if self.figures[v].squad == target_squad))

    def _after_act(self, figures: dict, actor: str, events: list[Event], trigger: str, *, squad: str,
                   only: str | None = None, returning=()) -> tuple[Position, list[Event]]:
        p = self.position
        board = self._board(MappingProxyType(figures))
        call = None
        if trigger == "move" or only in p.overwatch:
            call = self._next_call(board, p.overwatch, actor, trigger, only=only if trigger == "shoot" else None,
                                   returning=returning)
        if call is not None:
            events.append(Event("overwatch", f"squad {call.squad} is on overwatch and may fire at {actor}",
                                (_key("advanced.overwatch"),), {"squad": call.squad, "actor": actor}))
        position = evolve(p, figures=board.figures, done=p.done | {actor}, squad=self._activate(squad), pending=call)
        return position, events

    def _do_Overwatch(self, act: Overwatch) -> tuple[Position, list[Event]]:
        p = self.position
        events = [Event("overwatch", f"squad {act.squad} goes on overwatch", (_key("advanced.overwatch"),),
                        {"squad": act.squad})]
        return evolve(p, overwatch=p.overwatch | {act.squad}, squad=self._activate(act.squad)), events

    def _do_OverwatchFire(self, act: OverwatchFire) -> tuple[Position, list[Event]]:
        p, call = self.position, self.position.pending
        shooters = self._overwatch_shooters(self, call.squad, call.actor, call.returning)
        faces = self.roll(len(shooters))
        hits = sum(m.count_hits([face], shot) for face, (_, shot) in zip(faces, shooters))
        victims = m.casualty_order(self, call.actor)[:hits]
        figures = dict(self.figures)
        text = (f"squad {call.squad} fires on overwatch at {call.actor}: "
                + ", ".join(f"{fid} rolls {face} ({shot.need}+)" for face, (fid, shot) in zip(faces, shooters))
                + f"; {hits} hit{'s' * (hits != 1)}")
        events = [Event("overwatch_fire", text, (_key("advanced.overwatch"),),
                        {"squad": call.squad, "target": call.actor, "dice": list(faces), "hits": hits,
                         "victims": victims})]
        self._hit(figures, victims, events)
        for fid, _ in shooters:
            figures[fid] = evolve(figures[fid], shot=True)
        overwatch = p.overwatch - {call.squad}
        board = self._board(MappingProxyType(figures))
        nxt = self._next_call(board, overwatch, call.actor, call.trigger, only=None if call.trigger == "move"
                              else "\0", asked=(*call.asked, call.squad))
        return evolve(p, figures=board.figures, overwatch=overwatch, pending=nxt), events

    def _do_Hold(self, act: Hold) -> tuple[Position, list[Event]]:
        p, call = self.position, self.position.pending
        events = [Event("overwatch", f"squad {call.squad} holds its fire", (_key("advanced.overwatch"),))]
        nxt = self._next_call(self, p.overwatch, call.actor, call.trigger,
                              only=None if call.trigger == "move" else "\0", asked=(*call.asked, call.squad))
        return evolve(p, pending=nxt), events

    def _do_Fight(self, act: Fight) -> tuple[Position, list[Event]]:
        fight = self.plan_fight(act.target)
        faces = self.roll(len(fight.fighters))
        losers = m.fight_losers(faces, fight, self.settings.gang_loss)
        parts = [f"{fid} {face}{mod.value:+d}" + (" (6 counts as 5)" if off and face == 6 else "")
                 for fid, face, mod, off in zip(fight.fighters, faces, fight.modifiers, fight.cut_off)]
        result = "a tie: they fight again next fight step" if not losers else f"{', '.join(losers)} removed"
        rules = (_key("combat.modifiers"), _key("combat.result"))
        events = [Event("fight", f"H2H: {', '.join(parts)}: {result}", rules,
                        {"attackers": list(fight.attackers), "defender": fight.defender, "dice": list(faces),
                         "modifiers": [x.value for x in fight.modifiers], "losers": list(losers)})]
        figures = dict(self.figures)
        for fid in fight.fighters:
            figures[fid] = evolve(figures[fid], fought=True)
        for fid in losers:
            figures[fid] = figures[fid].with_status("dead")
            events.append(Event("casualty", f"{fid} loses the fight and is removed", (_key("combat.result"),),
                                {"figure": fid}))
        p = self.position
        squad = self._activate(self.figures[fight.attackers[0]].squad)
        return evolve(p, figures=MappingProxyType(figures), done=p.done | {act.target}, squad=squad), events

    def _do_EndStep(self, act: EndStep) -> tuple[Position, list[Event]]:
        p = self.position
        if p.phase == "move":
            return evolve(p, phase="shoot", done=frozenset()), [
                Event("step", f"{p.side}'s shoot step", (_key("turn"),))]
        if p.phase == "shoot":
            return evolve(p, phase="fight", done=frozenset()), [
                Event("step", f"{p.side}'s H2H step", (_key("turn"),))]
        figures = dict(p.figures)
        events = [Event("step", f"{p.side}'s turn ends", (_key("turn"),))]
        if self.settings.morale:
            if self.settings.morale_when == "own_turn":
                testing = [p.side]
            else:
                testing = [p.first, self.other(p.first)] if p.side != p.first else []
            for side in testing:
                events += self._morale(figures, side)
        p = evolve(p, figures=MappingProxyType(figures))
        if p.side == p.first:
            position, more = self._start_turn(p, self.other(p.side))
            return position, events + more
        events.append(Event("round", f"round {p.round + 1}: roll for initiative", (_key("turn.initiative"),),
                            {"round": p.round + 1}))
        return evolve(p, round=p.round + 1, phase="initiative", first=None, done=frozenset(), squad=None), events

    def _morale(self, figures: dict, side: str) -> list[Event]:
        events = []
        board = self._board(figures)
        for squad, members in m.squads_of(f for f in figures.values() if f.side == side).items():
            left = sum(f.in_play for f in members)
            test = m.must_test_morale(self.settings, len(members), left)
            if not test.value:
                continue
            (face,) = self.roll(1)
            if m.routs(face, left):
                for f in members:
                    if f.in_play:
                        figures[f.id] = f.with_status("routed")
                text = f"squad {squad} ({left} of {len(members)} left) tests morale: {face} > {left}, it routs"
            else:
                text = f"squad {squad} ({left} of {len(members)} left) tests morale: {face}, it keeps fighting"
            events.append(Event("morale", text, (_key("advanced.morale"),),
                                {"squad": squad, "face": face, "left": left, "start": len(members),
                                 "routed": m.routs(face, left)}))
        del board
        return events

    def describe(self, act: Action, viewer: str | None = None) -> str:
        if isinstance(act, RollInitiative):
            return f"{act.player} rolls for initiative"
        if isinstance(act, ChooseOrder):
            return f"{act.player} chooses to play {'first' if act.first is True else 'second'}"
        if isinstance(act, Move) and _point(act.to):
            return f"{act.figure} moves to ({act.to[0]:.1f}, {act.to[1]:.1f})"
        if isinstance(act, Charge):
            return f"{act.figure} charges {act.target}"
        if isinstance(act, Shoot):
            return f"{act.shooter} shoots at {act.target}"
        if isinstance(act, Overwatch):
            return f"squad {act.squad} goes on overwatch"
        if isinstance(act, Fight):
            return f"H2H against {act.target}"
        if isinstance(act, EndStep):
            return {"move": "end the move step", "shoot": "end the shoot step", "fight": "end the turn"}.get(
                self.phase, "end the step")
        if isinstance(act, OverwatchFire):
            return f"squad {act.squad} fires on overwatch"
        if isinstance(act, Hold):
            return f"squad {act.squad} holds its fire"
        return repr(act)

    # -- the one legality check ---------------------------------------------------------------------
    @classmethod
    def _position_problem(cls, game: Game, p) -> str | None:
        table = game.setup
        if not isinstance(table, Table):
            return f"the setup of a 1BC game is a Table, not {type(table).__name__}"
        if not isinstance(p, Position) or not isinstance(p.figures, Mapping):
            return f"a position is a one_brain_cell Position with a mapping of figures, not {type(p).__name__}"
        if len(p.figures) > MAX_FIGURES:
            return f"at most {MAX_FIGURES} figures, not {len(p.figures)}"
        squad_side: dict[str, str] = {}
        for fid, f in p.figures.items():
            if not isinstance(f, Figure) or f.id != fid:
                return f"figures must map each figure's id to the figure, not {brief(fid)} to {brief(f)}"
            if f.side not in game.sides:
                return f"{f.id} is on side {brief(f.side)}, which is not a side of this game ({', '.join(game.sides)})"
            if squad_side.setdefault(f.squad, f.side) != f.side:
                return f"squad {f.squad} has figures of both sides"
            if f.in_play and not table.on_table(f.position):
                return f"{f.id} stands (partly) off the {table.width:g} by {table.height:g} inch table at {m.fmt(f.position)}"
            if f.in_play and table.in_solid(f.position):
                return f"{f.id} stands inside blocking terrain at {m.fmt(f.position)}"
            if not f.in_play and (f.moved or f.shot):
                return f"{f.id} is out of play and has no turn record"
            if not game.settings.wounding and f.status in ("stunned", "dazed"):
                return f"{f.id} is {f.status}: a wound of the advanced wounding rules, not in play in this game"
        alive = [f for f in p.figures.values() if f.in_play]
        for i, a in enumerate(alive):
            for b in alive[i + 1:]:
                if tt.bases_overlap(a.position, b.position):
                    return f"{a.id} and {b.id} stand on each other's bases"
        for squad, members in m.squads_of(p.figures.values()).items():
            problems = m.composition_problems(members, squad, complete=False)
            if problems:
                return str(problems[0])
        if p.side not in game.sides:
            return f"the side to play must be one of {', '.join(game.sides)}, not {brief(p.side)}"
        if isinstance(p.round, bool) or not isinstance(p.round, int) or not 1 <= p.round <= MAX_ROUND:
            return f"the round must be a whole number from 1 to {MAX_ROUND:,}, not {brief(p.round)}"
        return _turn_problem(game, p, squad_side)

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
                "phase": p.phase, "first": p.first, "done": sorted(p.done), "overwatch": sorted(p.overwatch),
                "squad": p.squad, "pending": None if p.pending is None else p.pending.to_dict()}

    @classmethod
    def _position_from_dict(cls, game: Game, data) -> Position:
        expected = {"figures", "side", "round", "phase", "first", "done", "overwatch", "squad", "pending"}
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
        for key in ("side", "phase"):
            if not _name(data[key]):
                raise ValueError(f"{key} must be text")
        for key in ("first", "squad"):
            if data[key] is not None and not _name(data[key]):
                raise ValueError(f"{key} is a name or null")
        rnd = data["round"]
        if isinstance(rnd, bool) or not isinstance(rnd, int):
            raise ValueError(f"round must be a whole number, not {brief(rnd)}")
        for key in ("done", "overwatch"):
            value = data[key]
            if not isinstance(value, list) or len(value) > MAX_FIGURES or not all(_name(d) for d in value):
                raise ValueError(f"{key} must be a list of names")
        return Position.of(built, data["side"], round=rnd, phase=data["phase"], first=data["first"],
                           done=frozenset(data["done"]), overwatch=frozenset(data["overwatch"]), squad=data["squad"],
                           pending=_call_from_dict(data["pending"]))

    def __repr__(self) -> str:
        standing = self._standing()
        head = f"<OneBrainCellState round {self.round}, "
        head += "over" if self.is_over else f"{self.current_player} to play ({self.phase})"
        return head + "; " + ", ".join(f"{s}: {n} figures" for s, n in standing.items()) + ">"


# -- the rule table: each action's check, do and odds; the turn's steps as phases ------------------------------

def _refusing(check):
    """A check written with ``raise refuse(...)`` as the table's kind: the refusal returned, or ``None``."""
    def checked(state, act):
        try:
            check(state, act)
        except RuleViolation as violation:
            return violation
        return None
    return checked


def _initiative_odds(state, act) -> Dist:
    return Dist({state.side: 15, state.other(state.side): 15})


def _charge_odds(state, act) -> Dist:
    return m.charge_distribution(state, state.figures[act.figure], state.figures[act.target])


def _shot_odds(state, act) -> Dist:
    shot = m.plan_shot(state, act.shooter, act.target).value
    room = len(m.casualty_order(state, act.target))
    return m.hits_distribution([shot]).map(lambda k: min(k, room))


def _overwatch_odds(state, act) -> Dist:
    call = state.position.pending
    shots = [s for _, s in state._overwatch_shooters(state, call.squad, call.actor, call.returning)]
    room = len(m.casualty_order(state, call.actor))
    return m.hits_distribution(shots).map(lambda k: min(k, room))


def _fight_odds(state, act) -> Dist:
    return m.fight_distribution(state.plan_fight(act.target), state.settings.gang_loss)


def _legal_initiative(state) -> Iterator[Action]:
    yield RollInitiative(state.side)


def _legal_order(state) -> Iterator[Action]:
    yield ChooseOrder(state.side, True)
    yield ChooseOrder(state.side, False)


def _legal_step(state) -> Iterator[Action]:
    """A move or shoot step: figure by figure (in the order fielded) his moves or shots, then the squads that
    may go on overwatch, then the end of the step."""
    side = state.side
    candidates = []
    for f in m.standing(state, side):
        if state.phase == "move":
            candidates += state._move_candidates(f)
        else:
            candidates += [Shoot(side, f.id, e.id) for e in m.in_play(state, state.other(side))]
    if state.settings.overwatch:
        candidates += [Overwatch(side, s) for s in sorted({f.squad for f in m.in_play(state, side)})]
    for act in candidates:
        if state._check(act) is None:
            yield act
    yield EndStep(side)


def _legal_fight(state) -> Iterator[Action]:
    targets = state.fight_targets()
    for t in targets:
        yield Fight(state.side, t)
    if not targets:
        yield EndStep(state.side)


def _legal_call(state) -> Iterator[Action]:
    call = state.position.pending
    if state._overwatch_shooters(state, call.squad, call.actor, call.returning):
        yield OverwatchFire(call.player, call.squad)
    yield Hold(call.player, call.squad)


def _phase_of(state) -> str:
    return "overwatch_call" if state.position.pending is not None else state.position.phase


_S = OneBrainCellState
RULES = RuleTable(SECTIONS, {
    RollInitiative: Rule(_refusing(_S._check_RollInitiative), _S._do_RollInitiative, chance=_initiative_odds),
    ChooseOrder: Rule(_refusing(_S._check_ChooseOrder), _S._do_ChooseOrder),
    Move: Rule(_refusing(_S._check_Move), _S._do_Move),
    Charge: Rule(_refusing(_S._check_Charge), _S._do_Charge, chance=_charge_odds),
    Shoot: Rule(_refusing(_S._check_Shoot), _S._do_Shoot, chance=_shot_odds),
    Overwatch: Rule(_refusing(_S._check_Overwatch), _S._do_Overwatch),
    Fight: Rule(_refusing(_S._check_Fight), _S._do_Fight, chance=_fight_odds),
    EndStep: Rule(_refusing(_S._check_EndStep), _S._do_EndStep),
    OverwatchFire: Rule(_refusing(_S._check_OverwatchFire), _S._do_OverwatchFire, chance=_overwatch_odds),
    Hold: Rule(_refusing(_S._check_Hold), _S._do_Hold),
}, phases={
    "initiative": Phase("turn.initiative", (RollInitiative,), "this is the initiative roll", _legal_initiative),
    "order": Phase("turn.initiative", (ChooseOrder,), "this is the choice of who plays first", _legal_order),
    "move": Phase("turn", (Move, Charge, Overwatch, EndStep), "this is the move step: figures move or charge, "
                  "squads may go on overwatch", _legal_step),
    "shoot": Phase("turn", (Shoot, Overwatch, EndStep), "this is the shoot step: figures shoot, squads may go "
                   "on overwatch", _legal_step),
    "fight": Phase("turn", (Fight, EndStep), "this is the H2H step: every fight is fought, then the turn ends",
                   _legal_fight),
    "overwatch_call": Phase("advanced.overwatch", (OverwatchFire, Hold), "a squad on overwatch must first fire "
                            "or hold", _legal_call),
}, phase_of=_phase_of)
OneBrainCellState.rules = RULES


def _call_from_dict(data) -> OverwatchCall | None:
    if data is None:
        return None
    expected = {"player", "squad", "actor", "trigger", "returning", "asked"}
    if not isinstance(data, Mapping) or set(data) != expected:
        raise ValueError(f"a pending overwatch call has exactly the keys {', '.join(sorted(expected))}")
    if not all(_name(data[k]) for k in ("player", "squad", "actor", "trigger")):
        raise ValueError("an overwatch call's player, squad, actor and trigger are names")
    for key in ("returning", "asked"):
        if not isinstance(data[key], list) or len(data[key]) > MAX_FIGURES or not all(_name(x) for x in data[key]):
            raise ValueError(f"an overwatch call's {key} is a list of names")
    return OverwatchCall(data["player"], "advanced.overwatch", data["squad"], data["actor"], data["trigger"],
                         tuple(data["returning"]), tuple(data["asked"]))


def _turn_problem(game: Game, p: Position, squad_side: dict) -> str | None:
    """The round's bookkeeping makes sense: phase, player A, steps done, overwatch, the activated squad."""
    if p.phase not in PHASES:
        return f"the phase is one of {', '.join(PHASES)}, not {p.phase!r:.40}"
    if not isinstance(p.done, frozenset) or not isinstance(p.overwatch, frozenset):
        return "done and overwatch are sets of names"
    if p.phase in ("initiative", "order"):
        if p.first is not None or p.done or p.squad is not None or p.pending is not None:
            return "before the order is chosen, no turn is under way"
    elif p.first not in game.sides:
        return f"during a turn, player A is one of {', '.join(game.sides)}, not {p.first!r:.40}"
    for fid in p.done:
        if fid not in p.figures:
            return f"done names {fid!r:.40}, not a figure"
    for squad in p.overwatch:
        if squad not in squad_side:
            return f"overwatch names {squad!r:.40}, not a squad"
    if p.overwatch and not game.settings.overwatch:
        return "a squad is on overwatch, an advanced rule not in play in this game"
    if p.squad is not None and (game.settings.activation != "squad" or squad_side.get(p.squad) != p.side):
        return f"the activated squad {p.squad!r:.40} is not a squad of {p.side}, or squads are not activated"
    for f in p.figures.values():
        if f.side != p.side and (f.moved or f.shot) and p.phase in ("move", "shoot", "fight"):
            pass  # the other side's records of its last turn stay until its next turn
    call = p.pending
    if call is not None:
        if not isinstance(call, OverwatchCall) or p.phase not in ("move", "shoot"):
            return "an overwatch call is pending only in a move or shoot step"
        if call.squad not in p.overwatch or squad_side.get(call.squad) == p.side or call.player == p.side:
            return "an overwatch call is for an enemy squad on overwatch"
        actor = p.figures.get(call.actor)
        if actor is None or actor.side != p.side or not actor.in_play:
            return "an overwatch call fires at a figure of the active player in play"
        if call.trigger not in ("move", "shoot"):
            return "an overwatch call follows a move or a shot"
        if any(r not in p.figures or p.figures[r].squad != call.squad for r in call.returning):
            return "an overwatch call's returning fire comes from the squad's own figures"
        if any(s not in squad_side for s in call.asked):
            return "an overwatch call's asked squads are squads"
    return None


__all__ = ["ACTIONS", "OneBrainCellState", "Board", "Position", "OverwatchCall", "RollInitiative", "ChooseOrder",
           "Move", "Charge", "Shoot", "Overwatch", "Fight", "EndStep", "OverwatchFire", "Hold"]
