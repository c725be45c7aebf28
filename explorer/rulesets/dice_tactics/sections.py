"""The rule sections of Dice Tactics, as the book presents them.

Each key is a stable reference (``dice_tactics:attacking.losses``); the book
page named beside it carries the MyST label ``(dice-tactics-attacking-losses)=``
above that heading.
"""

from __future__ import annotations

from explorer.core.rules import Absent, Catalogue

from .data import ELIMINATE_VP, FULLMETAL_LOSSES, MACHINERY_AT, MACHINERY_SQUAD, MARCH_MOVEMENTS, RESPAWN_STRENGTH

RULESET = "dice_tactics"

# (key, title, book page)
_CATALOGUE = (
    ("setup", "Setting up the battlefield", "setup"),
    ("setup.board", "The board, its spawn points and the Target Zone", "setup"),
    ("setup.supply", "Supply, squads and resources", "setup"),
    ("setup.sides", "Choosing sides", "setup"),
    ("setup.draft", "The action-card draft", "setup"),
    ("units", "Units are dice", "setup"),
    ("units.squad", "Squad", "setup"),
    ("units.tank", "Tank", "setup"),
    ("turn", "A player's turn", "turn"),
    ("turn.actions", "Two actions", "turn"),
    ("turn.start", "The start of the turn", "turn"),
    ("turn.end", "The end of the turn", "turn"),
    ("turn.bolster", "Bolster", "turn"),
    ("turn.empty_supply", "An empty supply loses", "turn"),
    ("moving", "March", "moving"),
    ("moving.adjacent", "Adjacent spaces are orthogonal", "moving"),
    ("moving.costs", "What a movement costs", "moving"),
    ("moving.occupied", "One unit a space", "moving"),
    ("moving.motorized", "Motorized tanks", "moving"),
    ("attacking", "Attack", "attacking"),
    ("attacking.range", "Range", "attacking"),
    ("attacking.losses", "Losses", "attacking"),
    ("attacking.fullmetal", "Fullmetal", "attacking"),
    ("attacking.counter", "The counter-attack", "attacking"),
    ("attacking.machinery", "Machinery", "attacking"),
    ("attacking.defeat", "Defeat and respawn", "attacking"),
    ("attacking.spoils", "Eliminate or capture", "attacking"),
    ("attacking.push", "Pushed out of a building", "attacking"),
    ("cards", "Action cards", "cards"),
    ("cards.play", "Playing or ignoring a card", "cards"),
    ("cards.desperate_measures", "Desperate Measures", "cards"),
    ("cards.forward", "Forward!", "cards"),
    ("cards.sabotage", "Sabotage", "cards"),
    ("cards.exhaustion", "Exhaustion", "cards"),
    ("cards.fuel_shortage", "Fuel Shortage", "cards"),
    ("cards.bullseye", "Bullseye", "cards"),
    ("cards.supply_and_demand", "Supply and Demand", "cards"),
    ("cards.faster_tech", "Faster Tech", "cards"),
    ("cards.navigation_expert", "Navigation Expert", "cards"),
    ("cards.scare_tactics", "Scare Tactics", "cards"),
    ("terrain", "The battlefield", "terrain"),
    ("terrain.ground", "Ground", "terrain"),
    ("terrain.water", "Water", "terrain"),
    ("terrain.bridge", "Bridge", "terrain"),
    ("terrain.forest", "Forest", "terrain"),
    ("terrain.hill", "Hill", "terrain"),
    ("terrain.village", "Village: Rest, Hire, Prep", "terrain"),
    ("terrain.tower", "Tower: Upgrade, Relocate", "terrain"),
    ("terrain.ballista", "Ballista: Shoot", "terrain"),
    ("terrain.windmill", "Windmill", "terrain"),
    ("operation", "The operation: how a game is won", "operation"),
    ("operation.target_zone", "Holding the Target Zone", "operation"),
    ("operation.track", "The Operation Track and the Target die", "operation"),
    ("operation.victory", "Winning", "operation"),
)

# The concepts of the book's concept index (explorer.core.rules.CONCEPTS): which section states each, and
# how it works here in one sentence (numbers from .data where it names them); a concept with no rule here is
# declared absent, with the section that shows it.
_CONCEPTS = {
    "moving": {"movement": (
        f"A March action makes up to {MARCH_MOVEMENTS} movements to orthogonally adjacent spaces, shared among "
        "any units; entering a hill or leaving water costs one more, and tanks never enter water or forest."
    )},
    "terrain.forest": {"cover": (
        "No cover from sight, but a forest shelters: a unit standing in one counts 1 more strength when "
        "defending, and no counter-attack can strike it."
    )},
    "attacking": {"shooting": (
        "Every attack is made at range (a squad 2 spaces, more from a hill or tower; a tank 3) and rolls no dice: "
        "the defender loses the attacker's strength + 1 minus its own, then counter-attacks the same way."
    )},
    "units.tank": {"specialists": (
        f"The one special unit is the tank (strength 2 to 6, range 3): its attacks open with {FULLMETAL_LOSSES} "
        f"loss to the defender, it gets a free movement each March, and at strength {MACHINERY_AT} it becomes a "
        f"squad of {MACHINERY_SQUAD}."
    )},
    "setup.draft": {"hidden_information": (
        "Action cards are secret: they are drafted face down, each player sees only how many the other holds, "
        "and nobody knows the order of the Action deck."
    )},
    "terrain": {"terrain": (
        "Every space has a terrain: hills, water and bridges change movement and strength, forests shelter, and "
        "villages, towers, ballistas and windmills give free actions such as rest, upgrade, shoot or resources."
    )},
    "operation.victory": {"victory": (
        f"The source awards victory points ({ELIMINATE_VP} to eliminate a unit, 1 and 2 resources to capture it) "
        "but never says who wins; by our design holding the Target Zone scores too, and 20 VP, or the most "
        "when the track ends, wins."
    )},
}
_ABSENT = {
    "line_of_sight": Absent("attacking.range", (
        "None: an attack needs only range, counted in orthogonal steps, and nothing on the board blocks it."
    )),
    "hand_to_hand": Absent("attacking.losses", (
        "None: units side by side fight exactly as at range, with the same losses and counter-attack, and "
        "nobody is locked in a melee."
    )),
    "morale": Absent("attacking.defeat", (
        "None: a unit fights at whatever strength its die shows and never flees; a defeated one comes back at a "
        f"spawn point with {RESPAWN_STRENGTH} strength."
    )),
}

SECTIONS = Catalogue(RULESET, _CATALOGUE, concepts=_CONCEPTS, absent=_ABSENT)  # rulings' sections: at registration
ref = SECTIONS.ref
refuse = SECTIONS.refuse  # the one refusal spelling: refuse(section, text)
