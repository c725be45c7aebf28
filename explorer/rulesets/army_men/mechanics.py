"""The army-men rules as small pure functions returning :class:`Explained` values.

A *board* is anything with ``figures`` (id -> :class:`Figure`), ``table``
and ``settings``: the game state is one. The same functions make the game's
numbers and the odds the book shows.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from explorer.core import D2, D6, Dist, Explained, Reason, RuleViolation
from explorer.core.dice import d3_of
from explorer.core import tabletop as tt
from explorer.core.tabletop import LineOfSight, Point

from .data import (
    AREA_KILLS_ON, AREA_RADIUS_INCHES, COHESION_INCHES, DEPLOYMENT_INCHES, PROFILES, SPECIAL_WEAPONS_PER_SQUAD,
    SQUAD_SIZE, TO_HIT, TUTORIAL_KINDS, Profile,
)
from .sections import ref
from explorer.core.limits import brief

STATUSES = ("in_play", "dead", "off_table", "waiting")  # waiting: not set up yet (deployment by the players)
CONTACT_INCHES = tt.BASE_DIAMETER + 1e-6
"""Bases touch (a ruling: 'come into contact')."""
SIGHT_DEPTH = 2  # a point is hidden when more than half (3 of 5) of the lines to it are hidden


@dataclass(frozen=True)
class Figure:
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
        for name in ("id", "side", "squad"):
            value = getattr(self, name)
            if not isinstance(value, str) or not value or len(value) > 60:
                raise ValueError(f"a figure's {name} is a short name (text), not {brief(value)}")
        if not isinstance(self.kind, str) or self.kind not in PROFILES:
            raise ValueError(f"unknown kind of trooper {brief(self.kind)}; the kinds are {', '.join(PROFILES)}")
        coords = (self.x, self.y)
        if not all(isinstance(c, (int, float)) and not isinstance(c, bool) and math.isfinite(c) for c in coords):
            raise ValueError(f"figure {brief(self.id)} needs a position in inches (finite numbers), not {brief(coords)}")
        object.__setattr__(self, "x", float(self.x))
        object.__setattr__(self, "y", float(self.y))
        if self.status not in STATUSES:
            raise ValueError(f"figure {brief(self.id)}: status is one of {', '.join(STATUSES)}, not {brief(self.status)}")
        if not isinstance(self.prone, bool) or not isinstance(self.moved, bool):
            raise ValueError(f"figure {brief(self.id)}: prone and moved are true or false")
        if isinstance(self.fired_round, bool) or not isinstance(self.fired_round, int) or self.fired_round < 0:
            raise ValueError(f"figure {brief(self.id)}: fired_round is a whole number, 0 or more")

    @property
    def position(self) -> Point:
        return (self.x, self.y)

    @property
    def profile(self) -> Profile:
        return PROFILES[self.kind]

    @property
    def in_play(self) -> bool:
        return self.status == "in_play"

    def to_dict(self) -> dict:
        return {"id": self.id, "side": self.side, "kind": self.kind, "squad": self.squad, "x": self.x, "y": self.y,
                "status": self.status, "prone": self.prone, "moved": self.moved, "fired_round": self.fired_round}

    @classmethod
    def from_dict(cls, data: Mapping) -> Figure:
        if not isinstance(data, Mapping):
            raise ValueError("a figure is an object")
        expected = {"id", "side", "kind", "squad", "x", "y", "status", "prone", "moved", "fired_round"}
        if set(data) != expected:
            raise ValueError(f"a figure has exactly the keys {', '.join(sorted(expected))}")
        return cls(**data)


def _fmt(point: Point) -> str:
    return f"({point[0]:.1f}, {point[1]:.1f})"


# -- who is where -----------------------------------------------------------------------

def in_play(board, side: str | None = None) -> list[Figure]:
    return [f for f in board.figures.values() if f.in_play and (side is None or f.side == side)]


def squad_mates(board, figure: Figure) -> list[Figure]:
    return [f for f in in_play(board, figure.side) if f.squad == figure.squad and f.id != figure.id]


def within(a: Point, b: Point, inches: float) -> bool:
    return tt.distance(a, b) <= inches + tt.EPSILON


def in_contact(a: Figure, b: Figure) -> bool:
    return tt.distance(a.position, b.position) <= CONTACT_INCHES


def cohesive_at(board, figure: Figure, where: Point) -> bool:
    """Whether a trooper at ``where`` is within 4 inches of another living member of his squad (or has none)."""
    mates = squad_mates(board, figure)
    return not mates or any(within(where, m.position, COHESION_INCHES) for m in mates)


def cut_off(board, figure: Figure) -> bool:
    """Out of cohesion now: more than 4 inches from every other living member of his squad."""
    return not cohesive_at(board, figure, figure.position)


def engaged_with(board_engaged, figure_id: str) -> list[str]:
    """The opponents ``figure_id`` is locked in a tied fight with."""
    return [b if a == figure_id else a for a, b, _ in board_engaged if figure_id in (a, b)]


# -- moving ---------------------------------------------------------------------------------

def move_allowance(board, figure: Figure) -> Explained[float]:
    """How far a trooper may move: his profile's movement, halved if prone."""
    p = figure.profile
    section = "moving" if p.kind == "regular" else "standard.profiles"
    reasons = [Reason(ref(section), f"{p.name}: movement {p.move:g} inches")]
    inches = float(p.move)
    if figure.prone:
        inches /= 2
        reasons.append(Reason(ref("standard.prone"), f"prone: half movement, {inches:g} inches"))
    return Explained(inches, tuple(reasons))


