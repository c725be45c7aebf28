"""The house-rules lab (boards.classroom, widgets.study): sweeps of any setting of every ruleset, the same
seeds for every value, exact odds from each ruleset's own odds code, wins with Wilson's 95% intervals, and the
page tool giving what the JupyterLab lab gives."""

from __future__ import annotations

import dataclasses
import html
from fractions import Fraction

import pytest

from boards.classroom import (
    EXACT, SWEEP, LabRun, LabTool, exact_odds, house_rules, int_steps, other_values, results_html, ruled_value,
    value_options,
)
from explorer.core.registry import get_ruleset
from explorer.core.simulate import Summary
from explorer.core.stats import wilson_interval

RULESETS = ("simple_plastic", "army_men", "phlog", "one_brain_cell", "dice_tactics")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_ruleset_offers_every_setting_with_the_rulings_value_among_its_values(ruleset):
    fields = dataclasses.fields(get_ruleset(ruleset).settings())
    rules = house_rules(ruleset)
    assert set(rules) == {f.name for f in fields} - {"max_rounds"}
    for field in fields:
        if field.name in rules and field.default is not None:  # army men's variant: None, the scenario's own
            assert field.default in rules[field.name] and len(rules[field.name]) >= 2
        if field.name in rules:  # every value the lab offers makes a game
            for value in rules[field.name]:
                get_ruleset(ruleset).settings(**{field.name: value})
    assert ruleset in EXACT


def test_whole_number_settings_are_swept_over_a_short_range_or_around_the_ruling():
    rules = house_rules("dice_tactics")
    assert rules["squad_strength"] == [1, 2, 3, 4, 5, 6] and rules["card_copies"] == [1, 2, 3, 4]
    assert rules["track_length"] == [4, 6, 8, 12, 16] and rules["victory_points"] == [10, 15, 20, 30, 40]
    assert int_steps(3, 0, 20) == [2, 3, 4, 6] and house_rules("simple_plastic")["base_to_kill"] == [2, 3, 4, 5, 6]


def test_a_scenario_offers_only_the_values_it_can_be_played_with():
    assert "variant" not in house_rules("army_men", "standard")  # the standard scenario needs the standard rules
    assert value_options("army_men", "variant", "standard") == [["(this scenario plays only the ruling's value)", SWEEP]]
    assert ruled_value("army_men", "variant", "standard") == "standard"
    with pytest.raises(ValueError, match="unknown scenario"):
        house_rules("army_men", "skirmish")
    run = LabRun("army_men", "standard", "variant", SWEEP, 1)
    assert run.values == ["standard"] and list(run.labels) == ["standard (as ruled)"]


def test_the_value_choices_are_the_sweep_then_each_house_rule_against_the_ruling():
    assert value_options("phlog", "ties", "duel") == [
        ["every value (3): a sweep", SWEEP], ["defender, against the ruling", "defender"],
        ["attacker, against the ruling", "attacker"]]
    assert other_values("one_brain_cell", "rifle_short") == [12]


def test_a_sweep_plays_the_same_seeds_under_every_value():
    run = LabRun("phlog", "duel", "ties", SWEEP, 4)
    assert list(run.labels) == ["own cards (as ruled)", "defender", "attacker"]
    for label in run.labels:
        assert [seed for named, _, seed in run.jobs if named == label] == [0, 1, 2, 3]
    factories = {named: factory for named, factory, _ in run.jobs}
    assert dict(factories["attacker"].settings) == {"max_rounds": 30, "ties": "attacker"}
    run.play_all()
    assert all([r.seed for r in results] == [0, 1, 2, 3] for results in run.results.values())


def test_one_value_is_played_against_the_ruling():
    run = LabRun("one_brain_cell", "patrol", "rifle_short", 12, 2)
    assert run.values == [8, 12] and list(run.labels) == ["8 (as ruled)", "12"]
    assert {dict(f.settings)["max_rounds"] for _, f, _ in run.jobs} == {12}  # 1BC's own round limit


def test_the_intervals_are_wilsons():
    summary = Summary(10, {"green": 6, "tan": 3}, 1, 0, 40.0, 5.5)
    low, high = wilson_interval(6, 10)
    assert f"{low:.0%}–{high:.0%}" == "31%–83%"
    table = results_html({"as ruled": summary}, ("green", "tan"))
    assert "60% <small>(31%–83%)</small>" in table and "95% confidence interval" in table
    low, high = wilson_interval(3, 10)
    assert f"30% <small>({low:.0%}–{high:.0%})</small>" in table


