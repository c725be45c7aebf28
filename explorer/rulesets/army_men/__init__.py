"""The army-men rules page (author unnamed, about 2021; no licence stated): the Tutorial and Standard Rules.

One ruleset, ``army_men``, plays both variants; the setting
``variant='tutorial'|'standard'`` chooses. Why one ruleset with a setting and
not two registered rulesets: the standard rules are the tutorial's with
changed numbers and additions, so the rule catalogue, the rulings, the save
format, the conformance cases and the book chapter stay one; a save says
which variant it is in its settings; and a class can play the tutorial squad
by the standard numbers just by changing the setting. Left unset, a scenario
plays its own variant (the tutorial's first game the tutorial rules, the
skirmish the standard).

There are no vehicles: the draft's Tanks and Boats sections are empty (see
the ruling ``vehicles``).

>>> import explorer
>>> game = explorer.new_game("army_men", "tutorial", seed=1)
>>> print(game.settings.variant)
tutorial
"""

from explorer.core.wiring import declare
from explorer.core.dice import d2_of, d3_of

from .data import dice_note

from .bots import BOTS, GreedyBot
from .data import PROFILES, TO_HIT, profile_table, to_hit_table
from .actions import ACTIONS, Deploy, EndTurn, Fight, Move, Shoot
from .army import army_points, army_problems, composition_problems, points_problem
from .combat import combat_distribution, combat_pairs, fight_odds
from .game import ArmyMenState
from .position import Figure, Position
from .setup import deployment_problems
from .shooting import hit_chance, need_to_hit, odds_table, shot_odds, to_hit
from .standard import area_distribution, area_odds, area_sides_distribution
from .rulings import RULINGS, Settings
from .scenarios import SCENARIOS, army_game, new_state, squad_line
from .sections import SECTIONS

RULESET = declare(
    __name__,
    title="Army Men",
    author="unnamed",
    year=2021,
    source="000_691a4eef427a85c3.txt",
    licence="none stated",
    victory_section="rulings.victory",
    next_step={"EndTurn": "End turn"},
    equipment=(
        "A sack of plastic army men: five regular troopers a side to learn with.",
        "A table, or some clear space on the floor.",
        "A yardstick or tape measure, in inches.",
        "A six-sided die (D6); extra dice speed up rates of fire above 1.",
        "For the standard rules, terrain: books, cans, bricks, whatever is at hand. Snacks are optional.",
    ),
    notes=(
        "D6 is an ordinary six-sided die.",
        dice_note("D3", d3_of),
        dice_note("D2", d2_of),
        "Realism is not the goal; fun is.",
    ),
)

__all__ = [
    "RULESET", "RULINGS", "BOTS", "ACTIONS", "SECTIONS", "SCENARIOS", "PROFILES", "TO_HIT", "Settings",
    "ArmyMenState", "Position", "Shoot", "Move", "Fight", "EndTurn", "Deploy", "Figure", "GreedyBot", "new_state",
    "squad_line", "need_to_hit", "shot_odds", "odds_table", "hit_chance", "to_hit", "fight_odds", "combat_pairs",
    "combat_distribution", "area_distribution", "area_odds", "area_sides_distribution", "army_points", "army_problems", "composition_problems",
    "deployment_problems", "profile_table", "to_hit_table", "points_problem", "army_game",
]
