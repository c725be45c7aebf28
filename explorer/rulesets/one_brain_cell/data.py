"""The 1BC sheet's numbers, as data.

Every number here is the sheet's (Pete Kautz, 2001); the weapons chart is our
reconstruction of a chart whose first column was lost (see the ruling
``weapons_chart`` and the book's Weapons page). The book renders its tables
from these and the engine plays by them.
"""

from __future__ import annotations

from dataclasses import dataclass

WALK_INCHES = 8.0
"""'Walk - 8\"'."""
RUN_INCHES = 12.0
"""'Run - 12\"'."""
ROUGH_INCHES = 4.0
"""'In Rough Terrain - 4\"'."""
NO_RUN_INCHES = 12.0
"""'Can not Run when within 12\" of enemy'."""
CHARGE_DICE = 2
"""'Charge in H2H - 2D6\"'."""
ROUGH_CHARGE_DICE = 1
"""'Charge 1D6\" in Rough Terrain'."""
CONTACT_INCHES = 1.0
"""'Figures who have Charged to within 1\" are considered to be in H2H combat'."""
COHESION_INCHES = 4.0
"""'Troopers must stay within 4\" of another member of their squad'."""
MIN_RANGE_INCHES = 8.0
"""'You may not fire at a target closer than 8\"' (bazooka, mortar)."""
MAX_GANG = 3
"""'Up to 3 attackers can gang up on one defender'."""
SQUAD_SIZE = (5, 10)
"""'Squads should be 5-10 Troopers with a Leader'."""
SPECIALS_PER_SQUAD = 2
"""'A normal squad may have up to two Special Weapons in it'."""
POINTS = {"regular": 1, "leader": 2, "special": 3}
"""'Count each regular soldier as 1, each leader as 2, and each special weapons soldier as 3'."""

TO_HIT = {("short", False): 4, ("long", False): 5, ("short", True): 5, ("long", True): 6}
"""The Shooting Chart: (range band, target in cover or rough terrain) -> the face a die needs."""

WOUNDS = {1: "stunned", 2: "dazed", 3: "dazed", 4: "killed", 5: "killed", 6: "killed"}
"""The Advanced Wounding table: one D6 per wound."""

SHEET = (8.5, 11.0)
"""The rules sheet, 8 1/2 by 11 inches."""
SHEET_MEASURES = {4.0: 4.25, 8.0: 8.5, 12.0: 11.0, 24.0: 22.0, 36.0: 33.0}
"""Measuring with the sheet: each of the rules' distances and the sheet measure it rounds to
(half the width, the width, the length, twice and three times the length)."""


@dataclass(frozen=True)
class Weapon:
    """One row of the weapons chart (reconstructed), with its special rules as flags."""

    kind: str
    name: str
    dice: int
    short: float                  # inches; the rifle's comes from the setting rifle_short
    long: float | None            # None: no long range (the flamethrower)
    always: str | None = None     # 'long' or 'short': every shot counts as that range
    min_range: float = 0.0        # may not fire at a target closer than this
    no_move: bool = False         # may not move and shoot in the same turn
    max_hits: int | None = None   # the sniper rifle: one hit at most
    indirect: bool = False        # the mortar: fires through a spotter of its squad
    special: bool = True          # a special weapon (3 points, two a squad)
    close_combat: bool = False    # +1 in H2H (a pistol)
    special_text: str = ""

    def short_range(self, settings) -> float:
        return float(settings.rifle_short) if self.kind == "rifle" else self.short


WEAPONS: dict[str, Weapon] = {
    "pistol": Weapon("pistol", "Pistol", 1, 4.0, 12.0, special=False, close_combat=True),
    "rifle": Weapon("rifle", "Rifle", 1, 8.0, 24.0, special=False),
    "lmg": Weapon("lmg", "Light machine gun", 2, 8.0, 24.0, special_text="Rolls 2 dice to hit."),
    "hmg": Weapon("hmg", "Heavy machine gun", 3, 8.0, 36.0, no_move=True,
                  special_text="Rolls 3 dice to hit. Cannot move and shoot in the same turn."),
    "bazooka": Weapon("bazooka", "Bazooka", 4, 8.0, 24.0, always="long", min_range=MIN_RANGE_INCHES, no_move=True,
                      special_text="Rolls 4 dice to hit. Always long range. Not closer than 8\". Cannot move and "
                                   "shoot in the same turn."),
    "flamethrower": Weapon("flamethrower", "Flamethrower", 4, 8.0, None, always="short",
                           special_text="Rolls 4 dice to hit. Always short range."),
    "mortar": Weapon("mortar", "Mortar", 3, 8.0, 36.0, always="long", min_range=MIN_RANGE_INCHES, no_move=True,
                     indirect=True, special_text="Rolls 3 dice to hit. Always long range. Not closer than 8\". Cannot "
                                                 "move and shoot in the same turn. Indirect fire through a spotter of "
                                                 "its squad."),
    "sniper": Weapon("sniper", "Sniper rifle", 3, 12.0, 36.0, max_hits=1,
                     special_text="Rolls 3 dice to hit; one hit at most, however many are rolled."),
}
"""The weapons chart, in the sheet's row order (the pistol and rifle first, then Special Weapons 1 to 5)."""

OVERWATCH_WEAPONS = ("pistol", "rifle")
"""'Special weapons may NOT fire on Overwatch, only Pistols and Rifles'."""


def weapons_table(settings=None) -> dict:
    """The weapons chart as the book shows it (ranges in inches, with the settings' rifle)."""
    if settings is None:
        from .rulings import Settings
        settings = Settings()
    rows = []
    for w in WEAPONS.values():
        short = f"{w.short_range(settings):g}"
        if w.min_range:
            short = f"not less than {w.min_range:g}"
        rows.append([w.name, short, "none" if w.long is None else f"{w.long:g}", w.dice,
                     w.special_text or "-"])
    return {"columns": ["Weapon", "Short range", "Long range", "Dice", "Special"], "rows": rows}


def to_hit_table() -> dict:
    """The Shooting Chart."""
    return {"columns": ["", "Short range", "Long range"],
            "rows": [["Target in the open", f"{TO_HIT['short', False]}+", f"{TO_HIT['long', False]}+"],
                     ["Target in cover or rough terrain", f"{TO_HIT['short', True]}+", f"{TO_HIT['long', True]}+"]]}


def wound_table() -> dict:
    """The Advanced Wounding table."""
    return {"columns": ["D6", "Result", "Shown", "Next turn"],
            "rows": [["1", "Stunned", "lying on its back", "recovers and acts normally"],
                     ["2-3", "Dazed", "lying face down", "becomes stunned"],
                     ["4-6", "Killed", "removed", "-"]]}


def sheet_table() -> dict:
    """Measuring with the rules sheet: each of the rules' distances and the sheet length it rounds to."""
    names = {4.0: "half the width", 8.0: "the width", 12.0: "the length", 24.0: "twice the length",
             36.0: "three times the length"}
    uses = {4.0: "rough ground, squad distance, pistol short range", 8.0: "walk, short ranges, minimum range",
            12.0: "run, no running near the enemy, pistol long and sniper short range",
            24.0: "rifle, light machine gun and bazooka long range",
            36.0: "heavy machine gun, mortar and sniper long range"}
    return {"columns": ["Rules (inches)", "Used for", "Sheet", "Sheet (inches)"],
            "rows": [[f"{inches:g}", uses[inches], names[inches], f"{sheet:g}"]
                     for inches, sheet in SHEET_MEASURES.items()]}
