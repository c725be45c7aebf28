"""The Phlog chapter in a real browser: its static controls change what is shown."""

from __future__ import annotations

import pytest

from .conftest import ROOT, SITE, wait_for_boards

pytestmark = pytest.mark.skipif(not (SITE / "phlog" / "index.html").exists() and SITE.exists(),
                                reason="this build has no Phlog chapter")


def test_choosing_another_movement_value_changes_the_reachable_squares(open_page):
    page, report = open_page("phlog/moving.html")
    wait_for_boards(page)
    summary = page.get_by_text("movement points can reach").first
    before = summary.inner_text()
    assert "with 6 movement points" in before
    board = page.locator(".bk-Figure").first
    picture = board.screenshot()
    handle = page.locator(".noUi-handle").first
    handle.focus()
    handle.press("ArrowRight")
    page.wait_for_timeout(300)
    after = summary.inner_text()
    assert "with 7 movement points" in after and after != before
    assert board.screenshot() != picture
    assert report.problems == []


def test_choosing_another_fighter_changes_the_explorer(open_page):
    page, report = open_page("phlog/moving.html")
    wait_for_boards(page)
    summary = page.get_by_text("movement points can reach").first
    page.locator("select").first.select_option("tan-1")
    page.wait_for_timeout(300)
    assert summary.inner_text().startswith("tan-1 with 6")
    assert report.problems == []


def test_replay_forward_changes_the_log(open_page):
    page, report = open_page("phlog/full_game.html")
    wait_for_boards(page)
    log = page.get_by_text("Start of the game.").first
    assert log.is_visible()
    page.get_by_role("button", name="Forward ▶").first.click()
    page.wait_for_timeout(300)
    first, second = recorded_steps(2)  # the engine's own words for the page's recorded game
    assert page.get_by_text(f"Step 1: {first}").first.is_visible()
    page.get_by_role("button", name="Forward ▶").first.click()
    page.wait_for_timeout(300)
    assert page.get_by_text(f"Step 2: {second}").first.is_visible()
    assert report.problems == []


def recorded_steps(count: int) -> list[str]:
    """How the replay on full_game.html words its first steps (the page's seed, as a spectator sees them)."""
    import re

    from widgets.phlog import PhlogBoard, greedy_game
    from widgets.replay import replay_frames

    page = (ROOT / "book" / "phlog" / "full_game.md").read_text(encoding="utf-8")
    seed = int(re.search(r"^SEED = (\d+)", page, re.M).group(1))
    frames = replay_frames(PhlogBoard(None), greedy_game(seed=seed), viewer=None)
    return [words for _, words, _ in frames[1:count + 1]]


def test_odds_assumption_changes_the_chart(open_page):
    page, report = open_page("phlog/attacking.html")
    wait_for_boards(page)
    note = page.get_by_text("we assume").first
    before = note.inner_text()
    odds = page.locator(".tsr-bokeh", has=page.locator("select")).first  # the odds explorer's embed
    chart = odds.locator(".bk-Figure").first
    picture = chart.screenshot()
    odds.locator("select").first.select_option(label="Their highest card; no jokers")
    page.wait_for_timeout(300)
    assert "highest value card" in note.inner_text() and note.inner_text() != before
    assert chart.screenshot() != picture
    assert report.problems == []


def test_trick_sliders_change_the_verdict(open_page):
    page, report = open_page("phlog/attacking.html")
    wait_for_boards(page)
    verdict = page.get_by_text("Attack 9 against defence 5").first
    assert verdict.is_visible()
    handle = page.locator(".noUi-handle").nth(1)  # the defender's card
    handle.focus()
    for _ in range(3):
        handle.press("ArrowRight")
    page.wait_for_timeout(300)
    assert page.get_by_text("Attack 9 against defence 8").first.is_visible()
    assert report.problems == []


@pytest.mark.parametrize("path", ["phlog/index.html", "phlog/moving.html", "phlog/full_game.html",
                                  "phlog/attacking.html", "phlog/quick_reference.html"])
def test_phlog_pages_fit_a_phone(open_page, path):
    page, _ = open_page(path, width=390, height=844)
    page.wait_for_timeout(500)
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1
