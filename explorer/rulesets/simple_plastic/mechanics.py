"""The Simple Plastic Wargame's mechanics as small pure functions.

Each works on a *board*: anything with ``figures`` (id to :class:`Figure`),
``table`` (a :class:`~explorer.core.tabletop.Table`) and ``settings``. A game
state is a board; so is a :class:`Board`, which widgets use to ask "what if
this trooper stood there?" without touching the game. Every number a player
sees comes back :class:`Explained`, with the rule sections that made it.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from math import lcm

from explorer.core import Dist, Explained, Reason, RuleViolation, capped, success_chance, successes
from explorer.core import tabletop as tt
from explorer.core.tabletop import EPSILON, LineOfSight, Point, Sight, Table
from explorer.core.frozen import evolve

from .data import BASE_TO_KILL, COHESION_INCHES, HIGHEST_TO_KILL, MODIFIERS, NEVER_KILLS, PROFILES, UnitProfile
from .rulings import Settings
from .sections import ref
from explorer.core.limits import brief

FORMATION_SPACING = tt.BASE_DIAMETER + COHESION_INCHES / 2  # grid neighbours a quarter inch apart: in cohesion
FOLLOWER_TOLERANCE = 1e-6  # inches a follower may end ahead of its leader: level with him, not in front (rounding only)
CLOSING_STEP = 0.05  # inches between the spots tried when a follower slides toward its leader


# -- the pieces -------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Figure:
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

    def __post_init__(self):
        # Saved games and custom positions come back through here: say plainly what is malformed.
        if not (isinstance(self.id, str) and self.id and isinstance(self.side, str) and self.side
                and (self.squad is None or isinstance(self.squad, str) and self.squad)):
            raise ValueError(f"a figure's id, side and squad are names (text): "
                             f"id {brief(self.id)}, side {brief(self.side)}, squad {brief(self.squad)}")
        if not isinstance(self.kind, str) or self.kind not in PROFILES:
            raise ValueError(f"unknown kind of unit {brief(self.kind)}; the kinds are {', '.join(PROFILES)}")
        if not all(_is_number(c) for c in (self.x, self.y)):
            raise ValueError(f"figure {brief(self.id)} needs a position in inches, not ({brief(self.x)}, {brief(self.y)})")
        try:
            x, y = float(self.x), float(self.y)
        except OverflowError:
            x = y = math.inf
        if not (math.isfinite(x) and math.isfinite(y)):
            raise ValueError(f"figure {brief(self.id)} needs a position in inches (finite numbers), "
                             f"not ({brief(self.x)}, {brief(self.y)})")
        object.__setattr__(self, "x", x)
        object.__setattr__(self, "y", y)
        if not all(isinstance(flag, bool) for flag in (self.alive, self.moved, self.in_vehicle)):
            raise ValueError(f"figure {brief(self.id)}: alive, moved and in_vehicle are true or false")

    @property
    def position(self) -> Point:
        return (self.x, self.y)

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

    def to_dict(self) -> dict:
        return {f: getattr(self, f) for f in _FIGURE_FIELDS}  # asdict() is slow, and this runs every snapshot

    @classmethod
    def from_dict(cls, data: Mapping) -> Figure:
        """A figure from a save; anything malformed is a ``ValueError`` that says what."""
        if not isinstance(data, Mapping):
            raise ValueError(f"a figure is an object of id, side, kind, squad, x, y...; not {brief(data)}")
        unknown = sorted(map(str, set(data) - set(_FIGURE_FIELDS)))
        if unknown:
            raise ValueError(f"a figure has no field(s) {', '.join(unknown)}; the fields are {', '.join(_FIGURE_FIELDS)}")
        missing = [f for f in ("id", "side") if f not in data]
        if missing:
            raise ValueError(f"a figure needs {' and '.join(missing)}")
        return cls(**data)


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


_FIGURE_FIELDS = tuple(f.name for f in dataclasses.fields(Figure))


@dataclasses.dataclass(frozen=True)
class Board:
    """A position to ask questions of: figures, table and settings."""

    figures: Mapping[str, Figure]
    table: Table
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


def living(board, side: str | None = None) -> list[Figure]:
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
    enemies = [f for f in living(board) if f.side != figure.side]
    return min(enemies, key=lambda e: tt.distance(figure.position, e.position), default=None)


# -- sight ------------------------------------------------------------------------------

def sight(board, attacker: Figure, target: Figure) -> LineOfSight:
    """The attacker's line of sight to one figure (any visible part is enough)."""
    settings = board.settings
    blockers = None
    if settings.figures_block_sight:
        blockers = {f.id: f.position for f in living(board) if f.id not in (attacker.id, target.id)}
    return board.table.sight(attacker.position, target.position, blockers, hills_block=settings.hills_block_sight)


