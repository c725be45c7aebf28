"""The same invariants on every registered ruleset and scenario (hypothesis for random games).

- the legal list is what the game accepts, and refusals change nothing;
- undo, clone and save/load round-trip at any point;
- the same seed and actions replay the same game;
- views leak nothing hidden from the player they are for;
- a game with a round limit ends within a stated bound.

The invariants themselves are in ``checks.py`` (standard library only: the page's
Python runs them too); the fuzz of saves and actions is in ``test_fuzz.py``.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from .cases import new_game, random_walk, scenario_cases
from .checks import (
    check_listed_actions, check_refusals, check_replay, check_round_limit, check_round_trip, check_views,
)

CASES = scenario_cases()
ids = [f"{name}-{scenario}" for name, scenario in CASES]
games = settings(max_examples=6)


def test_every_builtin_ruleset_is_covered():
    names = {name for name, _ in CASES}
    assert {"simple_plastic", "phlog"} <= names


@pytest.mark.parametrize("case", CASES, ids=ids)
@games
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 60), data=st.data())
def test_listed_actions_are_exactly_the_accepted_ones(case, seed, steps, data):
    state = random_walk(new_game(case, seed), random.Random(seed), steps)
    check_listed_actions(state, lambda legal: data.draw(st.sampled_from(legal)))


@pytest.mark.parametrize("case", CASES, ids=ids)
@games
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 60))
def test_refusals_change_nothing_and_name_a_rule(case, seed, steps):
    check_refusals(random_walk(new_game(case, seed), random.Random(seed), steps))


@pytest.mark.parametrize("case", CASES, ids=ids)
@games
@given(seed=st.integers(0, 2**32), steps=st.integers(1, 60))
def test_undo_clone_and_save_round_trip_at_any_point(case, seed, steps):
    state = random_walk(new_game(case, seed), random.Random(seed), steps)
    check_round_trip(state, lambda: new_game(case, seed))


@pytest.mark.parametrize("case", CASES, ids=ids)
def test_same_seed_and_actions_replay_the_same_game(case):
    check_replay(case)


@pytest.mark.parametrize("case", CASES, ids=ids)
@games
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 80))
def test_views_leak_nothing_hidden(case, seed, steps):
    check_views(random_walk(new_game(case, seed), random.Random(seed), steps))


@pytest.mark.parametrize("case", CASES, ids=ids)
def test_a_game_with_a_round_limit_ends_within_the_bound(case):
    check_round_limit(case)
