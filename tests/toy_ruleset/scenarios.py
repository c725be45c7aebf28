"""Toy Skirmish's one battle: two squads of three, 18 inches apart (out of range) on a bare 24-inch table."""

from __future__ import annotations

from explorer.core import Game
from explorer.core.tabletop.between import shared_table

from .game import ToyState
from .position import Figure, Position
from .rulings import Settings


def squads(settings: Settings, *, seed: int = 0) -> ToyState:
    figures = [Figure(f"{side[0]}{k + 1}", side, f"{side} squad", x, 9.0 + 3 * k)
               for side, x in (("green", 3.0), ("tan", 21.0)) for k in range(3)]
    game = Game(settings, "squads", shared_table(24.0, 24.0, ()), ("green", "tan"))
    return ToyState(game, Position.of(figures, "green"), seed=seed)


SCENARIOS = {"squads": squads}
