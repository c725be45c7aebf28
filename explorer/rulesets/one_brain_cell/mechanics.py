"""The 1BC rules as small pure functions returning :class:`Explained` values.

A *board* is anything with ``figures`` (id -> :class:`Figure`), ``table`` and
``settings``: the game state is one. The same functions make the game's
numbers and the odds the book shows; the dice the game rolls are read by the
same ``is_hit``, ``fight_losers``, ``charge_end`` and ``wound_of`` the odds
are counted with.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from explorer.core import D6, Dist, Explained, Reason, RuleViolation
from explorer.core import geometry as geo
from explorer.core import tabletop as tt
from explorer.core.tabletop import Point, TerrainKind

from .data import (
    CHARGE_DICE, COHESION_INCHES, CONTACT_INCHES, MAX_GANG, NO_RUN_INCHES, POINTS, ROUGH_CHARGE_DICE, ROUGH_INCHES,
    RUN_INCHES, SHEET_MEASURES, SPECIALS_PER_SQUAD, SQUAD_SIZE, TO_HIT, WALK_INCHES, WEAPONS, WOUNDS, Weapon,
)
from .sections import ref
from explorer.core.limits import brief

STATUSES = ("ok", "stunned", "dazed", "dead", "routed")
IN_PLAY = ("ok", "stunned", "dazed")
MOVES = ("", "walk", "run", "charge")


@dataclass(frozen=True)
class Figure:
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
        for name in ("id", "side", "squad"):
            value = getattr(self, name)
            if not isinstance(value, str) or not value or len(value) > 60:
                raise ValueError(f"a figure's {name} is a short name (text), not {brief(value)}")
        if not isinstance(self.weapon, str) or self.weapon not in WEAPONS:
            raise ValueError(f"unknown weapon {brief(self.weapon)}; the weapons are {', '.join(WEAPONS)}")
        coords = (self.x, self.y)
        if not all(isinstance(c, (int, float)) and not isinstance(c, bool) and math.isfinite(c) for c in coords):
            raise ValueError(f"figure {brief(self.id)} needs a position in inches (finite numbers), not {brief(coords)}")
        object.__setattr__(self, "x", float(self.x))
        object.__setattr__(self, "y", float(self.y))
        if self.status not in STATUSES:
            raise ValueError(f"figure {brief(self.id)}: status is one of {', '.join(STATUSES)}, not {brief(self.status)}")
        if self.moved not in MOVES:
            raise ValueError(f"figure {brief(self.id)}: moved is one of {MOVES}, not {brief(self.moved)}")
        if not all(isinstance(v, bool) for v in (self.leader, self.shot, self.fought)):
            raise ValueError(f"figure {brief(self.id)}: leader, shot and fought are true or false")
        if self.leader and WEAPONS[self.weapon].special:
            raise ValueError(f"figure {brief(self.id)}: a leader carries a pistol or a rifle, not a special weapon")

    @property
    def position(self) -> Point:
        return (self.x, self.y)

    @property
    def arms(self) -> Weapon:
        return WEAPONS[self.weapon]

    @property
    def in_play(self) -> bool:
        return self.status in IN_PLAY

    @property
    def standing(self) -> bool:
        return self.status == "ok"

    @property
    def points(self) -> int:
        return POINTS["leader"] if self.leader else POINTS["special"] if self.arms.special else POINTS["regular"]

    def to_dict(self) -> dict:
        return {"id": self.id, "side": self.side, "squad": self.squad, "weapon": self.weapon, "leader": self.leader,
                "x": self.x, "y": self.y, "status": self.status, "moved": self.moved, "shot": self.shot,
                "fought": self.fought}

    @classmethod
    def from_dict(cls, data: Mapping) -> Figure:
        if not isinstance(data, Mapping):
            raise ValueError("a figure is an object")
        expected = {"id", "side", "squad", "weapon", "leader", "x", "y", "status", "moved", "shot", "fought"}
        if set(data) != expected:
            raise ValueError(f"a figure has exactly the keys {', '.join(sorted(expected))}")
        return cls(**data)


def fmt(point: Point) -> str:
    return f"({point[0]:.1f}, {point[1]:.1f})"


# -- measuring ---------------------------------------------------------------------------

def measure(settings, inches: float) -> float:
    """A distance of the rules, in inches, or the sheet measure it rounds to (setting ``measuring='sheet'``)."""
    if settings.measuring == "sheet":
        return SHEET_MEASURES.get(float(inches), float(inches))
    return float(inches)


def _measure_reason(settings, inches: float, what: str) -> Reason:
    if settings.measuring == "sheet" and float(inches) in SHEET_MEASURES:
        return Reason(ref("measuring"), f"{what}: {inches:g} inches, measured with the sheet as "
                                        f"{SHEET_MEASURES[float(inches)]:g}")
    return Reason(ref("moving") if what in ("walk", "run") else ref("shooting.range"), f"{what}: {inches:g} inches")


# -- who is where --------------------------------------------------------------------------

def in_play(board, side: str | None = None) -> list[Figure]:
    return _memo(board, ("in_play", side), lambda: [
        f for f in board.figures.values() if f.in_play and (side is None or f.side == side)])


def standing(board, side: str | None = None) -> list[Figure]:
    return _memo(board, ("standing", side), lambda: [
        f for f in board.figures.values() if f.status == "ok" and (side is None or f.side == side)])


def within(a: Point, b: Point, inches: float) -> bool:
    return tt.distance(a, b) <= inches + tt.EPSILON


def squad_of(board, squad: str) -> list[Figure]:
    """Every figure ever in the squad (its starting number), in the order fielded."""
    return [f for f in board.figures.values() if f.squad == squad]


def cut_off(board, figure: Figure) -> bool:
    """More than 4 inches from every other living member of his squad (his 6s count as 5s)."""
    inches = measure(board.settings, COHESION_INCHES)
    mates = [f for f in in_play(board, figure.side) if f.squad == figure.squad and f.id != figure.id]
    return bool(mates) and not any(within(figure.position, m.position, inches) for m in mates)


def _memo(board, key, compute):
    """``compute()``, remembered for the board's current position when the board keeps a memo (the game does)."""
    memo = getattr(board, "memo", None)
    if memo is None:
        return compute()
    if key not in memo:
        memo[key] = compute()
    return memo[key]


