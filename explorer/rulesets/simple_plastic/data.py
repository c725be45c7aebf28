"""The Simple Plastic Wargame's numbers, as data.

Every number here is the source's (Adly Abdullah, 2016); the book renders
its tables from these, and the engine plays by them.
"""

from __future__ import annotations

from dataclasses import dataclass

SPAN_INCHES = 4.0
"""A span: "roughly 4 inches (or exactly 4 inches if you want to insist)"."""

COHESION_INCHES = 0.5
"""Squad members stay within "one finger distance from each other (roughly 1/2 inch)"."""

BASE_TO_KILL = 4
"""'Generally, a roll of 4 or more kills one target.'"""

NEVER_KILLS = 1
"""'A roll of 1 never kill regardless of the to-kill modifier.'"""

HIGHEST_TO_KILL = 6
"""'If the to-kill number is more than 6 then the target is too well protected to be attacked.'"""

SPECIALISTS_PER_SQUAD = 1
"""'Players may employ one specialist for every squad fielded.'"""

TABLE_INCHES = (48.0, 36.0)
"""The scenarios' table (the source names no size; a kitchen table)."""


@dataclass(frozen=True)
class UnitProfile:
    """What a kind of unit is and does."""

    kind: str
    name: str
    special: bool         # a specialist: counts against the one-per-squad limit, +1/-1 modifiers
    dice: int             # D6 rolled per attack
    attacks: int          # attacks per turn
    in_squad: str         # "may" or "never" (the source: most units "should be" in squads)
    attacks_after_moving: bool


PROFILES: dict[str, UnitProfile] = {
    "trooper": UnitProfile("trooper", "Trooper", False, 1, 1, "may", True),
    "heavy": UnitProfile("heavy", "Heavy weapons unit", True, 4, 1, "may", True),
    "sniper": UnitProfile("sniper", "Sniper", True, 1, 2, "never", False),
}
"""Ordinary units move by squad and roll one D6; heavy weapons 'roll 4 D6 when
attacking' and 'may be part of a squad or may operate individually'; snipers
'are never part of a squad', 'cannot attack if they have moved' and 'may
attack twice per turn'."""


@dataclass(frozen=True)
class Modifier:
    """One row of the to-kill modifiers table."""

    condition: str  # the name mechanics use for the condition
    text: str       # the source's wording
    delta: int


MODIFIERS: tuple[Modifier, ...] = (
    Modifier("target_downhill", "Target is downhill from attacker", -1),
    Modifier("attacker_special", "Attacker is a special unit", -1),
    Modifier("attacker_did_not_move", "Attacker did not move", -1),
    Modifier("target_uphill", "Target is uphill from attacker", +1),
    Modifier("target_in_cover", "Target behind cover", +1),
    Modifier("target_special", "Target is a special unit", +1),
    Modifier("target_in_vehicle", "Target is in a vehicle", +1),
)
"""The source's table, in its order."""


def modifier_table() -> dict:
    """The to-kill modifiers as the book shows them."""
    return {"columns": ["Condition", "To-kill modifier"], "rows": [[m.text, f"{m.delta:+d}"] for m in MODIFIERS]}


def profile_table() -> dict:
    """The units as the book shows them."""
    return {
        "columns": ["Unit", "D6 per attack", "Attacks per turn", "In a squad", "Attacks after moving", "Specialist"],
        "rows": [
            [p.name, p.dice, p.attacks, p.in_squad, "yes" if p.attacks_after_moving else "no", "yes" if p.special else "no"]
            for p in PROFILES.values()
        ],
    }
