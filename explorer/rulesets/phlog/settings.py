"""The settings of "The Rules! (with no name)": the rulings where players could reasonably differ.

Each field is explained by a ruling in ``rulings.py``. The round limit is
``max_rounds`` (a round is both players' turns), as in every ruleset.
"""

from __future__ import annotations

from explorer.core import setting, settings_class
from explorer.core.cards import CardValues

from .data import REMOVAL_MARGIN

TIES = ("own_cards", "defender", "attacker")


@settings_class
class Settings:
    """The rulings where players could reasonably differ (see ``rulings.py``)."""

    ace_high: bool = setting(False)
    court_cards_ten: bool = setting(False)
    diagonal_hand_to_hand: bool = setting(False)
    ties: str = setting("own_cards", choices=TIES)
    removal_margin: int = setting(REMOVAL_MARGIN, low=1, high=13)  # a trick won by this much removes the loser
    spent_piles_face_up: bool = setting(True)
    deadly_obstacles: bool = setting(False)
    jump_over_fighters: bool = setting(False)
    fighters_block_sight: bool = setting(False)
    sight_through_corners: bool = setting(True)
    max_rounds: int | None = setting(None, low=1, high=1000)

    @property
    def card_values(self) -> CardValues:
        return CardValues(ace_high=self.ace_high, court_cards_ten=self.court_cards_ten)