def test_the_sweep_chart_draws_wilson_whiskers_and_the_exact_odds():
    from bokeh.models import Legend, Whisker

    from widgets.study import sweep, sweep_chart

    run = sweep("phlog", "duel", "ace_high", games=3)
    layout = sweep_chart(run)
    whisker = next(iter(layout.select({"type": Whisker})))
    data = whisker.source.data
    summaries = run.summaries()
    expected = [wilson_interval(summaries[v].wins.get(s, 0), 3) for v in summaries for s in run.sides]
    assert list(zip(data["low"], data["high"])) == expected
    assert "Exact, for each value of ace high" in layout.select_one({"name": "sweep-alt"}).text
    about = layout.select_one({"name": "sweep-about"}).text
    assert "scenario duel" in about and "greedy bots" in about and "seeds 0 to 2" in about
    # one under the other (side by side, a phone squeezed them into half its width each)
    assert [c.name for c in layout.children] == ["sweep-about", "sweep-exact", "sweep-key", "sweep-wins", "sweep-length",
                                                 "sweep-alt"]
    # the lines' key is HTML that wraps (a Bokeh legend does not, and made the column wider than a phone), naming
    # every line of the exact chart
    key = layout.select_one({"name": "sweep-key"}).text
    assert all(html.escape(what) in key for what, _ in next(iter(run.exact().values())))
    assert not list(layout.select({"type": Legend}))


# -- exact odds: each ruleset's own odds code, under each value ---------------------------------------------
def _exact(ruleset, scenario, setting, values):
    return {label: dict(rows) for label, rows in exact_odds(ruleset, scenario, setting, values).items()}


def test_the_to_kill_number_moves_a_troopers_odds_exactly():
    odds = _exact("simple_plastic", "skirmish", "base_to_kill", [2, 4, 6])
    open_field = "a trooper's attack kills a trooper in the open"
    # the attacker did not move (-1): 4+ becomes 3+; a 2+ stays 2+ (a 1 never kills); 6+ becomes 5+
    assert [odds[v][open_field] for v in ("2", "4 (as ruled)", "6")] == [Fraction(5, 6), Fraction(2, 3), Fraction(1, 3)]
    assert odds["6"]["... a trooper behind cover"] == Fraction(1, 6)


def test_ties_to_the_attacker_give_him_both_cards_one_time_in_seventeen_more():
    odds = _exact("phlog", "duel", "ties", ["own_cards", "attacker"])
    keeps = "... the attacker keeps both cards"
    # two cards of one rank tie: 13 ranks x 4 x 3 of the 52 x 51 ordered pairs = 1/17
    assert odds["attacker"][keeps] - odds["own cards (as ruled)"][keeps] == Fraction(1, 17)


def test_a_removal_margin_of_one_removes_the_loser_of_every_trick_nobody_tied():
    odds = _exact("phlog", "corridor", "removal_margin", [1, 4])
    removes = "two random cards: the attacker removes the defender"
    assert odds["1"][removes] == (1 - Fraction(1, 17)) / 2  # either card higher, alike likely
    assert odds["4 (as ruled)"][removes] < odds["1"][removes]
    assert house_rules("phlog")["removal_margin"] == [2, 3, 4, 6, 8]


def test_the_rifles_short_range_moves_a_ten_inch_shot_from_5_to_4():
    odds = _exact("one_brain_cell", "patrol", "rifle_short", [8, 12])
    assert odds["8 (as ruled)"]["... at 10 inches"] == Fraction(1, 3) and odds["12"]["... at 10 inches"] == Fraction(1, 2)
    wounded = _exact("one_brain_cell", "patrol", "wounding", [False, True])
    out = "a rifle at 10 inches takes the target out of the game"
    assert wounded["yes"][out] == Fraction(1, 3) * Fraction(1, 2)  # killed on 4-6 of the wound roll


def test_army_men_leadership_moves_the_odds_of_a_shooter_out_of_cohesion():
    odds = _exact("army_men", "standard", "leadership", ["penalty", "literal"])
    cut_off = "... within half range by a shooter out of cohesion"
    assert odds["penalty (as ruled)"][cut_off] == Fraction(1, 6) and odds["literal"][cut_off] == Fraction(1, 2)


def test_dice_tactics_shows_numbers_not_chances():
    from boards.classroom import exact_html

    odds = exact_odds("dice_tactics", "river_crossing", "squad_strength", [2, 5])
    assert [value for _, value in odds["5"]][0] == 4  # 5 + 1 - 2 losses
    assert "exact chance" not in exact_html(odds) and "%" not in exact_html(odds)


