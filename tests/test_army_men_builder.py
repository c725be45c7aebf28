"""The army builder's sheet (boards.army_men_builder): the same tool in JupyterLab and in the page."""

from __future__ import annotations

import html
import json

import pytest

from boards.army_men_builder import (
    FILE_NAME, KINDS, SIDES, SQUADS, STARTING_ARMIES, ArmyBuilder, count_name, read_armies,
)
from explorer.rulesets.army_men import ArmyMenState, army_points


def sheet(builder: ArmyBuilder, **changes) -> dict:
    """Every control's value as the page sends it, with ``changes`` (count names use '-': pass '__')."""
    values = {"side": builder.shown, "points": builder.points, **builder.counts()}
    values.update({name.replace("__", "-"): value for name, value in changes.items()})
    return values


def test_the_sheet_opens_with_both_starting_armies_priced_and_legal():
    builder = ArmyBuilder()
    summary = builder.answer()["html"]["summary"]
    for side, squads in STARTING_ARMIES.items():
        assert f"{side.capitalize()}" in summary and f"{army_points(squads).value} points" in summary
    assert summary.count("A legal army") == 2


def test_a_count_changed_on_the_sheet_reprices_that_army_and_names_the_rule_it_breaks():
    builder = ArmyBuilder()
    answer = builder.command("regular-alpha", sheet(builder, regular__alpha=9))
    assert builder.armies["green"]["alpha"].count("regular") == 9
    summary = answer["html"]["summary"]
    assert "squad alpha has 11 troopers; squads are 5-10" in summary
    assert 'href="army.html#army-men-standard-squads"' in summary  # the rule, linked on the site
    assert builder.armies["tan"] == STARTING_ARMIES["tan"]  # the other army is untouched


def test_changing_side_keeps_what_was_typed_and_fills_the_sheet_with_the_other_army():
    builder = ArmyBuilder()
    builder.command("flamethrower-bravo", sheet(builder, flamethrower__bravo=1, regular__bravo=5))
    answer = builder.command("side", sheet(builder, side="tan"))
    assert builder.armies["green"]["bravo"] == ["regular"] * 5 + ["flamethrower"]
    assert builder.shown == "tan"
    assert answer["values"][count_name("grenadier", "bravo")] == 1
    assert answer["values"][count_name("regular", "alpha")] == 0


def test_odd_counts_are_read_as_whole_numbers_from_zero():
    builder = ArmyBuilder()
    builder.command("regular-alpha", sheet(builder, regular__alpha=-3, sargent__alpha="2.7"))
    assert builder.armies["green"]["alpha"].count("regular") == 0
    assert builder.armies["green"]["alpha"].count("sargent") == 2


def test_an_army_over_the_points_agreed_is_refused_with_the_points_rule():
    builder = ArmyBuilder()
    answer = builder.command("points", sheet(builder, points=100, heavy_weapon__alpha=2))
    assert "the army costs 130 points, more than the 100 agreed" in answer["html"]["summary"]


def test_start_refuses_a_bad_army_with_its_rule_and_starts_a_good_one():
    builder = ArmyBuilder()
    refused = builder.command("start", sheet(builder, sargent__alpha=2))
    assert "play" not in refused
    assert "No game yet" in refused["html"]["message"]
    assert "2 sargents; a squad may include one" in refused["html"]["message"]
    builder.command("sargent-alpha", sheet(builder, sargent__alpha=1))
    started = builder.command("start", sheet(builder))
    game = ArmyMenState.from_json(started["play"]["save"])
    assert started["play"]["ruleset"] == "army_men" and started["play"]["human"] == "green"
    kinds = sorted(f.kind for f in game.position.figures.values() if f.side == "green")
    assert kinds == sorted(STARTING_ARMIES["green"]["alpha"])


def test_an_empty_army_cannot_start_a_game():
    builder = ArmyBuilder()
    empty = {count_name(kind, squad): 0 for kind in KINDS for squad in SQUADS}
    answer = builder.command("start", {**sheet(builder), **empty})
    assert "green has no squad yet" in answer["html"]["message"] and "play" not in answer


def test_saved_armies_load_back_exactly():
    builder = ArmyBuilder()
    builder.command("points", sheet(builder, points=200, submachine_gunner__charlie=2, regular__charlie=4))
    saved = builder.command("save", sheet(builder))["download"]
    assert saved["name"] == FILE_NAME
    other = ArmyBuilder()
    answer = other.command("load", {"load": saved["text"]})
    assert other.armies == builder.armies and other.points == 200
    assert answer["values"]["points"] == 200 and answer["values"]["submachine_gunner-charlie"] == 2


@pytest.mark.parametrize("text, words", [
    ("not json", "not an armies file"),
    ('{"armies": {"green": {}}}', "the armies should be those of green and tan"),
    ('{"armies": {"green": {"delta": []}, "tan": {}}}', "named among alpha, bravo, charlie"),
    ('{"armies": {"green": {"alpha": ["tank"]}, "tan": {}}}', "unknown kinds: 'tank'"),
    ('{"points": -5, "armies": {"green": {}, "tan": {}}}', "points should be a whole number"),
    ('{"points": true, "armies": {"green": {}, "tan": {}}}', "points should be a whole number"),
])
def test_a_malformed_armies_file_is_refused_saying_why_and_changes_nothing(text, words):
    builder = ArmyBuilder()
    before = json.loads(builder.to_json())
    answer = builder.command("load", {"load": text})
    assert words in html.unescape(answer["html"]["message"]) and "Not loaded" in answer["html"]["message"]
    assert json.loads(builder.to_json()) == before and "values" not in answer
    with pytest.raises(ValueError, match=words.split(":")[0]):
        read_armies(text)


def test_sides_and_squads_are_the_skirmish_tables():
    assert SIDES == ("green", "tan") and len(SQUADS) == 3
