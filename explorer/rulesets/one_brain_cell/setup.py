"""Setting up (book/one_brain_cell/setup.md): squads and their points, and measuring with the rules sheet.

Pure functions of figures and settings; nothing here reads a position.
"""

from __future__ import annotations

from collections.abc import Iterable

from explorer.core import Explained, Reason, RuleViolation

from .data import POINTS, SHEET_MEASURES, SPECIALS_PER_SQUAD, SQUAD_SIZE
from .sections import ref


# -- measuring ---------------------------------------------------------------------------

def measure(settings, inches: float) -> float:
    """A distance of the rules, in inches, or the sheet measure it rounds to (setting ``measuring='sheet'``)."""
    if settings.measuring == "sheet":
        return SHEET_MEASURES.get(float(inches), float(inches))
    return float(inches)


def measure_reason(settings, inches: float, what: str) -> Reason:
    if settings.measuring == "sheet" and float(inches) in SHEET_MEASURES:
        return Reason(ref("measuring"), f"{what}: {inches:g} inches, measured with the sheet as "
                                        f"{SHEET_MEASURES[float(inches)]:g}")
    return Reason(ref("moving") if what in ("walk", "run") else ref("shooting.range"), f"{what}: {inches:g} inches")


# -- squads and points -------------------------------------------------------------------------------

def composition_problems(figures: Iterable, squad: str, *, complete: bool = True) -> list[RuleViolation]:
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


def army_points(figures: Iterable) -> Explained[int]:
    """An army's points: 1 a regular, 2 a leader, 3 a special weapon."""
    counts = {"regular": 0, "leader": 0, "special": 0}
    for f in figures:
        counts["leader" if f.leader else "special" if f.arms.special else "regular"] += 1
    reasons = tuple(Reason(ref("squads.points"), f"{n} {kind}{'s' * (n != 1)} at {POINTS[kind]}", n * POINTS[kind])
                    for kind, n in counts.items() if n)
    return Explained(sum(r.delta for r in reasons), reasons)


def squads_of(figures: Iterable) -> dict[str, list]:
    squads: dict[str, list] = {}
    for f in figures:
        squads.setdefault(f.squad, []).append(f)
    return squads
