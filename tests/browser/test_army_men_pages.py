"""The army-men chapter on the static site: its controls change what is shown, with no Python."""

from __future__ import annotations

import pytest

from .conftest import SITE, wait_for_boards

pytestmark = pytest.mark.skipif(not (SITE / "army_men" / "shooting.html").exists(),
                                reason="the site has no army-men chapter")


def test_shot_explorer_rules_range_and_conditions_change_the_number_and_the_chart(open_page):
    page, report = open_page("army_men/shooting.html")
    wait_for_boards(page)
    text = page.locator(".am-shot-text div").first
    text.scroll_into_view_if_needed()
    assert "needs 6+" in text.inner_text()  # the page's own example: beyond half range, the target moved
    chart = page.locator(".bk-Column", has=page.locator(".am-shot-text")).locator(".bk-Figure").first
    before = chart.screenshot()
    page.get_by_role("button", name="Within half range").click()
    page.wait_for_timeout(300)
    assert "needs 5+" in text.inner_text()
    page.get_by_role("button", name="3 dice", exact=True).click()
    page.wait_for_timeout(300)
    assert "With 3 dice" in text.inner_text() and chart.screenshot() != before
    page.get_by_role("button", name="Standard Rules").click()
    page.get_by_text("Target in cover (more than half hidden)").click()
    page.wait_for_timeout(300)
    words = text.inner_text()
    assert "Standard Rules: needs 6+" in words and "Target moved in its last turn" in words  # ticked, no effect
    page.get_by_role("button", name="Beyond half range").click()
    page.wait_for_timeout(300)
    assert "cannot be made" in text.inner_text() and "safe from fire" in text.inner_text()
    assert report.problems == []


def test_area_explorer_slider_changes_the_casualties(open_page):
    page, report = open_page("army_men/standard.html")
    wait_for_boards(page)
    text = page.locator(".am-area-text div").first
    text.scroll_into_view_if_needed()
    before = text.inner_text()
    assert "3 enemies" in before
    handle = page.locator(".bk-Column", has=page.locator(".am-area-text")).locator(".noUi-handle").first
    handle.focus()
    handle.press("ArrowRight")
    page.wait_for_timeout(300)
    assert "4 enemies" in text.inner_text()
    assert report.problems == []


def test_army_builder_refuses_a_bad_squad_with_its_rule(open_page):
    page, report = open_page("army_men/army.html")
    wait_for_boards(page)
    text = page.locator(".am-army-text div").first
    text.scroll_into_view_if_needed()
    assert "A legal squad" in text.inner_text() and "7 troopers, 90 points" in text.inner_text()
    sargents = page.locator(".bk-Spinner").first.locator("input")
    sargents.fill("2")
    sargents.press("Enter")
    page.wait_for_timeout(300)
    words = text.inner_text()
    assert "Refused" in words and "2 sargents" in words and "110 points" in words
    assert text.locator('a.rule-ref[href="army.html#army-men-standard-squads"]').count() == 1  # the rule refusing
    page.get_by_role("button", name="100 points").click()
    page.wait_for_timeout(300)
    assert "more than the 100 agreed" in text.inner_text()
    assert report.problems == []