def in_contact(a: Point, b: Point) -> bool:
    """Within 1 inch, base edge to base edge: locked in H2H."""
    return tt.gap_between(a, b) <= CONTACT_INCHES + tt.EPSILON


def locked_with(board, figure: Figure) -> list[Figure]:
    """The standing enemies a standing figure is locked in H2H with (none for a figure lying down)."""
    if not figure.standing:
        return []
    if board.figures.get(figure.id) is not figure:
        return [e for e in standing(board) if e.side != figure.side and in_contact(figure.position, e.position)]
    return _memo(board, ("locked", figure.id), lambda: [
        e for e in standing(board) if e.side != figure.side and in_contact(figure.position, e.position)])


def rough_pieces(table):
    return [t for t in table.terrain if t.kind is TerrainKind.ROUGH]


def in_rough(table, point: Point) -> bool:
    return any(t.covers(point) for t in rough_pieces(table))


def crosses_rough(table, a: Point, b: Point) -> bool:
    """A route that starts, ends or passes through rough terrain."""
    return any(t.covers(a) or t.covers(b) or geo.segment_intersects_polygon(t.shape, a, b) for t in rough_pieces(table))


# -- moving -----------------------------------------------------------------------------------

def enemy_near(board, figure: Figure, inches: float) -> Figure | None:
    if board.figures.get(figure.id) is not figure:
        return _enemy_near(board, figure, inches)
    return _memo(board, ("near", figure.id, inches), lambda: _enemy_near(board, figure, inches))


def _enemy_near(board, figure: Figure, inches: float) -> Figure | None:
    near = [e for e in in_play(board) if e.side != figure.side and within(figure.position, e.position, inches)]
    return min(near, key=lambda e: (tt.distance(e.position, figure.position), e.id)) if near else None