# -- shooting ---------------------------------------------------------------------------------

def shooting_range(figure: Figure) -> Explained[float]:
    p = figure.profile
    section = "shooting.range" if p.kind == "regular" else "standard.profiles"
    reasons = [Reason(ref(section), f"{p.name}: range {p.range:g} inches")]
    inches = float(p.range)
    if figure.prone:
        inches *= 2
        reasons.append(Reason(ref("standard.prone"), f"prone: double range, {inches:g} inches"))
    return Explained(inches, tuple(reasons))


def sight(board, shooter: Figure, target: Figure) -> LineOfSight:
    return board.table.sight(shooter.position, target.position)


def in_cover(lines: LineOfSight) -> bool:
    """More than half concealed: more than half the sight lines cut or screened (a ruling)."""
    hidden = sum(1 for line in lines.lines if line.blocked_by or line.screened_by)
    return 2 * hidden > len(lines.lines)


def need_to_hit(settings, *, within_half: bool, cover: bool = False, target_moved: bool = False,
                shooter_cut_off: bool = False, target_cut_off: bool = False) -> Explained[int | None]:
    """The number one die must reach to kill, with every modifier and its rule (``None``: the shot cannot be made).

    The one place the shooting numbers are worked out: the game's shots and the
    book's odds both ask it.
    """
    variant = settings.variant or "tutorial"
    numbers = TO_HIT[variant]
    standard = variant == "standard"
    section = "standard.shooting" if standard else "shooting.to_hit"
    if within_half:
        need, text = numbers.within_half, f"within half range: {numbers.within_half}+ kills"
    else:
        need, text = numbers.in_range, f"in range (beyond half): {numbers.in_range}+ kills"
    reasons = [Reason(ref(section), text)]
    if standard and cover:
        if not within_half:
            reasons.append(Reason(ref("standard.cover"), "in cover beyond half range: safe from fire"))
            return Explained(None, tuple(reasons))
        need += 1
        reasons.append(Reason(ref("standard.cover"), "target in cover: needs 1 more", +1))
    if target_moved and (not standard or settings.standard_moving_target):
        need += 1
        reasons.append(Reason(ref("shooting.moving_target"), "target moved in its previous turn: -1 to the roll", +1))
    if standard and settings.leadership == "penalty" and shooter_cut_off:
        need += 1
        reasons.append(Reason(ref("standard.leadership"), "shooter out of cohesion: needs 1 more", +1))
    if standard and settings.leadership == "literal" and shooter_cut_off:
        need -= 1
        reasons.append(Reason(ref("standard.leadership"), "shooter out of cohesion: +1 to his rolls", -1))
    if standard and settings.leadership == "easier_target" and target_cut_off:
        need -= 1
        reasons.append(Reason(ref("standard.leadership"), "target out of cohesion: +1 to rolls against him", -1))
    if need > 6:
        reasons.append(Reason(ref("rulings.modifier_direction"), f"a D6 cannot roll {need}: the shot cannot be made"))
        return Explained(None, tuple(reasons))
    return Explained(need, tuple(reasons))


