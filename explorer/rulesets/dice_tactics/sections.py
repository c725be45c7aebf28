"""The rule sections of Dice Tactics, as the book presents them.

Each key is a stable reference (``dice_tactics:attacking.losses``); the book
page named beside it carries the MyST label ``(dice-tactics-attacking-losses)=``
above that heading.
"""

from __future__ import annotations

from explorer.core.rules import Catalogue

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

SECTIONS = Catalogue(RULESET, _CATALOGUE)  # the rulings' sections are added when the ruleset registers
ref = SECTIONS.ref
