"""The rule sections of the Simple Plastic Wargame, and the book page that states each.

Each key is cited as ``simple_plastic:<key>``; the page carries the MyST label
``(simple-plastic-<key with dots as dashes>)=`` above its heading. Each
ruling gets a section ``rulings.<id>`` on the Rulings page.
"""

from __future__ import annotations

from explorer.core.rules import Catalogue

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

SECTIONS = Catalogue(NAME, _CATALOGUE, RULINGS)
ref = SECTIONS.ref