def hit_chance(need: int, dice: int = 1) -> Fraction:
    """Chance that at least one of ``dice`` D6 reaches ``need`` (a rate of fire above 1 at one target)."""
    one = D6.probability_where(lambda face: face >= need)
    return 1 - (1 - one) ** dice


def is_hit(face: int, need: int) -> bool:
    """The rule the game's dice and the odds share: a face at or above the number needed kills."""
    return face >= need


def shot_odds(settings, *, within_half: bool, cover: bool = False, target_moved: bool = False,
              shooter_cut_off: bool = False, target_cut_off: bool = False, dice: int = 1) -> Explained[Fraction]:
    """The exact chance a shot kills, for the book's odds explorer, with the reasons for the number needed."""
    need = need_to_hit(settings, within_half=within_half, cover=cover, target_moved=target_moved,
                       shooter_cut_off=shooter_cut_off, target_cut_off=target_cut_off)
    if need.value is None:
        return Explained(Fraction(0), need.reasons)
    reasons = need.reasons
    if dice > 1:
        reasons += (Reason(ref("shooting.rate_of_fire"), f"{dice} dice at one target: any one kills"),)
    return Explained(hit_chance(need.value, dice), reasons)


def odds_table(settings, dice: int = 1) -> dict:
    """The chance to kill for every range band, cover and moving target (the book's table)."""
    rows = []
    standard = (settings.variant or "tutorial") == "standard"
    for within_half in (True, False):
        for cover in ((False, True) if standard else (False,)):
            for moved in (False, True):
                odds = shot_odds(settings, within_half=within_half, cover=cover, target_moved=moved, dice=dice)
                rows.append(["within half" if within_half else "beyond half", "yes" if cover else "no",
                             "yes" if moved else "no", str(odds.value)])
    return {"columns": ["Range", "Cover", "Target moved", "Chance to kill"], "rows": rows}


def to_hit(board, shooter_id: str, target_id: str) -> Explained[int | None]:
    """What a shooter needs to kill a target on the board now (``None``, last reason why not)."""
    shooter, target = board.figures[shooter_id], board.figures[target_id]
    reach = shooting_range(shooter)
    d = tt.distance(shooter.position, target.position)
    if d > reach.value + tt.EPSILON:
        return Explained(None, reach.reasons + (
            Reason(ref("shooting.range"), f"{target_id} is {d:.1f} inches away: out of range"),))
    lines = sight(board, shooter, target)
    if lines.is_blocked:
        return Explained(None, (Reason(ref("shooting.line_of_sight"), f"{shooter_id} cannot see {target_id}"),))
    if shooter.profile.area:
        return Explained(None, (Reason(ref("standard.area_effect"), "an area-effect weapon rolls for every trooper "
                                                                     "near the target instead"),))
    settings = board.settings
    need = need_to_hit(settings, within_half=d <= reach.value / 2 + tt.EPSILON, cover=in_cover(lines),
                       target_moved=target.moved, shooter_cut_off=cut_off(board, shooter),
                       target_cut_off=cut_off(board, target))
    return Explained(need.value, reach.reasons + need.reasons)


def friendly_in_fight(board, engaged, shooter: Figure, target: Figure) -> Figure | None:
    """The shooter's own trooper locked in combat with the target (the D2's '1'), if any."""
    ids = sorted(fid for fid in engaged_with(engaged, target.id) if board.figures[fid].side == shooter.side)
    return board.figures[ids[0]] if ids else None


