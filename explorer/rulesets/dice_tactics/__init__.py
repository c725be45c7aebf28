"""Dice Tactics: units are dice, their top face their strength, on a square grid with terrain and action cards.

By William F. de Araújo (v0.1, 2020). Importing this module registers the
ruleset as ``dice_tactics``::

    from explorer import get_ruleset
    game = get_ruleset("dice_tactics").new_game("river_crossing", seed=1)
"""

from __future__ import annotations

from explorer.core.wiring import declare

from .actions import (
    ACTIONS, Attack, Bolster, ChooseEdge, Claim, Discard, EndMarch, EndTurn, Hire, IgnoreCard, Keep, March, Move,
    PlayCard, Prep, Push, Relocate, Respawn, Rest, Shoot, Upgrade,
)
from .bots import BOTS, GreedyBot, RandomBot
from .game import DiceTacticsState
from .mechanics import Fight, attack_range, fight, losses, move_cost, target_die
from .position import Position, Setup, Unit
from .rulings import RULINGS
from .scenarios import BOARDS, SCENARIOS, board, custom
from .sections import SECTIONS
from .settings import Settings
from .view import PlayerView

DICE_TACTICS = declare(
    __name__,
    title="Dice Tactics",
    author="William F. de Araújo",
    year=2020,
    source="004_408e3c2f4a2614c3.txt",
    licence="No licence stated; the rules are restated in the project's own words, with credit.",
    victory_section="operation.victory",
    rolls_dice=False,  # a unit is a die, but its face is a strength: nothing is rolled
    next_step={"EndMarch": "Stop moving", "EndTurn": "End turn"},
    equipment=(
        "A square grid of spaces with terrain tiles: ground, water, bridge, forest, hill, village, tower, "
        "ballista and windmill (our boards are 9 or 11 by 7).",
        "Six-sided dice in two colours, the units: 4 squads and 2 tanks a player (mark the tanks).",
        "Resource tokens, a Target die, an Operation Track with its marker.",
        "An Action deck: two copies of each of the ten action cards.",
    ),
    notes=(
        "No dice are rolled: a die's top face is a unit's strength, and an attack's result follows from the "
        "strengths.",
        "The source (v0.1) defines no board, Target Zone, Operation Track or way to win: the Rulings page gives "
        "our design, most of it as settings.",
        "The source states no licence: the rules are explained here in our own words, the numbers are the "
        "author's.",
    ),
)

__all__ = [
    "DICE_TACTICS", "DiceTacticsState", "Settings", "PlayerView", "Position", "Setup", "Unit", "Fight", "fight",
    "losses", "move_cost", "attack_range", "target_die", "RULINGS", "SCENARIOS", "BOARDS", "BOTS", "ACTIONS",
    "board", "custom", "GreedyBot", "RandomBot", "ChooseEdge", "Keep", "PlayCard", "IgnoreCard", "Shoot", "March",
    "Move", "EndMarch", "Attack", "Bolster", "Respawn", "Claim", "Push", "Discard", "Rest", "Hire", "Prep",
    "Upgrade", "Relocate", "EndTurn",
]
