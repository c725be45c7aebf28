"""Hostile input through every entry point gets the engine's own error in words (issue 22, items 7-17).

JSON text, dicts, the page's Session, Python objects, ``State(game, position)`` and the page tools:
never a raw RecursionError, TypeError or ValueError from deep inside, never a message that echoes a
10 MB string or a 300-digit number, nothing changed by a refusal.
"""

from __future__ import annotations

import dataclasses
import json

import pytest

import explorer
from boards import live
from boards.army_men_builder import ArmyBuilder, read_armies
from explorer.core import MalformedAction, SaveGameError, load_game, load_json
from explorer.core.actions import action_from_dict
from explorer.core.frozen import evolve
from explorer.core.session import Session
from explorer.rulesets.dice_tactics.position import Supply

from tests.conformance.cases import rulesets_under_test, hostile_commands

RULESETS = sorted(rulesets_under_test())
LONG = "x" * 10_000_000


def deep(levels: int, inner=0):
    for _ in range(levels):
        inner = [inner]
    return inner


def game(name: str, seed: int = 1):
    return explorer.new_game(name, seed=seed)


# -- 7: nested too deep, at every entry point --------------------------------------------------------
@pytest.mark.parametrize("name", RULESETS)
@pytest.mark.parametrize("key", ["version", "scenario", "settings", "setup", "actions", "current"])
def test_a_deeply_nested_value_anywhere_in_a_save_dict_is_a_save_error(name, key):
    data = game(name).to_dict()
    with pytest.raises(SaveGameError, match="nested too deep"):
        load_game({**data, key: deep(50_000)})
    with pytest.raises(SaveGameError, match="nested too deep"):
        type(game(name)).from_dict({**data, key: {"x": deep(50_000)}})


@pytest.mark.parametrize("name", RULESETS)
def test_deeply_nested_json_text_is_a_save_error(name):
    text = game(name).to_json()
    for bad in ("[" * 100_000, text[:-1] + ', "x": ' + "[" * 100_000 + "]" * 100_000 + "}"):
        with pytest.raises(SaveGameError, match="nested too deep"):
            load_json(bad)
        with pytest.raises(SaveGameError, match="nested too deep"):
            type(game(name)).from_json(bad)


@pytest.mark.parametrize("name", RULESETS)
def test_a_deeply_nested_action_field_is_refused_from_a_dict_and_from_python(name):
    state = game(name)
    kind = state.ruleset.action_types[0]
    with pytest.raises(SaveGameError, match="nested too deep"):
        action_from_dict({"type": kind.__name__, "player": deep(50_000)}, state.ruleset.action_kinds)
    fields = [f.name for f in dataclasses.fields(kind)]
    values = dict.fromkeys(fields, "a")
    values[fields[-1]] = deep(50_000)
    with pytest.raises(MalformedAction, match="nested too deep"):
        kind(**values)


@pytest.mark.parametrize("name", RULESETS)
def test_the_session_answers_deep_json_in_words_and_still_offers_actions(name):
    session = Session(name)
    before = session.save()
    for answer in (session.load("[" * 100_000), session.try_action("[" * 100_000),
                   session.try_action({"type": "x", "player": deep(50_000)})):
        assert answer["message"]["kind"] == "error" and "nested too deep" in answer["message"]["text"]
    assert session.save() == before and session.answer()["actions"]


# -- 8: a number too long to read -----------------------------------------------------------------------
def test_a_five_thousand_digit_number_in_a_save_is_a_save_error():
    text = game("simple_plastic").to_json()
    with pytest.raises(SaveGameError, match="too long"):
        load_json(text.replace('"version": 2', '"version": ' + "9" * 5000))
    with pytest.raises(SaveGameError):
        load_json("9" * 5000)