def shot_distribution(board, engaged, shooter_id: str, target_id: str) -> Dist:
    """Exact distribution of who dies (a tuple of ids, empty for a miss) from an aimed shot."""
    shooter, target = board.figures[shooter_id], board.figures[target_id]
    need = to_hit(board, shooter_id, target_id).value
    p = hit_chance(need, shooter.profile.dice)
    friend = friendly_in_fight(board, engaged, shooter, target)
    miss = 1 - p
    if friend is None:
        weights = {(target.id,): p, (): miss}
    else:
        one = D2.probability(1)
        weights = {(friend.id,): p * one, (target.id,): p * (1 - one), (): miss}
    common = math.lcm(*(w.denominator for w in weights.values()))
    return Dist({k: int(w * common) for k, w in weights.items()})


# -- area-effect weapons -------------------------------------------------------------------------

def area_victims(board, target: Figure) -> list[Figure]:
    """Every trooper in play within 6 inches of the target, either side, the target included."""
    return sorted((f for f in in_play(board) if within(f.position, target.position, AREA_RADIUS_INCHES)),
                  key=lambda f: f.id)


def area_kills(face: int) -> bool:
    return face >= AREA_KILLS_ON


def area_distribution(count: int) -> Dist:
    """Exact distribution of the number of troopers killed when ``count`` are within 6 inches."""
    one = D6.map(lambda face: int(area_kills(face)))
    return one.repeat_sum(count)


def area_sides_distribution(board, target_id: str, side: str) -> Dist:
    """Exact distribution of ``(friends killed, enemies killed)`` for ``side`` firing an area weapon at ``target_id``."""
    victims = area_victims(board, board.figures[target_id])
    one = D6.map(lambda face: int(area_kills(face)))
    friends = one.repeat_sum(sum(1 for v in victims if v.side == side))
    enemies = one.repeat_sum(sum(1 for v in victims if v.side != side))
    return friends.combine(enemies, lambda a, b: (a, b))


def area_odds(board, target_id: str) -> Explained[Dist]:
    """Casualties of an area shot at ``target_id``: each victim dies on a 6, and the count's distribution."""
    victims = area_victims(board, board.figures[target_id])
    names = ", ".join(f.id for f in victims)
    return Explained(area_distribution(len(victims)), (
        Reason(ref("standard.area_effect"), f"{len(victims)} within 6 inches ({names}) each roll: a 6 kills"),))


# -- combat ----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Pair:
    """One pair of a combat: ``a`` (the attacking side's trooper) against ``b``, with their modifiers."""

    a: str
    b: str
    a_mod: Explained[int]
    b_mod: Explained[int]


def fight_result(a_face: int, b_face: int, a_mod: int, b_mod: int) -> str:
    """One pair's result: 'a' (a wins, b dies), 'b', or 'tie' (the rule the game's dice and the odds share)."""
    x, y = a_face + a_mod, b_face + b_mod
    return "a" if x > y else "b" if y > x else "tie"


def _fight_counts(a_mod: int, b_mod: int) -> dict[str, int]:
    counts = {"a": 0, "b": 0, "tie": 0}
    for x in range(1, 7):
        for y in range(1, 7):
            counts[fight_result(x, y, a_mod, b_mod)] += 1
    return counts


def fight_odds(a_mod: int, b_mod: int) -> Dist:
    """Exact outcome of one pair: both roll a D6 and add their modifiers; the lower dies, equal is a tie."""
    return Dist(_fight_counts(a_mod, b_mod))


def _leadership(board, figure: Figure, opponent: Figure) -> list[Reason]:
    settings = board.settings
    if not settings.standard:
        return []
    if settings.leadership == "penalty" and cut_off(board, figure):
        return [Reason(ref("standard.leadership"), f"{figure.id} out of cohesion", -1)]
    if settings.leadership == "literal" and cut_off(board, figure):
        return [Reason(ref("standard.leadership"), f"{figure.id} out of cohesion: +1 to his rolls", +1)]
    if settings.leadership == "easier_target" and cut_off(board, opponent):
        return [Reason(ref("standard.leadership"), f"{opponent.id} out of cohesion: +1 against him", +1)]
    return []


def _modifier(reasons: list[Reason]) -> Explained[int]:
    return Explained(sum(r.delta or 0 for r in reasons), tuple(reasons))