def _blocked(board, attacker: Figure, target: Figure) -> bool:
    """``sight(board, attacker, target).is_blocked``, without tracing screens or every line when figures do not block."""
    settings = board.settings
    if settings.figures_block_sight:
        return sight(board, attacker, target).is_blocked
    return board.table.is_blocked(attacker.position, target.position, hills_block=settings.hills_block_sight)


def targets_closest_first(board, attacker: Figure, target: Figure) -> list[Figure]:
    """The members of the target's squad (or the lone target) the attacker can see, closest first."""
    seen = [f for f in group_of(board, target) if not _blocked(board, attacker, f)]
    return sorted(seen, key=lambda f: tt.distance(attacker.position, f.position))


def closest_target(board, attacker: Figure, target: Figure) -> Figure | None:
    """The first of :func:`targets_closest_first`, tracing sight only until a member is seen."""
    remembered = getattr(board, "remembered", None)  # asked when listing attacks, and again by to_kill
    if remembered is not None and board.figures.get(attacker.id) is attacker and board.figures.get(target.id) is target:
        return remembered(("closest", attacker.id, target.id), lambda: _closest_target(board, attacker, target))
    return _closest_target(board, attacker, target)


def _closest_target(board, attacker: Figure, target: Figure) -> Figure | None:
    by_distance = sorted(group_of(board, target), key=lambda f: tt.distance(attacker.position, f.position))
    # A stable sort, so filtering after sorting keeps the order filtering before it gives.
    return next((f for f in by_distance if not _blocked(board, attacker, f)), None)


# -- the to-kill number --------------------------------------------------------------

def modifier_conditions(board, attacker: Figure, victim: Figure) -> dict[str, bool]:
    """Which rows of the modifiers table apply (keys are ``data.MODIFIERS`` conditions)."""
    table = board.table
    height = table.elevation_at(victim.position) - table.elevation_at(attacker.position)
    return {
        "target_downhill": height < 0,
        "attacker_special": attacker.is_special,
        "attacker_did_not_move": not attacker.moved,
        "target_uphill": height > 0,
        "target_in_cover": sight(board, attacker, victim).sight is Sight.PARTIAL,
        "target_special": victim.is_special,
        "target_in_vehicle": victim.in_vehicle,
    }


def _cannot(reasons: list[Reason], section: str, text: str) -> Explained[int | None]:
    return Explained(None, (*reasons, Reason(ref(section), text)))


def to_kill(board, attacker_id: str, target_id: str) -> Explained[int | None]:
    """The number ``attacker`` needs on a D6 to kill, attacking ``target``'s squad (or ``target``).

    ``None`` when the attack cannot be made; the last reason says why.
    The attack falls on the closest member of the target's squad the attacker
    can see, and that member's conditions set the number.
    """
    remembered = getattr(board, "remembered", None)  # a game state keeps answers for its current position
    if remembered is not None:
        return remembered(("to_kill", attacker_id, target_id), lambda: _to_kill(board, attacker_id, target_id))
    return _to_kill(board, attacker_id, target_id)


def _to_kill(board, attacker_id: str, target_id: str) -> Explained[int | None]:
    attacker, target = board.figures[attacker_id], board.figures[target_id]
    reasons: list[Reason] = []
    if not attacker.alive:
        return _cannot(reasons, "attacking", f"{attacker.id} is a casualty and cannot attack")
    if attacker.side == target.side:
        return _cannot(reasons, "attacking", f"{target.id} is on {attacker.id}'s own side")
    if not attacker.profile.attacks_after_moving and attacker.moved:
        return _cannot(reasons, "special_units.sniper",
                       f"{attacker.id} is a sniper and has moved: snipers cannot attack after moving")
    if not group_of(board, target):
        return _cannot(reasons, "attacking", f"{target.id} is already a casualty")
    victim = closest_target(board, attacker, target)
    if victim is None:
        cover = ", ".join(sight(board, attacker, target).cover)
        return _cannot(reasons, "attacking.line_of_sight",
                       f"{target.id} is completely blocked from {attacker.id}'s sight ({cover})")
    if victim.id != target.id:
        reasons.append(Reason(ref("attacking.closest_first"),
                              f"the attack falls on {victim.id}, the closest member of squad {victim.squad} in sight"))
    return _to_kill_against(board, attacker, victim, reasons)


