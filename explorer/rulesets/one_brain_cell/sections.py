"""The rule sections of the 1BC sheet, and the book page that states each.

Each key is cited as ``one_brain_cell:<key>``; the page carries the MyST
label ``(one-brain-cell-<key with dots as dashes>)=`` above its heading. Each
ruling gets a section ``rulings.<id>`` on the Rulings page.
"""

from __future__ import annotations

from explorer.core.rules import Catalogue

from .rulings import RULINGS

NAME = "one_brain_cell"

_CATALOGUE = (
    # key, title, page
    ("equipment", "What you need", "index"),
    ("squads", "Squads", "setup"),
    ("squads.points", "Points", "setup"),
    ("squads.cohesion", "Staying within 4 inches", "setup"),
    ("measuring", "Measuring with the rules sheet", "setup"),
    ("turn", "Turn order", "turn"),
    ("turn.initiative", "Initiative", "turn"),
    ("moving", "Movement", "moving"),
    ("moving.rough", "Rough terrain", "moving"),
    ("moving.charge", "Charging", "moving"),
    ("shooting", "Shooting", "shooting"),
    ("shooting.line_of_sight", "Line of sight", "shooting"),
    ("shooting.range", "Short and long range", "shooting"),
    ("shooting.cover", "Cover and rough terrain", "shooting"),
    ("shooting.multiple_hits", "Several hits", "shooting"),
    ("weapons", "Weapons", "weapons"),
    ("weapons.chart", "The weapons chart", "weapons"),
    ("weapons.no_move", "Cannot move and shoot", "weapons"),
    ("weapons.minimum_range", "Not closer than 8 inches", "weapons"),
    ("weapons.mortar", "The mortar's indirect fire", "weapons"),
    ("weapons.sniper", "The sniper rifle's one hit", "weapons"),
    ("combat", "H2H combat", "combat"),
    ("combat.locked", "Locked in H2H", "combat"),
    ("combat.modifiers", "The H2H roll", "combat"),
    ("combat.result", "Who wins", "combat"),
    ("advanced", "Advanced rules", "advanced"),
    ("advanced.wounding", "Advanced wounding", "advanced"),
    ("advanced.morale", "Advanced morale", "advanced"),
    ("advanced.overwatch", "Advanced overwatch", "advanced"),
    ("advanced.activation", "Advanced turn sequence", "advanced"),
)

SECTIONS = Catalogue(NAME, _CATALOGUE, RULINGS)
ref = SECTIONS.ref
