"""Put the toy ruleset where the project looks rulesets up, and take it away again: the registry, and its board
module where boards look board modules up (``boards.<name>``). The test run does it (``tests/conftest.py``), and
so does the golden games' recorder (``python -m tests.golden.record``)."""

from __future__ import annotations

import sys

import boards
from explorer.core.registry import register, unregister

from . import RULESET, board

BOARD = f"boards.{RULESET.name}"


def install() -> None:
    register(RULESET)  # (its declare() registered it on import; again after an uninstall)
    sys.modules[BOARD] = board
    setattr(boards, RULESET.name, board)


def uninstall() -> None:
    unregister(RULESET.name)
    sys.modules.pop(BOARD, None)
    if hasattr(boards, RULESET.name):
        delattr(boards, RULESET.name)
