"""Helpers shared by the Dice Tactics tests: a small test board, positions set up in one call, refusals.

(No tests here; the name keeps it with the dice_tactics test files.)

The LAB board (9 by 7, spawn points on columns 0 and 8, rows 1, 2, 4 and 5;
the Target Zone is the middle block, columns 3-5 and rows 2-4)::

       012345678
    0  V...h...V
    1  .........
    2  .~~..ff..
    3  .~=..T.B.
    4  .....W...
    5  .........
    6  V.......V
"""

import pytest

from explorer.core import RuleViolation
from explorer.rulesets.dice_tactics import EndTurn, Settings, custom

R, B = "green", "tan"

LAB = """
V...h...V
.........
.~~..ff..
.~=..T.B.
.....W...
.........
V.......V
"""


def lab(units, *, text=LAB, **options):
    """A game on ``text`` (the LAB board) with ``units`` (id -> (kind, strength, square)), at the start of
    ``side``'s turn (green unless ``side=`` says). Options are :func:`custom`'s, and settings by name."""
    names = {"seed", "side", "turn", "phase", "hands", "resources", "vp", "supply", "windmills", "marker", "effects"}
    settings = Settings(**{k: v for k, v in options.items() if k not in names})
    return custom(text, units, settings, **{k: v for k, v in options.items() if k in names})


def refused(state, action, section, match=None):
    """Assert ``action`` is refused citing ``section``, and that nothing changed."""
    before = state.to_dict()
    with pytest.raises(RuleViolation, match=match) as info:
        state.apply(action)
    assert info.value.rule.key == f"dice_tactics:{section}"
    assert state.to_dict() == before
    assert action not in state.legal_actions
    return info.value


def strength(state, unit):
    return state.units[unit].strength


def square(state, unit):
    return state.units[unit].square


def end_turn(state):
    """End the whole turn of the player to act (main part and terrain actions)."""
    me = state.current_player
    while state.current_player == me and not state.is_over:
        state.apply(EndTurn(me))
    return state


def texts(events):
    return [str(e) for e in events]