def combatants(board, mover_id: str) -> tuple[list[Figure], list[Figure]]:
    """Everyone in a chain of base contact with enemies, from the mover: (his side, the other side)."""
    figures = in_play(board)
    start = board.figures[mover_id]
    group, frontier = {start.id: start}, [start]
    while frontier:
        f = frontier.pop()
        for g in figures:
            if g.id not in group and g.side != f.side and in_contact(f, g):
                group[g.id] = g
                frontier.append(g)
    mine = sorted((f for f in group.values() if f.side == start.side), key=lambda f: f.id)
    theirs = sorted((f for f in group.values() if f.side != start.side), key=lambda f: f.id)
    return mine, theirs


def combat_pairs(board, mover_id: str) -> list[Pair]:
    """The pairs a move into contact starts, with initiative and ganging-up modifiers (empty: no enemy touched)."""
    attackers, defenders = combatants(board, mover_id)
    if not defenders:
        return []
    larger, smaller = (attackers, defenders) if len(attackers) >= len(defenders) else (defenders, attackers)
    count = {f.id: 0 for f in attackers + defenders}
    matches: list[tuple[Figure, Figure]] = []

    def partner(f, pool):
        touching = [g for g in pool if in_contact(f, g)]
        return min(touching, key=lambda g: (count[g.id], g.id))

    for f in larger:
        g = partner(f, smaller)
        matches.append((f, g))
        count[f.id] += 1
        count[g.id] += 1
    for g in smaller:
        if not count[g.id]:
            f = partner(g, larger)
            matches.append((f, g))
            count[f.id] += 1
            count[g.id] += 1
    extra = len(larger) - len(smaller)
    pairs = []
    attacking = {f.id for f in attackers}
    for f, g in matches:
        a, b = (f, g) if f.id in attacking else (g, f)
        a_reasons = [Reason(ref("combat.initiative"), f"{a.id} attacks: +1 for initiative", +1)]
        b_reasons: list[Reason] = []
        if extra:
            gang = Reason(ref("combat.ganging_up"), f"{len(larger)} against {len(smaller)}: +{extra}", extra)
            (a_reasons if a in larger else b_reasons).append(gang)
        a_reasons += _leadership(board, a, b)
        b_reasons += _leadership(board, b, a)
        pairs.append(Pair(a.id, b.id, _modifier(a_reasons), _modifier(b_reasons)))
    return pairs


def continued_pair(board, chooser_id: str, opponent_id: str) -> Pair:
    """A tied fight fought on by ``chooser_id``: no modifier (tutorial), +1 for the one fighting on (standard)."""
    chooser, opponent = board.figures[chooser_id], board.figures[opponent_id]
    if board.settings.standard:
        a_reasons = [Reason(ref("standard.combat"), f"{chooser_id} fights on: +1", +1)]
    else:
        a_reasons = [Reason(ref("combat.tie"), "the fight goes on with no modifier", 0)]
    a_reasons += _leadership(board, chooser, opponent)
    return Pair(chooser_id, opponent_id, _modifier(a_reasons), _modifier(_leadership(board, opponent, chooser)))


def combat_distribution(pairs: list[Pair]) -> Dist:
    """Exact distribution of who dies (a sorted tuple of ids) when ``pairs`` are fought in turn."""
    weights: dict[tuple, int] = {}

    def walk(i: int, dead: frozenset, weight: int):
        if i == len(pairs):
            key = tuple(sorted(dead))
            weights[key] = weights.get(key, 0) + weight
            return
        pair = pairs[i]
        if pair.a in dead or pair.b in dead:
            walk(i + 1, dead, weight * 36)
            return
        for outcome, w in _fight_counts(pair.a_mod.value, pair.b_mod.value).items():
            loser = {"a": {pair.b}, "b": {pair.a}, "tie": set()}[outcome]
            walk(i + 1, dead | loser, weight * w)

    walk(0, frozenset(), 1)
    return Dist(weights)


# -- deployment and armies ---------------------------------------------------------------------------

