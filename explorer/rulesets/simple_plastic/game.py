"""The Simple Plastic Wargame's turn as a game state, and its actions.

A turn is one side's move phase, then its attack phase; then the other side
takes a turn. The :class:`~explorer.core.Game`'s setup is the
:class:`~explorer.core.tabletop.Table` (it never changes); the
:class:`Position` is the rest, frozen. Figures stay in the position after
they die (``alive=False``), so the book can show where they fell.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from types import MappingProxyType

from explorer.core import (
    Action, Dist, Event, Explained, Game, GameState, Reason, RuleViolation, action, count_successes,
)
from explorer.core import tabletop as tt
from explorer.core.tabletop import COMPASS, LineOfSight, Point, Table, Terrain, table_from_dict
from explorer.core.frozen import evolve
from explorer.core.ruletable import Phase, Rule, RuleTable

from . import mechanics as m
from .data import NEVER_KILLS
from .mechanics import Board, Figure
from .sections import SECTIONS, ref, refuse
from explorer.core.limits import brief, brief_names

PHASES = ("move", "attack")
MAX_FIGURES = 200
"""Most figures a position may hold (a big game is a few dozen a side)."""
MAX_ROUND = 1_000_000


@action
class MoveSquad(Action):
    """Move a squad: ``leader`` (its frontmost unit) goes ``to``; the rest follow behind him.

    ``followers``: ``None`` to form up behind the leader, or pairs
    ``(figure_id, (x, y))`` (members not listed stay put). A move whose leader
    stays where it is only closes gaps (a squad with gaps only), and the
    squad has not moved.
    """

    player: str
    squad: str
    leader: str
    to: tuple[float, float]
    followers: tuple[tuple[str, tuple[float, float]], ...] | None = None


@action
class MoveFigure(Action):
    """Move a unit that operates alone (a sniper, a lone heavy weapon)."""

    player: str
    figure: str
    to: tuple[float, float]


@action
class Attack(Action):
    """One attack: ``attacker`` rolls at ``target``'s squad (the closest member in sight dies first)."""

    player: str
    attacker: str
    target: str


@action
class EndPhase(Action):
    """``player`` is done moving (or attacking)."""

    player: str


ACTIONS = (MoveSquad, MoveFigure, Attack, EndPhase)


@dataclasses.dataclass(frozen=True)
class Position:
    """What changes in play: the figures (id -> :class:`Figure`, read-only, in the order fielded),
    whose turn and phase, the round, the units that have moved this phase (squads as
    ``"squad:<name>"``, lone figures by id) and the attacks each figure has made this turn."""

    figures: Mapping[str, Figure]
    side: str
    phase: str = "move"
    round: int = 1
    moved_units: frozenset[str] = frozenset()
    attacks_used: tuple[tuple[str, int], ...] = ()

    @classmethod
    def of(cls, figures, side: str, **rest) -> Position:
        """A position from figures (a mapping or a sequence), their mapping made read-only."""
        if isinstance(figures, Mapping):
            figures = list(figures.values())
        return cls(MappingProxyType({f.id: f for f in figures}), side, **rest)

    def __eq__(self, other: object) -> bool:
        return (type(other) is type(self) and dict(self.figures) == dict(other.figures)
                and (self.side, self.phase, self.round, self.moved_units, self.attacks_used)
                == (other.side, other.phase, other.round, other.moved_units, other.attacks_used))

    __hash__ = None


def _name(value) -> bool:
    return isinstance(value, str)


# -- the rules, by kind of action (wired in RULES below) -----------------------------------------

def _units_to_move(state) -> Iterator[tuple[str | None, list[Figure]]]:
    seen = set()
    for f in m.living(state, state.side):
        if f.unit in state.moved_units or f.unit in seen:
            continue
        seen.add(f.unit)
        yield (f.squad, m.squad_members(state, f.squad)) if f.squad else (None, [f])


def candidate_moves(state) -> Iterator[Action]:
    """A finite menu: the eight compass directions at a full and a half span, and closing gaps."""
    span, side = state.settings.span_inches, state.side
    verdicts = state.__dict__.setdefault("_menu_verdicts", {})  # shared by clones: one game, one table
    for squad, members in _units_to_move(state):
        if squad and not m.in_cohesion([f.position for f in members]):
            closing = _closing_move(state, squad, members)
            if closing is not None:
                yield closing
        ids = {f.id for f in members}
        others = [f.position for f in m.living(state) if f.id not in ids]
        for direction in COMPASS.values():
            mover = m.frontmost(members, direction) if squad else members[0]
            for length in (span, span / 2):
                to = tt.step(mover.position, direction, length)
                if m.menu_move_allowed(state, members, mover, to, others, verdicts):
                    yield MoveSquad(side, squad, mover.id, to) if squad else MoveFigure(side, mover.id, to)


