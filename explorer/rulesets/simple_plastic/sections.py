"""The rule sections of the Simple Plastic Wargame, and the book page that states each.

Each key is cited as ``simple_plastic:<key>``; the page carries the MyST label
``(simple-plastic-<key with dots as dashes>)=`` above its heading. Each
ruling gets a section ``rulings.<id>`` on the Rulings page.
"""

from __future__ import annotations

from explorer.core.rules import Absent, Catalogue

from .data import BASE_TO_KILL, NEVER_KILLS, SPAN_INCHES
from .rulings import RULINGS

NAME = "simple_plastic"

_CATALOGUE = (
    # key, title, page
    ("setup", "Setting up", "setup"),
    ("turn", "Turns", "turn"),
    ("moving.span", "Moving: one span", "moving"),
    ("moving.squads", "Moving squads", "moving"),
    ("moving.cohesion", "Squad cohesion", "moving"),
    ("attacking", "Attacking", "attacking"),
    ("attacking.line_of_sight", "Line of sight", "attacking"),
    ("attacking.to_kill", "The to-kill roll", "attacking"),
    ("attacking.modifiers", "To-kill modifiers", "attacking"),
    ("attacking.natural_one", "A roll of 1 never kills", "attacking"),
    ("attacking.too_well_protected", "Too well protected", "attacking"),
    ("attacking.closest_first", "Closest first", "attacking"),
    ("attacking.cover", "Cover", "attacking"),
    ("special_units", "Special units", "special_units"),
    ("special_units.heavy_weapons", "Heavy weapons unit", "special_units"),
    ("special_units.sniper", "Sniper", "special_units"),
)

# The concepts of the book's concept index (explorer.core.rules.CONCEPTS): which section states each, and
# how it works here in one sentence (numbers from .data where it names them); a concept with no rule here is
# declared absent, with the section that shows it.
_CONCEPTS = {
    "moving.span": {"movement": (
        f"Each unit moves up to one hand span a turn ({SPAN_INCHES:g} inches; adults measure with the short span), "
        "and a squad moves behind its frontmost soldier, whose move is the only one measured."
    )},
    "attacking.line_of_sight": {"line_of_sight": (
        "A glimpse is enough: an enemy may be attacked if any part of it can be seen, and only one wholly "
        "hidden by solid terrain is safe."
    )},
    "attacking.cover": {"cover": (
        "A target partly hidden by a wall, building or rock, or standing behind a bush or fence however much "
        "of it shows, is behind cover: +1 to the number needed to kill it."
    )},
    "attacking.to_kill": {"shooting": (
        f"Every attack is a shot: each unit rolls one die and usually kills on {BASE_TO_KILL} or more, a number "
        f"that height, cover, standing still and specialists push up or down, and a {NEVER_KILLS} never kills."
    )},
    "special_units": {"specialists": (
        "One specialist per squad: a heavy weapons unit rolls 4 dice, a sniper works alone and attacks twice "
        "but only if it did not move, and every specialist shoots better and is harder to kill."
    )},
    "rulings.solid_terrain": {"terrain": (
        "The source names terrain only as cover and height; by our ruling walls, buildings and rocks bar moves "
        "and sight, nothing slows a move, and shooting uphill is harder (+1), downhill easier (-1)."
    )},
    "rulings.victory": {"victory": (
        "The source does not say; by our ruling a side with no figures left loses, and with a round limit the "
        "side with more figures at the end wins."
    )},
}
_ABSENT = {
    "hand_to_hand": Absent("attacking", (
        "None: every attack is a roll to kill at an enemy in sight, near or far; figures never fight in contact."
    )),
    "morale": Absent("moving.cohesion", (
        "None: no leaders and no test of nerve; a squad must only keep within a finger's width of each other, "
        "and fights to the last figure."
    )),
    "hidden_information": Absent("turn", (
        "None: every figure stands in full view of both players, and only the dice are unknown."
    )),
}

SECTIONS = Catalogue(NAME, _CATALOGUE, RULINGS, concepts=_CONCEPTS, absent=_ABSENT)
ref = SECTIONS.ref
refuse = SECTIONS.refuse
