"""The same invariants on every registered ruleset and scenario (hypothesis for random games).

- the legal list is what the game accepts, and refusals change nothing;
- undo, clone and save/load round-trip at any point;
- the same seed and actions replay the same game;
- views leak nothing hidden from the player they are for;
- a game with a round limit ends within a stated bound.

The fuzz of saves and actions is in ``test_fuzz.py``.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from explorer.core import Action, RuleViolation, Termination, load_game, load_json

from .cases import ACTION_BOUND, ROUND_BOUND, new_game, random_walk, scenario_cases

CASES = scenario_cases()
ids = [f"{name}-{scenario}" for name, scenario in CASES]
games = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def test_every_builtin_ruleset_is_covered():
    names = {name for name, _ in CASES}
    assert {"simple_plastic", "phlog"} <= names


@pytest.mark.parametrize("case", CASES, ids=ids)
@games
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 60), data=st.data())
def test_listed_actions_are_exactly_the_accepted_ones(case, seed, steps, data):
    state = random_walk(new_game(case, seed), random.Random(seed), steps)
    legal = list(state.legal_actions)
    assert len(legal) == len(set(legal)), "an action is listed twice"
    assert bool(legal) != state.is_over, "a game goes on exactly while something is legal"
    for act in legal:
        assert act.player == state.current_player
        assert state.why_illegal(act) is None, f"{act!r} is listed but refused"
        assert act in state.legal_actions
    if legal:
        act = data.draw(st.sampled_from(legal))
        before = state.clone()
        state.apply(act)
        assert state != before


@pytest.mark.parametrize("case", CASES, ids=ids)
@games
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 60))
def test_refusals_change_nothing_and_name_a_rule(case, seed, steps):
    state = random_walk(new_game(case, seed), random.Random(seed), steps)
    legal = list(state.legal_actions)
    if not legal:
        return
    saved = state.to_dict()
    other = state.other(state.current_player)
    for act in legal[:20]:
        wrong_player = type(act)(**{**act.__dict__, "player": other})
        violation = state.why_illegal(wrong_player)
        assert isinstance(violation, RuleViolation)
        assert violation.rule.ruleset == state.ruleset.name
        with pytest.raises(RuleViolation):
            state.apply(wrong_player)
    assert state.to_dict() == saved


@pytest.mark.parametrize("case", CASES, ids=ids)
@games
@given(seed=st.integers(0, 2**32), steps=st.integers(1, 60))
def test_undo_clone_and_save_round_trip_at_any_point(case, seed, steps):
    state = random_walk(new_game(case, seed), random.Random(seed), steps)
    saved = state.to_json()
    copy = state.clone()
    loaded = load_json(saved)
    assert loaded == state and copy == state
    assert loaded.to_json() == saved
    if loaded.legal_actions:
        act = next(iter(loaded.legal_actions))
        assert loaded.apply(act) == copy.apply(act)      # same dice after loading
        assert state.to_json() == saved                   # the clone played, not the original
    n = len(state.history)
    for _ in range(n):
        state.undo()
    assert state == new_game(case, seed)
    assert state.to_json() == new_game(case, seed).to_json()


@pytest.mark.parametrize("case", CASES, ids=ids)
def test_same_seed_and_actions_replay_the_same_game(case):
    a = random_walk(new_game(case, seed=5), random.Random(1), 80)
    b = new_game(case, seed=5)
    for turn in a.history:
        assert b.apply(turn.action) == list(turn.events)
    assert a == b and load_game(json.loads(a.to_json())) == b


@pytest.mark.parametrize("case", CASES, ids=ids)
@games
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 80))
def test_views_leak_nothing_hidden(case, seed, steps):
    state = random_walk(new_game(case, seed), random.Random(seed), steps)
    everything = [*state.setup_log, *(e for t in state.history for e in t.events)]
    for player in state.sides:
        seen = state.events_for(player)
        assert all(e.visible_to(player) for e in seen)
        hidden = [e for e in everything if not e.visible_to(player)]
        shown = repr(state.view(player))
        for event in hidden:
            assert event.text not in shown, f"{player}'s view shows {event.text!r}"


@pytest.mark.parametrize("case", CASES, ids=ids)
def test_a_game_with_a_round_limit_ends_within_the_bound(case):
    for seed in range(2):
        state = random_walk(new_game(case, seed, max_rounds=ROUND_BOUND), random.Random(seed), ACTION_BOUND)
        assert state.is_over, f"not over after {len(state.history)} actions"
        assert state.outcome.kind in set(Termination)
        assert state.round <= ROUND_BOUND + 1
        assert not any(isinstance(a, Action) for a in state.legal_actions)
