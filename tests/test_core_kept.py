"""Answers the core keeps from one position to the next instead of working them out again: each must be the answer
worked out afresh, in every position of real games."""

from __future__ import annotations

import random

import pytest

from explorer import get_ruleset


def _fresh_standing(state) -> dict[str, int]:
    counts = dict.fromkeys(state.sides, 0)
    for figure in state.position.figures.values():
        counts[figure.side] += bool(figure.in_play)
    return counts


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_count_in_play_carried_over_a_move_is_the_count_made_afresh(seed):
    """Simple Plastic's moves and ends of turn carry each side's count of figures in play over to the next position
    (``TabletopState.carry_standing``) unless a changed figure came into play or left it: a kill must still count."""
    state = get_ruleset("simple_plastic").new_game("skirmish", seed=seed)
    rng, carried, kills = random.Random(seed), 0, 0
    while not state.is_over and len(state.history) < 600:
        before, counts = state.position.figures, state.__dict__["_standing_of"][1]
        state.apply(rng.choice(list(state.legal_actions)))
        after = state._standing()
        assert after == _fresh_standing(state)
        carried += state.position.figures is not before and state.__dict__["_standing_of"][1] is counts
        kills += sum(f.in_play for f in before.values()) > sum(after.values())
    assert carried > 20 and kills >= 1


def test_simple_plastic_keeps_answers_by_turn_and_only_the_last_few_turns():
    """``SimplePlasticState.kept``, found by the turn (round and side) rather than by the position: one store for all
    the positions of a turn, a new one when the turn changes, and the last three turns' only."""
    from explorer.rulesets.simple_plastic.game import _TURNS_KEPT

    state = get_ruleset("simple_plastic").new_game("skirmish", seed=4)
    rng, stores = random.Random(4), {}
    while not state.is_over and len(state.history) < 200:
        turn = (state.position.round, state.position.side)
        assert stores.setdefault(turn, state.kept) is state.kept
        assert len(state._kept) <= _TURNS_KEPT and state._kept[turn] is state.kept
        state.apply(rng.choice(list(state.legal_actions)))
    assert len(stores) > _TURNS_KEPT and len({id(kept) for kept in stores.values()}) == len(stores)