def _closing_move(state, squad: str, members: list[Figure]) -> MoveSquad | None:
    """Close ranks on the member nearest the enemy, which stays where it is."""
    def to_enemy(f):
        enemy = m.nearest_enemy(state, f)
        return tt.distance(f.position, enemy.position) if enemy else 0.0
    leader = min(members, key=to_enemy)
    try:
        m.plan_squad_move(state, squad, leader.id, leader.position)
    except RuleViolation:
        return None
    return MoveSquad(state.side, squad, leader.id, leader.position)


def gaps_left_open(state) -> list[str]:
    """This side's squads with gaps that could be closed and are not yet."""
    open_squads = []
    for squad, members in _units_to_move(state):
        if squad and not m.in_cohesion([f.position for f in members]) and _closing_move(state, squad, members):
            open_squads.append(squad)
    return open_squads


def legal_in_move_phase(state) -> Iterator[Action]:
    yield from candidate_moves(state)
    if not gaps_left_open(state):
        yield EndPhase(state.side)


def legal_in_attack_phase(state) -> Iterator[Action]:
    yield from candidate_attacks(state)
    yield EndPhase(state.side)


def candidate_attacks(state) -> Iterator[Action]:
    groups = {}
    for f in m.living(state, state.other(state.side)):
        groups.setdefault(f.unit, f)
    used = state.attacks_used
    for attacker in m.living(state, state.side):
        if used.get(attacker.id, 0) >= attacker.profile.attacks:
            continue
        for target in groups.values():
            # No one in sight means no attack; only then is the full number (and its reasons) worth working out.
            victim = m.closest_target(state, attacker, target)
            if victim is not None and m.to_kill(state, attacker.id, target.id).value is not None:
                yield Attack(state.side, attacker.id, victim.id)


def _checked(plan):
    """A rule's check from its plan: the refusal the plan raises, or ``None``."""
    def check(state, act) -> RuleViolation | None:
        try:
            plan(state, act)
        except RuleViolation as violation:
            return violation
        return None
    return check


def _own_figure(state, player: str, figure_id, section: str, what: str) -> Figure:
    if not _name(figure_id):
        raise refuse(section, f"the {what} is named by a figure's id (text), not {figure_id!r}")
    figure = state.figures.get(figure_id)
    if figure is None:
        raise refuse(section, f"there is no figure {figure_id!r}")
    if what != "target" and figure.side != player:
        raise refuse("turn", f"{figure_id} is {figure.side}'s, not {player}'s: a player moves and attacks "
                             "with their own figures only")
    return figure


def check_end_phase(state, act: EndPhase) -> RuleViolation | None:
    if state.phase == "move":
        gaps = gaps_left_open(state)
        if gaps:
            return refuse("moving.cohesion", f"squad {gaps[0]} has gaps left by casualties: close them "
                                             "before moving on")
    return None


def plan_move(state, act: MoveSquad | MoveFigure):
    """``(placed, moved, unit name, leader id)`` of a legal move; raises the rule that forbids it."""
    if isinstance(act, MoveSquad):
        if not _name(act.squad):
            raise refuse("moving.squads", f"a squad is named by text, not {act.squad!r}")
        members = m.squad_members(state, act.squad)
        if not members:
            raise refuse("moving.squads", f"there is no squad {act.squad!r} with living members")
        if members[0].side != act.player:
            raise refuse("turn", f"squad {act.squad} is {members[0].side}'s, not {act.player}'s: a player "
                                 "moves their own squads only")
        if not _name(act.leader):
            raise refuse("moving.squads", f"the leader is named by a figure's id (text), not {act.leader!r}")
        unit, name = f"squad:{act.squad}", f"squad {act.squad}"
    else:
        figure = _own_figure(state, act.player, act.figure, "moving.span", "figure")
        unit, name = figure.unit, act.figure
    if unit in state.moved_units:
        raise refuse("moving.span", f"{name} has already moved this turn")
    if isinstance(act, MoveSquad):
        placed, moved = m.plan_squad_move(state, act.squad, act.leader, act.to, act.followers)
        return placed, moved, unit, name, act.leader
    to, moved = m.plan_figure_move(state, act.figure, act.to)
    return {act.figure: to}, moved, unit, name, act.figure