def move_allowance(board, figure: Figure, to: Point | None = None) -> Explained[float]:
    """How far a walk or run may go: 4 inches through rough terrain, else 12 running, or 8 within 12 of an enemy."""
    settings = board.settings
    if to is not None and crosses_rough(board.table, figure.position, to) or to is None and in_rough(
            board.table, figure.position):
        inches = measure(settings, ROUGH_INCHES)
        return Explained(inches, (Reason(ref("moving.rough"), f"in rough terrain: {inches:g} inches"),))
    near = enemy_near(board, figure, measure(settings, NO_RUN_INCHES))
    walk = measure(settings, WALK_INCHES)
    if near is not None:
        return Explained(walk, (_measure_reason(settings, WALK_INCHES, "walk"), Reason(
            ref("moving"), f"{near.id} is within {measure(settings, NO_RUN_INCHES):g} inches: no running")))
    run = measure(settings, RUN_INCHES)
    return Explained(run, (_measure_reason(settings, WALK_INCHES, "walk"), _measure_reason(settings, RUN_INCHES, "run")))


def pace(board, figure: Figure, inches: float) -> str:
    """'walk' or 'run': a move longer than the walk is a run."""
    return "walk" if inches <= measure(board.settings, WALK_INCHES) + tt.EPSILON else "run"


# -- charging ----------------------------------------------------------------------------------

def charge_dice(board, figure: Figure, target: Figure) -> Explained[int]:
    """2D6 inches, or 1D6 when the charge starts in or crosses rough terrain."""
    if crosses_rough(board.table, figure.position, target.position):
        return Explained(ROUGH_CHARGE_DICE, (Reason(ref("moving.charge"), "a charge in rough terrain: 1D6 inches"),))
    return Explained(CHARGE_DICE, (Reason(ref("moving.charge"), "a charge: 2D6 inches"),))


def charge_end(board, figure: Figure, target: Figure, inches: float) -> tuple[Point, bool]:
    """Where a charge of ``inches`` straight at ``target`` stops, and whether it arrived (within 1 inch).

    The charger stops when the bases touch; if the spot is taken by another
    base, he stops short of it, on the same line.
    """
    start, goal = figure.position, target.position
    direction = tt.unit_vector(start, goal)
    if direction is None:
        return start, in_contact(start, goal)
    travel = max(0.0, min(float(inches), tt.distance(start, goal) - tt.BASE_DIAMETER))
    others = [f.position for f in in_play(board) if f.id != figure.id]
    while travel > 0:
        end = tt.step(start, direction, travel)
        end = (round(end[0], 6), round(end[1], 6))
        if board.table.is_free(end, others):
            return end, in_contact(end, goal)
        travel = max(0.0, travel - 0.05)
    return start, in_contact(start, goal)


def charge_reach(dice: int) -> float:
    """The farthest a charge can bring a base: its best roll, plus the inch of H2H."""
    return 6.0 * dice + CONTACT_INCHES


def charge_distribution(board, figure: Figure, target: Figure) -> Dist:
    """Exact chance the charge arrives (``True``) or falls short (``False``), counting every roll."""
    dice = charge_dice(board, figure, target).value
    rolls = D6.repeat_sum(dice)
    weights: dict[bool, int] = {}
    for inches, w in rolls.weights.items():
        arrived = charge_end(board, figure, target, inches)[1]
        weights[arrived] = weights.get(arrived, 0) + w
    return Dist(weights)


# -- shooting --------------------------------------------------------------------------------

def sight(board, eye_figure: Figure, target: Figure):
    """Sight lines from one figure to another; standing figures in between block them."""
    def compute():
        return board.table.sight(eye_figure.position, target.position, _blockers(board, eye_figure, target))
    if board.figures.get(eye_figure.id) is not eye_figure or board.figures.get(target.id) is not target:
        return compute()
    return _memo(board, ("sight", eye_figure.id, target.id), compute)