# -- 9: State(game, position) checks types and ranges first ------------------------------------------
def _bad_positions():
    sp, ph, dt = game("simple_plastic"), game("phlog"), game("dice_tactics")
    fighter = next(iter(ph.position.fighters.values()))
    side = dt.sides[0]
    return [
        (sp, evolve(sp.position, moved_units=None), "moved_units"),
        (sp, evolve(sp.position, attacks_used=None), "attacks_used"),
        (sp, evolve(sp.position, round="1"), "round"),
        (ph, evolve(ph.position, fighters=None), "fighters"),
        (ph, ph.position.with_fighter(dataclasses.replace(fighter, weapon=-1e6)), "weapon"),
        (ph, ph.position.with_fighter(dataclasses.replace(fighter, weapon="laser")), "weapon"),
        (dt, evolve(dt.position, shot=None), "shot"),
        (dt, evolve(dt.position, supply={**dt.position.supply, side: Supply(-100_000, 0)}), "supply"),
        (dt, evolve(dt.position, shot=frozenset({"nobody"})), "shot"),
    ]


@pytest.mark.parametrize("case", range(9))
def test_a_position_is_checked_by_type_and_range_before_anything_uses_it(case):
    state, position, field = _bad_positions()[case]
    with pytest.raises(ValueError, match=field) as error:
        type(state)(state.game, position)
    assert type(error.value) is ValueError and "not a legal position" in str(error.value)


def test_every_position_field_type_is_declared_and_readable():
    from explorer.core.declared import _hints
    for name in RULESETS:
        position = game(name).position
        assert set(_hints(type(position))) == {f.name for f in dataclasses.fields(position)}


# -- 10 and 15: brief quotes ----------------------------------------------------------------------------
def test_brief_cuts_long_text_and_numbers_and_says_how_long():
    from explorer.core.limits import brief, nesting_problem
    assert brief(LONG).endswith("... (10,000,000 characters)") and len(brief(LONG)) < 100
    assert brief(10**400) == "a whole number of about 401 digits"
    assert brief(10**300) == "a whole number of about 301 digits"
    assert brief(deep(50_000)).startswith("[[[[") and len(brief(deep(50_000))) < 20
    assert brief("short") == "'short'" and brief(12) == "12" and brief(None) == "None"
    assert nesting_problem(deep(50_000)) and nesting_problem(deep(10)) is None


@pytest.mark.parametrize("name", RULESETS)
def test_a_ten_megabyte_action_is_not_echoed(name):
    session = Session(name)
    kind = session.ruleset.action_types[0].__name__
    for bad in ({"type": kind, "x" * 5_000_000: 1}, {"type": LONG}, {"type": kind, "player": LONG},
                json.dumps({"type": kind, "player": "green", "n": 10**300}), LONG):
        answer = session.try_action(bad)
        assert answer["message"]["kind"] == "error"
        assert len(answer["message"]["text"]) < 400, answer["message"]["text"][:400]


def test_a_huge_whole_number_in_an_action_is_refused_briefly():
    state = game("simple_plastic")
    kind = state.ruleset.action_types[0]
    values = {f.name: "g1" for f in dataclasses.fields(kind)}
    values["player"] = 10**400
    with pytest.raises(MalformedAction) as error:
        kind(**values)
    assert "about 401 digits" in str(error.value) and len(str(error.value)) < 300


# -- 11: saves are checked strictly -----------------------------------------------------------------------
@pytest.mark.parametrize("name", RULESETS)
def test_a_save_with_an_unknown_key_or_scenario_or_renamed_sides_is_refused(name):
    data = game(name).to_dict()
    with pytest.raises(SaveGameError, match="no key 'padding'"):
        load_game({**data, "padding": LONG})
    with pytest.raises(SaveGameError, match="no key 'extra'"):
        load_game({**data, "start": {**data["start"], "extra": 1}})
    with pytest.raises(SaveGameError, match="has no scenario") as error:
        load_game({**data, "scenario": LONG})
    assert len(str(error.value)) < 400
    with pytest.raises(SaveGameError, match="played by"):
        load_game({**data, "sides": list(reversed(data["sides"]))})
    renamed = json.loads(json.dumps(data).replace(f'"{data["sides"][0]}"', '"purple"'))
    with pytest.raises(SaveGameError):
        load_game(renamed)


