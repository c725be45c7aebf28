"""Toy Skirmish's tests of a position, for its practice challenges (``challenges.toml``)."""

from __future__ import annotations

from explorer.core import tabletop as tt

from .rulings import RANGE_INCHES


def in_range(state, challenge, figure: str, enemy: str) -> bool:
    """The figure may shoot the enemy from where it stands: within 12 inches (shooting)."""
    return tt.distance(state.figures[figure].position, state.figures[enemy].position) <= RANGE_INCHES


def out_of_range(state, challenge, figure: str, enemy: str) -> bool:
    """The figure is more than 12 inches from the enemy: out of its shot, and of the enemy's (shooting)."""
    return not in_range(state, challenge, figure, enemy)


TESTS = {"in_range": in_range, "out_of_range": out_of_range}
