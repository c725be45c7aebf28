"""Small positions the book's examples are played on (inches; green's ids start with "g", tan's with "t")."""

from __future__ import annotations

from explorer.core.tabletop import Terrain

from .game import ArmyMenState
from .position import Figure
from .rulings import Settings
from .scenarios import new_state


def trooper(fid: str, x: float, y: float, kind: str = "regular", **rest) -> Figure:
    """A figure of green (an id starting with "g") or tan, in its side's one squad unless ``squad`` is given."""
    side = "green" if fid.startswith("g") else "tan"
    return Figure(fid, side, kind, rest.pop("squad", side), x, y, **rest)


def board(*figures: Figure, variant: str = "tutorial", terrain=(), settings: dict | None = None,
          **position) -> ArmyMenState:
    """A game at this position on the 48 by 36 inch table (``settings``: house rules by name)."""
    return new_state(Settings(variant=variant, **(settings or {})), figures=figures, terrain=terrain, **position)


def moving_target(moved: bool = True) -> ArmyMenState:
    """The page's own example: g1 fires at t1, 15 inches off, beyond half his 20-inch range."""
    return board(trooper("g1", 10, 10), trooper("g2", 10, 12), trooper("t1", 25, 10, moved=moved),
                 trooper("t2", 25, 12))


def tied_fight() -> ArmyMenState:
    """g2 and t1 are locked in a tied fight; g1 has a clear shot at t1, 10 inches off."""
    return board(trooper("g1", 5, 5), trooper("g2", 5, 14.5), trooper("t1", 5, 15), trooper("t2", 7, 25),
                 engaged=[("g2", "t1", "tan")])


def charge() -> ArmyMenState:
    """g1 is 4.5 inches from t1: a move of 4 inches brings their bases into contact."""
    return board(trooper("g1", 10, 10), trooper("g2", 8, 12), trooper("t1", 10, 14.5), trooper("t2", 12, 14.5))


def gang_up() -> ArmyMenState:
    """t1 stands alone against g2 and g3, who touch him; g1 is about to charge in too."""
    return board(trooper("g1", 10, 9), trooper("g2", 9.5, 15), trooper("g3", 10.5, 15), trooper("t1", 10, 15),
                 trooper("t2", 20, 30), settings={"leave_cohesion": "allowed"})


WALL = Terrain.rect("wall", "solid", 18, 8, 1, 6)
HEDGE = Terrain.rect("hedge", "semi_solid", 14, 19, 1, 9)


def cover_duel() -> ArmyMenState:
    """Standard rules: green's sargent and regulars against tan troopers behind a wall and a hedge."""
    return board(trooper("g1", 8, 14, "sargent"), trooper("g2", 8, 17), trooper("g3", 8, 20, "submachine_gunner"),
                 trooper("g4", 8, 11, prone=True), trooper("t1", 20, 11), trooper("t2", 16, 22),
                 trooper("t3", 32, 20), trooper("t4", 20, 16),
                 variant="standard", terrain=[WALL, HEDGE])


def blast() -> ArmyMenState:
    """Standard rules: green's mortar aims at t1, with t2, t3 and green's own g3 within 6 inches of him."""
    return board(trooper("g1", 6, 18, "heavy_weapon"), trooper("g2", 6, 20), trooper("g3", 26, 22),
                 trooper("g4", 24, 24), trooper("t1", 28, 18), trooper("t2", 31, 17), trooper("t3", 29, 14),
                 trooper("t4", 40, 30), variant="standard", settings={"leave_cohesion": "allowed"})