def _to_kill_against(board, attacker: Figure, victim: Figure, reasons: list[Reason]) -> Explained[int | None]:
    need = board.settings.base_to_kill
    house = "" if need == BASE_TO_KILL else f" (house rule; the source says {BASE_TO_KILL})"
    reasons.append(Reason(ref("attacking.to_kill"), f"a roll of {need} or more kills{house}"))
    conditions = modifier_conditions(board, attacker, victim)
    for modifier in MODIFIERS:
        if conditions[modifier.condition]:
            need += modifier.delta
            text = _modifier_text(board, attacker, victim, modifier.condition, modifier.text)
            reasons.append(Reason(ref("attacking.modifiers"), text, modifier.delta))
    if need > HIGHEST_TO_KILL:
        return _cannot(reasons, "attacking.too_well_protected",
                       f"{victim.id} would need {need}: more than {HIGHEST_TO_KILL}, too well protected to be attacked")
    if need <= NEVER_KILLS:
        reasons.append(Reason(ref("attacking.natural_one"), f"a roll of {NEVER_KILLS} never kills, so {need}+ is 2+"))
        need = NEVER_KILLS + 1
    return Explained(need, tuple(reasons))


def _modifier_text(board, attacker: Figure, victim: Figure, condition: str, text: str) -> str:
    if condition == "target_in_cover":
        return f"{text} ({', '.join(sight(board, attacker, victim).cover)})"
    return text


def kill_chance(need: int) -> Fraction:
    """Chance one D6 kills when it needs ``need`` or more (a 1 never kills)."""
    return success_chance(need, natural_fail=NEVER_KILLS)


# -- how many die ------------------------------------------------------------------------

def kills_possible(board, attacker: Figure, visible: Sequence[Figure]) -> int:
    """Most figures one attack can kill: one, or one per die for heavy weapons (a setting)."""
    if attacker.profile.dice > 1 and board.settings.heavy_weapons_kills == "each_die":
        return min(attacker.profile.dice, len(visible))
    return 1


def attack_distribution(board, attacker_id: str, target_id: str) -> Dist:
    """Exact distribution of the number of figures one attack kills (0 if it cannot be made)."""
    need = to_kill(board, attacker_id, target_id).value
    if need is None:
        return Dist.constant(0)
    attacker = board.figures[attacker_id]
    hits = successes(attacker.profile.dice, kill_chance(need))
    return capped(hits, _kill_cap(board, attacker, board.figures[target_id]))


def _kill_cap(board, attacker: Figure, target: Figure) -> int:
    """:func:`kills_possible`, tracing sight to the whole squad only when the answer depends on it."""
    if attacker.profile.dice > 1 and board.settings.heavy_weapons_kills == "each_die":
        return kills_possible(board, attacker, targets_closest_first(board, attacker, target))
    return 1


def kill_distribution(board, attacker_id: str, target_id: str, *, attacks: int | None = None) -> Dist:
    """Exact distribution of kills from ``attacks`` attacks on the same target.

    ``attacks=None`` means every attack the unit has in a turn (a sniper's
    two). After each kill the next attack falls on the next closest member
    in sight, whose own conditions count.
    """
    attacker = board.figures[attacker_id]
    attacks = attacker.profile.attacks if attacks is None else attacks
    first = attack_distribution(board, attacker_id, target_id)
    if attacks <= 1:
        return first
    visible = targets_closest_first(board, attacker, board.figures[target_id])
    branches = []
    for kills, probability in first.pmf().items():
        after = Board.of(board).without(*(f.id for f in visible[:kills]))
        if group_of(after, board.figures[target_id]):
            rest = kill_distribution(after, attacker_id, target_id, attacks=attacks - 1)
        else:
            rest = Dist.constant(0)
        branches.append((probability, rest + kills))
    return mixture(branches)


