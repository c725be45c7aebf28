"""The Dice Tactics chapter in a real browser: its static controls change what is shown."""

from __future__ import annotations

import pytest

from .conftest import SITE, wait_for_boards

pytestmark = pytest.mark.skipif(not (SITE / "dice_tactics" / "index.html").exists() and SITE.exists(),
                                reason="this build has no Dice Tactics chapter")


def test_the_attack_explorer_follows_the_sliders_and_the_situation(open_page):
    page, report = open_page("dice_tactics/attacking.html")
    wait_for_boards(page)
    assert page.get_by_text("A squad of 4 attacks a squad of 3.").first.is_visible()
    assert page.get_by_text("4 + 1 - 3 = 2 losses.").first.is_visible()
    handle = page.locator(".noUi-handle").nth(1)  # the defender's strength
    handle.focus()
    handle.press("ArrowRight")
    page.wait_for_timeout(300)
    assert page.get_by_text("A squad of 4 attacks a squad of 4.").first.is_visible()
    assert page.get_by_text("4 + 1 - 4 = 1 loss.").first.is_visible()
    page.locator("select").nth(1).select_option("tank")  # the defender becomes a tank of 4
    page.wait_for_timeout(300)
    assert page.get_by_text("A squad of 4 attacks a tank of 4").first.is_visible()
    assert page.get_by_text("Defender: 4 → 3.").first.is_visible()  # a tie: 1 loss; a tank of 3 is still a tank
    assert report.problems == []


def test_replay_forward_changes_the_log(open_page):
    page, report = open_page("dice_tactics/full_game.html")
    wait_for_boards(page)
    assert page.get_by_text("Start of the game.").first.is_visible()
    page.get_by_role("button", name="Forward ▶").first.click()
    page.wait_for_timeout(300)
    assert page.get_by_text("Step 1: deploy on the").first.is_visible()  # the second player picks a side
    assert report.problems == []
