"""army_men: the army builder's checks (every rule of army creation, the points agreed) and a game started
from built armies."""

from fractions import Fraction

import pytest

from explorer.core import RuleViolation
from explorer.rulesets.army_men import army_game, army_problems, army_points, points_problem

GOOD = {"green": {"alpha": ["sargent"] + ["regular"] * 5 + ["heavy_weapon"], "bravo": ["regular"] * 5},
        "tan": {"x": ["sargent"] + ["regular"] * 5 + ["grenadier", "flamethrower"]}}


def test_points_are_checked_alone_against_the_points_agreed():
    assert points_problem(100, None) is None and points_problem(100, 100) is None
    over = points_problem(110, 100)
    assert "110 points" in str(over) and over.rule.key == "army_men:standard.army"


def test_every_broken_rule_of_an_army_is_named_at_once():
    problems = army_problems({"a": ["sargent", "sargent"] + ["regular"] * 10}, points=100)
    assert [p.rule.key for p in problems] == ["army_men:standard.squads"] * 2 + ["army_men:standard.army"]
    assert "12 troopers" in str(problems[0]) and "2 sargents" in str(problems[1]) and "140 points" in str(problems[2])


def test_a_generator_of_kinds_is_read_once():
    assert army_problems({"a": (k for k in ["regular"] * 5)}, points=40)[0].rule.key == "army_men:standard.army"


def test_a_game_starts_from_built_armies_deployed_by_the_rules():
    game = army_game(GOOD, points=200, seed=3)
    assert game.variant == "standard" and game.side == "green"
    assert sorted(f.squad for f in game.figures.values() if f.side == "green").count("bravo") == 5
    assert army_points(GOOD["green"]).value == 20 + 50 + 30 + 50
    again = type(game).from_json(game.to_json())
    assert again.to_json() == game.to_json()
    assert list(game.legal_actions)


@pytest.mark.parametrize("armies, points, key", [
    ({**GOOD, "green": {"alpha": ["regular"] * 4}}, None, "army_men:standard.squads"),
    (GOOD, 140, "army_men:standard.army"),
])
def test_a_bad_army_does_not_start_a_game(armies, points, key):
    with pytest.raises(RuleViolation) as info:
        army_game(armies, points=points)
    assert info.value.rule.key == key


def test_armies_for_both_sides_and_room_on_the_table():
    with pytest.raises(ValueError, match="sides"):
        army_game({"green": GOOD["green"]})
    with pytest.raises(ValueError, match="room for 3"):
        army_game({**GOOD, "tan": {f"s{k}": ["regular"] * 5 for k in range(4)}})


def test_the_notes_d3_and_d2_are_written_from_the_dice_the_game_rolls():
    from explorer.core import D2, D3
    from explorer.core.dice import d2_of, d3_of
    from explorer.rulesets.army_men import RULESET
    from explorer.rulesets.army_men.data import dice_table

    assert "D3 is read off a D6: 1-2 counts as 1, 3-4 as 2, 5-6 as 3." in RULESET.notes
    assert "D2 is read off a D6: 1-3 counts as 1, 4-6 as 2." in RULESET.notes
    rows = {row[0]: row[1:] for row in dice_table()["rows"]}
    assert rows["D3"] == [d3_of(f) for f in range(1, 7)] and rows["D2"] == [d2_of(f) for f in range(1, 7)]
    assert D3.pmf() == {v: Fraction(rows["D3"].count(v), 6) for v in (1, 2, 3)}
    assert D2.pmf() == {v: Fraction(rows["D2"].count(v), 6) for v in (1, 2)}
