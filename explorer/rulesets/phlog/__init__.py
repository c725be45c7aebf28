""""The Rules! (with no name)": squad fighting on a square grid with playing cards.

By Connolly, from the Captain's Phlog (2020.04.10). Importing this module
registers the ruleset as ``phlog``::

    from explorer import get_ruleset
    game = get_ruleset("phlog").new_game("corridor", seed=1)
"""

from __future__ import annotations

from explorer.core.wiring import declare

from .actions import (
    ACTIONS, Attack, CancelJoker, ChooseAttackCard, ChooseDefenceCard, DeclineJoker, EndTurn, Jump, Nominate,
    PlayJoker, PlayMovementCard, Step, ToggleDoor,
)
from .bots import BOTS, GreedyBot, RandomBot
from .data import Fighter
from .game import PhlogState
from .mechanics import Board, Trick, resolve_trick, sight
from .odds import BEST, UNIFORM, AttackOdds, attack_odds
from .position import AttackInProgress, DefenceChoice, JokerWindow, Position, Setup
from .reach import Route, reachable_squares
from .rulings import RULINGS
from .scenarios import SCENARIOS, arrange_cards, from_map, parse_map, render_map
from .sections import SECTIONS
from .settings import Settings
from .view import PlayerView

PHLOG = declare(
    __name__,
    title="The Rules! (with no name)",
    author="Connolly (Captain's Phlog)",
    year=2020,
    source="003_5ce549aab1c1141e.txt",
    licence="No licence stated; the rules are restated in the project's own words, with credit.",
    victory_section="turn.victory",
    rolls_dice=False,  # cards decide fights
    next_step={"EndTurn": "End turn", "DeclineJoker": "No joker"},
    next_step_why={"DeclineJoker": "Each side has one joker among its cards. When the other side shows a card, "
                                   "a joker played now names a new value for it. No joker: the card stands."},
    equipment=(
        "A square grid, each square big enough for one figure's base (2.5 cm squares suit "
        "25-30 mm figures; the author plays 54 mm figures on 5 cm squares).",
        "Figures of any one scale, split into two bands.",
        "A standard deck of 52 playing cards and two jokers, one for each player.",
        "Terrain that fills squares: walls, doors, pits, obstacles and scenery.",
    ),
    notes=(
        "No dice: every random thing comes from the cards in your hand.",
        "The source states no licence: the rules are explained here in our own words, the "
        "numbers are the author's. Please read the original on the Captain's Phlog.",
        "The source does not say how a game is won, what a card is worth or what a tie does: "
        "the Rulings page gives our choices, most of them settings.",
    ),
)

__all__ = [
    "PHLOG", "PhlogState", "Settings", "PlayerView", "Fighter", "Board", "Trick", "resolve_trick", "sight",
    "attack_odds", "AttackOdds", "UNIFORM", "BEST", "reachable_squares", "Route", "RULINGS", "SCENARIOS", "BOTS",
    "ACTIONS", "from_map", "arrange_cards", "parse_map", "render_map", "GreedyBot", "RandomBot", "Position",
    "Setup", "AttackInProgress", "JokerWindow", "DefenceChoice", "Nominate", "PlayMovementCard", "Step",
    "Jump", "ToggleDoor", "Attack", "ChooseAttackCard", "ChooseDefenceCard", "PlayJoker", "CancelJoker",
    "DeclineJoker", "EndTurn",
]
