"""What a 1BC game holds at any moment: the figures, the position, its checks and its dict form.

The dead and routed stay in the position so a board can show where they fell and a squad's starting
number is always known. The answers every chapter asks of a position (who is in play, who stands,
who is cut off from his squad) are here too, remembered per position when the board is a game state
(in its one per-position cache).
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import operator
from collections.abc import Mapping
from dataclasses import dataclass

from explorer.core import Decision, RuleViolation
from explorer.core import tabletop as tt
from explorer.core.frozen import evolve
from explorer.core.limits import brief
from explorer.core.setting_up import SetupShape
from explorer.core.tabletop import Point
from explorer.core.tabletop.between import changed_since as _changed_since
from explorer.core.tabletop.between import kept_between as _kept_between
from explorer.core.tabletop.figures import (
    MAX_FIGURES, TableFigure, TablePosition, figures_from_save, table_position_problem,
)

from .data import COHESION_INCHES, POINTS, WEAPONS, Weapon
from .sections import refuse
from .setup import composition_problems, measure, squads_of

STATUSES = ("ok", "stunned", "dazed", "dead", "routed")
IN_PLAY = ("ok", "stunned", "dazed")
MOVES = ("", "walk", "run", "charge")
PHASES = ("initiative", "order", "move", "shoot", "fight")


@dataclass(frozen=True)
class Figure(TableFigure):
    """One toy soldier: who, where, and what he has done this turn.

    ``status``: ok (standing), stunned or dazed (lying down: advanced
    wounding), dead or routed (out of play, left where they fell).
    ``moved``: '', 'walk', 'run' or 'charge' this turn; ``shot``, ``fought``:
    this turn (all three cleared when his side's turn begins).
    """

    id: str
    side: str
    squad: str
    weapon: str = "rifle"
    leader: bool = False
    x: float = 0.0
    y: float = 0.0
    status: str = "ok"
    moved: str = ""
    shot: bool = False
    fought: bool = False

    def __post_init__(self):
        self.check_table_fields()
        if not isinstance(self.weapon, str) or self.weapon not in WEAPONS:
            raise ValueError(f"unknown weapon {brief(self.weapon)}; the weapons are {', '.join(WEAPONS)}")
        if self.status not in STATUSES:
            raise ValueError(f"figure {brief(self.id)}: status is one of {', '.join(STATUSES)}, not {brief(self.status)}")
        if self.moved not in MOVES:
            raise ValueError(f"figure {brief(self.id)}: moved is one of {MOVES}, not {brief(self.moved)}")
        self.check_flags("leader", "shot", "fought")
        if self.leader and WEAPONS[self.weapon].special:
            raise ValueError(f"figure {brief(self.id)}: a leader carries a pistol or a rifle, not a special weapon")

    @property
    def arms(self) -> Weapon:
        return WEAPONS[self.weapon]

    @property
    def in_play(self) -> bool:
        return self.status in IN_PLAY

    @property
    def standing(self) -> bool:
        return self.status == "ok"

    def with_status(self, status: str) -> Figure:
        """This figure with ``status``; put out of play (dead, routed), he keeps no record of this turn's deeds."""
        if status in IN_PLAY:
            return evolve(self, status=status)
        return evolve(self, status=status, moved="", shot=False, fought=False)

    @property
    def points(self) -> int:
        return POINTS["leader"] if self.leader else POINTS["special"] if self.arms.special else POINTS["regular"]


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


@dataclasses.dataclass(frozen=True, eq=False)
class Position(TablePosition):
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


# -- who is where: the answers every chapter asks ---------------------------------------------------------

def remembered(board, key, compute):
    """``compute()``, remembered for the board's current position by the game state's one per-position cache
    (:meth:`~explorer.core.tabletop.figures.TabletopState.remembered`); a what-if board keeps none."""
    keep = getattr(board, "remembered", None)
    return compute() if keep is None else keep(key, compute)


KEPT_ANSWERS = 64
"""Answers of a kind a game keeps between positions, at most (then it starts again): a game keeps 3.2-3.4 kB an
action played, not 4.6-5.1, at the same speed of play and of the strong bot (issue 37; the figures in its note)."""


def kept_between(board, kind: str, bound: int = KEPT_ANSWERS) -> dict | None:
    """:func:`explorer.core.tabletop.between.kept_between`, bounded by :data:`KEPT_ANSWERS` (the other modules
    import it from here)."""
    return _kept_between(board, kind, bound)


_SHAPES = itertools.count(1)
"""Numbers for shapes, never given twice (so a shape forgotten and seen again cannot take another's number)."""


def shape(board, side: str) -> int | None:
    """A number for where ``side``'s figures stand and who they are (squad, weapon, leader, status), not what
    they did this turn: the same number, the same shape. Answers that read only that are kept between positions
    under it (a move of one side changes nothing the other side's shape says). ``None`` on a what-if board."""
    def work():  # (the position's answer looked up first: listing asks it of every figure)
        shapes = kept_between(board, "shapes")
        if shapes is None:
            return None
        key = tuple((f.id, f.squad, f.weapon, f.leader, f.x, f.y, f.status) for f in board.figures.values()
                    if f.side == side)
        number = shapes.get(key)
        if number is None:
            number = shapes[key] = next(_SHAPES)
        return number
    return remembered(board, ("shape", side), work)


def changed_since(board, then) -> tuple | None:
    """:func:`explorer.core.tabletop.between.changed_since`, a figure being the same while its side, squad,
    weapon and leadership are."""
    return _changed_since(board, then, _WHO)


_WHO = operator.attrgetter("side", "squad", "weapon", "leader")


_MISSING = object()


def facing(board, kind: str, figure: Figure, work):
    """``work()``, an answer of one ``kind`` about ``figure`` (of the board's position) that reads only where he
    stands and the enemy's :func:`shape`: remembered for the position, and kept between positions while those
    stay the same (his own side moving around him changes none of it)."""
    def kept_work():
        kept = kept_between(board, kind)
        if kept is None:
            return work()
        key = (figure.x, figure.y, figure.side, shape(board, board.other(figure.side)))
        answer = kept.get(key, _MISSING)
        if answer is _MISSING:
            answer = kept[key] = work()
        return answer
    return remembered(board, (kind, figure.id), kept_work)


def in_play(board, side: str | None = None) -> list[Figure]:
    return remembered(board, ("in_play", side), lambda: [
        f for f in board.figures.values() if f.in_play and (side is None or f.side == side)])


def standing(board, side: str | None = None) -> list[Figure]:
    return remembered(board, ("standing", side), lambda: [
        f for f in board.figures.values() if f.status == "ok" and (side is None or f.side == side)])


def within(a: Point, b: Point, inches: float) -> bool:
    return tt.distance(a, b) <= inches + tt.EPSILON


def squad_of(board, squad: str) -> list[Figure]:
    """Every figure ever in the squad (its starting number), in the order fielded."""
    return [f for f in board.figures.values() if f.squad == squad]


def cut_off(board, figure: Figure) -> bool:
    """More than 4 inches from every other living member of his squad (his 6s count as 5s)."""
    def work():  # (within() written out, the same arithmetic: asked of every shooter and charger listed)
        limit, x, y, mates = measure(board.settings, COHESION_INCHES) + tt.EPSILON, figure.x, figure.y, False
        for m in in_play(board, figure.side):
            if m.squad == figure.squad and m.id != figure.id:
                if math.hypot(m.x - x, m.y - y) <= limit:
                    return False
                mates = True
        return mates
    if board.figures.get(figure.id) is not figure:  # a figure somewhere else (a bot's what-if): not remembered
        return work()
    return remembered(board, ("cut off", figure.id), work)


def counted(face: int, cut_off: bool) -> int:
    """What a die rolled for a figure counts: a 6 counts as a 5 for one out of cohesion (every die rolled for him)."""
    return 5 if cut_off and face == 6 else face


# -- the one legality check ---------------------------------------------------------------------------

def position_problem(game, p) -> str | None:
    """What makes ``p`` no position of 1BC in ``game`` (``None``: it is one)."""
    squad_side: dict[str, str] = {}

    def own_problem(f: Figure) -> str | None:
        if squad_side.setdefault(f.squad, f.side) != f.side:
            return f"squad {f.squad} has figures of both sides"
        if not f.in_play and (f.moved or f.shot):
            return f"{f.id} is out of play and has no turn record"
        if not game.settings.wounding and f.status in ("stunned", "dazed"):
            return f"{f.id} is {f.status}: a wound of the advanced wounding rules, not in play in this game"
        return None

    problem = table_position_problem(game, p, position_type=Position, figure_type=Figure, title="1BC",
                                     figure_problem=own_problem)
    if problem:
        return problem
    for squad, members in squads_of(p.figures.values()).items():
        problems = composition_problems(members, squad, complete=False)
        if problems:
            return str(problems[0])
    return _turn_problem(game, p, squad_side)


def _turn_problem(game, p: Position, squad_side: dict) -> str | None:
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


# -- saving ---------------------------------------------------------------------------------------------

def _name(value) -> bool:
    return isinstance(value, str)


def position_to_dict(p: Position) -> dict:
    return {"figures": [f.to_dict() for f in p.figures.values()], "side": p.side, "round": p.round,
            "phase": p.phase, "first": p.first, "done": sorted(p.done), "overwatch": sorted(p.overwatch),
            "squad": p.squad, "pending": None if p.pending is None else p.pending.to_dict()}


def position_from_dict(game, data) -> Position:
    expected = {"figures", "side", "round", "phase", "first", "done", "overwatch", "squad", "pending"}
    if not isinstance(data, Mapping) or set(data) != expected:
        raise ValueError(f"a position is an object with exactly the keys {', '.join(sorted(expected))}")
    built = figures_from_save(data["figures"], Figure)
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


# -- who may act ----------------------------------------------------------------------------------------------

def refusing(check):
    """A check written with ``raise refuse(...)`` as the rule table takes it: the refusal returned, or ``None``."""
    def checked(state, act):
        try:
            check(state, act)
        except RuleViolation as violation:
            return violation
        return None
    checked.__name__, checked.__doc__ = check.__name__, check.__doc__
    return checked


def active_squad(state) -> str | None:
    """The squad activated this turn (advanced turn sequence), if any."""
    return state.position.squad if state.settings.activation == "squad" else None


def activate(state, squad: str) -> str | None:
    """The activated squad after one of ``squad`` acts: the first squad to act this turn (advanced turn sequence)."""
    if state.settings.activation != "squad":
        return None
    return state.position.squad or squad


def free_to_act(state, figure: Figure) -> bool:
    """:func:`own`'s test as a yes or no, for a figure of the side to play (listing asks it once a figure)."""
    if not figure.standing or figure.squad in state.position.overwatch:
        return False
    active = active_squad(state)
    return active is None or figure.squad == active


def own(state, player: str, figure_id, section: str, what: str = "figure") -> Figure:
    """``player``'s figure ``figure_id``, standing and free to act this turn (else the refusal is raised)."""
    figure = state.own_figure(player, figure_id, section=section, what=what)
    if not figure.in_play:
        raise refuse("squads", f"{figure_id} is {figure.status}: out of the battle")
    if not figure.standing:
        raise refuse("rulings.downed", f"{figure_id} is {figure.status}, lying on the board: he does "
                                       "nothing until he recovers")
    if figure.squad in state.position.overwatch:
        raise refuse("advanced.overwatch", f"{figure_id}'s squad {figure.squad} is on overwatch: it does "
                                           "nothing more this turn")
    active = active_squad(state)
    if active is not None and figure.squad != active:
        raise refuse("advanced.activation", f"this turn {player} activated squad {active}, not {figure.squad}")
    return figure


def enemy(state, player: str, target_id, section: str) -> Figure:
    """The enemy figure ``target_id``, in play (else the refusal is raised)."""
    if not _name(target_id) or target_id not in state.figures:
        raise refuse(section, f"there is no figure {target_id!r:.40} to target")
    target = state.figures[target_id]
    if target.side == player:
        raise refuse(section, f"{target_id} is on {player}'s own side")
    if not target.in_play:
        raise refuse(section, f"{target_id} is {target.status}: out of the battle")
    return target


SETTING_UP = SetupShape(  # the set-up editor (core/setting_up.py): a figure by weapon, a leader by his
    pieces="figures", place=("x", "y"),
    kinds={**{w.name: {"weapon": k, "leader": False} for k, w in WEAPONS.items()},
           **{f"Leader with a {WEAPONS[k].name.lower()}": {"weapon": k, "leader": True} for k in ("pistol", "rifle")}},
    new={"squad": "alpha", "status": "ok", "moved": "", "shot": False, "fought": False},
    phases={phase: {"phase": phase, "first": "{side}"} for phase in ("move", "shoot", "fight")},
    fields_set={"status": ("ok", "stunned", "dazed")})