# -- the page tool and the JupyterLab lab: the same games for the same inputs ---------------------------------
def _page_run(values: dict) -> LabTool:
    tool = LabTool()
    answer = tool.command("run", values)
    while answer["again"]:
        answer = tool.command("step", values)
    assert answer["progress"][0] == answer["progress"][1]
    return tool, answer


def test_the_page_tool_and_the_jupyterlab_lab_give_the_same_results(monkeypatch):
    monkeypatch.delenv("TSR_STATIC_BUILD", raising=False)
    from widgets.study import HouseRulesLab

    lab = HouseRulesLab(games=10)
    lab.ruleset.value = "dice_tactics"
    lab.setting.value = "target_step"
    lab.games.value = 10
    values = {"ruleset": "dice_tactics", "scenario": lab.scenario.value, "setting": "target_step",
              "value": lab.value.value, "games": 2}
    assert lab.value.value == SWEEP
    lab.games.min = 1
    lab.games.value = 2
    summaries = lab.run()
    tool, answer = _page_run(values)
    assert tool.run.summaries() == summaries and list(summaries) == ["1", "2 (as ruled)", "3", "4"]
    assert lab.results.value in answer["html"]["results"]  # the same table, the page adds its note


def test_the_page_tool_plays_as_many_games_as_the_control_offers(monkeypatch):
    """The games field the page shows is the JupyterLab slider's; each number it offers is played, and one past
    it is refused in words with the last run kept."""
    monkeypatch.delenv("TSR_STATIC_BUILD", raising=False)
    from widgets.study import HouseRulesLab

    control = HouseRulesLab().games
    values = {"ruleset": "phlog", "scenario": "duel", "setting": "ace_high", "value": SWEEP}
    tool = LabTool()
    for games in (control.min, control.max):
        answer = tool.command("run", {**values, "games": games})
        assert answer["progress"] == [answer["progress"][0], 2 * games]  # the sweep: no, yes
    started = tool.run
    with pytest.raises(ValueError, match=f"The number of games .*{control.max}"):
        tool.command("run", {**values, "games": control.max + 1})
    assert tool.run is started


def test_the_page_tool_follows_the_ruleset_scenario_and_setting():
    tool = LabTool()
    answer = tool.command("ruleset", {"ruleset": "one_brain_cell"})
    assert answer["options"]["scenario"][0] == ["patrol", "patrol"]
    assert ["rifle short", "rifle_short"] in answer["options"]["setting"]
    answer = tool.command("setting", {"ruleset": "army_men", "scenario": "standard", "setting": "variant"})
    assert len(answer["options"]["value"]) == 1
    answer = tool.command("scenario", {"ruleset": "army_men", "scenario": "tutorial", "setting": "variant"})
    assert [v for _, v in answer["options"]["value"]] == [SWEEP, "standard"]


# -- the page tool on the page's own Python (Pyodide under Node.js, as tests/test_page_python.py) ------------
LAB_ON_THE_PAGE = """
import json
from boards.classroom import LabTool
tool = LabTool()
out = {"ruleset": tool.command("ruleset", {"ruleset": "dice_tactics"})}
values = {"ruleset": "dice_tactics", "scenario": "river_crossing", "setting": "squad_strength",
          "value": "*every value*", "games": 1}
answer = tool.command("run", values)
while answer["again"]:
    answer = tool.command("step", values)
out["last"] = answer
print(json.dumps(out))
"""


def test_the_page_tool_sweeps_on_the_pages_python_as_on_cpython(tmp_path):
    """The lab's page tool, a sweep of every squad strength, on Pyodide: the same answers as CPython's."""
    import json
    import os
    import subprocess
    import sys

    from sitebuild import engine_wheel, vendor
    from tests.test_page_python import PYODIDE, ROOT, RUNNER, _node

    runtime = vendor.fetch("pyodide", PYODIDE)
    wheel = engine_wheel.build_wheel(tmp_path)
    result = subprocess.run([_node(), str(RUNNER), "--pyodide", str(runtime), "--wheel", str(wheel)],
                            input=LAB_ON_THE_PAGE, capture_output=True, text=True, timeout=1800, cwd=ROOT)  # a hang
    assert result.returncode == 0, f"the page's Python failed:\n{result.stderr}"
    page = json.loads(result.stdout.splitlines()[-1])
    here = subprocess.run([sys.executable, "-c", LAB_ON_THE_PAGE], capture_output=True, text=True, cwd=ROOT,
                          check=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    cpython = json.loads(here.stdout.splitlines()[-1])
    assert page["last"]["progress"] == [6, 6] and page == cpython
