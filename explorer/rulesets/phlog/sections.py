"""The rule sections of "The Rules! (with no name)", as the book presents them.

Each key is a stable reference (``phlog:moving.jump``); the book page named
beside it carries the MyST label ``(phlog-moving-jump)=`` above that heading.
"""

from __future__ import annotations

from explorer.core.rules import Absent, Catalogue

from .data import JUMP_COST_PER_SQUARE, MIN_JUMP_COST, REMOVAL_MARGIN

RULESET = "phlog"

# (key, title, book page)
_CATALOGUE = (
    ("setup", "Setting up", "setup"),
    ("setup.grid", "The square grid", "setup"),
    ("setup.bands", "Bands and fighters", "setup"),
    ("setup.terrain", "Placing terrain", "setup"),
    ("setup.deck", "The deck and the jokers", "setup"),
    ("setup.hand", "A hand of six", "setup"),
    ("setup.reshuffle", "Running out of cards", "setup"),
    ("turn", "The turn", "turn"),
    ("turn.draw", "1. Draw back up to six", "turn"),
    ("turn.nominate", "2. Nominate a fighter", "turn"),
    ("turn.movement_card", "3. Play a movement card", "turn"),
    ("turn.expend", "4. Move and attack, then end the turn", "turn"),
    ("turn.victory", "Winning the game", "turn"),
    ("turn.hidden_cards", "What each player may see", "turn"),
    ("moving", "Movement", "moving"),
    ("moving.orthogonal", "Orthogonal squares only", "moving"),
    ("moving.points", "One point a square", "moving"),
    ("moving.occupied", "Other fighters block", "moving"),
    ("moving.spent_card", "The movement card is spent", "moving"),
    ("moving.jump", "Jumping", "moving"),
    ("attacking", "Attacking", "attacking"),
    ("attacking.one_per_activation", "One attack per activation", "attacking"),
    ("attacking.hand_to_hand", "Hand-to-hand attacks", "attacking"),
    ("attacking.ranged", "Ranged attacks", "attacking"),
    ("attacking.line_of_sight", "Line of sight", "attacking"),
    ("attacking.cards", "Both players choose a card", "attacking"),
    ("attacking.card_values", "What a card is worth", "attacking"),
    ("attacking.trick", "The higher card wins the trick", "attacking"),
    ("attacking.removal", "Winning by four removes a figure", "attacking"),
    ("attacking.spoils", "The winner keeps both cards", "attacking"),
    ("terrain", "Terrain", "terrain"),
    ("terrain.set_dressing", "Set dressing", "terrain"),
    ("terrain.walls", "Walls", "terrain"),
    ("terrain.doors", "Doors", "terrain"),
    ("terrain.star_trek_doors", "Star-Trek doors", "terrain"),
    ("terrain.pits", "Pits", "terrain"),
    ("terrain.obstacles", "Obstacles", "terrain"),
    ("jokers", "The jokers", "jokers"),
    ("jokers.play", "Playing a joker", "jokers"),
    ("jokers.spent", "A played joker goes to the other player", "jokers"),
    ("jokers.cancel", "A joker cancels a joker", "jokers"),
)

# The concepts of the book's concept index (explorer.core.rules.CONCEPTS): which section states each, and
# how it works here in one sentence (numbers from .data where it names them); a concept with no rule here is
# declared absent, with the section that shows it.
_CONCEPTS = {
    "moving": {"movement": (
        "The card played sets the fighter's movement points: one a square, orthogonally, never through another "
        f"fighter, and a straight jump costs {JUMP_COST_PER_SQUARE} points a square ({MIN_JUMP_COST} at least)."
    )},
    "attacking.line_of_sight": {"line_of_sight": (
        "A ranged attack needs line of sight, which we trace between square centres: walls and closed doors "
        "block it; fighters, pits, obstacles and scenery do not."
    )},
    "attacking.ranged": {"shooting": (
        "A ranged fighter may attack any enemy it can see, at any distance and at any moment of its move; both "
        f"players then choose a card, and winning by {REMOVAL_MARGIN} or more removes the loser's figure."
    )},
    "attacking.hand_to_hand": {"hand_to_hand": (
        "A hand-to-hand fighter attacks an enemy beside it (sharing a side, by our ruling), which ends its "
        "movement; the fight is settled by the two players' cards, like any attack."
    )},
    "turn.hidden_cards": {"hidden_information": (
        "Hands and draw piles are secret, only their size is known, and attack cards are chosen face down, so "
        "any hand may hide a joker; spent piles are face up by our ruling."
    )},
    "terrain": {"terrain": (
        "Terrain fills whole squares: walls block moves and sight, doors cost a point to open, pits (which "
        "remove a fighter that stops in one) and obstacles are crossed by jumping, and scenery does nothing."
    )},
    "turn.victory": {"victory": (
        "The source does not say; by our ruling a band with no fighters left loses, and an optional round limit "
        "gives the game to the band with more fighters standing."
    )},
}
_ABSENT = {
    "cover": Absent("attacking.line_of_sight", (
        "None: a fighter in line of sight is as easy to hit as one in the open, and only the cards decide an "
        "attack."
    )),
    "morale": Absent("attacking.removal", (
        f"None: a fighter fights on until a trick lost by {REMOVAL_MARGIN} or more removes it; no leaders and no "
        "test of nerve."
    )),
    "specialists": Absent("setup.bands", (
        "None: a fighter is one of two kinds, set by its sculpted weapon, ranged (a rifle) or hand-to-hand (a "
        "sword or bayonet), and nothing else sets one apart."
    )),
}

SECTIONS = Catalogue(RULESET, _CATALOGUE, concepts=_CONCEPTS, absent=_ABSENT)  # rulings' sections: at registration
ref = SECTIONS.ref  # works before registration too
refuse = SECTIONS.refuse  # the one refusal spelling: refuse(section, text)
