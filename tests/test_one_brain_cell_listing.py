"""The 1BC listing keeps answers between positions (each figure's moves and shots, the enemy's shape, the shot
plans): the offers must be exactly those worked out afresh, in the same order, whatever happened in between."""

from __future__ import annotations

import random

import explorer

from tests.listing_support import fresh


def test_offers_kept_between_positions_are_those_worked_out_afresh():
    """Random games (default rules; wounding, overwatch and squads activated), with looks at other lines of play
    (an action, its answer, then undone twice, as the strong bot's search does): every listing equals a fresh
    one, action for action."""
    checked = 0
    for settings in ({}, {"wounding": True, "overwatch": True, "activation": "squad"}):
        state = explorer.new_game("one_brain_cell", "skirmish", seed=3, **settings)
        rng = random.Random(3)
        for step in range(150):
            if state.is_over:
                break
            legal = list(state.legal_actions)
            assert legal == list(fresh(state).legal_actions), f"{settings}, action {step}"
            if step % 3 == 0:
                state.apply(rng.choice(legal))
                if not state.is_over:
                    again = list(state.legal_actions)
                    assert again == list(fresh(state).legal_actions), f"{settings}, a look after action {step}"
                    state.apply(rng.choice(again))
                    if not state.is_over:
                        assert list(state.legal_actions) == list(fresh(state).legal_actions)
                    state.undo()
                state.undo()
            state.apply(rng.choice(list(state.legal_actions)))
            checked += 1
    assert checked > 200


def test_the_ground_s_box_test_says_what_the_terrain_would():
    """Where the box test finds no solid or rough piece near a route, the ground's answer without asking the
    terrain is the terrain's own: thousands of routes over the skirmish table, near and far from its pieces."""
    from explorer.rulesets.one_brain_cell.moving import _ground_problem
    from explorer.rulesets.one_brain_cell.terrain import open_between

    table = explorer.new_game("one_brain_cell", "skirmish", seed=0).table
    rng, clear = random.Random(5), 0
    for _ in range(4000):
        here = (rng.uniform(0, table.width), rng.uniform(0, table.height))
        to = (round(here[0] + rng.uniform(-13, 13), 6), round(here[1] + rng.uniform(-13, 13), 6))
        limits = rng.choice([(12.0, 4.0, 4.0), (8.0, 4.0, 4.0), (11.0, 4.25, 4.25)])
        if open_between(table, here, to):
            clear += 1
            assert _ground_problem(table, here, to, *limits, True) == _ground_problem(table, here, to, *limits)
    assert clear > 200

def test_a_game_keeps_a_bounded_number_of_answers_of_each_kind():
    """Issue 37: a game keeps at most KEPT_ANSWERS answers of each kind between positions (then starts that kind
    again), so a long game's memory does not grow with every position it passed through; the listings stay those
    worked out afresh across the restarts (the test above checks them action for action)."""
    from explorer.rulesets.one_brain_cell.position import KEPT_ANSWERS

    state = explorer.new_game("one_brain_cell", "skirmish", seed=0)
    rng = random.Random(0)
    largest: dict[str, int] = {}
    while not state.is_over:
        state.apply(rng.choice(list(state.legal_actions)))
        for kind, answers in state.__dict__.get("_kept_between", {}).items():
            largest[kind] = max(largest.get(kind, 0), len(answers))
    assert {"moves", "move offers", "shot offers"} <= largest.keys(), largest
    assert max(largest.values()) <= KEPT_ANSWERS + 1, largest  # one past the bound, then it starts again
    assert largest["moves"] > KEPT_ANSWERS // 2, largest  # the game did reach the bound: a real test of it