@pytest.mark.parametrize("name", RULESETS)
def test_the_session_refuses_a_game_it_could_not_play_and_keeps_its_own(name):
    from explorer.core.game import Game
    session = Session(name)
    state = game(name)
    renamed = type(state).__new__(type(state))
    renamed.__dict__.update(state.__dict__)
    renamed.game = Game(state.game.settings, "custom", state.game.setup, ("red", "blue"))
    answer = session.load(json.dumps({**state.to_dict(), "scenario": "custom", "sides": ["red", "blue"]}))
    assert answer["message"]["kind"] == "error" and session.answer()["actions"]


def test_saves_written_by_every_scenario_still_load():
    from tests.conformance.cases import new_game, random_walk, scenario_cases
    import random
    for case in scenario_cases():
        state = random_walk(new_game(case, seed=4), random.Random(4), 30)
        assert load_json(state.to_json()) == state


# -- 16 and 17: the page tools answer in words --------------------------------------------------------
def _tool(tool: str, name: str, values: dict, key: str = "k") -> dict:
    return json.loads(live.tool(json.dumps({"key": f"{tool}-{key}", "tool": tool, "name": name, "values": values})))


def test_the_dice_roller_answers_a_long_seed_in_words():
    answer = _tool("boards.classroom:DiceTool", "roll", {"count": 3, "target": 4, "seed": "9" * 5000})
    assert "A seed must be a whole number" in answer["html"]["out"] and len(answer["html"]["out"]) < 400
    answer = _tool("boards.classroom:DiceTool", "roll", {"count": 3, "target": 4, "seed": "12"})
    assert "Seed 12" in answer["html"]["out"]


@pytest.mark.parametrize("values", [
    {"ruleset": "nonsense"}, {"ruleset": ["phlog"]}, {"ruleset": "phlog", "scenario": "duel", "setting": "nope"},
    {"ruleset": "phlog", "scenario": "nowhere", "setting": "ties"},
    {"ruleset": "phlog", "scenario": "duel", "setting": "removal_margin", "value": 10**400, "games": 2},
    {"ruleset": "phlog", "scenario": "duel", "setting": "removal_margin", "value": None, "games": "many"},
])
def test_the_house_rules_lab_answers_an_edited_select_in_words(values):
    valid_selects = "games" in values  # only the value or the number of games is wrong: the run says so
    for name in ("run",) if valid_selects else ("ruleset", "setting", "scenario", "run"):
        if name == "ruleset" and values.get("ruleset") == "phlog":
            continue
        answer = _tool("boards.classroom:LabTool", name, values)
        assert answer["html"]["results"].startswith('<p class="tsr-live-error">Not done:'), (name, answer)


def test_the_army_builder_refuses_points_out_of_range_and_keeps_its_own():
    builder = ArmyBuilder()
    for points in (10**400, 0, -5, 2.5, "lots", 1e300):
        answer = builder.command("points", {"points": points})
        assert "Points not changed" in answer["html"]["message"] and builder.points == 150
        assert answer["values"] == {"points": 150}
    with pytest.raises(ValueError, match="points should be a whole number"):
        read_armies(json.dumps({"points": 10**400, "armies": {}}))
    with pytest.raises(ValueError, match="nested too deep"):
        read_armies("[" * 100_000)
    assert builder.command("points", {"points": 300}) and builder.points == 300


def test_a_page_tool_request_naming_other_code_is_refused():
    assert "not a page tool" in json.loads(live.tool(json.dumps({"key": "x", "tool": "os:system", "name": "ls"})))["error"]
    assert "nested too deep" in json.loads(live.tool("[" * 100_000))["error"]


