"""The house-rules study chart and its words for a screen reader."""

from explorer.core.simulate import Summary
from widgets.study import study_chart, study_words

SUMMARIES = {"as written": Summary(10, {"green": 6, "tan": 3}, 1, 0, 40.0, 5.5),
             "short span": Summary(10, {"green": 2, "tan": 8}, 0, 0, 52.0, 7.25)}


def test_the_words_say_what_the_bars_show():
    words = study_words(SUMMARIES, ("green", "tan"))
    assert "as written: green won 60%, tan won 30% of 10 games; 5.5 rounds on average" in words
    assert "short span: green won 20%, tan won 80% of 10 games; 7.2 rounds on average" in words


def test_the_chart_carries_its_text_alternative():
    layout = study_chart(SUMMARIES, ("green", "tan"))
    alt = layout.select_one({"name": "study-alt"})
    assert "green won 60%" in alt.text and "tsr-alt" in alt.css_classes


def test_the_charts_stand_one_under_the_other():
    """Side by side, a phone squeezed a sweep's twelve bars and both titles into half its width each."""
    from bokeh.models import Column

    layout = study_chart(SUMMARIES, ("green", "tan"))
    assert isinstance(layout, Column)
    assert [child.name for child in layout.children] == ["study-wins", "study-length", "study-alt"]


# -- the house-rules lab control and the dice roller (live in JupyterLab, snapshots on the site) ------
import ipywidgets as ipw  # noqa: E402
import pytest  # noqa: E402

from widgets.study import HouseRulesLab, house_rules  # noqa: E402


@pytest.fixture(autouse=True)
def in_jupyterlab(monkeypatch):
    monkeypatch.delenv("TSR_STATIC_BUILD", raising=False)


def test_every_house_rule_offers_the_settings_allowed_values():
    rules = house_rules("phlog")
    assert rules["ties"] == ["own_cards", "defender", "attacker"] and rules["ace_high"] == [False, True]
    assert "max_rounds" not in rules and "heavy_weapons_kills" in house_rules("simple_plastic")


def test_the_lab_offers_every_ruleset_the_sweep_and_each_other_value_and_follows_the_ruleset():
    from widgets.study import SWEEP

    lab = HouseRulesLab(games=10)
    from boards import family

    assert [r for _, r in lab.ruleset.options] == list(family.rulesets(order="simplest"))
    assert "toy_ruleset" in family.rulesets()  # the test run's sixth ruleset is in the lab too
    lab.ruleset.value = "phlog"
    assert list(lab.scenario.options) == ["corridor", "duel"] and lab.setting.value == "ace_high"
    assert [v for _, v in lab.value.options] == [SWEEP, True]  # the sweep, or "ace high" against the ruling
    lab.setting.value = "ties"
    assert [v for _, v in lab.value.options] == [SWEEP, "defender", "attacker"]


def test_a_run_moves_the_bar_and_fills_the_table_as_games_finish():
    lab = HouseRulesLab(games=10)
    lab.ruleset.value = "phlog"
    lab.scenario.value = "duel"
    lab.value.value = True  # ace high against the ruling
    seen = []
    lab.progress.observe(lambda change: seen.append((change["new"], lab.results.value)), names="value")
    summaries = lab.run()
    assert lab.progress.value == lab.progress.max == 20 and not lab.run_button.disabled
    assert list(summaries) == ["no (as ruled)", "yes"] and all(s.games == 10 for s in summaries.values())
    assert "<table" in lab.results.value and "yes" in lab.results.value and "exact chance" in lab.results.value
    assert any("<table" in table for count, table in seen if count < 20)  # results showed before the end
    assert len(lab.chart.children) == 1  # the sweep's charts, once the games are done


def test_a_run_on_a_process_pool_gives_the_same_summaries():
    from concurrent.futures import ThreadPoolExecutor

    alone, pooled = HouseRulesLab(games=10), HouseRulesLab(games=10, executor_factory=lambda: ThreadPoolExecutor(2))
    assert alone.run() == pooled.run()


def test_on_the_site_the_lab_and_the_roller_are_labelled_snapshots(monkeypatch):
    from widgets.dice_odds import dice_roller

    monkeypatch.setenv("TSR_STATIC_BUILD", "1")
    for shown in (HouseRulesLab().widget(), dice_roller()):
        page = shown._repr_html_()
        assert "live-only" in page and "<button" in page and '<button type="button">' not in page
    assert "<progress" in HouseRulesLab().widget()._repr_html_()


def test_the_dice_roller_takes_a_fresh_seed_unless_one_is_typed():
    from widgets.dice_odds import DiceRoller

    first, second = DiceRoller(), DiceRoller()
    first.roll(), second.roll()
    assert first.series.used_seed is not None and f"Seed {first.series.used_seed}" in first.out.value
    again = DiceRoller()
    again.seed.value = str(first.series.used_seed)
    first.reset(keep_seed=False)
    first.seed.value = str(first.series.used_seed)
    assert again.roll() == first.roll()  # the same seed rolls the same dice


def test_the_dice_roller_shows_big_dice_and_the_tally():
    from widgets.dice_odds import DiceRoller

    roller = DiceRoller(seed=7, dice=6)
    faces = roller.roll()
    assert len(faces) == 6 and roller.dice.value.count("font-size:72px") == 6
    assert f"So far <b>{roller.series.hits} of 6</b>" in roller.out.value
    roller.count.value = 3
    assert roller.roll_button.description == "Roll 3 dice"
    assert isinstance(roller.widget(), ipw.VBox)
