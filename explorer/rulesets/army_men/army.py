"""Army creation (standard rules): squads of 5 to 10 with one sargent and two special weapons at most,
and the points an army costs against the points the players agreed."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from explorer.core import Explained, Reason, RuleViolation

from .data import PROFILES, SPECIAL_WEAPONS_PER_SQUAD, SQUAD_SIZE, TUTORIAL_KINDS
from .sections import ref


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