def _blockers(board, eye_figure: Figure, target: Figure) -> dict[str, Point]:
    """The standing figures that could cut a line from ``eye_figure`` to any point of ``target``'s base: those
    within a base's width of the line between their centres (the others cannot touch a sight line)."""
    (ax, ay), (bx, by) = eye_figure.position, target.position
    reach = 2 * tt.BASE_RADIUS
    left, right, low, high = min(ax, bx) - reach, max(ax, bx) + reach, min(ay, by) - reach, max(ay, by) + reach
    found = {}
    for f in standing(board):
        x, y = f.x, f.y
        if left <= x <= right and low <= y <= high and f.id != eye_figure.id and f.id != target.id \
                and tt.segment_point_distance((ax, ay), (bx, by), (x, y)) < reach:
            found[f.id] = (x, y)
    return found


def in_cover(board, shooter: Figure, target: Figure) -> bool:
    """Behind cover (terrain hides part of him or a bush screens him) or standing in rough terrain."""
    lines = board.table.sight(shooter.position, target.position)
    return any(line.blocked_by or line.screened_by for line in lines.lines) or in_rough(board.table, target.position)


@dataclass(frozen=True)
class Shot:
    """A shot's numbers: the face each die needs, how many dice, the cap on hits, and the shooter's 6s."""

    need: int
    dice: int
    max_hits: int | None = None
    cut_off: bool = False
    band: str = "short"
    cover: bool = False
    spotter: str | None = None


def is_hit(face: int, need: int, cut_off: bool = False) -> bool:
    """Whether one rolled die hits: the rule the game's dice and the book's odds share (a cut-off 6 is a 5)."""
    if cut_off and face == 6:
        face = 5
    return face >= need


def count_hits(faces: Iterable[int], shot: Shot) -> int:
    hits = sum(is_hit(f, shot.need, shot.cut_off) for f in faces)
    return hits if shot.max_hits is None else min(hits, shot.max_hits)


def hit_chance(need: int, cut_off: bool = False) -> Fraction:
    return D6.probability_where(lambda face: is_hit(face, need, cut_off))


def hits_distribution(shots: Iterable[Shot]) -> Dist:
    """Exact distribution of the total hits of several shots (each its dice, need and cap)."""
    total = Dist.constant(0)
    for shot in shots:
        one = Dist.bernoulli(hit_chance(shot.need, shot.cut_off)).repeat_sum(shot.dice)
        if shot.max_hits is not None:
            one = one.map(lambda k, cap=shot.max_hits: min(k, cap))
        total = total + one
    return total


def need_to_hit(band: str, cover: bool) -> Explained[int]:
    """The Shooting Chart: 4+ short, 5+ long; 5+ and 6 at a target in cover or rough terrain."""
    need = TO_HIT[band, cover]
    text = f"{band} range{', target in cover or rough terrain' if cover else ''}: {need}+"
    return Explained(need, (Reason(ref("shooting.cover" if cover else "shooting.range"), text),))


def shot_odds(band: str, cover: bool, dice: int = 1, *, max_hits: int | None = None,
              cut_off: bool = False) -> Dist:
    """The exact distribution of hits for the book's odds explorer."""
    return hits_distribution([Shot(need_to_hit(band, cover).value, dice, max_hits, cut_off, band, cover)])


