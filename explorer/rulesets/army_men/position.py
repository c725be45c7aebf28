"""What changes in play, underneath the chapters: the figures, the flag, the position; the words every
chapter uses (who is in play, within, in contact, cut off); the one legality check of a position and its
save format.

The dead stay in the position (``status='dead'``) so a board can show where they fell; so do troopers
who left the table.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from explorer.core import Game
from explorer.core import tabletop as tt
from explorer.core.limits import brief
from explorer.core.setting_up import SetupShape
from explorer.core.tabletop import Point
from explorer.core.tabletop.figures import (
    MAX_FIGURES, TableFigure, TablePosition, figures_from_save, table_position_problem, where as fmt,
)

from .army import composition_problems
from .data import COHESION_INCHES, PROFILES, Profile
from .rulings import VARIANTS


STATUSES = ("in_play", "dead", "off_table", "waiting")  # waiting: not set up yet (deployment by the players)


CONTACT_INCHES = tt.BASE_DIAMETER + 1e-6
"""Bases touch (a ruling: 'come into contact')."""


@dataclass(frozen=True)
class Figure(TableFigure):
    """One army man: who, where, and what he has done.

    ``moved``: moved in his side's current or most recent turn (the moving
    target rule). ``fired_round``: the round he last fired (0: never; the
    mortar's rate of fire 1/2).
    """

    id: str
    side: str
    kind: str = "regular"
    squad: str = "squad"
    x: float = 0.0
    y: float = 0.0
    status: str = "in_play"
    prone: bool = False
    moved: bool = False
    fired_round: int = 0

    def __post_init__(self):
        self.check_table_fields()
        if not isinstance(self.kind, str) or self.kind not in PROFILES:
            raise ValueError(f"unknown kind of trooper {brief(self.kind)}; the kinds are {', '.join(PROFILES)}")
        if self.status not in STATUSES:
            raise ValueError(f"figure {brief(self.id)}: status is one of {', '.join(STATUSES)}, not {brief(self.status)}")
        self.check_flags("prone", "moved")
        if isinstance(self.fired_round, bool) or not isinstance(self.fired_round, int) or self.fired_round < 0:
            raise ValueError(f"figure {brief(self.id)}: fired_round is a whole number, 0 or more")

    @property
    def profile(self) -> Profile:
        return PROFILES[self.kind]

    @property
    def in_play(self) -> bool:
        return self.status == "in_play"


@dataclass(frozen=True)
class Flag:
    """The capture-the-flag marker at ``(x, y)``, each side's terms and how many turns each has held it.

    ``terms``: ``(side, troopers, inches, turns)`` per side, as rolled.
    ``held``: ``(side, turns)``: the beginnings of its turns it has held the flag (in a row, or in all,
    by the setting ``flag_turns``).
    """

    x: float
    y: float
    terms: tuple[tuple[str, int, int, int], ...]
    held: tuple[tuple[str, int], ...]

    @property
    def position(self) -> Point:
        return (self.x, self.y)

    def term(self, side: str) -> tuple[int, int, int]:
        for s, troopers, inches, turns in self.terms:
            if s == side:
                return troopers, inches, turns
        raise KeyError(side)

    def turns_held(self, side: str) -> int:
        return dict(self.held).get(side, 0)

    def to_dict(self) -> dict:
        return {"x": self.x, "y": self.y, "terms": [list(t) for t in self.terms], "held": [list(h) for h in self.held]}

    @classmethod
    def from_dict(cls, data) -> Flag:
        if not isinstance(data, Mapping) or set(data) != {"x", "y", "terms", "held"}:
            raise ValueError("a flag is an object with x, y, terms and held")
        terms, held = data["terms"], data["held"]
        if not (isinstance(terms, list) and len(terms) <= 2 and all(
                isinstance(t, list) and len(t) == 4 and isinstance(t[0], str)
                and all(isinstance(n, int) and not isinstance(n, bool) for n in t[1:]) for t in terms)):
            raise ValueError("a flag's terms are [side, troopers, inches, turns] for each side")
        if not (isinstance(held, list) and len(held) <= 2 and all(
                isinstance(h, list) and len(h) == 2 and isinstance(h[0], str)
                and isinstance(h[1], int) and not isinstance(h[1], bool) for h in held)):
            raise ValueError("a flag's held turns are [side, turns] for each side")
        point = (data["x"], data["y"])
        if not all(isinstance(c, (int, float)) and not isinstance(c, bool) and math.isfinite(c) for c in point):
            raise ValueError("a flag stands at a point in inches")
        return cls(float(point[0]), float(point[1]), tuple(tuple(t) for t in terms), tuple(tuple(h) for h in held))


@dataclass(frozen=True, eq=False)
class Position(TablePosition):
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


# -- who is where ----------------------------------------------------------------------------------


@dataclass(slots=True)  # not frozen: built for every position, and a frozen dataclass sets each field by a call
class Facts:
    """Answers about one board's figures that the chapters ask over and over while the legal actions are
    listed, a bot weighs them and one is played: who is in play (by side, by squad), who waits to be set up,
    who is cut off, and ``memo`` for the chapters' own answers (a shot's number). Worked out once for a
    position and kept while it is current (:func:`facts`); the figures are frozen, so the answers hold."""

    figures: Mapping[str, Figure]
    table: object
    settings: object
    in_play: tuple[Figure, ...]
    sides: Mapping[str, tuple[Figure, ...]]
    squads: Mapping[tuple[str, str], tuple[Figure, ...]]
    waiting: tuple[Figure, ...]
    cut: dict = field(default_factory=dict)
    memo: dict = field(default_factory=dict)


_FACTS: dict[int, Facts] = {}
_FACTS_KEPT = 64  # what-if boards in use at once (a bot's look-ahead): they have no cache of their own


def facts(board) -> Facts:
    """The :class:`Facts` of ``board``, worked out once per position: a game state keeps them in its one
    per-position cache (:meth:`~explorer.core.tabletop.figures.TabletopState.remembered`); a what-if board
    has none, so they are kept here by its figures mapping, for a few boards at a time."""
    keep = getattr(board, "remembered", None)
    if keep is not None:
        return keep("facts", lambda: _worked_out(board))
    figures = board.figures
    known = _FACTS.get(id(figures))
    if known is not None and known.figures is figures and known.table is board.table \
            and known.settings is board.settings:
        return known
    if len(_FACTS) >= _FACTS_KEPT:
        _FACTS.clear()  # a bound on memory; the answers are only worked out again
    known = _FACTS[id(figures)] = _worked_out(board)
    return known


def _worked_out(board) -> Facts:
    figures = board.figures
    alive, waiting, sides, squads = [], [], {}, {}
    for f in figures.values():  # one pass, in the position's order (this runs for every position)
        status = f.status
        if status == "in_play":
            alive.append(f)
            side = f.side
            of_side = sides.get(side)  # setdefault would build a list for every figure
            if of_side is None:
                of_side = sides[side] = []
            of_side.append(f)
            squad = (side, f.squad)
            of_squad = squads.get(squad)
            if of_squad is None:
                of_squad = squads[squad] = []
            of_squad.append(f)
        elif status == "waiting":
            waiting.append(f)
    return Facts(figures, board.table, board.settings, tuple(alive), {k: tuple(v) for k, v in sides.items()},
                 {k: tuple(v) for k, v in squads.items()}, tuple(waiting))


def in_play(board, side: str | None = None) -> list[Figure]:
    known = facts(board)
    return list(known.in_play if side is None else known.sides.get(side, ()))


def squad_mates(board, figure: Figure) -> list[Figure]:
    return [f for f in facts(board).squads.get((figure.side, figure.squad), ()) if f.id != figure.id]


def squads_of(figures: Iterable[Figure]) -> dict[tuple[str, str], list[Figure]]:
    squads: dict[tuple[str, str], list[Figure]] = {}
    for f in figures:
        squads.setdefault((f.side, f.squad), []).append(f)
    return squads


def within(a: Point, b: Point, inches: float) -> bool:
    return tt.distance(a, b) <= inches + tt.EPSILON


def in_contact(a: Figure, b: Figure) -> bool:
    return tt.distance(a.position, b.position) <= CONTACT_INCHES


def cohesive_at(board, figure: Figure, where: Point) -> bool:
    """Whether a trooper at ``where`` is within 4 inches of another living member of his squad (or has none)."""
    mates = squad_mates(board, figure)
    return not mates or any(within(where, m.position, COHESION_INCHES) for m in mates)


def cut_off(board, figure: Figure, known: Facts | None = None) -> bool:
    """Out of cohesion now: more than 4 inches from every other living member of his squad (``known``: the
    board's :func:`facts`, if the caller has them)."""
    known = known or facts(board)
    kept = known.cut.get(figure.id)  # by id (a figure's hash weighs every field), for that very figure
    if kept is not None and kept[0] is figure:
        return kept[1]
    squad = known.squads.get((figure.side, figure.squad), ())
    if any(m is figure for m in squad):  # one of the board's: his whole squad is answered at once
        for member, cut in zip(squad, _cut_squad(squad)):
            known.cut[member.id] = (member, cut)
        return known.cut[figure.id][1]
    return not cohesive_at(board, figure, figure.position)


def _cut_squad(members: tuple[Figure, ...]) -> list[bool]:
    """:func:`cut_off` for every member of one squad in play: those with no other member within 4 inches
    (a member found near another answers for both, so most are settled by one distance)."""
    near = [False] * len(members)
    inches, hypot = COHESION_INCHES + tt.EPSILON, math.hypot  # within(), written out: asked every position
    for i, a in enumerate(members):
        if not near[i]:
            for j, b in enumerate(members):
                if j != i and hypot(b.x - a.x, b.y - a.y) <= inches:
                    near[i] = near[j] = True
                    break
    return [len(members) > 1 and not n for n in near]


def engaged_with(board_engaged, figure_id: str) -> list[str]:
    """The opponents ``figure_id`` is locked in a tied fight with."""
    return [b if a == figure_id else a for a, b, _ in board_engaged if figure_id in (a, b)]


# -- the one legality check ------------------------------------------------------------------------


def position_problem(game: Game, p) -> str | None:
    """The one legality check of a position (``None``: legal): figures on the table, off each other's bases and out of solid terrain, squads within their limits, the turn's bookkeeping, the flag, the set-up."""
    if game.settings.variant not in VARIANTS:
        return f"the settings must choose a variant ({', '.join(VARIANTS)})"

    def prone_problem(f: Figure) -> str | None:
        if f.prone and game.settings.variant == "tutorial":
            return f"{f.id} is prone: prone troopers are a standard rule"
        return None

    problem = table_position_problem(game, p, position_type=Position, figure_type=Figure, title="Army Men",
                                     figure_problem=prone_problem)
    if problem:
        return problem
    for (side, squad), members in squads_of(p.figures.values()).items():
        problems = composition_problems([f.kind for f in members], squad, variant=game.settings.variant,
                                          complete=False)
        if problems:
            return str(problems[0])
    if any(f.fired_round > p.round for f in p.figures.values()):
        return "a trooper cannot have fired in a round not yet played"
    return _step_problem(p) or _flag_problem(game, p) or _deployment_problem(p)


def _flag_problem(game: Game, p: Position) -> str | None:
    flag = p.flag
    if flag is None:
        return None
    if not isinstance(flag, Flag):
        return f"the flag is a Flag, not {type(flag).__name__}"
    if not game.setup.on_table(flag.position, 0):
        return f"the flag stands off the table at {fmt(flag.position)}"
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
        if not in_contact(fa, fb):
            return f"{a} and {b} are locked in combat but not in contact"
        if due not in (fa.side, fb.side):
            return f"the fight of {a} and {b} is due to {due!r}, not a side"
        if due == p.side and (a in p.done or b in p.done):
            return f"the fight of {a} and {b} is still to be fought on or run from, so neither's step is over"
    return None


# -- saving ----------------------------------------------------------------------------------------


def position_to_dict(p: Position) -> dict:
    return {"figures": [f.to_dict() for f in p.figures.values()], "side": p.side, "round": p.round,
            "acting": p.acting, "done": sorted(p.done), "engaged": [list(e) for e in p.engaged],
            "flag": None if p.flag is None else p.flag.to_dict()}


def position_from_dict(game, data) -> Position:
    """A position from its save (``ValueError`` saying what is malformed); its legality is checked after."""
    expected = {"figures", "side", "round", "acting", "done", "engaged", "flag"}
    if not isinstance(data, Mapping) or set(data) != expected:
        raise ValueError(f"a position is an object with exactly the keys {', '.join(sorted(expected))}")
    built = figures_from_save(data["figures"], Figure)
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


SETTING_UP = SetupShape(  # the set-up editor (core/setting_up.py): troopers by profile, standing or prone
    pieces="figures", place=("x", "y"), kinds={p.name: {"kind": k} for k, p in PROFILES.items()},
    new={"squad": "alpha", "status": "in_play", "prone": False, "moved": False, "fired_round": 0},
    fields_set={"prone": (False, True)})
