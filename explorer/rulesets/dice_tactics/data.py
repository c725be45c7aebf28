"""The numbers of Dice Tactics as data: units, terrain, action cards, the two sides.

Everything here is from the source (William F. de Araújo, v0.1, 2020) unless
its comment says it is one of our rulings; the book renders its tables from
these values, so a number lives in one place.
"""

from __future__ import annotations

import dataclasses

SIDES = ("green", "tan")  # the first player, then the second
EDGES = ("west", "east")  # the two sides of the board a player may choose

SQUAD, TANK = "squad", "tank"
MAX_STRENGTH = 6  # a unit is a six-sided die
ACTIONS_PER_TURN = 2
MARCH_MOVEMENTS = 3
HAND_SIZE = 2  # the draft ends with two cards each; Prep discards down to two
DRAFT_DEAL = 4
START_TANKS = 2
START_SQUADS = 4
START_RESOURCES = 3
START_TARGET = 2  # the Target die starts at 2


@dataclasses.dataclass(frozen=True)
class UnitType:
    key: str
    name: str
    low: int  # the lowest strength it can show
    high: int
    range: int
    abilities: tuple[str, ...] = ()


UNITS = {
    SQUAD: UnitType(SQUAD, "Squad", 1, 6, 2),
    TANK: UnitType(TANK, "Tank", 2, 6, 3, ("Machinery", "Fullmetal", "Motorized")),
}
MACHINERY_AT = 2  # a tank brought to this strength is destroyed
MACHINERY_SQUAD = 1  # ... and replaced by a squad of this strength
FULLMETAL_LOSSES = 1
MOTORIZED_FREE = 1  # free movements a tank may take once a March, after moving
RESPAWN_STRENGTH = 2  # a defeated unit comes back with this strength
ELIMINATE_VP = 3
CAPTURE_VP, CAPTURE_RESOURCES = 1, 2


@dataclasses.dataclass(frozen=True)
class Terrain:
    key: str
    name: str
    symbol: str  # in a map's text
    enter_extra: int = 0  # movements added to enter it (from another kind)
    leave_extra: int = 0  # movements added to leave it (to another kind)
    tank_enter_extra: int = 0
    tanks_may_enter: bool = True
    defend: int = 0  # strength when defending
    attack: int = 0  # strength when attacking
    range_bonus: int = 0  # range for squads (never tanks)
    no_counter_from: bool = False  # a unit standing here cannot counter-attack
    no_counter_against: bool = False  # a unit standing here cannot suffer a counter-attack
    pushes: bool = False  # a surviving defender here is moved to an adjacent space
    effect: str = ""


GROUND, WATER, BRIDGE, FOREST, HILL = "ground", "water", "bridge", "forest", "hill"
VILLAGE, TOWER, BALLISTA, WINDMILL = "village", "tower", "ballista", "windmill"

TERRAIN = {t.key: t for t in (
    Terrain(GROUND, "Ground", ".", effect="No special effect."),
    Terrain(WATER, "Water", "~", leave_extra=1, tanks_may_enter=False, defend=-1, no_counter_from=True,
            effect="+1 movement to leave; no counter-attack from it; -1 strength defending; no tanks."),
    Terrain(BRIDGE, "Bridge", "=", tank_enter_extra=1, effect="Tanks pay +1 movement to enter."),
    Terrain(FOREST, "Forest", "f", tanks_may_enter=False, defend=1, no_counter_against=True,
            effect="No counter-attack against a unit in it; +1 strength defending; no tanks."),
    Terrain(HILL, "Hill", "h", enter_extra=1, attack=1, range_bonus=2,
            effect="+1 movement to enter; +2 range (not tanks); +1 strength attacking."),
    Terrain(VILLAGE, "Village", "V", pushes=True,
            effect="End of turn: Rest, Hire or Prep. A surviving defender is pushed out."),
    Terrain(TOWER, "Tower", "T", range_bonus=1, pushes=True,
            effect="+1 range (not tanks). End of turn: Upgrade or Relocate. A surviving defender is pushed out."),
    Terrain(BALLISTA, "Ballista", "B", pushes=True,
            effect="Start of turn: Shoot (1 resource, 3 losses, 5 spaces). A surviving defender is pushed out."),
    Terrain(WINDMILL, "Windmill", "W",
            effect="No move may end on it while it holds resources. End of turn: a unit beside it takes one."),
)}

REST_GAIN, REST_MAX = 2, 4
HIRE_MAX_RESOURCES, HIRE_MAX = 2, 6
UPGRADE_COST, UPGRADE_GAIN = 2, 2
RELOCATE_MOVEMENTS = 2
BALLISTA_COST, BALLISTA_LOSSES, BALLISTA_RANGE = 1, 3, 5
WINDMILL_TAKE = 1
TEMPORARY_RESOURCE = 1  # ignoring a card's effect


@dataclasses.dataclass(frozen=True)
class CardType:
    key: str
    name: str
    text: str  # in our own words
    cost: int = 0  # resources paid to play it (Sabotage: 1 or 2, chosen)
    target: str = ""  # "own" or "enemy": the unit the card names


CARDS = {c.key: c for c in (
    CardType("desperate_measures", "Desperate Measures",
             "One of your units suffers 2 losses; you gain 2 resources.", target="own"),
    CardType("forward", "Forward!",
             "March now (not an action), but no unit may move more than once; tanks get no free movement."),
    CardType("sabotage", "Sabotage",
             "Pay 1 or 2 resources: move one enemy unit one movement per resource paid.", cost=1, target="enemy"),
    CardType("exhaustion", "Exhaustion", "In the opponent's next turn their March has one movement fewer."),
    CardType("fuel_shortage", "Fuel Shortage",
             "Pay 1 resource: in their next turn the opponent cannot move tanks with a March.", cost=1),
    CardType("bullseye", "Bullseye", "Your next Attack this turn deals 1 more loss."),
    CardType("supply_and_demand", "Supply and Demand",
             "In the opponent's next turn an Upgrade costs 1 more resource."),
    CardType("faster_tech", "Faster Tech", "The Operation Marker advances one space."),
    CardType("navigation_expert", "Navigation Expert",
             "Pay 1 resource: your next March this turn ignores extra movement costs.", cost=1),
    CardType("scare_tactics", "Scare Tactics",
             "Pay 1 resource: in the opponent's next turn your attacked units count 1 more strength "
             "(at most 6) when losses are worked out.", cost=1),
)}
DESPERATE_LOSSES, DESPERATE_RESOURCES = 2, 2
SABOTAGE_MAX = 2
EXHAUSTION_LESS = 1
BULLSEYE_LOSSES = 1
SUPPLY_AND_DEMAND_EXTRA = 1
SCARE_BONUS = 1