def range_band(settings, weapon: Weapon, d: float) -> Explained[str | None]:
    """'short', 'long', or ``None`` (out of range or too close), with the weapon's rules."""
    short = measure(settings, weapon.short_range(settings))
    reasons = [Reason(ref("weapons.chart"), f"{weapon.name}: {weapon.dice} "
                                            f"{'die' if weapon.dice == 1 else 'dice'}, short range {short:g}"
                      + ("" if weapon.long is None else f", long range {measure(settings, weapon.long):g}"))]
    if weapon.min_range and d < measure(settings, weapon.min_range) - tt.EPSILON:
        reasons.append(Reason(ref("weapons.minimum_range"), f"{d:.1f} inches: closer than "
                                                            f"{measure(settings, weapon.min_range):g}, may not fire"))
        return Explained(None, tuple(reasons))
    if weapon.always == "short":
        if d <= short + tt.EPSILON:
            reasons.append(Reason(ref("weapons.chart"), "always counted as short range"))
            return Explained("short", tuple(reasons))
        reasons.append(Reason(ref("shooting.range"), f"{d:.1f} inches: out of range"))
        return Explained(None, tuple(reasons))
    longest = measure(settings, weapon.long)
    if d > longest + tt.EPSILON:
        reasons.append(Reason(ref("shooting.range"), f"{d:.1f} inches: out of range"))
        return Explained(None, tuple(reasons))
    if weapon.always == "long":
        reasons.append(Reason(ref("weapons.chart"), "always counted as long range"))
        return Explained("long", tuple(reasons))
    band = "short" if d <= short + tt.EPSILON else "long"
    reasons.append(Reason(ref("shooting.range"), f"{d:.1f} inches: {band} range"))
    return Explained(band, tuple(reasons))


def plan_shot(board, shooter_id: str, target_id: str) -> Explained[Shot | None]:
    """What a shot by ``shooter_id`` at ``target_id`` needs now (``None``, the last reason why it cannot be made).

    Range, sight (through a spotter for the mortar), cover and the shooter's
    cohesion; not whose turn it is (the game checks that).
    """
    shooter, target = board.figures[shooter_id], board.figures[target_id]
    weapon = shooter.arms
    d = tt.distance(shooter.position, target.position)
    band = range_band(board.settings, weapon, d)
    reasons = list(band.reasons)
    if band.value is None:
        return Explained(None, tuple(reasons))
    spotter = None
    eye = shooter
    if sight(board, shooter, target).is_blocked:
        spotters = [f for f in standing(board, shooter.side) if f.squad == shooter.squad and f.id != shooter.id
                    and not sight(board, f, target).is_blocked] if weapon.indirect else []
        if not spotters:
            reasons.append(Reason(ref("shooting.line_of_sight"), f"{shooter_id} cannot see {target_id}"))
            return Explained(None, tuple(reasons))
        spotters.sort(key=lambda f: (in_cover(board, f, target), f.id))
        eye = spotter = spotters[0]
        reasons.append(Reason(ref("weapons.mortar"), f"indirect fire: {spotter.id} of his squad sees {target_id}"))
    numbers = shot_numbers(weapon, band.value, in_cover(board, eye, target), cut_off(board, shooter),
                           spotter.id if spotter else None)
    return Explained(numbers.value, tuple(reasons) + numbers.reasons)


def shot_numbers(weapon: Weapon, band: str, cover: bool, cut_off: bool = False,
                 spotter: str | None = None) -> Explained[Shot | None]:
    """A shot's numbers once its range band is known: the face needed, the dice, the sniper's cap, the 6s of a
    shooter cut off from his squad (``None``: he cannot roll what he needs). The game's shots and the book's
    odds explorer both ask it."""
    need = need_to_hit(band, cover)
    reasons = list(need.reasons)
    if cut_off:
        reasons.append(Reason(ref("squads.cohesion"), "the shooter is more than 4 inches from his squad: "
                                                      "his 6s count as 5s"))
        if need.value == 6:
            reasons.append(Reason(ref("squads.cohesion"), "he cannot roll the 6 he needs"))
            return Explained(None, tuple(reasons))
    if weapon.dice > 1:
        reasons.append(Reason(ref("weapons.chart"), f"{weapon.name.lower()}: {weapon.dice} dice, each may hit"))
    if weapon.max_hits:
        reasons.append(Reason(ref("weapons.sniper"), f"one hit at most from {weapon.dice} dice"))
    return Explained(Shot(need.value, weapon.dice, weapon.max_hits, cut_off, band, cover, spotter), tuple(reasons))