def plan_attack(state, act: Attack) -> Explained:
    attacker = _own_figure(state, act.player, act.attacker, "attacking", "attacker")
    _own_figure(state, act.player, act.target, "attacking", "target")
    allowed = attacker.profile.attacks
    if state.attacks_used.get(attacker.id, 0) >= allowed:
        section = "special_units.sniper" if allowed > 1 else "attacking"
        raise refuse(section, f"{attacker.id} has already made its {allowed} attack{'s' if allowed > 1 else ''} "
                              "this turn")
    need = m.to_kill(state, act.attacker, act.target)
    if need.value is None:
        last = need.reasons[-1]
        raise RuleViolation(last.text, last.ref)
    return need


def _with_figures(state, changed: Mapping[str, Figure], **rest) -> Position:
    figures = dict(state.figures)
    figures.update(changed)
    return evolve(state.position, figures=MappingProxyType(figures), **rest)


def do_move(state, act: MoveSquad | MoveFigure) -> tuple[Position, list[Event]]:
    placed, moved, unit, name, mover = plan_move(state, act)
    start = state.figures[mover].position
    changed = {fid: evolve(state.figures[fid], x=x, y=y, moved=moved) for fid, (x, y) in placed.items()}
    position = _with_figures(state, changed, moved_units=state.moved_units | {unit})
    return position, [_move_event(act, name, mover, start, placed, moved)]


def _move_event(act, name: str, mover: str, start: Point, placed: dict, moved: bool) -> Event:
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


def do_attack(state, act: Attack) -> tuple[Position, list[Event]]:
    need = plan_attack(state, act)
    attacker = state.figures[act.attacker]
    faces = state.roll(attacker.profile.dice)
    hits = count_successes(faces, need.value, natural_fail=NEVER_KILLS)
    dead = m.casualties(state, act.attacker, act.target, hits)
    used = state.attacks_used
    used[attacker.id] = used.get(attacker.id, 0) + 1
    changed = {fid: evolve(state.figures[fid], alive=False) for fid in dead.value}
    position = _with_figures(state, changed, attacks_used=tuple(sorted(used.items())))
    return position, _attack_events(act, need, faces, hits, dead)


def attack_chance(state, act: Attack) -> Dist:
    return m.attack_distribution(state, act.attacker, act.target)


def _attack_events(act, need: Explained, faces, hits: int, dead: Explained) -> list[Event]:
    shown = ", ".join(map(str, faces))
    result = f"kills {', '.join(dead.value)}" if dead.value else "no kill"
    data = {"attacker": act.attacker, "target": act.target, "need": need.value, "dice": list(faces),
            "hits": hits, "killed": list(dead.value), "why": [str(r) for r in need.reasons]}
    text = f"{act.attacker} attacks {act.target}, needing {need.value}+: rolls {shown}: {result}"
    events = [Event("attack", text, tuple(r.key for r in need.refs), data)]
    events += [Event("casualty", f"{fid} is killed", tuple(r.key for r in dead.refs), {"figure": fid})
               for fid in dead.value]
    return events


def do_end_phase(state, act: EndPhase) -> tuple[Position, list[Event]]:
    p = state.position
    if p.phase == "move":
        return evolve(p, phase="attack"), [Event("phase", f"{p.side} attacks", ("simple_plastic:turn",))]
    side, rnd = state.game.next_turn(p.side, p.round)
    changed = {fid: evolve(f, moved=False) for fid, f in p.figures.items() if f.moved}
    position = _with_figures(state, changed, side=side, phase="move", round=rnd, moved_units=frozenset(),
                             attacks_used=())
    return position, [Event("phase", f"{p.side}'s turn ends; {side} moves", ("simple_plastic:turn",),
                            {"round": rnd})]


RULES = RuleTable(
    SECTIONS,
    {MoveSquad: Rule(_checked(plan_move), do_move),
     MoveFigure: Rule(_checked(plan_move), do_move),
     Attack: Rule(_checked(plan_attack), do_attack, chance=attack_chance),
     EndPhase: Rule(check_end_phase, do_end_phase)},
    phases={"move": Phase("turn", (MoveSquad, MoveFigure, EndPhase), legal=legal_in_move_phase,
                          refusal="it is the move phase; attacks come after moving (end the move phase first)"),
            "attack": Phase("turn", (Attack, EndPhase), legal=legal_in_attack_phase,
                            refusal="it is the attack phase; moves come before attacking")},
    phase_of=lambda state: state.position.phase,
)