def mixture(branches: Sequence[tuple[Fraction, Dist]]) -> Dist:
    """Exact mix of distributions, each taken with its probability."""
    scale = lcm(*(p.denominator * d.total for p, d in branches))
    weights: dict = {}
    for p, dist in branches:
        for outcome, w in dist.weights.items():
            weights[outcome] = weights.get(outcome, 0) + int(p * w * scale / dist.total)
    return Dist(weights)


def casualties(board, attacker_id: str, target_id: str, hits: int) -> Explained[tuple[str, ...]]:
    """Who dies when an attack scores ``hits`` kills: closest first."""
    attacker = board.figures[attacker_id]
    visible = targets_closest_first(board, attacker, board.figures[target_id])
    count = min(hits, kills_possible(board, attacker, visible))
    dead = tuple(f.id for f in visible[:count])
    reasons = [Reason(ref("attacking.closest_first"), "attacks are resolved closest first")]
    if attacker.profile.dice > 1:
        each_die = board.settings.heavy_weapons_kills == "each_die"
        rule = "one figure per killing die" if each_die else "at most one figure"
        reasons.append(Reason(ref("rulings.heavy_weapons_kills"), f"heavy weapons kill {rule}"))
    return Explained(dead, tuple(reasons))


# -- moving -------------------------------------------------------------------------------

def move_allowance(board, figure_id: str) -> Explained[float]:
    """How far a figure's move is measured to: one span (followers in a squad are not measured)."""
    figure = board.figures[figure_id]
    if not figure.alive:
        return Explained(0.0, (Reason(ref("moving.span"), f"{figure.id} is a casualty and does not move"),))
    settings = board.settings
    if settings.span == "child":
        reasons = [Reason(ref("moving.span"), f"one span: {settings.child_span_inches:g} inches")]
    else:
        reasons = [Reason(ref("moving.span"), "adults and older teens use the short span"),
                   Reason(ref("rulings.span_length"), f"the short span is {settings.short_span_inches:g} inches")]
    if figure.squad:
        reasons.append(Reason(ref("moving.squads"), "a squad measures only its frontmost unit's move; the rest follow"))
    return Explained(float(settings.span_inches), tuple(reasons))


def in_cohesion(points: Sequence[Point]) -> bool:
    """Whether bases form one chain, each within one finger (1/2 inch) of another."""
    return tt.chain_connected(points, COHESION_INCHES)


def squad_in_cohesion(board, squad: str) -> bool:
    return in_cohesion([f.position for f in squad_members(board, squad)])


def frontmost(members: Sequence[Figure], direction: Point) -> Figure:
    """The member furthest forward in ``direction`` (the first fielded on a tie)."""
    return max(members, key=lambda f: tt.projection(f.position, direction))


def _violation(section: str, message: str) -> RuleViolation:
    return RuleViolation(message, ref(section))


def _as_point(to) -> Point:
    try:
        x, y = to
        point = (float(x), float(y))
    except (TypeError, ValueError):
        raise _violation("moving.span", f"a destination is a point (x, y) in inches, not {to!r}") from None
    if not all(math.isfinite(c) for c in point):
        raise _violation("moving.span", f"a destination must be a finite point, not {to!r}")
    return point


def _check_measured_move(board, figure: Figure, to: Point) -> None:
    allowance = float(board.settings.span_inches) if figure.alive else 0.0  # move_allowance's value, without its reasons
    length = tt.distance(figure.position, to)
    if length > allowance + EPSILON:
        raise _violation("moving.span", f"{figure.id} may move up to {allowance:g} inches, not {length:.2f}")
    if board.table.crosses_solid(figure.position, to):
        raise _violation("rulings.solid_terrain", f"{figure.id} cannot move through solid terrain")


def _check_standing(board, figure_id: str, point: Point) -> None:
    table = board.table
    if not table.on_table(point):
        raise _violation("rulings.bases", f"{figure_id} would stand (partly) off the table at {_fmt(point)}")
    if table.in_solid(point):
        raise _violation("rulings.solid_terrain", f"{figure_id} cannot stand on solid terrain at {_fmt(point)}")


def _check_places(board, placed: Mapping[str, Point]) -> None:
    """Every base on the table, off solid terrain, and on no other base."""
    for fid, point in placed.items():
        _check_standing(board, fid, point)
    _check_no_overlap(board, placed)


