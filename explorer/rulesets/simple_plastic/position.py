"""What a Simple Plastic game is made of: the figures, the position, its checks and its dict form.

Each rule module works on a *board*: anything with ``figures`` (id to :class:`Figure`),
``table`` (a :class:`~explorer.core.tabletop.Table`) and ``settings``. A game
state is a board; so is a :class:`Board`, which widgets use to ask "what if
this trooper stood there?" without touching the game.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping, Sequence
from operator import attrgetter
from types import MappingProxyType

from explorer.core import Game, RuleViolation
from explorer.core import tabletop as tt
from explorer.core.tabletop import Point
from explorer.core.tabletop.figures import (
    MAX_FIGURES, TableFigure, TablePosition, figures_from_save, table_position_problem,
)
from explorer.core.frozen import evolve
from explorer.core.limits import brief, brief_names
from explorer.core.setting_up import SetupShape

from .data import PROFILES, UnitProfile
from .rulings import Settings
from .sections import refuse


# -- the pieces ------------------------------------------------------------------------------------

PHASES = ("move", "attack")


@dataclasses.dataclass(frozen=True)
class Figure(TableFigure):
    """One toy soldier: who it is, where it stands, and what it has done this turn."""

    id: str
    side: str
    kind: str = "trooper"      # "trooper", "heavy" or "sniper" (see data.PROFILES)
    squad: str | None = None   # None: operates alone
    x: float = 0.0
    y: float = 0.0
    alive: bool = True
    moved: bool = False        # moved this turn (for "attacker did not move")
    in_vehicle: bool = False

    NAMES = ("id", "side")  # and squad, which may be None: a figure that operates alone

    def __post_init__(self):
        # Saved games and custom positions come back through here: say plainly what is malformed.
        self.check_table_fields()
        if self.squad is not None and not (isinstance(self.squad, str) and self.squad and len(self.squad) <= 60):
            raise ValueError(f"a figure's squad is a short name (text) or null (alone), not {brief(self.squad)}")
        if not isinstance(self.kind, str) or self.kind not in PROFILES:
            raise ValueError(f"unknown kind of unit {brief(self.kind)}; the kinds are {', '.join(PROFILES)}")
        self.check_flags("alive", "moved", "in_vehicle")

    in_play = property(attrgetter("alive"), doc="Alive (a getter made in C: asked of every figure after every action).")

    @property
    def profile(self) -> UnitProfile:
        return PROFILES[self.kind]

    @property
    def is_special(self) -> bool:
        return self.profile.special

    @property
    def unit(self) -> str:
        """What moves as one: the squad, or the figure on its own."""
        return f"squad:{self.squad}" if self.squad else self.id

    def at(self, x: float, y: float) -> Figure:
        return evolve(self, x=x, y=y)


@dataclasses.dataclass(frozen=True, eq=False)
class Position(TablePosition):
    """What changes in play: the figures (id -> :class:`Figure`, read-only, in the order fielded),
    whose turn and phase, the round, the units that have moved this phase (squads as
    ``"squad:<name>"``, lone figures by id) and the attacks each figure has made this turn."""

    figures: Mapping[str, Figure]
    side: str
    phase: str = "move"
    round: int = 1
    moved_units: frozenset[str] = frozenset()
    attacks_used: tuple[tuple[str, int], ...] = ()


@dataclasses.dataclass(frozen=True)
class Board(tt.Board):
    """The core's what-if board (figures, table and settings), with the changes Simple Plastic asks about."""

    settings: Settings = Settings()

    @classmethod
    def of(cls, board) -> Board:
        return cls(dict(board.figures), board.table, board.settings)

    def with_figure(self, figure: Figure) -> Board:
        return evolve(self, figures={**self.figures, figure.id: figure})

    def moving(self, figure_id: str, x: float, y: float) -> Board:
        """The same board with one figure standing somewhere else (a dragged trooper)."""
        return self.with_figure(self.figures[figure_id].at(x, y))

    def without(self, *figure_ids: str) -> Board:
        """The same board with these figures killed."""
        figures = dict(self.figures)
        for fid in figure_ids:
            figures[fid] = evolve(figures[fid], alive=False)
        return evolve(self, figures=figures)


# -- who is where ----------------------------------------------------------------------------------

def in_play(board, side: str | None = None) -> list[Figure]:
    return [f for f in board.figures.values() if f.alive and (side is None or f.side == side)]


def squad_members(board, squad: str) -> list[Figure]:
    """The living members of a squad, in the order they were fielded."""
    return [f for f in board.figures.values() if f.alive and f.squad == squad]


def group_of(board, figure: Figure) -> list[Figure]:
    """What an attack on ``figure`` is an attack on: its squad's living members, or itself."""
    if figure.squad:
        return squad_members(board, figure.squad)
    return [figure] if figure.alive else []


def nearest_enemy(board, figure: Figure) -> Figure | None:
    enemies = [f for f in in_play(board) if f.side != figure.side]
    return min(enemies, key=lambda e: tt.distance(figure.position, e.position), default=None)


def with_figures(state, changed: Mapping[str, Figure], **rest) -> Position:
    if not changed:  # (an attack that kills nobody, a turn in which nobody moved): the same read-only figures, shared
        return evolve(state.position, **rest)  # and the answers kept for them (who is standing) still hold
    figures = MappingProxyType(state.position.figures | changed)  # (the read-only view's dict, copied with the changes
                                                                   # put in by one C operation: every action)
    state.carry_standing(figures, changed)  # (who is in play, counted again only if that changed)
    return evolve(state.position, figures=figures, **rest)


def is_name(value) -> bool:
    return isinstance(value, str)


