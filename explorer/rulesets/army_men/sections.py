"""The rule sections of the army-men page, and the book page that states each.

Each key is cited as ``army_men:<key>``; the page carries the MyST label
``(army-men-<key with dots as dashes>)=`` above its heading. Each ruling
gets a section ``rulings.<id>`` on the Rulings page.
"""

from __future__ import annotations

from explorer.core.rules import Absent, Catalogue

from .data import AREA_RADIUS_INCHES, COHESION_INCHES, SPECIAL_WEAPONS_PER_SQUAD
from .rulings import RULINGS

NAME = "army_men"

_CATALOGUE = (
    # key, title, page
    ("equipment", "What you need", "index"),
    ("squad", "The squad", "setup"),
    ("deployment", "Deployment", "setup"),
    ("turn", "Turns", "turn"),
    ("turn.action_step", "The action step", "turn"),
    ("shooting", "Shooting", "shooting"),
    ("shooting.range", "Range", "shooting"),
    ("shooting.line_of_sight", "Line of sight", "shooting"),
    ("shooting.to_hit", "The roll to kill", "shooting"),
    ("shooting.moving_target", "A target that moved", "shooting"),
    ("shooting.rate_of_fire", "Rate of fire", "shooting"),
    ("shooting.friendly_fire", "Friendly fire", "shooting"),
    ("moving", "Movement", "moving"),
    ("moving.cohesion", "Staying within 4 inches", "moving"),
    ("moving.off_table", "Leaving the table", "moving"),
    ("moving.climbing", "Climbing", "moving"),
    ("combat", "Combat", "combat"),
    ("combat.initiative", "Initiative", "combat"),
    ("combat.tie", "A tie", "combat"),
    ("combat.ganging_up", "Ganging up", "combat"),
    ("combat.the_end", "The inevitable end", "combat"),
    ("standard", "The Standard Rules", "standard"),
    ("standard.terrain", "Terrain", "standard"),
    ("standard.cover", "Cover", "standard"),
    ("standard.shooting", "Shooting in the standard rules", "standard"),
    ("standard.leadership", "Leadership", "standard"),
    ("standard.profiles", "Movement and equipment", "standard"),
    ("standard.prone", "Prone troopers", "standard"),
    ("standard.area_effect", "Area-effect weapons", "standard"),
    ("standard.combat", "Combat in the standard rules", "standard"),
    ("standard.vehicles", "Vehicles", "standard"),
    ("standard.capture_the_flag", "Capture the flag", "standard"),
    ("standard.army", "Army creation", "army"),
    ("standard.squads", "Squads", "army"),
)

# The concepts of the book's concept index (explorer.core.rules.CONCEPTS): which section states each, and
# how it works here in one sentence (numbers from .data where it names them); a concept with no rule here is
# declared absent, with the section that shows it.
_CONCEPTS = {
    "moving": {"movement": (
        "Having shot or not, a trooper walks up to his movement (6 inches for most) by any path round solid "
        f"terrain, ending within {COHESION_INCHES:g} inches of a squad mate; one who walks off the table is lost."
    )},
    "shooting.line_of_sight": {"line_of_sight": (
        "The shooter must see his target; we trace five lines across its base, and only solid terrain cutting "
        "every one of them hides it (hedges and fences never do)."
    )},
    "standard.cover": {"cover": (
        "Standard rules only: a trooper more than half hidden by terrain needs 1 more to hit within half range, "
        "and beyond half range cannot be hit at all."
    )},
    "shooting.to_hit": {"shooting": (
        "A trooper shoots before he moves, one die per point of rate of fire; a die kills on 5 or more in range "
        "and 4 or more within half range (standard rules: 6, and 5 or more), and a tutorial target that moved "
        "is harder to hit."
    )},
    "combat": {"hand_to_hand": (
        "Troopers whose bases touch fight at once: each rolls a die, the attacker adds 1 and the bigger side 1 "
        "per extra man, the lower score dies, and a tie fights on next turn."
    )},
    "standard.leadership": {"morale": (
        f"Standard rules only, and no morale test: a trooper cut off more than {COHESION_INCHES:g} inches from "
        "every squad mate fights worse (by our ruling his shots need 1 more and he scores 1 less in a fight)."
    )},
    "standard.profiles": {"specialists": (
        "The standard rules add a sargent (two dice), a submachine gunner (three dice, short range) and "
        f"area-effect heavy weapons that threaten everyone within {AREA_RADIUS_INCHES:g} inches of their target; "
        f"at most {SPECIAL_WEAPONS_PER_SQUAD} special weapons a squad."
    )},
    "standard.terrain": {"terrain": (
        "The players agree on obstacles made of anything handy; we treat walls, houses and rocks as solid "
        "(they block sight and moves) and hedges and fences as low (crossed and seen through, but hiding part of "
        "a trooper)."
    )},
    "rulings.victory": {"victory": (
        "The page leaves the terms to the players; by our ruling the last side with troopers on the table wins, "
        "or the side with more after the round limit, and the standard rules add capture the flag."
    )},
}
_ABSENT = {
    "hidden_information": Absent("turn", (
        "None: both squads stand in full view, and every roll is made in the open."
    )),
}

SECTIONS = Catalogue(NAME, _CATALOGUE, RULINGS, concepts=_CONCEPTS, absent=_ABSENT)
ref = SECTIONS.ref
refuse = SECTIONS.refuse
