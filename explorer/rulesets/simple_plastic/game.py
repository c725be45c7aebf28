"""The Simple Plastic Wargame's turn as a game state, and its actions.

A turn is one side's move phase, then its attack phase; then the other side
takes a turn. Figures stay in :attr:`SimplePlasticState.figures` after they
die (``alive=False``), so the book can show where they fell.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from explorer.core import Action, Dist, Event, Explained, GameState, Outcome, Reason, RuleViolation, action
from explorer.core import tabletop as tt
from explorer.core.tabletop import COMPASS, LineOfSight, Point, Table

from . import mechanics as m
from .mechanics import Board, Figure
from .sections import ref

PHASES = ("move", "attack")


def _point(value):
    """Lists (from JSON or a caller) become tuples, so actions stay hashable."""
    return tuple(value) if isinstance(value, list) else value


@action
class MoveSquad(Action):
    """Move a squad: ``leader`` (its frontmost unit) goes ``to``; the rest follow.

    ``followers``: ``None`` to form up behind the leader, or pairs
    ``(figure_id, (x, y))`` (members not listed stay put). A move whose leader
    stays where it is only closes gaps, and the squad has not moved.
    """

    squad: str
    leader: str
    to: tuple[float, float]
    followers: tuple[tuple[str, tuple[float, float]], ...] | None = None

    def __post_init__(self):
        object.__setattr__(self, "to", _point(self.to))
        if isinstance(self.followers, list):
            object.__setattr__(self, "followers", tuple((fid, _point(p)) for fid, p in self.followers))


@action
class MoveFigure(Action):
    """Move a unit that operates alone (a sniper, a lone heavy weapon)."""

    figure: str
    to: tuple[float, float]

    def __post_init__(self):
        object.__setattr__(self, "to", _point(self.to))


@action
class Attack(Action):
    """One attack: ``attacker`` rolls at ``target``'s squad (the closest member in sight dies first)."""

    attacker: str
    target: str


@action
class EndPhase(Action):
    """``side`` is done moving (or attacking)."""

    side: str


ACTIONS = (MoveSquad, MoveFigure, Attack, EndPhase)


