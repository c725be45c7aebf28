"""The rule sections of the army-men page, and the book page that states each.

Each key is cited as ``army_men:<key>``; the page carries the MyST label
``(army-men-<key with dots as dashes>)=`` above its heading. Each ruling
gets a section ``rulings.<id>`` on the Rulings page.
"""

from __future__ import annotations

from explorer.core.rules import Catalogue

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

SECTIONS = Catalogue(NAME, _CATALOGUE, RULINGS)
ref = SECTIONS.ref
