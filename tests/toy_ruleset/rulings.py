"""Toy Skirmish's settings and its one ruling."""

from __future__ import annotations

from explorer.core import RuleRef, Ruling, setting, settings_class

MOVE_INCHES, RANGE_INCHES, TO_KILL = 6.0, 12.0, 4


@settings_class
class Settings:
    to_kill: int = setting(TO_KILL, low=2, high=6)  # a D6 scoring this or more kills (a 1 never does)
    max_rounds: int | None = setting(10, low=1, high=1000)


RULINGS = (
    Ruling("victory", "Who wins?", "A side with no figures left loses; after the last round, more figures wins.",
           "The toy says nothing else.", "max_rounds", (RuleRef("toy_ruleset", "turn"),)),
)
