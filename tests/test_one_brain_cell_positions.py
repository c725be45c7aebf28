"""1BC, property: every position reached by legal play passes the engine's own legality check and can start a
new game (a figure removed after it moved keeps no record of the turn it will not finish)."""

from __future__ import annotations

import pytest

import explorer
from explorer.core import RandomBot
from explorer.rulesets.one_brain_cell import Charge, Fight
from tests.one_brain_cell_support import fig, game


def test_a_charger_killed_in_the_fight_leaves_a_position_that_can_start_a_game():
    state = game(fig("g1", 5, 5), fig("g2", 5, 7), fig("t1", 12.5, 5), fig("t2", 40, 30))
    state.apply(Charge("green", "g1", "t1"), dice=[6, 6])
    while state.phase != "fight":
        state.apply(next(a for a in state.legal_actions if type(a).__name__ == "EndStep"))
    state.apply(Fight("green", "t1"), dice=[1, 6])                 # g1 loses and is removed
    assert state.figures["g1"].status == "dead"
    assert type(state)._position_problem(state.game, state.position) is None
    assert type(state)(state.game, state.position, seed=1).position == state.position


@pytest.mark.parametrize("scenario,seed", [("patrol", 1), ("patrol", 2), ("skirmish", 3)])
def test_positions_reached_by_random_legal_play_are_legal_positions(scenario, seed):
    state = explorer.new_game("one_brain_cell", scenario, seed=seed)
    bot = RandomBot(seed)
    cls = type(state)
    for step in range(400):
        if state.is_over:
            break
        state.apply(bot(state))
        problem = cls._position_problem(state.game, state.position)
        assert problem is None, f"after action {step + 1} ({state.history[-1].action!r}): {problem}"
        if step % 25 == 0:
            assert cls(state.game, state.position, seed=seed).position == state.position
