"""Army men, the capture-the-flag scenario: the terms the dice set, the page's own example, the rulings."""

import json
from fractions import Fraction

import pytest

import explorer
from explorer.core import Termination, load_json
from explorer.rulesets.army_men import EndTurn, Figure, Move, Settings, new_state
from explorer.rulesets.army_men.position import Flag
from explorer.rulesets.army_men.standard import flag_terms, flag_terms_odds, holds_flag


def flag_game(green_near=7, terms=(7, 4, 2), **settings):
    """Green has ``green_near`` regulars within 4 inches of a flag at (24, 18); tan's five are far away."""
    green = [Figure(f"g{k + 1}", "green", "regular", "alpha", 22 + k * 0.6, 18) for k in range(green_near)]
    green += [Figure(f"g{k + 1}", "green", "regular", "alpha", 22 + k * 0.6, 25) for k in range(green_near, 8)]
    tan = [Figure(f"t{k + 1}", "tan", "regular", "bravo", 44, 2 + k * 2) for k in range(5)]
    flag = Flag(24.0, 18.0, (("green", *terms), ("tan", 12, 1, 3)), (("green", 0), ("tan", 0)))
    return new_state(Settings(variant="standard", **settings), figures=green + tan, flag=flag, side="tan")


def test_the_terms_are_2d6_troopers_1d6_inches_and_1d3_turns_read_off_a_d6():
    assert flag_terms((3, 4), 4, 3) == (7, 4, 2)
    assert [flag_terms((1, 1), 1, face)[2] for face in range(1, 7)] == [1, 1, 2, 2, 3, 3]
    odds = flag_terms_odds()
    assert odds["troopers"].probability(7) == Fraction(1, 6) and odds["turns"].probability(2) == Fraction(1, 3)


def test_the_pages_example_7_troopers_within_4_inches_for_the_start_of_2_turns_wins():
    state = flag_game()
    events = state.apply(EndTurn("tan"))  # green's turn begins: one
    assert "green holds the flag (1 of 2)" in [e.text for e in events]
    assert not state.is_over
    state.apply(EndTurn("green"))
    events = state.apply(EndTurn("tan"))  # and two
    assert state.outcome.winner == "green" and state.outcome.kind is Termination.OBJECTIVE
    assert events[-1].kind == "game_over"


def test_six_troopers_are_not_seven():
    state = flag_game(green_near=6)
    assert not holds_flag(state, state.position.flag, "green").value
    state.apply(EndTurn("tan"))
    assert state.position.flag.turns_held("green") == 0


def _hold_leave_hold(**settings):
    state = flag_game(**settings)
    state.apply(EndTurn("tan"))                       # held 1
    state.apply(Move("green", "g1", (19, 18)))         # g1 steps back: six left near the flag
    state.apply(EndTurn("green"))
    state.apply(EndTurn("tan"))                       # not held
    state.apply(Move("green", "g1", (21.5, 18)))      # back
    state.apply(EndTurn("green"))
    state.apply(EndTurn("tan"))                       # held
    return state


def test_the_turns_must_come_in_a_row_unless_the_setting_counts_them_all():
    assert not _hold_leave_hold().is_over and _hold_leave_hold().position.flag.turns_held("green") == 1
    in_all = _hold_leave_hold(flag_turns="in_all")
    assert in_all.outcome.winner == "green"


def test_a_side_never_needs_more_troopers_than_it_fielded():
    state = flag_game(terms=(12, 4, 1))  # green fielded 8, all near enough? 7 near: not 8
    held = holds_flag(state, state.position.flag, "green")
    assert not held.value and any(r.ref.section == "rulings.capture_the_flag" for r in held.reasons)
    everyone = flag_game(green_near=8, terms=(12, 4, 1))
    everyone.apply(EndTurn("tan"))
    assert everyone.outcome.winner == "green"


def test_the_scenario_rolls_each_sides_terms_with_the_games_dice_and_saves_them():
    state = explorer.new_game("army_men", "capture_the_flag", seed=3)
    log = state.setup_log
    assert [e.data["side"] for e in log] == ["green", "tan"]
    again = explorer.new_game("army_men", "capture_the_flag", seed=3)
    assert again.position.flag == state.position.flag
    loaded = load_json(state.to_json())
    assert loaded.position.flag == state.position.flag
    data = json.loads(state.to_json())
    data["start"]["position"]["flag"]["terms"][0][1] = 13
    with pytest.raises(ValueError, match="2D6 troopers"):
        explorer.load_game(data)