class SimplePlasticState(GameState):
    """A game of the Simple Plastic Wargame in progress.

    ``game.setup`` is the :class:`Table`; ``position`` a :class:`Position`.
    The state is itself a *board* for the mechanics (``figures``, ``table``,
    ``settings``).
    """

    rules = RULES

    # -- what the widgets and the book read ----------------------------------------------------
    @property
    def table(self) -> Table:
        return self.game.setup

    @property
    def terrain(self) -> tuple[Terrain, ...]:
        return self.table.terrain

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
    def moved_units(self) -> frozenset[str]:
        return self.position.moved_units

    @property
    def attacks_used(self) -> dict[str, int]:
        return dict(self.position.attacks_used)

    @property
    def squads(self) -> dict[str, tuple[str, ...]]:
        """Each squad's living members, by id."""
        squads: dict[str, list[str]] = {}
        for f in m.living(self):
            if f.squad:
                squads.setdefault(f.squad, []).append(f.id)
        return {name: tuple(ids) for name, ids in squads.items()}

    def remembered(self, key, work):
        """``work()``, done once per position: the mechanics ask the same questions of one position
        when listing, checking and doing an action (the position is frozen, so answers cannot go stale)."""
        memo = self.__dict__.get("_memo")
        if memo is None or memo[0] is not self.position:
            memo = self._memo = (self.position, {})
        answers = memo[1]
        if key not in answers:
            answers[key] = work()
        return answers[key]

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
        return self.chance(attack)

    # -- the end of the game -------------------------------------------------------------------
    def _standing(self) -> dict[str, int]:
        counts = {side: 0 for side in self.sides}
        for f in self.figures.values():
            if f.alive:
                counts[f.side] += 1
        return counts

    def describe(self, act: Action, viewer: str | None = None) -> str:
        """An action in words, for menus and logs (nothing is hidden, so the same for every ``viewer``)."""
        if isinstance(act, MoveSquad):
            if isinstance(act.to, tuple) and len(act.to) == 2 and all(isinstance(c, float | int) for c in act.to):
                if act.leader in self.figures and tt.distance(self.figures[act.leader].position, act.to) <= tt.EPSILON:
                    return f"squad {act.squad} closes its gaps on {act.leader}"
                return f"squad {act.squad} moves, led by {act.leader}, to ({act.to[0]:.1f}, {act.to[1]:.1f})"
        elif isinstance(act, MoveFigure):
            if isinstance(act.to, tuple) and len(act.to) == 2 and all(isinstance(c, float | int) for c in act.to):
                return f"{act.figure} moves to ({act.to[0]:.1f}, {act.to[1]:.1f})"
        elif isinstance(act, Attack):
            return f"{act.attacker} attacks {act.target}"
        elif isinstance(act, EndPhase):
            return f"{act.player} ends the {self.phase if act.player == self.side else ''} phase".replace("  ", " ")
        return repr(act)

    # -- the one legality check ------------------------------------------------------------------------
    @classmethod
    def _position_problem(cls, game: Game, p) -> str | None:
        table = game.setup
        if not isinstance(table, Table):
            return f"the setup of a Simple Plastic game is a Table, not {type(table).__name__}"
        if not isinstance(p, Position):
            return f"a position is a simple_plastic Position, not {type(p).__name__}"
        if not isinstance(p.figures, Mapping):
            return "figures must be a mapping of id to Figure"
        if len(p.figures) > MAX_FIGURES:
            return f"at most {MAX_FIGURES} figures, not {len(p.figures)}"
        for fid, f in p.figures.items():
            if not isinstance(f, Figure) or f.id != fid:
                return f"figures must map each figure's id to the figure, not {brief(fid)} to {brief(f)}"
            if f.side not in game.sides:
                return f"{f.id} is on side {brief(f.side)}, which is not a side of this game ({', '.join(game.sides)})"
            if not table.on_table(f.position):
                return f"{f.id} stands (partly) off the {table.width:g} by {table.height:g} inch table at {m._fmt(f.position)}"
            if table.in_solid(f.position):
                return f"{f.id} stands inside solid terrain at {m._fmt(f.position)}"
        alive = [f for f in p.figures.values() if f.alive]
        for i, a in enumerate(alive):
            for b in alive[i + 1:]:
                if tt.bases_overlap(a.position, b.position):
                    return f"{a.id} and {b.id} stand on each other's bases"
        problems = m.army_problems(list(p.figures.values()))
        if problems:
            return str(problems[0])
        if p.side not in game.sides:
            return f"the side to play must be one of {', '.join(game.sides)}, not {brief(p.side)}"
        if p.phase not in PHASES:
            return f"the phase must be one of {', '.join(PHASES)}, not {brief(p.phase)}"
        if isinstance(p.round, bool) or not isinstance(p.round, int) or not 1 <= p.round <= MAX_ROUND:
            return f"the round must be a whole number from 1 to {MAX_ROUND:,}, not {brief(p.round)}"
        return _moves_and_attacks_problem(p)

    # -- saving -------------------------------------------------------------------------------------------
    @classmethod
    def _setup_to_dict(cls, table: Table) -> dict:
        return table.to_dict()

    @classmethod
    def _setup_from_dict(cls, data) -> Table:
        return table_from_dict(data)

    @classmethod
    def _position_to_dict(cls, p: Position) -> dict:
        return {
            "figures": [f.to_dict() for f in p.figures.values()],
            "side": p.side,
            "phase": p.phase,
            "round": p.round,
            "moved_units": sorted(p.moved_units),
            "attacks_used": dict(p.attacks_used),
        }

    @classmethod
    def _position_from_dict(cls, game: Game, data) -> Position:
        if not isinstance(data, Mapping):
            raise ValueError("a position is an object with figures, side, phase, round, moved_units, attacks_used")
        expected = {"figures", "side", "phase", "round", "moved_units", "attacks_used"}
        if set(data) != expected:
            wrong = sorted(map(str, set(data) ^ expected))
            raise ValueError(f"a position has exactly the keys {', '.join(sorted(expected))} (check {brief_names(wrong)})")
        figures = data["figures"]
        if not isinstance(figures, list) or len(figures) > MAX_FIGURES:
            raise ValueError(f"figures must be a list of at most {MAX_FIGURES} figures")
        built = []
        for index, entry in enumerate(figures):
            try:
                built.append(Figure.from_dict(entry))
            except (TypeError, ValueError) as exc:
                raise ValueError(f"figure {index + 1} is malformed: {exc}") from None
        ids = [f.id for f in built]
        if len(set(ids)) != len(ids):
            raise ValueError("every figure needs its own id")
        moved = data["moved_units"]
        if not isinstance(moved, list) or not all(_name(u) for u in moved) or len(moved) > MAX_FIGURES:
            raise ValueError(f"moved_units must be a list of unit names (text), not {brief(moved)}")
        used = data["attacks_used"]
        if not isinstance(used, dict) or len(used) > MAX_FIGURES or not all(
                _name(k) and isinstance(v, int) and not isinstance(v, bool) for k, v in used.items()):
            raise ValueError(f"attacks_used must be an object of figure id: whole number, not {brief(used)}")
        for key in ("side", "phase"):
            if not _name(data[key]):
                raise ValueError(f"{key} must be text, not {brief(data[key])}")
        rnd = data["round"]
        if isinstance(rnd, bool) or not isinstance(rnd, int):
            raise ValueError(f"round must be a whole number, not {brief(rnd)}")
        return Position.of(built, data["side"], phase=data["phase"], round=rnd, moved_units=frozenset(moved),
                           attacks_used=tuple(sorted(used.items())))

    def __repr__(self) -> str:
        alive = self._standing()
        head = f"<SimplePlasticState round {self.round}, "
        head += "over" if self.is_over else f"{self.side} {self.phase}s"
        return head + "; " + ", ".join(f"{s}: {n} figures" for s, n in alive.items()) + ">"



