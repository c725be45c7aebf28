"""Simple Plastic Wargame invariants over random legal games (hypothesis).

Whatever legal actions are played: no casualty comes back, nothing is lost
or duplicated, no lead figure goes further than its span, squads end their
moves in cohesion, no base stands off the table, on solid terrain or on
another base; illegal actions change nothing; undo and save/load are exact.
"""

import json

from hypothesis import given, settings, strategies as st

from explorer.core import GameRNG, RuleViolation, load_game
from explorer.core.tabletop import EPSILON, bases_overlap, distance
from explorer.rulesets.simple_plastic import RULESET, MoveFigure, MoveSquad, in_cohesion
from explorer.rulesets.simple_plastic.position import in_play, squad_members

PROFILE = settings(max_examples=30, derandomize=True, database=None)

scenarios = st.sampled_from(sorted(RULESET.scenarios))


def check_position(state):
    figures = in_play(state)
    for f in figures:
        assert state.table.on_table(f.position), f
        assert not state.table.in_solid(f.position), f
    assert not any(bases_overlap(a.position, b.position) for a in figures for b in figures if a.id < b.id)


def check_step(before, state, act):
    """What must hold after ``act`` took ``before`` (a copy of the figures) to ``state``."""
    assert set(before) == set(state.figures)  # nothing lost or duplicated
    dead_before = {fid for fid, f in before.items() if not f.alive}
    assert dead_before <= {fid for fid, f in state.figures.items() if not f.alive}  # casualties stay dead
    if isinstance(act, (MoveSquad, MoveFigure)):
        mover = act.leader if isinstance(act, MoveSquad) else act.figure
        allowance = state.settings.span_inches
        assert distance(before[mover].position, state.figures[mover].position) <= allowance + EPSILON
    if isinstance(act, MoveSquad):
        assert in_cohesion([f.position for f in squad_members(state, act.squad)])
    check_position(state)


def play_randomly(state, seed, steps):
    rng = GameRNG(seed)
    for _ in range(steps):
        if state.is_over:
            break
        act = rng.choice(list(iter(state.legal_actions)))
        before = dict(state.figures)
        state.apply(act)
        check_step(before, state, act)
    return state


@PROFILE
@given(scenario=scenarios, seed=st.integers(0, 2**20), steps=st.integers(1, 150))
def test_random_legal_games_keep_every_invariant(scenario, seed, steps):
    state = RULESET.new_game(scenario, seed=seed, max_rounds=30)
    play_randomly(state, seed, steps)
    check_position(state)


@PROFILE
@given(scenario=scenarios, seed=st.integers(0, 2**20), steps=st.integers(0, 40))
def test_undo_restores_exactly_and_saves_round_trip(scenario, seed, steps):
    state = play_randomly(RULESET.new_game(scenario, seed=seed), seed, steps)
    saved = state.to_json()
    loaded = load_game(json.loads(saved))
    assert loaded == state and loaded.to_json() == saved
    if not state.is_over:
        before = state.to_dict()
        act = GameRNG(seed + 1).choice(list(iter(state.legal_actions)))
        state.apply(act)
        state.undo()
        assert state.to_dict() == before


@PROFILE
@given(scenario=scenarios, seed=st.integers(0, 2**20), steps=st.integers(0, 30),
       pick=st.integers(0, 100), x=st.floats(-2, 50), y=st.floats(-2, 38), lone=st.booleans())
def test_any_move_is_either_legal_and_keeps_the_invariants_or_refused_and_changes_nothing(
        scenario, seed, steps, pick, x, y, lone):
    state = play_randomly(RULESET.new_game(scenario, seed=seed), seed, steps)
    movers = in_play(state, state.current_player) if not state.is_over else []
    if not movers:
        return
    figure = movers[pick % len(movers)]
    player = state.current_player
    act = (MoveSquad(player, figure.squad, figure.id, (x, y)) if figure.squad and not lone
           else MoveFigure(player, figure.id, (x, y)))
    before_dict, before = state.to_dict(), dict(state.figures)
    try:
        state.apply(act)
    except RuleViolation:
        assert state.to_dict() == before_dict
    else:
        check_step(before, state, act)
