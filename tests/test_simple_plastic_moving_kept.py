"""Simple Plastic's move listing keeps answers between positions: they are the ones worked out afresh."""

import pytest

from explorer.rulesets.simple_plastic import MoveFigure, MoveSquad
from explorer.rulesets.simple_plastic.game import SimplePlasticState
from explorer.rulesets.simple_plastic.move_offers import _units
from explorer.rulesets.simple_plastic.moving import UNITS_LISTED

from tests.test_simple_plastic_speedups import SCENARIOS, _random_playout


def _plainly(units):
    return [(squad, [(f.id, f.x, f.y, f.alive) for f in members], cohesive) for squad, members, _, cohesive in units]


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_units_handed_on_by_a_move_are_those_found_afresh(scenario):
    """After a move, the units not moved yet are the last position's but the one that moved (handed on by
    do_move, not found again): the same as a state that keeps nothing finds, unit by unit, member by member."""
    handed = 0
    for seed in range(3):
        for state in _random_playout(scenario, seed):
            if state.phase == "move":
                after_move = bool(state.history) and isinstance(state.history[-1].action, (MoveSquad, MoveFigure))
                listed = state.kept.get(UNITS_LISTED)
                handed += after_move and listed is not None and listed[0] is state.position
                fresh = SimplePlasticState(state.game, state.position)
                assert _plainly(_units(state)) == _plainly(_units(fresh))
    assert handed
