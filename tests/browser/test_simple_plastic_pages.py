"""The Simple Plastic chapter on the static site: its controls change what is shown, with no Python."""

from __future__ import annotations

import pytest

from .conftest import SITE, wait_for_boards

pytestmark = pytest.mark.skipif(not (SITE / "simple_plastic" / "attacking.html").exists(),
                                reason="the site has no Simple Plastic chapter")


def test_odds_explorer_choice_changes_the_to_kill_text_and_the_chart(open_page):
    page, report = open_page("simple_plastic/attacking.html")
    wait_for_boards(page)
    text = page.locator(".sp-odds-text div").first
    text.scroll_into_view_if_needed()
    assert "Needs 3+" in text.inner_text()  # a trooper that did not move
    chart = page.locator(".bk-Figure").nth(1)
    before = chart.screenshot()
    page.get_by_role("button", name="Heavy weapons").first.click()  # the attacker
    page.wait_for_timeout(400)
    assert "Needs 2+" in text.inner_text() and "4 D6" in text.inner_text()
    assert chart.screenshot() != before
    page.get_by_text("Attacker moved this turn").click()
    page.wait_for_timeout(300)
    assert "Needs 3+" in text.inner_text()
    page.get_by_role("button", name="Sniper").first.click()  # a sniper that moved cannot attack
    page.wait_for_timeout(300)
    assert "Cannot attack" in text.inner_text() and "snipers cannot attack after moving" in text.inner_text()
    assert report.problems == []


def test_pick_explorer_select_changes_the_explanation(open_page):
    page, report = open_page("simple_plastic/attacking.html")
    wait_for_boards(page)
    text = page.locator(".sp-pick-text div").first
    text.scroll_into_view_if_needed()
    assert "t-sniper" in text.inner_text() and "Needs 2+" in text.inner_text()
    page.locator("select").first.select_option("g1")  # the attacker: green's heavy weapon, behind the farmhouse
    page.locator("select").nth(1).select_option("t-sniper")
    page.wait_for_timeout(400)
    assert "line of sight blocked" in text.inner_text() and "Cannot attack" in text.inner_text()
    assert report.problems == []


def test_live_play_is_labelled_live_only(open_page):
    page, report = open_page("simple_plastic/full_game.html")
    wait_for_boards(page)
    assert page.locator(".live-only").first.is_visible()
    # Served over HTTP the game plays in the page: the snapshot's dead copy of the kernel's controls is
    # hidden (no disabled Play or Undo in view), and the button that starts live play is there instead.
    snapshot = page.locator('.tsr-snapshot[data-ruleset="simple_plastic"]')
    snapshot.locator(".tsr-play-here").wait_for(state="visible", timeout=20_000)
    assert snapshot.locator(".tsr-play-here").is_enabled()
    for name in ("Play", "Undo"):
        dead = snapshot.get_by_role("button", name=name, exact=True)
        assert all(not dead.nth(i).is_visible() for i in range(dead.count())), f"a dead {name} button in view"
    assert report.problems == []
