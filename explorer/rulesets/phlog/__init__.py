""""The Rules! (with no name)": squad fighting on a square grid with playing cards.

By Connolly, from the Captain's Phlog (2020.04.10). Importing this module
registers the ruleset as ``phlog``::

    from explorer import get_ruleset
    game = get_ruleset("phlog").new_game("corridor", seed=1)
"""

from __future__ import annotations

from explorer.core import Ruleset, register

from .actions import (
    ACTION_TYPES, Attack, CancelJoker, ChooseAttackCard, ChooseDefenceCard, DeclineJoker, EndTurn, Jump, Nominate,
    PlayJoker, PlayMovementCard, Step, ToggleDoor,
)
from .bots import GreedyBot, RandomBot
from .data import Fighter, PhlogSettings
from .game import PhlogState
from .mechanics import Board, Trick, resolve_trick, sight
from .odds import BEST, UNIFORM, AttackOdds, attack_odds
from .reach import Route, reachable_squares
from .rulings import RULINGS
from .scenarios import SCENARIOS, from_map, parse_map, render_map
from .sections import SECTIONS
from .view import PlayerView

PHLOG = register(Ruleset(
    name="phlog",
    title="The Rules! (with no name)",
    author="Connolly (Captain's Phlog)",
    year=2020,
    source="003_5ce549aab1c1141e.txt",
    licence="No licence stated; the rules are restated in the project's own words, with credit.",
    settings_type=PhlogSettings,
    state_type=PhlogState,
    action_types=ACTION_TYPES,
    sections=SECTIONS,
    scenarios=SCENARIOS,
))

__all__ = [
    "PHLOG", "PhlogState", "PhlogSettings", "PlayerView", "Fighter", "Board", "Trick", "resolve_trick", "sight",
    "attack_odds", "AttackOdds", "UNIFORM", "BEST", "reachable_squares", "Route", "RULINGS", "SCENARIOS",
    "from_map", "parse_map", "render_map", "GreedyBot", "RandomBot", "Nominate", "PlayMovementCard", "Step",
    "Jump", "ToggleDoor", "Attack", "ChooseAttackCard", "ChooseDefenceCard", "PlayJoker", "CancelJoker",
    "DeclineJoker", "EndTurn",
]
