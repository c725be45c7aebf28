"""A game: what stays the same while it is played (rules settings, scenario, setup, sides)."""

from __future__ import annotations

import dataclasses
from typing import Any


@dataclasses.dataclass(frozen=True)
class Game:
    """What stays the same while a game is played. Shared by every state, clone and snapshot."""

    settings: Any
    scenario: str
    setup: Any
    sides: tuple[str, str]

    def __post_init__(self):
        if (not isinstance(self.sides, tuple) or len(self.sides) != 2 or len(set(self.sides)) != 2
                or not all(isinstance(s, str) and s for s in self.sides)):
            raise ValueError(f"a game has two sides with different names, not {self.sides!r}")

    def other(self, side: str) -> str:
        return self.sides[1] if side == self.sides[0] else self.sides[0]

    def next_turn(self, side: str, round: int, first: str | None = None) -> tuple[str, int]:
        """Who plays after ``side`` finishes a turn, and in which round.

        A round ends when both have played: a new one begins when play passes
        back to ``first``, the side that plays first (by default the first of
        ``sides``; a ruleset whose players choose who begins passes it).
        """
        following = self.other(side)
        return following, round + 1 if following == (first or self.sides[0]) else round