def casualty_order(board, target_id: str) -> list[str]:
    """Who a shot's hits fall on: the target, then the nearest figures of his squad in play (ties by name)."""
    target = board.figures[target_id]
    mates = [f for f in in_play(board, target.side) if f.squad == target.squad and f.id != target_id]
    mates.sort(key=lambda f: (tt.distance(f.position, target.position), f.id))
    return [target_id, *(f.id for f in mates)]


def wound_of(face: int) -> str:
    """The Advanced Wounding table: 'stunned', 'dazed' or 'killed'."""
    return WOUNDS[face]


WORSE = {"ok": 0, "stunned": 1, "dazed": 2, "killed": 3}


# -- H2H ------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Fight:
    """One H2H fight: up to three attackers against one defender, each with his modifiers and his 6s."""

    defender: str
    attackers: tuple[str, ...]
    modifiers: tuple[Explained[int], ...]   # attackers' in order, then the defender's
    cut_off: tuple[bool, ...]               # the same order

    @property
    def fighters(self) -> tuple[str, ...]:
        return (*self.attackers, self.defender)


def attackers_of(board, target: Figure, side: str, squad: str | None = None) -> list[Figure]:
    """The active side's standing figures locked with ``target`` (its squad only, when one is activated), at most 3."""
    near = [f for f in locked_with(board, target) if f.side == side and (squad is None or f.squad == squad)]
    near.sort(key=lambda f: (tt.distance(f.position, target.position), f.id))
    return near[:MAX_GANG]


def h2h_modifier(figure: Figure, extra_attackers: int = 0) -> Explained[int]:
    reasons = []
    if figure.arms.close_combat:
        reasons.append(Reason(ref("combat.modifiers"), f"{figure.id} has a {figure.arms.name.lower()}", +1))
    if figure.leader:
        reasons.append(Reason(ref("combat.modifiers"), f"{figure.id} is a squad leader", +1))
    if extra_attackers:
        reasons.append(Reason(ref("combat.modifiers"), f"{extra_attackers + 1} attackers gang up", extra_attackers))
    return Explained(sum(r.delta for r in reasons), tuple(reasons))


def plan_fight(board, target_id: str, side: str, squad: str | None = None) -> Fight:
    target = board.figures[target_id]
    attackers = attackers_of(board, target, side, squad)
    extra = len(attackers) - 1
    mods = tuple(h2h_modifier(a, extra) for a in attackers) + (h2h_modifier(target),)
    offs = tuple(cut_off(board, f) for f in (*attackers, target))
    return Fight(target_id, tuple(a.id for a in attackers), mods, offs)


def h2h_total(face: int, modifier: int, cut_off: bool) -> int:
    return (5 if cut_off and face == 6 else face) + modifier


def fight_losers(faces: tuple[int, ...], fight: Fight, gang_loss: str = "all") -> tuple[str, ...]:
    """Who is removed: the rule the game's dice and the book's odds share (empty: a tie, fight again)."""
    totals = [h2h_total(f, m.value, c) for f, m, c in zip(faces, fight.modifiers, fight.cut_off)]
    defender_total, attacker_totals = totals[-1], totals[:-1]
    best = max(attacker_totals)
    if best > defender_total:
        return (fight.defender,)
    if best == defender_total:
        return ()
    if gang_loss == "one":
        low = min(range(len(attacker_totals)), key=lambda i: (attacker_totals[i], fight.attackers[i]))
        return (fight.attackers[low],)
    return tuple(fight.attackers)


def fight_distribution(fight: Fight, gang_loss: str = "all") -> Dist:
    """Exact distribution of who is removed (a tuple of ids; empty for a tie), every face of every die counted."""
    weights: dict[tuple, int] = {}
    for faces in itertools.product(range(1, 7), repeat=len(fight.fighters)):
        key = fight_losers(faces, fight, gang_loss)
        weights[key] = weights.get(key, 0) + 1
    return Dist(weights)