def _check_no_overlap(board, placed: Mapping[str, Point]) -> None:
    others = [(f.id, (f.x, f.y)) for f in board.figures.values() if f.alive and f.id not in placed]
    items = list(placed.items())
    reach = tt.BASE_DIAMETER
    for i, (fid, point) in enumerate(items):
        x, y = point
        for other_id, other in others + items[i + 1:]:
            if abs(other[0] - x) > reach or abs(other[1] - y) > reach:
                continue  # too far apart along one axis to overlap (bases_overlap's own first test)
            if tt.bases_overlap(point, other):
                raise _violation("rulings.bases", f"{fid} would stand on {other_id}'s base at {_fmt(point)}")


def _fmt(point: Point) -> str:
    return f"({point[0]:.2f}, {point[1]:.2f})"


def _remembered_plan(board, key: tuple, to, work):
    """A legal move's plan, worked out once per position when the board is a game state.

    Listing the legal moves, checking the one chosen and doing it ask the same
    question three times. Only plain keys (names, a point of floats) are
    remembered, so malformed moves still meet the checks in their usual order;
    refusals are not remembered (``work`` raises before anything is stored).
    """
    remembered = getattr(board, "remembered", None)
    plain = (type(to) is tuple and len(to) == 2 and type(to[0]) is float and type(to[1]) is float
             and all(type(k) is str for k in key))
    if remembered is None or not plain:
        return work()
    return remembered(("plan", *key, to), work)


def plan_figure_move(board, figure_id: str, to) -> tuple[Point, bool]:
    """Check a lone unit's move: its new place, and whether it counts as having moved."""
    return _remembered_plan(board, (figure_id,), to, lambda: _plan_figure_move(board, figure_id, to))


def _plan_figure_move(board, figure_id: str, to) -> tuple[Point, bool]:
    figure = board.figures[figure_id]
    if not figure.alive:
        raise _violation("moving.span", f"{figure_id} is a casualty and cannot move")
    if figure.squad:
        raise _violation("moving.squads",
                         f"{figure_id} is in squad {figure.squad}: units in a squad move with it (MoveSquad)")
    to = _as_point(to)
    _check_measured_move(board, figure, to)
    _check_places(board, {figure_id: to})
    return to, tt.distance(figure.position, to) > EPSILON


def plan_squad_move(board, squad: str, leader_id: str, to, followers=None) -> tuple[dict[str, Point], bool]:
    """Check a squad move: everyone's new place, and whether the squad counts as having moved.

    ``followers`` is ``None`` (they form up behind the leader, or close ranks
    on a leader who stays) or pairs of ``(figure_id, (x, y))``; members not
    listed stay where they are. A leader who stays where he is only closes
    gaps: allowed only to a squad with gaps, and each follower moves toward
    him (ruling ``closing_gaps``). A leader who moves has the rest of the
    squad end behind him (ruling ``followers``).
    """
    if followers is not None:
        return _plan_squad_move(board, squad, leader_id, to, followers)
    placed, moved = _remembered_plan(board, (squad, leader_id), to,
                                     lambda: _plan_squad_move(board, squad, leader_id, to, None))
    return dict(placed), moved  # a copy: the remembered plan must not be changed by the caller


def _plan_squad_move(board, squad: str, leader_id: str, to, followers=None) -> tuple[dict[str, Point], bool]:
    members = squad_members(board, squad)
    if not members:
        raise _violation("moving.squads", f"there is no squad {squad!r} with living members")
    by_id = {f.id: f for f in members}
    if leader_id not in by_id:
        raise _violation("moving.squads", f"{leader_id!r} is not a living member of squad {squad}")
    leader, to = by_id[leader_id], _as_point(to)
    moved = tt.distance(leader.position, to) > EPSILON
    if not moved and in_cohesion([f.position for f in members]):
        raise _violation("rulings.closing_gaps", f"squad {squad} has no gaps to close: a squad whose leader stays "
                                                 "where he is only closes gaps, and this one has none (to stay put, "
                                                 "just do not move it)")
    direction = tt.unit_vector(leader.position, to)
    if moved and board.settings.leader == "frontmost":
        _check_frontmost(members, leader, direction)
    _check_measured_move(board, leader, to)
    _check_standing(board, leader.id, to)
    placed = {leader.id: to}
    if followers is None:
        placed.update(_form_up(board, members, leader, to, direction) if moved else _close_ranks(board, members, leader))
    else:
        placed.update(_explicit_followers(board, by_id, leader, followers))
    _check_places(board, placed)
    if moved:
        _check_behind_leader(by_id, leader, to, direction, placed)
    else:
        _check_closing(by_id, leader, placed)
    if not in_cohesion(list(placed.values())):
        raise _violation("moving.cohesion", f"squad {squad} would not be in cohesion: every member must end within "
                                            f"{COHESION_INCHES:g} inch of another, in one chain")
    return placed, moved


