"""Army men: the registry's fields, the catalogue, every ruling (each with its test), deployment, saves, bots."""

import dataclasses
import json
from pathlib import Path

import pytest

import explorer
from explorer.core import D2, D3, play_out
from explorer.rulesets.army_men import (
    BOTS, RULINGS, SECTIONS, EndTurn, Figure, Move, Settings, Shoot, deployment_problems, new_state,
)

RULESET = explorer.get_ruleset("army_men")
SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"

# Each ruling, and the test that shows the engine plays by it.
RULING_TESTS = {
    "variant": "test_army_men_standard.py::test_the_skirmish_plays_the_standard_and_refuses_the_tutorial",
    "date": "test_army_men_rulings.py::test_the_registry_says_what_the_page_is",
    "distances": "test_army_men_shooting.py::test_within_half_range_kills_on_4_or_more_and_exactly_half_is_within",
    "deployment": "test_army_men_rulings.py::test_deployment_24_inches_from_the_enemy_and_within_4_of_a_mate",
    "first_side": "test_army_men_rulings.py::test_the_first_side_is_a_setting",
    "deployment_phase": "test_army_men_deployment.py::test_the_second_side_sets_up_first_one_trooper_at_a_time",
    "action_step": "test_army_men_shooting.py::test_once_another_trooper_acts_the_first_ones_step_is_over",
    "moved_previous_turn": "test_army_men_shooting.py::test_moved_in_the_previous_turn_is_the_targets_own_last_turn",
    "modifier_direction": "test_army_men_shooting.py::test_a_shot_that_needs_more_than_6_cannot_be_made",
    "standard_moving_target":
        "test_army_men_standard.py::test_the_standard_leaves_the_moving_target_out_unless_the_setting_puts_it_back",
    "rate_of_fire": "test_army_men_shooting.py::test_a_rate_of_fire_of_2_rolls_two_dice_at_one_target",
    "half_rate": "test_army_men_standard.py::test_the_mortar_fires_every_other_turn",
    "friendly_fire": "test_army_men_shooting.py::test_friendly_fire_a_d2_off_a_d6_decides_which_combatant_is_hit",
    "cohesion": "test_army_men_moving_combat.py::"
                "test_leaving_cohesion_may_be_allowed_by_a_setting_and_a_cut_off_trooper_moves_freely",
    "leadership": "test_army_men_standard.py::test_leadership_a_shooter_out_of_4_inch_cohesion",
    "contact": "test_army_men_moving_combat.py::test_troopers_in_contact_fight_and_the_lower_score_dies",
    "ganging_up": "test_army_men_moving_combat.py::test_ganging_up_one_against_three",
    "tie": "test_army_men_moving_combat.py::test_the_continued_fight_has_no_modifier_in_the_tutorial",
    "cover": "test_army_men_standard.py::test_a_trooper_hidden_less_than_half_is_not_in_cover",
    "area_effect": "test_army_men_standard.py::test_an_area_weapon_hits_its_own_side_too",
    "heavy": "test_army_men_standard.py::test_the_pages_profiles_and_points",
    "squad_size": "test_army_men_standard.py::test_a_good_army_passes_and_the_sargent_counts_in_the_five",
    "prone": "test_army_men_standard.py::test_prone_troopers_move_half_and_shoot_to_double_range",
    "climbing": "test_army_men_moving_combat.py::test_hedges_and_fences_are_low_and_crossed_at_no_cost",
    "path": "test_army_men_moving_combat.py::test_a_move_need_not_be_straight_and_is_measured_along_the_way_round",
    "off_table": "test_army_men_moving_combat.py::"
                 "test_a_trooper_moving_beyond_the_edge_of_the_table_cannot_be_returned_to_play",
    "vehicles": "test_army_men_standard.py::test_there_are_no_vehicles",
    "capture_the_flag": "test_army_men_flag.py::test_the_turns_must_come_in_a_row_unless_the_setting_counts_them_all",
    "victory": "test_army_men_rulings.py::test_the_game_ends_with_the_last_side_standing_or_after_20_rounds",
}


def test_every_ruling_has_a_test_that_exists():
    assert set(RULING_TESTS) == {r.id for r in RULINGS}
    here = Path(__file__).parent
    for ruling, where in RULING_TESTS.items():
        path, name = where.split("::")
        assert f"def {name}(" in (here / path).read_text(encoding="utf-8"), (ruling, where)


def test_every_ruling_has_a_question_a_decision_a_reason_and_known_rules_and_settings():
    fields = {f.name for f in dataclasses.fields(Settings)}
    for ruling in RULINGS:
        assert ruling.question.endswith("?") and ruling.decision and ruling.reason
        assert ruling.setting is None or ruling.setting in fields, ruling.id
        assert ruling.refs and all(ref.key.partition(":")[2] in SECTIONS for ref in ruling.refs), ruling.id
        assert f"rulings.{ruling.id}" in SECTIONS