def fight_odds(attackers: int = 1, *, attacker_modifier: int = 0, defender_modifier: int = 0,
               gang_loss: str = "all") -> dict[str, Fraction]:
    """The chance the defender falls, the attackers lose, or a tie, for the book's table."""
    mods = tuple(Explained(attacker_modifier + attackers - 1) for _ in range(attackers)) + (
        Explained(defender_modifier),)
    fight = Fight("defender", tuple(f"attacker {i + 1}" for i in range(attackers)), mods, (False,) * (attackers + 1))
    pmf = fight_distribution(fight, gang_loss).pmf()
    out = {"defender removed": Fraction(0), "attacker(s) removed": Fraction(0), "tie": Fraction(0)}
    for dead, p in pmf.items():
        key = "tie" if not dead else "defender removed" if dead == ("defender",) else "attacker(s) removed"
        out[key] += p
    return out


# -- morale -----------------------------------------------------------------------------------------

def must_test_morale(settings, start: int, left: int) -> Explained[bool]:
    """A squad at (or, by the setting, below) half its starting number tests morale."""
    if left == 0:
        return Explained(False, (Reason(ref("advanced.morale"), "no figure left to test"),))
    if settings.morale_threshold == "at_half":
        test = 2 * left <= start
        text = f"{left} of {start} left: {'at or below' if test else 'above'} half"
        return Explained(test, (Reason(ref("advanced.morale"), text), Reason(ref("rulings.morale_threshold"),
                                                                              "a squad at exactly half tests")))
    test = 2 * left < start
    return Explained(test, (Reason(ref("advanced.morale"), f"{left} of {start} left: "
                                                          f"{'less than' if test else 'not less than'} half"),))


def routs(face: int, left: int) -> bool:
    """'If the number rolled is greater than the number of figures left alive in the squad, the squad Routs'."""
    return face > left


def rout_chance(left: int) -> Fraction:
    return D6.probability_where(lambda face: routs(face, left))


# -- squads and points -------------------------------------------------------------------------------

def composition_problems(figures: Iterable[Figure], squad: str, *, complete: bool = True) -> list[RuleViolation]:
    """What a squad breaks: 5-10 figures (``complete``), one leader, at most two special weapons."""
    figures = list(figures)
    problems = []
    low, high = SQUAD_SIZE
    if len(figures) > high or complete and len(figures) < low:
        problems.append(RuleViolation(f"squad {squad} has {len(figures)} figures; squads are {low}-{high} troopers "
                                      "with a leader", ref("squads")))
    leaders = sum(f.leader for f in figures)
    if leaders > 1 or complete and leaders != 1:
        problems.append(RuleViolation(f"squad {squad} has {leaders} leaders; a squad has one", ref("squads")))
    specials = sum(f.arms.special for f in figures)
    if specials > SPECIALS_PER_SQUAD:
        problems.append(RuleViolation(f"squad {squad} has {specials} special weapons; a squad may have up to "
                                      f"{SPECIALS_PER_SQUAD}", ref("squads")))
    return problems


def army_points(figures: Iterable[Figure]) -> Explained[int]:
    """An army's points: 1 a regular, 2 a leader, 3 a special weapon."""
    counts = {"regular": 0, "leader": 0, "special": 0}
    for f in figures:
        counts["leader" if f.leader else "special" if f.arms.special else "regular"] += 1
    reasons = tuple(Reason(ref("squads.points"), f"{n} {kind}{'s' * (n != 1)} at {POINTS[kind]}", n * POINTS[kind])
                    for kind, n in counts.items() if n)
    return Explained(sum(r.delta for r in reasons), reasons)


def squads_of(figures: Iterable[Figure]) -> dict[str, list[Figure]]:
    squads: dict[str, list[Figure]] = {}
    for f in figures:
        squads.setdefault(f.squad, []).append(f)
    return squads


def morale_table() -> dict:
    """The chance a squad routs when it tests, by the figures it has left (the book's table)."""
    return {"columns": ["Figures left", "Routs on", "Chance to rout"],
            "rows": [[left, ", ".join(str(f) for f in range(1, 7) if routs(f, left)) or "never",
                      str(rout_chance(left))] for left in range(1, 7)]}
