"""What one player may see: the whole board and both supplies, their own cards, only counts of the other's.

A :class:`PlayerView` is what a seat's board shows and what a bot reads. It
never holds the opponent's hand, the cards offered to the opponent in the
draft, or the order of the Action deck.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from explorer.core import Decision, Event, Outcome
from explorer.core.grid import Square

from .position import Effect, Moving, Setup, Supply, Unit
from .settings import Settings


@dataclasses.dataclass(frozen=True)
class PlayerView:
    player: str
    opponent: str
    settings: Settings
    setup: Setup
    units: Mapping[str, Unit]
    supply: Mapping[str, Supply]
    resources: Mapping[str, int]
    vp: Mapping[str, int]
    hand: tuple[str, ...]
    offered: tuple[str, ...]  # the cards offered to this player in the draft
    opponent_hand_count: int
    opponent_offered_count: int
    deck_count: int
    windmills: Mapping[Square, int]
    edges: Mapping[str, str]
    side: str  # whose turn
    turn: int
    marker: int
    target: int
    phase: str
    actions_left: int
    temporary: int
    card_played: bool
    effects: tuple[Effect, ...]
    moving: Moving | None
    pending: Decision | None
    current_player: str | None
    outcome: Outcome | None
    events: tuple[Event, ...]

    @property
    def grid(self):
        return self.setup.grid

    @property
    def terrain(self):
        return self.setup.terrain

    @property
    def round(self) -> int:
        return (self.turn + 1) // 2
