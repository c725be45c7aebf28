"""What a challenge asks: the three kinds of goal, and the tests of a position a goal names.

Every ruleset has the core's tests (:data:`CORE_TESTS`); a ruleset adds its own in its ``goals.py``
(``TESTS``), found by :func:`ruleset_tests`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .challenge import Challenge

GOAL_KINDS = ("reach", "best", "sure")
MEASURES = ("at_least_one", "mean")
"""How a ``best`` goal weighs an action's chance: P(at least 1), or the mean of what the dice decide (a
collection of pieces, those a roll kills, counts by its size)."""


@dataclass(frozen=True)
class Goal:
    kind: str                                        # reach | best | sure
    test: str = ""                                   # reach, sure: a test's name
    args: Mapping[str, Any] = field(default_factory=dict)
    action: str = ""                                 # best: the kind of action chosen ("Shoot")
    measure: str = "at_least_one"                    # best: how a chance is weighed


# -- tests of a position -------------------------------------------------------------------------------------

def standing(state) -> dict[str, int]:
    """Pieces each side has in play (the ruleset's own count, ``GameState._standing``)."""
    return state._standing()


def _won(state, challenge) -> bool:
    """The learner's side has won the game."""
    outcome = state.outcome
    return outcome is not None and outcome.winner == challenge.side


def _enemy_down(state, challenge, count: int = 1) -> bool:
    """At least ``count`` of the other side's pieces standing at the start are out of play."""
    enemy = state.other(challenge.side)
    return challenge.started_with()[enemy] - standing(state).get(enemy, 0) >= count


def _none_lost(state, challenge) -> bool:
    """Every piece of the learner's side standing at the start is still in play."""
    return standing(state).get(challenge.side, 0) >= challenge.started_with()[challenge.side]


CORE_TESTS: dict[str, Callable[..., bool]] = {"won": _won, "enemy_down": _enemy_down, "none_lost": _none_lost}
"""Tests every ruleset has. A ruleset adds its own in ``goals.py`` (``TESTS``: name -> f(state, challenge,
**args) -> bool)."""


def ruleset_package(ruleset) -> str:
    """The ruleset's package (where its goals.py and challenges.toml live); "" for a ruleset written in a
    single module (the tiny ones single tests register), which has neither."""
    return ruleset.state_type.__module__.rpartition(".")[0]


def ruleset_tests(ruleset) -> dict[str, Callable[..., bool]]:
    package = ruleset_package(ruleset)
    if not package:
        return dict(CORE_TESTS)
    try:
        goals = importlib.import_module(f"{package}.goals")
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.goals":
            raise
        return dict(CORE_TESTS)
    return {**CORE_TESTS, **goals.TESTS}


def goal_holds(challenge: Challenge, state) -> bool:
    """Whether the test the challenge's goal names holds in ``state``."""
    tests = ruleset_tests(challenge.ruleset)
    return bool(tests[challenge.goal.test](state, challenge, **challenge.goal.args))
