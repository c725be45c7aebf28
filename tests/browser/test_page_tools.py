"""The classroom's controls live on the static site: the dice roller and the house-rules lab run the
engine in the page (boards.classroom through the Web Worker), the same code JupyterLab's kernel runs."""

from __future__ import annotations

import json
import re

from boards.classroom import SWEEP, DiceSeries, LabRun, study_words

from .conftest import first_game_bytes

ANSWERS = "(n) => Number(document.querySelector('.tsr-snapshot[data-tool]').dataset.toolAnswers || 0) >= n"


def _answered(page, n: int, timeout: int = 90_000) -> None:
    page.wait_for_function(ANSWERS, arg=n, timeout=timeout)


def test_the_dice_roller_rolls_in_the_page_with_the_kernels_dice(open_page):
    page, report = open_page("classroom/dice.html")
    tool = page.locator('.tsr-snapshot[data-tool="boards.classroom:DiceTool"]')
    assert tool.count() == 1
    assert "Live in this page" in tool.locator(".live-only").inner_text()
    # its cost said as the Play buttons say it: the files the engine's first use fetches, from the site's own files
    size = f"{first_game_bytes() / 1e6:.1f} MB"
    page.wait_for_function("s => document.querySelector('.live-only').textContent.includes(s)", arg=size)
    tool.locator('[data-name="count"]').fill("6")
    tool.locator('[data-name="seed"]').fill("2026")
    tool.locator('[data-name="roll"]').click()
    _answered(page, 1)
    page.wait_for_function("document.querySelector('[data-name=out]').textContent.includes('Rolled')")
    out = tool.locator('[data-name="out"]').inner_text()
    # the very dice CPython rolls from that seed, and the tally against the exact chance
    faces = DiceSeries().roll(6, 4, "2026")
    assert f"Rolled {' '.join(map(str, faces))}" in out and "exact chance 50.0%" in out and "Seed 2026" in out
    assert tool.locator('[data-name="dice"] span').count() == 6
    assert not report.problems, report.problems


def test_the_house_rules_lab_plays_its_games_in_the_page(open_page):
    page, report = open_page("classroom/house_rules.html")
    tool = page.locator('.tsr-snapshot[data-tool="boards.classroom:LabTool"]')
    tool.locator('[data-name="ruleset"]').select_option(label="The Rules! (with no name)")
    _answered(page, 1)
    assert "ace high" in tool.locator('[data-name="setting"]').inner_text()
    assert "every value (2): a sweep" in tool.locator('[data-name="value"]').inner_text()
    tool.locator('[data-name="scenario"]').select_option(label="duel")
    _answered(page, 2)
    tool.locator('[data-name="games"]').fill("4")
    tool.locator('[data-name="run"]').click()  # the games field's change and the press both count
    page.wait_for_function("document.querySelector('progress[data-name=progress]').value === 8", timeout=120_000)
    results = tool.locator('[data-name="results"]').inner_text()
    # the same games CPython plays with the same seeds and settings: the sweep of ace high (no, yes)
    run = LabRun("phlog", "duel", "ace_high", SWEEP, 4)
    while not run.finished:
        run.play_next()
    expected = study_words(run.summaries(), run.sides)
    assert re.sub(r"\s+", " ", expected) in re.sub(r"\s+", " ", results)
    assert "exact chance" in results and "95% confidence interval" in results
    won = run.summaries()["no (as ruled)"].win_share("green")
    assert f"{won.value:.0%} ({won.low:.0%}–{won.high:.0%})" in results  # the Wilson interval, as in the kernel
    assert not report.problems, report.problems


def test_the_house_rules_lab_sweeps_a_number_in_the_page(open_page):
    """A whole-number setting of Dice Tactics, every value, a game each: the page plays what CPython plays."""
    page, report = open_page("classroom/house_rules.html")
    tool = page.locator('.tsr-snapshot[data-tool="boards.classroom:LabTool"]')
    tool.locator('[data-name="ruleset"]').select_option(label="Dice Tactics")
    _answered(page, 1)
    tool.locator('[data-name="setting"]').select_option(label="target step")
    _answered(page, 2)
    assert "every value (4): a sweep" in tool.locator('[data-name="value"]').inner_text()
    tool.locator('[data-name="games"]').fill("1")
    tool.locator('[data-name="run"]').click()
    page.wait_for_function("document.querySelector('progress[data-name=progress]').value === 4", timeout=180_000)
    results = tool.locator('[data-name="results"]').inner_text()
    run = LabRun("dice_tactics", "river_crossing", "target_step", SWEEP, 1)
    while not run.finished:
        run.play_next()
    assert re.sub(r"\s+", " ", study_words(run.summaries(), run.sides)) in re.sub(r"\s+", " ", results)
    assert "VP for holding the Target Zone" in results
    assert not report.problems, report.problems


def test_the_army_sheet_builds_saves_and_starts_a_game_that_live_play_loads(open_page, tmp_path):
    """Build both armies in the page (boards.army_men_builder.ArmyBuilder, the kernel's own code), save them,
    and start a game: the full-game page opens with that game, loaded on Play here."""
    page, report = open_page("army_men/army.html")
    tool = page.locator('.tsr-snapshot[data-tool="boards.army_men_builder:ArmyBuilder"]')
    assert tool.count() == 1
    tool.locator('[data-name="regular-alpha"]').fill("9")
    tool.locator('[data-name="regular-alpha"]').dispatch_event("change")
    _answered(page, 1)
    summary = tool.locator('[data-name="summary"]').inner_text()
    assert "squad alpha has 11 troopers; squads are 5-10" in summary
    assert tool.locator('[data-name="summary"] a.rule-ref').first.get_attribute("href").startswith("army.html#")

    tool.locator('[data-name="side"]').select_option(label="Tan")  # the sheet now shows tan's army
    _answered(page, 2)
    assert tool.locator('[data-name="grenadier-bravo"]').input_value() == "1"
    assert tool.locator('[data-name="regular-alpha"]').input_value() == "0"
    tool.locator('[data-name="side"]').select_option(label="Green")
    _answered(page, 3)
    tool.locator('[data-name="regular-alpha"]').fill("5")
    tool.locator('[data-name="regular-alpha"]').dispatch_event("change")
    _answered(page, 4)
    assert "A legal army" in tool.locator('[data-name="summary"]').inner_text()

    with page.expect_download() as saved:
        tool.locator('[data-name="save"]').click()
    armies = json.loads(saved.value.path().read_text())
    assert armies["armies"]["green"]["alpha"].count("regular") == 5

    tool.locator('[data-name="start"]').click()
    page.wait_for_url("**/army_men/full_game.html", timeout=60_000)
    snapshot = page.locator('.tsr-snapshot[data-ruleset="army_men"]')
    assert "Your game is ready" in snapshot.inner_text()
    snapshot.locator(".tsr-play-here").click()
    page.wait_for_function("document.querySelector('.tsr-live-status') && "
                           "document.querySelector('.tsr-live-status').textContent.includes('Loaded')",
                           timeout=90_000)
    menu = snapshot.locator(".tsr-live-actions").inner_text()
    assert "g1-" in menu  # the built army's troopers (named by the builder's squads), not the scenario's
    assert not report.problems, report.problems
