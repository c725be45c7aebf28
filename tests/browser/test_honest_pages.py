"""Pages say what they show: the odds explorers' controls all matter, headlines agree with the odds,
and every board and chart has a text alternative a screen reader can read."""

from __future__ import annotations

import pytest

from .conftest import SITE, wait_for_boards

pytestmark = pytest.mark.skipif(not (SITE / "simple_plastic" / "attacking.html").exists(),
                                reason="the site has no Simple Plastic chapter")

ALT = ".tsr-alt p[role=note]"


def test_odds_explorer_target_buttons_name_the_target_and_squad_size_is_off_when_it_cannot_matter(open_page):
    page, report = open_page("simple_plastic/attacking.html")
    wait_for_boards(page)
    text = page.locator(".sp-odds-text div").first
    note = page.locator(".sp-odds-size-note div").first
    text.scroll_into_view_if_needed()
    assert "off:" in note.inner_text()  # a trooper kills one figure at most: squad size cannot matter
    assert page.get_by_role("button", name="3", exact=True).first.is_disabled()
    page.get_by_role("button", name="Heavy weapons").nth(1).click()  # the target
    page.wait_for_timeout(300)
    heavy = text.inner_text()
    assert "heavy weapons" in heavy.lower()
    page.get_by_role("button", name="Sniper").nth(1).click()
    page.wait_for_timeout(300)
    sniper = text.inner_text()
    assert "sniper (alone)" in sniper and sniper != heavy
    page.get_by_role("button", name="Heavy weapons").first.click()  # the attacker: four dice
    page.get_by_role("button", name="Trooper").nth(1).click()
    page.wait_for_timeout(300)
    assert "off:" not in note.inner_text() and "up to 4 figures" in note.inner_text()
    size = page.get_by_role("button", name="2", exact=True).first
    assert size.is_enabled()
    before = text.inner_text()
    size.click()
    page.wait_for_timeout(300)
    assert text.inner_text() != before and "squad of 2" in text.inner_text()
    assert report.problems == []


def test_pick_explorer_headline_agrees_with_the_odds(open_page):
    page, report = open_page("simple_plastic/attacking.html")
    wait_for_boards(page)
    text = page.locator(".sp-pick-text div").first
    text.scroll_into_view_if_needed()
    page.locator("select").nth(1).select_option("g1")  # behind the farmhouse from the sniper's hill
    page.wait_for_timeout(400)
    words = text.inner_text()
    assert "g1 is out of sight" in words and "the attack falls first on g5" in words and "97.2%" in words
    assert report.problems == []


@pytest.mark.parametrize("path", ["simple_plastic/index.html", "simple_plastic/attacking.html",
                                  "simple_plastic/moving.html", "simple_plastic/full_game.html",
                                  "phlog/index.html", "phlog/setup.html", "phlog/moving.html",
                                  "phlog/attacking.html", "classroom/dice.html", "army_men/index.html",
                                  "army_men/shooting.html", "army_men/standard.html", "army_men/full_game.html"])
def test_every_board_and_chart_has_a_text_alternative(open_page, path):
    page, report = open_page(path)
    wait_for_boards(page)
    page.wait_for_timeout(500)
    figures = page.locator(".bk-Figure").count()
    alts = [a.text_content() for a in page.locator(ALT).all()]
    assert figures and len(alts) >= figures, (figures, alts)
    assert all(len(words) > 40 for words in alts)
    assert report.problems == []


def test_a_replay_step_rewrites_the_boards_text_alternative(open_page):
    page, report = open_page("simple_plastic/full_game.html")
    wait_for_boards(page)
    alt = page.locator(".bk-Column", has=page.locator(".replay-log")).locator(ALT).first
    before = alt.text_content()
    assert before.startswith("Tabletop 48 by 36 inches")
    forward = page.get_by_role("button", name="Forward ▶")
    for _ in range(3):
        forward.click()
        page.wait_for_timeout(200)
    assert alt.text_content() != before and alt.text_content().startswith("Tabletop 48 by 36 inches")
    assert report.problems == []