def deployment_problems(figures: Iterable[Figure]) -> list[RuleViolation]:
    """Broken deployment rules: 24 inches from the enemy, each trooper within 4 inches of a squad mate."""
    figures = [f for f in figures if f.in_play]
    problems = []
    for f in figures:
        for g in figures:
            if f.side < g.side and tt.distance(f.position, g.position) < DEPLOYMENT_INCHES - tt.EPSILON:
                problems.append(RuleViolation(
                    f"{f.id} and {g.id} deploy {tt.distance(f.position, g.position):.1f} inches apart; squads "
                    f"set up {DEPLOYMENT_INCHES:g} inches from the enemy", ref("deployment")))
        mates = [g for g in figures if g.side == f.side and g.squad == f.squad and g.id != f.id]
        if mates and not any(within(f.position, g.position, COHESION_INCHES) for g in mates):
            problems.append(RuleViolation(f"{f.id} deploys more than {COHESION_INCHES:g} inches from every squad "
                                          "mate", ref("deployment")))
    return problems


def deploy_problem(board, figure: Figure, to: Point) -> RuleViolation | None:
    """Why ``figure`` may not be set up at ``to`` now: off the table or in solid terrain, on another base,
    nearer than 24 inches to an enemy already placed, or (a squad mate placed already) beyond 4 inches of
    every placed mate."""
    table = board.table
    if not table.on_table(to):
        return RuleViolation(f"{_fmt(to)} is off the {table.width:g} by {table.height:g} inch table", ref("deployment"))
    if table.in_solid(to):
        return RuleViolation(f"{_fmt(to)} is inside solid terrain", ref("rulings.climbing"))
    placed = in_play(board)
    if not table.is_free(to, [f.position for f in placed]):
        return RuleViolation(f"{_fmt(to)} is taken: bases may touch but not overlap", ref("deployment"))
    for enemy in placed:
        if enemy.side != figure.side and tt.distance(to, enemy.position) < DEPLOYMENT_INCHES - tt.EPSILON:
            return RuleViolation(f"{_fmt(to)} is {tt.distance(to, enemy.position):.1f} inches from {enemy.id}; "
                                 f"squads set up {DEPLOYMENT_INCHES:g} inches from the enemy", ref("deployment"))
    mates = [f for f in placed if f.side == figure.side and f.squad == figure.squad]
    if mates and not any(within(to, f.position, COHESION_INCHES) for f in mates):
        return RuleViolation(f"{figure.id} must set up within {COHESION_INCHES:g} inches of a squad mate already "
                             f"placed ({', '.join(f.id for f in mates)})", ref("deployment"))
    return None


def squads_of(figures: Iterable[Figure]) -> dict[tuple[str, str], list[Figure]]:
    squads: dict[tuple[str, str], list[Figure]] = {}
    for f in figures:
        squads.setdefault((f.side, f.squad), []).append(f)
    return squads


def composition_problems(kinds: Iterable[str], squad: str = "squad", *, variant: str = "standard",
                         complete: bool = True) -> list[RuleViolation]:
    """What a squad of these kinds breaks: 5-10 troopers (``complete``), one sargent, two special weapons.

    The tutorial squad is five regulars. ``complete=False`` checks only the
    maxima (a squad in play shrinks with casualties).
    """
    kinds = list(kinds)
    problems = []
    if variant == "tutorial":
        others = sorted({k for k in kinds if k not in TUTORIAL_KINDS})
        if others:
            problems.append(RuleViolation(f"squad {squad}: the tutorial is played with regular troopers only, not "
                                          f"{', '.join(others)}", ref("squad")))
        if complete and len(kinds) != 5:
            problems.append(RuleViolation(f"squad {squad}: the tutorial squad is 5 regular troopers, not "
                                          f"{len(kinds)}", ref("squad")))
        return problems
    low, high = SQUAD_SIZE
    if len(kinds) > high or complete and len(kinds) < low:
        problems.append(RuleViolation(f"squad {squad} has {len(kinds)} troopers; squads are {low}-{high}",
                                      ref("standard.squads")))
    sargents = kinds.count("sargent")
    if sargents > PROFILES["sargent"].max_per_squad:
        problems.append(RuleViolation(f"squad {squad} has {sargents} sargents; a squad may include one",
                                      ref("standard.squads")))
    special = [k for k in kinds if PROFILES[k].special]
    if len(special) > SPECIAL_WEAPONS_PER_SQUAD:
        problems.append(RuleViolation(f"squad {squad} has {len(special)} special weapons; a squad may have up to "
                                      f"{SPECIAL_WEAPONS_PER_SQUAD}", ref("standard.squads")))
    return problems


