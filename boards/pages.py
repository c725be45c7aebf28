"""What a ruleset's board module (``boards/<ruleset>.py``) gives the cross-ruleset pages, as plain data: what the
players need (:class:`Needs`), its lethality curve (:class:`Curve`) and how its games are studied (:class:`Study`).

Here, not in ``boards/compare.py``, so each ruleset declares its own beside its board look and the pages read
them through the registry (:mod:`boards.family`) without importing each other in a circle.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

from explorer.core.registry import get_ruleset

INCHES = tuple(range(1, 31))
"""The distances of a tabletop ruleset's curve."""
SQUARES = tuple(range(1, 13))
"""The distances of a grid ruleset's curve."""


@dataclasses.dataclass(frozen=True)
class Needs:
    """What a ruleset asks of the players, from its source (each fact says where it comes from)."""

    dice: str
    cards: str
    measuring: str
    time: str


@dataclasses.dataclass(frozen=True)
class Curve:
    """One ruleset's chance that a typical attack takes one enemy figure off, against distance."""

    ruleset: str
    attacker: str          # who attacks whom, in words
    unit: str              # "inches" or "squares"
    distances: tuple[int, ...]
    open: tuple[Fraction, ...]
    cover: tuple[Fraction, ...]
    cover_means: str       # what "in cover" is in this ruleset
    note: str = ""

    @property
    def title(self) -> str:
        return get_ruleset(self.ruleset).title


@dataclasses.dataclass(frozen=True)
class Study:
    """How a ruleset is studied: its main scenario and how many games the page can afford."""

    scenario: str
    games: int        # greedy against greedy, seeds 0..games-1
    luck_seeds: int   # random against greedy: each seed played twice, sides swapped
    strong_seeds: int  # greedy against strong: each seed played twice, sides swapped
    why: str = ""
