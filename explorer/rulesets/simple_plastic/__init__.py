"""The Simple Plastic Wargame (Adly Abdullah, 2016; GNU All-Permissive License).

>>> import explorer
>>> game = explorer.new_game("simple_plastic", "open_field", seed=1)
>>> print(game.to_kill("g1", "t1").explain())
- a roll of 4 or more kills [simple_plastic:attacking.to_kill]
- Attacker did not move (-1) [simple_plastic:attacking.modifiers]
= 3
>>> game.kill_distribution("g1", "t1").pmf()
{0: Fraction(1, 3), 1: Fraction(2, 3)}
"""

from explorer.core.wiring import declare

from .bots import BOTS, GreedyBot
from .actions import ACTIONS, Attack, EndPhase, MoveFigure, MoveSquad
from .attacking import (
    attack_distribution, casualties, kill_chance, kill_distribution, modifier_conditions, sight, targets_closest_first,
    to_kill,
)
from .game import SimplePlasticState
from .moving import in_cohesion, move_allowance, plan_figure_move, plan_squad_move
from .position import Board, Figure, Position
from .rulings import RULINGS, Settings
from .scenarios import SCENARIOS, new_state, squad_in_line
from .sections import SECTIONS

RULESET = declare(
    __name__,
    title="Simple Plastic Wargame",
    author="Adly Abdullah",
    year=2016,
    source="001_6b948897eab82041.txt",
    licence="GNU All-Permissive License",
    victory_section="rulings.victory",
    next_step={"EndPhase": "End {phase}"},  # the one-button step: "End move", then "End attack"
    equipment=(
        "Two armies of toy soldiers (plastic army men are ideal), mostly in squads.",
        "One six-sided die (D6) per player; four make heavy weapons quicker.",
        "A tape measure, or simply your hand: a move is one span.",
        "Some terrain: books for buildings and hills, twigs or plants for bushes.",
    ),
    notes=(
        "Written in 2016 to get children aged five to nine playing on the tabletop: "
        "the whole game fits on a page and is over before anyone is bored.",
        "D6 = a six-sided die. A 1 never kills, whatever the modifiers.",
        "A span is about 4 inches for a child's hand; grown-ups measure with the short span.",
    ),
)

__all__ = [
    "RULESET", "RULINGS", "BOTS", "ACTIONS", "Position", "SECTIONS", "SCENARIOS", "Settings", "SimplePlasticState", "MoveSquad", "MoveFigure",
    "Attack", "EndPhase", "Figure", "Board", "GreedyBot", "new_state", "squad_in_line", "to_kill",
    "kill_distribution", "attack_distribution", "kill_chance", "casualties", "move_allowance", "sight",
    "targets_closest_first", "modifier_conditions", "plan_squad_move", "plan_figure_move", "in_cohesion",
]