def test_the_pages_game_entry_points_answer_bad_requests_in_words():
    answer = json.loads(live.start(json.dumps({"ruleset": "phlog", "scenario": "duel", "seed": "9" * 5000})))
    assert answer["message"]["text"].startswith("Not started as asked: the seed") and answer["actions"]
    assert "nested too deep" in json.loads(live.start("[" * 100_000))["error"]
    assert "unknown ruleset" in json.loads(live.start(json.dumps({"ruleset": "nope"})))["error"]
    live.start(json.dumps({"ruleset": "phlog", "scenario": "duel"}))
    for request in ("{", json.dumps({"name": "play", "args": [10**400]}), json.dumps({"name": 3}),
                    json.dumps({"name": "try", "args": ["x" * 10_000_000]}), json.dumps({"name": "tap", "args": ["a"]}),
                    json.dumps({"name": "new", "args": ["duel", "9" * 5000]})):
        answer = json.loads(live.command(request))
        assert answer["message"]["kind"] == "error" and len(answer["message"]["text"]) < 300 and answer["actions"]


# -- issue 36: hostile share links and taps through the page's own path (boards.live) ----------------------
def _refusals(own: str, other: str, title: str) -> dict[str, str]:
    """What the page says to each of :func:`hostile_commands`, whole or in part."""
    return {
        "its side is a list": f"Cannot open this link: its side [{own!r}] is not one of the game's sides "
                              f"({own} and {other})",
        "its side is a list, named among the sides": "Cannot open this link: a save names its two sides, two "
                                                     f"different names, not [[{own!r}], {other!r}]",
        "its own side is renamed": f"is played by {own} and {other}, not 'olive' and {other!r}",
        "490,000 side names": "Cannot open this link: a save names its two sides, two different names, "
                              f"not [{own!r}, 'x', 'x', 'x', ...]",
        "a side of 1,000,000 characters": "'... (1,000,000 characters) is not one of the game's sides",
        "an unknown ruleset": f"Cannot open this link: it is a game of 'chess', not {title} (no ruleset here has "
                              "that name)",
        "a tap at a 400-digit x": "a tap is at two finite numbers, not (a whole number of about 401 digits, 1)",
        "a tap at a 400-digit y": "a tap is at two finite numbers, not (1, a negative whole number of about 401 digits)",
    }


@pytest.mark.parametrize("case", list(hostile_commands(game("phlog").to_json())))
@pytest.mark.parametrize("name", RULESETS)
def test_a_hostile_link_or_tap_in_the_page_is_refused_in_words_and_the_game_kept(name, case):
    started = json.loads(live.start(json.dumps({"ruleset": name, "seed": 2})))
    before = started["save"]
    command, args = hostile_commands(before)[case]
    answer = json.loads(live.command(json.dumps({"name": command, "args": args})))
    own, other = json.loads(before)["sides"]
    assert answer["message"]["kind"] == "error"
    assert _refusals(own, other, explorer.get_ruleset(name).title)[case] in answer["message"]["text"]
    assert len(answer["message"]["text"]) < 300  # quoted through limits.brief, never whole
    assert answer["save"] == before and answer["actions"] == started["actions"]


UNKNOWN_RULESET = """
import json, sys
from boards import live
from tests.conformance.cases import hostile_commands
started = json.loads(live.start(json.dumps({"ruleset": "army_men"})))
link = hostile_commands(started["save"])["an unknown ruleset"][1][0]
said = json.loads(live.command(json.dumps({"name": "open", "args": [link]})))["message"]["text"]
assert "a game of 'chess'" in said, said
said = json.loads(live.start(json.dumps({"ruleset": "chess"})))["message"]["text"]
assert "unknown ruleset 'chess'; known rulesets: army_men, dice_tactics" in said, said
print(",".join(sorted({m.split(".")[2] for m in sys.modules if m.startswith("explorer.rulesets.")})))
"""


def test_a_link_or_game_of_an_unknown_ruleset_is_refused_without_importing_the_other_rulesets():
    import subprocess
    import sys
    from pathlib import Path

    done = subprocess.run([sys.executable, "-c", UNKNOWN_RULESET], capture_output=True, text=True,
                          cwd=Path(__file__).parent.parent)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "army_men"  # and its known rulesets are still named, from their folders
