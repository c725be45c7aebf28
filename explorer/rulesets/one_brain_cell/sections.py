"""The rule sections of the 1BC sheet, and the book page that states each.

Each key is cited as ``one_brain_cell:<key>``; the page carries the MyST
label ``(one-brain-cell-<key with dots as dashes>)=`` above its heading. Each
ruling gets a section ``rulings.<id>`` on the Rulings page.
"""

from __future__ import annotations

from explorer.core.rules import Absent, Catalogue

from .data import (
    CHARGE_DICE, COHESION_INCHES, NO_RUN_INCHES, ROUGH_CHARGE_DICE, ROUGH_INCHES, RUN_INCHES, SPECIALS_PER_SQUAD,
    WALK_INCHES,
)
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

# The concepts of the book's concept index (explorer.core.rules.CONCEPTS): which section states each, and
# how it works here in one sentence (numbers from .data where it names them); a concept with no rule here is
# declared absent, with the section that shows it.
_CONCEPTS = {
    "moving": {"movement": (
        f"A figure walks {WALK_INCHES:g} inches or runs {RUN_INCHES:g} (never within {NO_RUN_INCHES:g} inches of an "
        f"enemy), only {ROUGH_INCHES:g} in rough terrain, and must charge {CHARGE_DICE}D6 inches to come to grips "
        "with an enemy."
    )},
    "shooting.line_of_sight": {"line_of_sight": (
        "The shooter must reasonably see the target: other figures, friend or foe, block the view, and so does "
        "terrain too big to see past, such as a house or a hill."
    )},
    "shooting.cover": {"cover": (
        "A target behind cover or standing in rough terrain needs one more on each die: 5 or 6 at short range, "
        "only a 6 at long range."
    )},
    "shooting": {"shooting": (
        "Each figure fires once a turn, rolling its weapon's dice: each die hits on 4 or more within the short "
        "range and 5 or more out to the long range, and several hits fell several men of a squad."
    )},
    "combat": {"hand_to_hand": (
        "Figures that charge into contact are locked together; each rolls a die, +1 for a pistol or knife, +1 "
        "for a leader and +1 per extra attacker, and the highest total wins while the loser is removed."
    )},
    "advanced.morale": {"morale": (
        "With the advanced rules a squad down to half its men tests at the end of its turn and routs if a die "
        f"beats the figures left; always, a trooper more than {COHESION_INCHES:g} inches from every squad mate "
        "counts his 6s as 5s."
    )},
    "weapons": {"specialists": (
        f"A squad may carry up to {SPECIALS_PER_SQUAD} special weapons (light or heavy machine gun, bazooka, "
        "flamethrower, mortar, sniper rifle), each rolling 2 to 4 dice with rules of its own, and its leader "
        "adds 1 in a fight."
    )},
    "moving.rough": {"terrain": (
        "Players agree beforehand which pieces are cover, rough terrain or blocking: rough terrain holds every "
        f"move to {ROUGH_INCHES:g} inches (a charge to {ROUGH_CHARGE_DICE}D6) and shelters targets, blocking terrain "
        "hides what lies behind."
    )},
    "rulings.victory": {"victory": (
        "The sheet does not say; by our ruling the game ends when one side has no figure left in play, dead or "
        "routed, or at the round limit (12 unless set), when the side with more figures wins."
    )},
}
_ABSENT = {
    "hidden_information": Absent("advanced.overwatch", (
        "None: both armies and every roll are in plain view; even a squad waiting on overwatch is marked with "
        "a token."
    )),
}

SECTIONS = Catalogue(NAME, _CATALOGUE, RULINGS, concepts=_CONCEPTS, absent=_ABSENT)
ref = SECTIONS.ref
refuse = SECTIONS.refuse


def key(section: str) -> str:
    """How an event cites ``section``: ``one_brain_cell:<section>``."""
    return f"{NAME}:{section}"
