"""The test run's sixth ruleset (issue 36): ``tests/toy_ruleset``, registered while the tests run.

It is registered (and its board module put where boards look board modules up, ``boards.<name>``) when this
file is imported, before any test module is: the pages' modules list the registry's rulesets when imported, so
every test of a surface that reads the registry (conformance, live play, the board family, the comparison
chapter, the concept index, the studies, the house-rules lab, practice) runs on the toy too. It is unregistered
when the run ends, so nothing outside the tests ever sees it.
"""

from __future__ import annotations

import sys

import boards
from explorer.core.registry import unregister

import toy_ruleset  # noqa: F401  (its declare() registers it)
from toy_ruleset import board as toy_board

TOY = toy_ruleset.RULESET.name
TOY_BOARD = f"boards.{TOY}"

sys.modules[TOY_BOARD] = toy_board
setattr(boards, TOY, toy_board)


def pytest_unconfigure(config):
    unregister(TOY)
    sys.modules.pop(TOY_BOARD, None)
    if hasattr(boards, TOY):
        delattr(boards, TOY)