def test_the_registry_says_what_the_page_is():
    assert (RULESET.title, RULESET.author, RULESET.year, RULESET.licence) == ("Army Men", "unnamed", 2021,
                                                                              "none stated")
    assert (SEEDS / RULESET.source).exists() or not SEEDS.exists()
    assert RULESET.turn_section == "turn" and RULESET.victory_section == "rulings.victory"
    assert isinstance(RULESET.equipment, tuple) and isinstance(RULESET.notes, tuple)
    notes = " ".join(RULESET.notes)
    assert "1-2 counts as 1, 3-4 as 2, 5-6 as 3" in notes and "1-3 counts as 1, 4-6 as 2" in notes
    assert [D3.map(int).probability(k) for k in (1, 2, 3)] == [D3.probability(1)] * 3
    assert D2.probability(1) == D2.probability(2)
    assert list(RULESET.scenarios) == ["tutorial", "tutorial_set_up_yourselves", "standard", "capture_the_flag"]
    assert set(BOTS) == {"random", "greedy", "strong"}
    assert "2021" in RULESET.ruling("date").decision


def test_every_section_is_on_a_book_page_and_cited_as_army_men():
    for key, section in SECTIONS.items():
        assert section.ref.key == f"army_men:{key}" and section.page
        assert section.ref.label.startswith("army-men-")


def test_deployment_24_inches_from_the_enemy_and_within_4_of_a_mate():
    tutorial = explorer.new_game("army_men", "tutorial")
    assert deployment_problems(tutorial.figures.values()) == []
    near = [Figure("g1", "green", x=10, y=10), Figure("g2", "green", x=10, y=14), Figure("t1", "tan", x=33.9, y=10)]
    problems = deployment_problems(near)
    assert len(problems) == 1 and "24 inches" in str(problems[0]) and problems[0].rule.key == "army_men:deployment"
    apart = [Figure("g1", "green", x=10, y=10), Figure("g2", "green", x=10, y=14.1), Figure("t1", "tan", x=40, y=10)]
    assert {p.rule.key for p in deployment_problems(apart)} == {"army_men:deployment"}
    with pytest.raises(Exception, match="24 inches"):
        new_state(Settings(variant="tutorial"), figures=near, check_army=True)


def test_the_first_side_is_a_setting():
    assert explorer.new_game("army_men", "tutorial").current_player == "green"
    assert explorer.new_game("army_men", "tutorial", first_side="tan").current_player == "tan"


def test_the_game_ends_with_the_last_side_standing_or_after_20_rounds():
    state = explorer.new_game("army_men", "tutorial")
    assert state.settings.max_rounds == 20
    while not state.is_over:
        state.apply(EndTurn(state.current_player))
    assert state.round == 21 and state.outcome.winner is None and "after 20 rounds" in state.outcome.reason
    last = new_state(Settings(variant="tutorial"), figures=[Figure("g1", "green", x=5, y=5),
                                                           Figure("t1", "tan", x=5, y=15)])
    last.apply(Shoot("green", "g1", "t1"), dice=[6])
    assert last.outcome.winner == "green" and "tan has nothing left" in last.outcome.reason


@pytest.mark.parametrize("scenario", ["tutorial", "standard", "capture_the_flag"])
@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_both_bots_play_every_scenario_to_the_end(scenario, bot):
    state = RULESET.new_game(scenario, seed=4)
    bots = {side: BOTS[bot](seed) for seed, side in enumerate(state.sides)}
    finished = play_out(state, bots, max_actions=5000)
    assert finished.is_over


def test_a_game_in_the_middle_of_a_tied_fight_saves_and_loads():
    state = new_state(Settings(variant="standard"), figures=[
        Figure("g1", "green", x=10, y=10), Figure("g2", "green", x=10, y=12), Figure("t1", "tan", x=10, y=15),
        Figure("t2", "tan", x=12, y=15)])
    state.apply(Move("green", "g1", (10, 14.5)), dice=[3, 4])
    state.apply(Shoot("green", "g2", "t2"), dice=[1])
    loaded = explorer.load_json(state.to_json())
    assert loaded == state and loaded.engaged == (("g1", "t1", "tan"),) and loaded.position.acting == "g2"
    data = json.loads(state.to_json())
    data["current"]["position"]["engaged"] = [["t1", "g1", "tan"]]
    with pytest.raises(explorer.SaveGameError):
        explorer.load_game(data)


def test_the_log_and_menus_read_in_words():
    state = explorer.new_game("army_men", "tutorial", seed=1)
    act = next(a for a in state.legal_actions if isinstance(a, Move))
    assert state.describe(act).startswith("g1 moves to (")
    assert "Army Men" in state._repr_html_() and "tutorial round 1" in repr(state)
