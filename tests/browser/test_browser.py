"""The built site in a real browser: boards react, no sideways scroll on a phone (every page loads offline with no
error and draws its boards: test_every_page.py)."""

from __future__ import annotations

import pytest



def test_moving_a_slider_changes_the_odds_chart(open_page):
    page, report = open_page("classroom/dice.html")
    page.locator(".bk-Figure").first.wait_for(timeout=20_000)
    summary = page.get_by_text("dice needing").first
    before_text = summary.inner_text()
    chart = page.locator(".bk-Figure, .bk-Canvas").first
    before = chart.screenshot()
    handle = page.locator(".noUi-handle").first
    handle.focus()
    handle.press("ArrowRight")
    handle.press("ArrowRight")
    page.wait_for_timeout(300)
    assert summary.inner_text() != before_text
    assert summary.inner_text().startswith("6 dice")
    assert chart.screenshot() != before
    assert report.problems == []


def test_phone_width_has_no_sideways_scroll(open_page):
    page, _ = open_page("index.html", width=390, height=844)
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1
