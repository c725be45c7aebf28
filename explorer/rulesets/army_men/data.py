"""The army-men page's numbers, as data.

Every number here is the page's (Tutorial Rules, and the Standard Rules draft
in the page's HTML comment); the book renders its tables from these and the
engine plays by them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from fractions import Fraction

from explorer.core.dice import d2_of, d3_of, read_off_d6

COHESION_INCHES = 4.0
"""'They must stay within 4" of another squad member.'"""

DEPLOYMENT_INCHES = 24.0
"""'Setup your squad 24" away from your opponents squad.'"""

AREA_RADIUS_INCHES = 6.0
"""'All troopers (on any side) within 6" of the target trooper must roll 1D6.'"""

AREA_KILLS_ON = 6
"""'... and if a 6 is rolled, that trooper is toast.'"""

TUTORIAL_SQUAD = 5
"""'To start, pick 5 regular troopers.'"""

SQUAD_SIZE = (5, 10)
"""'Squads are 5-10 troopers.'"""

SPECIAL_WEAPONS_PER_SQUAD = 2
"""'A normal squad may have up to two special weapons in it.'"""

TABLE_INCHES = (48.0, 36.0)
"""The scenarios' table (the page names no size: 'a table or some clear space on the floor')."""


@dataclass(frozen=True)
class ToHit:
    """The number a shot needs on one D6, by variant and range band."""

    variant: str
    in_range: int
    within_half: int


TO_HIT = {
    "tutorial": ToHit("tutorial", 5, 4),   # 'kills ... on a roll of 5+ if in range, and 4+ within 1/2'
    "standard": ToHit("standard", 6, 5),   # 'on a roll of 6 if in range, and 5 or 6 within 1/2'
}


@dataclass(frozen=True)
class Profile:
    """One row of the page's Movement and Equipment tables, with its point value."""

    kind: str
    name: str
    move: float                 # inches
    range: float                # inches
    rate_of_fire: Fraction      # dice per shot; 1/2 is one die every other turn
    points: int
    max_per_squad: int
    special: bool = False       # a special weapon: at most two a squad
    area: bool = False          # an area-effect weapon
    fires_and_moves: bool = True

    @cached_property  # asked for every shot listed and weighed; a profile never changes
    def dice(self) -> int:
        """Dice rolled per shot (a rate of fire of 1/2 still rolls one, every other turn)."""
        return max(1, int(self.rate_of_fire))

    @cached_property
    def turns_between_shots(self) -> int:
        """1: every turn; 2: every other turn (rate of fire 1/2)."""
        return 1 if self.rate_of_fire >= 1 else int(1 / self.rate_of_fire)


PROFILES: dict[str, Profile] = {
    "regular": Profile("regular", "Regular soldier", 6, 20, Fraction(1), 10, 10),
    "sargent": Profile("sargent", "Sargent", 6, 20, Fraction(2), 20, 1),
    "submachine_gunner": Profile("submachine_gunner", "Submachine gunner", 6, 10, Fraction(3), 20, 2, special=True),
    "heavy_weapon": Profile("heavy_weapon", "Mortar / bazooka / RPG", 2, 40, Fraction(1, 2), 30, 2, special=True,
                            area=True, fires_and_moves=False),
    "grenadier": Profile("grenadier", "Grenadier", 6, 10, Fraction(1), 30, 2, special=True, area=True),
    "flamethrower": Profile("flamethrower", "Flamethrower", 3, 10, Fraction(1), 30, 2, special=True, area=True,
                            fires_and_moves=False),
}
"""The page's profiles. 'Heavy' costs 30 points; the three area-effect rows are the heavy weapons (a ruling)."""

TUTORIAL_KINDS = ("regular",)
"""The tutorial is played with regular troopers only."""


def profile_table(variant: str = "standard") -> dict:
    """The profiles as the book shows them."""
    kinds = TUTORIAL_KINDS if variant == "tutorial" else tuple(PROFILES)
    return {
        "columns": ["Trooper", "Movement (inches)", "Range (inches)", "Rate of fire", "Points", "Max per squad"],
        "rows": [[p.name, f"{p.move:g}", f"{p.range:g}", str(p.rate_of_fire), p.points, p.max_per_squad]
                 for p in (PROFILES[k] for k in kinds)],
    }


def tutorial_profile_table() -> dict:
    """The tutorial's one trooper, as the book shows it."""
    return profile_table("tutorial")


def to_hit_table() -> dict:
    """The base numbers needed, by variant and range band."""
    return {"columns": ["Rules", "In range", "Within half range"],
            "rows": [[v.variant.title(), f"{v.in_range}+", f"{v.within_half}+"] for v in TO_HIT.values()]}


def dice_note(name: str, reading) -> str:
    """The page's note on a small die read off a D6, written from the reading the game's dice use."""
    parts = [f"{lo}-{hi} counts as {value}" if lo != hi else f"{lo} counts as {value}"
             for lo, hi, value in read_off_d6(reading)]
    return f"{name} is read off a D6: {parts[0]}, " + ", ".join(p.replace(" counts", "") for p in parts[1:]) + "."


def dice_table() -> dict:
    """The page's Notes table: a D6's faces read as a D3 and as a D2, by the functions the game rolls with."""
    return {"columns": ["D6 face", *map(str, range(1, 7))],
            "rows": [["D3", *map(d3_of, range(1, 7))], ["D2", *map(d2_of, range(1, 7))]]}
