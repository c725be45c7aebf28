"""Challenges written out as TOML (explorer/core/challenges/writing.py): read back, the very tables given; every
shipped challenge written anew is the same challenge; the goal tests offered in words with what each argument
picks on the board."""

from __future__ import annotations

import importlib.resources
import tomllib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer import get_ruleset
from explorer.core.challenges import ChallengeError, load, ruleset_challenges
from explorer.core.challenges.goals import ruleset_package
from explorer.core.challenges.writing import goal_test_choices
from explorer.core.challenges.writing import toml_text, toml_value

RULESETS = ["simple_plastic", "army_men", "one_brain_cell", "dice_tactics", "phlog"]


def _shipped_tables(name: str) -> list[dict]:
    ruleset = get_ruleset(name)
    text = importlib.resources.files(ruleset_package(ruleset)).joinpath("challenges.toml").read_text("utf-8")
    return tomllib.loads(text)["challenge"]


@pytest.mark.parametrize("name", RULESETS)
def test_every_shipped_challenge_written_anew_reads_back_as_the_same_challenge(name):
    ruleset = get_ruleset(name)
    tables = _shipped_tables(name)
    text = toml_text(tables, comment="A lesson written by the engine\n(a second line)")
    assert text.startswith("# A lesson written by the engine\n# (a second line)\n")
    assert tomllib.loads(text) == {"challenge": tables}
    written, shipped = load(text, ruleset), ruleset_challenges(ruleset)
    assert list(written) == list(shipped)  # the lesson's order kept
    for key, challenge in written.items():
        original = shipped[key]
        assert (challenge.goal, challenge.start_spec, challenge.solution, challenge.hint, challenge.limit) == \
               (original.goal, original.start_spec, original.solution, original.hint, original.limit)


_TEXT = st.text(max_size=12)  # any characters: quotes, backslashes, control characters, DEL, emoji
_SCALARS = st.one_of(_TEXT, st.integers(-2**63, 2**63 - 1), st.booleans(), st.floats(allow_nan=False))
_VALUES = st.recursive(_SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_TEXT, inner, max_size=4),
                       max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(_TEXT.filter(lambda k: k != "start"), _VALUES, max_size=6),
       st.dictionaries(_TEXT, _VALUES, max_size=4))
def test_any_table_written_reads_back_as_it_was(entry, start):
    tables = [{**entry, "start": start}, entry]
    assert tomllib.loads(toml_text(tables)) == {"challenge": tables}


@settings(max_examples=100, deadline=None)
@given(st.lists(_VALUES, max_size=6))
def test_any_terrain_written_one_item_a_line_reads_back_as_it_was(terrain):
    tables = [{"name": "x", "start": {"scenario": "s", "terrain": terrain}}]
    assert tomllib.loads(toml_text(tables)) == {"challenge": tables}


def test_a_starts_terrain_is_written_one_piece_or_row_a_line():
    wall = {"name": "wall", "kind": "solid", "points": [[11.267949, 17.267949], [14.7, 19.2], [12.7, 22.7]],
            "elevation": 0}
    rows = ["V..W~W..V", ".h..~..h."]
    text = toml_text([{"name": "a", "start": {"seed": 1, "terrain": [wall, wall]}},
                      {"name": "b", "start": {"terrain": rows}}, {"name": "c", "start": {"terrain": []}}])
    piece = ('  { name = "wall", kind = "solid", points = [[11.267949, 17.267949], [14.7, 19.2], [12.7, 22.7]], '
             'elevation = 0 },')
    assert text.split("\n")[4:8] == ["terrain = [", piece, piece, "]"]
    assert '[challenge.start]\nterrain = [\n  "V..W~W..V",\n  ".h..~..h.",\n]\n' in text  # the board's picture
    assert text.endswith("[challenge.start]\nterrain = []\n")
    assert [t["start"]["terrain"] for t in tomllib.loads(text)["challenge"]] == [[wall, wall], rows, []]


def test_what_toml_cannot_hold_is_refused_in_words():
    with pytest.raises(ChallengeError, match="not set"):
        toml_value({"figures": {1, 2}})
    with pytest.raises(ChallengeError, match="keys are text"):
        toml_value({1: "one"})


def test_the_goal_tests_are_offered_in_words_with_what_each_argument_picks():
    choices = {c["name"]: c for c in goal_test_choices(get_ruleset("simple_plastic"))}
    assert {"won", "enemy_down", "none_lost", "in_terrain", "in_cover"} <= set(choices)
    terrain = choices["in_terrain"]
    assert terrain["words"] == "The figure is in play and stands in the named terrain (its centre on it: 'in the bushes')."
    assert terrain["args"] == [{"name": "figure", "picks": "piece"}, {"name": "terrain", "picks": "terrain"}]
    assert choices["enemy_down"]["args"] == [{"name": "count", "picks": "count", "default": 1}]
    assert choices["won"]["args"] == []
    for name in RULESETS:  # every test of every ruleset says what it asks, and each argument what it picks
        for choice in goal_test_choices(get_ruleset(name)):
            assert choice["words"] and choice["words"] != choice["name"], choice
            assert all(arg["picks"] in ("piece", "terrain", "count", "yes-no", "tests", "value") for arg in choice["args"])
