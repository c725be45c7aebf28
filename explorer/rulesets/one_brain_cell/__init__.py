"""1BC (One Brain-Cell) Toy Soldier Rules (Pete Kautz, 2001).

One ruleset, ``one_brain_cell``; the advanced rules (wounding, morale,
overwatch, the one-squad turn sequence) are settings, each on or off.

>>> import explorer
>>> game = explorer.new_game("one_brain_cell", "patrol", seed=1)
>>> game.phase
'initiative'
"""

from explorer.core.wiring import declare

from .bots import BOTS, GreedyBot
from .data import TO_HIT, WEAPONS, to_hit_table, weapons_table, wound_table
from .actions import (
    ACTIONS, Charge, ChooseOrder, EndStep, Fight, Hold, Move, Overwatch, OverwatchFire, RollInitiative, Shoot,
)
from .advanced import must_test_morale, rout_chance, routs
from .combat import fight_distribution, fight_losers, fight_odds, plan_fight
from .game import Board, OneBrainCellState
from .moving import charge_distribution
from .position import Figure, OverwatchCall, Position
from .setup import army_points, composition_problems
from .shooting import casualty_order, hits_distribution, need_to_hit, plan_shot, shot_odds
from .rulings import RULINGS, Settings
from .scenarios import SCENARIOS, new_state, squad_line
from .sections import SECTIONS

RULESET = declare(
    __name__,
    title="1BC (One Brain-Cell)",
    author="Pete Kautz",
    year=2001,
    source="002_ff6d471e44a07b84.txt",
    licence="none stated",
    victory_section="rulings.victory",
    next_step={"RollInitiative": "Roll", "EndStep": "End {phase}"},  # "End move", "End shoot", "End fight"
    chance_words={"Charge": "{chance} % to reach"},  # 2D6 inches (1D6 in rough): it may fall short
    plain_terms={"H2H": "hand-to-hand"},  # the source's own shorthand, as the expert's words keep it
    equipment=(
        "Toy soldiers: two or three squads a side of 5 to 10 troopers, each with a leader.",
        "A few six-sided dice (D6): a bazooka or flamethrower rolls four at once.",
        "A tape measure in inches, or the 8 1/2 by 11 inch rules sheet itself.",
        "Terrain: agree before the game which pieces are cover, rough terrain or block sight.",
        "Tokens for overwatch, if you play the advanced rules.",
    ),
    notes=(
        "D6 is an ordinary six-sided die; 2D6 is two of them added.",
        "An hour or so for 2 or 3 squads a side.",
    ),
)

__all__ = [
    "RULESET", "RULINGS", "BOTS", "ACTIONS", "SECTIONS", "SCENARIOS", "WEAPONS", "TO_HIT", "Settings",
    "OneBrainCellState", "Position", "Board", "OverwatchCall", "RollInitiative", "ChooseOrder", "Move", "Charge",
    "Shoot", "Overwatch", "Fight", "EndStep", "OverwatchFire", "Hold", "Figure", "GreedyBot", "new_state",
    "squad_line", "army_points", "casualty_order", "charge_distribution", "composition_problems",
    "fight_distribution", "fight_losers", "fight_odds", "hits_distribution", "must_test_morale", "need_to_hit",
    "plan_fight", "plan_shot", "rout_chance", "routs", "shot_odds", "to_hit_table", "weapons_table", "wound_table",
]