def _moves_and_attacks_problem(p: Position) -> str | None:
    """The turn's bookkeeping: moved units and attacks made belong to the side to play, within its allowances."""
    units = {f.unit for f in p.figures.values() if f.side == p.side}
    for unit in sorted(p.moved_units):
        if not _name(unit) or unit not in units:
            return f"moved unit {brief(unit)} is not a squad or lone figure of {p.side}, the side to play"
    for f in p.figures.values():
        if f.moved and (f.side != p.side or f.unit not in p.moved_units):
            return f"{f.id} is marked as moved, but its unit has not moved this turn"
    if not isinstance(p.attacks_used, tuple):
        return "attacks_used must be pairs of (figure id, attacks made)"
    seen = set()
    for pair in p.attacks_used:
        if not (isinstance(pair, tuple) and len(pair) == 2):
            return "attacks_used must be pairs of (figure id, attacks made)"
        fid, n = pair
        figure = p.figures.get(fid) if _name(fid) else None
        if figure is None or figure.side != p.side:
            return f"attacks_used names {brief(fid)}, which is not a figure of {p.side}, the side to play"
        if fid in seen:
            return f"attacks_used names {fid} twice"
        seen.add(fid)
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= figure.profile.attacks:
            return (f"{fid} may have made 1 to {figure.profile.attacks} attack(s) this turn, not {brief(n)} "
                    "(leave it out if none)")
        if p.phase != "attack":
            return "attacks are made only in the attack phase, but attacks_used is set in the move phase"
    return None