def army_points(squads: Mapping[str, Iterable[str]]) -> Explained[int]:
    """The points an army costs (squad name -> kinds of trooper), with the price of each kind."""
    total, reasons = 0, []
    counts: dict[str, int] = {}
    for kinds in squads.values():
        for kind in kinds:
            counts[kind] = counts.get(kind, 0) + 1
    for kind, n in counts.items():
        p = PROFILES[kind]
        total += n * p.points
        reasons.append(Reason(ref("standard.army"), f"{n} x {p.name} at {p.points} points", n * p.points))
    return Explained(total, tuple(reasons))


def army_problems(squads: Mapping[str, Iterable[str]], *, points: int | None = None) -> list[RuleViolation]:
    """Every rule a standard army breaks (unknown kinds, squad sizes and limits, the points agreed), each once."""
    squads = {name: list(kinds) for name, kinds in squads.items()}
    problems = []
    for name, kinds in squads.items():
        unknown = sorted({k for k in kinds if k not in PROFILES})
        if unknown:
            problems.append(RuleViolation(f"squad {name}: unknown kind(s) {', '.join(map(str, unknown))}",
                                          ref("standard.profiles")))
            continue
        problems += composition_problems(kinds, name)
    known = all(k in PROFILES for kinds in squads.values() for k in kinds)
    over = points_problem(army_points(squads).value, points) if known else None
    return problems + ([over] if over else [])


def points_problem(cost: int, points: int | None) -> RuleViolation | None:
    """The points rule: an army may not cost more than the ``points`` the players agreed (``None``: no limit)."""
    if points is None or cost <= points:
        return None
    return RuleViolation(f"the army costs {cost} points, more than the {points} agreed", ref("standard.army"))


# -- capture the flag ---------------------------------------------------------------------------------

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


def flag_terms(two_d6: tuple[int, int], d6: int, d3_face: int) -> tuple[int, int, int]:
    """The terms a player rolls: 2D6 troopers, within 1D6 inches, at the beginning of 1D3 turns (a D3 off a D6)."""
    return sum(two_d6), d6, d3_of(d3_face)


def flag_terms_odds() -> dict[str, Dist]:
    """The distributions of the three terms, for the book."""
    from explorer.core import D3, TWO_D6
    return {"troopers": TWO_D6, "inches": D6, "turns": D3}


def flag_holders(board, flag: Flag, side: str, inches: float) -> list[Figure]:
    """The side's troopers in play within ``inches`` of the marker."""
    return [f for f in in_play(board, side) if within(f.position, flag.position, inches)]


def flag_needed(board, flag: Flag, side: str) -> Explained[int]:
    """Troopers the side needs near the flag: its 2D6, but no more than it fielded (a ruling)."""
    troopers, _, _ = flag.term(side)
    fielded = sum(1 for f in board.figures.values() if f.side == side)
    reasons = [Reason(ref("standard.capture_the_flag"), f"{side} rolled {troopers} troopers on 2D6")]
    if troopers > fielded:
        reasons.append(Reason(ref("rulings.capture_the_flag"), f"no more than the {fielded} {side} fielded"))
    return Explained(min(troopers, fielded), tuple(reasons))


def holds_flag(board, flag: Flag, side: str) -> Explained[bool]:
    """Whether ``side`` has enough troopers near the marker now (checked at the beginning of its turns)."""
    _, inches, _ = flag.term(side)
    need = flag_needed(board, flag, side)
    near = flag_holders(board, flag, side, inches)
    return Explained(len(near) >= need.value, need.reasons + (
        Reason(ref("standard.capture_the_flag"), f"{len(near)} within {inches} inches of the flag, {need.value} needed"),))
