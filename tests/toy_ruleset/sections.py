"""Toy Skirmish's rule sections, each tagged with the concepts of the concept index it states."""

from __future__ import annotations

from explorer.core.rules import Absent, Catalogue

from .rulings import RULINGS

_ROWS = (("turn", "The turn", "rules"), ("moving", "Moving", "rules"), ("shooting", "Shooting", "rules"))
_CONCEPTS = {"moving": {"movement": "A figure moves up to 6 inches in a straight line."},
             "shooting": {"shooting": "A figure shoots an enemy within 12 inches: one D6, 4+ kills."},
             "rulings.victory": {"victory": "The last side with figures wins; else more figures after the last round."}}
_NONE = {c: Absent("turn", "None: a bare table, two squads in full view.")
         for c in ("line_of_sight", "cover", "hand_to_hand", "morale", "specialists", "hidden_information", "terrain")}

SECTIONS = Catalogue("toy_ruleset", _ROWS, RULINGS, concepts=_CONCEPTS, absent=_NONE)
refuse = SECTIONS.refuse
