"""The Standard Rules' additions that are neither a shot nor a fight: area-effect weapons (whom a blast
threatens, and the exact odds of what it kills) and capture the flag (the terms rolled, and who holds
the flag). Cover, leadership, profiles and prone troopers change the shooting, moving and combat numbers
in their own chapters' modules.
"""

from __future__ import annotations

from collections.abc import Iterable

from explorer.core import D6, Dist, Explained, Reason, total_of
from explorer.core.dice import d3_of
from explorer.core.frozen import shared

from .data import AREA_KILLS_ON, AREA_RADIUS_INCHES
from .position import Figure, Flag, cut_off, in_play, within
from .sections import ref


# -- area-effect weapons ---------------------------------------------------------------------------


def area_victims(board, target: Figure) -> list[Figure]:
    """Every trooper in play within 6 inches of the target, either side, the target included."""
    return sorted((f for f in in_play(board) if within(f.position, target.position, AREA_RADIUS_INCHES)),
                  key=lambda f: f.id)


def area_need(board, victim: Figure) -> Explained[int]:
    """The face that kills ``victim`` in a blast: a 6, or a 5 for a trooper out of cohesion.

    The blast die is rolled for him, and leadership gives +1 to "all dice
    rolls for this individual": under every reading of the leadership setting
    that makes his 5 a 6, a kill (rulings.leadership).
    """
    need, reasons = AREA_KILLS_ON, [Reason(ref("standard.area_effect"), f"{victim.id} rolls: a {AREA_KILLS_ON} kills")]
    if board.settings.standard and cut_off(board, victim):
        need -= 1
        reasons.append(Reason(ref("standard.leadership"), f"{victim.id} out of cohesion: his 5 counts as a 6", -1))
    return Explained(need, tuple(reasons))


def area_kills(face: int, need: int = AREA_KILLS_ON) -> bool:
    return face >= need


def area_casualties(needs: Iterable[int]) -> Dist:
    """Exact distribution of the number killed when the victims need these faces (one die each)."""
    return total_of(_one_dies(need) for need in needs)


@shared  # a handful of faces needed, weighed at every blast
def _one_dies(need: int) -> Dist:
    """1 if one victim who dies on ``need`` dies, else 0."""
    return D6.map(lambda face: int(area_kills(face, need)))


def area_distribution(count: int) -> Dist:
    """Exact distribution of the number of troopers killed when ``count`` are within 6 inches (each on a 6)."""
    return _one_dies(AREA_KILLS_ON).repeat_sum(count)


def area_sides_distribution(board, target_id: str, side: str) -> Dist:
    """Exact distribution of ``(friends killed, enemies killed)`` for ``side`` firing an area weapon at ``target_id``."""
    victims = area_victims(board, board.figures[target_id])
    friends = area_casualties(area_need(board, v).value for v in victims if v.side == side)
    enemies = area_casualties(area_need(board, v).value for v in victims if v.side != side)
    return friends.combine(enemies, lambda a, b: (a, b))


def area_odds(board, target_id: str) -> Explained[Dist]:
    """Casualties of an area shot at ``target_id``: each victim dies on a 6 (a 5 out of cohesion), and the count's
    distribution."""
    victims = area_victims(board, board.figures[target_id])
    needs = [area_need(board, v) for v in victims]
    names = ", ".join(f.id for f in victims)
    reasons = [Reason(ref("standard.area_effect"), f"{len(victims)} within 6 inches ({names}) each roll: a 6 kills")]
    reasons += [r for need in needs for r in need.reasons[1:]]
    return Explained(area_casualties(n.value for n in needs), tuple(reasons))


# -- capture the flag ------------------------------------------------------------------------------


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