def menu_move_allowed(board, members: Sequence[Figure], leader: Figure, to: Point, others: Sequence[Point],
                      verdicts: dict) -> bool:
    """Whether :func:`plan_squad_move` (followers forming up) or, for a lone figure,
    :func:`plan_figure_move` accepts ``leader`` going to ``to``; remembered in ``verdicts`` across positions.

    ``members`` is the unit's living members (the lone figure alone), ``others`` where every other living
    figure stands. A move's verdict depends on the unit, the table and the settings (one game per
    ``verdicts``), and on other figures only through whether their bases overlap a spot it tries. Formation
    grows one grid step at a time from ``to``, so every spot tried lies within (followers + 1) spacings of
    it: only figures within that and a base more are part of the key, and moves elsewhere on the table
    leave the verdict standing.
    """
    def verdict() -> bool:
        try:
            if leader.squad:
                plan_squad_move(board, leader.squad, leader.id, to)
            else:
                plan_figure_move(board, leader.id, to)
        except RuleViolation:
            return False
        return True

    if tt.distance(leader.position, to) <= EPSILON:
        return verdict()  # closing gaps looks further afield (and is rare): not remembered
    reach = (len(members) if leader.squad else 0) * FORMATION_SPACING + tt.BASE_DIAMETER + 1e-6
    x, y = to
    near = tuple(sorted(p for p in others if abs(p[0] - x) <= reach and abs(p[1] - y) <= reach))
    key = (tuple((f.id, f.x, f.y) for f in members), leader.id, to, near)
    allowed = verdicts.get(key)
    if allowed is None:
        if len(verdicts) > 100_000:
            verdicts.clear()  # a bound on memory; verdicts are only worked out again
        allowed = verdicts[key] = verdict()
    return allowed


def _check_behind_leader(by_id, leader: Figure, to: Point, direction: Point, placed: Mapping[str, Point]) -> None:
    """'Then move the rest of the squad behind him': no follower ends further forward than the leader."""
    front = tt.projection(to, direction)
    for fid, point in placed.items():
        if fid == leader.id:
            continue
        ahead = tt.projection(point, direction) - front
        if ahead > FOLLOWER_TOLERANCE:
            raise _violation("rulings.followers", f"{fid} would end {ahead:.2f} inches ahead of {leader.id}, who "
                                                  "leads the move: the rest of the squad follows behind him")


def _check_closing(by_id, leader: Figure, placed: Mapping[str, Point]) -> None:
    """Closing gaps: each follower moves toward the leader, who stays, and ends no further from him."""
    anchor = leader.position
    for fid, point in placed.items():
        if fid == leader.id:
            continue
        start = by_id[fid].position
        if tt.distance(point, start) <= EPSILON:
            continue
        if tt.distance(point, anchor) > tt.distance(start, anchor) + EPSILON:
            raise _violation("rulings.closing_gaps", f"{fid} would end further from {leader.id} than it stood: "
                                                     "closing gaps, the squad draws in on its leader")
        off_line = tt.segment_point_distance(start, anchor, point)
        if off_line > COHESION_INCHES + EPSILON:
            raise _violation("rulings.closing_gaps",
                             f"{fid} would end {off_line:.2f} inches off the line from where it stood to {leader.id}: "
                             f"closing gaps, each member moves toward the leader (within {COHESION_INCHES:g} inch "
                             "of that line)")


def _check_frontmost(members: Sequence[Figure], leader: Figure, direction: Point) -> None:
    front = frontmost(members, direction)
    lead = tt.projection(front.position, direction) - tt.projection(leader.position, direction)
    if lead > COHESION_INCHES + EPSILON:
        raise _violation("moving.squads", f"{leader.id} is not the frontmost unit for a move that way "
                                          f"({front.id} is {lead:.2f} inches ahead): move the frontmost unit first")


