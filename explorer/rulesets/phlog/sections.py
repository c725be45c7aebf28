"""The rule sections of "The Rules! (with no name)", as the book presents them.

Each key is a stable reference (``phlog:moving.jump``); the book page named
beside it carries the MyST label ``(phlog-moving-jump)=`` above that heading.
"""

from __future__ import annotations

from explorer.core.rules import Catalogue

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

SECTIONS = Catalogue(RULESET, _CATALOGUE)  # the rulings' sections are added when the ruleset registers
ref = SECTIONS.ref  # works before registration too
