"""What a challenge asks: the three kinds of goal, and the tests of a position a goal names.

Every ruleset has the core's tests (:data:`CORE_TESTS`); a ruleset adds its own in its ``goals.py``
(``TESTS``), found by :func:`ruleset_tests`.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..limits import brief, brief_names

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


# -- a goal's arguments, checked against its test's parameters --------------------------------------------

_TYPES = {"str": (str,), "int": (int,), "bool": (bool,), "tuple": (list, tuple), "float": (int, float)}
"""A test's parameter annotation (written as text: ``from __future__ import annotations``) -> the TOML values
it takes; an annotation not listed here takes any value."""
NAMING = ("figure", "fighter", "unit", "units", "squad", "terrain", "by")
"""Parameters that name a piece or a terrain of the start: each name must be one the start has."""


def args_problem(tests: Mapping[str, Callable[..., bool]], test: str, args: Any, *,
                 partial: bool = False) -> str | None:
    """What is wrong with ``args`` for the test ``test`` (missing, unknown or of the wrong type), in words;
    ``None``: nothing. A test taking ``**tests`` (``all_of``) takes other tests by name, each with its args.
    ``partial``: the args are being picked one at a time (*Make it a challenge*): none is missing yet."""
    if not isinstance(args, Mapping):
        return f"the goal's args are a table of the test's arguments, not {brief(args)}"
    params = list(inspect.signature(tests[test]).parameters.values())[2:]  # after (state, challenge)
    if any(p.kind is p.VAR_KEYWORD for p in params):
        for name, inner in args.items():
            if name not in tests or name == test:
                return f"{test} takes tests by name ({', '.join(t for t in tests if t != test)}), not {brief(name)}"
            problem = args_problem(tests, name, inner)
            if problem:
                return f"{test}'s {name}: {problem}"
        return None
    named = {p.name: p for p in params}
    unknown = [key for key in args if key not in named]
    if unknown:
        takes = ", ".join(named) or "no arguments"
        return f"the test {test} has no argument {brief_names(unknown)}; it takes {takes}"
    missing = [p.name for p in params if p.default is p.empty and p.name not in args]
    if missing and not partial:
        return f"the test {test} needs {', '.join(missing)} in the goal's args"
    for key, value in args.items():
        wanted = _TYPES.get(str(named[key].annotation).split(" |")[0])
        if wanted and (not isinstance(value, wanted) or (isinstance(value, bool) and bool not in wanted)):
            return f"the test {test}'s {key} is {_KIND_WORDS[wanted]}, not {brief(value)}"
    return None


_KIND_WORDS = {(str,): "text", (int,): "a whole number", (bool,): "true or false", (list, tuple): "a list",
               (int, float): "a number"}


def unknown_names(tests: Mapping[str, Callable[..., bool]], goal: Goal, state) -> list[str]:
    """The names in the goal's args (of a figure, unit, terrain...) that the start ``state`` has nowhere."""
    known = set(_texts([state.to_dict()[key] for key in ("setup", "current")]))
    named = []
    for test, args in ([*goal.args.items()] if _takes_tests(tests, goal.test) else [(goal.test, goal.args)]):
        for key in NAMING:
            value = dict(args).get(key)
            named += [value] if isinstance(value, str) else list(value) if isinstance(value, list) else []
    return [name for name in named if name not in known]


def _takes_tests(tests, test: str) -> bool:
    return any(p.kind is p.VAR_KEYWORD for p in inspect.signature(tests[test]).parameters.values())


def _texts(value) -> list[str]:
    """Every text in a saved game (walked without recursion)."""
    found, stack = [], [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.append(item)
        elif isinstance(item, Mapping):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return found