def fmt(point: Point) -> str:
    """A point in a refusal, to the hundredth of an inch (a span's end may be that close to a base)."""
    return f"({point[0]:.2f}, {point[1]:.2f})"


def as_point(to) -> Point:
    """A destination named in an action, as a point of floats; refused if it is not a finite point."""
    try:
        x, y = to
        point = (float(x), float(y))
    except (TypeError, ValueError):
        raise refuse("moving.span", f"a destination is a point (x, y) in inches, not {to!r}") from None
    if not all(math.isfinite(c) for c in point):
        raise refuse("moving.span", f"a destination must be a finite point, not {to!r}")
    return point


# -- armies ----------------------------------------------------------------------------------------

def army_problems(figures: Sequence[Figure]) -> list[RuleViolation]:
    """What is wrong with the armies fielded (empty when they may play).

    Casualties still count as fielded. A squad is fielded only if it has at
    least one ordinary unit (a trooper): a specialist alone, or specialists
    together, are not a squad (ruling ``specialists``). Each side may field
    one specialist for every squad.
    """
    problems = []
    ids = [f.id for f in figures]
    if len(set(ids)) != len(ids):
        problems.append(refuse("setup", "every figure needs its own id"))
    squad_sides: dict[str, set[str]] = {}
    squad_members_all: dict[str, list[Figure]] = {}
    for f in figures:
        if f.squad:
            squad_sides.setdefault(f.squad, set()).add(f.side)
            squad_members_all.setdefault(f.squad, []).append(f)
        if f.squad and f.profile.in_squad == "never":
            problems.append(refuse("special_units.sniper",
                                   f"{f.id} is a sniper: snipers are never part of a squad"))
    for squad, sides in squad_sides.items():
        if len(sides) > 1:
            problems.append(refuse("setup", f"squad {squad} has figures of more than one side"))
    for squad, members in squad_members_all.items():
        if all(f.is_special for f in members):
            names = ", ".join(f.id for f in members)
            problems.append(refuse("rulings.specialists",
                                   f"squad {squad} is only specialists ({names}): a squad needs at least one "
                                   "ordinary unit, so a specialist alone operates individually (no squad)"))
    for side in sorted({f.side for f in figures}):
        squads = {s for s, members in squad_members_all.items()
                  if side in squad_sides[s] and not all(f.is_special for f in members)}
        specialists = sum(1 for f in figures if f.side == side and f.is_special)
        if specialists > len(squads):
            problems.append(refuse("special_units", f"{side} fields {specialists} specialists but only "
                                                    f"{len(squads)} squads: one specialist per squad"))
    return problems


# -- the one legality check, and saves -------------------------------------------------------------

def _moves_and_attacks_problem(p: Position) -> str | None:
    """The turn's bookkeeping: moved units and attacks made belong to the side to play, within its allowances."""
    units = {f.unit for f in p.figures.values() if f.side == p.side}
    for unit in sorted(p.moved_units):
        if not is_name(unit) or unit not in units:
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
        figure = p.figures.get(fid) if is_name(fid) else None
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


def position_problem(game: Game, p) -> str | None:
    problem = table_position_problem(game, p, position_type=Position, figure_type=Figure,
                                     title="the Simple Plastic Wargame")
    if problem:
        return problem
    problems = army_problems(list(p.figures.values()))
    if problems:
        return str(problems[0])
    if p.phase not in PHASES:
        return f"the phase must be one of {', '.join(PHASES)}, not {brief(p.phase)}"
    return _moves_and_attacks_problem(p)


def position_to_dict(p: Position) -> dict:
    return {
        "figures": [f.to_dict() for f in p.figures.values()],
        "side": p.side,
        "phase": p.phase,
        "round": p.round,
        "moved_units": sorted(p.moved_units),
        "attacks_used": dict(p.attacks_used),
    }


def position_from_dict(game: Game, data) -> Position:
    if not isinstance(data, Mapping):
        raise ValueError("a position is an object with figures, side, phase, round, moved_units, attacks_used")
    expected = {"figures", "side", "phase", "round", "moved_units", "attacks_used"}
    if set(data) != expected:
        wrong = sorted(map(str, set(data) ^ expected))
        raise ValueError(f"a position has exactly the keys {', '.join(sorted(expected))} (check {brief_names(wrong)})")
    built = figures_from_save(data["figures"], Figure)
    moved = data["moved_units"]
    if not isinstance(moved, list) or not all(is_name(u) for u in moved) or len(moved) > MAX_FIGURES:
        raise ValueError(f"moved_units must be a list of unit names (text), not {brief(moved)}")
    used = data["attacks_used"]
    if not isinstance(used, dict) or len(used) > MAX_FIGURES or not all(
            is_name(k) and isinstance(v, int) and not isinstance(v, bool) for k, v in used.items()):
        raise ValueError(f"attacks_used must be an object of figure id: whole number, not {brief(used)}")
    for key in ("side", "phase"):
        if not is_name(data[key]):
            raise ValueError(f"{key} must be text, not {brief(data[key])}")
    rnd = data["round"]
    if isinstance(rnd, bool) or not isinstance(rnd, int):
        raise ValueError(f"round must be a whole number, not {brief(rnd)}")
    return Position.of(built, data["side"], phase=data["phase"], round=rnd, moved_units=frozenset(moved),
                       attacks_used=tuple(sorted(used.items())))


SETTING_UP = SetupShape(  # the set-up editor (core/setting_up.py): units by profile; a sniper in no squad
    pieces="figures", place=("x", "y"),
    kinds={p.name: {"kind": k, **({"squad": None} if p.in_squad == "never" else {})} for k, p in PROFILES.items()},
    new={"squad": "alpha", "alive": True, "moved": False, "in_vehicle": False},
    phases={phase: {"phase": phase} for phase in PHASES})
