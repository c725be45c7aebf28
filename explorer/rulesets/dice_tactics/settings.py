"""The settings of Dice Tactics: what the source leaves undefined, and the rulings where players could differ.

Each field is explained by a ruling in ``rulings.py``. The round limit is
``max_rounds`` (a round is both players' turns), as in every ruleset.
"""

from __future__ import annotations

from explorer.core import setting, settings_class


@settings_class
class Settings:
    """The designed parts of the game (see ``rulings.py`` for each default and why)."""

    squad_strength: int = setting(3, low=1, high=6)
    track_length: int = setting(8, low=1, high=30)
    target_step: int = setting(2, low=1, high=30)
    victory_points: int = setting(20, low=1, high=200)
    card_copies: int = setting(2, low=1, high=4)
    windmill_resources: int = setting(3, low=0, high=20)
    respawn_anywhere: bool = setting(True)
    scare_cap: str = setting("after_terrain", choices=("after_terrain", "before_terrain"))
    start_order: str = setting("any", choices=("any", "card_first"))
    bolster: str = setting("as_many", choices=("as_many", "choose"))
    max_rounds: int | None = setting(None, low=1, high=1000)