def _form_up(board, members, leader, to, direction) -> dict[str, Point]:
    followers = [f for f in members if f.id != leader.id]
    if not followers:
        return {}
    member_ids = {f.id for f in members}
    occupied = [f.position for f in living(board) if f.id not in member_ids]
    spots = tt.formation(board.table, to, direction, len(followers), occupied=occupied, spacing=FORMATION_SPACING)
    if spots is None:
        raise _violation("rulings.followers", f"there is no room for squad {leader.squad} to form up at {_fmt(to)}")
    return {f.id: spot for f, spot in zip(followers, spots)}


def _close_ranks(board, members, leader) -> dict[str, Point]:
    """Close gaps on a leader who stays: each follower, nearest first, slides straight toward him.

    A follower moves only as far as it must to be within one finger of a
    member already placed (the leader first), so the squad draws in without
    its front going anywhere.
    """
    anchor = leader.position
    member_ids = {f.id for f in members}
    others = [f.position for f in living(board) if f.id not in member_ids]
    followers = sorted((f for f in members if f.id != leader.id), key=lambda f: tt.distance(f.position, anchor))
    placed: dict[str, Point] = {leader.id: anchor}
    for k, f in enumerate(followers):
        waiting = [g.position for g in followers[k + 1:]]
        start = f.position
        span = tt.distance(start, anchor)
        back = tt.unit_vector(anchor, start)
        spot = start
        if back is not None:
            steps = max(1, math.ceil((span - tt.BASE_DIAMETER) / CLOSING_STEP))
            candidates = [start] + [tt.step(anchor, back, span - (span - tt.BASE_DIAMETER) * i / steps)
                                    for i in range(1, steps + 1)]
            standable = [p for p in candidates
                         if _free_spot(board, p, [*others, *placed.values(), *waiting])]
            near = [p for p in standable if any(tt.gap_between(p, q) <= COHESION_INCHES + EPSILON
                                                for q in placed.values())]
            spot = near[0] if near else (standable[-1] if standable else start)
        placed[f.id] = spot
    del placed[leader.id]
    return placed


def _free_spot(board, point: Point, taken) -> bool:
    table = board.table
    return (table.on_table(point) and not table.in_solid(point)
            and not any(tt.bases_overlap(point, q) for q in taken))


def _explicit_followers(board, by_id, leader, followers) -> dict[str, Point]:
    placed: dict[str, Point] = {}
    try:
        pairs = [(fid, _as_point(point)) for fid, point in followers]
    except (TypeError, ValueError):
        raise _violation("moving.squads", "followers are pairs of (figure id, (x, y))") from None
    for fid, point in pairs:
        if fid not in by_id or fid == leader.id:
            raise _violation("moving.squads", f"{fid!r} is not a follower in squad {leader.squad}")
        if fid in placed:
            raise _violation("moving.squads", f"{fid} is placed twice")
        placed[fid] = point
    for fid, figure in by_id.items():
        if fid != leader.id and fid not in placed:
            placed[fid] = figure.position
    return placed


# -- armies ----------------------------------------------------------------------------------

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
        problems.append(_violation("setup", "every figure needs its own id"))
    squad_sides: dict[str, set[str]] = {}
    squad_members_all: dict[str, list[Figure]] = {}
    for f in figures:
        if f.squad:
            squad_sides.setdefault(f.squad, set()).add(f.side)
            squad_members_all.setdefault(f.squad, []).append(f)
        if f.squad and f.profile.in_squad == "never":
            problems.append(_violation("special_units.sniper",
                                       f"{f.id} is a sniper: snipers are never part of a squad"))
    for squad, sides in squad_sides.items():
        if len(sides) > 1:
            problems.append(_violation("setup", f"squad {squad} has figures of more than one side"))
    for squad, members in squad_members_all.items():
        if all(f.is_special for f in members):
            names = ", ".join(f.id for f in members)
            problems.append(_violation("rulings.specialists",
                                       f"squad {squad} is only specialists ({names}): a squad needs at least one "
                                       "ordinary unit, so a specialist alone operates individually (no squad)"))
    for side in sorted({f.side for f in figures}):
        squads = {s for s, members in squad_members_all.items()
                  if side in squad_sides[s] and not all(f.is_special for f in members)}
        specialists = sum(1 for f in figures if f.side == side and f.is_special)
        if specialists > len(squads):
            problems.append(_violation("special_units", f"{side} fields {specialists} specialists but only "
                                                        f"{len(squads)} squads: one specialist per squad"))
    return problems
