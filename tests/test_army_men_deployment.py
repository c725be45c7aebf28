"""Army men: the players set their squads up (deployment='players'), 24 inches from the enemy, within 4 of a mate."""

from __future__ import annotations

import random

import pytest

import explorer
from explorer.core import RuleViolation, SaveGameError, play_out
from explorer.rulesets.army_men import BOTS, Deploy, EndTurn, GreedyBot, Move, deployment_problems

RULESET = explorer.get_ruleset("army_men")


def setting_up(scenario: str = "tutorial", **settings):
    return RULESET.new_game(scenario, deployment="players", **settings)


def test_every_trooper_waits_off_the_table_until_placed_and_counts_as_in_the_game():
    state = setting_up()
    assert state.deploying and all(f.status == "waiting" and not f.in_play for f in state.figures.values())
    assert not state.is_over  # troopers still to set up are not lost: the game is on


def test_the_second_side_sets_up_first_one_trooper_at_a_time():
    state = setting_up()
    assert state.side == "tan"  # green plays first, so tan places first
    assert {a.trooper for a in state.legal_actions} == {"t1"}  # in the order of the army list
    refused = state.why_illegal(Deploy("tan", "t2", (40.0, 10.0)))
    assert refused.rule.key == "army_men:rulings.deployment_phase" and "sets up t1 next" in refused.reason
    for k in range(1, 6):
        state.apply(Deploy("tan", f"t{k}", (40.0, 4.0 + 2 * k)))
    assert state.side == "green" and state.next_to_deploy("green").id == "g1"
    for k in range(1, 6):
        state.apply(Deploy("green", f"g{k}", (10.0, 4.0 + 2 * k)))
    assert not state.deploying and state.side == "green" and state.round == 1
    assert state.history[-1].events[-1].text == "Both armies are set up; green plays the first turn"
    assert deployment_problems(state.figures.values()) == []


def test_first_side_tan_makes_green_set_up_first():
    assert setting_up(first_side="tan").side == "green"


def test_a_trooper_nearer_than_24_inches_to_a_placed_enemy_is_refused_with_the_deployment_rule():
    state = setting_up()
    state.apply(Deploy("tan", "t1", (40.0, 18.0)))
    for k in range(2, 6):
        state.apply(Deploy("tan", f"t{k}", (40.0, 18.0 + 2 * (k - 1) - 5)))
    before = state.to_json()
    refused = state.why_illegal(Deploy("green", "g1", (16.5, 18.0)))  # 23.5 inches from t1
    assert refused.rule.key == "army_men:deployment" and "23.5 inches from t1" in refused.reason
    with pytest.raises(RuleViolation):
        state.apply(Deploy("green", "g1", (16.5, 18.0)))
    assert state.to_json() == before  # refused, and nothing changed
    assert state.why_illegal(Deploy("green", "g1", (16.0, 18.0))) is None  # exactly 24 inches is allowed


def test_after_the_first_a_trooper_sets_up_within_4_inches_of_a_placed_squad_mate():
    state = setting_up()
    state.apply(Deploy("tan", "t1", (44.0, 18.0)))
    refused = state.why_illegal(Deploy("tan", "t2", (44.0, 22.5)))
    assert refused.rule.key == "army_men:deployment" and "within 4 inches of a squad mate" in refused.reason
    assert state.why_illegal(Deploy("tan", "t2", (44.0, 22.0))) is None


@pytest.mark.parametrize("spot, words", [((60.0, 5.0), "off the 48 by 36 inch table"),
                                         ((5.0,), "a point (x, y)"), ("here", "a point (x, y)")])
def test_odd_spots_are_refused_saying_why(spot, words):
    state = setting_up()
    refused = state.why_illegal(Deploy("tan", "t1", spot))
    assert refused is not None and words in refused.reason


def test_nothing_but_setting_up_happens_while_troopers_wait():
    state = setting_up()
    refused = state.why_illegal(EndTurn("tan"))
    assert refused.rule.key == "army_men:deployment" and "the players set up first" in refused.reason
    assert state.why_illegal(Move("tan", "t1", (30.0, 10.0))) is not None
    played = setting_up()
    for act in list(played.legal_actions)[:1]:
        played.apply(act)
    done = RULESET.new_game("tutorial")
    late = done.why_illegal(Deploy("green", "g1", (5.0, 5.0)))
    assert late.rule.key == "army_men:turn" and "the armies are set up already" in late.reason


def test_every_offered_spot_is_legal_and_random_setups_always_keep_both_rules():
    for seed in range(5):
        rng = random.Random(seed)
        state = setting_up("standard")
        while state.deploying:
            legal = list(state.legal_actions)
            assert legal and all(state.why_illegal(a) is None for a in legal)
            state.apply(rng.choice(legal))
        assert deployment_problems(state.figures.values()) == []


def test_the_greedy_bot_sets_up_where_the_scenario_would():
    scenario = RULESET.new_game("standard")
    state = setting_up("standard")
    bot = GreedyBot(1)
    while state.deploying:
        state.apply(bot(state))
    assert {f.id: f.position for f in state.figures.values()} == {f.id: f.position for f in scenario.figures.values()}


def test_a_set_up_game_saves_loads_and_plays_to_the_end():
    state = RULESET.new_game("tutorial_set_up_yourselves", seed=3)
    assert state.deploying
    state.apply(next(iter(state.legal_actions)))
    loaded = type(state).from_json(state.to_json())
    assert loaded.to_json() == state.to_json()
    bots = {side: BOTS["random"](k) for k, side in enumerate(state.sides)}
    play_out(loaded, bots, max_actions=5000)
    assert loaded.is_over


def test_a_saved_game_claiming_a_turn_began_while_troopers_wait_is_refused():
    import json

    state = setting_up()
    data = json.loads(state.to_json())
    data["start"]["position"]["round"] = 2
    with pytest.raises(SaveGameError, match="the first turn cannot have begun"):
        type(state).from_json(json.dumps(data))