class SimplePlasticState(GameState):
    """A game of the Simple Plastic Wargame in progress."""

    def __init__(self, settings, *, table: Table, figures, sides=("green", "tan"), first: str | None = None,
                 seed: int = 0):
        super().__init__(settings, seed=seed)
        figures = tuple(figures)
        problems = m.army_problems(figures)
        if problems:
            raise problems[0]
        self.sides = tuple(sides)
        if len(self.sides) != 2 or any(f.side not in self.sides for f in figures):
            raise ValueError(f"a game has two sides, and every figure is on one of them: {self.sides}")
        self._set_table(table)
        self.figures: dict[str, Figure] = {f.id: f for f in figures}
        self.side = first or self.sides[0]
        self.phase = "move"
        self.round = 1
        self.moved_units: set[str] = set()     # squads ("squad:<name>") and lone figures that moved this phase
        self.attacks_used: dict[str, int] = {}

    def _set_table(self, table: Table) -> None:
        self.table = table
        self._table_dict = table.to_dict()

    # -- what the widgets read ---------------------------------------------------------------
    @property
    def terrain(self):
        return self.table.terrain

    @property
    def squads(self) -> dict[str, tuple[str, ...]]:
        """Each squad's living members, by id."""
        squads: dict[str, list[str]] = {}
        for f in m.living(self):
            if f.squad:
                squads.setdefault(f.squad, []).append(f.id)
        return {name: tuple(ids) for name, ids in squads.items()}

    def board(self) -> Board:
        """A frozen copy of the position, for "what if" questions."""
        return Board.of(self)

    def line_of_sight(self, attacker: str, target: str) -> LineOfSight:
        return m.sight(self, self.figures[attacker], self.figures[target])

    def to_kill(self, attacker: str, target: str) -> Explained[int | None]:
        return m.to_kill(self, attacker, target)

    def kill_distribution(self, attacker: str, target: str, *, attacks: int | None = None) -> Dist:
        return m.kill_distribution(self, attacker, target, attacks=attacks)

    def move_allowance(self, figure_id: str) -> Explained[float]:
        figure = self.figures[figure_id]
        if figure.unit in self.moved_units:
            name = figure.unit.removeprefix("squad:")
            return Explained(0.0, (Reason(ref("moving.span"), f"{name} has already moved this turn"),))
        return m.move_allowance(self, figure_id)

    def attack_odds(self, attack: Attack) -> Dist:
        """Exact distribution of the number of kills of a legal attack (raises if illegal)."""
        violation = self.why_illegal(attack)
        if violation is not None:
            raise violation
        return m.attack_distribution(self, attack.attacker, attack.target)

    # -- turn and outcome --------------------------------------------------------------------
    @property
    def current_player(self) -> str | None:
        return None if self.outcome else self.side

    @property
    def outcome(self) -> Outcome | None:
        counts = {side: 0 for side in self.sides}
        for f in self.figures.values():
            if f.alive:
                counts[f.side] += 1
        beaten = [side for side, n in counts.items() if n == 0]
        if beaten:
            standing = [side for side in self.sides if side not in beaten]
            winner = standing[0] if standing else None
            return Outcome(winner, f"{' and '.join(beaten)} {'has' if len(beaten) == 1 else 'have'} no figures left")
        limit = self.settings.max_rounds
        if limit is not None and self.round > limit:
            a, b = self.sides
            rounds = f"{limit} round{'s' if limit > 1 else ''}"
            if counts[a] == counts[b]:
                return Outcome(None, f"after {rounds} both sides have {counts[a]} figures")
            winner = a if counts[a] > counts[b] else b
            return Outcome(winner, f"after {rounds} {winner} has more figures ({counts[a]} to {counts[b]})")
        return None

    def other(self, side: str) -> str:
        return self.sides[1] if side == self.sides[0] else self.sides[0]

    # -- legal actions --------------------------------------------------------------------------
    def _legal_actions(self) -> Iterator[Action]:
        if self.outcome:
            return
        if self.phase == "move":
            yield from self._candidate_moves()
            if not self._gaps_left_open():
                yield EndPhase(self.side)
        else:
            yield from self._candidate_attacks()
            yield EndPhase(self.side)

    def _units_to_move(self) -> Iterator[tuple[str | None, list[Figure]]]:
        seen = set()
        for f in m.living(self, self.side):
            if f.unit in self.moved_units or f.unit in seen:
                continue
            seen.add(f.unit)
            yield (f.squad, m.squad_members(self, f.squad)) if f.squad else (None, [f])

    def _candidate_moves(self) -> Iterator[Action]:
        """A finite menu: the eight compass directions at a full and a half span, and closing gaps."""
        span = self.settings.span_inches
        for squad, members in self._units_to_move():
            if squad and not m.in_cohesion([f.position for f in members]):
                closing = self._closing_move(squad, members)
                if closing is not None:
                    yield closing
            for direction in COMPASS.values():
                mover = m.frontmost(members, direction) if squad else members[0]
                for length in (span, span / 2):
                    to = tt.step(mover.position, direction, length)
                    try:
                        if squad:
                            m.plan_squad_move(self, squad, mover.id, to)
                            yield MoveSquad(squad, mover.id, to)
                        else:
                            m.plan_figure_move(self, mover.id, to)
                            yield MoveFigure(mover.id, to)
                    except RuleViolation:
                        continue

    def _closing_move(self, squad: str, members: list[Figure]) -> MoveSquad | None:
        """Close ranks on the member nearest the enemy, which stays where it is."""
        def to_enemy(f):
            enemy = m.nearest_enemy(self, f)
            return tt.distance(f.position, enemy.position) if enemy else 0.0
        leader = min(members, key=to_enemy)
        try:
            m.plan_squad_move(self, squad, leader.id, leader.position)
        except RuleViolation:
            return None
        return MoveSquad(squad, leader.id, leader.position)

    def _gaps_left_open(self) -> list[str]:
        """This side's squads with gaps that could be closed and are not yet."""
        open_squads = []
        for squad, members in self._units_to_move():
            if squad and not m.in_cohesion([f.position for f in members]) and self._closing_move(squad, members):
                open_squads.append(squad)
        return open_squads

    def _candidate_attacks(self) -> Iterator[Action]:
        groups = {}
        for f in m.living(self, self.other(self.side)):
            groups.setdefault(f.unit, f)
        for attacker in m.living(self, self.side):
            if self.attacks_used.get(attacker.id, 0) >= attacker.profile.attacks:
                continue
            for target in groups.values():
                need = m.to_kill(self, attacker.id, target.id)
                if need.value is not None:
                    victim = m.targets_closest_first(self, attacker, target)[0]
                    yield Attack(attacker.id, victim.id)

    # -- applying actions --------------------------------------------------------------------------
    def _apply(self, act: Action) -> list[Event]:
        if self.outcome:
            raise RuleViolation(f"the game is over: {self.outcome.reason}", ref("turn"), act)
        try:
            if isinstance(act, EndPhase):
                return self._end_phase(act)
            if isinstance(act, Attack):
                return self._attack(act)
            return self._move(act)
        except RuleViolation as violation:
            violation.action = violation.action or act  # the mechanics do not know the action
            raise

    def _require_turn(self, side: str, phase: str) -> None:
        if side != self.side:
            raise RuleViolation(f"it is {self.side}'s turn, not {side}'s", ref("turn"))
        if phase != self.phase:
            raise RuleViolation(f"it is {self.side}'s {self.phase} phase; {phase}s come "
                                f"{'after moving' if phase == 'attack' else 'before attacking'}", ref("turn"))

    def _figure(self, figure_id, section: str) -> Figure:
        if figure_id not in self.figures:
            raise RuleViolation(f"there is no figure {figure_id!r}", ref(section))
        return self.figures[figure_id]

    def _move(self, act: MoveSquad | MoveFigure) -> list[Event]:
        if isinstance(act, MoveSquad):
            members = m.squad_members(self, act.squad)
            if not members:
                raise RuleViolation(f"there is no squad {act.squad!r} with living members", ref("moving.squads"))
            unit, side, name = f"squad:{act.squad}", members[0].side, f"squad {act.squad}"
        else:
            figure = self._figure(act.figure, "moving.span")
            unit, side, name = figure.unit, figure.side, act.figure
        self._require_turn(side, "move")
        if unit in self.moved_units:
            raise RuleViolation(f"{name} has already moved this turn", ref("moving.span"))
        if isinstance(act, MoveSquad):
            placed, moved = m.plan_squad_move(self, act.squad, act.leader, act.to, act.followers)
            mover = act.leader
        else:
            to, moved = m.plan_figure_move(self, act.figure, act.to)
            placed, mover = {act.figure: to}, act.figure
        start = self.figures[mover].position
        for fid, (x, y) in placed.items():
            self.figures[fid] = dataclasses.replace(self.figures[fid], x=x, y=y, moved=moved)
        self.moved_units.add(unit)
        return [self._move_event(act, name, mover, start, placed, moved)]

    def _move_event(self, act, name: str, mover: str, start: Point, placed: dict, moved: bool) -> Event:
        length = tt.distance(start, placed[mover])
        if moved:
            text = f"{name} moves: {mover} goes {length:.1f} inches" + (", the rest follow" if len(placed) > 1 else "")
            rules = ("simple_plastic:moving.span",)
            if isinstance(act, MoveSquad):
                rules += ("simple_plastic:moving.squads", "simple_plastic:moving.cohesion")
        else:
            text = f"{name} closes its gaps and counts as not having moved"
            rules = ("simple_plastic:moving.cohesion",)
        data = {"unit": name, "leader": mover, "from": list(start), "distance": length, "moved": moved,
                "positions": {fid: list(p) for fid, p in placed.items()}}
        return Event("move", text, rules, data)

    def _attack(self, act: Attack) -> list[Event]:
        attacker = self._figure(act.attacker, "attacking")
        self._figure(act.target, "attacking")
        self._require_turn(attacker.side, "attack")
        allowed = attacker.profile.attacks
        if self.attacks_used.get(attacker.id, 0) >= allowed:
            section = "special_units.sniper" if allowed > 1 else "attacking"
            raise RuleViolation(f"{attacker.id} has already made its {allowed} attack{'s' if allowed > 1 else ''} "
                                "this turn", ref(section))
        need = m.to_kill(self, act.attacker, act.target)
        if need.value is None:
            last = need.reasons[-1]
            raise RuleViolation(last.text, last.ref)
        faces = self.roll(attacker.profile.dice)
        hits = sum(1 for face in faces if face != 1 and face >= need.value)
        dead = m.casualties(self, act.attacker, act.target, hits)
        for fid in dead.value:
            self.figures[fid] = dataclasses.replace(self.figures[fid], alive=False)
        self.attacks_used[attacker.id] = self.attacks_used.get(attacker.id, 0) + 1
        return self._attack_events(act, need, faces, hits, dead)

    def _attack_events(self, act, need: Explained, faces, hits: int, dead: Explained) -> list[Event]:
        shown = ", ".join(map(str, faces))
        result = f"kills {', '.join(dead.value)}" if dead.value else "no kill"
        data = {"attacker": act.attacker, "target": act.target, "need": need.value, "dice": list(faces),
                "hits": hits, "killed": list(dead.value), "why": [str(r) for r in need.reasons]}
        text = f"{act.attacker} attacks {act.target}, needing {need.value}+: rolls {shown}: {result}"
        events = [Event("attack", text, tuple(r.key for r in need.refs), data)]
        events += [Event("casualty", f"{fid} is killed", tuple(r.key for r in dead.refs), {"figure": fid})
                   for fid in dead.value]
        return events

    def _end_phase(self, act: EndPhase) -> list[Event]:
        if act.side != self.side:
            raise RuleViolation(f"it is {self.side}'s turn, not {act.side}'s", ref("turn"))
        if self.phase == "move":
            gaps = self._gaps_left_open()
            if gaps:
                raise RuleViolation(f"squad {gaps[0]} has gaps left by casualties: close them before moving on",
                                    ref("moving.cohesion"))
            self.phase = "attack"
            return [Event("phase", f"{self.side} attacks", ("simple_plastic:turn",))]
        finished, self.side, self.phase = self.side, self.other(self.side), "move"
        if self.side == self.sides[0]:
            self.round += 1
        self.moved_units.clear()
        self.attacks_used.clear()
        for fid, f in self.figures.items():
            if f.moved:
                self.figures[fid] = dataclasses.replace(f, moved=False)
        return [Event("phase", f"{finished}'s turn ends; {self.side} moves", ("simple_plastic:turn",),
                      {"round": self.round})]

    # -- saving ----------------------------------------------------------------------------------------
    def _state_dict(self) -> dict:
        return {
            "table": self._table_dict,
            "sides": list(self.sides),
            "side": self.side,
            "phase": self.phase,
            "round": self.round,
            "figures": [f.to_dict() for f in self.figures.values()],
            "moved_units": sorted(self.moved_units),
            "attacks_used": dict(self.attacks_used),
        }

    def _load_state_dict(self, data: dict) -> None:
        if getattr(self, "_table_dict", None) != data["table"]:  # rebuilding the Shapely terrain is the slow part
            self._set_table(Table.from_dict(data["table"]))
        figures = tuple(Figure.from_dict(f) for f in data["figures"])
        problems = m.army_problems(figures)
        if problems:
            raise ValueError(str(problems[0]))
        sides, side, phase, rnd = tuple(data["sides"]), data["side"], data["phase"], data["round"]
        if len(sides) != 2 or side not in sides or phase not in PHASES or not isinstance(rnd, int) or rnd < 1:
            raise ValueError(f"bad turn in the save: sides {sides}, side {side!r}, phase {phase!r}, round {rnd!r}")
        if any(f.side not in sides for f in figures):
            raise ValueError("a figure in the save is on neither side")
        self.sides, self.side, self.phase, self.round = sides, side, phase, rnd
        self.figures = {f.id: f for f in figures}
        self.moved_units = set(data["moved_units"])
        self.attacks_used = {str(k): int(v) for k, v in data["attacks_used"].items()}

    def __repr__(self) -> str:
        alive = {s: sum(1 for f in m.living(self, s)) for s in self.sides}
        return (f"<SimplePlasticState round {self.round}, {self.side} {self.phase}s; "
                + ", ".join(f"{s}: {n} figures" for s, n in alive.items()) + ">")
